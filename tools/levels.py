"""Is each AI level stronger than the one below it? One seat of the higher level against the
lower level in every other seat, the higher seat rotating over the games (issue 20, "Levels
that keep their promise"), in a competitive game:

    uv run python tools/levels.py mhtcg --players 4 --pair heuristic ismcts --games 200 \
        --jobs 1 --log ismcts-vs-heuristic.jsonl

Game i is seed S+i with the higher bot in seat i mod players; each bot decides through
`decide` on its seat's determinization, with its own default budget (the level as the table
offers it) unless --seconds is given: exactly `python -m game selfplay`'s loop (play_one). The
line printed: the higher bot's win share (a shared win counts 1/k) with its 95 % Wilson score
interval (shares of 1/k vary less than wins and losses, so the interval is if anything wide),
the fair share 1/players, and the share by seat. With --log every finished game is a JSON line as it comes; run again with the same log
to carry on where a run stopped (the games already in the log are not played again), or with
--games 0 to read the log alone.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.cli.selfplay import play_one  # noqa: E402
from game.core.runs import read_log, rotating_seats, run_games, win_share  # noqa: E402
from game.registry import get_game  # noqa: E402

Z95 = 1.96


def play_level(task: tuple) -> dict:
    """One game of a pairing: (game, players, seed, bots, seconds) -> its seed, bots, winners,
    decisions."""
    name, players, seed, bots, seconds = task
    r = play_one((name, players, seed, bots, {}, seconds, False, None))
    return {"game": name, "players": players, "seed": seed, "bots": bots,
            "winners": r["winners"], "decisions": r["decisions"]}


def interval(shares: list[float]) -> tuple[float, float, float]:
    """The mean share and its 95 % Wilson score interval over len(shares) games."""
    n, p = len(shares), statistics.fmean(shares)
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def summary(results: list[dict], high: str) -> str:
    players = results[0]["players"]
    shares = [win_share(r["winners"], r["bots"].index(high)) for r in results]
    mean, lo, hi = interval(shares)
    by_seat = []
    for seat in range(players):
        mine = [s for r, s in zip(results, shares, strict=True) if r["bots"].index(high) == seat]
        by_seat.append(f"{100 * statistics.fmean(mine):.1f}%" if mine else "–")
    low = next(b for b in results[0]["bots"] if b != high)
    return (f"{results[0]['game']}, {players} players: {high} (one seat) vs {players - 1} {low}: "
            f"{100 * mean:.1f}% [95% {100 * lo:.1f}–{100 * hi:.1f}] over {len(results)} games, "
            f"fair {100 / players:.1f}%; by seat {' / '.join(by_seat)}; "
            f"seeds {min(r['seed'] for r in results)}–{max(r['seed'] for r in results)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--pair", nargs=2, metavar=("LOWER", "HIGHER"), required=True)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=None,
                    help="per decision for bots that take it (default: each bot's own)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--log", default=None)
    args = ap.parse_args(argv)
    game = get_game(args.game)
    if game.cooperative:
        ap.error(f"{args.game} is cooperative: compare team scores instead")
    low, high = args.pair
    done = read_log(args.log) if args.log and Path(args.log).exists() else []
    seen = {(r["seed"], tuple(r["bots"])) for r in done}
    tasks = []
    for i in range(args.games):
        bots = rotating_seats(high, low, args.players, i)
        if (args.seed + i, tuple(bots)) not in seen:
            tasks.append((args.game, args.players, args.seed + i, bots, args.seconds))
    label = f"{args.game} {high} vs {low}"
    results = done + run_games(play_level, tasks, args.jobs, args.log, label=label,
                               note=lambda rs: summary(done + rs, high))
    results = [r for r in results if r["bots"].count(high) == 1 and low in r["bots"]]
    if not results:
        print("no games", file=sys.stderr)
        return 1
    print(summary(results, high))
    return 0


if __name__ == "__main__":
    sys.exit(main())
