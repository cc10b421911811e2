"""The Hermits' pixel portraits, from data/hermitcraft/portraits.toml: a shared palette, then one
16×16 palette map per Hermit (its own colours over the shared ones). Every card of a Hermit
shows the portrait whose `hermit` is the card's name, so the common and rare Bdubs share one.

Checked when first used: each grid 16 rows of 16 known letters, each Hermit of the card set
with a portrait; any fault is a `CardDataError` naming the file, the Hermit and the field.
Drawn by whole-factor scaling without smoothing, cached per Hermit and factor.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import pygame

from game.core.data import CardDataError, Field, check_record, load_toml
from game.core.resources import data_path
from sprites import pixel

SIZE = 16  # letters per row and rows per portrait
FILE = data_path("hermitcraft", "portraits.toml")
FIELDS = {"id": Field(str), "hermit": Field(str), "palette": Field(dict, False, {}),
          "grid": Field(list, describe="a list of 16 strings")}


@dataclass(frozen=True, eq=False)
class Portrait:
    id: str
    hermit: str  # the card name it belongs to
    grid: tuple[str, ...]
    colours: dict[str, pixel.Color]


def load(path: Path | str = FILE, hermits=()) -> dict[str, Portrait]:
    """Every portrait by Hermit name; `hermits` (card names) must each have one."""
    doc = load_toml(Path(path))
    for key in doc:
        if key not in ("palette", "portrait"):
            raise CardDataError(path, None, key, "unknown top-level key (expected [palette], [[portrait]])")
    shared = pixel.palette(path, None, "palette", doc.get("palette", {}))
    raws = doc.get("portrait")
    if not isinstance(raws, list) or not raws:
        raise CardDataError(path, None, "portrait", "expected one or more [[portrait]] tables")
    out: dict[str, Portrait] = {}
    for i, raw in enumerate(raws):
        label = raw.get("hermit") if isinstance(raw, dict) and isinstance(raw.get("hermit"), str) else f"#{i + 1}"
        rec = check_record(Path(path), label, raw, FIELDS)
        colours = {**shared, **pixel.palette(path, label, "palette", rec["palette"])}
        grid = pixel.check_grid(path, label, rec["grid"], set(colours), SIZE)
        if label in out:
            raise CardDataError(path, label, "hermit", "a second portrait of this Hermit")
        out[label] = Portrait(rec["id"], label, grid, colours)
    require(path, out, hermits)
    return out


def require(path: Path | str, found: dict[str, Portrait], hermits) -> None:
    """Every Hermit named in `hermits` has a portrait in `found`."""
    for name in dict.fromkeys(hermits):
        if name not in found:
            raise CardDataError(path, name, "hermit", "this Hermit has no portrait")


@cache
def _file() -> dict[str, Portrait]:
    return load(FILE)


def check(cards) -> None:
    """The portraits file is sound and has a portrait for every Hermit of `cards` (a
    Hermitcraft CardSet); raises CardDataError if not. Read once."""
    require(FILE, _file(), [h.name for h in cards.hermits])


@lru_cache(maxsize=256)
def _art(p: Portrait, factor: int) -> pygame.Surface:
    return pixel.enlarge(pixel.picture(p.grid, p.colours), factor)


def portrait(hermit: str, factor: int) -> pygame.Surface:
    """`hermit`'s portrait, SIZE × `factor` pixels square (shared: blit it, never draw on it)."""
    return _art(_file()[hermit], max(1, factor))
