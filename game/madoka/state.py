"""The Madoka game state (spec: docs/rules/madoka.md): flat lists of ints declared in
`fields` (the core generates clone and JSON from them), views and determinization.

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
frame for that seat; empty when the game is over). The four action kinds that answer it, each
with its candidates and its check, are declared in game/madoka/rules.py; the core flow
(game/core/flow.py) gives `legal_actions`, `apply` and `step` from them.

MadokaState attributes (read them, never write them outside game/madoka)
-----------------------------------------------------------------------
players, variant     seat count; Kyubey variant on (the game's option "qb")?
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
last_told            the seat the previous action gave information to, or -1 (public: the
                     conventions of the AI teammates read a tell differently right after it)
final_turns          -1 before the final round; then turns left (counting down to 0)
over, lost, reason   game over?; lost to the Soul Gem?; one sentence why it ended
walpurgis_defeated   Walpurgisnacht defeated at least once (20 points)
turn                 turn number, from 1
marks                what the witches remember (game/core/flow.py): a seat H.N. Elly forbids to
                     tell (rules.NO_TELLS), Charlotte having eaten Mami (rules.ATE_MAMI)

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

from game.core import fields as F
from game.core.contract import Action, Outcome, State
from game.core.flow import FlowState, marked
from game.core.rng import Rng
from game.madoka import knowledge, rules
from game.madoka.rules import WALPURGISNACHT, cleanse_limit, shuffled_order
from game.madoka.rules import rules as madoka_rules

# identity code (girl * 4 + number - 1) -> girl index, number, girl bit | number bit
_GIRL_OF_CODE = tuple(code >> 2 for code in range(24))
_NUMBER_OF_CODE = tuple((code & 3) + 1 for code in range(24))
_BITS_OF_CODE = tuple(1 << (code >> 2) | 1 << (6 + (code & 3)) for code in range(24))


class MadokaState(FlowState):
    """Made by `MadokaGame.new_state` (rules.setup) or `setups.make_state`, as
    `MadokaState(game, players)` and then filled in. Run by the core flow with the rules of
    game/madoka/rules.py; copied and saved from `fields`."""

    __slots__ = ("variant", "girl_count", "all_girls", "rng", "girl_of", "number_of", "card_bits",
                 "deck", "hands", "girls_possible", "numbers_possible", "clued", "rows",
                 "discard", "grief", "witch_deck", "returned_on_top", "witches_up",
                 "witches_gone", "current", "final_turns", "over", "lost",
                 "reason", "walpurgis_defeated", "turn", "last_told")

    rules = madoka_rules
    concedable = True  # D13
    fields = {"variant": F.VALUE, "girl_count": F.VALUE, "all_girls": F.VALUE, "rng": F.RNG,
              # identities never change inside one state: tuples, shared by clones
              "girl_of": F.VALUE, "number_of": F.VALUE, "card_bits": F.VALUE,
              "deck": F.LIST, "hands": F.LISTS, "girls_possible": F.LIST,
              "numbers_possible": F.LIST, "clued": F.LIST, "rows": F.LISTS, "discard": F.LIST,
              "grief": F.VALUE, "witch_deck": F.LIST, "returned_on_top": F.VALUE,
              "witches_up": F.LIST, "witches_gone": F.LIST, "current": F.VALUE,
              "final_turns": F.VALUE, "over": F.VALUE, "lost": F.VALUE,
              "reason": F.VALUE, "walpurgis_defeated": F.VALUE,
              "turn": F.VALUE, "last_told": F.VALUE}

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

    #: (the contract's `step` is `_apply` unchecked and silent: without the call between)
    step = FlowState._apply

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
        elif marked(self, self.current, rules.NO_TELLS) is not None:
            words = (f"Play, discard or cleanse ({marked(self, self.current, rules.NO_TELLS)}: "
                     "no information this turn)")
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
        if rules.loses(self, player, action, may_fail) is None:
            return None  # not even a misfit would lose: no need to work out what it knows
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

        return max_score(self.game.cards.scoring, self.variant)

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
            **g.shown_options(self),
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
            "charlotte_ate_mami": bool(marked(self, rules.GAME_MARKS, rules.ATE_MAMI)),
            "elly_blocked": rules.blocked_teller(self),
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

    # --- table actions (the core flow's concede and timeout) ---------------------------------
    def concede(self, player: int) -> None:
        """D13: a player who concedes ends the game at once as the team's defeat, as when the
        third grief marker is placed (score 0, rank "Witch")."""
        rules.loss(self, f"{self.seat_name(player)} conceded: the magical girl becomes a witch "
                         "and the team loses.")

    def default_answer(self, player: int) -> Action:
        """A seat out of time discards its oldest card: the one move that never adds a grief
        marker (a tell always does, a play may). None to discard: the first legal move."""
        legal = self.legal_actions(player)
        return next((a for a in legal if a.kind == "discard"), legal[0])

    def outcome(self) -> Outcome:
        d = rules.score_details(self)
        total = d["total"]
        details = dict(d, lost=self.lost, reason=self.reason, conceded=list(self.conceded))
        winners = () if self.lost else tuple(range(self.players))
        return Outcome(winners, (float(total),) * self.players, rules.rank(self), details)

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
