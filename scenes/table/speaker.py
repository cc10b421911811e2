"""The sound's state on the table: a small speaker in the top left corner, crossed out while
the sound is off; a click on it (or M anywhere) turns the sound off or on again."""

from __future__ import annotations

import pygame

from sprites import icons
from sprites.zones import panel

SIZE = 30


class SpeakerPart:
    """Part of TableScene (scenes/table/base.py)."""

    def speaker_rect(self) -> pygame.Rect:
        t = self.table_rect
        return pygame.Rect(t.x + 8, 8, SIZE, SIZE)

    def muted(self) -> bool:
        return bool(self.setting("muted", False)) or not self.setting("volume", 60)

    def speaker_event(self, event: pygame.event.Event) -> bool:
        """A click on the speaker turns the sound off or on (the app's M)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.speaker_rect().collidepoint(event.pos) and hasattr(self.app, "toggle_mute"):
            self.app.toggle_mute()
            return True
        return False

    def speaker_tip(self, pos: tuple[int, int]) -> str | None:
        if not self.speaker_rect().collidepoint(pos):
            return None
        return "Sound is off: click (or M) to turn it on." if self.muted() else \
            "Sound is on: click (or M) to turn it off."

    def draw_speaker(self, surface: pygame.Surface) -> None:
        r = self.speaker_rect()
        muted = self.muted()
        hover = r.collidepoint(self.mouse)
        panel(surface, r, (12, 10, 24, 200 if hover else 150),
              (*self.accent, 220 if hover else 90), radius=8, width=1)
        img = icons.speaker(muted, SIZE - 8)
        if muted:
            img.set_alpha(200)
        surface.blit(img, img.get_rect(center=r.center))
        img.set_alpha(255)
