"""Everything a table says in passing, in one system: toasts (a one-line reason: why a drop
was refused), notices (a title and a few lines: a witch revealed, a boss's entrance, a card
chosen for you) and rising numbers (damage, echoes, points).

The rules they keep, at every table and every window size:

- everything lies inside the table's free area (`free_area`: the table inside a margin, under
  the banner, never over the log) — nothing is clipped at an edge;
- a toast or notice is placed beside what it is about (`about`), never over it, covering as
  little of the zones and seats as it can, and never over another live one: they stack;
- a new one with the same words refreshes the old one instead of piling up; at most
  `MAX_NOTES` are shown (the oldest goes);
- rising numbers that would start over one another are stacked upwards, and kept inside;
- time is the frame's time (notices follow the animation speed, toasts are read at ×1), so
  a test or a slow frame sees the same thing; Space dismisses the notices.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.table.pieces import outlined
from sprites import cards as cardgfx
from sprites import text
from sprites.zones import panel

TOAST_SECONDS = 2.5  # the illegal drop's reason (docs/style.md)
MAX_NOTES = 4
FADE = 0.25  # seconds a note takes to appear and to go
NOTE_W = 420  # the widest a notice wraps its lines at


class Note:
    """One toast or notice: its words, colour, where it lies, its age and life (seconds)."""

    __slots__ = ("title", "lines", "colour", "rect", "age", "life", "toast", "about")

    def __init__(self, title: str, lines: list[str], colour, rect: pygame.Rect, life: float,
                 toast: bool, about: pygame.Rect | None) -> None:
        self.title, self.lines, self.colour, self.rect = title, lines, colour, rect
        self.age, self.life, self.toast, self.about = 0.0, life, toast, about

    @property
    def alpha(self) -> float:
        return max(0.0, min(1.0, self.age / FADE, (self.life - self.age) / FADE))


class Floater:
    """A number or word rising and fading over the table (damage, echoes, points)."""

    __slots__ = ("text", "pos", "color", "t", "life", "size")

    def __init__(self, text_: str, pos, color, size: int = 22, life: float = 1.3) -> None:
        self.text, self.pos, self.color, self.size = text_, pos, color, size
        self.t, self.life = 0.0, life

    def rect(self, t: float | None = None) -> pygame.Rect:
        img = outlined(self.text, self.size, self.color)
        t = self.t if t is None else t
        return img.get_rect(center=(self.pos[0], self.pos[1] - 20 - 30 * t))


class NoticesPart:
    """Part of TableScene (scenes/table/base.py)."""

    notes: list[Note]
    floaters: list[Floater]

    # --- what other parts call --------------------------------------------------------------
    def toast(self, message: str, about: pygame.Rect | None = None) -> None:
        """A one-line message (the rules' reason for a refused drop) for 2.5 s, beside `about`
        when given, else under the banner."""
        self._add_note(message, [], self.accent, TOAST_SECONDS, about, toast=True)

    def notice(self, title: str, body: str = "", colour: Any = None, seconds: float = 2.6,
               about: pygame.Rect | None = None) -> None:
        """A notice for `seconds` at ×1 (Space dismisses it), beside `about`."""
        lines = list(cardgfx.wrapped(body, 16, NOTE_W - 32)[:4]) if body else []
        self._add_note(title, lines, colour or self.accent, seconds / self.steady_speed, about,
                       toast=False)

    def float_text(self, words: str, pos: tuple[float, float], colour: Any, size: int = 22,
                   life: float = 1.3) -> None:
        """A number or word rising and fading from `pos`; one that would start over another
        still rising is stacked above it, and every one stays inside the table."""
        f = Floater(words, pos, colour, size, life)
        area = self.free_area()
        first = f.rect(0).clamp(area)
        taken = [o.rect() for o in self.floaters]
        h = first.h + 2
        for k in (0, -1, -2, -3, 1, 2, 3, -4, 4):  # above the others first, else below
            r = first.move(0, k * h)
            if area.contains(r) and not any(r.colliderect(t) for t in taken):
                first = r
                break
        f.pos = (first.centerx, first.centery + 20)
        self.floaters.append(f)

    @property
    def notice_now(self) -> Note | None:
        """The newest notice shown (None: none)."""
        return next((n for n in reversed(self.notes) if not n.toast), None)

    @property
    def last_toast(self) -> str | None:
        """The words of the newest toast shown (tests and the help read it)."""
        return next((n.title for n in reversed(self.notes) if n.toast), None)

    def clear_notices(self) -> None:
        """Space: the notices go (toasts stay their 2.5 s: they answer a gesture)."""
        self.notes = [n for n in self.notes if n.toast]

    # --- placing ------------------------------------------------------------------------------
    def free_area(self) -> pygame.Rect:
        """Where notes and tips may lie: the table inside an 8-pixel margin, below the
        banner's line."""
        inner = self.table_rect.inflate(-16, -16)
        top = max(inner.top, 50)
        return pygame.Rect(inner.x, top, inner.w, inner.bottom - top)

    def _add_note(self, title: str, lines: list[str], colour, life: float,
                  about: pygame.Rect | None, toast: bool) -> None:
        for n in self.notes:
            if n.title == title and n.lines == lines:  # the same words again: refresh it
                n.age, n.life = min(n.age, FADE), max(n.life, life)
                return
        if len(self.notes) >= MAX_NOTES:
            self.notes.pop(0)
        size = self.note_size(title, lines)
        rect = self.place_notice(size, about, [n.rect for n in self.notes])
        self.notes.append(Note(title, lines, colour, rect, life, toast, about))

    @staticmethod
    def note_size(title: str, lines: list[str]) -> tuple[int, int]:
        title_w = text.width(title, 17, "bold") + 40
        body_w = max((text.width(ln, 16) for ln in lines), default=0) + 32
        width = min(max(title_w, body_w, 200), 560)
        return width, (36 if not lines else 46 + 20 * len(lines))

    def place_notice(self, size: tuple[int, int], about: pygame.Rect | None,
                     taken: list[pygame.Rect] = ()) -> pygame.Rect:
        """The spot of `size` inside the free area nearest `about` (else the top of the table)
        that covers neither `about` nor another note (`taken`), and as little of the zones and
        seats (`busy_rects`) as it can."""
        area = self.free_area()
        w, h = min(size[0], area.w), min(size[1], area.h)
        busy = [b for b in self.busy_rects() if b.colliderect(area)]
        target = about.center if about is not None else (area.centerx, area.top + h // 2)
        spots = [pygame.Rect(x, y, w, h) for y in range(area.top, area.bottom - h + 1, 12)
                 for x in range(area.left, area.right - w + 1, 24)]
        spots.sort(key=lambda r: abs(r.centerx - target[0]) + abs(r.centery - target[1]))
        keep_off = ([about] if about is not None else []) + [t.inflate(8, 8) for t in taken]
        best, best_cover = None, None
        for r in spots:
            if any(r.colliderect(k) for k in keep_off):
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
        if best is None:  # no free spot at all: under the newest note, still inside
            best = pygame.Rect(area.centerx - w // 2, area.top, w, h)
            for t in taken:
                if best.colliderect(t):
                    best.top = t.bottom + 8
            best.clamp_ip(area)
        return best

    def replace_notes(self) -> None:
        """After a relayout (the log opened, the window changed): every note again inside."""
        placed: list[pygame.Rect] = []
        for n in self.notes:
            n.rect = self.place_notice(n.rect.size, n.about, placed)
            placed.append(n.rect)

    # --- time and drawing -----------------------------------------------------------------
    def update_notices(self, dt: float) -> None:
        if self.notes:
            for n in self.notes:
                n.age += dt
            self.notes = [n for n in self.notes if n.age < n.life]
        if self.floaters:
            sdt = dt * self.steady_speed
            for f in self.floaters:
                f.t += sdt
            self.floaters = [f for f in self.floaters if f.t < f.life]

    def draw_floaters(self, surface: pygame.Surface) -> None:
        for f in self.floaters:
            img = outlined(f.text, f.size, f.color)
            img.set_alpha(int(255 * min(1.0, max(0.0, 1 - f.t / f.life) * 1.5)))
            surface.blit(img, f.rect())
            img.set_alpha(255)  # the cached image fades for this blit only

    def draw_notices(self, surface: pygame.Surface) -> None:
        for n in self.notes:
            a = n.alpha
            if a <= 0:
                continue
            r = n.rect
            if n.toast:
                panel(surface, r, (18, 14, 28, int(236 * a)), (*n.colour, int(200 * a)),
                      radius=r.h // 2, width=2)
                t = cardgfx.fit_text(n.title, 16, (246, 242, 252), r.w - 24, "bold")
                _blit(surface, t, t.get_rect(center=r.center), a)
                continue
            panel(surface, r, (22, 10, 30, int(238 * a)), (*n.colour, int(230 * a)), radius=12)
            t = cardgfx.fit_text(n.title, 17, cardgfx.mix(n.colour, (255, 255, 255), 0.35),
                                 r.w - 24, "bold")
            _blit(surface, t, t.get_rect(midtop=(r.centerx, r.y + 10)), a)
            y = r.y + 38
            for ln in n.lines:
                b = text.render(ln, 16, (238, 234, 250))
                _blit(surface, b, b.get_rect(midtop=(r.centerx, y)), a)
                y += 20


def _blit(surface: pygame.Surface, img: pygame.Surface, where, alpha: float) -> None:
    """Blit a cached image faded by `alpha` (0–1) for this blit only."""
    if alpha < 1:
        img.set_alpha(int(255 * alpha))
    surface.blit(img, where)
    if alpha < 1:
        img.set_alpha(255)
