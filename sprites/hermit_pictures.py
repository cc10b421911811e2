"""The picture on each Hermitcraft effect and single-use card: the thing the card is (a diamond
sword, a water bucket, a totem, an enchanted book), drawn here in a flat, blocky style from a
few shapes and the thing's colours (our own drawings). A card without one shows its kind's
symbol alone. Drawn four times larger and smoothed down, cached per card and size.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from sprites import cards as cg
from sprites.icons import OUTLINE, WHITE, Pen, arc, supersampled

Color = tuple[int, int, int]

WOOD: Color = (150, 104, 58)
GOLD: Color = (246, 204, 70)
IRON: Color = (214, 218, 224)
DIAMOND: Color = (96, 226, 222)
NETHERITE: Color = (86, 72, 80)
RED: Color = (214, 50, 44)


def _shade(c: Color, t: float = 0.35) -> Color:
    return cg.mix(c, (0, 0, 0), t)


def sword(pen: Pen, blade: Color) -> None:
    pen.poly([(0.86, 0.1), (0.9, 0.14), (0.44, 0.62), (0.36, 0.54)], blade)
    pen.line((0.26, 0.5), (0.48, 0.72), 0.08, _shade(blade, 0.2))
    pen.line((0.38, 0.62), (0.16, 0.84), 0.08, WOOD)


def axe(pen: Pen, head: Color) -> None:
    pen.line((0.3, 0.88), (0.66, 0.22), 0.08, WOOD)
    pen.poly([(0.56, 0.16), (0.84, 0.22), (0.86, 0.46), (0.66, 0.42), (0.6, 0.32)], head)


def bow(pen: Pen, string: Color) -> None:
    pts = arc((0.34, 0.5), 0.42, -1.1, 1.1, 12)
    for a, b in zip(pts, pts[1:], strict=False):
        pen.line(a, b, 0.08, WOOD)
    pen.line(pts[0], pts[-1], 0.02, string, 0.01)
    pen.line((0.2, 0.5), (0.86, 0.5), 0.03, IRON)
    pen.poly([(0.86, 0.44), (0.96, 0.5), (0.86, 0.56)], IRON, 0.03)


def chestplate(pen: Pen, metal: Color) -> None:
    pen.poly([(0.16, 0.2), (0.36, 0.14), (0.5, 0.24), (0.64, 0.14), (0.84, 0.2), (0.9, 0.44),
              (0.76, 0.46), (0.74, 0.86), (0.26, 0.86), (0.24, 0.46), (0.1, 0.44)], metal)
    pen.line((0.5, 0.3), (0.5, 0.8), 0.03, _shade(metal), 0)


def bucket(pen: Pen, content: Color) -> None:
    pen.poly([(0.2, 0.36), (0.8, 0.36), (0.7, 0.86), (0.3, 0.86)], IRON)
    pen.poly([(0.24, 0.36), (0.76, 0.36), (0.72, 0.48), (0.28, 0.48)], content, 0.02)
    for a, b in zip(pts := arc((0.5, 0.36), 0.3, math.pi, 2 * math.pi, 8), pts[1:], strict=False):
        pen.line(a, b, 0.03, _shade(IRON, 0.5), 0)


def potion(pen: Pen, liquid: Color, splash: bool = False) -> None:
    if splash:  # a squat flask with a long neck, drops flying
        pen.poly([(0.24, 0.52), (0.4, 0.4), (0.6, 0.4), (0.76, 0.52), (0.72, 0.86), (0.28, 0.86)], liquid)
        for c in ((0.14, 0.3), (0.86, 0.32), (0.2, 0.16)):
            pen.disc(c, 0.05, liquid, 0.02)
    else:
        pen.disc((0.5, 0.64), 0.26, liquid)
    pen.poly([(0.42, 0.16), (0.58, 0.16), (0.58, 0.42), (0.42, 0.42)], WHITE, 0.04)
    pen.poly([(0.38, 0.1), (0.62, 0.1), (0.62, 0.18), (0.38, 0.18)], WOOD, 0.03)
    pen.disc((0.42, 0.58), 0.05, cg.mix(liquid, WHITE, 0.6), 0)


def book(pen: Pen, cover: Color) -> None:
    pen.poly([(0.2, 0.18), (0.76, 0.14), (0.8, 0.82), (0.24, 0.86)], cover)
    pen.poly([(0.24, 0.86), (0.8, 0.82), (0.8, 0.88), (0.26, 0.92)], WHITE, 0.02)
    pen.line((0.3, 0.18), (0.34, 0.86), 0.03, _shade(cover), 0)
    for c, r in (((0.6, 0.36), 0.06), ((0.48, 0.56), 0.04), ((0.66, 0.66), 0.035)):  # the glint
        pen.poly([(c[0], c[1] - 2 * r), (c[0] + r, c[1]), (c[0], c[1] + 2 * r), (c[0] - r, c[1])],
                 (250, 220, 255), 0.015)


def shield(pen: Pen, face: Color) -> None:
    pen.poly([(0.2, 0.14), (0.8, 0.14), (0.8, 0.56), (0.5, 0.9), (0.2, 0.56)], face)
    pen.poly([(0.44, 0.14), (0.56, 0.14), (0.56, 0.76), (0.5, 0.84), (0.44, 0.76)], IRON, 0.02)


def totem(pen: Pen, gold: Color) -> None:
    pen.poly([(0.3, 0.12), (0.7, 0.12), (0.7, 0.42), (0.3, 0.42)], gold)  # head
    pen.poly([(0.12, 0.46), (0.88, 0.46), (0.88, 0.58), (0.66, 0.58), (0.66, 0.9), (0.34, 0.9),
              (0.34, 0.58), (0.12, 0.58)], gold)
    for x in (0.42, 0.58):
        pen.poly([(x - 0.05, 0.22), (x + 0.05, 0.22), (x + 0.05, 0.3), (x - 0.05, 0.3)], (40, 160, 80), 0)
    pen.line((0.4, 0.36), (0.6, 0.36), 0.03, _shade(gold), 0)


def bed(pen: Pen, cover: Color) -> None:
    pen.poly([(0.08, 0.5), (0.92, 0.5), (0.92, 0.7), (0.08, 0.7)], WOOD)
    pen.poly([(0.08, 0.42), (0.34, 0.42), (0.34, 0.56), (0.08, 0.56)], WHITE)
    pen.poly([(0.34, 0.38), (0.92, 0.38), (0.92, 0.56), (0.34, 0.56)], cover)
    for x in (0.12, 0.88):
        pen.line((x, 0.7), (x, 0.82), 0.06, _shade(WOOD))


def wolf(pen: Pen, fur: Color) -> None:
    for sx in (-1, 1):
        pen.poly([(0.5 + sx * 0.14, 0.3), (0.5 + sx * 0.3, 0.1), (0.5 + sx * 0.34, 0.36)], fur)
    pen.poly([(0.2, 0.32), (0.8, 0.32), (0.8, 0.66), (0.2, 0.66)], fur)
    pen.poly([(0.36, 0.56), (0.64, 0.56), (0.64, 0.86), (0.36, 0.86)], cg.mix(fur, WHITE, 0.5))
    pen.poly([(0.44, 0.56), (0.56, 0.56), (0.56, 0.64), (0.44, 0.64)], OUTLINE, 0)
    for x in (0.34, 0.66):
        pen.disc((x, 0.44), 0.04, OUTLINE, 0)
    pen.line((0.2, 0.7), (0.8, 0.7), 0.05, RED)  # the collar


def thorns(pen: Pen, vine: Color) -> None:
    pts = [(0.12, 0.8), (0.34, 0.5), (0.56, 0.62), (0.82, 0.2)]
    for a, b in zip(pts, pts[1:], strict=False):
        pen.line(a, b, 0.08, vine)
    for (x, y), d in (((0.24, 0.64), -1), ((0.45, 0.56), 1), ((0.68, 0.42), -1), ((0.3, 0.57), 1)):
        pen.poly([(x - 0.04, y), (x + 0.04, y), (x + d * 0.02, y - 0.14 * d)], (220, 230, 200), 0.02)


def chest(pen: Pen, wood: Color) -> None:
    pen.poly([(0.12, 0.3), (0.88, 0.3), (0.88, 0.84), (0.12, 0.84)], wood)
    pen.line((0.12, 0.48), (0.88, 0.48), 0.04, _shade(wood, 0.5), 0)
    pen.poly([(0.44, 0.42), (0.56, 0.42), (0.56, 0.58), (0.44, 0.58)], IRON, 0.02)


def fruit(pen: Pen, skin: Color) -> None:
    pen.disc((0.5, 0.56), 0.3, skin)
    pen.line((0.5, 0.28), (0.56, 0.12), 0.05, (90, 60, 40))
    pen.poly([(0.56, 0.2), (0.78, 0.12), (0.72, 0.26)], (70, 170, 70), 0.03)
    pen.disc((0.4, 0.48), 0.06, cg.mix(skin, WHITE, 0.55), 0)


def clock(pen: Pen, rim: Color) -> None:
    pen.disc((0.5, 0.5), 0.36, rim)
    pen.disc((0.5, 0.5), 0.26, (250, 240, 210), 0.02)
    pen.line((0.5, 0.5), (0.5, 0.3), 0.05, OUTLINE, 0)
    pen.line((0.5, 0.5), (0.64, 0.58), 0.05, OUTLINE, 0)


def composter(pen: Pen, wood: Color) -> None:
    pen.poly([(0.14, 0.3), (0.86, 0.3), (0.8, 0.86), (0.2, 0.86)], wood)
    pen.poly([(0.22, 0.36), (0.78, 0.36), (0.76, 0.5), (0.24, 0.5)], (90, 160, 60), 0.02)
    for x in (0.36, 0.5, 0.64):
        pen.line((x, 0.56), (x, 0.82), 0.03, _shade(wood), 0)


def gem(pen: Pen, stone: Color) -> None:
    pen.poly([(0.5, 0.1), (0.8, 0.34), (0.8, 0.66), (0.5, 0.9), (0.2, 0.66), (0.2, 0.34)], stone)
    pen.poly([(0.5, 0.24), (0.66, 0.38), (0.66, 0.62), (0.5, 0.76), (0.34, 0.62), (0.34, 0.38)],
             cg.mix(stone, WHITE, 0.35), 0.02)


def rod(pen: Pen, line: Color) -> None:
    pen.line((0.14, 0.88), (0.76, 0.14), 0.06, WOOD)
    pen.line((0.76, 0.14), (0.8, 0.7), 0.02, line, 0.005)
    pen.poly([(0.8, 0.7), (0.88, 0.78), (0.8, 0.86), (0.74, 0.78)], IRON, 0.02)


def flint_and_steel(pen: Pen, steel: Color) -> None:
    pen.poly([(0.14, 0.56), (0.38, 0.4), (0.5, 0.62), (0.3, 0.84)], (80, 80, 90))
    pen.poly([(0.5, 0.2), (0.86, 0.2), (0.86, 0.36), (0.64, 0.36), (0.64, 0.56), (0.5, 0.56)], steel)
    for c in ((0.5, 0.66), (0.6, 0.74)):
        pen.disc(c, 0.04, (255, 170, 40), 0.015)


def lead(pen: Pen, rope: Color) -> None:
    loop = arc((0.5, 0.42), 0.26, 0, 2 * math.pi, 16)
    for a, b in zip(loop, loop[1:], strict=False):
        pen.line(a, b, 0.06, rope)
    pen.line((0.62, 0.64), (0.82, 0.9), 0.06, rope)


def spyglass(pen: Pen, brass: Color) -> None:
    pen.line((0.14, 0.82), (0.5, 0.46), 0.14, brass)
    pen.line((0.46, 0.5), (0.82, 0.14), 0.1, _shade(brass, 0.15))
    pen.disc((0.84, 0.12), 0.06, (170, 220, 250), 0.02)


def tnt(pen: Pen, red: Color) -> None:
    pen.poly([(0.14, 0.16), (0.86, 0.16), (0.86, 0.86), (0.14, 0.86)], red)
    pen.poly([(0.14, 0.4), (0.86, 0.4), (0.86, 0.62), (0.14, 0.62)], WHITE, 0.02)
    for x in (0.3, 0.5, 0.7):
        pen.line((x, 0.44), (x, 0.58), 0.05, OUTLINE, 0)


ENCHANTED = (120, 80, 200)
CURSED = (150, 40, 60)
#: card id -> (drawing, its colour): the picture each effect or single-use card shows
PICTURES = {
    "bed": (bed, RED), "diamond_armour": (chestplate, DIAMOND), "gold_armour": (chestplate, GOLD),
    "iron_armour": (chestplate, IRON), "netherite_armour": (chestplate, NETHERITE),
    "loyalty": (book, ENCHANTED), "milk_bucket": (bucket, (250, 250, 246)),
    "water_bucket": (bucket, (60, 110, 230)), "lava_bucket": (bucket, (250, 120, 30)),
    "shield": (shield, (150, 104, 58)), "thorns": (thorns, (60, 130, 60)), "totem": (totem, GOLD),
    "wolf": (wolf, (210, 210, 214)), "bow": (bow, WHITE), "crossbow": (bow, (200, 60, 60)),
    "chest": (chest, (176, 120, 56)), "chorus_fruit": (fruit, (170, 110, 200)),
    "clock": (clock, GOLD), "composter": (composter, (130, 90, 50)),
    "curse_of_binding": (book, CURSED), "curse_of_vanishing": (book, CURSED),
    "diamond_sword": (sword, DIAMOND), "iron_sword": (sword, IRON),
    "netherite_sword": (sword, NETHERITE), "golden_axe": (axe, GOLD),
    "efficiency": (book, ENCHANTED), "fortune": (book, ENCHANTED), "looting": (book, ENCHANTED),
    "mending": (book, ENCHANTED), "knockback": (book, ENCHANTED),
    "emerald": (gem, (40, 200, 110)), "fishing_rod": (rod, (230, 230, 230)),
    "flint_and_steel": (flint_and_steel, IRON), "golden_apple": (fruit, GOLD),
    "instant_health": (potion, (230, 50, 70)), "instant_health_ii": (potion, (190, 20, 60)),
    "invisibility_potion": (potion, (150, 160, 190)),
    "splash_potion_of_healing": (lambda pen, c: potion(pen, c, True), (230, 50, 70)),
    "splash_potion_of_poison": (lambda pen, c: potion(pen, c, True), (90, 170, 50)),
    "lead": (lead, (200, 170, 120)), "spyglass": (spyglass, (200, 150, 60)), "tnt": (tnt, RED),
}


@lru_cache(maxsize=256)
def picture(card_id: str, size: int) -> pygame.Surface | None:
    """The card's picture, `size` px square; None if it has none."""
    found = PICTURES.get(card_id)
    if found is None:
        return None
    draw, colour = found
    return supersampled(lambda pen: draw(pen, colour), size)
