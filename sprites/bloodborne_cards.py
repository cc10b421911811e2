"""Bloodborne card faces, drawn from the card data (STYLE "Card anatomy", mood "Bloodborne").

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
from sprites import text

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
KIND_NAMES = {"melee": "Melee", "ranged": "Ranged", "utility": "Utility"}
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
    if not dim:
        pygame.draw.circle(surf, col, c, r)
        pygame.draw.circle(surf, cg.mix(col, (0, 0, 0), 0.5), c, r, 1)
        t = text.render(letter, max(14, int(size * 0.7)), cg.ink_on(col), "bold")
    else:
        pygame.draw.circle(surf, (20, 16, 16), c, r)
        pygame.draw.circle(surf, cg.mix(col, (30, 26, 24), 0.3), c, r, 1)
        t = text.render(letter, max(14, int(size * 0.7)), col, "bold")
    surf.blit(t, t.get_rect(center=c))


@lru_cache(maxsize=64)
def trophy_token(kind: str, size: int, dim: bool = False) -> pygame.Surface:
    """A cached trophy token image (`trophy_icon` on its own surface) for per-frame blits."""
    surf = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    trophy_icon(surf, kind, ((size + 2) / 2, (size + 2) / 2), size, dim)
    return surf


@lru_cache(maxsize=32)
def drop_icon(size: int, color: Color = BLOOD, outline: Color | None = None) -> pygame.Surface:
    """A cached blood drop image for per-frame blits."""
    surf = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
    blood_drop(surf, ((size + 4) / 2, (size + 4) / 2), size, color, outline)
    return surf


def _name_face(name: str, size: int, width: int) -> str:
    """Bold, unless a word of the name only fits in the narrower regular face."""
    f = text.font(size, "bold")
    return "bold" if all(f.size(w)[0] <= width for w in name.split()) else "sans"


def _wrap_name(name: str, size: int, width: int, max_lines: int = 2) -> list[str]:
    """A card name in at most `max_lines` lines of `width` (a word too long is cut with "…")."""
    face = _name_face(name, size, width)
    f = text.font(size, face)
    words = []
    for word in name.split():  # a word wider than the card breaks with a hyphen
        while f.size(word)[0] > width and len(word) > 5:
            if "-" in word[2:-2]:  # "Blood-starved": break at its own hyphen
                cut = word.index("-", 2) + 1
                words.append(word[:cut])
            else:  # the most even break whose head fits
                fits = [k for k in range(3, len(word) - 2) if f.size(word[:k] + "-")[0] <= width] or [3]
                cut = min(fits, key=lambda k: abs(2 * k - len(word)))
                words.append(word[:cut] + "-")
            word = word[cut:]
        words.append(word)
    lines = []
    for word in words:
        if lines and not lines[-1].endswith("-") and f.size(lines[-1] + " " + word)[0] <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1] + "…"
    out = []
    for ln in lines:
        while len(ln) > 2 and f.size(ln)[0] > width:
            ln = ln[:-2].rstrip() + "…"
        out.append(ln)
    return out


# --- hunter cards ---------------------------------------------------------------------------
def summary(card) -> str:
    """A one-line summary of a hunter card for small faces, built from its data."""
    ab, n = card.ability, card.amount
    parts = []
    if card.immediate:
        parts.append("Immediate")
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
    return " · ".join(parts) if parts else "plain weapon"


def hunter_card(card, size: tuple[int, int]) -> pygame.Surface:
    """A starter or upgrade card: kind frame + badge, name, damage corner, summary/text.

    Small (table) cards keep to the name, badge, damage and icon; hand cards add a one-line
    summary; the zoomed card (≥ 150 px) prints the full rules text."""
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
    lines = _wrap_name(card.name, nsz, w - 2 * fw)
    band_h = fw + 3 + len(lines) * (nsz + 3) + 2
    r = cg.radius_for(size)
    pygame.draw.rect(surf, cg.mix(frame, (0, 0, 0), 0.3), pygame.Rect(fw, fw, w - 2 * fw, band_h - fw),
                     border_top_left_radius=max(2, r - fw), border_top_right_radius=max(2, r - fw))
    y = fw + 2
    face = _name_face(card.name, nsz, w - 2 * fw)
    for ln in lines:
        t = text.render(ln, nsz, INK_LIGHT, face)
        surf.blit(t, t.get_rect(midtop=(w // 2, y)))
        y += nsz + 3
    y = band_h + 4
    # kind badge (letter) on the left, damage in a blood drop on the right
    bsz = 34 if big else 22
    badge = pygame.Rect(pad, y, bsz, bsz)
    pygame.draw.circle(surf, frame, badge.center, bsz // 2)
    pygame.draw.circle(surf, cg.mix(frame, (255, 255, 255), 0.45), badge.center, bsz // 2, 1)
    letter = text.render(KIND_LETTERS.get(kind, "?"), 20 if big else 14, (255, 255, 255), "bold")
    surf.blit(letter, letter.get_rect(center=badge.center))
    if card.damage:
        drop = pygame.Rect(w - pad - bsz, y, bsz, bsz)
        blood_drop(surf, drop.center, bsz * 1.1, BLOOD, (20, 4, 6))
        d = text.render(str(card.damage), 20 if big else 15, (255, 246, 236), "bold")
        surf.blit(d, d.get_rect(center=(drop.centerx, drop.centery + bsz * 0.12)))
    y += bsz + 2
    # bottom text: the full text when zoomed, a summary on hand cards, nothing on small ones
    tsz = 15 if big else 14
    if small:
        wrapped: list[str] = []
    else:
        wrapped = text.wrap(card.text if big else summary(card), tsz, w - 2 * pad)
        cap = 5 if big else 2
        if len(wrapped) > cap:
            wrapped = wrapped[:cap]
            wrapped[-1] = wrapped[-1].rstrip(".,;") + "…"
    text_top = h - pad - len(wrapped) * (tsz + 3)
    tag_h = 20 if card.immediate else 0
    body_bottom = text_top - tag_h - 2
    # the central picture: the kind's icon, large and faint
    icon_sz = min(w * 0.5, body_bottom - y - 2)
    if icon_sz >= 14:
        kind_icon(surf, kind, (w / 2, (y + body_bottom) / 2), icon_sz, cg.mix(frame, STONE, 0.3))
    if card.immediate:
        tag = text.render("IMMEDIATE" if w >= 85 else "IMMED.", 14, GOLD, "bold")
        tr = tag.get_rect(midbottom=(w // 2, text_top - 2))
        box = tr.inflate(8, 0)
        box.clamp_ip(surf.get_rect().inflate(-2 * fw, 0))
        pygame.draw.rect(surf, (20, 16, 14), box, border_radius=4)
        pygame.draw.rect(surf, GOLD_DIM, box, 1, border_radius=4)
        surf.blit(tag, tag.get_rect(center=box.center))
    ty = text_top + 1
    for ln in wrapped:
        t = text.render(ln, tsz, INK_LIGHT)
        surf.blit(t, t.get_rect(midtop=(w // 2, ty)))
        ty += tsz + 3
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
        lines = _wrap_name(caption, 14, w - 10)
        sh = len(lines) * 17 + 6
        strip = pygame.Rect(3, h - sh - 6, w - 6, sh)
        pygame.draw.rect(surf, (14, 10, 10), strip, border_radius=4)
        pygame.draw.rect(surf, GOLD_DIM, strip, 1, border_radius=4)
        y = strip.y + 3
        for ln in lines:
            t = text.render(ln, 14, INK_LIGHT, "bold")
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
    t = text.render(LANTERN_LETTERS.get(lantern, "?"), max(14, int(size * 0.62)), cg.ink_on(col), "bold")
    surf.blit(t, t.get_rect(center=(round(center[0]), round(center[1]))))
    rect = pygame.Rect(center[0] - r, center[1] - r, size, size)
    if word:
        t = text.render(f"{lantern} die", 14, INK_DARK, "bold")
        surf.blit(t, t.get_rect(midleft=(center[0] + r + 4, center[1])))
        rect.width += t.get_width() + 4
    return rect


def monster_card(m, size: tuple[int, int]) -> pygame.Surface:
    """A monster, boss or final boss: parchment, name, printed HP (3 players), the lantern
    badge, trophy kinds, the boss ribbon and (when there is room) the ability."""
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
    pad = max(4, w // 14)
    edge = pygame.Surface(size, pygame.SRCALPHA)  # aged edges
    inner = surf.get_rect().inflate(-2 * fw, -2 * fw)
    for i in range(4):
        pygame.draw.rect(edge, (120, 90, 50, 26), inner.inflate(-2 * i, -2 * i), 2, border_radius=6)
    surf.blit(edge, (0, 0))
    y = fw + 1
    if m.boss:
        label = "FINAL BOSS" if m.final else "BOSS"
        if w < 100 and m.final:
            label = "FINAL"
        rib = text.render(label, 14, (255, 240, 220), "bold")
        rr = pygame.Rect(0, y, w - 2 * fw, rib.get_height())
        rr.centerx = w // 2
        pygame.draw.rect(surf, frame, rr)
        surf.blit(rib, rib.get_rect(center=rr.center))
        y = rr.bottom + 2
    # HP: a blood drop with the printed echoes (3 players), in the top-right corner
    dsz = 32 if big else (26 if w >= 110 else 20)
    dc = (w - fw - 2 - dsz / 2, y + dsz / 2 + 1)
    blood_drop(surf, dc, dsz * 1.15, BLOOD, (40, 6, 8))
    d = text.render(str(m.hp), 18 if big else 14, (255, 246, 236), "bold")
    surf.blit(d, d.get_rect(center=(round(dc[0]), round(dc[1] + dsz * 0.14))))
    nsz = 20 if big else (16 if w >= 110 else 14)
    name_w = w - 2 * fw - dsz - 6
    lines = _wrap_name(m.name, nsz, name_w, 2)
    face = _name_face(m.name, nsz, name_w)
    for ln in lines:
        t = text.render(ln, nsz, INK_DARK, face)
        surf.blit(t, (fw + 3, y))
        y += nsz + 2
    y = max(y, int(dc[1] + dsz / 2)) + 3
    # lantern badge (with the colour's name when there is room) and trophy kinds
    lsz = 26 if big else 20
    lantern_badge(surf, m.lantern, (pad + lsz / 2, y + lsz / 2), lsz, word=w >= 110)
    if w < 110:  # small: trophies beside the lantern
        x = pad + lsz + 4
        for k in m.trophies:
            trophy_icon(surf, k, (x + 9, y + lsz / 2), 18)
            x += 20
        y += lsz + 4
        return surf
    y += lsz + 4
    tsz = 22 if big else 18
    x = pad
    for k in m.trophies:
        trophy_icon(surf, k, (x + tsz / 2, y + tsz / 2), tsz)
        x += tsz + 3
        t = text.render(TROPHY_NAMES[k], 14, INK_DARK)
        if x + t.get_width() < w - pad and len(m.trophies) == 1 or big:
            surf.blit(t, t.get_rect(midleft=(x, y + tsz / 2)))
            x += t.get_width() + 8
    y += tsz + 4
    bsz = 15 if big else 14
    lines = text.wrap(m.text, bsz, w - 2 * pad)
    room = max(0, (h - pad - y) // (bsz + 3))
    if room and len(lines) > room:
        lines = lines[:room]
        lines[-1] = lines[-1].rstrip(".,;:") + "…"
    for ln in lines[:room]:
        surf.blit(text.render(ln, bsz, INK_DARK), (pad, y))
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
    t = text.render(KIND_LETTERS.get(card.type, "?"), 16, (255, 255, 255), "bold")
    surf.blit(t, t.get_rect(midtop=(w // 2, 3)))
    if card.damage:
        blood_drop(surf, (w / 2, h - 14), 18, BLOOD, (20, 4, 6))
        d = text.render(str(card.damage), 14, (255, 246, 236), "bold")
        surf.blit(d, d.get_rect(center=(w // 2, h - 12)))
    elif card.ability == "dream":
        pygame.draw.circle(surf, GOLD_DIM, (w // 2, h - 14), 7, 2)
    return surf
