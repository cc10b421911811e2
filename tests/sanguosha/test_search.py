"""The searching bot (game/sanguosha/search.py): worlds drawn from the belief, questions it
leaves to the heuristic, and the heuristic's answer standing without a better one."""

from __future__ import annotations

from collections import Counter

from game.core.contract import Action
from game.core.rng import Rng
from game.sanguosha.bots import HeuristicAgent
from game.sanguosha.search import BeliefWorlds, SearchAgent
from tests.sanguosha.helpers import cid, table

PLAIN = "xuchu"


def test_worlds_deal_the_hidden_identities_by_the_belief():
    """A seat that struck the Lord is a Rebel in most of the Lord's worlds, and every world
    deals exactly the identities left."""
    s = table([PLAIN] * 5, current=0)
    s.ledger[2 * 5 + 0] += 8
    belief = HeuristicAgent(0).belief_with_worlds(s, 0)
    worlds = BeliefWorlds(s, 0, belief)
    rng = Rng(3)
    seen = Counter()
    for _ in range(200):
        w = worlds.determinize(0, rng)
        assert Counter(w.identity) == Counter(s.identity)
        seen[w.identity[2]] += 1
    assert seen["rebel"] > 150


def test_questions_outside_the_play_phase_are_the_heuristics():
    """Asked for a Dodge (two answers: the Dodge or taking the hit), it answers at once."""
    s = table([PLAIN] * 5, current=2, hands={1: ["h2-dodge"], 2: ["c3-slash"]})
    s.forget()
    s.apply(2, Action("use", (cid("c3-slash"),), (1,), ("slash", "")))
    s.forget()
    assert s.to_act() == (1,) and len(s.legal_actions(1)) == 2
    bot = SearchAgent(0, iterations=50)
    assert bot.choose(s, 1).kind == "respond" and bot.last_iterations == 0


def test_the_search_runs_on_a_play_phase_question():
    """Two known Rebels to Slash or Duel: a real choice, searched."""
    s = table([PLAIN] * 5, current=0, hands={0: ["c3-slash", "s1-duel", "c4-slash"]})
    s.ledger[1 * 5 + 0] += 8
    s.ledger[4 * 5 + 0] += 8
    bot = SearchAgent(0, iterations=30)
    s.forget()
    a = bot.choose(s, 0)
    assert bot.last_iterations == 30 and a in s.legal_actions(0)


def test_an_obvious_answer_is_not_searched():
    """Ex Nihilo before anything else: the heuristic's answer, at once."""
    s = table([PLAIN] * 5, current=0, hands={0: ["c3-slash", "h7-ex-nihilo"]})
    bot = SearchAgent(0, iterations=30)
    s.forget()
    assert bot.choose(s, 0).option == ("ex-nihilo", "") and bot.last_iterations == 0
