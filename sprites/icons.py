"""Drawn symbols shared by the games' faces: a `Pen` that draws white shapes with a dark rim
in unit coordinates, drawn four times larger and smoothed down (`supersampled`), so a symbol
stays clean from 14 to 100 px. Each game keeps its own symbols (sprites/hermit_icons.py,
sprites/sanguosha_cards.py, sprites/mhtcg_cards.py) and caches them per size.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

Color = tuple[int, int, int]
Point = tuple[float, float]

WHITE: Color = (250, 248, 240)
OUTLINE: Color = (24, 18, 22)
SS = 4  # drawn this many times larger, then smoothed down


class Pen:
    """Draws on a square Surface in unit coordinates (0..1), white shapes with a dark rim."""

    def __init__(self, surf: pygame.Surface, bold: float = 1.0) -> None:
        self.surf, self.n, self.bold = surf, surf.get_width(), bold

    def p(self, pt: Point) -> tuple[int, int]:
        return (round(pt[0] * self.n), round(pt[1] * self.n))

    def w(self, width: float) -> int:
        """A line width; small icons draw their lines and rims bolder (`bold`)."""
        return max(1, round(width * self.n * self.bold))

    def poly(self, pts, fill: Color = WHITE, rim: float = 0.05) -> None:
        pts = [self.p(q) for q in pts]
        pygame.draw.polygon(self.surf, OUTLINE, pts, self.w(rim) * 2)
        pygame.draw.polygon(self.surf, fill, pts)

    def line(self, a: Point, b: Point, width: float, fill: Color = WHITE, rim: float = 0.05) -> None:
        for colour, extra in ((OUTLINE, rim), (fill, 0.0)):
            wd = self.w(width + 2 * extra)
            pygame.draw.line(self.surf, colour, self.p(a), self.p(b), wd)
            for end in (a, b):
                pygame.draw.circle(self.surf, colour, self.p(end), wd / 2)

    def disc(self, c: Point, r: float, fill: Color = WHITE, rim: float = 0.05) -> None:
        pygame.draw.circle(self.surf, OUTLINE, self.p(c), self.w(r + rim))
        pygame.draw.circle(self.surf, fill, self.p(c), self.w(r))


def _arc(c: Point, r: float, a0: float, a1: float, steps: int = 12) -> list[Point]:
    return [(c[0] + r * math.cos(a0 + (a1 - a0) * i / steps),
             c[1] + r * math.sin(a0 + (a1 - a0) * i / steps)) for i in range(steps + 1)]


def arc(c: Point, r: float, a0: float, a1: float, steps: int = 12) -> list[Point]:
    """Points along a circle's arc from angle a0 to a1 (radians), ends included."""
    return [(c[0] + r * math.cos(a0 + (a1 - a0) * i / steps),
             c[1] + r * math.sin(a0 + (a1 - a0) * i / steps)) for i in range(steps + 1)]


def bold(size: int) -> float:
    """How much bolder lines are drawn on a small icon, so they survive the smoothing."""
    return 1.0 if size >= 32 else 1.25 if size >= 20 else 1.5


def supersampled(draw: Callable[[Pen], None], size: int, fill: float = 1.0) -> pygame.Surface:
    """`draw` (unit coordinates) as a `size`-px square symbol filling `fill` of it."""
    n = size * SS
    inner = pygame.Surface((n, n), pygame.SRCALPHA)
    draw(Pen(inner, bold(size)))
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    small = pygame.transform.smoothscale(inner, (round(size * fill), round(size * fill)))
    out.blit(small, small.get_rect(center=(size // 2, size // 2)))
    return out


def _speaker(pen: Pen, muted: bool) -> None:
    """A speaker: its box and cone, then sound waves (on) or a cross (muted)."""
    pen.poly([(0.1, 0.38), (0.28, 0.38), (0.52, 0.16), (0.52, 0.84), (0.28, 0.62), (0.1, 0.62)])
    if muted:
        pen.line((0.64, 0.36), (0.9, 0.64), 0.07, (240, 110, 100))
        pen.line((0.64, 0.64), (0.9, 0.36), 0.07, (240, 110, 100))
        return
    for r in (0.16, 0.3):
        pts = arc((0.52, 0.5), r, -0.9, 0.9, 8)
        for a, b in zip(pts, pts[1:], strict=False):
            pen.line(a, b, 0.055)


_SPEAKERS: dict[tuple[bool, int], pygame.Surface] = {}


def speaker(muted: bool, size: int) -> pygame.Surface:
    """The sound state as a speaker symbol (made once per state and size)."""
    key = (muted, size)
    if key not in _SPEAKERS:
        _SPEAKERS[key] = supersampled(lambda pen: _speaker(pen, muted), size)
    return _SPEAKERS[key]
