"""The Madoka game state (spec: docs/rules/madoka.md): flat lists of ints, hand-written
clone, JSON, views, determinization, and the checks that say what is legal.

Card instances
--------------
Girl cards have instance ids 0..N-1 (N = 40, 45 with Kyubey), stable for the whole game. At
setup the *identities* are shuffled onto the ids, so an id says nothing about its card: a view
may show the ids of your own hand, and a sprite can follow a card from deck to hand to table.
`girl_of[id]` is the girl index, `number_of[id]` the number 1–4 (`card_bits` both as one mask).
Girl index = position in `game.girl_ids` ("homura", "mami", "kyoko", "sayaka", "madoka", "qb").
Witches are indices 0..8 = number - 1 (8 = Walpurgisnacht), see `game.witches`.
Hand-made states for tests and bots: `game.madoka.setups.make_state`.

A turn
------
The rules wait on one decision at a time: the current seat chooses (`decisions[-1]`, a "turn"
frame for that seat; empty when the game is over). `candidates` lists every action of a turn's
shape, one check per action kind (`check_play`, `check_discard`, `check_tell`,
`check_cleanse`, at the bottom) says why one is illegal; `legal_actions` keeps those they pass.

MadokaState attributes (read them, never write them outside game/madoka)
-----------------------------------------------------------------------
players, qb          seat count; Kyubey variant on?
girl_count           5 or 6 girls in play
all_girls            bit mask of every girl in play
rng                  the state's Rng
girl_of, number_of   per card id: girl index, number (tuples, never mutated: clones share them;
                     Gertrud and determinize replace them with new tuples)
card_bits            per card id: 1 << girl | 1 << (6 + number - 1) (tuple)
deck                 girl deck, card ids, top = last
hands[p]             card ids in slot order: oldest first, newest (just drawn) last
girls_possible,      per card id: bit mask of the girls / numbers still possible given the
numbers_possible     public hints (bit g = girl index g; bit n-1 = number n); reset on draw
clued[id]            1 if the card was pointed at by information since it was drawn/forgotten
rows[g]              played card ids of girl g, in order (height = len; 4 = transformed)
discard              face-up discard pile, card ids, newest last
grief                markers on the Soul Gem (0..3; 3 = lost)
witch_deck           witch indices, top = last. If Walpurgisnacht is in it she is at the bottom
                     (public). The top `returned_on_top` witches were returned face down after
                     everyone saw them (public); the rest are in an unknown order.
returned_on_top      see witch_deck
witches_up           face-up witch stack, top = last
witches_gone         witches that left the game (Elsa Maria, Roberta), in order
current              seat whose turn it is
elly_blocked         seat that may not give information on its coming/current turn, or -1
last_told            the seat the previous action gave information to, or -1 (public: the
                     conventions of the AI teammates read a tell differently right after it)
final_turns          -1 before the final round; then turns left (counting down to 0)
over, lost, reason   game over?; lost to the Soul Gem?; one sentence why it ended
walpurgis_defeated   Walpurgisnacht defeated at least once (20 points)
charlotte_ate_mami   Charlotte ate a Mami card at least once (QB bonus)
turn                 turn number, from 1

view(player) format (JSON-safe dict)
------------------------------------
{"game": "madoka", "players": n, "seat": player or None, "current": seat, "to_act": [seat] or [],
 "turn": int, "qb": bool, "girls": ["homura", …],
 "hands": [[card, …] per seat], card = {"id": int, "girl": id or None, "number": int or None,
           "girls": [possible girl ids], "numbers": [possible numbers], "clued": bool}
           (girl/number are None for the viewer's own cards and, for a spectator, for all hands;
           the knowledge lists are public: every player heard the hints),
 "heights": {girl: 0..4}, "played": {girl: [{"id", "girl", "number"}, …]},
 "discard": [{"id", "girl", "number"}, …] (newest last),
 "grief": 0..3, "max_grief": 3, "deck": cards left,
 "witch_deck": count, "witch_deck_known_top": [witch ids, top last] (returned, face down),
 "walpurgis_in_deck_bottom": bool, "witches_up": [witch ids, top last], "witches_gone": [ids],
 "top_witch": id or None, "numbers_only": bool (Patricia on top),
 "walpurgis_on_top": bool, "walpurgis_defeated": bool, "charlotte_ate_mami": bool,
 "elly_blocked": seat or None, "last_told": seat or None (the previous action told them),
 "final_round": bool, "final_turns_left": int or None,
 "cleanse_max": 0..2, "score": int, "over": bool, "lost": bool, "reason": str,
 "rank": str or None (when over)}

Events (kinds and data; every event carries `counters`: grief, max_grief, score, deck,
witch_deck, as they are after it): "move" {card, src, dst, face_up, girl, number[, success,
why]} with zones "deck", "hand:<seat>", "play:<girl>", "discard" — a draw is private: its public
data has no girl/number and face_up False; the other seats (`seen_by`) get them and a text naming
the card (`event.for_viewer(seat)`); a failed play's `why` says what the girl needs; "tell"
{target, what, value, cards}; "grief" {markers, added}; "witch" {witch, action reveal|return,
dst, effect}; "forget" {seats[, shuffled]; after Gertrud the others also get hand: [[girl,
number] per slot]}; "transform" {girl}; "walpurgis_defeated" {first}; "turn" {seat};
"final_round" {turns}; "message"; "game_over" {score, rank, lost}.
"""

from __future__ import annotations

from typing import Any

from game.core import decisions
from game.core.contract import Action, Outcome, State
from game.core.rng import Rng
from game.madoka import knowledge, rules
from game.madoka.rules import (
    WALPURGISNACHT,
    cleanse_limit,
    cleanse_soul_gem,
    discard_card,
    end_turn,
    give_information,
    play_card,
    shuffled_order,
)

# identity code (girl * 4 + number - 1) -> girl index, number, girl bit | number bit
_GIRL_OF_CODE = tuple(code >> 2 for code in range(24))
_NUMBER_OF_CODE = tuple((code & 3) + 1 for code in range(24))
_BITS_OF_CODE = tuple(1 << (code >> 2) | 1 << (6 + (code & 3)) for code in range(24))
_COPIED = ("girls_possible", "numbers_possible", "clued", "deck", "discard", "witch_deck",
           "witches_up", "witches_gone")
_SCALARS = ("players", "qb", "girl_count", "all_girls", "grief", "returned_on_top", "current",
            "elly_blocked", "final_turns", "over", "lost", "reason", "walpurgis_defeated",
            "charlotte_ate_mami", "turn", "last_told")


class MadokaState(State):
    """Made by `MadokaGame.new_state` (rules.setup) or `setups.make_state`, as
    `MadokaState(game, players)` and then filled in."""

    __slots__ = ("qb", "girl_count", "all_girls", "rng", "girl_of", "number_of", "card_bits",
                 "deck", "hands", "girls_possible", "numbers_possible", "clued", "rows",
                 "discard", "grief", "witch_deck", "returned_on_top", "witches_up",
                 "witches_gone", "current", "elly_blocked", "final_turns", "over", "lost",
                 "reason", "walpurgis_defeated", "charlotte_ate_mami", "turn", "last_told")

    checks = {}  # one check per action kind, filled in below the class

    def set_identities(self, codes: list[int]) -> None:
        """Give card id i the identity codes[i] (girl index * 4 + number - 1)."""
        self.girl_of = tuple(map(_GIRL_OF_CODE.__getitem__, codes))
        self.number_of = tuple(map(_NUMBER_OF_CODE.__getitem__, codes))
        self.card_bits = tuple(map(_BITS_OF_CODE.__getitem__, codes))

    # --- turn structure ----------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        # the top decision is always one seat's turn (ONE): its seats are who acts
        d = self.decisions
        return d[-1].seats if d else ()

    def is_over(self) -> bool:
        return self.over

    def candidates(self, player: int) -> list[Action]:
        """Every action of a turn's shape: Play and Discard for each card of the hand, a tell of
        every girl in the game and every number to every other seat, Cleanse 1 and 2. The
        checks below keep the legal ones."""
        g = self.game
        acts = g.hand_candidates(self.hands[player])
        acts += g.tell_candidates[self.qb][self.players][player]
        acts += g.cleanse_candidates
        return acts

    def legal_actions(self, player: int) -> list[Action]:
        """`State.legal_actions` (the candidates the checks pass), remembered. Each check reads
        little, so its results are kept by what it reads:

        - Play and Discard (`check_play`, `check_discard`): the hand → per tuple(hand);
        - a tell to seat t (`check_tell`): four flags (the final round, H.N. Elly's block on
          the teller, a numbers-only witch on top, Kyubey), t, and t's girls and numbers (the
          bits of `card_bits`) → per (flags, t, mask);
        - Cleanse (`check_cleanse`): the final round, the grief, the witch deck's size (up to
          3), Walpurgisnacht at its bottom, Walpurgisnacht defeated → per that number.

        tests/madoka/test_rules.py compares the result with the core's plain filter."""
        d = self.decisions
        if not d or d[-1].seats[0] is not player:  # (seats are small ints: one object each)
            self.check_seat(player)  # a seat that is not at the table: NoSuchSeat
            return []
        g = self.game
        hand = self.hands[player]
        acts = g.legal_hand_actions.get(tuple(hand))
        acts = list(acts) if acts is not None else g.remember_hand(self, player)
        final = self.final_turns >= 0
        wup = self.witches_up
        if final or wup or self.elly_blocked >= 0 or self.qb:
            flags = (final | (self.elly_blocked == player) << 1
                     | (bool(wup) and g.numbers_only[wup[-1]]) << 2 | self.qb << 3)
        else:
            flags = 0  # the usual case, quickly
        memo = g.legal_tells[flags]
        cbit, hands = self.card_bits, self.hands
        for t in g.others[self.players][player]:
            m = 0
            for c in hands[t]:
                m |= cbit[c]
            tells = memo[t][m]
            if tells is None:
                tells = g.remember_tells(self, player, t, flags, m)
            if tells:
                acts += tells
        wdeck = self.witch_deck
        n = len(wdeck)
        key = (final | self.grief << 1 | (n if n < 3 else 3) << 3
               | (n > 0 and wdeck[0] == WALPURGISNACHT) << 5 | self.walpurgis_defeated << 6)
        cleanses = g.legal_cleanses.get(key)
        if cleanses is None:
            cleanses = g.remember_cleanses(self, player, key)
        if cleanses:
            acts += cleanses
        return acts

    def _apply(self, player: int, action: Action) -> None:
        kind = action.kind
        if kind == "play":
            play_card(self, player, action.source)
        elif kind == "discard":
            discard_card(self, player, action.source)
        elif kind == "tell":
            what, value = action.option
            give_information(self, player, action.target, what, value)
        else:
            cleanse_soul_gem(self, player, action.option)
        self.last_told = action.target if kind == "tell" else -1
        end_turn(self)

    #: the unchecked fast path (contract: `step` = `_apply` without checks or events)
    step = _apply

    def emit(self, kind: str, text: Any = "", player: int | None = None, **kw: Any) -> None:
        """`State.emit`, every event carrying the numbers the table shows, as they are after
        it: grief markers (and their maximum), score, cards left in the girl deck and in the
        witch deck."""
        if self._events is None:
            return
        kw["counters"] = ((None, "grief", min(self.grief, rules.MAX_GRIEF)),
                          (None, "max_grief", rules.MAX_GRIEF), (None, "score", rules.score(self)),
                          (None, "deck", len(self.deck)),
                          (None, "witch_deck", len(self.witch_deck)))
        State.emit(self, kind, text, player, **kw)

    # --- queries for the table (no side effects; see also rules.py's queries) ---------------
    def prompt(self, player: int | None) -> str:
        """What is asked, in `player`'s words: the acting seat is told its choices (fewer in
        the final round or under H.N. Elly), the others who is playing."""
        if self.over:
            return "The game is over."
        who = self.seat_name(self.current)
        if player is not None and player != self.current:
            return f"{who} is playing"
        if self.final_turns >= 0:
            words = "Your final turn: play or discard"
        elif self.elly_blocked == self.current:
            words = "Play, discard or cleanse (H.N. Elly: no information this turn)"
        else:
            words = "Play, discard, give information or cleanse"
        return words if player is not None else f"{who}: {words[0].lower()}{words[1:]}"

    def what_seat_knows(self, player: int, seat: int | None = None) -> list[dict]:
        """What `seat` (default: `player` itself) knows of each card of its own hand, as
        `player` can tell: knowledge.hand_knowledge of `player`'s view."""
        return knowledge.hand_knowledge(self.view(player), seat)

    def cost(self, player: int, action: Action) -> str:
        """What `action` costs ("1 grief", "reveals 2 witches", ...): rules.cost."""
        return rules.cost(self, player, action)

    def loses(self, player: int, action: Action) -> str | None:
        """Why `action` would lose the game (ask before doing it), or None. A play warns only
        when the player cannot be sure the card fits (from what the seat knows)."""
        may_fail = True
        if action.kind == "play":
            for card in self.what_seat_knows(player):
                if card["id"] == action.source:
                    may_fail = card["playable"] is not True
        return rules.loses(self, player, action, may_fail)

    def points_at(self, player: int, action: Action) -> list[int]:
        """The cards of the target's hand a tell would point at, as `player` sees them."""
        what, value = action.option
        return rules.points_at(self, player, action.target, what, value)

    def tell_options(self, player: int, target: int) -> list[dict]:
        """The tell menu for `target`'s hand: rules.tell_options."""
        return rules.tell_options(self, player, target)

    # --- information -------------------------------------------------------------------------
    def _card(self, c: int, hidden: bool = False) -> dict:
        if hidden:
            return {"id": c, "girl": None, "number": None}
        return {"id": c, "girl": self.game.girl_ids[self.girl_of[c]], "number": self.number_of[c]}

    def _hand_card(self, c: int, hidden: bool) -> dict:
        d = self._card(c, hidden)
        ids = self.game.girl_ids
        kg, kn = self.girls_possible[c], self.numbers_possible[c]
        d["girls"] = [ids[g] for g in range(self.girl_count) if kg >> g & 1]
        d["numbers"] = [n for n in (1, 2, 3, 4) if kn >> (n - 1) & 1]
        d["clued"] = bool(self.clued[c])
        return d

    def max_score(self) -> int:
        """The best possible team score: 100, or 150 with Kyubey (ISMCTS scales rewards by it)."""
        from game.madoka.cards import max_score

        return max_score(self.game.cards.scoring, self.qb)

    def _view(self, player: int | None) -> dict:
        g = self.game
        ids = g.girl_ids
        wup = self.witches_up
        witch_ids = [w.id for w in g.witches]
        walp_bottom = bool(self.witch_deck) and self.witch_deck[0] == WALPURGISNACHT
        known_top = self.witch_deck[len(self.witch_deck) - self.returned_on_top:] if self.returned_on_top else []
        return {
            "game": g.name,
            "players": self.players,
            "seat": player,
            "current": self.current,
            "to_act": list(self.to_act()),
            "turn": self.turn,
            "qb": self.qb,
            "girls": list(ids[: self.girl_count]),
            "hands": [[self._hand_card(c, player is None or p == player) for c in hand]
                      for p, hand in enumerate(self.hands)],
            "heights": {ids[i]: len(self.rows[i]) for i in range(self.girl_count)},
            "played": {ids[i]: [self._card(c) for c in self.rows[i]] for i in range(self.girl_count)},
            "discard": [self._card(c) for c in self.discard],
            "grief": self.grief,
            "max_grief": rules.MAX_GRIEF,
            "deck": len(self.deck),
            "witch_deck": len(self.witch_deck),
            "witch_deck_known_top": [witch_ids[w] for w in known_top],
            "walpurgis_in_deck_bottom": walp_bottom,
            "witches_up": [witch_ids[w] for w in wup],
            "witches_gone": [witch_ids[w] for w in self.witches_gone],
            "top_witch": witch_ids[wup[-1]] if wup else None,
            "numbers_only": bool(wup) and g.numbers_only[wup[-1]],
            "walpurgis_on_top": bool(wup) and wup[-1] == WALPURGISNACHT,
            "walpurgis_defeated": self.walpurgis_defeated,
            "charlotte_ate_mami": self.charlotte_ate_mami,
            "elly_blocked": self.elly_blocked if self.elly_blocked >= 0 else None,
            "last_told": self.last_told if self.last_told >= 0 else None,
            "final_round": self.final_turns >= 0,
            "final_turns_left": min(self.final_turns, self.players) if self.final_turns >= 0 else None,
            "cleanse_max": 0 if self.final_turns >= 0 else cleanse_limit(self),
            "score": rules.score(self),
            "over": self.over,
            "lost": self.lost,
            "reason": self.reason,
            "rank": rules.rank(self) if self.over else None,
        }

    def determinize(self, player: int, rng: Any) -> MadokaState:
        """A full state `player` cannot tell from this one: their own hand and the girl deck get
        identities drawn from the cards they cannot see, respecting every hint; the unknown part
        of the witch deck is reshuffled; the future randomness is reseeded."""
        s = self.clone()
        s.rng = Rng(rng.next64())
        hand = self.hands[player]
        hidden = hand + self.deck
        # sorted: the pool must not remember where each identity really is
        pool = sorted(self.girl_of[c] * 4 + self.number_of[c] - 1 for c in hidden)
        wants = [(self.girls_possible[c], self.numbers_possible[c]) for c in hand]
        codes = _sample_hand(pool, wants, rng)
        all_codes = [g * 4 + n - 1 for g, n in zip(self.girl_of, self.number_of, strict=True)]
        for c, code in zip(hidden, codes, strict=True):
            all_codes[c] = code
        s.set_identities(all_codes)
        lo = 1 if self.witch_deck and self.witch_deck[0] == WALPURGISNACHT else 0
        hi = len(self.witch_deck) - self.returned_on_top
        if hi - lo > 1:
            middle = sorted(s.witch_deck[lo:hi])
            s.witch_deck[lo:hi] = map(middle.__getitem__, shuffled_order(rng, hi - lo))
        return s

    def outcome(self) -> Outcome:
        d = rules.score_details(self)
        total = d["total"]
        details = dict(d, lost=self.lost, reason=self.reason)
        winners = () if self.lost else tuple(range(self.players))
        return Outcome(winners, (float(total),) * self.players, rules.rank(self), details)

    # --- copies ------------------------------------------------------------------------------
    def clone(self) -> MadokaState:
        s = MadokaState.__new__(MadokaState)
        s.game = self.game
        s._events = None
        s.decisions = self.decisions[:]  # frames are frozen values
        s.players, s.qb, s.girl_count, s.all_girls = self.players, self.qb, self.girl_count, self.all_girls
        s.rng = Rng(self.rng.state)
        # identities never change inside one state: share them
        s.girl_of, s.number_of, s.card_bits = self.girl_of, self.number_of, self.card_bits
        s.deck = self.deck[:]
        s.hands = [h[:] for h in self.hands]
        s.girls_possible, s.numbers_possible, s.clued = self.girls_possible[:], self.numbers_possible[:], self.clued[:]
        s.rows = [r[:] for r in self.rows]
        s.discard = self.discard[:]
        s.grief, s.returned_on_top = self.grief, self.returned_on_top
        s.witch_deck, s.witches_up, s.witches_gone = self.witch_deck[:], self.witches_up[:], self.witches_gone[:]
        s.current, s.elly_blocked, s.final_turns = self.current, self.elly_blocked, self.final_turns
        s.over, s.lost, s.reason = self.over, self.lost, self.reason
        s.walpurgis_defeated, s.charlotte_ate_mami, s.turn = self.walpurgis_defeated, self.charlotte_ate_mami, self.turn
        s.last_told = self.last_told
        return s

    def to_json(self) -> dict:
        d = {k: getattr(self, k) for k in _SCALARS}
        for k in _COPIED:
            d[k] = list(getattr(self, k))
        d["game"] = self.game.name
        d["rng"] = self.rng.state
        d["decisions"] = decisions.stack_to_json(self.decisions)
        d["girl_of"], d["number_of"] = list(self.girl_of), list(self.number_of)
        d["hands"] = [list(h) for h in self.hands]
        d["rows"] = [list(r) for r in self.rows]
        return d

    @staticmethod
    def from_json(game, data: dict) -> MadokaState:
        if not isinstance(data, dict) or data.get("game") != game.name:
            raise ValueError("not a Madoka state")
        s = MadokaState(game, 0)
        try:
            for k in _SCALARS:
                setattr(s, k, data[k])
            for k in _COPIED:
                setattr(s, k, [int(x) for x in data[k]])
            s.rng = Rng(int(data["rng"]))
            s.set_identities([int(g) * 4 + int(n) - 1
                              for g, n in zip(data["girl_of"], data["number_of"], strict=True)])
            s.hands = [[int(x) for x in h] for h in data["hands"]]
            s.rows = [[int(x) for x in r] for r in data["rows"]]
            s.decisions = decisions.stack_from_json(data["decisions"])
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise ValueError(f"malformed Madoka state ({e})") from None
        return s

    def card_ids(self) -> list[int]:
        ids = self.deck + self.discard
        for h in self.hands:
            ids += h
        for r in self.rows:
            ids += r
        return ids

    def zones(self) -> dict[str, list[int]]:
        z = {"deck": list(self.deck), "discard": list(self.discard)}
        for p, h in enumerate(self.hands):
            z[f"hand:{p}"] = list(h)
        for i, r in enumerate(self.rows):
            z[f"row:{i}"] = list(r)
        return z


def _sample_hand(pool: list[int], wants: list[tuple[int, int]], rng) -> list[int]:
    """Identity codes (girl*4 + number-1) for the hidden cards: the first len(wants) fit the
    hint masks of the viewer's hand, the rest (the deck) take what is left in random order."""
    k = len(wants)

    def fits(code: int, want: tuple[int, int]) -> bool:
        return bool(want[0] >> (code >> 2) & 1 and want[1] >> (code & 3) & 1)

    # Sequential sampling: in a random order of the pool, each hand card takes the first code
    # its hints allow (a uniform pick among those); restarted on a dead end.
    for _ in range(30):
        rest = list(map(pool.__getitem__, shuffled_order(rng, len(pool))))
        chosen = []
        for gm, nm in wants:
            for i, code in enumerate(rest):
                if gm >> (code >> 2) & 1 and nm >> (code & 3) & 1:
                    chosen.append(rest.pop(i))
                    break
            else:
                break
        else:
            return chosen + rest
    # Rare tight hints: depth-first search over distinct codes (the real hand always fits).
    counts: dict[int, int] = {}
    for code in pool:
        counts[code] = counts.get(code, 0) + 1
    chosen = []

    def search(i: int) -> bool:
        if i == k:
            return True
        for code in list(counts):
            if counts[code] and fits(code, wants[i]):
                counts[code] -= 1
                chosen.append(code)
                if search(i + 1):
                    return True
                chosen.pop()
                counts[code] += 1
        return False

    if not search(0):  # pragma: no cover - impossible for a consistent state
        raise ValueError("no deal fits the hints")
    rest = [code for code, n in counts.items() for _ in range(n)]
    return chosen + list(map(rest.__getitem__, shuffled_order(rng, len(rest))))


# --- the checks: why an action is illegal (None: it is legal) ------------------------------------
# One per action kind: `legal_actions` keeps the candidates they pass, `apply` raises their
# reason. Whose turn it is and whether the game is over are checked by the base class.

def check_play(s: MadokaState, player: int, action: Action) -> str | None:
    """Play a card from your own hand to the girls' rows."""
    return _check_card(s, player, action, "play")


def check_discard(s: MadokaState, player: int, action: Action) -> str | None:
    """Discard a card from your own hand."""
    return _check_card(s, player, action, "discard")


def _check_card(s: MadokaState, player: int, action: Action, kind: str) -> str | None:
    c = action.source
    if action.target != kind:
        return f"A card to {kind} goes to the {kind} zone."
    if c in s.hands[player]:
        return None
    for p, hand in enumerate(s.hands):
        if c in hand:
            return f"That card is in {s.seat_name(p)}'s hand, not yours."
    return "That card is not in your hand."


def check_tell(s: MadokaState, player: int, action: Action) -> str | None:
    """Give information: one girl or one number, to another seat, pointing at a card (D3)."""
    g = s.game
    if s.final_turns >= 0:
        return "Only Play or Discard is allowed in the final round."
    t = action.target
    if type(t) is not int or not 0 <= t < s.players:
        return "Give information to another player at the table."
    if t == player:
        return "You cannot give information about your own hand."
    if s.elly_blocked == player:
        return "You cannot give information: H.N. Elly forbids it this turn."
    opt = action.option
    if not (isinstance(opt, tuple) and len(opt) == 2 and opt[0] in ("girl", "number")):
        return "Information names one girl or one number."
    what, value = opt
    if what == "girl":
        if (not isinstance(value, str) or value not in g.girl_index
                or g.girl_index[value] >= s.girl_count):
            return f"{value!r} is not a girl in this game."
        if s.witches_up and g.numbers_only[s.witches_up[-1]]:
            witch = g.witches[s.witches_up[-1]]
            return f"{witch.name} is on top: information may name numbers only."
        gi = g.girl_index[value]
        if not any(s.girl_of[c] == gi for c in s.hands[t]):
            return (f"{g.girl_names[gi]} has no cards in {s.seat_name(t)}'s hand: "
                    "information must point at a card.")
        return None
    if value not in (1, 2, 3, 4) or isinstance(value, bool):
        return "Numbers go from 1 to 4."
    if not any(s.number_of[c] == value for c in s.hands[t]):
        return f"{s.seat_name(t)} has no {value}s: information must point at a card."
    return None


def check_cleanse(s: MadokaState, player: int, action: Action) -> str | None:
    """Cleanse 1 or 2 grief markers, revealing as many witches (D12)."""
    n = action.option
    if s.final_turns >= 0:
        return "Only Play or Discard is allowed in the final round."
    if action.target != "soulgem":
        return "Cleansing is done on the Soul Gem."
    if n not in (1, 2) or isinstance(n, bool):
        return "You may cleanse 1 or 2 grief markers."
    if not s.grief:
        return "The Soul Gem has no grief to cleanse."
    if not s.witch_deck:
        return "The witch deck is empty: there is nothing to cleanse against."
    limit = cleanse_limit(s)
    if limit == 0:
        return ("Only the defeated Walpurgisnacht is left in the witch deck: nothing to cleanse "
                "against.")
    if n > s.grief:
        return f"Cleanse {n} is not possible: the Soul Gem has only {s.grief} grief marker."
    if n > len(s.witch_deck):
        return f"Cleanse {n} is not possible: only {len(s.witch_deck)} witch left."
    return None


MadokaState.checks = {"play": check_play, "discard": check_discard, "tell": check_tell,
                      "cleanse": check_cleanse}
