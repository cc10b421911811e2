"""The replay viewer: a recorded game shown through a ReplaySession (game/replay.py).

Controls (bottom): back to the start, one step back, play/pause, one step on, to the end; the
speed (the animation speeds ×1, ×2, ×4, instant); a scrub bar with each seat's charted score
over the game (click or drag it to jump) and marks where the person's move differed from the
coach's hint (game/coach.py). The log (right) shows what the chosen seat saw up to the moment
shown; click a line to jump there. The seat chooser (top) picks whose eyes you see through;
"All" (every hand) is offered only once the game is over, or for a game nobody at the screen
played in.

Keys: Left/Right step, Space play/pause, Home/End, A the coach's hint, Esc back.

The board (centre) draws the chosen seat's view as the rules give it. Once the game tables read
a table session (game/session.py), the game's own table driven by the same ReplaySession takes the
board's place; the controls stay as they are.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.replay import SCORE_NAMES, ReplayError, ReplaySession, load, read_file
from scenes.manager import Scene
from sprites import text, theme
from sprites.log import PLAYER_COLOURS
from sprites.speed import CHOICES as SPEEDS
from sprites.speed import factor as speed_factor
from sprites.widgets import Button, Choice, WidgetGroup, draw_text, fill_rounded

#: seconds per action at ×1 (faster speeds divide it; "instant": one action a frame)
PACE_X1 = 0.8
BOARD = pygame.Rect(20, 70, 960, 470)
LOG = pygame.Rect(996, 70, 264, 470)
SCRUB = pygame.Rect(20, 600, 1240, 56)
LOG_SIZE, LOG_LINE = 15, 19
OPEN = -1  # the seat chooser's "All"


def open_replay_text(app, data: bytes | str, back: Callable[[], Any] | None = None) -> bool:
    """Show a replay file's contents; a refused one is told in one line (the app goes on)."""
    try:
        session = load(data)
    except ReplayError as e:
        app.toast(f"The replay cannot be shown: {e.message}.", 6.0)
        return False
    app.manager.reset(ReplayViewer(app, session, back))
    return True


def open_replay_file(app, path: str, back: Callable[[], Any] | None = None) -> bool:
    try:
        session = read_file(path)
    except ReplayError as e:
        app.toast(f"The replay cannot be shown: {e.message}.", 6.0)
        return False
    app.manager.reset(ReplayViewer(app, session, back))
    return True


class ReplayViewer(Scene):
    def __init__(self, app, session: ReplaySession, back: Callable[[], Any] | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.back_to = back or app.to_menu
        self.title = session.game.title
        seats = session.seats()
        you = next((i for i, s in enumerate(seats) if s.kind == "you"), 0)
        self.viewer: int = you
        self.playing = False
        self.speed = app.settings.animation_speed
        self._clock = 0.0
        self._dragging = False
        self._board: tuple[tuple, pygame.Surface] | None = None
        self._log: tuple[tuple, pygame.Surface, list[tuple[int, int]]] | None = None
        self.log_scroll = 0
        self.chart = self._draw_chart()
        #: the coach's advice at each of the person's moves (step -> differed?), filled in
        #: a little every frame
        self.coach_marks: dict[int, bool] = {}
        self._coach_todo = [n for n in range(1, session.length + 1)
                            if seats[session.acted(n).seat].kind == "you"]
        self.hint = ""
        self.group = WidgetGroup()
        width = 620 // (len(seats) + session.open_allowed()) - 16  # a segment, less its margin
        options = [(i, text.ellipsize(s.name, 15, width) if len(seats) <= 5 else f"P{i + 1}")
                   for i, s in enumerate(seats)]
        if session.open_allowed():
            options.append((OPEN, "All"))
        self.seat_choice = self.group.add(Choice((360, 16, 620, 38), options, self.viewer,
                                                 self.set_viewer, size=15))
        y = 668
        controls = [("|<", self.to_start, "Back to the start (Home)"),
                    ("<", self.step_back, "One move back (Left)"),
                    ("Play", self.toggle, "Play or pause (Space)"),
                    (">", self.step_on, "One move on (Right)"),
                    (">|", self.to_end, "To the end (End)"),
                    ("Hint", self.ask_hint, "What the Normal AI would do here (A)")]
        self.play_button = None
        for i, (label, action, tip) in enumerate(controls):
            b = self.group.add(Button((20 + i * 92, y, 84, 40), label, action,
                                      "primary" if label == "Play" else "normal", 17,
                                      tooltip=tip))
            if label == "Play":
                self.play_button = b
        self.group.add(Choice((590, y, 380, 40), SPEEDS, self.speed, self.set_speed, size=15))
        self.group.add(Button((1140, y, 120, 40), "Back", self.back, "ghost", 17))
        self.session.seek(0)

    # --- moving -----------------------------------------------------------------------------
    def set_viewer(self, seat: int) -> None:
        self.viewer = seat

    def set_speed(self, speed: str) -> None:
        self.speed = speed

    def seek(self, n: int) -> None:
        self.session.seek(n)
        self.session.poll(self.shown_as)
        self.hint = ""
        self.log_scroll = 0

    def to_start(self) -> None:
        self.playing = False
        self.seek(0)

    def to_end(self) -> None:
        self.playing = False
        self.seek(self.session.length)

    def step_back(self) -> None:
        self.playing = False
        self.seek(self.session.position - 1)

    def step_on(self) -> None:
        self.seek(self.session.position + 1)

    def toggle(self) -> None:
        if not self.playing and self.session.position >= self.session.length:
            self.seek(0)
        self.playing = not self.playing
        self._clock = 0.0

    def back(self) -> None:
        self.session.close()
        self.back_to()

    @property
    def shown_as(self) -> int | None:
        """The seat whose view is shown (None for "All": the events' public side)."""
        return None if self.viewer == OPEN else self.viewer

    def ask_hint(self) -> None:
        from game.coach import hint_at

        seat = self.session.to_act()
        if self.session.is_over() or not seat:
            self.hint = "The game is over: there is nothing to advise."
            return
        who = self.viewer if self.viewer in seat else seat[0]
        advice = hint_at(self.session, self.session.position, who)
        self.hint = f"{self.session.seats()[who].name}: {advice.sentence}"

    # --- events -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: self.step_back, pygame.K_RIGHT: self.step_on,
                    pygame.K_SPACE: self.toggle, pygame.K_HOME: self.to_start,
                    pygame.K_END: self.to_end, pygame.K_a: self.ask_hint,
                    pygame.K_ESCAPE: self.back}
            if event.key in keys:
                keys[event.key]()
                return
        if self.group.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if SCRUB.collidepoint(event.pos):
                self._dragging = True
                self.seek(self._scrub_step(event.pos[0]))
            elif LOG.collidepoint(event.pos) and self._log is not None:
                for step, top in self._log[2]:
                    if top <= event.pos[1] - LOG.top < top + LOG_LINE:
                        self.playing = False
                        self.seek(step)
                        break
        elif event.type == pygame.MOUSEMOTION and self._dragging:
            self.seek(self._scrub_step(event.pos[0]))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._dragging = False
        elif event.type == pygame.MOUSEWHEEL and LOG.collidepoint(pygame.mouse.get_pos()):
            self.log_scroll = max(0, self.log_scroll + event.y)

    def _scrub_step(self, x: int) -> int:
        t = (x - SCRUB.left) / max(1, SCRUB.width - 1)
        return round(max(0.0, min(1.0, t)) * self.session.length)

    def update(self, dt: float) -> None:
        self.group.update(dt)
        if self.play_button is not None:
            self.play_button.text = "Pause" if self.playing else "Play"
        if self.playing:
            self._clock += dt
            pace = PACE_X1 / speed_factor(self.speed)
            while self.playing and self._clock >= pace:
                self._clock -= pace
                if not self.session.forward():
                    self.playing = False
                if pace == 0:
                    break
            self.session.poll(self.shown_as)
        self._coach_some(0.002)

    def _coach_some(self, budget: float) -> None:
        """Compare a few of the person's moves with the coach's (a slice of a frame each)."""
        if not self._coach_todo:
            return
        from game.coach import hint_at

        end = time.perf_counter() + budget
        while self._coach_todo and time.perf_counter() < end:
            n = self._coach_todo.pop(0)
            step = self.session.acted(n)
            advice = hint_at(self.session, n - 1, step.seat)
            self.coach_marks[n] = advice.action != step.action

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_background(surface, self.session.game.name)
        s = self.session
        draw_text(surface, f"Replay · {self.title.split(':')[0]}", (20, 14), 26, theme.ACCENT_HI,
                  "serif")
        draw_text(surface, f"Move {s.position} of {s.length}", (20, 46), 15, theme.TEXT_DIM)
        surface.blit(self._board_image(), BOARD)
        surface.blit(self._log_image(), LOG)
        self._draw_scrub(surface)
        if self.hint:
            box = pygame.Rect(20, 548, 1240, 44)
            fill_rounded(surface, (*theme.PANEL, 235), box, 8)
            line = text.ellipsize("Hint: " + self.hint, 16, box.width - 24)
            draw_text(surface, line, (box.left + 12, box.centery), 16, theme.ACCENT_HI,
                      anchor="midleft")
        self.group.draw(surface)
        self.group.draw_overlays(surface)

    def _board_image(self) -> pygame.Surface:
        key = (self.session.position, self.viewer)
        if self._board is not None and self._board[0] == key:
            return self._board[1]
        image = pygame.Surface(BOARD.size, pygame.SRCALPHA)
        fill_rounded(image, (*theme.PANEL, 215), image.get_rect(), 12)
        s = self.session
        seats = s.seats()
        acting = s.to_act()
        n = s.position
        w = (BOARD.width - 24) // max(1, min(len(seats), 5))
        for i, seat in enumerate(seats):
            r = pygame.Rect(12 + (i % 5) * w, 12 + (i // 5) * 58, w - 8, 50)
            fill_rounded(image, (*theme.PANEL_HI, 255), r, 8)
            if i in acting:
                fill_rounded(image, theme.ACCENT, r, 8, 2)
            colour = PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
            draw_text(image, text.ellipsize(seat.name, 15, r.width - 16), (r.left + 8, r.top + 6),
                      15, colour, "bold")
            score = s.scores[n][i]
            label = SCORE_NAMES.get(s.game.name, "score")
            value = "–" if score is None else f"{score:g}"
            draw_text(image, f"{label} {value}", (r.left + 8, r.top + 27), 14, theme.TEXT_DIM)
        y = 12 + ((len(seats) + 4) // 5) * 58 + 6
        who = "every seat (the game is over)" if self.viewer == OPEN else seats[self.viewer].name
        prompt = s.prompt(self.shown_as if self.shown_as is not None else (acting or (0,))[0])
        draw_text(image, text.ellipsize(f"Now: {prompt}", 16, BOARD.width - 24), (12, y), 16,
                  theme.TEXT)
        draw_text(image, f"Seen by {who}", (12, y + 24), 14, theme.TEXT_DIM)
        y += 52
        view = s.open_view() if self.viewer == OPEN else s.view(self.viewer)
        for line in _view_lines(view):
            if y > BOARD.height - 24:
                break
            # a long line is cut to what could fit first: measuring all of it costs milliseconds
            draw_text(image, text.ellipsize(line[:160], 14, BOARD.width - 24), (12, y), 14,
                      theme.TEXT)
            y += 18
        self._board = (key, image)
        return image

    def _log_image(self) -> pygame.Surface:
        key = (self.session.position, self.viewer, self.log_scroll)
        if self._log is not None and self._log[0] == key:
            return self._log[1]
        image = pygame.Surface(LOG.size, pygame.SRCALPHA)
        fill_rounded(image, (*theme.PANEL, 225), image.get_rect(), 12)
        draw_text(image, "Log (click a line to go there)", (12, 8), 14, theme.TEXT_DIM, "bold")
        rows = max(1, (LOG.height - 36) // LOG_LINE)
        lines = self.session.log(self.shown_as)
        self.log_scroll = min(self.log_scroll, max(0, len(lines) - rows))
        start = max(0, len(lines) - rows - self.log_scroll)
        spots = []
        for k, (step, line) in enumerate(lines[start:start + rows]):
            top = 30 + k * LOG_LINE
            seat = self.session.acted(step).seat
            mark = self.coach_marks.get(step)
            colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
            draw_text(image, text.ellipsize(line[:48], LOG_SIZE, LOG.width - 30), (16, top), LOG_SIZE,
                      colour)
            if mark:
                pygame.draw.circle(image, theme.BAD, (8, top + 9), 3)
            spots.append((step, top))
        self._log = (key, image, spots)
        return image

    def _draw_chart(self) -> pygame.Surface:
        """Each seat's charted score over the whole game, drawn once."""
        s = self.session
        image = pygame.Surface(SCRUB.size, pygame.SRCALPHA)
        fill_rounded(image, (*theme.PANEL, 230), image.get_rect(), 8)
        values = [v for row in s.scores for v in row if v is not None]
        if values and s.length:
            low, high = min(values), max(values)
            span = (high - low) or 1.0
            for seat in range(s.players):
                points = []
                for n, row in enumerate(s.scores):
                    if row[seat] is None:
                        continue
                    x = n * (SCRUB.width - 1) / s.length
                    y = SCRUB.height - 6 - (row[seat] - low) / span * (SCRUB.height - 12)
                    points.append((x, y))
                if len(points) > 1:
                    pygame.draw.lines(image, PLAYER_COLOURS[seat % len(PLAYER_COLOURS)], False,
                                      points, 2)
        label = SCORE_NAMES.get(s.game.name, "score")
        draw_text(image, label, (8, 4), 14, theme.TEXT_DIM)
        return image

    def _draw_scrub(self, surface: pygame.Surface) -> None:
        s = self.session
        surface.blit(self.chart, SCRUB)
        length = max(1, s.length)
        for n, differed in self.coach_marks.items():
            if differed:
                x = SCRUB.left + n * (SCRUB.width - 1) / length
                pygame.draw.line(surface, theme.BAD, (x, SCRUB.bottom - 8), (x, SCRUB.bottom))
        x = SCRUB.left + s.position * (SCRUB.width - 1) / length
        pygame.draw.line(surface, theme.ACCENT_HI, (x, SCRUB.top), (x, SCRUB.bottom), 2)
        pygame.draw.circle(surface, theme.ACCENT_HI, (int(x), SCRUB.top), 6)

    # --- the smoke run ----------------------------------------------------------------------
    def jump_to_random(self, rng: random.Random) -> float:
        """Show a random moment (seek, view and board drawn): the seconds it took."""
        t0 = time.perf_counter()
        self.seek(rng.randrange(self.session.length + 1))
        self.app.draw()
        return time.perf_counter() - t0


def _view_lines(view: Any) -> list[str]:
    """A seat's view, one short line per part (the board until the tables read a session)."""
    out = []
    if not isinstance(view, dict):
        return [str(view)]
    for key, value in view.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for i, item in enumerate(value):
                parts = ", ".join(f"{k} {_short(v)}" for k, v in item.items())
                out.append(f"{key} {i + 1}: {parts}")
        elif isinstance(value, dict):
            out.append(f"{key}: " + ", ".join(f"{k} {_short(v)}" for k, v in value.items()))
        else:
            out.append(f"{key}: {_short(value)}")
    return out


def _short(value: Any) -> str:
    if isinstance(value, list):
        if len(value) > 8:
            return f"[{len(value)}]"
        return "[" + " ".join(_short(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{…}"
    return str(value)
