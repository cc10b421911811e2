"""The Hermitcraft game state: plain ints and lists, copied and saved from declared fields.

Card instances: seat p's 42 deck cards are ids 42p .. 42p+41; `defs[iid]` is the card id.
Each seat has 5 rows (spec "The board", D4): `hermit[p][r]`, `effect[p][r]` (instance id or
-1), `items[p][r]` (up to 3 instance ids), `hp[p][r]`, `dot[p][r]` (burn or poison) and
`sleep[p][r]` (owner's turn starts until the Hermit wakes). `active[p]` is the active row or -1.
What a card remembers between moments (Deathloop armed, a Bed's sleeper, Fortune's heads, a
Spyglass look) is in `marks` (board.py says whose), never in a field named after the card.
What happens lives in rules.py (run by the core flow); this file only keeps and shows the state.
"""

from __future__ import annotations

from typing import Any

from game.core import decisions
from game.core import fields as F
from game.core.contract import Action, Outcome
from game.core.flow import CONCEDE, FlowState, marked
from game.core.rng import Rng
from game.hermitcraft.board import BURN, DOT_NAMES, ITEM_SLOTS, NONE, POISON, ROWS, SEES_HAND
from game.hermitcraft.rules import OUT_OF_TIME, rules

__all__ = ["BURN", "DOT_NAMES", "ITEM_SLOTS", "NONE", "POISON", "ROWS", "HermitState"]

_SCALARS = ("turn", "current", "first", "skipping", "item_played", "su_used", "grant",
            "su_after", "acted", "attacked", "su_slot", "su_ready", "su_granted",
            "ignore_side", "over_reason", "reward", "deck_rules", "winners")
#: one value per seat
_PER_SEAT = ("active", "lives", "placed", "skip_next", "skipped")
#: one list per seat (piles, and per-row lists of 5)
_SEAT_LISTS = ("decks", "hands", "discards", "hermit", "effect", "hp", "dot", "sleep")
#: flat lists of ints
_FLAT = ("defs", "taken_back", "fired", "ignored")
#: lists of small lists
_NESTED = ("coins", "pending")


class HermitState(FlowState):
    __slots__ = (("cs", "made", "rng", "items", "attack", "budget", "absorbed") + _SCALARS
                 + _PER_SEAT + _SEAT_LISTS + _FLAT + _NESTED)

    rules = rules
    concedable = True
    fields = {
        **{k: F.VALUE for k in _SCALARS}, **{k: F.LIST for k in _PER_SEAT + _FLAT},
        **{k: F.LISTS for k in _SEAT_LISTS + _NESTED},
        "rng": F.RNG, "items": F.GRID, "attack": F.DICT, "budget": F.DICT_OF_LISTS,
        "absorbed": F.DICT,
        # the card set, and rules._made's Actions offered to each seat: shared by copies
        "cs": F.CACHE, "made": F.CACHE,
    }

    def __init__(self, game, players: int = 2) -> None:
        super().__init__(game, players)
        self.cs = game.card_set()
        self.made: list[dict] = [{}, {}]
        self.rng = Rng(0)
        self.items: list[list[list[int]]] = [[[] for _ in range(ROWS)] for _ in range(2)]
        #: the attack being resolved (plain immutable values), {} between attacks
        self.attack: dict = {}
        for key in _SCALARS:
            setattr(self, key, 0)
        self.winners: tuple | None = None
        self.su_slot, self.ignore_side, self.over_reason = -1, -1, ""
        self.reward, self.deck_rules = False, "rarity"
        for key in _PER_SEAT:
            setattr(self, key, [0, 0])
        self.active = [-1, -1]
        for key in ("decks", "hands", "discards"):
            setattr(self, key, [[], []])
        for key in ("hermit", "effect"):
            setattr(self, key, [[-1] * ROWS for _ in range(2)])
        for key in ("hp", "dot", "sleep"):
            setattr(self, key, [[0] * ROWS for _ in range(2)])
        for key in _FLAT + _NESTED:
            setattr(self, key, [])
        self.budget: dict[int, list[int]] = {}
        #: what each card absorbed of this action's hits (a Shield is used up after it)
        self.absorbed: dict[int, int] = {}

    def _clean(self) -> None:
        super()._clean()
        if self.cs is None:  # after a load: the caches start again
            self.cs = self.game.card_set()
            self.made = [{}, {}]

    # --- the contract --------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.winners is not None

    def outcome(self) -> Outcome:
        winners = tuple(self.winners or ())
        scores = tuple(1.0 if p in winners else 0.0 for p in range(2))
        if winners == (0, 1) or not winners:
            scores, winners = (0.5, 0.5), ()
        return Outcome(winners, scores, details={
            "turns": self.turn, "lives": list(self.lives), "reason": self.over_reason,
            "draw": not winners})

    def concede(self, player: int) -> None:
        """Surrender (D24): the other player wins at once. Any seat, any time (the flow's
        CONCEDE action has recorded it)."""
        self.winners = (1 - player,)
        self.over_reason = f"{self.seat_name(player)} surrendered"
        self.decisions.clear()

    def surrender(self, player: int) -> None:
        """Surrender through the flow's CONCEDE action (game/local_session.py still calls
        this); nothing once the game is over."""
        if not self.is_over():
            self.apply(player, Action(CONCEDE))

    def default_answer(self, player: int) -> Action:
        """The turn timer ran out (D23): a pending choice takes its first legal answer (a new
        active Hermit: the lowest row), else the turn ends; a player with no Hermit on the
        board loses."""
        legal = self.legal_actions(player)
        if self.decisions[-1].kind != "turn":
            return legal[0]
        end = next((a for a in legal if a.kind == "end_turn"), None)
        return end if end is not None else OUT_OF_TIME

    @property
    def rounds(self) -> int:
        return self.turn

    def prompt(self, player: int | None) -> str:
        if self.is_over():
            return "The game is over."
        top = decisions.top(self)
        return top.words(self.seat_name) if top is not None else ""

    # --- cards ------------------------------------------------------------------------------
    def card(self, iid: int):
        """The card definition of instance `iid`."""
        return self.cs.by_id[self.defs[iid]]

    def name(self, iid: int) -> str:
        return self.card(iid).name

    def card_ids(self) -> list[int]:
        ids = []
        for p in range(2):
            ids += self.decks[p] + self.hands[p] + self.discards[p]
            for r in range(ROWS):
                for slot in (self.hermit[p][r], self.effect[p][r]):
                    if slot >= 0:
                        ids.append(slot)
                ids += self.items[p][r]
        if self.su_slot >= 0:
            ids.append(self.su_slot)
        return ids

    def zones(self) -> dict[str, list[int]]:
        z: dict[str, list[int]] = {}
        for p in range(2):
            z[f"deck:{p}"] = list(self.decks[p])
            z[f"hand:{p}"] = list(self.hands[p])
            z[f"discard:{p}"] = list(self.discards[p])
            for r in range(ROWS):
                z[f"row:{p}:{r}"] = [c for c in (self.hermit[p][r], self.effect[p][r])
                                     if c >= 0] + list(self.items[p][r])
        z["single-use slot"] = [self.su_slot] if self.su_slot >= 0 else []
        return z

    # --- what a seat may see ----------------------------------------------------------------
    def _view(self, player: int | None) -> dict:
        from game.hermitcraft.attacks import expected_damage

        def cards(pile):
            return [[c, self.defs[c]] for c in pile]

        def board(p):
            return [{"hermit": _shown(self, self.hermit[p][r]),
                     "effect": _shown(self, self.effect[p][r]),
                     "items": cards(self.items[p][r]), "hp": self.hp[p][r],
                     "status": DOT_NAMES.get(self.dot[p][r], ""), "sleep": self.sleep[p][r]}
                    for r in range(ROWS)]

        top = decisions.top(self)
        seats = []
        for p in range(2):
            sees_hand = player == p or (player is not None and p != player
                                        and marked(self, player, SEES_HAND) == self.turn)
            seats.append({
                "lives": self.lives[p], "active": self.active[p], "rows": board(p),
                "deck": len(self.decks[p]), "hand_size": len(self.hands[p]),
                "hand": cards(self.hands[p]) if sees_hand else None,
                "discard": cards(self.discards[p]),
                # the seat's skips (D29) and what the cards marked on it (card memory)
                "markers": {"skip_next": self.skip_next[p], "skipped": self.skipped[p],
                            **{name: _plain(v) for (who, name), v in self.marks.items()
                               if who == p}},
            })
        return {
            "turn": self.turn, "current": self.current, "first": self.first,
            "seats": seats,
            "single_use": _shown(self, self.su_slot), "single_use_ready": self.su_ready,
            "turn_flags": {"item_played": self.item_played, "single_use_used": self.su_used,
                           "acted": self.acted, "attacked": self.attacked,
                           "skipped_turn": self.skipping,
                           "grant": self.grant},
            "coins": [_plain(c) for c in self.coins],
            # what the cards marked on card instances: [instances, name, value]
            "card_marks": [[list(who[1:]), name, _plain(v)] for (who, name), v
                           in self.marks.items() if type(who) is tuple],
            "ignored": list(self.ignored),
            "ignore_side": self.ignore_side,
            "decision": top.public(player) if top is not None else None,
            "prompt": self.prompt(player),
            # what each attack of the Hermit to act would deal (the table labels its buttons)
            "attack_damage": {w: expected_damage(self, self.current, w)
                              for w in ("primary", "secondary")},
            "winners": None if self.winners is None else list(self.winners),
        }

    def determinize(self, player: int, rng: Any) -> HermitState:
        """Deal again what `player` cannot see: the opponent's hand and deck (one pool; the
        hand stays as seen after a Spyglass), and the order of `player`'s own deck."""
        st = self.clone()
        other = 1 - player
        own = sorted(self.decks[player])
        rng.shuffle(own)
        st.decks[player] = own
        if marked(self, player, SEES_HAND) == self.turn:
            pool = sorted(self.decks[other])
            rng.shuffle(pool)
            st.decks[other] = pool
        else:
            pool = sorted(self.decks[other] + self.hands[other])
            rng.shuffle(pool)
            n = len(self.hands[other])
            if not self.placed[other] and n:
                # an opening hand always holds a Hermit (D5): everyone knows that much
                hermits = [i for i, c in enumerate(pool) if self.card(c).kind == "hermit"]
                if hermits and hermits[0] >= n:
                    j = hermits[0]
                    k = rng.below(n)
                    pool[k], pool[j] = pool[j], pool[k]
            st.hands[other] = pool[:n]
            st.decks[other] = pool[n:]
        st.rng = Rng(rng.next64())
        st.made = [{}, {}]
        st.made[player] = self.made[player]  # what the other seat was offered stays unseen
        return st


def _shown(st: HermitState, iid: int) -> list | None:
    return None if iid < 0 else [iid, st.defs[iid]]


def _plain(value: Any) -> Any:
    """A JSON-safe deep copy (tuples become lists)."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
