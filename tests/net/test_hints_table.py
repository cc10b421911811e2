"""The coach at a network table, from the app (scenes/net/lobby.py, scenes/table/coach.py): a
friend agrees to the proposed hints in the lobby, then the table's Hint button (A) shows the
coach's advice for the friend's seat, as at a local table; without every seat's agreement the
table gives none."""

from __future__ import annotations

import time

import pygame
import pytest

from game.coach import advise
from game.net.client import NetworkSession
from game.net.hosting import FRIEND, YOU, Hosting
from scenes.net.lobby import Lobby
from scenes.table.coach import HINT_KEY
from tests.scene_helpers import click, make_app, pump, run_until, seed_where


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    a = make_app(animation_speed="instant")
    a.to_menu()
    pygame.event.clear()
    yield a
    a.to_menu()  # closes the friend's connection


@pytest.fixture
def friend_at(app, tmp_path):
    """A hermitcraft table hosted with hints proposed (its host agreed by proposing them), and
    the app in seat 2's lobby, joined as the Join screen does; seat 2 acts first."""
    made = []

    def make() -> tuple[Hosting, Lobby]:
        h = Hosting("hermitcraft", 2, [YOU, FRIEND], name="Bo's table", player_name="Bo",
                    hints=True, bind="127.0.0.1", port=0, save_dir=tmp_path / "host",
                    seed=seed_where("hermitcraft", 2, 1), announce=False)
        made.append(h)
        session = NetworkSession("127.0.0.1", h.port, h.table.id, 1, h.table.seats[1].token,
                                 "Ann")
        app.network = session
        app.manager.push(Lobby(app, session))
        lobby = app.manager.top
        assert run_until(app, lambda: lobby.session.ready and lobby.agree_toggle.visible)
        return h, lobby

    yield make
    for h in made:
        h.close(wait=15)


def press(app, k) -> None:
    app.manager.top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def open_the_table(app, h: Hosting):
    h.start_game()
    assert run_until(app, lambda: type(app.manager.top).__name__ == "HermitcraftTable")
    table = app.manager.top
    assert run_until(app, lambda: table.acting_human() == 1, 20.0)
    pump(app, 2)
    return table


def test_a_friend_agrees_in_the_lobby_and_the_hint_button_gives_the_coachs_advice(app, friend_at):
    h, lobby = friend_at()
    assert not lobby.agree_toggle.value
    assert run_until(app, lambda: "agreed so far: 1 of 2" in lobby.status()[0])
    click(lobby.agree_toggle.rect.center)
    assert run_until(app, lambda: sorted(lobby.session.agreed()) == [0, 1])
    assert lobby.agree_toggle.value and "2 of 2" in lobby.status()[0]
    table = open_the_table(app, h)
    assert table.session.hints_off() is None and table.hint_button.visible
    press(app, HINT_KEY)
    end = time.monotonic() + 10
    while table.hint_shown is None and time.monotonic() < end:
        pump(app, 1)
        time.sleep(0.005)
    assert table.hint_shown is not None
    _, seat, advice, words = table.hint_shown
    # nothing moves meanwhile (no bots): the test may read the host's state to compare
    assert seat == 1 and words
    assert advice == advise(h.table.state.clone(), 1, h.table.version)
    assert advice.action in table.session.legal_actions(1)
    assert table.hint_rects(advice.action)  # its card or target is outlined, as locally
    table.draw(app.screen)


def test_without_every_persons_agreement_the_network_table_gives_no_hint(app, friend_at):
    h, lobby = friend_at()  # the friend never agrees
    table = open_the_table(app, h)
    off = table.session.hints_off()
    assert off and "every seat must agree" in off
    assert table.hint_button is None or not table.hint_button.visible
    press(app, HINT_KEY)
    pump(app, 1)
    assert table.last_toast == off and table.hint_shown is None  # (the table's own notes)


def test_the_person_hosting_agrees_to_hints_by_proposing_them(app, tmp_path):
    h = Hosting("hermitcraft", 2, [YOU, FRIEND], name="t", player_name="Bo", bind="127.0.0.1",
                port=0, save_dir=tmp_path / "host", seed=3, announce=False)
    try:
        app.network = h
        app.manager.push(Lobby(app, h.session, h))
        lobby = app.manager.top
        assert run_until(app, lambda: lobby.session.ready)
        assert not lobby.agree_toggle.visible  # the host's own word is "Allow hints"
        click(lobby.hints_toggle.rect.center)
        assert run_until(app, lambda: lobby.session.hints_allowed
                         and lobby.session.agreed() == [0])
        assert "agreed so far: 1 of 1" in lobby.status()[0]
    finally:
        app.network = None
        h.close(wait=15)
