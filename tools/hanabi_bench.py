"""OpenSpiel's C++ Hanabi driven from Python with uniform random play: the yardstick of Madoka's
speed (issue 20, "Madoka speed"). One JSON line, counted as `python -m game bench` counts:

    /tmp/osvenv/bin/python tools/hanabi_bench.py --seconds 10
    uv run python -m game bench madoka --players 4 --seconds 10

Run the two side by side, alternated (A B B A), so that both see the same load.

A decision is one player step: `legal_actions()`, a uniformly random pick, `apply_action()`;
a finished game is followed by `new_initial_state()` (counted in the time, as bench counts
`new_state`). Hanabi's deals are chance nodes in OpenSpiel: they are applied but not counted,
since Madoka deals inside its own step. `--deals weighted` (the default) draws each dealt card
with the deck's odds (`pyspiel.sample_action` on `chance_outcomes()`), as a real deal does;
`--deals uniform` picks among the card kinds left as a player action is picked, which is
cheaper (a faster yardstick) but deals from a skewed deck. `decisions_per_s` is over wall time,
`cpu_decisions_per_s` over the process's processor time, as in bench.

The game: `hanabi` with OpenSpiel's default parameters and 4 players (`players=4`): 5 colours
(Madoka's 5 girls), a hand of 4 at 4 players (as Madoka), 3 life tokens (Madoka's 3 grief
markers), 8 information tokens; the differences are 5 ranks and 50 cards (Madoka: numbers 1-4,
40 cards) and Madoka's witch deck. `--param ranks=4` and the like change a parameter.

OpenSpiel is not a dependency of the project: install it apart, e.g.
`python3 -m venv /tmp/osvenv && /tmp/osvenv/bin/pip install open_spiel`. Without it the script
says so and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time


def parse_param(text: str) -> tuple[str, int]:
    name, _, value = text.partition("=")
    if not name or not value.lstrip("-").isdigit():
        raise argparse.ArgumentTypeError(f"expected NAME=INTEGER, not {text!r}")
    return name, int(value)


def bench(pyspiel, params: dict[str, int], seconds: float, seed: int,
          deals: str = "weighted") -> dict:
    game = pyspiel.load_game("hanabi", params)
    sample = pyspiel.sample_action
    rng = random.Random(seed)
    decisions = games = 0
    start, cpu = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while games == 0 or time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():  # a deal: applied, not a decision
                if deals == "weighted":
                    state.apply_action(sample(state.chance_outcomes(), rng.random())[0])
                else:
                    kinds = state.legal_actions()
                    state.apply_action(kinds[rng.randrange(len(kinds))])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return {
        "game": "hanabi (OpenSpiel)",
        "params": params,
        "deals": deals,
        "seconds": seconds,
        "decisions_per_s": round(decisions / elapsed),
        "cpu_decisions_per_s": round(decisions / cpu) if cpu > 0 else None,
        "games_per_s": round(games / elapsed, 2),
        "mean_decisions": round(decisions / games, 2),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0, help="time to measure (default 10)")
    ap.add_argument("--players", type=int, default=4, help="players (default 4)")
    ap.add_argument("--param", type=parse_param, action="append", default=[],
                    metavar="NAME=VALUE", help="another hanabi parameter, repeatable")
    ap.add_argument("--deals", choices=("weighted", "uniform"), default="weighted",
                    help="how a dealt card is drawn (default: weighted, the deck's odds)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    try:
        import pyspiel
    except ImportError:
        print("pyspiel is not importable: install open_spiel in a separate environment "
              "(see this script's docstring)", file=sys.stderr)
        return 2
    params = {"players": args.players, **dict(args.param)}
    print(json.dumps(bench(pyspiel, params, args.seconds, args.seed, args.deals)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
