"""Shared fixtures: the test-only toy game (tests/toygame.py) registered under "toy"."""

from __future__ import annotations

import pytest

from game import registry
from tests import toygame


@pytest.fixture
def toy_registered(monkeypatch):
    """Register Secret Bid as "toy" for the length of one test (records replay through the
    registry)."""
    monkeypatch.setitem(registry._games, toygame.GAME.name, toygame.GAME)
    return toygame.GAME
