"""The main menu: emblem, title and its buttons (mouse, or arrows + Enter); "Host a table" and
"Join a table" (scenes/net) side by side under Rules.

At the app's start the autosave is checked once: a damaged one is set aside and the menu says
so (Continue stays off). With a saved game, Continue has the focus, and New game asks before
a new game replaces it.
"""

from __future__ import annotations

import json

import pygame

from scenes import storage
from scenes.manager import HEIGHT, WIDTH, Scene
from sprites import theme
from sprites.widgets import Button, Panel, WidgetGroup, dim, draw_text, draw_wrapped

BUTTON_W, BUTTON_H, GAP = 320, 46, 8
NET_ROW = 3  # the row of "Host a table" and "Join a table", under Rules


def saved_game_summary() -> str:
    """"Resume Madoka Magica — 4 players, 12 moves made" from the autosave, read without side effects
    (a broken file is only set aside when the player actually presses Continue)."""
    try:
        data = json.loads(storage.autosave_path().read_text(encoding="utf-8"))
        rec = data["match"]["record"]
        # the title saved beside the match: importing the game to ask it would be slow
        title = str(data.get("title") or rec["game"]).strip()
        moves = len(rec["actions"])
        return (f"Resume {title} — {int(rec['players'])} players, "
                f"{moves} move{'' if moves == 1 else 's'} made")
    except Exception:  # anything odd: Continue will explain it
        return "Resume the game in progress"


class Menu(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.group = WidgetGroup()
        self.buttons: dict[str, Button] = {}
        entries = [
            ("new", "New game", self.new_game, "primary", ""),
            ("continue", "Continue", app.continue_game, "normal", "Resume the game in progress"),
            ("rules", "Rules", app.open_rules, "normal", "Read the rules of each game"),
            ("history", "History", self.open_history, "normal", "Every game you finished or "
             "abandoned: watch it again, export it"),
            ("settings", "Settings", app.open_settings, "normal", "Animation speed, highlights, "
             "symbols, fullscreen"),
            ("quit", "Quit", app.quit, "ghost", ""),
        ]
        top = 322
        for i, (key, text, action, kind, tip) in enumerate(entries):
            rect = pygame.Rect(0, 0, BUTTON_W, BUTTON_H)
            rect.midtop = (WIDTH // 2, top + (i + (i >= NET_ROW)) * (BUTTON_H + GAP))
            self.buttons[key] = self.group.add(Button(rect, text, action, kind, tooltip=tip))
        # play with friends on other computers (scenes/net): a row of two under Rules
        half = (BUTTON_W - GAP) // 2
        row = pygame.Rect(0, top + NET_ROW * (BUTTON_H + GAP), BUTTON_W, BUTTON_H)
        row.centerx = WIDTH // 2
        for key, text, action, rect, tip in (
                ("host", "Host a table", app.open_host, row.move(0, 0),
                 "Play with friends on other computers: you host, they join"),
                ("join", "Join a table", app.open_join, row.move(half + GAP, 0),
                 "Sit at a friend's table: from the list, or with their code")):
            rect.width = half
            self.buttons[key] = self.group.add(Button(rect, text, action, "normal", size=18,
                                                      tooltip=tip))
        # the focus order follows the screen: the row after Rules
        order = [self.buttons[k] for k in ("new", "continue", "rules", "host", "join",
                                           "history", "settings", "quit")]
        self.group.widgets = order + [w for w in self.group.widgets if w not in order]
        self.emblem = theme.draw_emblem(140)
        from scenes.crash import app_version

        self.version = app_version()
        self._t = 0.0
        #: what the menu says under its buttons (a damaged save found at start)
        self.notice = ""
        if not getattr(app, "save_checked", False):
            app.save_checked = True
            try:
                self.notice = storage.check_game() or ""
            except OSError:
                self.notice = "The saved game could not be opened."

    def on_enter(self) -> None:
        self.refresh_continue()

    def refresh_continue(self) -> None:
        cont = self.buttons["continue"]
        had = cont.enabled
        cont.enabled = storage.has_saved_game()
        cont.tooltip = saved_game_summary() if cont.enabled else ""
        if self.group.focus is None or not self.group.focus.enabled or had != cont.enabled:
            # a game in progress is the likely wish; otherwise a new one
            self.group.set_focus(cont if cont.enabled else self.buttons["new"])

    def new_game(self) -> None:
        """A new game; with a saved game, ask first (the new one's first move replaces it)."""
        if storage.has_saved_game():
            self.app.manager.push(ConfirmNewGame(self.app, saved_game_summary()))
        else:
            self.app.open_setup()

    def open_history(self) -> None:
        from scenes.history import HistoryScene

        self.app.manager.reset(HistoryScene(self.app))

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            # Esc goes to Quit rather than quitting at once: a stray key press loses nothing
            quit_button = self.buttons["quit"]
            if self.group.focus is quit_button:
                self.app.quit()
            else:
                self.group.set_focus(quit_button)

    def update(self, dt: float) -> None:
        self._t += dt
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_background(surface, "menu")
        cx = WIDTH // 2
        surface.blit(self.emblem, self.emblem.get_rect(midtop=(cx, 26)))
        draw_text(surface, "Card Table", (cx + 2, 174), 64, (0, 0, 0), "serif", "midtop")
        draw_text(surface, "Card Table", (cx, 170), 64, theme.ACCENT_HI, "serif", "midtop")
        y = 264
        pygame.draw.line(surface, theme.ACCENT_LO, (cx - 170, y), (cx - 18, y))
        pygame.draw.line(surface, theme.ACCENT_LO, (cx + 18, y), (cx + 170, y))
        pygame.draw.polygon(surface, theme.ACCENT, [(cx, y - 6), (cx + 6, y), (cx, y + 6),
                                                    (cx - 6, y)])
        draw_text(surface, "Tabletop card games, with the rules kept for you", (cx, 284), 18,
                  theme.TEXT_DIM, anchor="midtop")
        self.group.draw(surface)
        if self.notice:
            box = pygame.Rect(0, 0, 620, 0)
            box.midtop = (cx, self.buttons["quit"].rect.bottom + 12)
            draw_wrapped(surface, self.notice, box, 16, theme.WARN, align="center")
        draw_text(surface, "Arrows + Enter  ·  F11 fullscreen  ·  M sound", (WIDTH - 24, HEIGHT - 18), 15,
                  theme.TEXT_DIM, anchor="bottomright")
        draw_text(surface, f"v{self.version}", (24, HEIGHT - 18), 15, theme.TEXT_DIM,
                  anchor="bottomleft")
        self.group.draw_overlays(surface)


class ConfirmNewGame(Scene):
    """"Start a new game? Your saved game … is replaced once the new one starts." """

    modal = True

    def __init__(self, app, summary: str) -> None:
        super().__init__(app)
        self.summary = summary
        self.panel = Panel(pygame.Rect(0, 0, 560, 222), "Start a new game?")
        self.panel.rect.center = (WIDTH // 2, HEIGHT // 2)
        body = self.panel.body
        self.group = WidgetGroup()
        half = (body.width - 16) // 2
        self.keep = self.group.add(Button((body.left, body.bottom - 48, half, 48),
                                          "Keep my game", self.close, "normal"))
        self.group.add(Button((body.right - half, body.bottom - 48, half, 48), "Start new",
                              self.start, "primary"))
        self.group.set_focus(self.keep)  # the safe answer is the default

    def close(self) -> None:
        if self.app.manager.top is self:
            self.app.manager.pop()

    def start(self) -> None:
        self.close()
        self.app.open_setup()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        self.panel.draw(surface)
        body = self.panel.body
        draw_wrapped(surface, f"You have a saved game: {self.summary.removeprefix('Resume ')}. "
                     "A new game replaces it once you make the first move.",
                     pygame.Rect(body.left, body.top + 4, body.width, 100), 17, theme.TEXT)
        self.group.draw(surface)
