"""What the Sanguosha table draws besides cards (scenes/sanguosha.py lays it out): the table
itself, the seat plates (kingdom, general, identity or your note on it, HP, hand count), the piles, the
response tray, and the table's words in English and Chinese.
"""

from __future__ import annotations

import pygame

from sprites import cards as cg
from sprites import sanguosha_cards as sc
from sprites import text
from sprites.cards import TABLE
from sprites.zones import panel

TEXT = (246, 236, 214)
DIM = (200, 184, 160)
IDENTITY_COLOURS = {"lord": (214, 170, 60), "loyalist": (200, 120, 40), "rebel": (60, 130, 70),
                    "renegade": (110, 80, 150)}
#: the guesses a player may note on a hidden seat, in the order a click cycles through them
NOTES = ("", "loyalist", "rebel", "renegade")

#: the table's own words: English, Chinese (card, general and skill names come from the data)
WORDS = {
    "lord": ("Lord", "主公"), "loyalist": ("Loyalist", "忠臣"), "rebel": ("Rebel", "反賊"),
    "renegade": ("Renegade", "內奸"), "you": ("You", "你"), "hand": ("hand", "手牌"),
    "dead": ("dead", "陣亡"), "discard": ("discard", "棄牌"), "pass": ("Pass", "不出"),
    "end": ("End the play phase", "結束出牌"), "done": ("Done", "完成"),
    "distance": ("Distance {d} from you: {where} ({r}).", "與你距離 {d}：{where}（攻擊範圍 {r}）。"),
    "in_range": ("in your attack range", "在攻擊範圍內"),
    "out_of_range": ("out of your attack range", "不在攻擊範圍內"),
    "note_tip": ("Click the tag to note your guess of this seat's identity.",
                 "點擊身分標籤，記下你對此人身分的猜測。"),
    "more": ("More…", "更多…"),
    "away": ("{d} away", "距離 {d}"), "in": ("in range", "範圍內"), "out": ("out of range", "範圍外"),
}
CINNABAR_LINE = (232, 84, 60)  # a card's way from its user to its targets


def word(key: str, zh: bool) -> str:
    return WORDS[key][1 if zh else 0]


def identity_tag_rect(r: pygame.Rect) -> pygame.Rect:
    """Where a plate's identity tag sits (a click there notes a guess)."""
    return pygame.Rect(r.right - 84, r.y + 5, 76, 20)


def draw_table(surface: pygame.Surface, middle: pygame.Rect, hand: pygame.Rect) -> None:
    """Red lacquer and dark wood (warmer in the middle), the middle's panel with ink-brush
    accents, the hand's panel."""
    w, h = surface.get_size()
    for y in range(h):
        t = abs(y - h / 2) / (h / 2)
        pygame.draw.line(surface, cg.mix((92, 30, 22), sc.WOOD, t), (0, y), (w, y))
    panel(surface, middle.inflate(8, 8), (110, 24, 20, 120), (*sc.GOLD, 90), radius=16)
    for x in range(middle.x + 30, middle.right - 30, 60):
        pygame.draw.line(surface, (70, 18, 14), (x, middle.bottom - 8), (x + 38, middle.bottom - 12), 3)
    panel(surface, hand.inflate(6, 4), (30, 14, 10, 150), (*sc.GOLD, 70), radius=10)


def draw_plate(surface: pygame.Surface, r: pygame.Rect, seat: dict, general, name: str,
               zh: bool, hp: int, hand: int, note: str = "") -> None:
    """One seat: kingdom colour and letter, the seat's name, its identity (revealed, or your
    note with a question mark, or '?'), HP as beads and numbers, the hand count."""
    col = sc.KINGDOM_COLOURS[general.kingdom] if general else (90, 70, 60)
    alive = seat["alive"]
    panel(surface, r, (*cg.mix(col, (20, 10, 8), 0.55), 235 if alive else 140), (*sc.GOLD, 160),
          radius=10)
    pygame.draw.rect(surface, col, pygame.Rect(r.x + 3, r.y + 3, r.w - 6, 24), border_radius=8)
    x = r.x + 6
    if general:  # the kingdom's seal
        seal = sc.kingdom_seal(general.kingdom, 22)
        surface.blit(seal, seal.get_rect(midleft=(x, r.y + 15)))
        x += seal.get_width() + 5
    tb = _identity_tag(surface, r, seat["identity"], note, zh)
    nt = cg.fit_text(name, 16, TEXT, tb.x - x - 6, "cjk" if zh else "serif")
    surface.blit(nt, nt.get_rect(midleft=(x, r.y + 15)))
    y = r.y + 31
    px = r.x + 8
    px += sc.health_pips(surface, (px, y), hp, seat["max_hp"], 15)
    ht = text.render(f"{hp}/{seat['max_hp']}", 14, TEXT, "bold")
    surface.blit(ht, (px + 2, y - 2))
    held = text.render(f"{word('hand', zh)} {hand}", 14, TEXT, "cjk" if zh else "bold")
    surface.blit(held, held.get_rect(topright=(r.right - 8, y - 2)))
    if not alive:  # a red seal stamped across the plate
        dt = text.render(word("dead", zh), 22, (236, 90, 76), "cjk" if zh else "bold")
        box = dt.get_rect(center=(r.centerx, r.centery + 14)).inflate(18, 6)
        pygame.draw.rect(surface, (236, 90, 76), box, 3, border_radius=6)
        surface.blit(dt, dt.get_rect(center=box.center))


def _identity_tag(surface: pygame.Surface, r: pygame.Rect, ident: str, note: str,
                  zh: bool) -> pygame.Rect:
    """A known identity on its colour; a noted guess outlined in its colour with '?'; else
    '?'. Returns the tag's rectangle."""
    words = (word(ident or note, zh) + ("" if ident else "?")) if (ident or note) else "?"
    face = "cjk" if zh and (ident or note) else "bold"
    tt = text.render(words, 14, sc.INK if ident else TEXT, face)
    tb = tt.get_rect(midright=(r.right - 10, r.y + 15)).inflate(10, 0)
    colour = IDENTITY_COLOURS.get(ident or note, (200, 190, 170))
    if ident:
        pygame.draw.rect(surface, colour, tb, border_radius=tb.h // 2)
    else:
        pygame.draw.rect(surface, (40, 24, 18), tb, border_radius=tb.h // 2)
        pygame.draw.rect(surface, colour, tb, 2, border_radius=tb.h // 2)
    surface.blit(tt, tt.get_rect(center=tb.center))
    return tb


def draw_piles(surface: pygame.Surface, deck: pygame.Rect, discard: pygame.Rect, back,
               draw_count: int, discards: int, zh: bool) -> None:
    surface.blit(back, deck)
    t = text.render(f"{draw_count}", 16, TEXT, "bold")
    box = t.get_rect(midtop=(deck.centerx, deck.bottom + 2)).inflate(10, 0)
    pygame.draw.rect(surface, sc.WOOD, box, border_radius=6)
    surface.blit(t, t.get_rect(center=box.center))
    pygame.draw.rect(surface, (60, 20, 16), discard, 2, border_radius=7)
    lt = text.render(f"{word('discard', zh)} {discards}", 14, DIM, "cjk" if zh else "bold")
    surface.blit(lt, lt.get_rect(midtop=(discard.centerx, discard.bottom + 2)))


def tray_rect(middle: pygame.Rect, shown: int, cards: int) -> pygame.Rect:
    """The response tray: in the middle right of the piles, wide enough for the `shown` cards
    being answered (table size) and the usable `cards` (hand size)."""
    left = middle.x + 2 * TABLE[0] + 28  # clear of the draw and discard piles
    room = pygame.Rect(left, middle.y + 4, middle.right - 8 - left, middle.h - 8)
    w = 36 + shown * (TABLE[0] + 8) + (16 if shown else 0) + max(2, cards) * (cg.HAND[0] + 10)
    r = pygame.Rect(0, 0, min(room.w, max(380, w)), min(room.h, cg.HAND[1] + 96))
    r.center = room.center
    return r


def tray_slots(tray: pygame.Rect, shown: int, cards: int) -> tuple[list, list]:
    """Where the cards being answered (left) and the usable cards (right of them) sit."""
    x = tray.x + 18
    y = tray.y + 34 + cg.HAND[1] / 2
    step = min(TABLE[0] + 8, (tray.w / 3) / max(1, shown))
    answered = [(x + TABLE[0] / 2 + i * step, y) for i in range(shown)]
    x += (shown - 1) * step + TABLE[0] + 16 if shown else 0
    room = tray.right - 18 - x
    step = min(cg.HAND[0] + 10, room / max(1, cards))
    x0 = x + (room - step * cards) / 2
    usable = [(x0 + step * (i + 0.5), y) for i in range(cards)]
    return answered, usable


def draw_tray(surface: pygame.Surface, tray: pygame.Rect, prompt: str) -> None:
    """The tray's panel and the question asked (the cards and buttons are drawn over it)."""
    panel(surface, tray, (36, 14, 10, 225), (*sc.CINNABAR, 220), radius=14)
    t = cg.fit_text(prompt, 15, sc.GOLD, tray.w - 24, "bold")
    surface.blit(t, t.get_rect(midtop=(tray.centerx, tray.y + 8)))


def pile_card_rects(middle: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    deck = pygame.Rect(middle.x + 8, middle.y + 8, TABLE[0], TABLE[1])
    return deck, deck.move(TABLE[0] + 12, 0)


def skill_rects(plate: pygame.Rect, labels: list[str], right: int, size: int = 14,
                face: str = "bold") -> list[pygame.Rect]:
    """Your skills' buttons, a row of tabs standing on the top edge of your plate (the plate
    keeps its pips and equipment clear), each as wide as its name, up to `right`."""
    if not labels:
        return []
    widths = [max(64, text.width(label, size, face) + 22) for label in labels]
    room = right - plate.x - 4 * (len(labels) - 1)
    if sum(widths) > room:  # shrink all alike (the tooltip names each whole)
        widths = [max(48, w * room // sum(widths)) for w in widths]
    out, x = [], plate.x
    for w in widths:
        out.append(pygame.Rect(x, plate.y - 28, w, 26))
        x += w + 4
    return out


def distance_badge(surface: pygame.Surface, plate: pygame.Rect, d: int, in_range: bool,
                   zh: bool) -> None:
    """On a seat while you aim: how far it is from you and whether your attack reaches it
    (in words and in colour)."""
    face = "cjk" if zh else "bold"
    words = f"{word('away', zh).format(d=d)} · {word('in' if in_range else 'out', zh)}"
    t = text.render(words, 14, (250, 246, 236), face)
    box = t.get_rect(midbottom=(plate.centerx, plate.bottom - 4)).inflate(14, 4)
    colour = (46, 120, 62) if in_range else (150, 40, 34)
    panel(surface, box, (*colour, 235), (250, 230, 190, 220), radius=box.h // 2, width=1)
    surface.blit(t, t.get_rect(center=box.center))


def target_lines(surface: pygame.Surface, start: pygame.Rect, ends: list[pygame.Rect],
                 pointer, colour, strong: bool = False) -> None:
    """A line from `start` to each of `ends` (dashed; solid with an arrowhead to the one
    under `pointer`, or to all when `strong`). It leaves from the edge of `start` facing the
    middle of the table (above your plate: not across your hand)."""
    a = pygame.Vector2(start.midtop if start.bottom > surface.get_height() * 2 // 3
                       else start.center)
    for r in ends:
        b = pygame.Vector2(r.center)
        bold = strong or (pointer is not None and r.collidepoint(pointer))
        direction = b - a
        if direction.length() < 1:
            continue
        end = b - direction.normalize() * (min(r.w, r.h) / 2 + 4)
        if bold:
            pygame.draw.line(surface, colour, a, end, 4)
            side = direction.normalize().rotate(90) * 8
            tip = end + direction.normalize() * 4
            pygame.draw.polygon(surface, colour, [tip, end - direction.normalize() * 12 + side,
                                                  end - direction.normalize() * 12 - side])
        else:
            n = max(1, int((end - a).length() // 14))
            for i in range(0, n, 2):
                p0, p1 = a.lerp(end, i / n), a.lerp(end, min(1, (i + 1) / n))
                pygame.draw.line(surface, colour, p0, p1, 2)
