"""Fonts and text rendering. All fonts ship in data/fonts (Noto, OFL).

A face ("sans", "bold", …) lacks some characters (Noto Sans has no "≤", no arrows, no Han);
`render` then draws each such character from the first fallback font that has it, on the same
baseline, so no character ever shows as a box. `missing(text)` names the characters no bundled
font can draw (the card-face test fails on any).
"""

from __future__ import annotations

from functools import cache, lru_cache

import pygame

from game.core.resources import data_path

FONT_FILES = {
    "sans": "NotoSans-Regular.ttf",
    "bold": "NotoSans-Bold.ttf",
    "narrow": "NotoSans-Condensed-Subset.ttf",  # Latin only: long card texts on small cards
    "narrow_bold": "NotoSans-CondensedBold-Subset.ttf",  # Latin only: long card names
    "serif": "NotoSerif-Bold.ttf",
    "symbols": "NotoSansSymbols-Regular.ttf",
    "symbols2": "NotoSansSymbols2-Regular.ttf",
    "math": "NotoSansMath-Subset.ttf",
    "cjk": "NotoSansCJKtc-Subset.otf",
}
#: where a character missing from the asked face is looked for, in this order
FALLBACKS = ("sans", "math", "symbols", "symbols2", "cjk")


@cache
def font(size: int, face: str = "sans") -> pygame.font.Font:
    """A cached font of `size` logical pixels. Never use sizes below 14: text stays readable."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(data_path("fonts", FONT_FILES[face])), size)


@cache
def _glyph_table(face: str):
    """The face read by FreeType, only to ask which characters it has (pygame.font cannot)."""
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(str(data_path("fonts", FONT_FILES[face])), 16)


@lru_cache(maxsize=8192)
def has_glyph(face: str, ch: str) -> bool:
    """True when `face` draws `ch` (spaces and controls count as drawn)."""
    if ch.isspace() or ord(ch) < 32:
        return True
    return _glyph_table(face).get_metrics(ch)[0] is not None


def face_for(ch: str, face: str) -> str | None:
    """The face that draws `ch`: `face` itself, else the first fallback that has it."""
    if has_glyph(face, ch):
        return face
    return next((f for f in FALLBACKS if f != face and has_glyph(f, ch)), None)


def missing(text: str, face: str = "sans") -> set[str]:
    """The characters of `text` that no bundled font can draw."""
    return {ch for ch in text if face_for(ch, face) is None}


@lru_cache(maxsize=8192)
def runs(text: str, face: str = "sans") -> tuple[tuple[str, str], ...]:
    """`text` cut into (piece, face) runs, each piece drawn by one font (remembered: wrapping
    a log line or a notice measures the same words many times)."""
    out: list[tuple[str, str]] = []
    for ch in text:
        f = face_for(ch, face) or face  # nothing has it: the asked face shows its box
        if out and (out[-1][1] == f or ch == " "):
            out[-1] = (out[-1][0] + ch, out[-1][1])
        else:
            out.append((ch, f))
    return tuple(out)


@lru_cache(maxsize=8192)
def width(text: str, size: int, face: str = "sans") -> int:
    """How wide `render(text, size, …, face)` is, in pixels."""
    return sum(font(size, f).size(piece)[0] for piece, f in runs(text, face))


@lru_cache(maxsize=4096)
def render(text: str, size: int, color: tuple[int, int, int], face: str = "sans") -> pygame.Surface:
    """Render one line; characters the face lacks come from the fallback fonts, on the
    asked face's baseline."""
    pieces = runs(text, face)
    if len(pieces) <= 1:
        return font(size, pieces[0][1] if pieces else face).render(text, True, color)
    base = font(size, face)
    parts = [(font(size, f).render(piece, True, color), font(size, f)) for piece, f in pieces]
    ascent = max(base.get_ascent(), *(f.get_ascent() for _, f in parts))
    height = max(ascent + max(base.get_height() - base.get_ascent(), 0),
                 *(ascent - f.get_ascent() + s.get_height() for s, f in parts))
    surf = pygame.Surface((sum(s.get_width() for s, _ in parts), height), pygame.SRCALPHA)
    x = 0
    for s, f in parts:
        surf.blit(s, (x, ascent - f.get_ascent()))
        x += s.get_width()
    return surf


def wrap(text: str, size: int, width_px: int, face: str = "sans") -> list[str]:
    """Split text into lines that fit `width_px` pixels (greedy, by words)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if width(trial, size, face) <= width_px or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def ellipsize(text: str, size: int, width_px: int, face: str = "sans") -> str:
    """`text`, cut with an ellipsis if needed so that it fits `width_px` pixels."""
    if width(text, size, face) <= width_px:
        return text
    while text and width(text + "…", size, face) > width_px:
        text = text[:-1]
    return text + "…"
