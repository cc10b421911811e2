"""Headless tools: `python -m game list | validate | selfplay | bench`.

  python -m game list
  python -m game validate [--data-dir DIR] [GAME ...]
  python -m game selfplay madoka --players 3 --games 1000 --seed 0 --bots ismcts --jobs 2
  python -m game selfplay bloodborne --players 4 --bots ismcts,random,random,random --budget-ms 200
  python -m game bench madoka --players 3 --seconds 10

selfplay and bench end with one JSON line on standard output.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.ai.agents import bots_for
from game.cli import UsageError, find_game
from game.registry import all_games


def cmd_list(args: argparse.Namespace) -> int:
    for name, game in all_games().items():
        mode = "cooperative" if game.cooperative else "competitive"
        players = f"{game.min_players}-{game.max_players} players"
        print(f"{name:12} {game.title:28} {players:13} {mode:12} bots: {', '.join(bots_for(game))}")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    names = args.games or list(all_games())
    failed = False
    for name in names:
        game = find_game(name)
        errors = game.validate_data(args.data_dir) if args.data_dir else game.validate_data()
        for line in errors:
            print(line)
        failed = failed or bool(errors)
        if not errors:
            print(f"{name}: ok")
    return 1 if failed else 0


def cmd_selfplay(args: argparse.Namespace) -> int:
    from game.cli.selfplay import selfplay

    seconds = args.budget_ms / 1000 if args.budget_ms is not None else None
    summary = selfplay(args.game, args.players, args.games, args.seed, args.bots.split(","),
                       args.option, seconds, args.jobs, args.checked)
    print(json.dumps(summary))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from game.cli.bench import bench

    print(json.dumps(bench(args.game, args.players, args.seconds, args.seed, args.option)))
    return 0


def option(text: str) -> tuple[str, Any]:
    """NAME=VALUE, the value read as JSON when it is (true, 3, "x"), else as text."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def positive(text: str) -> int:
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m game", description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    sub = p.add_subparsers(dest="command", required=True)

    sub.add_parser("list", help="registered games").set_defaults(run=cmd_list)

    v = sub.add_parser("validate", help="check every game's card data")
    v.add_argument("games", nargs="*", metavar="GAME")
    v.add_argument("--data-dir", help="check this folder instead of the bundled data")
    v.set_defaults(run=cmd_validate)

    def game_args(q: argparse.ArgumentParser) -> None:
        q.add_argument("game", help="a name from `python -m game list`")
        q.add_argument("--players", type=int, required=True)
        q.add_argument("--seed", type=int, default=0, help="first seed (games use S, S+1, ...)")
        q.add_argument("-o", "--option", type=option, action="append", default=[],
                       metavar="NAME=VALUE", help="a game option, e.g. qb=true")

    s = sub.add_parser("selfplay", help="bots play seeded games; prints a JSON summary")
    game_args(s)
    s.add_argument("--games", type=positive, default=100, help="how many games (100)")
    s.add_argument("--bots", default="random", help="one bot for all seats or one per seat: a,b,c")
    s.add_argument("--budget-ms", type=float, help="time per decision for bots that take one")
    s.add_argument("--jobs", type=positive, default=1, help="worker processes")
    s.add_argument("--checked", action="store_true", help="apply with legality checks")
    s.set_defaults(run=cmd_selfplay)

    b = sub.add_parser("bench", help="speed of random play, clone and bots; prints JSON")
    game_args(b)
    b.add_argument("--seconds", type=float, default=10.0, help="total time to measure")
    b.set_defaults(run=cmd_bench)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if hasattr(args, "option"):
        args.option = dict(args.option)
    try:
        return args.run(args)
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
