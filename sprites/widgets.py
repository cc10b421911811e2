"""A thin widget layer shared by every screen and table (research §2.7: our own, one event path).

Every widget has `rect`, `enabled`, `visible`, `handle_event(e) -> bool` (True = consumed),
`update(dt)` and `draw(surface)`. A `WidgetGroup` routes events, moves keyboard focus (Tab,
arrows) and activates the focused widget with Enter/Space; hovering a widget focuses it too, so
mouse and keyboard always agree on "the current one".

Widgets: Button, Toggle, Choice (segmented picker), Spinner (‹ value ›), TextField (digits), Panel, Toast/ToastStack,
Tooltip, ScrollView, ChoiceMenu (popup list at a point), dial (notches around a number).
Text is never below 14 px.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import pygame

from sprites import theme
from sprites.text import font, render, wrap
from sprites.text import width as text_width

RADIUS = 10


# --- drawing helpers -------------------------------------------------------------------------
@lru_cache(maxsize=256)
def _alpha_rect(size: tuple[int, int], rgba: tuple[int, int, int, int], radius: int,
                width: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, rgba, s.get_rect(), width, border_radius=radius)
    return s


def fill_rounded(surface: pygame.Surface, color: Sequence[int], rect: pygame.Rect,
                 radius: int = RADIUS, width: int = 0) -> None:
    """A rounded rectangle; a 4-tuple colour is blended with its alpha."""
    rect = pygame.Rect(rect)
    if rect.width <= 0 or rect.height <= 0:
        return
    if len(color) == 4 and color[3] < 255:
        surface.blit(_alpha_rect(rect.size, tuple(color), radius, width), rect.topleft)
    else:
        pygame.draw.rect(surface, color[:3], rect, width, border_radius=radius)


def shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int = RADIUS, offset: int = 4,
           alpha: int = 110) -> None:
    """A soft drop shadow under `rect` (two stacked translucent rects)."""
    r = pygame.Rect(rect).move(0, offset)
    fill_rounded(surface, (0, 0, 0, alpha // 2), r.inflate(6, 6), radius + 3)
    fill_rounded(surface, (0, 0, 0, alpha // 2), r, radius)


def dim(surface: pygame.Surface, rgba: tuple[int, int, int, int] = theme.OVERLAY) -> None:
    """Darken the whole surface (under a modal)."""
    surface.blit(_alpha_rect(surface.get_size(), rgba, 0, 0), (0, 0))


def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int = 18,
              color: Sequence[int] = theme.TEXT, face: str = "sans",
              anchor: str = "topleft", alpha: int = 255) -> pygame.Rect:
    """Blit one line of text with its rect anchored at `pos` ("center", "midtop", …)."""
    img = render(text, max(14, size), tuple(color[:3]), face)
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    r = img.get_rect(**{anchor: pos})
    surface.blit(img, r)
    return r


def draw_wrapped(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int = 16,
                 color: Sequence[int] = theme.TEXT, face: str = "sans",
                 align: str = "left", line_gap: int = 4) -> int:
    """Draw wrapped text inside rect.width from rect.top; return the height used."""
    y = rect.top
    lh = font(size, face).get_linesize() + line_gap - 4
    for line in wrap(text, size, rect.width, face):
        if align == "center":
            draw_text(surface, line, (rect.centerx, y), size, color, face, "midtop")
        else:
            draw_text(surface, line, (rect.left, y), size, color, face)
        y += lh
    return y - rect.top


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = RADIUS) -> None:
    pygame.draw.rect(surface, theme.FOCUS, pygame.Rect(rect).inflate(8, 8), 2,
                     border_radius=radius + 4)


def _mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def _approach(value: float, goal: float, dt: float, speed: float = 12.0) -> float:
    step = dt * speed
    return goal if abs(goal - value) <= step else value + step * (1 if goal > value else -1)


# --- base --------------------------------------------------------------------------------------
class Widget:
    focusable = True

    def __init__(self, rect: pygame.Rect | Sequence[int], tooltip: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = True
        self.visible = True
        self.hovered = False
        self.focused = False
        self.tooltip = tooltip
        self._hover_t = 0.0  # 0..1, eased hover highlight

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.contains(event.pos)
        return False

    def activate(self) -> None:
        """Keyboard activation (Enter / Space while focused)."""

    def key(self, event: pygame.event.Event) -> bool:
        """A key press while focused (other than navigation); True if used."""
        return False

    def update(self, dt: float) -> None:
        goal = 1.0 if (self.hovered or self.focused) and self.enabled else 0.0
        self._hover_t = _approach(self._hover_t, goal, dt)

    def draw(self, surface: pygame.Surface) -> None:
        pass



class Pickable(Widget):
    """A tile or row picked by a click (or Enter while focused): `on_pick(value)`; the owner
    marks the one picked (`selected`)."""

    def __init__(self, rect: pygame.Rect | Sequence[int], value: Any, on_pick: Callable,
                 tooltip: str = "") -> None:
        super().__init__(rect, tooltip=tooltip)
        self.value, self.on_pick = value, on_pick
        self.selected = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self.activate()
            return True
        return False

    def activate(self) -> None:
        self.on_pick(self.value)

class Button(Widget):
    """A rounded button. kind: "primary" (gold), "normal", "danger", "ghost" (outline only),
    "link" (text only until hovered)."""

    def __init__(self, rect, text: str, on_click: Callable[[], Any] | None = None,
                 kind: str = "normal", size: int = 20, tooltip: str = "",
                 enabled: bool = True, align: str = "center") -> None:
        super().__init__(rect, tooltip)
        self.text = text
        self.align = align  # "center" or "left" (lists such as a table of contents)
        self.on_click = on_click
        self.kind = kind
        self.size = size
        self.enabled = enabled
        self.pressed = False
        #: a picture before the words (a cost in item icons)
        self.icon: pygame.Surface | None = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if not self.visible or not self.enabled:
            self.pressed = False
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.contains(event.pos):
                self.activate()
            return True
        return False

    def activate(self) -> None:
        if self.enabled and self.on_click:
            self.on_click()

    def _colors(self) -> tuple[Sequence[int], Sequence[int], Sequence[int]]:
        """(fill, edge, text) for the current state."""
        t = self._hover_t
        if not self.enabled:
            return theme.DISABLED_FILL, (58, 60, 66), theme.DISABLED_TEXT
        if self.kind == "primary":
            fill = _mix(theme.ACCENT, theme.ACCENT_HI, t)
            return fill, theme.ACCENT_HI, theme.TEXT_DARK
        if self.kind == "danger":
            fill = _mix((92, 34, 34), (128, 46, 44), t)
            return fill, (196, 90, 84), theme.TEXT
        if self.kind == "ghost":
            return (255, 255, 255, int(22 * t)), _mix(theme.PANEL_EDGE, theme.ACCENT, t), theme.TEXT
        if self.kind == "link":  # text only until hovered (lists, tables of contents)
            return ((255, 255, 255, int(18 * t)), (255, 255, 255, int(30 * t)),
                    _mix(theme.TEXT_DIM, theme.TEXT, t))
        fill = _mix(theme.PANEL_HI, (60, 64, 76), t)
        return fill, _mix(theme.PANEL_EDGE, theme.ACCENT, t), theme.TEXT

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        fill, edge, text = self._colors()
        r = self.rect.move(0, 2) if self.pressed else self.rect
        if self.kind not in ("ghost", "link") and self.enabled and not self.pressed:
            shadow(surface, r, offset=3, alpha=90)
        fill_rounded(surface, fill, r)
        fill_rounded(surface, edge, r, width=2 if self._hover_t > 0.5 else 1)
        if self.kind == "primary" and self.enabled:  # a thin top highlight, like lacquer
            pygame.draw.line(surface, (255, 236, 190), (r.left + RADIUS, r.top + 2),
                             (r.right - RADIUS, r.top + 2))
        face = "bold" if self.kind == "primary" else "sans"
        if self.icon is not None:  # the picture, then the words centred in the rest
            ir = self.icon.get_rect(midleft=(r.left + 12, r.centery))
            surface.blit(self.icon, ir)
            rest = pygame.Rect(ir.right, r.y, r.right - ir.right, r.h)
            draw_text(surface, self.text, rest.center, self.size, text, face, "center")
        elif self.align == "left":
            draw_text(surface, self.text, (r.left + 12, r.centery), self.size, text, face,
                      "midleft")
        else:
            draw_text(surface, self.text, r.center, self.size, text, face, "center")
        if self.focused and self.enabled and self.kind != "primary":
            focus_ring(surface, r)
        elif self.focused and self.enabled:
            pygame.draw.rect(surface, theme.TEXT, r.inflate(8, 8), 2, border_radius=RADIUS + 4)


class Toggle(Widget):
    """A labelled on/off switch; clicking anywhere on the row flips it."""

    def __init__(self, rect, label: str, value: bool,
                 on_change: Callable[[bool], Any] | None = None, tooltip: str = "",
                 size: int = 18) -> None:
        super().__init__(rect, tooltip)
        self.label = label
        self.value = bool(value)
        self.on_change = on_change
        self.size = size
        self._knob = 1.0 if value else 0.0

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if (self.enabled and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.contains(event.pos)):
            self.activate()
            return True
        return False

    def activate(self) -> None:
        if not self.enabled:
            return
        self.value = not self.value
        if self.on_change:
            self.on_change(self.value)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._knob = _approach(self._knob, 1.0 if self.value else 0.0, dt, 8.0)

    def switch_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, 52, 28)
        r.midright = (self.rect.right - 12, self.rect.centery)
        return r

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        fill_rounded(surface, (255, 255, 255, int(10 + 16 * self._hover_t)), self.rect)
        color = theme.TEXT if self.enabled else theme.DISABLED_TEXT
        draw_text(surface, self.label, (self.rect.left + 14, self.rect.centery), self.size,
                  color, anchor="midleft")
        sw = self.switch_rect()
        track = _mix((70, 72, 80), theme.ACCENT_LO, self._knob)
        pygame.draw.rect(surface, track, sw, border_radius=sw.height // 2)
        pygame.draw.rect(surface, _mix(theme.PANEL_EDGE, theme.ACCENT, self._knob), sw, 1,
                         border_radius=sw.height // 2)
        kx = sw.left + 14 + int((sw.width - 28) * self._knob)
        pygame.draw.circle(surface, theme.TEXT, (kx, sw.centery), 11)
        # the state in words too: colour is never the only carrier of meaning
        word = "On" if self.value else "Off"
        draw_text(surface, word, (sw.left - 10, sw.centery), 16, theme.TEXT_DIM, anchor="midright")
        if self.focused:
            focus_ring(surface, self.rect)


class Choice(Widget):
    """A segmented picker: one of several labelled values. Left/Right change it when focused."""

    def __init__(self, rect, options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], Any] | None = None, label: str = "",
                 label_width: int = 0, tooltip: str = "", size: int = 16) -> None:
        super().__init__(rect, tooltip)
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        self.label = label
        self.label_width = label_width
        self.size = size
        self._hover_index = -1

    def segments(self) -> list[pygame.Rect]:
        area = self.rect.copy()
        if self.label:
            area.left += self.label_width
            area.width -= self.label_width
        n = max(1, len(self.options))
        w = area.width / n
        return [pygame.Rect(round(area.left + i * w), area.top, round(w) - 4, area.height)
                for i in range(n)]

    def index(self) -> int:
        for i, (v, _) in enumerate(self.options):
            if v == self.value:
                return i
        return -1

    def set_index(self, i: int) -> None:
        if not self.options or not self.enabled:
            return
        i = max(0, min(len(self.options) - 1, i))
        value = self.options[i][0]
        if value != self.value:
            self.value = value
            if self.on_change:
                self.on_change(value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if event.type == pygame.MOUSEMOTION:
            self._hover_index = next(
                (i for i, r in enumerate(self.segments()) if r.collidepoint(event.pos)), -1)
        if (self.enabled and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.contains(event.pos)):
            for i, r in enumerate(self.segments()):
                if r.collidepoint(event.pos):
                    self.set_index(i)
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_LEFT:
            self.set_index(self.index() - 1)
            return True
        if event.key == pygame.K_RIGHT:
            self.set_index(self.index() + 1)
            return True
        return False

    def activate(self) -> None:
        n = len(self.options)
        if n:
            self.set_index((self.index() + 1) % n)

    def draw_label(self, surface: pygame.Surface) -> None:
        """The label left of the segments (shared with Spinner)."""
        if self.label:
            draw_text(surface, self.label, (self.rect.left, self.rect.centery), 18,
                      theme.TEXT if self.enabled else theme.DISABLED_TEXT, anchor="midleft")

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self.draw_label(surface)
        sel = self.index()
        for i, (r, (_, text)) in enumerate(zip(self.segments(), self.options, strict=False)):
            if i == sel:
                fill, tc, face = theme.ACCENT, theme.TEXT_DARK, "bold"
            elif i == self._hover_index and self.hovered and self.enabled:
                fill, tc, face = (62, 66, 78), theme.TEXT, "sans"
            else:
                fill, tc, face = theme.PANEL_HI, theme.TEXT, "sans"
            if not self.enabled:
                fill, tc = theme.DISABLED_FILL, theme.DISABLED_TEXT
            fill_rounded(surface, fill, r, 8)
            fill_rounded(surface, theme.PANEL_EDGE if i != sel else theme.ACCENT_HI, r, 8, 1)
            draw_text(surface, text, r.center, self.size, tc, face, "center")
        if self.focused:
            segs = self.segments()
            focus_ring(surface, segs[0].union(segs[-1]), 8)


class Spinner(Choice):
    """One value of many shown as "‹ value ›": click an arrow half (or Left/Right) to step.
    Use it where a segmented Choice would not fit (bot names, long option lists)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        Widget.handle_event(self, event)
        if (self.enabled and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.contains(event.pos)):
            box = self.segments()[0] if self.label else self.rect
            self.set_index(self.index() + (1 if event.pos[0] >= box.centerx else -1))
            return True
        return False

    def segments(self) -> list[pygame.Rect]:
        area = self.rect.copy()
        if self.label:
            area.left += self.label_width
            area.width -= self.label_width
        return [area]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self.draw_label(surface)
        box = self.segments()[0]
        fill = _mix(theme.PANEL_HI, (60, 64, 76), self._hover_t) if self.enabled else \
            theme.DISABLED_FILL
        fill_rounded(surface, fill, box, 8)
        fill_rounded(surface, _mix(theme.PANEL_EDGE, theme.ACCENT, self._hover_t), box, 8, 1)
        i = self.index()
        text = self.options[i][1] if i >= 0 else "—"
        tc = theme.TEXT if self.enabled else theme.DISABLED_TEXT
        draw_text(surface, text, box.center, self.size, tc, anchor="center")
        can_left, can_right = self.enabled and i > 0, self.enabled and i < len(self.options) - 1
        for ok, x, sign in ((can_left, box.left + 16, -1), (can_right, box.right - 16, 1)):
            c = theme.ACCENT if ok else (74, 76, 84)
            cy = box.centery
            pygame.draw.polygon(surface, c, [(x + 5 * sign, cy), (x - 4 * sign, cy - 7),
                                             (x - 4 * sign, cy + 7)])
        if self.focused:
            focus_ring(surface, box, 8)


class TextField(Widget):
    """A one-line text entry (digits only when `digits`). Empty shows the placeholder."""

    def __init__(self, rect, text: str = "", placeholder: str = "", digits: bool = True,
                 max_len: int = 12, on_change: Callable[[str], Any] | None = None,
                 tooltip: str = "") -> None:
        super().__init__(rect, tooltip)
        self.text = text
        self.placeholder = placeholder
        self.digits = digits
        self.max_len = max_len
        self.on_change = on_change
        self._blink = 0.0

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self.focused = True
            return True
        if event.type == pygame.TEXTINPUT and self.focused:
            self._insert(event.text)
            return True
        return False

    def _insert(self, s: str) -> None:
        if self.digits:
            s = "".join(ch for ch in s if ch.isdigit())
        new = (self.text + s)[: self.max_len]
        if new != self.text:
            self.text = new
            if self.on_change:
                self.on_change(new)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            if self.on_change:
                self.on_change(self.text)
            return True
        return event.key not in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_RETURN,
                                 pygame.K_KP_ENTER, pygame.K_ESCAPE)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._blink = (self._blink + dt) % 1.0

    def draw(self, surface: pygame.Surface) -> None:
        fill_rounded(surface, (16, 17, 21), self.rect, 8)
        edge = theme.ACCENT if self.focused else _mix(theme.PANEL_EDGE, theme.ACCENT,
                                                      self._hover_t * 0.5)
        fill_rounded(surface, edge, self.rect, 8, 2 if self.focused else 1)
        x, cy = self.rect.left + 12, self.rect.centery
        if self.text:
            r = draw_text(surface, self.text, (x, cy), 18, theme.TEXT, anchor="midleft")
            x = r.right + 2
        else:
            draw_text(surface, self.placeholder, (x, cy), 16, theme.TEXT_DIM, anchor="midleft")
        if self.focused and self._blink < 0.55:
            pygame.draw.line(surface, theme.TEXT, (x, cy - 11), (x, cy + 11), 2)


class Panel(Widget):
    """A rounded, shadowed panel with an optional title; draws only."""

    focusable = False

    def __init__(self, rect, title: str = "", alpha: int = 250, title_size: int = 26) -> None:
        super().__init__(rect)
        self.title = title
        self.alpha = alpha
        self.title_size = title_size

    @property
    def body(self) -> pygame.Rect:
        """The area under the title, inside the padding."""
        top = 64 if self.title else 20
        return pygame.Rect(self.rect.left + 24, self.rect.top + top, self.rect.width - 48,
                           self.rect.height - top - 20)

    def draw(self, surface: pygame.Surface) -> None:
        shadow(surface, self.rect, 14, 6, 130)
        fill_rounded(surface, (*theme.PANEL, self.alpha), self.rect, 14)
        fill_rounded(surface, theme.PANEL_EDGE, self.rect, 14, 1)
        if self.title:
            draw_text(surface, self.title, (self.rect.left + 24, self.rect.top + 16),
                      self.title_size, theme.TEXT, "serif")
            y = self.rect.top + 56
            pygame.draw.line(surface, theme.ACCENT_LO, (self.rect.left + 24, y),
                             (self.rect.right - 24, y))


class Label(Widget):
    focusable = False

    def __init__(self, pos: tuple[int, int], text: str, size: int = 18,
                 color: Sequence[int] = theme.TEXT, face: str = "sans",
                 anchor: str = "topleft") -> None:
        super().__init__((pos[0], pos[1], 0, 0))
        self.pos, self.text, self.size, self.color, self.face, self.anchor = (
            pos, text, size, color, face, anchor)

    def draw(self, surface: pygame.Surface) -> None:
        if self.visible:
            self.rect = draw_text(surface, self.text, self.pos, self.size, self.color, self.face,
                                  self.anchor)


# --- toasts and tooltips ------------------------------------------------------------------------
class Toast:
    """A short message that fades in, stays, and fades out (2.5 s by default)."""

    FADE = 0.25

    def __init__(self, text: str, duration: float = 2.5) -> None:
        self.text = text
        self.duration = duration
        self.age = 0.0

    @property
    def done(self) -> bool:
        return self.age >= self.duration

    @property
    def alpha(self) -> int:
        a = min(self.age / self.FADE, (self.duration - self.age) / self.FADE, 1.0)
        return max(0, int(255 * a))

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(self, surface: pygame.Surface, midbottom: tuple[int, int] | None = None,
             midtop: tuple[int, int] | None = None) -> pygame.Rect:
        lines = wrap(self.text, 18, 640)
        if len(lines) > 1:  # balance the lines: never a lone word on the last one
            width = sum(text_width(line, 18) for line in lines) // len(lines) + 60
            lines = wrap(self.text, 18, min(640, width))
        lh = font(18).get_linesize()
        w = max(text_width(line, 18) for line in lines) + 40
        h = lh * len(lines) + 22
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(box, (18, 19, 24, 235), box.get_rect(), border_radius=12)
        pygame.draw.rect(box, (*theme.ACCENT_LO, 255), box.get_rect(), 1, border_radius=12)
        for i, line in enumerate(lines):
            draw_text(box, line, (w // 2, 11 + i * lh), 18, theme.TEXT, anchor="midtop")
        box.set_alpha(self.alpha)
        r = box.get_rect(midtop=midtop) if midtop is not None else box.get_rect(midbottom=midbottom)
        surface.blit(box, r)
        return r


class ToastStack:
    """Toasts stacked above the bottom centre of the screen, newest at the bottom; or, when
    `top` is set (a table: the bottom is your hand), down from `top`, newest at the top."""

    def __init__(self, max_toasts: int = 4) -> None:
        self.toasts: list[Toast] = []
        self.max_toasts = max_toasts
        self.top: int | None = None

    def add(self, text: str, duration: float = 2.5) -> Toast:
        if self.toasts and self.toasts[-1].text == text and not self.toasts[-1].done:
            self.toasts[-1].age = min(self.toasts[-1].age, Toast.FADE)  # repeat: refresh it
            return self.toasts[-1]
        t = Toast(text, duration)
        self.toasts.append(t)
        del self.toasts[: -self.max_toasts]
        return t

    def update(self, dt: float) -> None:
        for t in self.toasts:
            t.update(dt)
        self.toasts = [t for t in self.toasts if not t.done]

    def draw(self, surface: pygame.Surface) -> None:
        if self.top is not None:
            y = self.top
            for t in reversed(self.toasts):
                y = t.draw(surface, midtop=(surface.get_width() // 2, y)).bottom + 8
            return
        y = surface.get_height() - 36
        for t in reversed(self.toasts):
            y = t.draw(surface, (surface.get_width() // 2, y)).top - 8


def draw_tooltip(surface: pygame.Surface, text: str, pos: tuple[int, int],
                 max_width: int = 340) -> pygame.Rect:
    """A small box of wrapped text next to `pos`, kept fully on screen."""
    lines = wrap(text, 15, max_width)
    lh = font(15).get_linesize()
    w = max(text_width(line, 15) for line in lines) + 24
    h = lh * len(lines) + 16
    r = pygame.Rect(pos[0] + 16, pos[1] + 20, w, h)
    sw, sh = surface.get_size()
    if r.right > sw - 4:
        r.right = pos[0] - 8
    if r.bottom > sh - 4:
        r.bottom = pos[1] - 8
    r.clamp_ip(surface.get_rect())
    shadow(surface, r, 8, 3, 90)
    fill_rounded(surface, (14, 15, 19), r, 8)
    fill_rounded(surface, theme.PANEL_EDGE, r, 8, 1)
    for i, line in enumerate(lines):
        draw_text(surface, line, (r.left + 12, r.top + 8 + i * lh), 15, theme.TEXT)
    return r


class Tooltip:
    """Shows `text` after the pointer rests `delay` seconds; `set(text)` each frame it hovers."""

    def __init__(self, delay: float = 0.5) -> None:
        self.delay = delay
        self.text = ""
        self.pos = (0, 0)
        self._t = 0.0

    def set(self, text: str, pos: tuple[int, int]) -> None:
        if text != self.text:
            self._t = 0.0
        self.text = text
        self.pos = pos

    def update(self, dt: float) -> None:
        self._t = self._t + dt if self.text else 0.0

    def draw(self, surface: pygame.Surface) -> None:
        if self.text and self._t >= self.delay:
            draw_tooltip(surface, self.text, self.pos)


# --- scrolling --------------------------------------------------------------------------------
class ScrollView(Widget):
    """Shows a tall pre-rendered `content` surface inside rect; wheel, drag the bar, or keys
    (Up/Down, PageUp/PageDown, Home/End) scroll it."""

    STEP = 48

    def __init__(self, rect, content: pygame.Surface | None = None) -> None:
        super().__init__(rect)
        self.content = content or pygame.Surface((1, 1), pygame.SRCALPHA)
        self.offset = 0.0
        self._drag: float | None = None

    def set_content(self, content: pygame.Surface) -> None:
        self.content = content
        self.offset = 0.0

    @property
    def max_offset(self) -> float:
        return max(0, self.content.get_height() - self.rect.height)

    def scroll(self, dy: float) -> None:
        self.offset = max(0.0, min(self.max_offset, self.offset + dy))

    def bar_rect(self) -> pygame.Rect | None:
        if self.max_offset <= 0:
            return None
        h = max(40, int(self.rect.height * self.rect.height / self.content.get_height()))
        y = self.rect.top + int((self.rect.height - h) * self.offset / self.max_offset)
        return pygame.Rect(self.rect.right - 8, y, 6, h)

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.scroll(-event.precise_y * self.STEP)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            bar = self.bar_rect()
            if bar and bar.inflate(12, 0).collidepoint(event.pos):
                self._drag = event.pos[1] - bar.top
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return True
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            bar = self.bar_rect()
            if bar:
                room = self.rect.height - bar.height
                top = event.pos[1] - self._drag - self.rect.top
                self.offset = max(0.0, min(self.max_offset, top / max(1, room) * self.max_offset))
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        page = self.rect.height - 60
        moves = {pygame.K_UP: -self.STEP, pygame.K_DOWN: self.STEP, pygame.K_PAGEUP: -page,
                 pygame.K_PAGEDOWN: page, pygame.K_HOME: -1e9, pygame.K_END: 1e9}
        if event.key in moves:
            self.scroll(moves[event.key])
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        src = pygame.Rect(0, int(self.offset), self.rect.width, self.rect.height)
        surface.blit(self.content, self.rect.topleft, src)
        bar = self.bar_rect()
        if bar:
            track = pygame.Rect(bar.left, self.rect.top, bar.width, self.rect.height)
            fill_rounded(surface, (255, 255, 255, 18), track, 3)
            fill_rounded(surface, theme.ACCENT if self._drag is not None else theme.PANEL_EDGE,
                         bar, 3)


# --- popup choice menu -------------------------------------------------------------------------
class ChoiceMenu(Widget):
    """A popup list of labelled options at a point ("play as X or Y", "tell girl / number").

    While `open`, it takes every mouse and key event. Clicking an option (or Up/Down + Enter,
    or its number key 1–9) calls `on_choose(value)`; Esc, right-click or a click outside calls
    `on_cancel()`. Either way the menu closes. The owner draws it last and routes events to it
    first while `menu.open`.
    """

    ROW = 40

    def __init__(self, pos: tuple[int, int], options: Sequence[tuple[Any, str]],
                 on_choose: Callable[[Any], Any], on_cancel: Callable[[], Any] | None = None,
                 title: str = "", bounds: pygame.Rect | None = None) -> None:
        self.options = list(options)
        self.title = title
        self.on_choose = on_choose
        self.on_cancel = on_cancel
        w = max([text_width("0  ", 17) + text_width(label, 17) for _, label in self.options]
                + [text_width(title, 16, "bold") if title else 0]) + 48
        h = len(self.options) * self.ROW + (36 if title else 0) + 12
        rect = pygame.Rect(pos[0], pos[1], max(180, w), h)
        rect.clamp_ip(bounds or pygame.Rect(0, 0, 1280, 720))
        super().__init__(rect)
        self.open = True
        self.index = 0

    def row_rect(self, i: int) -> pygame.Rect:
        top = self.rect.top + 6 + (36 if self.title else 0)
        return pygame.Rect(self.rect.left + 6, top + i * self.ROW, self.rect.width - 12,
                           self.ROW - 4)

    def _row_at(self, pos: tuple[int, int]) -> int:
        return next((i for i in range(len(self.options)) if self.row_rect(i).collidepoint(pos)),
                    -1)

    def choose(self, i: int) -> None:
        self.open = False
        self.on_choose(self.options[i][0])

    def cancel(self) -> None:
        self.open = False
        if self.on_cancel:
            self.on_cancel()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.open:
            return False
        if event.type == pygame.MOUSEMOTION:
            i = self._row_at(event.pos)
            if i >= 0:
                self.index = i
        elif event.type == pygame.MOUSEBUTTONDOWN:
            i = self._row_at(event.pos)
            if event.button == 1 and i >= 0:
                self.choose(i)
            elif event.button in (1, 3) and not self.rect.collidepoint(event.pos):
                self.cancel()
            elif event.button == 3:
                self.cancel()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel()
            elif event.key == pygame.K_UP:
                self.index = (self.index - 1) % len(self.options)
            elif event.key == pygame.K_DOWN:
                self.index = (self.index + 1) % len(self.options)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(self.index)
            elif pygame.K_1 <= event.key <= pygame.K_9:
                i = event.key - pygame.K_1
                if i < len(self.options):
                    self.choose(i)
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
                              pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.open:
            return
        shadow(surface, self.rect, 10, 5, 140)
        fill_rounded(surface, (22, 23, 29), self.rect, 10)
        fill_rounded(surface, theme.ACCENT_LO, self.rect, 10, 1)
        if self.title:
            draw_text(surface, self.title, (self.rect.left + 16, self.rect.top + 10), 16,
                      theme.ACCENT_HI, "bold")
        for i, (_, label) in enumerate(self.options):
            r = self.row_rect(i)
            if i == self.index:
                fill_rounded(surface, (62, 66, 80), r, 7)
            if i < 9:
                draw_text(surface, str(i + 1), (r.left + 12, r.centery), 15, theme.TEXT_DIM,
                          anchor="midleft")
            draw_text(surface, label, (r.left + 34, r.centery), 17, theme.TEXT, anchor="midleft")


# --- keyboard focus + event routing ------------------------------------------------------------
class WidgetGroup:
    """Holds a screen's widgets: routes events, keeps one focused, shows tooltips.

    Tab / Shift+Tab and Up/Down move the focus (Left/Right too, unless the focused widget uses
    them); Enter/Space activate it. Hovering a focusable widget focuses it.
    """

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus: Widget | None = None
        self.tooltip = Tooltip()

    def add(self, *widgets: Widget) -> Widget:
        self.widgets.extend(widgets)
        return widgets[-1]

    def focusables(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.visible and w.enabled]

    def set_focus(self, widget: Widget | None) -> None:
        if self.focus is not None:
            self.focus.focused = False
        self.focus = widget
        if widget is not None:
            widget.focused = True

    def move_focus(self, step: int) -> None:
        items = self.focusables()
        if not items:
            return
        i = items.index(self.focus) if self.focus in items else (-1 if step > 0 else 0)
        self.set_focus(items[(i + step) % len(items)])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        used = False
        for w in reversed(self.widgets):
            if w.visible and w.handle_event(event):
                used = True
                if w.focusable and event.type == pygame.MOUSEBUTTONDOWN and w.enabled:
                    self.set_focus(w)
                break
        if event.type == pygame.MOUSEMOTION:
            hovered = next((w for w in reversed(self.widgets) if w.hovered and w.visible), None)
            if hovered and hovered.focusable and hovered.enabled and not isinstance(
                    self.focus, TextField):
                self.set_focus(hovered)
            self.tooltip.set(hovered.tooltip if hovered else "", event.pos)
        return used

    def _key(self, event: pygame.event.Event) -> bool:
        f = self.focus if self.focus and self.focus.visible else None
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if f and f.key(event):
            return True
        if event.key in (pygame.K_DOWN, pygame.K_RIGHT):
            self.move_focus(1)
            return True
        if event.key in (pygame.K_UP, pygame.K_LEFT):
            self.move_focus(-1)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and f:
            f.activate()
            return True
        return False

    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)
        self.tooltip.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            if w.visible:
                w.draw(surface)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """Tooltips: call after everything else of the screen is drawn."""
        self.tooltip.draw(surface)


@lru_cache(maxsize=256)
def dial(rad: int, lit: float, number: int, notches: int) -> pygame.Surface:
    """A dial of `notches` notches around a number (a hunter's health): `lit` of them red, a
    part-lit one while it turns. Cached per look."""
    size = rad * 2 + 2
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size / 2, size / 2)
    pygame.draw.circle(surf, (24, 16, 16), c, rad)
    pygame.draw.circle(surf, (120, 96, 60), c, rad, 2)
    step = 2 * math.pi / max(1, notches)
    for i in range(notches):
        a0 = -math.pi / 2 + i * step + 0.08
        a1 = a0 + step - 0.16
        col = _mix((60, 44, 44), (190, 36, 40), max(0.0, min(1.0, lit - i)))
        pts = [(c[0] + math.cos(a0 + (a1 - a0) * t / 4) * (rad - 3), c[1] + math.sin(a0 + (a1 - a0) * t / 4) * (rad - 3)) for t in range(5)]
        pts += [(c[0] + math.cos(a1 - (a1 - a0) * t / 4) * (rad - 9), c[1] + math.sin(a1 - (a1 - a0) * t / 4) * (rad - 9)) for t in range(5)]
        pygame.draw.polygon(surf, col, pts)
    n = render(str(number), 22 if rad >= 30 else 18, (255, 240, 230), "bold")
    surf.blit(n, n.get_rect(center=(round(c[0]), round(c[1]))))
    return surf
