"""Bots at a seat: the uniform-random agent, deciding from a seat's information (`decide`), and
which bots a game can seat (`bots_for`). The Agent protocol itself is game/ai/base.py."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from game.ai.base import Agent
from game.ai.ismcts import ismcts_factory
from game.core.contract import Action, State
from game.core.rng import Rng


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, player: int) -> Action:
        return self.rng.choice(state.legal_actions(player))


def decide(agent: Agent, state: State, player: int, rng: Rng,
           sees_everything: bool = False) -> Action:
    """Ask `agent` for `player`'s move, showing it only what that seat may know: a
    determinization of the real state drawn with `rng` (a measurement bound that may see
    everything is given the state itself)."""
    world = state if sees_everything else state.determinize(player, rng)
    action = agent.choose(world, player)
    if world is not state:
        # the label is built by the world's rules; look the same action up in the real state
        for legal in state.legal_actions(player):
            if legal == action:
                return legal
    return action


def bots_for(game) -> dict[str, Callable[..., Agent]]:
    """Every bot a game can seat: the generic "random" and "ismcts", then the game's own
    `bots()` (which may replace them, e.g. an ISMCTS with the game's heuristic playouts)."""
    return {"random": RandomAgent, "ismcts": ismcts_factory(), **game.bots()}


def honest_bots(game) -> dict[str, Callable[..., Agent]]:
    """The bots that must decide from their seat's information alone (all but the game's
    declared measurement bounds)."""
    bounds = game.measurement_bots()
    return {k: v for k, v in bots_for(game).items() if k not in bounds}


def make_bot(factory: Callable[..., Agent], seed: int, **budget: Any) -> Agent:
    """factory(seed, **budget), passing only the budget keywords the factory takes (e.g.
    `seconds` per decision, `iterations`) and leaving out those given as None."""
    given = {k: v for k, v in budget.items() if v is not None and _accepts(factory, k)}
    return factory(seed, **given)


def _accepts(factory: Callable, keyword: str) -> bool:
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == keyword or p.kind is p.VAR_KEYWORD for p in params)


def seatable_bots(game) -> list[str]:
    """The bots a seat at a table takes (the setup screen, `main.py --seats` and `python -m game
    list` agree on these): the game's declared levels when it names them, else its own bots;
    never a measurement bound (it sees every hand). The game's default bot comes first, the
    uniform-random player last."""
    own = list(game.bots())
    named = [b for b in own if b in game.bot_levels] if game.bot_levels else own
    bounds = game.measurement_bots()
    bots = [b for b in named if b not in bounds and b != "random"]
    if game.default_bot in bots:
        bots.remove(game.default_bot)
        bots.insert(0, game.default_bot)
    return bots + ["random"]  # random plays by the rules and sees nothing: a practice seat


def check_seats(game, seats: list[str]) -> None:
    """Refuse a seat list a table cannot take (ValueError, one readable line)."""
    allowed = seatable_bots(game)
    for i, seat in enumerate(seats, 1):
        if seat in ("you", "human"):
            continue
        if not seat.startswith("ai:"):
            raise ValueError(f"seat {i}: {seat!r} is not you, human or ai:<bot>")
        bot = seat[3:]
        if bot not in allowed:
            why = (" (a measurement bound that sees every hand: selfplay only)"
                   if bot in game.measurement_bots() else "")
            raise ValueError(f"seat {i}: {game.title} seats no bot {bot!r}{why}; "
                             f"a table takes: {', '.join(allowed)}")
