"""The rules-module contract on Madoka alone (tests/contract.py): random and bot-guided games
under every invariant, and every bot but the `open` bound deciding from its seat's information
only. tests/test_contract.py runs the same on every registered game; this file keeps Madoka's
share runnable while another game of the registry is being rebuilt.
"""

from __future__ import annotations

import pytest

from game import registry
from game.ai.agents import bots_for, honest_bots
from game.madoka import GAME
from game.madoka.bots import StrongBot
from tests.contract import ContractGame, check_bot_is_honest

SEEDS = 6


@pytest.fixture(autouse=True)
def madoka_alone(monkeypatch):
    """Replays look games up in the registry: let it hold Madoka only, so a game of the registry
    that is being rebuilt (and does not import) cannot fail Madoka's contract."""
    monkeypatch.setattr(registry, "all_games", lambda: {GAME.name: GAME})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_and_guided_madoka_games_keep_the_contract(players):
    for seed in range(SEEDS):
        ContractGame(GAME, players, seed, StrongBot(seed) if seed % 2 else None).play()


def test_the_kyubey_variant_keeps_the_contract():
    for seed in range(2):
        run = ContractGame(GAME, 4, seed, StrongBot(seed))
        run.state = GAME.new_state(4, seed, qb=True)
        run.cards = sorted(run.state.card_ids())
        run.record.options = {"qb": True}
        run.play()


@pytest.mark.parametrize("bot", sorted(honest_bots(GAME)))
def test_madoka_bots_decide_from_their_seats_information_only(bot):
    compared = 0
    for players in (2, 4):
        compared += check_bot_is_honest(GAME, bots_for(GAME)[bot], players, range(2),
                                        guide=StrongBot)
    assert compared > 0


def test_only_open_is_exempt_from_the_honesty_check():
    assert set(bots_for(GAME)) - set(honest_bots(GAME)) == {"open"}
