"""The Monster Hunter map: every player's sheet drawn as one ring of inked regions on parchment
over a wooden table, and where each area and camp lies.

Geometry first (`ring`): the sheets go round the table clockwise from yours at the bottom, each
laid out in its own frame — `u` runs from the end that meets the previous sheet (its entry area)
to the end that meets the next one (its exit area), `v` from the sheet's outer edge inwards — so
the paths that join an exit to the next entry are short wherever a sheet lies. Then painting
(`paint_map`): wood, the parchment, the sheets' borders, the paths between areas, the areas as
inked blobs and the camps as tents.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

from sprites import cards as cg
from sprites import mhtcg_cards as mc
from sprites import text
from sprites.zones import panel

Color = tuple[int, int, int]

WOOD: Color = (78, 50, 30)
PARCH: Color = (226, 206, 160)
PARCH_DARK: Color = (196, 170, 120)
INK: Color = (66, 44, 24)
OCHRE: Color = (196, 142, 52)
FOREST: Color = (46, 96, 58)
PLATE_TEXT: Color = (248, 240, 222)
#: areas of each side in the sheet's own frame (u along the sheet, v inwards), and the camp
LAYOUTS = {
    3: {2: (0.17, 0.58), 1: (0.5, 0.58), 3: (0.83, 0.58)},
    4: {2: (0.12, 0.5), 1: (0.38, 0.34), 4: (0.62, 0.66), 3: (0.88, 0.5)},
}


@dataclass
class Sheet:
    """One seat's sheet on the screen: its rect, how its frame lies ("bottom", "left", "top",
    "right": where its outer edge is), its areas' rects, its camp's centre, its plate."""

    seat: int
    rect: pygame.Rect
    edge: str
    areas: dict[int, pygame.Rect]
    camp: tuple[int, int]
    plate: pygame.Rect


def frame_point(edge: str, r: pygame.Rect, u: float, v: float) -> tuple[int, int]:
    """(u, v) of a sheet's frame on the screen. Horizontal sheets run u right-to-left on the
    bottom edge, left-to-right on the top; vertical ones bottom-up on the left, top-down on the
    right (clockwise round the table)."""
    if edge == "bottom":
        return round(r.right - u * r.w), round(r.bottom - v * r.h)
    if edge == "top":
        return round(r.x + u * r.w), round(r.y + v * r.h)
    if edge == "left":
        return round(r.x + v * r.w), round(r.bottom - u * r.h)
    return round(r.right - v * r.w), round(r.y + u * r.h)


def _sheet_rects(n: int, m: pygame.Rect) -> tuple[list[tuple[pygame.Rect, str]], pygame.Rect]:
    """The sheets' rects (relative seat 0 = yours, then clockwise) and the free middle."""
    gap = 8
    if n == 2:
        h = (m.h - 150) // 2
        return ([(pygame.Rect(m.x, m.bottom - h, m.w, h), "bottom"),
                 (pygame.Rect(m.x, m.y, m.w, h), "top")],
                pygame.Rect(m.x + 140, m.y + h + gap, m.w - 280, m.h - 2 * h - 2 * gap))
    if n == 3:
        h = (m.h - gap) // 2
        w = (m.w - gap) // 2
        bottom = pygame.Rect(m.x + m.w // 4, m.bottom - h, m.w // 2, h)
        return ([(bottom, "bottom"), (pygame.Rect(m.x, m.y, w, h), "top"),
                 (pygame.Rect(m.x + w + gap, m.y, w, h), "top")],
                pygame.Rect(m.x, bottom.y, bottom.x - m.x - gap, h))
    sw = min(240, m.w // 4)
    th = min(176, (m.h - 150) // 2)
    mid_w = m.w - 2 * sw - 2 * gap
    return ([(pygame.Rect(m.x + sw + gap, m.bottom - th, mid_w, th), "bottom"),
             (pygame.Rect(m.x, m.y, sw, m.h), "left"),
             (pygame.Rect(m.x + sw + gap, m.y, mid_w, th), "top"),
             (pygame.Rect(m.right - sw, m.y, sw, m.h), "right")],
            pygame.Rect(m.x + sw + gap, m.y + th + gap, mid_w, m.h - 2 * th - 2 * gap))


def ring(n: int, me: int, areas: int, m: pygame.Rect) -> tuple[dict[int, Sheet], pygame.Rect]:
    """Every seat's Sheet inside the map rect `m`, yours at the bottom, and the middle rect."""
    rects, middle = _sheet_rects(n, m)
    layout = LAYOUTS[areas]
    sheets = {}
    for rel, (r, edge) in enumerate(rects):
        seat = (me + rel) % n
        vertical = edge in ("left", "right")
        plate_h = 92 if vertical else 50
        if vertical:  # the plate takes the top of the sheet; the areas share the rest
            plate = pygame.Rect(r.x + 6, r.y + 6, r.w - 12, plate_h - 6)
            body = pygame.Rect(r.x, r.y + plate_h, r.w, r.h - plate_h)
            size = (round(r.w * 0.74), min(150, round(body.h / len(layout) - 14)))
        else:
            plate_y = r.bottom - plate_h - 2 if edge == "bottom" else r.y + 4
            plate = pygame.Rect(r.x + 6, plate_y, min(380, r.w - 140), plate_h - 4)
            body = pygame.Rect(r.x, r.y + 4, r.w, r.h - 8)
            body = body.inflate(0, -plate_h)
            body.y = r.y + 4 if edge == "bottom" else r.y + plate_h
            size = (min(176, round(r.w * (0.24 if areas == 4 else 0.3))),
                    round(body.h * (0.68 if areas == 4 else 0.94)))
        rects_ = {}
        for a, (u, v) in layout.items():
            if vertical:
                c = frame_point(edge, body, u, 0.56)
            else:
                c = frame_point(edge, body, u, v if areas == 4 else 0.5)
            rects_[a] = pygame.Rect(0, 0, *size)
            rects_[a].center = c
        one = rects_[1]
        if vertical:
            camp = (r.x + 17, one.centery) if edge == "left" else (r.right - 17, one.centery)
        else:
            camp = (plate.right + 26, plate.centery)
        sheets[seat] = Sheet(seat, r, edge, rects_, camp, plate)
    return sheets, middle


def paths(sheets: dict[int, Sheet], links, exit_: int, entry: int, n: int):
    """The ink lines to draw: (from, to, between sheets?) for every link and every path."""
    out = []
    for seat, sh in sheets.items():
        for a, b in links:
            out.append((sh.areas[a].center, sh.areas[b].center, False))
        out.append((sh.camp, sh.areas[1].center, False))
        nxt = sheets[(seat + 1) % n]
        out.append((sh.areas[exit_].center, nxt.areas[entry].center, True))
    return out


# --- painting ---------------------------------------------------------------------------------

@lru_cache(maxsize=4)
def wood(size: tuple[int, int]) -> pygame.Surface:
    """A wooden table top: planks with grain."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(WOOD)
    rng = random.Random(7)
    plank = 90
    for y0 in range(0, h, plank):
        tone = rng.randint(-10, 10)
        pygame.draw.rect(surf, cg.mix(WOOD, (0, 0, 0) if tone < 0 else (140, 100, 60), abs(tone) / 40),
                         pygame.Rect(0, y0, w, plank))
        for _ in range(26):
            y = y0 + rng.randint(4, plank - 4)
            x = rng.randint(-200, w)
            pygame.draw.line(surf, cg.mix(WOOD, (30, 18, 8), 0.35), (x, y), (x + rng.randint(120, 400), y), 1)
        pygame.draw.line(surf, (40, 24, 12), (0, y0), (w, y0), 2)
    return surf


def _blob(rect: pygame.Rect, seed: int, wobble: float = 0.06) -> list[tuple[float, float]]:
    return _blob_points(tuple(rect), seed, wobble)


@lru_cache(maxsize=256)
def _blob_points(r: tuple, seed: int, wobble: float) -> list[tuple[float, float]]:
    """An inked region: an ellipse with a hand-drawn wobble (made once per place)."""
    rect = pygame.Rect(r)
    rng = random.Random(seed)
    cx, cy = rect.center
    rx, ry = rect.w / 2, rect.h / 2
    phase = rng.random() * math.tau
    pts = []
    for i in range(36):
        a = math.tau * i / 36
        k = 1 + wobble * math.sin(3 * a + phase) + wobble * 0.5 * math.sin(5 * a + phase * 2)
        pts.append((cx + math.cos(a) * rx * k, cy + math.sin(a) * ry * k))
    return pts


def _dashed(surf, a, b, colour, width: int, dash: int = 10) -> None:
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    n = max(1, int(length // dash))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surf, colour, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                         (ax + (bx - ax) * t1, ay + (by - ay) * t1), width)


def area_fill(area: int, seat: int) -> Color:
    """Each area its own shade of the parchment (forest and hills, a little ochre)."""
    tones = [(214, 222, 170), (226, 206, 150), (206, 214, 176), (230, 214, 168)]
    return tones[(area + seat) % len(tones)]


def paint_map(surface: pygame.Surface, m: pygame.Rect, sheets: dict[int, Sheet], path_lines,
              names: dict[int, str], seat_colours: dict[int, Color]) -> None:
    """The whole map: parchment, sheet borders, paths, areas (numbered), camps."""
    surface.blit(wood(surface.get_size()), (0, 0))
    parch = m.inflate(12, 12)
    pygame.draw.rect(surface, (50, 32, 18), parch.move(4, 5), border_radius=10)
    pygame.draw.rect(surface, PARCH, parch, border_radius=10)
    rng = random.Random(3)
    for _ in range(120):  # stains of an old map
        x, y = rng.randint(parch.x, parch.right), rng.randint(parch.y, parch.bottom)
        pygame.draw.circle(surface, cg.mix(PARCH, PARCH_DARK, rng.random() * 0.5), (x, y), rng.randint(3, 14))
    pygame.draw.rect(surface, INK, parch, 3, border_radius=10)
    for sh in sheets.values():
        col = seat_colours[sh.seat]
        pygame.draw.rect(surface, cg.mix(PARCH, col, 0.12), sh.rect, border_radius=12)
        pygame.draw.rect(surface, cg.mix(INK, col, 0.4), sh.rect, 2, border_radius=12)
    for a, b, between in path_lines:
        if between:
            _dashed(surface, a, b, FOREST, 4)
        else:
            pygame.draw.line(surface, cg.mix(INK, PARCH, 0.35), a, b, 3)
    for sh in sheets.values():
        for area, r in sh.areas.items():
            pts = _blob(r, sh.seat * 10 + area)
            pygame.draw.polygon(surface, area_fill(area, sh.seat), pts)
            pygame.draw.polygon(surface, INK, pts, 2)
        tent(surface, sh.camp, seat_colours[sh.seat])


def area_number(surface: pygame.Surface, r: pygame.Rect, area: int) -> None:
    """The area's number in an ink circle at its upper left (the rules name areas by number)."""
    c = (r.x + 12, r.y + 10)  # above the monsters' row, which lies at the area's foot
    pygame.draw.circle(surface, INK, c, 11)
    t = text.render(str(area), 14, PARCH, "bold")
    surface.blit(t, t.get_rect(center=c))


def tent(surface: pygame.Surface, c: tuple[int, int], colour: Color) -> None:
    """A camp: a small tent in the seat's colour."""
    x, y = c
    pygame.draw.circle(surface, cg.mix(PARCH, INK, 0.15), c, 16)
    pygame.draw.polygon(surface, colour, [(x - 11, y + 8), (x + 11, y + 8), (x, y - 10)])
    pygame.draw.polygon(surface, INK, [(x - 11, y + 8), (x + 11, y + 8), (x, y - 10)], 2)
    pygame.draw.line(surface, INK, (x, y - 10), (x, y + 8), 1)


def glow_blob(surface: pygame.Surface, r: pygame.Rect, colour: Color, seed: int, strong: bool) -> None:
    """A legal target area: its outline drawn again, thick, in the accent colour."""
    pts = _blob(r, seed)
    pygame.draw.polygon(surface, colour, pts, 5 if strong else 3)


def plate(surface: pygame.Surface, r: pygame.Rect, acting: Color | None, name: str,
          colour: Color, numbers: dict, stats: str, gear: list[tuple[str, str | None]]) -> None:
    """A seat's plate, the hunter's card at the table: the deck (the hunter's life, the
    largest; red when short), the HRP, the name, hand and retreats, the current ATK / DEF / MOV
    / RNG and the weapon and armour equipped (`gear`: (kind, name or None), each with its
    kind's badge); outlined in `acting` while the seat acts. A tall plate stacks the stats and
    the gear under the name; a wide one puts them in a column of their own."""
    panel(surface, r, (46, 30, 16, 225), (*(acting or (170, 130, 70)), 255), radius=8,
          width=3 if acting else 1)
    deck = numbers["deck"]
    box = pygame.Rect(r.x + 4, r.y + 4, 48, min(r.h - 8, 44))
    low = deck <= 8  # a short deck is a hunter near its retreat: in red
    pygame.draw.rect(surface, (130, 30, 24) if low else (226, 206, 160), box, border_radius=6)
    ink = PLATE_TEXT if low else INK
    n = text.render(str(deck), 22, ink, "bold")
    surface.blit(n, n.get_rect(midtop=(box.centerx, box.y - 4)))
    lab = text.render("deck", 13, ink, "bold")
    surface.blit(lab, lab.get_rect(midbottom=(box.centerx, box.bottom + 2)))
    x = box.right + 8
    tall = r.h >= 70
    right = r.right - 6 if tall else r.right - 6 - GEAR_COLUMN
    hrp = text.render(f"HRP {numbers['hrp']}", 15, (255, 214, 120), "bold")
    surface.blit(hrp, hrp.get_rect(topright=(right, r.y + 3)))
    room = right - x - hrp.get_width() - 8
    t = cg.fit_text(name, 15, colour, room, "bold" if text.width(name, 15, "bold") <= room
                    else "narrow_bold")
    surface.blit(t, (x, r.y + 3))
    rest = f"hand {numbers['hand']} · retreats {numbers['retreats']}/3"
    surface.blit(cg.fit_text(rest, 14, PLATE_TEXT, right - x, "sans" if text.width(
        rest, 14, "sans") <= right - x else "narrow"), (x, r.y + 24))
    if tall:
        column = pygame.Rect(r.x + 6, r.y + 46, r.w - 12, r.bottom - 4 - (r.y + 46))
    else:
        column = pygame.Rect(right + 6, r.y + 3, GEAR_COLUMN - 6, r.h - 6)
        pygame.draw.line(surface, (150, 116, 70), (right + 2, r.y + 6), (right + 2, r.bottom - 6))
    _stats_and_gear(surface, column, stats, gear)


GEAR_COLUMN = 134  # a wide plate's column for the stats and the gear


def _stats_and_gear(surface: pygame.Surface, r: pygame.Rect, stats: str,
                    gear: list[tuple[str, str | None]]) -> None:
    """The stats on one line, under them the weapon and the armour side by side: each its
    kind's badge and its name (dimmed "none" when nothing is equipped)."""
    st = cg.fit_text(stats, 14, (255, 236, 200), r.w, "narrow", min_size=12)
    surface.blit(st, (r.x, r.y))
    y = r.y + st.get_height() + 1
    # "none" takes only its width: a name gets the rest
    nones = sum(card is None for _, card in gear)
    none_w = 19 + text.width("none", 13, "narrow") + 8
    share = (r.w - nones * none_w) // max(1, len(gear) - nones)
    x = r.x
    for kind, card in gear:
        w = none_w if card is None else share
        surface.blit(mc.kind_badge(kind, 16), (x, y + 1))
        colour = PLATE_TEXT if card else (170, 150, 120)
        t = cg.fit_text(card or "none", 13, colour, w - 24, "narrow", min_size=12)
        surface.blit(t, (x + 19, y))
        x += w


def monster_marks(surface: pygame.Surface, rect: pygame.Rect, marks: list[str]) -> None:
    """Red labels on a monster (damage, a trap, an ATK change), stacked up from just above its
    top edge so its name, HP and ATK stay readable."""
    y = rect.top - 1
    for mark in reversed(marks):
        t = text.render(mark, 13, (255, 240, 230), "bold")
        box = t.get_rect(midbottom=(rect.centerx, y)).inflate(8, 2)
        pygame.draw.rect(surface, (150, 24, 20), box, border_radius=5)
        surface.blit(t, t.get_rect(center=box.center))
        y = box.y - 1
