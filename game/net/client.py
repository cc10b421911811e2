"""`NetworkSession`: the table session of a seat played on another computer's host.

The connection lives in its own thread with its own asyncio loop; it hands every host message
to the table through a queue, and the table's calls only read what already arrived, so the UI
thread never waits on the network. A dropped connection is retried with the seat's token (the
host then sends what happened meanwhile) until the game is over or the session is closed.

The session knows only its own seat: its view, its legal actions, its prompt and the events as
that seat sees them; asking for another seat's view is a programming error (ValueError).
"""

from __future__ import annotations

import asyncio
import queue
import threading
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.core.contract import Action, IllegalAction, Outcome
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


def uri_of(host: str, port: int = DEFAULT_PORT) -> str:
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"ws://{host}:{port}"


class NetworkSession(TableSession):
    def __init__(self, host: str, port: int, table: str, seat: int, token: str,
                 name: str = "", *, retry: float = 1.0, retries: int = 30) -> None:
        self.uri = uri_of(host, port)
        self.table_id, self.seat, self.token, self.name = table, seat, token, name
        self.retry, self.retries = retry, retries
        self.status = "connecting"  # connecting, waiting, playing, reconnecting, over, closed
        self.error = ""  # the last problem, in words (a refusal or a lost connection)
        self.refusals: list[tuple[str, str]] = []  # (code, reason) the host sent back
        self.notices: list[str] = []  # what the table says (a player dropped, a bot stands in)
        self.game = None  # known once the host welcomed us
        self.players = 0
        self._inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._state: dict | None = None
        self._happened: list[Happened] = []
        self._pending: int | None = None  # the version an action was sent at
        self._closing = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._out: asyncio.Queue[bytes] | None = None
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
        self._ready.set()
        since, tries = -1, 0
        while not self._closing:
            try:
                async with connect(self.uri, compression=None, max_size=1 << 22,
                                   open_timeout=5) as ws:
                    tries = 0
                    await ws.send(encode({"type": "hello", "v": PROTOCOL,
                                          "table": self.table_id, "seat": self.seat,
                                          "token": self.token, "name": self.name,
                                          "since": since}), text=True)
                    sender = asyncio.create_task(self._send_loop(ws))
                    try:
                        async for raw in ws:
                            msg = decode_host(raw)
                            if msg["type"] == "state":
                                since = msg["version"]
                            self._inbox.put(("message", msg))
                            if msg["type"] == "refused" and msg.get("code") in FATAL:
                                self._closing = True
                            if self._closing:
                                break
                    finally:
                        sender.cancel()
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI,
                    asyncio.TimeoutError, ValueError) as e:
                self._inbox.put(("lost", f"{type(e).__name__}: {e}"))
            if self._closing or self._over():
                return
            tries += 1
            if tries > self.retries:
                self._inbox.put(("lost", "gave up reconnecting"))
                return
            self._inbox.put(("lost", "reconnecting"))
            await asyncio.sleep(self.retry)

    async def _send_loop(self, ws) -> None:
        assert self._out is not None
        while True:
            data = await self._out.get()
            await ws.send(data, text=True)

    def _over(self) -> bool:
        return bool(self._state and self._state.get("over"))

    def _send(self, message: dict) -> None:
        self._ready.wait(5)
        if self._loop is None or self._out is None or self._loop.is_closed():
            raise IllegalAction("Not connected to the host.")
        data = encode(message)
        self._loop.call_soon_threadsafe(self._out.put_nowait, data)

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
            elif kind == "lost":
                self.error = item
                if not self._over():
                    self.status = "reconnecting"
                self._pending = None
            else:
                self._take(item)

    def _take(self, msg: dict) -> None:
        t = msg["type"]
        if t == "welcome":
            self.game = get_game(msg["game"])
            self.players = int(msg["players"])
            self.status = "waiting"
        elif t == "state":
            for h in msg["happened"]:
                action = action_from_host(h["action"]) if h["action"] is not None else None
                events = tuple(event_from_host(e) for e in h["events"])
                self._happened.append(Happened(h["seat"], action, events, h["version"]))
            self.notices.extend(msg.get("notices", ()))
            self._state = msg
            if self._pending is not None and msg["version"] > self._pending:
                self._pending = None
            self.status = "over" if msg["over"] else "playing" if msg["started"] else "waiting"
        elif t == "refused":
            self.refusals.append((msg["code"], msg["reason"]))
            self.error = msg["reason"]
            self._pending = None

    @property
    def ready(self) -> bool:
        """True once the host sent the seat its first position."""
        self.pump()
        return self._state is not None and self.game is not None

    def wait_ready(self, timeout: float = 10.0) -> bool:
        """Block until ready (tools and tests only; a window polls `ready`)."""
        import time

        end = time.monotonic() + timeout
        while not self.ready:
            if time.monotonic() > end or self.status == "closed":
                return False
            time.sleep(0.005)
        return True

    def _mine(self, seat: int | None) -> dict:
        if seat != self.seat:
            raise ValueError(f"this client sees only seat {self.seat + 1}, not {seat!r}")
        self.pump()
        if self._state is None:
            raise IllegalAction("Not connected to the host yet.")
        return self._state

    # --- the session interface ------------------------------------------------------------
    def seats(self) -> list[SeatInfo]:
        self.pump()
        out = []
        for i, s in enumerate((self._state or {}).get("seats", [])):
            kind = YOU if i == self.seat else AI if s["kind"] == "ai" else REMOTE
            out.append(SeatInfo(kind, s["name"], s.get("bot", ""),
                                {"connected": s["connected"], "taken": s["taken"]}))
        return out

    @property
    def version(self) -> int:
        self.pump()
        return self._state["version"] if self._state else 0

    def to_act(self) -> tuple[int, ...]:
        self.pump()
        return tuple(self._state["to_act"]) if self._state else ()

    def view(self, seat: int | None) -> Any:
        return self._mine(seat)["view"]

    def legal_actions(self, seat: int) -> list[Action]:
        state = self._mine(seat)
        if self._pending is not None:  # one action in flight at a time: never act twice
            return []
        return [action_from_host(a) for a in state["legal"]]

    def prompt(self, seat: int) -> str:
        return self._mine(seat)["prompt"]

    def _index(self, seat: int, action: Action) -> int | None:
        for i, a in enumerate(self.legal_actions(seat)):
            if a == action:
                return i
        return None

    def reason(self, seat: int, action: Action) -> str | None:
        state = self._mine(seat)
        if state["over"]:
            return "The game is over."
        if self._pending is not None:
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
        version = self._state["version"]
        self._send({"type": "act", "v": PROTOCOL, "seat": seat, "token": self.token,
                    "version": version, "action": action.to_json()})
        self._pending = version

    def concede(self) -> None:
        """Leave the game (see game/net/table.py `HostTable.concede`)."""
        self._send({"type": "concede", "v": PROTOCOL, "seat": self.seat, "token": self.token,
                    "version": self.version})

    def poll(self, viewer: int | None) -> list[Happened]:
        self._mine(viewer)
        out, self._happened = self._happened, []
        return out

    def is_over(self) -> bool:
        self.pump()
        return self._over()

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

    def close(self) -> None:
        self._closing = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._stop_loop)
            except RuntimeError:
                pass
        self._thread.join(timeout=2)

    def _stop_loop(self) -> None:
        for task in asyncio.all_tasks():
            task.cancel()
