"""Sanguosha card faces, drawn from the card data (STYLE "Card anatomy", mood "Sanguosha"):
basic cards cream, tricks beige, equipment grey, a red-lacquer frame; the suit always as its
symbol (♠ ♣ black, ♥ ♦ red) with the rank in the top-left corner; a type letter in a badge
(B / T / E) so colour never carries the type alone; the name large in the middle (English in
the serif face, Chinese from the CJK subset); the subtype and a weapon's range underneath;
the card's text once zoomed.

Also: equipment and judgement *strips* (a slot tag, the name, the suit and rank) for the seats,
general cards for the choice at the start, and the back. Every function returns a new Surface.
"""

from __future__ import annotations

import pygame

from game.sanguosha.cards import SUIT_SYMBOLS, rank_name
from sprites import cards as cg
from sprites import text, theme

Color = tuple[int, int, int]

LACQUER: Color = (128, 26, 22)
WOOD: Color = (52, 30, 20)
GOLD: Color = (226, 184, 92)
CINNABAR: Color = (200, 60, 36)
INK: Color = (28, 20, 16)
RED_INK: Color = (178, 22, 22)
FILLS: dict[str, Color] = {"basic": (246, 236, 208), "trick": (226, 204, 160),
                           "equipment": (196, 196, 198)}
TYPE_LETTERS = {"basic": "B", "trick": "T", "equipment": "E"}
TYPE_ZH = {"basic": "基本", "trick": "錦囊", "equipment": "裝備"}
SUBTYPE_WORDS = {"": "Basic", "ordinary": "Trick", "delayed": "Delayed trick", "weapon": "Weapon",
                 "armour": "Armour", "defensive_horse": "+1 horse", "offensive_horse": "−1 horse"}
SLOT_TAGS = {"weapon": "W", "armour": "A", "defensive_horse": "+1", "offensive_horse": "−1"}
KINGDOM_COLOURS: dict[str, Color] = {"wei": (58, 88, 158), "shu": (170, 48, 38),
                                     "wu": (46, 124, 68), "qun": (118, 112, 100)}
KINGDOM_NAMES = {"wei": "Wei", "shu": "Shu", "wu": "Wu", "qun": "Qun"}
KINGDOM_ZH = {"wei": "魏", "shu": "蜀", "wu": "吳", "qun": "群"}
STRIP = (176, 20)
STRIP_HALF = (86, 20)
MINE = (196, 24)
GENERAL = (112, 156)
FACE_SIZES = {"hand": cg.HAND, "table": cg.TABLE, "zoom": cg.ZOOM, "strip": STRIP,
              "strip_half": STRIP_HALF, "mine": MINE, "general": GENERAL}


def suit_ink(suit: str) -> Color:
    return RED_INK if suit in "hd" else INK


def corner(card) -> str:
    return f"{SUIT_SYMBOLS[card.suit]}{rank_name(card.rank)}"


def kind_name(kind, zh: bool) -> str:
    return kind.name_zh if zh else kind.name


def _name_splits(name: str, zh: bool, n: int) -> list[str] | None:
    """`name` in `n` lines: Chinese by characters, English by words (None: cannot)."""
    if n == 1:
        return [name]
    parts = list(name) if zh else name.split()
    if len(parts) < n:
        return None
    k = -(-len(parts) // n)
    joiner = "" if zh else " "
    return [joiner.join(parts[i:i + k]) for i in range(0, len(parts), k)]


def _big_name(surf: pygame.Surface, name: str, zh: bool, top: int, bottom: int, ink: Color) -> int:
    """The card's name as large as fits between top and bottom, whole, in as few lines as
    it can (never cut); its bottom y."""
    w = surf.get_width()
    room = bottom - top
    best = None
    for face in (("cjk",) if zh else ("serif", "narrow_bold")):
        for n in (1, 2, 3):
            lines = _name_splits(name, zh, n)
            if lines is None:
                continue
            size = min(44 if zh else 26, room // n - 3)
            while size >= 14:
                if all(text.width(x, size, face) <= w - 12 for x in lines) and \
                        n * text.font(size, face).get_height() <= room:
                    break
                size -= 1
            if size >= 14 and (best is None or size > best[0] + 3):
                best = (size, lines, face)
        if best is not None:
            break
    if best is None:  # nothing fits the room: 14 px in as many lines as the width needs
        lines, face = cg.name_lines(name, 14, w - 10, 3)
        best = (14, lines, face)
    size, lines, face = best
    step = text.font(size, face).get_height()
    y = max(top, (top + bottom) // 2 - step * len(lines) // 2)
    for ln in lines:
        t = text.render(ln, size, ink, face)
        surf.blit(t, t.get_rect(midtop=(w // 2, y)))
        y += step
    return y


def playing_card(card, size: tuple[int, int], zh: bool = False) -> pygame.Surface:
    """A playing card: frame, suit and rank, type badge, name, subtype (and text when zoomed)."""
    w, h = size
    k = card.kind
    fill = FILLS[k.type]
    surf = cg.blank(size, fill, LACQUER, max(2, w // 30))
    big = w >= 150
    scale = theme.symbol_scale()
    csz = max(14, int((22 if big else 16 if w >= 90 else 14) * scale))
    wide_cb = theme.colourblind() and w >= 90  # a larger type letter (the zoom carries detail)
    c = text.render(corner(card), csz, suit_ink(card.suit), "bold")
    surf.blit(c, (5, 4))
    bsz = max(16, int((24 if big else 18) * scale * (1.35 if wide_cb else 1)))
    badge = pygame.Rect(0, 0, bsz, bsz)
    badge.topright = (w - 5, 5)
    pygame.draw.rect(surf, WOOD, badge, border_radius=4)
    lt = text.render(TYPE_LETTERS[k.type], 28 if wide_cb else max(14, int(bsz * 0.7)), GOLD, "bold")
    surf.blit(lt, lt.get_rect(center=badge.center))
    top = max(c.get_height(), bsz) + 8
    sub = SUBTYPE_WORDS[k.subtype] + (f" {k.range}" if k.range else "")
    if w < 90:
        sub = ""  # a table card: the zoom says it
    elif zh:
        sub = TYPE_ZH[k.type] + (f" {k.range}" if k.range else "")
    subsz = 16 if big else 14
    while sub and text.width(sub, subsz, "cjk" if zh else "sans") > w - 8:
        sub = sub.split()[-1] if " " in sub else ""  # a narrow card says it shorter
    st = text.render(sub, subsz, cg.mix(INK, fill, 0.25), "sans")
    text_h = 0
    lines: list[str] = []
    if big:
        lines = list(cg.wrapped(k.text, 14, w - 16))[:6]
        text_h = len(lines) * 17 + 6
    name_bottom = h - 6 - (st.get_height() + 4 if sub else 0) - text_h
    used = _big_name(surf, kind_name(k, zh), zh, top, name_bottom, INK)
    if sub and used <= name_bottom + 2:
        surf.blit(st, st.get_rect(midtop=(w // 2, name_bottom + 3)))
    y = h - 6 - text_h + 4
    for ln in lines:
        t = text.render(ln, 14, INK)
        surf.blit(t, t.get_rect(midtop=(w // 2, y)))
        y += 17
    return surf


def strip(card, size: tuple[int, int], zh: bool = False, as_kind=None) -> pygame.Surface:
    """An equipment or judgement strip: slot tag, name (when it fits), suit and rank."""
    w, h = size
    kind = as_kind or card.kind
    judge = kind.is_trick
    fill = FILLS["trick"] if judge else FILLS["equipment"]
    surf = cg.blank(size, fill, WOOD, 1)
    tag = "J" if judge else SLOT_TAGS[kind.subtype]
    tt = text.render(tag, 14, GOLD, "bold")
    box = pygame.Rect(1, 1, tt.get_width() + 8, h - 2)
    pygame.draw.rect(surf, WOOD, box, border_radius=3)
    surf.blit(tt, tt.get_rect(center=box.center))
    cr = text.render(corner(card), 14, suit_ink(card.suit), "bold")
    surf.blit(cr, cr.get_rect(midright=(w - 4, h // 2)))
    room = w - box.w - cr.get_width() - 12
    name = kind_name(kind, zh) + (f" {kind.range}" if kind.range and not zh else "")
    for face in ("cjk",) if zh else ("sans", "narrow"):
        if text.width(name, 14, face) <= room:
            nt = text.render(name, 14, INK, face)
            ink = nt.get_bounding_rect()
            surf.blit(nt, (box.right + 4, (h - ink.h) // 2 - ink.y))
            break
    return surf


def general_card(g, size: tuple[int, int], zh: bool = False, skills=()) -> pygame.Surface:
    """A general for the choice at the start: kingdom colour, the name large, HP, skills."""
    w, h = size
    col = KINGDOM_COLOURS[g.kingdom]
    surf = cg.blank(size, cg.mix(col, (250, 240, 220), 0.78), col, 4)
    kt = text.render(KINGDOM_ZH[g.kingdom] if zh else KINGDOM_NAMES[g.kingdom], 14, (250, 246, 236), "cjk" if zh else "bold")
    kb = kt.get_rect(topleft=(8, 7)).inflate(10, 2)
    pygame.draw.rect(surf, col, kb, border_radius=kb.h // 2)
    surf.blit(kt, kt.get_rect(center=kb.center))
    hp = text.render(f"HP {g.hp}", 14, INK, "bold")
    surf.blit(hp, hp.get_rect(topright=(w - 8, 7)))
    name_bottom = h // 2 + 16
    _big_name(surf, g.name_zh if zh else g.name, zh, kb.bottom + 4, name_bottom, INK)
    pygame.draw.line(surf, col, (10, name_bottom + 2), (w - 10, name_bottom + 2), 2)
    y = name_bottom + 8
    for s in skills:
        label = (s.name_zh if zh else s.name) + (" ♛" if s.lord else "")
        face = "cjk" if zh else next((f for f in ("sans", "narrow") if text.width(label, 14, f) <= w - 10), "")
        if not face or y + 18 > h - 4:
            break
        t = text.render(label, 14, INK, face)
        surf.blit(t, t.get_rect(midtop=(w // 2, y)))
        y += 17
    return surf


def back(size: tuple[int, int]) -> pygame.Surface:
    return cg.back(size, LACQUER, GOLD, "殺", "cjk")


def card_faces(game, size: tuple[int, int], colourblind: bool = False):
    """(label, build) for every face the Sanguosha table shows at `size`, in English and in
    Chinese: playing cards at card sizes, strips at strip sizes, generals at the general size."""
    def drawn(draw, *args, **kw):
        def build():
            with theme.looking(colourblind):
                return draw(*args, **kw)
        return build

    cs = game.card_set()
    for zh in (False, True):
        lang = "zh" if zh else "en"
        if size[1] < 30:
            for c in cs.cards:
                if c.kind.is_equipment or c.kind.is_delayed:
                    yield f"{c.id} strip {lang}", drawn(strip, c, size, zh)
            yield f"indulgence as strip {lang}", drawn(strip, cs.cards[0], size, zh, cs.kinds["indulgence"])
        elif size == GENERAL:
            for g in cs.generals:
                skills = [cs.skills[s] for s in g.skills]
                yield f"{g.id} {lang}", drawn(general_card, g, size, zh, skills)
        else:
            seen = set()
            for c in cs.cards:
                if (c.kind.id, c.suit, c.rank) not in seen:
                    seen.add((c.kind.id, c.suit, c.rank))
                    yield f"{c.id} {lang}", drawn(playing_card, c, size, zh)
    if size[1] >= 30:
        yield "back", drawn(back, size)
