"""The type chart and paying attack costs, as the spec states them (Type chart, D10, D11;
interactions 1 and 2)."""

import pytest

from game.hermitcraft.cards import TYPES, card_set
from game.hermitcraft.queries import can_pay, cost_text, pay, strong_against, weak_against, weak_to

#: the spec's chart, written out again by hand: attacker -> types it is strong against
SPEC_CHART = {
    "balanced": set(),
    "builder": {"terraform"},
    "explorer": {"builder"},
    "farm": {"explorer"},
    "miner": {"prankster", "redstone"},
    "prankster": {"pvp", "builder"},
    "pvp": {"speedrunner", "farm"},
    "redstone": {"pvp"},
    "speedrunner": {"miner", "prankster"},
    "terraform": {"redstone"},
}


def items(*ids):
    cs = card_set()
    return [cs.card(i) for i in ids]


def attack(hermit, which):
    return card_set().card(hermit).attack(which).cost


@pytest.mark.parametrize("attacker", TYPES)
def test_type_chart_every_pair_as_the_spec_lists_it(attacker):
    for defender in TYPES:
        assert weak_against(attacker, defender) == (defender in SPEC_CHART[attacker]), (
            attacker, defender)


def test_type_chart_read_backwards():
    assert weak_to("builder") == ("explorer", "prankster")
    assert weak_to("redstone") == ("miner", "terraform")
    assert weak_to("pvp") == ("prankster", "redstone")
    assert weak_to("balanced") == ()
    assert strong_against("miner") == ("prankster", "redstone")


def test_typed_and_any_points():
    # interaction 1
    assert can_pay(attack("grian_r", "primary"), items("prankster_item_x2"))
    supremacy = attack("false_r", "secondary")
    assert not can_pay(supremacy, items("terraform_item", "terraform_item"))
    assert can_pay(supremacy, items("builder_item", "terraform_item"))
    assert can_pay(supremacy, items("builder_item_x2"))


def test_three_points():
    # interaction 2
    breach = attack("etho_c", "secondary")
    assert can_pay(breach, items("balanced_item_x2", "balanced_item"))
    assert not can_pay(breach, items("balanced_item_x2"))


def test_typed_points_need_their_own_type():
    assert not can_pay(("builder",), items("prankster_item_x2", "pvp_item"))
    assert not can_pay(("builder", "builder"), items("builder_item", "terraform_item"))


def test_any_points_take_any_type_even_both_points_of_one_x2_item():
    assert can_pay(attack("etho_ur", "secondary"), items("builder_item_x2"))
    assert not can_pay(("any", "any", "any"), items("builder_item_x2"))


def test_a_cost_of_nothing_is_paid_with_no_items():
    assert pay((), []) == []
    assert not can_pay(("any",), [])


def test_pay_names_the_items_that_pay():
    hand = items("terraform_item", "builder_item", "terraform_item")
    assert pay(("builder", "any"), hand) == [0, 1]
    # the second point of a x2 item is used before another item
    assert pay(("builder", "any"), items("builder_item_x2", "pvp_item")) == [0]
    assert pay(("builder",), hand[:1]) is None


def test_cost_text():
    assert cost_text(("builder", "any")) == "1 builder + 1 any"
    assert cost_text(("balanced", "balanced", "any")) == "2 balanced + 1 any"
    assert cost_text(("any", "farm", "farm")) == "2 farm + 1 any"
    assert cost_text(()) == "free"
