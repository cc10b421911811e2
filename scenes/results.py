"""The results screen, for any game, from `match.state.outcome()`.

`Outcome.details` (JSON-safe) is read generically; the keys it understands:
    "reason":     one sentence on how the game ended ("The last witch fell.")
    "breakdown":  [[label, points], ...]   cooperative score parts (e.g. per girl)
    "bonuses":    [[label, points], ...]   extra points / penalties
    "per_player": [{"name": str, "score": num, "parts": [[label, points], ...] or {label: pts}}]
                  competitive score parts per seat (names default to the seat names)
    "tiebreak":   one sentence on how a tie was broken
    "headline":   the big title, when "Victory" / "Defeat" / "X wins" does not fit
Also understood: "by_<thing>": {label: points} as the breakdown when "breakdown" is absent (the
title says "By <thing>"), bonus rows as dicts {"name", "points"}, and "<thing>_points": n
(n ≠ 0) as an extra bonus row. "total" and "lost" are implied by the score and the headline.
Other scalar entries are listed as "key: value". Cooperative games show the team score and
rank; competitive games a table of seats with their parts, the winner(s) marked with a star.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pygame

from scenes.manager import HEIGHT, WIDTH, Scene
from sprites import theme
from sprites.widgets import Button, WidgetGroup, dim, draw_text, fill_rounded, shadow

KNOWN = {"headline", "reason", "breakdown", "bonuses", "per_player", "tiebreak", "total", "lost"}
PANEL = pygame.Rect(140, 162, 1000, 458)


def _num(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    if isinstance(v, (int, float)):
        return f"{v:+g}" if v < 0 else f"{v:g}"
    return str(v)


def _label(key: Any) -> str:
    text = str(key)
    return text.replace("_", " ").capitalize() if text.islower() else text


def _pairs(rows: Any) -> list[tuple[str, Any]]:
    """[[label, pts], ...], [{"name"|"label": .., "points"|"score": ..}, ...] or {label: pts}
    → [(label, pts)] (anything else: empty)."""
    if isinstance(rows, dict):
        return [(_label(k), v) for k, v in rows.items()]
    out = []
    for row in rows if isinstance(rows, list) else []:
        if isinstance(row, (list, tuple)) and len(row) >= 2:
            out.append((str(row[0]), row[1]))
        elif isinstance(row, dict):
            label = row.get("name", row.get("label", row.get("id", "")))
            out.append((str(label), row.get("points", row.get("score", ""))))
    return out


class Results(Scene):
    def __init__(self, app, match: Any) -> None:
        super().__init__(app)
        self.match = match
        state = match.state
        self.game = state.game
        self.outcome = state.outcome()
        self.details = self.outcome.details if isinstance(self.outcome.details, dict) else {}
        # a table may word its game's details for this screen (per-seat parts, sentences)
        from scenes.tables import TABLES

        reword = getattr(TABLES.get(self.game.name), "result_details", None)
        if reword is not None:
            self.details = reword(match, self.outcome)
        self.names = [self.seat_name(i) for i in range(state.players)]
        self.group = WidgetGroup()
        again = pygame.Rect(0, 0, 240, 52)
        again.bottomright = (WIDTH // 2 - 10, HEIGHT - 28)
        menu = again.copy()
        menu.left = WIDTH // 2 + 10
        self.group.add(Button(again, "New game", app.restart_last_setup, "primary",
                              tooltip="Same game, same seats, a new shuffle"))
        self.group.add(Button(menu, "Menu", app.to_menu, "normal"))
        self.group.move_focus(1)
        self._t = 0.0
        rng = random.Random(7)  # decoration: a fixed pattern, never the game's Rng
        # beside the headline, not over it: two bands left and right of the centre
        self.sparks = [(rng.choice((rng.uniform(180, 420), rng.uniform(860, 1100))),
                        rng.uniform(0, 170), rng.uniform(8, 22), rng.uniform(0, 6.3),
                        rng.uniform(4, 8)) for _ in range(18)]

    def seat_name(self, i: int) -> str:
        seats = getattr(self.match, "seats", [])
        seat = seats[i] if i < len(seats) else ""
        base = self.match.state.seat_name(i)
        if seat == "you":
            return f"{base} (you)"
        if seat.startswith("ai:"):
            return f"{base} (AI)"
        return base

    @property
    def won(self) -> bool:
        return bool(self.outcome.winners)

    def headline(self) -> str:
        if isinstance(self.details.get("headline"), str):  # a game may word it itself
            return self.details["headline"]
        if self.game.cooperative:
            return "Victory" if self.won else "Defeat"
        winners = [self.names[i] for i in self.outcome.winners if i < len(self.names)]
        if not winners:
            return "No winner"
        if len(winners) == 1:
            return f"{winners[0]} wins"
        return "Shared victory: " + ", ".join(winners)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.to_menu()

    def update(self, dt: float) -> None:
        self._t += dt
        self.group.update(dt)

    def draw_sparks(self, surface: pygame.Surface) -> None:
        """A few gold sparks drifting up around the headline on a win (decoration only)."""
        for x0, y0, speed, phase, size in self.sparks:
            y = (y0 - self._t * speed) % 170 - 10
            twinkle = 0.5 + 0.5 * math.sin(self._t * 3 + phase)
            color = (*theme.ACCENT_HI, int(60 + 150 * twinkle))
            r = size * (0.6 + 0.4 * twinkle)
            pts = [(x0, y - r), (x0 + r * 0.3, y), (x0, y + r), (x0 - r * 0.3, y)]
            spark = pygame.Surface((int(r * 2) + 4, int(r * 2) + 4), pygame.SRCALPHA)
            ox, oy = x0 - spark.get_width() / 2, y - spark.get_height() / 2
            pygame.draw.polygon(spark, color, [(px - ox, py - oy) for px, py in pts])
            pygame.draw.polygon(spark, color, [(x0 + (py - y) - ox, y + (px - x0) - oy)
                                               for px, py in pts])
            surface.blit(spark, (ox, oy))

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_background(surface, self.game.name)
        dim(surface, (6, 6, 10, 120))
        cx = WIDTH // 2
        if self.won:
            self.draw_sparks(surface)
        color = theme.ACCENT_HI if self.won else (214, 160, 160)
        draw_text(surface, self.game.title or self.game.name, (cx, 26), 20, theme.TEXT_DIM,
                  anchor="midtop")
        # the headline rises into place and fades in over the first half second
        k = min(1.0, self._t / 0.5)
        rise = int(14 * (1 - k) ** 3)
        alpha = int(255 * k)
        draw_text(surface, self.headline(), (cx + 2, 56 + rise), 48, (0, 0, 0), "serif",
                  "midtop", alpha)
        draw_text(surface, self.headline(), (cx, 54 + rise), 48, color, "serif", "midtop", alpha)
        reason = self.details.get("reason")
        if reason:
            draw_text(surface, str(reason), (cx, 120), 18, theme.TEXT, anchor="midtop")
        shadow(surface, PANEL, 16, 6, 140)
        fill_rounded(surface, (*theme.PANEL, 236), PANEL, 16)
        fill_rounded(surface, theme.PANEL_EDGE, PANEL, 16, 1)
        if self.game.cooperative:
            self.draw_cooperative(surface)
        else:
            self.draw_competitive(surface)
        self.group.draw(surface)
        self.group.draw_overlays(surface)

    def draw_cooperative(self, surface: pygame.Surface) -> None:
        left = pygame.Rect(PANEL.left, PANEL.top, 320, PANEL.height)
        score = self.outcome.scores[0] if self.outcome.scores else 0
        draw_text(surface, "Team score", (left.centerx, left.top + 40), 18, theme.TEXT_DIM,
                  anchor="midtop")
        draw_text(surface, _num(score), (left.centerx, left.top + 70), 96, theme.ACCENT_HI,
                  "serif", "midtop")
        if self.outcome.rank:
            draw_text(surface, "Rank", (left.centerx, left.top + 210), 18, theme.TEXT_DIM,
                      anchor="midtop")
            draw_text(surface, self.outcome.rank, (left.centerx, left.top + 236), 28, theme.TEXT,
                      "serif", "midtop")
        y = left.top + 310
        for line in self.other_lines():
            draw_text(surface, line, (left.centerx, y), 16, theme.TEXT_DIM, anchor="midtop")
            y += 24
        pygame.draw.line(surface, theme.PANEL_EDGE, (left.right, PANEL.top + 30),
                         (left.right, PANEL.bottom - 30))
        right = pygame.Rect(left.right + 40, PANEL.top + 30, PANEL.right - left.right - 80,
                            PANEL.height - 60)
        title, breakdown = self.breakdown()
        y = self.rows(surface, title, breakdown, right, right.top)
        bonuses = self.bonuses()
        if bonuses:
            y = self.rows(surface, "Bonuses and penalties", bonuses, right, y + 18)
        if breakdown or bonuses:
            pygame.draw.line(surface, theme.ACCENT_LO, (right.left, y + 6), (right.right, y + 6))
            draw_text(surface, "Total", (right.left + 12, y + 14), 18, theme.TEXT, "bold")
            draw_text(surface, _num(score), (right.right - 12, y + 14), 18, theme.ACCENT_HI,
                      "bold", "topright")
        else:
            draw_text(surface, "No score breakdown for this game.", right.topleft, 16,
                      theme.TEXT_DIM)

    def rows(self, surface: pygame.Surface, title: str, rows: list[tuple[str, Any]],
             area: pygame.Rect, y: int) -> int:
        if not rows:
            return y
        draw_text(surface, title, (area.left, y), 20, theme.ACCENT, "bold")
        y += 36
        for i, (label, pts) in enumerate(rows[:12]):
            r = pygame.Rect(area.left, y, area.width, 30)
            if i % 2 == 0:
                fill_rounded(surface, (255, 255, 255, 10), r, 6)
            x = r.left + 12
            swatch = theme.palette(self.game.name).get(label.lower())
            if swatch:  # a girl / kind with a colour: a dot beside its (always written) name
                pygame.draw.circle(surface, swatch, (x + 6, r.centery), 6)
                x += 20
            draw_text(surface, label, (x, r.centery), 17, theme.TEXT, anchor="midleft")
            draw_text(surface, _num(pts), (r.right - 12, r.centery), 17, theme.TEXT, "bold",
                      "midright")
            y += 32
        return y

    def breakdown(self) -> tuple[str, list[tuple[str, Any]]]:
        if "breakdown" in self.details:
            return "Score", _pairs(self.details["breakdown"])
        for key, value in self.details.items():
            if key.startswith("by_") and isinstance(value, dict):
                return f"By {key[3:].replace('_', ' ')}", _pairs(value)
        return "Score", []

    def bonuses(self) -> list[tuple[str, Any]]:
        rows = _pairs(self.details.get("bonuses"))
        for key, value in self.details.items():
            if key.endswith("_points") and isinstance(value, (int, float)) and value:
                rows.append((_label(key[: -len("_points")]), value))
        return rows

    def _shown_elsewhere(self, key: str) -> bool:
        if key in KNOWN or key.startswith("by_") or key.endswith("_points"):
            return True
        return f"{key}_points" in self.details  # e.g. a flag whose points are a bonus row

    def other_lines(self) -> list[str]:
        return [f"{_label(k)}: {_num(v)}" for k, v in self.details.items()
                if not self._shown_elsewhere(k) and isinstance(v, (str, int, float, bool))][:5]

    def per_player(self) -> list[dict]:
        rows = self.details.get("per_player")
        if isinstance(rows, list) and all(isinstance(r, dict) for r in rows) and rows:
            return rows
        return [{"name": n, "score": s} for n, s in zip(self.names, self.outcome.scores,
                                                         strict=False)]

    def draw_competitive(self, surface: pygame.Surface) -> None:
        players = self.per_player()
        parts_per = [_pairs(p.get("parts")) for p in players]
        columns: list[str] = []
        for parts in parts_per:
            for label, _ in parts:
                if label not in columns:
                    columns.append(label)
        columns = columns[:6]
        area = PANEL.inflate(-60, -60)
        name_w = 300
        col_w = (area.width - name_w - 120) // max(1, len(columns)) if columns else 0
        y = area.top
        draw_text(surface, "Seat", (area.left + 12, y), 16, theme.TEXT_DIM, "bold")
        for c, label in enumerate(columns):
            draw_text(surface, label, (area.left + name_w + c * col_w + col_w // 2, y), 16,
                      theme.TEXT_DIM, "bold", "midtop")
        draw_text(surface, "Total", (area.right - 12, y), 16, theme.TEXT_DIM, "bold", "topright")
        y += 34
        pygame.draw.line(surface, theme.ACCENT_LO, (area.left, y - 6), (area.right, y - 6))
        for i, (p, parts) in enumerate(zip(players, parts_per, strict=False)):
            winner = i in self.outcome.winners
            r = pygame.Rect(area.left, y, area.width, 44)
            if winner:
                fill_rounded(surface, (*theme.ACCENT_LO, 70), r, 8)
                fill_rounded(surface, theme.ACCENT, r, 8, 1)
            elif i % 2 == 0:
                fill_rounded(surface, (255, 255, 255, 10), r, 8)
            name = str(p.get("name") or (self.names[i] if i < len(self.names) else f"Seat {i}"))
            x = r.left + 12
            if winner:
                draw_text(surface, "★", (x, r.centery), 20, theme.ACCENT_HI, "symbols2",
                          "midleft")
                x += 28
            draw_text(surface, name, (x, r.centery), 18, theme.TEXT, "bold" if winner else "sans",
                      "midleft")
            values = dict(parts)
            for c, label in enumerate(columns):
                if label in values:
                    draw_text(surface, _num(values[label]),
                              (area.left + name_w + c * col_w + col_w // 2, r.centery), 17,
                              theme.TEXT, anchor="center")
            draw_text(surface, _num(p.get("score", "")), (r.right - 12, r.centery), 22,
                      theme.ACCENT_HI if winner else theme.TEXT, "bold", "midright")
            y += 50
        tiebreak = self.details.get("tiebreak")
        if tiebreak:
            draw_text(surface, f"Tie-break: {tiebreak}", (area.left, y + 10), 16, theme.TEXT_DIM)
            y += 30
        for line in self.other_lines():
            draw_text(surface, line, (area.left, y + 10), 16, theme.TEXT_DIM)
            y += 24
