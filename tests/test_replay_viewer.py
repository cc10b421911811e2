"""The replay viewer (scenes/replay.py): the game's own table fed by the ReplaySession, seen
through one seat's eyes; its controls move the session; refusals are told."""

from __future__ import annotations

import pygame
import pytest

from game.core.record import GameRecord
from game.registry import all_games, get_game
from scenes.replay import LOG, OPEN, SCRUB, ReplayViewer, open_replay_text
from scenes.tables import TABLES
from tests.scene_helpers import make_app, pump
from tests.test_replay import played

GAMES = sorted(all_games())


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))


def viewer_for(name: str = "sanguosha", players: int = 4, finished: bool = True, **settings):
    replay, _ = played(name, players)
    if not finished:
        replay.record.actions = replay.record.actions[: len(replay.record.actions) // 2]
        replay.finished = False
    app = make_app(**settings)
    assert open_replay_text(app, replay.dumps())
    viewer = app.manager.top
    assert isinstance(viewer, ReplayViewer)
    return app, viewer


def record_view(viewer, n: int, seat: int | None):
    """The rules' view for `seat` after the record's first `n` actions, played afresh."""
    rec = viewer.session.replay.record
    state = GameRecord(rec.game, rec.players, rec.seed, rec.options, rec.seats,
                       rec.actions[:n]).replay(get_game(rec.game))
    return state.view(seat)


def click(viewer, pos) -> None:
    viewer.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    viewer.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def key(viewer, k) -> None:
    viewer.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


@pytest.mark.parametrize("name", GAMES)
def test_the_viewer_shows_the_games_own_table(name):
    app, viewer = viewer_for(name, get_game(name).min_players)
    table = viewer.table
    assert type(table) is TABLES[name]
    assert table.session is viewer.session and table.viewer == 0  # the person's seat
    viewer.seek(viewer.session.length // 2)
    pump(app, 2)
    assert table.shown == record_view(viewer, viewer.session.length // 2, 0)


def test_the_viewer_starts_at_the_start_and_steps_with_the_arrows():
    app, viewer = viewer_for()
    s = viewer.session
    assert s.position == 0
    key(viewer, pygame.K_RIGHT)
    key(viewer, pygame.K_RIGHT)
    assert s.position == 2
    key(viewer, pygame.K_LEFT)
    assert s.position == 1
    key(viewer, pygame.K_END)
    assert s.position == s.length and s.is_over()
    key(viewer, pygame.K_HOME)
    assert s.position == 0
    pump(app, 1)


@pytest.mark.parametrize("name", GAMES)
def test_stepping_on_animates_the_move_and_shows_what_the_record_shows(name):
    app, viewer = viewer_for(name, get_game(name).min_players, animation_speed="x1")
    table, s = viewer.table, viewer.session
    seat = 1
    viewer.set_viewer(seat)
    animated = 0
    for n in range(1, min(s.length, 12) + 1):
        viewer.step_on()
        animated += table.timeline.busy
        table.finish_animation()
        pump(app, 1)
        assert not table.timeline.busy
        assert table.shown == record_view(viewer, n, seat), f"step {n}"
    assert animated  # a step forward plays its move, as at a live table


@pytest.mark.parametrize("name", GAMES)
def test_a_jump_shows_the_position_at_once_as_the_record_has_it(name):
    app, viewer = viewer_for(name, get_game(name).min_players, animation_speed="x1")
    table, s = viewer.table, viewer.session
    for n in (s.length // 2, 3, s.length, 0, s.length // 3):
        viewer.seek(n)
        assert not table.timeline.busy  # nothing is replayed on the table
        assert table.shown == record_view(viewer, n, 0), f"jump to {n}"
        pump(app, 1)


def test_nothing_at_the_replays_table_calls_for_a_move():
    app, viewer = viewer_for("bloodborne", 3, animation_speed="instant")
    table, s = viewer.table, viewer.session
    for n in range(0, s.length, max(1, s.length // 12)):
        viewer.seek(n)
        pump(app, 2)
        assert table.acting_human() is None and table.legal(0) == []
        assert table.bar == [] and table.first_tip is None
        assert table.hint_button is None or not table.hint_button.visible
    viewer.to_end()
    pump(app, 5)
    assert app.manager.top is viewer  # the end of the record opens no results


def test_play_moves_on_once_each_move_has_been_shown_until_paused():
    app, viewer = viewer_for(animation_speed="x4")
    key(viewer, pygame.K_SPACE)
    for _ in range(120):  # two seconds
        viewer.update(1 / 60)
    moved = viewer.session.position
    assert moved >= 2
    key(viewer, pygame.K_SPACE)
    for _ in range(120):
        viewer.update(1 / 60)
    assert viewer.session.position in (moved, moved + 1)  # at most the move being shown


def test_the_speed_is_the_tables_animation_speed():
    app, viewer = viewer_for(animation_speed="x1")
    viewer.speed_choice.on_change("x4")
    assert viewer.table.speed == 4.0


def test_a_click_on_the_scrub_bar_jumps_there():
    app, viewer = viewer_for()
    click(viewer, (SCRUB.right - 1, SCRUB.centery))
    assert viewer.session.position == viewer.session.length
    click(viewer, (SCRUB.left, SCRUB.centery))
    assert viewer.session.position == 0


def test_a_click_on_a_log_line_jumps_to_that_moment():
    app, viewer = viewer_for()
    viewer.seek(40)
    pump(app, 1)
    step, top = viewer._log[2][0]
    click(viewer, (LOG.left + 40, top + 5))
    assert viewer.session.position == step < 40


def test_every_hand_is_offered_only_once_the_game_is_over():
    _, open_viewer = viewer_for(finished=True)
    open_viewer.choose_seat()
    assert OPEN in [v for v, _ in open_viewer.menu.options]
    _, viewer = viewer_for(finished=False)
    viewer.choose_seat()
    assert OPEN not in [v for v, _ in viewer.menu.options]
    viewer.set_viewer(OPEN)
    assert viewer.viewer == 0 and viewer.table.viewer == 0


def test_the_table_is_seen_through_the_chosen_seats_eyes():
    app, viewer = viewer_for()
    viewer.seek(30)
    viewer.set_viewer(2)
    pump(app, 1)
    assert viewer.table.viewer == 2 and viewer.table.shown == record_view(viewer, 30, 2)
    viewer.set_viewer(OPEN)  # every hand: the spectator's table, the hands listed over it
    pump(app, 1)
    assert viewer.table.viewer is None and viewer.table.shown == record_view(viewer, 30, None)


def test_the_hint_in_a_replay_names_the_move_and_outlines_it_on_the_table():
    app, viewer = viewer_for("bloodborne", 3)
    s = viewer.session
    n = next(k for k in range(5, s.length) if 0 in s.state_at(k).to_act())
    viewer.seek(n)
    key(viewer, pygame.K_a)
    words = viewer.hint[1]
    advice = s.hint(0)
    assert words.endswith(advice.sentence) and advice.move in words
    assert viewer.table.hint_shown[2] == advice


def test_no_hint_for_a_seat_not_watched_while_the_hands_are_hidden():
    app, viewer = viewer_for("bloodborne", 3, finished=False)
    s = viewer.session
    n = next(k for k in range(s.length) if 0 not in s.state_at(k).to_act())
    viewer.seek(n)
    key(viewer, pygame.K_a)
    assert "watch that seat" in viewer.hint[1]
    assert viewer.table.hint_shown is None


def test_a_refused_replay_is_told_in_one_line_and_the_app_goes_on():
    app = make_app()
    app.to_menu()
    assert not open_replay_text(app, '{"format": "cardtable-replay", "version": 7}')
    assert "newer" in app.toasts.toasts[-1].text
    assert app.manager.top.__class__.__name__ == "Menu"


def test_the_persons_moves_that_differ_from_the_hint_are_marked():
    from game.coach import hint_at

    app, viewer = viewer_for("bloodborne", 3)
    viewer._coach_some(60.0)
    s = viewer.session
    mine = [n for n in range(1, s.length + 1) if s.acted(n).seat == 0]
    assert sorted(viewer.coach_marks) == mine
    for n in mine:
        differed = hint_at(s, n - 1, 0).action != s.acted(n).action
        assert viewer.coach_marks[n] is differed
    assert any(viewer.coach_marks.values())  # random moves: the coach disagrees somewhere


def test_main_replay_smoke_plays_a_record_and_ends_with_one_line_of_figures(tmp_path):
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    replay, _ = played("bloodborne", 3)
    path = tmp_path / "game.json"
    path.write_text(replay.dumps(), encoding="utf-8")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "CARDTABLE_HOME": str(tmp_path)}
    main = Path(__file__).resolve().parents[1] / "main.py"
    done = subprocess.run([sys.executable, str(main), "--replay", str(path), "--smoke",
                           "--frames", "30"], capture_output=True, text=True, env=env,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["frames"] == 30 and {"p95_ms", "jump_p95_ms", "jump_cpu_p95_ms"} <= set(figures)
    path.write_text(replay.dumps()[:200], encoding="utf-8")
    refused = subprocess.run([sys.executable, str(main), "--replay", str(path), "--smoke",
                              "--frames", "30"], capture_output=True, text=True, env=env,
                             timeout=120)
    assert refused.returncode != 0 and "cut short" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
