"""The host: WebSocket connections to hosted tables (asyncio, `websockets`).

Each connection is one seat at one table: its first message is `hello` with the seat's token,
then it may `act`, `concede` and `ping`, `agree` to hints before the start and ask for a `hint`
(game/net/coaching.py). Every message is parsed strictly
(game/net/protocol.py) and checked by its table (game/net/table.py); a refused one gets a
`refused` message with the reason and changes nothing. A connection that sends faster than its
rate gets refusals, and is dropped when it keeps on. Nothing a client sends can stop the host:
an unexpected error is logged, answered with a refusal and the host goes on.

After every change a table's connected seats each get their own `state` message; bots (AI
seats, and open seats whose player is away for the table's wait) think in worker threads
through `decide`, from their seat's determinization, never on the event loop.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import OPEN

from game.net.coaching import Coaching
from game.net.protocol import (
    PROTOCOL,
    Act,
    Agree,
    Concede,
    Hello,
    Hint,
    Ping,
    Refusal,
    action_of,
    encode,
    parse,
)
from game.net.table import HostTable, decide_for

log = logging.getLogger("card-table.host")

#: messages a connection may send per second, and how many at once (a token bucket)
RATE = 20.0
BURST = 40
#: refusals for flooding after which the connection is dropped
FLOOD_LIMIT = 40
#: bytes waiting to go out to a connection that reads too slowly before it is dropped
SEND_BUFFER = 1 << 22
#: the largest frame the WebSocket layer reads at all (bigger ones close the connection);
#: below it, anything over protocol.MAX_MESSAGE is refused with a reason
FRAME_LIMIT = 1 << 20
TICK = 0.2  # seconds between checks of away players' waits


class Conn:
    def __init__(self, ws: ServerConnection, rate: float, burst: int) -> None:
        self.ws = ws
        self.table: HostTable | None = None
        self.seat = -1
        self.sent = 0  # the version the client has been sent
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()
        self.floods = 0
        self.wants_public = False  # the client asked for the spectator's view too
        self.public = b""  # the spectator's view last sent (sent again only when changed)
        self.closing = False
        self._closer: asyncio.Task | None = None

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def push(self, message: dict) -> None:
        """Write `message` out now, as one text frame: no queue and no task in between, so a
        seat's message leaves as soon as its table is done with the change, not after every
        other table's. (websockets' `send` must be awaited, which took a writer task per
        connection; this is what it does inside: the frame from the connection's protocol
        object, written by `send_data`. websockets is pinned in uv.lock.)"""
        ws = self.ws
        if self.closing or ws.protocol.state is not OPEN:  # going: nothing more for it
            return
        if ws.transport.get_write_buffer_size() > SEND_BUFFER:  # a client that never reads
            self.close(1008, "the client reads too slowly")
            return
        ws.protocol.send_text(encode(message))
        ws.send_data()

    def close(self, code: int, reason: str) -> None:
        """Close after what was written has gone out; nothing more is handled or sent."""
        if not self.closing:
            self.closing = True
            self._closer = asyncio.get_running_loop().create_task(self.ws.close(code, reason))


def refused(code: str, reason: str, ref: str = "") -> dict:
    return {"type": "refused", "v": PROTOCOL, "code": code, "reason": reason, "ref": ref}


class Host:
    """Serves `tables` (id -> HostTable). `on_change(table)` runs after every change (the
    desktop host redraws its lobby by it)."""

    def __init__(self, tables: Iterable[HostTable], *, rate: float = RATE, burst: int = BURST,
                 bot_threads: int = 2, auto_start: bool = True) -> None:
        self.tables = {t.id: t for t in tables}
        self.rate, self.burst = rate, burst
        self.conns: dict[str, set[Conn]] = {t: set() for t in self.tables}
        self.executor = ThreadPoolExecutor(bot_threads, thread_name_prefix="host-bot")
        self.thinking: set[str] = set()
        self.server: Server | None = None
        self.errors = 0  # unexpected errors answered (a healthy host keeps 0)
        self.refusals = 0
        #: start a table once every open seat is taken (the headless host); else the host
        #: person starts it (`start_table`: the desktop lobby's Start)
        self.auto_start = auto_start
        self.on_change = None
        self._ticker: asyncio.Task | None = None
        #: the coach's hints, worked out in a thread of their own (game/net/coaching.py)
        self.coaching = Coaching(on_error=self._coach_failed)

    # --- serving ------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen; returns the port (0 picks a free one)."""
        self.server = await serve(self._serve, host, port, max_size=FRAME_LIMIT,
                                  compression=None, ping_interval=20, ping_timeout=20)
        self._ticker = asyncio.get_running_loop().create_task(self._tick())
        for table in self.tables.values():
            self._kick(table)
        return self.server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.coaching.close()

    def all_over(self) -> bool:
        return all(t.is_over() for t in self.tables.values())

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            now = time.monotonic()
            for table in self.tables.values():
                try:
                    if table.tick(now):
                        self._changed(table)
                except Exception:  # never let one table stop the others
                    self.errors += 1
                    log.exception("table %s: tick failed", table.id)

    async def _serve(self, ws: ServerConnection) -> None:
        conn = Conn(ws, self.rate, self.burst)
        try:
            async for raw in ws:
                # a closing connection's messages are read and dropped: its close answer
                # comes after them, and a client still sending must not stall the close
                if conn.closing:
                    continue
                if not conn.allow():
                    conn.floods += 1
                    if conn.floods > FLOOD_LIMIT:
                        conn.close(1008, "too many messages")
                    else:
                        self._refuse(conn, "rate", "Too many messages: slow down.")
                    continue
                self._handle(conn, raw)
        except ConnectionClosed:
            pass
        finally:
            self._detach(conn)

    def _refuse(self, conn: Conn, code: str, reason: str, ref: str = "") -> None:
        self.refusals += 1
        conn.push(refused(code, reason, ref))

    # --- one message --------------------------------------------------------------------
    def _handle(self, conn: Conn, raw: bytes | str) -> None:
        ref = ""
        try:
            msg = parse(raw)
            ref = type(msg).__name__.lower()
            if isinstance(msg, Ping):
                conn.push({"type": "pong", "v": PROTOCOL, "n": msg.n})
            elif isinstance(msg, Hello):
                self._hello(conn, msg)
            elif conn.table is None:
                raise Refusal("not_joined", "Say hello with your table, seat and token first.")
            elif msg.seat != conn.seat:
                raise Refusal("wrong_seat", f"This connection plays seat {conn.seat + 1}, "
                                            f"not {msg.seat + 1}.")
            elif isinstance(msg, Act):
                table = conn.table
                table.act(msg.seat, msg.token, msg.version, action_of(msg.action))
                self._changed(table, msg.seat)
            elif isinstance(msg, Concede):
                conn.table.concede(msg.seat, msg.token)
                self._changed(conn.table)
            elif isinstance(msg, Agree):
                conn.table.agree(msg.seat, msg.token, msg.agree)
                self._changed(conn.table)
            elif isinstance(msg, Hint):
                self._hint(conn, msg)
        except Refusal as r:
            self._refuse(conn, r.code, r.reason, ref)
        except Exception:  # a bug must not take the host down: say so and go on
            self.errors += 1
            log.exception("unexpected error handling a message")
            self._refuse(conn, "internal", "The host could not handle this message.", ref)

    def _hint(self, conn: Conn, msg: Hint) -> None:
        """The coach's advice for the asking seat, sent to this connection only. A refusal
        names the `version` asked about (the answer may come after the seat moved on)."""

        def refuse(code: str, reason: str) -> None:
            self.refusals += 1
            conn.push({**refused(code, reason, "hint"), "version": msg.version})

        try:
            conn.table.hint_request(msg.seat, msg.token, msg.version)
            self.coaching.ask(conn.table, msg.seat, msg.version, conn.push, refuse)
        except Refusal as r:
            refuse(r.code, r.reason)

    def _coach_failed(self) -> None:
        self.errors += 1

    def _hello(self, conn: Conn, msg: Hello) -> None:
        if conn.table is not None:
            raise Refusal("joined", f"This connection already plays seat {conn.seat + 1}.")
        seat = msg.seat
        if seat == -1:  # "the seat whose code this is", at this table or at any
            table, seat = self._seat_of(msg.table, msg.token)
        else:
            table = self.tables.get(msg.table)
            if table is None:
                raise Refusal("no_table", f"There is no table {msg.table!r} here.")
        table.join(seat, msg.token, msg.name, time.monotonic())
        conn.table, conn.seat = table, seat
        conn.wants_public = msg.public
        # a client coming back is told what happened while it was away (as far as this
        # process saw it); a new one gets the position only
        conn.sent = msg.since if 0 <= msg.since <= table.version else table.version
        self.conns[table.id].add(conn)
        conn.push(table.welcome(seat))
        if self.auto_start and not table.started and table.all_taken():
            table.start(time.monotonic())
        self._changed(table)

    def _seat_of(self, table_id: str, token: str) -> tuple[HostTable, int]:
        tables = [self.tables[table_id]] if table_id in self.tables else \
            list(self.tables.values()) if not table_id else []
        for table in tables:
            seat = table.seat_of(token)
            if seat is not None:
                return table, seat
        raise Refusal("bad_token", "No seat here has that code: check it with the host.")

    def _detach(self, conn: Conn) -> None:
        table = conn.table
        if table is None:
            return
        conn.table = None
        self.conns[table.id].discard(conn)
        try:
            table.leave_connection(conn.seat, time.monotonic())
            self._changed(table)
        except Exception:
            self.errors += 1
            log.exception("table %s: detaching failed", table.id)

    # --- after a change -----------------------------------------------------------------
    def start_table(self, table_id: str) -> None:
        """The host starts a table (the desktop lobby's Start; seats nobody took wait, then
        their bot plays)."""
        table = self.tables[table_id]
        if not table.started:
            table.start(time.monotonic())
            self._changed(table)

    def set_hints(self, table_id: str, on: bool) -> None:
        """The host proposes the coach's hints at a table (before it starts; every person
        seated must agree to them too)."""
        table = self.tables[table_id]
        if not table.started and table.hints != on:
            table.hints = on
            table.save()
            self._changed(table)

    def _changed(self, table: HostTable, first: int = -1) -> None:
        """Send every connected seat of `table` its message (seat `first`, who acted, before
        the others)."""
        notices = table.take_notices()
        conns = sorted(self.conns[table.id], key=lambda c: c.seat != first)
        shared = table.shared_parts() if conns else {}
        for conn in conns:
            msg = table.message_for(conn.seat, conn.sent, shared)
            if notices:
                msg["notices"] = notices
            if conn.wants_public:
                public = table.public_view()
                if bytes(public) != conn.public:
                    msg["public"] = public
                    conn.public = bytes(public)
            conn.sent = table.version
            conn.push(msg)
        if self.on_change is not None:
            self.on_change(table)
        self._kick(table)

    def _kick(self, table: HostTable) -> None:
        """Let the bot of the seat to act think (one at a time per table)."""
        if table.id in self.thinking:
            return
        job = table.bot_job()
        if job is None:
            return
        self.thinking.add(table.id)
        version = table.version
        future = asyncio.get_running_loop().run_in_executor(self.executor, decide_for, job)

        def done(f: asyncio.Future) -> None:
            self.thinking.discard(table.id)
            try:
                if table.bot_move(job[0], version, f.result()):
                    self._changed(table)
                else:
                    self._kick(table)
            except asyncio.CancelledError:
                pass
            except Exception:
                self.errors += 1
                log.exception("table %s: a bot failed", table.id)

        future.add_done_callback(done)


class HostThread:
    """A Host serving in a thread of its own, with its own asyncio loop (the desktop host,
    tests). Its tables are only touched on that loop: `call` runs a function there."""

    def __init__(self, tables: list, host: str = "127.0.0.1", port: int = 0,
                 **host_options: Any) -> None:
        self.host = Host(tables, **host_options)
        self.address = host
        self.port = 0
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(host, port), daemon=True,
                                        name="host")
        self._thread.start()
        self._ready.wait(10)
        if self._error is not None:
            raise self._error

    def _run(self, host: str, port: int) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.port = self.loop.run_until_complete(self.host.start(host, port))
        except BaseException as e:  # e.g. the port is taken: said by the constructor
            self._error = e
            self._ready.set()
            return
        self._ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(self.host.stop())
        self.loop.close()

    @property
    def uri(self) -> str:
        return f"ws://{self.address}:{self.port}"

    def call(self, fn: Callable, *args: Any) -> None:
        """Run `fn(*args)` on the host's loop (its tables are only touched there)."""
        self.loop.call_soon_threadsafe(fn, *args)

    def stop(self) -> None:
        if self.loop.is_running():
            self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(15)


# --- tables on disk -----------------------------------------------------------------------

def load_tables(save_dir: Path) -> list[HostTable]:
    """Every table saved in `save_dir` (for --resume); ValueError names a broken file."""
    tables = []
    for path in sorted(save_dir.glob("*.json")):
        try:
            tables.append(HostTable.from_json(HostTable.read_saved(path), save_dir))
        except (OSError, json.JSONDecodeError, UnicodeDecodeError, ValueError) as e:
            raise ValueError(f"{path.name}: {e}") from None
    return tables
