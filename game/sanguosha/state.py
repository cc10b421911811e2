"""The Sanguosha game state: plain lists, ints and tuples, a hand-written clone, exact JSON.

Card instance ids are positions in `CardSet.cards` (0–103 standard, 104–107 EX). Where the
rules are in the middle of resolving something, two stacks say so, both plain data:

- `tasks`: the procedures still to run, innermost last, each a tuple `(step, *args)` naming a
  function in rules.STEPS (spec D39: interrupts nest, the innermost finishes first);
- `decisions` (the core's stack): the question the rules wait on now.

`uses` holds each card being used (user, kind, real cards, targets, per-target marks) by use id;
`flags` holds the results one step leaves for the next (a Dodge given, a judgement card, a
chain's parity), keyed by strings such as "dodge:7:2".
"""

from __future__ import annotations

from typing import Any

from game.core import decisions
from game.core.contract import Action, Outcome, State
from game.core.rng import Rng
from game.sanguosha import rules
from game.sanguosha.cards import EQUIP_SLOTS

#: per-seat lists of plain values (copied with list())
_SEAT_VALUES = ("gen", "picks", "identity", "revealed", "hp", "max_hp", "alive")
#: per-seat lists of lists
_SEAT_LISTS = ("hand", "equip", "judge", "offers", "looking")
_PILES = ("draw", "discard", "processing", "ag", "deaths", "tasks", "pending", "shown",
          "reshuffled", "ledger")
_DICTS = ("marks", "phase_used", "flags")
_SCALARS = ("current", "phase", "turn", "reshuffles", "next_uid", "over", "result", "lord",
            "ex", "four_player", "two_renegades", "stalemate_guard", "human_lord")


#: (seat, general id) -> "P3 Cao Cao" (names are asked for on every label and log line)
_SEAT_NAMES: dict[tuple[int, str], str] = {}


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def _lists(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_lists(v) for v in value]
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    return value


class SanguoshaState(State):
    __slots__ = ("cs", "rng", "uses", "winners", "_cache", "_memo") + _SEAT_VALUES + _SEAT_LISTS + _PILES \
        + _DICTS + _SCALARS

    def __init__(self, game, players: int) -> None:
        super().__init__(game, players)
        self.cs = game.card_set()
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
        self.ag: list[int] = []  # Amazing Grace's revealed cards (public)
        self.shown: list[int] = []  # hand cards everyone saw arrive (stay known while held)
        self.reshuffled: list[int] = []  # the discard pile everyone saw become the draw pile
        #: who harmed (+) or helped (−) whom, seat a * players + b: public, for the bots
        self.ledger: list[int] = [0] * (n * n)
        self.deaths: list[tuple] = []  # (seat, killer or -1, cause)
        self.tasks: list[tuple] = []
        self.pending: list[tuple] = []  # triggers raised by the step now running
        self.marks: dict[str, int] = {}  # this turn's marks (Bare-Chested, skip play, ...)
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
        self._cache = None  # (seat, candidates) of the position now; dropped on every change
        self._memo: dict = {}  # per-position values (seat facts), dropped on every change

    # --- contract: turn structure -----------------------------------------------------------
    checks = rules.CHECKS

    def candidates(self, player: int) -> list[Action]:
        return rules.candidate_list(self, player)

    def legal_actions(self, player: int) -> list[Action]:
        self.check_seat(player)
        if player not in self.to_act():
            return []
        return rules.legal_list(self, player)

    def _apply(self, player: int, action: Action) -> None:
        self.forget()
        try:
            rules.answer(self, player, action)
            rules.run(self)
        finally:
            self.forget()

    def forget(self) -> None:
        """Drop the values cached for the position (call after changing the state by hand)."""
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
            "processing": list(self.processing), "ag": list(self.ag),
            "reshuffled": list(self.reshuffled), "ledger": list(self.ledger),
            "seats": seats, "decision": d, "deaths": _lists(self.deaths),
            "hand": list(self.hand[player]) if player is not None else None,
            "offer": list(self.offers[player]) if player is not None else None,
            "looking": list(self.looking[player]) if player is not None else None,
            "slashes": self.phase_used.get("slash", 0),
            # from the seat's place at the table (public): its distance to each seat, its range
            "distances": [0 if p == player or not (self.alive[p] and self.alive[player])
                          else rules.dist(self, player, p) for p in range(self.players)]
            if player is not None else None,
            "attack_range": rules.attack_range(self, player) if player is not None else None,
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
        rules.determinize_generals(self, st, player, rng)
        st.rng = Rng(rng.next64())
        return st

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome:
        return rules.outcome(self)

    def clone(self) -> SanguoshaState:
        st = SanguoshaState.__new__(SanguoshaState)
        st.game, st.players, st._events, st.cs = self.game, self.players, None, self.cs
        st.decisions = list(self.decisions)
        st.rng = self.rng.clone()
        for key in _SEAT_VALUES:
            setattr(st, key, list(getattr(self, key)))
        for key in _SEAT_LISTS:
            setattr(st, key, [list(x) for x in getattr(self, key)])
        for key in _PILES:
            setattr(st, key, list(getattr(self, key)))
        for key in _DICTS:
            setattr(st, key, dict(getattr(self, key)))
        st.uses = {k: dict(v) for k, v in self.uses.items()}
        for key in _SCALARS:
            setattr(st, key, getattr(self, key))
        st.winners = self.winners
        st._cache = None
        st._memo = {}
        return st

    def to_json(self) -> dict:
        d: dict[str, Any] = {"players": self.players, "rng": self.rng.state,
                             "decisions": decisions.stack_to_json(self.decisions)}
        for key in _SEAT_VALUES + _SCALARS:
            d[key] = _lists(getattr(self, key))
        for key in _SEAT_LISTS + _PILES:
            d[key] = _lists(getattr(self, key))
        for key in _DICTS:
            d[key] = _lists(getattr(self, key))
        d["uses"] = _lists(self.uses)
        d["winners"] = list(self.winners)
        return d

    @classmethod
    def from_json(cls, game, data: dict) -> SanguoshaState:
        st = cls(game, data["players"])
        st.rng = Rng(data["rng"])
        st.decisions = decisions.stack_from_json(data["decisions"])
        for key in _SEAT_VALUES + _SCALARS:
            setattr(st, key, data[key])
        for key in ("hand", "equip", "offers", "looking"):
            setattr(st, key, [list(x) for x in data[key]])
        st.judge = [[tuple(j) for j in js] for js in data["judge"]]
        for key in _PILES:
            setattr(st, key, [_tuples(x) for x in data[key]])
        for key in _DICTS:
            setattr(st, key, {k: _tuples(v) for k, v in data[key].items()})
        st.uses = {k: {f: _tuples(v) for f, v in u.items()} for k, u in data["uses"].items()}
        st.winners = tuple(data["winners"])
        return st

    def card_ids(self) -> list[int]:
        ids = self.draw + self.discard + self.processing + self.ag
        for p in range(self.players):
            ids = ids + self.hand[p] + [c for c in self.equip[p] if c >= 0]
            ids += [c for c, _ in self.judge[p]] + self.looking[p]
        return ids
