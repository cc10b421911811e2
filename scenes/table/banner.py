"""What the table says: the banner (the rules' prompt, or the part of the turn being played),
"thinking…", tooltips, what choosing a glowing target costs, the help overlay, and in which
language (the C key switches English / 中文). Toasts and notices are scenes/table/notices.py."""

from __future__ import annotations

import time

import pygame

from scenes.manager import HEIGHT, WIDTH
from scenes.table.pieces import veil
from sprites import cards as cardgfx
from sprites import text
from sprites.zones import panel

RISK = (214, 52, 44)  # a choice that loses the game


class BannerPart:
    """Part of TableScene (scenes/table/base.py)."""

    #: the game's own names exist in Chinese too (its data's `name_zh`): the scene draws them
    #: itself by `zh`; every other word is put in the reader's language by the text layer
    bilingual = False

    @property
    def zh(self) -> bool:
        return self.bilingual and self.setting("language", "en") == "zh"

    def toggle_language(self) -> None:
        """C: the app's Language setting (English / 中文), switched, applied and saved."""
        if self.settings is not None:
            self.settings.language = "en" if self.setting("language", "en") == "zh" else "zh"
            if hasattr(self.app, "apply_settings"):
                self.app.apply_settings()
            if hasattr(self.app, "save_settings"):
                self.app.save_settings()
        self._bar_key = None

    def banner_text(self) -> str:
        """The rules' prompt for the viewer; while events play, the part being animated."""
        if self.timeline.busy and self.stage_text:
            return self.stage_text
        if self.choice is not None:  # a choice half made: what is being chosen
            return self.choice[0]
        return self.prompt_text


    def thinking_point(self, seat: int) -> tuple[str, tuple[int, int]] | None:
        """Where a seat's tag ("your turn", "to act", "thinking…") is pinned: (rect anchor,
        point); by default the top right corner inside the seat's area."""
        r = self.seat_rect(seat)
        return ("topright", (r.right - 12, r.y + 6)) if r is not None else None

    def seat_tag(self, seat: int) -> str:
        """What a seat's tag says: an AI thinking, else whose turn it is (the table's acting
        seats, once the animation has caught up), else nothing."""
        if seat == self.thinking_seat():
            return "thinking" + "." * (1 + int(time.monotonic() * 3) % 3)
        if seat in self.shown_acting and not self.timeline.busy and not self.session.is_over():
            return "your turn" if seat == self.acting_human() else "to act"
        return ""

    def draw_thinking(self, surface: pygame.Surface) -> None:
        """The acting seats' tags, on the table at each seat (the banner says it too)."""
        thinking = self.thinking_seat()
        for seat in dict.fromkeys((*self.shown_acting, *(() if thinking is None else (thinking,)))):
            words = self.seat_tag(seat)
            where = self.thinking_point(seat) if words else None
            if where is None:
                continue
            t = text.render(words, 14, self.accent, "bold")
            box = pygame.Rect(0, 0, text.width("thinking...", 14, "bold") + 18 if
                              words.startswith("thinking") else t.get_width() + 18, t.get_height() + 4)
            setattr(box, where[0], where[1])
            box.clamp_ip(self.table_rect.inflate(-4, -4))
            panel(surface, box, (16, 12, 26, 225), (*self.accent, 230), radius=box.h // 2, width=1)
            surface.blit(t, t.get_rect(midleft=(box.x + 9, box.centery)))


    def draw_costs(self, surface: pygame.Surface) -> None:
        """On each target that glows: what choosing it costs, at its foot; a target whose
        choice loses the game carries a red warning, and while the pointer is over it (a drag
        about to land, a click about to be made) the rules' words for the consequence."""
        for rect, price in self.glow_costs:
            t = text.render(price, 14, (20, 16, 30), "bold")
            # on the target's bottom edge: over its border, not its labels or what lies below
            box = t.get_rect(center=(rect.centerx, rect.bottom)).inflate(14, 6)
            if not self.table_rect.contains(box):
                box = t.get_rect(midbottom=(rect.centerx, rect.bottom - 6)).inflate(14, 6)
            pygame.draw.rect(surface, self.accent, box, border_radius=box.h // 2)
            surface.blit(t, t.get_rect(center=box.center))
        for rect, risk in self.glow_risks:
            pygame.draw.rect(surface, RISK, rect.inflate(6, 6), 3, border_radius=10)
            t = text.render("can lose the game", 14, (255, 246, 240), "bold")
            box = t.get_rect(midtop=(rect.centerx, rect.y + 6)).inflate(14, 6)
            pygame.draw.rect(surface, RISK, box, border_radius=box.h // 2)
            surface.blit(t, t.get_rect(center=box.center))
            if rect.collidepoint(self.mouse):
                self.draw_risk(surface, rect, risk)

    def draw_risk(self, surface: pygame.Surface, rect: pygame.Rect, risk: str) -> None:
        """The consequence of dropping here, beside the target, inside the table."""
        lines = cardgfx.wrapped(risk, 15, 300, "bold")[:3]
        w = max(text.width(ln, 15, "bold") for ln in lines) + 24
        box = pygame.Rect(0, 0, w, 14 + 19 * len(lines))
        box.midbottom = (rect.centerx, rect.y - 8)
        if box.y < 50:
            box.midtop = (rect.centerx, rect.bottom + 8)
        box.clamp_ip(self.table_rect.inflate(-8, -8))
        panel(surface, box, (40, 8, 8, 240), (*RISK, 255), radius=10, width=2)
        for i, ln in enumerate(lines):
            surface.blit(text.render(ln, 15, (255, 236, 226), "bold"), (box.x + 12, box.y + 7 + 19 * i))


    def draw_tip(self, surface: pygame.Surface) -> None:
        """The tooltip of what the pointer has rested on for 0.4 s (`tip_text`)."""
        if self.drag is not None or self.menu is not None:
            return
        tip = self.speaker_tip(self.mouse) or self.tip_text(self.mouse)
        now = time.monotonic()
        if tip != self._tip[0]:
            self._tip = (tip, now)
        elif tip is not None and now - self._tip[1] >= 0.4:
            from sprites.widgets import draw_tooltip

            draw_tooltip(surface, tip, self.mouse)


    def banner_box(self, msg: str) -> pygame.Rect:
        """Where the banner saying `msg` lies: centred at the top of the table."""
        tr = self.table_rect
        w = min(text.width(msg, 20, "bold"), tr.w - 250)  # room for Cancel and the speaker
        return pygame.Rect(0, 0, w + 36, 36).move(tr.centerx - (w + 36) // 2, 6)

    def draw_banner(self, surface: pygame.Surface) -> None:
        msg = self.banner_text()
        if not msg:
            return
        box = self.banner_box(msg)
        t = cardgfx.fit_text(msg, 20, (250, 246, 255), box.w - 36, "bold")
        yours = self.acting_human() is not None and not self.timeline.busy
        panel(surface, box, (12, 10, 30, 210), (*self.accent, 255 if yours else 160), radius=box.h // 2,
              width=3 if yours else 2)
        surface.blit(t, t.get_rect(center=box.center))


    def draw_help(self, surface: pygame.Surface) -> None:
        lines = [
            "Drag a card onto a glowing place to play it; drop it elsewhere to take it back.",
            "Hover a card to zoom it (Z turns zoom on/off).",
            "Space  finish the current animation        L  show/hide the log",
            "1–9  pick the n-th card of your hand           Esc  pause menu",
            "C  English / 中文",
            *self.help_lines(),
            "",
            "Press any key to close.",
        ]
        surface.blit(veil(surface.get_size(), (5, 4, 15, 170)), (0, 0))
        width = 760
        wrapped: list[str] = []
        for ln in lines:
            wrapped += cardgfx.wrapped(ln, 17, width - 60) if ln else [""]
        box = pygame.Rect(0, 0, width, 80 + len(wrapped) * 26)
        box.center = (WIDTH // 2, HEIGHT // 2)
        panel(surface, box, (16, 14, 36, 240), (*self.accent, 200), radius=16)
        title = text.render("How to play this table", 26, (250, 246, 255), "bold")
        surface.blit(title, (box.x + 30, box.y + 20))
        y = box.y + 66
        for ln in wrapped:
            if ln:
                surface.blit(text.render(ln, 17, (225, 222, 240)), (box.x + 30, y))
            y += 26

    def tip_text(self, pos: tuple[int, int]) -> str | None:
        """What the pointer rests on, explained in a tooltip (None: nothing)."""
        return None
