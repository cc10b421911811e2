"""The rules-module contract shared by every game (docs/design.md §2)."""

from game.core.contract import Action, Event, Game, IllegalAction, Outcome, State
from game.core.rng import Rng

__all__ = ["Action", "Event", "Game", "IllegalAction", "Outcome", "Rng", "State"]
