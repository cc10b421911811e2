"""The heuristic bot: legal, honest, and clearly better than random play."""

from game import registry
from game.ai.agents import RandomAgent, decide
from game.core.rng import Rng
from game.hermitcraft import GAME
from game.hermitcraft.bots import HeuristicBot
from tests.contract import check_bot_is_honest
from tests.hermitcraft.table import Table


def test_the_heuristic_beats_random_play(monkeypatch):
    monkeypatch.setitem(registry._games, GAME.name, GAME)
    wins = 0
    for seed in range(20):
        s, me = GAME.new_state(2, seed), seed % 2
        bots = {me: HeuristicBot(seed), 1 - me: RandomAgent(seed)}
        rng = Rng(seed)
        while not s.is_over():
            p = s.to_act()[0]
            s.apply(p, decide(bots[p], s, p, rng))
        wins += s.outcome().winners == (me,)
    assert wins >= 18


def test_the_heuristic_is_honest(monkeypatch):
    monkeypatch.setitem(registry._games, GAME.name, GAME)
    assert check_bot_is_honest(GAME, HeuristicBot, 2, range(3)) > 0


def test_the_heuristic_attacks_with_the_bigger_expected_damage():
    t = Table()
    t.hermit(0, "grian_c", items=["builder_item", "builder_item"])
    t.hermit(1, "scar_c")
    t.start()
    action = HeuristicBot().choose(t.s, 0)
    assert (action.kind, action.option) == ("attack", "secondary")  # Waffle 70 + weakness


def test_the_heuristic_heals_a_hurt_hermit():
    t = Table()
    t.hermit(0, "grian_c", hp=100)
    t.hermit(1, "scar_c")
    t.hand(0, "instant_health_ii")
    t.start()
    action = HeuristicBot().choose(t.s, 0)
    assert action.kind == "single_use" and t.s.defs[action.source] == "instant_health_ii"


def test_the_search_scores_its_playouts_at_the_start_of_the_turn_two_turns_on():
    from game.hermitcraft import bots

    seen = []

    def evaluate(s):
        seen.append((s.turn, s.is_over(), s.decisions[-1].kind if s.decisions else ""))
        return bots.evaluate(s)

    s, me = GAME.new_state(2, 3), None
    me = s.to_act()[0]
    s.step(me, next(a for a in s.legal_actions(me) if a.kind == "play_hermit"))
    bots.ismcts(1, iterations=40, evaluate=evaluate).choose(s, me)
    leaves = [(t, kind) for t, over, kind in seen if not over and t != s.turn]
    assert leaves and all(t == s.turn + bots.HORIZON_TURNS for t, _ in leaves)
