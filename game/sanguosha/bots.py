"""The heuristic Sanguosha bot: it plays its identity from public information only.

What it knows: its own identity and hand, the Lord, revealed identities (the dead), and the
public record of who harmed or helped whom (`state.ledger`). From that record it keeps a
**belief** over every hidden seat's identity (belief.py: the exact posterior over the ways
to deal the identities left). What each identity is to it (`values`: friend +, enemy −;
the Renegade's change with the balance of the table) weighed by the belief gives its
**attitude** to each seat; friends and enemies follow. It never reads another seat's hand,
identity or the draw pile (the core's honesty test checks this).

Card sense: equip an empty slot (a longer weapon); Ex Nihilo at once; a Peach when badly hurt
(the Lord: whenever hurt), else kept for dying; Slash, Duel (only with a Slash to answer),
Snatch, Dismantlement and Indulgence on the most hostile seat in reach, a seat near death
first; a stranger is left alone (`harm`: a chance of hitting a friend counts double); Savage
Assault and Arrow Barrage when they hurt enemies more than friends and could kill no friend;
Dismantle or Snatch a friend's Indulgence or Lightning; Nullify harm to friends and gifts to
enemies; save friends (the Lord above all) who are dying; Dodge whenever asked; discard the
cards least worth keeping. A Loyalist Liu Bei gives the Lord everything (Benevolence); others
give only what they can spare. The Renegade keeps the Lord alive while Rebels live and helps
whichever side is behind, and once the Rebels are dead kills the Loyalists before the Lord.
"""

from __future__ import annotations

from game.ai.agents import Agent
from game.core.contract import Action
from game.core.rng import Rng
from game.sanguosha import belief as belief_mod
from game.sanguosha import queries as q
from game.sanguosha import rules as R

#: how much a card is worth keeping (discards drop the lowest)
KEEP = {"peach": 10, "dodge": 8, "nullification": 7, "ex-nihilo": 7, "snatch": 6, "slash": 5,
        "duel": 5, "dismantlement": 5, "indulgence": 5, "savage-assault": 4,
        "archery-attack": 4, "amazing-grace": 3, "peach-garden": 3, "borrowed-sword": 3,
        "lightning": 1}

#: generals it prefers when offered a choice, best first: how much more often the heuristic
#: won with each than its identity's average, in 1,900 self-play games (5 and 8 players)
#: where every seat but the Lord picked at random among its offer (balance.md)
GENERAL_ORDER = ("diaochan", "xiahoudun", "huatuo", "guojia", "zhangliao", "zhenji",
                 "huangyueying", "lvbu", "daqiao", "xuchu", "sunshangxiang", "zhangfei",
                 "zhouyu", "machao", "simayi", "sunquan", "lvmeng", "luxun", "zhaoyun",
                 "guanyu", "liubei", "ganning", "huanggai", "zhugeliang")

#: how much enmity a seat must show before the bot harms it (a stranger is left alone)
HARM_MARGIN = 1.0
#: a chance of harming a friend counts this many times over
FRIENDLY_FIRE = 2.0
#: the Renegade saves the Lord when the Rebels' living HP is this share of the Lord's side's,
#: and turns on the Loyalists when it falls to the second
RENEGADE_HELP, RENEGADE_TURN = 1.1, 1.0
#: the Renegade lies low while Rebels live: it harms only clearer enemies
RENEGADE_RESERVE = 1.5

#: the Lord's preference (HP counts most: every Rebel comes for him)
LORD_ORDER = ("caocao", "liubei", "sunquan") + GENERAL_ORDER

#: tricks that help their target (cancelling them is hostile)
GIFTS = {"ex-nihilo", "peach-garden", "amazing-grace"}


class HeuristicAgent(Agent):
    name = "heuristic"

    def __init__(self, seed: int = 0, infer: bool = True) -> None:
        self.rng = Rng(seed)
        #: False: the same bot guessing uniformly (every hidden seat as likely as any other)
        self.infer = infer
        self._key: tuple | None = None
        self._beliefs: dict[tuple, belief_mod.Belief] = {}
        #: the record beliefs are read from in a frozen bot (see `freeze`), else None
        self.frozen: tuple | None = None
        self._belief: belief_mod.Belief | None = None
        self._values: dict[str, float] = {}
        self._attitudes: dict[int, float] = {}
        self._cautions: dict[int, float] = {}

    # --- what the bot believes ----------------------------------------------------------------
    def known(self, s, me: int, q: int) -> str:
        """q's identity if `me` may know it, else ''."""
        return belief_mod.known(s, me, q)

    def _refresh(self, s, me: int) -> None:
        """The belief and what follows from it are kept while nothing public has changed
        (a belief depends on the public record and one's own identity alone). A `frozen`
        bot (ISMCTS's playouts) keeps each seat's belief from the searched position on."""
        record = self.frozen if self.frozen is not None else tuple(s.ledger)
        bkey = (me, s.identity[me], s.lord, s.four_player, s.two_renegades, record,
                tuple(s.revealed), tuple(s.alive))
        key = (bkey, tuple(s.hp))
        if self._key == key:
            return
        self._key = key
        b = self._beliefs.get(bkey)
        if b is None:
            if len(self._beliefs) > 64:
                self._beliefs.clear()
            b = self._beliefs[bkey] = belief_mod.Belief(s, me, uniform=not self.infer)
        self._belief = b
        self._values = self._identity_values(s, me, b)
        self._attitudes = {}
        self._cautions = {}

    def freeze(self, s) -> None:
        """From now on read every seat's belief as of this position (playouts: the record a
        playout adds is not worth the time of reading it again)."""
        self.frozen = tuple(s.ledger)
        self._key = None

    def belief(self, s, me: int) -> belief_mod.Belief:
        """`me`'s belief over every hidden identity (belief.py)."""
        self._refresh(s, me)
        return self._belief

    def belief_with_worlds(self, s, me: int) -> belief_mod.Belief:
        """The belief with every way to deal the hidden identities kept (for drawing worlds)."""
        return belief_mod.Belief(s, me, uniform=not self.infer, keep_worlds=True)

    def explain(self, s, me: int) -> list[str]:
        """One readable line per seat of what `me` believes (a debug overlay or log line)."""
        return belief_mod.explain(s, me, self.belief(s, me))

    def rebels_alive(self, s) -> int:
        """Public: the Rebels dealt minus the Rebels revealed dead."""
        dealt = q.identity_split(s.players, s.four_player, s.two_renegades).rebel
        return dealt - sum(1 for p in range(s.players) if not s.alive[p]
                           and s.identity[p] == "rebel")

    def guess(self, s, me: int, seat: int) -> str:
        """The identity `me` finds most likely for `seat` (the known one, else its identity
        in the most likely way to deal the identities still unaccounted for)."""
        return self.belief(s, me).best[seat]

    def attitude(self, s, me: int, seat: int) -> float:
        """> 0: a friend, < 0: an enemy (how strongly): what each identity is to `me`
        (`values`), weighed by how likely `seat` is to hold it (the belief). With inference
        off the belief is the even share of the identities left."""
        if seat == me:
            return 10.0
        self._refresh(s, me)
        got = self._attitudes.get(seat)
        if got is None:
            values = self._values
            got = self._attitudes[seat] = sum(
                pr * values[ident] for ident, pr in self._belief.probs[seat].items())
        return got

    def values(self, s, me: int) -> dict[str, float]:
        """What each identity is to `me`: + a friend, − an enemy."""
        self._refresh(s, me)
        return self._values

    def _identity_values(self, s, me: int, b) -> dict[str, float]:
        mine = s.identity[me]
        rebels = self.rebels_alive(s)
        if mine in ("lord", "loyalist"):
            return {"lord": 8.0, "loyalist": 5.0, "rebel": -5.0,
                    "renegade": -1.0 if rebels else -5.0}
        if mine == "rebel":
            return {"lord": -8.0, "loyalist": -5.0, "rebel": 5.0, "renegade": -3.0}
        # the Renegade: while Rebels live it sides with the Lord (his death before the end
        # loses the game) and leans to whichever side is behind; then it stands alone
        split = q.identity_split(s.players, s.four_player, s.two_renegades)
        loyalists = split.loyalist - sum(1 for p in range(s.players) if not s.alive[p]
                                         and s.identity[p] == "loyalist")
        if not rebels:  # the Loyalists first: the Lord dying before them loses the game
            return {"lord": -5.0 if not loyalists else 1.0, "loyalist": -5.0,
                    "rebel": -5.0, "renegade": -5.0}
        lord_side = rebel_side = 0.0
        for p in range(s.players):
            if s.alive[p] and p != me:
                lord_side += s.hp[p] * (b.p(p, "lord") + b.p(p, "loyalist"))
                rebel_side += s.hp[p] * b.p(p, "rebel")
        if rebel_side >= RENEGADE_HELP * lord_side or s.hp[s.lord] <= 2:
            # the Rebels are ahead: save the Lord, and lie low
            return {"lord": 4.0, "loyalist": 0.0, "rebel": -4.0, "renegade": 0.0}
        if rebel_side <= RENEGADE_TURN * lord_side or rebels <= loyalists:
            # the Lord's side is ahead: thin out the Loyalists, spare the Rebels
            return {"lord": 2.0, "loyalist": -4.0, "rebel": 0.0, "renegade": 0.0}
        return {"lord": 3.0, "loyalist": -1.0, "rebel": -1.5, "renegade": 0.0}

    def enemies(self, s, me: int) -> list[int]:
        return [t for t in R.living(s) if t != me and self.attitude(s, me, t) < 0]

    # --- choosing ----------------------------------------------------------------------------
    def choose(self, s, player: int) -> Action:
        legal = s.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        best, best_score = legal[0], float("-inf")
        for a in legal:
            score = self.score(s, player, a) + self.rng.random() * 0.01
            if score > best_score:
                best, best_score = a, score
        return best

    def score(self, s, me: int, a: Action) -> float:
        frame = s.decisions[-1]
        k = frame.kind
        if k == "general":
            order = LORD_ORDER if me == s.lord else GENERAL_ORDER
            return -order.index(a.option) if a.option in order else -30
        if k == "play":
            return self.play_score(s, me, a)
        if k == "need":
            return self.need_score(s, me, a, frame)
        if k == "nullify":
            return self.nullify_score(s, me, a, frame)
        if k == "peach":
            (d,) = frame.context
            if a.kind == "pass":
                return 0.0
            return 5.0 if self.attitude(s, me, d) > 0 else -5.0
        if k == "helper":
            lord = frame.context[1]
            if a.kind == "pass":
                return 0.0
            return 1.0 if self.attitude(s, me, lord) > 0 else -1.0
        if k in ("discard",):
            return -self.keep(s, me, a.source)
        if k == "zone_card":
            return self.zone_score(s, me, a, frame)
        if k == "offer":
            return self.offer_score(s, me, a, frame)
        if k == "amazing-grace":
            return self.keep(s, me, a.option)
        if k == "borrowed-sword":
            v = frame.context[1]
            if a.kind == "pass":
                return 0.0
            return 1.0 if self.attitude(s, me, v) < 0 else -1.0
        if k == "double-swords":
            return 0.5 if a.kind == "pass" else -self.keep(s, me, a.source) / 10 + 0.4
        if k == "ganglie":
            if a.kind == "pass":
                return -1.0 if s.hp[me] <= 2 else 0.0
            return -sum(self.keep(s, me, c) for c in a.source) / 10
        if k == "zhiheng":
            if a.kind == "done":
                return 0.0
            return 0.5 - self.keep(s, me, a.source) / 10
        if k == "yiji":
            return self.attitude(s, me, a.target) + (0.5 if a.target == me else 0)
        if k == "guanxing":
            return 1.0 if a.option == "top" else 0.0
        if k == "fanjian":
            return 1.0 if a.option == "h" else 0.0
        if k == "trigger_order":
            return 1.0 if a.option == "tieqi" else 0.0
        return 0.0

    def keep(self, s, me: int, c: int) -> float:
        kind = s.cs.cards[c].kind
        if kind.is_equipment:
            return 4.0
        return float(KEEP.get(kind.id, 3))

    def harm(self, s, me: int, t: int) -> float:
        """How much `me` gains by harming t (> 0: worth it): its enmity beyond the margin,
        more for a seat near death (a kill ends a threat; the Lord's ends the game). Enmity
        counts a chance of hitting a friend twice over (a blow to a friend also makes me look
        like its enemy), so a stranger is left alone until its record speaks."""
        enmity = -self.caution(s, me, t)
        margin = HARM_MARGIN
        if s.identity[me] == "renegade" and self.values(s, me)["lord"] >= 4.0:
            margin += RENEGADE_RESERVE  # saving the Lord, lying low
        if enmity <= margin:
            return enmity - margin - 1.0
        return enmity - margin + 0.6 * max(0, 4 - s.hp[t]) + (0.5 if not s.hand[t] else 0)

    def caution(self, s, me: int, seat: int) -> float:
        """The attitude with friendly identities weighed double (for harming)."""
        self._refresh(s, me)
        got = self._cautions.get(seat)
        if got is None:
            values = self._values
            got = self._cautions[seat] = sum(
                pr * (v if v < 0 else FRIENDLY_FIRE * v)
                for ident, pr in self._belief.probs[seat].items() for v in (values[ident],))
        return got

    def play_score(self, s, me: int, a: Action) -> float:
        if a.kind == "end":
            return 0.0
        if a.kind == "skill":
            return self.skill_score(s, me, a)
        kind, via = a.option
        k = s.cs.kinds[kind]
        targets = a.target
        if k.is_equipment:
            slot = R.EQUIP_SLOTS.index(k.subtype)
            held = s.equip[me][slot]
            if held < 0:
                return 6.0
            # a longer weapon is better; otherwise keep what is on
            return 1.0 if slot == 0 and k.range > s.cs.cards[held].kind.range else -0.5
        if kind == "peach":
            return self.peach_now(s, me)
        if kind == "ex-nihilo":
            return 9.0
        if kind == "lightning":
            return -1.0
        others = [t for t in R.living(s) if t != me]
        if kind in ("savage-assault", "archery-attack"):
            return self.aoe_score(s, me, others)
        if kind == "peach-garden":
            return sum(self.attitude(s, me, t) for t in R.living(s)
                       if s.hp[t] < s.max_hp[t]) * 0.3
        if kind == "amazing-grace":
            return 1.0
        if kind == "borrowed-sword":
            h, v = targets
            return self.harm(s, me, v) * 0.5 + (1.0 if self.attitude(s, me, h) < 0 else -1.0)
        if kind in ("dismantlement", "snatch"):
            (t,) = targets
            base = 4.0 if kind == "snatch" else 3.5
            if self.attitude(s, me, t) > 0:  # a friend's Indulgence or Lightning removed
                return base + 1.0 if any(jk in ("indulgence", "lightning")
                                         for _, jk in s.judge[t]) else -5.0
            return base + self.harm(s, me, t) * 0.4 - (0.5 if via else 0.0)
        score = 0.0
        for t in targets:
            h = self.harm(s, me, t)
            if h <= 0:
                return -5.0
            score += h
        base = {"slash": 3.0, "duel": 3.0, "indulgence": 4.0}.get(kind, 1.0)
        if kind == "duel" and not self.slashes(s, me) and s.hand[targets[0]]:
            base -= 2.5  # no Slash to answer with: the Duel would likely hurt me
        if kind == "slash" and R.armour(s, targets[0]) == "eight-diagrams" \
                and R.weapon(s, me) != "qinggang-sword":
            base -= 1.0
        if via:
            base -= 0.5  # converting spends a card that might be worth more
        return base + score * 0.3

    def aoe_score(self, s, me: int, others: list[int]) -> float:
        """Savage Assault or Arrow Barrage: each other seat takes a hit unless it answers
        (about half do); a friend's hit counts double, and a hit that could kill a friend
        (the Lord above all) rules it out."""
        score = 0.5
        for t in others:
            c = self.caution(s, me, t)
            if c > 0 and s.hp[t] <= 1:
                return -5.0
            score += -0.5 * c * (1.5 if s.hp[t] <= 2 else 1.0)
        return score

    def slashes(self, s, me: int) -> int:
        return sum(1 for c in s.hand[me] if R.kind_of(s, c) == "slash")

    def peach_now(self, s, me: int) -> float:
        """A Peach in the play phase: heal when hurt badly, or when the hand is over its
        limit anyway; otherwise keep it for dying (one's own or a friend's)."""
        if s.hp[me] >= s.max_hp[me]:
            return -5.0
        if me == s.lord:
            return 8.0  # the Rebels' target: every HP counts now
        if s.hp[me] <= 2 or s.max_hp[me] - s.hp[me] >= 2 or len(s.hand[me]) > s.hp[me] + 1:
            return 8.0
        return -0.5

    def skill_score(self, s, me: int, a: Action) -> float:
        sid = a.option
        if sid == "kurou":
            return 2.0 if s.hp[me] >= 3 else -1.0
        if sid == "rende":
            return self.rende_score(s, me, a.source[0], a.target)
        if sid == "qingnang":
            t = a.target
            if self.attitude(s, me, t) <= 0:
                return -2.0
            return 2.0 + (1.0 if s.hp[t] <= 1 else 0.0) - self.keep(s, me, a.source[0]) / 8
        if sid == "jieyin":
            t = a.target
            gain = (1.5 if s.hp[me] < s.max_hp[me] else 0.0) + \
                (1.0 if self.attitude(s, me, t) > 0 else -1.0)
            return gain - sum(self.keep(s, me, c) for c in a.source) / 10
        if sid == "fanjian":
            return 2.0 if self.harm(s, me, a.target) > 0 else -3.0
        if sid == "lijian":
            target, user = a.target
            return 2.0 if self.harm(s, me, target) > 0 and \
                self.attitude(s, me, user) <= 0 else -3.0
        if sid == "jijiang":
            return 2.5 if self.harm(s, me, a.target) > 0 else -3.0
        if sid == "zhiheng":
            return 0.2
        return 0.0

    def rende_score(self, s, me: int, c: int, t: int) -> float:
        """Benevolence: give a friend the cards I can spare: two while wounded (the second
        heals me), and whatever the hand limit would make me discard anyway."""
        if self.attitude(s, me, t) <= 0:
            return -2.0
        if t == s.lord and s.identity[me] == "loyalist":
            return 1.0 - self.keep(s, me, c) / 20  # the Lord's hand is the table's lifeline
        given = s.phase_used.get("rende", 0)
        spare = 1.5 - self.keep(s, me, c) / 5
        if given < 2 and s.hp[me] < s.max_hp[me] and not s.phase_used.get("rende_healed"):
            return spare + 0.5
        if len(s.hand[me]) > max(0, s.hp[me]):
            return spare
        return -1.0

    def need_score(self, s, me: int, a: Action, frame) -> float:
        what, key, uid, left, tried, mode = frame.context
        if a.kind == "pass":
            return 0.0
        if a.kind == "invoke":
            return 3.0  # a judgement or a helper costs no card
        u = s.uses.get(uid)
        if what == "slash" and u is not None and u["kind"] == "duel" and \
                self.attitude(s, me, u["user"]) > 0 and u["user"] != me:
            return -1.0  # do not win a Duel a friend started
        return 2.0 - sum(self.keep(s, me, c) for c in a.source) / 20

    def nullify_score(self, s, me: int, a: Action, frame) -> float:
        if a.kind == "pass":
            return 0.0
        uid, t, depth = frame.context
        u = s.uses.get(uid)
        if u is None:
            return -1.0
        gift = u["kind"] in GIFTS
        good_for_t = gift
        want_cancel = (self.attitude(s, me, t) > 0) != good_for_t
        if u["kind"] in ("peach-garden", "amazing-grace"):
            return -1.0  # not worth a card
        cancelled_now = depth % 2 == 1
        return 2.0 if want_cancel != cancelled_now else -1.0

    def zone_score(self, s, me: int, a: Action, frame) -> float:
        key, t, zones, *_ = frame.context
        friend = self.attitude(s, me, t) > 0
        if a.option == "hand":
            return -1.0 if friend else 1.0
        judge = [c for c, _ in s.judge[t]]
        if a.option in judge:
            return 3.0 if friend else -2.0
        return -2.0 if friend else 2.0 + (0.5 if a.option == s.equip[t][1] else 0)

    def offer_score(self, s, me: int, a: Action, frame) -> float:
        key, *args = frame.context
        if a.kind == "pass":
            return 0.0
        if key in ("guicai",):
            return -0.5  # keeps its hand unless it knows better
        if key == "ice-sword":
            t = args[0]
            return 1.0 if self.attitude(s, me, t) > 0 else -0.5
        if key == "liuli":
            return 1.0 - self.attitude(s, me, a.target) * 0.2
        if key == "tuxi":
            return 1.0 + sum(-self.attitude(s, me, x) for x in a.target) * 0.1
        if key in ("blade", "axe", "kylin-bow", "double-swords", "tieqi", "ganglie",
                   "fankui"):
            t = args[-1] if key not in ("fankui", "ganglie") else args[0]
            return 1.0 if self.attitude(s, me, t) < 0 else -1.0
        if key == "luoyi":
            return 0.5 if any(R.kind_of(s, c) == "slash" for c in s.hand[me]) else -0.5
        return 1.0  # drawing and taking cards is good


SIDES = {"lord": "lord", "loyalist": "lord", "rebel": "rebel", "renegade": "renegade"}


def evaluate(s) -> list[float]:
    """Per-seat rewards in [0, 1] for a playout cut short: each side's share of the table's
    strength, a living seat's strength being its HP (the Lord's counted double: his death
    ends the game) plus a little for each card it holds; a game already over scores its
    winners 1. Used inside the search on determinized worlds only."""
    if s.is_over():
        return [1.0 if p in s.winners else 0.0 for p in range(s.players)]
    strength = {"lord": 0.0, "rebel": 0.0, "renegade": 0.0}
    for p in range(s.players):
        if s.alive[p]:
            cards = len(s.hand[p]) + sum(1 for c in s.equip[p] if c >= 0)
            strength[SIDES[s.identity[p]]] += max(0, s.hp[p]) * (2 if p == s.lord else 1) \
                + 0.5 + 0.25 * cards
    total = sum(strength.values()) or 1.0
    return [strength[SIDES[s.identity[p]]] / total for p in range(s.players)]


#: the generals the strong bot prefers for each identity, best first: those with which its
#: identity won more often than with the heuristic's usual favourites, in 2,400 all-heuristic
#: 5-player games (seeds 2001–4400; balance.md, "Levels"). The rest follow in GENERAL_ORDER.
#: (The Lord keeps Cao Cao; a Rebel's best are GENERAL_ORDER's first already.)
STRONG_GENERALS = {
    "loyalist": ("sunshangxiang", "zhangliao", "zhenji", "xiahoudun", "diaochan", "zhangfei",
                 "huatuo", "lvbu", "guojia"),
    "renegade": ("diaochan", "huangyueying", "zhenji", "lvbu", "guojia", "zhouyu",
                 "xiahoudun", "huatuo", "sunshangxiang", "machao"),
}
#: the strong Rebel's value of the Lord (the heuristic's: −8): his death wins the game
STRONG_REBEL_LORD = -16.0
#: the strong Loyalist's value of the Renegade while Rebels live (the heuristic's: −1): he
#: turns on the Lord's side as soon as the Rebels are gone
STRONG_LOYALIST_RENEGADE = -3.0


class StrongAgent(HeuristicAgent):
    """The Hard level: the heuristic, with what measured play showed it does worse than it
    could (balance.md, "Levels"): a general chosen for its identity, the Rebel's every blow
    on the Lord, the Loyalist wary of the Renegade early, and a Peach whenever hurt."""

    name = "strong"

    def score(self, s, me: int, a: Action) -> float:
        frame = s.decisions[-1]
        if frame.kind == "general" and s.identity[me] in STRONG_GENERALS:
            order = STRONG_GENERALS[s.identity[me]]
            if a.option in order:
                return 100.0 - order.index(a.option)
        return super().score(s, me, a)

    def _identity_values(self, s, me: int, b) -> dict[str, float]:
        values = super()._identity_values(s, me, b)
        mine = s.identity[me]
        if mine == "rebel":
            values = {**values, "lord": STRONG_REBEL_LORD}
        elif mine == "loyalist" and self.rebels_alive(s):
            values = {**values, "renegade": STRONG_LOYALIST_RENEGADE}
        return values

    def peach_now(self, s, me: int) -> float:
        if s.identity[me] in ("loyalist", "renegade") and s.hp[me] < s.max_hp[me]:
            return 8.0
        return super().peach_now(s, me)
