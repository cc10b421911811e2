"""The Agent protocol and the uniform-random agent."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, Protocol

from game.core.contract import Action, State
from game.core.rng import Rng


class Agent(Protocol):
    name: str

    def choose(self, state: State, player: int) -> Action:
        """Pick one of `state.legal_actions(player)`. Must only use `state.view(player)`'s
        information (or a determinization); bots marked as bounds may say otherwise."""
        ...

    # Optional: `meet_people(seats)` is called once, before the first move, with the seats
    # of the people at the table (who is a person is public), e.g. to keep conventions a
    # person may not know away from them.
    # Optional: `observe(state, player, action)` is called when a saved game is replayed, with
    # each of the bot's own past moves before it is applied, so that a bot with a memory
    # resumes exactly as if the game had never stopped.


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, player: int) -> Action:
        return self.rng.choice(state.legal_actions(player))


def bots_for(game) -> dict[str, Callable[..., Agent]]:
    """Every bot a game can seat: the generic "random" and "ismcts", then the game's own
    `bots()` (which may replace them, e.g. an ISMCTS with the game's heuristic playouts)."""
    from game.ai.ismcts import ismcts_factory

    return {"random": RandomAgent, "ismcts": ismcts_factory(), **game.bots()}


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
