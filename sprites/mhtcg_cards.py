"""Monster Hunter card faces, drawn from the card data (docs/style.md, "Card anatomy", mood "Monster
Hunter"): monsters brown, weapons steel, armour bronze, items green, on parchment.

Every face has its kind drawn, so colour never carries the kind alone: a monster its emblem (a
silhouette of its family in its colours, sprites/mhtcg_emblems.py) with its level large beside
it, a weapon a sword, an armour a helmet, an item a flask; the name in a band at the top, the key numbers as labelled words ("HP 7", "ATK 4") in the
same places on every card of a kind, the item icons as lettered chips (H heal, W whetstone,
B bomb, T trap, A ammo) and one or two lines of text: a short summary on hand and map cards, the
full rules text once zoomed (≥ 150 px wide). A hunter's card shows what it has equipped
(`hunter_card`). Every function returns a new Surface.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.mhtcg.gear import current_stats
from sprites import cards as cg
from sprites import text, theme
from sprites.icons import WHITE, Pen, supersampled
from sprites.mhtcg_emblems import emblem

Color = tuple[int, int, int]

PARCHMENT: Color = (238, 226, 196)
INK: Color = (40, 28, 16)
INK_LIGHT: Color = (248, 242, 228)
OCHRE: Color = (196, 142, 52)
FOREST: Color = (46, 96, 58)
KIND_COLOURS: dict[str, Color] = {"monster": (112, 70, 38), "weapon": (84, 96, 110),
                                  "armour": (150, 100, 46), "item": (50, 116, 62)}
ICON_COLOURS: dict[str, Color] = {"heal": (60, 140, 70), "whetstone": (110, 116, 130),
                                  "bomb": (170, 60, 40), "trap": (150, 110, 40),
                                  "ammo": (60, 90, 150)}
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
HUNTER = (120, 168)  # a hunter's card with its equipment, the smallest it is drawn
FACE_SIZES = {"hand": cg.HAND, "map": MAP, "hunter": HUNTER, "zoom": cg.ZOOM}


def ability_words(card) -> list[str]:
    return [ABILITY_NAMES.get(a.keyword, a.keyword) + (f" {a.amount}" if a.amount else "")
            for a in card.abilities]


def _weapon_symbol(pen: Pen) -> None:  # a broad blade, point up
    pen.poly([(0.5, 0.08), (0.62, 0.22), (0.6, 0.62), (0.4, 0.62), (0.38, 0.22)], (226, 232, 240))
    pen.line((0.26, 0.64), (0.74, 0.64), 0.09, (200, 160, 70))
    pen.line((0.5, 0.68), (0.5, 0.9), 0.09, (130, 90, 50))


def _armour_symbol(pen: Pen) -> None:  # a helmet with a crest
    pen.poly([(0.2, 0.7), (0.2, 0.46), (0.3, 0.26), (0.5, 0.18), (0.7, 0.26), (0.8, 0.46),
              (0.8, 0.7), (0.6, 0.7), (0.6, 0.52), (0.4, 0.52), (0.4, 0.7)], (232, 196, 140))
    pen.poly([(0.44, 0.2), (0.5, 0.06), (0.56, 0.2)], (200, 60, 40), 0.03)


def _item_symbol(pen: Pen) -> None:  # a flask
    pen.disc((0.5, 0.62), 0.26, (120, 220, 130))
    pen.poly([(0.42, 0.14), (0.58, 0.14), (0.58, 0.42), (0.42, 0.42)], WHITE, 0.04)
    pen.poly([(0.38, 0.1), (0.62, 0.1), (0.62, 0.18), (0.38, 0.18)], (170, 120, 70), 0.03)


KIND_SYMBOLS = {"weapon": _weapon_symbol, "armour": _armour_symbol, "item": _item_symbol}


@lru_cache(maxsize=64)
def kind_badge(kind: str, size: int) -> pygame.Surface:
    """A deck card's kind: its symbol on a disc of the kind's colour."""
    col = KIND_COLOURS[kind]
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    pygame.draw.circle(surf, cg.mix(col, (0, 0, 0), 0.45), c, size // 2)
    pygame.draw.circle(surf, col, c, size // 2 - max(1, size // 14))
    surf.blit(supersampled(KIND_SYMBOLS[kind], size, 0.86), (0, 0))
    return surf


def _badge(surf: pygame.Surface, kind: str, center: tuple[int, int], size: int) -> None:
    """The kind's badge (larger with the colour-blind setting: `badge_size`)."""
    b = kind_badge(kind, size)
    surf.blit(b, b.get_rect(center=center))


def _level(surf: pygame.Surface, level: int, right: int, cy: int, big: bool, small: bool = False) -> pygame.Rect:
    """The monster's level: "Lv" and the number, large, right-aligned at `right`."""
    n = text.render(str(level), 26 if big else 18 if small else 20, INK, "bold")
    nb = n.get_bounding_rect()
    lv = text.render("Lv", round(14 * theme.symbol_scale()), INK, "bold")
    lb = lv.get_bounding_rect()
    x = right - nb.w
    surf.blit(n, (x - nb.x, cy - nb.h // 2 - nb.y))
    surf.blit(lv, (x - 3 - lb.right, cy + nb.h // 2 - lb.bottom))
    return pygame.Rect(x - 3 - lb.w, cy - nb.h // 2, nb.w + lb.w + 3, nb.h)


def _heal(pen: Pen) -> None:  # a green potion with a cross
    pen.disc((0.5, 0.6), 0.3, (230, 250, 230))
    pen.poly([(0.42, 0.14), (0.58, 0.14), (0.58, 0.36), (0.42, 0.36)], WHITE, 0.04)
    pen.line((0.5, 0.48), (0.5, 0.72), 0.08, (40, 150, 60), 0)
    pen.line((0.38, 0.6), (0.62, 0.6), 0.08, (40, 150, 60), 0)


def _whetstone(pen: Pen) -> None:  # a stone with a spark
    pen.poly([(0.14, 0.62), (0.3, 0.4), (0.86, 0.4), (0.7, 0.62)], (220, 222, 230))
    pen.poly([(0.14, 0.62), (0.7, 0.62), (0.7, 0.74), (0.14, 0.74)], (170, 172, 184))
    pen.poly([(0.6, 0.1), (0.66, 0.26), (0.8, 0.3), (0.66, 0.34), (0.6, 0.48), (0.54, 0.34),
              (0.4, 0.3), (0.54, 0.26)], (255, 230, 120), 0.03)


def _bomb(pen: Pen) -> None:  # a round bomb and its fuse
    pen.line((0.58, 0.34), (0.74, 0.16), 0.05, (200, 170, 120))
    pen.disc((0.46, 0.6), 0.3, (60, 56, 62))
    pen.disc((0.78, 0.14), 0.07, (255, 200, 60), 0.02)
    pen.disc((0.36, 0.5), 0.06, (160, 160, 170), 0)


def _trap(pen: Pen) -> None:  # a pitfall's jaws
    pen.poly([(0.12, 0.7), (0.88, 0.7), (0.88, 0.82), (0.12, 0.82)], (200, 170, 110))
    teeth = [(0.12, 0.7)]
    for i in range(5):
        x = 0.12 + 0.152 * i
        teeth += [(x + 0.076, 0.3), (x + 0.152, 0.7)]
    pen.poly(teeth, (240, 236, 226))


def _ammo(pen: Pen) -> None:  # a shell
    pen.poly([(0.36, 0.4), (0.5, 0.12), (0.64, 0.4), (0.64, 0.86), (0.36, 0.86)], (236, 200, 110))
    pen.poly([(0.36, 0.4), (0.64, 0.4), (0.64, 0.5), (0.36, 0.5)], (200, 120, 60), 0.02)


ICON_SYMBOLS = {"heal": _heal, "whetstone": _whetstone, "bomb": _bomb, "trap": _trap, "ammo": _ammo}


@lru_cache(maxsize=64)
def item_icon(icon: str, size: int) -> pygame.Surface:
    """An item icon (heal, whetstone, bomb, trap, ammo): its own drawn shape on a disc of its
    colour, so neither the colour nor a letter alone tells them apart."""
    col = ICON_COLOURS.get(icon, (120, 120, 120))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    pygame.draw.circle(surf, cg.mix(col, (0, 0, 0), 0.45), c, size // 2)
    pygame.draw.circle(surf, col, c, size // 2 - max(1, size // 14))
    if icon in ICON_SYMBOLS:
        surf.blit(supersampled(ICON_SYMBOLS[icon], size, 0.9), (0, 0))
    return surf


def icon_chip(surf: pygame.Surface, icon: str, center: tuple[int, int], size: int) -> None:
    """An item icon at `center` (`chip_size`: larger with the colour-blind setting)."""
    art = item_icon(icon, size)
    surf.blit(art, art.get_rect(center=center))


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
    """The kind badge: larger with the colour-blind setting."""
    return (40 if big else 27) if theme.colourblind() else (30 if big else 20)


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
    if small:  # the map: the emblem with the level, then as many numbers as there is room for
        esz = min(22, bottom - y - 1)
        if esz >= 18:  # a long name may leave no room for it: the zoom has it
            e = emblem(m.id, esz)
            er = e.get_rect(topleft=(fw + 3, y))
            surf.blit(e, er)
            _level(surf, m.level, w - fw - 3, er.centery, False, True)
            y = er.bottom + 1
        for word in (f"HP {m.hp}", f"ATK {m.atk}"):
            if y + 17 > bottom:
                break
            y = _grid(surf, [(word, "")], y, 14, fw)
    else:
        tsz = 16 if big else 14
        rows_h = 2 * (tsz + 3) + (0 if big else 2)  # the numbers under the emblem must fit
        esz = min(round((72 if big else 36) * theme.symbol_scale() ** 0.5), bottom - y - rows_h - 1)
        e = emblem(m.id, esz)
        er = e.get_rect(topleft=(fw + 3, y))
        surf.blit(e, er)
        _level(surf, m.level, w - fw - 5, er.centery, big)
        y = er.bottom + 1
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
    if kind == "weapon":  # the system beside the badge (the badge a little smaller if need be)
        name = SYSTEM_NAMES.get(card.system, card.system)
        if text.width(name, 14, "sans") > w - 2 * fw - bsz - 12:
            name = SYSTEM_SHORT.get(card.system, name)
        face = "sans" if text.width(name, 14, "sans") <= w - 2 * fw - bsz - 12 else "narrow"
        bsz = max(16, min(bsz, w - 2 * fw - 12 - text.width(name, 14, face)))
    _badge(surf, kind, (fw + 3 + bsz // 2, y + bsz // 2), bsz)
    if kind == "weapon":
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


def _icons(surf, icons, y: int, size: int, bottom: int | None = None) -> int:
    """The item icons in a centred row from `y`, as large as `size` but no wider than the card
    and no lower than `bottom`; the row's bottom y."""
    w, h = surf.get_size()
    fw = max(2, w // 22)
    n = max(1, len(icons))
    size = min(size, (w - 2 * fw - 4) // n - 2, (h - fw - 1 if bottom is None else bottom) - y)
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


HUNTER_COLOUR: Color = (150, 58, 40)


def _gear_slot(surf, kind: str, card, rect: pygame.Rect) -> None:
    """One equipment slot on a hunter's card: the kind's badge and the card's name (its
    numbers are the hunter's now, in the grid above), or "no weapon" / "no armour" on an
    empty, dashed slot."""
    edge = cg.mix(PARCHMENT, INK, 0.4)
    if card is None:
        for x in range(rect.x, rect.right, 8):
            for y in (rect.y, rect.bottom - 1):
                pygame.draw.line(surf, edge, (x, y), (min(x + 4, rect.right), y))
    else:
        pygame.draw.rect(surf, cg.mix(PARCHMENT, KIND_COLOURS[kind], 0.3), rect, border_radius=5)
    bsz = rect.h - 4
    _badge(surf, kind, (rect.x + 2 + bsz // 2, rect.centery), bsz)
    x = rect.x + bsz + 6
    words = f"no {kind}" if card is None else card.name
    colour = cg.mix(INK, PARCHMENT, 0.3) if card is None else INK
    room = rect.right - 4 - x
    face = next((f for f in ("sans", "narrow") if text.width(words, 14, f) <= room), None)
    if face:  # else the filled slot and its badge say it; the zoom names it
        t = text.render(words, 14, colour, face)
        ib = t.get_bounding_rect()
        surf.blit(t, (x, rect.centery - ib.centery))


def hunter_card(hunter, size: tuple[int, int], weapon=None, armour=None) -> pygame.Surface:
    """A hunter's card with what it has equipped (the view's "weapon" and "armour", as cards;
    None: nothing): the name, the weapon system, the current ATK / DEF / MOV / RNG (equipment
    replaces the hunter's own numbers, game.mhtcg.gear.current_stats), its item icons, its
    ability (when zoomed), and the weapon and armour slots at the foot."""
    w, h = size
    big = w >= 150
    fw = max(2, w // 22)
    surf = cg.blank(size, PARCHMENT, HUNTER_COLOUR, fw)
    y = _band(surf, hunter.name, cg.mix(HUNTER_COLOUR, (0, 0, 0), 0.2), fw, big) + 3
    st = current_stats(hunter, weapon, armour)
    tsz = 16 if big else 14
    slot_h = round((28 if big else 22) * theme.symbol_scale() ** 0.5)
    slots_top = h - fw - 3 - 2 * (slot_h + 3)
    isz = chip_size(big)
    spare = slots_top - y - 2 * (tsz + 3)  # what the grid leaves for the system and icons
    system = SYSTEM_NAMES.get(st.system, st.system)
    if text.width(system, 14, "sans") > w - 2 * fw - 8:
        system = SYSTEM_SHORT.get(st.system, system)
    if spare >= 17 + isz + 4:
        face = "sans" if text.width(system, 14, "sans") <= w - 2 * fw - 8 else "narrow"
        t = text.render(system, 14, cg.mix(INK, PARCHMENT, 0.2), face)
        surf.blit(t, t.get_rect(midtop=(w // 2, y - 3)))
        y += 16
    y = _grid(surf, [(f"ATK {st.atk}", f"DEF {st.defence}"), (f"MOV {st.mov}", f"RNG {st.rng}")], y, tsz, fw)
    if slots_top - y >= isz + 2:
        y = _icons(surf, st.icons, y + 1, isz)
    if big:
        _text_block(surf, [hunter.text], y + 2, slots_top - 2, 14)
    for i, (kind, card) in enumerate((("weapon", weapon), ("armour", armour))):
        _gear_slot(surf, kind, card, pygame.Rect(fw + 3, slots_top + i * (slot_h + 3), w - 2 * fw - 6, slot_h))
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
    if size[0] >= HUNTER[0]:  # the hunters' cards: bare, and with the longest-named weapon and armour
        weapon = max(cs.weapons.values(), key=lambda c: len(c.name))
        armour = max(cs.armour.values(), key=lambda c: len(c.name))
        for hunter in cs.hunters.values():
            yield f"{hunter.name}", drawn(hunter_card, hunter, size)
            yield f"{hunter.name} equipped", drawn(hunter_card, hunter, size, weapon, armour)
    yield "back", drawn(back, size)
