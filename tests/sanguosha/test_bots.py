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
