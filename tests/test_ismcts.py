"""The generic ISMCTS agent (game/ai/ismcts.py), exercised on the toy game Secret Bid."""

from __future__ import annotations

import pytest

from game.ai.agents import RandomAgent
from game.ai.ismcts import ISMCTS, ismcts_factory, max_score, outcome_rewards
from game.core.contract import Game, Outcome
from game.core.rng import Rng
from tests import toygame


def play(players: int, seed: int, agents: list) -> Outcome:
    """Play one toy game; every chosen action must be legal (apply checks it)."""
    state = toygame.GAME.new_state(players, seed)
    while not state.is_over():
        seat = state.to_act()[0]
        action = agents[seat].choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    return state.outcome()


def test_ismcts_beats_random_play():
    """Over 100 seeded 2-player games (seats alternating) a small search wins clearly more than
    its share: about 0.72 of the wins at 50 iterations, where random vs random gets 0.5."""
    share = 0.0
    for seed in range(100):
        me = seed % 2
        agents = [RandomAgent(seed * 2 + p) for p in range(2)]
        agents[me] = ISMCTS(seed, iterations=50)
        outcome = play(2, seed, agents)
        if me in outcome.winners:
            share += 1 / len(outcome.winners)
    assert share / 100 >= 0.6


def test_ismcts_only_returns_legal_actions_at_simultaneous_steps():
    """Three searching seats bid at the same simultaneous steps; every choice is legal."""
    for seed in range(5):
        play(3, seed, [ISMCTS(seed * 3 + p, iterations=30) for p in range(3)])


def test_ismcts_with_the_same_seed_makes_the_same_choice():
    state = toygame.GAME.new_state(2, seed=4)
    first = ISMCTS(9, iterations=60).choose(state, 0)
    assert ISMCTS(9, iterations=60).choose(state, 0) == first


def test_ismcts_leaves_the_real_state_untouched():
    state = toygame.GAME.new_state(3, seed=2)
    state.apply(1, state.legal_actions(1)[0])  # seat 1's secret bid is pending
    before = state.to_json()
    ISMCTS(1, iterations=40).choose(state, 0)
    assert state.to_json() == before


def test_ismcts_decides_from_what_the_player_knows_only():
    """Two states that differ only in cards seat 0 cannot see (seat 1's hand, its secret bid,
    the stock) get the same choice from the same search."""
    for seed in range(6):
        real = toygame.GAME.new_state(2, seed)
        real.apply(1, real.legal_actions(1)[seed % toygame.HAND])
        other = real.determinize(0, Rng(seed + 100))
        assert other.view(0) == real.view(0) and other.to_json() != real.to_json()
        assert ISMCTS(seed, iterations=80).choose(real, 0) == ISMCTS(seed, iterations=80).choose(
            other, 0
        )


def test_ismcts_refuses_to_choose_for_a_seat_that_does_not_act():
    state = toygame.GAME.new_state(2, seed=0)
    state.apply(1, state.legal_actions(1)[0])
    with pytest.raises(ValueError, match="nothing to choose"):
        ISMCTS(0, iterations=5).choose(state, 1)


def test_time_budget_runs_at_least_one_iteration():
    bot = ISMCTS(0, seconds=0.0)
    bot.choose(toygame.GAME.new_state(2, seed=0), 0)
    assert bot.last_iterations >= 1


def test_cut_off_playouts_are_scored_by_the_evaluation():
    calls = []

    def evaluate(state):
        calls.append(state.round)
        return [0.5] * state.players

    bot = ISMCTS(0, iterations=25, cutoff=0, evaluate=evaluate)
    bot.choose(toygame.GAME.new_state(2, seed=0), 0)
    assert len(calls) == 25


def test_a_heuristic_playout_policy_is_used_for_playouts():
    class Counting(toygame.GreedyBidder):
        chosen = 0

        def choose(self, state, player):
            Counting.chosen += 1
            return super().choose(state, player)

    ISMCTS(0, iterations=20, playout=Counting).choose(toygame.GAME.new_state(2, seed=0), 0)
    assert Counting.chosen > 0


def test_an_others_model_plays_the_other_seats_inside_the_search():
    seats_asked = set()

    class Model(toygame.GreedyBidder):
        def choose(self, state, player):
            seats_asked.add(player)
            return super().choose(state, player)

    ISMCTS(0, iterations=30, others=Model).choose(toygame.GAME.new_state(3, seed=0), 1)
    assert seats_asked == {0, 2}


def test_a_guides_move_starts_each_node_with_its_prior_visits():
    class Last(RandomAgent):
        def choose(self, state, player):
            return state.legal_actions(player)[-1]

    state = toygame.GAME.new_state(2, seed=0)
    bot = ISMCTS(0, iterations=20, guide=Last, prior_visits=1000)
    table = bot.search(state, 0)
    guess = state.legal_actions(0)[-1]
    assert table[guess][0] >= 1000 and bot.choose(state, 0) == guess


def test_the_moves_hook_limits_what_is_searched():
    state = toygame.GAME.new_state(2, seed=0)
    bot = ISMCTS(0, iterations=30, moves=lambda s, p: s.legal_actions(p)[1:2])
    assert set(bot.search(state, 0)) == {state.legal_actions(0)[1]}


def test_factory_with_a_time_budget_drops_the_default_iteration_count():
    factory = ismcts_factory(iterations=500, cutoff=10)
    assert factory(3).iterations == 500
    timed = factory(3, seconds=0.05)
    assert timed.iterations is None and timed.seconds == 0.05 and timed.cutoff is None


def test_cooperative_reward_is_score_over_max_score():
    assert outcome_rewards(Outcome((), (20.0, 20.0)), 2, True, 25.0) == [0.8, 0.8]


def test_max_score_is_the_states_which_defaults_to_the_games():
    class Coop(Game):
        def max_score(self, players):
            return 10 * players

    state = toygame.GAME.new_state(2, seed=0)
    assert max_score(state) is None  # a competitive game has none
    state.game = Coop()
    assert max_score(state) == 20.0

    class Graded(toygame.BidState):
        __slots__ = ()

        def max_score(self):
            return 35

    graded = Graded.__new__(Graded)
    graded.game, graded.players = Coop(), 2
    assert max_score(graded) == 35.0


def test_competitive_reward_is_one_win_shared_among_tied_winners():
    assert outcome_rewards(Outcome((1,), (3.0, 5.0, 1.0)), 3, False) == [0.0, 1.0, 0.0]
    assert outcome_rewards(Outcome((0, 2), (4.0, 1.0, 4.0)), 3, False) == [0.5, 0.0, 0.5]
