"""Measurements of the teammates (docs/madoka-bots.md): the blueprint's rollout speed, self-play
games of one bot at every seat, and the AI levels compared on the same seeds.

    uv run python -m game.madoka.measure                              # rollouts per second
    uv run python -m game.madoka.measure games PLAYERS LO HI SECONDS [BOT]  # a JSON line a game
    uv run python -m game.madoka.measure compare FILE...              # levels, paired by seed

`games` seats BOT (default `search`) at every seat on seeds LO..HI-1; `compare` reads such lines
(several bots, in one file or several) and gives each bot's mean team score with its 95 %
interval and, for each pair of bots in the order of the setup's levels, the paired difference
on the seeds both played (data/madoka/balance.md, "Levels").
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time

from game.ai.agents import bots_for, decide, make_bot
from game.core.rng import Rng
from game.madoka import GAME, search
from game.madoka.bots import StrongBot


def rollouts_per_second(players: int = 4, seeds: range = range(20), moves=(10, 30)) -> float:
    """The blueprint's rollout speed: from the positions after `moves` decisions of `strong`
    self-play on `seeds`, every seat plays `strong` to the end; per second of processor
    time (the figure in docs/madoka-bots.md: `uv run python -m game.madoka.measure`)."""
    starts = []
    for seed in seeds:
        s = GAME.new_state(players, seed)
        bots = [StrongBot(seed * 10 + p) for p in range(players)]
        k = 0
        while not s.is_over():
            if k in moves:
                starts.append(s.clone())
            p = s.to_act()[0]
            s.step(p, bots[p].choose(s, p))
            k += 1
    began = time.process_time()  # processor time: the figure does not depend on the load
    for s in starts:
        bots = [StrongBot(p) for p in range(players)]
        while not s.is_over():
            p = s.to_act()[0]
            s.step(p, bots[p].choose(s, p))
    return len(starts) / (time.process_time() - began)


def play_games(players: int, seeds: range, seconds: float, out, bot: str = "search") -> None:
    """Every seat `bot`, seated as selfplay seats it (the same bot seeds, each decision on
    a determinization drawn the same way): one JSON line per game written to `out` as it
    ends — bot, score, Walpurgisnacht, tells, plays, decisions, the processor seconds of the
    decisions (sum and max), each girl's row, and `search`'s deviations from the blueprint
    (turn, deck, grief, final round, blueprint's action, chosen action). A measurement: each
    decision gets its processor-time budget whatever the load (no clock cap, `WALL`)."""
    search.WALL = math.inf
    factory = bots_for(GAME)[bot]
    for seed in seeds:
        s = GAME.new_state(players, seed)
        bots = [make_bot(factory, seed * 1000 + p, seconds=seconds) for p in range(players)]
        worlds = Rng(seed ^ 0xD15C)  # as selfplay draws the determinizations
        times, kinds, deviations = [], {}, []
        while not s.is_over():
            p = s.to_act()[0]
            before = (s.turn, len(s.deck), s.grief, s.final_turns >= 0)
            began = time.thread_time()
            a = decide(bots[p], s, p, worlds)
            times.append(time.thread_time() - began)
            kinds[a.kind] = kinds.get(a.kind, 0) + 1
            if getattr(bots[p], "deviations", None) and bots[p].deviations[-1][0] == s.turn:
                _, chosen, base = bots[p].deviations.pop()
                deviations.append((*before, base.label, chosen.label))
            s.step(p, a)
        o = s.outcome()
        played = sum(len(r) for r in s.rows)
        print(json.dumps({"bot": bot, "players": players, "seed": seed, "score": o.scores[0], "walpurgis": o.details["walpurgis"],
                          "lost": o.details["lost"], "tells": kinds.get("tell", 0), "plays": played,
                          "decisions": len(times), "cpu_s": round(sum(times), 3),
                          "max_s": round(max(times), 3), "rows": [len(r) for r in s.rows],
                          "deviations": deviations}),
              file=out, flush=True)


def compare(lines: list[dict]) -> list[str]:
    """Each bot's mean team score with its 95 % interval (mean ± 1.96 standard errors), and
    for each pair of bots (easier first, as the setup orders the levels) the mean difference
    of their scores on the seeds both played, with its 95 % interval."""
    order = list(GAME.bot_levels)
    scores: dict[str, dict[int, float]] = {}
    for r in lines:
        scores.setdefault(r["bot"], {})[r["seed"]] = r["score"]
    bots = sorted(scores, key=lambda b: order.index(b) if b in order else -1)
    out = []
    for b in bots:
        mean, half = _interval(list(scores[b].values()))
        out.append(f"{b}: {mean:.2f} ± {half:.2f} (95%) over {len(scores[b])} seeds")
    for low, high in zip(bots, bots[1:], strict=False):
        both = sorted(set(scores[low]) & set(scores[high]))
        if len(both) > 1:
            mean, half = _interval([scores[high][k] - scores[low][k] for k in both])
            out.append(f"{high} − {low}: {mean:+.2f} ± {half:.2f} (95%), paired over "
                       f"{len(both)} seeds ({both[0]}–{both[-1]})")
    return out


def _interval(values: list[float]) -> tuple[float, float]:
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


if __name__ == "__main__":
    if sys.argv[1:2] == ["games"]:  # games PLAYERS FIRST_SEED LAST_SEED+1 SECONDS [BOT]
        players, lo, hi, seconds = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
        play_games(players, range(lo, hi), seconds, sys.stdout, *sys.argv[6:7])
    elif sys.argv[1:2] == ["compare"]:  # compare FILE...
        rows = [json.loads(line) for path in sys.argv[2:] for line in open(path, encoding="utf-8")
                if line.strip()]
        print("\n".join(compare(rows)))
    else:
        print(f"{rollouts_per_second():.1f} rollouts/s")
