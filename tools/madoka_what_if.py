"""What if information were cheaper? Self-play under rule changes nobody plays with.

A measurement tool for docs/madoka-bots.md ("Why strong stays far below open"), not a game
variant: it patches the Madoka rules in its own worker processes only.

    uv run python tools/madoka_what_if.py --variant half-price-tells --bots strong
    uv run python tools/madoka_what_if.py --variant quiet-witches --bots open --games 400

Variants:
  rules             the rules as written (the same as `python -m game selfplay`)
  half-price-tells  only every second tell puts a grief marker on the Soul Gem
  quiet-witches     our four information witches (Gertrud, H.N. Elly, Albertine, Patricia) do
                    nothing, and the bots know it
  both              half-price tells and quiet witches
  quiet-ours        all six witches of our own design (the four above, Elsa Maria, Roberta) do
                    nothing; only the rulebook's Charlotte, Oktavia and Walpurgisnacht act

Prints one JSON line: variant, bots, players, games, mean_score, plays (cards in the rows at the
end), walpurgis, lost.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

QUIET = ("gertrud", "elly", "albertine", "patricia")
OURS = QUIET + ("elsa_maria", "roberta")
VARIANTS = ("rules", "half-price-tells", "quiet-witches", "both", "quiet-ours")


def apply_variant(variant: str) -> None:
    from game.madoka import GAME, bots, rules

    if variant in ("half-price-tells", "both"):
        kind = rules.rules.kinds["tell"]
        tell = kind.apply
        count = [0]

        def half_price(s, player, action):
            before = s.grief
            tell(s, player, action)
            count[0] += 1
            if count[0] % 2 and not s.over:
                s.grief = before  # this one was free

        kind.apply = half_price
    quiet = OURS if variant == "quiet-ours" else QUIET if variant in ("quiet-witches", "both") else ()
    if quiet:
        for i, w in enumerate(GAME.witches):
            if w.id in quiet:
                GAME.reveal_handlers[i] = None
                GAME.failed_play_grief[i] = 1
                GAME.numbers_only[i] = False  # girl tells always allowed
        harm = bots.witch_harm
        bots.witch_harm = lambda t, w, *a, **k: 0.0 if w in quiet else harm(t, w, *a, **k)


def play(task: tuple) -> list[tuple]:
    variant, bot, players, seeds = task
    apply_variant(variant)
    from game.madoka import GAME, bots, rules

    out = []
    for seed in seeds:
        s = GAME.new_state(players, seed)
        agents = [bots.BOTS[bot](seed * 1000 + seat) for seat in range(players)]
        for _ in range(GAME.max_decisions(players)):
            if s.over:
                break
            p = s.current
            s.step(p, agents[p].choose(s, p))
        out.append((0 if s.lost else rules.score(s), sum(len(r) for r in s.rows),
                    s.walpurgis_defeated, s.lost))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", choices=VARIANTS, default="rules")
    ap.add_argument("--bots", default="strong")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    seeds = list(range(a.seed, a.seed + a.games))
    tasks = [(a.variant, a.bots, a.players, seeds[i::a.jobs]) for i in range(a.jobs)]
    with get_context("spawn").Pool(a.jobs) as pool:
        res = [r for part in pool.map(play, tasks) for r in part]
    print(json.dumps({
        "variant": a.variant, "bots": a.bots, "players": a.players, "games": a.games,
        "mean_score": round(statistics.mean(r[0] for r in res), 2),
        "plays": round(statistics.mean(r[1] for r in res), 2),
        "walpurgis": round(statistics.mean(r[2] for r in res), 3),
        "lost": round(statistics.mean(r[3] for r in res), 3),
    }))


if __name__ == "__main__":
    main()
