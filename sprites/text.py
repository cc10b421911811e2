"""Fonts and text rendering. All fonts ship in data/fonts (Noto, OFL).

A face ("sans", "bold", …) lacks some characters (Noto Sans has no "≤", no arrows, no Han);
`render` then draws each such character from the first fallback font that has it, on the same
baseline, so no character ever shows as a box. `missing(text)` names the characters no bundled
font can draw (the card-face test fails on any).

Every line drawn or measured here is first put in the reader's language (sprites/i18n.py), so
whatever wrote it, a line shows in English or 中文 by the Language setting. Chinese has no
spaces: `wrap` breaks it between characters.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

import pygame

from game.core.resources import data_path
from sprites import i18n
from sprites.i18n import Shown

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
        if ch == " " and out and out[-1][1] == "cjk":
            f = face  # the CJK subset has no space of its own (it would draw a wide box)
        if out and (out[-1][1] == f or (ch == " " and out[-1][1] != "cjk")):
            out[-1] = (out[-1][0] + ch, out[-1][1])
        else:
            out.append((ch, f))
    return tuple(out)


def width(text: str, size: int, face: str = "sans") -> int:
    """How wide `render(text, size, …, face)` is, in pixels."""
    return _width(i18n.line(text), size, face)


@lru_cache(maxsize=8192)
def _width(text: str, size: int, face: str) -> int:
    return sum(font(size, f).size(piece)[0] for piece, f in runs(text, face))


def render(text: str, size: int, color: tuple[int, int, int], face: str = "sans") -> pygame.Surface:
    """Render one line, in the reader's language; characters the face lacks come from the
    fallback fonts, on the asked face's baseline."""
    return _render(i18n.line(text), size, tuple(color), face)


@lru_cache(maxsize=4096)
def _render(text: str, size: int, color: tuple[int, int, int], face: str) -> pygame.Surface:
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


#: a Chinese character (or full-width sign) with the opening bracket that may not end a line
#: and the closing punctuation that may not start one, a run of other non-space characters, or
#: spaces: the pieces a line may break between
_PIECES = re.compile(r"[（「『]*[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef][，。、；：！？）」』…]*|"
                     r"[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+|\s+")


def wrap(text: str, size: int, width_px: int, face: str = "sans") -> list[str]:
    """Split text, in the reader's language, into lines that fit `width_px` pixels (greedy,
    by words; Chinese between characters)."""
    text = i18n.line(text) if "\n" not in text else "\n".join(i18n.line(p) for p in text.split("\n"))
    lines: list[str] = []
    for para in text.split("\n"):
        if not any("\u2e80" <= ch <= "\uffef" for ch in para):
            line = ""
            for word in para.split(" "):
                trial = f"{line} {word}" if line else word
                if _width(trial, size, face) <= width_px or not line:
                    line = trial
                else:
                    lines.append(Shown(line))
                    line = word
            lines.append(Shown(line))
            continue
        line = ""
        for piece in _PIECES.findall(para):
            trial = line + piece
            if _width(trial, size, face) <= width_px or not line.strip():
                line = trial
            else:
                lines.append(Shown(line.rstrip()))
                line = piece.lstrip()
        lines.append(Shown(line.rstrip()))
    return lines


def ellipsize(text: str, size: int, width_px: int, face: str = "sans") -> str:
    """`text` in the reader's language, cut with an ellipsis if needed so that it fits
    `width_px` pixels."""
    text = i18n.line(text)
    if _width(text, size, face) <= width_px:
        return Shown(text)
    while text and _width(text + "…", size, face) > width_px:
        text = text[:-1]
    return Shown(text + "…")
