"""The core's contract checks on Sanguosha before it is registered (docs/plugging-in-a-game.md
§7): random games at every player count keep every invariant."""

from __future__ import annotations

import pytest

from game import registry
from game.sanguosha import GAME
from tests.contract import ContractGame

SEEDS = 3


@pytest.fixture
def registered(monkeypatch):
    """Records replay through the registry; the lead registers the game for real."""
    monkeypatch.setattr(registry, "GAME_PACKAGES", ())  # not the other games under work
    monkeypatch.setitem(registry._games, GAME.name, GAME)


@pytest.mark.parametrize("players", [2, 4, 5, 6, 7, 8, 9, 10])
def test_random_games_keep_the_contract(players, registered):
    for seed in range(SEEDS):
        ContractGame(GAME, players, seed).play()
