"""Hermitcraft card faces, drawn from the card data (docs/style.md, "Card anatomy", mood "Hermitcraft":
grass and dirt blocks, a soft pixel look; frames by Hermit type colour; rarity star).

A face is keyed by card id (None: the back). Every card has the name at the top and its kind or
type as a drawn symbol (sprites/hermit_icons.py: a pickaxe for Miner, a torch for Redstone, a
shield for an effect, a flask for a single-use card), never as colour alone:

- a Hermit: its pixel portrait (sprites/hermit_portraits.py) under the name, the type's tile
  and the rarity star (with its letter C / R / U) on the portrait's lower corners; on a hand
  card the HP in the top-right corner and each attack as its cost in item icons with its
  damage; on the board the HP as a bar with the number at the foot (where the table draws
  the live HP over it); the zoom has everything: both attacks named with costs, the ability,
  what the type is strong against and weak to;
- an item: its type's tile, large, two of them for a ×2 item;
- an effect or single-use card: its kind's symbol and, when it fits, its text.

Text is placed top to bottom; a line that would not fit is left out (the zoom has it), never
cut. `render` caches each face per card, size and colour-blind setting.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.hermitcraft.cards import RARITY_NAMES
from game.hermitcraft.queries import strong_against, weak_to
from sprites import cards as cg
from sprites import hermit_icons as icons
from sprites import hermit_pictures as pictures
from sprites import hermit_portraits as portraits
from sprites import summaries, text, theme

Color = tuple[int, int, int]

BOARD = (64, 90)  # a Hermit in its row
SMALL = (50, 70)  # an effect or item in its slot, the single-use slot
DETAIL = (230, 340)  # the hover zoom
FACE_SIZES = {"hand": cg.HAND, "board": BOARD, "small": SMALL, "detail": DETAIL}

TYPE_COLOURS = icons.TYPE_COLOURS
KIND_COLOURS = icons.KIND_COLOURS
KIND_WORDS = {"hermit": "Hermit", "effect": "Effect", "single_use": "Single use", "item": "Item"}
RARITY_LETTERS = {"common": "C", "rare": "R", "ultra_rare": "U"}
STAR = {"common": (200, 200, 200), "rare": (250, 210, 60), "ultra_rare": (90, 170, 250)}
DIRT: Color = (134, 96, 67)
GRASS: Color = (96, 168, 64)
PAPER: Color = (244, 236, 214)
INK: Color = (30, 24, 18)
SOFT_INK: Color = (84, 70, 58)  # 6:1 on PAPER
EMERALD: Color = (40, 190, 110)
SKY: Color = (176, 214, 236)
STRONG: Color = (20, 110, 60)
WEAK: Color = (160, 40, 30)


def frame_colour(card) -> Color:
    if card.kind in ("hermit", "item"):
        return TYPE_COLOURS[card.type]
    return KIND_COLOURS[card.kind]


def symbol_of(card) -> str:
    """The drawn symbol a card carries: its type (Hermits, items) or its kind."""
    return card.type if card.kind in ("hermit", "item") else card.kind


def pixel_band(surf: pygame.Surface, rect: pygame.Rect, top: Color, bottom: Color, px: int) -> None:
    """A strip of blocks: a grass row over dirt, each block a little lighter or darker."""
    for y in range(rect.y, rect.bottom, px):
        for x in range(rect.x, rect.right, px):
            base = top if y - rect.y < px else bottom
            shade = ((x // px * 7 + y // px * 13) % 5 - 2) * 6
            col = tuple(max(0, min(255, c + shade)) for c in base)
            pygame.draw.rect(surf, col, (x, y, min(px, rect.right - x), min(px, rect.bottom - y)))


def star(surf: pygame.Surface, rarity: str, center: tuple[int, int], size: int) -> pygame.Rect:
    """The rarity star with its letter (C / R / U) inside, on a dark disc so it reads on any
    picture."""
    s = round(size * theme.symbol_scale())
    pygame.draw.circle(surf, (40, 32, 28), center, s // 2 + 1)
    theme.star(surf, center, s / 2 - 1, STAR[rarity], inner=0.55)
    label = text.render(RARITY_LETTERS[rarity], max(round(14 * theme.symbol_scale()), round(s * 0.55)),
                        INK, "bold")
    ink = label.get_bounding_rect()
    surf.blit(label, (center[0] - ink.centerx, center[1] + 1 - ink.centery))
    return pygame.Rect(center[0] - s // 2, center[1] - s // 2, s, s)


def symbol(surf: pygame.Surface, kind: str, center: tuple[int, int], size: int) -> pygame.Rect:
    """A type or kind tile, larger with the colour-blind setting."""
    tile = icons.tile(kind, round(size * theme.symbol_scale()))
    r = tile.get_rect(center=center)
    surf.blit(tile, r)
    return r


class Column:
    """Lines placed top to bottom inside a card; a line that does not fit is left out."""

    def __init__(self, surf: pygame.Surface, top: int, bottom: int, pad: int) -> None:
        self.surf, self.y, self.bottom, self.pad = surf, top, bottom, pad
        self.width = surf.get_width() - 2 * pad

    def room(self, h: int) -> bool:
        return self.y + h <= self.bottom

    def line(self, s: str, size: int = 14, face: str = "sans", colour: Color = INK,
             align: str = "center", indent: int = 0) -> bool:
        if text.width(s, size, face) > self.width - indent:
            return False
        r = text.render(s, size, colour, face)
        if not self.room(r.get_height()):
            return False
        w = self.surf.get_width()
        x = {"center": (w - r.get_width()) // 2, "left": self.pad + indent}[align]
        self.surf.blit(r, (x, self.y))
        self.y += r.get_height() - 2
        return True

    def para(self, s: str, size: int = 14, face: str = "sans", colour: Color = INK,
             align: str = "left") -> bool:
        """A wrapped text, all of it or none of it."""
        lines = text.wrap(s, size, self.width, face)
        line_h = text.font(size, face).get_height()  # what `line` needs for each, 2 px overlapping
        h = len(lines) * (line_h - 2) + 2
        if not lines or not self.room(h) or any(text.width(ln, size, face) > self.width for ln in lines):
            return False
        for ln in lines:
            self.line(ln, size, face, colour, align)
        return True

    def gap(self, h: int) -> None:
        self.y += h


def _name_fit(name: str, size: int, room: int) -> tuple[list[str], str, int]:
    """The name on one line if any face fits it at `size` or a pixel smaller (not below
    14), else in two lines; (lines, face, size)."""
    for sz in dict.fromkeys((size, max(14, size - 1), 14)):
        for face in cg.NAME_FACES:
            if text.width(name, sz, face) <= room:
                return [name], face, sz
    lines, face = cg.name_lines(name, 14, room, 2)
    return lines, face, 14


def _title(surf: pygame.Surface, card, fw: int, size: int, right: int = 0) -> int:
    """The name band at the top in the frame's colour, the name whole (on one line when it
    can be), leaving `right` pixels free at its right end; the band's bottom y."""
    w = surf.get_width()
    colour = cg.mix(frame_colour(card), (0, 0, 0), 0.2)
    ink = cg.ink_on(colour)
    room = w - 2 * fw - (4 + right if right else 2)
    lines, face, size = _name_fit(card.name, size, room)
    step = size + 2
    band = fw + 2 + len(lines) * step + 1
    r = cg.radius_for(surf.get_size())
    pygame.draw.rect(surf, colour, pygame.Rect(fw, fw, w - 2 * fw, band - fw),
                     border_top_left_radius=max(2, r - fw), border_top_right_radius=max(2, r - fw))
    y = fw + 1
    for ln in lines:
        t = text.render(ln, size, ink, face)
        ink_box = t.get_bounding_rect()
        x = fw + 4 if right else (w - t.get_width()) // 2
        surf.blit(t, (x, y + (step - ink_box.h) // 2 - ink_box.y + 1))
        y += step
    return band


def _portrait_panel(surf: pygame.Surface, card, top: int, factor: int, fw: int) -> pygame.Rect:
    """The Hermit's portrait on a sky of its type's colour with a grass foot; the panel."""
    w = surf.get_width()
    side = 16 * factor
    panel = pygame.Rect(fw + 2, top, w - 2 * fw - 4, side)
    sky = cg.mix(SKY, TYPE_COLOURS[card.type], 0.22)
    pygame.draw.rect(surf, sky, panel)
    px = max(2, factor)
    pixel_band(surf, pygame.Rect(panel.x, panel.bottom - 2 * px, panel.w, 2 * px),
               GRASS, DIRT, px)
    art = portraits.portrait(card.name, factor)
    surf.blit(art, art.get_rect(midbottom=panel.midbottom))
    pygame.draw.rect(surf, cg.mix(TYPE_COLOURS[card.type], (0, 0, 0), 0.45), panel, 1)
    return panel


def _cost_row(surf: pygame.Surface, cost, x: int, cy: int, size: int, gap: int = 1) -> int:
    """An attack's cost as item icons, `gap` apart (less than 0: overlapping, the later on
    top); the x after the last."""
    for point in cost:
        tile = icons.tile(point, size)
        surf.blit(tile, tile.get_rect(midleft=(x, cy)))
        x += size + gap
    return x


@lru_cache(maxsize=128)
def cost_strip(cost: tuple[str, ...], size: int) -> pygame.Surface:
    """An attack's cost as a row of item icons (an attack button's picture)."""
    surf = pygame.Surface((len(cost) * (size + 2) - 2, size), pygame.SRCALPHA)
    _cost_row(surf, cost, 0, size // 2, size, 2)
    return surf


def _number(surf: pygame.Surface, s: str, size: int, colour: Color, anchor: str,
            at: tuple[int, int], face: str = "bold") -> pygame.Rect:
    """A number placed by its ink (digits have no descenders: the box is the glyphs)."""
    t = text.render(s, size, colour, face)
    ink = t.get_bounding_rect()
    box = ink.copy()
    setattr(box, anchor, at)
    surf.blit(t, (box.x - ink.x, box.y - ink.y))
    return box


def hermit_face(card, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    if w >= 150:
        return hermit_detail(card, size)
    fw = max(2, w // 22)
    surf = cg.blank(size, PAPER, frame_colour(card), fw)
    board = w < 80
    hp_w = 0 if board else text.width(str(card.health), 14, "bold") + 9
    band = _title(surf, card, fw, 14 if board else 15, hp_w)
    if not board:  # the HP: white on a dark badge in the top-right corner
        badge = pygame.Rect(0, 0, hp_w - 3, band - fw - 4)
        badge.topright = (w - fw - 2, fw + 2)
        pygame.draw.rect(surf, icons.HP_TRACK, badge, border_radius=4)
        _number(surf, str(card.health), 14, icons.WHITE, "center", badge.center)
    isz = 0 if board else _cost_size(card, w - 2 * fw - 6)
    below = 20 if board else 2 * (isz + 3) + 10  # the HP bar, or the attacks and the grass
    factor = max(1, min(3, (w - 2 * fw - 4) // 16, (h - band - 3 - below) // 16))
    panel = _portrait_panel(surf, card, band + 1, factor, fw)
    tsz = (18 if board else 20) if factor >= 3 else 14
    symbol(surf, card.type, (panel.x + tsz // 2 + 1, panel.bottom - tsz // 2 - 1), tsz)
    star(surf, card.rarity, (panel.right - tsz // 2 - 1, panel.bottom - tsz // 2 - 1), tsz)
    if board:
        icons.hp_bar(surf, icons.hp_bar_rect(surf.get_rect()), card.health, card.health)
        return surf
    y = panel.bottom + 3
    for which in ("primary", "secondary"):
        at = card.attack(which)
        dmg = _number(surf, str(at.damage), 15, INK, "midright", (w - fw - 4, y + isz // 2))
        step = _cost_step(len(at.cost), isz, dmg.x - 3 - (fw + 3))
        _cost_row(surf, at.cost, fw + 3, y + isz // 2, isz, step - isz)
        y += isz + 3
    pixel_band(surf, pygame.Rect(fw, h - fw - 8, w - 2 * fw, 8), GRASS, DIRT, 4)
    return surf


def _cost_size(card, width: int) -> int:
    """The item icons of a hand card's attack costs: 15 px, larger with the colour-blind
    setting (a long cost then overlaps its icons a little: `_cost_step`)."""
    del card, width
    return round(15 * theme.symbol_scale())


def _cost_step(n: int, isz: int, room: int) -> int:
    """How far apart a cost's `n` icons of `isz` px are drawn to fit `room` px."""
    return isz + 1 if n < 2 else max(isz * 3 // 5, min(isz + 1, (room - isz) // (n - 1)))


def hermit_detail(card, size: tuple[int, int]) -> pygame.Surface:
    """The zoom: portrait, rarity and type named, both attacks with costs and damage, the
    ability, strong and weak types, the HP bar."""
    w, h = size
    fw = max(3, w // 40)
    surf = cg.blank(size, PAPER, frame_colour(card), fw)
    band = _title(surf, card, fw, 20, 0)
    bar = icons.hp_bar_rect(surf.get_rect())
    factor = _detail_factor(card, w - 2 * (fw + 6), bar.y - 2 - band - 1)
    panel = _portrait_panel(surf, card, band + 1, factor, fw)
    symbol(surf, card.type, (panel.x + 18, panel.bottom - 18), 30)
    star(surf, card.rarity, (panel.right - 18, panel.bottom - 18), 30)
    col = Column(surf, panel.bottom + 2, bar.y - 2, fw + 6)
    col.line(f"{RARITY_NAMES[card.rarity].capitalize()} · Hermit · {TYPE_NAMES[card.type]}", 14,
             "narrow", SOFT_INK)
    for which in ("primary", "secondary"):
        at = card.attack(which)
        isz = 18
        if not col.room(isz + 20):
            break
        col.gap(2)
        top = col.y
        x = _cost_row(surf, at.cost, col.pad, top + isz // 2 + 2, isz, 2)
        dmg = _number(surf, str(at.damage), 20, INK, "midright", (w - col.pad, top + isz // 2 + 2))
        name_face = next((f for f in ("bold", "narrow_bold") if
                          text.width(at.name, 15, f) <= dmg.x - x - 8), "")
        if name_face:
            t = text.render(at.name, 15, (20, 60, 140) if at.special else INK, name_face)
            ink = t.get_bounding_rect()
            surf.blit(t, (x + 4, top + isz // 2 + 2 - ink.centery))
        col.gap(isz + 4)
    col.gap(2)
    if card.text and not col.para(card.text, 14, "sans"):
        col.para(card.text, 14, "narrow")
    col.gap(2)
    for words, types, colour in (("Strong vs", strong_against(card.type), STRONG),
                                 ("Weak to", weak_to(card.type), WEAK)):
        _type_list(col, words, types, colour)
    icons.hp_bar(surf, bar, card.health, card.health)
    return surf


def _detail_factor(card, width: int, room: int) -> int:
    """The zoom's portrait as large as leaves room for the whole ability text under it (the
    kind line and both attacks above it): 7 times the pixel art, down to 4."""
    lines = min(len(text.wrap(card.text, 14, width, f)) for f in ("sans", "narrow"))
    text_h = lines * (text.font(14).get_height() - 2) + 2
    fixed = 18 + 2 * (18 + 6) + 6  # the kind line, the attacks, the gaps
    for factor in (7, 6, 5, 4):
        if 16 * factor + fixed + text_h <= room:
            return factor
    return 4


def _type_list(col: Column, words: str, types, colour: Color) -> None:
    """"Strong vs [tile] Terraform": the types as tiles with their names, on one line."""
    names = ", ".join(TYPE_NAMES[t] for t in types) or "none"
    isz = 16
    face = next((f for f in ("sans", "narrow") if
                 text.width(f"{words}: ", 14, f) + len(types) * (isz + 2) + text.width(names, 14, f)
                 <= col.width), None)
    if face is None or not col.room(20):
        col.para(f"{words}: {names}", 14, "narrow", colour)
        return
    surf = col.surf
    t = text.render(f"{words}: ", 14, colour, face)
    surf.blit(t, (col.pad, col.y))
    x = col.pad + t.get_width()
    cy = col.y + t.get_height() // 2 + 1
    for kind in types:
        tile = icons.tile(kind, isz)
        surf.blit(tile, tile.get_rect(midleft=(x, cy)))
        x += isz + 2
    n = text.render(names, 14, colour, face)
    surf.blit(n, (x + 1, col.y))
    col.gap(t.get_height() - 2)


def item_face(card, size: tuple[int, int]) -> pygame.Surface:
    """An item: its type's tile, large (two for a ×2 item), the name above."""
    w, h = size
    fw = max(2, w // 22)
    surf = cg.blank(size, PAPER, frame_colour(card), fw)
    small = w < 80
    band = _title(surf, card, fw, 14 if w < 150 else 20, 0) if not small else fw
    foot = 0 if small else 8 if w < 150 else 14
    mid_top, mid_bottom = band, h - fw - foot - (64 if w >= 150 else 0)  # the zoom's text below
    if not small:
        pixel_band(surf, pygame.Rect(fw, h - fw - foot, w - 2 * fw, foot), GRASS, DIRT, foot // 2)
    room = min(w - 2 * fw - 8, mid_bottom - mid_top - 8)
    double = card.points > 1
    tsz = round(room * (0.62 if double else 0.78) / theme.symbol_scale())
    cx, cy = w // 2, (mid_top + mid_bottom) // 2
    if small and not double:  # the slot: the type's name under its tile when it fits
        name = TYPE_NAMES[card.type]
        face = next((f for f in ("bold", "narrow_bold") if text.width(name, 14, f) <= w - 2 * fw - 4), "")
        if face:
            t = text.render(name, 14, INK, face)
            cy -= 8
            surf.blit(t, t.get_rect(midtop=(cx, cy + round(tsz * theme.symbol_scale()) // 2)))
    if double:
        off = round(tsz * theme.symbol_scale() * 0.22)
        symbol(surf, card.type, (cx - off, cy - off), tsz)
        symbol(surf, card.type, (cx + off, cy + off), tsz)
        badge = _number(surf, "×2", 16 if w < 150 else 24, INK, "topright", (w - fw - 4, mid_top + 4))
        del badge
    else:
        symbol(surf, card.type, (cx, cy), tsz)
    if w >= 150:
        col = Column(surf, mid_bottom + 4, h - fw - foot, fw + 6)
        col.para(card.text or f"{card.points} {TYPE_NAMES[card.type]} point"
                 + ("s" if card.points > 1 else ""), 14, "sans", INK, "center")
    return surf


def effect_face(card, size: tuple[int, int]) -> pygame.Surface:
    """An effect or single-use card: the name, the rarity star, its kind's symbol, what it
    does (the summary on a hand card, the full text on the zoom)."""
    w, h = size
    fw = max(2, w // 22)
    surf = cg.blank(size, PAPER, frame_colour(card), fw)
    small, detail = w < 80, w >= 150
    band = _title(surf, card, fw, 14 if not detail else 20, 0)
    foot = 0 if small else 8
    if foot:
        pixel_band(surf, pygame.Rect(fw, h - fw - foot, w - 2 * fw, foot),
                   cg.mix(DIRT, PAPER, 0.3), DIRT, 4)
    bottom = h - fw - foot - 1
    words = [] if small else [SUMMARIES[card.id]] if not detail else []
    lines, face = cg.text_lines(words, 14, w - 2 * fw - 6, 3) if words else ([], "sans")
    text_h = len(lines) * 17
    room = bottom - band - 6 - text_h
    art = pictures.picture(card.id, min(room, 44 if small else 56 if not detail else 120)) \
        if room >= 16 else None  # a long name on a board slot leaves no room: the name says it
    if art is None and room < 16:
        r = pygame.Rect(0, band, w, 0)
    elif art is None:  # no picture: the kind's symbol, large
        tsz = max(16, min(28 if small else 30 if not detail else 64, round(room / theme.symbol_scale())))
        r = symbol(surf, card.kind, (w // 2, band + 3 + round(tsz * theme.symbol_scale()) // 2), tsz)
    else:  # the picture, the kind's symbol in its upper left corner (not in a board slot,
        # whose place on the board says the kind)
        r = art.get_rect(midtop=(w // 2, band + 3))
        surf.blit(art, r)
    if art is not None and not small:
        ksz = 18 if not detail else 30
        k = round(ksz * theme.symbol_scale())
        symbol(surf, card.kind, (fw + 2 + k // 2, band + 3 + k // 2), ksz)
    if not small:  # the rarity beside the picture, clear of the name
        ssz = 18 if not detail else 30
        star(surf, card.rarity, (w - fw - 3 - round(ssz * theme.symbol_scale()) // 2,
                                 band + 3 + round(ssz * theme.symbol_scale()) // 2), ssz)
    if detail:
        col = Column(surf, r.bottom + 2, bottom, fw + 6)
        col.line(f"{KIND_WORDS[card.kind]} · {RARITY_NAMES[card.rarity]} · {card.tokens} token"
                 + ("s" if card.tokens != 1 else ""), 14, "narrow", SOFT_INK)
        col.gap(4)
        if not col.para(card.text, 15, "sans"):
            col.para(card.text, 14, "narrow")
        return surf
    y = max(r.bottom + 2, (r.bottom + bottom - text_h) // 2)
    for ln in lines:
        t = text.render(ln, 14, INK, face)
        surf.blit(t, t.get_rect(midtop=(w // 2, y - 1)))
        y += 17
    return surf


def card_face(card, size: tuple[int, int]) -> pygame.Surface:
    """The face of `card` at `size` (board, small, hand or detail)."""
    if card.kind == "hermit":
        return hermit_face(card, size)
    if card.kind == "item":
        return item_face(card, size)
    return effect_face(card, size)


def back(size: tuple[int, int]) -> pygame.Surface:
    """The back: dirt blocks under a grass row, an emerald in the middle."""
    w, h = size
    surf = cg.blank(size, DIRT, (70, 50, 34), max(2, w // 22))
    px = max(3, w // 10)
    inner = surf.get_rect().inflate(-2 * max(2, w // 22), -2 * max(2, w // 22))
    pixel_band(surf, inner, GRASS, DIRT, px)
    r = max(6, w // 5)
    cx, cy = w // 2, h // 2
    pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    pygame.draw.polygon(surf, EMERALD, pts)
    pygame.draw.polygon(surf, (200, 255, 220), [(cx, cy - r), (cx + r // 2, cy - r // 2), (cx, cy)])
    pygame.draw.polygon(surf, (10, 90, 50), pts, 2)
    return surf


TYPE_NAMES: dict[str, str] = {}
SUMMARIES: dict[str, str] = {}  # effect and single-use cards: what they do, in short
CARDS: list = []  # the card set the faces were last drawn for (checked against the data)


def load_types(cards) -> None:
    """The type names come from types.toml; the portraits are checked against the
    card set (every Hermit has one) the first time."""
    for t in cards.types.values():
        TYPE_NAMES[t.id] = t.name
    TYPE_NAMES.setdefault("any", "Any")
    portraits.check(cards)
    SUMMARIES.update({k: v["en"] for k, v in summaries.summaries(
        "hermitcraft", tuple(c.id for c in cards.effects + cards.single_uses)).items()})
    CARDS[:] = [cards]


def draw(cards, face, size: tuple[int, int]) -> pygame.Surface:
    """A new picture of `face` (a card id, None = the back) at `size`."""
    if not CARDS or CARDS[0] is not cards:
        load_types(cards)
    if face is None:
        return back(size)
    return card_face(cards.by_id[face], size)


_FACES: dict[tuple, pygame.Surface] = {}


def render(cards, face, size: tuple[int, int]) -> pygame.Surface:
    """The picture of `face` at `size`, drawn once per card, size and colour-blind setting
    (shared: blit it, never draw on it)."""
    key = (id(cards), face, tuple(size), theme.colourblind())
    surf = _FACES.get(key)
    if surf is None:
        if len(_FACES) > 1024:
            _FACES.clear()
        surf = _FACES[key] = draw(cards, face, size)
    return surf


def card_faces(game, size: tuple[int, int], colourblind: bool = False):
    """(label, build) for every face the Hermitcraft table shows at `size`: every card, and the
    back. tests/test_card_faces.py renders them all and fails on cut text or a missing glyph."""
    cards = game.card_set()

    def drawn(face):
        def build():
            with theme.looking(colourblind):
                return draw(cards, face, size)
        return build

    out = [(c.id, drawn(c.id)) for c in cards.cards]
    return out + [("back", drawn(None))]
