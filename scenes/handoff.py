"""Hot-seat "pass to Player N": a full cover so nobody sees the next player's hidden cards.

The table calls `app.open_handoff(player, on_done)` (or pushes `Handoff(app, player, on_done)`).
The cover is not modal, so the table under it is not drawn at all. The button (or Enter) pops
the cover and calls `on_done()`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from scenes.manager import HEIGHT, WIDTH, Scene
from sprites import theme
from sprites.widgets import Button, WidgetGroup, draw_text


class Handoff(Scene):
    modal = False  # covers the table completely

    def __init__(self, app, player: int, on_done: Callable[[], Any] | None = None,
                 name: str | None = None) -> None:
        super().__init__(app)
        self.player = player
        self.name = name or f"Player {player + 1}"
        self.on_done = on_done
        self.group = WidgetGroup()
        rect = pygame.Rect(0, 0, 460, 60)
        rect.center = (WIDTH // 2, HEIGHT // 2 + 90)
        self.button = self.group.add(Button(rect, f"I am {self.name} — show my table",
                                            self.done, "primary", size=20))
        self.group.set_focus(self.button)
        self.emblem = theme.draw_emblem(110)

    def done(self) -> None:
        if self.app.manager.top is self:
            self.app.manager.pop()
        if self.on_done:
            self.on_done()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            table = self.app.manager.stack[0]
            if getattr(table, "session", None) is not None:
                self.app.open_pause(table)

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        session = getattr(self.app.manager.stack[0], "session", None)
        theme.draw_background(surface, session.game.name if session is not None else "menu")
        cx, cy = WIDTH // 2, HEIGHT // 2
        surface.blit(self.emblem, self.emblem.get_rect(midbottom=(cx, cy - 90)))
        draw_text(surface, f"Pass to {self.name}", (cx, cy - 60), 40, theme.ACCENT_HI, "serif",
                  "midtop")
        draw_text(surface, "Everyone else, look away: the next screen shows what only they may see.",
                  (cx, cy + 6), 18, theme.TEXT_DIM, anchor="midtop")
        self.group.draw(surface)
