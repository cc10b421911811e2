"""The autosave is written off the UI thread (scenes/storage.py, SaveWriter): a move never
waits for the disk, yet every read or write of the save sees the moves in order."""

from __future__ import annotations

import pygame
import pytest

from scenes import storage
from tests.scene_helpers import drag, feed, match_of, open_table, state_of


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


def match_json(n: int) -> dict:
    return {"record": {"game": "madoka", "players": 2, "actions": [[0, n]]}, "seats": ["you", "ai:x"]}


def test_the_newest_background_save_is_the_one_read_back(home):
    for n in range(5):
        storage.save_game_later(match_json(n), "Madoka Magica")
    data, err = storage.load_game()
    assert err is None and data == match_json(4)


def test_clearing_after_a_background_save_leaves_no_save(home):
    storage.save_game_later(match_json(1))
    storage.clear_game()
    assert not storage.has_saved_game()


def test_a_background_save_after_a_clear_is_kept(home):
    storage.save_game(match_json(1))
    storage.clear_game()
    storage.save_game_later(match_json(2))
    assert storage.has_saved_game() and storage.load_game()[0] == match_json(2)


def test_a_failed_background_save_is_told_once(home, monkeypatch):
    def refuse(path, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage, "write_json_atomic", refuse)
    storage.save_game_later(match_json(1))
    storage.WRITER.flush()
    assert storage.WRITER.take_error() == "no space left on device"
    assert storage.WRITER.take_error() is None


def test_a_move_at_the_table_is_saved_by_the_writer(home):
    from scenes.app import App

    app = App(settings=storage.Settings())  # a player's app: it autosaves
    try:
        app.first_game_tips = False
        table = open_table(app, seats=["you", "ai:random", "ai:random", "ai:random"])
        cid = state_of(table).hands[0][0]
        drag(table.sprites[cid].rect.center, table.zones["discard"].rect.center)
        feed(app)
        assert len(match_of(table).record.actions) == 1
        data, err = storage.load_game()  # waits for the writer
        assert err is None and data["record"]["actions"] == match_of(table).to_json()["record"]["actions"]
    finally:
        pygame.event.clear()
