"""The heuristic's belief over hidden identities (game/sanguosha/belief.py)."""

from __future__ import annotations

from collections import Counter

from game.sanguosha import GAME
from game.sanguosha.belief import Belief
from game.sanguosha.bots import HeuristicAgent


def table(players=8, seed=0):
    s = GAME.new_state(players, seed)
    me = next(p for p in range(players) if s.identity[p] == "loyalist")
    return s, me


def test_a_seat_that_strikes_the_lord_is_believed_a_rebel():
    s, me = table()
    q = next(p for p in range(s.players) if p not in (me, s.lord))
    s.ledger[q * s.players + s.lord] += 6
    b = Belief(s, me)
    assert b.best[q] == "rebel"
    assert b.p(q, "rebel") > b.prior["rebel"]


def test_the_guesses_deal_out_exactly_the_identities_left():
    s, me = table()
    b = Belief(s, me)
    hidden = [p for p in range(s.players) if p not in (me, s.lord)]
    assert Counter(b.best[p] for p in hidden) == Counter(
        {"loyalist": 1, "rebel": 4, "renegade": 1})


def test_a_seat_that_acts_both_ways_is_believed_the_renegade():
    s, me = table()
    n = s.players
    hidden = [p for p in range(n) if p not in (me, s.lord)]
    both = hidden[0]
    s.ledger[both * n + s.lord] -= 4  # saved the Lord
    s.ledger[both * n + me] += 4  # and struck a Loyalist
    for r in hidden[1:5]:
        s.ledger[r * n + s.lord] += 6
    assert Belief(s, me).best[both] == "renegade"


def test_inference_off_ignores_the_record():
    s, me = table()
    q = next(p for p in range(s.players) if p not in (me, s.lord))
    s.ledger[q * s.players + s.lord] += 6
    b = Belief(s, me, uniform=True)
    assert abs(b.p(q, "rebel") - b.prior["rebel"]) < 1e-9


def test_the_bot_explains_its_belief_one_line_a_seat():
    s, me = table()
    lines = HeuristicAgent(0).explain(s, me)
    assert len(lines) == s.players
    assert "Lord" in lines[s.lord] or "lord" in lines[s.lord]


# --- the belief drives play (tests/sanguosha/helpers.table: P0 is the Lord; identities in
# order lord, loyalist, rebel, renegade, rebel, loyalist, rebel, rebel) -------------------------

from game.core.contract import Action  # noqa: E402
from tests.sanguosha.helpers import cid, interrupt  # noqa: E402
from tests.sanguosha.helpers import table as at_table  # noqa: E402

PLAIN = "xuchu"  # a general whose skills ask nothing of these positions


def bot_choice(s, seat):
    s.forget()
    return HeuristicAgent(1).choose(s, seat)


def test_a_seat_that_struck_the_lord_is_an_enemy_and_a_stranger_is_not():
    s = at_table([PLAIN] * 5, current=2, hands={2: ["c3-slash"]})
    s.ledger[4 * 5 + 0] += 6  # P4 struck the Lord
    bot = HeuristicAgent(1)
    assert bot.attitude(s, 1, 4) < 0 < bot.attitude(s, 1, 0)  # to the Loyalist
    assert bot.attitude(s, 2, 4) > 0  # to a Rebel: a fellow Rebel
    assert bot.harm(s, 2, 1) > 0  # so the other two (a Loyalist, the Renegade) are enemies
    fresh = at_table([PLAIN] * 5, current=2, hands={2: ["c3-slash"]})
    assert bot.harm(fresh, 2, 1) < 0  # before anyone has shown a side: a stranger


def test_a_loyalist_slashes_the_seat_that_struck_the_lord():
    s = at_table([PLAIN] * 5, current=1, hands={1: ["c3-slash"]})
    s.ledger[2 * 5 + 0] += 6
    a = bot_choice(s, 1)
    assert a.kind == "use" and a.target == (2,)


def test_a_rebel_out_of_the_lords_reach_slashes_no_stranger():
    s = at_table([PLAIN] * 5, current=2, hands={2: ["c3-slash"]})  # the Lord is 2 away
    assert bot_choice(s, 2).kind == "end"


def test_a_loyalist_saves_the_dying_lord_and_a_rebel_does_not():
    s = at_table([PLAIN] * 5, current=2, hands={1: ["h3-peach"], 2: ["h4-peach"]})
    s.hp[0] = 0
    interrupt(s, "dying", 0, 2, "slash")
    assert bot_choice(s, 2).kind == "pass"  # P2 (a Rebel) lets the Lord die
    s.apply(2, Action("pass"))
    s.apply(3, Action("pass"))  # P3, the Renegade, holds nothing
    s.apply(4, Action("pass"))
    s.forget()
    assert s.to_act() == (0,) and s.apply(0, Action("pass")) is not None
    a = bot_choice(s, 1)
    assert a.kind == "respond" and a.source == (cid("h3-peach"),)


def test_a_loyalist_nullifies_a_duel_on_the_lord():
    s = at_table([PLAIN] * 5, current=2, hands={2: ["s1-duel"], 1: ["s11-nullification"]})
    s.forget()
    s.apply(2, Action("use", (cid("s1-duel"),), (0,), ("duel", "")))
    while s.to_act() != (1,):
        s.apply(s.to_act()[0], Action("pass"))
    assert bot_choice(s, 1).kind == "respond"


def test_no_savage_assault_that_could_kill_the_lord():
    s = at_table([PLAIN] * 5, current=1, hands={1: ["s7-savage-assault"]})
    s.ledger[2 * 5 + 0] += 6
    s.ledger[4 * 5 + 0] += 6
    s.hp[0] = 1
    assert bot_choice(s, 1).kind == "end"


def test_the_renegade_kills_the_loyalists_before_the_lord():
    s = at_table([PLAIN] * 5, current=3, hands={3: ["c3-slash"]})
    for r in (2, 4):  # both Rebels are dead
        s.alive[r], s.revealed[r], s.hp[r] = False, True, 0
    s.hp[0] = 1
    a = bot_choice(s, 3)
    assert a.kind == "use" and a.target == (1,)  # the Loyalist, though the Lord is at 1 HP


def test_the_renegade_keeps_the_lord_alive_while_rebels_live():
    s = at_table([PLAIN] * 5, current=2, hands={3: ["h3-peach"]})
    s.hp[0] = 0
    interrupt(s, "dying", 0, 2, "slash")
    s.apply(2, Action("pass"))
    a = bot_choice(s, 3)
    assert a.kind == "respond"


def test_a_loyalist_liu_bei_gives_the_lord_his_cards():
    s = at_table([PLAIN, "liubei", PLAIN, PLAIN, PLAIN], current=1,
                 hands={1: ["h2-dodge", "h13-dodge"]})
    a = bot_choice(s, 1)
    assert a.kind == "skill" and a.option == "rende" and a.target == 0
