"""Bloodborne bots (placeholder, filled in below)."""
from game.ai.agents import RandomAgent as HeuristicAgent  # noqa: F401


def ismcts_factory(seed: int = 0, seconds: float = 1.0):
    raise NotImplementedError
