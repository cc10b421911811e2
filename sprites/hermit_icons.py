"""Hermitcraft's drawn symbols: a tile per Hermit type (Balanced scales, Builder bricks, Explorer
compass, Farm wheat, Miner pickaxe, Prankster jester's hat, PvP sword, Redstone torch,
Speedrunner bolt, Terraform mountain; "any" a star), the kind of an effect (a shield) and a
single-use card (a flask), the status effects (burn, poison, sleep) with their tooltips, and
the HP bar.

Each type differs in shape, not only in colour (docs/style.md), and the colour-blind setting draws
them larger (the callers size them with `theme.symbol_scale()`). Shapes are drawn four times
larger and smoothed down, so they stay clean from 14 to 40 px; each is made once per size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.hermitcraft.cards import ANY
from sprites import cards as cg
from sprites import text
from sprites.icons import OUTLINE, SS, WHITE, Pen, arc, bold

Color = tuple[int, int, int]

TYPE_COLOURS: dict[str, Color] = {
    "balanced": (128, 128, 136), "builder": (52, 104, 186), "explorer": (52, 142, 70),
    "farm": (196, 160, 40), "miner": (112, 86, 66), "prankster": (160, 70, 170),
    "pvp": (196, 52, 52), "redstone": (150, 20, 24), "speedrunner": (222, 128, 30),
    "terraform": (40, 140, 130), ANY: (90, 90, 96)}
KIND_COLOURS: dict[str, Color] = {"effect": (84, 64, 150), "single_use": (160, 52, 40)}
STATUS_COLOURS: dict[str, Color] = {"burn": (214, 84, 20), "poison": (64, 140, 40), "sleep": (60, 84, 170)}


# --- the type symbols, in a unit square --------------------------------------------------------
def _balanced(pen: Pen) -> None:  # scales: a beam on a post, two pans
    pen.line((0.5, 0.22), (0.5, 0.78), 0.08)
    pen.line((0.32, 0.8), (0.68, 0.8), 0.08)
    pen.line((0.2, 0.3), (0.8, 0.3), 0.07)
    for x in (0.24, 0.76):
        pen.poly([(x - 0.15, 0.5), (x + 0.15, 0.5), *reversed(arc((x, 0.5), 0.15, 0, math.pi))])
        pen.line((x, 0.3), (x - 0.12, 0.5), 0.035, OUTLINE, 0)
        pen.line((x, 0.3), (x + 0.12, 0.5), 0.035, OUTLINE, 0)


def _builder(pen: Pen) -> None:  # a brick wall
    top, bottom, left, right = 0.24, 0.78, 0.16, 0.84
    pen.poly([(left, top), (right, top), (right, bottom), (left, bottom)], (236, 206, 180))
    rows = 3
    h = (bottom - top) / rows
    for i in range(1, rows):
        pen.line((left, top + i * h), (right, top + i * h), 0.035, OUTLINE, 0)
    for i in range(rows):
        xs = (0.5,) if i % 2 == 0 else (0.33, 0.67)
        for x in xs:
            pen.line((x, top + i * h), (x, top + (i + 1) * h), 0.035, OUTLINE, 0)


def _explorer(pen: Pen) -> None:  # a compass: a ring and its needle
    pen.disc((0.5, 0.5), 0.34)
    pygame.draw.circle(pen.surf, OUTLINE, pen.p((0.5, 0.5)), pen.w(0.26), pen.w(0.035))
    pen.poly([(0.5, 0.2), (0.6, 0.5), (0.4, 0.5)], (220, 40, 36), 0.03)
    pen.poly([(0.5, 0.8), (0.6, 0.5), (0.4, 0.5)], (90, 90, 96), 0.03)


def _farm(pen: Pen) -> None:  # an ear of wheat
    pen.line((0.5, 0.86), (0.5, 0.18), 0.06, (236, 206, 120))
    for y in (0.3, 0.46, 0.62):
        for side in (-1, 1):
            cx = 0.5 + side * 0.11
            pen.poly([(0.5, y + 0.08), (cx + side * 0.08, y - 0.06), (cx, y - 0.12), (0.5, y - 0.02)],
                     (248, 224, 130), 0.03)
    pen.poly([(0.5, 0.08), (0.56, 0.2), (0.5, 0.26), (0.44, 0.2)], (248, 224, 130), 0.03)


def _miner(pen: Pen) -> None:  # a pickaxe
    pen.line((0.26, 0.82), (0.62, 0.36), 0.09, (196, 150, 96))
    head = arc((0.58, 0.62), 0.46, math.radians(200), math.radians(300))
    pts = head + [(q[0] + 0.05, q[1] + 0.08) for q in reversed(head)]
    pen.poly(pts, (200, 220, 236))


def _prankster(pen: Pen) -> None:  # a jester's hat: two floppy points with bells
    pen.poly([(0.24, 0.72), (0.2, 0.46), (0.08, 0.5), (0.16, 0.3), (0.36, 0.3), (0.5, 0.46),
              (0.64, 0.3), (0.84, 0.3), (0.92, 0.5), (0.8, 0.46), (0.76, 0.72)])
    pen.poly([(0.5, 0.46), (0.64, 0.3), (0.84, 0.3), (0.92, 0.5), (0.8, 0.46), (0.76, 0.72),
              (0.5, 0.72)], (120, 220, 120), 0.0)
    pen.poly([(0.2, 0.7), (0.8, 0.7), (0.8, 0.84), (0.2, 0.84)], (250, 214, 80))
    for c in ((0.1, 0.54), (0.9, 0.54)):
        pen.disc(c, 0.08, (250, 214, 80), 0.035)


def _pvp(pen: Pen) -> None:  # a sword, point up and right
    pen.poly([(0.84, 0.14), (0.8, 0.3), (0.42, 0.66), (0.34, 0.58), (0.7, 0.2)], (220, 232, 244))
    pen.line((0.22, 0.5), (0.5, 0.78), 0.08, (200, 160, 60))
    pen.line((0.36, 0.64), (0.2, 0.8), 0.08, (120, 80, 50))


def _redstone(pen: Pen) -> None:  # a redstone torch
    pen.poly([(0.43, 0.44), (0.57, 0.44), (0.57, 0.86), (0.43, 0.86)], (170, 120, 70))
    pen.poly([(0.34, 0.16), (0.66, 0.16), (0.66, 0.46), (0.34, 0.46)], (255, 72, 56))
    pen.poly([(0.44, 0.24), (0.54, 0.24), (0.54, 0.32), (0.44, 0.32)], (255, 210, 190), 0)


def _speedrunner(pen: Pen) -> None:  # a lightning bolt
    pen.poly([(0.6, 0.1), (0.24, 0.56), (0.46, 0.56), (0.38, 0.9), (0.76, 0.42), (0.54, 0.42),
              (0.66, 0.1)], (255, 240, 150))


def _terraform(pen: Pen) -> None:  # a mountain with a grassy foot
    pen.poly([(0.1, 0.8), (0.42, 0.24), (0.58, 0.5), (0.68, 0.36), (0.92, 0.8)], (180, 170, 160))
    pen.poly([(0.34, 0.38), (0.42, 0.24), (0.5, 0.38), (0.45, 0.42), (0.42, 0.38), (0.39, 0.42)],
             WHITE, 0.02)
    pen.poly([(0.1, 0.8), (0.92, 0.8), (0.92, 0.88), (0.1, 0.88)], (110, 200, 90), 0.03)


def _any(pen: Pen) -> None:  # a star: payable by any type
    pts = []
    for i in range(10):
        a = math.pi / 5 * i - math.pi / 2
        r = 0.36 if i % 2 == 0 else 0.16
        pts.append((0.5 + r * math.cos(a), 0.53 + r * math.sin(a)))
    pen.poly(pts)


def _effect(pen: Pen) -> None:  # a shield
    pen.poly([(0.22, 0.2), (0.5, 0.12), (0.78, 0.2), (0.76, 0.54), (0.5, 0.88), (0.24, 0.54)])
    pen.line((0.5, 0.2), (0.5, 0.78), 0.05, OUTLINE, 0)


def _single_use(pen: Pen) -> None:  # a flask
    pen.disc((0.5, 0.62), 0.26, (255, 120, 150))
    pen.poly([(0.42, 0.14), (0.58, 0.14), (0.58, 0.42), (0.42, 0.42)], WHITE, 0.04)
    pen.poly([(0.38, 0.1), (0.62, 0.1), (0.62, 0.18), (0.38, 0.18)], (170, 120, 70), 0.03)


SYMBOLS = {"balanced": _balanced, "builder": _builder, "explorer": _explorer, "farm": _farm,
           "miner": _miner, "prankster": _prankster, "pvp": _pvp, "redstone": _redstone,
           "speedrunner": _speedrunner, "terraform": _terraform, ANY: _any,
           "effect": _effect, "single_use": _single_use}


@lru_cache(maxsize=512)
def tile(kind: str, size: int) -> pygame.Surface:
    """A type (or effect / single-use) symbol on a square tile of its colour, `size` px."""
    n = size * SS
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    colour = TYPE_COLOURS.get(kind) or KIND_COLOURS[kind]
    r = max(2, n // 6)
    pygame.draw.rect(big, cg.mix(colour, (0, 0, 0), 0.45), big.get_rect(), border_radius=r)
    pygame.draw.rect(big, colour, big.get_rect().inflate(-n // 8, -n // 8), border_radius=r - n // 16)
    pygame.draw.rect(big, cg.mix(colour, (255, 255, 255), 0.25),
                     pygame.Rect(n // 16, n // 16, n - n // 8, n // 10), border_radius=r // 2)
    inner = pygame.Surface((n, n), pygame.SRCALPHA)
    SYMBOLS[kind](Pen(inner, bold(size)))
    fill = 0.82 if size > 24 else 0.94  # a small tile: less rim, a larger symbol
    sub = pygame.transform.smoothscale(inner, (round(n * fill), round(n * fill)))
    big.blit(sub, sub.get_rect(center=(n // 2, n // 2)))
    return pygame.transform.smoothscale(big, (size, size))


# --- status effects ------------------------------------------------------------------------
def _burn(pen: Pen) -> None:
    pts = [(0.5, 0.1), (0.66, 0.34), (0.7, 0.22), (0.8, 0.5), *arc((0.5, 0.6), 0.3, 0, math.pi)[1:-1],
           (0.2, 0.5), (0.32, 0.3), (0.38, 0.4)]
    pen.poly(pts, (255, 214, 90))
    pen.poly([(0.5, 0.5), (0.62, 0.7), *arc((0.5, 0.72), 0.12, 0.2, math.pi - 0.2)[1:-1], (0.38, 0.7)],
             (255, 140, 40), 0.02)


def _poison(pen: Pen) -> None:
    pts = [(0.5, 0.12), (0.72, 0.52), *arc((0.5, 0.62), 0.24, -0.4, math.pi + 0.4)[1:-1], (0.28, 0.52)]
    pen.poly(pts, (190, 240, 120))
    pen.disc((0.42, 0.6), 0.05, WHITE, 0)


def _sleep(pen: Pen) -> None:  # a crescent moon and a small z
    outer = arc((0.44, 0.54), 0.32, math.radians(-70), math.radians(200), 16)
    inner = arc((0.58, 0.44), 0.24, math.radians(200), math.radians(-70), 16)
    pen.poly(outer + inner, (250, 236, 160))
    pen.line((0.64, 0.14), (0.84, 0.14), 0.05)
    pen.line((0.84, 0.14), (0.64, 0.34), 0.05)
    pen.line((0.64, 0.34), (0.84, 0.34), 0.05)


STATUS_SYMBOLS = {"burn": _burn, "poison": _poison, "sleep": _sleep}
STATUS_NAMES = {"burn": "Burn", "poison": "Poison", "sleep": "Sleep"}
#: what each status does, for the tooltip (rules: "Status effects")
STATUS_TIPS = {
    "burn": "Burn: 20 damage at the end of each of the opponent's turns, until knocked out. "
            "Water Bucket cures it.",
    "poison": "Poison: 20 damage at the end of each of the opponent's turns, never below 10 HP. "
              "Milk Bucket cures it.",
    "sleep": "Sleep: cannot attack, nor go AFK by choice, for {n} more of its owner's turns.",
}


@lru_cache(maxsize=64)
def status_icon(status: str, size: int) -> pygame.Surface:
    """A status effect: a disc of its colour with its symbol (flame, drop, moon)."""
    n = size * SS
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    colour = STATUS_COLOURS[status]
    pygame.draw.circle(big, OUTLINE, (n // 2, n // 2), n // 2)
    pygame.draw.circle(big, colour, (n // 2, n // 2), n // 2 - n // 14)
    inner = pygame.Surface((n, n), pygame.SRCALPHA)
    STATUS_SYMBOLS[status](Pen(inner, bold(size)))
    sub = pygame.transform.smoothscale(inner, (round(n * 0.8), round(n * 0.8)))
    big.blit(sub, sub.get_rect(center=(n // 2, n // 2)))
    return pygame.transform.smoothscale(big, (size, size))


@dataclass(frozen=True)
class Mark:
    """A status icon placed on the table: where it is, which status, its tooltip."""

    rect: pygame.Rect
    status: str
    tip: str


def status_marks(card: pygame.Rect, status: str = "", sleep: int = 0, size: int = 18) -> list[Mark]:
    """Where a Hermit's status icons go on its card at `card` (the view's row "status" and
    "sleep"): down the right edge of the portrait, clear of the name and the HP bar."""
    found = ([status] if status else []) + (["sleep"] if sleep else [])
    top = card.y + portrait_top(card.w)
    out = []
    for i, s in enumerate(found):
        r = pygame.Rect(0, 0, size, size)
        r.topright = (card.right - 2, top + i * (size + 2))
        out.append(Mark(r, s, STATUS_TIPS[s].format(n=sleep)))
    return out


def draw_marks(surface: pygame.Surface, marks: list[Mark]) -> None:
    for m in marks:
        surface.blit(status_icon(m.status, m.rect.w), m.rect)


def tooltip_at(marks: list[Mark], point: tuple[int, int]) -> str | None:
    """The tooltip of the status icon under `point`, if any (for the table's hover)."""
    return next((m.tip for m in marks if m.rect.collidepoint(point)), None)


def portrait_top(card_w: int) -> int:
    """How far below a card's top its portrait begins (the name band above it)."""
    return 19 if card_w < 80 else 22 if card_w < 150 else 44


# --- health ---------------------------------------------------------------------------------
HP_TRACK: Color = (34, 26, 22)
HP_GOOD, HP_MID, HP_LOW = (70, 190, 90), (230, 190, 50), (222, 64, 48)


def hp_colour(hp: int, max_hp: int) -> Color:
    f = hp / max_hp if max_hp else 0
    return HP_GOOD if f > 0.5 else HP_MID if f > 0.25 else HP_LOW


def hp_bar_rect(card: pygame.Rect) -> pygame.Rect:
    """Where a Hermit card's HP bar lies: its foot, inside the frame."""
    fw = max(2, card.w // 22)
    h = 18 if card.w < 150 else 24
    return pygame.Rect(card.x + fw + 1, card.bottom - fw - h - 1, card.w - 2 * fw - 2, h)


def hp_bar(surface: pygame.Surface, rect: pygame.Rect, hp: int, max_hp: int) -> None:
    """HP as a bar with the number: the number (white on the dark track, ≥ 4.5:1) at the
    left, the bar filling what is left, green, yellow below half, red below a quarter; a notch
    every 50 HP."""
    pygame.draw.rect(surface, HP_TRACK, rect, border_radius=4)
    size = 14 if rect.h < 22 else 18
    t = text.render(str(hp), size, WHITE, "bold")
    ink = t.get_bounding_rect()
    tx = rect.x + 4
    surface.blit(t, (tx, rect.centery - ink.centery))
    bar = pygame.Rect(tx + max(ink.w, text.width("300", size, "bold")) + 4, rect.y + 4, 0, rect.h - 8)
    bar.w = rect.right - 4 - bar.x
    pygame.draw.rect(surface, (70, 58, 52), bar, border_radius=2)
    fill = bar.copy()
    fill.w = round(bar.w * max(0, min(hp, max_hp)) / max_hp) if max_hp else 0
    if fill.w:
        pygame.draw.rect(surface, hp_colour(hp, max_hp), fill, border_radius=2)
        pygame.draw.line(surface, cg.mix(hp_colour(hp, max_hp), (255, 255, 255), 0.4),
                         (fill.x + 1, fill.y + 1), (fill.right - 2, fill.y + 1))
    step = 50 if max_hp and bar.w * 50 / max_hp >= 8 else 100
    for k in range(step, max_hp, step):  # notches, where there is room for them
        x = bar.x + round(bar.w * k / max_hp)
        if bar.w * step / max_hp >= 6:
            pygame.draw.line(surface, HP_TRACK, (x, bar.y), (x, bar.bottom - 1))
