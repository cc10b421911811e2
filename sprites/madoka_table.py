"""What the Madoka table draws besides cards (scenes/madoka.py lays it out): the girls' rows'
heads and next slots, the piles' labels, the witches' panel, the Soul Gem's panel and pulse,
the score line, the seats' names, the discard browser and the hint tags."""

from __future__ import annotations

from functools import lru_cache

import pygame

from sprites import cards as cg
from sprites import madoka_cards as mc
from sprites import text, theme
from sprites.cards import TABLE
from sprites.zones import panel

TEAL = mc.TEAL
TEXT = (238, 234, 250)
DIM = (180, 172, 210)
GRIEF_INK = (16, 12, 22)


def girl_column(surface: pygame.Surface, x: int, mid_top: int, col_w: int, g: str, height: int,
                big: bool, cascade: int) -> None:
    """A girl's row head (her name, symbol and height of 4; a gold star once transformed) and
    the empty slot for her next card."""
    col = mc.girl_colour(g)
    head = pygame.Rect(0, 0, col_w - 6, 44)
    head.midtop = (x, mid_top + 6)
    done = height >= 4
    panel(surface, head, (*col, 90 if done else 40), (*col, 255 if done else 150), radius=8, width=2 if not done else 3)
    nm = cg.fit_text(mc.GIRL_NAMES[g], 14, TEXT, head.w - 6, "bold")
    surface.blit(nm, nm.get_rect(midtop=(head.centerx, head.y + 2)))
    isz = 20 if big else 16
    icon = mc.symbol_icon(g, isz, (250, 250, 255) if g == "qb" else col if not done else mc.pastel(col))
    st = text.render(f"{height}/4", 14, (255, 236, 150) if done else DIM, "bold" if done else "sans")
    wtot = isz + 4 + st.get_width() + (16 if done else 0)
    lx = head.centerx - wtot // 2
    surface.blit(icon, icon.get_rect(midleft=(lx, head.y + 31)))
    surface.blit(st, st.get_rect(midleft=(lx + isz + 4, head.y + 31)))
    if done:
        theme.star(surface, (lx + isz + 4 + st.get_width() + 9, head.y + 31), 7, (255, 226, 120))
    if height < 4:
        slot = pygame.Rect(0, 0, TABLE[0], TABLE[1])
        slot.center = (x, round(mid_top + 102 + height * cascade))
        if height == 0:
            panel(surface, slot, (*col, 30), (*col, 120), radius=7, width=2)
            mc.draw_symbol(surface, mc.GIRL_SYMBOLS[g], slot.center, 34, cg.mix(col, (30, 24, 70), 0.45))
        nxt = text.render(f"next {height + 1}", 14, DIM)
        surface.blit(nxt, nxt.get_rect(midtop=(slot.centerx, mid_top + 102 + 3 * cascade + 52)))


def pile_label(surface: pygame.Surface, zone: pygame.Rect, label: str, pile: tuple[float, float],
               empty: bool) -> None:
    lab = text.render(label, 16, TEXT, "bold")
    surface.blit(lab, lab.get_rect(midbottom=(zone.centerx, zone.bottom - 6)))
    if empty:
        e = text.render("empty", 14, DIM)
        surface.blit(e, e.get_rect(center=pile))


def witch_panel(surface: pygame.Surface, r: pygame.Rect, deck_x: float, up_x: float, left: int,
                w) -> None:
    """The witch deck's count, the top witch's number, name and what she does (while on top:
    marked so), cut to the panel."""
    wd = text.render(f"Witches {left}", 14, TEXT, "bold")
    surface.blit(wd, wd.get_rect(midtop=(deck_x, r.y + 112)))
    up = text.render("Top witch" if w else "none up", 14, TEXT if w else DIM, "bold")
    surface.blit(up, up.get_rect(midtop=(up_x, r.y + 112)))
    if not w:
        return
    y = r.y + 134
    title = cg.fit_text(f"{w.number} {w.name}", 15, (255, 226, 170), r.w - 16, "bold")
    surface.blit(title, (r.x + 8, y))
    y += 19
    if w.while_on_top:
        tag = text.render("while on top:", 14, (255, 150, 130), "bold")
        pygame.draw.polygon(surface, (255, 150, 130), [(r.x + 8, y + 14), (r.x + 20, y + 14), (r.x + 14, y + 3)])
        surface.blit(tag, (r.x + 25, y))
        y += 18
        body, colour = w.on_top or w.text, TEXT
    else:
        body, colour = w.text, DIM
    room = max(1, (r.bottom - 4 - y) // 17)
    lines = text.wrap(body, 14, r.w - 16)
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = lines[-1].rstrip(".") + "…"
    for ln in lines:
        surface.blit(text.render(ln, 14, colour), (r.x + 8, y))
        y += 17


def gem_halo(surface: pygame.Surface, c: tuple[int, int], pulse: float) -> None:
    halo = pygame.Surface((90, 90), pygame.SRCALPHA)
    pygame.draw.circle(halo, (*TEAL, int(90 * pulse)), (45, 45), 42)
    surface.blit(halo, (c[0] - 45, c[1] - 45))


def gem_pulse(surface: pygame.Surface, c: tuple[int, int], pulse: float, grief: int,
              max_grief: int) -> None:
    """The Soul Gem glowing as it takes grief (over the static layer)."""
    gem_halo(surface, c, pulse)
    mc.soul_gem(surface, c, 24, grief, max_grief)


def soul_gem_panel(surface: pygame.Surface, r: pygame.Rect, c: tuple[int, int], grief: int,
                   max_grief: int, hint: str) -> None:
    """The Soul Gem, its title, one marker per grief it may hold (inked when taken), a hint."""
    mc.soul_gem(surface, c, 24, grief, max_grief)
    title = text.render("Soul Gem", 16, TEXT, "bold")
    surface.blit(title, (r.x + 74, r.y + 8))
    for i in range(max_grief):
        m = (r.x + 86 + i * 30, r.y + 46)
        if i < grief:
            pygame.draw.circle(surface, GRIEF_INK, m, 11)
            pygame.draw.circle(surface, (200, 90, 110), m, 11, 2)
        else:
            pygame.draw.circle(surface, (255, 255, 255), m, 11, 1)
    h = text.render(hint, 14, DIM)
    surface.blit(h, (r.x + 74, r.y + 64))


def score_line(surface: pygame.Surface, r: pygame.Rect, score: int, rest: str) -> None:
    s = text.render(f"Score {score}", 22, (255, 236, 170), "bold")
    surface.blit(s, s.get_rect(midleft=(r.x + 8, r.y + 16)))
    line = cg.fit_text(rest, 15, DIM, r.w - s.get_width() - 24, "sans")
    surface.blit(line, line.get_rect(midleft=(r.x + s.get_width() + 18, r.y + 17)))


def seat_label(surface: pygame.Surface, rect: pygame.Rect, kind: str, label: str, sub: str,
               ink) -> None:
    """A seat's name (in its log colour) and what it is ("AI"): beside the cards of a seat at
    the side, inside the panel of one at the top or bottom."""
    if kind in ("left", "right"):
        t = cg.fit_text(label, 15, ink, rect.w - 8, "bold")
        surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.y + 8)))
        if sub:
            s = text.render(sub, 14, DIM)
            surface.blit(s, s.get_rect(midtop=(rect.centerx, rect.bottom + 4)))
    else:
        t = cg.fit_text(label, 15, ink, rect.w - 60, "bold")
        surface.blit(t, (rect.x + 12, rect.y + 5))
        if sub:
            s = text.render(sub, 14, DIM)
            surface.blit(s, (rect.x + 20 + t.get_width(), rect.y + 6))


def discard_browser(surface: pygame.Surface, box: pygame.Rect, copies: dict[str, list[dict]]) -> None:
    """What is gone, grouped by girl and number: one box per copy, crossed when discarded,
    teal when played (`copies`: the rules' `knowledge.copies(view)`, girl -> one entry per
    number with its copies, played, discarded, lost)."""
    panel(surface, box, (14, 10, 34, 252), (*TEAL, 200), radius=12)
    t = text.render("Discarded", 17, TEXT, "bold")
    surface.blit(t, (box.x + 12, box.y + 8))
    for n in (1, 2, 3, 4):
        h = text.render(str(n), 14, DIM, "bold")
        surface.blit(h, h.get_rect(midtop=(box.x + 120 + (n - 1) * 52 + 18, box.y + 12)))
    y = box.y + 40
    for g, rows in copies.items():
        icon = mc.symbol_icon(g, 18)
        surface.blit(icon, (box.x + 12, y + 2))
        surface.blit(text.render(mc.GIRL_NAMES[g], 15, TEXT), (box.x + 36, y))
        for row in rows:
            n, total, played, k = row["number"], row["copies"], row["played"], row["discarded"]
            for j in range(total):
                cell = pygame.Rect(box.x + 120 + (n - 1) * 52 + j * 13, y + 3, 11, 16)
                if j < played:
                    pygame.draw.rect(surface, TEAL, cell, border_radius=2)
                elif j < played + k:
                    pygame.draw.rect(surface, (90, 40, 60), cell, border_radius=2)
                    mc.cross(surface, cell.inflate(-2, -4), (255, 110, 120), 2)
                else:
                    pygame.draw.rect(surface, mc.girl_colour(g), cell, 1, border_radius=2)
            if row["lost"]:
                pygame.draw.line(surface, (255, 110, 120), (box.x + 118 + (n - 1) * 52, y + 22), (box.x + 118 + (n - 1) * 52 + total * 13, y + 22), 2)
        y += 30
    # legend: played, discarded, still somewhere (deck or hands)
    x = box.x + 12
    for kind, label in (("played", "played"), ("gone", "discarded"), ("left", "still to come")):
        cell = pygame.Rect(x, y + 4, 11, 16)
        if kind == "played":
            pygame.draw.rect(surface, TEAL, cell, border_radius=2)
        elif kind == "gone":
            pygame.draw.rect(surface, (90, 40, 60), cell, border_radius=2)
            mc.cross(surface, cell.inflate(-2, -4), (255, 110, 120), 2)
        else:
            pygame.draw.rect(surface, DIM, cell, 1, border_radius=2)
        t = text.render(label, 14, DIM)
        surface.blit(t, (cell.right + 5, y + 2))
        x = cell.right + 5 + t.get_width() + 14


@lru_cache(maxsize=128)
def hint_tag(label_text: str) -> pygame.Surface:
    """The teal tag of what a card's owner was told ("Ho 3"), drawn once per text."""
    label = text.render(label_text, 14, (10, 30, 30), "bold")
    surf = pygame.Surface((label.get_width() + 10, 18), pygame.SRCALPHA)
    tag = surf.get_rect()
    pygame.draw.rect(surf, TEAL, tag, border_radius=9)
    pygame.draw.rect(surf, (10, 30, 30), tag, 1, border_radius=9)
    surf.blit(label, label.get_rect(center=tag.center))
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


#: how the marks on your own cards read (the zoom's legend and the help)
LEGEND = ("A girl's symbol or a number: what you were told.",
          "Crossed out: what that card is not.",
          "A dot: a hint touched it.")


def knowledge_panel(card: pygame.Surface, know: dict, girl_order: tuple[str, ...]) -> pygame.Surface:
    """Your card zoomed, with what you know of it beside it (hanab.live's way): the girls and
    numbers still possible, each identity with its unseen copies, and the marks' legend.
    `know` is one card of `state.what_seat_knows(seat)`."""
    w, h = 300, max(card.get_height(), 360)
    out = pygame.Surface((card.get_width() + 12 + w, h), pygame.SRCALPHA)
    out.blit(card, (0, 0))
    box = pygame.Rect(card.get_width() + 12, 0, w, h)
    panel(out, box, (14, 10, 34, 250), (*TEAL, 220), radius=12)
    x, y = box.x + 12, box.y + 10
    out.blit(text.render("What you know of this card", 16, TEXT, "bold"), (x, y))
    y += 26
    playable = {True: "It can be played now.", False: "It cannot be played now.",
                None: "It may or may not fit now."}[know["playable"]]
    if know["useless"]:
        playable = "It is no longer needed: safe to discard."
    for line in (f"Girls: {', '.join(mc.GIRL_NAMES[g] for g in know['girls'])}",
                 f"Numbers: {', '.join(str(n) for n in know['numbers'])}", playable):
        for part in text.wrap(line, 15, w - 24):
            out.blit(text.render(part, 15, TEXT), (x, y))
            y += 19
    y += 6
    out.blit(text.render("Still possible (copies unseen)", 14, DIM, "bold"), (x, y))
    y += 20
    col = 0
    for girl, number, unseen in sorted(know["identities"], key=lambda t: (girl_order.index(t[0]), t[1])):
        if y > h - 120:
            break
        icon = mc.symbol_icon(girl, 14)
        out.blit(icon, (x + col * 92, y + 2))
        out.blit(text.render(f"{number} ×{unseen}", 14, mc.pastel(mc.girl_colour(girl))), (x + 18 + col * 92, y))
        col = (col + 1) % 3
        y += 18 if col == 0 else 0
    legend = [part for line in LEGEND for part in text.wrap(line, 14, w - 24)]
    y = h - 8 - 18 * len(legend)
    for line in legend:
        out.blit(text.render(line, 14, DIM), (x, y))
        y += 18
    return out
