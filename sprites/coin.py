"""A coin that spins and lands on the side the rules module chose.

Faking 3D in 2D: the flip angle θ runs from 0 to k·π (k half-turns, 4..8), decelerating. The coin
is drawn squeezed on one axis to |cos θ| of its width, showing its start side while cos θ > 0 and
the other side while it is negative, so the parity of k decides the side it lands on. We choose
the start side from k and the wanted result, which makes the landing side exact by construction.

The UI never decides the result: `flip(side, seed)` takes the side from the rules' event; the seed
only picks the cosmetic number of half-turns (a local random.Random, never the global one).
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from sprites.speed import factor as speed_factor
from sprites.text import render

SIDES = ("heads", "tails")
HALF_TURNS = range(4, 9)  # a flip spins 4–8 half-turns

Color = tuple[int, int, int]

# Heads: a gold coin with a sun and an H. Tails: a silver coin with a crescent moon and a T.
# Colour is never the only difference.
COIN_COLOURS: dict[str, dict[str, Color]] = {
    "heads": {"rim": (150, 108, 30), "face": (226, 182, 72), "light": (250, 222, 140),
              "ink": (92, 58, 8), "edge": (120, 84, 22)},
    "tails": {"rim": (110, 116, 128), "face": (192, 198, 210), "light": (236, 240, 248),
              "ink": (40, 46, 64), "edge": (92, 98, 110)},
}
LABEL_COLOUR: Color = (238, 232, 218)


def other_side(side: str) -> str:
    return "tails" if side == "heads" else "heads"


def flip_duration(half_turns: int) -> float:
    """Seconds (at ×1) a flip of `half_turns` lasts: more turns, a little longer."""
    return 0.75 + 0.11 * half_turns


def _spin_ease(u: float) -> float:
    """Fraction of the total turn done at time fraction u: fast at first, slowing to a stop."""
    return 1.0 - (1.0 - u) ** 2.2


class Coin:
    """A coin sprite: `flip()` it, `update(dt)` it, `draw()` it; `finish()` lands it at once."""

    def __init__(self, center: tuple[float, float], radius: int = 30) -> None:
        self.center = pygame.Vector2(center)
        self.radius = radius
        self.side: str | None = None  # the rules' result of the current flip
        self.start_side = "heads"
        self.half_turns = 0
        self.duration = 0.0
        self.time = 0.0
        self.speed = 1.0  # animation-speed multiplier (the tray sets it; instant = finish)
        self.label_size = 16  # the Heads / Tails word under a landed coin
        self._from: pygame.Vector2 | None = None  # where a toss glides from

    def set_speed(self, speed: float | str) -> None:
        """Animation speed: 1, 2, 4, math.inf or the settings' "x1"/"x2"/"x4"/"instant"."""
        self.speed = speed_factor(speed)
        if self.speed == math.inf:
            self.finish()

    # --- the flip ------------------------------------------------------------------------
    def flip(self, side: str, seed: int = 0, half_turns: int | None = None,
             start: tuple[float, float] | None = None) -> None:
        """Spin and land on `side` ("heads"/"tails"), the side the rules chose.

        `half_turns` (4..8) may be given; otherwise it is derived from `seed`. `start` is where the
        coin is tossed from (it glides to `center` while spinning); default: it spins in place.
        """
        if side not in SIDES:
            raise ValueError(f"coin side must be 'heads' or 'tails', not {side!r}")
        if half_turns is None:
            half_turns = random.Random(seed).randint(HALF_TURNS.start, HALF_TURNS.stop - 1)
        if half_turns not in HALF_TURNS:
            raise ValueError(f"a coin spins 4..8 half-turns, not {half_turns}")
        self.side = side
        self.half_turns = half_turns
        # An even number of half-turns lands on the start side, an odd number on the other.
        self.start_side = side if half_turns % 2 == 0 else other_side(side)
        self.duration = flip_duration(half_turns)
        self.time = 0.0
        self._from = pygame.Vector2(start) if start is not None else None
        if self.speed == math.inf:
            self.finish()

    def update(self, dt: float) -> None:
        if self.side is None or self.time >= self.duration:
            return
        if self.speed == math.inf:
            self.finish()
            return
        self.time = min(self.duration, self.time + dt * self.speed)

    def finish(self) -> None:
        """Space: land now, on the chosen side."""
        self.time = self.duration

    def is_settled(self) -> bool:
        return self.side is None or self.time >= self.duration

    # --- what is shown -------------------------------------------------------------------
    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.time / self.duration)

    @property
    def angle(self) -> float:
        """The flip angle θ: 0 at the start, half_turns·π at the landing."""
        return self.half_turns * math.pi * _spin_ease(self.progress)

    @property
    def lift(self) -> float:
        """Height above the table, 0..1: up and down once while it spins."""
        return math.sin(math.pi * self.progress) if self.side is not None else 0.0

    @property
    def position(self) -> pygame.Vector2:
        """Where it is drawn: `center`, or on the way there while a toss glides in. (The dice
        tray moves `center` itself when the coin slides as a physics body.)"""
        if self.side is None or self._from is None:
            return pygame.Vector2(self.center)
        u = min(1.0, self.progress * 1.25)
        return self._from.lerp(self.center, 1.0 - (1.0 - u) ** 3)

    def shown_side(self) -> str:
        """The side draw() shows now; once settled, exactly the rules' result."""
        if self.side is not None and self.is_settled():
            return self.side  # θ = k·π exactly: by construction this is the chosen side
        return self.start_side if math.cos(self.angle) >= 0 else other_side(self.start_side)

    def draw(self, surface: pygame.Surface) -> None:
        theta = self.angle
        squeeze = abs(math.cos(theta))
        side = self.shown_side()
        scale = 1.0 + 0.28 * self.lift
        diameter = max(4, round(2 * self.radius * scale))
        width = max(2, round(diameter * squeeze))
        pos = self.position
        # Shadow: further away and fainter while the coin is up in the air.
        shadow = _shadow(diameter, max(2, round(diameter * max(squeeze, 0.35))), int(110 - 60 * self.lift))
        off = 4 + 18 * self.lift
        surface.blit(shadow, shadow.get_rect(center=(pos.x + off * 0.6, pos.y + off)))
        # The rim: a thin band of edge colour that shows when the coin is tilted.
        thickness = max(2, round(self.radius * 0.16 * scale))
        rim_w = width + round(thickness * math.sin(theta) ** 2)
        rim_rect = pygame.Rect(0, 0, rim_w, diameter)
        rim_rect.center = (round(pos.x + thickness * 0.35), round(pos.y))
        pygame.draw.ellipse(surface, COIN_COLOURS[side]["edge"], rim_rect)
        face = pygame.transform.smoothscale(_coin_face(side, self.radius), (width, diameter))
        if not self.is_settled():
            # Edge-on the coin darkens a little, and a shine sweeps across once per half-turn.
            m = int(150 + 105 * squeeze)
            face.fill((m, m, m), special_flags=pygame.BLEND_RGB_MULT)
            phase = (theta / math.pi) % 1.0
            _shine(face, phase, int(110 * squeeze))
        surface.blit(face, face.get_rect(center=(round(pos.x), round(pos.y))))
        if self.side is not None and self.is_settled():
            label = render(side.capitalize(), self.label_size, LABEL_COLOUR, "bold")
            surface.blit(label, label.get_rect(midtop=(round(pos.x), round(pos.y) + self.radius + 6)))


class CoinRow:
    """Several coins flipped at once (a three-coin flip), side by side in `rect`, each landing
    on its own result from the rules (`sides`, in the rules' order, left to right). Each coin
    is tossed a moment after the one before it and is not drawn until it is tossed, so no coin
    ever shows a side before its flip. `update(dt)` returns True once every coin has landed
    (a timeline entry); `finish()` lands them all (Space)."""

    STAGGER = 0.18  # seconds between two tosses (at ×1)

    def __init__(self, rect: pygame.Rect, sides: list[str], seed: int = 0) -> None:
        if not sides:
            raise ValueError("a coin row needs at least one coin")
        self.sides = list(sides)
        self.time = 0.0
        rng = random.Random(seed)
        self.coins = [Coin((0, 0), self.radius_for(rect, len(sides))) for _ in sides]
        for coin, side in zip(self.coins, self.sides, strict=True):
            coin.flip(side, rng.randrange(1 << 30))
            coin.label_size = 16 if rect.w / len(sides) >= 60 else 13  # words side by side
        self.place(rect)

    @staticmethod
    def radius_for(rect: pygame.Rect, n: int) -> int:
        """As big as fits: the coins and their Heads/Tails labels side by side in `rect`."""
        return max(10, min(30, int(rect.w / n / 2) - 5, int(rect.h * 0.3)))

    def place(self, rect: pygame.Rect) -> None:
        """Lay the coins out evenly across `rect` (called again when the layout changes)."""
        n = len(self.coins)
        step = rect.w / n
        y = rect.centery - 8  # room for the labels below
        for i, coin in enumerate(self.coins):
            coin.center = pygame.Vector2(rect.x + step * (i + 0.5), y)

    def start_of(self, i: int) -> float:
        return i * self.STAGGER

    def update(self, dt: float) -> bool:
        self.time += dt
        for i, coin in enumerate(self.coins):
            coin.update(max(0.0, min(dt, self.time - self.start_of(i))))
        return self.is_settled()

    def finish(self) -> None:
        self.time = max(self.time, self.start_of(len(self.coins)))
        for coin in self.coins:
            coin.finish()

    def is_settled(self) -> bool:
        return all(coin.is_settled() for coin in self.coins)

    def shown_sides(self) -> list[str | None]:
        """What each coin shows now (None: not tossed yet); once settled, the rules' results."""
        return [coin.shown_side() if self.time >= self.start_of(i) else None
                for i, coin in enumerate(self.coins)]

    def draw(self, surface: pygame.Surface) -> None:
        for i, coin in enumerate(self.coins):
            if self.time >= self.start_of(i):
                coin.draw(surface)


def _shine(face: pygame.Surface, phase: float, strength: int) -> None:
    """Add a slanted bright band at `phase` (0..1 across the face); transparent pixels stay so."""
    if strength <= 0:
        return
    w, h = face.get_size()
    x = -0.4 * w + phase * 1.8 * w
    band = max(3, w // 4)
    slant = h * 0.35
    band_surface = pygame.Surface((w, h))
    band_surface.fill((0, 0, 0))
    s = strength
    pygame.draw.polygon(band_surface, (s, s, s),
                        [(x - band, h), (x, h), (x + slant, 0), (x + slant - band, 0)])
    pygame.draw.polygon(band_surface, (s // 2, s // 2, s // 2),
                        [(x + 2, h), (x + 2 + band // 2, h), (x + 2 + band // 2 + slant, 0),
                         (x + 2 + slant, 0)])
    face.blit(band_surface, (0, 0), special_flags=pygame.BLEND_RGB_ADD)


@lru_cache(maxsize=64)
def _shadow(width: int, height: int, alpha: int) -> pygame.Surface:
    surf = pygame.Surface((width + 8, height + 8), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (0, 0, 0, max(0, alpha) // 2), surf.get_rect())
    pygame.draw.ellipse(surf, (0, 0, 0, max(0, alpha)), surf.get_rect().inflate(-8, -8))
    return surf


@lru_cache(maxsize=16)
def _coin_face(side: str, radius: int) -> pygame.Surface:
    """One face of the coin, drawn once (supersampled 3× then smoothed down)."""
    k = 3
    r = radius * k
    size = 2 * r
    c = COIN_COLOURS[side]
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (r, r)
    pygame.draw.circle(surf, c["rim"], centre, r)
    # A soft gradient face: lighter towards the top-left, as if lit from there.
    inner = int(r * 0.86)
    steps = 12
    for i in range(steps):
        t = i / (steps - 1)
        col = tuple(int(c["face"][j] * (1 - t) + c["light"][j] * t) for j in range(3))
        shift = int(inner * 0.3 * t)
        pygame.draw.circle(surf, col, (r - shift, r - shift), int(inner * (1.0 - 0.6 * t)))
    pygame.draw.circle(surf, c["rim"], centre, inner, width=max(2, k * 2))
    # A ring of beads just inside the rim, like a minted coin.
    for i in range(24):
        a = 2 * math.pi * i / 24
        pygame.draw.circle(surf, c["ink"], (r + math.cos(a) * r * 0.93, r + math.sin(a) * r * 0.93), k * 1.2)
    if side == "heads":
        _draw_sun(surf, centre, int(r * 0.62), c["ink"])
    else:
        _draw_moon(surf, centre, int(r * 0.62), c["ink"], c["face"])
    small = pygame.transform.smoothscale(surf, (2 * radius, 2 * radius))
    letter = render("H" if side == "heads" else "T", max(14, int(radius * 0.62)), c["ink"], "serif")
    small.blit(letter, letter.get_rect(center=(radius, radius + 1)))
    return small


def _draw_sun(surf: pygame.Surface, centre: tuple[int, int], size: int, ink: Color) -> None:
    """A sun: a ring with twelve pointed rays; the letter H sits in its middle."""
    cx, cy = centre
    for i in range(12):
        a = 2 * math.pi * i / 12
        tip = (cx + math.cos(a) * size, cy + math.sin(a) * size)
        left = (cx + math.cos(a - 0.16) * size * 0.66, cy + math.sin(a - 0.16) * size * 0.66)
        right = (cx + math.cos(a + 0.16) * size * 0.66, cy + math.sin(a + 0.16) * size * 0.66)
        pygame.draw.polygon(surf, ink, [left, tip, right])
    pygame.draw.circle(surf, ink, centre, int(size * 0.64), width=max(3, size // 10))


def _draw_moon(surf: pygame.Surface, centre: tuple[int, int], size: int, ink: Color,
               face: Color) -> None:
    """A crescent moon opening to the right with two small stars; the letter T beside it."""
    cx, cy = centre
    moon = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(moon, (*ink, 255), centre, size)
    pygame.draw.circle(moon, (0, 0, 0, 0), (cx + int(size * 0.42), cy - int(size * 0.12)), int(size * 0.86))
    surf.blit(moon, (0, 0))
    for dx, dy, s in ((0.62, 0.52, 0.12), (0.8, -0.7, 0.09)):
        _star(surf, (cx + dx * size, cy + dy * size), size * s, ink)


def _star(surf: pygame.Surface, centre: tuple[float, float], size: float, ink: Color) -> None:
    cx, cy = centre
    points = []
    for i in range(8):
        a = math.pi / 4 * i - math.pi / 2
        rr = size if i % 2 == 0 else size * 0.4
        points.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    pygame.draw.polygon(surf, ink, points)
