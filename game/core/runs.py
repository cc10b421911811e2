"""Long self-play measurements, shared by the games' balance scripts (game/<name>/balance.py):
play seeded games in worker processes, keep each result as a JSON line as soon as it is known,
and give a bot's win share with its standard error.

    tasks = [(seed + i, rotating_seats("ismcts", "heuristic", 4, i)) for i in range(200)]
    results = run_games(play_one, tasks, jobs=2, log_path="duel.jsonl")
    shares = [win_share(r["winners"], r["bots"].index("ismcts")) for r in results]
    print(versus_line("ismcts", "3 heuristic", shares))

`play_one(task)` must be a top-level function (worker processes import it by name) and return
a JSON-safe value (a dict of the game's facts, usually).
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from multiprocessing import get_context
from typing import Any


def rotating_seats(bot: str, others: str, players: int, game: int) -> list[str]:
    """The bots of game number `game` of a duel: `bot` in seat `game % players`, `others` in
    every other seat (so each seat is the bot's equally often)."""
    names = [others] * players
    names[game % players] = bot
    return names


def run_games(play: Callable[[Any], Any], tasks: Sequence, jobs: int = 1,
              log_path: str | None = None, label: str | None = None,
              note: Callable[[list], str] | None = None) -> list:
    """`play(task)` for every task; the results in task order. With jobs > 1 the games run in
    that many fresh worker processes (spawned, never forked: a forked copy of a process with
    threads can deadlock). With `log_path`, each result is appended to that file as one JSON
    line as it comes, so a long run cut short keeps its finished games (see `read_log`). With
    `label`, progress goes to standard error about twenty times a run ("label: 40/200 games,
    312 s"), followed by `note(results so far)` when given (a share so far)."""
    done: list = []
    step, start = max(1, len(tasks) // 20), time.perf_counter()
    with open(log_path, "a", encoding="utf-8") if log_path else nullcontext() as log:
        if jobs > 1 and len(tasks) > 1:
            with get_context("spawn").Pool(min(jobs, len(tasks))) as pool:
                _collect(pool.imap(play, tasks, chunksize=1), done, log, len(tasks), step,
                         start, label, note)
        else:
            _collect(map(play, tasks), done, log, len(tasks), step, start, label, note)
    return done


def _collect(results, done, log, total, step, start, label, note) -> None:
    for r in results:
        done.append(r)
        if log is not None:
            log.write(json.dumps(r) + "\n")
            log.flush()
        if label is not None and (len(done) % step == 0 or len(done) == total):
            line = f"{label}: {len(done)}/{total} games, {time.perf_counter() - start:.0f} s"
            print(line + (f", {note(done)}" if note else ""), file=sys.stderr, flush=True)


def read_log(path: str) -> list:
    """The results a `run_games(..., log_path=path)` wrote (finished or cut short)."""
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def win_share(winners: Sequence[int], seat: int) -> float:
    """A seat's share of one game's win: 1/k when it is among k winners (a shared win), else 0
    (a game nobody wins counts 0 for everyone, but still counts as a game)."""
    return 1 / len(winners) if seat in winners else 0.0


def share_with_error(shares: Sequence[float]) -> tuple[float, float]:
    """The mean of per-game shares and its standard error (the shares' sample standard deviation
    over √n; shares may be fractions: shared wins, draws counted half)."""
    n = len(shares)
    if n == 0:
        return 0.0, 0.0
    mean = statistics.fmean(shares)
    return mean, (statistics.stdev(shares) / math.sqrt(n) if n > 1 else 0.0)


def versus_line(bot: str, others: str, shares: Sequence[float]) -> str:
    """"ismcts vs 3 heuristic: win share 45.2 % ± 3.5 % (standard error) over 200 games"."""
    mean, err = share_with_error(shares)
    return (f"{bot} vs {others}: win share {100 * mean:.1f} % ± {100 * err:.1f} % "
            f"(standard error) over {len(shares)} games")
