"""Balance report by self-play (docs/rules/bloodborne.md, D6):
`python -m game.bloodborne.balance --games 1000`.

Plays heuristic hunters against each other for every final boss and prints a Markdown report:
mean rounds, the round-1 first player's win share (fair share 1/players), deaths, and how often
each upgrade card was taken (in at least one copy) per game. The D6 targets are checked at the
end. The numbers in data/bloodborne/balance.md come from this command.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from game.bloodborne import GAME
from game.bloodborne.bots import HeuristicAgent
from game.core.runs import win_share


def play(players: int, seed: int, final: str, bots=None) -> tuple:
    s = GAME.new_state(players, seed, final_boss=final)
    agents = [(bots or HeuristicAgent)(seed * 10 + p) for p in range(players)]
    while not s.is_over():
        p = s.to_act()[0]
        s.step(p, agents[p].choose(s, p))
    out = s.outcome()
    first_share = win_share(out.winners, s.start_player)
    unseen = set(s.upgrade_deck) | set(s.available)
    taken = {s.cards[c].id for c in range(5 * players, len(s.cards)) if c not in unseen}
    deaths = sum(s.deaths) / players
    return s.round, first_share, taken, deaths, out.details["reason"]


def report(games: int, seed: int, players: int = 4) -> tuple[str, bool]:
    cs = GAME.card_set()
    finals = [f.id for f in cs.finals]
    lines = [f"Self-play: {players} heuristic hunters, {games} games per final boss, seeds "
             f"{seed}..{seed + games - 1}.", "",
             "| final boss | mean rounds | min–max | first-seat win share | deaths per hunter |",
             "|---|---|---|---|---|"]
    take = {u.id: 0 for u in cs.upgrades}
    take_by = {f: {u.id: 0 for u in cs.upgrades} for f in finals}
    means, first_all, limit = {}, [], 0
    for final in finals:
        rounds, firsts, deaths = [], [], []
        for i in range(games):
            r, f, taken, d, reason = play(players, seed + i, final)
            rounds.append(r)
            firsts.append(f)
            deaths.append(d)
            limit += reason == "round_limit"
            for t in taken:
                take[t] += 1
                take_by[final][t] += 1
        means[final] = statistics.fmean(rounds)
        first_all.extend(firsts)
        lines.append(f"| {final} | {means[final]:.2f} | {min(rounds)}–{max(rounds)} | "
                     f"{statistics.fmean(firsts):.3f} | {statistics.fmean(deaths):.2f} |")
    total = games * len(finals)
    overall = statistics.fmean(means.values())
    first_share = statistics.fmean(first_all)
    lines += ["", f"All games: mean rounds {overall:.2f}; first-seat win share "
              f"{first_share:.3f} (fair {1 / players:.3f}); games cut by the round limit: "
              f"{limit}.", "",
              "Upgrade cards: % of games in which a copy was taken, per final boss.",
              "", "| upgrade | copies | all | " + " | ".join(finals) + " |",
              "|---|---|---|" + "---|" * len(finals)]
    for u in sorted(cs.upgrades, key=lambda u: take[u.id]):
        per = " | ".join(f"{100 * take_by[f][u.id] / games:.0f}" for f in finals)
        lines.append(f"| {u.name} | {u.copies} | {100 * take[u.id] / total:.1f} | {per} |")
    checks = {
        "mean rounds within 11–20": 11 <= overall <= 20,
        "no final boss 1.5× longer than another": max(means.values()) <= 1.5 * min(
            means.values()),
        "first seat ≤ 1.5× fair share": first_share <= 1.5 / players,
        "every upgrade taken in ≥ 5% of games": min(take.values()) >= 0.05 * total,
    }
    lines += ["", "D6 targets:", ""]
    lines += [f"- {'met' if ok else 'MISSED'}: {name}" for name, ok in checks.items()]
    return "\n".join(lines), all(checks.values())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per final boss")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args(argv)
    text, ok = report(args.games, args.seed, args.players)
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
