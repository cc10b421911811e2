"""Bloodborne card faces, drawn from the card data.

Hunter cards: a dark stone body framed by their kind — melee blood red, ranged steel blue,
utility grey — and, because colour is never the only carrier, a kind badge with a letter
(M / R / U) and a drawn icon (blade, bullet, hourglass). Damage sits in the top-right corner.
Monsters are parchment with a lantern badge naming their die colour (G / Y / R and the word),
their trophy kinds written out, and a BOSS / FINAL BOSS ribbon.

Small cards show a one-line summary generated from the data; the zoomed card (≥ 150 px wide)
shows the full rules text. Every function returns a new Surface; the table caches them.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from sprites import cards as cg
from sprites import text, theme

Color = tuple[int, int, int]

BLOOD: Color = (176, 30, 36)
GOLD: Color = (212, 176, 98)
GOLD_DIM: Color = (150, 120, 62)
STONE: Color = (34, 30, 30)
INK_LIGHT: Color = (240, 232, 214)
INK_DARK: Color = (36, 26, 18)
PARCHMENT: Color = (226, 210, 170)

KIND_COLOURS: dict[str, Color] = {"melee": (170, 46, 44), "ranged": (62, 98, 168),
                                  "utility": (118, 116, 112)}
KIND_LETTERS = {"melee": "M", "ranged": "R", "utility": "U"}
LANTERN_COLOURS: dict[str, Color] = {"green": (40, 120, 64), "yellow": (226, 184, 44),
                                     "red": (166, 28, 34)}
LANTERN_LETTERS = {"green": "G", "yellow": "Y", "red": "R"}
TROPHY_NAMES = {"kin": "Kin", "humanoid": "Humanoid", "beast": "Beast"}
TROPHY_LETTERS = {"kin": "K", "humanoid": "H", "beast": "B"}
TROPHY_COLOURS: dict[str, Color] = {"kin": (120, 150, 210), "humanoid": (210, 170, 110),
                                    "beast": (190, 90, 70)}


# --- small drawn icons -------------------------------------------------------------------------
def kind_icon(surf: pygame.Surface, kind: str, center: tuple[float, float], size: float,
              color: Color) -> None:
    """A blade (melee), a bullet with its trail (ranged) or an hourglass (utility)."""
    cx, cy = center
    s = size / 2
    lw = max(2, int(size / 10))
    if kind == "melee":
        pygame.draw.line(surf, color, (cx - s * 0.7, cy + s * 0.7), (cx + s * 0.75, cy - s * 0.75), lw + 1)
        pygame.draw.line(surf, color, (cx - s * 0.75, cy + s * 0.1), (cx - s * 0.1, cy + s * 0.75), lw)
        pygame.draw.circle(surf, color, (cx - s * 0.82, cy + s * 0.82), max(2, lw))
    elif kind == "ranged":
        pygame.draw.circle(surf, color, (cx + s * 0.35, cy), s * 0.38)
        pygame.draw.rect(surf, color, pygame.Rect(cx - s * 0.35, cy - s * 0.38, s * 0.7, s * 0.76))
        for dy in (-0.25, 0.0, 0.25):
            pygame.draw.line(surf, color, (cx - s * 0.95, cy + dy * s), (cx - s * 0.5, cy + dy * s), max(1, lw // 2))
    else:
        pts = [(cx - s * 0.6, cy - s * 0.8), (cx + s * 0.6, cy - s * 0.8), (cx, cy),
               (cx + s * 0.6, cy + s * 0.8), (cx - s * 0.6, cy + s * 0.8), (cx, cy)]
        pygame.draw.polygon(surf, color, pts, max(1, lw - 1))
        pygame.draw.polygon(surf, color, [(cx - s * 0.35, cy + s * 0.8), (cx + s * 0.35, cy + s * 0.8),
                                          (cx, cy + s * 0.35)])


def blood_drop(surf: pygame.Surface, center: tuple[float, float], size: float, color: Color = BLOOD,
               outline: Color | None = None) -> None:
    """A drop of blood (blood echoes, damage)."""
    cx, cy = center
    r = size * 0.34
    body_y = cy + size * 0.14
    pts = [(cx, cy - size * 0.5), (cx + r, body_y)] + [
        (cx + r * math.cos(math.radians(a)), body_y + r * math.sin(math.radians(a))) for a in range(0, 181, 15)
    ] + [(cx - r, body_y)]
    pygame.draw.polygon(surf, color, pts)
    if outline:
        pygame.draw.polygon(surf, outline, pts, 1)
    pygame.draw.circle(surf, cg.mix(color, (255, 255, 255), 0.5), (cx - r * 0.35, body_y - r * 0.2), max(1, r * 0.22))


def chalice(surf: pygame.Surface, center: tuple[float, float], size: float, color: Color) -> None:
    """The Chalice Dungeon's emblem: a cup on a stem."""
    cx, cy = center
    s = size / 2
    cup = [(cx - s * 0.7, cy - s * 0.85), (cx + s * 0.7, cy - s * 0.85), (cx + s * 0.45, cy - s * 0.1),
           (cx + s * 0.12, cy + s * 0.1), (cx - s * 0.12, cy + s * 0.1), (cx - s * 0.45, cy - s * 0.1)]
    pygame.draw.polygon(surf, color, cup)
    pygame.draw.rect(surf, color, pygame.Rect(cx - s * 0.09, cy + s * 0.05, s * 0.18, s * 0.55))
    pygame.draw.ellipse(surf, color, pygame.Rect(cx - s * 0.5, cy + s * 0.55, s, s * 0.3))


def trophy_icon(surf: pygame.Surface, kind: str, center: tuple[float, float], size: float,
                dim: bool = False) -> None:
    """A trophy token: a disc in the kind's colour carrying its letter (K / H / B); `dim`
    (none won yet) draws it as an outline with the letter in the kind's colour."""
    col = TROPHY_COLOURS.get(kind, (180, 180, 180))
    r = size / 2
    c = (round(center[0]), round(center[1]))
    letter = TROPHY_LETTERS[kind]
    lsz = max(14, int(size * (0.9 if theme.colourblind() else 0.7)))  # the letter fills it
    if not dim:
        pygame.draw.circle(surf, col, c, r)
        pygame.draw.circle(surf, cg.mix(col, (0, 0, 0), 0.5), c, r, 1)
        t = text.render(letter, lsz, cg.ink_on(col), "bold")
    else:
        pygame.draw.circle(surf, (20, 16, 16), c, r)
        pygame.draw.circle(surf, cg.mix(col, (30, 26, 24), 0.3), c, r, 1)
        t = text.render(letter, lsz, col, "bold")
    surf.blit(t, t.get_rect(center=c))


def trophy_token(kind: str, size: int, dim: bool = False) -> pygame.Surface:
    """A cached trophy token image (`trophy_icon` on its own surface) for per-frame blits."""
    return _trophy_token(kind, size, dim, theme.colourblind())


@lru_cache(maxsize=64)
def _trophy_token(kind: str, size: int, dim: bool, colourblind: bool) -> pygame.Surface:
    surf = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    trophy_icon(surf, kind, ((size + 2) / 2, (size + 2) / 2), size, dim)
    return surf


@lru_cache(maxsize=32)
def drop_icon(size: int, color: Color = BLOOD, outline: Color | None = None) -> pygame.Surface:
    """A cached blood drop image for per-frame blits."""
    surf = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
    blood_drop(surf, ((size + 4) / 2, (size + 4) / 2), size, color, outline)
    return surf


# --- hunter cards ---------------------------------------------------------------------------
def summary(card) -> str:
    """A one-line summary of a hunter card, built from its data ("Immediate · shield 2")."""
    parts = summary_parts(card)
    if card.immediate:
        parts = ["Immediate", *parts]
    return " · ".join(parts) if parts else "plain weapon"


def summary_parts(card) -> list[str]:
    """What a hunter card does, as short phrases (its Immediate timing not included)."""
    ab, n = card.ability, card.amount
    parts = []
    if card.protection == "choose":
        parts.append(f"shield {card.shield} or cancel")
    elif card.protection == "cancel":
        parts.append("cancel melee")
    elif card.protection == "shield":
        parts.append(f"shield {card.shield}")
    extra = {
        "bane": f"+{n} vs {TROPHY_NAMES.get(card.vs, card.vs)}",
        "boss_slayer": f"+{n} vs bosses",
        "blood_price": f"pay 1 health: +{n}",
        "executioner": f"+{n} if wounded",
        "frenzy": f"+{n} at health ≤4",
        "recoil": f"recoil {n}",
        "heal": f"heal {n}",
        "bank": "bank echoes",
        "numb": f"attack -{n}",
        "lure": f"lure: others +{n}",
        "recall": f"take back {n}",
        "roar": "cancel all melee",
        "transform": f"weapon +{n}",
        "dream": "rest, bank, heal",
    }.get(ab)
    if extra:
        parts.append(extra)
    return parts if parts or card.immediate else ["plain weapon"]


def hunter_card(card, size: tuple[int, int]) -> pygame.Surface:
    """A starter or upgrade card: kind frame + badge, name, damage corner, summary/text.

    Laid out from the top down, so nothing covers anything: the name band (whole, in as many
    lines as it needs), the badge row (kind letter left, damage right), then at the bottom an
    IMMEDIATE tag and the text: the full rules text when zoomed (≥ 150 px), a summary on hand
    cards, none on small ones; the kind's icon fills what is left."""
    w, h = size
    kind = card.type
    frame = KIND_COLOURS.get(kind, (120, 120, 120))
    fw = max(3, w // 18)
    surf = cg.blank(size, STONE, frame, fw)
    big = w >= 150
    small = w < 85
    pad = max(4, w // 16)
    # the name band in the kind's colour
    nsz = 20 if big else 14
    step = nsz + (4 if big else 1 if small else 2)
    lines, face = cg.name_lines(card.name, nsz, w - 2 * fw - 4, 2)
    band_h = fw + 3 + len(lines) * step + 2
    r = cg.radius_for(size)
    pygame.draw.rect(surf, cg.mix(frame, (0, 0, 0), 0.3), pygame.Rect(fw, fw, w - 2 * fw, band_h - fw),
                     border_top_left_radius=max(2, r - fw), border_top_right_radius=max(2, r - fw))
    y = fw + 2
    for ln in lines:
        t = text.render(ln, nsz, INK_LIGHT, face)
        surf.blit(t, t.get_rect(midtop=(w // 2, y)))
        y += step
    y = band_h + 3
    # the bottom block's text, and the badge size that leaves it room (the larger
    # colour-blind badge gives way on a card whose summary needs the space)
    cb = theme.colourblind()
    sizes = [34 if big else (22 if not small else 20 if len(lines) < 3 else 18)]
    if cb:
        sizes.insert(0, 44 if big else (30 if not small else 26 if len(lines) < 3 else 22))
    tsz = 15 if big else 14
    lead = tsz + 3
    tag_h = 18 if card.immediate else 0
    for bsz in sizes:
        room = max(0, (h - pad - (y + bsz + 3) - tag_h) // lead)
        if small:
            wrapped, tface = [], "sans"
        elif big:
            wrapped, tface = cg.text_lines([card.text], tsz, w - 2 * pad, room)
        else:
            wrapped, tface = cg.text_lines(summary_parts(card), tsz, w - 2 * pad, room)
        if len(wrapped) <= room:
            break
    # kind badge (letter) on the left, damage in a blood drop on the right
    badge = pygame.Rect(pad, y, bsz, bsz)
    pygame.draw.circle(surf, frame, badge.center, bsz // 2)
    pygame.draw.circle(surf, cg.mix(frame, (255, 255, 255), 0.45), badge.center, bsz // 2, 1)
    lsz = min(int((20 if big else 14) * theme.symbol_scale()), int(bsz * 0.75))
    letter = text.render(KIND_LETTERS.get(kind, "?"), max(14, lsz), (255, 255, 255), "bold")
    surf.blit(letter, letter.get_rect(center=badge.center))
    if card.damage:
        drop = pygame.Rect(w - pad - bsz, y, bsz, bsz)
        blood_drop(surf, drop.center, bsz * 1.1, BLOOD, (20, 4, 6))
        d = text.render(str(card.damage), 20 if big else 15, (255, 246, 236), "bold")
        surf.blit(d, d.get_rect(center=(drop.centerx, drop.centery + bsz * 0.12)))
    y += bsz + 3
    text_top = h - pad - len(wrapped) * lead
    body_bottom = text_top - tag_h - 2
    icon_sz = min(w * 0.5, body_bottom - y - 2)
    if icon_sz >= 14:  # the central picture: the kind's icon, large and faint
        kind_icon(surf, kind, (w / 2, (y + body_bottom) / 2), icon_sz, cg.mix(frame, STONE, 0.3))
    if card.immediate:
        room_w = w - 2 * fw - 8
        label, lface = next(((word, f) for word in ("IMMEDIATE", "IMMED.")
                             for f in ("bold", "narrow_bold")
                             if text.width(word, 14, f) <= room_w), ("IMMED.", "narrow_bold"))
        tag = text.render(label, 14, GOLD, lface)
        ink = tag.get_bounding_rect()
        box = pygame.Rect(0, 0, ink.w + 10, ink.h + 6)  # hugs the letters: tag_h - 2 tall
        box.midbottom = (w // 2, text_top - 1)
        box.clamp_ip(surf.get_rect().inflate(-2 * fw, 0))
        pygame.draw.rect(surf, (20, 16, 14), box, border_radius=4)
        pygame.draw.rect(surf, GOLD_DIM, box, 1, border_radius=4)
        surf.blit(tag, (box.centerx - ink.centerx, box.centery - ink.centery))
    ty = text_top + 1
    for ln in wrapped:
        t = text.render(ln, tsz, INK_LIGHT, tface)
        surf.blit(t, t.get_rect(midtop=(w // 2, ty)))
        ty += lead
    return surf


def hunter_back(size: tuple[int, int], caption: str = "") -> pygame.Surface:
    """The hunter cards' back: blood-dark with a gold emblem. `caption` (your own face-down
    choice) is written on a strip so you remember what you chose."""
    w, h = size
    surf = cg.blank(size, (40, 14, 18), GOLD_DIM, max(2, w // 25))
    inner = surf.get_rect().inflate(-w // 5, -w // 5)
    pygame.draw.rect(surf, (90, 30, 34), inner, 1, border_radius=4)
    cx, cy = w / 2, h / 2
    r = w * 0.22
    pygame.draw.circle(surf, GOLD_DIM, (cx, cy), r, max(1, w // 40))
    for i in range(8):  # a hunter's rune: eight rays
        a = math.pi / 4 * i
        pygame.draw.line(surf, GOLD_DIM, (cx + math.cos(a) * r * 0.4, cy + math.sin(a) * r * 0.4),
                         (cx + math.cos(a) * r * 1.5, cy + math.sin(a) * r * 1.5), max(1, w // 45))
    blood_drop(surf, (cx, cy), r * 1.3, BLOOD)
    if caption:
        lines, face = cg.name_lines(caption, 14, w - 12, 2)
        sh = len(lines) * 17 + 6
        strip = pygame.Rect(3, h - sh - 6, w - 6, sh)
        pygame.draw.rect(surf, (14, 10, 10), strip, border_radius=4)
        pygame.draw.rect(surf, GOLD_DIM, strip, 1, border_radius=4)
        y = strip.y + 3
        for ln in lines:
            t = text.render(ln, 14, INK_LIGHT, face)
            surf.blit(t, t.get_rect(midtop=(w // 2, y)))
            y += 17
    return surf


# --- monsters ------------------------------------------------------------------------------
def lantern_badge(surf: pygame.Surface, lantern: str, center: tuple[float, float], size: float,
                  word: bool = False) -> pygame.Rect:
    """The lantern colour (which die the monster rolls): a coloured disc with its letter,
    optionally followed by the colour's name."""
    col = LANTERN_COLOURS.get(lantern, (150, 150, 150))
    r = size / 2
    pygame.draw.circle(surf, (30, 20, 12), (center[0] + 1, center[1] + 1), r + 1)
    pygame.draw.circle(surf, col, center, r)
    pygame.draw.circle(surf, cg.mix(col, (255, 255, 255), 0.5), center, r, 1)
    lsz = max(14, int(size * (0.85 if theme.colourblind() else 0.62)))
    t = text.render(LANTERN_LETTERS.get(lantern, "?"), lsz, cg.ink_on(col), "bold")
    surf.blit(t, t.get_rect(center=(round(center[0]), round(center[1]))))
    rect = pygame.Rect(center[0] - r, center[1] - r, size, size)
    if word:
        t = text.render(f"{lantern} die", 14, INK_DARK, "bold")
        surf.blit(t, t.get_rect(midleft=(center[0] + r + 4, center[1])))
        rect.width += t.get_width() + 4
    return rect


def monster_card(m, size: tuple[int, int]) -> pygame.Surface:
    """A monster, boss or final boss: parchment, the boss ribbon, a row with the lantern badge,
    trophy kinds and printed HP (3 players), the whole name, and (when there is room) the
    trophy words and the ability. Laid out from the top down, so nothing covers anything."""
    w, h = size
    if m.final:
        frame = (120, 18, 24)
    elif m.boss:
        frame = (150, 112, 44)
    else:
        frame = (92, 66, 44)
    fw = max(3, w // 18)
    surf = cg.blank(size, PARCHMENT, frame, fw)
    big = w >= 150
    roomy = w >= 110
    pad = max(4, w // 14)
    edge = pygame.Surface(size, pygame.SRCALPHA)  # aged edges
    inner = surf.get_rect().inflate(-2 * fw, -2 * fw)
    for i in range(4):
        pygame.draw.rect(edge, (120, 90, 50, 26), inner.inflate(-2 * i, -2 * i), 2, border_radius=6)
    surf.blit(edge, (0, 0))
    y = fw + 1
    if m.boss:
        label = "FINAL BOSS" if m.final else "BOSS"
        if m.final and text.width(label, 14, "bold") > w - 2 * fw - 4:
            label = "FINAL"
        rib = text.render(label, 14, (255, 240, 220), "bold")
        rr = pygame.Rect(0, y, w - 2 * fw, rib.get_height() - (2 if not roomy else 0))
        rr.centerx = w // 2
        pygame.draw.rect(surf, frame, rr)
        surf.blit(rib, rib.get_rect(center=rr.center))
        y = rr.bottom + 2
    # the row: lantern badge (and its colour's name when roomy) left, HP drop right, on small
    # cards the trophy tokens between (those that do not fit go under the name)
    cb = theme.colourblind()
    dsz = 32 if big else (26 if roomy else 20)
    lsz = 26 if big else (20 if roomy else 18)
    if cb:  # the lantern's letter and the trophy letters, larger
        lsz = round(lsz * theme.COLOURBLIND_SCALE)
    row_h = max(dsz, lsz) + 2
    dc = (w - fw - 2 - dsz / 2, y + row_h / 2)
    blood_drop(surf, dc, dsz * 1.15, BLOOD, (40, 6, 8))
    d = text.render(str(m.hp), 18 if big else 14, (255, 246, 236), "bold")
    surf.blit(d, d.get_rect(center=(round(dc[0]), round(dc[1] + dsz * 0.14))))
    badge = lantern_badge(surf, m.lantern, (pad + lsz / 2, y + row_h / 2), lsz, word=roomy)
    later = []
    if not roomy:
        tok, x = (18 if cb else 16), badge.right + 2
        for k in m.trophies:
            if x + tok <= dc[0] - dsz * 0.6:
                trophy_icon(surf, k, (x + tok / 2, y + row_h / 2), tok)
                x += tok + 1
            else:
                later.append(k)
    y += row_h + 2
    # the name, whole
    nsz = 20 if big else (16 if roomy else 14)
    lines, face = cg.name_lines(m.name, nsz, w - 2 * fw - 4, 2 if roomy else 3)
    for ln in lines:
        t = text.render(ln, nsz, INK_DARK, face)
        surf.blit(t, t.get_rect(midtop=(w // 2, y)))
        y += nsz + (2 if roomy else 1)
    if not roomy:
        tok = 20 if cb else 16
        for i, k in enumerate(later):  # the trophies the top row had no room for
            trophy_icon(surf, k, (pad + tok / 2 + i * (tok + 1), h - fw - 3 - tok / 2), tok)
        return surf
    y += 3
    tsz = (22 if big else 18) + (8 if cb else 0)
    x = pad
    for k in m.trophies:
        trophy_icon(surf, k, (x + tsz / 2, y + tsz / 2), tsz)
        x += tsz + 3
        t = text.render(TROPHY_NAMES[k], 14, INK_DARK)
        if x + t.get_width() < w - pad and (len(m.trophies) == 1 or big):
            surf.blit(t, t.get_rect(midleft=(x, y + tsz / 2)))
            x += t.get_width() + 8
    y += tsz + 4
    bsz = 15 if big else 14
    room = max(0, (h - pad - y) // (bsz + 3))
    lines, face = cg.text_lines([m.text], bsz, w - 2 * pad, room)
    if len(lines) > room:  # a middle-sized card without room for it all: the zoom prints it
        lines = []
    for ln in lines:
        surf.blit(text.render(ln, bsz, INK_DARK, face), (pad, y))
        y += bsz + 3
    return surf


def dungeon_back(size: tuple[int, int]) -> pygame.Surface:
    """The dungeon cards' back: worn stone with a chalice."""
    w, h = size
    surf = cg.blank(size, (58, 52, 48), (120, 104, 80), max(2, w // 25))
    for i in range(3):
        y = h * (0.25 + 0.25 * i)
        pygame.draw.line(surf, (72, 66, 60), (6, y), (w - 6, y), 1)
    chalice(surf, (w / 2, h / 2), w * 0.5, GOLD_DIM)
    return surf


def final_back(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = cg.blank(size, (44, 14, 18), BLOOD, max(3, w // 20))
    chalice(surf, (w / 2, h / 2), w * 0.5, BLOOD)
    return surf


def mini_card(card, size: tuple[int, int]) -> pygame.Surface:
    """A used card in a pile, small: its kind colour, letter and damage (hover zooms it)."""
    w, h = size
    frame = KIND_COLOURS.get(card.type, (120, 120, 120))
    surf = cg.blank(size, cg.mix(frame, STONE, 0.55), frame, 2)
    t = text.render(KIND_LETTERS.get(card.type, "?"), int(16 * theme.symbol_scale()),
                    (255, 255, 255), "bold")
    surf.blit(t, t.get_rect(midtop=(w // 2, 3)))
    if card.damage:
        blood_drop(surf, (w / 2, h - 14), 18, BLOOD, (20, 4, 6))
        d = text.render(str(card.damage), 14, (255, 246, 236), "bold")
        surf.blit(d, d.get_rect(center=(w // 2, h - 12)))
    elif card.ability == "dream":
        pygame.draw.circle(surf, GOLD_DIM, (w // 2, h - 14), 7, 2)
    return surf


# --- every face, for tests and previews -------------------------------------------------------
#: the sizes the Bloodborne table draws faces at (scenes/bloodborne.py: HAND, SMALL, MON, and
#: the zoom); tests/test_card_faces.py checks every face at each
FACE_SIZES = {"hand": (90, 126), "table": (78, 109), "monster": (140, 196), "zoom": cg.ZOOM}


def card_faces(game, size: tuple[int, int], colourblind: bool = False):
    """(label, build) for every face a Bloodborne table can show at `size`: each hunter card
    face up and face down with its caption, each monster, boss and final boss, and the backs.
    tests/test_card_faces.py renders them all and fails on cut text or a missing glyph."""
    def drawn(draw, *args):
        def build():
            with theme.looking(colourblind):
                return draw(*args)
        return build

    cs = game.card_set()
    for c in cs.starter + cs.upgrades:
        yield c.name, drawn(hunter_card, c, size)
        yield f"{c.name} (face down)", drawn(hunter_back, size, c.name)
    for m in cs.monsters + cs.bosses + cs.finals:
        yield m.name, drawn(monster_card, m, size)
    yield "hunter back", drawn(hunter_back, size)
    yield "dungeon back", drawn(dungeon_back, size)
    yield "final back", drawn(final_back, size)
