"""`python -m game bench`: how fast a game's rules and bots are; one JSON line.

- decisions_per_s, games_per_s: uniform-random play (legal_actions + a random pick + step,
  every applied action counted), new_state included; cpu_decisions_per_s: the same play over
  the process's processor time (less sensitive to other programs on a loaded machine);
- clone_us: mean `clone()` time on states from the middle of random games;
- bot_ms: mean milliseconds per decision for each bot (ISMCTS at its default budget) on states
  taken from random games at a quarter, half and three quarters of their length.

Half the time goes to random play, a tenth to clones, the rest is shared among the bots (each
bot makes at least one decision).
"""

from __future__ import annotations

import time
from typing import Any

from game.ai.agents import bots_for, decide, make_bot
from game.cli import find_game
from game.core.contract import Action, Game, State
from game.core.rng import Rng

SAMPLE_GAMES = 12


def random_game(game: Game, players: int, seed: int, rng: Rng, options: dict) -> list:
    """Play one uniformly random game; return its (seat, action) list."""
    state = game.new_state(players, seed, **options)
    actions: list[tuple[int, Action]] = []
    while True:
        seats = state.to_act()
        if not seats:
            return actions
        seat = seats[0]
        legal = state.legal_actions(seat)
        action = legal[rng.below(len(legal))]
        state.step(seat, action)
        actions.append((seat, action))


def replay_to(game: Game, players: int, seed: int, actions: list, n: int, options: dict) -> State:
    state = game.new_state(players, seed, **options)
    for seat, action in actions[:n]:
        state.step(seat, action)
    return state


def bench(name: str, players: int, seconds: float, seed: int = 0, options: dict | None = None):
    game = find_game(name, players)
    options = options or {}
    rng = Rng(seed)

    # random play, keeping the first games' moves to rebuild positions from later
    played, decisions, games = [], 0, 0
    start, cpu = time.perf_counter(), time.process_time()
    deadline = start + seconds * 0.5
    while games == 0 or time.perf_counter() < deadline:
        actions = random_game(game, players, seed + games, rng, options)
        if games < SAMPLE_GAMES:
            played.append((seed + games, actions))
        decisions += len(actions)
        games += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu

    positions = [
        replay_to(game, players, s, actions, len(actions) * k // 4, options)
        for s, actions in played
        for k in (1, 2, 3)
        if actions
    ]
    middles = positions[1::3]
    return {
        "game": name,
        "players": players,
        "seconds": seconds,
        "decisions_per_s": round(decisions / elapsed),
        "cpu_decisions_per_s": round(decisions / cpu) if cpu > 0 else None,
        "games_per_s": round(games / elapsed, 2),
        "mean_decisions": round(decisions / games, 2),
        "clone_us": round(clone_time(middles, seconds * 0.1) * 1e6, 2),
        "bot_ms": bot_times(game, positions, seconds * 0.4, seed),
    }


def clone_time(states: list[State], budget: float) -> float:
    """Mean seconds per clone over the given states."""
    if not states:
        return 0.0
    count, start = 0, time.perf_counter()
    deadline = start + budget
    while count == 0 or time.perf_counter() < deadline:
        for state in states:
            for _ in range(10):
                state.clone()
        count += 10 * len(states)
    return (time.perf_counter() - start) / count


def bot_times(game: Game, positions: list[State], budget: float, seed: int) -> dict[str, Any]:
    """Mean milliseconds per decision for each bot, cycling through the positions; a bot that
    fails is reported as {"error": "..."} so the other numbers still come out."""
    positions = [p for p in positions if p.to_act()]
    bots = bots_for(game)
    bounds = game.measurement_bots()
    rng = Rng(seed)  # the determinizations bots decide from (part of a decision's cost)
    result: dict[str, Any] = {}
    for name, factory in bots.items():
        spent, count = 0.0, 0
        try:
            agent = make_bot(factory, seed)
            while positions and (count == 0 or spent < budget / len(bots)):
                state = positions[count % len(positions)].clone()
                seat = state.to_act()[0]
                t = time.perf_counter()
                decide(agent, state, seat, rng, name in bounds)
                spent += time.perf_counter() - t
                count += 1
        except Exception as e:  # noqa: BLE001 - a measuring tool reports and goes on
            result[name] = {"error": f"{type(e).__name__}: {e}"}
            continue
        result[name] = round(spent / count * 1000, 3) if count else None
    return result
