"""Monster Hunter card faces, drawn from the card data (STYLE "Card anatomy", mood "Monster
Hunter"): monsters brown, weapons steel, armour bronze, items green, on parchment.

Every face has a kind badge with its letter (M / W / A / I) so colour never carries the kind
alone, the name in a band at the top, the key numbers as labelled words ("HP 7", "ATK 4") in the
same places on every card of a kind, the item icons as lettered chips (H heal, W whetstone,
B bomb, T trap, A ammo) and one or two lines of text: a short summary on hand and map cards, the
full rules text once zoomed (≥ 150 px wide). Every function returns a new Surface.
"""

from __future__ import annotations

import math

import pygame

from sprites import cards as cg
from sprites import text, theme

Color = tuple[int, int, int]

PARCHMENT: Color = (238, 226, 196)
INK: Color = (40, 28, 16)
INK_LIGHT: Color = (248, 242, 228)
OCHRE: Color = (196, 142, 52)
FOREST: Color = (46, 96, 58)
KIND_COLOURS: dict[str, Color] = {"monster": (112, 70, 38), "weapon": (84, 96, 110),
                                  "armour": (150, 100, 46), "item": (50, 116, 62)}
KIND_LETTERS = {"monster": "M", "weapon": "W", "armour": "A", "item": "I"}
ICON_COLOURS: dict[str, Color] = {"heal": (60, 140, 70), "whetstone": (110, 116, 130),
                                  "bomb": (170, 60, 40), "trap": (150, 110, 40),
                                  "ammo": (60, 90, 150)}
ICON_LETTERS = {"heal": "H", "whetstone": "W", "bomb": "B", "trap": "T", "ammo": "A"}
SYSTEM_NAMES = {"great_sword": "Great sword", "sword_and_shield": "Sword & shield",
                "lance": "Lance", "bowgun": "Bowgun"}
ABILITY_NAMES = {"pack": "Pack", "leader": "Leader", "ambush": "Ambush", "armoured": "Armoured",
                 "aloft": "Aloft", "wind_pressure": "Wind", "poison": "Poison",
                 "stench": "Stench", "rage": "Rage", "thief": "Thief", "roar": "Roar",
                 "flash": "Flash", "burrow": "Burrow", "flame_aura": "Flame aura"}
#: what an item does, short enough for a hand card (the zoom shows the full text)
ITEM_SHORT = {"I01": "3 back from grave", "I02": "5 back from grave", "I03": "+2 ATK",
              "I04": "+1 ATK +1 DEF", "I05": "+2 DEF", "I06": "3 damage",
              "I07": "5 damage", "I08": "no attack, +1 dmg", "I09": "-2 ATK to all",
              "I10": "cancels an item", "I11": "back to camp", "I12": "turns one up",
              "I13": "+2 ATK", "I14": "+3 ATK, lose 1"}
MAP = (60, 84)
FACE_SIZES = {"hand": cg.HAND, "map": MAP, "zoom": cg.ZOOM}


def ability_words(card) -> list[str]:
    return [ABILITY_NAMES.get(a.keyword, a.keyword) + (f" {a.amount}" if a.amount else "")
            for a in card.abilities]


def _badge(surf: pygame.Surface, kind: str, center: tuple[int, int], size: int) -> None:
    """The kind's disc with its letter (larger with the colour-blind setting)."""
    col = KIND_COLOURS[kind]
    pygame.draw.circle(surf, col, center, size // 2)
    pygame.draw.circle(surf, cg.mix(col, (255, 255, 255), 0.5), center, size // 2, 1)
    lsz = max(14, int(size * 0.72)) if theme.colourblind() else 14 if size < 26 else int(size * 0.55)
    t = text.render(KIND_LETTERS[kind], lsz, INK_LIGHT, "bold")
    surf.blit(t, t.get_rect(center=center))


def icon_chip(surf: pygame.Surface, icon: str, center: tuple[int, int], size: int) -> None:
    """An item icon: a coloured disc with its letter."""
    col = ICON_COLOURS.get(icon, (120, 120, 120))
    pygame.draw.circle(surf, col, center, size // 2)
    lsz = max(14, size - 4) if theme.colourblind() else max(14, size - 6)
    t = text.render(ICON_LETTERS.get(icon, "?"), lsz, INK_LIGHT, "bold")
    surf.blit(t, t.get_rect(center=center))


def _band(surf: pygame.Surface, name: str, colour: Color, fw: int, big: bool) -> int:
    """The name band at the top (whole name, in as many lines as it needs); its bottom y."""
    w, h = surf.get_size()
    nsz = 19 if big else 14
    step = nsz + (4 if big else 1)
    lines, face = cg.name_lines(name, nsz, w - 2 * fw - 4, 2)
    band_h = fw + 3 + len(lines) * step + 2
    r = cg.radius_for((w, h))
    pygame.draw.rect(surf, colour, pygame.Rect(fw, fw, w - 2 * fw, band_h - fw),
                     border_top_left_radius=max(2, r - fw), border_top_right_radius=max(2, r - fw))
    y = fw + 2
    for ln in lines:
        t = text.render(ln, nsz, INK_LIGHT, face)
        surf.blit(t, t.get_rect(midtop=(w // 2, y)))
        y += step
    return band_h


def _words(surf, words: list[str], y: int, size: int, face: str = "bold", colour: Color = INK) -> int:
    """Labelled numbers spread across one row; the row's bottom y."""
    w = surf.get_width()
    rendered = [text.render(s, size, colour, face) for s in words]
    total = sum(r.get_width() for r in rendered)
    gap = (w - 8 - total) / (len(rendered) + 1)
    x = 4 + gap
    for r in rendered:
        surf.blit(r, (round(x), y))
        x += r.get_width() + gap
    return y + size + 3


def _fits(words: list[str], size: int, width: int, face: str = "bold") -> bool:
    return sum(text.width(s, size, face) for s in words) + 6 * (len(words) + 1) <= width


def _rows(words: list[str], size: int, width: int, face: str = "bold") -> list[list[str]]:
    """The labelled numbers in as few rows as fit the width."""
    rows: list[list[str]] = [[]]
    for s in words:
        if rows[-1] and not _fits(rows[-1] + [s], size, width, face):
            rows.append([])
        rows[-1].append(s)
    return rows


def _text_block(surf, parts: list[str], top: int, bottom: int, size: int) -> None:
    """As many of the phrases as fit between top and bottom, centred, never cut."""
    w = surf.get_width()
    lead = size + 3
    room = max(0, (bottom - top) // lead)
    lines, face = cg.text_lines(parts, size, w - 10, room)
    while lines and len(lines) > room:
        parts = parts[:-1]
        lines, face = cg.text_lines(parts, size, w - 10, room) if parts else ([], "sans")
    y = bottom - len(lines) * lead
    for ln in lines:
        t = text.render(ln, size, INK, face)
        surf.blit(t, t.get_rect(midtop=(w // 2, y)))
        y += lead


def _frame(size, kind: str):
    w, h = size
    fw = max(2, w // 22)
    return cg.blank(size, PARCHMENT, KIND_COLOURS[kind], fw), fw


def _grid(surf, pairs: list[tuple[str, str]], y: int, size: int, fw: int) -> int:
    """Labelled numbers in two columns (left-aligned, right-aligned); the bottom y."""
    w = surf.get_width()
    face = "bold"
    if any(text.width(a, size, "bold") + text.width(b, size, "bold") > w - 2 * fw - 14 for a, b in pairs):
        face = "narrow_bold"
    for left, right in pairs:
        for s, anchor in ((left, "topleft"), (right, "topright")):
            if s:
                t = text.render(s, size, INK, face)
                x = fw + 4 if anchor == "topleft" else w - fw - 4
                surf.blit(t, t.get_rect(**{anchor: (x, y)}))
        y += size + 3
    return y


def badge_size(big: bool) -> int:
    """The kind badge: larger with the colour-blind setting (its letter with it)."""
    return (36 if big else 27) if theme.colourblind() else (28 if big else 20)


def chip_size(big: bool) -> int:
    """An icon chip: its letter a little larger with the colour-blind setting."""
    return (26 if big else 22) if theme.colourblind() else (22 if big else 17)


def _veil(surf, fw: int) -> None:
    """Your own face-down monster: hatching and the word "hidden" at the foot."""
    w, h = surf.get_size()
    veil = pygame.Surface((w - 2 * fw, h - 2 * fw), pygame.SRCALPHA)
    for x in range(-h, w, 8):
        pygame.draw.line(veil, (30, 20, 10, 70), (x, h), (x + h, 0), 2)
    surf.blit(veil, (fw, fw))
    t = text.render("hidden", 14, INK_LIGHT, "bold")
    box = t.get_rect(midbottom=(w // 2, h - fw - 1)).inflate(6, 0)
    pygame.draw.rect(surf, (40, 26, 14), box, border_radius=4)
    surf.blit(t, t.get_rect(center=box.center))


def monster_card(m, size: tuple[int, int], hidden: bool = False) -> pygame.Surface:
    """A monster: name, badge and level, HP / ATK / RNG / material, eye and unique marks with
    its abilities (the full text when zoomed). `hidden`: your own face-down monster."""
    w, h = size
    big, small = w >= 150, w < 80
    surf, fw = _frame(size, "monster")
    y = _band(surf, m.name, cg.mix(KIND_COLOURS["monster"], (0, 0, 0), 0.15), fw, big) + 2
    bottom = h - fw - 2 - (18 if hidden else 0)
    if small:  # the map: as many numbers as the name leaves room for
        for word in (f"HP {m.hp}", f"ATK {m.atk}", f"RNG {m.rng}"):
            if y + 17 > bottom:
                break
            y = _grid(surf, [(word, "")], y, 14, fw)
    else:
        tsz = 16 if big else 14
        bsz = badge_size(big)
        _badge(surf, "monster", (fw + 3 + bsz // 2, y + bsz // 2), bsz)
        lv = text.render(f"Lv {m.level}", tsz + 2, INK, "bold")
        surf.blit(lv, lv.get_rect(topright=(w - fw - 4, y + (bsz - lv.get_height()) // 2)))
        y += bsz + 2
        y = _grid(surf, [(f"HP {m.hp}", f"ATK {m.atk}"), (f"RNG {m.rng}", f"mat {m.material}")],
                  y, tsz, fw)
        marks = (["Eye"] if m.eye else []) + (["Unique"] if m.unique else [])
        parts = marks + ([m.text] if big else ability_words(m))
        _text_block(surf, parts, y + 1, bottom, 15 if big else 14)
    if hidden:
        _veil(surf, fw)
    return surf


#: weapon systems as words, long and short (the short one on narrow cards)
SYSTEM_SHORT = {"great_sword": "G. sword", "sword_and_shield": "Sw/shield",
                "lance": "Lance", "bowgun": "Bowgun"}


def gear_card(card, size: tuple[int, int]) -> pygame.Surface:
    """A weapon (ATK / RNG / MOV, system, icons) or an armour (DEF); the cost in material."""
    w, h = size
    big, small = w >= 150, w < 80
    kind = card.kind
    surf, fw = _frame(size, kind)
    y = _band(surf, card.name, cg.mix(KIND_COLOURS[kind], (0, 0, 0), 0.2), fw, big) + 2
    tsz = 16 if big else 14
    if small:
        _grid(surf, [(f"ATK {card.atk}" if kind == "weapon" else f"DEF {card.defence}", "")], y, 14, fw)
        return surf
    bsz = badge_size(big)
    _badge(surf, kind, (fw + 3 + bsz // 2, y + bsz // 2), bsz)
    if kind == "weapon":
        room = w - 2 * fw - bsz - 12
        name = SYSTEM_NAMES.get(card.system, card.system)
        if text.width(name, 14, "sans") > room:
            name = SYSTEM_SHORT.get(card.system, name)
        face = "sans" if text.width(name, 14, "sans") <= room else "narrow"
        t = text.render(name, 14, INK, face)
        surf.blit(t, t.get_rect(midright=(w - fw - 4, y + bsz // 2)))
        y += bsz + 2
        y = _grid(surf, [(f"ATK {card.atk}", f"RNG {card.rng}"), (f"MOV {card.mov}", f"cost {card.cost}")],
                  y, tsz, fw)
        y = _icons(surf, card.icons, y, chip_size(big))
    else:
        cost = text.render(f"cost {card.cost}", tsz, INK, "bold")
        surf.blit(cost, cost.get_rect(topright=(w - fw - 4, y + (bsz - cost.get_height()) // 2)))
        y += bsz + 4
        d = text.render(f"DEF {card.defence}", tsz + 4, INK, "bold")
        surf.blit(d, d.get_rect(midtop=(w // 2, y)))
        y += d.get_height() + 2
    if big:
        _text_block(surf, [card.text], y + 2, h - fw - 3, 14)
    return surf


def _icons(surf, icons, y: int, size: int) -> int:
    w = surf.get_width()
    step = size + 2
    x0 = w / 2 - step * (len(icons) - 1) / 2
    for i, icon in enumerate(icons):
        icon_chip(surf, icon, (round(x0 + i * step), y + size // 2), size)
    return y + size + 3


def item_card(card, size: tuple[int, int]) -> pygame.Surface:
    """An item: its icons, INTERRUPT when it may be a response, what it does."""
    w, h = size
    big, small = w >= 150, w < 80
    surf, fw = _frame(size, "item")
    y = _band(surf, card.name, cg.mix(KIND_COLOURS["item"], (0, 0, 0), 0.2), fw, big) + 3
    if small:
        _icons(surf, card.icons, y, chip_size(False))
        return surf
    bsz = badge_size(big)
    _badge(surf, "item", (fw + 3 + bsz // 2, y + bsz // 2), bsz)
    isz = chip_size(big)
    step = isz + 2
    for i, icon in enumerate(reversed(card.icons)):
        icon_chip(surf, icon, (w - fw - 4 - isz // 2 - i * step, y + bsz // 2), isz)
    y += bsz + 3
    if card.interrupt:
        label = "INTERRUPT" if text.width("INTERRUPT", 14, "bold") <= w - 2 * fw - 6 else "INTERR."
        y = _words(surf, [label], y, 14, "narrow_bold" if not big else "bold", (150, 40, 30))
    parts = [card.text] if big else [ITEM_SHORT.get(card.id, card.text)]
    _text_block(surf, parts, y + 2, h - fw - 3, 15 if big else 14)
    return surf


def deck_card(card, size: tuple[int, int], hidden: bool = False) -> pygame.Surface:
    if card.kind == "monster":
        return monster_card(card, size, hidden)
    if card.kind == "item":
        return item_card(card, size)
    return gear_card(card, size)


def back(size: tuple[int, int]) -> pygame.Surface:
    """The back: ochre parchment with two crossed blades and a forest-green ring."""
    w, h = size
    surf = cg.blank(size, (150, 104, 50), (90, 58, 28), max(2, w // 22))
    inner = surf.get_rect().inflate(-w // 5, -w // 5)
    pygame.draw.rect(surf, (196, 150, 82), inner, max(1, w // 40), border_radius=4)
    cx, cy, r = w / 2, h / 2, w * 0.28
    pygame.draw.circle(surf, FOREST, (cx, cy), r, max(2, w // 25))
    lw = max(2, w // 22)
    for sx in (-1, 1):
        a = math.radians(45 * sx)
        dx, dy = math.sin(a) * r * 1.3, math.cos(a) * r * 1.3
        pygame.draw.line(surf, (60, 40, 20), (cx - dx, cy + dy), (cx + dx, cy - dy), lw)
    return surf


def hunter_token(seat: int, size: int, colour: Color, label: str) -> pygame.Surface:
    """A hunter on the map: a disc in the seat's colour with its seat number (not colour alone)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    pygame.draw.circle(surf, (20, 14, 8), c, size // 2)
    pygame.draw.circle(surf, colour, c, size // 2 - 2)
    pygame.draw.circle(surf, INK_LIGHT, c, size // 2 - 2, 2)
    t = text.render(label, max(14, int(size * 0.5 * theme.symbol_scale() ** 0.5)), cg.ink_on(colour), "bold")
    surf.blit(t, t.get_rect(center=c))
    return surf


def card_faces(game, size: tuple[int, int], colourblind: bool = False):
    """(label, build) for every face the Monster Hunter table shows at `size`: each deck card,
    each monster also as your own face-down one, and the back. tests/test_card_faces.py renders
    them all and fails on cut text or a missing glyph."""
    def drawn(draw, *args):
        def build():
            with theme.looking(colourblind):
                return draw(*args)
        return build

    cs = game.card_set()
    for table in (cs.monsters, cs.weapons, cs.armour, cs.items):
        for card in table.values():
            yield card.name, drawn(deck_card, card, size)
    for m in cs.monsters.values():
        yield f"{m.name} (hidden)", drawn(monster_card, m, size, True)
    yield "back", drawn(back, size)
