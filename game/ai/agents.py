"""The Agent protocol and the uniform-random agent."""

from __future__ import annotations

from typing import Protocol

from game.core.contract import Action, State
from game.core.rng import Rng


class Agent(Protocol):
    name: str

    def choose(self, state: State, player: int) -> Action:
        """Pick one of `state.legal_actions(player)`. Must only use `state.view(player)`'s
        information (or a determinization); bots marked as bounds may say otherwise."""
        ...


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, player: int) -> Action:
        return self.rng.choice(state.legal_actions(player))
