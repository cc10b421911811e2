"""A table hosted by the app (game/net/hosting.py) on 127.0.0.1: the person hosting plays
through the same client as a friend; friends join by seat code; the host starts the game."""

from __future__ import annotations

import json
import time

import pytest

from game.core.contract import State
from game.net.client import NOTICE, NetworkSession
from game.net.hosting import AI, FRIEND, YOU, Hosting
from game.net.protocol import read_seat_code


def _until(predicate, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()


@pytest.fixture
def hosting(tmp_path):
    made = []

    def make(game="hermitcraft", seats=(YOU, FRIEND), **kw):
        h = Hosting(game, len(seats), list(seats), name="Friday", player_name="Ann",
                    bind="127.0.0.1", port=0, save_dir=tmp_path, announce=False, seed=5, **kw)
        made.append(h)
        return h

    yield make
    for h in made:
        h.close(wait=15)


def _play_until_over(sessions: list[NetworkSession], timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end and not all(s.is_over() for s in sessions):
        for s in sessions:
            s.poll(s.seat)
            legal = s.legal_actions(s.seat)
            if legal:
                s.apply(s.seat, legal[0])
        time.sleep(0.002)


def test_a_friend_takes_a_seat_with_the_seat_code_alone_and_the_lobby_shows_it(hosting):
    h = hosting(seats=(YOU, FRIEND, AI), game="madoka")
    assert h.session.wait_ready()
    code = h.seat_code(1)
    assert "-" in code and read_seat_code(code.lower()) == h.table.seats[1].token
    friend = NetworkSession("127.0.0.1", h.port, "", -1, read_seat_code(code), "Bo")
    try:
        assert friend.wait_ready()
        assert friend.seat == 1 and friend.table_id == h.table.id
        assert _until(lambda: [s["name"] for s in h.session.lobby()][:2] == ["Ann", "Bo"])
        rows = h.session.lobby()
        assert [r["kind"] for r in rows] == ["remote", "remote", "ai"]
        assert all(r["connected"] for r in rows[:2])
        assert not h.session.started  # the person hosting starts the game, not the last seat
    finally:
        friend.close(wait=2)


def test_a_wrong_seat_code_is_refused_with_a_reason(hosting):
    h = hosting()
    s = NetworkSession("127.0.0.1", h.port, "", -1, "ZZZZZZZZZZ", "Eve")
    try:
        assert _until(lambda: (s.pump(), s.status)[1] == "closed")
        assert "code" in s.error and not s.ready
    finally:
        s.close()


def test_the_host_starts_the_game_and_both_seats_play_it_to_the_end(hosting):
    h = hosting()
    friend = NetworkSession("127.0.0.1", h.port, h.table.id, 1, h.table.seats[1].token, "Bo")
    try:
        assert friend.wait_ready() and h.session.wait_ready()
        h.start_game()
        assert _until(lambda: h.session.started and friend.started)
        _play_until_over([h.session, friend])
        assert h.session.is_over() and friend.is_over()
        assert h.session.outcome() == friend.outcome() == h.table.state.outcome()
    finally:
        friend.close(wait=2)


def test_hints_are_off_unless_the_host_allows_them_before_the_start(hosting):
    h = hosting()
    assert h.session.wait_ready()
    assert not h.session.hints_allowed
    h.set_hints(True)
    assert _until(lambda: h.session.hints_allowed)
    h.start_game()
    assert _until(lambda: h.session.started)
    h.set_hints(False)  # too late: the game has started
    time.sleep(0.2)
    assert h.session.hints_allowed


def test_conceding_hermitcraft_is_the_rules_concede_action_and_the_other_player_wins(hosting):
    h = hosting(game="hermitcraft")
    friend = NetworkSession("127.0.0.1", h.port, h.table.id, 1, h.table.seats[1].token, "Bo")
    try:
        assert friend.wait_ready() and h.session.wait_ready()
        h.start_game()
        assert _until(lambda: friend.started)
        friend.concede(1)
        assert _until(lambda: (h.session.poll(0), h.session.is_over())[1])
        assert h.session.outcome().winners == (0,)
        assert h.table.record.actions[-1][1].kind == "concede"  # an action of the record
    finally:
        friend.close(wait=2)


def test_a_seat_that_concedes_a_game_that_goes_on_is_played_by_its_bot(hosting):
    # Bloodborne (D10): a hunter who concedes can no longer win, and the game goes on
    h = hosting(game="bloodborne", seats=(YOU, FRIEND, AI))
    friend = NetworkSession("127.0.0.1", h.port, h.table.id, 1, h.table.seats[1].token, "Bo")
    try:
        assert friend.wait_ready() and h.session.wait_ready()
        h.start_game()
        assert _until(lambda: friend.started)
        friend.concede(1)
        seen: list = []

        def bot_moved() -> bool:
            seen.extend(h.session.poll(0))
            legal = h.session.legal_actions(0)
            if legal:
                h.session.apply(0, legal[0])
            return any(x.seat == 1 for x in seen if x.action is None or x.action.kind != "concede") \
                or h.session.is_over()

        assert _until(bot_moved, 60)
        assert any(a.kind == "concede" and p == 1 for p, a in h.table.record.actions)
        notices = [e.text for x in seen for e in x.events if e.kind == NOTICE]
        assert any("left the game" in n and "bot" in n for n in notices)
        assert h.table.seats[1].left and h.table.seats[1].bot_plays
    finally:
        friend.close(wait=2)


def test_the_network_session_never_holds_a_rules_state(hosting):
    h = hosting(game="madoka")
    assert h.session.wait_ready()
    h.start_game()
    assert _until(lambda: h.session.started)
    h.session.poll(0)

    def states(x, seen) -> list:
        if id(x) in seen:
            return []
        seen.add(id(x))
        if isinstance(x, State):
            return [x]
        if isinstance(x, dict):
            return [s for k, v in x.items() for s in states(k, seen) + states(v, seen)]
        if isinstance(x, (list, tuple, set, frozenset)) or type(x).__name__ == "deque":
            return [s for v in x for s in states(v, seen)]
        if hasattr(x, "__dict__") and type(x).__module__.startswith("game."):
            return states(vars(x), seen)
        return []

    assert states(h.session, set()) == []
    # what it has of the game is the seat's view, as the host's rules give it
    assert h.session.view(0) == json.loads(json.dumps(h.table.state.view(0)))
    with pytest.raises(ValueError):
        h.session.view(1)


def test_a_seat_whose_time_ran_out_is_answered_by_the_rules_timeout_action(hosting):
    h = hosting(game="hermitcraft")
    friend = NetworkSession("127.0.0.1", h.port, h.table.id, 1, h.table.seats[1].token, "Bo")
    try:
        assert friend.wait_ready() and h.session.wait_ready()
        h.start_game()
        asked = next(s for s in (h.session, friend) if _until(lambda s=s: s.started) and
                     s.seat in h.table.state.to_act())
        assert _until(lambda: (asked.poll(asked.seat), asked.legal_actions(asked.seat))[1])
        assert asked.time_out(asked.seat)
        assert asked.time_out(asked.seat)  # asked again before the host answered: sent once
        assert _until(lambda: h.table.version == 1)
        time.sleep(0.2)
        seat, action = h.table.record.actions[0]
        assert (seat, action.kind) == (asked.seat, "timeout") and h.table.version == 1
    finally:
        friend.close(wait=2)
