"""What the Bloodborne table draws besides cards and boards: the dungeon's track and the
monster's panel (its echoes = HP, the echo tokens left on it, the die it rolls)."""

from __future__ import annotations

import pygame

from sprites import bloodborne_cards as bc
from sprites import cards as cg
from sprites import text

TEXT = (238, 230, 214)
DIM = (186, 176, 160)
GOLD = (222, 184, 96)
BLOOD = (196, 40, 44)


def dungeon_track(surface: pygame.Surface, r: pygame.Rect, view: dict, final: bool,
                  deck_pos, final_pos, label_dy: float) -> None:
    """How far into the dungeon (one pip per card, the current one red), the piles' labels
    and what became of the monsters (from a view's `dungeon`, `defeated`, `escaped`)."""
    dn = view["dungeon"]
    t = text.render("Final Boss" if final else f"{dn['revealed']} of {dn['size']}", 16 if final else 18, TEXT, "bold")
    surface.blit(t, (r.x + 10, r.y + 28))
    n = dn["revealed"]
    for i in range(dn["size"]):
        c = (r.x + 16 + i * 16, r.y + 62)
        if i < n - 1 or (i == n - 1 and final):
            pygame.draw.circle(surface, (150, 120, 70), c, 6)
        elif i == n - 1:
            pygame.draw.circle(surface, BLOOD, c, 7)
            pygame.draw.circle(surface, GOLD, c, 7, 1)
        else:
            pygame.draw.circle(surface, (90, 80, 70), c, 6, 1)
    for label, (x, y) in ((f"deck {dn['left']}", deck_pos), ("final boss", final_pos)):
        lab = text.render(label, 14, DIM)
        surface.blit(lab, lab.get_rect(midtop=(x, y + label_dy)))
    lab = text.render(f"slain {len(view['defeated'])} · escaped {len(view['escaped'])}", 14, DIM)
    surface.blit(lab, lab.get_rect(midbottom=(r.centerx, r.bottom - 6)))


def monster_panel(surface: pygame.Surface, r: pygame.Rect, x0: int, m, left: int, full: int) -> None:
    """Beside the monster's card (from x0): what it is, its echoes left of `full`, the echo
    tokens still on it and the lantern die it rolls."""
    w = r.right - 8 - x0
    t = text.render("THE FINAL BOSS" if m.final else ("BOSS" if m.boss else "MONSTER"), 14, GOLD, "bold")
    surface.blit(t, (r.x + 10, r.y + 10))
    y = r.y + 36
    e = text.render(str(left), 34, (255, 236, 226), "bold")
    cg.blit_center(surface, bc.drop_icon(34, bc.BLOOD, (30, 4, 6)), (x0 + 16, y + 22))
    surface.blit(e, (x0 + 36, y))
    of = text.render(f"/ {full}", 16, DIM, "bold")
    surface.blit(of, (x0 + 40 + e.get_width(), y + 14))
    y += 44
    surface.blit(text.render("echoes = HP", 14, DIM), (x0, y))
    y += 20
    for i in range(min(left, 24)):  # the echo tokens still on the card
        cx, cy = x0 + 8 + (i % 8) * 15, y + 8 + (i // 8) * 15
        pygame.draw.circle(surface, (150, 24, 30), (cx, cy), 6)
        pygame.draw.circle(surface, (240, 120, 110), (cx - 2, cy - 2), 2)
    y += 8 + 15 * max(1, (min(left, 24) + 7) // 8) + 6
    bc.lantern_badge(surface, m.lantern, (x0 + 10, y + 10), 20)
    surface.blit(text.render(f"rolls the {m.lantern} die" if w >= 150 else f"{m.lantern} die", 14, TEXT, "bold"),
                 (x0 + 24, y + 1))
