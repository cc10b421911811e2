"""Pixel art from palette maps: a picture kept as text, one letter per pixel, and a palette that
gives each letter its colour ("." is always see-through). Drawn at one pixel per letter, then
scaled by a whole factor without smoothing, so every letter stays a crisp square.

Used for the Hermitcraft portraits (data/hermitcraft/portraits.toml). A bad map is one
`CardDataError` naming file, picture and field: a row of the wrong length, a letter the
palette lacks, a colour that is not "#rrggbb".
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

import pygame

from game.core.data import CardDataError

Color = tuple[int, int, int]

CLEAR = "."
_HEX = re.compile(r"#[0-9a-fA-F]{6}")


def colour(path: Path | str, owner: str | None, field: str, letter: str, value) -> Color:
    """A palette entry: "#rrggbb" as an (r, g, b) tuple."""
    if len(letter) != 1 or letter == CLEAR or not letter.isalpha():
        raise CardDataError(path, owner, field, f"palette key {letter!r} is not one letter")
    if not isinstance(value, str) or not _HEX.fullmatch(value):
        raise CardDataError(path, owner, field, f"colour of {letter!r} must be \"#rrggbb\", got {value!r}")
    return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))


def palette(path: Path | str, owner: str | None, field: str, raw) -> dict[str, Color]:
    if not isinstance(raw, Mapping):
        raise CardDataError(path, owner, field, f"expected a table of letter = \"#rrggbb\", got {raw!r}")
    return {k: colour(path, owner, field, k, v) for k, v in raw.items()}


def check_grid(path: Path | str, owner: str, grid, letters: set[str], size: int) -> tuple[str, ...]:
    """`grid` as `size` rows of `size` letters, each in `letters` or "."; else the error says
    which row and column is wrong."""
    if not isinstance(grid, Sequence) or isinstance(grid, str) or len(grid) != size:
        n = len(grid) if isinstance(grid, Sequence) and not isinstance(grid, str) else grid
        raise CardDataError(path, owner, "grid", f"expected {size} rows of {size} letters, got {n!r} rows")
    for r, row in enumerate(grid, 1):
        if not isinstance(row, str) or len(row) != size:
            got = f"{len(row)} letters" if isinstance(row, str) else repr(row)
            raise CardDataError(path, owner, "grid", f"row {r} has {got}, expected {size}")
        for c, ch in enumerate(row, 1):
            if ch != CLEAR and ch not in letters:
                raise CardDataError(path, owner, "grid",
                                    f"row {r}, column {c}: letter {ch!r} is not in the palette")
    return tuple(grid)


def picture(grid: Sequence[str], colours: Mapping[str, Color]) -> pygame.Surface:
    """One pixel per letter, "." see-through."""
    surf = pygame.Surface((len(grid[0]), len(grid)), pygame.SRCALPHA)
    for y, row in enumerate(grid):
        for x, ch in enumerate(row):
            if ch != CLEAR:
                surf.set_at((x, y), colours[ch])
    return surf


def enlarge(art: pygame.Surface, factor: int) -> pygame.Surface:
    """`art` `factor` times larger, nearest neighbour (no smoothing: crisp squares)."""
    w, h = art.get_size()
    return pygame.transform.scale(art, (w * factor, h * factor))
