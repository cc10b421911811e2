"""The map as data (spec "The table", D4-D6): both sheet sides, the ring they form, the
distances from a camp, and where a hunter may move."""

import pytest

from game.mhtcg.cards import card_set
from game.mhtcg.maps import CAMP, Table


def table(players):
    return Table(card_set().side_for(players), players)


def test_three_and_four_players_use_the_3_area_side_and_two_players_the_4_area_side():
    cs = card_set()
    big, small = cs.side_for(4), cs.side_for(2)
    assert cs.side_for(3) is big
    assert big.areas == (1, 2, 3) and small.areas == (1, 2, 3, 4)
    assert set(big.links) == {(1, 2), (1, 3), (2, 3)}
    assert set(small.links) == {(1, 2), (1, 3), (2, 4), (3, 4)}
    assert (big.per_area, big.per_sheet, small.per_area, small.per_sheet) == (3, 6, 1, 4)


def test_distances_from_your_own_camp_with_4_players():
    t = table(4)
    nxt, opp, prev = 1, 2, 3
    expected = {
        (0, 1): 1, (0, 2): 2, (0, 3): 2,
        (nxt, 2): 3, (prev, 3): 3,
        (nxt, 1): 4, (nxt, 3): 4, (prev, 1): 4, (prev, 2): 4,
        (opp, 2): 5, (opp, 3): 5, (opp, 1): 6,
    }
    assert {p: t.distance((0, CAMP), p) for p in t.areas} == expected


def test_distances_from_your_own_camp_with_2_players():
    t = table(2)
    expected = {(0, 1): 1, (0, 2): 2, (0, 3): 2, (0, 4): 3, (1, 2): 3, (1, 3): 3,
                (1, 1): 4, (1, 4): 4}
    assert {p: t.distance((0, CAMP), p) for p in t.areas} == expected


def test_with_2_players_a3_joins_b2_and_b3_joins_a2():
    t = table(2)
    assert (1, 2) in t.links((0, 3)) and (0, 2) in t.links((1, 3))
    assert t.distance((0, 3), (1, 2)) == 1 and t.distance((1, 3), (0, 2)) == 1


@pytest.mark.parametrize("players", [3, 4])
def test_a_path_joins_area_3_to_the_next_sheets_area_2_clockwise(players):
    t = table(players)
    for s in range(players):
        assert ((s + 1) % players, 2) in t.links((s, 3))
        assert t.distance((s, 3), ((s + 1) % players, 2)) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_area_and_camp_is_connected(players):
    t = table(players)
    for a in t.areas + t.camps:
        for b in t.areas + t.camps:
            assert t.distance(a, b) >= 0


def test_no_route_runs_through_a_camp():
    t = table(4)
    # from own area 1 to own area 1 of the next sheet never gets shorter by a camp
    assert t.distance((0, 1), (1, 1)) == 3
    for camp in t.camps:
        for a in t.areas:
            for b in t.areas:
                assert t.distance(a, b) <= t.distance(a, camp) + t.distance(camp, b)


def test_moving_from_the_camp_with_mov_2_reaches_own_1_2_3_and_may_not_stay():
    t = table(4)
    assert t.reachable((0, CAMP), 2) == ((0, 1), (0, 2), (0, 3))


def test_moving_from_own_area_3_with_mov_1_may_stay_or_go_to_1_2_or_the_next_sheets_2():
    t = table(4)
    assert set(t.reachable((0, 3), 1)) == {(0, 3), (0, 1), (0, 2), (1, 2)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_move_never_ends_in_any_camp(players):
    t = table(players)
    for start in t.areas + t.camps:
        for mov in range(1, 7):
            assert all(p[1] != CAMP for p in t.reachable(start, mov))


def test_the_minegarde_hunter_reaches_a_neighbouring_sheet_in_round_1():
    t = table(4)
    assert (1, 2) in t.reachable((0, CAMP), 3) and (3, 3) in t.reachable((0, CAMP), 3)
    assert not any(p[0] != 0 for p in t.reachable((0, CAMP), 2))


def test_paintball_range_is_two_steps_and_spotter_one_link():
    t = table(4)
    assert set(t.within((0, 3), 1)) == {(0, 3), (0, 1), (0, 2), (1, 2)}
    assert set(t.within((0, 3), 2)) == {(0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (3, 3)}
    assert t.within((0, CAMP), 1) == ((0, 1),)
