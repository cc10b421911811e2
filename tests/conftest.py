"""Shared test set-up: pygame runs headless (dummy video and audio drivers, set here before any
test module imports pygame), and the test-only toy game (tests/toygame.py) registered as "toy"."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game import registry  # noqa: E402
from tests import toygame  # noqa: E402


@pytest.fixture
def toy_registered(monkeypatch):
    """Register Secret Bid as "toy" for the length of one test (records replay through the
    registry)."""
    monkeypatch.setitem(registry._games, toygame.GAME.name, toygame.GAME)
    return toygame.GAME


@pytest.fixture
def toy_table(monkeypatch):
    """Secret Bid and its table (tests/toytable.py) for the length of one test."""
    from tests import toytable

    toytable.register(monkeypatch)
    return toygame.GAME
