"""What a Madoka player knows, rebuilt from `state.view(player)` for the AI teammates and the
table (spec: docs/rules/madoka.md; conventions: docs/madoka-bots.md).

A `Table` is a snapshot of one player's view in small integer arrays: identities are codes
`girl * 4 + number - 1`; each hand card is a `Card` with its public knowledge masks. On top of it
sit the shared conventions (see docs/madoka-bots.md), written once here so that the player who
gives information and the player who receives it reason in exactly the same way:

- **Good touch**: information only ever points at cards that are still needed, so a pointed-at
  card is assumed not to be trash.
- **Next-card rule**: if you know a card's girl but not its number, your *newest* such card of
  that girl is her next card (the one to play now); once it is played the next newest is the one
  after, and so on.
- Everything else is plain counting: a card can only be an identity whose copies are not all
  visible elsewhere.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from game.madoka.cards import SPEC_COUNTS

NUMBERS = (1, 2, 3, 4)


def code(g: int, n: int) -> int:
    return g * 4 + n - 1


#: _FITTING[girl mask][number mask]: the identity codes both masks allow, in code order
#: (the bots ask this for every card of every hand they imagine: a table, not a loop)
_FITTING = tuple(tuple(tuple(c for c in range(24) if gm >> (c >> 2) & 1 and nm >> (c & 3) & 1)
                       for nm in range(16)) for gm in range(64))


@functools.lru_cache(maxsize=8)
def _totals(girls: tuple[str, ...]) -> tuple[int, ...]:
    """Copies of each identity code of these girls (in this order)."""
    return tuple(SPEC_COUNTS[name][n] for name in girls for n in range(4))


@dataclass(slots=True)
class Card:
    id: int
    identity: int  # identity code, -1 when the viewer cannot see it
    girl_mask: int  # girls still possible (public; bit g = girl index g)
    number_mask: int  # numbers still possible (public; bit n-1)
    clued: bool


class Table:
    """One player's view of the table (the viewer's own identities are -1 unless revealed)."""

    __slots__ = ("me", "players", "current", "girls", "girl_index", "girl_count", "total", "height",
                 "discarded", "hands", "grief", "deck", "witch_deck", "returned_witches", "witches_up", "witches_gone",
                 "walpurgis_at_bottom", "walpurgis_on_top", "walpurgis_defeated", "numbers_only", "elly_blocked",
                 "final_round", "final_turns_left", "cleanse_max", "turn", "last_told", "madoka", "mami", "sayaka",
                 "reach", "codes", "bonuses", "memo")

    def __init__(self, view: dict) -> None:
        self.me = view["seat"]
        self.players = view["players"]
        self.current = view["current"]
        self.turn = view["turn"]
        self.girls = girls = view["girls"]
        self.girl_index = gi = {g: i for i, g in enumerate(girls)}
        self.girl_count = ng = len(girls)
        self.madoka, self.mami, self.sayaka = gi["madoka"], gi["mami"], gi["sayaka"]
        self.total = total = [0] * (4 * ng)
        for g, name in enumerate(girls):
            for n in NUMBERS:
                total[code(g, n)] = SPEC_COUNTS[name][n - 1]
        self.codes = range(4 * ng)
        self.height = [view["heights"][g] for g in girls]
        self.discarded = disc = [0] * (4 * ng)
        for c in view["discard"]:
            disc[code(gi[c["girl"]], c["number"])] += 1
        self.hands = []
        for hand in view["hands"]:
            cards = []
            for c in hand:
                gm = 0
                for g in c["girls"]:
                    gm |= 1 << gi[g]
                nm = 0
                for n in c["numbers"]:
                    nm |= 1 << (n - 1)
                ident = code(gi[c["girl"]], c["number"]) if c["girl"] is not None else -1
                cards.append(Card(c["id"], ident, gm, nm, c["clued"]))
            self.hands.append(cards)
        self.grief = view["grief"]
        self.deck = view["deck"]
        self.witch_deck = view["witch_deck"]
        self.returned_witches = list(view["witch_deck_known_top"])  # top last
        self.witches_up = list(view["witches_up"])
        self.witches_gone = list(view["witches_gone"])
        self.walpurgis_at_bottom = view["walpurgis_in_deck_bottom"]
        self.walpurgis_on_top = view["walpurgis_on_top"]
        self.walpurgis_defeated = view["walpurgis_defeated"]
        self.numbers_only = view["numbers_only"]
        self.elly_blocked = view["elly_blocked"]
        told = view.get("last_told")
        self.last_told = -1 if told is None else told
        self.final_round = view["final_round"]
        self.final_turns_left = view["final_turns_left"]
        self.cleanse_max = view["cleanse_max"]
        self.bonuses: list[tuple[int, tuple[int, ...]]] = []
        #: values the bots compute often from this snapshot (e.g. a girl's future by her height)
        self.memo: dict = {}
        self.update_reach()

    @staticmethod
    def of(state, player: int) -> Table:
        """`Table(state.view(player))`, read straight from a Madoka state (the bots build
        one every turn, and the view's dict of names is most of that cost). It reads exactly
        what the view shows: `player`'s own identities stay -1; tests/madoka/test_bots.py
        checks the two are equal on every position of whole games."""
        from game.madoka.rules import WALPURGISNACHT, blocked_teller, cleanse_limit

        g = state.game
        t = Table.__new__(Table)
        t.me, t.players, t.current, t.turn = player, state.players, state.current, state.turn
        ng = state.girl_count
        t.girls = list(g.girl_ids[:ng])
        t.girl_index = gi = {x: i for i, x in enumerate(t.girls)}
        t.girl_count = ng
        t.madoka, t.mami, t.sayaka = gi["madoka"], gi["mami"], gi["sayaka"]
        t.total = list(_totals(g.girl_ids[:ng]))
        t.codes = range(4 * ng)
        t.height = [len(r) for r in state.rows[:ng]]
        girl_of, number_of = state.girl_of, state.number_of
        t.discarded = disc = [0] * (4 * ng)
        for c in state.discard:
            disc[girl_of[c] * 4 + number_of[c] - 1] += 1
        gp, np_, cl = state.girls_possible, state.numbers_possible, state.clued
        t.hands = [[Card(c, -1 if p == player else girl_of[c] * 4 + number_of[c] - 1, gp[c], np_[c],
                         bool(cl[c])) for c in hand] for p, hand in enumerate(state.hands)]
        t.grief, t.deck = state.grief, len(state.deck)
        wdeck = state.witch_deck
        t.witch_deck = len(wdeck)
        ids = g.witch_ids
        k = state.returned_on_top
        t.returned_witches = [ids[w] for w in wdeck[len(wdeck) - k:]] if k else []
        wup = state.witches_up
        t.witches_up = [ids[w] for w in wup]
        t.witches_gone = [ids[w] for w in state.witches_gone]
        t.walpurgis_at_bottom = bool(wdeck) and wdeck[0] == WALPURGISNACHT
        t.walpurgis_on_top = bool(wup) and wup[-1] == WALPURGISNACHT
        t.walpurgis_defeated = state.walpurgis_defeated
        t.numbers_only = bool(wup) and g.numbers_only[wup[-1]]
        t.elly_blocked = blocked_teller(state)
        t.last_told = state.last_told
        final = state.final_turns >= 0
        t.final_round = final
        t.final_turns_left = min(state.final_turns, state.players) if final else None
        t.cleanse_max = 0 if final else cleanse_limit(state)
        t.bonuses = []
        t.memo = {}
        t.update_reach()
        return t

    def reveal_own(self, state) -> None:
        """Fill in the viewer's own identities from the true state (the `open` bound only)."""
        for c in self.hands[self.me]:
            c.identity = code(state.girl_of[c.id], state.number_of[c.id])
        self.memo.clear()

    # --- the board -----------------------------------------------------------------------------
    def update_reach(self) -> None:
        """reach[g]: the highest number girl g can still get to (a missing number stops her)."""
        self.reach = reach = []
        for g in range(self.girl_count):
            r = 4
            for n in range(self.height[g] + 1, 5):
                c = code(g, n)
                if self.discarded[c] >= self.total[c]:
                    r = n - 1
                    break
            reach.append(r)

    def playable(self, c: int) -> bool:
        return c % 4 == self.height[c // 4]

    def trash(self, c: int) -> bool:
        """Already played, or out of reach because a lower number is all gone."""
        g, n = divmod(c, 4)
        n += 1
        return n <= self.height[g] or n > self.reach[g]

    def critical(self, c: int) -> bool:
        """Still needed and the last copy left."""
        return not self.trash(c) and self.total[c] - self.discarded[c] == 1

    def complete(self, g: int) -> bool:
        return self.height[g] == 4

    def name(self, c: int) -> str:
        return f"{self.girls[c // 4]} {c % 4 + 1}"

    # --- counting ------------------------------------------------------------------------------
    def unseen_for(self, seat: int) -> list[int]:
        """Copies of each identity `seat` cannot see, as far as the viewer knows: played and
        discarded cards and the hands of everyone but `seat` (the viewer's own hand counts
        only where the viewer knows it), so it is an upper bound of what `seat` counts.
        Remembered per seat (callers read it, never change it)."""
        key = ("unseen", seat, *self.height)  # (the bots try out rows: the heights are part)
        left = self.memo.get(key)
        if left is not None:
            return left
        left = [x - k for x, k in zip(self.total, self.discarded, strict=True)]
        for g, h in enumerate(self.height):
            for c in range(g * 4, g * 4 + h):
                left[c] -= 1
        for p, hand in enumerate(self.hands):
            if p == seat:
                continue
            for card in hand:
                if card.identity >= 0:
                    left[card.identity] -= 1
        self.memo[key] = left
        return left

    def possible(self, card: Card, unseen: list[int]) -> list[int]:
        return [c for c in _FITTING[card.girl_mask][card.number_mask] if unseen[c] > 0]


def copies(view: dict) -> dict[str, list[dict]]:
    """Where every copy of every card is, as far as anyone knows (the table's discard browser):
    girl id -> one entry per number 1-4, {"number", "copies", "played", "discarded", "left"
    (in the deck or in some hand), "lost" (True: every copy discarded before she got there)}.
    A pure function of a view: nothing hidden goes in."""
    t = Table(view)
    out: dict[str, list[dict]] = {}
    for g, girl in enumerate(t.girls):
        rows = []
        for n in NUMBERS:
            c = code(g, n)
            played = 1 if n <= t.height[g] else 0
            rows.append({"number": n, "copies": t.total[c], "played": played,
                         "discarded": t.discarded[c],
                         "left": t.total[c] - played - t.discarded[c],
                         "lost": not played and t.discarded[c] >= t.total[c]})
        out[girl] = rows
    return out


def hand_knowledge(view: dict, seat: int | None = None) -> list[dict]:
    """What `seat` knows of each card of its own hand (default: the viewer's own), from the
    hints everyone heard and from counting the copies `seat` can see elsewhere (the viewer's
    view only: nothing hidden goes in). One dict per card, oldest first: {"id", "girls" (girl
    ids still possible), "numbers" (still possible), "identities" ([girl, number, copies
    unseen] still possible), "clued", "playable" (True: surely, False: surely not, None: maybe),
    "useless" (True: surely not needed any more)}."""
    t = Table(view)
    if seat is None:
        seat = t.me
    if seat is None:
        raise ValueError("a spectator's view has no hand of its own: say whose hand")
    unseen = t.unseen_for(seat)
    out = []
    for card in t.hands[seat]:
        poss = t.possible(card, unseen)
        if not poss:  # counting from another seat's view can be short: fall back to the hints
            poss = t.possible(card, [1] * len(unseen))
        playable = [t.playable(c) for c in poss]
        out.append({
            "id": card.id,
            "girls": [t.girls[g] for g in range(t.girl_count) if any(c >> 2 == g for c in poss)],
            "numbers": [n for n in NUMBERS if any(c % 4 == n - 1 for c in poss)],
            "identities": [[t.girls[c >> 2], c % 4 + 1, unseen[c]] for c in poss],
            "clued": card.clued,
            "playable": True if all(playable) else False if not any(playable) else None,
            "useless": all(t.trash(c) for c in poss),
        })
    return out


# --- the shared conventions ---------------------------------------------------------------------

def beliefs(t: Table, seat: int, unseen: list[int] | None = None,
            hand: list[Card] | None = None,
            meaning: dict[int, frozenset[int]] | None = None) -> list[dict[int, int]]:
    """For each card of `seat`'s hand, the identities it may be with their weights (unseen
    copies), as `seat` reasons from public knowledge plus the conventions: good touch and the
    `meaning` of each tell (card id -> the identities the tell's focus says it is).

    `hand` may be a hypothetical version of the hand (a tell the giver is considering)."""
    if unseen is None:
        unseen = t.unseen_for(seat)
    key = None
    if hand is None or hand is t.hands[seat]:
        # the seat's real hand: remembered for this snapshot, these rows, this memory and
        # these counts (callers read the beliefs, never change them)
        hand = t.hands[seat]
        key = ("beliefs", seat, *t.height)
        hit = t.memo.get(key)
        if hit is not None and hit[0] is meaning and hit[1] is unseen:
            return hit[2]
    out: list[dict[int, int]] = []
    height = t.height
    for card in hand:
        poss = [c for c in _FITTING[card.girl_mask][card.number_mask] if unseen[c] > 0]
        if card.clued:
            said = meaning.get(card.id) if meaning else None
            if said and all(c & 3 < height[c >> 2] for c in said):
                # the tell said it is a card that has since been played: it is a copy
                out.append(dict.fromkeys(said, 1))
                continue
            # good touch: a pointed-at card was needed (not yet played) when told
            good = [c for c in poss if c & 3 >= height[c >> 2]]
            if good:
                poss = good
            if said:  # what the tell said it is
                kept = [c for c in poss if c in said]
                if kept:
                    poss = kept
        out.append({c: unseen[c] for c in poss})
    # one copy left, one card surely holds it: the others cannot
    for _ in range(2):
        single = [next(iter(b)) for b in out if len(b) == 1]
        if not single:
            break
        changed = False
        for c in set(single):
            if single.count(c) > unseen[c]:  # a contradiction: trust none of them
                for k, b in enumerate(out):
                    if len(b) == 1 and c in b:
                        out[k] = {x: unseen[x] for x in t.possible(hand[k], unseen)}
                continue
            if single.count(c) < unseen[c]:
                continue
            for b in out:
                if len(b) > 1 and c in b:
                    del b[c]
                    changed = True
        if not changed:
            break
    if key is not None:
        t.memo[key] = (meaning, unseen, out)
    return out


def _bit(mask: int) -> int:
    return mask.bit_length() - 1


def tells_between(before: dict[int, tuple[int, int, bool]], hand: list[Card]) -> dict:
    """The tells a hand received since `before` (card id -> (girls, numbers, clued) as last
    seen): (what, value) -> ids of the cards it pointed at. A card seen for the first time
    with hints counts as just told."""
    out: dict[tuple[str, int], list[int]] = {}
    for c in hand:
        if not c.clued:
            continue
        old = before.get(c.id)
        if old is not None and (c.girl_mask & ~old[0] or c.number_mask & ~old[1]):
            old = None  # forgotten (Gertrud, Albertine) and told again since
        if old is not None and old[2] and old[0] == c.girl_mask and old[1] == c.number_mask:
            continue
        if not c.girl_mask & (c.girl_mask - 1) and (old is None or not old[2] or old[0] != c.girl_mask):
            out.setdefault(("girl", _bit(c.girl_mask)), []).append(c.id)
        if not c.number_mask & (c.number_mask - 1) and (old is None or not old[2] or old[1] != c.number_mask):
            out.setdefault(("number", _bit(c.number_mask) + 1), []).append(c.id)
    return out


def chop_id(hand: list[Card], was_clued: set[int]) -> int:
    """The id of the oldest card nobody had pointed at before a tell (-1: none)."""
    return next((c.id for c in hand if c.id not in was_clued), -1)


def focus_of(hand: list[Card], ids: list[int], was_clued: set[int]) -> Card | None:
    """The focus of a tell that pointed at `ids`: the chop card if the tell points at it,
    else the newest card it newly points at."""
    touched = [c for c in hand if c.id in ids]
    if not touched:
        return None
    fresh = [c for c in touched if c.id not in was_clued] or touched
    k = chop_id(hand, was_clued)
    return next((c for c in fresh if c.id == k), fresh[-1])


def finesse_position(hand: list[Card]) -> int:
    """Index of the newest card nobody has pointed at (-1: every card is pointed at)."""
    for k in range(len(hand) - 1, -1, -1):
        if not hand[k].clued:
            return k
    return -1


def held_surely(t: Table, c: int, meaning: dict[int, frozenset[int]]) -> bool:
    """Somebody holds identity c and knows it (hints and conventions): they will play it."""
    for q, hand in enumerate(t.hands):
        for card, b in zip(hand, beliefs(t, q, t.unseen_for(q), meaning=meaning), strict=True):
            if len(b) == 1 and c in b and (q == t.me or card.identity == c):
                return True
    return False


def finesse_focus(t: Table, hand: list[Card], ids: list[int], what: str, value: int,
                  was_clued: set[int], meaning: dict[int, frozenset[int]]) -> Card | None:
    """A finesse: a girl tell whose focus, as the reader can see, is not her next card but
    the one after, while nobody is known to hold her next card. The player right after the
    giver holds that card as their newest card nobody pointed at, and plays it at once.
    Returns the focus (None: not a finesse)."""
    if what != "girl":
        return None
    focus = focus_of(hand, ids, was_clued)
    h = t.height[value]
    if focus is None or h > 2 or focus.identity != code(value, h + 2) or not focus.number_mask >> h & 1:
        return None  # (read plainly, the focus could not even be her next card: no finesse)
    if held_surely(t, code(value, h + 1), meaning):
        return None
    return focus


def read_tell(t: Table, hand: list[Card], ids: list[int], what: str, value: int,
              was_clued: set[int]) -> dict[int, frozenset[int]]:
    """What a tell means (H-Group style focus). The focus is the chop card (the oldest card
    nobody had pointed at) if the tell points at it, else the newest card it newly points at.
    A girl tell says: the focus is her next card — play it when she gets there. A number tell
    on the chop is a save (keep it); elsewhere it says: the focus is playable now, as the next
    card of some girl. The other pointed-at cards are only 'still needed'."""
    focus = focus_of(hand, ids, was_clued)
    if focus is None:
        return {}
    if what == "girl":
        h = t.height[value]
        if h < 4 and focus.girl_mask >> value & 1 and focus.number_mask >> h & 1:
            return {focus.id: frozenset((code(value, h + 1),))}
        return {}
    if focus.id == chop_id(hand, was_clued):
        # a save or a play: the focus is playable now or the last copy of a needed card
        said = [code(g, value) for g in range(t.girl_count) if focus.girl_mask >> g & 1
                and (t.height[g] + 1 == value or t.critical(code(g, value)))]
        return {focus.id: frozenset(said)} if said else {}
    said = [code(g, value) for g in range(t.girl_count)
            if t.height[g] + 1 == value and focus.girl_mask >> g & 1]
    return {focus.id: frozenset(said)} if said else {}


class Memory:
    """What one player remembers between turns: the hints it last saw on every card and what
    each tell meant (the focus reading of `read_tell`). Only public information goes in."""

    __slots__ = ("last", "meaning", "witches", "cleansed", "finessed")

    def __init__(self) -> None:
        self.last: dict[int, tuple[int, int, bool]] = {}
        self.meaning: dict[int, frozenset[int]] = {}
        self.witches: tuple[list[str], list[str]] = ([], [])
        self.cleansed = False  # my last action was a cleanse (set by the bot)
        self.finessed = False  # a teammate's tell asks me to play my finesse position now

    def update(self, t: Table) -> None:
        # hints forgotten since last time may have been given again just the same: then the
        # cards look unchanged but the tell is new. Gertrud forgets the hand of whoever
        # revealed her (mine, if I cleansed).
        up, known = self.witches
        seen = {w for w in ("gertrud",)
                if w in t.witches_up and w not in up or w in t.returned_witches and w not in known}
        self.witches = (list(t.witches_up), list(t.returned_witches))
        if "gertrud" in seen and self.cleansed:
            for c in t.hands[t.me]:
                self.last.pop(c.id, None)
        self.finessed = False
        for p, hand in enumerate(t.hands):
            was_clued = {c.id for c in hand if c.clued and self.kept(c)}
            for c in hand:
                if not c.clued:
                    self.meaning.pop(c.id, None)
            tells = tells_between(self.last, hand)
            told_now = {i for ids in tells.values() for i in ids}
            # a pointed-at card no tell of this interval explains was pointed at before
            was_clued |= {c.id for c in hand if c.clued and c.id not in told_now}
            for (what, value), ids in tells.items():
                # several tells since last time: the others may have come first, so their
                # cards do not count as the chop of this one
                before = was_clued | (told_now - set(ids))
                said = read_tell(t, hand, ids, what, value, before)
                if len(tells) > 1:
                    # ...or this one came first: keep only what both orders say
                    other = read_tell(t, hand, ids, what, value, was_clued)
                    said = {k: v for k, v in said.items() if other.get(k) == v}
                self.meaning.update(said)
                # a finesse: told just now, by the player before me — and I saw it given
                # (a bot shown a position late in a game cannot tell old tells from new)
                if p == t.last_told and p != t.me and (self.last or t.turn <= t.players):
                    f = finesse_focus(t, hand, ids, what, value, before, self.meaning)
                    if f is not None:
                        self.meaning[f.id] = frozenset((f.identity,))
                        self.finessed = True
        self.last = {c.id: (c.girl_mask, c.number_mask, c.clued) for hand in t.hands for c in hand}

    def kept(self, c: Card) -> bool:
        """Was the card already pointed at last time, with nothing forgotten since?"""
        old = self.last.get(c.id)
        return old is not None and old[2] and not (c.girl_mask & ~old[0] or c.number_mask & ~old[1])


def p_playable(t: Table, b: dict[int, int]) -> float:
    """How likely the card is playable now, by its belief (identity -> weight)."""
    h = t.height
    tot = ok = 0
    for c, w in b.items():
        tot += w
        if c & 3 == h[c >> 2]:
            ok += w
    return ok / tot if tot else 0.0


def sure(t: Table, b: dict[int, int]) -> bool:
    """Is the card surely playable now (`p_playable` is 1)? Every weight is positive."""
    if not b:
        return False
    h = t.height
    for c in b:
        if c & 3 != h[c >> 2]:
            return False
    return True


def p_trash(t: Table, b: dict[int, int]) -> float:
    tot = sum(b.values())
    if not tot:
        return 1.0
    return sum(w for c, w in b.items() if t.trash(c)) / tot


def chop(hand: list[Card]) -> int:
    """Index of the oldest card nobody has pointed at (-1: every card is pointed at)."""
    for k, card in enumerate(hand):
        if not card.clued:
            return k
    return -1


def told(hand: list[Card], what: str, value: int) -> list[Card]:
    """`hand` after a tell (girl index or number) — what its owner will then know."""
    girl = what == "girl"
    bit = 1 << value if girl else 1 << (value - 1)
    out = []
    for card in hand:
        hit = (card.identity // 4 == value) if girl else (card.identity % 4 == value - 1)
        gmask, nmask = card.girl_mask, card.number_mask
        if girl:
            gmask = bit if hit else gmask & ~bit
        else:
            nmask = bit if hit else nmask & ~bit
        out.append(Card(card.id, card.identity, gmask, nmask, hit or card.clued))
    return out
