"""Measurements of the `search` teammate (docs/madoka-bots.md): the blueprint's rollout speed
and self-play games of `search` at every seat.

    uv run python -m game.madoka.measure                              # rollouts per second
    uv run python -m game.madoka.measure games PLAYERS LO HI SECONDS  # one JSON line a game
"""

from __future__ import annotations

import json
import math
import sys
import time

from game.ai.agents import decide
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


def play_games(players: int, seeds: range, seconds: float, out) -> None:
    """Every seat `search`, seated as selfplay seats it (the same bot seeds, each decision on
    a determinization drawn the same way): one JSON line per game written to `out` as it
    ends — score, Walpurgisnacht, tells, plays, decisions, the processor seconds of the
    decisions (sum and max), each girl's row, and the deviations from the blueprint (turn,
    deck, grief, final round, blueprint's action, chosen action). A measurement: each
    decision gets its processor-time budget whatever the load (no clock cap, `WALL`)."""
    search.WALL = math.inf
    for seed in seeds:
        s = GAME.new_state(players, seed)
        bots = [search.SearchBot(seed * 1000 + p, seconds=seconds) for p in range(players)]
        worlds = Rng(seed ^ 0xD15C)  # as selfplay draws the determinizations
        times, kinds, deviations = [], {}, []
        while not s.is_over():
            p = s.to_act()[0]
            before = (s.turn, len(s.deck), s.grief, s.final_turns >= 0)
            began = time.thread_time()
            a = decide(bots[p], s, p, worlds)
            times.append(time.thread_time() - began)
            kinds[a.kind] = kinds.get(a.kind, 0) + 1
            if bots[p].deviations and bots[p].deviations[-1][0] == s.turn:
                _, chosen, base = bots[p].deviations.pop()
                deviations.append((*before, base.label, chosen.label))
            s.step(p, a)
        o = s.outcome()
        played = sum(len(r) for r in s.rows)
        print(json.dumps({"seed": seed, "score": o.scores[0], "walpurgis": o.details["walpurgis"],
                          "lost": o.details["lost"], "tells": kinds.get("tell", 0), "plays": played,
                          "decisions": len(times), "cpu_s": round(sum(times), 3),
                          "max_s": round(max(times), 3), "rows": [len(r) for r in s.rows],
                          "deviations": deviations}),
              file=out, flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["games"]:  # games PLAYERS FIRST_SEED LAST_SEED+1 SECONDS
        players, lo, hi, seconds = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
        play_games(players, range(lo, hi), seconds, sys.stdout)
    else:
        print(f"{rollouts_per_second():.1f} rollouts/s")
