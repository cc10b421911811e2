"""The replay viewer (scenes/replay.py): its controls move the ReplaySession; refusals are told."""

from __future__ import annotations

import pygame

from scenes.replay import LOG, OPEN, SCRUB, ReplayViewer, open_replay_text
from tests.scene_helpers import make_app
from tests.test_replay import played


def viewer_for(name: str = "sanguosha", players: int = 4, finished: bool = True):
    replay, _ = played(name, players)
    if not finished:
        replay.record.actions = replay.record.actions[: len(replay.record.actions) // 2]
        replay.finished = False
    app = make_app()
    assert open_replay_text(app, replay.dumps())
    viewer = app.manager.top
    assert isinstance(viewer, ReplayViewer)
    return app, viewer


def click(viewer, pos) -> None:
    viewer.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    viewer.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def key(viewer, k) -> None:
    viewer.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


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
    viewer.draw(app.screen)


def test_play_moves_at_the_chosen_speed_until_paused():
    app, viewer = viewer_for()
    viewer.set_speed("x4")
    key(viewer, pygame.K_SPACE)
    viewer.update(1.0)  # ×4: one action every 0.2 s
    assert viewer.session.position == 5
    key(viewer, pygame.K_SPACE)
    viewer.update(1.0)
    assert viewer.session.position == 5


def test_a_click_on_the_scrub_bar_jumps_there():
    app, viewer = viewer_for()
    click(viewer, (SCRUB.right - 1, SCRUB.centery))
    assert viewer.session.position == viewer.session.length
    click(viewer, (SCRUB.left, SCRUB.centery))
    assert viewer.session.position == 0


def test_a_click_on_a_log_line_jumps_to_that_moment():
    app, viewer = viewer_for()
    viewer.seek(40)
    viewer.draw(app.screen)
    step, top = viewer._log[2][0]
    click(viewer, (LOG.left + 40, LOG.top + top + 5))
    assert viewer.session.position == step < 40


def test_every_hand_is_offered_only_once_the_game_is_over():
    _, open_viewer = viewer_for(finished=True)
    assert OPEN in [v for v, _ in open_viewer.seat_choice.options]
    _, viewer = viewer_for(finished=False)
    assert OPEN not in [v for v, _ in viewer.seat_choice.options]


def test_the_board_shows_the_chosen_seats_view():
    app, viewer = viewer_for()
    viewer.seek(30)
    viewer.set_viewer(2)
    viewer.draw(app.screen)
    assert viewer._board[0] == (30, 2)


def test_a_refused_replay_is_told_in_one_line_and_the_app_goes_on():
    app = make_app()
    app.to_menu()
    assert not open_replay_text(app, '{"format": "cardtable-replay", "version": 7}')
    assert "newer" in app.toasts.toasts[-1].text
    assert app.manager.top.__class__.__name__ == "Menu"


def test_the_hint_in_a_replay_names_the_move():
    app, viewer = viewer_for("bloodborne", 3)
    viewer.seek(5)
    key(viewer, pygame.K_a)
    assert viewer.hint and ":" in viewer.hint


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
