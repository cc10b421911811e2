"""The contract every game implements (DESIGN §2).

A `Game` is immutable (card set + options) and makes `State`s. A `State` is mutable,
self-contained and serializable: it says who must act (`to_act`), what they may do
(`legal_actions`), does it (`apply` → events), and shows each player only what they may see
(`view`). The UI and the AI use nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar


class IllegalAction(Exception):
    """A request the rules forbid. `reason` is a sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Action:
    """One thing a player may do: a kind plus the ids it refers to.

    `source` is what a mouse gesture drags (usually a card instance id), `target` where it is
    dropped (a zone name, a seat, a slot), `option` any further choice (a girl, a number, a
    count). `label` is the short human text for logs and menus; it does not take part in
    equality, so the UI can look up a legal action by its parts.
    """

    kind: str
    source: int | None = None
    target: Any = None
    option: Any = None
    label: str = field(default="", compare=False)

    def to_json(self) -> list:
        return [self.kind, self.source, _jsonable(self.target), _jsonable(self.option)]

    @staticmethod
    def from_json(data: list) -> Action:
        kind, source, target, option = data
        return Action(kind, source, _hashable(target), _hashable(option))

    def __str__(self) -> str:
        return self.label or f"{self.kind}({self.source}, {self.target}, {self.option})"


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _hashable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in order: the log prints `text`, the table animates `kind`.

    Common kinds: "move" (card, src, dst, face_up), "reveal", "dice" (die, faces, total),
    "coin" (side), "damage", "points", "phase", "turn", "message", "game_over".
    """

    kind: str
    text: str = ""
    player: int | None = None
    data: dict = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    `winners`: seats that won (all seats for a cooperative victory, none for a cooperative
    loss). `scores`: one number per seat. `rank`: a title (cooperative games), else "".
    `details`: game-specific breakdown for the results screen (JSON-safe).
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    rank: str = ""
    details: dict = field(default_factory=dict)


class Game:
    """Immutable description of one game: card set + options. Subclasses set the class fields."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    cooperative: ClassVar[bool] = False
    #: option name -> (default, one-line description), shown by the new-game screen
    options: ClassVar[dict[str, tuple[Any, str]]] = {}

    def new_state(self, players: int, seed: int, **options: Any) -> State:
        raise NotImplementedError

    def state_from_json(self, data: dict) -> State:
        raise NotImplementedError

    def max_decisions(self, players: int) -> int:
        """An upper bound on the number of applied actions in one game (contract test bound)."""
        raise NotImplementedError

    def bots(self) -> dict[str, Any]:
        """Bot name -> factory(seed: int) -> Agent. Every game offers at least 'random'."""
        from game.ai.agents import RandomAgent

        return {"random": RandomAgent}

    def validate_data(self) -> list[str]:
        """Load and check this game's card data; return one line per problem (empty: all good)."""
        return []

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players}–{self.max_players} players, not {players}"
            )


class State:
    """Mutable game state. Subclasses implement the methods marked 'game'.

    `apply` checks legality and collects events; `step` is the unchecked, event-free fast path
    for AI search (it must only be given actions from `legal_actions`).
    """

    game: Game
    players: int
    #: events emitted by the current `apply`, or None when stepping silently (search)
    _events: list[Event] | None = None

    # --- game: turn structure ------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        raise NotImplementedError

    def legal_actions(self, player: int) -> list[Action]:
        raise NotImplementedError

    def _apply(self, player: int, action: Action) -> None:
        """Carry out a legal action, calling `self.emit` for what happened."""
        raise NotImplementedError

    def why_illegal(self, player: int, action: Action) -> str:
        """A readable reason why `action` is not legal for `player` now (game may refine)."""
        return f"{action} is not allowed now."

    # --- game: information ------------------------------------------------------------------
    def view(self, player: int | None) -> dict:
        raise NotImplementedError

    def determinize(self, player: int, rng: Any) -> State:
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def outcome(self) -> Outcome:
        raise NotImplementedError

    def clone(self) -> State:
        raise NotImplementedError

    def to_json(self) -> dict:
        raise NotImplementedError

    def card_ids(self) -> list[int]:
        """Every card instance id in every zone (the contract test checks it is conserved)."""
        raise NotImplementedError

    # --- shared -----------------------------------------------------------------------------
    def apply(self, player: int, action: Action) -> list[Event]:
        """Apply `action` for `player`; raise IllegalAction (state untouched) if not legal."""
        if self.is_over():
            raise IllegalAction("The game is over.")
        if player not in self.to_act():
            raise IllegalAction(f"It is not {self.seat_name(player)}'s turn.")
        if action not in self.legal_actions(player):
            raise IllegalAction(self.why_illegal(player, action))
        self._events = events = []
        try:
            self._apply(player, action)
        finally:
            self._events = None
        return events

    def step(self, player: int, action: Action) -> None:
        """Apply a known-legal action without checks or events (AI search, replays)."""
        self._apply(player, action)

    @property
    def recording(self) -> bool:
        """True inside `apply`: build log text only then (search steps skip it)."""
        return self._events is not None

    def emit(self, kind: str, text: str = "", player: int | None = None, **data: Any) -> None:
        if self._events is not None:
            self._events.append(Event(kind, text, player, data))

    def seat_name(self, player: int) -> str:
        return f"Player {player + 1}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
