"""The results screen, for any game, from the session's `outcome()`.

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
Other scalar entries are listed as "key: value". A per_player entry may carry "reason" (or
"note"): why that seat ended as it did, shown under its name. Cooperative games show the team
score and rank; competitive games a table of seats sorted by score, the winner(s) first and
starred. Beside them, the final table: the last frame of the game, as it was left.

Buttons: "Rematch" (the same setup, a new shuffle), "New game" (the setup screen with the same
choices filled in), "Menu". Nothing here decides anything: every word comes from the outcome.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pygame

from game.session import AI, YOU
from scenes.manager import HEIGHT, WIDTH, Scene
from sprites import theme
from sprites.i18n import tr
from sprites.text import width as text_width
from sprites.text import wrap
from sprites.widgets import (
    Button,
    WidgetGroup,
    dim,
    draw_text,
    draw_wrapped,
    fill_rounded,
    shadow,
)

KNOWN = {"headline", "reason", "breakdown", "bonuses", "per_player", "tiebreak", "total", "lost"}
PANEL = pygame.Rect(60, 170, 1160, 450)
THUMB = (352, 198)  # the final table, 1280×720 at 0.275


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
    def __init__(self, app, session: Any, final_table: pygame.Surface | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.seats = session.seats()
        #: the table as the game left it (the last frame before this screen), small
        self.final_table = (pygame.transform.smoothscale(final_table, THUMB)
                            if final_table is not None else None)
        self.game = session.game
        self.outcome = session.outcome()
        self.details = self.outcome.details if isinstance(self.outcome.details, dict) else {}
        # a game's details worded for this screen (per-seat parts, sentences)
        from scenes.result_details import DETAILS

        reword = DETAILS.get(self.game.name)
        if reword is not None:
            self.details = reword(session, self.outcome)
        self.names = [self.seat_name(i) for i in range(session.players)]
        self.group = WidgetGroup()
        row = pygame.Rect(0, 0, 3 * 220 + 2 * 20, 52)
        row.midbottom = (WIDTH // 2, HEIGHT - 26)
        buttons = [("Rematch", app.restart_last_setup, "primary",
                    "The same game and seats, a new shuffle"),
                   ("New game", self.new_game, "normal",
                    "The setup screen, with this game's choices filled in"),
                   ("Menu", app.to_menu, "ghost", "")]
        for i, (text, action, kind, tip) in enumerate(buttons):
            rect = pygame.Rect(row.left + i * 240, row.top, 220, 52)
            self.group.add(Button(rect, text, action, kind, tooltip=tip))
        self.group.move_focus(1)
        self._t = 0.0
        rng = random.Random(7)  # decoration: a fixed pattern, never the game's Rng
        # beside the headline, not over it: two bands left and right of the centre
        self.sparks = [(rng.choice((rng.uniform(180, 420), rng.uniform(860, 1100))),
                        rng.uniform(0, 170), rng.uniform(8, 22), rng.uniform(0, 6.3),
                        rng.uniform(4, 8)) for _ in range(18)]

    def new_game(self) -> None:
        """Back to setup with the same choices (Setup fills them from `app.last_setup`)."""
        self.app.to_menu()
        self.app.open_setup(self.game.name)

    def seat_name(self, i: int) -> str:
        seat = self.seats[i]
        if seat.kind == YOU:
            return f"{seat.name} (you)"
        if seat.kind == AI:
            return f"{seat.name} (AI)"
        return seat.name

    @property
    def won(self) -> bool:
        return bool(self.outcome.winners)

    def headline(self) -> str:
        if isinstance(self.details.get("headline"), str):  # a game may word it itself
            return self.details["headline"]
        if self.game.cooperative:  # the rank in the game's own words, not "Victory" for 10 of 100
            rank = self.outcome.rank
            if self.won:
                return rank or "Game over"
            return f"Defeat: {rank}" if rank else "Defeat"
        winners = [self.names[i] for i in self.outcome.winners if i < len(self.names)]
        if not winners:
            return "No winner"
        if len(winners) == 1:
            return f"{winners[0]} wins"
        return "Shared victory: " + ", ".join(winners)

    def best_score(self) -> float | None:
        """The most a cooperative game could score with this many players (its rules say)."""
        try:
            return self.game.max_score(self.session.players)
        except (AttributeError, NotImplementedError, TypeError):
            return None

    def score_line(self) -> str:
        """Under a cooperative headline: "The team scored 10 of 100 points"."""
        score = self.outcome.scores[0] if self.outcome.scores else 0
        best = self.best_score()
        return f"The team scored {_num(score)}" + (f" of {_num(best)} points" if best else " points")

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
        if self.game.cooperative:  # the score and rank before how it ended
            # (each sentence in the reader's language before they are joined)
            reason = " ".join(x for x in (tr(self.score_line() + "."), tr(str(reason or ""))) if x)
        if reason:  # the game's own words on how it ended (at most two lines)
            lines = wrap(str(reason), 18, 960)[:2]
            for i, line in enumerate(lines):
                draw_text(surface, line, (cx, 114 + i * 24), 18, theme.TEXT, anchor="midtop")
        shadow(surface, PANEL, 16, 6, 140)
        fill_rounded(surface, (*theme.PANEL, 236), PANEL, 16)
        fill_rounded(surface, theme.PANEL_EDGE, PANEL, 16, 1)
        self.draw_final_table(surface)
        if self.game.cooperative:
            self.draw_cooperative(surface)
        else:
            self.draw_competitive(surface)
        self.group.draw(surface)
        self.group.draw_overlays(surface)

    @property
    def left(self) -> pygame.Rect:
        """The panel's left column: the final table, and under it the team score or notes."""
        return pygame.Rect(PANEL.left + 24, PANEL.top + 24, THUMB[0], PANEL.height - 48)

    def draw_final_table(self, surface: pygame.Surface) -> None:
        left = self.left
        frame = pygame.Rect(left.topleft, THUMB)
        if self.final_table is not None:
            surface.blit(self.final_table, frame)
        else:
            fill_rounded(surface, (255, 255, 255, 12), frame, 8)
        pygame.draw.rect(surface, theme.PANEL_EDGE, frame.inflate(2, 2), 1, border_radius=4)
        draw_text(surface, "The final table", (frame.left, frame.bottom + 6), 15,
                  theme.TEXT_DIM)
        pygame.draw.line(surface, theme.PANEL_EDGE, (left.right + 24, PANEL.top + 30),
                         (left.right + 24, PANEL.bottom - 30))

    def draw_cooperative(self, surface: pygame.Surface) -> None:
        left = self.left
        score = self.outcome.scores[0] if self.outcome.scores else 0
        top = left.top + THUMB[1] + 36
        half = left.width // 2
        draw_text(surface, "Team score", (left.left + half // 2, top), 16, theme.TEXT_DIM,
                  anchor="midtop")
        draw_text(surface, _num(score), (left.left + half // 2, top + 20), 64, theme.ACCENT_HI,
                  "serif", "midtop")
        best = self.best_score()
        if best:
            draw_text(surface, f"of {_num(best)}", (left.left + half // 2, top + 92), 16,
                      theme.TEXT_DIM, anchor="midtop")
        if self.outcome.rank:
            draw_text(surface, "Rank", (left.left + half + half // 2, top), 16, theme.TEXT_DIM,
                      anchor="midtop")
            draw_wrapped(surface, self.outcome.rank,
                         pygame.Rect(left.left + half, top + 30, half, 80), 24, theme.TEXT,
                         "serif", "center")
        y = top + 110
        for line in self.other_lines()[:2]:
            draw_text(surface, line, (left.left, y), 15, theme.TEXT_DIM)
            y += 20
        right = pygame.Rect(left.right + 56, PANEL.top + 24, PANEL.right - left.right - 80,
                            PANEL.height - 48)
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
        y += 32
        for i, (label, pts) in enumerate(rows[:10]):
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
        return [tr("{label}: {value}", label=_label(k), value=_num(v)) for k, v in self.details.items()
                if not self._shown_elsewhere(k) and isinstance(v, (str, int, float, bool))][:5]

    def per_player(self) -> list[dict]:
        """One dict per seat (its "seat" index added), in seat order."""
        rows = self.details.get("per_player")
        if not (isinstance(rows, list) and rows and all(isinstance(r, dict) for r in rows)):
            rows = [{"name": n, "score": s} for n, s in zip(self.names, self.outcome.scores,
                                                             strict=False)]
        return [dict(r, seat=r.get("seat", i)) for i, r in enumerate(rows)]

    def standings(self) -> list[dict]:
        """The seats sorted as a results table reads: winners first, then by score (the
        game's scores; ties keep seat order)."""
        def score(row):
            v = row.get("score")
            return v if isinstance(v, (int, float)) else float("-inf")

        return sorted(self.per_player(),
                      key=lambda r: (r["seat"] not in self.outcome.winners, -score(r), r["seat"]))

    def draw_competitive(self, surface: pygame.Surface) -> None:
        left = self.left
        y = left.top + THUMB[1] + 36
        for line in self.other_lines():
            y += draw_wrapped(surface, line, pygame.Rect(left.left, y, left.width, 60), 15,
                              theme.TEXT_DIM)
        players = self.standings()
        parts_per = [_pairs(p.get("parts")) for p in players]
        columns: list[str] = []
        for parts in parts_per:
            for label, _ in parts:
                if label not in columns:
                    columns.append(label)
        columns = columns[:5]
        area = pygame.Rect(left.right + 56, PANEL.top + 24, PANEL.right - left.right - 80,
                           PANEL.height - 48)
        name_w = 240
        col_w = (area.width - name_w - 90) // max(1, len(columns)) if columns else 0
        y = area.top
        draw_text(surface, "Seat", (area.left + 12, y), 16, theme.TEXT_DIM, "bold")
        for c, label in enumerate(columns):  # headers never run together: narrow, else wrapped
            face = "bold" if text_width(label, 15, "bold") <= col_w - 8 else "narrow_bold"
            for k, line in enumerate(wrap(label, 15, col_w - 8, face)[:2]):
                draw_text(surface, line, (area.left + name_w + c * col_w + col_w // 2,
                                          y - 8 + k * 17 if text_width(label, 15, face) > col_w - 8
                                          else y), 15, theme.TEXT_DIM, face, "midtop")
        draw_text(surface, "Total", (area.right - 12, y), 16, theme.TEXT_DIM, "bold", "topright")
        y += 34
        pygame.draw.line(surface, theme.ACCENT_LO, (area.left, y - 6), (area.right, y - 6))
        step = min(62, (area.bottom - y - 30) // max(1, len(players)))
        for i, (p, parts) in enumerate(zip(players, parts_per, strict=False)):
            seat = p["seat"]
            winner = seat in self.outcome.winners
            r = pygame.Rect(area.left, y, area.width, step - 6)
            if winner:
                fill_rounded(surface, (*theme.ACCENT_LO, 70), r, 8)
                fill_rounded(surface, theme.ACCENT, r, 8, 1)
            elif i % 2 == 0:
                fill_rounded(surface, (255, 255, 255, 10), r, 8)
            name = str(p.get("name") or (self.names[seat] if seat < len(self.names)
                                         else f"Seat {seat + 1}"))
            why = p.get("reason") or p.get("note")
            x = r.left + 12
            if winner:
                draw_text(surface, "★", (x, r.centery), 20, theme.ACCENT_HI, "symbols2",
                          "midleft")
                x += 28
            name_y = r.centery - (9 if why else 0)
            draw_text(surface, name, (x, name_y), 18, theme.TEXT, "bold" if winner else "sans",
                      "midleft")
            if why:  # the game's words for this seat's outcome
                draw_text(surface, str(why), (x, name_y + 20), 14, theme.TEXT_DIM, anchor="midleft")
            values = dict(parts)
            for c, label in enumerate(columns):
                if label in values:
                    draw_text(surface, _num(values[label]),
                              (area.left + name_w + c * col_w + col_w // 2, r.centery), 17,
                              theme.TEXT, anchor="center")
            draw_text(surface, _num(p.get("score", "")), (r.right - 12, r.centery), 22,
                      theme.ACCENT_HI if winner else theme.TEXT, "bold", "midright")
            y += step
        tiebreak = self.details.get("tiebreak")
        if tiebreak:
            draw_wrapped(surface, f"Tie-break: {tiebreak}",
                         pygame.Rect(area.left, y + 6, area.width, 44), 16, theme.TEXT_DIM)
