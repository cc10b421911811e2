"""Colours and table backgrounds: shared UI colours, one palette per game, and the procedural
pictures (table backgrounds, the Card Table emblem and window icon).

Everything here is drawn by code so it stays sharp and reproducible; backgrounds are cached per
(game, size) because they are the most expensive thing a frame draws. Decorative randomness
(stars, stone grain) uses a fixed private seed: it never touches a game's Rng.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

Color = tuple[int, int, int]

# --- shared UI colours ---------------------------------------------------------------------
TEXT: Color = (238, 232, 218)  # warm off-white, ≥ 10:1 on PANEL
TEXT_DIM: Color = (178, 172, 160)  # secondary text, ≥ 5:1 on PANEL
TEXT_DARK: Color = (28, 24, 20)  # text on light / accent fills
PANEL: Color = (30, 32, 38)
PANEL_HI: Color = (44, 47, 56)
PANEL_EDGE: Color = (86, 90, 104)
ACCENT: Color = (222, 184, 96)  # old gold: primary buttons, focus ring, selection
ACCENT_HI: Color = (240, 206, 128)
WARN: Color = (255, 178, 150)  # a problem the player should know of (a damaged save)
ACCENT_LO: Color = (170, 134, 62)
FOCUS: Color = ACCENT_HI
GOOD: Color = (110, 196, 140)
BAD: Color = (222, 96, 88)
DISABLED_FILL: Color = (40, 42, 48)
DISABLED_TEXT: Color = (118, 116, 112)
OVERLAY: tuple[int, int, int, int] = (8, 8, 12, 170)  # dims the scene under a modal

# --- how faces look: the colour-blind setting -------------------------------------------------
#: set by the app from the settings (App.apply_settings); card faces and badges read it, so
#: every table draws larger symbols and letters without each scene passing it along
_LOOK = {"colourblind": False}
#: how much larger symbols and letters are drawn with the colour-blind setting on
COLOURBLIND_SCALE = 1.4


def set_colourblind(on: bool) -> None:
    _LOOK["colourblind"] = bool(on)


def colourblind() -> bool:
    return _LOOK["colourblind"]


def symbol_scale() -> float:
    """1, or COLOURBLIND_SCALE with the colour-blind setting on."""
    return COLOURBLIND_SCALE if _LOOK["colourblind"] else 1.0


class looking:
    """`with theme.looking(colourblind=True):` draw faces as with that setting (tests,
    previews); the setting before is restored after."""

    def __init__(self, colourblind: bool) -> None:
        self.on = colourblind

    def __enter__(self) -> None:
        self.before = _LOOK["colourblind"]
        _LOOK["colourblind"] = self.on

    def __exit__(self, *exc) -> None:
        _LOOK["colourblind"] = self.before


# --- per-game palettes ---------------------------------------------------------------------
PALETTES: dict[str, dict[str, Color]] = {
    "menu": {"bg_top": (34, 56, 49), "bg_bottom": (15, 26, 23), "accent": ACCENT,
             "accent2": (120, 170, 150), "text": TEXT},
    "madoka": {"bg_top": (24, 20, 66), "bg_bottom": (70, 36, 110), "accent": (84, 214, 200),
               "accent2": (240, 150, 200), "grief": (20, 16, 26), "text": TEXT,
               "homura": (150, 100, 200), "mami": (236, 200, 80), "kyoko": (220, 70, 70),
               "sayaka": (80, 140, 230), "madoka": (240, 130, 180), "qb": (240, 240, 240)},
    "bloodborne": {"bg_top": (40, 36, 34), "bg_bottom": (18, 16, 16), "accent": (176, 30, 36),
                   "accent2": (200, 164, 92), "text": TEXT, "melee": (170, 50, 46),
                   "ranged": (64, 100, 170), "utility": (120, 120, 120),
                   "monster": (216, 200, 160)},
}


def palette(game: str) -> dict[str, Color]:
    """The game's palette, falling back to the menu's for games without their own yet."""
    return PALETTES.get(game, PALETTES["menu"])


def accent(game: str) -> Color:
    return palette(game)["accent"]


# --- backgrounds ---------------------------------------------------------------------------
def draw_background(surface: pygame.Surface, game: str = "menu") -> None:
    """Fill `surface` with the table background of `game` ("menu" = neutral dark felt)."""
    surface.blit(background(game, surface.get_size()), (0, 0))


@lru_cache(maxsize=8)
def background(game: str, size: tuple[int, int]) -> pygame.Surface:
    painter = {"madoka": _night_sky, "bloodborne": _stone_and_candles}.get(game, _felt)
    surf = painter(size, palette(game))
    return surf.convert() if pygame.display.get_surface() else surf


def vertical_gradient(size: tuple[int, int], top: Color, bottom: Color) -> pygame.Surface:
    """A smooth top→bottom gradient, one filled row per pixel line."""
    w, h = size
    surf = pygame.Surface(size)
    for y in range(h):
        t = y / max(1, h - 1)
        surf.fill(tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True)),
                  (0, y, w, 1))
    return surf


def vignette(size: tuple[int, int], strength: int = 150, color: Color = (0, 0, 0),
             center: tuple[float, float] = (0.5, 0.45)) -> pygame.Surface:
    """Darkened edges: a small radial alpha map scaled up smoothly."""
    w, h = 64, 36
    small = pygame.Surface((w, h), pygame.SRCALPHA)
    cx, cy = center[0] * w, center[1] * h
    for y in range(h):
        for x in range(w):
            d = math.hypot((x - cx) / (w / 2), (y - cy) / (h / 2))
            a = max(0.0, min(1.0, (d - 0.45) / 0.85)) ** 1.6
            small.set_at((x, y), (*color, int(strength * a)))
    return pygame.transform.smoothscale(small, size)


def glow(radius: int, color: Color, alpha: int, additive: bool = False) -> pygame.Surface:
    """A soft round light. additive=True gives a premultiplied RGB image for BLEND_RGB_ADD
    (candlelight); otherwise an alpha image for a plain blit (haze, halos)."""
    n = 32
    small = pygame.Surface((n, n), 0 if additive else pygame.SRCALPHA)
    for y in range(n):
        for x in range(n):
            d = math.hypot(x - n / 2 + 0.5, y - n / 2 + 0.5) / (n / 2)
            a = max(0.0, 1.0 - d) ** 2
            if additive:
                small.set_at((x, y), tuple(int(c * a * alpha / 255) for c in color))
            else:
                small.set_at((x, y), (*color, int(alpha * a)))
    return pygame.transform.smoothscale(small, (radius * 2, radius * 2))


def _grain(rng: random.Random, amount: int) -> pygame.Surface:
    """A tile of fine noise (sparse light and dark specks): felt/stone texture.
    Built from random bytes in one go (no per-pixel Python loop: it is on the start-up path)."""
    tw = th = 192
    n = tw * th
    shade = rng.randbytes(n).translate(bytes(0 if v < 128 else 255 for v in range(256)))
    # about one pixel in five gets a speck; dark specks a little stronger than light ones
    alpha = bytes(min(255, amount + 6) if v < 26 else (amount if v < 51 else 0)
                  for v in range(256))
    buf = bytearray(4 * n)
    buf[0::4] = buf[1::4] = buf[2::4] = shade
    buf[3::4] = rng.randbytes(n).translate(alpha)
    return pygame.image.frombuffer(bytes(buf), (tw, th), "RGBA")


def _add_grain(surf: pygame.Surface, rng: random.Random, amount: int) -> None:
    """Tile the grain straight onto an opaque surface (cheaper than an alpha layer)."""
    tile = _grain(rng, amount)
    w, h = surf.get_size()
    for y in range(0, h, tile.get_height()):
        for x in range(0, w, tile.get_width()):
            surf.blit(tile, (x, y))


def _felt(size: tuple[int, int], pal: dict[str, Color]) -> pygame.Surface:
    w, h = size
    surf = vertical_gradient(size, pal["bg_top"], pal["bg_bottom"])
    lamp = glow(int(w * 0.42), (60, 80, 62), 200, additive=True)  # a lamp over the table
    surf.blit(lamp, (w // 2 - lamp.get_width() // 2, int(h * 0.42) - lamp.get_height() // 2),
              special_flags=pygame.BLEND_RGB_ADD)
    _add_grain(surf, random.Random(11), 10)
    surf.blit(vignette(size, 170), (0, 0))
    return surf


def _night_sky(size: tuple[int, int], pal: dict[str, Color]) -> pygame.Surface:
    w, h = size
    surf = vertical_gradient(size, pal["bg_top"], pal["bg_bottom"])
    rng = random.Random(5)
    # a faint diagonal band of haze, like a far galaxy
    haze = glow(int(max(w, h) * 0.45), (150, 110, 200), 38)
    surf.blit(haze, (int(w * 0.55) - haze.get_width() // 2, int(h * 0.2) - haze.get_height() // 2))
    stars = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(w * h // 5200):
        x, y = rng.randrange(w), rng.randrange(h)
        a = rng.randint(40, 150)
        r = 1 if rng.random() < 0.85 else 2
        pygame.draw.circle(stars, (255, 250, 255, a), (x, y), r)
    for _ in range(7):  # a few brighter stars with a soft cross glint
        x, y = rng.randrange(w), rng.randrange(int(h * 0.7))
        stars.blit(glow(9, (220, 220, 255), 120), (x - 9, y - 9))
        pygame.draw.line(stars, (255, 255, 255, 90), (x - 6, y), (x + 6, y))
        pygame.draw.line(stars, (255, 255, 255, 90), (x, y - 6), (x, y + 6))
    surf.blit(stars, (0, 0))
    low = glow(int(w * 0.5), (230, 120, 190), 26)  # a warm pink glow low on the horizon
    surf.blit(low, (int(w * 0.2) - low.get_width() // 2, h - low.get_height() // 3))
    surf.blit(vignette(size, 120, (6, 4, 20)), (0, 0))
    return surf


def _stone_and_candles(size: tuple[int, int], pal: dict[str, Color]) -> pygame.Surface:
    w, h = size
    surf = vertical_gradient(size, pal["bg_top"], pal["bg_bottom"])
    rng = random.Random(3)
    stones = pygame.Surface(size, pygame.SRCALPHA)
    row_h = 54
    for row, y in enumerate(range(-10, h, row_h)):
        x = -rng.randint(0, 60) - (40 if row % 2 else 0)
        while x < w:
            sw = rng.randint(90, 150)
            shade = rng.randint(-10, 10)
            base = (70 + shade, 63 + shade, 58 + shade, 120)
            r = pygame.Rect(x + 2, y + 2, sw - 4, row_h - 4)
            pygame.draw.rect(stones, base, r, border_radius=6)
            pygame.draw.line(stones, (120, 110, 96, 26), r.topleft, r.topright)  # worn top edge
            x += sw
    surf.blit(stones, (0, 0))
    _add_grain(surf, rng, 14)
    surf.blit(vignette(size, 220, (4, 2, 2), (0.5, 0.55)), (0, 0))
    for cx, cy, r in ((0.08, 0.9, 0.35), (0.92, 0.88, 0.32), (0.5, 1.05, 0.45)):  # candlelight
        g = glow(int(w * r), (255, 140, 50), 70, additive=True)
        surf.blit(g, (int(w * cx) - g.get_width() // 2, int(h * cy) - g.get_height() // 2),
                  special_flags=pygame.BLEND_RGB_ADD)
    return surf


# --- the emblem and window icon ----------------------------------------------------------------
def draw_emblem(size: int, gold: Color = ACCENT) -> pygame.Surface:
    """Card Table's emblem: three fanned cards with a four-pointed star on the front card."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    cw, ch = int(size * 0.42), int(size * 0.6)
    pivot = (size / 2, size * 0.86)
    faces = [(-24, (58, 76, 104)), (24, (96, 46, 64)), (0, (28, 30, 36))]
    for angle, fill in faces:
        card = pygame.Surface((cw, ch), pygame.SRCALPHA)
        rad = max(3, size // 22)
        pygame.draw.rect(card, fill, card.get_rect(), border_radius=rad)
        pygame.draw.rect(card, gold, card.get_rect(), max(1, size // 48), border_radius=rad)
        inner = card.get_rect().inflate(-size // 12, -size // 12)
        pygame.draw.rect(card, (*gold, 90), inner, max(1, size // 96), border_radius=rad // 2)
        if angle == 0:
            star(card, (cw / 2, ch / 2), cw * 0.34, gold, points=4, inner=0.32)
        rot = pygame.transform.rotozoom(card, angle, 1)
        # rotate around the bottom pivot: offset the card centre from the pivot
        off = pygame.math.Vector2(0, -ch * 0.45).rotate(-angle)
        c = (pivot[0] + off.x, pivot[1] + off.y - ch * 0.05)
        s.blit(rot, rot.get_rect(center=(round(c[0]), round(c[1]))))
    return s


def star(surf: pygame.Surface, c: tuple[float, float], r: float, color: Color,
         points: int = 5, inner: float = 0.45) -> None:
    """A filled star of `points` points, outer radius `r`, inner radius `r * inner`."""
    pts = []
    for i in range(2 * points):
        a = math.pi / points * i - math.pi / 2
        rr = r if i % 2 == 0 else r * inner
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    pygame.draw.polygon(surf, color, pts)


def make_icon(size: int = 64) -> pygame.Surface:
    """The window icon: the emblem on a rounded dark-felt tile."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(s, (22, 36, 32), s.get_rect(), border_radius=size // 6)
    pygame.draw.rect(s, ACCENT_LO, s.get_rect(), max(1, size // 32), border_radius=size // 6)
    em = draw_emblem(int(size * 0.92))
    s.blit(em, em.get_rect(center=(size // 2, size // 2 + size // 40)))
    return s


def write_icon_png(path: str, size: int = 64) -> None:
    """Regenerate data/icon.png: `uv run python -c "from sprites.theme import write_icon_png;
    write_icon_png('data/icon.png')"`."""
    pygame.image.save(make_icon(size), path)
