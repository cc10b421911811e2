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
from scenes.manager import HEIGHT, WIDTH, Modal
from sprites import i18n, theme
from sprites.i18n import Shown
from sprites.text import font, render, wrap
from sprites.widgets import Button, ScrollView, WidgetGroup, dim, fill_rounded, shadow

BODY = 16
#: a Chinese character with the punctuation that follows it, or a run of anything else
_CJK_PIECES = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef][，。、；：！？）」』…]*|"
                         r"[^\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+")
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
    """Split inline Markdown into (text, bold) runs; *emphasis* markers are dropped."""
    runs = []
    for part in _INLINE.split(text):
        if not part:
            continue
        if part.startswith("**") and part.endswith("**") and len(part) > 4:
            runs.append((part[2:-2], True))
        elif part.startswith("`"):
            runs.append((part[1:-1], False))
        elif part.startswith("["):
            runs.append((part[1:part.index("]")], False))
        else:
            runs.append((re.sub(r"(?<![\w*])\*(?!\s)([^*]+?)\*(?!\w)", r"\1", part), False))
    return runs


def _words(text: str, bold_all: bool) -> list[tuple[str, bool, bool]]:
    """(word, bold, glued) — glued: no space before it (e.g. "**bold**:" keeps the colon)."""
    out: list[tuple[str, bool, bool]] = []
    space_before = True
    for chunk, bold in _runs(text):
        for i, piece in enumerate(chunk.split(" ")):
            if i:
                space_before = True
            for part in _CJK_PIECES.findall(piece):  # Chinese breaks between characters
                out.append((part, bold or bold_all, not space_before and bool(out)))
                space_before = False
    return out


def _word_image(word: str, size: int, color, face: str) -> pygame.Surface:
    """A word; characters the face lacks (arrows, suits, ≤) come from the fallback fonts.
    The page is written in its language already: a word is never looked up alone."""
    return render(Shown(word), size, color, face)


def _flow(page: _Page, text: str, x: int, width: int, size: int = BODY,
          color=theme.TEXT, bold_all: bool = False, face: str | None = None) -> None:
    """Word-wrap mixed regular/bold text into `width` starting at (x, page.y)."""
    lh = font(size, face or "sans").get_linesize() + 2
    cx, line_has = x, False
    for word, bold, glued in _words(text, bold_all):
        wface = face or ("bold" if bold else "sans")
        img = _word_image(word, size, color, wface)
        space = 0 if glued or not line_has else font(size, wface).size(" ")[0]
        if line_has and cx + space + img.get_width() > x + width:
            page.y += lh
            cx, space = x, 0
        page.text(img, (cx + space, page.y))
        cx += space + img.get_width()
        line_has = True
    page.y += lh


def column_widths(rows: list[list[str]], width: int) -> list[int]:
    """Each column as wide as its longest cell when all fit; else every column keeps room
    for its longest word (so a header never runs into the next one) and the rest of the
    width is shared in proportion to what each column would still like."""
    cols = len(rows[0])
    pad = 24

    def w(text: str) -> int:
        return font(BODY, "bold").size(text.replace("**", ""))[0]

    natural = [max(w(r[c]) for r in rows) + pad for c in range(cols)]
    if sum(natural) <= width:
        return natural
    least = [max([w(word) for r in rows for word in r[c].split()] or [0]) + pad
             for c in range(cols)]
    spare = width - sum(least)
    if spare <= 0:  # even the words do not fit: shrink evenly (very narrow pages only)
        return [max(pad, int(x * width / sum(least))) for x in least]
    want = [n - m for n, m in zip(natural, least, strict=True)]
    return [m + int(spare * k / max(1, sum(want))) for m, k in zip(least, want, strict=True)]


def _table(page: _Page, rows: list[list[str]], width: int) -> None:
    cols = max(len(r) for r in rows)
    rows = [r + [""] * (cols - len(r)) for r in rows]
    widths = column_widths(rows, width)
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


def render_markdown(text: str, width: int,
                    contents: list[tuple[str, int]] | None = None) -> pygame.Surface:
    """Lay out Markdown `text` in `width` pixels; return the page as one surface. If given,
    `contents` receives (title, y) of every `##` heading, for a table of contents."""
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
                page.text(render(Shown(b.replace("\t", "    ") or " "), 15, theme.TEXT_DIM), (14, page.y))
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
            if level == 2 and contents is not None:
                contents.append((title.replace("**", ""), max(0, page.y - 8)))
            _flow(page, title.replace("**", ""), 0, width, size, color, face=face)
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
    """data/<game>/rules.md, or its Chinese page rules.zh.md when the reader reads 中文."""
    translated = data_path(game, f"rules.{i18n.language()}.md")
    return translated if i18n.chinese() and translated.is_file() else data_path(game, "rules.md")


def rule_games() -> dict[str, str]:
    """name -> title for every registered game (the ones with a rules file first)."""
    from game.registry import all_games

    games = {name: g.title or name for name, g in all_games().items()}
    return dict(sorted(games.items(), key=lambda kv: not rules_file(kv[0]).is_file()))


class Rules(Modal):
    """The rules page with a sidebar: the games (from the menu) and the page's contents."""

    PANEL = pygame.Rect(0, 0, 1180, 668)
    SIDEBAR = 250
    TABS_LEFT = 150  # the game tabs start right of the word "Rules"

    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        self.panel = self.PANEL.copy()
        self.panel.center = (WIDTH // 2, HEIGHT // 2)
        self.games = rule_games()
        self.game = game if game in self.games else next(iter(self.games), None)
        #: from the pause menu only the current game's rules; from the menu every game
        self.pick_game = game is None and len(self.games) > 1
        p = self.panel
        left = p.left + self.SIDEBAR + 24
        self.view = ScrollView(pygame.Rect(left, p.top + 84, p.right - 24 - left,
                                           p.height - 104))
        self.contents: list[tuple[str, int]] = []
        self.show(self.game)

    def build(self) -> None:
        self.group = WidgetGroup()
        p = self.panel
        y = p.top + 84
        self.tabs: dict[str, Button] = {}
        if self.pick_game:  # one tab a game across the header, so the contents keep the sidebar
            left, right = p.left + self.TABS_LEFT, p.right - 80
            width = min(190, (right - left) // len(self.games))
            for i, (name, title) in enumerate(self.games.items()):
                kind = "primary" if name == self.game else "ghost"
                self.tabs[name] = self.group.add(
                    Button((left + i * width, p.top + 22, width - 8, 38), _short(title),
                           lambda n=name: self.show(n), kind, size=15, tooltip=title))
        if self.contents:
            self.contents_top = y
            y += 28
            self.links: list[tuple[Button, int]] = []
            for title, offset in self.contents:
                link = ContentsLink((p.left + 14, y, self.SIDEBAR - 8, 30), title,
                                    lambda o=offset: self.jump(o))
                if link.rect.bottom > p.bottom - 20:
                    break  # the page still has every section; the list ends here
                self.links.append((self.group.add(link), offset))
                y += link.rect.height + 2
        close = Button((p.right - 64, p.top + 18, 40, 40), "×", self.close, "ghost", size=22,
                       tooltip="Close (Esc)")
        self.group.add(close)
        self.group.add(self.view)
        self.group.set_focus(self.view)

    def jump(self, offset: int) -> None:
        self.view.offset = 0.0
        self.view.scroll(offset)
        self.group.set_focus(self.view)

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
        self.contents = []
        self.view.set_content(render_markdown(text, width, self.contents))
        self.build()

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

    def current_section(self) -> Button | None:
        """The contents entry of the section at the top of the view."""
        here = None
        for link, offset in getattr(self, "links", []):
            if offset <= self.view.offset + 40:
                here = link
        return here

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, (6, 6, 10, 200))
        p = self.panel
        shadow(surface, p, 16, 6, 140)
        fill_rounded(surface, (24, 25, 30), p, 16)
        fill_rounded(surface, theme.PANEL_EDGE, p, 16, 1)
        title = "Rules" if self.game is None or self.pick_game else f"Rules — {self.games[self.game]}"
        surface.blit(render(title, 28, theme.TEXT, "serif"), (p.left + 32, p.top + 20))
        pygame.draw.line(surface, theme.ACCENT_LO, (p.left + 32, p.top + 72),
                         (p.right - 32, p.top + 72))
        x = p.left + self.SIDEBAR + 10
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, p.top + 90), (x, p.bottom - 24))
        if self.contents:
            surface.blit(render("Contents", 15, theme.TEXT_DIM, "bold"),
                         (p.left + 26, self.contents_top))
        self.group.draw(surface)
        here = self.current_section()
        if here is not None:  # mark where the reader is
            r = here.rect
            pygame.draw.rect(surface, theme.ACCENT, (r.left, r.top + 6, 3, r.height - 12))
        self.group.draw_overlays(surface)


class ContentsLink(Button):
    """A contents entry: the section's whole title, in one or two lines (never cut)."""

    SIZE, LEAD = 15, 19

    def __init__(self, rect, title: str, on_click) -> None:
        super().__init__(rect, title, on_click, "link", self.SIZE, tooltip="", align="left")
        room = self.rect.width - 24
        self.face = "sans"
        self.lines = wrap(title, self.SIZE, room, "sans")
        if len(self.lines) > 2:
            self.face = "narrow"
            self.lines = wrap(title, self.SIZE, room, "narrow")
        self.rect.height = 11 + self.LEAD * len(self.lines)

    def draw(self, surface: pygame.Surface) -> None:
        fill, edge, ink = self._colors()
        fill_rounded(surface, fill, self.rect)
        fill_rounded(surface, edge, self.rect, width=1)
        y = self.rect.top + 5
        for line in self.lines:
            surface.blit(render(line, self.SIZE, ink, self.face), (self.rect.left + 12, y))
            y += self.LEAD
        if self.focused:
            pygame.draw.rect(surface, theme.ACCENT, self.rect, 1, border_radius=6)


def _short(title: str) -> str:
    """A game title short enough for a tab ("Bloodborne: The Card Game" → "Bloodborne",
    "Monster Hunter TCG" → "Monster Hunter")."""
    short = title.split(":")[0]
    return short.removesuffix(" TCG") if len(short) > 14 else short
