"""Random games through the whole contract: every step keeps the invariants."""

import json

import pytest

from game.bloodborne import GAME
from game.core.contract import Action, IllegalAction
from game.core.rng import Rng


def play_checked(players: int, seed: int) -> None:
    s = GAME.new_state(players, seed)
    ids = sorted(s.card_ids())
    r = Rng(seed + 99)
    steps = 0
    while not s.is_over():
        acting = s.to_act()
        assert acting, "someone must act while the game is not over"
        p = acting[r.below(len(acting))]
        legal = s.legal_actions(p)
        assert legal and len(set(legal)) == len(legal)
        # a bogus action is refused with a reason and changes nothing
        before = s.to_json()
        with pytest.raises(IllegalAction):
            s.apply(p, Action("choose", 10_000, "chosen"))
        assert s.to_json() == before
        # views are JSON-safe; determinize keeps the player's view
        for q in range(players):
            v = s.view(q)
            json.dumps(v)
            d = s.determinize(q, Rng(steps))
            assert d.view(q) == v
            assert sorted(d.card_ids()) == ids
        c = s.clone()
        assert c == s and c.hand is not s.hand
        assert GAME.state_from_json(json.loads(json.dumps(s.to_json()))) == s
        s.apply(p, legal[r.below(len(legal))])
        assert sorted(s.card_ids()) == ids
        steps += 1
        assert steps <= GAME.max_decisions(players)
    out = s.outcome()
    assert len(out.scores) == players
    assert all(0 <= w < players for w in out.winners)
    assert s.to_act() == ()


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_the_contract(players, seed):
    play_checked(players, seed)


def test_same_seed_same_actions_same_state():
    a, b = GAME.new_state(4, 7), GAME.new_state(4, 7)
    r = Rng(5)
    while not a.is_over():
        p = a.to_act()[0]
        act = r.choice(a.legal_actions(p))
        a.apply(p, act)
        b.apply(p, act)
        assert a == b


def test_state_from_json_refuses_what_is_not_a_bloodborne_state():
    with pytest.raises(ValueError):
        GAME.state_from_json({"game": "madoka"})
    data = GAME.new_state(4, 1).to_json()
    del data["hand"]
    with pytest.raises(ValueError):
        GAME.state_from_json(data)
