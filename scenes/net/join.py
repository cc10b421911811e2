"""Join a table: the tables hosted on this network (heard over mDNS, game/net/discovery.py), or
a join code, or the host's address and a seat code; and the name friends will see.

A join code (HOST:PORT/TABLE/SEAT/TOKEN) says everything. A table picked from the list, or an
address typed by hand, needs the seat code the host's lobby shows beside the seat (the list
never carries codes). Join connects in the background and goes to the lobby.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes import net
from scenes.manager import HEIGHT, WIDTH, Scene
from sprites import theme
from sprites.text import ellipsize
from sprites.widgets import (
    Button,
    Label,
    Pickable,
    TextField,
    WidgetGroup,
    dim,
    draw_text,
    draw_wrapped,
    fill_rounded,
    shadow,
)

LIST = pygame.Rect(40, 112, 560, 500)
FORM = pygame.Rect(620, 112, 620, 500)
ENTRY_H, ENTRY_GAP = 64, 8


class FoundRow(Pickable):
    """A table heard on the network: its name and game, free seats, address; click to pick."""

    def __init__(self, rect, found: Any, on_pick) -> None:
        super().__init__(rect, found, on_pick, tooltip="Pick this table, then type your seat code")
        self.found = found

    def draw(self, surface: pygame.Surface) -> None:
        r, f = self.rect, self.found
        fill = (48, 51, 62) if self.selected else (36 + int(14 * self._hover_t),) * 2 + (44,)
        fill_rounded(surface, (*fill, 240), r, 10)
        edge = theme.ACCENT if self.selected or self.focused else theme.PANEL_EDGE
        fill_rounded(surface, edge, r, 10, 2 if self.selected or self.focused else 1)
        title = _game_title(f.game)
        draw_text(surface, ellipsize(f"{f.name} — {title}", 18, r.width - 28),
                  (r.left + 14, r.top + 8), 18, theme.TEXT, "bold")
        free = len(f.free)
        seats = f"{free} of {f.players} seats free" if free else "no seat free"
        draw_text(surface, f"{seats}  ·  {f.host}:{f.port}", (r.left + 14, r.top + 36), 15,
                  theme.TEXT_DIM)


def _game_title(name: str) -> str:
    from game.registry import GAME_PACKAGES, get_game

    return get_game(name).title if name in GAME_PACKAGES else name


class JoinScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        last = getattr(app, "last_join", None) or ("", "")
        self.where, self.seat_code = last
        self.player_name = getattr(app, "player_name", "")
        self.problem = ""
        self.picked: Any = None  # the Found picked from the list
        self.browser: Any = None
        self.browse_problem = ""
        self._found: list = []
        self.rows: list[FoundRow] = []
        self.group = WidgetGroup()
        self.build_form()

    # --- the form ---------------------------------------------------------------------------
    def build_form(self) -> None:
        g = self.group
        x, w = FORM.left + 24, FORM.width - 48
        y = FORM.top + 70
        g.add(Label((x, y), "Join code, or the host's address", 18))
        self.where_field = g.add(net.PasteField(
            (x, y + 28, w - 100, 42), self.where, "e.g. 192.168.1.20:47474/t1a2b3/2/K7QF2MZD4X",
            80, self._set_where, tooltip="Paste it with Ctrl+V"))
        g.add(Button((x + w - 90, y + 28, 90, 42), "Paste", self.paste, "normal", size=16,
                     tooltip="Paste the clipboard here"))
        y += 92
        g.add(Label((x, y), "Seat code (only with an address or a table from the list)", 18))
        self.code_field = g.add(net.PasteField((x, y + 28, 260, 42), self.seat_code,
                                               "e.g. K7QF2-MZD4X", 14, self._set_code))
        y += 92
        g.add(Label((x, y), "Your name", 18))
        self.name_field = g.add(net.PasteField((x, y + 28, 260, 42), self.player_name,
                                               "shown at the table", 24, self._set_name))
        g.add(Button((40, HEIGHT - 84, 180, 50), "Back", self.back, "ghost"))
        self.join_button = g.add(Button((WIDTH - 300, HEIGHT - 84, 260, 50), "Join", self.join,
                                        "primary", size=22))

    def _set_where(self, text: str) -> None:
        self.where = text
        self.problem = ""
        if self.picked is not None and text.strip() != self._address_of(self.picked):
            self.pick(None)

    def _set_code(self, text: str) -> None:
        self.seat_code = text
        self.problem = ""

    def _set_name(self, text: str) -> None:
        self.player_name = text

    def paste(self) -> None:
        text = net.clipboard_text()
        if not text:
            self.app.toast("The clipboard has no text.")
            return
        self.where_field.set("")
        self.where_field.paste(text)

    @staticmethod
    def _address_of(found: Any) -> str:
        host = f"[{found.host}]" if ":" in found.host else found.host
        return f"{host}:{found.port}"

    def pick(self, found: Any) -> None:
        """A table from the list: its address in the form; the seat code is still needed."""
        self.picked = found
        for row in self.rows:
            row.selected = row.found == found
        if found is not None:
            self.where_field.set(self._address_of(found))
            self.picked = found
            self.group.set_focus(self.code_field)

    # --- joining ----------------------------------------------------------------------------
    def target(self) -> tuple[str, int, str, int, str]:
        """(host, port, table, seat, token) from the form; BadJoinCode with the reason."""
        from game.net.protocol import BadJoinCode, read_address, read_join_code, read_seat_code

        where = self.where.strip()
        if not where:
            raise BadJoinCode("Paste the join code your host gave you, or pick a table from "
                              "the list.")
        if "/" in where:
            return read_join_code(where)
        host, port = read_address(where)
        token = read_seat_code(self.seat_code)
        if not token:
            raise BadJoinCode("With an address, type your seat code too (the host's lobby "
                              "shows it beside your seat).")
        picked = self.picked
        table = picked.table if picked is not None and (picked.host, picked.port) == (
            host, port) else ""
        return host, port, table, -1, token

    def join(self) -> None:
        from game.net.client import NetworkSession
        from game.net.protocol import BadJoinCode
        from scenes.net.lobby import Lobby

        try:
            host, port, table, seat, token = self.target()
        except BadJoinCode as e:
            self.problem = str(e)
            return
        name = self.player_name.strip()
        self.app.player_name = name
        self.app.last_join = (self.where.strip(), self.seat_code.strip())
        self.app.leave_network()
        session = NetworkSession(host, port, table, seat, token, name, retries=120)
        self.app.network = session
        self.app.manager.replace(Lobby(self.app, session))

    def back(self) -> None:
        self.app.manager.pop()

    # --- the list ---------------------------------------------------------------------------
    def refresh_list(self) -> None:
        found = self.browser.tables() if self.browser is not None else []
        if found == self._found:
            return
        self._found = found
        for row in self.rows:
            self.group.widgets.remove(row)
            if self.group.focus is row:
                self.group.set_focus(None)
        self.rows = []
        for i, f in enumerate(found[:6]):
            row = FoundRow((LIST.left + 20, LIST.top + 70 + i * (ENTRY_H + ENTRY_GAP),
                            LIST.width - 40, ENTRY_H), f, self.pick)
            row.selected = f == self.picked
            self.rows.append(row)
            self.group.widgets.insert(i, row)

    # --- scene ------------------------------------------------------------------------------
    def on_enter(self) -> None:
        pygame.key.start_text_input()
        if self.browser is None:
            try:
                from game.net.discovery import Browser

                self.browser = Browser(interfaces=net.MDNS_INTERFACES)
            except Exception as e:  # no multicast on this computer: codes still work
                self.browse_problem = f"Tables on this network cannot be listed here ({e})."

    def on_exit(self) -> None:
        pygame.key.stop_text_input()
        if self.browser is not None:
            browser, self.browser = self.browser, None
            import threading

            threading.Thread(target=browser.close, daemon=True).start()  # it waits a bit

    def handle_event(self, event: pygame.event.Event) -> None:
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                                pygame.K_KP_ENTER)
        if enter and isinstance(self.group.focus, TextField):  # Enter in the form joins
            self.join()
            return
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def update(self, dt: float) -> None:
        self.refresh_list()
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_background(surface, "menu")
        dim(surface, (6, 6, 10, 90))
        draw_text(surface, "Join a table", (40, 30), 38, theme.ACCENT_HI, "serif")
        for rect, title in ((LIST, "On this network"), (FORM, "With a code")):
            shadow(surface, rect, 14, 6, 130)
            fill_rounded(surface, (*theme.PANEL, 232), rect, 14)
            fill_rounded(surface, theme.PANEL_EDGE, rect, 14, 1)
            draw_text(surface, title, (rect.left + 24, rect.top + 18), 26, theme.TEXT, "serif")
        if not self.rows:
            text = self.browse_problem or ("Looking for tables on this network… A table "
                                           "hosted here appears by itself.")
            draw_wrapped(surface, text, pygame.Rect(LIST.left + 24, LIST.top + 76,
                                                    LIST.width - 48, 120), 16, theme.TEXT_DIM)
        box = pygame.Rect(FORM.left + 24, FORM.bottom - 96, FORM.width - 48, 80)
        if self.problem:
            draw_wrapped(surface, self.problem, box, 16, theme.WARN)
        else:
            draw_wrapped(surface, "Your host's lobby shows a join code for each friend's "
                         "seat. Over the internet, the host's port must be open to you.",
                         box, 15, theme.TEXT_DIM)
        self.group.draw(surface)
        self.group.draw_overlays(surface)
