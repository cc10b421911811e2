"""`NetworkSession`: the table session of a seat played on another computer's host.

The connection lives in its own thread with its own asyncio loop; it hands every host message
to the table through a queue, and the table's calls only read what already arrived, so the UI
thread never waits on the network. A dropped connection is retried with the seat's token (the
host then sends what happened meanwhile) until the game is over or the session is closed.

The session knows only its own seat: its view, its legal actions, its prompt and the events as
that seat sees them; asking for another seat's view is a programming error (ValueError). It
never holds a rules state: the host keeps that.

Positions are shown one move at a time, like a local table's bots: what arrived waits in a
queue, and each `poll` moves the shown position on to the next move of another seat (the
table polls when it has shown the last one). Everything the table asks — view, legal actions,
prompt, who is to act — is about the shown position, and the seat may act only once the shown
position is the newest one, so it never acts on a position that has moved on.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections import deque
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.core.contract import Action, Event, IllegalAction, Outcome
from game.core.flow import TIMEOUT
from game.net.protocol import (
    DEFAULT_PORT,
    PROTOCOL,
    action_from_host,
    decode_host,
    encode,
    event_from_host,
)
from game.registry import get_game
from game.session import AI, REMOTE, YOU, Happened, SeatInfo, TableSession

#: refusals after which retrying cannot help
FATAL = {"bad_token", "no_table", "no_seat", "bad_protocol", "left"}
#: the kind of the events the session adds to what happened: the table logs their text
NOTICE = "notice"
#: positions waiting to be shown beyond which the next poll shows them all at once
CATCH_UP = 8
#: seconds after which a hint the host never answered is asked again
HINT_WAIT = 15.0


def uri_of(host: str, port: int = DEFAULT_PORT) -> str:
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"ws://{host}:{port}"


class NetworkSession(TableSession):
    """`seat` -1 (and `table` ""): the host finds the seat by its token; `seat` and
    `table_id` are known once the host welcomed us."""

    #: the app's screens ask this (a table never needs to)
    network = True
    #: a seat may always leave for good: the host applies the rules' concede where the game has
    #: one, and its bot plays the seat on otherwise
    concedable = True

    def __init__(self, host: str, port: int, table: str, seat: int, token: str,
                 name: str = "", *, retry: float = 1.0, retries: int = 30) -> None:
        self.uri = uri_of(host, port)
        self.address = (host, port)
        self.table_id, self.seat, self.token, self.name = table, seat, token, name
        self.retry, self.retries = retry, retries
        self.status = "connecting"  # connecting, waiting, playing, reconnecting, over, closed
        self.error = ""  # the last problem, in words (a refusal or a lost connection)
        self.refusals: list[tuple[str, str]] = []  # (code, reason) the host sent back
        self.notices: list[str] = []  # what the table said (a player dropped, a bot stands in)
        self.game = None  # known once the host welcomed us
        self.players = 0
        self.options: dict[str, Any] = {}
        self.action_kinds: frozenset[str] = frozenset()
        self.table_name = ""
        self.wait = 0.0  # the host's wait for an away player, in seconds
        self.on_change = None  # (nothing to save here: the host saves)
        self._inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._state: dict | None = None  # the shown position
        self._latest: dict | None = None  # the newest position that arrived
        self._arrived: deque[dict] = deque()  # positions arrived, not shown yet
        self._happened: list[Happened] = []  # shown, not polled yet
        self._history: list[Happened] = []  # polled
        self._changes = 0  # counts changes of what this session answers (`version`)
        self._pending: int | None = None  # the host's version an action was sent at
        #: the coach's answers by the version asked about: an Advice, a refusal's reason, or
        #: the time it was asked (a float) while the host works it out (one at a time)
        self._hints: dict[int, Any] = {}
        self._closing = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._out: asyncio.Queue[bytes | None] | None = None  # None: close the connection
        self._wake: asyncio.Event | None = None  # set when closing: no more waiting to retry
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"net-seat-{seat}", daemon=True)
        self._thread.start()

    # --- the connection thread ------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except asyncio.CancelledError:  # closed
            pass
        finally:
            self._inbox.put(("closed", None))

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._out = asyncio.Queue()
        self._wake = asyncio.Event()
        self._ready.set()
        since, tries = -1, 0
        while not self._closing:
            try:
                async with connect(self.uri, compression=None, max_size=1 << 22,
                                   open_timeout=5) as ws:
                    await ws.send(encode({"type": "hello", "v": PROTOCOL,
                                          "table": self.table_id, "seat": self.seat,
                                          "token": self.token, "name": self.name,
                                          "since": since, "public": True}), text=True)
                    sender = asyncio.create_task(self._send_loop(ws))
                    try:
                        async for raw in ws:
                            msg = decode_host(raw)
                            if msg["type"] == "welcome":
                                tries = 0
                                # a seat found by its code: ask for it by number from now on
                                self.table_id, self.seat = msg["table"], msg["seat"]
                            elif msg["type"] == "state":
                                since = msg["version"]
                            self._inbox.put(("message", msg))
                            if msg["type"] == "refused" and msg.get("code") in FATAL:
                                self._closing = True  # retrying cannot help
                                break
                    finally:
                        sender.cancel()
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI,
                    asyncio.TimeoutError, ValueError) as e:
                self._inbox.put(("lost", _why_lost(e)))
            if self._closing or self._over():
                return
            tries += 1
            if tries > self.retries:
                self._inbox.put(("gave_up", "The host cannot be reached any more."))
                return
            self._inbox.put(("lost", "reconnecting"))
            try:
                await asyncio.wait_for(self._wake.wait(), self.retry)
            except asyncio.TimeoutError:
                pass

    async def _send_loop(self, ws) -> None:
        assert self._out is not None
        while True:
            data = await self._out.get()
            if data is None:  # closing: what was sent before goes out first
                await ws.close()
                return
            await ws.send(data, text=True)

    def _over(self) -> bool:
        return bool(self._latest and self._latest.get("over"))

    def _send(self, message: dict) -> None:
        self._ready.wait(5)
        if self._loop is None or self._out is None or self._loop.is_closed():
            raise IllegalAction("Not connected to the host.")
        data = encode(message)
        try:
            self._loop.call_soon_threadsafe(self._out.put_nowait, data)
        except RuntimeError:  # the loop ended meanwhile
            raise IllegalAction("Not connected to the host.") from None

    # --- reading what arrived (the UI thread) ---------------------------------------------
    def pump(self) -> None:
        """Take in every message that arrived; never blocks."""
        while True:
            try:
                kind, item = self._inbox.get_nowait()
            except queue.Empty:
                return
            if kind == "closed":
                self.status = "over" if self._over() else "closed"
            elif kind in ("lost", "gave_up"):
                if self.status in ("playing", "waiting") and not self._over():
                    self._note("The connection to the host was lost: reconnecting…")
                if item != "reconnecting":
                    self.error = item
                if kind == "gave_up":
                    self._note(item)
                    self.status = "closed"
                elif not self._over():
                    self.status = "reconnecting"
                if self._pending is not None:
                    self._pending = None
                    self._changes += 1
                self._hints = {}  # an answer on its way is lost with the connection
            else:
                self._take(item)

    def _take(self, msg: dict) -> None:
        t = msg["type"]
        if t == "welcome":
            if self.status == "reconnecting":
                self._note("Reconnected to the host.")
            self.game = get_game(msg["game"])
            self.players = int(msg["players"])
            self.options = dict(msg.get("options") or {})
            self.action_kinds = frozenset(msg.get("action_kinds") or ())
            self.table_name = str(msg.get("name", ""))
            self.wait = float(msg.get("wait", 0))
            self.status = "waiting"
        elif t == "state":
            if "public" not in msg:  # sent only when it changed
                msg["public"] = (self._latest or {}).get("public")
            if self._state is None:  # the first position is shown at once
                self._state = msg
                self._happened += self._as_happened(msg)
            else:
                self._arrived.append(msg)
            self._latest = msg
            if self._pending is not None and msg["version"] > self._pending:
                self._pending = None
            self._changes += 1
            self.status = "over" if msg["over"] else "playing" if msg["started"] else "waiting"
        elif t == "hint":
            self._took_hint(msg.get("version"), msg)
        elif t == "refused":
            self.refusals.append((msg["code"], msg["reason"]))
            self.error = msg["reason"]
            if msg.get("ref") == "hint":
                self._took_hint(msg.get("version"), msg)
            elif msg.get("ref") == "agree":
                pass  # the lobby shows what the host holds
            elif self._pending is not None:  # our action was refused: say why, choose again
                self._pending = None
                self._changes += 1
                self._note(msg["reason"])

    def _note(self, text: str) -> None:
        """A sentence for the table's log (a refusal, the connection lost and back)."""
        version = self._state["version"] if self._state else 0
        self._happened.append(Happened(-1, None, (Event(NOTICE, text),), version))

    def _as_happened(self, msg: dict) -> list[Happened]:
        out = []
        for h in msg["happened"]:
            action = action_from_host(h["action"]) if h["action"] is not None else None
            events = tuple(event_from_host(e) for e in h["events"])
            out.append(Happened(h["seat"], action, events, h["version"]))
        for text in msg.get("notices", ()):
            self.notices.append(text)
            out.append(Happened(-1, None, (Event(NOTICE, text),), msg["version"]))
        return out

    def _show_next(self) -> None:
        """Move the shown position on to the next other seat's move (or to the newest
        position, if only the seat's own moves and notices came meanwhile). A seat far
        behind (back from a drop) catches up at once."""
        catch_up = len(self._arrived) > CATCH_UP
        while self._arrived:
            msg = self._arrived.popleft()
            self._state = msg
            self._happened += self._as_happened(msg)
            self._changes += 1
            if not catch_up and any(h["seat"] != self.seat for h in msg["happened"]):
                return

    @property
    def ready(self) -> bool:
        """True once the host sent the seat its first position."""
        self.pump()
        return self._state is not None and self.game is not None

    def wait_ready(self, timeout: float = 10.0) -> bool:
        """Block until ready (tools and tests only; a window polls `ready`)."""
        end = time.monotonic() + timeout
        while not self.ready:
            if time.monotonic() > end or self.status == "closed":
                return False
            time.sleep(0.005)
        return True

    @property
    def started(self) -> bool:
        """The host started the game (the newest position says so)."""
        self.pump()
        return bool(self._latest and self._latest["started"])

    @property
    def hints_allowed(self) -> bool:
        """The host proposes the coach's hints (the lobby's "Allow hints")."""
        self.pump()
        return bool(self._latest and self._latest.get("hints"))

    @property
    def hints_on(self) -> bool:
        """Hints are on at this table: the host proposed them and every person seated agreed
        (settled at the start)."""
        self.pump()
        return bool(self._latest and self._latest.get("hints_on"))

    def agreed(self) -> list[int]:
        """The seats that agree to hints (the lobby shows them)."""
        self.pump()
        return list((self._latest or {}).get("agreed", []))

    def agree(self, on: bool) -> None:
        """Before the start: this seat agrees (or no longer agrees) to the coach's hints."""
        self._send({"type": "agree", "v": PROTOCOL, "seat": self.seat, "token": self.token,
                    "agree": bool(on)})

    def hints_off(self) -> str | None:
        """Why there are no hints: off unless the host proposed them and every person seated
        agreed before the start."""
        if not self.hints_on:
            return "Hints are off at this table: every seat must agree to them."
        return None

    def hint(self, seat: int) -> Any:
        """The coach's advice for the seat at the shown position (see TableSession.hint),
        worked out by the host from the seat's own information: the first call asks the host
        and returns None; later calls return it once it is in."""
        off = self.hints_off()
        if off is not None:
            raise IllegalAction(off)
        state = self._mine(seat)
        if seat not in state["to_act"] or not self.legal_actions(seat):
            raise IllegalAction("Nothing is asked of you now.")
        version = state["version"]
        answer = self._hints.get(version)
        if isinstance(answer, str):
            raise IllegalAction(answer)
        if answer is not None and not isinstance(answer, float):
            return answer
        now = time.monotonic()
        # answers about positions gone by are forgotten, and questions the host never answered
        self._hints = {v: a for v, a in self._hints.items()
                       if isinstance(a, float) and now - a < HINT_WAIT}
        if not self._hints:  # one question at a time
            self._send({"type": "hint", "v": PROTOCOL, "seat": self.seat, "token": self.token,
                        "version": version})
            self._hints[version] = now
        return None

    def _took_hint(self, version: Any, msg: dict) -> None:
        if not isinstance(version, int) or not isinstance(self._hints.get(version), float):
            return  # not asked (or no longer waited for)
        if msg["type"] == "hint":
            from game.coach import Advice

            self._hints[version] = Advice(action_from_host(msg["action"]), str(msg["text"]))
        else:
            self._hints[version] = str(msg["reason"])

    def lobby(self) -> list[dict]:
        """The seats as the host reports them now: `name`, `kind` (remote/ai), `open`,
        `taken`, `connected`, `bot` (the lobby's rows)."""
        self.pump()
        return list((self._latest or {}).get("seats", []))

    def _mine(self, seat: int | None) -> dict:
        if seat != self.seat:
            raise ValueError(f"this client sees only seat {self.seat + 1}, not {seat!r}")
        self.pump()
        if self._state is None:
            raise IllegalAction("Not connected to the host yet.")
        return self._state

    # --- the session interface ------------------------------------------------------------
    def seats(self) -> list[SeatInfo]:
        """Your seat is YOU. While the game runs every other seat is AI: to a table they are
        all played elsewhere (a table counts a seat that is not AI as a person at its own
        screen); at the end, friends' seats are REMOTE, so the results name them as people."""
        self.pump()
        out = []
        over = self._over()
        for i, s in enumerate((self._state or {}).get("seats", [])):
            kind = YOU if i == self.seat else REMOTE if over and s["open"] else AI
            out.append(SeatInfo(kind, s["name"], s.get("bot", ""),
                                {"connected": s["connected"], "taken": s["taken"],
                                 "remote": s["kind"] == "remote"}))
        return out

    @property
    def version(self) -> int:
        """Changes whenever what this session answers may have changed (the shown position,
        an action sent or refused); not the host's count of actions."""
        self.pump()
        return self._changes

    def to_act(self) -> tuple[int, ...]:
        self.pump()
        return tuple(self._state["to_act"]) if self._state else ()

    def view(self, seat: int | None) -> Any:
        """The seat's view; None: the spectator's (what every seat may know)."""
        if seat is None:
            self.pump()
            if self._state is None:
                raise IllegalAction("Not connected to the host yet.")
            return self._state["public"]
        return self._mine(seat)["view"]

    def _can_act(self) -> bool:
        """One action in flight at a time (never act twice), and only on the newest
        position."""
        return self._pending is None and not self._arrived and self.status == "playing"

    def legal_actions(self, seat: int) -> list[Action]:
        state = self._mine(seat)
        if not self._can_act():
            return []
        return [action_from_host(a) for a in state["legal"]]

    def prompt(self, seat: int | None) -> str:
        return self._mine(seat)["prompt"]

    def asked(self) -> str:
        self.pump()
        return (self._state or {}).get("asked", "")

    def thinking(self) -> int | None:
        """The first other seat asked now: its move comes from elsewhere."""
        return next((p for p in self.to_act() if p != self.seat), None)

    def _index(self, seat: int, action: Action) -> int | None:
        for i, a in enumerate(self.legal_actions(seat)):
            if a == action:
                return i
        return None

    def reason(self, seat: int, action: Action) -> str | None:
        state = self._mine(seat)
        if state["over"]:
            return "The game is over."
        if self.status != "playing":
            return "Not connected to the host: wait a moment." if self.status in (
                "reconnecting", "connecting") else "The game has not started yet." if \
                self.status == "waiting" else "The connection to the host is closed."
        if not self._can_act():
            return "Waiting for the host."
        if self._index(seat, action) is None:
            return state["prompt"] if seat not in state["to_act"] else \
                f"{action} is not something you can do now."
        return None

    def loses(self, seat: int, action: Action) -> str | None:
        i = self._index(seat, action)
        return None if i is None else self._mine(seat)["loses"][i]

    def cost(self, seat: int, action: Action) -> str:
        i = self._index(seat, action)
        return "" if i is None else self._mine(seat)["costs"][i]

    def apply(self, seat: int, action: Action) -> None:
        why = self.reason(seat, action)
        if why is not None:
            raise IllegalAction(why)
        self._act(action)

    def _act(self, action: Action) -> None:
        version = self._state["version"]
        self._send({"type": "act", "v": PROTOCOL, "seat": self.seat, "token": self.token,
                    "version": version, "action": action.to_json()})
        self._pending = version
        self._changes += 1

    def concede(self, seat: int | None = None) -> None:
        """Leave the game for good: the rules' concede action where the game allows it (the
        host decides; see `HostTable.concede`), else a bot plays the seat from now on."""
        self._mine(self.seat if seat is None else seat)
        self._send({"type": "concede", "v": PROTOCOL, "seat": self.seat, "token": self.token})

    def time_out(self, seat: int) -> bool:
        """The seat's time ran out: the rules' timeout action is sent (once: the clock may
        ask every frame until the host answers)."""
        state = self._mine(seat)
        if seat in state["to_act"] and self._can_act():
            self._act(Action(TIMEOUT))
        return True

    def poll(self, viewer: int | None) -> list[Happened]:
        self._mine(viewer)
        if not self._happened:
            self._show_next()
        out, self._happened = self._happened, []
        self._history += out
        return out

    def history(self, viewer: int | None) -> list[Happened]:
        self._mine(viewer)
        return list(self._history)

    def is_over(self) -> bool:
        """The shown position is the end (the table shows every move before its results)."""
        self.pump()
        return bool(self._state and self._state["over"])

    def outcome(self) -> Outcome | None:
        self.pump()
        out = (self._state or {}).get("outcome")
        if out is None:
            return None
        return Outcome(tuple(out["winners"]), tuple(out["scores"]), out["rank"],
                       out["details"])

    def record(self) -> dict | None:
        """The whole game record, sent once the game is over (None before)."""
        self.pump()
        return (self._state or {}).get("record")

    def close(self, wait: float = 0.0) -> None:
        """Leave: what was sent goes out, then the connection closes, on its own thread (the
        caller waits up to `wait` seconds for it; a window never does)."""
        self._closing = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._shut)
            except RuntimeError:  # the loop has just ended
                pass
        if wait:
            self._thread.join(wait)

    def _shut(self) -> None:
        assert self._out is not None and self._wake is not None
        self._out.put_nowait(None)
        self._wake.set()
        # a connection being opened has no sender yet: it is not waited for
        self._loop.call_later(3.0, self._cancel_all)

    @staticmethod
    def _cancel_all() -> None:
        for task in asyncio.all_tasks():
            task.cancel()


def _why_lost(e: BaseException) -> str:
    if isinstance(e, ConnectionRefusedError):
        return "Nobody answers at that address (is the table still open?)."
    if isinstance(e, (asyncio.TimeoutError, TimeoutError)):
        return "The host did not answer in time."
    if isinstance(e, OSError):
        return f"The host cannot be reached ({e.strerror or e})."
    if isinstance(e, ConnectionClosed):
        return "The host closed the connection."
    return f"The connection failed ({type(e).__name__})."


__all__ = ["NetworkSession", "NOTICE"]
