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


def round_summary(surface: pygame.Surface, r: pygame.Rect, s: dict, names: list[str]) -> None:
    """The last round in a table (the rules' `summary.RoundSummary.as_dict()`): per hunter the
    card played, damage taken and dealt, echoes, trophies and what else befell them."""
    from sprites.zones import panel

    panel(surface, r, (16, 10, 10, 250), (*GOLD, 220), radius=12)
    title = f"Round {s['round']}" + (f" vs {s['monster']}" if s.get("monster") else "")
    if s.get("roll"):
        title += f" · {s['roll'][0]} die rolled {s['roll'][1]}"
    if s.get("end"):
        title += f" · {s['end']}"
    surface.blit(text.render(title, 16, GOLD, "bold"), (r.x + 12, r.y + 8))
    hint = text.render("R to close", 14, DIM)
    surface.blit(hint, hint.get_rect(topright=(r.right - 12, r.y + 10)))
    cols = [("Hunter", 0), ("Played", 120), ("Took", 360), ("Dealt", 420), ("Echoes", 480),
            ("Trophies", 550), ("", 650)]
    y = r.y + 34
    for label, dx in cols:
        surface.blit(text.render(label, 14, DIM, "bold"), (r.x + 12 + dx, y))
    y += 22
    for p, row in sorted(s["rows"].items()):
        vals = [names[p], row["card"] or "—", f"-{row['taken']}" if row["taken"] else "0",
                str(row["dealt"]), f"{row['echoes']:+}" if row["echoes"] else "0",
                ", ".join(row["trophies"]) or "—", "; ".join(row["notes"])]
        for i, ((_, dx), v) in enumerate(zip(cols, vals, strict=True)):
            room = (cols[i + 1][1] if i + 1 < len(cols) else r.w - 24) - dx - 6
            colour = (255, 120, 110) if ("died" in v or v.startswith("-")) else TEXT
            surface.blit(cg.fit_text(v, 15, colour, max(20, room), "sans"), (r.x + 12 + dx, y))
        y += 22
