"""What the Bloodborne table draws besides cards (scenes/bloodborne.py lays it out): the top
row's panels, the dungeon's track, the monster's panel (its echoes = HP, the echo tokens left
on it, the die it rolls), each hunter's board (name, chosen slot, health dial, echoes,
trophies, used pile), the stamps on cards (SLAIN…), the remove slot and the round summary."""

from __future__ import annotations

import math

import pygame

from sprites import bloodborne_cards as bc
from sprites import cards as cg
from sprites import text, theme, widgets
from sprites.zones import panel

TEXT = (238, 230, 214)
DIM = (186, 176, 160)
GOLD = (222, 184, 96)
BLOOD = (196, 40, 44)
PANEL_FILL = (14, 10, 10, 170)
PANEL_EDGE = (120, 96, 60, 150)
KINDS = ("kin", "humanoid", "beast")


def top_row(surface: pygame.Surface, dungeon: pygame.Rect, monster: pygame.Rect,
            upgrades: pygame.Rect, glow: bool) -> None:
    """Stone by candlelight, and the top row's panels (the upgrades' glowing in the Dream)."""
    theme.draw_background(surface, "bloodborne")
    panel(surface, dungeon, PANEL_FILL, PANEL_EDGE, radius=12)
    panel(surface, monster, PANEL_FILL, PANEL_EDGE, radius=12)
    panel(surface, upgrades, PANEL_FILL, (*GOLD, 230) if glow else PANEL_EDGE, radius=12,
          width=3 if glow else 2)
    surface.blit(text.render("Chalice Dungeon", 16, GOLD, "bold"), (dungeon.x + 10, dungeon.y + 6))
    surface.blit(text.render("Available Upgrades", 16, GOLD, "bold"), (upgrades.x + 10, upgrades.y + 6))


def hand_title(surface: pygame.Surface, hand: pygame.Rect, words: str) -> None:
    surface.blit(cg.fit_text(words, 15, GOLD, 140, "bold"), (hand.x + 10, hand.y + 6))


# --- a hunter's board: where its parts lie, then the board itself --------------------------------
def dial_center(b: pygame.Rect, slot: pygame.Rect, mine: bool) -> tuple[int, int]:
    rad = 30 if mine else 24
    return slot.right + 26 + rad, b.y + 30 + rad


def echo_rects(b: pygame.Rect, slot: pygame.Rect, mine: bool) -> tuple[pygame.Rect, pygame.Rect]:
    cx, cy = dial_center(b, slot, mine)
    rad = 30 if mine else 24
    return pygame.Rect(cx + rad + 10, cy - rad, 100, 22), pygame.Rect(cx + rad + 10, cy - rad + 24, 100, 22)


def board_tip(b: pygame.Rect, slot: pygame.Rect, mine: bool, pos, name: str, numbers: dict,
              holding: list[str]) -> str | None:
    """A board's tooltip at `pos`: its health dial, its echoes, or (another hunter's) the cards
    it holds."""
    cx, cy = dial_center(b, slot, mine)
    if math.hypot(pos[0] - cx, pos[1] - cy) < 32:
        return f"{name}: health {numbers['health']} of {numbers['max_health']}."
    cr, br = echo_rects(b, slot, mine)
    if cr.inflate(0, 4).collidepoint(pos) or br.inflate(0, 4).collidepoint(pos):
        return f"{name}: {numbers['collected']} echoes collected, {numbers['banked']} banked."
    if pos[1] < b.y + 26 and not mine:
        return f"{name} holds: {', '.join(holding) or 'nothing'}."
    return None


def trophy_rects(b: pygame.Rect, slot: pygame.Rect, mine: bool) -> list[pygame.Rect]:
    cx, cy = dial_center(b, slot, mine)
    rad = 30 if mine else 24
    w = 44 if not mine else 66
    return [pygame.Rect(slot.right + 26 + i * (w + 4), cy + rad + 6, w, 22) for i in range(3)]


def board(surface: pygame.Surface, b: pygame.Rect, s: pygame.Rect, mine: bool, name: str,
          ai: bool, first: bool, h: dict, n: dict, used_label) -> None:
    """A hunter's board: name (AI, the first player's chip), hand size, the empty chosen slot,
    echoes collected and banked, trophies, the used pile's label, DEAD/OUT (`h`: the view's
    hunter; `n`: the live numbers)."""
    t = text.render(name, 16, TEXT, "bold")
    surface.blit(t, (b.x + 10, b.y + 5))
    x = b.x + 16 + t.get_width()
    if ai:
        a = text.render("AI", 14, DIM, "bold")
        surface.blit(a, (x, b.y + 7))
        x += a.get_width() + 8
    if first:
        chip = pygame.Rect(x, b.y + 6, 40, 19)
        pygame.draw.rect(surface, GOLD, chip, border_radius=9)
        c = text.render("1st", 14, (30, 20, 6), "bold")
        surface.blit(c, c.get_rect(center=chip.center))
    hs = text.render(f"hand {h['hand_size']}", 14, DIM)
    surface.blit(hs, hs.get_rect(topright=(b.right - 10, b.y + 7)))
    if not h["chosen"] and not h["out"]:
        panel(surface, s, (0, 0, 0, 60), (*GOLD, 90), radius=8, width=1)
        for i, ln in enumerate(("chosen", "slot")):
            tt = text.render(ln, 14, DIM)
            surface.blit(tt, tt.get_rect(center=(s.centerx, s.centery - 9 + i * 18)))
    cr, br = echo_rects(b, s, mine)
    room = b.right - 6 - (cr.x + 20)
    cg.blit_center(surface, bc.drop_icon(18), (cr.x + 8, cr.centery))
    pygame.draw.rect(surface, GOLD, pygame.Rect(br.x + 2, br.y + 4, 12, 15), 2, border_radius=3)
    for word, rr, colour in (("collected", cr, TEXT), ("banked", br, GOLD)):
        label = f"{n[word]} {word}" if text.width(f"{n[word]} {word}", 14, "bold") <= room else str(n[word])
        surface.blit(text.render(label, 14, colour, "bold"), (rr.x + 20, rr.y + 2))
    for k, tr in zip(KINDS, trophy_rects(b, s, mine), strict=True):
        cg.blit_center(surface, bc.trophy_token(k, 18, n[k] == 0), (tr.x + 9, tr.centery))
        label = f"{bc.TROPHY_NAMES[k][:3]} {n[k]}" if mine else f"{n[k]}"
        surface.blit(text.render(label, 14, TEXT if n[k] else DIM, "bold"), (tr.x + 21, tr.y + 2))
    if mine:
        tr = trophy_rects(b, s, mine)[-1]
        surface.blit(text.render(f"{n['trophy_points']} pts", 14, DIM), (tr.right + 4, tr.y + 2))
    if used_label is not None:
        surface.blit(text.render("used", 14, DIM), used_label)
    if n["dead"] or n["out"]:
        tt = text.render("OUT" if n["out"] else "DEAD", 18, (255, 90, 80), "bold")
        surface.blit(tt, tt.get_rect(topright=(b.right - 10, b.y + 26)))


def health_dial(surface: pygame.Surface, c: tuple[int, int], rad: int, turning: float,
                health: int, notches: int, flash: float) -> None:
    """The health dial (its needle turning notch by notch), flashing red at a wound."""
    cg.blit_center(surface, widgets.dial(rad, round(turning * 8) / 8, max(0, health), notches), c)
    if flash > 0:
        g = pygame.Surface((rad * 2 + 8, rad * 2 + 8), pygame.SRCALPHA)
        pygame.draw.circle(g, (255, 40, 40, int(120 * flash)), (rad + 4, rad + 4), rad + 4)
        surface.blit(g, (c[0] - rad - 4, c[1] - rad - 4))


def stamp(surface: pygame.Surface, r: pygame.Rect, mark: str) -> None:
    """SLAIN, ESCAPED or CANCELLED across a card."""
    t = text.render(mark, 16 if r.w > 100 else 14, (255, 236, 226), "bold")
    box = t.get_rect(center=r.center).inflate(10, 4)
    pygame.draw.rect(surface, (120, 14, 20), box, border_radius=4)
    surface.blit(t, t.get_rect(center=box.center))


def remove_slot(surface: pygame.Surface, r: pygame.Rect) -> None:
    """Where a card is dropped to remove it from the game."""
    pygame.draw.rect(surface, (40, 10, 12), r, border_radius=10)
    pygame.draw.rect(surface, (230, 110, 100), r, 2, border_radius=10)
    for i, ln in enumerate(("drop here", "to remove", "from game")):
        t = text.render(ln, 14, (240, 170, 160), "bold")
        surface.blit(t, t.get_rect(center=(r.centerx, r.centery - 18 + i * 18)))


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
