"""`python -m game selfplay`: bots play K seeded games; one JSON summary line.

`--records DIR` writes each game's replay file (game/replay.py) into DIR as
`<game>-<players>p-seed<S>.json`, for bug reports, tests and `main.py --replay`.

Each game is independent (seed S+i), so games can run across processes; the per-game loop asks
the acting seat's bot and applies its choice, nothing else. A game names what else to average
through `Game.summary_fields(outcome) -> {name: number}`; by default, the numeric and true/false
fields of `outcome.details`. The loop adds `outcome.details["actions"]`: how many actions of each
kind were taken. A field given as a pair (numerator, denominator) is reported as the ratio of
their totals over all games (e.g. Madoka's plays per tell).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Iterator
from multiprocessing import get_context
from typing import Any

from game.ai.agents import bots_for, decide, make_bot
from game.cli import UsageError, find_game
from game.core.contract import Game, Outcome
from game.core.rng import Rng
from game.registry import get_game


def summary_fields(game: Game, outcome: Outcome) -> dict[str, Any]:
    return {k: (float(v[0]), float(v[1])) if isinstance(v, tuple) else float(v)
            for k, v in game.summary_fields(outcome).items()}


def play_one(task: tuple) -> dict[str, Any]:
    """Play one game: (game name, players, seed, bot names, options, seconds per decision,
    checked, records folder or None) -> its result. Top-level so worker processes can run it. A failure names the
    seed, so the game can be replayed alone."""
    try:
        return _play(*task)
    except Exception as e:
        raise RuntimeError(f"{task[0]} seed {task[2]}: {type(e).__name__}: {e}") from e


def _play(name, players, seed, bot_names, options, seconds, checked,
          records=None) -> dict[str, Any]:
    game = get_game(name)
    factories = bots_for(game)
    agents = [
        make_bot(factories[bot], seed * 1000 + seat, seconds=seconds)
        for seat, bot in enumerate(bot_names)
    ]
    bounds = game.measurement_bots()
    sees_all = [bot in bounds for bot in bot_names]
    worlds = Rng(seed ^ 0xD15C)  # draws each bot's determinization: bots never see the real state
    state = game.new_state(players, seed, **options)
    move = state.apply if checked else state.step
    bound = game.max_decisions(players)
    decisions = 0
    kinds: dict[str, int] = {}
    taken = []
    while True:
        seats = state.to_act()
        if not seats:
            break
        seat = seats[0]  # simultaneous seats each choose in turn; the rules hide pending choices
        action = decide(agents[seat], state, seat, worlds, sees_all[seat])
        kinds[action.kind] = kinds.get(action.kind, 0) + 1
        move(seat, action)
        taken.append((seat, action))
        decisions += 1
        if decisions > bound:
            raise RuntimeError(f"{name} seed {seed}: more than max_decisions ({bound}) actions")
    if records:
        write_record(records, name, players, seed, options, bot_names, taken)
    outcome = state.outcome()
    outcome.details["actions"] = kinds
    rounds = state.rounds
    if rounds is None:
        rounds = outcome.details.get("rounds")
    return {
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "decisions": decisions,
        "rounds": rounds,
        "fields": summary_fields(game, outcome),
    }


def write_record(folder, name, players, seed, options, bot_names, taken) -> None:
    from pathlib import Path

    from game.core.record import GameRecord
    from game.replay import Replay

    names = [f"{bot} {seat + 1}" for seat, bot in enumerate(bot_names)]
    replay = Replay(GameRecord(name, players, seed, dict(options), [], taken), names,
                    [f"ai:{bot}" for bot in bot_names], finished=True)
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    (path / f"{name}-{players}p-seed{seed}.json").write_text(replay.dumps(), encoding="utf-8")


def selfplay(
    name: str,
    players: int,
    games: int,
    seed: int,
    bot_names: list[str],
    options: dict | None = None,
    seconds: float | None = None,
    jobs: int = 1,
    checked: bool = False,
    records: str | None = None,
) -> dict[str, Any]:
    game = find_game(name, players)
    known = bots_for(game)
    if len(bot_names) == 1:
        bot_names = bot_names * players
    if len(bot_names) != players:
        raise UsageError(
            f"give one bot for all seats or one per seat ({players}), not {len(bot_names)}"
        )
    unknown = [b for b in bot_names if b not in known]
    if unknown:
        raise UsageError(f"unknown bot(s) {', '.join(unknown)}; {name} has: {', '.join(known)}")
    tasks = [
        (name, players, seed + i, bot_names, options or {}, seconds, checked, records)
        for i in range(games)
    ]
    start = time.perf_counter()
    if jobs > 1 and games > 1:
        # fresh worker processes (never fork: a forked copy of a process with threads can
        # deadlock), the same on every platform
        with get_context("spawn").Pool(min(jobs, games)) as pool:
            chunk = max(1, min(16, games // (jobs * 8)))
            results = _with_progress(pool.imap(play_one, tasks, chunksize=chunk), games)
    else:
        results = _with_progress(map(play_one, tasks), games)
    return summarise(game, players, bot_names, options, results, time.perf_counter() - start)


def _with_progress(results: Iterator[dict], games: int) -> list[dict]:
    """Collect the results, showing "n/K games" on a terminal's standard error."""
    show = sys.stderr.isatty()
    step = max(1, games // 100)
    done = []
    for result in results:
        done.append(result)
        if show and (len(done) % step == 0 or len(done) == games):
            print(f"\r{len(done)}/{games} games", end="", file=sys.stderr, flush=True)
    if show:
        print(file=sys.stderr)
    return done


def summarise(game, players, bot_names, options, results, seconds) -> dict[str, Any]:
    n = len(results)
    out: dict[str, Any] = {"game": game.name, "players": players, "games": n, "bots": bot_names}
    if options:
        out["options"] = options
    if game.cooperative:
        scores = [r["scores"][0] for r in results]
        out["mean_score"] = _round(statistics.fmean(scores))
        out["median_score"] = _round(statistics.median(scores))
    else:
        share = [0.0] * players
        for r in results:
            for w in r["winners"]:
                share[w] += 1 / len(r["winners"])
        out["win_share"] = [_round(s / n) for s in share]
        out["mean_scores"] = [_round(statistics.fmean(r["scores"][p] for r in results))
                              for p in range(players)]
    rounds = [r["rounds"] for r in results if r["rounds"] is not None]
    if len(rounds) == n:
        out["mean_rounds"] = _round(statistics.fmean(rounds))
    out["mean_decisions"] = _round(statistics.fmean(r["decisions"] for r in results))
    out["seconds"] = _round(seconds)
    fields = sorted({k for r in results for k in r["fields"]})
    for k in fields:  # a field a game left out counts as 0
        key = k if k not in out else f"details_{k}"
        values = [r["fields"].get(k, 0.0) for r in results]
        if any(isinstance(v, tuple) for v in values):  # a ratio of totals
            pairs = [v if isinstance(v, tuple) else (0.0, 0.0) for v in values]
            below = sum(d for _, d in pairs)
            out[key] = _round(sum(x for x, _ in pairs) / below) if below else None
        else:
            out[key] = _round(sum(values) / n)
    return out


def _round(x: float) -> float:
    return round(x, 4)
