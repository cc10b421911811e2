"""The pause menu over the table (Esc): Resume, Rules, Settings, Save and quit, Concede.

Concede is the rules' concede action for the seat of the person at the screen (the table
carries it out: scenes/table/session.py). A game whose rules have no concession, or a table
where bots play every seat, offers Abandon instead: the game is kept in the History as
abandoned and the app goes back to the menu."""

from __future__ import annotations

from typing import Any

import pygame

from scenes import storage
from scenes.manager import HEIGHT, WIDTH, Modal
from sprites import theme
from sprites.widgets import Button, Panel, WidgetGroup, dim, draw_text

W, BH, GAP = 420, 50, 12


class Pause(Modal):
    def __init__(self, app, table: Any) -> None:
        """`table` is the table scene paused (it holds the table session, game/session.py)."""
        super().__init__(app)
        self.table = table
        self.session = table.session
        #: the seats that concede (the person at the screen's); none: the game is abandoned
        self.conceding = table.seats_at_screen() if self.session.concedable else []
        self.confirming = False
        self.panel = Panel(pygame.Rect(0, 0, W, 430), "Paused")
        self.panel.rect.midtop = (WIDTH // 2, HEIGHT // 2 - 200)
        self.build()

    @property
    def game_name(self) -> str:
        return self.session.game.name

    def entries(self) -> list[tuple[str, Any, str]]:
        """The buttons (words, action, kind): the question being confirmed, or the menu."""
        word = "concede" if self.conceding else "abandon"
        if self.confirming:
            return [(f"Yes, {word}", self.concede, "danger"),
                    ("No, keep playing", self.cancel_concede, "normal")]
        return [("Resume", self.close, "primary"),
                ("Rules", lambda: self.app.open_rules(self.game_name), "normal"),
                ("Settings", self.app.open_settings, "normal"),
                ("Save and quit to menu", self.save_and_quit, "normal"),
                (word.capitalize(), self.ask_concede, "danger")]

    def build(self) -> None:
        self.group = WidgetGroup()
        body = self.panel.body
        entries = self.entries()
        top = body.top + (110 if self.confirming else 6)  # (the question is drawn above)
        for i, (text, action, kind) in enumerate(entries):
            self.group.add(Button((body.left, top + i * (BH + GAP), body.width, BH), text,
                                  action, kind))
        # the panel hugs its buttons
        bottom = top + len(entries) * (BH + GAP) - GAP + 24
        self.panel.rect.height = bottom - self.panel.rect.top
        self.group.move_focus(1)

    def save_and_quit(self) -> None:
        saved = self.session.save()
        if self.app.autosave and saved is not None and not self.session.is_over():
            try:
                storage.save_game(saved, self.session.game.title)
            except OSError as e:
                self.app.toast(f"The game could not be saved: {e.strerror or e}")
                return
            self.app.toast("Game saved. Continue it from the menu.")
        self.app.to_menu()

    def ask_concede(self) -> None:
        self.confirming = True
        self.build()

    def cancel_concede(self) -> None:
        self.confirming = False
        self.build()

    def concede(self) -> None:
        """Concede for the person at the screen (the table shows what follows), or abandon."""
        self.close()
        if self.conceding:
            self.table.concede(self.conceding)
        else:
            self.app.leave_game(self.session, "Game abandoned.")

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel_concede() if self.confirming else self.close()

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        self.panel.draw(surface)
        if self.confirming:
            body = self.panel.body
            title, line = (("Concede this game?", "You can no longer win it.") if self.conceding
                           else ("Abandon this game?", "The game ends and its save is deleted."))
            draw_text(surface, title, (body.centerx, body.top + 20), 22, theme.TEXT, "bold",
                      "midtop")
            draw_text(surface, line, (body.centerx, body.top + 58), 16, theme.TEXT_DIM,
                      anchor="midtop")
        self.group.draw(surface)
