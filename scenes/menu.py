"""The main menu: emblem, title and five buttons (mouse, or arrows + Enter)."""

from __future__ import annotations

import json

import pygame

from scenes import storage
from scenes.manager import HEIGHT, WIDTH, Scene
from sprites import theme
from sprites.widgets import Button, WidgetGroup, draw_text

BUTTON_W, BUTTON_H, GAP = 320, 52, 14


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
            ("new", "New game", app.open_setup, "primary", ""),
            ("continue", "Continue", app.continue_game, "normal", "Resume the game in progress"),
            ("rules", "Rules", app.open_rules, "normal", "Read the rules of each game"),
            ("settings", "Settings", app.open_settings, "normal", "Animation speed, highlights, "
             "symbols, fullscreen"),
            ("quit", "Quit", app.quit, "ghost", ""),
        ]
        top = 340
        for i, (key, text, action, kind, tip) in enumerate(entries):
            rect = pygame.Rect(0, 0, BUTTON_W, BUTTON_H)
            rect.midtop = (WIDTH // 2, top + i * (BUTTON_H + GAP))
            self.buttons[key] = self.group.add(Button(rect, text, action, kind, tooltip=tip))
        self.emblem = theme.draw_emblem(140)
        from scenes.app import version

        self.version = version()
        self._t = 0.0

    def on_enter(self) -> None:
        cont = self.buttons["continue"]
        cont.enabled = storage.has_saved_game()
        cont.tooltip = saved_game_summary() if cont.enabled else ""
        if self.group.focus is None or not self.group.focus.enabled:
            # a game in progress is the likely wish; otherwise a new one
            self.group.set_focus(cont if cont.enabled else self.buttons["new"])

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
        draw_text(surface, "Arrows + Enter   ·   F11 fullscreen", (WIDTH - 24, HEIGHT - 18), 15,
                  theme.TEXT_DIM, anchor="bottomright")
        draw_text(surface, f"v{self.version}", (24, HEIGHT - 18), 15, theme.TEXT_DIM,
                  anchor="bottomleft")
        self.group.draw_overlays(surface)
