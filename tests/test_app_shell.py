"""The application shell under the dummy video driver: real App, real events through the loop."""

import json
import os
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import pygame
import pytest

from scenes import storage
from tests.scene_helpers import match_of

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    from scenes.app import App

    a = App()
    a.to_menu()
    pygame.event.clear()
    return a


def click(app, pos):
    """A real left click: button down and up posted to the event queue, one frame each."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.run(max_frames=1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run(max_frames=1)


def press(app, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.run(max_frames=1)


def test_menu_builds_and_draws_something(app):
    from scenes.menu import Menu

    app.run(max_frames=2)
    assert isinstance(app.manager.top, Menu)
    assert app.first_frame_at is not None and len(app.frame_times) == 2
    colors = {app.screen.get_at((x, y))[:3] for x in range(0, 1280, 64) for y in range(0, 720, 48)}
    assert len(colors) > 10  # a background and a title, not a blank window


def test_continue_is_disabled_without_an_autosave(app):
    assert not app.manager.top.buttons["continue"].enabled


def test_clicking_new_game_opens_the_setup_screen(app):
    from scenes.setup import Setup

    button = app.manager.top.buttons["new"]
    click(app, button.rect.center)
    assert isinstance(app.manager.top, Setup)


def test_escape_on_setup_returns_to_the_menu(app):
    from scenes.menu import Menu

    click(app, app.manager.top.buttons["new"].rect.center)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, Menu)


def test_menu_keyboard_down_and_enter_opens_rules(app):
    from scenes.rules import Rules

    press(app, pygame.K_DOWN)  # New game → Rules (Continue is disabled, so skipped)
    press(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, Rules)


def test_settings_toggles_apply_and_persist(app):
    from scenes.settings import SettingsScene

    click(app, app.manager.top.buttons["settings"].rect.center)
    scene = app.manager.top
    assert isinstance(scene, SettingsScene)
    click(app, scene.toggles["colourblind"].rect.center)
    click(app, scene.toggles["highlights"].rect.center)
    seg = scene.speed.segments()[3]  # "Instant"
    click(app, seg.center)
    assert app.settings.colourblind is True and app.settings.highlights is False
    saved = storage.load_settings()
    assert (saved.colourblind, saved.highlights, saved.animation_speed) == (True, False, "instant")


def test_corrupt_autosave_is_explained_and_kept_aside(app):
    path = storage.autosave_path("madoka")
    path.parent.mkdir(parents=True)
    path.write_text("{oops", encoding="utf-8")
    assert app.continue_game() is False
    assert "could not be read" in app.toasts.toasts[-1].text
    assert (path.parent / "madoka.json.bad").exists()


def test_autosave_that_no_longer_replays_is_kept_aside(app):
    bad = {"record": {"format": 1, "game": "no-such-game", "players": 2, "seed": 1,
                      "options": {}, "actions": []}, "seats": ["you", "ai:random"]}
    storage.save_game(bad)
    assert app.continue_game() is False
    assert "could not be restored" in app.toasts.toasts[-1].text
    assert not storage.has_saved_game()
    assert (storage.saves_dir() / "no-such-game.json.bad").exists()


def test_handoff_covers_the_screen_and_calls_back(app):
    from scenes.handoff import Handoff

    done = []
    app.open_handoff(1, lambda: done.append(True))
    scene = app.manager.top
    assert isinstance(scene, Handoff) and not scene.modal
    assert "Player 2" in scene.button.text
    click(app, scene.button.rect.center)
    assert done == [True] and app.manager.top is not scene


def _run_main(tmp_path, *args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CARDTABLE_HOME=str(tmp_path / "home"))
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


KEYS = {"frames", "p50_ms", "p95_ms", "max_ms", "first_frame_ms"}


def test_main_menu_run_for_frames_prints_timings_and_screenshot(tmp_path):
    shot = tmp_path / "menu.png"
    proc = _run_main(tmp_path, "--frames", "5", "--screenshot", str(shot))
    assert proc.returncode == 0, proc.stderr
    line = json.loads(proc.stdout.strip().splitlines()[-1])
    assert KEYS <= set(line) and line["frames"] == 5
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_version_flag(tmp_path):
    proc = _run_main(tmp_path, "--version")
    assert proc.returncode == 0 and proc.stdout.startswith("Card Table ")


def _has_table(game):
    if find_spec("scenes.tables") is None:
        return False
    from scenes.tables import TABLES

    return game in TABLES


@pytest.mark.skipif(not _has_table("madoka"), reason="the Madoka table is not written yet")
def test_smoke_run_of_madoka_prints_json_and_writes_png(tmp_path):
    shot = tmp_path / "smoke.png"
    proc = _run_main(tmp_path, "--smoke", "--game", "madoka", "--players", "4", "--frames", "60",
                     "--screenshot", str(shot))
    assert proc.returncode == 0, proc.stderr
    line = json.loads(proc.stdout.strip().splitlines()[-1])
    assert KEYS <= set(line) and line["frames"] == 60
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not (tmp_path / "home" / "data" / "saves" / "autosave.json").exists()


# --- shared widgets (the table uses ChoiceMenu for "play as X or Y", "tell girl / number") ---
def _key(key):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def test_choice_menu_picks_by_click_number_key_or_arrows_and_enter(app):
    from sprites.widgets import ChoiceMenu

    chosen = []
    menu = ChoiceMenu((100, 100), [("a", "Play as Slash"), ("b", "Play as Dodge")], chosen.append)
    click_at = menu.row_rect(1).center
    assert menu.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=click_at, button=1))
    assert chosen == ["b"] and not menu.open
    menu = ChoiceMenu((100, 100), [("a", "A"), ("b", "B")], chosen.append)
    menu.handle_event(_key(pygame.K_1))
    menu = ChoiceMenu((100, 100), [("a", "A"), ("b", "B")], chosen.append)
    menu.handle_event(_key(pygame.K_DOWN))
    menu.handle_event(_key(pygame.K_RETURN))
    assert chosen == ["b", "a", "b"]


def test_choice_menu_cancels_on_escape_or_click_outside_and_stays_on_screen(app):
    from sprites.widgets import ChoiceMenu

    cancelled = []
    menu = ChoiceMenu((1270, 710), [(1, "One"), (2, "Two")], print, lambda: cancelled.append(1))
    assert pygame.Rect(0, 0, 1280, 720).contains(menu.rect)
    menu.handle_event(_key(pygame.K_ESCAPE))
    menu2 = ChoiceMenu((10, 10), [(1, "One")], print, lambda: cancelled.append(2))
    menu2.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(900, 600), button=1))
    assert cancelled == [1, 2] and not menu.open and not menu2.open


def test_disabled_button_ignores_clicks(app):
    from sprites.widgets import Button

    pressed = []
    b = Button((0, 0, 100, 40), "Go", lambda: pressed.append(1), enabled=False)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        b.handle_event(pygame.event.Event(kind, pos=(50, 20), button=1))
    assert pressed == []


def test_seed_field_accepts_digits_only(app):
    from sprites.widgets import TextField

    f = TextField((0, 0, 200, 40))
    f.focused = True
    f.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="4a2-7"))
    assert f.text == "427"


@pytest.mark.skipif(not _has_table("madoka"), reason="the Madoka table is not written yet")
def test_setup_start_opens_the_table_with_the_chosen_seats_and_seed(app):
    from game.registry import default_bot
    from scenes.setup import Setup

    app.open_setup("madoka")
    setup = app.manager.top
    assert isinstance(setup, Setup)
    setup.set_players(3)
    setup.set_seat_kind(1, "human")
    setup.seed_text = "42"
    click(app, setup.start_button.rect.center)
    match = match_of(app.manager.stack[0])
    best = default_bot(match.game)
    assert match.seats == ["you", "human", f"ai:{best}"]
    assert match.record.seed == 42 and match.record.players == 3


@pytest.mark.skipif(not _has_table("madoka"), reason="the Madoka table is not written yet")
def test_setup_allows_an_all_ai_table_to_watch(app):
    app.open_setup("madoka")
    setup = app.manager.top
    setup.set_seat_kind(0, "ai")
    assert setup.start_button.text == "Watch"
    click(app, setup.start_button.rect.center)
    assert all(s.startswith("ai:") for s in match_of(app.manager.stack[0]).seats)


def test_corrupt_settings_start_with_defaults_and_one_toast(tmp_path, monkeypatch):
    from scenes.app import App

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    path = storage.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": 1, "settings": {"highlights": "maybe"}}', encoding="utf-8")
    app = App()
    assert app.settings == storage.Settings()
    assert [t.text for t in app.toasts.toasts] and "highlights" in app.toasts.toasts[0].text
    assert App().toasts.toasts == []  # the bad file was set aside: reported once


def test_continue_is_enabled_and_describes_the_saved_game(app):
    from scenes.menu import Menu

    record = {"format": 1, "game": "madoka", "players": 3, "seed": 1, "options": {},
              "actions": [[0, ["discard", 4, "discard", None]]]}
    storage.save_game({"record": record, "seats": ["you", "ai:x", "ai:y"]}, "Madoka Magica")
    app.to_menu()
    menu = app.manager.top
    assert isinstance(menu, Menu) and menu.buttons["continue"].enabled
    assert menu.buttons["continue"].tooltip == "Resume Madoka Magica — 3 players, 1 move made"
    assert menu.group.focus is menu.buttons["continue"]


# --- results: read generically from Outcome.details ---------------------------------------
class _FakeSession:
    """A finished game as the results screen reads it: a table session's answers."""

    def __init__(self, game, outcome, seats):
        from game.session import AI, YOU, SeatInfo

        self.game, self._outcome, self.players = game, outcome, len(seats)
        self._seats = [SeatInfo(AI if s.startswith("ai:") else YOU if s == "you" else "human",
                                f"Player {i + 1}", s[3:] if s.startswith("ai:") else "")
                       for i, s in enumerate(seats)]

    def seats(self):
        return self._seats

    def outcome(self):
        return self._outcome

    def is_over(self):
        return True


def _results(app, cooperative, outcome, seats):
    from game.core.contract import Game
    from scenes.results import Results

    class Fake(Game):
        name, title = "fake", "Fake Game"

    Fake.cooperative = cooperative
    app.open_results(_FakeSession(Fake(), outcome, seats))
    app.run(max_frames=2)  # draws without error
    assert isinstance(app.manager.top, Results)
    return app.manager.top


def test_cooperative_results_show_breakdown_bonuses_and_defeat(app):
    from game.core.contract import Outcome

    details = {"by_girl": {"homura": 3, "mami": 1}, "bonuses": [{"name": "Quintet", "points": 5}],
               "walpurgis_points": 5, "walpurgis": True, "total": 14, "lost": False,
               "reason": "The deck ran out."}
    won = _results(app, True, Outcome((0, 1), (14.0, 14.0), "Veteran", details), ["you", "ai:a"])
    assert won.headline() == "Veteran"  # the game's own rank, not "Victory"
    assert won.breakdown() == ("By girl", [("Homura", 3), ("Mami", 1)])
    assert won.bonuses() == [("Quintet", 5), ("Walpurgis", 5)]
    assert won.other_lines() == []  # total, lost and the walpurgis flag are shown elsewhere
    lost = _results(app, True, Outcome((), (0.0, 0.0), "Witch", {}), ["you", "ai:a"])
    assert lost.headline() == "Defeat: Witch"


def test_a_cooperative_result_says_the_score_and_rank_in_the_games_words(app):
    """Fault 6: 10 of 100 points in Madoka is "Sayaka class", with the team's score out of
    the most it could make, never "Victory"."""
    from game.core.contract import Outcome
    from game.registry import get_game

    game = get_game("madoka")
    rank = game.cards.scoring.rank(10)
    outcome = Outcome((0, 1, 2), (10.0, 10.0, 10.0), rank, {"reason": "The deck ran out."})
    app.open_results(_FakeSession(game, outcome, ["you", "ai:a", "ai:b"]))
    app.run(max_frames=2)
    shown = app.manager.top
    assert shown.headline() == rank == "Sayaka class" and "Victory" not in shown.headline()
    assert shown.score_line() == "The team scored 10 of 100 points"


def test_competitive_results_name_the_winner_and_list_parts_per_seat(app):
    from game.core.contract import Outcome

    details = {"per_player": [{"name": "You", "score": 7, "parts": [["Echoes", 7]]},
                              {"name": "Player 2 (AI)", "score": 9, "parts": {"Echoes": 9}}],
               "tiebreak": "none needed"}
    res = _results(app, False, Outcome((1,), (7.0, 9.0), "", details), ["you", "ai:a"])
    assert res.headline() == "Player 2 (AI) wins"
    shared = _results(app, False, Outcome((0, 1), (9.0, 9.0), "", {}), ["you", "human"])
    assert shared.headline() == "Shared victory: Player 1 (you), Player 2"
    assert shared.per_player() == [{"name": "Player 1 (you)", "score": 9.0, "seat": 0},
                                   {"name": "Player 2", "score": 9.0, "seat": 1}]


def test_rules_markdown_lists_sections_and_a_contents_link_scrolls_to_one(app, tmp_path,
                                                                          monkeypatch):
    from scenes import rules as rules_module

    text = "# Game\n\nIntro.\n\n## Setup\n\n" + "Line.\n\n" * 80 + "## Scoring\n\n- a **b** point\n"
    contents = []
    page = rules_module.render_markdown(text, 600, contents)
    assert [t for t, _ in contents] == ["Setup", "Scoring"]
    assert 0 < contents[0][1] < contents[1][1] < page.get_height()
    (tmp_path / "rules.md").write_text(text, encoding="utf-8")
    monkeypatch.setattr(rules_module, "rules_file", lambda game: tmp_path / "rules.md")
    app.open_rules("madoka")
    rules = app.manager.top
    scoring = next(b for b, off in rules.links if off == rules.contents[1][1])
    click(app, scoring.rect.center)
    assert rules.view.offset == min(rules.contents[1][1], rules.view.max_offset) > 0


# --- the window fills any size (issue 12, point 6) -------------------------------------------
def resize_window(app, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app._fit_to_window()


def test_a_1366x768_window_is_filled_by_the_scaled_screen(app):
    resize_window(app, (1366, 768))
    assert app.view.h == 768 and app.view.w >= 1364  # the same aspect, edge to edge
    app.run(max_frames=1)
    logical = app.screen.get_at((640, 360))[:3]
    shown = app.window.get_at(app.view.center)[:3]
    assert max(abs(a - b) for a, b in zip(logical, shown, strict=False)) < 24
    assert app.window.get_at((2, 384))[:3] != (0, 0, 0)  # no black frame at the left edge


def test_a_click_in_a_scaled_window_lands_on_the_logical_button(app):
    from scenes.settings import SettingsScene

    resize_window(app, (1920, 1080))
    x, y = app.manager.top.buttons["settings"].rect.center
    click(app, (app.view.x + x * 1.5, app.view.y + y * 1.5))
    assert isinstance(app.manager.top, SettingsScene)


def test_a_small_desktop_opens_a_maximized_window_a_large_one_the_logical_size():
    from scenes.app import window_size

    assert window_size((1366, 768)) == ((1366, 768), True)
    assert window_size((1920, 1080)) == ((1280, 720), False)


def test_a_saved_fullscreen_setting_starts_centred_and_filled(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    from scenes.app import App

    a = App(settings=storage.Settings(fullscreen=True))
    ww, wh = a.window.get_size()
    assert a.fullscreen
    assert a.view.w == ww or a.view.h == wh  # touches two opposite edges
    assert abs(a.view.centerx - ww / 2) <= 1 and abs(a.view.centery - wh / 2) <= 1
    a.settings.fullscreen = False
    a.apply_settings()
    assert not a.fullscreen and a.window.get_size() == (1280, 720) and a.screen is a.window


# --- saves (issue 12, point 12) ----------------------------------------------------------------
SAVED = {"record": {"format": 1, "game": "madoka", "players": 2, "seed": 7, "options": {},
                    "actions": []}, "seats": ["you", "ai:random"]}


def fresh_app(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    from scenes.app import App

    a = App()
    a.to_menu()
    pygame.event.clear()
    return a


def test_continue_has_the_focus_when_a_game_is_saved(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    storage.save_game(SAVED, "Madoka Magica")
    a = fresh_app(tmp_path, monkeypatch)
    menu = a.manager.top
    assert menu.buttons["continue"].enabled and menu.group.focus is menu.buttons["continue"]


def test_a_new_game_of_a_saved_game_asks_first_and_keeping_it_changes_nothing(tmp_path,
                                                                               monkeypatch):
    """Fault 14: nothing a player saved is replaced without asking."""
    from scenes.menu import ConfirmReplace
    from scenes.setup import Setup

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    storage.save_game(SAVED, "Madoka Magica")
    before = storage.autosave_path("madoka").read_bytes()
    a = fresh_app(tmp_path, monkeypatch)
    click(a, a.manager.top.buttons["new"].rect.center)
    assert isinstance(a.manager.top, Setup)  # saves are per game: the setup asks nothing
    a.new_game("madoka", 3)
    ask = a.manager.top
    assert isinstance(ask, ConfirmReplace) and "Madoka Magica" in ask.summary
    assert ask.group.focus is ask.keep  # Enter continues the saved game
    click(a, ask.group.widgets[2].rect.center)  # Back
    assert isinstance(a.manager.top, Setup)
    assert storage.autosave_path("madoka").read_bytes() == before
    a.new_game("madoka", 3)
    a.manager.top.start()  # Start new: the new game's first move replaces the save
    table = a.manager.top
    assert table.session.game.name == "madoka"


def test_another_games_new_game_never_touches_a_saved_game(tmp_path, monkeypatch):
    """Fault 14: saves are kept per game; `main.py --game bloodborne` over a saved Madoka game
    leaves it, and Continue then lists both."""
    from scenes.menu import ChooseSave

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    storage.save_game(SAVED, "Madoka Magica")
    before = storage.autosave_path("madoka").read_bytes()
    a = fresh_app(tmp_path, monkeypatch)
    a.new_game("bloodborne", 3, ["you", "ai:random", "ai:random"], seed=2)
    table = a.manager.top
    table.apply(0, table.legal()[0])
    storage.WRITER.flush()
    assert storage.autosave_path("madoka").read_bytes() == before
    assert storage.has_saved_game("bloodborne")
    a.to_menu()
    click(a, a.manager.top.buttons["continue"].rect.center)
    chooser = a.manager.top
    assert isinstance(chooser, ChooseSave)
    names = [b.text for b in chooser.group.widgets[:-1]]
    assert names[0].startswith("Bloodborne") and names[1].startswith("Madoka Magica")
    click(a, chooser.group.widgets[1].rect.center)
    assert a.manager.top.session.game.name == "madoka"


def test_an_older_single_autosave_becomes_its_games_save(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    legacy = storage.saves_dir() / "autosave.json"
    storage.write_json_atomic(legacy, {"format": 1, "match": SAVED})
    assert [s["game"] for s in storage.saved_games()] == ["madoka"]
    assert not legacy.exists() and storage.has_saved_game("madoka")


def test_new_game_without_a_save_goes_straight_to_setup(app):
    from scenes.setup import Setup

    click(app, app.manager.top.buttons["new"].rect.center)
    assert isinstance(app.manager.top, Setup)


def test_a_damaged_save_is_reported_on_the_menu_at_start_and_continue_is_off(tmp_path,
                                                                            monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    path = storage.autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": 1, "match": {', encoding="utf-8")
    a = fresh_app(tmp_path, monkeypatch)
    menu = a.manager.top
    assert "could not be read" in menu.notice and "autosave.json.bad" in menu.notice
    assert not menu.buttons["continue"].enabled
    a.run(max_frames=1)  # the notice is drawn without error


def test_a_save_that_fails_to_replay_turns_continue_off_at_once(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    bad = dict(SAVED, record=dict(SAVED["record"], game="no-such-game"))
    storage.save_game(bad)
    a = fresh_app(tmp_path, monkeypatch)
    menu = a.manager.top
    assert menu.buttons["continue"].enabled
    click(a, menu.buttons["continue"].rect.center)
    assert not menu.buttons["continue"].enabled and menu.group.focus is menu.buttons["new"]
    message = a.toasts.toasts[-1].text
    assert "could not be restored" in message and ".." not in message
    assert "unknown game" not in message and "KeyError" not in message


# --- results (issue 12, point 11) --------------------------------------------------------------
def test_competitive_results_sort_the_seats_winners_first_with_each_seats_reason(app):
    from game.core.contract import Outcome

    details = {"per_player": [{"name": "A", "score": 3, "reason": "died twice"},
                              {"name": "B", "score": 12, "reason": "most trophies"},
                              {"name": "C", "score": 7}]}
    res = _results(app, False, Outcome((1,), (3.0, 12.0, 7.0), "", details),
                   ["you", "ai:a", "ai:b"])
    assert [r["name"] for r in res.standings()] == ["B", "C", "A"]
    assert res.standings()[2]["reason"] == "died twice"
    tie = _results(app, False, Outcome((2,), (9.0, 5.0, 9.0), "", {}), ["you", "ai:a", "ai:b"])
    assert [r["seat"] for r in tie.standings()] == [2, 0, 1]  # the tie-break winner first


def test_results_show_the_final_table_as_the_game_left_it(app):
    from game.core.contract import Outcome
    from scenes.manager import Scene

    class Table(Scene):  # stands for the game's table, red all over
        def draw(self, surface):
            surface.fill((200, 10, 10))

    app.manager.reset(Table(app))
    res = _results(app, True, Outcome((), (0.0, 0.0), "", {"reason": "The deck ran out."}),
                   ["you", "ai:a"])
    assert res.final_table is not None
    assert max(abs(a - b) for a, b in zip(res.final_table.get_at((5, 5))[:3], (200, 10, 10), strict=False)) < 6


def test_rematch_replays_the_setup_with_a_new_seed_and_new_game_opens_setup_filled_in(app):
    from scenes.setup import Setup

    started = []
    app.new_game = lambda **kw: started.append(kw)  # noqa: E731 - what the buttons ask for
    app.last_setup = {"game_name": "madoka", "players": 3, "seats": ["you", "ai:strong",
                                                                     "ai:simple"],
                      "options": {"qb": True}}
    from game.core.contract import Outcome

    res = _results(app, True, Outcome((), (0.0,) * 3, "", {}), ["you", "ai:strong", "ai:simple"])
    rematch = next(b for b in res.group.widgets if getattr(b, "text", "") == "Rematch")
    rematch.activate()
    assert started == [app.last_setup] and "seed" not in started[0]  # a new shuffle
    next(b for b in res.group.widgets if getattr(b, "text", "") == "New game").activate()
    setup = app.manager.top
    assert isinstance(setup, Setup) and setup.game_name == "madoka"
    assert setup.players == 3 and setup.chosen_seats() == ["you", "ai:strong", "ai:simple"]
    assert setup.options["qb"] is True


# --- levels in setup, the rules page (issue 12, point 8) ---------------------------------------
def test_setup_offers_levels_a_player_understands_with_the_bot_in_the_tooltip(app):
    from game.registry import all_games, playable_bots
    from scenes.setup import Setup, bot_levels
    from sprites.widgets import Spinner

    for name, game in all_games().items():
        levels = bot_levels(game)
        assert {b for b, _ in levels} <= set(playable_bots(game)) and 1 <= len(levels) <= 3
        assert [label for _, label in levels] == ["Easy", "Normal", "Hard"][-len(levels):] or \
            len(levels) == 2
        setup = Setup(app, name)
        spinners = [w for w in setup.group.widgets if isinstance(w, Spinner)
                    and getattr(w, "key_name", "").startswith("bot:")]
        assert spinners, name
        for sp in spinners:
            assert all(label not in playable_bots(game) for _, label in sp.options)
            assert f"“{sp.value}”" in sp.tooltip


def test_easy_to_hard_follows_how_strongly_the_bots_play():
    from game.core.contract import Game
    from scenes.setup import bot_levels

    class G(Game):
        default_bot = "heuristic"

        def bots(self):
            return {"random": 0, "heuristic": 0, "ismcts": 0, "open": 0}

    assert bot_levels(G()) == [("random", "Easy"), ("heuristic", "Normal"), ("ismcts", "Hard")]

    class Many(G):
        default_bot = "strong"

        def bots(self):
            return {b: 0 for b in ("random", "simple", "search", "strong", "ismcts")}

    assert bot_levels(Many()) == [("simple", "Easy"), ("search", "Normal"), ("strong", "Hard")]


def test_rules_table_columns_keep_room_for_their_longest_word():
    from scenes.rules import BODY, column_widths
    from sprites.text import font

    rows = [["card", "type", "damage", "text"],
            ["Hunter Pistol", "ranged", "1", "Immediate. Deals 1 damage; prevent 2 damage to "
             "yourself or cancel another hunter's melee attack, and a good deal more text."]]
    widths = column_widths(rows, 700)
    assert sum(widths) <= 700
    for c, w in enumerate(widths):
        longest = max(font(BODY, "bold").size(word)[0] for r in rows for word in r[c].split())
        assert w >= longest + 20, rows[0][c]


def test_rules_contents_entries_show_whole_titles(app):
    from scenes.rules import ContentsLink, Rules

    app.open_rules()
    rules = app.manager.top
    assert isinstance(rules, Rules)
    for game in rules.games:
        rules.show(game)
        links = [w for w in rules.group.widgets if isinstance(w, ContentsLink)]
        titles = [t for t, _ in rules.contents]
        assert [" ".join(link.lines) for link in links] == titles[:len(links)]
        assert len(links) == len(titles), f"{game}: the contents list ends early"
        for link in links:
            assert all(len(line) and "…" not in line for line in link.lines)


def test_the_colourblind_setting_redraws_every_open_tables_cards(app):
    from scenes.manager import Scene
    from sprites import theme

    class Table(Scene):
        def __init__(self, app):
            super().__init__(app)
            self.face_cache = {("girl", "mami", 1): object()}
            self._static = ("key", object())

    table = Table(app)
    app.manager.reset(table)
    app.settings.colourblind = True
    app.apply_settings()
    assert theme.colourblind() and table.face_cache == {} and table._static is None
    app.settings.colourblind = False
    app.apply_settings()
    assert not theme.colourblind()


def test_an_exact_multiple_of_the_screen_is_scaled_pixel_for_pixel(app):
    resize_window(app, (2560, 1440))
    app.screen.fill((0, 0, 0))
    app.screen.set_at((10, 10), (255, 255, 255))
    app.present()
    assert [app.window.get_at(p)[:3] for p in ((20, 20), (21, 21), (22, 22))] == \
        [(255, 255, 255), (255, 255, 255), (0, 0, 0)]


def test_rules_game_tabs_sit_in_one_header_row_even_for_five_games(app, monkeypatch):
    from scenes import rules as rules_scene

    five = {"madoka": "Madoka Magica", "bloodborne": "Bloodborne: The Card Game",
            "mhtcg": "Monster Hunter TCG", "hermitcraft": "Hermitcraft TCG",
            "sanguosha": "Sanguosha: Legends of the Three Kingdoms"}
    monkeypatch.setattr(rules_scene, "rule_games", lambda: five)
    app.open_rules()
    page = app.manager.top
    tabs = [page.tabs[name] for name in five]
    close = next(w for w in page.group.widgets if getattr(w, "text", "") == "×")
    assert len({t.rect.top for t in tabs}) == 1, "the tabs share one row"
    for a, b in zip(tabs, tabs[1:], strict=False):
        assert a.rect.right <= b.rect.left, "tabs overlap"
    assert tabs[-1].rect.right <= close.rect.left and tabs[0].rect.bottom <= page.view.rect.top


# --- the rules references speak to players (issue 12, point 8) ----------------------------------
@pytest.mark.parametrize("game", ["bloodborne", "hermitcraft", "madoka", "mhtcg", "sanguosha"])
def test_the_rules_reference_names_no_file_and_no_developer_words(game):
    from game.core.resources import data_path

    path = data_path(game, "rules.md")
    if not path.is_file():
        pytest.skip(f"{game} has no rules reference yet")
    words = path.read_text(encoding="utf-8").lower()
    for developer in ("self-play", "data/", "docs/", ".md", ".toml", ".py"):
        assert developer not in words, f"{path.name} of {game} says {developer!r} to players"


@pytest.mark.parametrize("game", ["madoka", "bloodborne"])
def test_a_hot_seat_game_opens_on_the_pass_to_screen_never_the_table(app, game, monkeypatch):
    """Fault 3: with three people at the screen, the first frame on screen is "Pass to …",
    and nothing of the table is drawn on the screen before its person passes it."""
    from scenes.handoff import Handoff
    from scenes.tables import TABLES

    drawn = []
    table_class = TABLES[game]
    real_draw = table_class.draw
    monkeypatch.setattr(table_class, "draw", lambda self, surface: (
        drawn.append(surface is app.screen), real_draw(self, surface))[1])
    app.new_game(game, 3, ["you", "human", "human"], seed=3)
    assert isinstance(app.manager.top, Handoff)
    app.run(max_frames=2)
    assert isinstance(app.manager.top, Handoff) and not any(drawn)
    first = app.manager.top.player
    app.manager.top.done()
    app.run(max_frames=1)
    table = app.manager.top
    assert table.viewer == first and any(drawn)
