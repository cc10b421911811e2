"""What the Madoka table draws besides cards: the discard browser and the hint tags."""

from __future__ import annotations

from functools import lru_cache

import pygame

from sprites import madoka_cards as mc
from sprites import text
from sprites.zones import panel

TEAL = mc.TEAL
TEXT = (238, 234, 250)
DIM = (180, 172, 210)


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
