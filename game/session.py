"""The table session: everything a table (and every sprite) may know of a game, and the one way
it acts on it (docs/plugging-in-a-game.md, "The table reads only a view").

A table never holds the rules state. It is given a session and asks it, for the seat it
serves now: the view, the legal actions, the prompt, who is to act; it sends actions with
`apply` and collects what happened with `poll`. Behind the interface:

- `LocalSession` (scenes' match, hot-seat and AI on this computer) wraps the rules module;
- a network client session wraps a connection to the host (game/net);
- a replay session wraps a record (game/replay).

So hot-seat, AI, network and replay are one table. Everything a session returns is what the
asked seat may know: views are `state.view(seat)`, events are `event.for_viewer(seat)`.

Beyond the first draft, a table also needs (each a small method below): `cost` (what an action
costs, shown where it is chosen), `asked` (the kind of the question on top, public), `history`
(every move so far as a viewer may see it: a new hot-seat viewer's log, a resumed game),
`thinking` (the seat whose move is awaited from elsewhere), `pace` (how fast bots may play; a
session without bots ignores it), `save` (the game as JSON, None when this session cannot be
saved), `on_change` (called after every applied move: the autosave), and the table's own
moves, `concede(seat)` and `time_out(seat)`, which are actions of the rules flow like any
other (`concedable` says whether the game has a concession). `prompt` takes None for a
spectator.

The coach (game/coach.py): `hint(seat)` is the Normal bot's move for the seat and one sentence
why, decided from that seat's own information (a local session works it out on a worker
thread; a network session asks the host, which sends it to that seat only); `hints_off()` says
why a table gives none (a network game unless the host proposed hints and every person seated
agreed before the start). A session that is only `watched` (a replay) has nobody
at the screen to play: its table asks no one for a move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.contract import Action, Event, Game, IllegalAction, Outcome

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
    #: the match's game options (public setup: a turn timer, a variant)
    options: dict[str, Any]
    #: every kind of action the rules have (tips are checked against them)
    action_kinds: frozenset[str]
    #: whether a seat may concede this game (its rules say what conceding means)
    concedable: bool = False
    #: called (no arguments) after every applied move
    on_change: Callable[[], None] | None = None
    #: nobody at this screen plays (a replay): the table shows the moves it is given, asks no
    #: one for a move, passes the screen to no one and opens no results of its own
    watched: bool = False

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

    def prompt(self, seat: int | None) -> str:
        raise NotImplementedError

    def asked(self) -> str:
        """The kind of the question on top ("" when none): public, the prompt says as much."""
        raise NotImplementedError

    def cost(self, seat: int, action: Action) -> str:
        """What `action` costs, in words ("" for nothing)."""
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

    def history(self, viewer: int | None) -> list[Happened]:
        """Every move polled so far, as `viewer` may see it."""
        raise NotImplementedError

    def thinking(self) -> int | None:
        """The seat whose move is awaited from elsewhere (a bot, a remote player), or None."""
        return None

    def pace(self, move_seconds: float, think_seconds: float) -> None:
        """Bots: a move is shown no sooner than `move_seconds` after it was asked for, and a
        searching bot thinks about `think_seconds`. Sessions without bots ignore it."""

    def concede(self, seat: int) -> None:
        """`seat` concedes: the rules' concede action (recorded like any move; IllegalAction
        where the game has none). If the game goes on, a bot plays the seat from then on and
        `seats()` says so."""
        raise NotImplementedError

    def time_out(self, seat: int) -> None:
        """`seat`'s time ran out: the rules' timeout action, which answers for the seat (its
        game's default answer); IllegalAction when the seat is not being waited for."""
        raise NotImplementedError

    def hints_off(self) -> str | None:
        """Why this table gives no hints, in a sentence (None: it gives them)."""
        return "This table gives no hints."

    def hint(self, seat: int) -> Any:
        """The coach's advice (game/coach.py's `Advice`) for `seat` now: the Normal bot's
        move, decided from the seat's own information only (a determinization, never the real
        state), and one sentence why.
        None while it is being worked out (ask again later); IllegalAction with the reason when
        there is none to give (hints are off, nothing is asked of the seat)."""
        raise IllegalAction(self.hints_off() or "There is no hint to give now.")

    def save(self) -> dict | None:
        """The game as JSON to resume later (None: this session cannot be saved)."""
        return None

    def is_over(self) -> bool:
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        """How the game ended (None while it runs)."""
        raise NotImplementedError

    def close(self) -> None:
        """Stop background work (AI threads, connections)."""
