"""Zones: named rectangles on the table where cards lie and where drags may be dropped.

A zone's `target` is the value legal actions name as their target ("play", "discard", a seat…),
so the table can match a drop to an action without knowing the game.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from sprites import text

Color = tuple[int, int, int]


class Zone:
    __slots__ = ("name", "rect", "target", "label", "tint", "visible", "glow", "hover")

    def __init__(self, name: str, rect: pygame.Rect, target: Any = None, label: str = "",
                 tint: Color = (255, 255, 255), visible: bool = True) -> None:
        self.name = name
        self.rect = pygame.Rect(rect)
        self.target = target  # None: cards lie here but nothing is dropped here
        self.label = label
        self.tint = tint
        self.visible = visible
        self.glow = False  # a legal target of the card being dragged
        self.hover = False  # the pointer is over it during a drag

    def contains(self, pos: tuple[float, float]) -> bool:
        return self.rect.collidepoint(pos)


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, int, int, int],
          border: tuple[int, int, int, int] | None = None, radius: int = 12, width: int = 2) -> None:
    """A translucent rounded panel (zones, seat areas, popups); cached per look and size."""
    rect = pygame.Rect(rect)
    if rect.w <= 0 or rect.h <= 0:
        return
    surface.blit(_panel(rect.size, tuple(fill), tuple(border) if border else None, radius, width), rect.topleft)


@lru_cache(maxsize=256)
def _panel(size, fill, border, radius, width) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, fill, s.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(s, border, s.get_rect(), width=width, border_radius=radius)
    return s.convert_alpha() if pygame.display.get_surface() is not None else s


def draw_zone(surface: pygame.Surface, zone: Zone, accent: Color) -> None:
    """The zone's felt: faint normally, accent outline when it is a legal target, brighter
    when the dragged card hovers it."""
    if not zone.visible:
        return
    fill_a = 46 if zone.hover else 22
    border = (*zone.tint, 70)
    width = 2
    if zone.glow:
        border = (*accent, 235)
        width = 3
        fill_a = 70 if zone.hover else 34
    fill = (*accent, fill_a) if zone.glow else (*zone.tint, fill_a)
    panel(surface, zone.rect, fill, border, radius=12, width=width)
    if zone.label:
        lab = text.render(zone.label, 14, zone.tint if not zone.glow else accent, "bold")
        surface.blit(lab, lab.get_rect(midbottom=(zone.rect.centerx, zone.rect.bottom - 4)))
