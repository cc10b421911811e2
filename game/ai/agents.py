"""The Agent protocol and the uniform-random agent."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from game.core.contract import Action, State
from game.core.rng import Rng


class Agent:
    """A seat's player. `choose` is given a state that holds only what the seat may know (the
    match and the AI worker pass a determinization through `decide`, never the real state),
    except for bots a game declares as measurement bounds (`Game.measurement_bots`)."""

    name = "agent"

    def choose(self, state: State, player: int) -> Action:
        """Pick one of `state.legal_actions(player)`."""
        raise NotImplementedError

    def meet_people(self, seats: tuple[int, ...]) -> None:
        """Called once, before the first move, with the seats of the people at the table (who is
        a person is public), e.g. to keep conventions a person may not know away from them."""

    def observe(self, state: State, player: int, action: Action) -> None:
        """Called when a saved game is replayed, with each of the bot's own past moves before it
        is applied, so that a bot with a memory resumes as if the game had never stopped."""

    def choose_seat_options(self, game, seat: int, rng: Rng) -> dict:
        """The bot's own seat options (e.g. a deck) for a new game; {} takes the defaults."""
        return {}


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
    from game.ai.ismcts import ismcts_factory

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
