"""The game log: a collapsible panel on the right, newest line at the bottom, coloured by player.

Lines are wrapped and rendered once when added (again when the language changes); drawing
only blits. The mouse wheel scrolls
back through older lines; a new line scrolls back to the bottom.

When the table gives the static picture under the panel (`backdrop`), the whole open panel is
composed once into an opaque image and re-composed only when lines are added, scrolled or the
backdrop changes: a frame then costs one blit.
"""

from __future__ import annotations

import pygame

from sprites import i18n, text
from sprites.i18n import Shown
from sprites.zones import panel

Color = tuple[int, int, int]

SIZE = 15
LINE = 19
PLAYER_COLOURS: list[Color] = [
    (255, 214, 120),  # seat 1 (often you): warm gold
    (140, 214, 255),  # sky
    (170, 240, 160),  # mint
    (255, 160, 200),  # rose
    (210, 180, 255),  # lilac
    (255, 190, 140),  # peach
]
NEUTRAL: Color = (215, 215, 230)


class LogPanel:
    def __init__(self, width: int = 260, title: str = "Log") -> None:
        self.width = width
        self.title = title
        self.open = True
        self.entries: list[tuple[str, int | None]] = []
        self.lines: list[pygame.Surface] = []
        self.scroll = 0  # lines scrolled up from the bottom
        self.rect = pygame.Rect(0, 0, width, 0)
        self._image: tuple[tuple, pygame.Surface] | None = None  # (key, composed open panel)
        self._language = i18n.language()  # the lines' language

    def colour(self, player: int | None) -> Color:
        return NEUTRAL if player is None else PLAYER_COLOURS[player % len(PLAYER_COLOURS)]

    def add(self, line: str, player: int | None = None) -> None:
        if not line:
            return
        self.entries.append((line, player))
        self._render(line, player)
        self.scroll = 0

    def _render(self, line: str, player: int | None) -> None:
        """The entry wrapped in the reader's language (continued lines indented)."""
        col = self.colour(player)
        for i, part in enumerate(text.wrap(line, SIZE, self.width - 30)):
            self.lines.append(text.render(Shown(("" if i == 0 else "  ") + part), SIZE, col))
        self._language = i18n.language()

    def follow_language(self) -> None:
        """After the Language setting changed: every entry rendered again."""
        if self._language != i18n.language():
            self.lines.clear()
            self._image = None
            for line, player in self.entries:
                self._render(line, player)
            self._language = i18n.language()

    def clear(self) -> None:
        """Forget every line (the table refills the log for another viewer)."""
        self.entries.clear()
        self.lines.clear()
        self.scroll = 0
        self._image = None

    def toggle(self) -> None:
        self.open = not self.open

    def handle_wheel(self, pos: tuple[int, int], dy: int) -> bool:
        if not (self.open and self.rect.collidepoint(pos)):
            return False
        rows = max(1, (self.rect.h - 50) // LINE)
        self.scroll = max(0, min(max(0, len(self.lines) - rows), self.scroll + dy * 3))
        return True

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, backdrop: pygame.Surface | None = None,
             backdrop_key: object = None) -> None:
        """Draw the panel in `rect`. `backdrop`: the unchanging picture under it (same size as
        `surface`); `backdrop_key` changes whenever that picture does."""
        self.rect = rect
        self.follow_language()
        if self.open and backdrop is not None and backdrop.get_rect().contains(rect):
            key = (tuple(rect), len(self.lines), self.scroll, id(backdrop), backdrop_key)
            if self._image is None or self._image[0] != key:
                image = backdrop.subsurface(rect).copy()
                self._draw_open(image, image.get_rect())
                self._image = (key, image)
            surface.blit(self._image[1], rect)
            return
        if not self.open:
            self.draw_tab(surface, rect)
            return
        self._draw_open(surface, rect)

    def draw_tab(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The collapsed log: a small "L" tab at the right edge."""
        tab = pygame.Rect(rect.right - 34, rect.y + 8, 30, 64)
        panel(surface, tab, (12, 10, 28, 200), (255, 255, 255, 60), radius=8)
        lab = text.render("L", 16, NEUTRAL, "bold")
        surface.blit(lab, lab.get_rect(center=tab.center))

    def _draw_open(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        panel(surface, rect, (10, 8, 26, 205), (255, 255, 255, 45), radius=0)
        head = text.render(f"{self.title}", 18, (235, 235, 250), "bold")
        surface.blit(head, (rect.x + 14, rect.y + 10))
        hint = text.render("L hide", 14, (150, 150, 175))
        surface.blit(hint, hint.get_rect(topright=(rect.right - 12, rect.y + 13)))
        pygame.draw.line(surface, (255, 255, 255, 40), (rect.x + 12, rect.y + 40), (rect.right - 12, rect.y + 40))
        top = rect.y + 48
        rows = max(1, (rect.bottom - 10 - top) // LINE)
        end = len(self.lines) - self.scroll
        start = max(0, end - rows)
        y = rect.bottom - 10 - (end - start) * LINE
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(rect.x, top, rect.w, rect.bottom - top))
        for surf in self.lines[start:end]:
            surface.blit(surf, (rect.x + 14, y))
            y += LINE
        surface.set_clip(clip)
        if self.scroll:
            more = text.render(f"▼ {self.scroll} newer", 14, (180, 180, 210))
            surface.blit(more, more.get_rect(bottomright=(rect.right - 10, rect.bottom - 4)))
