"""The coach (game/coach.py): the Normal bot's move and one sentence why, honestly decided."""

from __future__ import annotations

import pytest

from game.coach import advise, hint_allowed, hint_at, normal_bot
from game.core.rng import Rng
from game.registry import all_games, get_game
from game.replay import ReplaySession
from tests.test_replay import played

GAMES = sorted(all_games())


def positions(name: str, every: int = 5, limit: int = 6):
    """(state, seat, move) at a few positions of a seeded random game with a real choice."""
    game = get_game(name)
    state, rng = game.new_state(game.min_players, 11), Rng(12)
    move = found = 0
    while not state.is_over() and found < limit:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and move % every == 0:
            yield state, seat, move
            found += 1
        state.apply(seat, rng.choice(legal))
        move += 1


@pytest.mark.parametrize("name", GAMES)
def test_the_hint_is_unchanged_when_hidden_information_is_resampled(name):
    for state, seat, move in positions(name):
        one = state.determinize(seat, Rng(move * 31 + 1))
        two = state.determinize(seat, Rng(move * 37 + 2))
        assert advise(one, seat, move).action == advise(two, seat, move).action, (
            f"{name} move {move}: the hint depends on cards the seat cannot see")


@pytest.mark.parametrize("name", GAMES)
def test_the_hint_is_legal_and_its_sentence_names_the_card_or_target(name):
    for state, seat, move in positions(name):
        advice = advise(state, seat, move)
        assert advice.action in state.legal_actions(seat)
        label = advice.action.label
        assert label and advice.sentence.startswith(label + ":")
        assert advice.sentence.endswith(".") and "\n" not in advice.sentence


def test_the_coach_is_the_normal_bot():
    assert normal_bot(get_game("sanguosha")) == "heuristic"
    assert normal_bot(get_game("madoka")) == "strong"


def test_in_a_replay_the_hint_at_a_moment_is_the_advice_for_that_position():
    replay, _ = played("bloodborne", 3)
    session = ReplaySession(replay)
    n = session.length // 2
    seat = session.acted(n + 1).seat
    assert hint_at(session, n, seat) == advise(session.state_at(n), seat, n)


def test_the_hint_is_off_in_a_network_game_unless_every_seat_agrees():
    assert hint_allowed(False, [0, 1], [])
    assert not hint_allowed(True, [0, 1, 2], [0, 2])
    assert hint_allowed(True, [0, 1, 2], [2, 1, 0])
