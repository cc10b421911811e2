"""When every person at the screen is out of a game that goes on (a hunter out, a general
dead, a hunter who forfeited), the table offers them a choice: watch the rest at the chosen
animation speed, or skip to the result (the table then plays instantly and the bots think as
little as they may, until the results show)."""

from __future__ import annotations

from typing import Any

import pygame

from game.session import HUMAN, YOU
from sprites import text
from sprites.speed import CHOICES
from sprites.widgets import Button
from sprites.zones import panel

SIZE = (520, 170)


class WatchPart:
    """Part of TableScene (scenes/table/base.py)."""

    #: the people at the screen are all out and have chosen to skip to the result
    skipping = False
    _out_seen: Any = None  # the version the "out" check last looked at
    _offered = False
    out_offer: list[Button] | None = None

    def seat_out(self, view: Any, seat: int) -> bool:
        """game: whether `seat` is out of the game while it goes on (from the view)."""
        return False

    #: game: how being out is said
    out_words = "You are out of the game."

    def check_out(self) -> None:
        """Once per position, when the table is still: offer watch or skip when every person
        at the screen is out and the game goes on."""
        if self._offered or self.timeline.busy or self.session.is_over() or self.shown is None:
            return
        version = self.session.version
        if self._out_seen == version:
            return
        self._out_seen = version
        people = [p for p, s in enumerate(self.seat_info) if s.kind in (YOU, HUMAN)]
        if people and all(self.seat_out(self.shown, p) for p in people):
            self._offered = True
            self.open_out_offer()

    def open_out_offer(self) -> None:
        box = self.out_rect()
        half = (box.w - 60) // 2
        speed = dict(CHOICES).get(self.setting("animation_speed", "x1"), "×1")
        self.out_offer = [
            Button((box.x + 20, box.bottom - 60, half, 44), f"Watch ({speed})", self.watch,
                   "normal", size=17, tooltip="Follow the rest of the game at the animation speed"),
            Button((box.right - 20 - half, box.bottom - 60, half, 44), "Skip to the result",
                   self.skip_to_result, "primary", size=17,
                   tooltip="The rest is played at once; then the results")]

    def out_rect(self) -> pygame.Rect:
        r = pygame.Rect((0, 0), SIZE)
        r.center = self.free_area().center
        return r

    def watch(self) -> None:
        self.out_offer = None

    def skip_to_result(self) -> None:
        self.out_offer = None
        self.skipping = True
        self.timeline.finish()
        self.toast("Skipping to the result…")

    def out_event(self, event: pygame.event.Event) -> bool:
        """While the offer is open it takes the clicks (and Esc means watch)."""
        if self.out_offer is None:
            return False
        for b in self.out_offer:
            if b.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.watch()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def draw_out_offer(self, surface: pygame.Surface) -> None:
        if self.out_offer is None:
            return
        box = self.out_rect()
        panel(surface, box, (16, 12, 28, 245), (*self.accent, 255), radius=14, width=2)
        title = text.render(self.out_words, 22, (250, 246, 255), "bold")
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + 18)))
        sub = text.render("The game goes on without you. Watch it, or skip to the result?", 15,
                          (220, 214, 236))
        surface.blit(sub, sub.get_rect(midtop=(box.centerx, box.y + 54)))
        for b in self.out_offer:
            b.update(0.0)
            b.draw(surface)
