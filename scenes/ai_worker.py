"""AI seats think off the UI thread.

`AIWorker.request(seat, agent, state, rng)` starts a daemon thread that asks the agent for a
move through `decide` on a *clone* of the state (the UI's state is never touched
concurrently): the bot is handed a determinization drawn with `rng` for its seat, never the
real state, unless it is a measurement bound (`sees_everything`); `poll()` hands the
result back on the UI thread, where the table applies it through the Match. A request made
for an older position (`token`) is ignored when it comes back, so a stale answer can never be
applied after the game moved on.

While a bot thinks, the interpreter's thread switch interval is lowered (5 ms → 1 ms): the UI
thread, waiting for the GIL after each display flip, then gets it back within 1 ms instead of
5, so a long search (ISMCTS) does not stretch every frame. It is restored once the answer is in.
"""

from __future__ import annotations

import queue
import sys
import threading
import traceback
from typing import Any

from game.ai.agents import decide
from game.core.contract import Action, State
from game.core.rng import Rng

THINKING_SWITCH_INTERVAL = 0.001  # seconds; Python's default is 0.005


class AIWorker:
    def __init__(self) -> None:
        self.results: queue.Queue[tuple[int, int, Action | None, str | None]] = queue.Queue()
        self.pending: tuple[int, int] | None = None  # (seat, token) being thought about
        self.token = 0
        self._interval: float | None = None  # the switch interval to restore after thinking

    @property
    def thinking(self) -> int | None:
        """The seat currently thinking, or None."""
        return self.pending[0] if self.pending else None

    def request(self, seat: int, agent: Any, state: State, rng: Rng,
                sees_everything: bool = False) -> None:
        self.token += 1
        token = self.token
        self.pending = (seat, token)
        snapshot = state.clone()
        if self._interval is None:
            self._interval = sys.getswitchinterval()
            sys.setswitchinterval(min(self._interval, THINKING_SWITCH_INTERVAL))

        def think() -> None:
            try:
                action = decide(agent, snapshot, seat, rng, sees_everything)
                self.results.put((seat, token, action, None))
            except Exception:  # the UI reports it instead of hanging forever
                self.results.put((seat, token, None, traceback.format_exc(limit=3)))

        threading.Thread(target=think, name=f"ai-seat-{seat}", daemon=True).start()

    def cancel(self) -> None:
        """Forget the pending request (its answer will be dropped)."""
        self.token += 1
        self.pending = None
        self._restore_interval()

    def _restore_interval(self) -> None:
        if self._interval is not None:
            sys.setswitchinterval(self._interval)
            self._interval = None

    def poll(self) -> tuple[int, Action | None, str | None] | None:
        """The finished move for the pending request: (seat, action, error), else None."""
        while True:
            try:
                seat, token, action, error = self.results.get_nowait()
            except queue.Empty:
                return None
            if self.pending is not None and token == self.pending[1]:
                self.pending = None
                self._restore_interval()
                return seat, action, error

    def wait(self, timeout: float = 10.0) -> tuple[int, Action | None, str | None] | None:
        """Block until the pending move arrives (tests and headless runs only)."""
        while self.pending is not None:
            try:
                seat, token, action, error = self.results.get(timeout=timeout)
            except queue.Empty:
                return None
            if token == self.pending[1]:
                self.pending = None
                self._restore_interval()
                return seat, action, error
        return None
