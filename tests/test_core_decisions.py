"""The core's shared pieces for every game: the decision stack, the effect registry, private
events, action JSON, missing seats (game/core)."""

from __future__ import annotations

import json

import pytest

from game.core import decisions
from game.core.contract import Action, Event, NoSuchSeat
from game.core.data import CardDataError
from game.core.decisions import IN_ORDER, ONE, PICK, SECRET, Decision
from game.core.effects import Effects
from tests import toygame


class Table:
    """Just enough of a state for the helpers: a stack."""

    def __init__(self) -> None:
        self.decisions: list[Decision] = []


def test_one_seat_chooses_is_asked_alone():
    t = Table()
    d = decisions.ask(t, "choose_card", 2, options=(5, 6), prompt="{seat}: choose a card")
    assert d.waiting_for() == (2,) and d.options == (5, 6)
    assert d.words(lambda p: f"P{p + 1}") == "P3: choose a card"


def test_seats_asked_in_order_until_one_acts():
    t = Table()
    decisions.ask_in_order(t, "dodge", (1, 2, 3))
    assert decisions.top(t).waiting_for() == (1,) and decisions.top(t).how == IN_ORDER
    assert decisions.pass_on(t) and decisions.top(t).waiting_for() == (2,)
    assert decisions.pass_on(t) and decisions.top(t).waiting_for() == (3,)
    assert not decisions.pass_on(t) and t.decisions == []


def test_nobody_to_ask_pushes_no_window():
    t = Table()
    assert decisions.ask_in_order(t, "nullify", ()) is None
    assert decisions.ask_secretly(t, "bid", ()) is None
    assert t.decisions == []


def test_secret_choice_waits_for_everyone_and_hides_the_answers():
    t = Table()
    decisions.ask_secretly(t, "bid", (0, 1, 2))
    assert not decisions.answer(t, 1, 7)
    d = decisions.top(t)
    assert d.how == SECRET and d.waiting_for() == (0, 2)
    assert d.public(0)["answers"] == [[1, None]] and d.public(1)["answers"] == [[1, 7]]
    assert not decisions.answer(t, 0, 3)
    assert decisions.answer(t, 2, 4)
    assert decisions.top(t).answer_of(2) == 4 and decisions.top(t).waiting_for() == ()


def test_pick_k_of_n_one_at_a_time_then_done():
    t = Table()
    decisions.ask_to_pick(t, "discard", 0, options=(10, 11, 12, 13), at_least=1, at_most=2)
    d = decisions.top(t)
    assert d.how == PICK and not d.may_finish()
    assert not decisions.pick(t, 11)
    assert decisions.top(t).may_finish() and decisions.top(t).remaining() == (10, 12, 13)
    assert decisions.pick(t, 13)  # the most that may be picked: the game finishes it
    assert decisions.top(t).picked == (11, 13)


def test_card_then_target_then_option_accumulates_the_context():
    t = Table()
    decisions.ask(t, "use_card", 1, options=(40, 41), cancellable=True)
    decisions.follow_up(t, "target", 41, options=(0, 2))
    decisions.follow_up(t, "mode", 2, options=("slash", "dodge"))
    d = decisions.top(t)
    assert len(t.decisions) == 1 and d.context == (41, 2) and d.waiting_for() == (1,)


def test_nested_windows_are_frames_on_frames():
    t = Table()
    decisions.ask_in_order(t, "respond_savage_assault", (1, 2, 3), context=(77,))
    decisions.ask_in_order(t, "nullify", (2, 3, 0), context=(77, 1))
    assert decisions.top(t).waiting_for() == (2,)
    decisions.pop(t)
    assert decisions.top(t).kind == "respond_savage_assault"


def test_frames_are_immutable_and_the_helpers_build_them_field_by_field():
    """The helpers build frames straight from their fields (a named tuple, for speed): each is
    the frame the named constructor gives, and no field can be changed in place."""
    t = Table()
    asked = decisions.ask(t, "use_card", 1, options=[40, 41], context=[7], cancellable=True,
                          prompt="{seat}: use a card", then="after_use")
    assert asked == Decision("use_card", (1,), ONE, (40, 41), (7,), cancellable=True,
                             prompt="{seat}: use a card", then="after_use")
    assert decisions.follow_up(t, "target", 41, options=[0, 2], prompt="whom?") == Decision(
        "target", (1,), ONE, (0, 2), (7, 41), cancellable=True, prompt="whom?",
        then="after_use")
    assert decisions.ask_in_order(t, "dodge", [2, 3], then="hit") == Decision(
        "dodge", (2, 3), IN_ORDER, then="hit")
    assert decisions.ask_secretly(t, "bid", [0, 1], options=[1, 2]) == Decision(
        "bid", (0, 1), SECRET, (1, 2))
    decisions.answer(t, 1, 2)
    assert decisions.top(t) == Decision("bid", (0, 1), SECRET, (1, 2), answers=((1, 2),))
    assert decisions.ask_to_pick(t, "discard", 0, [8, 9], 1, 5) == Decision(
        "discard", (0,), PICK, (8, 9), (), (), 1, 2)
    decisions.pick(t, 9)
    assert decisions.top(t) == Decision("discard", (0,), PICK, (8, 9), (), (9,), 1, 2)
    for frame in t.decisions:
        with pytest.raises(AttributeError):
            frame.answers = ()


def test_a_seat_named_twice_in_a_secret_choice_answers_once():
    t = Table()
    decisions.ask_secretly(t, "bid", (0, 1, 0))
    assert decisions.top(t).seats == (0, 1)
    assert not decisions.answer(t, 0, 5) and decisions.answer(t, 1, 6)


def test_decision_stack_survives_json_as_tuples():
    t = Table()
    decisions.ask_secretly(t, "bid", (0, 1), options=((1, "a"), (2, "b")), context=(5,))
    decisions.answer(t, 0, (3, 4))
    decisions.ask_to_pick(t, "discard", 1, (8, 9), at_least=0)
    data = json.loads(json.dumps(decisions.stack_to_json(t.decisions)))
    assert decisions.stack_from_json(data) == t.decisions
    with pytest.raises(ValueError):
        Decision.from_json({**data[0], "how": "whoever"})


def test_action_with_several_source_cards_survives_json_hashable():
    a = Action("pay", source=(3, 9, 12), target="cost", option=None)
    b = Action.from_json(json.loads(json.dumps(a.to_json())))
    assert b == a and isinstance(b.source, tuple) and hash(b) == hash(a)


def test_action_json_refuses_objects():
    with pytest.raises(ValueError):
        Action.from_json(["play", {"evil": 1}, None, None])
    with pytest.raises(ValueError):
        Action.from_json([7, None, None, None])


def test_private_event_shows_each_viewer_its_version():
    e = Event("draw", "P2 draws a card", 1, {"deck": 30}, private_text="You draw Homura 3",
              private_data={"card": 12}, seen_by=(1,), counters=((None, "deck", 30),))
    assert e.for_viewer(1).text == "You draw Homura 3" and e.for_viewer(1).data["card"] == 12
    for viewer in (0, 2, None):
        seen = e.for_viewer(viewer)
        assert seen.text == "P2 draws a card" and "card" not in seen.data and not seen.seen_by
    assert e.counter("deck") == 30


def test_event_text_is_built_only_when_recorded():
    state = toygame.GAME.new_state(2, seed=1)
    built = []
    state.emit("message", lambda: built.append(1) or "words")
    assert built == []  # stepping silently: no text made
    state._events = []
    state.emit("message", lambda: built.append(1) or "words")
    assert built == [1] and state._events[0].text == "words"


def test_a_seat_that_does_not_exist_is_refused():
    state = toygame.GAME.new_state(3, seed=0)
    some = state.legal_actions(0)[0]
    for bad in (-1, 3, 7, "0", True):
        with pytest.raises(NoSuchSeat):
            state.view(bad)
        with pytest.raises(NoSuchSeat):
            state.legal_actions(bad)
        with pytest.raises(NoSuchSeat):
            state.apply(bad, some)
    assert state.view(None)["hand"] is None  # a spectator may look


def test_state_attributes_are_slotted():
    state = toygame.GAME.new_state(2, seed=0)
    with pytest.raises(AttributeError):
        state.hnads = []


def test_illegal_action_reason_comes_from_the_one_check():
    state = toygame.GAME.new_state(2, seed=0)
    foreign = next(c for c in range(toygame.BID_CARDS) if c not in state.hands[0])
    assert state.why_illegal(0, Action("bid", foreign, "table")) == (
        "You can only bid a card from your hand."
    )
    assert "not something you can do" in state.why_illegal(0, Action("fold"))


# --- the effect registry ------------------------------------------------------------------

def registry() -> Effects:
    fx = Effects("toy", hooks={"on_reveal": "a card is turned up", "damage": "a value hook"})

    @fx.on("on_reveal", "ambush")
    def ambush(log):
        log.append("ambush")

    @fx.on("damage", "bane", order=20)
    def bane(value):
        return value + 2

    @fx.on("damage", "armored", order=30)
    def armored(value):
        return min(value, 3)

    return fx


def test_effect_handlers_run_by_key():
    log: list[str] = []
    fx = registry()
    fx.run("on_reveal", "ambush", log)
    fx.run("on_reveal", "none", log)
    assert log == ["ambush"]


def test_value_hooks_fold_in_their_declared_order():
    fx = registry()
    assert fx.modify("damage", ["armored", "bane"], 2) == 3  # bane (+2) first, then the cap
    assert fx.modify("damage", ["bane"], 2) == 4


def test_unknown_hook_and_double_handlers_are_refused():
    fx = registry()
    with pytest.raises(KeyError):
        fx.on("on_discard", "ambush")
    with pytest.raises(KeyError):
        fx.on("on_reveal", "ambush")(lambda log: None)


def test_data_with_an_ability_that_has_no_handler_is_a_card_data_error():
    fx = registry()
    with pytest.raises(CardDataError, match="cards.toml: card 'rom'.*'roar'"):
        fx.check_data([("cards.toml", "axe", "bane"), ("cards.toml", "rom", "roar"),
                       ("cards.toml", "wolf", "ambush"), ("cards.toml", "knight", "armored")])


def test_a_handler_no_card_has_is_a_card_data_error():
    fx = registry()
    with pytest.raises(CardDataError, match="'armored', which no toy card has"):
        fx.check_data([("cards.toml", "axe", "bane"), ("cards.toml", "wolf", "ambush"),
                       ("cards.toml", "cat", "none")], plain=("none",))


def test_a_record_keeps_each_seats_own_options():
    from game.core.record import GameRecord

    rec = GameRecord("toy", 2, 5, seats=[{"deck": "HC1:abc"}, {}])
    again = GameRecord.loads(rec.dumps())
    assert again.seats == [{"deck": "HC1:abc"}, {}]
    assert "seats" not in GameRecord("toy", 2, 5).to_json()  # older records stay as they were
