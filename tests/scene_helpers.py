"""Helpers for scene tests: a real App under the dummy video driver, real pygame events.

Events are posted with `pygame.event.post` and read back with `pygame.event.get`, exactly as
the app's loop does; `feed` dispatches them without advancing time, `pump` also runs
`update(dt)` and draws, like frames of the real loop.
"""

from __future__ import annotations

import time

import pygame

from game.local_session import LocalSession
from game.match import Match


def make_app(**settings):
    """A real App (smoke mode: no autosave, settings never saved). Tests point CARDTABLE_HOME
    at a temporary folder with monkeypatch, so nothing leaks between tests."""
    from scenes import storage
    from scenes.app import App

    s = storage.Settings(**settings)
    return App(smoke=True, settings=s)


def seed_where(game: str, players: int, first: int, start: int = 1) -> int:
    """The first seed from `start` whose game starts with seat `first` to act (alone, or with
    every seat at a simultaneous start)."""
    from game.registry import get_game

    g = get_game(game)
    for seed in range(start, start + 1000):
        acting = g.new_state(players, seed).to_act()
        if acting == (first,) or (first in acting and len(acting) == players):
            return seed
    raise AssertionError(f"no {game} seed from {start} starts with seat {first} to act")


def open_table(app, game: str = "madoka", players: int = 4, seed: int | None = None,
               seats: list[str] | None = None):
    """Open a table where seat 0 is you (and, by default, acts first)."""
    if seed is None:
        seed = seed_where(game, players, 0)
    seats = seats or ["you"] + ["ai:random"] * (players - 1)
    match = Match(game, players, seed, seats)
    app.open_table(LocalSession(match))
    table = app.manager.stack[0]
    if app.manager.top is not table:  # hot-seat: the table opens behind "pass to"; pass it
        app.manager.top.done()
    pump(app, 2)
    return table


def post(kind, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def feed(app) -> None:
    """Dispatch every queued event (no time passes)."""
    for event in pygame.event.get():
        app.handle_event(event)


def pump(app, frames: int = 1, dt: float = 1 / 60) -> None:
    for _ in range(frames):
        feed(app)
        app.manager.update(dt)
        app.toasts.update(dt)
        app.draw()


def drag(start, end, steps: int = 6) -> None:
    """Post a real press, a few motions and a release."""
    x0, y0 = start
    x1, y1 = end
    post(pygame.MOUSEMOTION, pos=(int(x0), int(y0)), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=(int(x0), int(y0)), button=1)
    for i in range(1, steps + 1):
        x = x0 + (x1 - x0) * i / steps
        y = y0 + (y1 - y0) * i / steps
        post(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(1, 1), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=(int(x1), int(y1)), button=1)


def click(pos) -> None:
    post(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=1)
    post(pygame.MOUSEBUTTONUP, pos=(int(pos[0]), int(pos[1])), button=1)


def key(k) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


def run_until(app, predicate, timeout: float = 10.0, dt: float = 1 / 60) -> bool:
    """Pump frames until `predicate()` holds (real time bounded: AI threads need it)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        pump(app, 1, dt)
        time.sleep(0.002)
    return predicate()


def empty_spot(table):
    """A point over no card and no zone (dropping there means nothing)."""
    for y in range(60, 560, 10):
        for x in range(120, table.table_rect.right - 120, 10):
            if table.sprite_at((x, y)) is None and table.zone_at((x, y), droppable=False) is None:
                return x, y
    raise AssertionError("no empty spot on the table")


def match_of(table) -> Match:
    """The match behind a table's local session (tests only: a table cannot reach it)."""
    return table.session._match


def state_of(table):
    """The real rules state behind a table (tests only)."""
    return table.session._match.state


def apply_behind(table, seat, action) -> None:
    """Apply a move through the table's session, as another seat would (tests only)."""
    table.session.apply(seat, action)
