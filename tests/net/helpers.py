"""Playing network games on 127.0.0.1 for the tests: a host in a thread, bot clients at every
seat, and the same game played locally for comparison.

Counts: the default run plays a few games of each kind; CARDTABLE_NET_FULL=1 plays the counts
of issue 21 (200 privacy games, 50 reconnect games, 20 restarts, 10,000 fuzz messages).
"""

from __future__ import annotations

import asyncio
import os

from game.net.bench import Stats, bot_client, pick
from game.net.host import HostThread
from game.net.table import HostTable, state_hash
from game.registry import GAME_PACKAGES, get_game

FULL = os.environ.get("CARDTABLE_NET_FULL", "") not in ("", "0")


def count(default: int, full: int) -> int:
    return full if FULL else default


def table_for(n: int, save_dir=None, players: int | None = None, **kw) -> HostTable:
    """Table n: the games in turn, at player counts in turn, every seat open."""
    name = GAME_PACKAGES[n % len(GAME_PACKAGES)]
    game = get_game(name)
    if players is None:
        span = game.max_players - game.min_players + 1
        players = game.min_players + (n // len(GAME_PACKAGES)) % min(span, 3)
    return HostTable(f"g{n}", name, players, 1000 + n, list(range(players)),
                     save_dir=save_dir, wait=kw.pop("wait", 3600), **kw)


def local_hash(name: str, players: int, seed: int) -> str:
    return local_game(name, players, seed)[0]


def local_game(name: str, players: int, seed: int) -> tuple[str, int]:
    """The game the serial bot clients play, played here without a network: (its final state
    hash, its number of actions)."""
    state = get_game(name).new_state(players, seed)
    version = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[pick(legal, seed, seat, version)])
        version += 1
    return state_hash(state), version


def play(host: HostThread, tables: list[HostTable], on_message=None, **client) -> tuple:
    """Every seat of every table a bot client, until every game is over; (finals, stats),
    finals[table id][seat] = the last state message."""
    stats = Stats()

    async def main():
        jobs, keys = [], []
        for t in tables:
            for seat, s in enumerate(t.seats):
                msg_hook = (lambda tid: (lambda seat, raw, msg: on_message(tid, seat, raw, msg))
                            )(t.id) if on_message else None
                jobs.append(bot_client(host.uri, t.id, seat, s.token, t.record.seed, stats,
                                       on_message=msg_hook, timeout=30, **client))
                keys.append((t.id, seat))
        results = await asyncio.gather(*jobs)
        finals: dict = {}
        for (tid, seat), r in zip(keys, results, strict=True):
            finals.setdefault(tid, {})[seat] = r
        return finals

    return asyncio.run(main()), stats
