"""Sanguosha card faces, drawn from the card data (docs/style.md, "Card anatomy", mood "Sanguosha": red
lacquer and dark wood, gold and cinnabar; basic cards cream, tricks beige, equipment grey).

- A playing card: its rank over its suit symbol in the top-left corner (♠ ♣ black, ♥ ♦ red,
  the symbol always drawn), its kind as a gold symbol on a wooden badge in the top-right (a
  bead for a basic card, a scroll for a trick, an hourglass for a delayed trick, a sword, a
  breastplate, a horse) with a weapon's range or a horse's +1 / −1 under it, the name large in
  the middle (English in the serif face, Chinese from the CJK subset), and at the foot what
  it does in one short line (data/sanguosha/summaries.toml); the zoom has the full text.
- A general: an emblem (the kingdom's colour and character, 魏 蜀 吳 群, on a seal, and the
  character again as a large watermark), health as jade magatama pips, the name in large
  characters (中文 or English by the language setting), the skills as tags.
- Equipment and judgement strips for the seats (the kind's symbol, the name, suit and rank),
  and the back.

Every function returns a new Surface; symbols are cached per size.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.sanguosha.cards import SUIT_SYMBOLS, card_set, rank_name
from sprites import cards as cg
from sprites import summaries, text, theme
from sprites.icons import Pen, arc, supersampled

Color = tuple[int, int, int]

LACQUER: Color = (128, 26, 22)
WOOD: Color = (52, 30, 20)
GOLD: Color = (226, 184, 92)
CINNABAR: Color = (200, 60, 36)
INK: Color = (28, 20, 16)
RED_INK: Color = (178, 22, 22)
JADE: Color = (56, 176, 104)
FILLS: dict[str, Color] = {"basic": (246, 236, 208), "trick": (226, 204, 160),
                           "equipment": (204, 204, 204)}
SUBTYPE_WORDS = {"": "Basic", "ordinary": "Trick", "delayed": "Delayed trick", "weapon": "Weapon",
                 "armour": "Armour", "defensive_horse": "+1 horse", "offensive_horse": "−1 horse"}
SUBTYPE_ZH = {"": "基本牌", "ordinary": "錦囊", "delayed": "延時錦囊", "weapon": "武器",
              "armour": "防具", "defensive_horse": "+1馬", "offensive_horse": "−1馬"}
HORSE_MARKS = {"defensive_horse": "+1", "offensive_horse": "−1"}
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


def summary(kind, zh: bool) -> str:
    """What a card kind does, in one short line (data/sanguosha/summaries.toml, checked
    against every kind of the card set when first read)."""
    every = summaries.summaries("sanguosha", tuple(card_set().kinds), ("en", "zh"))
    return every[kind.id]["zh" if zh else "en"]


# --- the kinds' symbols ---------------------------------------------------------------------
def _basic(pen: Pen) -> None:  # a bead
    pen.disc((0.5, 0.5), 0.3, GOLD)
    pen.disc((0.5, 0.5), 0.12, WOOD, 0)


def _trick(pen: Pen) -> None:  # a scroll
    pen.poly([(0.3, 0.2), (0.7, 0.2), (0.7, 0.8), (0.3, 0.8)], GOLD)
    for y in (0.2, 0.8):
        pen.line((0.2, y), (0.8, y), 0.1, GOLD)
    for y in (0.38, 0.5, 0.62):
        pen.line((0.38, y), (0.62, y), 0.04, WOOD, 0)


def _delayed(pen: Pen) -> None:  # an hourglass
    pen.poly([(0.24, 0.16), (0.76, 0.16), (0.54, 0.5), (0.76, 0.84), (0.24, 0.84), (0.46, 0.5)], GOLD)
    pen.poly([(0.36, 0.26), (0.64, 0.26), (0.5, 0.44)], WOOD, 0)
    pen.poly([(0.5, 0.62), (0.66, 0.78), (0.34, 0.78)], WOOD, 0)


def _weapon(pen: Pen) -> None:  # a straight sword, point up
    pen.poly([(0.5, 0.08), (0.58, 0.2), (0.56, 0.64), (0.44, 0.64), (0.42, 0.2)], GOLD)
    pen.line((0.28, 0.66), (0.72, 0.66), 0.08, GOLD)
    pen.line((0.5, 0.7), (0.5, 0.88), 0.08, GOLD)


def _armour(pen: Pen) -> None:  # a breastplate
    pen.poly([(0.22, 0.2), (0.4, 0.16), (0.5, 0.24), (0.6, 0.16), (0.78, 0.2), (0.74, 0.62),
              (0.5, 0.86), (0.26, 0.62)], GOLD)
    pen.line((0.5, 0.3), (0.5, 0.76), 0.04, WOOD, 0)
    pen.line((0.32, 0.44), (0.68, 0.44), 0.04, WOOD, 0)


def _horse(pen: Pen) -> None:  # a horse's head and mane
    pen.poly([(0.3, 0.88), (0.36, 0.52), (0.3, 0.4), (0.14, 0.46), (0.1, 0.36), (0.34, 0.16),
              (0.42, 0.08), (0.5, 0.14), (0.72, 0.3), (0.8, 0.6), (0.74, 0.88)], GOLD)
    pen.disc((0.36, 0.28), 0.035, WOOD, 0)
    pen.line((0.52, 0.18), (0.74, 0.5), 0.05, WOOD, 0)


SYMBOLS = {"": _basic, "ordinary": _trick, "delayed": _delayed, "weapon": _weapon,
           "armour": _armour, "defensive_horse": _horse, "offensive_horse": _horse}


@lru_cache(maxsize=128)
def kind_badge(subtype: str, size: int) -> pygame.Surface:
    """A card kind's gold symbol on a wooden badge, `size` px square."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = surf.get_rect()
    pygame.draw.rect(surf, WOOD, r, border_radius=max(3, size // 5))
    pygame.draw.rect(surf, cg.mix(WOOD, GOLD, 0.45), r, 1, border_radius=max(3, size // 5))
    sym = supersampled(SYMBOLS[subtype], size, 0.9)
    surf.blit(sym, (0, 0))
    return surf


def _magatama(pen: Pen, full: bool) -> None:
    """A jade comma: a round head and a tail sweeping down and round."""
    colour = JADE if full else (90, 80, 76)
    head = arc((0.46, 0.38), 0.28, math.radians(-200), math.radians(60), 16)
    tail = [(0.62, 0.62), (0.5, 0.86), (0.24, 0.94), (0.36, 0.8), (0.34, 0.62)]
    pen.poly(head + tail, colour, 0.05)
    if full:
        pen.disc((0.46, 0.36), 0.08, (210, 250, 220), 0)
    else:
        pen.disc((0.46, 0.4), 0.14, (40, 34, 32), 0)


@lru_cache(maxsize=16)
def pip(full: bool, size: int) -> pygame.Surface:
    """One health pip: a jade magatama, or a dark hollow one for health lost."""
    return supersampled(lambda pen: _magatama(pen, full), size)


def health_pips(surface: pygame.Surface, topleft: tuple[int, int], hp: int, max_hp: int,
                size: int = 14) -> int:
    """Health as the traditional pips, filled for what is left, hollow for what is lost (the
    shape tells them apart, not only the colour); the row's width."""
    x, y = topleft
    step = size - 1
    for i in range(max_hp):
        surface.blit(pip(i < hp, size), (x + i * step, y))
    return max_hp * step + 1 if max_hp else 0


# --- playing cards --------------------------------------------------------------------------
def _corner(surf: pygame.Surface, card, x: int, y: int, big: bool) -> pygame.Rect:
    """The rank over the suit symbol, in the suit's ink."""
    sz = round((22 if big else 16) * theme.symbol_scale())
    ink = suit_ink(card.suit)
    rank = text.render(rank_name(card.rank), sz, ink, "bold")
    rb = rank.get_bounding_rect()
    surf.blit(rank, (x + 1 - rb.x, y - rb.y))
    suit = text.render(SUIT_SYMBOLS[card.suit], sz, ink, "symbols2")
    sb = suit.get_bounding_rect()
    top = y + rb.h + 3
    cx = x + 1 + rb.w // 2
    surf.blit(suit, (cx - sb.centerx, top - sb.y))
    return pygame.Rect(x, y, max(rb.w, sb.w) + 2, rb.h + 3 + sb.h)


def _name_layout(name: str, zh: bool, room: int, width: int, most: int = 0):
    """(size, lines, face) for the name as large as fits `room` × `width`, whole, in as few
    lines as it can; None when nothing of 14 px or more fits."""
    best = None
    for face in (("cjk",) if zh else ("serif", "narrow_bold")):
        for n in (1, 2, 3):
            lines = _name_splits(name, zh, n)
            if lines is None:
                continue
            top = min(most or (44 if zh else 26), room // n - 3)

            def fits(size: int, lines=lines, face=face) -> bool:
                return all(text.width(x, size, face) <= width for x in lines) and \
                    _ink_height(lines, size, face) <= room

            size = top
            if size >= 14:
                # width grows about as the size: start where that proportion puts it and step
                # from there (stepping down from the top measured a name at every size: one
                # frame that drew four new cards took 30 ms)
                widest = max(text.width(x, size, face) for x in lines)
                if widest > width:
                    size = max(14, size * width // widest)
                    while size < top and fits(size + 1):
                        size += 1
            while size >= 14 and not fits(size):
                size -= 1
            if size >= 14 and (best is None or size > best[0] + (0 if zh else 3)):
                best = (size, lines, face)
        if best is not None:
            break
    return best


def _big_name(surf: pygame.Surface, name: str, zh: bool, top: int, bottom: int, ink: Color,
              left: int = 6, right: int = 6, most: int = 0) -> int:
    """The name as large as fits between top and bottom, whole (never cut; if nothing fits,
    14 px in as many lines as the width needs); its bottom y."""
    w = surf.get_width()
    width = w - left - right
    best = _name_layout(name, zh, bottom - top, width, most)
    if best is None:
        lines, face = cg.name_lines(name, 14, width, 3)
        best = (14, lines, face)
    size, lines, face = best
    inks = [text.render(ln, size, ink, face) for ln in lines]
    heights = [t.get_bounding_rect().h for t in inks]
    gap = max(2, size // 5)
    total = sum(heights) + gap * (len(lines) - 1)
    y = max(top, (top + bottom - total) // 2)
    cx = left + width // 2
    for t, hgt in zip(inks, heights, strict=True):
        ib = t.get_bounding_rect()
        surf.blit(t, (cx - ib.centerx, y - ib.y))
        y += hgt + gap
    return y - gap


def _ink_height(lines: list[str], size: int, face: str) -> int:
    """How tall `lines` stand when stacked by their ink, `size` // 5 apart."""
    inks = [text.render(ln, size, INK, face).get_bounding_rect().h for ln in lines]
    return sum(inks) + max(2, size // 5) * (len(lines) - 1)


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


def _foot_lines(s: str, width: int, zh: bool, most: int) -> tuple[list[str], str]:
    """A summary in lines of 14 px that fit `width` (at most `most` when it can be): English
    by words in the regular face, else the narrow one; Chinese by characters."""
    if not zh:
        return cg.text_lines([s], 14, width, most)
    lines = [""]
    for ch in s:
        if lines[-1] and text.width(lines[-1] + ch, 14, "cjk") > width:
            lines.append("")
        lines[-1] += ch
    return lines, "cjk"


def playing_card(card, size: tuple[int, int], zh: bool = False) -> pygame.Surface:
    """A playing card: corner, kind badge (with a range or a horse's mark), the name, what it
    does (the summary on a hand card, the full text on the zoom)."""
    w, h = size
    k = card.kind
    fill = FILLS[k.type]
    fw = max(2, w // 30)
    surf = cg.blank(size, fill, LACQUER, fw)
    big, table = w >= 150, w < 90
    pygame.draw.rect(surf, cg.mix(fill, LACQUER, 0.25), surf.get_rect().inflate(-2 * fw - 4, -2 * fw - 4),
                     1, border_radius=max(2, cg.radius_for(size) - fw - 2))
    pad = fw + 4
    c = _corner(surf, card, pad, pad, big)
    bsz = round((30 if big else 22 if not table else 20) * theme.symbol_scale())
    badge = kind_badge(k.subtype, bsz).get_rect(topright=(w - pad + 1, pad - 1))
    surf.blit(kind_badge(k.subtype, bsz), badge)
    mark = f"{k.range}" if k.range else HORSE_MARKS.get(k.subtype, "")
    under = badge.bottom
    if mark:
        t = text.render(mark, 16 if big else 14, INK, "bold")
        ib = t.get_bounding_rect()
        surf.blit(t, (badge.centerx - ib.centerx, badge.bottom + 3 - ib.y))
        under = badge.bottom + 3 + ib.h
    ink = cg.mix(INK, fill, 0.2)
    bottom = h - pad
    if big:  # the zoom: the kind in words, then the full text (the data's, in English)
        lines = list(cg.wrapped(k.text, 14, w - 2 * pad - 2, "sans"))
        y = bottom - len(lines) * 17
        for ln in lines:
            t = text.render(ln, 14, INK, "sans")
            surf.blit(t, t.get_rect(midtop=(w // 2, y - 2)))
            y += 17
        bottom = bottom - len(lines) * 17 - 4
        sub = (SUBTYPE_ZH if zh else SUBTYPE_WORDS)[k.subtype]
        if k.range:
            sub += f" · {'範圍' if zh else 'range'} {k.range}"
        st = text.render(sub, 15, ink, "cjk" if zh else "bold")
        sb = st.get_bounding_rect()
        surf.blit(st, (w // 2 - sb.centerx, bottom - sb.bottom))
        pygame.draw.line(surf, cg.mix(fill, LACQUER, 0.5), (pad + 10, bottom - sb.h - 6),
                         (w - pad - 10, bottom - sb.h - 6), 1)
        bottom -= sb.h + 10
    top = max(c.bottom, under) + 2
    lines, face = _foot_lines(summary(k, zh), w - 2 * pad + 2, zh, 2) if not (big or table) else ([], "")
    if lines and _name_layout(kind_name(k, zh), zh, bottom - len(lines) * 16 - 4 - top,
                              w - 2 * pad, 30) is None:
        lines = []  # a long name with the larger symbols: the name keeps the room, the zoom says it
    if lines:  # a hand card: the summary at the foot, over a thin cinnabar rule
        step = 16
        y = bottom - len(lines) * step + 1
        pygame.draw.line(surf, cg.mix(fill, CINNABAR, 0.55), (pad + 4, y - 3), (w - pad - 4, y - 3), 1)
        for ln in lines:
            t = text.render(ln, 14, INK, face)
            surf.blit(t, t.get_rect(midtop=(w // 2, y - 5)))
            y += step
        bottom = bottom - len(lines) * step - 4
    _big_name(surf, kind_name(k, zh), zh, top, bottom, INK, pad, pad, 30 if not big else 0)
    return surf


# --- strips --------------------------------------------------------------------------------
def strip(card, size: tuple[int, int], zh: bool = False, as_kind=None) -> pygame.Surface:
    """An equipment or judgement strip: the kind's symbol (a horse with its +1 / −1), the name
    when it fits, suit and rank."""
    w, h = size
    kind = as_kind or card.kind
    judge = kind.is_trick
    fill = FILLS["trick"] if judge else FILLS["equipment"]
    surf = cg.blank(size, fill, WOOD, 1)
    sub = "delayed" if judge else kind.subtype
    icon = kind_badge(sub, h - 2)
    surf.blit(icon, (1, 1))
    x = 1 + icon.get_width() + 3
    mark = HORSE_MARKS.get(sub, "")
    if mark:
        mt = text.render(mark, 14, INK, "bold")
        mb = mt.get_bounding_rect()
        surf.blit(mt, (x - mb.x, h // 2 - mb.centery))
        x += mb.w + 4
    cr = text.render(corner(card), 14, suit_ink(card.suit), "bold")
    surf.blit(cr, cr.get_rect(midright=(w - 4, h // 2)))
    room = w - x - cr.get_width() - 8
    name = kind_name(kind, zh) + (f" {kind.range}" if kind.range and not zh else "")
    for face in ("cjk",) if zh else ("sans", "narrow"):
        if text.width(name, 14, face) <= room:
            nt = text.render(name, 14, INK, face)
            ink = nt.get_bounding_rect()
            surf.blit(nt, (x, (h - ink.h) // 2 - ink.y))
            break
    return surf


# --- generals ------------------------------------------------------------------------------
@lru_cache(maxsize=32)
def kingdom_seal(kingdom: str, size: int) -> pygame.Surface:
    """The kingdom's emblem: its character in white on a seal of its colour."""
    col = KINGDOM_COLOURS[kingdom]
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = surf.get_rect()
    pygame.draw.rect(surf, cg.mix(col, (0, 0, 0), 0.35), r, border_radius=size // 4)
    pygame.draw.rect(surf, col, r.inflate(-4, -4), border_radius=size // 4 - 1)
    pygame.draw.rect(surf, cg.mix(col, (255, 255, 255), 0.5), r.inflate(-8, -8), 1, border_radius=size // 5)
    t = text.render(KINGDOM_ZH[kingdom], max(14, round(size * 0.62)), (252, 248, 236), "cjk")
    ib = t.get_bounding_rect()
    surf.blit(t, (size // 2 - ib.centerx, size // 2 - ib.centery))
    return surf


def general_card(g, size: tuple[int, int], zh: bool = False, skills=()) -> pygame.Surface:
    """A general: the kingdom's seal and colour, health pips, the name in large characters,
    the skills as tags."""
    w, h = size
    col = KINGDOM_COLOURS[g.kingdom]
    fill = cg.mix(col, (250, 242, 224), 0.84)
    surf = cg.blank(size, fill, col, 4)
    # the kingdom's character again, large and faint, under everything: a picture, not text to
    # read (drawn straight from the font; the seal draws the same character as text)
    mark = text.font(round(w * 0.9), "cjk").render(KINGDOM_ZH[g.kingdom], True, cg.mix(fill, col, 0.13))
    mb = mark.get_bounding_rect()
    surf.blit(mark, (w // 2 - mb.centerx, round(h * 0.42) - mb.centery))
    seal_sz = round(30 * theme.symbol_scale() ** 0.5)
    seal = kingdom_seal(g.kingdom, seal_sz)
    surf.blit(seal, (7, 7))
    psz = 14
    pw = g.hp * (psz - 1) + 1
    health_pips(surf, (w - 7 - pw, 9), g.hp, g.hp, psz)
    if not zh:
        kt = text.render(KINGDOM_NAMES[g.kingdom], 14, cg.mix(col, INK, 0.5), "bold")
        kb = kt.get_bounding_rect()
        surf.blit(kt, (w - 8 - kb.right, 9 + psz + 4 - kb.y))
    tags = [_skill_lines((s.name_zh if zh else s.name) + (" ♛" if s.lord else ""), zh, w - 24)
            for s in skills]
    tags_top = h - 6 - sum(17 * len(lines) + 5 for lines, _ in tags)
    name_top = 7 + seal_sz + 2
    _big_name(surf, g.name_zh if zh else g.name, zh, name_top, tags_top - 6, INK, 8, 8,
              40 if zh else 24)
    pygame.draw.line(surf, col, (12, tags_top - 4), (w - 12, tags_top - 4), 2)
    y = tags_top
    for lines, face in tags:
        tag = pygame.Rect(8, y, w - 16, 17 * len(lines) + 2)
        pygame.draw.rect(surf, cg.mix(col, (0, 0, 0), 0.25), tag, border_radius=9)
        for i, ln in enumerate(lines):
            t = text.render(ln, 14, (252, 248, 236), face)
            ib = t.get_bounding_rect()
            surf.blit(t, (tag.centerx - ib.centerx, tag.y + 10 + 17 * i - ib.centery))
        y += tag.h + 3
    return surf


def _skill_lines(label: str, zh: bool, width: int) -> tuple[list[str], str]:
    """A skill's name on one line in the widest face that fits, else wrapped in the narrow."""
    if zh:
        return [label], "cjk"
    for face in ("bold", "narrow_bold", "narrow"):
        if text.width(label, 14, face) <= width:
            return [label], face
    return text.wrap(label, 14, width, "narrow_bold"), "narrow_bold"


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
