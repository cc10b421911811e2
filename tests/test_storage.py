"""Settings and saves: JSON with a format version under the user folders, written
atomically; a corrupt file is reported and kept aside as .bad, never overwritten; nothing in a
save is ever executed."""

import json
import pickle

import pytest

from scenes import storage
from scenes.storage import Settings


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """Every test gets its own CARDTABLE_HOME: the real home folder is never touched."""
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


MATCH = {"record": {"format": 1, "game": "madoka", "players": 2, "seed": 7, "options": {},
                    "actions": []}, "seats": ["you", "ai:random"]}


def test_cardtable_home_holds_data_config_and_log_folders(home):
    assert storage.data_dir() == home / "data"
    assert storage.config_dir() == home / "config"
    assert storage.log_dir() == home / "log" and (home / "log").is_dir()


def test_atomic_write_produces_the_file_and_leaves_no_temporary(home):
    storage.save_game(MATCH)
    path = storage.autosave_path()
    assert json.loads(path.read_text(encoding="utf-8")) == {"format": storage.FORMAT,
                                                             "match": MATCH}
    assert [p.name for p in path.parent.iterdir()] == ["madoka.json"]


def test_a_failed_write_keeps_the_old_file_whole(home):
    storage.save_game(MATCH)
    with pytest.raises(TypeError):
        storage.save_game({"record": object()})  # not JSON-able: fails before replacing
    assert storage.load_game() == (MATCH, None)
    assert [p.name for p in storage.autosave_path().parent.iterdir()] == ["madoka.json"]


def test_saved_game_round_trips():
    assert storage.load_game() == (None, None)
    assert not storage.has_saved_game()
    storage.save_game(MATCH)
    assert storage.has_saved_game()
    assert storage.load_game() == (MATCH, None)
    storage.clear_game()
    assert storage.load_game() == (None, None)


def test_corrupt_save_is_reported_and_moved_to_bad():
    path = storage.autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": 1, "match": {', encoding="utf-8")
    data, err = storage.load_game()
    assert data is None
    assert "file is damaged" in err and "autosave.json.bad" in err
    assert not path.exists()
    assert (path.parent / "autosave.json.bad").read_text(encoding="utf-8").endswith("{")


def test_next_save_and_next_corruption_never_overwrite_a_bad_file():
    path = storage.autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text("first broken", encoding="utf-8")
    storage.load_game()
    storage.save_game(MATCH)  # a new autosave does not touch the .bad
    assert (path.parent / "autosave.json.bad").read_text(encoding="utf-8") == "first broken"
    path.write_text("second broken", encoding="utf-8")
    _, err = storage.load_game()
    assert "autosave.json.bad1" in err
    assert (path.parent / "autosave.json.bad").read_text(encoding="utf-8") == "first broken"
    assert (path.parent / "autosave.json.bad1").read_text(encoding="utf-8") == "second broken"


@pytest.mark.parametrize("content, reason", [
    ('{"format": 99, "match": {}}', "another version of Card Table"),
    ('{"format": 1}', "damaged"),
    ('[1, 2, 3]', "damaged"),
    ('{"format": 1, "match": "x"}', "damaged"),
    ('{"format": 1, "match": {"record": {"game": 3}}}', "damaged"),
])
def test_save_with_wrong_format_or_types_is_bad(content, reason):
    path = storage.autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8")
    data, err = storage.load_game()
    assert data is None and reason in err
    assert (path.parent / "autosave.json.bad").exists()


class Boom:
    """Unpickling this would run code (here: create a file)."""

    def __init__(self, target):
        self.target = target

    def __reduce__(self):
        return (open, (self.target, "w"))


def test_pickle_payload_is_rejected_as_bad_json_and_never_executed(home):
    canary = home / "pwned"
    path = storage.autosave_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(pickle.dumps(Boom(str(canary))))
    data, err = storage.load_game()
    assert data is None and "damaged" in err
    assert not canary.exists()
    assert (path.parent / "autosave.json.bad").exists()


def test_a_save_that_does_not_replay_is_set_aside_in_plain_words():
    storage.save_game(MATCH)
    msg = storage.set_aside_game("action 3 (play(0, None, None)) cannot be replayed: nope.")
    assert "no longer replay" in msg and "madoka.json.bad" in msg
    assert "play(0" not in msg and ".." not in msg
    assert not storage.has_saved_game()


@pytest.mark.parametrize("content", ["{oops", '{"format": 1}', '{"format": 7, "match": {}}',
                                     "\udcff", '{"format": 1, "match": {"record": []}}'])
def test_save_messages_are_sentences_without_python_error_text(content):
    path = storage.autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8", errors="surrogateescape")
    _, err = storage.load_game()
    assert err.endswith(".") and ".." not in err and ". ." not in err
    for python_word in ("Error", "JSON", "{", "'match'", "Traceback"):
        assert python_word not in err


def test_a_damaged_save_is_found_at_start_and_set_aside():
    path = storage.autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text("{oops", encoding="utf-8")
    assert "could not be read" in storage.check_game()
    assert not storage.has_saved_game() and (path.parent / "autosave.json.bad").exists()
    storage.save_game(MATCH)
    assert storage.check_game() is None and storage.has_saved_game()


def test_sentence_ends_each_part_with_one_full_stop():
    assert storage.sentence("It broke.", "it is kept as a.bad") == "It broke. It is kept as a.bad."


def test_settings_round_trip():
    s = Settings(animation_speed="instant", highlights=False, hint_marks=False,
                 colourblind=True, fullscreen=True, log_open=False)
    storage.save_settings(s)
    assert storage.load_settings_checked() == (s, None)


def test_missing_settings_are_defaults_without_a_message():
    assert storage.load_settings_checked() == (Settings(), None)


def test_unknown_settings_keys_are_ignored_and_missing_ones_default():
    path = storage.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": 1, "settings": {"colourblind": True, "future_thing": 3}}),
                    encoding="utf-8")
    assert storage.load_settings_checked() == (Settings(colourblind=True), None)


@pytest.mark.parametrize("body", [{"highlights": "yes"}, {"animation_speed": "x3"},
                                  {"fullscreen": 1}])
def test_settings_with_wrong_types_fall_back_to_defaults_with_a_reason(body):
    path = storage.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": 1, "settings": body}), encoding="utf-8")
    s, err = storage.load_settings_checked()
    assert s == Settings()
    assert next(iter(body)).replace("_", " ") in err and "settings.json.bad" in err
    assert err.endswith(".") and ".." not in err
    assert not path.exists() and (path.parent / "settings.json.bad").exists()
    assert storage.load_settings_checked() == (Settings(), None)  # reported once


def test_garbage_settings_file_is_kept_aside():
    path = storage.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xff\xfe not json")
    s, err = storage.load_settings_checked()
    assert s == Settings() and "damaged" in err
    assert (path.parent / "settings.json.bad").read_bytes() == b"\xff\xfe not json"


def other(game: str) -> dict:
    return {**MATCH, "record": {**MATCH["record"], "game": game}}


def test_each_game_keeps_its_own_save():
    """Fault 14: saving one game never replaces another game's save."""
    storage.save_game(MATCH, "Madoka Magica")
    storage.save_game(other("bloodborne"), "Bloodborne")
    assert storage.load_game("madoka") == (MATCH, None)
    assert storage.load_game("bloodborne") == (other("bloodborne"), None)
    assert [s["game"] for s in storage.saved_games()] == ["bloodborne", "madoka"]
    assert storage.saved_games()[1] == {**storage.saved_games()[1], "title": "Madoka Magica",
                                        "players": 2, "moves": 0}
    storage.clear_game("bloodborne")
    assert storage.has_saved_game("madoka") and not storage.has_saved_game("bloodborne")


def test_a_damaged_save_of_one_game_leaves_the_others():
    storage.save_game(MATCH)
    storage.game_save_path("mhtcg").write_text("{oops", encoding="utf-8")
    assert "mhtcg.json.bad" in storage.check_game()
    assert storage.load_game("madoka") == (MATCH, None)
