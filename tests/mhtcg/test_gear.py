"""Equipment queries (spec "Components", 4.4, 5, D15, D19): current stats, icons, boosts,
the trade-in price and which materials pay it."""

import pytest

from game.mhtcg.cards import card_set
from game.mhtcg.gear import (
    boost_kind,
    can_complete_payment,
    current_stats,
    equip_price,
    is_minimal_payment,
    minimal_payments,
    payment_problem,
    shares_icon,
)

CS = card_set()
H, M, W, A, ITEM = CS.hunters, CS.monsters, CS.weapons, CS.armour, CS.items


def test_equipment_replaces_the_hunter_cards_values_and_never_adds():
    bare = current_stats(H["H1"])
    assert (bare.system, bare.atk, bare.defence, bare.mov, bare.rng) == ("great_sword", 2, 1,
                                                                         2, 1)
    s = current_stats(H["H1"], W["W09"], A["A02"])  # Kokoto with Iron Lance and Bone Set
    assert (s.system, s.atk, s.defence, s.mov, s.rng, s.icons) == (
        "lance", 2, 3, 2, 2, ("heal", "whetstone", "trap"))


def test_icons_dundorma_with_chain_blitz_uses_normal_s_but_not_whetstone():
    s = current_stats(H["H4"], W["W13"])
    assert not shares_icon(s.icons, ITEM["I03"])
    assert shares_icon(s.icons, ITEM["I13"])


def test_icons_kokoto_with_red_wing_uses_demondrug_but_not_potion():
    s = current_stats(H["H1"], W["W04"])
    assert not shares_icon(s.icons, ITEM["I01"])
    assert shares_icon(s.icons, ITEM["I04"])


def test_weapon_boosts_need_the_current_system_and_any_armour_boosts_def():
    assert boost_kind(W["W02"], "great_sword") == "atk"
    assert boost_kind(W["W05"], "great_sword") is None  # Hunter's Knife: Sword and Shield
    assert boost_kind(W["W02"], "lance") is None  # a Kokoto hunter with Iron Lance
    assert boost_kind(W["W10"], "lance") == "atk"
    assert boost_kind(A["A01"], "bowgun") == "def"
    assert boost_kind(ITEM["I03"], "great_sword") is None
    assert boost_kind(M["M01"], "great_sword") is None


def test_the_trade_in_credit_is_the_replaced_cards_cost_within_its_kind():
    assert equip_price(W["W07"], W["W06"]) == 2  # Soldier's Dagger (2) -> Viper Bite (4)
    assert equip_price(W["W11"], W["W12"]) == 0  # Red Tail (7) -> Babel Spear (3): free
    assert equip_price(W["W11"], None) == 3
    assert equip_price(A["A03"], A["A01"]) == 5
    with pytest.raises(ValueError):
        equip_price(W["W11"], A["A03"])  # a Kut-Ku Set gives no credit toward Babel Spear


def test_paying_2_with_congalala_alone_is_accepted():
    assert payment_problem([M["M12"].material], 2) is None


def test_paying_2_with_genprey_and_congalala_is_refused_as_not_minimal():
    problem = payment_problem([M["M02"].material, M["M12"].material], 2)
    assert problem and "more cards than needed" in problem


def test_paying_2_with_genprey_alone_is_refused():
    problem = payment_problem([M["M02"].material], 2)
    assert problem and "do not pay" in problem


def test_a_free_card_is_paid_with_no_material():
    assert is_minimal_payment([], 0)
    assert not is_minimal_payment([1], 0)
    assert not is_minimal_payment([], 1)


def test_two_one_point_cards_pay_2_minimally():
    assert is_minimal_payment([1, 1], 2)
    assert not is_minimal_payment([1, 1, 1], 2)


def test_a_payment_pick_is_legal_only_if_it_can_still_end_minimal():
    pile = [1, 3]
    assert can_complete_payment([], pile, 2)
    assert can_complete_payment([3], [1], 2)  # Congalala: done
    assert not can_complete_payment([1, 3], [], 2)
    assert not can_complete_payment([1], [3], 2)  # Genprey then anything is not minimal
    assert can_complete_payment([1], [1, 3], 2)  # ... unless another 1 is there
    assert not can_complete_payment([], [1], 2)  # not enough at all
    assert can_complete_payment([], [5], 0) and not can_complete_payment([5], [], 0)


def test_minimal_payments_lists_each_way_once_cheapest_first():
    # Kelbi 2, Genprey 1, Genprey 1, Congalala 3; price 2
    assert minimal_payments([2, 1, 1, 3], 2) == [(0,), (1, 2), (3,)]
    assert minimal_payments([1], 2) == []
    assert minimal_payments([1, 2], 0) == [()]


def test_every_listed_payment_is_minimal_and_every_minimal_one_is_listed():
    from itertools import combinations
    pile = [1, 2, 2, 3, 4, 1]
    for price in range(0, 10):
        listed = minimal_payments(pile, price)
        assert all(is_minimal_payment([pile[i] for i in idx], price) for idx in listed)
        multisets = {tuple(sorted(pile[i] for i in idx)) for idx in listed}
        every = {tuple(sorted(pile[i] for i in c)) for k in range(len(pile) + 1)
                 for c in combinations(range(len(pile)), k)
                 if is_minimal_payment([pile[i] for i in c], price)}
        assert multisets == every
