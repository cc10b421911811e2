"""The table's actions on Sanguosha (game/core/flow.py): conceding (D42) and running out of
time (every question has a sensible default answer)."""

from __future__ import annotations

import pytest

from game.core.contract import Action, IllegalAction
from game.core.flow import CONCEDE, TIMEOUT
from game.core.rng import Rng
from game.sanguosha import GAME
from tests.sanguosha.helpers import asked, cid, interrupt, pass_, table

F = "ganning"


def test_d42_a_seat_that_concedes_plays_on_and_wins_nothing():
    s = table([F] * 4, ids=["lord", "loyalist", "rebel", "rebel"], hands={0: ["c3-slash"]})
    legal = s.legal_actions(0)
    events = s.apply(2, Action(CONCEDE))  # a seat may concede while another is asked
    assert [e.kind for e in events] == ["concede"] and s.conceded == (2,)
    assert s.to_act() == (0,) and s.legal_actions(0) == legal  # the game goes on unchanged
    with pytest.raises(IllegalAction, match="already conceded"):
        s.apply(2, Action(CONCEDE))
    s.hp[0] = 0
    interrupt(s, "dying", 0, 3, "slash")
    while not s.is_over():
        pass_(s, s.to_act()[0])
    assert s.result == "The Rebels win" and s.winners == (3,)  # not the Rebel who conceded
    assert s.outcome().scores == (0.0, 0.0, 0.0, 1.0)


def test_d42_conceding_is_an_action_of_the_record():
    s = GAME.new_state(5, 3)
    rng, record = Rng(3), []
    for step in range(60):
        p = s.to_act()[0]
        a = Action(CONCEDE) if step == 20 else s.legal_actions(p)[rng.below(len(
            s.legal_actions(p)))]
        record.append((p, a))
        s.apply(p, a)
    again = GAME.new_state(5, 3)
    for p, a in record:
        again.apply(p, a)
    assert again == s and again.conceded == s.conceded == (record[20][0],)


def test_a_timeout_ends_the_play_phase():
    s = table([F] * 4, hands={0: ["c3-slash", "h3-peach"]})
    events = s.apply(0, Action(TIMEOUT))
    assert any(e.kind == "timeout" for e in events)
    assert any(e.text.endswith("ends the play phase.") for e in events)
    assert cid("c3-slash") in s.hand[0] and asked(s) == ("play", 1)


def test_a_timeout_in_a_peach_round_gives_no_peach():
    s = table([F] * 4, current=1, hands={1: ["h3-peach"]})
    s.hp[2] = 0
    interrupt(s, "dying", 2, 0, "slash")
    assert asked(s) == ("peach", 1)
    s.apply(1, Action(TIMEOUT))
    assert cid("h3-peach") in s.hand[1] and asked(s) == ("peach", 2)


def test_a_timeout_while_discarding_drops_the_lowest_card():
    s = table([F] * 4, hp={0: 1}, hands={0: ["s9-slash", "c3-slash", "h3-peach"]},
              at="discard")
    assert asked(s) == ("discard", 0)
    s.apply(0, Action(TIMEOUT))
    s.apply(0, Action(TIMEOUT))
    assert s.hand[0] == [max(cid("s9-slash"), cid("c3-slash"), cid("h3-peach"))]


def test_a_timeout_declines_what_may_be_declined_and_is_always_legal():
    """On every question of random games the default answer is legal, and a pass or a Done
    wherever one is offered."""
    for players, seed in ((4, 1), (6, 2), (8, 3)):
        s, rng = GAME.new_state(players, seed), Rng(seed)
        while not s.is_over():
            p = s.to_act()[0]
            legal = s.legal_actions(p)
            default = s.default_answer(p)
            assert default in legal
            declines = [a for a in legal if a.kind in ("pass", "done", "end")]
            if declines:
                assert default == declines[0], (s.decisions[-1].kind, default)
            s.step(p, legal[rng.below(len(legal))])
