"""The lobby of a network table: who has taken which seat, before the game starts.

Everybody's lobby reads the same thing, the seats as the host reports them through the seat's
`NetworkSession`. The person hosting also sees each friend's join code (and the shorter seat
code, for a friend who picked the table from the list), can propose the coach's hints, and
starts the game. When hints are proposed (the person hosting agrees by proposing them), every
friend seated agrees or not with "I agree to hints", and each row says who agreed: hints are on
only if all of them agree by the start. Once the host has started it, every lobby opens the game's own table with its
session. The lobby never waits on the network: it reads what arrived, each frame.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes import net
from scenes.manager import HEIGHT, WIDTH, Scene
from sprites import theme
from sprites.text import ellipsize
from sprites.widgets import Button, Toggle, WidgetGroup, dim, draw_text, fill_rounded, shadow

PANEL = pygame.Rect(40, 112, WIDTH - 80, 500)
AGREE_W = 250
ROW = 44
#: the columns of a seat's row: seat, player, status, then (the host's) codes
COL_PLAYER, COL_STATUS, COL_CODE = 110, 370, 560


class Lobby(Scene):
    """`hosting`: the Hosting when this computer hosts the table, else None."""

    def __init__(self, app, session: Any, hosting: Any = None) -> None:
        super().__init__(app)
        self.session = session
        self.hosting = hosting
        self.opened = False
        self.group = WidgetGroup()
        self.leave_button = self.group.add(Button((40, HEIGHT - 84, 180, 50), "Leave",
                                                  self.leave, "ghost",
                                                  tooltip=self._leave_tip()))
        self.start_button = None
        self.hints_toggle = None
        #: a friend's seat agrees to the proposed hints (shown while they are proposed; the
        #: person hosting agrees by proposing them)
        self.agree_toggle = self.group.add(Toggle(
            (WIDTH - 40 - AGREE_W, HEIGHT - 80, AGREE_W, 42), "I agree to hints", False,
            self.agree, tooltip="The coach's hints are on only if every person seated agrees "
            "before the start"))
        self.agree_toggle.visible = False
        self._agreed_seen: bool | None = None  # what the host last said of this seat
        self.copy_buttons: dict[int, Button] = {}
        if hosting is not None:
            self.start_button = self.group.add(Button((WIDTH - 300, HEIGHT - 84, 260, 50),
                                                      "Start the game", self.start, "primary",
                                                      size=22, enabled=False))
            self.hints_toggle = self.group.add(Toggle(
                (WIDTH - 560, HEIGHT - 80, 240, 42), "Allow hints", hosting.table.hints,
                hosting.set_hints, tooltip="Propose the coach's hints (you agree to them): "
                "they are on only if every person seated agrees"))
            for seat in hosting.friend_seats:
                rect = pygame.Rect(PANEL.right - 112, self.row_top(seat) + 6, 92, ROW - 12)
                self.copy_buttons[seat] = self.group.add(Button(
                    rect, "Copy", lambda s=seat: self.copy(s), "normal", size=16,
                    tooltip="Copy this seat's join code, to send to your friend"))

    def _leave_tip(self) -> str:
        if self.hosting is not None:
            return "Close the table: your friends are disconnected"
        return "Leave the table (your code lets you back in while it is open)"

    @staticmethod
    def row_top(seat: int) -> int:
        return PANEL.top + 52 + seat * ROW

    # --- what the buttons do ----------------------------------------------------------------
    def start(self) -> None:
        if self.hosting is not None and self.session.ready and not self.session.started:
            self.hosting.start_game()

    def agree(self, on: bool) -> None:
        self.session.agree(on)

    def leave(self) -> None:
        self.app.to_menu()  # closes the connection (and the hosted table): App.leave_network

    def copy(self, seat: int) -> None:
        code = self.hosting.join_code(seat)
        if net.copy_text(code):
            self.app.toast(f"Seat {seat + 1}'s join code copied")
        else:
            self.app.toast(f"No clipboard here: give your friend {code}", 6.0)

    # --- scene ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        s = self.session
        s.pump()
        if self.start_button is not None:
            self.start_button.enabled = s.ready and not s.started
            empty = [r for r in s.lobby() if r["open"] and not r["taken"]]
            self.start_button.tooltip = (
                f"{len(empty)} seat{'s' if len(empty) != 1 else ''} not taken yet: the AI plays "
                f"{'them' if len(empty) != 1 else 'it'} if nobody comes within "
                f"{s.wait:g} s" if empty else "Everybody is here")
        self.agree_toggle.visible = (self.hosting is None and s.ready and s.hints_allowed
                                     and not s.started)
        agreed = s.seat in s.agreed()
        if agreed != self._agreed_seen:  # the host's word (a click shows at once meanwhile)
            self._agreed_seen = self.agree_toggle.value = agreed
        if s.ready and s.started and not self.opened:
            self.opened = True
            self.app.last_setup = None  # the results' Rematch goes back to the menu
            self.app.open_table(s)
            return
        self.group.update(dt)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.group.set_focus(self.leave_button)  # a stray Esc closes nothing

    def status(self) -> tuple[str, tuple[int, int, int]]:
        """What the lobby says under the seats, and in which colour."""
        s = self.session
        if s.status == "closed":
            return (s.error or "The connection to the host is closed."), theme.WARN
        if s.status == "reconnecting" and not s.ready:
            return f"Trying to reach the host… ({s.error or 'no answer yet'})", theme.WARN
        if s.status == "reconnecting":
            return "The connection was lost: reconnecting…", theme.WARN
        if not s.ready:
            return "Connecting to the host…", theme.TEXT_DIM
        hints = hints_status(s.lobby(), s.agreed()) if s.hints_allowed else "Hints are off."
        if self.hosting is not None:
            return f"Start when your friends are here. {hints}", theme.TEXT_DIM
        return f"Waiting for the host to start the game. {hints}", theme.TEXT_DIM

    def draw(self, surface: pygame.Surface) -> None:
        s = self.session
        theme.draw_background(surface, s.game.name if s.game is not None else "menu")
        dim(surface, (6, 6, 10, 110))
        title = s.table_name or "A network table"
        draw_text(surface, ellipsize(title, 38, WIDTH - 80, "serif"), (40, 26), 38,
                  theme.ACCENT_HI, "serif")
        draw_text(surface, self.subtitle(), (42, 76), 17, theme.TEXT_DIM)
        shadow(surface, PANEL, 14, 6, 130)
        fill_rounded(surface, (*theme.PANEL, 236), PANEL, 14)
        fill_rounded(surface, theme.PANEL_EDGE, PANEL, 14, 1)
        head = PANEL.top + 18
        x = PANEL.left + 24
        for text, dx in (("Seat", 0), ("Player", COL_PLAYER), ("", COL_STATUS)):
            draw_text(surface, text, (x + dx, head), 16, theme.TEXT_DIM)
        if self.hosting is not None:
            draw_text(surface, "Join code (the seat code alone, with a table from the list)",
                      (x + COL_CODE, head), 16, theme.TEXT_DIM)
        for seat, row in enumerate(s.lobby()):
            self.draw_row(surface, seat, row)
        text, colour = self.status()
        draw_text(surface, ellipsize(text, 17, PANEL.width - 48), (x, PANEL.bottom - 34), 17,
                  colour)
        if self.hosting is not None and self.hosting.problem:
            draw_text(surface, ellipsize(self.hosting.problem, 15, WIDTH - 700),
                      (240, HEIGHT - 60), 15, theme.WARN, anchor="midleft")
        self.group.draw(surface)
        self.group.draw_overlays(surface)

    def subtitle(self) -> str:
        s = self.session
        if s.game is None:
            return f"at {s.address[0]}:{s.address[1]}"
        where = (f"hosted by you at {self.hosting.address}:{self.hosting.port}"
                 if self.hosting is not None else f"at {s.address[0]}:{s.address[1]}")
        return f"{s.game.title} · {s.players} players · {where}"

    def draw_row(self, surface: pygame.Surface, seat: int, row: dict) -> None:
        top = self.row_top(seat)
        r = pygame.Rect(PANEL.left + 12, top, PANEL.width - 24, ROW - 4)
        mine = seat == self.session.seat
        if mine:
            fill_rounded(surface, (*theme.ACCENT_LO, 60), r, 8)
        elif seat % 2:
            fill_rounded(surface, (255, 255, 255, 10), r, 8)
        x, cy = PANEL.left + 24, r.centery
        draw_text(surface, f"Seat {seat + 1}", (x, cy), 18, theme.TEXT, anchor="midleft")
        name = row["name"] + (" (you)" if mine else "")
        draw_text(surface, ellipsize(name, 18, COL_STATUS - COL_PLAYER - 16),
                  (x + COL_PLAYER, cy), 18, theme.TEXT, "bold" if mine else "sans", "midleft")
        status, colour = seat_status(row, mine)
        s = self.session
        if s.hints_allowed and not s.started and row["open"] and row["taken"]:
            status += " · hints: yes" if seat in s.agreed() else " · hints: no"
        width = (COL_CODE if self.hosting is not None else PANEL.width) - COL_STATUS - 12
        draw_text(surface, ellipsize(status, 16, width), (x + COL_STATUS, cy), 16, colour,
                  anchor="midleft")
        if self.hosting is not None and seat in self.copy_buttons:
            code = self.hosting.join_code(seat)
            width = PANEL.right - 130 - (x + COL_CODE)
            draw_text(surface, ellipsize(code, 15, width - 120), (x + COL_CODE, cy), 15,
                      theme.TEXT, anchor="midleft")
            draw_text(surface, self.hosting.seat_code(seat), (PANEL.right - 124, cy), 16,
                      theme.ACCENT_HI, "bold", "midright")


def hints_status(rows: list[dict], agreed: list[int]) -> str:
    """The proposed hints in words: how many of the people seated agree (all must)."""
    people = [i for i, r in enumerate(rows) if r["open"] and r["taken"]]
    yes = sum(1 for i in people if i in agreed)
    return f"Hints proposed; agreed so far: {yes} of {len(people)} (all must, by the start)."


def seat_status(row: dict, mine: bool) -> tuple[str, tuple[int, int, int]]:
    """A seat's state in words (never only a colour)."""
    if mine:
        return "Here", theme.GOOD
    if not row["open"]:
        return "AI", theme.TEXT_DIM
    if row["kind"] == "ai":
        return ("AI plays (left)" if row["taken"] else "AI plays"), theme.TEXT_DIM
    if row["connected"]:
        return "Here", theme.GOOD
    if row["taken"]:
        return "Away", theme.WARN
    return "Waiting for a friend", theme.TEXT_DIM
