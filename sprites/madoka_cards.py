"""Madoka card faces: the girls' symbols (bow, note, teacup, spear, shield; QB ring), girl
cards, witch cards, the back, and your own hidden cards carrying what you know.

Colour is never the only carrier: every girl card has her symbol and her initial letter, and
the colour-blind setting draws them larger. Everything here returns a new Surface; the table
caches them per face key and size.
"""

from __future__ import annotations

import math

import pygame

from sprites import cards as cg
from sprites import text, theme

Color = tuple[int, int, int]

GIRL_COLOURS: dict[str, Color] = {
    "homura": (123, 79, 184),  # purple
    "mami": (232, 185, 35),  # yellow
    "kyoko": (210, 51, 58),  # red
    "sayaka": (59, 125, 216),  # blue
    "madoka": (240, 124, 176),  # pink
    "qb": (236, 236, 240),  # white
}
GIRL_SYMBOLS = {"homura": "shield", "mami": "teacup", "kyoko": "spear", "sayaka": "note",
                "madoka": "bow", "qb": "ring"}
GIRL_NAMES = {"homura": "Homura", "mami": "Mami", "kyoko": "Kyoko", "sayaka": "Sayaka",
              "madoka": "Madoka", "qb": "Kyubey"}
#: two letters, so Mami (Ma) and Madoka (Md) never share a mark
SHORT = {"homura": "Ho", "mami": "Ma", "kyoko": "Ky", "sayaka": "Sa", "madoka": "Md", "qb": "QB"}
BODY = {1: "feet", 2: "legs", 3: "chest", 4: "head"}
TEAL: Color = (84, 214, 200)
NIGHT: Color = (30, 24, 70)
NIGHT_EDGE: Color = (120, 100, 190)
WITCH_FILL: Color = (38, 20, 40)
WITCH_EDGE: Color = (170, 120, 60)


def girl_colour(girl: str) -> Color:
    return GIRL_COLOURS.get(girl, (200, 200, 200))


def deep(c: Color) -> Color:
    """A darker shade of a girl's colour, readable on her pastel card body."""
    return cg.mix(c, (10, 8, 20), 0.45)


def pastel(c: Color) -> Color:
    return cg.mix(c, (255, 252, 250), 0.74)


# --- symbols, drawn with primitives so they look the same everywhere ---------------------------
def draw_symbol(surf: pygame.Surface, symbol: str, center: tuple[float, float], size: float, color: Color,
                outline: Color | None = None) -> None:
    """Draw a girl's symbol filling about a `size`-pixel square around `center`."""
    cx, cy = center
    s = size / 2
    lw = max(2, int(size / 9))

    def poly(points):
        pts = [(cx + x * s, cy + y * s) for x, y in points]
        pygame.draw.polygon(surf, color, pts)
        if outline:
            pygame.draw.polygon(surf, outline, pts, 1)

    if symbol == "shield":  # Homura: a kite shield
        poly([(-0.8, -0.85), (0.8, -0.85), (0.8, 0.05), (0.0, 0.95), (-0.8, 0.05)])
        pygame.draw.line(surf, cg.mix(color, (255, 255, 255), 0.5), (cx, cy - s * 0.6), (cx, cy + s * 0.6), max(1, lw // 2))
    elif symbol == "teacup":  # Mami: a cup, its handle and a saucer
        poly([(-0.8, -0.45), (0.5, -0.45), (0.4, 0.35), (-0.7, 0.35)])
        pygame.draw.circle(surf, color, (cx + s * 0.55, cy - s * 0.1), s * 0.32, lw)
        pygame.draw.ellipse(surf, color, pygame.Rect(cx - s * 0.95, cy + s * 0.42, s * 1.7, s * 0.32))
        for dx in (-0.35, 0.0):  # steam
            pygame.draw.line(surf, color, (cx + dx * s, cy - s * 0.6), (cx + (dx + 0.12) * s, cy - s * 0.92), max(1, lw // 2))
    elif symbol == "spear":  # Kyoko: a spear, shaft and blade
        pygame.draw.line(surf, color, (cx - s * 0.75, cy + s * 0.85), (cx + s * 0.35, cy - s * 0.25), lw + 1)
        poly([(0.85, -0.85), (0.55, 0.05), (0.3, -0.2), (0.05, -0.45)])
        pygame.draw.line(surf, color, (cx + s * 0.05, cy + s * 0.05), (cx + s * 0.05 - s * 0.3, cy + s * 0.05 - s * 0.3), lw)
    elif symbol == "note":  # Sayaka: a musical note
        pygame.draw.ellipse(surf, color, pygame.Rect(cx - s * 0.85, cy + s * 0.3, s * 0.85, s * 0.6))
        pygame.draw.line(surf, color, (cx - s * 0.05, cy + s * 0.6), (cx - s * 0.05, cy - s * 0.9), lw)
        poly([(-0.05, -0.9), (0.7, -0.5), (0.7, -0.2), (-0.05, -0.55)])
    elif symbol == "bow":  # Madoka: a ribbon bow
        poly([(-0.95, -0.6), (-0.1, -0.08), (-0.1, 0.08), (-0.95, 0.6)])
        poly([(0.95, -0.6), (0.1, -0.08), (0.1, 0.08), (0.95, 0.6)])
        poly([(-0.2, 0.05), (-0.5, 0.95), (-0.25, 0.85), (0.0, 0.15)])
        poly([(0.2, 0.05), (0.5, 0.95), (0.25, 0.85), (0.0, 0.15)])
        pygame.draw.circle(surf, color, (cx, cy), s * 0.24)
    else:  # "ring": Kyubey's ring
        pygame.draw.circle(surf, color, (cx, cy), s * 0.8, max(lw, int(s * 0.26)))
        if outline:
            pygame.draw.circle(surf, outline, (cx, cy), s * 0.8, 1)


def symbol_icon(girl: str, size: int, color: Color | None = None) -> pygame.Surface:
    """A girl's symbol on its own `size` square (a table asks for a larger one with the
    colour-blind setting)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_symbol(surf, GIRL_SYMBOLS.get(girl, "ring"), (size / 2, size / 2), size * 0.92,
                color or girl_colour(girl), outline=(40, 40, 50) if girl == "qb" else None)
    return surf


def _not_chip(surf: pygame.Surface, rect: pygame.Rect, label: str, colour: Color) -> None:
    """A small 'not this' chip: the girl's initial (in her colour) or a number, struck out."""
    pygame.draw.rect(surf, (14, 10, 30), rect, border_radius=4)
    pygame.draw.rect(surf, colour, rect, 1, border_radius=4)
    size = 18 if rect.height >= 22 else 14
    t = text.render(label, size, colour if label.isalpha() else (225, 220, 250), "bold")
    surf.blit(t, t.get_rect(center=rect.center))
    pygame.draw.line(surf, (255, 80, 90), (rect.x + 2, rect.y + 2), (rect.right - 3, rect.bottom - 3), 2)


def slash(surf: pygame.Surface, rect: pygame.Rect, color: Color = (255, 80, 90)) -> None:
    """Negative information on your own card: the girl or number it is not, struck through."""
    pygame.draw.line(surf, (20, 10, 20), rect.bottomleft, rect.topright, 4)
    pygame.draw.line(surf, color, rect.bottomleft, rect.topright, 2)


def cross(surf: pygame.Surface, rect: pygame.Rect, color: Color = (235, 70, 80), width: int = 2) -> None:
    """The 'not this' mark of negative information."""
    pygame.draw.line(surf, color, rect.topleft, rect.bottomright, width)
    pygame.draw.line(surf, color, rect.topright, rect.bottomleft, width)


# --- faces --------------------------------------------------------------------------------------
def girl_card(girl: str, number: int, size: tuple[int, int], big_symbols: bool = False) -> pygame.Surface:
    """A girl card: her colour as frame, name at the top, the number big in the middle with
    her symbol, the number again in two corners and her initial in the others. With the
    colour-blind setting (`big_symbols`, or theme.colourblind()) her letters and symbol are
    drawn about 1.4× larger."""
    big_symbols = big_symbols or theme.colourblind()
    w, h = size
    col = girl_colour(girl)
    frame = col if girl != "qb" else (170, 170, 190)
    fill = pastel(col)
    surf = cg.blank(size, fill, frame, max(3, w // 18))
    ink = deep(col) if girl != "qb" else (60, 60, 80)
    sc = w / cg.TABLE[0]
    pad = max(5, int(6 * sc))
    name = cg.fit_text(GIRL_NAMES.get(girl, girl), max(14, int(14 * sc)), ink, w - 8, "bold")
    # number in the top-left and bottom-right corners; initial at top-right
    num = text.render(str(number), max(16, int(18 * sc)), ink, "bold")
    surf.blit(num, (pad, pad - 2))
    isz = int(max(14, int(14 * sc)) * (theme.COLOURBLIND_SCALE if big_symbols else 1))
    initial = text.render(SHORT.get(girl, "?"), isz, ink, "bold")
    surf.blit(initial, initial.get_rect(topright=(w - pad, pad - 1 - (2 if big_symbols else 0))))
    nr = num.get_rect(bottomright=(w - pad, h - pad + 3))
    surf.blit(num, nr)
    # the name under the corner row
    name_top = pad + max(num.get_height(), initial.get_height() - 2) - 6
    surf.blit(name, name.get_rect(midtop=(w / 2, name_top)))
    # symbol in the centre, large (larger still with the colour-blind setting)
    ssz = h * (0.45 if big_symbols else 0.32)
    cy = h * (0.6 if big_symbols else 0.56)
    draw_symbol(surf, GIRL_SYMBOLS.get(girl, "ring"), (w / 2, cy), ssz, col if girl != "qb" else (185, 185, 205),
                outline=(70, 70, 90) if girl == "qb" else None)
    if w >= 90 and not (big_symbols and w < 150):  # the body part (feet … head), with room
        part = text.render(BODY.get(number, ""), 14, ink)
        surf.blit(part, part.get_rect(bottomleft=(pad, h - pad + 2)))
    if w >= 150:
        zh = {"homura": "曉美焰", "mami": "巴麻美", "kyoko": "佐倉杏子", "sayaka": "美樹沙耶香",
              "madoka": "鹿目圓", "qb": "丘比"}.get(girl, "")
        if zh:
            t = text.render(zh, 16, ink, "sans")
            surf.blit(t, t.get_rect(midbottom=(w / 2, h - pad - 22)))
    return surf


def card_back(size: tuple[int, int]) -> pygame.Surface:
    """The girl deck's back: night indigo with a teal Soul Gem."""
    w, h = size
    surf = cg.blank(size, NIGHT, NIGHT_EDGE, max(2, w // 25))
    inner = surf.get_rect().inflate(-w // 6, -w // 6)
    pygame.draw.rect(surf, cg.mix(NIGHT, NIGHT_EDGE, 0.4), inner, width=max(1, w // 45), border_radius=max(3, w // 14))
    rng_pts = [(0.2, 0.15), (0.75, 0.22), (0.3, 0.8), (0.8, 0.75), (0.15, 0.55), (0.85, 0.45), (0.5, 0.9)]
    for fx, fy in rng_pts:
        pygame.draw.circle(surf, (200, 200, 255), (int(w * fx), int(h * fy)), max(1, w // 60))
    soul_gem(surf, (w / 2, h / 2), w * 0.30, 0)
    return surf


def soul_gem(surf: pygame.Surface, center: tuple[float, float], r: float, grief: int, max_grief: int = 3) -> None:
    """The Soul Gem: a teal egg-shaped gem that darkens with every grief marker."""
    cx, cy = center
    dark = grief / max_grief
    body = cg.mix(TEAL, (14, 20, 26), min(1.0, dark * 0.85))
    rim = cg.mix((220, 190, 90), (60, 50, 40), dark * 0.5)
    # gold cap and base
    pygame.draw.polygon(surf, rim, [(cx - r * 0.45, cy - r * 1.05), (cx + r * 0.45, cy - r * 1.05), (cx, cy - r * 1.45)])
    gem = pygame.Rect(0, 0, r * 1.5, r * 2.1)
    gem.center = (round(cx), round(cy))
    pygame.draw.ellipse(surf, body, gem)
    pygame.draw.ellipse(surf, rim, gem, max(2, int(r / 8)))
    hi = pygame.Rect(0, 0, r * 0.4, r * 0.7)
    hi.center = (round(cx - r * 0.28), round(cy - r * 0.35))
    pygame.draw.ellipse(surf, cg.mix(body, (255, 255, 255), 0.55), hi)
    pygame.draw.polygon(surf, rim, [(cx - r * 0.5, cy + r * 1.0), (cx + r * 0.5, cy + r * 1.0), (cx, cy + r * 1.35)])


def witch_back(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = cg.blank(size, WITCH_FILL, WITCH_EDGE, max(2, w // 25))
    inner = surf.get_rect().inflate(-w // 6, -w // 6)
    pygame.draw.rect(surf, cg.mix(WITCH_FILL, WITCH_EDGE, 0.35), inner, width=max(1, w // 45), border_radius=max(3, w // 14))
    # a labyrinth rune: concentric broken circles
    for i, frac in enumerate((0.34, 0.22, 0.1)):
        rr = pygame.Rect(0, 0, w * frac * 2, w * frac * 2)
        rr.center = (w // 2, h // 2)
        pygame.draw.arc(surf, cg.mix(WITCH_EDGE, WITCH_FILL, 0.2 + i * 0.2), rr, 0.4 + i, 5.6 + i, max(2, w // 30))
    return surf


def witch_card(number: int, name: str, title: str, ability: str, while_on_top: bool,
               size: tuple[int, int], name_ja: str = "") -> pygame.Surface:
    """A witch: number and name over her sigil; at zoom size her full name, title and
    ability instead (the zoom is where a player reads what she does)."""
    w, h = size
    if w >= 150:
        return _witch_card_large(number, name, title, ability, while_on_top, size, name_ja)
    surf = cg.blank(size, WITCH_FILL, WITCH_EDGE, max(3, w // 18))
    ink = (245, 232, 210)
    gold = (226, 190, 110)
    pad = 6
    num = text.render(str(number), 18, gold, "bold")
    surf.blit(num, (pad, pad - 2))
    if while_on_top:  # a small red triangle: her effect lasts while she is on top
        pygame.draw.polygon(surf, (255, 140, 120), [(w - pad - 12, pad + 12), (w - pad, pad + 12), (w - pad - 6, pad + 2)])
    lines, face_ = cg.name_lines(name, 14, w - 2 * max(3, w // 18) - 4, 2)
    y = pad + num.get_height() - 2
    for ln in lines:
        t = text.render(ln, 14, ink, face_)
        surf.blit(t, t.get_rect(midtop=(w / 2, y)))
        y += 16
    foot_top = h - pad - 16
    r = min(w * 0.17, (foot_top - y) / 2 - 2)
    if r >= 6:
        _sigil(surf, (w / 2, (y + foot_top) / 2), r, gold)
    if foot_top >= y:  # "witch" at the foot, when the name leaves it room
        foot = text.render("witch", 14, (200, 180, 160))
        surf.blit(foot, foot.get_rect(midbottom=(w / 2, h - pad + 2)))
    return surf


def _sigil(surf: pygame.Surface, c: tuple[float, float], r: float, gold: Color) -> None:
    """A stylised witch's-labyrinth sigil: six spokes round a ring."""
    w = surf.get_width()
    for k in range(6):
        a = k * math.pi / 3
        pygame.draw.line(surf, cg.mix(gold, WITCH_FILL, 0.35), c, (c[0] + math.cos(a) * r, c[1] + math.sin(a) * r), max(1, w // 40))
    pygame.draw.circle(surf, gold, c, r * 0.45, max(2, w // 35))


def _witch_card_large(number, name, title, ability, while_on_top, size, name_ja) -> pygame.Surface:
    w, h = size
    surf = cg.blank(size, WITCH_FILL, WITCH_EDGE, max(4, w // 30))
    ink = (245, 232, 210)
    soft = (210, 196, 180)
    gold = (226, 190, 110)
    pad = 10
    num = text.render(str(number), 24, gold, "bold")
    surf.blit(num, (pad, pad - 4))
    _sigil(surf, (w - pad - 16, pad + 14), 14, gold)
    y = pad + 28
    lines, face_ = cg.name_lines(name, 18, w - 2 * pad, 2)
    for ln in lines:
        t = text.render(ln, 18, ink, face_)
        surf.blit(t, t.get_rect(midtop=(w / 2, y)))
        y += 22
    if title:
        for ln in text.wrap(title, 14, w - 2 * pad)[:2]:
            t = text.render(ln, 14, soft)
            surf.blit(t, t.get_rect(midtop=(w / 2, y)))
            y += 17
    if name_ja:
        t = text.render(name_ja, 14, soft)
        surf.blit(t, t.get_rect(midtop=(w / 2, y)))
        y += 19
    pygame.draw.line(surf, cg.mix(gold, WITCH_FILL, 0.4), (pad + 10, y + 3), (w - pad - 10, y + 3), 1)
    y += 9
    if while_on_top:
        tag = text.render("while on top", 14, (255, 150, 130), "bold")
        surf.blit(tag, tag.get_rect(midtop=(w / 2, y)))
        y += 18
    room = max(1, (h - pad - y) // 17)
    lines, tface = cg.text_lines([ability], 14, w - 2 * pad, room)
    for ln in lines:
        t = text.render(ln, 14, ink, tface)
        surf.blit(t, t.get_rect(midtop=(w / 2, y)))
        y += 17
    return surf


def known_card(girls: tuple[str, ...], numbers: tuple[int, ...], all_girls: tuple[str, ...], clued: bool,
               size: tuple[int, int], marks: bool = True, big_symbols: bool = False) -> pygame.Surface:
    """Your own card, face down: its back carrying what the hints told you.

    A known girl shows her colour, symbol and name; a known number shows the number big;
    otherwise "?". Ruled-out girls and numbers show as small crossed marks at the bottom.
    """
    w, h = size
    if not marks:
        return card_back(size)
    big_symbols = big_symbols or theme.colourblind()
    one_girl = girls[0] if len(girls) == 1 else None
    frame = girl_colour(one_girl) if one_girl else NIGHT_EDGE
    surf = cg.blank(size, NIGHT, frame, max(3, w // 18))
    ink = (236, 232, 255)
    dim = (150, 140, 200)
    sc = w / cg.TABLE[0]
    pad = max(5, int(6 * sc))
    # top: the girl if known
    if one_girl:
        band = pygame.Rect(3, 3, w - 6, max(20, int(20 * sc)))
        pygame.draw.rect(surf, girl_colour(one_girl), band, border_top_left_radius=max(3, w // 12), border_top_right_radius=max(3, w // 12))
        nm = cg.fit_text(GIRL_NAMES[one_girl], max(14, int(14 * sc)), cg.ink_on(girl_colour(one_girl)), w - 10, "bold")
        surf.blit(nm, nm.get_rect(center=band.center))
    else:
        q = text.render("?", max(16, int(16 * sc)), dim, "bold")
        surf.blit(q, q.get_rect(midtop=(w / 2, pad - 2)))
    # middle: number if known, the girl's symbol beside it
    mid_y = h * 0.45
    if len(numbers) == 1:
        n = text.render(str(numbers[0]), max(26, int(30 * sc)), ink, "bold")
        if one_girl:
            surf.blit(n, n.get_rect(center=(w * 0.32, mid_y)))
            draw_symbol(surf, GIRL_SYMBOLS[one_girl], (w * 0.68, mid_y), h * (0.27 if big_symbols else 0.2),
                        girl_colour(one_girl))
        else:
            surf.blit(n, n.get_rect(center=(w / 2, mid_y)))
    elif one_girl:
        draw_symbol(surf, GIRL_SYMBOLS[one_girl], (w / 2, mid_y), h * (0.34 if big_symbols else 0.24), girl_colour(one_girl))
    else:
        soul_gem(surf, (w / 2, mid_y), w * 0.17, 0)
    # bottom: ruled-out girls (crossed symbols) and numbers (crossed digits)
    out_girls = [g for g in all_girls if g not in girls] if one_girl is None else []
    out_nums = [n for n in (1, 2, 3, 4) if n not in numbers] if len(numbers) != 1 else []
    chip = 23 if big_symbols else 17
    per_row = max(1, (w - 2 * pad + 2) // (chip + 2))
    y = h - pad - chip
    if out_nums:
        for i, n in enumerate(out_nums):
            _not_chip(surf, pygame.Rect(pad + i * (chip + 2), y, chip, chip), str(n), (205, 198, 240))
        y -= chip + 3
    gw = chip + 7
    per_row = max(1, (w - 2 * pad + 2) // (gw + 2))
    rows = [out_girls[i:i + per_row] for i in range(0, len(out_girls), per_row)]
    for row in reversed(rows):
        for i, g in enumerate(row):
            _not_chip(surf, pygame.Rect(pad + i * (gw + 2), y, gw, chip), SHORT[g], girl_colour(g))
        y -= chip + 3
    if clued:
        pygame.draw.circle(surf, TEAL, (w - pad - 3, h - pad - 3), max(4, int(4 * sc)))
    return surf


# --- every face, for tests and previews -------------------------------------------------------
#: the sizes the Madoka table draws faces at; tests/test_card_faces.py checks every face at each
FACE_SIZES = {"hand": cg.HAND, "table": cg.TABLE, "zoom": cg.ZOOM}


def card_faces(game, size: tuple[int, int], colourblind: bool = False):
    """(label, build) for every face a Madoka table can show at `size`: each girl card, your
    own card with what a tell can leave known, each witch, and the backs. `build()` draws it.
    tests/test_card_faces.py renders them all and fails on cut text or a missing glyph."""
    for label, build in _faces(game, size, colourblind):
        yield label, lambda build=build: _drawn(build, colourblind)


def _drawn(build, colourblind: bool) -> pygame.Surface:
    with theme.looking(colourblind):
        return build()


def _faces(game, size: tuple[int, int], colourblind: bool):
    cards = game.cards
    girls = tuple(g.id for g in cards.girls)
    base = girls[:5]
    for g in girls:
        for n in (1, 2, 3, 4):
            yield f"{g} {n}", lambda g=g, n=n: girl_card(g, n, size, colourblind)
            yield f"known {g} {n}", lambda g=g, n=n: known_card((g,), (n,), base, True, size,
                                                               True, colourblind)
        yield f"known {g}", lambda g=g: known_card((g,), (1, 2, 3, 4), base, True, size, True,
                                                   colourblind)
    for n in (1, 2, 3, 4):
        rest = tuple(x for x in (1, 2, 3, 4) if x != n)
        yield f"known number {n}", lambda n=n: known_card(base, (n,), base, True, size, True,
                                                          colourblind)
        yield f"not {n}", lambda rest=rest: known_card(base[1:], rest, base, False, size, True,
                                                       colourblind)
    yield "unknown", lambda: known_card(base, (1, 2, 3, 4), base, False, size, True, colourblind)
    for w in cards.witches:
        yield w.name, lambda w=w: witch_card(w.number, w.name, w.title, w.text, w.while_on_top,
                                             size, w.name_ja)
    yield "back", lambda: card_back(size)
    yield "witch back", lambda: witch_back(size)
