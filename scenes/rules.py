"""The rules reference: data/<game>/rules.md rendered as a readable, scrollable page.

A small Markdown subset is enough for rulebooks: `#`/`##`/`###` headings, paragraphs, `- ` and
`1. ` lists (indented = nested), `> ` notes, `---` rules, pipe tables, **bold**, `code` and
[links](…) (shown as their text). Opened from the menu (any game, with a selector) and from the
pause menu (the current game).
"""

from __future__ import annotations

import re
from typing import Any

import pygame

from game.core.resources import data_path
from scenes.app import Modal
from scenes.manager import HEIGHT, WIDTH
from sprites import theme
from sprites.text import font, render
from sprites.widgets import Button, Choice, ScrollView, WidgetGroup, dim, fill_rounded, shadow

BODY = 16
_INLINE = re.compile(r"(\*\*.+?\*\*|`[^`]+`|\[[^\]]+\]\([^)]*\))")


class _Page:
    """Records blits and boxes while laying out, then paints them onto one tall surface."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.ops: list[tuple[str, Any, Any]] = []
        self.y = 0

    def text(self, img: pygame.Surface, pos: tuple[int, int]) -> None:
        self.ops.append(("blit", img, pos))

    def box(self, color, rect: pygame.Rect, width: int = 0, radius: int = 0) -> None:
        self.ops.append(("rect", (color, pygame.Rect(rect), width, radius), None))

    def surface(self) -> pygame.Surface:
        surf = pygame.Surface((self.width, max(1, self.y + 24)), pygame.SRCALPHA)
        for kind, a, b in self.ops:
            if kind == "blit":
                surf.blit(a, b)
            else:
                color, rect, width, radius = a
                pygame.draw.rect(surf, color, rect, width, border_radius=radius)
        return surf


def _runs(text: str) -> list[tuple[str, bool]]:
    """Split inline Markdown into (text, bold) runs."""
    runs = []
    for part in _INLINE.split(text):
        if not part:
            continue
        if part.startswith("**") and part.endswith("**"):
            runs.append((part[2:-2], True))
        elif part.startswith("`"):
            runs.append((part[1:-1], False))
        elif part.startswith("["):
            runs.append((part[1:part.index("]")], False))
        else:
            runs.append((part, False))
    return runs


def _flow(page: _Page, text: str, x: int, width: int, size: int = BODY,
          color=theme.TEXT, bold_all: bool = False) -> None:
    """Word-wrap mixed regular/bold text into `width` starting at (x, page.y)."""
    words: list[tuple[str, bool]] = []
    for chunk, bold in _runs(text):
        for i, word in enumerate(chunk.split(" ")):
            if word:
                words.append((word, bold or bold_all))
            elif i and words:  # keep run boundaries that had spaces
                pass
    lh = font(size).get_linesize() + 2
    cx, line_has = x, False
    for word, bold in words:
        face = "bold" if bold else "sans"
        img = render(word, size, color, face)
        space = font(size, face).size(" ")[0]
        if line_has and cx + img.get_width() > x + width:
            page.y += lh
            cx = x
        page.text(img, (cx, page.y))
        cx += img.get_width() + space
        line_has = True
    page.y += lh


def _table(page: _Page, rows: list[list[str]], width: int) -> None:
    cols = max(len(r) for r in rows)
    rows = [r + [""] * (cols - len(r)) for r in rows]
    natural = [max(font(BODY, "bold").size(r[c].replace("**", ""))[0] for r in rows) + 24
               for c in range(cols)]
    scale = min(1.0, width / max(1, sum(natural)))
    widths = [int(w * scale) for w in natural]
    lh = font(BODY).get_linesize() + 2
    for ri, row in enumerate(rows):
        top = page.y
        heights = []
        for c, cell in enumerate(row):
            sub = _Page(widths[c])
            _flow(sub, cell, 0, widths[c] - 20, BODY, theme.TEXT, bold_all=ri == 0)
            heights.append((sub, sub.y))
        h = max(hh for _, hh in heights) + 10
        fill = (255, 255, 255, 22) if ri == 0 else ((255, 255, 255, 8) if ri % 2 else None)
        if fill:
            page.box(fill, pygame.Rect(0, top, sum(widths), h))
        x = 0
        for c, (sub, _) in enumerate(heights):
            for kind, a, b in sub.ops:
                if kind == "blit":
                    page.text(a, (b[0] + x + 10, b[1] + top + 5))
            x += widths[c]
        if ri == 0:
            page.box(theme.ACCENT_LO, pygame.Rect(0, top + h - 1, sum(widths), 1))
        page.y = top + h
    del lh
    page.y += 10


def render_markdown(text: str, width: int) -> pygame.Surface:
    """Lay out Markdown `text` in `width` pixels; return the page as one surface."""
    page = _Page(width)
    lines = text.splitlines()
    i = 0
    para: list[str] = []

    def flush() -> None:
        if para:
            _flow(page, " ".join(s.strip() for s in para), 0, width)
            page.y += 8
            para.clear()

    while i < len(lines):
        raw = lines[i]
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("```"):
            flush()
            i += 1
            block = []
            while i < len(lines) and not lines[i].strip().startswith("```"):
                block.append(lines[i])
                i += 1
            top = page.y
            page.y += 8
            for b in block:
                page.text(render(b.replace("\t", "    ") or " ", 15, theme.TEXT_DIM), (14, page.y))
                page.y += font(15).get_linesize()
            page.box((255, 255, 255, 14), pygame.Rect(0, top, width, page.y - top + 8), 0, 6)
            page.y += 18
        elif line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            title = line[level:].strip()
            size, face, color = {1: (32, "serif", theme.ACCENT_HI),
                                 2: (24, "serif", theme.ACCENT)}.get(level, (19, "bold", theme.TEXT))
            page.y += 16 if level > 1 and page.y else 0
            page.text(render(title.replace("**", ""), size, color, face), (0, page.y))
            page.y += font(size, face).get_linesize() + 2
            if level <= 2:
                page.box(theme.ACCENT_LO if level == 1 else (90, 84, 70),
                         pygame.Rect(0, page.y, width, 1))
                page.y += 10
        elif re.fullmatch(r"(-{3,}|\*{3,}|_{3,})", line):
            flush()
            page.y += 6
            page.box((90, 84, 70), pygame.Rect(0, page.y, width, 1))
            page.y += 14
        elif line.startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
                if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                    rows.append(cells)
                i += 1
            if rows:
                _table(page, rows, width)
            continue
        elif re.match(r"^([-*+]|\d+[.)])\s+", line):
            flush()
            indent = (len(raw) - len(raw.lstrip(" "))) // 2
            m = re.match(r"^([-*+]|\d+[.)])\s+(.*)$", line)
            marker, body = m.group(1), m.group(2)
            # continuation lines of the same item
            while i + 1 < len(lines) and lines[i + 1].startswith("  ") and lines[i + 1].strip() \
                    and not re.match(r"^\s*([-*+]|\d+[.)])\s+", lines[i + 1]):
                i += 1
                body += " " + lines[i].strip()
            x = 22 + indent * 24
            bullet = "•" if marker in "-*+" else marker
            page.text(render(bullet, BODY, theme.ACCENT), (x - 18 if bullet == "•" else x - 22,
                                                           page.y))
            _flow(page, body, x + (0 if bullet == "•" else 8), width - x - 8)
            page.y += 3
        elif line.startswith(">"):
            flush()
            top = page.y
            _flow(page, line.lstrip("> "), 16, width - 24, BODY, theme.TEXT_DIM)
            page.box(theme.ACCENT_LO, pygame.Rect(2, top, 3, page.y - top))
            page.y += 6
        else:
            para.append(line)
        i += 1
    flush()
    return page.surface()


def rules_file(game: str):
    return data_path(game, "rules.md")


def rule_games() -> dict[str, str]:
    """name -> title for every registered game (the ones with a rules file first)."""
    from game.registry import all_games

    games = {name: g.title or name for name, g in all_games().items()}
    return dict(sorted(games.items(), key=lambda kv: not rules_file(kv[0]).is_file()))


class Rules(Modal):
    PANEL = pygame.Rect(0, 0, 1120, 660)

    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        self.panel = self.PANEL.copy()
        self.panel.center = (WIDTH // 2, HEIGHT // 2)
        self.games = rule_games()
        self.game = game if game in self.games else next(iter(self.games), None)
        self.fixed = game is not None  # from the pause menu: only the current game
        self.group = WidgetGroup()
        p = self.panel
        self.view = ScrollView(pygame.Rect(p.left + 36, p.top + 84, p.width - 60,
                                           p.height - 110))
        if not self.fixed and len(self.games) > 1:
            opts = list(self.games.items())
            w = min(620, 150 * len(opts))
            self.group.add(Choice((p.right - 80 - w, p.top + 18, w, 40), opts, self.game,
                                  self.show))
        close = Button((p.right - 64, p.top + 18, 40, 40), "×", self.close, "ghost", size=22,
                       tooltip="Close (Esc)")
        self.group.add(close)
        self.group.add(self.view)
        self.group.set_focus(self.view)
        self.show(self.game)

    def show(self, game: str | None) -> None:
        self.game = game
        width = self.view.rect.width - 28
        if game is None:
            text = "# Rules\n\nNo games are installed yet."
        else:
            path = rules_file(game)
            try:
                text = path.read_text(encoding="utf-8")
            except OSError:
                text = f"# {self.games[game]}\n\nThe rules reference for this game is not " \
                       "written yet."
        self.view.set_content(render_markdown(text, width))

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle_event(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.view.scroll(-event.precise_y * self.view.STEP)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            else:
                self.view.key(event)

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, (6, 6, 10, 200))
        p = self.panel
        shadow(surface, p, 16, 6, 140)
        fill_rounded(surface, (24, 25, 30), p, 16)
        fill_rounded(surface, theme.PANEL_EDGE, p, 16, 1)
        title = "Rules" if self.game is None else f"Rules — {self.games[self.game]}"
        surface.blit(render(title, 28, theme.TEXT, "serif"), (p.left + 32, p.top + 20))
        pygame.draw.line(surface, theme.ACCENT_LO, (p.left + 32, p.top + 72),
                         (p.right - 32, p.top + 72))
        self.group.draw(surface)
        self.group.draw_overlays(surface)
