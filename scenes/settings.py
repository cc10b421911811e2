"""Settings: animation speed, sound volume, highlights, hint marks, colour-blind symbols,
fullscreen, first-game tips (and "Show tips again": every game's tips come back), language.

A modal panel over whatever is below (menu, table). Every change applies at once and is saved.
"""

from __future__ import annotations

import pygame

from scenes.manager import HEIGHT, WIDTH, Modal
from sprites.speed import CHOICES as SPEEDS
from sprites.widgets import Button, Choice, Panel, Toggle, WidgetGroup, dim

VOLUMES = [(0, "Off"), (25, "25%"), (50, "50%"), (60, "60%"), (80, "80%"), (100, "100%")]
TOGGLES = [
    ("highlights", "Highlight legal targets while dragging"),
    ("hint_marks", "Show hint marks on cards"),
    ("colourblind", "Large colour-blind symbols"),
    ("fullscreen", "Fullscreen (F11)"),
    ("tips", "First-game tips"),
]
LANGUAGES = [("en", "English"), ("zh", "中文")]


class SettingsScene(Modal):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.panel = Panel(pygame.Rect(0, 0, 640, 616), "Settings")
        self.panel.rect.center = (WIDTH // 2, HEIGHT // 2)
        body = self.panel.body
        s = app.settings
        self.group = WidgetGroup()
        self.speed = self.group.add(Choice((body.left, body.top + 8, body.width, 44), SPEEDS,
                                           s.animation_speed, self.set_speed,
                                           label="Animation speed", label_width=200))
        volume = min(VOLUMES, key=lambda v: abs(v[0] - s.volume))[0]
        self.volume = self.group.add(Choice((body.left, body.top + 64, body.width, 44), VOLUMES,
                                            volume, self.set_volume,
                                            label="Sound (M mutes)", label_width=200))
        self.toggles: dict[str, Toggle] = {}
        for i, (key, label) in enumerate(TOGGLES):
            rect = (body.left - 12, body.top + 128 + i * 56, body.width + 24, 46)
            self.toggles[key] = self.group.add(
                Toggle(rect, label, getattr(s, key), lambda v, k=key: self.set_flag(k, v)))
        top = body.top + 128 + len(TOGGLES) * 56
        self.language = self.group.add(Choice((body.left, top, body.width, 44), LANGUAGES,
                                              s.language, self.set_language,
                                              label="Language", label_width=200))
        done = pygame.Rect(0, 0, 180, 48)
        done.bottomright = (self.panel.rect.right - 24, self.panel.rect.bottom - 20)
        self.group.add(Button(done, "Done", self.close, "primary"))
        again = pygame.Rect(0, 0, 220, 48)
        again.bottomleft = (self.panel.rect.left + 24, self.panel.rect.bottom - 20)
        self.tips_again = self.group.add(Button(again, "Show tips again", self.show_tips_again,
                                                tooltip="Every first-game tip shows once more"))
        self.group.set_focus(self.speed)

    def set_speed(self, value: str) -> None:
        self.app.settings.animation_speed = value
        self.app.save_settings()

    def set_language(self, value: str) -> None:
        """Every screen, this one too, speaks the new language from the next frame."""
        self.app.settings.language = value
        self.app.apply_settings()
        self.app.save_settings()

    def set_volume(self, value: int) -> None:
        self.app.settings.volume = value
        self.app.settings.muted = value == 0
        self.app.apply_settings()
        self.app.save_settings()
        from sprites import sound

        sound.play("card_snap")  # hear the new level

    def set_flag(self, key: str, value: bool) -> None:
        setattr(self.app.settings, key, value)
        self.app.apply_settings()
        self.app.save_settings()
        self.toggles[key].value = getattr(self.app.settings, key)  # fullscreen may refuse

    def show_tips_again(self) -> None:
        """Every game's first-game tips show once more (and tips are switched on)."""
        self.app.settings.tips_seen = {}
        self.app.settings.tips = True
        self.toggles["tips"].value = True
        self.app.save_settings()
        self.app.toast("The first-game tips will show again.", 2.0)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        elif event.type == pygame.MOUSEBUTTONDOWN and not self.panel.rect.collidepoint(event.pos):
            self.close()

    def update(self, dt: float) -> None:
        self.toggles["fullscreen"].value = self.app.settings.fullscreen
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        self.panel.draw(surface)
        self.group.draw(surface)
