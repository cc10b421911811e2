"""`python -m game netbench`: a host on 127.0.0.1 in its own process, and bot clients (every
seat a client, all in this process: a real host runs none of its players' clients) playing
complete games at 1, 10 and 50 tables at once. Each bot client picks a
legal action (seeded by table, seat and version, so a game is the same however often it is
interrupted) and measures the round trip from its send to the state message carrying the
result of its own action. The last line printed is one JSON object.

`bot_client` is also what the network tests play with.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable
from typing import Any

import msgspec
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.core.rng import Rng
from game.net.protocol import PROTOCOL, decode_host, encode
from game.registry import GAME_PACKAGES, get_game

#: refusal codes a correct client can meet: its seat's position moved on meanwhile, or it
#: acted faster than the host's rate limit (it then slows down)
EXPECTED = {"stale", "rate"}
#: seconds a client told to slow down waits before it sends again
BACK_OFF = 0.1


class _Acted(msgspec.Struct):
    seat: int
    version: int


class _Glance(msgspec.Struct):
    """What a bot client reads of a host message to play on (the rest, the view above all, is
    skipped unread: 50 tables of clients in one process must not cost more than the host)."""

    type: str
    version: int = -1
    happened: list[_Acted] = []
    to_act: list[int] = []
    legal: list[list[Any]] = []
    over: bool = False
    code: str = ""
    reason: str = ""


_glance = msgspec.json.Decoder(_Glance)


def pick(legal: list, seed: int, seat: int, version: int) -> int:
    """The bot client's choice: fixed by the table's seed, the seat and the version."""
    return Rng((seed * 1_000_003) ^ (seat * 7919) ^ (version * 0x9E3779B1)).below(len(legal))


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        #: the host process's CPU seconds while the games ran, and the actions it applied
        self.host_cpu = 0.0
        self.actions = 0
        #: the bot clients' process's CPU seconds meanwhile (all of them in one process)
        self.client_cpu = 0.0


async def bot_client(uri: str, table: str, seat: int, token: str, seed: int, stats: Stats, *,
                     on_message: Callable[[int, bytes | str, dict], None] | None = None,
                     drop_every: int = 0, drop_rng: Rng | None = None, serial: bool = False,
                     reconnect: float = 0.0, sent: list | None = None,
                     timeout: float = 60.0, public: bool = False) -> dict:
    """Play `seat` to the end of the game; returns the last state message (or {}).

    `drop_every`: on average every that many of its own actions the client drops the
    connection right after sending and comes back with its token. `serial`: act only as the
    first seat asked (simultaneous choices then come in seat order, so a game is the same
    however fast each client is). `reconnect`: seconds to keep retrying when the host is gone
    (a host restarted with --resume). `sent` collects (version, action) of every send.
    `public`: ask for the spectator's view too."""
    since = -1
    while True:
        dropped = False
        try:
            ws = await connect(uri, compression=None, max_size=1 << 22, open_timeout=10)
        except (OSError, asyncio.TimeoutError, InvalidHandshake):  # (a host going or coming)
            if reconnect <= 0:
                raise
            reconnect -= 0.05
            await asyncio.sleep(0.05)
            continue
        try:
            async with ws:
                await ws.send(encode({"type": "hello", "v": PROTOCOL, "table": table, "seat": seat,
                                      "token": token, "name": f"bot {seat + 1}",
                                      "since": since, "public": public}), text=True)
                sent_at: float | None = None
                sent_version = -1
                last: _Glance | None = None
                while True:
                    try:
                        async with asyncio.timeout(timeout):  # (no task per message)
                            raw = await ws.recv(decode=False)
                    except ConnectionClosed:
                        if reconnect > 0:
                            dropped = True
                            break
                        stats.errors.append(f"{table}/{seat}: the host closed the connection")
                        return {}
                    if on_message is not None:
                        on_message(seat, raw, decode_host(raw))
                    msg = _glance.decode(raw)
                    if msg.type == "refused":
                        if msg.code not in EXPECTED:
                            stats.errors.append(f"{table}/{seat}: {msg.code}: {msg.reason}")
                        elif msg.code == "rate":
                            await asyncio.sleep(BACK_OFF)
                        sent_at = None  # the position moved on meanwhile: choose again below
                    elif msg.type == "state":
                        last = msg
                        since = msg.version
                        if sent_at is not None and any(h.seat == seat and h.version > sent_version
                                                       for h in msg.happened):
                            stats.latencies.append((time.perf_counter() - sent_at) * 1000)
                            sent_at = None
                        if msg.over:
                            return decode_host(raw)
                    else:
                        continue
                    asked = last is not None and (last.to_act[:1] == [seat] if serial
                                                  else seat in last.to_act)
                    if sent_at is None and asked and last.legal:
                        legal = last.legal
                        action = legal[pick(legal, seed, seat, last.version)][:4]
                        sent_at = time.perf_counter()
                        sent_version = last.version
                        await ws.send(encode({"type": "act", "v": PROTOCOL, "seat": seat,
                                              "token": token, "version": last.version,
                                              "action": action}), text=True)
                        if sent is not None:
                            sent.append((last.version, action))
                        if drop_every and drop_rng is not None and drop_rng.below(drop_every) == 0:
                            dropped = True
                            break
        except ConnectionClosed:
            if reconnect <= 0:
                stats.errors.append(f"{table}/{seat}: the host closed the connection")
                return {}
            dropped = True
        if not dropped:
            return {}
        await asyncio.sleep(drop_rng.random() * 0.05 if drop_rng else 0)


# --- netbench -----------------------------------------------------------------------------

def bench_tables(count: int, first: int) -> list:
    """`count` tables, cycling through the games at their smallest player count, every seat
    open (ids n0, n1, ...; seeds first, first+1, ...)."""
    from game.net.table import HostTable

    tables = []
    for i in range(count):
        name = GAME_PACKAGES[(first + i) % len(GAME_PACKAGES)]
        game = get_game(name)
        players = game.min_players
        tables.append(HostTable(f"n{first + i}", name, players, first + i,
                                list(range(players)), wait=3600))
    return tables


def _host_process(count: int, first: int, conn) -> None:
    """The host of one netbench round, in a process of its own (it does the rules' work)."""
    from game.net.host import Host

    async def main() -> None:
        tables = bench_tables(count, first)
        host = Host(tables, rate=1000, burst=1000)
        port = await host.start("127.0.0.1", 0)
        conn.send((port, [(t.id, t.record.seed, [s.token for s in t.seats]) for t in tables]))
        cpu = time.process_time()
        while not host.all_over():
            await asyncio.sleep(0.05)
        cpu = time.process_time() - cpu
        await asyncio.sleep(0.2)
        conn.send((host.errors, cpu, sum(t.version for t in tables)))
        await host.stop()

    asyncio.run(main())


async def _clients(port: int, tables: list, stats: Stats) -> int:
    uri = f"ws://127.0.0.1:{port}"
    jobs = [bot_client(uri, tid, seat, token, seed, stats)
            for tid, seed, tokens in tables for seat, token in enumerate(tokens)]
    finals = await asyncio.gather(*jobs)
    over = {f["table"] for f in finals if f.get("over")}
    return len(over)


def bench_round(count: int, first: int) -> tuple[Stats, int]:
    from multiprocessing import get_context

    ctx = get_context("spawn")
    parent, child = ctx.Pipe()
    proc = ctx.Process(target=_host_process, args=(count, first, child), daemon=True)
    proc.start()
    try:
        if not parent.poll(60):
            raise RuntimeError("the netbench host did not start")
        port, tables = parent.recv()
        stats = Stats()
        cpu = time.process_time()
        finished = asyncio.run(_clients(port, tables, stats))
        stats.client_cpu = time.process_time() - cpu
        if parent.poll(30):
            host_errors, stats.host_cpu, stats.actions = parent.recv()
            stats.errors += [f"host error {i}" for i in range(host_errors)]
        return stats, finished
    finally:
        proc.join(10)
        if proc.is_alive():
            proc.terminate()


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    if len(xs) == 1:
        return xs[0]
    return statistics.quantiles(xs, n=100, method="inclusive")[int(q) - 1]


def netbench(rounds: tuple[int, ...] = (1, 10, 50), say: Callable[[str], None] = print) -> dict:
    out: dict[str, Any] = {}
    games = errors = 0
    first = 0
    for count in rounds:
        t0 = time.perf_counter()
        stats, finished = Stats(), 0
        # fewer tables than games: play waves until each game has been played once
        for _ in range(-(-len(GAME_PACKAGES) // count)):
            wave, done = bench_round(count, first)
            first += count
            finished += done
            stats.latencies += wave.latencies
            stats.errors += wave.errors
            stats.host_cpu += wave.host_cpu
            stats.actions += wave.actions
            stats.client_cpu += wave.client_cpu
        games += finished
        errors += len(stats.errors)
        for e in stats.errors[:5]:
            say(f"  error: {e}")
        p50 = round(percentile(stats.latencies, 50), 2)
        p95 = round(percentile(stats.latencies, 95), 2)
        out[f"tables_{count}"] = {"p50_ms": p50, "p95_ms": p95}
        host = 1000 * stats.host_cpu / max(1, stats.actions)
        clients = 1000 * stats.client_cpu / max(1, stats.actions)
        say(f"{count} tables: {finished} games, {len(stats.latencies)} round trips, "
            f"p50 {p50} ms, p95 {p95} ms, {time.perf_counter() - t0:.1f} s; CPU per action: "
            f"the host {host:.2f} ms, the clients {clients:.2f} ms")
    out["games"] = games
    out["errors"] = errors
    return out
