"""The pause menu of a network game (Esc at its table): nothing is saved here (the host saves
every table after each action), so "Save and quit" becomes leaving; conceding is sent to the
host, which applies the rules' concede action where the game has one.

- A friend: Leave the table (the host keeps the seat; the AI plays it after the host's wait,
  and your code takes it back), or Concede (for good).
- The person hosting: Concede (the AI plays your seat on, unless conceding ends the game), or
  Close the table (the game ends for everybody).
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.pause import Pause
from sprites import theme
from sprites.widgets import dim, draw_text


class NetPause(Pause):
    @property
    def hosting(self) -> bool:
        """This computer hosts the table (leaving it closes it for everybody)."""
        from game.net.hosting import Hosting

        return isinstance(getattr(self.app, "network", None), Hosting)

    def entries(self) -> list[tuple[str, Any, str]]:
        if self.confirming:
            return [(self.confirm_text(), self.confirmed, "danger"),
                    ("No, keep playing", self.cancel_concede, "normal")]
        leave = "Close the table" if self.hosting else "Leave the table"
        return [("Resume", self.close, "primary"),
                ("Rules", lambda: self.app.open_rules(self.game_name), "normal"),
                ("Settings", self.app.open_settings, "normal"),
                (leave, self.ask_leave, "normal"),
                ("Concede", self.ask_concede, "danger")]

    # --- what is asked ----------------------------------------------------------------------
    asking = "concede"

    def ask_leave(self) -> None:
        if self.hosting or self.session.is_over():
            self.asking = "leave"
            self.confirming = True
            self.build()
        else:
            self.leave()

    def ask_concede(self) -> None:
        self.asking = "concede"
        super().ask_concede()

    def confirm_text(self) -> str:
        return "Yes, close the table" if self.asking == "leave" else "Yes, concede"

    def confirmed(self) -> None:
        self.leave() if self.asking == "leave" else self.concede()

    # --- doing it ---------------------------------------------------------------------------
    def leave(self) -> None:
        self.app.to_menu()  # App.leave_network closes the connection (and a hosted table)
        if not self.hosting:
            self.app.toast("You left the table: your join code takes you back while it is open.")

    def concede(self) -> None:
        """Sent to the host; a friend leaves, the person hosting watches the AI play on."""
        if not self.session.is_over():
            self.session.concede(self.session.seat)
        if self.hosting:
            self.confirming = False
            self.close()
            self.app.toast("You conceded: the AI plays your seat from now on.")
        else:
            self.app.to_menu()
            self.app.toast("You conceded.")

    def draw(self, surface: pygame.Surface) -> None:
        if not self.confirming:
            super().draw(surface)
            return
        dim(surface)
        self.panel.draw(surface)
        body = self.panel.body
        if self.asking == "leave":
            title, words = "Close the table?", "The game ends for everybody at it."
        else:
            title, words = "Concede this game?", "You give up for good; the host is told."
        draw_text(surface, title, (body.centerx, body.top + 20), 22, theme.TEXT, "bold",
                  "midtop")
        draw_text(surface, words, (body.centerx, body.top + 58), 16, theme.TEXT_DIM,
                  anchor="midtop")
        self.group.draw(surface)
