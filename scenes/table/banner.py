"""What the table says: the banner (the rules' prompt, or the part of the turn being played),
"thinking…", toasts, notices placed where they cover least, tooltips, what choosing a glowing
target costs, the help overlay, and in which language (the C key switches it)."""

from __future__ import annotations

import time
from typing import Any

import pygame

from scenes.manager import HEIGHT, WIDTH
from scenes.table.pieces import Notice, veil
from sprites import cards as cardgfx
from sprites import text
from sprites.widgets import ToastStack
from sprites.zones import panel


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
        return self.prompt_text


    def thinking_point(self, seat: int) -> tuple[str, tuple[int, int]] | None:
        """Where "thinking…" is written for an AI seat: (rect anchor, point); by default
        the top right corner inside the seat's area."""
        r = self.seat_rect(seat)
        return ("topright", (r.right - 12, r.y + 6)) if r is not None else None

    def draw_thinking(self, surface: pygame.Surface) -> None:
        seat = self.thinking_seat()
        where = self.thinking_point(seat) if seat is not None else None
        if where is None:
            return
        dots = "." * (1 + int(time.monotonic() * 3) % 3)
        th = text.render(f"thinking{dots}", 14, self.accent, "bold")
        surface.blit(th, th.get_rect(**{where[0]: where[1]}))


    def toast(self, message: str) -> None:
        stack = getattr(self.app, "toasts", None) or self.toasts
        if stack is not None:  # under the banner: the bottom of a table is your hand
            stack.top = 52
        if hasattr(self.app, "toast"):
            self.app.toast(message)
            return
        if self.toasts is None:
            self.toasts = ToastStack()
        self.toasts.add(message)


    def notice(self, title: str, body: str = "", colour: Any = None, seconds: float = 2.6,
               about: pygame.Rect | None = None) -> None:
        """Show a notice for `seconds` (at ×1; Space dismisses it), clear of the zones and
        seats, as near `about` (what it describes) as the free room allows."""
        width = 420
        lines = cardgfx.wrapped(body, 16, width - 32)[:4] if body else []
        title_w = text.width(title, 17, "bold") + 40
        width = min(max(title_w, max((text.width(ln, 16) for ln in lines), default=0) + 32, 260), 560)
        size = (width, (46 if lines else 36) + 20 * len(lines))
        hold = seconds / self.steady_speed
        self.notice_now = Notice(title, lines, colour or self.accent, time.monotonic() + hold,
                                 self.place_notice(size, about))

    def free_area(self) -> pygame.Rect:
        """Where notices and tips may lie: the table inside an 8-pixel margin, below the
        banner's line."""
        inner = self.table_rect.inflate(-16, -16)
        top = max(inner.top, 50)
        return pygame.Rect(inner.x, top, inner.w, inner.bottom - top)

    def place_notice(self, size: tuple[int, int], about: pygame.Rect | None) -> pygame.Rect:
        """The spot of `size` inside the table that covers the least of `busy_rects()` (and
        never `about`), nearest `about`; the banner's line is kept free."""
        area = self.free_area()
        busy = [b for b in self.busy_rects() if b.colliderect(area)]
        target = about.center if about is not None else area.center
        w, h = size
        spots = [pygame.Rect(x, y, w, h) for y in range(area.top, area.bottom - h + 1, 36)
                 for x in range(area.left, area.right - w + 1, 48)]
        # nearest first: the first spot that covers nothing is the answer
        spots.sort(key=lambda r: abs(r.centerx - target[0]) + abs(r.centery - target[1]))
        best, best_cover = None, None
        for r in spots:
            if about is not None and r.colliderect(about):
                continue
            cover = 0
            for b in busy:
                c = r.clip(b)
                cover += c.w * c.h
                if best_cover is not None and cover >= best_cover:
                    break
            if best_cover is None or cover < best_cover:
                best, best_cover = r, cover
                if cover == 0:
                    break
        return best or pygame.Rect(area.centerx - w // 2, area.top, w, h)


    def draw_costs(self, surface: pygame.Surface) -> None:
        """On each target that glows: what choosing it costs, at its foot."""
        for rect, price in self.glow_costs:
            t = text.render(price, 14, (20, 16, 30), "bold")
            box = t.get_rect(midbottom=(rect.centerx, rect.bottom - 6)).inflate(14, 6)
            pygame.draw.rect(surface, self.accent, box, border_radius=box.h // 2)
            surface.blit(t, t.get_rect(center=box.center))


    def draw_notice(self, surface: pygame.Surface) -> None:
        n = self.notice_now
        if n is None:
            return
        if time.monotonic() > n.until:
            self.notice_now = None
            return
        panel(surface, n.rect, (22, 10, 30, 238), (*n.colour, 230), radius=12)
        t = cardgfx.fit_text(n.title, 17, cardgfx.mix(n.colour, (255, 255, 255), 0.35), n.rect.w - 24, "bold")
        surface.blit(t, t.get_rect(midtop=(n.rect.centerx, n.rect.y + 10)))
        y = n.rect.y + 38
        for ln in n.lines:
            b = text.render(ln, 16, (238, 234, 250))
            surface.blit(b, b.get_rect(midtop=(n.rect.centerx, y)))
            y += 20

    def draw_tip(self, surface: pygame.Surface) -> None:
        """The tooltip of what the pointer has rested on for 0.4 s (`tip_text`)."""
        if self.drag is not None or self.menu is not None:
            return
        tip = self.tip_text(self.mouse)
        now = time.monotonic()
        if tip != self._tip[0]:
            self._tip = (tip, now)
        elif tip is not None and now - self._tip[1] >= 0.4:
            from sprites.widgets import draw_tooltip

            draw_tooltip(surface, tip, self.mouse)


    def draw_banner(self, surface: pygame.Surface) -> None:
        msg = self.banner_text()
        if not msg:
            return
        tr = self.table_rect
        t = cardgfx.fit_text(msg, 20, (250, 246, 255), tr.w - 80, "bold")
        box = t.get_rect(midtop=(tr.centerx, 6)).inflate(36, 12)
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
