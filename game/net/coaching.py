"""The coach at a hosted table (game/coach.py): a seat's hint, worked out off the host's loop.

A seat asks with a `hint` message; its table checks the request first
(`HostTable.hint_request`: the seat's token, hints on, something asked of the seat). The
advice is the coach's, the same entry a local table uses (`advise`: the Normal bot's move,
decided from a determinization drawn for the seat, never from the real state), worked out in a
thread of its own from a clone, and sent to the asking connection only. Its words are the
seat's own: the label of the legal action the seat was offered, and the game's reason read
from the seat's view (`sentence`).

Bounded: one hint per seat being worked out at a time (else `busy`), a seat's new hints no
closer together than `HINT_INTERVAL` (else `rate`); asking again at the same position is
answered from what was worked out.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from game.core.contract import State
from game.net.protocol import PROTOCOL, Refusal, action_json

log = logging.getLogger("card-table.host")

#: seconds between two hints a seat has worked out (asking again at a position is free)
HINT_INTERVAL = 0.5


def work_out(state: State, seat: int, move: int) -> tuple[list, str]:
    """The coach's advice for `seat` (move number `move`) as the seat may read it: the legal
    action it was offered (`[kind, source, target, option, label]`) and the sentence."""
    from game.coach import advise, sentence

    advice = advise(state, seat, move)
    offered = next((a for a in state.legal_actions(seat) if a == advice.action), None)
    if offered is None:
        raise RuntimeError(f"the coach advised {advice.action}, which is not legal")
    return action_json(offered), sentence(state.game, state.view(seat), seat, offered)


def hint_message(version: int, action: list, text: str) -> dict:
    return {"type": "hint", "v": PROTOCOL, "version": version, "text": text, "action": action}


class Coaching:
    """The host's coach: one worker thread for every table's hints (they never wait for, nor
    hold up, the bots' threads). `on_error` is told of a coach that failed (a host bug)."""

    def __init__(self, on_error: Callable[[], None] | None = None) -> None:
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="host-coach")
        self.on_error = on_error
        self._working: set[tuple[str, int]] = set()
        self._last: dict[tuple[str, int], float] = {}  # when each seat's last hint was begun
        #: each seat's last advice: (the table's version it is for, action, sentence)
        self._done: dict[tuple[str, int], tuple[int, list, str]] = {}

    def ask(self, table: Any, seat: int, version: int, send: Callable[[dict], None],
            refuse: Callable[[str, str], None]) -> None:
        """A checked request (`HostTable.hint_request`) of `seat`, which saw `version`: the
        answer goes to `send` (the asking connection), or the reason to `refuse`. Refusal
        when the seat must wait. Runs on the host's loop."""
        key = (table.id, seat)
        done = self._done.get(key)
        if done is not None and done[0] == table.version:
            send(hint_message(version, done[1], done[2]))
            return
        if key in self._working:
            raise Refusal("busy", "The coach is still working out your last hint.")
        now = time.monotonic()
        if now - self._last.get(key, -HINT_INTERVAL) < HINT_INTERVAL:
            raise Refusal("rate", "Too many hints: ask again in a moment.")
        self._last[key] = now
        self._working.add(key)
        at = table.version
        future = asyncio.get_running_loop().run_in_executor(
            self.executor, work_out, table.state.clone(), seat, at)

        def finished(f: asyncio.Future) -> None:
            self._working.discard(key)
            if f.cancelled():
                return
            try:
                action, text = f.result()
            except Exception:
                log.exception("table %s: the coach failed", table.id)
                if self.on_error is not None:
                    self.on_error()
                refuse("internal", "The coach could not work this out.")
                return
            self._done[key] = (at, action, text)
            if table.version != at:
                refuse("stale", "The game moved on before the hint was worked out: ask again.")
            else:
                send(hint_message(version, action, text))

        future.add_done_callback(finished)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
