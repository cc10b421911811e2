"""The table session: everything a table (and every sprite) may know of a game, and the one way
it acts on it (DESIGN §3, "The table reads only a view").

A table never holds the rules state. It is given a session and asks it, for the seat it
serves now: the view, the legal actions, the prompt, who is to act; it sends actions with
`apply` and collects what happened with `poll`. Behind the interface:

- `LocalSession` (scenes' match, hot-seat and AI on this computer) wraps the rules module;
- a network client session wraps a connection to the host (game/net);
- a replay session wraps a record (game/replay).

So hot-seat, AI, network and replay are one table. Everything a session returns is what the
asked seat may know: views are `state.view(seat)`, events are `event.for_viewer(seat)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.contract import Action, Event, Game, Outcome

#: who sits at a seat, as a table shows it
YOU, HUMAN, AI, REMOTE = "you", "human", "ai", "remote"


@dataclass(frozen=True, slots=True)
class Happened:
    """One applied action as a seat may see it: who acted, what (None when the action itself
    is secret to the viewer, e.g. a simultaneous choice), the events for that viewer, and the
    session's version after it."""

    seat: int
    action: Action | None
    events: tuple[Event, ...]
    version: int


@dataclass(slots=True)
class SeatInfo:
    kind: str  # YOU, HUMAN, AI or REMOTE
    name: str
    bot: str = ""  # the bot's name at an AI seat
    extra: dict[str, Any] = field(default_factory=dict)


class TableSession:
    """The interface; see the module text. Seats are 0-based; `None` is a spectator."""

    #: the game's immutable rules and card data (public: no hidden state lives in a Game)
    game: Game
    players: int

    def seats(self) -> list[SeatInfo]:
        raise NotImplementedError

    @property
    def version(self) -> int:
        """Counts applied actions: a table redraws (and a network client checks) by it."""
        raise NotImplementedError

    def to_act(self) -> tuple[int, ...]:
        raise NotImplementedError

    def view(self, seat: int | None) -> Any:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def prompt(self, seat: int) -> str:
        raise NotImplementedError

    def reason(self, seat: int, action: Action) -> str | None:
        """Why the rules would refuse `action` (None: they accept it); changes nothing."""
        raise NotImplementedError

    def loses(self, seat: int, action: Action) -> str | None:
        """Why `action` would end the game in a loss for `seat` (the table asks first)."""
        raise NotImplementedError

    def apply(self, seat: int, action: Action) -> None:
        """Send `seat`'s action. Raises IllegalAction (nothing changes) when refused; what it
        did arrives through `poll` like every other seat's move."""
        raise NotImplementedError

    def poll(self, viewer: int | None) -> list[Happened]:
        """What happened since the last poll, as `viewer` may see it (AI and remote moves
        included). Never blocks."""
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        """How the game ended (None while it runs)."""
        raise NotImplementedError

    def close(self) -> None:
        """Stop background work (AI threads, connections)."""
