"""The main menu: emblem, title and its buttons (mouse, or arrows + Enter); "Host a table" and
"Join a table" (scenes/net) side by side under Rules.

At the app's start the saved games are checked once: a damaged one is set aside and the menu
says so. With a saved game, Continue has the focus (several: it lists them, `ChooseSave`); a
new game of a game that has a save asks first (`ConfirmReplace`, from App.new_game).
"""

from __future__ import annotations

import pygame

from scenes import storage
from scenes.manager import HEIGHT, WIDTH, Dialog, Scene
from sprites import theme
from sprites.widgets import Button, Panel, WidgetGroup, draw_text, draw_wrapped

BUTTON_W, BUTTON_H, GAP = 320, 46, 8
NET_ROW = 3  # the row of "Host a table" and "Join a table", under Rules


def describe(save: dict) -> str:
    """"Madoka Magica — 4 players, 12 moves made" for a saved game (storage.saved_games)."""
    if "problem" in save:
        return f"{save['title']} — cannot be read ({save['problem']})"
    moves = save["moves"]
    return (f"{save['title']} — {save['players']} players, "
            f"{moves} move{'' if moves == 1 else 's'} made")


def saved_game_summary(game: str | None = None) -> str:
    """"Resume Madoka Magica — 4 players, 12 moves made" from a saved game (None: what
    Continue offers: the one saved game, or how many there are), read without side effects."""
    try:
        saves = [s for s in storage.saved_games() if game is None or s["game"] == game]
    except OSError:
        saves = []
    if len(saves) == 1:
        return "Resume " + describe(saves[0])
    if saves:
        return f"{len(saves)} saved games: " + ", ".join(s["title"] for s in saves)
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
        """The setup screen: saves are kept per game, so a new game asks only when the game
        chosen there has a saved game (App.new_game)."""
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


class ConfirmReplace(Dialog):
    """"You have a saved Madoka game …: Continue it, or start a new one (which replaces it
    once you make your first move)?" — a new game never replaces a saved one unasked."""

    def __init__(self, app, game: str, start) -> None:
        super().__init__(app)
        self.game, self.start_new = game, start
        self.summary = saved_game_summary(game).removeprefix("Resume ")
        self.panel = Panel(pygame.Rect(0, 0, 600, 236), "Replace your saved game?")
        self.panel.rect.center = (WIDTH // 2, HEIGHT // 2)
        body = self.panel.body
        self.group = WidgetGroup()
        third = (body.width - 24) // 3
        self.keep = self.group.add(Button((body.left, body.bottom - 48, third, 48),
                                          "Continue it", self.resume, "primary"))
        self.group.add(Button((body.left + third + 12, body.bottom - 48, third, 48),
                              "Start new", self.start, "danger"))
        self.group.add(Button((body.right - third, body.bottom - 48, third, 48), "Back",
                              self.close, "ghost"))
        self.group.set_focus(self.keep)  # the safe answer is the default

    def resume(self) -> None:
        self.close()
        self.app.continue_game(self.game)

    def start(self) -> None:
        self.close()
        self.start_new()

    def draw_body(self, surface: pygame.Surface) -> None:
        body = self.panel.body
        draw_wrapped(surface, f"You have a saved game: {self.summary}. A new game of it "
                     "replaces that save once you make your first move; your other games' "
                     "saves are kept.",
                     pygame.Rect(body.left, body.top + 4, body.width, 110), 17, theme.TEXT)


class ChooseSave(Dialog):
    """Continue with several saved games: one button per game, the most recent first."""

    def __init__(self, app, saves: list[dict]) -> None:
        super().__init__(app)
        rows = saves[:6]
        self.panel = Panel(pygame.Rect(0, 0, 640, 130 + 56 * len(rows)), "Continue which game?")
        self.panel.rect.center = (WIDTH // 2, HEIGHT // 2)
        body = self.panel.body
        self.group = WidgetGroup()
        for i, save in enumerate(rows):
            self.group.add(Button((body.left, body.top + 4 + i * 56, body.width, 48),
                                  describe(save), lambda g=save["game"]: self.resume(g),
                                  "primary" if i == 0 else "normal", size=17))
        self.group.add(Button((body.right - 160, body.bottom - 44, 160, 44), "Back", self.close,
                              "ghost", size=17))
        self.group.move_focus(1)

    def resume(self, game: str) -> None:
        self.close()
        self.app.continue_game(game)

