"""Headless tools: `python -m game list | validate | selfplay | bench | host | netbench`.

  python -m game list
  python -m game validate [--data-dir DIR] [GAME ...]
  python -m game selfplay madoka --players 3 --games 1000 --seed 0 --bots ismcts --jobs 2
  python -m game selfplay bloodborne --players 4 --bots ismcts,random,random,random --budget-ms 200
  python -m game bench madoka --players 3 --seconds 10
  python -m game host --game sanguosha --players 8 --open 3,5
  python -m game netbench

selfplay, bench and netbench end with one JSON line on standard output.
"""

from __future__ import annotations

import argparse
import json
import sys

from game.ai.agents import bots_for, seatable_bots
from game.cli import UsageError, describe_options, find_game, parse_options
from game.registry import all_games


def cmd_list(args: argparse.Namespace) -> int:
    """One line per game. "bots:" are the seats the app takes (`main.py --seats ai:NAME`);
    selfplay and bench also take the generic search bot when the game has no own one."""
    for name, game in all_games().items():
        mode = "cooperative" if game.cooperative else "competitive"
        players = f"{game.min_players}-{game.max_players} players"
        seats = seatable_bots(game)
        line = f"{name:12} {game.title:28} {players:13} {mode:12} bots: {', '.join(seats)}"
        extra = [b for b in bots_for(game) if b not in seats]
        if extra:
            line += f" (selfplay and bench also: {', '.join(extra)})"
        if game.options:
            line += f"; options: {describe_options(game)}"
        print(line)
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
    options = parse_options(find_game(args.game), args.option)
    summary = selfplay(args.game, args.players, args.games, args.seed, args.bots.split(","),
                       options, seconds, args.jobs, args.checked, args.records)
    print(json.dumps(summary))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from game.cli.bench import bench

    options = parse_options(find_game(args.game), args.option)
    print(json.dumps(bench(args.game, args.players, args.seconds, args.seed, options)))
    return 0


def option(text: str) -> tuple[str, str]:
    """NAME=VALUE as two strings; the value is read against the game's options later
    (`game.cli.parse_options`), once the game is known."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name.strip(), value


def positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def more_than_zero(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not x > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
    return x


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m game", description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    sub = p.add_subparsers(dest="command", required=True)

    sub.add_parser("list", help="registered games").set_defaults(run=cmd_list)

    v = sub.add_parser("validate", help="check every game's card data")
    v.add_argument("games", nargs="*", metavar="GAME", help="games to check (default: all)")
    v.add_argument("--data-dir", help="check this folder instead of the bundled data "
                   "(default: the bundled data)")
    v.set_defaults(run=cmd_validate)

    def game_args(q: argparse.ArgumentParser) -> None:
        q.add_argument("game", help="a name from `python -m game list`")
        q.add_argument("--players", type=positive, required=True,
                       help="number of players (required)")
        q.add_argument("--seed", type=int, default=0,
                       help="first seed; games use S, S+1, ... (default: 0)")
        q.add_argument("-o", "--option", type=option, action="append", default=[],
                       metavar="NAME=VALUE", help="a game option, repeatable, e.g. qb=true "
                       "(default: each option's own; `list` names them)")

    s = sub.add_parser("selfplay", help="bots play seeded games; prints a JSON summary")
    game_args(s)
    s.add_argument("--games", type=positive, default=100, help="how many games (default: 100)")
    s.add_argument("--bots", default="random",
                   help="one bot for all seats or one per seat: a,b,c (default: random)")
    s.add_argument("--budget-ms", type=more_than_zero,
                   help="time per decision for bots that take one (default: the bot's own)")
    s.add_argument("--jobs", type=positive, default=1, help="worker processes (default: 1)")
    s.add_argument("--checked", action="store_true",
                   help="apply with legality checks (default: off)")
    s.add_argument("--records", metavar="DIR",
                   help="write each game's replay file into DIR (default: none)")
    s.set_defaults(run=cmd_selfplay)

    b = sub.add_parser("bench", help="speed of random play, clone and bots; prints JSON")
    game_args(b)
    b.add_argument("--seconds", type=more_than_zero, default=10.0,
                   help="total time to measure (default: 10)")
    b.set_defaults(run=cmd_bench)

    from game.net.cli import add_host_parser, add_netbench_parser

    add_host_parser(sub, option, positive, more_than_zero)
    add_netbench_parser(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
