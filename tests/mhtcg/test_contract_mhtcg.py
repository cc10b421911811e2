"""The core's contract checks (tests/contract.py) on the Monster Hunter TCG before it is in the
registry: random games at every player count keep every invariant, and the registry replays
them (the game is registered for the length of each test)."""

import os

import pytest

from game import registry
from game.ai.agents import bots_for
from game.mhtcg import GAME
from tests.contract import ContractGame, check_bot_is_honest

SEEDS = int(os.environ.get("CARDTABLE_SOAK", "6"))


@pytest.fixture
def mhtcg_registered(monkeypatch):
    monkeypatch.setitem(registry._games, GAME.name, GAME)
    return GAME


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_contract(players, mhtcg_registered):
    for seed in range(SEEDS):
        ContractGame(GAME, players, seed).play()


def test_the_shipped_data_has_a_handler_for_every_keyword_and_item():
    assert GAME.validate_data() == []


@pytest.mark.parametrize("bot", ["random", "heuristic", "ismcts"])
def test_the_bots_decide_from_their_seats_information_only(bot, mhtcg_registered):
    factory = bots_for(GAME)[bot]
    if bot == "ismcts":  # the same tree and playout policy with short playouts, to stay fast
        def factory(seed=0, iterations=None, _full=factory):
            return _full(seed, iterations=iterations, cutoff=12)
    for players in (2, 4):
        assert check_bot_is_honest(GAME, factory, players, range(2), positions=3) > 0
