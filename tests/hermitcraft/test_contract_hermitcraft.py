"""The core's contract checks (tests/contract.py) on the Hermitcraft rules, before the game is
registered: random games and games steered towards attacks keep every invariant."""

import pytest

from game import registry
from game.ai.agents import Agent, RandomAgent
from game.core.contract import Action
from game.core.flow import CONCEDE
from game.core.rng import Rng
from game.hermitcraft import GAME, HermitcraftGame
from tests.contract import ContractGame, check_bot_is_honest


class Aggressive(Agent):
    """Plays a Hermit or an item when it can, attacks when it can, else anything but ending
    the turn: it reaches knock-outs, revivals and the end of the game that random play rarely
    does."""

    name = "aggressive"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state, player):
        actions = state.legal_actions(player)
        for kinds in (("attack", "su_attack"), ("play_hermit", "attach_item"),
                      ("single_use", "attach_effect", "choose", "pick")):
            some = [a for a in actions if a.kind in kinds]
            if some and self.rng.random() < 0.8:
                return self.rng.choice(some)
        return self.rng.choice(actions)


class BuiltDecks(HermitcraftGame):
    """The game with a deck built at random for each seat, so every card's rules run."""

    def new_state(self, players, seed, seats=None, **options):
        return super().new_state(players, seed, seats or [{"deck": "build"}] * 2, **options)


BUILT = BuiltDecks()


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setitem(registry._games, GAME.name, GAME)


@pytest.fixture
def built_registered(monkeypatch):
    monkeypatch.setitem(registry._games, GAME.name, BUILT)


@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_the_contract(seed, registered):
    ContractGame(GAME, 2, seed).play()


@pytest.mark.parametrize("seed", range(6))
def test_aggressive_games_keep_the_contract(seed, registered):
    ContractGame(GAME, 2, 100 + seed, guide=Aggressive(seed)).play()


@pytest.mark.parametrize("seed", range(8))
def test_games_with_built_decks_keep_the_contract(seed, built_registered):
    ContractGame(BUILT, 2, 200 + seed, guide=Aggressive(seed) if seed % 2 else None).play()


def test_built_decks_are_legal_and_hold_every_card_between_them():
    from game.hermitcraft.decks import random_deck, validate_deck

    cards, rng, seen = GAME.card_set(), Rng(3), set()
    for _ in range(200):
        deck = random_deck(cards, rng)
        assert validate_deck(cards, deck) == []
        seen |= set(deck)
    assert seen == set(cards.by_id)


def test_the_random_bot_is_honest(registered):
    assert check_bot_is_honest(GAME, RandomAgent, 2, range(2)) > 0


def test_card_data_and_handlers_match():
    assert GAME.validate_data() == []


def test_ismcts_is_honest(registered):
    from game.ai.agents import bots_for

    assert check_bot_is_honest(GAME, bots_for(GAME)["ismcts"], 2, range(1), positions=3) > 0


def test_surrender_ends_the_game_for_the_other_player():
    s = GAME.new_state(2, 5)
    events = s.apply(1, Action(CONCEDE))  # the flow's concede action (D24)
    assert s.is_over() and s.outcome().winners == (0,) and s.to_act() == ()
    assert s.conceded == (1,) and [e.kind for e in events] == ["concede"]
    s = GAME.new_state(2, 5)
    s.surrender(1)  # the older call goes the same way
    assert s.conceded == (1,) and s.outcome().winners == (0,)
