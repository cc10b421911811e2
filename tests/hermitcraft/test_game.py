"""A new game (spec "Setup"), seat decks, illegal requests refused with a reason, the view,
the timer's answers."""

import pytest

from game.core.contract import Action, IllegalAction
from game.core.flow import TIMEOUT
from game.core.rng import Rng
from game.hermitcraft import GAME, attacks
from game.hermitcraft import rules as R
from game.hermitcraft.cards import card_set
from game.hermitcraft.decks import encode_code, encode_legacy_hash, starter_decks
from tests.hermitcraft.table import Table

YOU, OPP = 0, 1


def test_opening_hands_hold_7_cards_and_a_hermit():
    for seed in range(30):
        s = GAME.new_state(2, seed)
        for p in range(2):
            assert len(s.hands[p]) == 7 and len(s.decks[p]) == 35
            assert any(s.card(c).kind == "hermit" for c in s.hands[p])
        assert s.lives == [3, 3] and s.turn == 1 and s.current == s.first


def test_the_first_player_is_chosen_at_random():
    assert {GAME.new_state(2, seed).first for seed in range(30)} == {0, 1}


def test_the_first_action_is_to_play_a_hermit():
    s = GAME.new_state(2, 3)
    kinds = {a.kind for a in s.legal_actions(s.current)}
    assert kinds == {"play_hermit"}


def test_seat_decks_by_starter_id_code_or_legacy_hash():
    cards = card_set()
    starters = starter_decks(cards)
    code = encode_code(cards, starters["pvp_knights"])
    legacy = encode_legacy_hash(cards, starters["farm_and_field"])
    s = GAME.new_state(2, 1, seats=[{"deck": code}, {"deck": legacy}])
    assert sorted(s.defs[:42]) == sorted(starters["pvp_knights"])
    assert sorted(s.defs[42:]) == sorted(starters["farm_and_field"])
    s = GAME.new_state(2, 1, seats=[{"deck": "builder_blast"}, {"deck": "redstone_sparks"}])
    assert sorted(s.defs[:42]) == sorted(starters["builder_blast"])


def test_an_illegal_deck_is_refused_with_the_rule_it_breaks():
    with pytest.raises(ValueError, match="exactly 42 cards"):
        GAME.new_state(2, 1, seats=[{"deck": ["grian_c"] * 3 + ["builder_item"] * 30}, {}])
    assert GAME.validate_seat_options({"deck": "HC1:grain_c"}) == [
        "Unknown card id in the deck code: 'grain_c'."]
    assert GAME.validate_seat_options({"deck": "pvp_knights"}) == []


def test_an_illegal_request_is_refused_with_a_reason_and_changes_nothing():
    t = Table()
    t.hermit(YOU, "grian_c", items=["builder_item"])
    t.hermit(OPP, "bdubs_c")
    t.hand(YOU, "builder_item", "builder_item")
    t.start(YOU, turn=1)
    s = t.s
    before = s.to_json()
    attack = Action("attack", s.hermit[YOU][0], "attack", "primary")
    with pytest.raises(IllegalAction, match="cannot attack on the first turn"):
        s.apply(YOU, attack)
    first, second = s.hands[YOU]
    s.apply(YOU, Action("attach_item", first, 0))
    before = s.to_json()
    with pytest.raises(IllegalAction, match="already attached an item this turn"):
        s.apply(YOU, Action("attach_item", second, 0))
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply(YOU, Action("attach_item", 83, 0))
    with pytest.raises(IllegalAction, match="not Player 2's turn"):
        s.apply(OPP, Action("end_turn"))
    assert s.to_json() == before


def test_a_sleeping_hermit_cannot_attack_and_says_why():
    t = Table()
    t.hermit(YOU, "grian_c", items=["builder_item"], sleep=2)
    t.hermit(OPP, "bdubs_c")
    t.start()
    reason = t.s.why_illegal(YOU, Action("attack", t.s.hermit[YOU][0], "attack", "primary"))
    assert reason == "Grian is asleep."


def test_expected_damage_counts_weakness_and_armour():
    t = Table()
    t.hermit(YOU, "grian_c", items=["builder_item"])
    t.hermit(OPP, "scar_c", effect="iron_armour")
    t.start()
    assert attacks.expected_damage(t.s, YOU, "primary") == 60
    assert t.s.hp[OPP][0] == 260  # a query changes nothing
    assert t.s.budget == {}


def test_timeout_takes_the_first_answer_then_ends_the_turn():
    t = Table()
    t.hermit(YOU, "etho_c", items=["balanced_item"])
    t.hermit(OPP, "bdubs_c", hp=40)
    t.hermit(OPP, "cleo_c", row=3)
    t.hermit(OPP, "xb_c", row=1)
    t.start()
    t.attack("primary")
    assert t.s.default_answer(YOU).kind == "end_turn"
    events = t.s.apply(YOU, R.timeout_action(t.s, YOU))  # the flow's timeout: logged
    assert any(e.kind == "timeout" for e in events)
    assert t.s.current == OPP and t.s.to_act() == (OPP,)  # the turn ended
    action = t.s.default_answer(OPP)
    assert action.kind == "choose" and action.target == 1  # the lowest row
    t.s.apply(OPP, Action(TIMEOUT))
    assert t.s.active[OPP] == 1


def test_timeout_with_no_hermit_on_the_board_loses():
    s = GAME.new_state(2, 2)
    p = s.current
    s.apply(p, R.timeout_action(s, p))
    assert s.is_over() and s.outcome().winners == (1 - p,)
    assert "ran out of time with no Hermit" in s.outcome().details["reason"]
    with pytest.raises(IllegalAction):  # never a move of its own
        GAME.new_state(2, 2).apply(p, R.OUT_OF_TIME)


def test_views_are_json_and_hide_the_opponents_hand_and_both_decks():
    import json

    s = GAME.new_state(2, 4)
    for p in (0, 1, None):
        view = s.view(p)
        json.dumps(view)
        for q in range(2):
            assert "deck_cards" not in view["seats"][q]
            assert (view["seats"][q]["hand"] is not None) == (p == q)


def test_expected_damage_counts_the_bonuses_no_coin_decides():
    t = Table()
    t.hermit(YOU, "wels_r", items=["pvp_item_x2", "pvp_item"], hp=90)
    t.hermit(OPP, "etho_c")
    t.start()
    assert attacks.expected_damage(t.s, YOU, "secondary") == 140
    t = Table()
    t.hermit(YOU, "mumbo_r", items=["prankster_item_x2"])
    t.hermit(YOU, "grian_r")
    t.hermit(OPP, "xb_c")  # PvP: weak to Prankster
    t.start()
    assert attacks.expected_damage(t.s, YOU, "secondary") == 40 * 2 + 20


def test_the_search_evaluation_favours_the_seat_with_more_lives():
    from game.hermitcraft.bots import evaluate

    t = Table()
    t.hermit(YOU, "etho_c")
    t.hermit(OPP, "etho_c")
    t.start()
    even = evaluate(t.s)[YOU]  # the same on both sides: only the turn's edge
    assert 0.5 < even < 0.65 and sum(evaluate(t.s)) == 1.0
    t.s.lives[OPP] = 2
    assert evaluate(t.s)[YOU] > even + 0.2


def test_the_last_hermit_knocked_out_loses_even_with_lives_left():
    t = Table()
    t.hermit(YOU, "etho_c", items=["balanced_item"])
    t.hermit(OPP, "bdubs_c", hp=40)
    t.start()
    t.attack("primary")
    assert t.s.is_over() and t.s.outcome().winners == (YOU,) and t.s.lives[OPP] == 2


def test_two_losing_conditions_at_one_check_are_a_draw():
    t = Table(deck=0)
    t.hermit(YOU, "etho_c")
    t.hermit(OPP, "bdubs_c", hp=20, status="burn")
    t.start()
    t.end_turn()  # the burn knocks out their last Hermit; you cannot draw
    assert t.s.is_over() and t.s.outcome().winners == () and t.s.outcome().scores == (0.5, 0.5)


def test_a_knocked_out_hermit_goes_with_its_cards_and_costs_a_life():
    t = Table()
    t.hermit(YOU, "etho_c", items=["balanced_item"])
    t.hermit(OPP, "bdubs_c", hp=20, effect="iron_armour", items=["builder_item"])
    t.hermit(OPP, "cleo_c")
    t.start()
    t.attack("primary")
    assert t.s.lives[OPP] == 2 and t.hermit_id(OPP, 0) is None
    assert sorted(t.discard_ids(OPP)) == ["bdubs_c", "builder_item", "iron_armour"]


def every_shape(s, p):
    """Every main-phase action of any plausible shape (hand cards onto any row, any Hermit's
    attacks and switches, the slot's card): the checks alone decide which are legal."""
    hand, board = s.hands[p], [h for h in s.hermit[p] if h >= 0]
    shapes = [Action(kind, iid, x) for iid in hand for x in range(5)
              for kind in ("play_hermit", "attach_effect", "attach_item")]
    shapes += [Action("single_use", iid, "single_use") for iid in hand]
    shapes += [Action("attack", h, "attack", w) for h in board for w in ("primary", "secondary")]
    shapes += [Action("switch", h, x) for h in board for x in range(5)]
    if s.su_slot >= 0:
        shapes += [Action("take_back", s.su_slot, "hand"), Action("su_attack", s.su_slot, "attack")]
    return shapes + [Action("end_turn")]


def test_legal_actions_are_exactly_the_actions_the_checks_pass():
    from game.core.contract import State
    from game.hermitcraft.bots import HeuristicBot

    positions = 0
    for seed in range(24):
        decks = [{"deck": "build"}, {"deck": "random"}] if seed % 2 else None
        s, rng = GAME.new_state(2, seed, seats=decks), Rng(seed)
        bot = HeuristicBot(seed) if seed % 3 == 0 else None
        while not s.is_over():
            p = s.to_act()[0]
            legal = s.legal_actions(p)
            if s.decisions[-1].kind == "turn":
                passed = {a for a in every_shape(s, p) if s.checks[a.kind](s, p, a) is None}
                assert set(legal) == passed and len(legal) == len(passed)
            else:
                assert legal == State.legal_actions(s, p)
            assert len({a.label for a in legal}) == len(legal)  # every label its own
            positions += 1
            s.step(p, bot.choose(s, p) if bot else legal[rng.below(len(legal))])
    assert positions > 2000
