"""Fonts and text rendering. All fonts ship in data/fonts (Noto, OFL)."""

from __future__ import annotations

from functools import cache, lru_cache

import pygame

from game.core.resources import data_path

FONT_FILES = {
    "sans": "NotoSans-Regular.ttf",
    "bold": "NotoSans-Bold.ttf",
    "serif": "NotoSerif-Bold.ttf",
    "symbols": "NotoSansSymbols-Regular.ttf",
    "symbols2": "NotoSansSymbols2-Regular.ttf",
    "cjk": "NotoSansCJKtc-Subset.otf",
}


@cache
def font(size: int, face: str = "sans") -> pygame.font.Font:
    """A cached font of `size` logical pixels. Never use sizes below 14 (STYLE.md)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(data_path("fonts", FONT_FILES[face])), size)


def _needs_cjk(text: str) -> bool:
    return any("\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in text)


@lru_cache(maxsize=4096)
def render(text: str, size: int, color: tuple[int, int, int], face: str = "sans") -> pygame.Surface:
    """Render one line, switching to the CJK subset font when the text needs it."""
    if _needs_cjk(text) and face in ("sans", "bold"):
        face = "cjk"
    return font(size, face).render(text, True, color)


def wrap(text: str, size: int, width: int, face: str = "sans") -> list[str]:
    """Split text into lines that fit `width` pixels (greedy, by words)."""
    f = font(size, face)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def ellipsize(text: str, size: int, width: int, face: str = "sans") -> str:
    """`text`, cut with an ellipsis if needed so that it fits `width` pixels."""
    f = font(size, face)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"
