"""Bloodborne on the shared core (issue 8): what the rules wait for is a frame on the decision
stack, events say who may see what and carry the values after them, card numbers come from the
data, and damage is a query without side effects. Rules: docs/rules/bloodborne.md.

States are hand-made with game.bloodborne.setups.make_state (see test_rules.py).
"""

import dataclasses
import json

import pytest

from game.bloodborne import GAME, rules
from game.bloodborne.setups import choose_all, instance, make_state, reveal
from game.bloodborne.state import BloodborneState
from game.bloodborne.summary import RoundSummary, result_details
from game.core import decisions
from game.core.contract import Action, NoSuchSeat

DREAM_ALL = {1: "hunters_dream_card", 2: "hunters_dream_card", 3: "hunters_dream_card"}


def of_kind(events, kind):
    return [e for e in events if e.kind == kind]


# --- decisions ------------------------------------------------------------------------------

def test_step_one_is_one_secret_choice_of_every_hunter():
    s = make_state()
    frame = s.decisions[-1]
    assert (frame.kind, frame.how, frame.seats) == ("choose", decisions.SECRET, (0, 1, 2, 3))
    assert s.prompt(0) == "Choose your action card"
    s.apply(0, Action("choose", instance(s, 0, "hunter_axe"), "chosen"))
    assert s.prompt(0) == ("You have chosen your card; waiting for Player 2, Player 3, Player 4 "
                           "to choose their action cards.")
    assert s.view(1)["decision"]["answers"] == [[0, None]]  # the card stays face down
    assert s.view(0)["decision"]["answers"][0][1] is not None  # but not from its owner


def test_a_face_down_card_is_hidden_from_the_others_and_survives_json():
    s = make_state(hp=30, dice=[0])
    choose_all(s, {0: "transform_card", 1: "transform_card", 2: "hunter_axe", 3: "hunter_axe"})
    axe = instance(s, 0, "hunter_axe")
    s.apply(0, Action("transform", axe, "chosen"))
    assert s.view(0)["hunters"][0]["transform"]["id"] == "hunter_axe"
    assert s.view(1)["hunters"][0]["transform"] is None
    assert s.view(1)["hunters"][0]["transform_chosen"] is True
    again = GAME.state_from_json(json.loads(json.dumps(s.to_json())))
    assert again.to_json() == s.to_json() and again.to_act() == (1,)


def test_the_pistol_asks_protect_or_cancel_then_whose_melee_attack():
    s = make_state(hp=30, dice=[0])
    choose_all(s, {0: "hunter_pistol", 1: "hunter_axe", 2: "saw_cleaver", 3: "hunters_dream_card"})
    pistol = s.chosen[0]
    assert set(s.legal_actions(0)) == {Action("shield", pistol, "self"),
                                       Action("cancel", pistol, None)}
    s.apply(0, Action("cancel", pistol, None))
    assert s.decisions[-1].kind == "cancel_target"
    assert s.prompt(0) == "Hunter Pistol: whose melee attack do you cancel?"
    assert set(s.legal_actions(0)) == {Action("cancel_target", pistol, 1),
                                       Action("cancel_target", pistol, 2)}
    s.apply(0, Action("cancel_target", pistol, 2))
    assert s.cancelled[2] and s.collected[:3] == [1, 3, 0]


def test_the_hand_limit_is_a_pick_of_the_cards_beyond_it():
    s = make_state(hp=30, dice=[0], hands={0: ["hunter_axe", "saw_cleaver", "hunter_pistol",
                                               "transform_card", "hunters_dream_card", "blood_vial",
                                               "tonitrus"]},
                   available=["kirkhammer", "chikage", "rakuyo", "evelyn"])
    choose_all(s, {0: "hunters_dream_card", 1: "hunter_axe", 2: "hunter_axe", 3: "hunter_axe"})
    s.apply(0, Action("upgrade", next(c for c in s.available
                                      if s.cards[c].id == "kirkhammer"), "hand"))
    frame = s.decisions[-1]
    assert (frame.kind, frame.how, frame.at_least, frame.at_most) == ("remove", "pick", 1, 1)
    assert s.prompt(0) == "Remove a card from the game (hand limit 7)"


def test_seats_that_are_not_at_the_table_are_refused():
    s = make_state(players=4)
    for bad in (-1, 4):
        with pytest.raises(NoSuchSeat):
            s.legal_actions(bad)
        with pytest.raises(NoSuchSeat):
            s.view(bad)


def test_a_state_takes_no_field_it_does_not_declare():
    s = make_state()
    with pytest.raises(AttributeError):
        s.phase = 0  # the old phase number is gone: the decision stack says what is asked


# --- events ---------------------------------------------------------------------------------

def test_your_own_secret_choice_is_a_private_event():
    s = make_state()
    axe = instance(s, 2, "hunter_axe")
    (e,) = s.apply(2, Action("choose", axe, "chosen"))
    mine, theirs = e.for_viewer(2), e.for_viewer(0)
    assert mine.text == "You choose Hunter Axe." and mine.data["card"] == axe
    assert theirs.text == "Player 3 has chosen a card." and "card" not in theirs.data
    assert e.seen_by == (2,)


def test_events_carry_the_values_after_them():
    s = make_state(monster="keeper_of_the_old_lords", hp=30, dice=[4])  # red 4
    ev = choose_all(s, {p: "hunter_axe" for p in range(4)})
    hurt = of_kind(ev, "damage")[0]
    assert hurt.counter("health", hurt.player) == 4
    took = of_kind(ev, "echoes_taken")[0]
    assert took.counter("collected", took.player) == 3
    assert took.counter("monster_echoes") == 30 - 3
    assert s.view(0)["hunters"][0]["max_health"] == rules.MAX_HEALTH


def test_event_text_is_built_only_when_recording(monkeypatch):
    """A silent step (AI search) never builds a seat's name for a log line."""
    named = []
    monkeypatch.setattr(BloodborneState, "seat_name", lambda self, p: named.append(p) or "x")
    s = make_state(monster="keeper_of_the_old_lords", hp=30, dice=[4, 0, 0, 0])
    for _ in range(40):
        if s.is_over():
            break
        p = s.to_act()[0]
        a = s.legal_actions(p)[0]
        named.clear()
        s.step(p, a)
        assert named == [], f"{a} built log text in a silent step"


# --- data, the registry and queries ---------------------------------------------------------

def test_final_bosses_numbers_come_from_the_data(monkeypatch):
    s = make_state(final="gehrman", monster="carrion_crow", dice=[0])
    monkeypatch.setitem(s.monster_by_id, "gehrman", dataclasses.replace(s.final_boss, amount=5))
    reveal(s, "scourge_beast")
    assert s.echoes == 6 + 1 + 5
    s = make_state(final="ebrietas", hp=4, dice=[0])
    monkeypatch.setitem(s.monster_by_id, "ebrietas",
                        dataclasses.replace(s.final_boss, amount=3))
    choose_all(s, {0: "hunter_axe", 1: "hunter_axe", 2: "hunters_dream_card", 3: "hunters_dream_card"})
    assert s.collected[:2] == [3, 1 + 3]


def test_attack_damage_is_a_query_without_side_effects():
    s = make_state(hp=30, dice=[0], hands={0: ["chikage", "hunters_dream_card"]})
    chikage = s.cards[instance(s, 0, "chikage")]
    before = s.to_json()
    assert rules.attack_damage(s, 0, chikage) == 5  # 3, +2 paid in blood
    assert rules.attack_damage(s, 0, chikage, transformed=True) == 6
    assert s.to_json() == before
    choose_all(s, {0: "chikage", **DREAM_ALL})
    assert s.collected[0] == 5 and s.health[0] == 7  # the strike pays; the query did not


def test_a_handler_no_card_names_is_a_data_error(tmp_path):
    from test_data import broken  # noqa: PLC0415 - the shared copy-and-break helper

    problems = broken(tmp_path, "upgrades.toml", 'ability = "roar"', 'ability = "none"')
    assert len(problems) == 1 and "roar" in problems[0] and "no bloodborne card" in problems[0]


# --- the words the table shows ----------------------------------------------------------------

def test_round_summary_and_result_sentences_come_from_the_rules():
    s = make_state(final="rom", monster="rom", hp=3, dice=[0], collected={1: 4})
    summary = RoundSummary(s)
    ev = choose_all(s, {0: "hunter_axe", **DREAM_ALL})
    summary.add(ev)
    row = summary.as_dict()["rows"][0]
    assert row["card"] == "Hunter Axe" and row["dealt"] == 3 and row["trophies"] == ["Kin"]
    details = result_details(s, s.outcome())
    assert details["reason"] == "Rom, the Vacuous Spider falls after 1 round."
    assert details["per_player"][1]["score"] == 4


def test_determinize_depends_only_on_what_the_seat_knows():
    """Two positions seat 1 cannot tell apart (seat 0's face-down card, the order of the dungeon
    and of the upgrade deck differ) give the same determinization from the same rng."""
    from game.core.rng import Rng

    a = make_state(hp=30, dice=[0])
    a.apply(0, Action("choose", instance(a, 0, "hunter_axe"), "chosen"))
    b = a.clone()
    frame = b.decisions[-1]
    pistol = instance(b, 0, "hunter_pistol")
    b.hand[0].remove(pistol)
    b.hand[0].append(frame.answer_of(0))
    b.decisions[-1] = frame._replace(answers=((0, pistol),))
    base = b.monster_base
    i, j = b.dungeon[0] - base, b.dungeon[1] - base
    b.slot_monsters[i], b.slot_monsters[j] = b.slot_monsters[j], b.slot_monsters[i]
    b.upgrade_deck.reverse()
    b.rng = Rng(12345)
    assert a.view(1) == b.view(1) and a.to_json() != b.to_json()
    assert a.determinize(1, Rng(3)).to_json() == b.determinize(1, Rng(3)).to_json()
