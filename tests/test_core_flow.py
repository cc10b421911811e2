"""The core rules flow (game/core/flow.py) and generated copy/save (game/core/fields.py), on the
test-only toy game, which is written on the flow."""

import pytest

from game.core.contract import Action, IllegalAction
from game.core.flow import CONCEDE, TIMEOUT, mark, marked, marked_with, unmark
from tests import toygame


def new(players=2, seed=3):
    return toygame.GAME.new_state(players, seed)


def test_legal_actions_come_from_the_kinds_that_answer_the_question_on_top():
    s = new()
    assert s.decisions[-1].kind == "bid"
    assert [a.source for a in s.legal_actions(0)] == s.hands[0]


def test_legal_actions_are_remembered_per_position_and_forgotten_after_a_move():
    s = new()
    first = s.legal_actions(0)
    first.clear()  # the caller's copy: the memo keeps its own
    assert s.legal_actions(0)
    s.apply(0, s.legal_actions(0)[0])
    assert s.legal_actions(0) == []  # 0 has bid: waiting for the others


def test_a_state_changed_by_hand_says_so_and_its_legal_actions_follow():
    s = new()
    s.legal_actions(0)
    s.hands[0] = s.hands[0][:1]
    s.changed()
    assert len(s.legal_actions(0)) == 1


def test_answering_the_last_secret_bid_closes_the_question_and_the_flow_resumes_at_then():
    s = new()
    prize = s.prize
    for seat in range(2):
        s.apply(seat, s.legal_actions(seat)[0])
    assert s.prize != prize and s.round == 2
    assert s.decisions[-1].kind == "bid" and not s.decisions[-1].answers


def test_clone_is_equal_and_shares_no_list():
    s = new()
    c = s.clone()
    assert c == s and c.hands is not s.hands and c.hands[0] is not s.hands[0]
    c.hands[0].pop()
    assert c != s


def test_generated_json_restores_the_same_state():
    s = new()
    s.apply(0, s.legal_actions(0)[0])
    mark(s, 12, "asleep_until", (3, "turn"))
    back = toygame.BidState.restore(toygame.GAME, s.to_json())
    assert back == s and back.legal_actions(1) == s.legal_actions(1)
    assert marked(back, 12, "asleep_until") == (3, "turn")


def test_marks_remember_card_memory_by_instance():
    s = new()
    mark(s, 7, "asleep_until", 12)
    assert marked(s, 7, "asleep_until") == 12 and marked_with(s, "asleep_until") == {7: 12}
    unmark(s, 7, "asleep_until")
    assert marked(s, 7, "asleep_until", "no") == "no"


def test_conceding_a_game_that_cannot_be_conceded_is_refused_and_changes_nothing(monkeypatch):
    monkeypatch.setattr(type(new()), "concedable", False)
    s = new()
    before = s.to_json()
    with pytest.raises(IllegalAction, match="cannot be conceded"):
        s.apply(0, Action(CONCEDE))
    assert s.to_json() == before


def test_a_concession_is_recorded_and_the_game_says_what_it_means():
    s = new()
    events = s.apply(1, Action(CONCEDE))
    assert s.conceded == (1,) and [e.kind for e in events] == ["concede"]
    assert 1 in s.to_act()  # the toy's concession: the seat plays on (a bot at the table)
    with pytest.raises(IllegalAction, match="already conceded"):
        s.apply(1, Action(CONCEDE))


def test_a_timeout_answers_the_waiting_seat_with_its_default_and_is_logged():
    s = new()
    default = s.legal_actions(0)[0]
    events = s.apply(0, Action(TIMEOUT))
    assert default.source not in s.hands[0]
    assert any(e.kind == "timeout" for e in events)


def test_a_timeout_for_a_seat_not_waited_for_is_refused():
    s = new()
    s.apply(0, s.legal_actions(0)[0])
    with pytest.raises(IllegalAction, match="not being waited for"):
        s.apply(0, Action(TIMEOUT))


def test_table_actions_are_never_offered_as_moves():
    s = new()
    assert all(a.kind not in (CONCEDE, TIMEOUT) for a in s.legal_actions(0))


def _keyed_toy(**how):
    """The toy game's bid kind declared again with `key` or `parts`, counting its checks."""
    from game.core.flow import Rules

    rules, calls = Rules(), []

    def check(s, player, action):
        calls.append(action.source)
        return toygame.check_bid(s, player, action)

    def candidates(s, player, key=None):  # a part's key: (part, its cards)
        cards = s.hands[player] if key is None else key[1]
        return [toygame.Action("bid", c, "table") for c in cards]

    rules.kind("bid", answers=("bid",), candidates=candidates, check=check, **how)(toygame.bid)
    rules.steps = toygame.rules.steps

    class Keyed(toygame.BidState):
        __slots__ = ()

    Keyed.rules = rules
    def state():
        s = toygame.GAME.new_state(2, 3)
        k = Keyed.__new__(Keyed)
        k.game = s.game
        k.fields_from_json(s.to_json())
        return k

    return state, calls


@pytest.mark.parametrize("how", [
    {"key": lambda s, p: tuple(s.hands[p])},
    {"parts": lambda s, p: [(part, tuple(c for c in s.hands[p] if c % 2 == part))
                            for part in (0, 1)]},
])
def test_a_kind_that_names_what_its_legality_reads_is_checked_once_per_key(how):
    state, calls = _keyed_toy(**how)
    s = state()
    legal = s.legal_actions(0)
    assert sorted(a.source for a in legal) == sorted(s.hands[0])
    assert legal == [a for a in s.candidates(0) if s.checks["bid"](s, 0, a) is None]
    checked = len(calls)
    other = state()  # another state with the same hand: its key was seen
    assert other.legal_actions(0) == legal and len(calls) == checked


def test_kinds_built_legal_skip_their_check_in_legal_actions_but_not_in_apply():
    from game.core.contract import State
    from game.core.decisions import ask
    from game.core.flow import FlowState, Rules

    own = Rules()
    checked = []

    def check(s, seat, action):
        checked.append(action)
        return None if action.source == 1 else "Only 1."

    @own.kind("pick", answers=("pick",), candidates=lambda s, seat: [Action("pick", 1)],
                check=check, legal_as_built=True)
    def pick(s, seat, action):
        pass

    class Picking(FlowState):
        rules = own

        def is_over(self):
            return False

    s = Picking(toygame.GAME, 2)
    ask(s, "pick", 0)
    assert s.legal_actions(0) == [Action("pick", 1)] and checked == []
    assert State.legal_actions(s, 0) == s.legal_actions(0)  # the claim, tested
    with pytest.raises(IllegalAction, match="Only 1."):
        s.apply(0, Action("pick", 2))
    assert own.built_legal == {"pick": True}


# --- procedures that nest and carry data: the agenda -------------------------------------------

def test_the_agenda_resumes_nested_steps_with_their_data_innermost_first():
    from game.core.decisions import ask
    from game.core.flow import FlowState, Rules, close, interrupt, later

    own, log = Rules(), []

    @own.step
    def hit(s, seat, amount):
        log.append(("hit", seat, amount))
        later(s, "after_hit", seat, amount)
        interrupt(s, "noticed", seat)  # a trigger raised in the middle: runs first
        later(s, "window", seat, amount)

    @own.step
    def noticed(s, seat):
        log.append(("noticed", seat))

    @own.step
    def window(s, seat, amount):
        ask(s, "answer", seat, context=(amount,), then="resolved")

    @own.step
    def resolved(s, seat, amount, how):
        log.append(("resolved", seat, amount, how))
        if how == "pass" and amount < 2:
            later(s, "hit", seat, amount + 1)  # a nested procedure inside this one

    @own.step
    def after_hit(s, seat, amount):
        log.append(("after", seat, amount))

    @own.kind("pass", answers=("answer",), candidates=lambda s, seat: [Action("pass")])
    def let_it_through(s, seat, action):
        frame = s.decisions[-1]
        close(s, seat, frame.context[0], "pass")

    class Nesting(FlowState):
        rules = own
        fields = {}  # the flow's own fields only (the agenda among them)

        def is_over(self):
            return False

    s = Nesting(toygame.GAME, 2)
    later(s, "hit", 1, 1)
    own.advance(s)
    assert log == [("hit", 1, 1), ("noticed", 1)] and s.decisions[-1].kind == "answer"
    saved = s.to_json()
    back = Nesting.restore(toygame.GAME, saved)
    assert back.agenda == s.agenda == [("after_hit", 1, 1)] and back == s
    copy = s.clone()
    s.apply(1, Action("pass"))  # the second hit, nested inside the first, asks again
    assert log[2:] == [("resolved", 1, 1, "pass"), ("hit", 1, 2), ("noticed", 1)]
    s.apply(1, Action("pass"))
    assert log[5:] == [("resolved", 1, 2, "pass"), ("after", 1, 2), ("after", 1, 1)]
    assert s.agenda == [] and not s.decisions
    assert copy.agenda == [("after_hit", 1, 1)]  # the copy shares nothing with the original


def test_one_action_kind_may_answer_two_questions_each_its_own_way():
    from game.core.decisions import ask
    from game.core.flow import FlowState, Rules, close

    own, done = Rules(), []

    @own.kind("pass", answers=("window",), candidates=lambda s, seat: [Action("pass", label="Pass")])
    def no_response(s, seat, action):
        close(s)
        done.append("no response")

    @own.kind("pass", answers=("offer",),
              candidates=lambda s, seat: [Action("pass", label="Do not use it")])
    def decline(s, seat, action):
        close(s)
        done.append("declined")

    class Asking(FlowState):
        rules = own

        def is_over(self):
            return False

    s = Asking(toygame.GAME, 2)
    ask(s, "window", 0)
    ask(s, "offer", 0)
    assert [a.label for a in s.legal_actions(0)] == ["Do not use it"]
    s.apply(0, Action("pass"))
    assert [a.label for a in s.legal_actions(0)] == ["Pass"]
    s.apply(0, Action("pass"))
    assert done == ["declined", "no response"]
    with pytest.raises(ValueError, match="twice"):
        own.kind("pass", answers=("offer",), candidates=lambda s, seat: [])(decline)
