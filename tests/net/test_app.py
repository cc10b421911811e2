"""Network play from the app (scenes/net), driven with real pygame events under the dummy
driver, on 127.0.0.1: the menu's screens, hosting from the app, joining by join code and from
the mDNS list, the lobby's start, whole games through the app's own tables, a dropped
connection coming back, and tables that never hold the rules state."""

from __future__ import annotations

import time

import pygame
import pytest

from game.core.contract import State
from game.net.client import NOTICE, NetworkSession
from game.net.hosting import FRIEND, YOU, Hosting
from scenes import net
from scenes.setup import bot_levels
from tests.scene_helpers import click, key, make_app, post, pump, run_until


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    monkeypatch.setattr(net, "HOST_BIND", "127.0.0.1")
    monkeypatch.setattr(net, "HOST_PORT", 0)
    monkeypatch.setattr(net, "MDNS_INTERFACES", ["127.0.0.1"])
    a = make_app(animation_speed="instant")
    a.to_menu()
    pygame.event.clear()
    pump(a, 2)
    yield a
    a.to_menu()  # leaves the network game: its connection and any table it hosts close


@pytest.fixture
def friends_host(tmp_path):
    """A table hosted elsewhere (the same code as the app's host), for the app to join."""
    made = []

    def make(game="hermitcraft", seats=(YOU, FRIEND), announce=False, **kw):
        h = Hosting(game, len(seats), list(seats), name="Bo's table", player_name="Bo",
                    bind="127.0.0.1", port=0, save_dir=tmp_path / "elsewhere", seed=11,
                    announce=announce, announce_on=["127.0.0.1"], **kw)
        made.append(h)
        return h

    yield make
    for h in made:
        h.close(wait=15)


def type_text(app, field, text: str) -> None:
    """Click into a text field and type into it, as a keyboard would."""
    click(field.rect.center)
    post(pygame.TEXTINPUT, text=text)
    pump(app, 1)


def top_name(app) -> str:
    return type(app.manager.top).__name__


def play_to_the_end(app, timeout: float = 60.0) -> None:
    """The person at the app's table plays its first legal action whenever asked."""
    def step() -> bool:
        table = app.manager.top
        if top_name(app) == "Results":
            return True
        if hasattr(table, "legal") and not table.timeline.busy:
            legal = table.legal()
            if legal:
                table.apply(table.viewer, legal[0], confirmed=True)
        return False

    assert run_until(app, step, timeout)


# --- the menu's screens -------------------------------------------------------------------

def test_the_menu_opens_host_a_table_and_join_a_table_and_esc_comes_back(app):
    menu = app.manager.top
    click(menu.buttons["host"].rect.center)
    pump(app, 1)
    assert top_name(app) == "HostSetup"
    key(pygame.K_ESCAPE)
    pump(app, 1)
    assert app.manager.top is menu
    click(menu.buttons["join"].rect.center)
    pump(app, 1)
    assert top_name(app) == "JoinScene"
    key(pygame.K_ESCAPE)
    pump(app, 1)
    assert app.manager.top is menu


def test_host_setup_keeps_exactly_one_seat_for_you(app):
    app.open_host()
    setup = app.manager.top
    setup.pick_game("madoka")
    setup.set_seat(2, "you")
    assert setup.chosen_seats() == ["friend", "friend", "you", "friend"]
    setup.set_seat(2, "ai")  # you must sit somewhere: the first other seat
    assert setup.chosen_seats().count("you") == 1 and setup.chosen_seats()[2] == "ai"


# --- hosting from the app -----------------------------------------------------------------

def open_hosted_table(app, game: str, seats: list[str], name: str = "Ann"):
    """Through the Host a table screen: the game, the seats, your name; Open the table."""
    app.open_host()
    setup = app.manager.top
    setup.pick_game(game)
    click(next(w for w in setup.group.widgets if getattr(w, "label", "") == "Players")
          .segments()[len(seats) - setup.game.min_players].center)
    pump(app, 1)
    setup = app.manager.top
    assert setup.players == len(seats)
    for i, kind in enumerate(seats):
        if setup.chosen_seats()[i] != kind:
            setup.set_seat(i, kind)
    for _ in range(3):  # the easiest AI level: quick games
        level = next(w for w in setup.group.widgets if getattr(w, "label", "") == "AI level")
        click((level.segments()[0].left + 8, level.rect.centery))
        pump(app, 1)
    assert setup.bot == bot_levels(setup.game)[0][0]
    type_text(app, setup.you_field, name)
    click(setup.open_button.rect.center)
    pump(app, 1)
    assert top_name(app) == "Lobby", setup.problem
    lobby = app.manager.top
    assert run_until(app, lambda: lobby.session.ready)
    return lobby


def test_the_lobby_shows_who_took_which_seat_and_the_host_starts_the_game(app):
    lobby = open_hosted_table(app, "madoka", ["you", "friend", "ai"])
    hosting = app.network
    assert isinstance(hosting, Hosting) and lobby.hosting is hosting
    # a friend joins with the join code the lobby shows for seat 2
    from game.net.protocol import read_join_code

    host, port, table, seat, token = read_join_code(hosting.join_code(1))
    friend = NetworkSession(host if host != "0.0.0.0" else "127.0.0.1", port, table, seat, token,
                            "Bo")
    try:
        assert run_until(app, lambda: [r["name"] for r in lobby.session.lobby()][:2] ==
                         ["Ann", "Bo"])
        assert lobby.start_button.enabled and not lobby.session.started
        click(lobby.start_button.rect.center)
        assert run_until(app, lambda: top_name(app) == "MadokaTable")
        assert friend.wait_ready() and run_until(app, lambda: friend.started)
        table = app.manager.top
        assert table.session is hosting.session and table.viewer == 0
        assert [s.kind for s in table.seat_info] == ["you", "ai", "ai"]  # played elsewhere
    finally:
        friend.close(wait=2)


def test_a_whole_game_hosted_in_the_app_against_its_ai_ends_on_the_results(app):
    lobby = open_hosted_table(app, "madoka", ["you", "ai"])
    lobby.start()
    assert run_until(app, lambda: top_name(app) == "MadokaTable")
    table = app.manager.top
    play_to_the_end(app)
    hosted = app.network.table
    assert hosted.is_over()
    assert table.session.outcome() == hosted.state.outcome()
    assert app.manager.top.outcome == hosted.state.outcome()


def test_a_table_in_a_network_game_never_holds_the_rules_state(app):
    lobby = open_hosted_table(app, "sanguosha", ["you", "ai", "ai", "ai"])
    lobby.start()
    assert run_until(app, lambda: top_name(app) == "SanguoshaTable")
    table = app.manager.top
    pump(app, 10)
    found, seen = [], set()

    def walk(x, depth=0):
        if id(x) in seen or depth > 12:
            return
        seen.add(id(x))
        if isinstance(x, State):
            found.append(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                walk(k, depth + 1)
                walk(v, depth + 1)
        elif isinstance(x, (list, tuple, set, frozenset)) or type(x).__name__ == "deque":
            for v in x:
                walk(v, depth + 1)
        elif hasattr(x, "__dict__") and type(x).__module__.split(".")[0] in ("game", "scenes",
                                                                            "sprites"):
            if type(x).__name__ in ("Hosting", "HostThread", "Host", "App"):
                return  # the host's side (it does hold the state) and the app around the table
            walk(vars(x), depth + 1)

    walk(table)
    assert found == []


# --- joining from the app -----------------------------------------------------------------

def test_joining_with_a_join_code_takes_the_seat_and_the_hosts_start_opens_the_table(
        app, friends_host):
    h = friends_host()
    app.open_join()
    join = app.manager.top
    type_text(app, join.where_field, h.join_code(1))
    type_text(app, join.name_field, "Ann")
    click(join.join_button.rect.center)
    pump(app, 1)
    assert top_name(app) == "Lobby" and app.manager.top.hosting is None
    lobby = app.manager.top
    assert run_until(app, lambda: lobby.session.ready)
    assert lobby.session.seat == 1
    assert run_until(app, lambda: h.session.lobby()[1]["name"] == "Ann")
    h.start_game()
    assert run_until(app, lambda: top_name(app) == "HermitcraftTable")
    assert app.manager.top.viewer == 1


def test_a_damaged_join_code_is_refused_with_a_reason_and_nothing_opens(app):
    app.open_join()
    join = app.manager.top
    type_text(app, join.where_field, "192.168.1.20:47474/t1/two/K7QF2")
    click(join.join_button.rect.center)
    pump(app, 1)
    assert top_name(app) == "JoinScene" and "damaged" in join.problem
    assert app.network is None


def test_a_table_from_the_network_list_and_its_seat_code_take_the_seat(app, friends_host):
    h = friends_host(announce=True)
    app.open_join()
    join = app.manager.top
    # listed once the host sat down: seat 2 is free (the announcement follows the seats)
    assert run_until(app, lambda: any(r.found.table == h.table.id and r.found.free == (1,)
                                      for r in join.rows), 15)
    row = next(r for r in join.rows if r.found.table == h.table.id)
    assert h.table.seats[1].token not in repr(row.found)
    click(row.rect.center)
    pump(app, 1)
    assert join.where.endswith(f":{h.port}")
    type_text(app, join.code_field, h.seat_code(1).lower())  # read however it is typed
    key(pygame.K_RETURN)
    pump(app, 1)
    lobby = app.manager.top
    assert top_name(app) == "Lobby"
    assert run_until(app, lambda: lobby.session.ready) and lobby.session.seat == 1


def test_a_dropped_connection_comes_back_to_its_seat_and_the_table_says_so(app, friends_host):
    h = friends_host(game="hermitcraft")
    app.open_join()
    join = app.manager.top
    type_text(app, join.where_field, h.join_code(1))
    click(join.join_button.rect.center)
    pump(app, 1)
    lobby = app.manager.top
    assert run_until(app, lambda: lobby.session.ready)
    h.start_game()
    assert run_until(app, lambda: top_name(app) == "HermitcraftTable")
    table = app.manager.top
    session = table.session
    session.retry = 0.1
    host = h.thread.host

    def cut() -> None:  # the network drops the app's connection
        for conn in list(host.conns[h.table.id]):
            if conn.seat == 1:
                conn.ws.transport.abort()

    h.thread.call(cut)
    assert run_until(app, lambda: session.status == "reconnecting", 5)
    assert run_until(app, lambda: session.status == "playing", 10)
    # the table's log says so (the session's notices are events like any other)
    assert run_until(app, lambda: any("Reconnected" in line for line, _ in table.log.entries))
    logged = [e.text for x in session.history(1) for e in x.events if e.kind == NOTICE]
    assert any("lost" in t for t in logged) and any("Reconnected" in t for t in logged)
    # and the seat plays on from its current position
    before = sum(1 for seat, _ in h.table.record.actions if seat == 1)

    def both_play() -> bool:
        h.session.poll(0)
        legal = h.session.legal_actions(0)
        if legal:
            h.session.apply(0, legal[0])
        if not table.timeline.busy:
            mine = table.legal()
            if mine:
                table.apply(1, mine[0], confirmed=True)
        return sum(1 for seat, _ in h.table.record.actions if seat == 1) >= before + 3 or \
            h.table.is_over()

    assert run_until(app, both_play, 30)


def test_conceding_from_the_network_pause_menu_is_the_rules_concede(app, friends_host):
    h = friends_host(game="hermitcraft")
    app.open_join()
    join = app.manager.top
    type_text(app, join.where_field, h.join_code(1))
    click(join.join_button.rect.center)
    pump(app, 1)
    assert run_until(app, lambda: app.manager.top.session.ready)
    h.start_game()
    assert run_until(app, lambda: top_name(app) == "HermitcraftTable")
    table = app.manager.top
    pump(app, 2)
    key(pygame.K_ESCAPE)
    pump(app, 1)
    assert top_name(app) == "NetPause"
    pause = app.manager.top
    pause.ask_concede()
    pause.confirmed()
    pump(app, 1)
    assert top_name(app) == "Menu"
    assert run_until(app, lambda: h.table.is_over(), 5)
    assert h.table.state.outcome().winners == (0,)
    assert h.table.record.actions[-1] == (1, h.table.record.actions[-1][1])
    assert h.table.record.actions[-1][1].kind == "concede"
    assert table.session.status in ("closed", "over", "playing")


def test_the_end_of_a_network_game_keeps_the_local_saved_game(app):
    from scenes import storage

    app.autosave = True  # as outside smoke runs: a local game's end clears its save
    storage.save_game({"record": {"game": "madoka", "players": 2, "actions": []}},
                      "Madoka Magica")
    assert storage.has_saved_game()
    lobby = open_hosted_table(app, "madoka", ["you", "ai"])
    lobby.start()
    assert run_until(app, lambda: top_name(app) == "MadokaTable")
    play_to_the_end(app)
    assert storage.has_saved_game()  # the local game in progress is still there
    app.to_menu()
    assert app.network is None


def test_a_hosted_table_closes_with_the_menu(app):
    lobby = open_hosted_table(app, "madoka", ["you", "friend"])
    hosting = app.network
    port = hosting.port
    click(lobby.leave_button.rect.center)
    pump(app, 1)
    assert top_name(app) == "Menu" and app.network is None
    time.sleep(0.2)
    s = NetworkSession("127.0.0.1", port, hosting.table.id, 1, hosting.table.seats[1].token,
                       retries=0)
    try:
        assert not s.wait_ready(3)
    finally:
        s.close()


def test_the_person_hosting_concedes_and_watches_then_closes_the_table_from_the_pause_menu(app):
    lobby = open_hosted_table(app, "madoka", ["you", "ai", "ai"])
    lobby.start()
    assert run_until(app, lambda: top_name(app) == "MadokaTable")
    hosting = app.network
    key(pygame.K_ESCAPE)
    pump(app, 1)
    pause = app.manager.top
    assert top_name(app) == "NetPause" and pause.hosting
    labels = [b.text for b in pause.group.widgets]
    assert "Close the table" in labels and "Save and quit to menu" not in labels
    pause.ask_concede()
    pause.confirmed()  # Madoka cannot be conceded here: the AI plays the seat on
    pump(app, 1)
    assert top_name(app) == "MadokaTable"
    assert run_until(app, lambda: hosting.table.seats[0].left)
    assert run_until(app, lambda: any(seat == 0 for seat, _ in hosting.table.record.actions)
                     or hosting.table.is_over(), 20)
    key(pygame.K_ESCAPE)
    pump(app, 1)
    pause = app.manager.top
    pause.ask_leave()
    assert pause.confirming and pause.asking == "leave"
    pause.confirmed()
    pump(app, 1)
    assert top_name(app) == "Menu" and app.network is None
