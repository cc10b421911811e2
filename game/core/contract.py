"""The contract every game implements (docs/plugging-in-a-game.md).

A `Game` is immutable (card set + options) and makes `State`s. A `State` is mutable,
self-contained and serializable: it says who must act (`to_act`), what they may do
(`legal_actions`), does it (`apply` → events), and shows each player only what they may see
(`view`). The UI and the AI use nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar


class IllegalAction(Exception):
    """A request the rules forbid. `reason` is a sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NoSuchSeat(IllegalAction, ValueError):
    """A seat number that is not at this table (a programming error, said plainly)."""


@dataclass(frozen=True, slots=True)
class Action:
    """One thing a player may do: a kind plus the ids it refers to.

    `source` is what a mouse gesture drags (a card instance id, or a tuple of ids when several
    cards are used together), `target` where it is dropped (a zone name, a seat, a slot),
    `option` any further choice (a girl, a number, a count). `label` is the short human text for
    logs and menus; it does not take part in equality, so the UI can look up a legal action by
    its parts.
    """

    kind: str
    source: Any = None
    target: Any = None
    option: Any = None
    label: str = field(default="", compare=False)

    def to_json(self) -> list:
        return [self.kind, _jsonable(self.source), _jsonable(self.target), _jsonable(self.option)]

    @staticmethod
    def from_json(data: list) -> Action:
        kind, source, target, option = data
        if not isinstance(kind, str):
            raise ValueError(f"an action kind must be a string, not {kind!r}")
        return Action(kind, _hashable(source), _hashable(target), _hashable(option))

    def __str__(self) -> str:
        return self.label or f"{self.kind}({self.source}, {self.target}, {self.option})"


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _hashable(value: Any) -> Any:
    """JSON lists back to tuples; anything that is not a plain JSON scalar or list is refused."""
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise ValueError(f"an action part must be a number, a string or a list, not {value!r}")


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in order: the log prints `text`, the table animates `kind`.

    Common kinds: "move" (card, src, dst, face_up), "reveal", "dice" (die, faces, total),
    "coin" (side), "damage", "points", "phase", "turn", "message", "game_over".

    Privacy: `text` and `data` are what every seat may know. Where some seats may know more (the
    card a player drew, the weapon chosen in secret), `seen_by` names them and `private_text` /
    `private_data` carry their version; `for_viewer(seat)` gives the event as that seat sees it.
    `counters` are the values after the event ((seat or None, name, value), ...), so a table
    shows live numbers without counting them itself.
    """

    kind: str
    text: str = ""
    player: int | None = None
    data: dict = field(default_factory=dict)
    private_text: str = ""
    private_data: dict = field(default_factory=dict)
    seen_by: tuple[int, ...] = ()
    counters: tuple = ()

    def for_viewer(self, seat: int | None) -> Event:
        """This event as `seat` may see it (None: a spectator, public information only)."""
        if seat is not None and seat in self.seen_by:
            return Event(self.kind, self.private_text or self.text, self.player,
                         {**self.data, **self.private_data}, counters=self.counters)
        if not self.seen_by and not self.private_data and not self.private_text:
            return self
        return Event(self.kind, self.text, self.player, self.data, counters=self.counters)

    def counter(self, name: str, seat: int | None = None, default: Any = None) -> Any:
        for s, n, v in self.counters:
            if n == name and s == seat:
                return v
        return default


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
    """Immutable description of one game: card set + options. Subclasses set the class fields.

    The optional hooks are declared here with their defaults, so nothing looks them up by name.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    cooperative: ClassVar[bool] = False
    #: option name -> (default, one-line description), shown by the new-game screen
    options: ClassVar[dict[str, tuple[Any, str]]] = {}
    #: option name -> the values the new-game screen offers (value, or (value, label) pairs)
    option_choices: ClassVar[dict[str, tuple]] = {}
    #: options each seat sets for itself (a deck): name -> (default, one-line description)
    seat_options: ClassVar[dict[str, tuple[Any, str]]] = {}
    #: the bot the new-game screen seats by default ("" = the first of `bots()`)
    default_bot: ClassVar[str] = ""
    #: bot name -> a level a player understands ("Easy", "Normal", "Hard")
    bot_levels: ClassVar[dict[str, str]] = {}
    #: seeds per player count the contract test plays (None: its default); a game with long
    #: games plays fewer in the suite (CARDTABLE_SOAK=N still plays N)
    contract_seeds: ClassVar[int | None] = None

    def new_state(self, players: int, seed: int, seats: list[dict] | None = None,
                  **options: Any) -> State:
        """A new game. `seats` holds each seat's own options (see `seat_options`)."""
        raise NotImplementedError

    def state_from_json(self, data: dict) -> State:
        raise NotImplementedError

    def max_decisions(self, players: int) -> int:
        """An upper bound on the number of applied actions in one game (contract test bound)."""
        raise NotImplementedError

    def max_score(self, players: int) -> float | None:
        """A cooperative game's best possible score (None: not a scoring game)."""
        return None

    def summary_fields(self, outcome: Outcome) -> dict[str, float]:
        """The numbers `selfplay` averages for a finished game: by default the numeric and
        true/false fields of `outcome.details` (but its round count, reported apart)."""
        return {k: float(v) for k, v in outcome.details.items()
                if isinstance(v, (int, float)) and k != "rounds"}  # bool is an int

    def bots(self) -> dict[str, Any]:
        """The game's own bots: name -> factory(seed) -> Agent. `game.ai.agents.bots_for` adds
        the generic ones ("random", "ismcts")."""
        return {}

    def measurement_bots(self) -> frozenset[str]:
        """Bots that see everything on purpose (bounds for measurement, never seated by the app
        as opponents): exempt from the honesty check."""
        return frozenset()

    def validate_data(self) -> list[str]:
        """Load and check this game's card data; return one line per problem (empty: all good)."""
        return []

    def validate_seat_options(self, seat: dict) -> list[str]:
        """Problems with one seat's options (e.g. a deck that breaks the deck rules), readable."""
        unknown = [k for k in seat if k not in self.seat_options]
        return [f"unknown seat option {k!r}" for k in unknown]

    def seat_option_choices(self, name: str) -> list[tuple[Any, str]]:
        """The values the new-game screen offers for seat option `name`, as (value, label)
        pairs, the game's default first ([]: nothing offered; a seat keeps its bot's choice or
        the default)."""
        return []

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players}–{self.max_players} players, not {players}"
            )


#: checks[kind](state, player, action) -> the reason the action is illegal, or None
Check = Callable[["State", int, Action], "str | None"]


class State:
    """Mutable game state. Subclasses implement the methods marked 'game'.

    Legality is written once: `candidates(player)` lists the actions of the right shape for the
    question being asked, and `checks[action.kind]` says why one is illegal (or None).
    `legal_actions` keeps the candidates that pass; `apply` raises `IllegalAction` with the
    check's reason. `apply` checks and collects events; `step` is the unchecked, event-free fast
    path for AI search (it must only be given actions from `legal_actions`).

    Pending questions live in `decisions` (a stack of plain `Decision` frames, top last; see
    game/core/decisions.py); the default `to_act` reads its top.
    """

    __slots__ = ("game", "players", "decisions", "_events")

    #: action kind -> its check (see `Check`); every kind a game offers has one
    checks: ClassVar[dict[str, Check]] = {}

    def __init__(self, game: Game, players: int) -> None:
        self.game = game
        self.players = players
        self.decisions: list = []
        #: events emitted by the current `apply`, or None when stepping silently (search)
        self._events: list[Event] | None = None

    # --- game: turn structure ------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        """Players who must act now (several at a simultaneous step); () when over."""
        if self.is_over() or not self.decisions:
            return ()
        return self.decisions[-1].waiting_for()

    def candidates(self, player: int) -> list[Action]:
        """game: every action of the right shape for what `player` is asked now (the checks
        then keep the legal ones). Only called for a seat in `to_act()`."""
        raise NotImplementedError

    def _apply(self, player: int, action: Action) -> None:
        """game: carry out a legal action, calling `self.emit` for what happened."""
        raise NotImplementedError

    def prompt(self, player: int | None) -> str:
        """What is being asked now, in a player's words (for `player`; None: a spectator)."""
        if self.is_over():
            return "The game is over."
        if not self.decisions:
            return ""
        return self.decisions[-1].words(self.seat_name)

    # --- game: information ------------------------------------------------------------------
    def _view(self, player: int | None) -> dict:
        """game: what `player` may see (None: public information only). JSON-safe."""
        raise NotImplementedError

    def determinize(self, player: int, rng: Any) -> State:
        """game: a full state consistent with what `player` knows, hidden parts (and the
        future of the state's RNG) resampled from `rng` alone."""
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

    # --- optional, with defaults ------------------------------------------------------------
    def zones(self) -> dict[str, list[int]]:
        """Zone name ("deck", "hand:0", "discard", "processing", "removed", ...) -> the card
        instance ids in it. The contract test checks every card is in exactly one zone and
        that a zone named "processing" is empty unless `resolving()`. Default: one zone."""
        return {"cards": self.card_ids()}

    def resolving(self) -> bool:
        """Whether an effect is resolving now (its cards may sit in the processing area)."""
        return False

    @property
    def rounds(self) -> int | None:
        """Rounds played so far, for games that count them (selfplay reports it)."""
        return None

    def max_score(self) -> float | None:
        """The best score this game could still reach, for cooperative games."""
        return self.game.max_score(self.players)

    def seat_name(self, player: int) -> str:
        return f"Player {player + 1}"

    def cost(self, player: int, action: Action) -> str:
        """What `action` costs, in words, shown where it is chosen ("1 grief"; "" for none)."""
        return ""

    def loses(self, player: int, action: Action) -> str | None:
        """Why `action` would end the game in a loss (the table then asks first), or None."""
        return None

    # --- shared -----------------------------------------------------------------------------
    def check_seat(self, player: int | None, spectator: bool = False) -> None:
        """Refuse a seat that is not at this table (None only where a spectator may look)."""
        if player is None and spectator:
            return
        if type(player) is not int or not 0 <= player < self.players:
            raise NoSuchSeat(f"There is no seat {player!r} at this table of {self.players}.")

    def view(self, player: int | None) -> dict:
        """Only what `player` may see (None: a spectator of public information)."""
        self.check_seat(player, spectator=True)
        return self._view(player)

    def legal_actions(self, player: int) -> list[Action]:
        """Complete, in a stable order, no duplicates; [] for a seat not asked now."""
        self.check_seat(player)
        if player not in self.to_act():
            return []
        checks = self.checks
        return [a for a in self.candidates(player) if checks[a.kind](self, player, a) is None]

    def why_illegal(self, player: int, action: Action) -> str | None:
        """The reason `action` is illegal for `player` now, or None when it is legal."""
        self.check_seat(player)
        if self.is_over():
            return "The game is over."
        if player not in self.to_act():
            waiting = self.prompt(player)
            return f"It is not {self.seat_name(player)}'s turn" + (f": {waiting}" if waiting
                                                                    else ".")
        check = self.checks.get(action.kind)
        if check is None:
            return f"{action} is not something you can do now."
        reason = check(self, player, action)
        if reason is None and action not in self.candidates(player):
            return f"{action} is not something you can do now."
        return reason

    def apply(self, player: int, action: Action, *, offered: bool = False) -> list[Event]:
        """Apply `action` for `player`; raise IllegalAction (state untouched) if not legal.
        `offered`: the caller took `action` from `legal_actions(player)` of this very position
        (a host applying what it offered the seat), so it is not checked a second time."""
        reason = None if offered else self.why_illegal(player, action)
        if reason is not None:
            raise IllegalAction(reason)
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
        """True inside `apply`: build log text only then (search steps skip it). Rules that ask
        it at every event may shadow it with a slot their `_apply` sets (a property costs a
        call; see BloodborneState)."""
        return self._events is not None

    def emit(self, kind: str, text: Any = "", player: int | None = None, *,
             private: Any = "", seen_by: tuple[int, ...] = (), secret: dict | None = None,
             counters: tuple = (), **data: Any) -> None:
        """Record an event (a no-op while stepping silently). `text` and `private` may be
        functions of no arguments, called only when the event is recorded; `private` /
        `secret` are the text and data only the seats in `seen_by` may see."""
        if self._events is None:
            return
        if callable(text):
            text = text()
        if callable(private):
            private = private()
        self._events.append(Event(kind, text, player, data, private, secret or {},
                                  tuple(seen_by), tuple(counters)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
