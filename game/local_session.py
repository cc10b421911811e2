"""LocalSession: the table session of a game played on this computer (hot-seat and AI).

It wraps a `Match` (game/match.py) and never lets its state out: everything it returns is a
view, a list of legal actions, words, or events as the asked seat may see them. The bots are
the session's own: when an AI seat is to act, `poll` starts it thinking on a worker thread
(`BotThread`, on a clone, from a determinization drawn for its seat) and, once the answer is
in and the move's minimum time has passed (`pace`), applies it on the caller's thread, one bot
move per poll, so a table can show each move.

Conceding and running out of time are moves like any other (the flow's `concede` and
`timeout` actions: recorded, saved, replayed). A seat that concedes a game that goes on is
played by the game's default bot from then on.

A person may take back their last move (`can_undo`, `undo`) while no other seat has acted
since and the move revealed nothing new: it drew no random number, and no seat's view after it
depends on anything that seat did not know before it (checked through the contract: the move
replayed on determinizations drawn for each seat gives that seat the same view).

The coach's hint (`hint`, game/coach.py) is worked out on a worker thread too, from a clone,
and decided from a determinization for the asked seat like every bot's move.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

from game.ai.agents import decide
from game.core import decisions
from game.core.contract import Action, Event, IllegalAction, Outcome, State
from game.core.flow import CONCEDE, TABLE_ACTIONS, TIMEOUT
from game.core.rng import Rng
from game.match import Match
from game.registry import default_bot
from game.session import AI, HUMAN, YOU, Happened, SeatInfo, TableSession

#: while a bot thinks, the UI thread gets the GIL back within 1 ms after each display flip
#: instead of Python's 5 ms, so a long search does not stretch every frame
THINKING_SWITCH_INTERVAL = 0.001


class BotThread:
    """One bot move at a time, thought about on a daemon thread. An answer for an older
    request (`token`) is dropped, so a stale move is never applied after the game moved on."""

    def __init__(self) -> None:
        self._results: queue.Queue[tuple[int, int, Action | None, str | None]] = queue.Queue()
        self.pending: tuple[int, int] | None = None  # (seat, token) being thought about
        self._token = 0
        self._interval: float | None = None  # the switch interval to restore afterwards

    @property
    def thinking(self) -> int | None:
        return self.pending[0] if self.pending else None

    def request(self, seat: int, agent: Any, state: State, rng: Rng, sees_everything: bool) -> None:
        self._token += 1
        token = self._token
        self.pending = (seat, token)
        snapshot = state.clone()  # the session's state is never touched concurrently
        if self._interval is None:
            self._interval = sys.getswitchinterval()
            sys.setswitchinterval(min(self._interval, THINKING_SWITCH_INTERVAL))

        def think() -> None:
            try:
                self._results.put((seat, token, decide(agent, snapshot, seat, rng, sees_everything),
                                   None))
            except Exception:  # reported to the table instead of hanging forever
                self._results.put((seat, token, None, traceback.format_exc(limit=3)))

        threading.Thread(target=think, name=f"ai-seat-{seat}", daemon=True).start()

    def cancel(self) -> None:
        self._token += 1
        self.pending = None
        self._restore()

    def _restore(self) -> None:
        if self._interval is not None:
            sys.setswitchinterval(self._interval)
            self._interval = None

    def take(self, timeout: float | None = None) -> tuple[int, Action | None, str | None] | None:
        """The answer to the pending request, else None (waits up to `timeout` seconds)."""
        while self.pending is not None:
            try:
                seat, token, action, error = (self._results.get(timeout=timeout) if timeout
                                              else self._results.get_nowait())
            except queue.Empty:
                return None
            if token == self.pending[1]:
                self.pending = None
                self._restore()
                return seat, action, error
        return None


class LocalSession(TableSession):
    def __init__(self, match: Match) -> None:
        self._match = match
        self.game = match.game
        self.players = match.players
        self.options = dict(match.options)
        self.action_kinds = frozenset(type(match.state).checks)
        self.concedable = bool(getattr(type(match.state), "concedable", False))
        #: called after every applied move (the app's autosave)
        self.on_change: Callable[[], None] | None = None
        #: every move so far: (seat, action, the rules' events, whether the move was secret)
        self._moves: list[tuple[int, Action, list[Event], bool]] = []
        self._polled = 0
        self._bots = BotThread()
        self._asked_at = 0.0
        self._ready: tuple[int, Action] | None = None
        self._move_seconds = 0.0
        self._think_seconds = 1.0
        self._version = len(match.record.actions)
        self._views_at, self._views = -1, {}
        #: a person's last move, to take back: (record length before it, the state before it)
        self._before: tuple[int, State] | None = None
        self._undoable: tuple[int, int, bool] | None = None  # (version, seat, answer)
        #: the coach's answers: (version, seat) -> Advice, or the error text; being worked out
        self._hints: dict[tuple[int, int], Any] = {}
        self._hinting: set[tuple[int, int]] = set()

    # --- making one -------------------------------------------------------------------------
    @classmethod
    def start(cls, game_name: str, players: int, seed: int, seats: list[str],
              options: dict | None = None, seat_options: list[dict] | None = None) -> LocalSession:
        return cls(Match(game_name, players, seed, seats, options, seat_options))

    @classmethod
    def load(cls, data: Any) -> LocalSession:
        """Resume a save (`save()`): its record is replayed, and its events become the
        history (ValueError with a readable reason when it does not replay)."""
        session = cls(Match.from_json(data))
        st = session._match.record.new_state(session.game)
        for seat, action in session._match.record.actions:
            secret = _secret(st, seat)
            session._moves.append((seat, action, st.apply(seat, action), secret))
        session._polled = len(session._moves)
        return session

    def history_entry(self) -> dict | None:
        """The game's row for the History, as plain data (game.replay.history_entry), once:
        None when it was already given."""
        if getattr(self, "_history_given", False):
            return None
        from game.replay import history_entry

        self._history_given = True
        return history_entry(self._match)

    def save(self) -> dict:
        """The match as JSON: its record and seats (a save is also a replay)."""
        return self._match.to_json()

    # --- who sits where ---------------------------------------------------------------------
    def seats(self) -> list[SeatInfo]:
        m = self._match
        out = []
        for p, s in enumerate(m.seats):
            kind = AI if s.startswith("ai:") else YOU if s == "you" else HUMAN
            out.append(SeatInfo(kind, m.state.seat_name(p), s[3:] if kind == AI else ""))
        return out

    @property
    def version(self) -> int:
        return self._version

    def to_act(self) -> tuple[int, ...]:
        return self._match.to_act()

    # --- what a seat may know ---------------------------------------------------------------
    def view(self, seat: int | None) -> Any:
        """(Remembered per position: a table asks many times a frame; do not change it.)"""
        if self._views_at != self._version:
            self._views_at, self._views = self._version, {}
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self._match.state.view(seat)
        return view

    def legal_actions(self, seat: int) -> list[Action]:
        st = self._match.state
        return [] if st.is_over() else st.legal_actions(seat)

    def prompt(self, seat: int | None) -> str:
        return self._match.state.prompt(seat)

    def asked(self) -> str:
        return decisions.asked(self._match.state)

    def reason(self, seat: int, action: Action) -> str | None:
        return self._match.state.why_illegal(seat, action)

    def cost(self, seat: int, action: Action) -> str:
        return self._match.state.cost(seat, action)

    def loses(self, seat: int, action: Action) -> str | None:
        return self._match.state.loses(seat, action)

    def is_over(self) -> bool:
        return self._match.is_over()

    def outcome(self) -> Outcome | None:
        return self._match.state.outcome() if self._match.is_over() else None

    # --- acting -----------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> None:
        self._apply(seat, action)
        self._changed()

    def _apply(self, seat: int, action: Action) -> None:
        st = self._match.state
        secret = _secret(st, seat)
        person = seat not in self._match.agents and action.kind not in TABLE_ACTIONS
        before = (len(self._match.record.actions), st.clone()) if person else None
        events = self._match.apply(seat, action)  # IllegalAction: nothing changed
        self._before = before
        self._moves.append((seat, action, events, secret))
        self._version += 1
        thinking = self.thinking()
        if thinking is not None and thinking not in self.to_act():  # its question is gone
            self._ready = None
            self._bots.cancel()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def concede(self, seat: int) -> None:
        """`seat` concedes (the rules say what that means); when the game goes on, the game's
        default bot plays the seat from now on. The save is written once both are done."""
        self._apply(seat, Action(CONCEDE))
        if not self._match.is_over() and seat not in self._match.agents:
            self._match.hand_to_bot(seat, default_bot(self.game))
        self._changed()

    def time_out(self, seat: int) -> None:
        """`seat`'s time ran out: the rules answer for it (its game's `default_answer`)."""
        self.apply(seat, Action(TIMEOUT))

    # --- taking a move back -----------------------------------------------------------------
    #: determinizations drawn per seat to see whether a move revealed something to it
    UNDO_WORLDS = 2

    def can_undo(self, seat: int) -> bool:
        """Whether `seat` may take back its last move now: it was a person's, the last move
        made (no other seat has acted since), the game goes on, and the move revealed nothing
        new (`_revealed_nothing`). Remembered per version."""
        if self._undoable is not None and self._undoable[:2] == (self._version, seat):
            return self._undoable[2]
        m = self._match
        ok = (self._before is not None and not m.is_over() and bool(m.record.actions)
              and m.record.actions[-1][0] == seat and seat not in m.agents
              and self._before[0] == len(m.record.actions) - 1 and self._revealed_nothing())
        self._undoable = (self._version, seat, ok)
        return ok

    def _revealed_nothing(self) -> bool:
        """No random number was drawn, and for every seat the move, replayed on worlds drawn
        from what that seat knew before it, leaves it the view it has now: nothing it sees
        depends on what it did not know."""
        before, now = self._before[1], self._match.state
        if getattr(before, "rng", None) != getattr(now, "rng", None):
            return False
        seat, action = self._match.record.actions[-1]
        for q in range(self.players):
            seen = now.view(q)
            for k in range(self.UNDO_WORLDS):
                try:
                    world = before.determinize(q, Rng(0x5EED + 7919 * k + q))
                    world.apply(seat, action)
                except IllegalAction:  # in a world q thought possible, the move could not be
                    return False
                except NotImplementedError:  # a game that cannot say what q knew
                    return False
                if world.view(q) != seen:
                    return False
        return True

    def undo(self, seat: int) -> None:
        """Take back `seat`'s last move: the match is rebuilt from its record without it (the
        bots too), the move leaves the history. IllegalAction when `can_undo` says no."""
        if not self.can_undo(seat):
            raise IllegalAction("That move cannot be taken back now.")
        data = self._match.to_json()
        data["record"]["actions"] = data["record"]["actions"][:-1]
        self._bots.cancel()
        self._ready = None
        self._match = Match.from_json(data)
        self._moves.pop()
        self._polled = min(self._polled, len(self._moves))
        self._before = None
        self._version += 1
        self._changed()

    # --- bots -------------------------------------------------------------------------------
    def pace(self, move_seconds: float, think_seconds: float) -> None:
        self._move_seconds, self._think_seconds = move_seconds, think_seconds

    def thinking(self) -> int | None:
        return self._ready[0] if self._ready is not None else self._bots.thinking

    def _run_bots(self, wait: float | None = None) -> None:
        m = self._match
        if m.is_over():
            return
        if self._ready is None:
            got = self._bots.take(wait)
            if got is not None:
                seat, action, error = got
                if action is None:  # the table logs it; the game goes on
                    self._error = f"{m.state.seat_name(seat)}'s AI failed ({_last_line(error)}): a random move."
                    action = m.state.legal_actions(seat)[0]
                self._ready = (seat, action)
        if self._ready is not None:
            if time.monotonic() - self._asked_at < self._move_seconds and not wait:
                return
            seat, action = self._ready
            self._ready = None
            if seat in m.to_act():
                self.apply(seat, action)
        if self._bots.pending is not None or m.is_over():
            return
        seats = m.ai_to_act()  # the next bot thinks while the table shows this move
        if seats:
            seat = seats[0]
            self._asked_at = time.monotonic()
            agent = m.agents[seat]
            if hasattr(agent, "think_for"):  # a bot that searches: the pace's budget
                agent.think_for(self._think_seconds)
            self._bots.request(seat, agent, m.state, m.world_rng(seat), m.sees_everything.get(seat, False))

    _error = ""

    # --- the coach --------------------------------------------------------------------------
    def hints_off(self) -> str | None:
        return None

    def hint(self, seat: int) -> Any:
        """The coach's advice for `seat` now (see TableSession.hint): the first call starts it
        on a worker thread and returns None; later calls return it once it is in."""
        m = self._match
        if m.is_over() or seat not in m.to_act() or not m.state.legal_actions(seat):
            raise IllegalAction(f"Nothing is asked of {m.state.seat_name(seat)} now.")
        key = (self._version, seat)
        if key in self._hints:
            answer = self._hints[key]
            if isinstance(answer, str):
                raise IllegalAction(f"The coach could not work this out ({answer}).")
            return answer
        if key not in self._hinting:
            for old in [k for k in self._hints if k[0] != self._version]:
                del self._hints[old]  # positions gone by
            self._hinting.add(key)
            snapshot = m.state.clone()  # the session's state is never touched concurrently

            def work() -> None:
                from game.coach import advise

                try:
                    self._hints[key] = advise(snapshot, seat, key[0])
                except Exception:  # told to the table instead of hanging forever
                    self._hints[key] = _last_line(traceback.format_exc(limit=3))
                self._hinting.discard(key)

            threading.Thread(target=work, name=f"coach-seat-{seat}", daemon=True).start()
        return None

    def wait_for_hint(self, seat: int, timeout: float = 10.0) -> Any:
        """Block until the hint for `seat` is in (tests and headless runs only)."""
        end = time.monotonic() + timeout
        while (advice := self.hint(seat)) is None and time.monotonic() < end:
            time.sleep(0.005)
        return advice

    # --- what happened ----------------------------------------------------------------------
    def poll(self, viewer: int | None, bots: bool = True) -> list[Happened]:
        """Also moves the bots on (`bots`): starts the one to act thinking, applies its answer
        once its time is up; `bots=False` only collects."""
        if bots:
            self._run_bots()
        new = self._moves[self._polled:]
        start = self._polled
        self._polled = len(self._moves)
        out = [self._as_seen(viewer, i + start + 1, m) for i, m in enumerate(new)]
        if self._error:
            error, self._error = self._error, ""
            out.append(Happened(-1, None, (Event("ai_error", error),), self._version))
        return out

    def history(self, viewer: int | None) -> list[Happened]:
        """Every move so far as `viewer` may see it (a new viewer's log, a resumed game)."""
        return [self._as_seen(viewer, i + 1, m) for i, m in enumerate(self._moves[:self._polled])]

    def wait_for_bot(self, timeout: float = 10.0) -> bool:
        """Block until the bot to act has moved (tests and headless runs only)."""
        before = self._version
        self._run_bots()
        end = time.monotonic() + timeout
        while self._version == before and time.monotonic() < end and not self.is_over():
            self._run_bots(wait=0.05)
        return self._version != before

    @staticmethod
    def _as_seen(viewer: int | None, version: int, move: tuple) -> Happened:
        seat, action, events, secret = move
        shown = action if seat == viewer or not secret else None
        return Happened(seat, shown, tuple(e.for_viewer(viewer) for e in events), version)

    def close(self) -> None:
        self._bots.cancel()
        self._ready = None


def _secret(state: State, seat: int) -> bool:
    """Whether `seat`'s answer now is hidden from the others (a simultaneous secret choice)."""
    top = decisions.top(state)
    return top is not None and top.how == decisions.SECRET


def _last_line(error: str | None) -> str:
    lines = (error or "").strip().splitlines()
    return lines[-1] if lines else "no answer"


__all__ = ["LocalSession", "BotThread", "IllegalAction"]
