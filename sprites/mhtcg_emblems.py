"""Each Monster Hunter monster's emblem: a silhouette of its family (raptor, fanged beast,
herbivore, lynian, neopteron, piscine, bird wyvern, carapaceon, flying wyvern, elder dragon)
in the monster's own colours, on an inked parchment disc. Which family, which colours and how
many horns come from data/mhtcg/emblems.toml; the shapes are our own, drawn here.

Checked when first read: every monster has an emblem, each names a known shape and two
"#rrggbb" colours; a fault is a `CardDataError` naming file, monster and field. Drawn four
times larger and smoothed down, cached per monster and size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

import pygame

from game.core.data import CardDataError, Field, load_tables, one_of
from game.core.resources import data_path
from sprites import cards as cg
from sprites import pixel
from sprites.icons import OUTLINE, Pen, arc, supersampled

Color = tuple[int, int, int]
FILE = data_path("mhtcg", "emblems.toml")
PARCHMENT: Color = (240, 228, 198)
RING: Color = (66, 44, 24)


@dataclass(frozen=True)
class Emblem:
    id: str
    shape: str
    body: Color
    accent: Color
    horns: int


def _dark(c: Color) -> Color:
    return cg.mix(c, (0, 0, 0), 0.55)


# --- the families, facing left or front, in a unit square ------------------------------------
def _raptor(pen: Pen, e: Emblem) -> None:
    for a, b, c in (((0.44, 0.58), (0.36, 0.76), (0.44, 0.88)), ((0.54, 0.58), (0.58, 0.76), (0.66, 0.88))):
        pen.line(a, b, 0.05, e.body)
        pen.line(b, c, 0.05, e.body)
    pen.poly([(0.3, 0.4), (0.5, 0.34), (0.66, 0.42), (0.94, 0.5), (0.66, 0.56), (0.54, 0.64),
              (0.38, 0.64), (0.28, 0.54)], e.body)
    pen.poly([(0.34, 0.46), (0.22, 0.28), (0.08, 0.28), (0.06, 0.36), (0.18, 0.38), (0.28, 0.56)], e.body)
    pen.poly([(0.14, 0.29), (0.2, 0.14), (0.26, 0.29)], e.accent, 0.03)  # the crest
    for x in (0.44, 0.54, 0.64):
        pen.line((x, 0.38), (x - 0.04, 0.5), 0.035, e.accent, 0)
    pen.disc((0.16, 0.32), 0.025, OUTLINE, 0)


def _fanged_beast(pen: Pen, e: Emblem) -> None:
    for sx in (-1, 1):
        pen.poly([(0.5 + sx * 0.18, 0.3), (0.5 + sx * 0.34, 0.12), (0.5 + sx * 0.32, 0.36)], e.body)
    pen.disc((0.5, 0.52), 0.32, e.body)
    if e.horns == 0:  # a mane
        pen.poly([(0.24, 0.34), (0.34, 0.16), (0.44, 0.28), (0.52, 0.12), (0.6, 0.28), (0.7, 0.16),
                  (0.78, 0.36), (0.5, 0.3)], e.accent, 0.03)
    pen.poly([(0.36, 0.56), (0.64, 0.56), (0.6, 0.76), (0.4, 0.76)], cg.mix(e.body, (255, 255, 255), 0.35), 0.03)
    for sx in (-1, 1):
        pen.disc((0.5 + sx * 0.13, 0.46), 0.04, OUTLINE, 0)
        pen.disc((0.5 + sx * 0.06, 0.66), 0.025, OUTLINE, 0)
        if e.horns:  # tusks
            pen.poly([(0.5 + sx * 0.1, 0.74), (0.5 + sx * 0.26, 0.72), (0.5 + sx * 0.3, 0.56),
                      (0.5 + sx * 0.2, 0.68)], e.accent, 0.03)


def _herbivore(pen: Pen, e: Emblem) -> None:
    if e.horns:
        for sx in (-1, 1):
            pen.line((0.5 + sx * 0.1, 0.3), (0.5 + sx * 0.28, 0.08), 0.05, e.accent)
            pen.line((0.5 + sx * 0.2, 0.18), (0.5 + sx * 0.34, 0.2), 0.04, e.accent)
    for sx in (-1, 1):
        pen.poly([(0.5 + sx * 0.14, 0.34), (0.5 + sx * 0.38, 0.3), (0.5 + sx * 0.2, 0.44)], e.body)
    pen.poly([(0.32, 0.3), (0.68, 0.3), (0.62, 0.72), (0.5, 0.86), (0.38, 0.72)], e.body)
    if not e.horns:  # a shaggy brow and tusks
        pen.poly([(0.3, 0.3), (0.7, 0.3), (0.66, 0.44), (0.34, 0.44)], e.accent, 0.03)
        for sx in (-1, 1):
            pen.line((0.5 + sx * 0.1, 0.72), (0.5 + sx * 0.26, 0.9), 0.05, e.accent)
    for sx in (-1, 1):
        pen.disc((0.5 + sx * 0.1, 0.5), 0.035, OUTLINE, 0)
    pen.disc((0.5, 0.8), 0.04, OUTLINE, 0)


def _lynian(pen: Pen, e: Emblem) -> None:
    for sx in (-1, 1):
        pen.poly([(0.5 + sx * 0.08, 0.3), (0.5 + sx * 0.32, 0.1), (0.5 + sx * 0.32, 0.4)], e.body)
    pen.disc((0.5, 0.56), 0.3, e.body)
    for sx in (-1, 1):
        pen.disc((0.5 + sx * 0.12, 0.52), 0.06, e.accent, 0.02)
        pen.disc((0.5 + sx * 0.12, 0.52), 0.02, OUTLINE, 0)
        for dy in (-0.03, 0.03):
            pen.line((0.5 + sx * 0.08, 0.66 + dy), (0.5 + sx * 0.36, 0.62 + 2 * dy), 0.015, OUTLINE, 0)
    pen.poly([(0.46, 0.62), (0.54, 0.62), (0.5, 0.67)], (230, 140, 150), 0)


def _neopteron(pen: Pen, e: Emblem) -> None:
    for y in (0.46, 0.58, 0.7):
        pen.line((0.2, y - 0.06), (0.8, y + 0.06), 0.035, _dark(e.body))
        pen.line((0.8, y - 0.06), (0.2, y + 0.06), 0.035, _dark(e.body))
    pen.poly([*arc((0.5, 0.6), 0.24, 3.3, 6.12, 10), *arc((0.5, 0.56), 0.24, 0.2, 2.94, 10)], e.body)
    pen.line((0.5, 0.4), (0.5, 0.84), 0.02, OUTLINE, 0)
    pen.disc((0.5, 0.32), 0.12, e.body)
    if e.horns:
        pen.poly([(0.46, 0.26), (0.5, 0.04), (0.54, 0.26)], e.accent, 0.03)


def _piscine(pen: Pen, e: Emblem) -> None:
    pen.poly([(0.3, 0.44), (0.44, 0.12), (0.64, 0.22), (0.7, 0.44)], e.accent)  # the fin
    pen.poly([(0.7, 0.5), (0.94, 0.3), (0.9, 0.5), (0.94, 0.72)], e.accent)  # the tail
    pen.poly([(0.06, 0.54), (0.2, 0.4), (0.5, 0.36), (0.74, 0.46), (0.74, 0.56), (0.5, 0.68),
              (0.2, 0.66)], e.body)
    pen.disc((0.18, 0.5), 0.035, OUTLINE, 0)
    pen.line((0.08, 0.58), (0.2, 0.6), 0.02, OUTLINE, 0)


def _bird_wyvern(pen: Pen, e: Emblem) -> None:
    pen.poly([(0.5, 0.3), (0.86, 0.1), (0.92, 0.5), (0.86, 0.8), (0.56, 0.7)], e.accent)  # the ear
    for t in (0.3, 0.5, 0.7):
        pen.line((0.56, 0.5), (0.9, 0.1 + 0.7 * t), 0.015, _dark(e.accent), 0)
    pen.poly([(0.08, 0.5), (0.34, 0.36), (0.6, 0.32), (0.7, 0.5), (0.6, 0.72), (0.34, 0.66),
              (0.1, 0.58)], e.body)
    pen.poly([(0.04, 0.54), (0.3, 0.44), (0.32, 0.6)], cg.mix(e.body, (255, 240, 200), 0.5), 0.03)
    pen.disc((0.42, 0.46), 0.04, OUTLINE, 0)


def _carapaceon(pen: Pen, e: Emblem) -> None:
    for sx in (-1, 1):
        for k in range(3):
            pen.line((0.5 + sx * 0.16, 0.62), (0.5 + sx * (0.3 + 0.06 * k), 0.8 + 0.04 * k), 0.03, _dark(e.body))
        pen.poly([(0.5 + sx * 0.2, 0.6), (0.5 + sx * 0.4, 0.5), (0.5 + sx * 0.46, 0.62),
                  (0.5 + sx * 0.36, 0.72)], e.body)
    pen.poly([(0.3, 0.66), (0.7, 0.66), (0.66, 0.56), (0.34, 0.56)], e.body)
    pen.poly([*arc((0.5, 0.56), 0.3, 3.14, 6.28, 12)], e.accent)  # the shell: a great skull
    for sx in (-1, 1):
        pen.disc((0.5 + sx * 0.1, 0.44), 0.06, OUTLINE, 0)


def _wings(pen: Pen, e: Emblem, span: float) -> None:
    for sx in (-1, 1):
        tip = (0.5 + sx * span, 0.16)
        pts = [(0.5 + sx * 0.08, 0.36), tip, (0.5 + sx * span * 0.98, 0.42),
               (0.5 + sx * span * 0.8, 0.5), (0.5 + sx * span * 0.6, 0.48), (0.5 + sx * 0.1, 0.6)]
        pen.poly(pts, e.accent)
        for k in (0.55, 0.8):
            pen.line((0.5 + sx * 0.1, 0.4), (0.5 + sx * span * k, 0.3 + 0.2 * k), 0.02, _dark(e.accent), 0)


def _flying_wyvern(pen: Pen, e: Emblem) -> None:
    pen.poly([(0.46, 0.7), (0.54, 0.7), (0.58, 0.94), (0.5, 0.86), (0.42, 0.94)], e.body)  # tail
    _wings(pen, e, 0.44)
    pen.poly([(0.4, 0.32), (0.6, 0.32), (0.64, 0.56), (0.56, 0.74), (0.44, 0.74), (0.36, 0.56)], e.body)
    pen.poly([(0.42, 0.3), (0.5, 0.12), (0.58, 0.3), (0.54, 0.38), (0.46, 0.38)], e.body)
    if e.horns == 1:
        pen.poly([(0.47, 0.16), (0.5, 0.02), (0.53, 0.16)], e.accent, 0.03)
    elif e.horns == 2:
        for sx in (-1, 1):
            pen.poly([(0.5 + sx * 0.04, 0.2), (0.5 + sx * 0.2, 0.04), (0.5 + sx * 0.08, 0.26)], e.accent, 0.03)
    for sx in (-1, 1):
        pen.disc((0.5 + sx * 0.035, 0.26), 0.02, OUTLINE, 0)


def _elder_dragon(pen: Pen, e: Emblem) -> None:
    _wings(pen, e, 0.46)
    pen.poly([(0.3, 0.3), (0.7, 0.3), (0.66, 0.56), (0.58, 0.86), (0.5, 0.94), (0.42, 0.86),
              (0.34, 0.56)], e.body)  # a long head, front on
    for sx in (-1, 1):
        for k in range(e.horns or 1):
            pen.poly([(0.5 + sx * (0.12 + 0.08 * k), 0.32), (0.5 + sx * (0.28 + 0.1 * k), 0.04 + 0.06 * k),
                      (0.5 + sx * (0.2 + 0.08 * k), 0.36)], e.accent, 0.03)
        pen.poly([(0.5 + sx * 0.06, 0.5), (0.5 + sx * 0.18, 0.44), (0.5 + sx * 0.14, 0.52)],
                 (250, 230, 120), 0.02)  # the eyes
    pen.line((0.5, 0.6), (0.5, 0.84), 0.03, _dark(e.body), 0)


SHAPES = {"raptor": _raptor, "fanged_beast": _fanged_beast, "herbivore": _herbivore,
          "lynian": _lynian, "neopteron": _neopteron, "piscine": _piscine,
          "bird_wyvern": _bird_wyvern, "carapaceon": _carapaceon,
          "flying_wyvern": _flying_wyvern, "elder_dragon": _elder_dragon}


def _colour(value) -> str | None:
    try:
        pixel.colour(FILE, None, "", "c", value)
    except ValueError:
        return f"expected \"#rrggbb\", got {value!r}"
    return None


FIELDS = {"id": Field(str), "shape": Field(str, check=one_of(SHAPES)),
          "body": Field(str, check=_colour), "accent": Field(str, check=_colour),
          "horns": Field(int, False, 0, check=lambda v: None if v in (0, 1, 2) else f"must be 0, 1 or 2, got {v}")}


def load(path=FILE, monsters=()) -> dict[str, Emblem]:
    """Every emblem by monster id; each of `monsters` (ids) must have one."""
    out = {}
    for rec in load_tables(path, {"emblem": FIELDS})["emblem"]:
        rgb = {k: pixel.colour(path, rec["id"], k, "c", rec[k]) for k in ("body", "accent")}
        out[rec["id"]] = Emblem(rec["id"], rec["shape"], rgb["body"], rgb["accent"], rec["horns"])
    for m in monsters:
        if m not in out:
            raise CardDataError(path, m, "emblem", "this monster has no emblem")
    return out


@cache
def emblems(monsters: tuple[str, ...]) -> dict[str, Emblem]:
    return load(FILE, monsters)


@lru_cache(maxsize=256)
def emblem(monster: str, size: int) -> pygame.Surface:
    """`monster`'s emblem (an id of the bundled set), `size` px across."""
    from game.mhtcg.cards import card_set

    e = emblems(tuple(card_set().monsters))[monster]
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    pygame.draw.circle(surf, RING, c, size // 2)
    pygame.draw.circle(surf, PARCHMENT, c, size // 2 - max(2, size // 16))
    art = supersampled(lambda pen: SHAPES[e.shape](pen, e), size, 0.84)
    surf.blit(art, (0, 0))
    return surf
