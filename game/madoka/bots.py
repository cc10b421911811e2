"""The Madoka AI teammates (spec: docs/rules/madoka.md; conventions: docs/madoka-bots.md):
`simple`, `strong` (the convention bot) and `open` (a bound).

Every bot is a `game.ai.agents.Agent` made as `Bot(seed)`; whoever seats it asks it through
`game.ai.agents.decide`, which hands it a determinization of the real state for its seat.

- `simple` is the four-rule Hanabi baseline: play a card known to be playable, tell a teammate
  about a playable card, discard the oldest card nobody pointed at, else cleanse or tell.
- `strong` plays by the conventions of docs/madoka-bots.md (good touch, the next-card rule, saves
  on the chop, discards from the chop) and plans cleansing around the witches.
- `open` sees every hand including its own (not the deck order): the upper bound the figures are
  measured against, declared as such (`MadokaGame.measurement_bots`), so it is given the real
  state and is exempt from the honesty check. It is never offered as a teammate.

`simple` and `strong` read only `state.view(player)` (through `knowledge.Table`) plus
`state.legal_actions(player)`; the contract test (tests/madoka/test_contract.py) checks that
their choice does not change between two determinizations. `open` additionally reads its own
hand from the state it is given.
"""

from __future__ import annotations

from game.ai.agents import Agent
from game.core.contract import Action
from game.core.rng import Rng
from game.madoka.knowledge import (
    Card,
    Memory,
    Table,
    beliefs,
    chop,
    code,
    finesse_focus,
    finesse_position,
    p_playable,
    p_trash,
    read_tell,
    sure,
    tells_between,
    told,
)

WALP = "walpurgisnacht"
WITCHES = ("gertrud", "charlotte", "elly", "elsa_maria", "oktavia", "albertine", "roberta",
           "patricia", WALP)
#: combinations (points, girl ids) of the base game; read from data by `_bonuses`
_BONUS_CACHE: dict[int, list[tuple[int, tuple[str, ...]]]] = {}


class Moves:
    """The legal actions of one decision, looked up by their parts."""

    def __init__(self, acts: list[Action]) -> None:
        self.acts = acts
        self.play: dict[int, Action] = {}
        self.discard: dict[int, Action] = {}
        self.tells: list[Action] = []
        self.cleanse: dict[int, Action] = {}
        for a in acts:
            if a.kind == "play":
                self.play[a.source] = a
            elif a.kind == "discard":
                self.discard[a.source] = a
            elif a.kind == "tell":
                self.tells.append(a)
            else:
                self.cleanse[a.option] = a


def _table(state, player: int) -> Table:
    t = Table.of(state, player)
    key = id(state.game)
    if key not in _BONUS_CACHE:
        _BONUS_CACHE[key] = [(b.points, b.girls) for b in state.game.cards.scoring.bonuses
                             if not b.variant]
    t.bonuses = [(p, tuple(t.girl_index[g] for g in girls)) for p, girls in _BONUS_CACHE[key]
                 if all(g in t.girl_index for g in girls)]
    return t


# --- values shared by the bots -------------------------------------------------------------------

def girl_future(t: Table, g: int) -> float:
    """Points still to come from girl g if she can finish: her missing cards, the combinations
    she completes, and Walpurgisnacht for Madoka."""
    h = t.height[g]
    key = g * 8 + h  # (the rest it reads is fixed for the snapshot: remembered by height)
    pts = t.memo.get(key)
    if pts is None:
        pts = sum(7 if n == 4 else 1 for n in range(h + 1, 5))
        for p, girls in t.bonuses:
            if g in girls and all(t.reach[x] == 4 for x in girls):
                pts += p
        if g == t.madoka and not t.walpurgis_defeated:
            pts += 20
        t.memo[key] = pts
    return pts


def loss_value(t: Table, c: int) -> float:
    """What losing one copy of identity c costs: a girl's whole future for the last copy."""
    if t.trash(c):
        return 0.0
    if t.critical(c):
        g = c // 4
        return girl_future(t, g) - sum(7 if n == 4 else 1 for n in range(t.height[g] + 1, c % 4 + 1))
    return 0.6


def expected_loss(t: Table, b: dict[int, int]) -> float:
    tot = sum(b.values())
    if not tot:
        return 0.0
    return sum(w * loss_value(t, c) for c, w in b.items()) / tot


def unknown_witches(t: Table) -> tuple[list[str], int]:
    """The witches never seen that may be in the witch deck, and how many the deck holds."""
    pool = [w for w in WITCHES[:-1] if w not in t.witches_up and w not in t.witches_gone and w not in t.returned_witches]
    return pool, t.witch_deck - len(t.returned_witches) - (1 if t.walpurgis_at_bottom else 0)


def next_witches(t: Table, n: int) -> list[list[tuple[str, float]]]:
    """The witches the next n reveals may show, each as [(witch, probability)]: the returned
    ones are known, then the unknown ones, then Walpurgisnacht at the bottom."""
    known = list(t.returned_witches)
    pool, left = unknown_witches(t)
    out = []
    for _ in range(n):
        if known:
            out.append([(known.pop(), 1.0)])
        elif left > 0 and pool:
            out.append([(w, 1.0 / len(pool)) for w in pool])
            left -= 1
        elif t.walpurgis_at_bottom:
            out.append([(WALP, 1.0)])
    return out


def runway(t: Table) -> int:
    """Witches to reveal before Walpurgisnacht comes up."""
    return t.witch_deck - (1 if t.walpurgis_at_bottom else 0)


def witch_harm(t: Table, w: str, actor: int, knows_own: bool, madoka_sure: bool = False) -> float:
    """Points we expect to lose when witch w is revealed by `actor` (negative: a gain).
    `knows_own`: the team sees its own hands (the open bound), so forgetting costs nothing."""
    if w == "gertrud":
        return 0.0 if knows_own else 1.2 * sum(c.clued for c in t.hands[actor])
    if w == "charlotte":
        return _eat_harm(t, t.mami)
    if w == "oktavia":
        return _eat_harm(t, t.sayaka)
    if w == "elly":
        return 0.1 if knows_own else 0.3
    if w == "elsa_maria":
        if not t.deck:
            return 0.0
        unseen = t.unseen_for(actor) if knows_own else t.unseen_for(t.me)
        return expected_loss(t, {c: k for c, k in enumerate(unseen) if k > 0})
    if w == "albertine":
        return 0.0 if knows_own else 1.2 * sum(c.clued for h in t.hands for c in h)
    if w == "roberta":
        hand = t.hands[actor]
        if not hand:
            return 0.0
        if knows_own or actor != t.me:
            return sum(loss_value(t, c.identity) for c in hand) / len(hand)
        bs = beliefs(t, actor)
        return sum(expected_loss(t, b) + (0.8 if c.clued else 0) for c, b in zip(hand, bs, strict=True)) / len(hand)
    if w == "patricia":
        return 0.0 if knows_own else 0.6
    # Walpurgisnacht: her marker comes straight back; before Madoka is done she locks the deck
    if t.walpurgis_defeated:
        return 1.0
    if t.complete(t.madoka) or madoka_sure:
        return -20.0
    return 0.5 if knows_own else 12.0


def _eat_harm(t: Table, g: int) -> float:
    h = t.height[g]
    if h == 0 or h == 4:
        return 0.0
    # a card told only its girl would now be read as one number too low
    told_girl = sum(1 for hand in t.hands for c in hand
                    if c.clued and c.girl_mask == 1 << g and c.number_mask & (c.number_mask - 1))
    c = code(g, h)
    if t.total[c] - t.discarded[c] <= 1:  # the eaten card was the last one: she is stuck
        return girl_future(t, g) + (7 if h == 4 else 1) + 3.0 * told_girl
    return 4.0 + 3.0 * told_girl  # a card to play again, a tell to point at it again


def cleanse_harm(t: Table, n: int, actor: int, knows_own: bool, madoka_sure: bool = False) -> float:
    harm = 0.0
    for dist in next_witches(t, n):
        harm += sum(p * witch_harm(t, w, actor, knows_own, madoka_sure) for w, p in dist)
    return harm


def completes_last_girl(t: Table, c: int) -> bool:
    g = c // 4
    return c % 4 == 3 and all(t.height[x] == 4 for x in range(t.girl_count) if x != g)


def walp_pending(t: Table) -> bool:
    """Walpurgisnacht still to defeat and reachable by cleansing (before the final round)."""
    return not t.walpurgis_defeated and not t.final_round and t.reach[t.madoka] == 4


def play_order(t: Table, c: int, seen: list[int]) -> tuple:
    """Sort key for playable cards (smaller first): 4s, Madoka, cards whose next is in a hand."""
    g, n = divmod(c, 4)
    nxt = code(g, n + 2) if n < 3 else -1
    return (c % 4 != 3, g != t.madoka, not (nxt >= 0 and seen[nxt] > 0), n)


# --- simple ----------------------------------------------------------------------------------------

class SimpleBot(Agent):
    """The four-rule baseline, from the player's own view only."""

    name = "simple"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state, player: int) -> Action:
        t = _table(state, player)
        m = Moves(state.legal_actions(player))
        hand = t.hands[player]
        unseen = t.unseen_for(player)
        # 1. play a card known to be playable (plain counting, no conventions)
        for card in hand:
            poss = t.possible(card, unseen)
            if poss and all(t.playable(c) for c in poss):
                return m.play[card.id]
        # 2. tell a teammate about a playable card (the tell that points at fewest cards)
        if t.grief < 2 and m.tells:
            best, key = None, None
            for a in m.tells:
                hand_t = t.hands[a.target]
                what, value = a.option
                gi = t.girl_index[value] if what == "girl" else value
                after = told(hand_t, what, gi)
                un_t = t.unseen_for(a.target)
                hits = [k for k, card in enumerate(hand_t)
                        if t.playable(card.identity) and after[k].clued
                        and not all(t.playable(c) for c in t.possible(card, un_t) or [-1])]
                if not hits:
                    continue
                pointed = sum(1 for k, card in enumerate(after) if card.clued and (
                    card.identity // 4 == gi if what == "girl" else card.identity % 4 == gi - 1))
                k = hits[0]
                poss = t.possible(after[k], un_t)
                known = all(t.playable(c) for c in poss)
                this = (not known, len(poss), pointed)
                if key is None or this < key:
                    best, key = a, this
            if best is not None:
                return best
        # 3. cleanse a full Soul Gem before it blocks every tell
        if t.grief == 2 and m.cleanse:
            return m.cleanse[max(m.cleanse)]
        # 4. discard the oldest card nobody pointed at
        k = chop(hand)
        if k >= 0 and hand[k].id in m.discard:
            return m.discard[hand[k].id]
        if m.cleanse:
            return m.cleanse[max(m.cleanse)]
        if t.grief < 2 and m.tells:
            return m.tells[0]
        if m.discard:
            return m.discard[hand[0].id]
        return m.acts[0]


# --- strong -----------------------------------------------------------------------------------------

class StrongBot(Agent):
    """The convention bot (docs/madoka-bots.md), from the player's own view only. It remembers
    what each tell meant (`knowledge.Memory`); a fresh bot reads the hints it finds as if they
    had just been given."""

    name = "strong"
    #: points a tell must be worth to spend a grief marker on it, by markers on the gem
    TELL_AT = (1.0, 2.0)
    #: harm (points) of a witch cheap enough to cleanse one marker before the gem is full
    CHEAP = 1.0
    #: how likely a card must be playable to risk it instead of discarding, by grief markers
    RISK = (1.1,)
    #: late in the game (the girl deck holds at most LATE_DECK cards): the points a tell must
    #: be worth with one marker on the gem, and the expected loss under which the chop is
    #: discarded rather than a full gem cleansed (taught by the search bot's deviations)
    LATE_DECK = -1
    LATE_TELL_AT = 2.0
    LATE_DISCARD = 0.0

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.memory = Memory()
        self.people: frozenset[int] = frozenset()

    def meet_people(self, seats) -> None:
        """People may not know the finesse: never give one that asks a person to play."""
        self.people = frozenset(seats)

    def observe(self, state, player: int, action: Action) -> None:
        """A saved game is replayed: remember what I saw before each of my own moves."""
        self.memory.update(_table(state, player))
        self.memory.cleansed = action.kind == "cleanse"

    def choose(self, state, player: int) -> Action:
        t = _table(state, player)
        self.memory.update(t)
        act = Strong(t, Moves(state.legal_actions(player)), self.memory.meaning,
                     self.memory.finessed, self.people).decide()
        self.memory.cleansed = act.kind == "cleanse"
        return act


class Strong:
    """One strong decision: the priority list in `decide`, helpers below it."""

    def __init__(self, t: Table, m: Moves, meaning: dict[int, frozenset[int]],
                 finessed: bool = False, people: frozenset[int] = frozenset()) -> None:
        self.t, self.m, self.meaning = t, m, meaning
        self.finessed, self.people = finessed, people
        self.me = t.me
        self.hand = t.hands[self.me]
        self.unseen = t.unseen_for(self.me)
        self.mine = beliefs(t, self.me, self.unseen, meaning=meaning)
        self._tell = None
        self._known = None
        self._promised: list[int] | None = None
        #: (value, tell) of every tell `best_tell` may give (the search tries the best few)
        self.tells: list[tuple[float, Action]] = []

    def decide(self) -> Action:
        t = self.t
        # 0. A finesse on me: the player before me told a card that needs my newest
        #    unpointed card first. Play it now, before the told player reads the tell.
        if self.finessed:
            k = finesse_position(self.hand)
            if k >= 0 and self.hand[k].id in self.m.play:
                return self.m.play[self.hand[k].id]
        # 1. Play a card I am sure of (never the card that would end the game before
        #    Walpurgisnacht is defeated while she can still be reached).
        play = self.sure_play()
        if play is not None:
            return play
        # 2. The final round: only Play or Discard, and a failed play costs nothing but grief.
        if t.final_round:
            return self.final_turn()
        # 3. Walpurgisnacht: once Madoka is complete — or her missing cards are all in hands
        #    and known to their holders — dig through the witch deck.
        if walp_pending(t) and (t.complete(t.madoka) or self.madoka_in_sight()):
            dig = self.dig()
            if dig is not None:
                return dig
        # 4. Give the most useful information (a play, or a save on a teammate's chop).
        tell, value = self.best_tell()
        late = t.deck <= StrongBot.LATE_DECK
        need = StrongBot.LATE_TELL_AT if late and t.grief == 1 else StrongBot.TELL_AT[min(t.grief, 1)]
        if tell is not None and t.grief < 2 and value >= need:
            return tell
        # 5. A likely play instead of a discard while the Soul Gem can take a failure.
        risky = self.likely_play()
        if risky is not None:
            return risky
        # 6'. Late in the game with the Soul Gem full: a cheap chop goes before a cleanse
        #     (the discard sends a witch back, and the runway stays for the dig).
        if late and t.grief == 2:
            k = chop(self.hand)
            if k >= 0 and self.hand[k].id in self.m.discard and \
                    expected_loss(t, self.mine[k]) < StrongBot.LATE_DISCARD:
                return self.m.discard[self.hand[k].id]
        # 6. Cleanse when the Soul Gem is full or cleansing is cheap.
        cl = self.cleanse(value if tell is not None else 0.0)
        if cl is not None:
            return cl
        # 7. Discard: a card known to be useless, else the chop (oldest card nobody pointed at).
        return self.discard(tell)

    # --- 1. plays ------------------------------------------------------------------------------
    def sure_play(self) -> Action | None:
        t = self.t
        ks = [k for k, b in enumerate(self.mine) if sure(t, b)]
        if not ks:
            return None
        seen = [t.total[c] - u for c, u in enumerate(self.unseen)]
        ks.sort(key=lambda k: play_order(t, next(iter(self.mine[k])), seen))
        for k in ks:
            c = next(iter(self.mine[k])) if len(self.mine[k]) == 1 else -1
            if c >= 0 and completes_last_girl(t, c) and walp_pending(t) and self.can_dig():
                continue
            return self.m.play[self.hand[k].id]
        return None

    def likely_play(self) -> Action | None:
        t = self.t
        if t.walpurgis_on_top or t.grief >= len(StrongBot.RISK):
            return None
        need = StrongBot.RISK[t.grief]
        best, bp = -1, 0.0
        for k, b in enumerate(self.mine):
            p = p_playable(t, b)
            if p >= need and p > bp and expected_loss(t, b) < 2.0:
                best, bp = k, p
        return self.m.play[self.hand[best].id] if best >= 0 else None

    # --- 2. the final round ----------------------------------------------------------------------
    def final_turn(self) -> Action:
        t = self.t
        cost = 2 if t.walpurgis_on_top else 1
        best, bp = -1, 0.0
        for k, b in enumerate(self.mine):
            p = p_playable(t, b)
            if p > bp:
                best, bp = k, p
        if best >= 0 and t.grief + cost < 3:
            return self.m.play[self.hand[best].id]
        return self.discard(None)

    # --- 3. Walpurgisnacht -----------------------------------------------------------------------
    def can_dig(self) -> bool:
        t = self.t
        return t.witch_deck > 0 and not t.final_round

    def madoka_in_sight(self) -> bool:
        """Every Madoka card still missing sits in a hand and its holder knows it."""
        t = self.t
        for n in range(t.height[t.madoka] + 1, 5):
            c = code(t.madoka, n)
            if not any(b == {c: b.get(c)} for b in self.known_cards()):
                return False
        return True

    def known_cards(self) -> list[dict[int, int]]:
        """Beliefs of every card whose holder knows exactly what it is (as far as I can tell)."""
        if getattr(self, "_known", None) is None:
            t = self.t
            out = [b for b in self.mine if len(b) == 1]
            for p in range(t.players):
                if p != self.me:
                    bs = beliefs(t, p, t.unseen_for(p), meaning=self.meaning)
                    out += [b for card, b in zip(t.hands[p], bs, strict=True)
                            if len(b) == 1 and card.identity in b]
            self._known = out
        return self._known

    def dig(self) -> Action | None:
        """Reveal witches until Walpurgisnacht shows up and Madoka defeats her: cleanse as much
        as allowed; with nothing to cleanse, give information to put grief on the gem."""
        t, m = self.t, self.m
        if m.cleanse:
            n = max(m.cleanse)
            harm = cleanse_harm(t, n, self.me, False, True)
            if harm < 6:
                return m.cleanse[n]
            if n == 2 and cleanse_harm(t, 1, self.me, False, True) < 6:
                return m.cleanse[1]
        if t.grief < 2 and m.tells:
            tell, _ = self.best_tell(any_safe=True)
            if tell is not None:
                return tell
        return None

    # --- 4. information --------------------------------------------------------------------------
    def best_tell(self, any_safe: bool = False) -> tuple[Action | None, float]:
        """The tell with the highest value; a tell that would make a teammate misplay, or point
        at a useless or doubled card, is never given."""
        if self._tell is not None and not any_safe:
            return self._tell
        t, m = self.t, self.m
        best, bv = None, -1.0
        promised = self.promised()
        cache: dict[int, tuple] = {}
        self.tells = []
        # each tell's bound first (cheap), then the readings of those that may still win,
        # most promising first; ties go to the tell listed first, as without the bounds
        bounded = []
        for i, a in enumerate(m.tells):
            p = a.target
            if p not in cache:
                un = t.unseen_for(p)
                cache[p] = (un, simulate_plays(t, p, un, t.hands[p], self.meaning)[0],
                            self.rows_when(p))
            un, before, later = cache[p]
            what, value = a.option
            x = t.girl_index[value] if what == "girl" else value
            blind = self.finesse(p, x) if what == "girl" else None
            first = tell_bound(t, p, before, what, x, promised, blind, later)
            if first is None:
                continue
            # sooner teammates first: their information is used sooner
            near = 0.01 * ((p - self.me) % t.players)
            bounded.append((first[1] - near, i, a, x, blind, first[0], near))
        bounded.sort(key=lambda e: (-e[0], e[1]))
        first_i = -1
        for top, i, a, x, blind, v0, near in bounded:
            if top + 1e-9 < bv or top <= bv + 1e-9 and i > first_i:
                break  # (sorted: no later tell can win either; 1e-9: sums in another order)
            p = a.target
            un, before, later = cache[p]
            v = tell_reading(t, p, un, before, a.option[0], x, self.meaning, later, blind, v0)
            if v is None:
                continue
            v -= near
            self.tells.append((v, a))
            if v > bv or v == bv and i < first_i:
                best, bv, first_i = a, v, i
        if any_safe:
            return best, bv
        self._tell = (best, bv)
        return best, bv

    def finesse(self, p: int, g: int) -> int | None:
        """Can a tell of girl g to seat p be a finesse (docs/madoka-bots.md)? The next seat
        holds her next card as its newest unpointed card, and the next seat will read the
        tell as a finesse (`finesse_focus`, the reader's own test). Returns that card's id."""
        t = self.t
        x = (self.me + 1) % t.players
        if p == x or x in self.people or t.final_round:
            return None
        k = finesse_position(t.hands[x])
        if k < 0 or t.hands[x][k].identity != code(g, t.height[g] + 1):
            return None
        if self.promised()[code(g, t.height[g] + 1)]:
            return None  # good touch: a copy of it is pointed at somewhere
        hand = t.hands[p]
        after = told(hand, "girl", g)
        ids = [c.id for c in after if c.clued and c.identity // 4 == g]
        if finesse_focus(t, after, ids, "girl", g, {c.id for c in hand if c.clued},
                         self.meaning) is None:
            return None
        return t.hands[x][k].id

    def rows_when(self, p: int) -> list[int] | None:
        """The rows when seat p next plays, if the players in between play what they are
        sure of (None: no change)."""
        t = self.t
        heights = t.height[:]
        changed = False
        q = (self.me + 1) % t.players
        while q != p:
            un = t.unseen_for(q)
            for card, b in zip(t.hands[q], beliefs(t, q, un, meaning=self.meaning), strict=True):
                c = card.identity
                if c >= 0 and c % 4 == heights[c // 4] and sure(t, b):
                    heights[c // 4] += 1
                    changed = True
                    break
            q = (q + 1) % t.players
        return heights if changed else None

    def promised(self) -> list[int]:
        """Copies of each identity already pointed at (others' hands as seen, mine as believed)."""
        if self._promised is not None:
            return self._promised
        t = self.t
        out = [0] * len(t.total)
        for p, hand in enumerate(t.hands):
            if p == self.me:
                for card, b in zip(hand, self.mine, strict=True):
                    if card.clued and len(b) <= 2:  # sure, or nearly: keep clear of it
                        for c in b:
                            out[c] += 1
            else:
                for card in hand:
                    if card.clued:
                        out[card.identity] += 1
        self._promised = out
        return out

    # --- 5. cleansing ----------------------------------------------------------------------------
    def cleanse(self, tell_value_waiting: float) -> Action | None:
        """Cleanse only a full Soul Gem (grief 2 blocks every tell), never into Walpurgisnacht
        before Madoka is complete, one marker at a time unless the second reveal is cheap:
        the unrevealed witches are the runway that keeps Walpurgisnacht away."""
        t, m = self.t, self.m
        harms = self.cleanse_options()
        if not harms:
            return None
        if t.grief == 1:
            # a cheap witch: cleanse now rather than throw a card away, so that the next
            # player can still save a precious card
            return m.cleanse[1] if 1 in harms and harms[1] < StrongBot.CHEAP else None
        n = 1 if 1 in harms else 2
        if 2 in harms and 1 in harms and harms[2] - harms[1] < 0.7 and runway(t) >= 4:
            n = 2
        if harms[n] < 2.5 or tell_value_waiting >= StrongBot.TELL_AT[1] and harms[n] < 4:
            return m.cleanse[n]
        return None

    def cleanse_options(self) -> dict[int, float]:
        t = self.t
        return {n: cleanse_harm(t, n, self.me, False) for n in self.m.cleanse
                if t.complete(t.madoka) or n <= runway(t) or t.walpurgis_defeated}

    # --- 6. discards -----------------------------------------------------------------------------
    def discard(self, tell: Action | None) -> Action:
        t, m = self.t, self.m
        hand = self.hand
        if not m.discard:
            return tell or m.acts[0]
        scored = []
        k_chop = chop(hand)
        for k, (card, b) in enumerate(zip(hand, self.mine, strict=True)):
            if p_trash(t, b) >= 1.0:
                loss = -1.0  # known to be useless
            elif card.clued:
                loss = 2.0 + expected_loss(t, b)  # kept by convention: someone spent grief on it
            elif k == k_chop:
                loss = expected_loss(t, b)  # the chop: the card teammates expect me to discard
            else:
                loss = 1.5 + expected_loss(t, b)
            scored.append((loss, k))
        loss, k = min(scored)
        if loss > 4 and not t.final_round:
            # every card is precious: rather cleanse or tell than throw one away
            harms = self.cleanse_options()
            if 1 in harms and harms[1] < loss:
                return m.cleanse[1]
            if t.grief < 2 and tell is not None:
                return tell
        return m.discard[hand[k].id]


def simulate_plays(t: Table, p: int, unseen: list[int], hand: list[Card],
                   meaning: dict[int, frozenset[int]]) -> tuple[float, bool]:
    """The points of the cards seat p would play in a row from `hand` by its beliefs, and
    whether one of them would fail (the giver sees the true identities)."""
    saved = t.height[:]
    cards = list(hand)
    value, bad = 0.0, False
    try:
        for _ in range(5):
            bs = beliefs(t, p, unseen, cards, meaning)
            ks = [k for k, b in enumerate(bs) if sure(t, b)]
            if not ks:
                break
            # p may play any card it is sure of first: all of them must be right
            if not all(t.playable(cards[k].identity) for k in ks):
                bad = True
                break
            k = ks[0]
            c = cards[k].identity
            value += play_value(t, c)
            t.height[c // 4] += 1
            del cards[k]
    finally:
        t.height[:] = saved
    return value, bad


def play_value(t: Table, c: int) -> float:
    """Points a successful play of c brings, with its share of what completing the girl is
    worth (combinations, Walpurgisnacht): the bots spend information where it pays most."""
    g = c // 4
    return girl_future(t, g) * focus_weight(t, g) / (4 - t.height[g])


def focus_weight(t: Table, g: int) -> float:
    """The team aims first at Madoka, Homura and whichever of Kyoko and Sayaka is further
    along (each completes a combination with them); Mami and the other one come second."""
    gi = t.girl_index
    if g in (t.madoka, gi["homura"]):
        return 1.0
    k, s = gi["kyoko"], t.sayaka
    third = k if (t.height[k], t.reach[k]) >= (t.height[s], t.reach[s]) else s
    return 1.0 if g == third else FOCUS_OTHERS


FOCUS_OTHERS = 0.7
#: share of a last copy's worth a tell that points at it earns: on the chop, elsewhere, and
#: elsewhere for Madoka (her cards known early let the team dig for Walpurgisnacht)
SAVE = (0.2, 0.05, 0.15)


def tell_value(t: Table, p: int, unseen: list[int], before: float, what: str, value: int,
               promised: list[int], meaning: dict[int, frozenset[int]],
               later: list[int] | None = None, blind: int | None = None) -> float | None:
    """Points a tell to seat p (a girl index or a number) is worth; None if it must not be
    given (it would make them misplay, or point at a useless or doubled card). `blind`: the
    tell is a finesse, and the next seat plays this card (its girl's next) first."""
    first = tell_bound(t, p, before, what, value, promised, blind, later)
    if first is None:
        return None
    return tell_reading(t, p, unseen, before, what, value, meaning, later, blind, first[0])


def tell_bound(t: Table, p: int, before: float, what: str, value: int, promised: list[int],
               blind: int | None = None, later: list[int] | None = None
               ) -> tuple[float, float] | None:
    """The part of `tell_value` that needs no reading — what the cards it points at are
    worth as saves and plays — and an upper bound of the whole value (p plays at most every
    card of its hand that can follow the rows); None if good touch forbids the tell."""
    hand = t.hands[p]
    v = 0.0
    k_chop = chop(hand)
    seen_new: set[int] = set()
    girl = what == "girl"
    for k, old in enumerate(hand):
        c = old.identity
        if old.clued or (c >> 2 if girl else (c & 3) + 1) != value:
            continue  # (not newly pointed at)
        if t.trash(c) or promised[c] or c in seen_new:
            # good touch: never point at a useless or doubled card (two copies in one hand
            # included: measured, docs/madoka-bots.md)
            return None
        seen_new.add(c)
        if t.critical(c):  # a save: most needed on the chop
            v += loss_value(t, c) * (SAVE[0] if k == k_chop else SAVE[2] if c // 4 == t.madoka else SAVE[1])
        else:
            v += 0.1 * play_value(t, c)
    heights = t.height  # (the first reading: the value is at most what it sees played)
    if blind is not None:
        v += play_value(t, code(value, t.height[value] + 1))
        heights = [h + (i == value) for i, h in enumerate(later or t.height)]
    most = max(0.0, playable_chain(t, hand, heights) - before)
    return v, max(v + most, 0.01)


def playable_chain(t: Table, hand: list[Card], heights: list[int]) -> float:
    """The most a player can gain by playing cards of `hand` in a row from rows `heights`
    (each card at a girl's full weight): a bound of `simulate_plays`."""
    h = list(heights)
    left = [c.identity for c in hand]
    total = 0.0
    found = True
    while found:
        found = False
        for c in left:
            g, n = c >> 2, c & 3
            if n == h[g]:
                saved, t.height = t.height, h
                try:
                    total += girl_future(t, g) / (4 - n)
                finally:
                    t.height = saved
                h[g] += 1
                left.remove(c)
                found = True
                break
    return total


def tell_reading(t: Table, p: int, unseen: list[int], before: float, what: str, value: int,
                 meaning: dict[int, frozenset[int]], later: list[int] | None, blind: int | None,
                 v: float) -> float | None:
    """The rest of `tell_value`: read the tell as p will and watch what p would play."""
    hand = t.hands[p]
    # read the tell as seat p will (the focus rule), then watch what they would play
    after = told(hand, what, value)
    seen = {c.id: (c.girl_mask, c.number_mask, c.clued) for c in hand}
    ident = {c.id: c.identity for c in after}
    was_clued = {c.id for c in hand if c.clued}
    tells = tells_between(seen, after)
    plays = 1e9
    # p reads the tell on their turn, after the players in between have played: read it with
    # the rows as they are now and as they will be then
    readings = (t.height,) if later is None else (t.height, later)
    if blind is not None:
        # a finesse: everybody reads it after the blind play (its value is in `v` already)
        g = value
        readings = ([h + (i == g) for i, h in enumerate(later or t.height)],)
    for heights in readings:
        saved = t.height
        t.height = list(heights)
        try:
            new: dict[int, frozenset[int]] = {}
            for (w, x), ids in tells.items():
                new.update(read_tell(t, after, ids, w, x, was_clued))
            if any(ident[cid] not in said for cid, said in new.items()):
                return None  # the reading would name the focus as something it is not
            # what I remember of p's earlier tells may differ from what p read (a focus
            # already played when I looked): the tell must be safe either way
            # (the same memory twice when I remember nothing else of p's cards)
            mine = [c.id for c in after if c.id in meaning and c.id not in new]
            for mem in (({**meaning, **new}, new) if mine else (new,)):
                got, bad = simulate_plays(t, p, unseen, after, mem)
                if bad:
                    return None
                plays = min(plays, got)
        finally:
            t.height = saved
    v += max(0.0, plays - before)
    if v <= 0:
        v = 0.01  # a harmless tell (used only to put grief on the gem)
    return v


# --- open (the bound) --------------------------------------------------------------------------

class OpenBot(Agent):
    """Sees every hand, its own included (never the deck order): the measuring bound."""

    name = "open"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state, player: int) -> Action:
        t = _table(state, player)
        t.reveal_own(state)
        return Open(t, Moves(state.legal_actions(player))).decide()


class Open:
    #: a cleanse while digging for Walpurgisnacht may cost at most this (expected points of
    #: the witches it reveals; 2, 3, 6 and 8 measured worse: docs/madoka-bots.md)
    DIG_LIMIT = 4.0

    def __init__(self, t: Table, m: Moves) -> None:
        self.t, self.m = t, m
        self.me = t.me
        self.hand = t.hands[self.me]
        # every identity in some hand
        self.held = [0] * len(t.total)
        for h in t.hands:
            for c in h:
                self.held[c.identity] += 1
        self.deck_left = t.unseen_for(-1)  # exact: hands are all known, the rest is the deck

    def decide(self) -> Action:
        t, m = self.t, self.m
        playable = [c for c in self.hand if t.playable(c.identity)]
        playable.sort(key=lambda c: play_order(t, c.identity, self.held))
        if t.final_round:
            if playable:
                return m.play[playable[0].id]
            return m.discard[self.worst_card().id]
        # Walpurgisnacht: dig through the witch deck whenever the next witches are cheap now
        # (at the start nobody has played Mami or Sayaka, so Charlotte and Oktavia eat nothing),
        # and at any price once Madoka is complete.
        # Walpurgisnacht (she lies at the bottom of the witch deck; Madoka defeats her)
        if walp_pending(t) and t.walpurgis_at_bottom:
            act = self.walpurgis_plan(playable)
            if act is not None:
                return act
        for c in playable:
            if completes_last_girl(t, c.identity) and walp_pending(t) and t.witch_deck:
                continue
            return m.play[c.id]
        junk = self.junk()
        needed_in_deck = any(k > 0 and not t.trash(c) for c, k in enumerate(self.deck_left))
        if junk and needed_in_deck:
            return m.discard[junk[0].id]
        # nothing to draw for: pass (a tell, or a cheap cleanse) to keep the deck clock still
        pas = self.pass_turn()
        if pas is not None:
            return pas
        if junk:
            return m.discard[junk[0].id]
        return m.discard[self.worst_card().id]

    def walpurgis_plan(self, playable: list[Card]) -> Action | None:
        """Dig for Walpurgisnacht once Madoka is sure to complete: all her missing cards
        are in hands (every hand is open to this bot). Her own cards are played first; the
        witches above Walpurgisnacht are revealed while they are cheap; Walpurgisnacht herself
        only when Madoka's next card completes her or the girl deck is about to run out (once
        she is up nobody can cleanse, so nobody can pass a turn). Once Madoka is complete,
        dig to Walpurgisnacht at once."""
        t, m = self.t, self.m
        if t.complete(t.madoka):
            return self.dig(self.DIG_LIMIT)
        if not self.madoka_in_hands():
            return None
        mine = [c for c in playable if c.identity // 4 == t.madoka]
        if mine:
            return m.play[mine[0].id]
        if runway(t) > 0:
            dig = self.dig_runway(self.DIG_LIMIT)
            if dig is not None:
                return dig
        elif 1 in m.cleanse and (t.height[t.madoka] == 3 or t.deck <= 1):
            return m.cleanse[1]
        if t.deck <= 1 and t.grief < 2 and m.tells:
            return m.tells[0]  # the last draw would start the final round: wait
        return None

    def dig_runway(self, limit: float) -> Action | None:
        """Reveal the witches above Walpurgisnacht (not her)."""
        t, m = self.t, self.m
        run = runway(t)
        if t.grief == 1 and run >= 2 and m.tells:
            return m.tells[0]  # two markers, then two witches at once
        for n in sorted(m.cleanse, reverse=True):
            if n <= run and cleanse_harm(t, n, self.me, True) < limit:
                return m.cleanse[n]
        if t.grief < 2 and m.tells:
            return m.tells[0]
        return None

    def madoka_in_hands(self) -> bool:
        t = self.t
        return all(self.held[code(t.madoka, n)] for n in range(t.height[t.madoka] + 1, 5))

    def junk(self) -> list[Card]:
        """Cards nobody needs: useless, or a copy another hand (or this one) already holds."""
        t = self.t
        out = []
        seen = set()
        for c in self.hand:
            if t.trash(c.identity) or self.held[c.identity] > 1 and (c.identity in seen or self._elsewhere(c)):
                out.append(c)
            seen.add(c.identity)
        return out

    def _elsewhere(self, card: Card) -> bool:
        return any(c.identity == card.identity for p, h in enumerate(self.t.hands) if p != self.me for c in h)

    def worst_card(self) -> Card:
        t = self.t
        return min(self.hand, key=lambda c: (loss_value(t, c.identity), -(c.identity % 4)))

    def dig(self, limit: float) -> Action | None:
        t, m = self.t, self.m
        if t.grief == 1 and t.witch_deck >= 2 and m.tells:
            return m.tells[0]  # two markers, then two witches at once
        if m.cleanse:
            n = max(m.cleanse)
            if cleanse_harm(t, n, self.me, True) < limit:
                return m.cleanse[n]
            if n == 2 and cleanse_harm(t, 1, self.me, True) < limit:
                return m.cleanse[1]
        if t.grief < 2 and m.tells:
            return m.tells[0]
        return None

    def pass_turn(self) -> Action | None:
        t, m = self.t, self.m
        if m.cleanse:
            n = max(m.cleanse)
            if cleanse_harm(t, n, self.me, True) <= 0.3:
                return m.cleanse[n]
        if t.grief < 1 and m.tells:
            return m.tells[0]
        if t.grief == 1 and m.tells and (t.witch_deck > 1 or t.returned_witches):
            return m.tells[0]
        if m.cleanse:
            n = min(m.cleanse)
            if cleanse_harm(t, n, self.me, True) <= 1.0:
                return m.cleanse[n]
        return None


BOTS = {"simple": SimpleBot, "strong": StrongBot, "open": OpenBot}
