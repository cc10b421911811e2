"""Madoka rules, one test per rule of the spec (docs/rules/madoka.md), in its order.

States are hand-made with game.madoka.setups.make_state; cards are written "homura3".
"""

import json
import shutil

import pytest

from game.ai.agents import bots_for
from game.core.contract import Action, IllegalAction, State
from game.core.data import CardDataError
from game.core.flow import CONCEDE, TIMEOUT, mark, marked
from game.core.resources import data_path
from game.core.rng import Rng
from game.madoka import GAME, MadokaGame, knowledge
from game.madoka.rules import ATE_MAMI, GAME_MARKS, WALPURGISNACHT, rank, score, score_details
from game.madoka.setups import make_state, name_of


def ate_mami(s) -> bool:
    return bool(marked(s, GAME_MARKS, ATE_MAMI))


def play(s, c):
    return Action("play", c, "play")


def discard(c):
    return Action("discard", c, "discard")


def tell(seat, what, value):
    return Action("tell", None, seat, (what, value))


def cleanse(n):
    return Action("cleanse", None, "soulgem", n)


def names(s, cards):
    return [name_of(s, c) for c in cards]


def witch_ids(ws):
    return [GAME.witches[w].id for w in ws]


def full_rows(*girls):
    return {g: 4 for g in girls}


# --- Components and setup --------------------------------------------------------------------

def test_girl_deck_has_forty_cards_as_in_the_table():
    s = GAME.new_state(4, 1)
    counts = {}
    for c in s.card_ids():
        key = (GAME.girl_ids[s.girl_of[c]], s.number_of[c])
        counts[key] = counts.get(key, 0) + 1
    assert len(s.card_ids()) == 40
    assert [counts.get(("kyoko", n), 0) for n in (1, 2, 3, 4)] == [3, 3, 2, 1]
    assert [counts.get(("madoka", n), 0) for n in (1, 2, 3, 4)] == [2, 1, 1, 1]
    assert [counts.get(("homura", n), 0) for n in (1, 2, 3, 4)] == [3, 3, 2, 2]


@pytest.mark.parametrize("players", [2, 3])
def test_two_or_three_players_get_five_cards(players):
    s = GAME.new_state(players, 3)
    assert [len(h) for h in s.hands] == [5] * players
    assert len(s.deck) == 40 - 5 * players


def test_four_players_get_four_cards():
    s = GAME.new_state(4, 3)
    assert [len(h) for h in s.hands] == [4, 4, 4, 4]
    assert len(s.deck) == 24


def test_first_player_is_chosen_at_random():
    firsts = {GAME.new_state(4, seed).current for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_walpurgisnacht_is_at_the_bottom_of_the_witch_deck():
    for seed in range(10):
        s = GAME.new_state(3, seed)
        assert s.witch_deck[0] == WALPURGISNACHT and sorted(s.witch_deck) == list(range(9))
        assert s.witches_up == [] and s.view(0)["walpurgis_in_deck_bottom"] is True


def test_witches_one_to_eight_are_shuffled():
    orders = {tuple(GAME.new_state(2, seed).witch_deck) for seed in range(10)}
    assert len(orders) > 1


def test_soul_gem_starts_without_grief():
    assert GAME.new_state(2, 0).grief == 0


def test_card_ids_say_nothing_about_the_card():
    # the identity of card 0 changes from game to game
    assert len({(s.girl_of[0], s.number_of[0]) for s in (GAME.new_state(4, i) for i in range(30))}) > 3


# --- 1. Give information ---------------------------------------------------------------------

def test_information_points_at_every_card_of_a_girl():
    s = make_state(2, hands=[["kyoko1"], ["homura1", "mami2", "homura3"]])
    events = s.apply(0, tell(1, "girl", "homura"))
    h = s.hands[1]
    assert [s.clued[c] for c in h] == [1, 0, 1]
    assert s.girls_possible[h[0]] == 1 << GAME.girl_index["homura"]
    tell_event = next(e for e in events if e.kind == "tell")
    assert tell_event.data["cards"] == [h[0], h[2]]


def test_information_about_a_number_points_at_every_card_of_it():
    s = make_state(2, hands=[["kyoko1"], ["homura2", "mami2", "sayaka1"]])
    s.apply(0, tell(1, "number", 2))
    h = s.hands[1]
    assert [s.numbers_possible[c] for c in h][:2] == [0b0010, 0b0010]
    assert s.clued[h[2]] == 0


def test_information_gives_negative_knowledge_to_unpointed_cards():
    s = make_state(2, hands=[["kyoko1"], ["homura2", "mami2"]])
    s.apply(0, tell(1, "girl", "homura"))
    other = s.hands[1][1]
    assert not s.girls_possible[other] >> GAME.girl_index["homura"] & 1
    assert s.view(1)["hands"][1][1]["girls"] == ["mami", "kyoko", "sayaka", "madoka"]


def test_information_must_point_at_a_card():
    s = make_state(2, hands=[["kyoko1"], ["homura2", "mami2"]])
    assert tell(1, "girl", "kyoko") not in s.legal_actions(0)
    with pytest.raises(IllegalAction, match="Kyoko has no cards in Player 2's hand"):
        s.apply(0, tell(1, "girl", "kyoko"))
    with pytest.raises(IllegalAction, match="Player 2 has no 4s"):
        s.apply(0, tell(1, "number", 4))


def test_information_adds_one_grief_marker():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]])
    s.apply(0, tell(1, "number", 2))
    assert s.grief == 1


def test_information_is_for_another_player():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]])
    assert all(a.target != 0 for a in s.legal_actions(0) if a.kind == "tell")
    with pytest.raises(IllegalAction, match="your own hand"):
        s.apply(0, tell(0, "girl", "kyoko"))


def test_third_grief_marker_loses():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=2)
    events = s.apply(0, tell(1, "number", 2))
    assert s.is_over() and s.lost and s.to_act() == ()
    assert s.outcome().winners == () and s.outcome().rank == "Witch"
    assert events[-1].kind == "game_over"


# --- 2. Play a card --------------------------------------------------------------------------

def test_play_succeeds_when_one_more_than_the_girls_highest():
    s = make_state(2, hands=[["mami3", "kyoko1"], ["homura2"]], rows={"mami": 2})
    c = s.hands[0][0]
    s.apply(0, play(s, c))
    assert s.rows[GAME.girl_index["mami"]][-1] == c and s.grief == 0


def test_a_girls_first_card_must_be_a_1():
    s = make_state(2, hands=[["kyoko1", "mami2"], ["homura2"]])
    s.apply(0, play(s, s.hands[0][0]))
    assert len(s.rows[GAME.girl_index["kyoko"]]) == 1
    s2 = make_state(2, hands=[["kyoko1", "mami2"], ["homura2"]])
    s2.apply(0, play(s2, s2.hands[0][1]))
    assert s2.rows[GAME.girl_index["mami"]] == [] and s2.grief == 1


def test_failed_play_adds_grief_and_goes_to_the_discard_pile():
    s = make_state(2, hands=[["mami4", "kyoko1"], ["homura2"]], rows={"mami": 2})
    c = s.hands[0][0]
    s.apply(0, play(s, c))
    assert s.discard[-1] == c and s.grief == 1 and len(s.rows[GAME.girl_index["mami"]]) == 2


def test_play_then_draws_a_card():
    s = make_state(2, hands=[["mami1", "kyoko1"], ["homura2"]], deck=["sayaka4"])
    s.apply(0, play(s, s.hands[0][0]))
    assert names(s, s.hands[0]) == ["kyoko1", "sayaka4"]


def test_playing_a_4_completes_the_transformation():
    s = make_state(2, hands=[["kyoko4", "mami1"], ["homura2"]], rows={"kyoko": 3})
    events = s.apply(0, play(s, s.hands[0][0]))
    assert [e.data["girl"] for e in events if e.kind == "transform"] == ["kyoko"]
    assert s.view(None)["heights"]["kyoko"] == 4


def test_madoka_defeats_walpurgisnacht_once():
    s = make_state(2, hands=[["madoka4", "mami1"], ["homura2"]], rows={"madoka": 3},
                   witches_up=["walpurgisnacht", "patricia"])
    events = s.apply(0, play(s, s.hands[0][0]))
    assert any(e.kind == "walpurgis_defeated" for e in events)
    assert s.walpurgis_defeated and WALPURGISNACHT not in s.witches_up
    assert s.witch_deck[0] == WALPURGISNACHT  # back to the bottom of the witch deck
    assert score_details(s)["walpurgis_points"] == 20


def test_walpurgisnacht_revealed_after_madoka_transformed_is_defeated_at_once():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], rows={"madoka": 4}, grief=1,
                   witch_deck=["walpurgisnacht"])
    s.apply(0, cleanse(1))
    assert s.grief == 1  # one removed, one added by her reveal
    assert s.walpurgis_defeated and s.witch_deck == [WALPURGISNACHT] and s.witches_up == []


def test_walpurgisnacht_defeated_again_scores_nothing_more():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], rows={"madoka": 4}, grief=2,
                   witch_deck=["elly", "walpurgisnacht"])
    s.walpurgis_defeated = True
    before = score(s)
    events = s.apply(0, cleanse(2))
    assert s.grief == 1 and s.witch_deck == [WALPURGISNACHT] and s.witches_up == [GAME.witch_index["elly"]]
    assert score(s) == before
    assert [e.data["first"] for e in events if e.kind == "walpurgis_defeated"] == [False]


# --- 3. Cleanse the Soul Gem -----------------------------------------------------------------

def test_cleanse_needs_a_grief_marker():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]])
    assert not [a for a in s.legal_actions(0) if a.kind == "cleanse"]
    with pytest.raises(IllegalAction, match="no grief to cleanse"):
        s.apply(0, cleanse(1))


def test_cleanse_needs_a_witch_in_the_witch_deck():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=1, witch_deck=[])
    with pytest.raises(IllegalAction, match="witch deck is empty"):
        s.apply(0, cleanse(1))


def test_cleanse_is_bounded_by_markers_and_witches_left():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=1)
    assert [a.option for a in s.legal_actions(0) if a.kind == "cleanse"] == [1]
    with pytest.raises(IllegalAction, match="only 1 grief marker"):
        s.apply(0, cleanse(2))
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=2, witch_deck=["elly"])
    with pytest.raises(IllegalAction, match="Cleanse 2 is not possible: only 1 witch left"):
        s.apply(0, cleanse(2))
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=2)
    assert [a.option for a in s.legal_actions(0) if a.kind == "cleanse"] == [1, 2]


def test_cleanse_removes_markers_then_reveals_witches_one_at_a_time():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=2,
                   witch_deck=["patricia", "elly", "walpurgisnacht"])
    events = s.apply(0, cleanse(2))
    assert s.grief == 0
    assert witch_ids(s.witches_up) == ["patricia", "elly"]  # Elly on top: revealed second
    reveals = [e.data["witch"] for e in events if e.kind == "witch"]
    assert reveals == ["patricia", "elly"]


def test_first_witch_resolves_before_the_second_is_revealed():
    # Elsa Maria's milled card is in the discard pile before Charlotte eats Mami's 2
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=2, rows={"mami": 2},
                   deck=["sayaka3"], witch_deck=["elsa_maria", "charlotte"])
    s.apply(0, cleanse(2))
    assert names(s, s.discard[-2:]) == ["sayaka3", "mami2"]


def test_defeated_walpurgisnacht_alone_cannot_be_cleansed_against():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=1, rows={"madoka": 4},
                   witch_deck=["walpurgisnacht"])
    s.walpurgis_defeated = True
    assert not [a for a in s.legal_actions(0) if a.kind == "cleanse"]
    with pytest.raises(IllegalAction, match="defeated Walpurgisnacht"):
        s.apply(0, cleanse(1))


# --- 4. Discard ------------------------------------------------------------------------------

def test_discard_returns_the_top_witch_to_the_top_of_the_witch_deck():
    s = make_state(2, hands=[["kyoko1", "homura1"], ["homura2"]],
                   witches_up=["elly", "albertine"], witch_deck=["gertrud"])
    s.apply(0, discard(s.hands[0][0]))
    assert witch_ids(s.witches_up) == ["elly"]
    assert s.witch_deck[-1] == GAME.witch_index["albertine"] and s.returned_on_top == 1
    assert s.view(1)["witch_deck_known_top"] == ["albertine"]


def test_discard_then_draws_a_card():
    s = make_state(2, hands=[["kyoko1", "homura1"], ["homura2"]], deck=["madoka1"])
    c = s.hands[0][0]
    s.apply(0, discard(c))
    assert s.discard[-1] == c and names(s, s.hands[0]) == ["homura1", "madoka1"]


def test_discarding_mami_does_not_return_charlotte():
    s = make_state(2, hands=[["mami1", "homura1"], ["homura2"]], witches_up=["charlotte"])
    s.apply(0, discard(s.hands[0][0]))
    assert witch_ids(s.witches_up) == ["charlotte"]
    s = make_state(2, hands=[["homura1", "mami1"], ["homura2"]], witches_up=["charlotte"])
    s.apply(0, discard(s.hands[0][0]))
    assert s.witches_up == []


def test_discarding_sayaka_does_not_return_oktavia():
    s = make_state(2, hands=[["sayaka1", "homura1"], ["homura2"]], witches_up=["oktavia"])
    s.apply(0, discard(s.hands[0][0]))
    assert witch_ids(s.witches_up) == ["oktavia"]


def test_walpurgisnacht_cannot_be_returned():
    s = make_state(2, hands=[["homura1", "mami1"], ["homura2"]], witches_up=["walpurgisnacht"])
    s.apply(0, discard(s.hands[0][0]))
    assert s.witches_up == [WALPURGISNACHT] and WALPURGISNACHT not in s.witch_deck


def test_discard_with_no_face_up_witch_is_allowed():
    s = make_state(2, hands=[["homura1", "mami1"], ["homura2"]])
    witches_before = list(s.witch_deck)
    s.apply(0, discard(s.hands[0][0]))
    assert s.witch_deck == witches_before and len(s.discard) == 1


# --- The witches -----------------------------------------------------------------------------

def test_gertrud_shuffles_and_forgets_the_revealing_players_hand():
    hand = ["homura1", "mami1", "kyoko1", "sayaka1", "madoka1"]
    s = make_state(2, hands=[hand, ["homura2"]], grief=1, witch_deck=["gertrud"], seed=4)
    for c in s.hands[0] + s.hands[1]:
        s.girls_possible[c], s.clued[c] = 1 << s.girl_of[c], 1
    s.apply(0, cleanse(1))
    assert all(s.girls_possible[c] == s.all_girls and not s.clued[c] for c in s.hands[0])
    assert s.clued[s.hands[1][0]] == 1  # other hands keep their hints
    orders = set()
    for seed in range(8):
        t = make_state(2, hands=[hand, ["homura2"]], grief=1, witch_deck=["gertrud"], seed=seed)
        t.apply(0, cleanse(1))
        orders.add(tuple(names(t, t.hands[0])))
    assert len(orders) > 1


def test_charlotte_eats_mamis_highest_card():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=1, rows={"mami": 3},
                   witch_deck=["charlotte"])
    s.apply(0, cleanse(1))
    assert len(s.rows[GAME.girl_index["mami"]]) == 2 and names(s, s.discard) == ["mami3"]
    assert ate_mami(s) and witch_ids(s.witches_up) == ["charlotte"]


def test_charlotte_spares_a_transformed_mami():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=1, rows={"mami": 4},
                   witch_deck=["charlotte"])
    s.apply(0, cleanse(1))
    assert len(s.rows[GAME.girl_index["mami"]]) == 4 and not ate_mami(s)


def test_elly_stops_the_next_player_giving_information_on_their_next_turn():
    s = make_state(3, hands=[["kyoko1"], ["homura2"], ["mami1"]], grief=1, witch_deck=["elly"])
    s.apply(0, cleanse(1))
    assert s.current == 1
    assert not [a for a in s.legal_actions(1) if a.kind == "tell"]
    with pytest.raises(IllegalAction, match="H.N. Elly forbids it this turn"):
        s.apply(1, tell(2, "girl", "mami"))
    s.apply(1, discard(s.hands[1][0]))
    s.apply(2, discard(s.hands[2][0]))
    s.apply(0, discard(s.hands[0][0]))
    assert [a for a in s.legal_actions(1) if a.kind == "tell"]  # only that one turn


def test_elsa_maria_discards_the_top_girl_card_and_leaves():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=1, deck=["madoka4", "homura1"],
                   witch_deck=["elsa_maria"])
    s.apply(0, cleanse(1))
    assert names(s, s.discard) == ["madoka4"] and s.witches_up == []
    assert witch_ids(s.witches_gone) == ["elsa_maria"]


def test_oktavia_takes_sayakas_highest_card():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=1, rows={"sayaka": 2},
                   witch_deck=["oktavia"])
    s.apply(0, cleanse(1))
    assert len(s.rows[GAME.girl_index["sayaka"]]) == 1 and names(s, s.discard) == ["sayaka2"]


def test_albertine_forgets_every_hint():
    s = make_state(2, hands=[["kyoko1"], ["homura2", "homura3"]], grief=1,
                   witch_deck=["albertine"])
    s.apply(0, tell(1, "girl", "homura"))
    s.apply(1, cleanse(1))
    for c in s.hands[0] + s.hands[1]:
        assert s.girls_possible[c] == s.all_girls and s.numbers_possible[c] == 0b1111 and not s.clued[c]


def test_roberta_makes_the_revealing_player_swap_a_random_card():
    s = make_state(2, hands=[["kyoko1", "mami1"], ["homura2"]], grief=1, deck=["madoka3"],
                   witch_deck=["roberta"])
    s.apply(0, cleanse(1))
    assert len(s.discard) == 1 and names(s, s.discard)[0] in ("kyoko1", "mami1")
    assert "madoka3" in names(s, s.hands[0]) and len(s.hands[0]) == 2
    assert witch_ids(s.witches_gone) == ["roberta"] and s.witches_up == []


def test_patricia_on_top_allows_numbers_only():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], witches_up=["patricia"])
    kinds = {a.option[0] for a in s.legal_actions(0) if a.kind == "tell"}
    assert kinds == {"number"}
    with pytest.raises(IllegalAction, match="Patricia is on top: information may name numbers only"):
        s.apply(0, tell(1, "girl", "homura"))
    covered = make_state(2, hands=[["kyoko1"], ["homura2"]], witches_up=["patricia", "elly"])
    assert tell(1, "girl", "homura") in covered.legal_actions(0)


def test_walpurgisnacht_adds_a_grief_marker_when_revealed():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=1, witch_deck=["walpurgisnacht"])
    s.apply(0, cleanse(1))
    assert s.grief == 1 and s.witches_up == [WALPURGISNACHT]


def test_walpurgisnacht_on_top_makes_a_failed_play_add_two_markers():
    s = make_state(2, hands=[["kyoko2", "mami1"], ["homura2"]], witches_up=["walpurgisnacht"])
    s.apply(0, play(s, s.hands[0][0]))
    assert s.grief == 2


# --- End of the game -------------------------------------------------------------------------

def test_drawing_the_last_card_starts_the_final_round():
    s = make_state(2, hands=[["kyoko1", "mami1"], ["homura2"]], deck=["madoka1"], rest="discard")
    events = s.apply(0, discard(s.hands[0][0]))
    assert any(e.kind == "final_round" for e in events) and s.view(1)["final_round"]


def test_final_round_only_play_or_discard():
    s = make_state(2, hands=[["kyoko1", "mami1"], ["homura2"]], deck=["madoka1"], rest="discard",
                   grief=1)
    s.apply(0, discard(s.hands[0][0]))
    assert {a.kind for a in s.legal_actions(1)} == {"play", "discard"}
    with pytest.raises(IllegalAction, match="Only Play or Discard is allowed in the final round"):
        s.apply(1, tell(0, "girl", "mami"))


def test_final_round_gives_every_player_one_turn_ending_with_the_drawer():
    s = make_state(3, hands=[["kyoko1", "mami1"], ["homura2"], ["homura3"]], deck=["madoka1"],
                   rest="discard", current=1, witches_up=[])
    s.apply(1, discard(s.hands[1][0]))  # player 2 draws the last card
    order = []
    while not s.is_over():
        p = s.current
        order.append(p)
        s.apply(p, discard(s.hands[p][0]))
    assert order == [2, 0, 1] and not s.lost


def test_victory_when_all_five_girls_transform():
    rows = full_rows("homura", "mami", "kyoko", "sayaka")
    rows["madoka"] = 3
    s = make_state(2, hands=[["madoka4", "mami1"], ["homura1"]], rows=rows, deck=["kyoko1"],
                   rest="deck")
    events = s.apply(0, play(s, s.hands[0][0]))
    assert s.is_over() and not s.lost and events[-1].kind == "game_over"
    assert len(s.hands[0]) == 1  # the game ends at once: no draw
    assert s.outcome().winners == (0, 1)


def test_loss_scores_zero_and_ranks_witch():
    s = make_state(2, hands=[["kyoko2"], ["homura2"]], rows=full_rows("mami"), grief=2)
    s.apply(0, play(s, s.hands[0][0]))
    assert s.lost and score(s) == 0 and rank(s) == "Witch"
    assert s.outcome().scores == (0.0, 0.0)


def test_d13_conceding_ends_the_game_as_the_teams_defeat():
    s = make_state(2, hands=[["kyoko2"], ["homura2"]], rows=full_rows("mami"), current=0)
    events = s.apply(1, Action(CONCEDE))  # any seat, also while another is to act
    assert s.is_over() and s.lost and s.to_act() == ()
    out = s.outcome()
    assert out.winners == () and out.scores == (0.0, 0.0) and out.rank == "Witch"
    assert out.details["conceded"] == [1] and "conceded" in out.details["reason"]
    assert [e.kind for e in events] == ["concede", "game_over"]


def test_a_seat_out_of_time_discards_its_oldest_card():
    s = make_state(2, hands=[["kyoko2", "mami1"], ["homura2"]], current=0)
    oldest = s.hands[0][0]
    events = s.apply(0, Action(TIMEOUT))
    assert oldest in s.discard and s.grief == 0 and events[0].kind == "timeout"


# --- Scoring ---------------------------------------------------------------------------------

def test_score_one_point_per_low_card_and_seven_per_4():
    s = make_state(2, hands=[["kyoko1"], ["homura1"]], rows={"mami": 4, "sayaka": 2})
    d = score_details(s)
    assert d["by_girl"]["mami"] == 10 and d["by_girl"]["sayaka"] == 2 and d["total"] == 12


def test_score_classmates_bonus():
    s = make_state(2, hands=[["kyoko1"], ["homura1"]], rows=full_rows("madoka", "sayaka", "homura"))
    assert [b["id"] for b in score_details(s)["bonuses"]] == ["classmates"]
    assert score(s) == 40


def test_score_magical_girls_of_justice_bonus():
    s = make_state(2, hands=[["kyoko1"], ["homura1"]], rows=full_rows("mami", "madoka", "sayaka"))
    assert [b["id"] for b in score_details(s)["bonuses"]] == ["justice"]


def test_score_madoka_kyoko_homura_bonus():
    s = make_state(2, hands=[["kyoko1"], ["homura1"]], rows=full_rows("madoka", "kyoko", "homura"))
    assert [b["id"] for b in score_details(s)["bonuses"]] == ["promise"]


def test_score_walpurgisnacht_defeated_is_twenty():
    s = make_state(2, hands=[["kyoko1"], ["homura1"]])
    s.walpurgis_defeated = True
    assert score(s) == 20


def test_maximum_score_is_100():
    s = make_state(2, hands=[[], []], rows=full_rows(*GAME.girl_ids[:5]))
    s.walpurgis_defeated = True
    assert score(s) == 100 and rank(s) == "Homura class"


@pytest.mark.parametrize("points, name", [(0, "Sayaka class"), (40, "Sayaka class"),
                                          (41, "Kyoko class"), (60, "Kyoko class"),
                                          (61, "Mami class"), (80, "Mami class"),
                                          (81, "Homura class"), (100, "Homura class"),
                                          (101, "QB class"), (149, "QB class"),
                                          (150, "Madoka class")])
def test_rank_table(points, name):
    assert GAME.cards.scoring.rank(points) == name


def test_qb_variant_adds_five_white_cards():
    s = GAME.new_state(4, 2, qb=True)
    qb = GAME.girl_index["qb"]
    assert len(s.card_ids()) == 45
    assert sorted(s.number_of[c] for c in s.card_ids() if s.girl_of[c] == qb) == [1, 1, 2, 3, 4]
    assert GAME.options["qb"][0] is False


def test_qb_variant_requires_kyubey_to_transform_for_victory():
    rows = full_rows("homura", "mami", "kyoko", "sayaka", "madoka")
    s = make_state(2, hands=[["qb3", "mami1"], ["homura1"]], rows=dict(rows, qb=2), qb=True)
    s.apply(0, play(s, s.hands[0][0]))
    assert not s.is_over()


def test_qb_variant_scoring():
    rows = full_rows("qb", "madoka", "homura")
    s = make_state(2, hands=[["kyoko1"], ["homura1"]], rows=rows, qb=True)
    assert [b["id"] for b in score_details(s)["bonuses"]] == ["contract"]
    mark(s, GAME_MARKS, ATE_MAMI)
    assert "sweets" in [b["id"] for b in score_details(s)["bonuses"]]
    everything = make_state(2, hands=[[], []], rows=full_rows(*GAME.girl_ids), qb=True)
    everything.walpurgis_defeated = True
    mark(everything, GAME_MARKS, ATE_MAMI)
    assert score(everything) == 150 and rank(everything) == "Madoka class"


def test_qb_variant_bonuses_do_not_count_without_kyubey():
    s = make_state(2, hands=[["kyoko1"], ["homura1"]], rows=full_rows("madoka", "homura"))
    assert score_details(s)["bonuses"] == []


# --- Contract details ------------------------------------------------------------------------

def test_illegal_action_leaves_state_unchanged_with_reason():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]])
    before = s.to_json()
    for player, action, reason in [
        (1, discard(s.hands[1][0]), "not Player 2's turn"),
        (0, play(s, s.hands[1][0]), "in Player 2's hand, not yours"),
        (0, tell(1, "girl", "mami"), "Mami has no cards in Player 2's hand"),
        (0, cleanse(1), "no grief to cleanse"),
        (0, Action("dance"), "not something you can do"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            s.apply(player, action)
        assert s.to_json() == before


def test_own_hand_is_hidden_in_the_view():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]])
    v = s.view(0)
    assert v["hands"][0][0]["girl"] is None and v["hands"][0][0]["number"] is None
    assert v["hands"][1][0]["girl"] == "homura" and v["hands"][1][0]["number"] == 2
    spectator = s.view(None)
    assert all(c["girl"] is None for h in spectator["hands"] for c in h)
    json.dumps(v)


def test_determinize_keeps_the_view_and_respects_hints():
    s = GAME.new_state(3, 11)
    p = s.current
    target = (p + 1) % 3
    girl = GAME.girl_ids[s.girl_of[s.hands[target][0]]]
    s.apply(p, tell(target, "girl", girl))
    rng = Rng(9)
    for _ in range(50):
        d = s.determinize(target, rng)
        assert d.view(target) == s.view(target)
        for c in d.hands[target]:
            assert d.girls_possible[c] >> d.girl_of[c] & 1 and d.numbers_possible[c] >> (d.number_of[c] - 1) & 1
        assert sorted(d.girl_of[c] * 4 + d.number_of[c] for c in d.card_ids()) == sorted(
            s.girl_of[c] * 4 + s.number_of[c] for c in s.card_ids())


def test_json_round_trip_is_exact():
    s = GAME.new_state(4, 5, qb=True)
    for _ in range(6):
        p = s.current
        s.apply(p, s.legal_actions(p)[-1])
    t = GAME.state_from_json(json.loads(json.dumps(s.to_json())))
    assert t == s and t.legal_actions(t.current) == s.legal_actions(s.current)


def test_the_bots_on_offer_and_the_measurement_bound():
    """A teammate may be random, simple or strong (the default); `open` sees its own hand, so
    it is declared a measurement bound, exempt from the honesty check."""
    assert {"random", "simple", "strong", "open"} <= set(bots_for(GAME))
    assert GAME.default_bot == "strong"
    assert GAME.measurement_bots() == {"open"}


def test_elsa_maria_sweeping_the_last_card_starts_the_final_round():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=1, deck=["madoka4"],
                   rest="discard", witch_deck=["elsa_maria"])
    events = s.apply(0, cleanse(1))
    assert any(e.kind == "final_round" for e in events)
    assert {a.kind for a in s.legal_actions(1)} == {"play", "discard"}


def test_hints_are_public_knowledge_in_every_view():
    s = make_state(3, hands=[["kyoko1"], ["homura2", "mami2"], ["sayaka1"]])
    s.apply(0, tell(1, "number", 2))
    for viewer in (0, 1, 2, None):
        cards = s.view(viewer)["hands"][1]
        assert [c["numbers"] for c in cards] == [[2], [2]] and all(c["clued"] for c in cards)


def test_gertrud_shuffles_identities_among_the_same_card_ids():
    hand = ["homura1", "mami1", "kyoko1", "sayaka1", "madoka1"]
    seen_orders = set()
    for seed in range(8):
        s = make_state(2, hands=[hand, ["homura2"]], grief=1, witch_deck=["gertrud"], seed=seed)
        ids = list(s.hands[0])
        before = sorted(names(s, ids))
        s.apply(0, cleanse(1))
        assert s.hands[0] == ids and sorted(names(s, ids)) == before
        seen_orders.add(tuple(names(s, ids)))
    assert len(seen_orders) > 1


def test_action_labels_name_seats_and_girls():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=1)
    labels = [a.label for a in s.legal_actions(0)]
    assert labels == ["Play card 1", "Discard card 1", "Tell Player 2 about Homura",
                      "Tell Player 2 about the 2s", "Cleanse 1 grief"]


def test_determinize_finds_a_deal_for_tight_hints():
    from game.madoka.state import _sample_hand

    # card 1 may be code 0 or 5, card 2 only code 0: card 1 must take 5
    pool = [0, 5, 9, 9]
    wants = [(0b1 | 0b10, 0b1111), (0b1, 0b0001)]
    for seed in range(20):
        codes = _sample_hand(pool, wants, Rng(seed))
        assert codes[:2] == [5, 0] and sorted(codes) == sorted(pool)


def test_malformed_actions_are_refused_with_a_reason():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=1)
    for action, reason in [
        (Action("tell", None, 1, ("girl", {"x": 1})), "not a girl in this game"),
        (Action("tell", None, 1, ("girl", "qb")), "not a girl in this game"),
        (Action("tell", None, 1, ("number", 7)), "Numbers go from 1 to 4"),
        (Action("tell", None, 5, ("number", 2)), "another player at the table"),
        (Action("tell", None, 1, "homura"), "one girl or one number"),
        (Action("cleanse", None, "soulgem", 3), "1 or 2"),
        (Action("play", None, "play"), "not in your hand"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            s.apply(0, action)


def test_events_describe_moves_for_the_table():
    s = make_state(2, hands=[["mami1", "kyoko2"], ["homura2"]], deck=["sayaka1"],
                   witches_up=["elly"])
    played, drawn = s.hands[0][0], s.deck[-1]
    events = s.apply(0, play(s, played))
    moves = [e.data for e in events if e.kind == "move"]
    assert moves[0] == {"card": played, "src": "hand:0", "dst": "play:mami", "face_up": True,
                        "girl": "mami", "number": 1, "success": True}
    assert moves[1]["card"] == drawn and moves[1]["src"] == "deck" and moves[1]["dst"] == "hand:0"
    assert events[-1].kind == "turn" and events[-1].data == {"seat": 1}
    events = s.apply(1, discard(s.hands[1][0]))
    returned = [e.data for e in events if e.kind == "witch"]
    assert returned[0]["witch"] == "elly" and returned[0]["action"] == "return"
    assert all(e.text for e in events)


def test_hints_never_contradict_the_cards_in_long_games():
    # Games biased towards playable cards and cleansing run long enough to see every witch.
    rng = Rng(5)
    witches_seen = set()
    for seed in range(60):
        s = GAME.new_state(2 + seed % 3, seed, qb=seed % 2 == 1)
        while not s.is_over():
            p = s.current
            acts = s.legal_actions(p)
            good = [a for a in acts if a.kind in ("play", "cleanse")
                    and (a.kind == "cleanse" or s.number_of[a.source] == len(s.rows[s.girl_of[a.source]]) + 1)]
            pick = good if good and rng.below(4) else acts
            s.apply(p, pick[rng.below(len(pick))])
            witches_seen.update(s.witches_up + s.witches_gone)
            for hand in s.hands:
                for c in hand:
                    assert s.girls_possible[c] >> s.girl_of[c] & 1 and s.numbers_possible[c] >> (s.number_of[c] - 1) & 1
            for g, row in enumerate(s.rows):
                assert [s.number_of[c] for c in row] == list(range(1, len(row) + 1))
                assert all(s.girl_of[c] == g for c in row)
            assert 0 <= s.grief <= 3
    assert len(witches_seen) == 9


# --- The core: legality once, the witches' registry, private events ---------------------------

def test_legal_actions_are_the_candidates_the_checks_pass():
    """`legal_actions` remembers the checks' results per hand and per tell key; on every
    position of biased random games (Elly, Patricia, the final round, Kyubey) it equals the
    plain filter of the core."""
    rng = Rng(11)
    for seed in range(40):
        s = GAME.new_state(2 + seed % 3, seed, qb=seed % 4 == 3)
        while not s.is_over():
            p = s.current
            assert s.legal_actions(p) == State.legal_actions(s, p)
            acts = s.legal_actions(p)
            good = [a for a in acts if a.kind == "cleanse" or a.kind == "play" and
                    s.number_of[a.source] == len(s.rows[s.girl_of[a.source]]) + 1]
            s.apply(p, rng.choice(good if good and rng.below(3) else acts))


def copy_data(tmp_path):
    for f in data_path("madoka").glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def test_a_witch_without_a_handler_is_a_card_data_error(tmp_path):
    d = copy_data(tmp_path)
    witches = d / "witches.toml"
    witches.write_text(witches.read_text(encoding="utf-8").replace('id = "elly"', 'id = "box"'),
                       encoding="utf-8")
    with pytest.raises(CardDataError, match="card 'box'.*no rules handler"):
        MadokaGame(d)


def test_walpurgisnachts_grief_comes_from_the_data(tmp_path):
    d = copy_data(tmp_path)
    witches = d / "witches.toml"
    text = witches.read_text(encoding="utf-8").replace("failed_play_grief = 2",
                                                       "failed_play_grief = 1")
    witches.write_text(text, encoding="utf-8")
    game = MadokaGame(d)
    assert game.failed_play_grief[WALPURGISNACHT] == 1
    assert GAME.failed_play_grief[WALPURGISNACHT] == 2


def test_a_draw_is_seen_by_the_others_not_by_the_drawer():
    s = make_state(3, hands=[["mami1"], ["homura2"], ["kyoko1"]], deck=["sayaka1"])
    events = s.apply(0, play(s, s.hands[0][0]))
    draw = next(e for e in events if e.kind == "move" and e.data["src"] == "deck")
    assert draw.text == "Player 1 draws a card" and "girl" not in draw.data
    assert draw.seen_by == (1, 2)
    mine, theirs = draw.for_viewer(0), draw.for_viewer(1)
    assert "girl" not in mine.data and mine.text == "Player 1 draws a card"
    assert theirs.data["girl"] == "sayaka" and theirs.data["number"] == 1
    assert theirs.text == "Player 1 draws Sayaka 1"


def test_events_carry_the_counters_after_them():
    s = make_state(2, hands=[["mami2"], ["homura2"]], deck=["sayaka1"], grief=1)
    events = s.apply(0, play(s, s.hands[0][0]))  # a failure: one more grief marker
    grief = next(e for e in events if e.kind == "grief")
    assert grief.counter("grief") == 2 and grief.counter("max_grief") == 3
    assert events[-1].counter("deck") == len(s.deck) and events[-1].counter("score") == 0
    assert events[-1].counter("witch_deck") == len(s.witch_deck)


# --- Queries the table asks ----------------------------------------------------------------

def test_the_prompt_tells_the_acting_seat_its_choices_and_the_others_who_plays():
    s = make_state(3, hands=[["kyoko1"], ["homura2"], ["mami1"]], current=1)
    assert s.prompt(1) == "Play, discard, give information or cleanse"
    assert s.prompt(0) == "Player 2 is playing"
    assert s.prompt(None).startswith("Player 2: play")
    final = make_state(2, hands=[["kyoko1"], ["homura2"]], final_turns=2)
    assert final.prompt(0) == "Your final turn: play or discard"


def test_the_prompt_says_when_elly_forbids_information():
    s = make_state(3, hands=[["kyoko1"], ["homura2"], ["mami1"]], grief=1, witch_deck=["elly"])
    s.apply(0, cleanse(1))
    assert "H.N. Elly" in s.prompt(1)


def test_a_failed_play_says_what_the_girl_needs_next():
    s = make_state(2, hands=[["homura3"], ["kyoko1"]], rows={"homura": 1})
    events = s.apply(0, play(s, s.hands[0][0]))
    failed = next(e for e in events if e.kind == "move" and e.data.get("success") is False)
    assert failed.data["why"].startswith("Homura needs her 2 next.")


def test_what_a_seat_knows_of_its_hand_counts_the_copies_it_sees():
    """Told "Madoka" on a card while three of Madoka's four 1-3 cards lie in view, the owner
    knows the card is one of the rest; its numbers follow from the count."""
    s = make_state(2, hands=[["madoka4", "homura1"], ["madoka1", "madoka1", "madoka2"]],
                   current=1)
    s.apply(1, tell(0, "girl", "madoka"))
    mine = s.what_seat_knows(0)
    assert mine[0]["girls"] == ["madoka"] and mine[0]["numbers"] == [3, 4]
    assert mine[0]["playable"] is False  # no Madoka 1 played yet
    assert "madoka" not in mine[1]["girls"] and mine[1]["clued"] is False


def test_what_a_seat_knows_depends_only_on_what_it_may_see():
    s = GAME.new_state(4, 3)
    for k in range(6):
        s.apply(s.current, s.legal_actions(s.current)[k % 3 + 5])
    for p in range(4):
        world = s.determinize(p, Rng(p))
        assert world.what_seat_knows(p) == s.what_seat_knows(p)


def test_the_tell_menu_points_at_cards_and_says_why_a_tell_is_refused():
    s = make_state(2, hands=[["kyoko1"], ["homura2", "homura1", "mami2"]],
                   witches_up=["patricia"])
    options = {(o["what"], o["value"]): o for o in s.tell_options(0, 1)}
    assert set(options) == {("girl", "homura"), ("girl", "mami"), ("number", 1), ("number", 2)}
    homura = options[("girl", "homura")]
    assert homura["cards"] == s.hands[1][:2] and not homura["legal"]
    assert "Patricia is on top" in homura["reason"]
    twos = options[("number", 2)]
    assert twos["legal"] and twos["reason"] is None and twos["cost"] == "1 grief"
    assert twos["cards"] == [s.hands[1][0], s.hands[1][2]]
    assert s.tell_options(0, 0) == []  # your own hand: you cannot see it


def test_a_tell_at_two_grief_markers_warns_that_it_loses():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=2)
    assert "turns black" in s.loses(0, tell(1, "girl", "homura"))
    assert make_state(2, hands=[["kyoko1"], ["homura2"]], grief=1).loses(
        0, tell(1, "girl", "homura")) is None


def test_a_play_at_two_grief_warns_unless_the_card_surely_fits():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], grief=2)
    assert "does not fit" in s.loses(0, play(s, s.hands[0][0]))
    s.girls_possible[s.hands[0][0]] = 1 << GAME.girl_index["kyoko"]
    s.numbers_possible[s.hands[0][0]] = 1  # told "Kyoko" and "1": it fits
    assert s.loses(0, play(s, s.hands[0][0])) is None


def test_the_discard_browser_counts_come_from_the_rules():
    s = make_state(2, hands=[["kyoko1"], ["homura2"]], rows={"madoka": 1},
                   discard=["madoka2", "homura1", "homura1"])
    table = knowledge.copies(s.view(0))
    madoka = {r["number"]: r for r in table["madoka"]}
    assert madoka[1] == {"number": 1, "copies": 2, "played": 1, "discarded": 0, "left": 1,
                         "lost": False}
    assert madoka[2]["lost"] and madoka[2]["left"] == 0
    assert table["homura"][0]["discarded"] == 2 and table["homura"][0]["left"] == 1
