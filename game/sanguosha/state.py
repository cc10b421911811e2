"""The Sanguosha game state: plain lists, ints and tuples in declared fields (the core
generates clone and JSON from them, game/core/fields.py).

Card instance ids are positions in `CardSet.cards` (0–103 standard, 104–107 EX). Where the
rules are in the middle of resolving something, the core flow's two stacks say so, both plain
data: `agenda`, the procedures still to run, innermost last, each a frame `(step, *args)`
(spec D39: interrupts nest, the innermost finishes first), and `decisions`, the question the
rules wait on now. `marks` holds this turn's marks (a phase to skip, Bare-Chested, a delayed
trick already judged), by seat or card instance.

`uses` holds each card being used (user, kind, real cards, targets, per-target marks) by use id;
`flags` holds the results one step leaves for the next (a Dodge given, a judgement card, a
chain's parity), keyed by strings such as "dodge:7:2".
"""

from __future__ import annotations

from typing import Any

from game.core import decisions
from game.core import fields as F
from game.core.contract import Action, Outcome
from game.core.flow import FlowState
from game.core.rng import Rng
from game.sanguosha import ending
from game.sanguosha import rules as rulebook
from game.sanguosha.cards import EQUIP_SLOTS
from game.sanguosha.distance import attack_range, dist
from game.sanguosha.effects import check_registry
from game.sanguosha.hooks import PUTS_AWAY

#: the state's own fields and their shapes (the flow adds players, decisions, version,
#: next_step, agenda, raised, marks and conceded)
FIELDS = {
    "rng": F.RNG,
    # per seat
    "gen": F.LIST, "picks": F.LIST, "identity": F.LIST, "revealed": F.LIST, "hp": F.LIST,
    "max_hp": F.LIST, "alive": F.LIST,
    "hand": F.LISTS, "equip": F.LISTS, "judge": F.LISTS, "offers": F.LISTS, "looking": F.LISTS,
    # piles and records
    "draw": F.LIST, "discard": F.LIST, "processing": F.LIST, "pool": F.LIST, "deaths": F.LIST,
    "shown": F.LIST, "reshuffled": F.LIST, "ledger": F.LIST,
    "phase_used": F.DICT, "flags": F.DICT, "uses": F.DICT_OF_DICTS,
    # the table
    "current": F.VALUE, "phase": F.VALUE, "turn": F.VALUE, "reshuffles": F.VALUE,
    "next_uid": F.VALUE, "over": F.VALUE, "result": F.VALUE, "winners": F.VALUE,
    "lord": F.VALUE, "ex": F.VALUE, "four_player": F.VALUE, "two_renegades": F.VALUE,
    "stalemate_guard": F.VALUE, "human_lord": F.VALUE,
}

#: the card sets whose effect registry has been matched against them
_CHECKED: set[int] = set()

#: (seat, general id) -> "P3 Cao Cao" (names are asked for on every label and log line)
_SEAT_NAMES: dict[tuple[int, str], str] = {}


def checked(cs):
    """The card set, once its effect registry has been matched against it: every kind and
    skill has its handlers and every handler its card or skill (CardDataError otherwise)."""
    if id(cs) not in _CHECKED:
        check_registry(cs)
        _CHECKED.add(id(cs))
    return cs


def _lists(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_lists(v) for v in value]
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    return value


class SanguoshaState(FlowState):
    __slots__ = ("cs", "_cache", "_memo") + tuple(FIELDS)
    fields = FIELDS
    rules = rulebook.rules
    #: a seat that concedes is played by a bot from then on and wins nothing (D42)
    concedable = True

    def __init__(self, game, players: int) -> None:
        super().__init__(game, players)
        self.cs = checked(game.card_set())
        self.rng = Rng(0)
        n = players
        self.gen = [""] * n
        self.picks = [""] * n  # generals chosen in secret, shown when everyone has chosen
        self.identity = [""] * n
        self.revealed = [False] * n
        self.hp = [0] * n
        self.max_hp = [0] * n
        self.alive = [True] * n
        self.hand = [[] for _ in range(n)]
        self.equip = [[-1] * len(EQUIP_SLOTS) for _ in range(n)]
        self.judge = [[] for _ in range(n)]  # (card, kind) pairs in the order placed
        self.offers = [[] for _ in range(n)]
        self.looking = [[] for _ in range(n)]  # cards only this seat sees (Stargazing, Legacy)
        self.draw: list[int] = []  # top of the pile is the end of the list
        self.discard: list[int] = []
        self.processing: list[int] = []
        self.pool: list[int] = []  # revealed for the targets to take one each (Amazing Grace)
        self.shown: list[int] = []  # hand cards everyone saw arrive (stay known while held)
        self.reshuffled: list[int] = []  # the discard pile everyone saw become the draw pile
        #: who harmed (+) or helped (−) whom, seat a * players + b: public, for the bots
        self.ledger: list[int] = [0] * (n * n)
        self.deaths: list[tuple] = []  # (seat, killer or -1, cause)
        self.phase_used: dict[str, int] = {}  # this play phase's counts (Slashes, skills)
        self.flags: dict[str, Any] = {}
        self.uses: dict[str, dict] = {}
        self.current = 0
        self.phase = "generals"
        self.turn = 0
        self.reshuffles = 0
        self.next_uid = 0
        self.over = False
        self.result = ""
        self.winners: tuple[int, ...] = ()
        self.lord = 0
        self.ex = True
        self.four_player = "1/1/2/0"
        self.two_renegades = False
        self.stalemate_guard = True
        self.human_lord = False
        #: [version, seat, candidates, their set] of the position now (see `candidates`)
        self._cache: list | None = None
        #: per-position values (seat facts); None while an action is being applied
        self._memo: dict | None = {}

    # --- contract: turn structure -----------------------------------------------------------
    def candidates(self, player: int) -> list[Action]:
        """The answers of the right shape to the question now, worked out once per position
        (the checks and `apply` ask again)."""
        c = self._cache
        if c is None or c[0] != self.version or c[1] != player:
            c = self._cache = [self.version, player, FlowState.candidates(self, player), None]
        return c[2]

    def offered_now(self, player: int) -> frozenset[Action]:
        """The candidates as a set, for the checks of answers built legal."""
        self.candidates(player)
        c = self._cache
        if c[3] is None:
            c[3] = frozenset(c[2])
        return c[3]

    def _apply(self, player: int, action: Action) -> None:
        self._cache = None
        self._memo = None  # the rules change the state between steps: nothing is cached
        try:
            super()._apply(player, action)
        finally:
            self._cache = None
            self._memo = {}

    def concede(self, player: int) -> None:
        """D42: the game goes on unchanged; the seat (played by a bot from now on, the table
        sees to that) is left out of the winners when the game ends (`ending.end_game`)."""

    def default_answer(self, player: int) -> Action:
        """Out of time: end the play phase; elsewhere pass, decline or say Done where one may,
        else the first answer offered (a discard down to the hand limit: the lowest card)."""
        if self.decisions[-1].kind == "play":
            return rulebook.END
        return super().default_answer(player)

    def _clean(self) -> None:
        super()._clean()
        self.cs = self.game.card_set()
        self._cache = None
        self._memo = {}

    def forget(self) -> None:
        """Drop the values cached for the position (call after changing the state by hand;
        unlike `changed` it leaves `version`, so a state compares equal to its saved self)."""
        self._legal = None
        self._cache = None
        self._memo = {}

    def prompt(self, player: int | None) -> str:
        if self.over:
            return "The game is over."
        return super().prompt(player)

    def seat_name(self, player: int) -> str:
        key = (player, self.gen[player])
        got = _SEAT_NAMES.get(key)
        if got is None:
            g = self.gen[player]
            got = _SEAT_NAMES[key] = f"P{player + 1} {self.cs.general(g).name}" if g \
                else f"P{player + 1}"
        return got

    @property
    def rounds(self) -> int:
        return self.turn

    # --- information ------------------------------------------------------------------------
    def _view(self, player: int | None) -> dict:
        seats = []
        for p in range(self.players):
            known = self.revealed[p] or p == player
            seats.append({
                "general": self.gen[p] or (self.picks[p] if p == player else ""),
                "picked": bool(self.gen[p] or self.picks[p]),
                "hp": self.hp[p], "max_hp": self.max_hp[p], "alive": self.alive[p],
                "identity": self.identity[p] if known else "",
                "hand": len(self.hand[p]), "equip": list(self.equip[p]),
                "known": sorted(c for c in self.hand[p] if c in self.shown),
                "judge": [list(j) for j in self.judge[p]],
            })
        frame = decisions.top(self)
        d = None
        if frame is not None:
            d = {"kind": frame.kind, "seats": list(frame.waiting_for()),
                 "prompt": frame.words(self.seat_name)}
            if player is not None and frame.asks(player) and frame.how != decisions.SECRET:
                d["options"] = _lists(frame.options)
                d["context"] = _lists(frame.context)
        return {
            "phase": self.phase, "current": self.current, "turn": self.turn,
            "draw": len(self.draw), "discard": list(self.discard),
            # "ag": the revealed pool, named for the table scene (Amazing Grace's cards)
            "processing": list(self.processing), "ag": list(self.pool),
            "reshuffled": list(self.reshuffled), "ledger": list(self.ledger),
            "seats": seats, "decision": d, "deaths": _lists(self.deaths),
            "hand": list(self.hand[player]) if player is not None else None,
            "offer": list(self.offers[player]) if player is not None else None,
            "looking": list(self.looking[player]) if player is not None else None,
            "slashes": self.phase_used.get("slash", 0),
            # from the seat's place at the table (public): its distance to each seat, its range
            "distances": [0 if p == player or not (self.alive[p] and self.alive[player])
                          else dist(self, player, p) for p in range(self.players)]
            if player is not None else None,
            "attack_range": attack_range(self, player) if player is not None else None,
            "over": self.over, "result": self.result, "winners": list(self.winners),
        }

    def determinize(self, player: int, rng: Any) -> SanguoshaState:
        """Hidden parts dealt anew from what `player` knows: other hands and the draw pile,
        the identities not yet revealed, the generals offered to others and their secret picks,
        what others are looking at; then the state's own RNG is reseeded."""
        st = self.clone()
        others = [q for q in range(self.players) if q != player]
        # cards: other seats' hands, their private looks and the draw pile are one unknown pool
        pool = list(self.draw)
        for q in others:
            pool.extend(c for c in self.hand[q] if c not in self.shown)
            pool.extend(self.looking[q])
        pool.sort()
        rng.shuffle(pool)
        for q in others:
            known = [c for c in self.hand[q] if c in self.shown]
            n = len(self.hand[q]) - len(known)
            st.hand[q] = known + pool[:n]
            del pool[:n]
            m = len(self.looking[q])
            st.looking[q] = pool[:m]
            del pool[:m]
        st.draw = pool
        # identities: the unrevealed ones of other seats are shuffled among them
        hidden = [q for q in others if not self.revealed[q]]
        ids = sorted(self.identity[q] for q in hidden)
        rng.shuffle(ids)
        for q, ident in zip(hidden, ids, strict=True):
            st.identity[q] = ident
        rulebook.determinize_generals(self, st, player, rng)
        st.rng = Rng(rng.next64())
        return st

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome:
        return ending.outcome(self)

    def zones(self) -> dict[str, list[int]]:
        z = {"deck": list(self.draw), "discard": list(self.discard),
             "processing": list(self.processing), "revealed": list(self.pool)}
        for p in range(self.players):
            z[f"hand:{p}"] = list(self.hand[p])
            z[f"equipment:{p}"] = [c for c in self.equip[p] if c >= 0]
            z[f"judgement area:{p}"] = [c for c, _ in self.judge[p]]
            z[f"looking:{p}"] = list(self.looking[p])
        return z

    def resolving(self) -> bool:
        """A used card is still resolving, or a judgement card has not yet been put away."""
        return not self.over and bool(self.uses) or any(t[0] in PUTS_AWAY for t in self.agenda)

    def card_ids(self) -> list[int]:
        ids = self.draw + self.discard + self.processing + self.pool
        for p in range(self.players):
            ids = ids + self.hand[p] + [c for c in self.equip[p] if c >= 0]
            ids += [c for c, _ in self.judge[p]] + self.looking[p]
        return ids
