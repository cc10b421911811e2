"""The core's contract checks on what tests/test_contract.py does not play: the 2-player quick
game and the options (tests/test_contract.py plays 4–10 players and checks every bot's honesty)."""

from __future__ import annotations

import pytest

from game.core.rng import Rng
from game.sanguosha import GAME
from tests.contract import ContractGame

SEEDS = 3


def test_two_player_quick_games_keep_the_contract():
    """D1's 2-player quick game is outside the 4–10 the app test plays."""
    for seed in range(SEEDS):
        ContractGame(GAME, 2, seed).play()


@pytest.mark.parametrize(("players", "options"), [
    (4, {"ex": False}), (4, {"four_player": "1/1/1/1"}), (4, {"four_player": "1/0/2/1"}),
    (6, {"two_renegades": True}), (8, {"two_renegades": True, "stalemate_guard": False}),
])
def test_random_games_with_every_option_keep_the_contract(players, options,
                                                          monkeypatch):
    plain = GAME.new_state
    monkeypatch.setattr(GAME, "new_state", lambda n, seed, **kw: plain(n, seed, **options))
    for seed in range(2):
        ContractGame(GAME, players, seed).play()


def test_a_cut_playout_scores_each_side_by_its_living_hp():
    from game.sanguosha.bots import SIDES, evaluate

    s = GAME.new_state(5, 0)
    while s.phase == "generals":
        p = s.to_act()[0]
        s.apply(p, s.legal_actions(p)[0])
    rewards = evaluate(s)
    assert all(0 < r < 1 for r in rewards)
    by_side = {}
    for p in range(5):
        by_side.setdefault(SIDES[s.identity[p]], set()).add(rewards[p])
    assert all(len(v) == 1 for v in by_side.values())  # one reward per side
    s.hp[s.lord] -= 2
    assert evaluate(s)[s.lord] < rewards[s.lord]


def test_the_bot_guesses_known_identities_and_reads_the_public_record():
    from game.sanguosha.bots import HeuristicAgent

    s = GAME.new_state(5, 0)
    while s.phase == "generals":
        p = s.to_act()[0]
        s.apply(p, s.legal_actions(p)[0])
    bot = HeuristicAgent(0)
    me = next(p for p in range(5) if p != s.lord)
    other = next(p for p in range(5) if p not in (me, s.lord))
    assert bot.guess(s, me, s.lord) == "lord" and bot.guess(s, me, me) == s.identity[me]
    s.ledger[other * 5 + s.lord] += 6  # `other` was seen hurting the Lord
    assert bot.guess(s, me, other) == "rebel"  # 5 players: two Rebels, so one is left


def test_selfplay_summary_names_the_winning_side():
    s = GAME.new_state(4, 0)
    rng = Rng(0)
    while not s.is_over():
        p = s.to_act()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    fields = GAME.summary_fields(s.outcome())
    assert sum(fields[k] for k in ("lord_side", "rebels", "renegade", "draw")) == 1.0
    assert fields["turns"] == s.turn and fields["deaths"] == len(s.deaths)


def test_a_card_use_offered_is_judged_as_a_card_use_from_outside_would_be():
    """The check of an offered card use skips proving what the candidates hold by
    construction (the seat's own cards or a conversion its skills offer): on every position
    of random and heuristic games it says what the full check of a card use says."""
    from game.sanguosha import rules as R
    from game.sanguosha.bots import HeuristicAgent

    compared = 0
    for players, seed in ((4, 0), (5, 1), (8, 2), (10, 3)):
        s, rng = GAME.new_state(players, seed), Rng(seed)
        bot = HeuristicAgent(seed) if seed % 2 else None
        while not s.is_over():
            p = s.to_act()[0]
            for a in s.candidates(p):
                if a.kind == "use":
                    assert R.check_card_use(s, p, a) == R.check_use(s, p, a), a.label
                    compared += 1
            legal = s.legal_actions(p)
            a = bot.choose(s.determinize(p, rng), p) if bot else rng.choice(legal)
            s.step(p, a)
    assert compared > 1000
