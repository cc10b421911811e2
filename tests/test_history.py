"""The game history (scenes/history_store.py) and its screen (scenes/history.py)."""

from __future__ import annotations

import sqlite3

import pygame
import pytest

from game.core.rng import Rng
from game.local_session import LocalSession
from game.match import Match
from game.replay import history_entry as entry_for
from game.replay import load, state_hash
from scenes.history_store import History, history_path, open_history, record_game


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


def finished_match(seed: int = 3, finish: bool = True) -> LocalSession:
    match = Match("bloodborne", 3, seed, ["you", "ai:heuristic", "ai:heuristic"])
    rng = Rng(seed)
    moves = 0
    while not match.is_over() and (finish or moves < 10):
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.state.legal_actions(seat)))
        moves += 1
    return LocalSession(match)


def test_a_finished_game_is_one_row_with_its_replay(home):
    match = finished_match()
    assert record_game(match) is None
    history, problem = open_history()
    assert problem is None
    [row] = history.rows()
    assert row.game == "bloodborne" and row.finished and row.length == match.version
    assert row.level == "Normal" and row.seats[1]["level"] == "Normal"
    assert state_hash(load(history.replay_text(row.id)).final_state) == state_hash(match._match.state)
    assert record_game(match) is None and len(history.rows()) == 1  # written once


def test_an_abandoned_game_is_kept_and_not_counted_as_a_win_or_loss(home):
    record_game(finished_match(finish=False))
    history, _ = open_history()
    [row] = history.rows()
    assert row.result == "Abandoned" and not row.finished and row.won is None
    assert history.record("bloodborne") == {"games": 1, "by_level": {}}


def test_newest_first_filtered_by_game_with_wins_by_level(home):
    history, _ = open_history()
    for i, won in enumerate((1, 0, 1)):
        entry = entry_for(finished_match(seed=i + 1)._match, now=1000.0 + i)
        entry["won"] = won
        history.add(entry)
    madoka = entry_for(finished_match(seed=9)._match, now=5000.0)
    madoka["game"] = "madoka"
    history.add(madoka)
    assert [r.ended for r in history.rows()] == [5000.0, 1002.0, 1001.0, 1000.0]
    assert [r.game for r in history.rows("bloodborne")] == ["bloodborne"] * 3
    assert history.record("bloodborne") == {"games": 3, "by_level": {"Normal": [2, 3]}}


def test_a_crash_in_the_middle_of_writing_leaves_no_half_row(home):
    history, _ = open_history()
    history.add(entry_for(finished_match()._match))
    broken = entry_for(finished_match(seed=5)._match)
    broken["replay"] = None  # the insert fails inside the transaction
    with pytest.raises(sqlite3.IntegrityError):
        history.add(broken)
    history.close()
    again, problem = open_history()
    assert problem is None and len(again.rows()) == 1


def test_a_damaged_database_is_reported_and_kept_aside(home):
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"SQLite format 3\x00" + b"\x13" * 4000)
    history, problem = open_history()
    assert problem is not None and "history.sqlite3.bad" in problem
    assert (path.parent / "history.sqlite3.bad").read_bytes().startswith(b"SQLite format 3")
    assert history.rows() == []


def test_delete_asks_first(home):
    from scenes.history import ConfirmDelete, HistoryScene
    from tests.scene_helpers import make_app

    history, _ = open_history()
    history.add(entry_for(finished_match()._match))
    app = make_app()
    scene = HistoryScene(app, history)
    app.manager.reset(scene)
    scene.ask_delete()
    assert isinstance(app.manager.top, ConfirmDelete) and len(history.rows()) == 1
    app.manager.top.close()
    assert len(history.rows()) == 1
    scene.ask_delete()
    app.manager.top.delete()
    assert history.rows() == []
    scene.draw(pygame.Surface((1280, 720)))


def test_history_is_a_plain_sqlite_file(home):
    history, _ = open_history()
    assert isinstance(history, History)
    history.close()
    assert history_path().read_bytes().startswith(b"SQLite format 3")


def test_a_saved_game_a_new_game_replaces_is_kept_as_abandoned(home, monkeypatch):
    from scenes import history_store, storage
    from tests.scene_helpers import make_app

    old = finished_match(seed=4, finish=False)
    storage.save_game(old.save(), "Bloodborne")
    threads = []
    real = history_store.record_replaced
    monkeypatch.setattr(history_store, "record_replaced",
                        lambda save: threads.append(real(save)) or threads[-1])
    app = make_app()
    app.autosave = True
    assert app.new_game("bloodborne", 3, ["you", "ai:heuristic", "ai:heuristic"], seed=9) is None
    # (asked first: this game has a save) the player chooses to start anew
    session = app.new_game("bloodborne", 3, ["you", "ai:heuristic", "ai:heuristic"], seed=9,
                           replace=True)
    history, _ = open_history()
    assert history.rows() == []  # not before the new game's first move replaces the save
    seat = session.to_act()[0]
    session.apply(seat, session.legal_actions(seat)[0])
    [thread] = threads
    thread.join(10)
    [row] = history.rows()
    assert row.result == "Abandoned" and row.length == old.version
    assert state_hash(load(history.replay_text(row.id)).final_state) == \
        state_hash(old._match.state)
    session.apply(*next((p, session.legal_actions(p)[0]) for p in session.to_act()))
    assert len(threads) == 1  # once
    storage.WRITER.flush()
