"""Taking a move back (fault 9): a local person may undo their last move while no other seat
has acted since and the move revealed nothing new. Per game, through the session: a move that
can be taken back leaves exactly the position before it; one that drew a random number, or
whose result depends on what a seat did not know, cannot; nor can a move another seat has
answered. At the table: the Undo button and Backspace (tests/test_table_base.py, the games'
scene tests)."""

from __future__ import annotations

import random

import pytest

from game.core.contract import IllegalAction
from game.local_session import LocalSession

GAMES = [("madoka", 4), ("bloodborne", 4), ("hermitcraft", 2), ("mhtcg", 3), ("sanguosha", 5)]


def play(game, players, seed, moves, check):
    """Every seat a person; random legal moves; `check(session, seat, action, before)`
    after each."""
    rnd = random.Random(seed)
    s = LocalSession.start(game, players, seed, ["human"] * players)
    for _ in range(moves):
        if s.is_over():
            break
        p = s.to_act()[0]
        action = rnd.choice(s.legal_actions(p))
        before = (s._match.state.to_json(), s._match.state.rng.state)
        s.apply(p, action)
        s.poll(None, bots=False)
        check(s, p, action, before)
    return s


@pytest.mark.parametrize("game,players", GAMES)
def test_an_undone_move_leaves_exactly_the_position_before_it(game, players):
    undone = []

    def check(s, p, action, before):
        if s.can_undo(p):
            s.undo(p)
            assert s._match.state.to_json() == before[0], action
            assert len(s._match.record.actions) == len(s.history(None))
            undone.append(action.kind)
            s.apply(p, action)  # and the game goes on as it would have
            s.poll(None, bots=False)

    play(game, players, 3, 150, check)
    assert undone or game == "madoka"  # Madoka: almost every move reveals a card or a hint


@pytest.mark.parametrize("game,players", GAMES)
def test_a_move_that_drew_a_random_number_cannot_be_taken_back(game, players):
    def check(s, p, action, before):
        if s._match.state.rng.state != before[1]:
            assert not s.can_undo(p), action
            with pytest.raises(IllegalAction):
                s.undo(p)

    play(game, players, 4, 150, check)


@pytest.mark.parametrize("game,players", GAMES)
def test_only_the_last_mover_may_undo_and_not_once_another_seat_acted(game, players):
    s = LocalSession.start(game, players, 5, ["human"] * players)
    rnd = random.Random(5)
    for _ in range(60):
        if s.is_over():
            break
        p = s.to_act()[0]
        s.apply(p, rnd.choice(s.legal_actions(p)))
        for q in range(players):
            if q != p:
                assert not s.can_undo(q)


def test_a_move_that_shows_a_hidden_card_cannot_be_taken_back():
    """Madoka: you cannot see your own cards; playing one shows it to everyone."""
    s = LocalSession.start("madoka", 3, 3, ["human"] * 3)
    p = s.to_act()[0]
    play_it = next(a for a in s.legal_actions(p) if a.kind == "play")
    s.apply(p, play_it)
    assert not s.can_undo(p)


def test_a_bots_move_is_never_taken_back():
    s = LocalSession.start("bloodborne", 3, 3, ["you", "ai:random", "ai:random"])
    s.apply(0, s.legal_actions(0)[0])
    assert s.wait_for_bot(), "the bots choose their cards too"
    bot = s._match.record.actions[-1][0]
    assert bot in (1, 2) and not s.can_undo(bot) and not s.can_undo(0)
