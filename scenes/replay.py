"""The replay viewer: a recorded game shown on the game's own table (scenes/tables.py), fed by a
ReplaySession (game/replay.py) instead of by players, with the viewer's controls in the column
on the right (where a table's log is).

The table is the one a game is played on, told only what the session says: it sees through
the chosen seat's eyes (that seat's view only), nobody can play on it (the session offers no
legal actions), and a step forward plays the move's animation as a live game does. A jump
(back a step, the scrub bar, a log line, the ends) shows the position at once
(`TableScene.show_position`): nothing is replayed on the table.

The column, top to bottom: the game and the move shown; whose eyes ("Seen by": each seat, and
"Every hand" — the spectator's table with every hand and deck listed over it — only once the
game is over, or for a game nobody at the screen played in); back to the start, one step back,
play/pause, one step on, to the end; the speed (the animation speeds ×1, ×2, ×4, instant);
the coach's Hint and Back; a scrub bar charting each seat's score over the game (click or drag
it to jump), with red ticks where the person's move differed from the coach's; the log of what
the chosen seat saw up to the moment shown (click a line to go there).

Keys: Left/Right step, Space play/pause, Home/End, A the coach's hint (the tables' hint key),
Esc back; the table's own Z (zoom), H (help) and C (language) work as at play.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.core.contract import IllegalAction
from game.replay import SCORE_NAMES, ReplayError, ReplaySession, load, read_file
from scenes.manager import HEIGHT, WIDTH, Scene
from scenes.table.coach import COACH, HINT_KEY
from scenes.table.pieces import LOG_WIDTH
from scenes.tables import TABLES
from sprites import text, theme
from sprites.log import PLAYER_COLOURS
from sprites.speed import CHOICES as SPEEDS
from sprites.speed import factor as speed_factor
from sprites.widgets import Button, Choice, ChoiceMenu, WidgetGroup, draw_text, fill_rounded

#: a move stays shown this long at ×1 once its animation is over, while playing (as a bot's)
HOLD_X1 = 0.4
PANEL = pygame.Rect(WIDTH - LOG_WIDTH, 0, LOG_WIDTH, HEIGHT)
INNER = PANEL.inflate(-24, 0)
SCRUB = pygame.Rect(INNER.x, 236, INNER.w, 80)
LOG = pygame.Rect(PANEL.x + 6, 326, PANEL.w - 12, HEIGHT - 326 - 6)
LOG_SIZE, LOG_LINE = 15, 19
OPEN = -1  # the seat chooser's "Every hand"
#: keys the table keeps in a replay (the rest are the viewer's, or would ask for a move)
TABLE_KEYS_OFF = {pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER,
                  pygame.K_l, *range(pygame.K_1, pygame.K_9 + 1)}


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
        self.title = session.game.title.split(":")[0]
        self.seats = session.seats()
        you = next((i for i, s in enumerate(self.seats) if s.kind == "you"), 0)
        self.viewer: int = you
        self.playing = False
        self._still = 0.0  # how long the table has been still while playing
        self._dragging = False
        self.menu: ChoiceMenu | None = None
        self.jump_cpu: list[float] = []  # the smoke run's jumps (`jump_to_random`)
        self._seat_text: tuple[int | None, str] = (None, "")
        session.seek(0)
        self.table = TABLES[session.game.name](app, session)
        self.table.aside = True
        self._show_seat()
        self._log: tuple[tuple, pygame.Surface, list[tuple[int, int]]] | None = None
        self._sheet: tuple[tuple, pygame.Surface] | None = None
        self._lines: dict[tuple[str, int], pygame.Surface] = {}  # a log line, drawn once
        self.log_scroll = 0
        self.chart = self._draw_chart()
        self.backdrop = self._draw_backdrop()
        #: the coach's advice at each of the person's moves (step -> differed?), worked out a
        #: little every frame
        self.coach_marks: dict[int, bool] = {}
        self._coach_todo = [n for n in range(1, session.length + 1)
                            if self.seats[session.acted(n).seat].kind == "you"]
        #: the hint shown: (position, its words)
        self.hint: tuple[int, str] | None = None
        self.group = WidgetGroup()
        self.seat_button = self.group.add(Button((INNER.x, 62, INNER.w, 34), "", self.choose_seat,
                                                 "normal", 16, align="left",
                                                 tooltip="Whose eyes the table is seen through"))
        y, x = 104, INNER.x
        controls = [("|<", 38, self.to_start, "Back to the start (Home)"),
                    ("<", 38, self.step_back, "One move back (Left)"),
                    ("Play", 70, self.toggle, "Play or pause (Space)"),
                    (">", 38, self.step_on, "One move on (Right)"),
                    (">|", 38, self.to_end, "To the end (End)")]
        for label, w, action, tip in controls:
            b = self.group.add(Button((x, y, w, 36), label, action,
                                      "primary" if label == "Play" else "normal", 17, tooltip=tip))
            if label == "Play":
                self.play_button = b
            x += w + 6
        self.speed_choice = self.group.add(Choice((INNER.x, 148, INNER.w, 34), SPEEDS,
                                                  self.speed, self.set_speed, size=15))
        self.group.add(Button((INNER.x, 190, 120, 34), "Hint (A)", self.ask_hint, "normal", 16,
                              tooltip="What the Normal AI would do here, and why"))
        self.group.add(Button((INNER.right - 120, 190, 120, 34), "Back", self.back, "ghost", 16,
                              tooltip="Leave the replay (Esc)"))

    # --- whose eyes -------------------------------------------------------------------------
    @property
    def shown_as(self) -> int | None:
        """The seat whose view is shown (None for "Every hand": the public side of events)."""
        return None if self.viewer == OPEN else self.viewer

    def seat_label(self, seat: int) -> str:
        if seat == OPEN:
            return "Every hand"
        name = self.seats[seat].name
        return name + (" (you)" if self.seats[seat].kind == "you" and name != "You" else "")

    def choose_seat(self) -> None:
        options = [(i, self.seat_label(i)) for i in range(len(self.seats))]
        if self.session.open_allowed():
            options.append((OPEN, self.seat_label(OPEN)))
        menu = ChoiceMenu((0, 0), options, self.set_viewer, title="Seen by")
        menu.rect.topright = (PANEL.left - 8, self.seat_button.rect.top)
        menu.rect.clamp_ip(pygame.Rect(0, 0, WIDTH, HEIGHT))
        self.menu = menu

    def set_viewer(self, seat: int) -> None:
        if seat == OPEN and not self.session.open_allowed():
            return
        self.viewer = seat
        self.hint = None
        self._show_seat()

    def _show_seat(self) -> None:
        """The table seen through the chosen seat's eyes (a spectator's for "Every hand")."""
        t = self.table
        t.viewer = self.shown_as
        t.relayout()
        t.show_position()

    # --- moving -----------------------------------------------------------------------------
    @property
    def speed(self) -> str:
        return getattr(self.app.settings, "animation_speed", "x1")

    def set_speed(self, speed: str) -> None:
        """The animation speed is the app's one setting: the table follows it."""
        self.app.settings.animation_speed = speed
        if hasattr(self.app, "save_settings"):
            self.app.save_settings()

    def seek(self, n: int) -> None:
        """Show the moment after `n` actions: one step on animates, anything else jumps."""
        s = self.session
        n = max(0, min(n, s.length))
        if n == s.position + 1:
            s.forward()
            self.table.take_news()
        elif n != s.position:
            s.seek(n)
            s.poll(self.shown_as)  # nothing to animate: the table shows the position at once
            self.table.show_position()
        self.hint = None
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
        self._still = 0.0

    def back(self) -> None:
        self.playing = False
        self.session.close()
        self.back_to()

    def ask_hint(self) -> None:
        """The coach's move at this moment for the seat watched (any seat to act once every
        hand may be seen): the words here, its card and target outlined on the table."""
        s = self.session
        acting = s.to_act()
        if s.is_over() or not acting:
            self.hint = (s.position, "The game is over: there is nothing to advise.")
            return
        if self.shown_as in acting:
            seat = self.shown_as
        elif s.open_allowed():
            seat = acting[0]
        else:
            who = ", ".join(self.seats[p].name for p in acting)
            self.hint = (s.position, f"{who} to choose: watch that seat for a hint.")
            return
        try:
            advice = s.hint(seat)
        except IllegalAction as e:
            self.hint = (s.position, e.reason)
            return
        self.hint = (s.position, f"{self.seats[seat].name}: {advice.sentence}")
        if seat == self.shown_as:
            self.table.show_advice(seat, advice, words=False)

    # --- events -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.menu is not None:
            self.menu.handle_event(event)
            if not self.menu.open:
                self.menu = None
            return
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: self.step_back, pygame.K_RIGHT: self.step_on,
                    pygame.K_SPACE: self.toggle, pygame.K_HOME: self.to_start,
                    pygame.K_END: self.to_end, HINT_KEY: self.ask_hint,
                    pygame.K_ESCAPE: self.back}
            if event.key in keys:
                keys[event.key]()
            elif event.key not in TABLE_KEYS_OFF:
                self.table.handle_event(event)
            return
        if self.group.handle_event(event):
            return
        pos = getattr(event, "pos", None)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and pos is not None:
            if SCRUB.collidepoint(pos):
                self._dragging = True
                self.playing = False
                self.seek(self._scrub_step(pos[0]))
            elif LOG.collidepoint(pos) and self._log is not None:
                for step, top in self._log[2]:
                    if top <= pos[1] < top + LOG_LINE:
                        self.playing = False
                        self.seek(step)
                        break
        elif event.type == pygame.MOUSEMOTION:
            if self._dragging:
                self.seek(self._scrub_step(pos[0]))
            # the table sees the pointer (zoom, tooltips) only over its part of the screen
            over = pos if not PANEL.collidepoint(pos) else (-100, -100)
            self.table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=over,
                                                       rel=event.rel, buttons=event.buttons))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._dragging = False
        elif event.type == pygame.MOUSEWHEEL and LOG.collidepoint(pygame.mouse.get_pos()):
            self.log_scroll = max(0, self.log_scroll + event.y)

    def _scrub_step(self, x: int) -> int:
        t = (x - SCRUB.left) / max(1, SCRUB.width - 1)
        return round(max(0.0, min(1.0, t)) * self.session.length)

    def update(self, dt: float) -> None:
        self.group.update(dt)
        self.play_button.text = "Pause" if self.playing else "Play"
        if self._seat_text[0] != self.viewer:
            label = "Seen by: " + text.ellipsize(self.seat_label(self.viewer), 16, 150)
            self._seat_text = (self.viewer, label)
        self.seat_button.text = self._seat_text[1]
        self.table.update(dt)
        if self.playing:
            self._play(dt)
        self._coach_some(0.002)

    def _play(self, dt: float) -> None:
        """The next move once the table has shown this one (as long as a bot's at the speed)."""
        if self.table.timeline.busy:
            self._still = 0.0
            return
        self._still += dt
        if self._still >= HOLD_X1 / speed_factor(self.speed):
            self._still = 0.0
            if self.session.position >= self.session.length:
                self.playing = False
            else:
                self.seek(self.session.position + 1)

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
            self._log = None

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        t.draw(surface)
        if self.viewer == OPEN:
            surface.blit(self._sheet_image(), (0, 0))
        surface.blit(self.backdrop, PANEL)
        s = self.session
        draw_text(surface, f"Replay · move {s.position} of {s.length}", (INNER.x, 38), 15,
                  theme.TEXT_DIM)
        self._draw_scrub(surface)
        top = LOG.top
        if self.hint is not None and self.hint[0] == s.position:
            top = self._draw_hint(surface) + 6
        surface.blit(self._log_image(LOG.bottom - top), (LOG.x, top))
        self.group.draw(surface)
        if t.help_open:
            t.draw_help(surface)
        t.draw_zoom(surface)  # a zoomed card may reach over the column
        self.group.draw_overlays(surface)
        if self.menu is not None:
            self.menu.draw(surface)

    def _draw_hint(self, surface: pygame.Surface) -> int:
        """The hint's words at the top of the log's place; returns its bottom."""
        lines = text.wrap(self.hint[1], 15, LOG.w - 24)[:6]
        box = pygame.Rect(LOG.x, LOG.top, LOG.w, 14 + 19 * len(lines))
        fill_rounded(surface, (14, 20, 26), box, 8)
        fill_rounded(surface, (*COACH, 200), box, 8, 2)
        for i, line in enumerate(lines):
            draw_text(surface, line, (box.x + 12, box.y + 7 + 19 * i), 15, COACH if i == 0
                      else theme.TEXT)
        return box.bottom

    def _log_image(self, height: int) -> pygame.Surface:
        s = self.session
        rows = max(1, (height - 30) // LOG_LINE)
        key = (s.position, self.viewer, self.log_scroll, height)
        if self._log is not None and self._log[0] == key:
            return self._log[1]
        image = pygame.Surface((LOG.w, height), pygame.SRCALPHA)
        draw_text(image, "Log · click a line to go there", (8, 4), 14, theme.TEXT_DIM, "bold")
        total = s.log_size(self.shown_as)
        self.log_scroll = min(self.log_scroll, max(0, total - rows))
        lines = s.log(self.shown_as, last=rows + self.log_scroll)[:rows]
        spots = []
        for k, (step, line) in enumerate(lines):
            y = 26 + k * LOG_LINE
            image.blit(self._line(line, s.acted(step).seat), (16, y))
            if self.coach_marks.get(step):
                pygame.draw.circle(image, theme.BAD, (7, y + 9), 3)
            spots.append((step, LOG.bottom - height + y))  # where the line is on the screen
        self._log = (key, image, spots)
        return image

    def _line(self, line: str, seat: int) -> pygame.Surface:
        """One log line in its seat's colour, cut to the column (drawn once)."""
        key = (line, seat)
        image = self._lines.get(key)
        if image is None:
            if len(self._lines) > 4000:
                self._lines.clear()
            colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
            image = self._lines[key] = text.render(_cut(line, LOG_SIZE, LOG.w - 26), LOG_SIZE,
                                                   colour)
        return image

    def _draw_backdrop(self) -> pygame.Surface:
        """The column's unchanging part: its ground and the game's title."""
        image = pygame.Surface(PANEL.size)
        image.fill((18, 18, 26))
        pygame.draw.line(image, (70, 70, 84), (0, 0), (0, PANEL.h))
        draw_text(image, text.ellipsize(self.title, 22, INNER.w, "serif"), (INNER.x - PANEL.x, 8),
                  22, theme.ACCENT_HI, "serif")
        screen = pygame.display.get_surface()
        return image.convert(screen) if screen is not None else image

    def _draw_chart(self) -> pygame.Surface:
        """Each seat's charted score over the whole game, drawn once."""
        s = self.session
        image = pygame.Surface(SCRUB.size, pygame.SRCALPHA)
        fill_rounded(image, (*theme.PANEL_HI, 255), image.get_rect(), 8)
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
                    y = SCRUB.height - 6 - (row[seat] - low) / span * (SCRUB.height - 34)
                    points.append((x, y))
                if len(points) > 1:
                    pygame.draw.lines(image, PLAYER_COLOURS[seat % len(PLAYER_COLOURS)], False,
                                      points, 2)
        draw_text(image, SCORE_NAMES.get(s.game.name, "score") + " · click to go there", (8, 3),
                  14, theme.TEXT_DIM)
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
        pygame.draw.line(surface, theme.ACCENT_HI, (x, SCRUB.top + 26), (x, SCRUB.bottom), 2)
        pygame.draw.circle(surface, theme.ACCENT_HI, (int(x), SCRUB.top + 26), 5)

    def _sheet_image(self) -> pygame.Surface:
        """"Every hand": each hand and deck at this moment, by name, over the table."""
        key = (self.session.position,)
        if self._sheet is not None and self._sheet[0] == key:
            return self._sheet[1]
        image = pygame.Surface((PANEL.left, HEIGHT), pygame.SRCALPHA)
        width = PANEL.left - 48
        lines: list[str] = []
        for whose, cards in self.session.open_hands():
            words = f"{whose} ({len(cards)}): " + (", ".join(cards) if cards else "none")
            wrapped = text.wrap(words, 15, width - 32)
            lines += [wrapped[0], *("   " + more for more in wrapped[1:2])]  # two lines each
        lines = lines[:(HEIGHT - 56 - 120 - 50) // 19]
        box = pygame.Rect(24, 56, width, 50 + 19 * len(lines))
        fill_rounded(image, (12, 12, 20, 232), box, 12)
        draw_text(image, "Every hand and deck at this moment", (box.x + 16, box.y + 10), 17,
                  theme.ACCENT_HI, "bold")
        for i, line in enumerate(lines):
            draw_text(image, line, (box.x + 16, box.y + 40 + 19 * i), 15, theme.TEXT)
        self._sheet = (key, image)
        return image

    # --- the smoke run ----------------------------------------------------------------------
    def jump_to_random(self, rng: random.Random) -> float:
        """Show a random moment (seek, the table shown there, the frame drawn): the seconds
        it took (wall clock; this thread's processor time goes to `jump_cpu`, which a loaded
        machine does not inflate)."""
        t0, c0 = time.perf_counter(), time.thread_time()
        self.seek(rng.randrange(self.session.length + 1))
        self.app.draw()
        self.jump_cpu.append(time.thread_time() - c0)
        return time.perf_counter() - t0


def _cut(line: str, size: int, width: int) -> str:
    """`line`, cut with an ellipsis to fit `width` pixels (a few measurements, not one a
    character: a jump draws many new lines)."""
    if text.width(line, size) <= width:
        return line
    low, high = 0, len(line)
    while low < high:
        mid = (low + high + 1) // 2
        if text.width(line[:mid] + "…", size) <= width:
            low = mid
        else:
            high = mid - 1
    return line[:low] + "…"
