"""Starter-deck balance and bot strength by self-play (issue 9, "Figures to reach"):

  python -m game.hermitcraft.balance decks --games 500 --jobs 2     # every ordered deck pair
  python -m game.hermitcraft.balance versus --bots heuristic,random --games 1000 --jobs 2
  python -m game.hermitcraft.balance versus --bots ismcts,heuristic --budget-ms 1000 --games 200

`decks` seats heuristic bots with fixed starter decks: every ordered pair (first deck in seat 0),
the mirrors included, and prints each deck's win share with the target (35–65 %). `versus` plays
bot A against bot B, A in seat 0 in even games and seat 1 in odd ones, the starter decks rotated
over the games (game i: decks i mod 4 and (i // 4) mod 4); it prints A's win share with its
standard error. A draw counts half. Each game is seeded (seed + i), so any game can be replayed.
Progress lines go to standard error ("n/K games, share so far"); with `--log FILE` every
finished game is kept as a JSON line, so a long run cut short still gives its finished games. The numbers in data/hermitcraft/balance.md come from these commands.
"""

from __future__ import annotations

import argparse
import sys

from game.ai.agents import bots_for, decide, make_bot
from game.core.rng import Rng
from game.core.runs import run_games, share_with_error
from game.hermitcraft import GAME

#: the win-share band every starter deck must stay inside (issue 9)
BAND = (0.35, 0.65)


def starter_ids() -> list[str]:
    return [d.id for d in GAME.card_set().starters]


def play(task: tuple) -> tuple[float, int]:
    """One game: (seed, bot names, decks, seconds per decision) -> (seat 0's share of the win,
    decisions). Top-level so worker processes can run it. Bots see only a determinization."""
    seed, bot_names, decks, seconds = task
    factories = bots_for(GAME)
    agents = [make_bot(factories[b], seed * 1000 + p, seconds=seconds)
              for p, b in enumerate(bot_names)]
    s = GAME.new_state(2, seed, seats=[{"deck": decks[0]}, {"deck": decks[1]}])
    worlds = Rng(seed ^ 0xD15C)
    decisions = 0
    while not s.is_over():
        p = s.to_act()[0]
        s.step(p, decide(agents[p], s, p, worlds))
        decisions += 1
    winners = s.outcome().winners
    return (1.0 / len(winners) if 0 in winners else 0.0) if winners else 0.5, decisions


def deck_report(games: int, seed: int, jobs: int) -> tuple[str, bool]:
    """Heuristic against heuristic on every ordered pair of starter decks."""
    decks = starter_ids()
    pairs = [(a, b) for a in decks for b in decks]
    tasks = [(seed + i, ["heuristic", "heuristic"], (a, b), None)
             for a, b in pairs for i in range(games)]
    results = run_games(play, tasks, jobs, label="decks")
    cell: dict[tuple[str, str], float] = {}
    wins = {d: 0.0 for d in decks}
    played = {d: 0 for d in decks}
    first = []
    for k, (a, b) in enumerate(pairs):
        chunk = [r[0] for r in results[k * games:(k + 1) * games]]
        cell[a, b] = sum(chunk) / games
        first += chunk
        if a != b:  # a mirror says nothing about a deck's strength
            wins[a] += sum(chunk)
            wins[b] += games - sum(chunk)
            played[a] += games
            played[b] += games
    lines = [f"Heuristic against heuristic, {games} games per ordered pair (seeds {seed}.."
             f"{seed + games - 1}); a cell is the row deck's win share in the first seat "
             "against the column deck.", "",
             "| first seat \\ second seat | " + " | ".join(decks) + " |",
             "|---|" + "---|" * len(decks)]
    for a in decks:
        lines.append(f"| {a} | " + " | ".join(f"{cell[a, b]:.3f}" for b in decks) + " |")
    lines += ["", "| deck | win share against the other decks (both seats) |", "|---|---|"]
    ok = True
    for d in decks:
        share = wins[d] / played[d]
        inside = BAND[0] <= share <= BAND[1]
        ok = ok and inside
        lines.append(f"| {d} | {share:.3f}{'' if inside else ' (outside 35–65 %)'} |")
    lines += ["", f"First seat's win share over all games: {sum(first) / len(first):.3f}."]
    return "\n".join(lines), ok


def versus_report(bots: list[str], games: int, seed: int, jobs: int,
                  seconds: float | None, log_path: str | None = None) -> str:
    """Bot A against bot B, seats alternating, starter decks rotated."""
    decks = starter_ids()
    tasks = []
    for i in range(games):
        pair = (decks[i % 4], decks[(i // 4) % 4])
        seat_bots = bots if i % 2 == 0 else bots[::-1]
        tasks.append((seed + i, list(seat_bots), pair, seconds))
    def score(i, r):
        return r[0] if i % 2 == 0 else 1.0 - r[0]

    def note(done: list) -> str:
        return "share so far {:.3f} ± {:.3f}".format(
            *share_with_error([score(i, r) for i, r in enumerate(done)]))

    results = run_games(play, tasks, jobs, log_path=log_path,
                        label=f"{bots[0]} vs {bots[1]}", note=note)
    shares = [score(i, r) for i, r in enumerate(results)]
    mean, err = share_with_error(shares)
    decisions = sum(r[1] for r in results) / len(results)
    budget = f", {seconds * 1000:.0f} ms a decision" if seconds else ""
    return (f"{bots[0]} vs {bots[1]}{budget}: {len(results)} games (seeds {seed}.."
            f"{seed + games - 1}), {bots[0]} win share {mean:.3f} ± {err:.3f} (standard error); "
            f"mean decisions a game {decisions:.0f}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("decks", help="every ordered pair of starter decks, heuristic bots")
    v = sub.add_parser("versus", help="bot A against bot B, seats and decks rotated")
    v.add_argument("--bots", default="heuristic,random")
    v.add_argument("--budget-ms", type=float, default=None)
    v.add_argument("--log", default=None,
                   help="append each finished game as a JSON line [share of seat 0, decisions]")
    for p in (d, v):
        p.add_argument("--games", type=int, default=500)
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.cmd == "decks":
        text, ok = deck_report(args.games, args.seed, args.jobs)
        print(text)
        return 0 if ok else 1
    seconds = args.budget_ms / 1000 if args.budget_ms else None
    print(versus_report(args.bots.split(","), args.games, args.seed, args.jobs, seconds, args.log))
    return 0


if __name__ == "__main__":
    sys.exit(main())
