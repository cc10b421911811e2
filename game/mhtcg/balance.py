"""Balance report by self-play (docs/rules/mhtcg.md, "Targets", T1-T3):
`python -m game.mhtcg.balance targets --games 432 --jobs 1`.

Settings: one agent type in every seat at one player count, distinct decks in every
combination and seat order equally often (`default_decks` over consecutive seeds). The
heuristic settings check T1-T3; the random settings are reported without targets. A shared win
counts 1/k to each of its k winners; a game with no winner counts for nobody but stays in the
total.

Also:
- `duel --bots heuristic random --games 1000`: the first bot in seat s (rotating over the
  games) against the second in every other seat, 4 players; its win share;
- `duel --bots ismcts heuristic --seconds 1 --games 200 --log FILE`: the same for ISMCTS, one
  line per game in FILE as it goes (a long run's partial result can be read at any time).

The numbers in data/mhtcg/balance.md come from these commands and from
`python -m game bench mhtcg --players 4` (speed).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter

from game.ai.agents import bots_for, decide, make_bot
from game.core.rng import Rng
from game.core.runs import rotating_seats, run_games, versus_line, win_share
from game.mhtcg import DECK_IDS, GAME

# --- one game ---------------------------------------------------------------------------------

def play(players: int, seed: int, bot_names: list[str], seconds: float | None = None,
         honest: bool = True) -> dict:
    """One game; the facts the targets need. `honest=False` hands the bots the real state
    (the heuristic decides the same either way: tests/mhtcg/test_bots.py plays whole games both
    ways), which saves the determinization on long runs."""
    factories = bots_for(GAME)
    agents = [make_bot(factories[b], seed * 1000 + p, seconds=seconds)
              for p, b in enumerate(bot_names)]
    s = GAME.new_state(players, seed)
    worlds = Rng(seed ^ 0xD15C)
    used: list[set[str]] = [set() for _ in range(players)]
    drawn: list[set[str]] = [set() for _ in range(players)]
    for p in range(players):
        drawn[p].update(s.cards[c] for c in s.hand[p])
    while not s.is_over():
        p = s.to_act()[0]
        a = decide(agents[p], s, p, worlds) if honest else agents[p].choose(s, p)
        note_use(s, p, a, used)
        s.step(p, a)
        for q in range(players):
            drawn[q].update(s.cards[c] for c in s.hand[q])
    out = s.outcome()
    return {
        "players": players, "seed": seed, "bots": bot_names, "rounds": s.round,
        "winners": list(out.winners), "decks": list(s.decks), "first_dealer": s.first_dealer,
        "reason": s.end_reason, "retreats": list(s.retreats), "forfeited": list(s.forfeited),
        "sources": out.details["hrp_by_source"],
        "used": [sorted(u) for u in used], "drawn": [sorted(d) for d in drawn],
        "penalty": any(src in ("unique", "eye") for _, _, src, *_ in s.gains),
    }


def note_use(s, p: int, a, used: list[set[str]]) -> None:
    """A card's uses (the card-use line): placing a monster, equipping or boosting with gear, using an item (even if
    cancelled), responding with one. Hand-phase, Roar and Spotter discards do not count."""
    if a.kind in ("place", "replace", "equip", "boost", "item", "respond"):
        used[p].add(s.cards[a.source])


def _play_task(task: tuple) -> dict:
    return play(*task)


def run(tasks: list[tuple], jobs: int, log_path: str | None = None) -> list[dict]:
    """The games of `tasks` (play's arguments), in worker processes when jobs > 1, each result
    a JSON line in `log_path` as it comes (game/core/runs.py)."""
    return run_games(_play_task, tasks, jobs, log_path)


# --- the targets ------------------------------------------------------------------------------

def share(r: dict, p: int) -> float:
    return win_share(r["winners"], p)


def in_range(values, lo, hi) -> float:
    return sum(lo <= v <= hi for v in values) / len(values)


def targets(results: list[dict], players: int, bot: str) -> tuple[list[str], dict[str, bool]]:
    """The table lines and the T1-T3 checks for one setting."""
    n = len(results)
    fair = 1 / players
    rounds = [r["rounds"] for r in results]
    lines = [f"### {players} players, {bot} in every seat ({n} games)", ""]
    lines.append(f"- rounds: median {statistics.median(rounds)}, mean "
                 f"{statistics.fmean(rounds):.2f}, min–max {min(rounds)}–{max(rounds)}; "
                 f"6–9: {100 * in_range(rounds, 6, 9):.1f}%")
    wins = Counter()
    for r in results:
        for p, d in enumerate(r["decks"]):
            wins[d] += share(r, p)
    games_with = Counter(d for r in results for d in r["decks"])
    deck_share = {d: wins[d] / games_with[d] for d in DECK_IDS if games_with[d]}
    lines.append("- deck win shares: " + ", ".join(f"{d} {100 * v:.1f}%"
                                                  for d, v in deck_share.items())
                 + f" (fair {100 * fair:.1f}%)")
    first = statistics.fmean(share(r, r["first_dealer"]) for r in results)
    lines.append(f"- first dealer's win share: {100 * first:.1f}%")
    single = [r for r in results if len(r["winners"]) == 1]
    hidden, kills = [], []
    for r in single:
        src = r["sources"][r["winners"][0]]
        total = sum(src.values()) or 1
        hidden.append(src.get("hidden", 0) / total)
        kills.append(src.get("kill", 0) / total)
    h = statistics.fmean(hidden) if hidden else 0.0
    k = statistics.fmean(kills) if kills else 0.0
    lines.append(f"- winner's HRP: hidden monsters {100 * h:.1f}%, kills {100 * k:.1f}% "
                 f"({len(single)} single-winner games)")
    retreats = statistics.fmean(sum(r["retreats"]) / players for r in results)
    forfeit = sum(any(r["forfeited"]) for r in results) / n
    last = sum(r["reason"] == "last player standing" for r in results) / n
    penalty = sum(r["penalty"] for r in results) / n
    limit = sum(r["reason"] == "round limit" for r in results) / n
    lines.append(f"- retreats per player {retreats:.2f}; games with a forfeit "
                 f"{100 * forfeit:.1f}%; last player standing {100 * last:.1f}%; unique or "
                 f"eye penalty {100 * penalty:.1f}%; round limit {100 * limit:.2f}%")
    checks: dict[str, bool] = {}
    if bot == "random":
        return lines, checks
    if players == 4:
        med = statistics.median(rounds)
        checks["T1 ≥ 80% in 6–9 rounds, median 7–8"] = (
            in_range(rounds, 6, 9) >= 0.8 and 7 <= med <= 8)
    checks["T2 hidden monsters 45–65% of the winner's HRP"] = 0.45 <= h <= 0.65
    lo, hi = (0.35, 0.65) if players == 2 else (0.7 * fair, 1.3 * fair)
    checks[f"T3 every deck within {100 * lo:.1f}–{100 * hi:.1f}%"] = all(
        lo <= v <= hi for v in deck_share.values())
    if players == 4:
        _, table = card_use(results)
        lines.append("- card use, lowest first: " + ", ".join(
            f"{cid} {100 * v:.0f}%" for cid, v in table[:12]))
    return lines, checks


def card_use(results: list[dict]) -> tuple[list[str], list[tuple[str, float]]]:
    """Of the player-games that drew a card id, the share that used a copy (`note_use`)."""
    drew, used = Counter(), Counter()
    for r in results:
        for d, u in zip(r["drawn"], r["used"], strict=True):
            for cid in d:
                drew[cid] += 1
                used[cid] += cid in u
    table = sorted(((cid, used[cid] / drew[cid]) for cid in drew), key=lambda t: t[1])
    return [cid for cid, v in table if v < 0.5], table


def report(games: int, seed: int, jobs: int, counts=(2, 3, 4),
           bots=("heuristic",)) -> tuple[str, bool]:
    out, ok = [], True
    for bot in bots:
        for players in counts:
            # distinct decks: every combination and seat order equally often (default_decks)
            tasks = [(players, seed + i, [bot] * players, None, False) for i in range(games)]
            t = time.perf_counter()
            results = run(tasks, jobs)
            lines, checks = targets(results, players, bot)
            lines.append(f"- ({time.perf_counter() - t:.0f} s)")
            lines += [f"- {'met' if v else 'MISSED'}: {k}" for k, v in checks.items()]
            ok = ok and all(checks.values())
            out += lines + [""]
            print("\n".join(lines + [""]), flush=True)
    return "\n".join(out), ok


def duel(bot: str, others: str, games: int, seed: int, jobs: int, seconds: float | None,
         players: int = 4, log_path: str | None = None) -> str:
    """`bot` in one seat (rotating), `others` in the rest; its win share with its standard
    error."""
    tasks = [(players, seed + i, rotating_seats(bot, others, players, i), seconds, True)
             for i in range(games)]
    return duel_summary(run(tasks, jobs, log_path), bot)


def duel_summary(results: list[dict], bot: str) -> str:
    shares = [share(r, r["bots"].index(bot)) for r in results]
    other = next(b for b in results[0]["bots"] if b != bot)
    return versus_line(bot, f"{results[0]['players'] - 1} {other}", shares)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    t = sub.add_parser("targets", help="T1-T3 by self-play")
    t.add_argument("--games", type=int, default=432,
                   help="games per setting (a multiple of 24: every deck order equally often)")
    t.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    t.add_argument("--bots", nargs="*", default=["heuristic"])
    d = sub.add_parser("duel", help="one bot against another's copies")
    d.add_argument("--bots", nargs=2, default=["heuristic", "random"])
    d.add_argument("--games", type=int, default=1000)
    d.add_argument("--seconds", type=float, default=None)
    d.add_argument("--log", default=None)
    for p in (t, d):
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.what == "targets":
        _, ok = report(args.games, args.seed, args.jobs, tuple(args.players), tuple(args.bots))
        return 0 if ok else 1
    print(duel(args.bots[0], args.bots[1], args.games, args.seed, args.jobs, args.seconds,
               log_path=args.log))
    return 0


if __name__ == "__main__":
    sys.exit(main())
