"""Hermitcraft card faces, drawn from the card data (STYLE "Card anatomy", mood "Hermitcraft":
grass and dirt blocks, a soft pixel look; frames by Hermit type colour; rarity star).

A face is keyed by card id (None: the back). Every face shows its kind and type as letters, not
only as colour: the type's two letters (from types.toml) in a chip, a rarity star with its letter
(C / R / U), "×2" on double items. Small board faces show the name and the key number; the hand
face adds the attacks' damage; the detail face (the hover zoom) has everything: both attacks with
costs, the ability text, the type's strengths and weaknesses. Text is placed top to bottom and a
line that would not fit is left out (the zoom has it), never cut.
"""

from __future__ import annotations

import pygame

from game.hermitcraft.cards import ANY, RARITY_NAMES
from game.hermitcraft.queries import cost_text, strong_against, weak_to
from sprites import cards as cg
from sprites import text, theme

Color = tuple[int, int, int]

BOARD = (64, 90)  # a Hermit in its row
SMALL = (50, 70)  # an effect or item in its slot, the single-use slot
DETAIL = (230, 340)  # the hover zoom
FACE_SIZES = {"hand": cg.HAND, "board": BOARD, "small": SMALL, "detail": DETAIL}

TYPE_COLOURS: dict[str, Color] = {
    "balanced": (150, 150, 150), "builder": (58, 118, 196), "explorer": (70, 160, 80),
    "farm": (198, 168, 52), "miner": (120, 96, 78), "prankster": (176, 84, 176),
    "pvp": (200, 60, 60), "redstone": (170, 30, 30), "speedrunner": (220, 140, 40),
    "terraform": (64, 150, 140), ANY: (96, 96, 96)}
KIND_COLOURS: dict[str, Color] = {"effect": (92, 70, 150), "single_use": (150, 46, 40)}
KIND_LETTERS = {"hermit": "H", "effect": "E", "single_use": "SU", "item": "I"}
KIND_WORDS = {"hermit": "Hermit", "effect": "Effect", "single_use": "Single use", "item": "Item"}
RARITY_LETTERS = {"common": "C", "rare": "R", "ultra_rare": "U"}
STAR = {"common": (190, 190, 190), "rare": (250, 210, 60), "ultra_rare": (90, 170, 250)}
DIRT: Color = (134, 96, 67)
GRASS: Color = (96, 168, 64)
PAPER: Color = (244, 236, 214)
INK: Color = (30, 24, 18)
EMERALD: Color = (40, 190, 110)


def frame_colour(card) -> Color:
    if card.kind in ("hermit", "item"):
        return TYPE_COLOURS[card.type]
    return KIND_COLOURS[card.kind]


def pixel_band(surf: pygame.Surface, rect: pygame.Rect, top: Color, bottom: Color, px: int) -> None:
    """A strip of blocks: a grass row over dirt, each block a little lighter or darker."""
    for y in range(rect.y, rect.bottom, px):
        for x in range(rect.x, rect.right, px):
            base = top if y - rect.y < px else bottom
            shade = ((x // px * 7 + y // px * 13) % 5 - 2) * 6
            col = tuple(max(0, min(255, c + shade)) for c in base)
            pygame.draw.rect(surf, col, (x, y, min(px, rect.right - x), min(px, rect.bottom - y)))


def chip(surf: pygame.Surface, letters: str, colour: Color, center: tuple[int, int], size: int) -> pygame.Rect:
    """A square block with the type's (or kind's) letters: colour is never alone."""
    s = int(size * theme.symbol_scale())
    label = text.render(letters, max(int(14 * theme.symbol_scale()), int(s * 0.62)), cg.ink_on(colour), "bold")
    w = max(s, label.get_width() + 6)
    r = pygame.Rect(0, 0, w, max(s, label.get_height()))
    r.center = center
    pygame.draw.rect(surf, colour, r)
    pygame.draw.rect(surf, cg.mix(colour, (0, 0, 0), 0.4), r, 1)
    surf.blit(label, label.get_rect(center=r.center))
    return r


def star(surf: pygame.Surface, rarity: str, center: tuple[int, int], size: int) -> pygame.Rect:
    """The rarity star with its letter (C / R / U) inside."""
    s = int(size * theme.symbol_scale())
    theme.star(surf, center, s / 2, STAR[rarity])
    label = text.render(RARITY_LETTERS[rarity], max(int(14 * theme.symbol_scale()), int(s * 0.5)), INK, "bold")
    surf.blit(label, label.get_rect(center=(center[0], center[1] + 1)))
    return pygame.Rect(center[0] - s // 2, center[1] - s // 2, s, s)


class Column:
    """Lines placed top to bottom inside a card; a line that does not fit is left out."""

    def __init__(self, surf: pygame.Surface, top: int, bottom: int, pad: int) -> None:
        self.surf, self.y, self.bottom, self.pad = surf, top, bottom, pad
        self.width = surf.get_width() - 2 * pad

    def room(self, h: int) -> bool:
        return self.y + h <= self.bottom

    def line(self, s: str, size: int = 14, face: str = "sans", colour: Color = INK,
             align: str = "center") -> bool:
        if text.width(s, size, face) > self.width:
            return False
        r = text.render(s, size, colour, face)
        if not self.room(r.get_height()):
            return False
        w = self.surf.get_width()
        x = {"center": (w - r.get_width()) // 2, "left": self.pad}[align]
        self.surf.blit(r, (x, self.y))
        self.y += r.get_height() - 2
        return True

    def para(self, s: str, size: int = 14, face: str = "sans", colour: Color = INK) -> bool:
        """A wrapped text, all of it or none of it."""
        lines = text.wrap(s, size, self.width, face)
        h = len(lines) * (text.font(size, face).get_linesize() - 2)
        if not lines or not self.room(h) or any(text.width(ln, size, face) > self.width for ln in lines):
            return False
        for ln in lines:
            self.line(ln, size, face, colour, "left")
        return True

    def gap(self, h: int) -> None:
        self.y += h


def _name(col: Column, name: str, size: int, max_lines: int) -> None:
    lines, face = cg.name_lines(name, size, col.width, max_lines)
    for ln in lines:
        col.line(ln, size, face)


def _attack_line(card, which: str) -> str:
    at = card.attack(which)
    return f"{at.name}  {at.damage}"


def card_face(card, size: tuple[int, int]) -> pygame.Surface:
    """The face of `card` at `size` (board, small, hand or detail)."""
    w, h = size
    fw = max(2, w // 22)
    surf = cg.blank(size, PAPER, frame_colour(card), fw)
    px = max(3, w // 14)
    band = pygame.Rect(fw, h - fw - 2 * px, w - 2 * fw, 2 * px)
    pixel_band(surf, band, GRASS if card.kind == "hermit" else cg.mix(DIRT, PAPER, 0.3), DIRT, px)
    detail = w >= 150
    pad = fw + 2
    top = pad
    chip_size = 18 if w < 80 else 22 if not detail else 26
    letters = card.type and TYPE_LETTERS[card.type] if card.kind in ("hermit", "item") else KIND_LETTERS[card.kind]
    c = chip(surf, letters, frame_colour(card), (pad + chip_size // 2 + 1, top + chip_size // 2), chip_size)
    s = star(surf, card.rarity, (w - pad - chip_size // 2, top + chip_size // 2), chip_size)
    number = ""
    if card.kind == "hermit":
        number = str(card.health)
    elif card.kind == "item" and card.points > 1:
        number = "×2"
    if number and (w >= 80 or card.kind == "item"):
        gap = pygame.Rect(c.right + 1, top, s.left - c.right - 2, chip_size)
        n = text.render(number, 16 if w < 150 else 22, INK, "bold")
        if n.get_width() <= gap.w:
            surf.blit(n, n.get_rect(center=gap.center))
    col = Column(surf, max(c.bottom, s.bottom) + 2, band.y - 1, pad)
    name_size = 14 if w < 80 else 16 if not detail else 20
    if card.kind == "item" and w < 80:
        col.line(TYPE_NAMES[card.type] if text.width(TYPE_NAMES[card.type], 14, "narrow_bold") <= col.width
                 else TYPE_LETTERS[card.type], 14, "narrow_bold")
        return surf
    _name(col, card.name, name_size, 2 if not detail else 2)
    if card.kind == "hermit" and w < 80:
        col.line(str(card.health), 14, "bold")
        return surf
    if not detail:
        if card.kind == "hermit":
            col.line(f"{card.primary.damage} / {card.secondary.damage}", 14, "bold")
        elif w >= 80:
            col.line(KIND_WORDS[card.kind], 14, "narrow")
        return surf
    _detail(col, card)
    return surf


def _detail(col: Column, card) -> None:
    """The zoom: rarity and kind, attacks with costs, the text, strong and weak types."""
    kind = KIND_WORDS[card.kind]
    sub = f"{RARITY_NAMES[card.rarity].capitalize()} · {kind}"
    if card.kind in ("hermit", "item"):
        sub += f" · {TYPE_NAMES[card.type]}"
    col.line(sub, 14, "narrow")
    if card.kind == "hermit":
        col.line(f"{card.health} HP", 16, "bold")
        for which in ("primary", "secondary"):
            at = card.attack(which)
            col.gap(2)
            col.line(f"{at.name} — {at.damage}", 15, "bold", INK, "left")
            col.line(cost_text(at.cost), 14, "narrow", (70, 60, 50), "left")
    col.gap(4)
    if card.text and not col.para(card.text, 14, "sans"):
        col.para(card.text, 14, "narrow")
    if card.kind == "hermit":
        col.gap(4)
        strong = ", ".join(TYPE_NAMES[t] for t in strong_against(card.type)) or "none"
        weak = ", ".join(TYPE_NAMES[t] for t in weak_to(card.type)) or "none"
        col.para(f"Strong against: {strong}", 14, "narrow", (20, 110, 60))
        col.para(f"Weak to: {weak}", 14, "narrow", (160, 40, 30))


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
TYPE_LETTERS: dict[str, str] = {}


def load_types(cards) -> None:
    """The type names and letters come from types.toml."""
    for t in cards.types.values():
        TYPE_NAMES[t.id] = t.name
        TYPE_LETTERS[t.id] = t.letter


def render(cards, face, size: tuple[int, int]) -> pygame.Surface:
    """The picture of `face` (a card id, None = the back) at `size`."""
    if not TYPE_NAMES:
        load_types(cards)
    if face is None:
        return back(size)
    return card_face(cards.by_id[face], size)


def card_faces(game, size: tuple[int, int], colourblind: bool = False):
    """(label, build) for every face the Hermitcraft table shows at `size`: every card, and the
    back. tests/test_card_faces.py renders them all and fails on cut text or a missing glyph."""
    cards = game.card_set()

    def drawn(face):
        def build():
            with theme.looking(colourblind):
                return render(cards, face, size)
        return build

    out = [(c.id, drawn(c.id)) for c in cards.cards]
    return out + [("back", drawn(None))]
