"""The pure queries: identity split per player count, distance and attack range (the spec's
examples), target shapes (and the skills that forbid targets, through the rules' facts) and
judgement results."""

from __future__ import annotations

import pytest

from game.sanguosha.cards import card_set
from game.sanguosha.effects.delayed import indulgence_skips_play, lightning_strikes
from game.sanguosha.effects.tricks import borrowed_sword_check
from game.sanguosha.effects.wei import goddess_keeps, unyielding_succeeds
from game.sanguosha.queries import (
    SeatFacts,
    attack_range,
    distance,
    general_offer_size,
    identity_split,
    is_red,
    next_living,
    seat_order_from,
    seat_steps,
    why_not_self_use,
    why_not_slash_target,
    why_not_target,
)
from game.sanguosha.targets import facts
from tests.sanguosha.helpers import table

KINDS = card_set().kinds


def why_not_card_target(kind: str, user, target, dist=1, ignore_distance=False):
    return why_not_target(KINDS[kind], user, target, dist, ignore_distance)

# --- identities -------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "split", "bonus"), [
    (2, (1, 0, 1, 0), False),
    (4, (1, 1, 2, 0), False),
    (5, (1, 1, 2, 1), True),
    (6, (1, 1, 3, 1), True),
    (7, (1, 2, 3, 1), True),
    (8, (1, 2, 4, 1), True),
    (9, (1, 3, 4, 1), True),
    (10, (1, 3, 4, 2), True),
])
def test_identity_split_for_every_player_count(players, split, bonus):
    s = identity_split(players)
    assert (s.lord, s.loyalist, s.rebel, s.renegade) == split
    assert s.lord_bonus is bonus
    assert s.players == players == len(s.cards())
    assert s.cards()[0] == "lord" and s.cards().count("lord") == 1


@pytest.mark.parametrize(("option", "split", "bonus"), [
    ("1/1/2/0", (1, 1, 2, 0), False), ("1/1/1/1", (1, 1, 1, 1), False),
    ("1/0/2/1", (1, 0, 2, 1), True)])
def test_four_player_splits_and_the_lord_bonus_only_with_a_renegade_and_no_loyalist(
        option, split, bonus):
    s = identity_split(4, four_player=option)
    assert (s.lord, s.loyalist, s.rebel, s.renegade) == split and s.lord_bonus is bonus


@pytest.mark.parametrize(("players", "split"), [(6, (1, 1, 2, 2)), (8, (1, 2, 3, 2))])
def test_two_renegades_option_at_six_and_eight(players, split):
    s = identity_split(players, two_renegades=True)
    assert (s.lord, s.loyalist, s.rebel, s.renegade) == split


def test_two_renegades_option_changes_nothing_at_other_counts():
    assert identity_split(7, two_renegades=True) == identity_split(7)
    assert identity_split(10, two_renegades=True).renegade == 2


@pytest.mark.parametrize("players", [1, 3, 11])
def test_unsupported_player_counts_are_refused(players):
    with pytest.raises(ValueError):
        identity_split(players)


def test_general_offer_is_three_each_except_at_ten_players():
    assert [general_offer_size(n) for n in (2, 4, 5, 8, 9, 10)] == [3, 3, 3, 3, 3, 2]


# --- distance -------------------------------------------------------------------------------

SIX = [True] * 6  # A..F = seats 0..5
A, B, C, D, E, F = range(6)


def test_seed_example_distances_from_d():
    assert [seat_steps(SIX, D, x) for x in (C, E, B, F, A)] == [1, 1, 2, 2, 3]


def test_distance_with_horses_interaction_31():
    assert distance(SIX, D, A) == 3
    assert distance(SIX, D, A, offence=1) == 2  # D rides Chitu
    assert distance(SIX, D, A, offence=1, defence=1) == 3  # A also has Dilu


def test_dead_seats_no_longer_count():
    alive = [True, False, True, True, True, True]  # B died
    assert distance(alive, D, A) == 2
    with pytest.raises(ValueError):
        distance(alive, D, B)


def test_distance_is_never_below_one():
    # Ma Chao with Chitu next to a player: 1 − 1 (horse) − 1 (Horsemanship) stays 1
    assert distance(SIX, A, B, offence=2) == 1


def test_distance_is_not_symmetric():
    assert distance(SIX, D, A, defence=1) == 4 and distance(SIX, A, D) == 3


def test_attack_range_equals_the_weapon_range():
    assert attack_range() == 1 and attack_range(3) == 3 and attack_range(1) == 1


def test_blade_lets_d_slash_a_but_not_snatch_a():
    d, a = SeatFacts(D, hand_count=4), SeatFacts(A, hand_count=4, cards_in_zones=4)
    dist = distance(SIX, D, A)
    assert why_not_slash_target(d, a, dist, attack_range(3)) is None
    assert "distance 1" in why_not_card_target("snatch", d, a, dist)
    assert why_not_slash_target(d, a, dist, attack_range()) is not None


def test_seat_order_starts_at_the_current_player_and_skips_the_dead():
    assert seat_order_from(2, [True] * 5) == [2, 3, 4, 0, 1]
    assert seat_order_from(2, [True, False, False, True, True]) == [3, 4, 0]
    assert next_living(4, [True, False, True, True, True]) == 0
    assert next_living(0, [True, False, True]) == 2


# --- target shapes ------------------------------------------------------------------------------

ME = SeatFacts(0, hand_count=3, cards_in_zones=3)


def test_empty_fort_forbids_slash_and_duel_only_with_no_hand_cards():
    s = table(["caocao", "zhugeliang", "zhugeliang", "caocao"], hands={2: ["c3-slash"]},
              equip={1: ["s2-eight-diagrams"]})
    zgl, armed = facts(s, 1), facts(s, 2)  # no hand cards / one hand card
    assert "Empty Fort" in why_not_slash_target(ME, zgl, 1, 1)
    assert "Empty Fort" in why_not_card_target("duel", ME, zgl)
    assert why_not_card_target("dismantlement", ME, zgl) is None
    assert why_not_slash_target(ME, armed, 1, 1) is None


def test_modesty_forbids_snatch_and_indulgence_not_dismantlement():
    s = table(["caocao", "luxun", "caocao", "caocao"], hands={1: ["c3-slash", "c4-slash"]})
    lx = facts(s, 1)
    assert "Modesty" in why_not_card_target("snatch", ME, lx, 1)
    assert "Modesty" in why_not_card_target("indulgence", ME, lx)
    assert why_not_card_target("dismantlement", ME, lx) is None


def test_a_refusal_forbids_only_the_kind_it_names():
    t = SeatFacts(1, "P2", cards_in_zones=1, refusals=(("duel", "P2 forbids a Duel."),))
    assert why_not_card_target("duel", ME, t) == "P2 forbids a Duel."
    assert why_not_card_target("dismantlement", ME, t) is None
    assert why_not_slash_target(ME, t, 1, 1) is None


def test_same_name_rule_for_delayed_tricks():
    held = SeatFacts(1, judgement=frozenset({"indulgence"}))
    assert "already" in why_not_card_target("indulgence", ME, held)
    assert "already" in why_not_self_use(KINDS["lightning"], SeatFacts(0, judgement=frozenset(
        {"lightning"})))
    assert why_not_self_use(KINDS["lightning"], ME) is None


def test_dismantlement_and_snatch_need_a_card_and_another_player():
    empty = SeatFacts(1)
    assert "no cards" in why_not_card_target("dismantlement", ME, empty)
    assert why_not_card_target("snatch", ME, ME) is not None


def test_rare_talent_snatches_at_any_distance():
    far = SeatFacts(3, cards_in_zones=1)
    assert why_not_card_target("snatch", ME, far, 3) is not None
    assert why_not_card_target("snatch", ME, far, 3, ignore_distance=True) is None


def test_peach_in_the_play_phase_needs_a_wound():
    assert why_not_self_use(KINDS["peach"], SeatFacts(0, hp=4, max_hp=4)) is not None
    assert why_not_self_use(KINDS["peach"], SeatFacts(0, hp=3, max_hp=4)) is None


def test_borrowed_sword_shapes_interaction_15():
    s = table(["caocao"] * 5, equip={1: ["s2-double-swords"], 3: ["c5-dilu"]})
    assert "no weapon" in borrowed_sword_check(s, 0, (), (2, 1))
    assert borrowed_sword_check(s, 0, (), (1, 2)) is None
    assert borrowed_sword_check(s, 0, (), (1, 0)) is None  # the user may be the victim
    assert borrowed_sword_check(s, 0, (), (1, 1)) is not None
    assert "another player" in borrowed_sword_check(s, 1, (), (1, 2))
    assert "outside" in borrowed_sword_check(s, 0, (), (1, 3))  # 2 steps + Dilu > range 2


# --- judgement results --------------------------------------------------------------------------

def test_lightning_strikes_on_spades_two_to_nine_only():
    assert [r for r in range(1, 14) if lightning_strikes("s", r)] == list(range(2, 10))
    assert not any(lightning_strikes(s, 5) for s in "hcd")


def test_indulgence_fails_only_on_hearts():
    assert [s for s in "shcd" if not indulgence_skips_play(s)] == ["h"]


def test_red_for_eight_diagrams_and_iron_cavalry_unyielding_and_goddess():
    assert [s for s in "shcd" if is_red(s)] == ["h", "d"] and not is_red(None)
    assert [s for s in "shcd" if not unyielding_succeeds(s)] == ["h"]
    assert [s for s in "shcd" if goddess_keeps(s)] == ["s", "c"]
