"""The rules-module contract (docs/plugging-in-a-game.md), checked on random games of every
registered game.

For every game (plus the test-only toy game), every player count and many seeds (50; set
CARDTABLE_SOAK=N for more), play games to the end and check at every step what the contract
promises. Even seeds play uniformly at random; odd seeds follow the game's first heuristic bot
with 10% random moves, so the checks also reach the late game that random play rarely sees
(random Madoka teams lose within a few turns). The costly checks (JSON round trip, clone aliasing, views and
determinizations) run at the first steps, at powers of two, every EVERY-th step and at the end.
"""

from __future__ import annotations

import os

import pytest

from game.ai.agents import bots_for, honest_bots, make_bot
from game.core.contract import Game, State
from game.core.rng import Rng
from game.registry import all_games
from tests import toygame
from tests.contract import ContractGame, check_bot_is_honest

SEEDS = int(os.environ.get("CARDTABLE_SOAK", "50"))


def seeds_for(game: Game) -> int:
    """The seeds a game plays: its own `contract_seeds` (long games), unless soaking."""
    if "CARDTABLE_SOAK" in os.environ or game.contract_seeds is None:
        return SEEDS
    return game.contract_seeds


GAMES = {**all_games(), toygame.GAME.name: toygame.GAME}


def _cases():
    for name, game in GAMES.items():
        for players in range(game.min_players, game.max_players + 1):
            yield pytest.param(game, players, id=f"{name}-{players}p")


def _bots():
    for name, game in GAMES.items():
        for bot in bots_for(game):
            yield pytest.param(game, bot, id=f"{name}-{bot}")


def _honest():
    for name, game in GAMES.items():
        for bot in honest_bots(game):
            yield pytest.param(game, bot, id=f"{name}-{bot}")


def guide_bot(game: Game):
    """The game's first bot that neither plays at random nor searches, or None."""
    for name, factory in game.bots().items():
        if name != "random" and "ismcts" not in name:
            return factory
    return None


@pytest.mark.parametrize(("game", "players"), list(_cases()))
def test_random_games_keep_the_contract(game: Game, players: int, toy_registered):
    guide = guide_bot(game)
    for seed in range(seeds_for(game)):
        bot = guide(seed) if guide is not None and seed % 2 else None
        ContractGame(game, players, seed, bot).play()


@pytest.mark.parametrize(("game", "bot"), list(_bots()))
def test_every_bot_plays_only_legal_actions_and_leaves_the_state_alone(game, bot, toy_registered):
    """Every seat played by the bot (searching bots on a tiny budget), from the smallest to the
    largest table: each choice is legal and choosing does not change the state."""
    factory = bots_for(game)[bot]
    searching = "ismcts" in bot
    for seed in range(1 if searching else 3):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        agents = [make_bot(factory, seed * 10 + p, iterations=8) for p in range(players)]
        state, rng = game.new_state(players, seed), Rng(seed)
        for _ in range(game.max_decisions(players)):
            if state.is_over():
                break
            seat = rng.choice(state.to_act())
            before = state.to_json()
            action = agents[seat].choose(state, seat)
            assert state.to_json() == before, f"{bot} changed the state while choosing"
            assert action in state.legal_actions(seat), f"{bot} chose {action}, not legal"
            state.apply(seat, action)
        assert state.is_over(), f"{game.name} with {bot} did not end within max_decisions"


def test_contract_game_runs_on_the_toy_game(toy_registered):
    """The harness itself: one toy game passes and really takes several steps."""
    run = ContractGame(toygame.GAME, 3, seed=1)
    run.play()
    assert run.step == 3 * toygame.HAND and isinstance(run.state, State)


def test_contract_game_catches_a_leaking_view(toy_registered, monkeypatch):
    """The harness fails a game whose view shows another seat's secret bid."""

    original = toygame.BidState._view

    def leaking_view(self, p):
        frame = self.decisions[-1] if self.decisions else None
        return {**original(self, p), "bids": frame.to_json() if frame else None}

    monkeypatch.setattr(toygame.BidState, "_view", leaking_view)
    with pytest.raises(AssertionError, match="leak|public view"):
        for seed in range(5):
            ContractGame(toygame.GAME, 2, seed).play()


def test_contract_game_catches_a_clone_that_shares_lists(toy_registered, monkeypatch):
    """The harness fails a game whose clone shares the hands with the original."""
    original = toygame.BidState.clone

    def shallow_clone(self):
        twin = original(self)
        twin.hands = self.hands
        return twin

    monkeypatch.setattr(toygame.BidState, "clone", shallow_clone)
    with pytest.raises(AssertionError):  # first seen by determinize or by the clone check
        ContractGame(toygame.GAME, 2, seed=0).play()


@pytest.mark.parametrize(("game", "bot"), list(_honest()))
def test_every_bot_decides_from_its_seats_information_only(game, bot, toy_registered):
    """Resampling what the seat cannot know (with `determinize`) never changes a bot's choice
    (every bot but the game's declared measurement bounds)."""
    factory = bots_for(game)[bot]
    compared = 0
    for players in range(game.min_players, game.max_players + 1):
        compared += check_bot_is_honest(game, factory, players, range(2), guide=guide_bot(game))
    assert compared > 0, f"{bot} was never asked a real choice"


def test_honesty_check_catches_a_bot_that_reads_hidden_cards(toy_registered):
    """The check itself: a toy bot that bids one more than the other seat's secret bid fails."""

    class Peeker(toygame.GreedyBidder):
        def choose(self, state, player):
            frame = state.decisions[-1]
            theirs = [a for s, a in frame.answers if s != player]
            actions = state.legal_actions(player)
            if theirs:
                return min(actions, key=lambda a: abs(toygame.value(a.source)
                                                      - toygame.value(theirs[0]) - 1))
            return actions[0]

    with pytest.raises(AssertionError, match="hidden information"):
        check_bot_is_honest(toygame.GAME, Peeker, 2, range(4), positions=10)
