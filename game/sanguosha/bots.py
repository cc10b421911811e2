"""A first heuristic Sanguosha bot: it plays its identity from public information only.

What it knows: its own identity and hand, the Lord, revealed identities (the dead), and the
public record of who harmed or helped whom (`state.ledger`). From that record it keeps a
**lean** for every hidden seat: how much that seat sides with the Lord (+) or against him (−).
Friends and enemies follow from its own identity and the leans. It never reads another seat's
hand, identity or the draw pile (the core's honesty test checks this).

Card sense is plain: equip when a slot is empty, heal when wounded, draw, Slash or Duel the
weakest enemy in reach, strip enemies' equipment, put Indulgence on enemies, Nullify harm to
friends, save friends who are dying, keep Dodges and Peaches when discarding.
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

#: generals it prefers when offered a choice (strongest first, by common consensus)
GENERAL_ORDER = ("zhugeliang", "liubei", "sunquan", "caocao", "huatuo", "guojia", "simayi",
                 "lvbu", "zhouyu", "luxun", "zhaoyun", "sunshangxiang", "diaochan", "zhenji",
                 "huangyueying", "zhangfei", "guanyu", "machao", "daqiao", "ganning",
                 "zhangliao", "xiahoudun", "lvmeng", "huanggai", "xuchu")

#: tricks that help their target (cancelling them is hostile)
GIFTS = {"ex-nihilo", "peach-garden", "amazing-grace"}


class HeuristicAgent(Agent):
    name = "heuristic"

    def __init__(self, seed: int = 0, infer: bool = True) -> None:
        self.rng = Rng(seed)
        #: False: the same bot guessing uniformly (every hidden seat as likely as any other)
        self.infer = infer
        self._belief_key: tuple | None = None
        self._belief: belief_mod.Belief | None = None

    # --- what the bot believes ----------------------------------------------------------------
    def known(self, s, me: int, q: int) -> str:
        """q's identity if `me` may know it, else ''."""
        return belief_mod.known(s, me, q)

    def belief(self, s, me: int) -> belief_mod.Belief:
        """`me`'s belief over every hidden identity (belief.py), kept while nothing public
        has changed."""
        key = (id(s), me, tuple(s.ledger), tuple(s.revealed), tuple(s.alive))
        if self._belief_key != key:
            self._belief_key = key
            self._belief = belief_mod.Belief(s, me, uniform=not self.infer)
        return self._belief

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

    def attitude(self, s, me: int, q: int) -> float:
        """> 0: a friend, < 0: an enemy (how strongly): known identities by what they are to
        `me`, hidden seats by their lean (with inference off, every hidden seat is a
        stranger: lean 0)."""
        if q == me:
            return 10.0
        mine = s.identity[me]
        theirs = self.known(s, me, q)
        rebels = self.rebels_alive(s) if mine == "renegade" else 0
        if theirs:
            if mine in ("lord", "loyalist"):
                return 5.0 if theirs in ("lord", "loyalist") else -5.0
            if mine == "rebel":
                return 5.0 if theirs == "rebel" else -5.0
            # the Renegade sides with the Lord while Rebels live, then stands alone
            if theirs == "lord":
                return 2.0 if rebels else -5.0
            return -5.0 if theirs == "rebel" or not rebels else 0.5
        lean = self.lean(s, q) if self.infer else 0.0
        if mine in ("lord", "loyalist"):
            return lean
        if mine == "rebel":
            return -lean
        return lean * 0.5 if rebels else -abs(lean) - 1.0

    def lean(self, s, q: int) -> float:
        """How much q sides with the Lord, from the public record (+ Lord's side, − Rebels):
        harming the Lord or his revealed side counts against q, helping them for q, and so
        does whom the Lord himself attacks; then harming a seat that leans one way counts a
        little towards the other side."""
        if q == s.lord:
            return 10.0
        first = [self._lean0(s, x) for x in range(s.players)]
        n = s.players
        score = first[q]
        for x in range(n):
            if x in (q, s.lord) or s.revealed[x] or not s.alive[x] or first[x] == 0:
                continue
            score -= 0.3 * (1 if first[x] > 0 else -1) * s.ledger[q * n + x]
        return score

    def _lean0(self, s, q: int) -> float:
        n, lord = s.players, s.lord
        score = -s.ledger[q * n + lord] - s.ledger[lord * n + q] * 0.5
        for x in range(n):
            if x in (q, lord) or not s.revealed[x]:
                continue
            side = 1 if s.identity[x] in ("lord", "loyalist") else -1
            score -= side * s.ledger[q * n + x] * 0.5
        return score

    def values(self, s, me: int) -> dict[str, float]:
        """What each identity is to `me`: + a friend, − an enemy."""
        mine = s.identity[me]
        rebels = self.rebels_alive(s)
        if mine in ("lord", "loyalist"):
            return {"lord": 5.0, "loyalist": 5.0, "rebel": -5.0,
                    "renegade": -1.0 if rebels else -5.0}
        if mine == "rebel":
            return {"lord": -5.0, "loyalist": -5.0, "rebel": 5.0, "renegade": -3.0}
        # the Renegade: while Rebels live it keeps the Lord alive and thins out whichever
        # side is ahead; then it stands alone against everyone
        if not rebels:
            return {"lord": -5.0, "loyalist": -5.0, "rebel": -5.0, "renegade": -5.0}
        b = self.belief(s, me)
        lord_side = rebel_side = 0.0
        for p in range(s.players):
            if s.alive[p] and p != me:
                lord_side += s.hp[p] * (b.p(p, "lord") + b.p(p, "loyalist"))
                rebel_side += s.hp[p] * b.p(p, "rebel")
        if rebel_side >= lord_side:
            return {"lord": 2.0, "loyalist": 2.0, "rebel": -5.0, "renegade": -1.0}
        lord = 2.0 if s.hp[s.lord] <= 2 else 0.5
        return {"lord": lord, "loyalist": -3.0, "rebel": 0.5, "renegade": -1.0}

    def others_alive(self, s, me: int) -> bool:
        return sum(s.alive) > 2

    def enemies(self, s, me: int) -> list[int]:
        return [q for q in R.living(s) if q != me and self.attitude(s, me, q) < 0]

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
            return -GENERAL_ORDER.index(a.option) if a.option in GENERAL_ORDER else -30
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
            return 8.0
        if kind in ("ex-nihilo",):
            return 9.0
        if kind == "lightning":
            return -1.0
        if kind in ("savage-assault", "archery-attack"):
            others = [q for q in R.living(s) if q != me]
            foes = sum(1 for q in others if self.attitude(s, me, q) < 0)
            return 2.0 * foes - 2.0 * (len(others) - foes) + 1
        if kind == "peach-garden":
            return sum(1 if self.attitude(s, me, q) > 0 else -1 for q in R.living(s)
                       if s.hp[q] < s.max_hp[q])
        if kind == "amazing-grace":
            return 1.0
        if kind == "borrowed-sword":
            h, v = targets
            return 2.0 + (-self.attitude(s, me, v)) * 0.3 - self.attitude(s, me, h) * 0.3
        score = 0.0
        for t in targets:
            att = self.attitude(s, me, t)
            if att >= 0:
                return -5.0
            score += -att + (5 - s.hp[t])
        base = {"slash": 3.0, "duel": 3.0, "snatch": 4.0, "dismantlement": 3.5,
                "indulgence": 4.0}.get(kind, 1.0)
        if via:
            base -= 0.5  # converting spends a card that might be worth more
        return base + score * 0.3

    def skill_score(self, s, me: int, a: Action) -> float:
        sid = a.option
        if sid == "kurou":
            return 2.0 if s.hp[me] >= 3 else -1.0
        if sid in ("rende", "qingnang", "jieyin"):
            t = a.target
            if self.attitude(s, me, t) <= 0:
                return -2.0
            return 1.5 + (1.0 if s.hp[t] < s.max_hp[t] else 0.0) - \
                (0.5 if sid != "rende" else 0.0) * (len(s.hand[me]) < 3)
        if sid in ("fanjian",):
            return 2.0 if self.attitude(s, me, a.target) < 0 else -3.0
        if sid == "lijian":
            target, user = a.target
            return 2.0 if self.attitude(s, me, target) < 0 and \
                self.attitude(s, me, user) <= 0 else -3.0
        if sid == "jijiang":
            return 2.5 if self.attitude(s, me, a.target) < 0 else -3.0
        if sid == "zhiheng":
            return 0.2
        return 0.0

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


#: playouts stop after this many actions and the position is scored by `evaluate`
PLAYOUT_CUTOFF = 40

SIDES = {"lord": "lord", "loyalist": "lord", "rebel": "rebel", "renegade": "renegade"}


def evaluate(s) -> list[float]:
    """Per-seat rewards in [0, 1] for a playout cut short: each side's share of the living
    HP (the Lord counted double: his death ends the game); a game already over scores its
    winners 1. Used inside ISMCTS on determinized worlds only."""
    if s.is_over():
        return [1.0 if p in s.winners else 0.0 for p in range(s.players)]
    strength = {"lord": 0.0, "rebel": 0.0, "renegade": 0.0}
    for p in range(s.players):
        if s.alive[p]:
            strength[SIDES[s.identity[p]]] += max(0, s.hp[p]) * (2 if p == s.lord else 1) + 0.5
    total = sum(strength.values()) or 1.0
    return [strength[SIDES[s.identity[p]]] / total for p in range(s.players)]
