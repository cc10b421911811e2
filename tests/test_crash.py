"""The crash handler: a readable report (traceback, version, game record) and a message."""

import tempfile

import pytest

from scenes import crash
from scenes.storage import log_dir


@pytest.fixture
def home(tmp_path, monkeypatch):
    """Send the log folder to a temporary home; capture the message instead of a window."""
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    shown = []
    monkeypatch.setattr(crash, "show_message", lambda title, text: shown.append((title, text)))
    crash.set_context(None)
    yield tmp_path, shown
    crash.set_context(None)


def deal_from_an_empty_deck():
    deck = []
    return deck.pop()


def crashing_app():
    crash.set_context(lambda: {"game": "madoka", "seed": 7, "actions": [[0, "play 3"]]})
    deal_from_an_empty_deck()


def reports(tmp_path):
    return sorted(tmp_path.rglob("crash-*.txt"))


def test_a_crash_returns_exit_code_1_and_writes_one_report_to_the_log_folder(home):
    tmp_path, _ = home
    assert crash.run_guarded(crashing_app) == 1
    (report,) = reports(tmp_path)
    assert report.parent == log_dir()


def test_the_report_holds_traceback_version_and_game_record(home):
    tmp_path, _ = home
    crash.run_guarded(crashing_app)
    text = reports(tmp_path)[0].read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert "in deal_from_an_empty_deck" in text
    assert "IndexError: pop from empty list" in text
    assert f"version:  {crash.app_version()}" in text and crash.app_version() != "unknown"
    assert '"seed": 7' in text and '"play 3"' in text


def test_the_player_is_shown_a_message_naming_the_error_and_the_report(home):
    tmp_path, shown = home
    crash.run_guarded(crashing_app)
    ((title, text),) = shown
    assert title == crash.TITLE
    assert "IndexError" in text and str(reports(tmp_path)[0]) in text


def test_a_record_that_cannot_be_read_still_gives_a_report(home):
    tmp_path, _ = home

    def app():
        crash.set_context(lambda: 1 / 0)
        raise RuntimeError("table broke")

    crash.run_guarded(app)
    text = reports(tmp_path)[0].read_text(encoding="utf-8")
    assert "RuntimeError: table broke" in text
    assert "could not be read: ZeroDivisionError" in text


def test_without_a_game_the_report_says_so(home):
    tmp_path, _ = home
    crash.run_guarded(lambda: [][0])
    assert "(no game in progress)" in reports(tmp_path)[0].read_text(encoding="utf-8")


def test_a_normal_exit_passes_the_exit_code_through_and_writes_nothing(home):
    tmp_path, shown = home
    assert crash.run_guarded(lambda: 3) == 3
    assert crash.run_guarded(lambda: None) == 0
    assert reports(tmp_path) == [] and shown == []


def test_sys_exit_is_not_a_crash(home):
    tmp_path, shown = home

    def app():
        raise SystemExit(2)

    with pytest.raises(SystemExit):
        crash.run_guarded(app)
    assert reports(tmp_path) == [] and shown == []


def test_the_message_falls_back_to_stderr_when_no_window_can_open(monkeypatch, capsys):
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")

    def broken(title, text):
        raise RuntimeError("no display")

    for way in ("_native_box", "_tk_box", "_pygame_window"):
        monkeypatch.setattr(crash, way, broken)
    assert crash.show_message("Title", "what went wrong") == "stderr"
    assert "what went wrong" in capsys.readouterr().err


def test_the_message_uses_the_first_window_that_works(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    calls = []

    def broken(title, text):
        calls.append("native")
        raise RuntimeError("no native box")

    monkeypatch.setattr(crash, "_native_box", broken)
    monkeypatch.setattr(crash, "_tk_box", lambda title, text: calls.append("tk"))
    monkeypatch.setattr(crash, "_pygame_window", lambda title, text: calls.append("pygame"))
    assert crash.show_message("Title", "text") == "tk"
    assert calls == ["native", "tk"]


def test_an_unwritable_log_folder_falls_back_to_the_temp_folder(tmp_path, monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the folder should be")
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    path = crash.write_report(ValueError("x"), folder=blocked)
    assert path.parent == tmp_path / "tmp" and "ValueError: x" in path.read_text(encoding="utf-8")


def test_the_crash_test_switch_crashes_on_purpose(home, monkeypatch):
    tmp_path, shown = home
    monkeypatch.setenv(crash.CRASH_TEST_ENV, "1")
    assert crash.run_guarded(lambda: 0) == 1
    assert "RuntimeError: crash test" in reports(tmp_path)[0].read_text(encoding="utf-8")


def test_the_report_names_how_the_app_runs(monkeypatch, tmp_path):
    assert crash.how_it_runs() == "source"
    monkeypatch.setattr(crash.sys, "frozen", True, raising=False)
    monkeypatch.setattr(crash.sys, "_MEIPASS", str(tmp_path / "CardTable" / "_internal"),
                        raising=False)
    assert crash.how_it_runs() == "frozen onedir"
    monkeypatch.setattr(crash.sys, "_MEIPASS", str(tmp_path / "_MEIa1b2c3"))
    assert crash.how_it_runs() == "frozen onefile"
