"""Concede and timeouts are moves of the rules flow: the session applies
the flow's `concede` and `timeout` actions, so they are logged, saved, kept in the History and
replayed like any other move; the table (the pause menu, Hermitcraft's Surrender button and
turn timer) sends them, and shows what follows: the results when the game ends, a bot at the
conceded seat when it goes on, the menu when no person is left.

Secret Bid (tests/toygame.py) is the game that goes on after a concession (the seat can no
longer win; a bot bids for it); Hermitcraft's concession ends the game (the other wins).
"""

from __future__ import annotations

import json

import pygame
import pytest

from game.core.contract import Action, IllegalAction
from game.local_session import LocalSession
from game.replay import ReplaySession, parse
from game.session import AI, HUMAN, YOU
from tests.scene_helpers import make_app, match_of, pump, run_until, state_of

CONCEDE, TIMEOUT = Action("concede"), Action("timeout")


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    yield tmp_path
    pygame.event.clear()


def toy_session(seats=("you", "ai:greedy", "ai:greedy"), seed=4) -> LocalSession:
    return LocalSession.start("toy", len(seats), seed, list(seats))


# --- the session -----------------------------------------------------------------------------

def test_a_concession_is_a_recorded_move_and_a_bot_plays_the_seat_on(toy_registered):
    session = toy_session()
    assert session.concedable
    session.concede(0)
    assert session.save()["record"]["actions"] == [[0, ["concede", None, None, None]]]
    assert [e.kind for h in session.poll(0) for e in h.events] == ["concede"]
    assert not session.is_over() and session.seats()[0].kind == AI
    assert session.seats()[0].bot == "greedy"  # the game's default bot
    while not session.is_over():
        assert session.wait_for_bot()
    assert 0 not in session.outcome().winners  # a seat that conceded cannot win


def test_a_save_with_a_concession_resumes_and_remembers_who_sat_there(toy_registered):
    session = toy_session()
    session.concede(0)
    session.wait_for_bot()
    data = json.loads(json.dumps(session.save()))
    assert data["seats"][0] == "ai:greedy" and data["started"][0] == "you"
    again = LocalSession.load(data)
    assert again.save() == session.save()
    assert [h.events[0].kind for h in again.history(0)][:1] == ["concede"]


def test_a_replay_of_a_game_with_a_concession_plays_it_back(toy_registered):
    session = toy_session()
    session.concede(0)
    while not session.is_over():
        session.wait_for_bot()
    entry = session.history_entry()
    assert entry["result"] != "You conceded" and entry["seats"][0]["kind"] == "you"
    replay = ReplaySession(parse(entry["replay"]))
    assert replay.acted(1).action.kind == "concede"
    replay.seek(replay.length)
    assert replay.is_over() and replay.outcome() == session.outcome()


def test_a_game_left_after_a_concession_is_kept_as_conceded(toy_registered):
    session = toy_session()
    session.concede(0)
    entry = session.history_entry()
    assert (entry["result"], entry["won"], entry["finished"]) == ("You conceded", False, False)


def test_conceding_twice_is_refused_and_changes_nothing(toy_registered):
    session = toy_session(("you", "human", "ai:greedy"))
    session.concede(0)
    saved = session.save()
    with pytest.raises(IllegalAction, match="already conceded"):
        session.concede(0)
    assert session.save() == saved


def test_a_game_without_a_concession_refuses_it(toy_registered, monkeypatch):
    from tests.toygame import BidState

    monkeypatch.setattr(BidState, "concedable", False)
    session = toy_session()
    assert not session.concedable
    with pytest.raises(IllegalAction, match="cannot be conceded"):
        session.concede(0)
    assert session.save()["record"]["actions"] == [] and session.seats()[0].kind == YOU


def test_a_timeout_is_a_recorded_move_answered_by_the_games_default(toy_registered):
    session = toy_session()
    session.time_out(0)
    assert session.save()["record"]["actions"] == [[0, ["timeout", None, None, None]]]
    kinds = [e.kind for h in session.poll(0, bots=False) for e in h.events]
    assert kinds == ["timeout", "bid"]  # the default answer: the first legal bid
    with pytest.raises(IllegalAction, match="not being waited for"):
        session.time_out(0)  # seat 0 has bid: nothing is asked of it now


# --- the table -------------------------------------------------------------------------------

def open_toy(app, seats, seed=4):
    app.open_table(toy_session(seats, seed))
    table = app.manager.stack[0]
    if app.manager.top is not table:  # hot-seat: the table opens behind "pass to"
        app.manager.top.done()
    pump(app, 3)
    return table


def pause_and_concede(app, table):
    table.open_pause()
    pause = app.manager.top
    entry = pause.group.widgets[-1]
    assert entry.text in ("Concede", "Abandon")
    entry.activate()
    pause.group.widgets[0].activate()  # "Yes, …"
    pump(app, 2)
    return entry.text


def test_conceding_alone_at_the_table_keeps_the_game_and_goes_to_the_menu(toy_table, home):
    from scenes.history_store import open_history
    from scenes.menu import Menu

    app = make_app(animation_speed="instant")
    app.autosave = True
    table = open_toy(app, ("you", "ai:greedy", "ai:greedy"))
    session = table.session
    assert pause_and_concede(app, table) == "Concede"
    assert isinstance(app.manager.top, Menu) and app.toasts.toasts[-1].text == "Game conceded."
    assert session.seats()[0].kind == AI  # the game went on with a bot, without us
    history, _ = open_history()
    rows = history.rows()
    history.close()
    assert [(r.result, r.won) for r in rows] == [("You conceded", False)]


def test_in_hot_seat_the_game_goes_on_for_the_people_left(toy_table, home):
    from scenes.handoff import Handoff

    app = make_app(animation_speed="instant")
    table = open_toy(app, ("you", "human", "ai:greedy"))
    assert table.viewer == 0
    pause_and_concede(app, table)
    assert app.manager.stack[0] is table and not table.finished
    assert isinstance(app.manager.top, Handoff) and app.manager.top.player == 1
    app.manager.top.done()
    pump(app, 2)
    assert table.viewer == 1 and [s.kind for s in table.seat_info] == [AI, HUMAN, AI]
    assert (0, CONCEDE) in match_of(table).record.actions


def test_a_concession_that_ends_the_game_shows_the_results(home, monkeypatch):
    from game.hermitcraft import GAME
    from scenes.results import Results

    app = make_app(animation_speed="instant")
    seed = next(k for k in range(1, 50) if GAME.new_state(2, k).to_act() == (0,))
    app.open_table(LocalSession.start("hermitcraft", 2, seed, ["you", "ai:heuristic"]))
    table = app.manager.top
    table.run_ai = lambda: None
    pump(app, 3)
    pause_and_concede(app, table)
    assert run_until(app, lambda: isinstance(app.manager.top, Results), 5.0)
    assert state_of(table).outcome().winners == (1,)
    assert match_of(table).record.actions[-1] == (0, CONCEDE)


def test_a_game_that_cannot_be_conceded_is_abandoned_instead(toy_table, home, monkeypatch):
    from scenes.history_store import open_history
    from scenes.menu import Menu
    from tests.toygame import BidState

    monkeypatch.setattr(BidState, "concedable", False)
    app = make_app(animation_speed="instant")
    app.autosave = True
    table = open_toy(app, ("you", "ai:greedy", "ai:greedy"))
    table.apply(0, table.legal()[0])
    assert pause_and_concede(app, table) == "Abandon"
    assert isinstance(app.manager.top, Menu) and app.toasts.toasts[-1].text == "Game abandoned."
    history, _ = open_history()
    rows = history.rows()
    history.close()
    assert [(r.result, r.won) for r in rows] == [("Abandoned", None)]
