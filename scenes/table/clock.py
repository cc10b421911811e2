"""The turn timer, for a game with the `turn_timer` option: a person has `turn_seconds` for a
turn of theirs and `answer_seconds` for an answer owed during another's turn, counted while
the table is still. When the time runs out the table sends the flow's timeout action (the
rules answer for the seat: its game's default answer), again until the turn has passed."""

from __future__ import annotations

from typing import Any

from game.core.contract import IllegalAction


class ClockPart:
    """Part of TableScene (scenes/table/base.py)."""

    #: a turn's seconds and an answer's (None: the game has no turn timer)
    turn_seconds: float | None = None
    answer_seconds: float | None = None
    #: (whose time runs, seconds left)
    clock: tuple[Any, float] | None = None

    @property
    def timed(self) -> bool:
        return self.turn_seconds is not None and bool(self.session.options.get("turn_timer"))

    def clock_key(self, seat: int) -> tuple[Any, bool]:
        """game: what the running time belongs to (it starts again when this changes), and
        whether it is `seat`'s own turn (else an answer owed during another's)."""
        return self.session.version, True

    def seconds_left(self) -> float | None:
        """The running time's seconds left (None: no time is running)."""
        if not self.timed or self.clock is None or self.session.is_over():
            return None
        return self.clock[1]

    def run_clock(self, dt: float) -> None:
        p = self.acting_human()
        if not self.timed or p is None or self.timeline.busy or self.handoff_pending \
                or self.menu is not None:
            return
        whose, own = self.clock_key(p)
        if self.clock is None or self.clock[0] != whose:
            self.clock = (whose, float(self.turn_seconds if own else self.answer_seconds))
        left = self.clock[1] - dt
        self.clock = (whose, left)
        if left > 0:
            return
        try:
            self.session.time_out(p)
        except IllegalAction as e:  # the question moved on meanwhile
            self.toast(e.reason)
        self.take_news()
