"""The end of the game (spec "End of the game", D26, D31, D40) and the hand limit (1, D10)."""

import pytest

from game.core.contract import IllegalAction
from game.core.flow import CONCEDE, TIMEOUT
from game.mhtcg import rules
from game.mhtcg.setups import act, asked, give, monster, pass_until, seat, start, table


def test_the_last_player_standing_wins():
    s = table(players=3)
    s.forfeited[1] = True
    s.pos[1] = None
    s.retreats[2] = 3
    start(s, "result_turn", "result")  # seat 2 forfeits at its step 4
    assert s.over and s.winners == [0] and s.end_reason == "last player standing"


def test_d41_a_player_who_concedes_can_no_longer_win_and_is_played_on():
    s = table(players=3)
    s.hrp[:] = [3, 21, 5]
    start(s, "move_turn", "move")
    events = act(s, 1, CONCEDE)
    assert [e.kind for e in events] == ["concede"] and not s.over  # two may still win
    assert not s.forfeited[1]  # the seat plays on (a bot, seated by the table)
    start(s, "result_turn", "result")
    assert not s.over  # seat 1's 21 HRP does not win
    s.round = rules.ROUND_LIMIT
    start(s, "result_turn", "result")
    assert s.over and s.winners == [2] and s.outcome().details["conceded"] == [1]


def test_d41_the_last_player_standing_after_concessions_wins_at_once():
    s = table(players=3)
    s.forfeited[2], s.pos[2] = True, None
    start(s, "move_turn", "move")
    act(s, 0, CONCEDE)
    assert s.over and s.winners == [1] and s.end_reason == "last player standing"


def test_a_seat_out_of_time_stays_where_it_is():
    s = table(players=2)
    s.pos[:] = [(0, 2), (1, 1)]  # out of camp (a camp must be left)
    start(s, "move_turn", "move")
    p = seat(s)
    here = s.pos[p]
    events = act(s, p, TIMEOUT)
    assert events[0].kind == "timeout" and s.pos[p] == here


def test_a_doomed_last_player_does_not_win_and_then_nobody_does():
    s = table(players=2)
    s.retreats[0], s.doomed[0] = 3, True
    s.forfeited[1], s.pos[1] = True, None
    rules.check_victory(s)
    assert not s.over  # play goes on until the doomed player forfeits too
    start(s, "result_turn", "result")
    assert s.over and s.winners == [] and s.end_reason == "every player forfeited"


def test_a_doomed_player_at_20_hrp_does_not_win():
    s = table()
    s.hrp[3], s.doomed[3] = 22, True
    rules.check_victory(s)
    assert not s.over


def test_after_round_50_the_most_hrp_wins_and_ties_share():
    s = table()
    s.round = rules.ROUND_LIMIT
    s.hrp[:] = [7, 9, 9, 2]
    start(s, "result_turn", "result")
    assert s.over and s.winners == [1, 2] and s.end_reason == "round limit"
    assert s.outcome().winners == (1, 2)


def test_round_49_goes_on():
    s = table()
    s.round = rules.ROUND_LIMIT - 1
    start(s, "result_turn", "result")
    assert not s.over and s.round == rules.ROUND_LIMIT


def test_more_than_6_cards_must_be_discarded_down_to_6():
    s = table()
    s.round = 2
    cards = give(s, 0, *["I01"] * 4, "I03", "I04", "M01")  # 7: a replacement returned one
    start(s, "hand_turn", "hand")
    assert (asked(s), seat(s)) == ("hand_discard", 0)
    with pytest.raises(IllegalAction, match="discard down to 6"):
        act(s, 0, "done")
    act(s, 0, "discard", cards[0])
    act(s, 0, "done")
    assert len(s.hand[0]) == 6 and s.grave[0] == [cards[0]]


def test_the_outcome_names_every_hrp_source():
    s = table()
    monster(s, 0, 1, "M01")
    start(s, "result_turn", "result")
    pass_until(s, "placement", "hand_discard")
    assert s.outcome().details["hrp_by_source"][0] == {"hidden": 1}
