"""Short summaries of what a card does, for hand cards (data/<game>/summaries.toml): two lines
of 14 px fit a 90 px card where the rules text does not; the hover zoom shows the full text.

The file holds one table, `[summary]`, card (or kind) id -> a string, or a table of languages
(`{ en = "…", zh = "…" }`). Checked when first read: every id the caller lists has a summary,
none names an unknown id, each is a non-empty string; a fault is a `CardDataError` naming the
file, the card and the field.
"""

from __future__ import annotations

from functools import cache

from game.core.data import CardDataError, load_toml
from game.core.resources import data_path


def load(path, ids, languages: tuple[str, ...] = ("en",)) -> dict[str, dict[str, str]]:
    """Every summary by id and language; `ids` must each have one, in every language."""
    doc = load_toml(path)
    for key in doc:
        if key != "summary":
            raise CardDataError(path, None, key, "unknown top-level key (expected [summary])")
    raw = doc.get("summary")
    if not isinstance(raw, dict):
        raise CardDataError(path, None, "summary", "expected a [summary] table")
    known = set(ids)
    out: dict[str, dict[str, str]] = {}
    for card, value in raw.items():
        if card not in known:
            raise CardDataError(path, card, "summary", "no such card")
        texts = value if isinstance(value, dict) else {languages[0]: value}
        for lang in languages:
            s = texts.get(lang)
            if not isinstance(s, str) or not s.strip():
                raise CardDataError(path, card, "summary", f"expected a text in {lang!r}, got {s!r}")
        out[card] = {lang: texts[lang] for lang in languages}
    for card in ids:
        if card not in out:
            raise CardDataError(path, card, "summary", "missing")
    return out


@cache
def summaries(game: str, ids: tuple[str, ...], languages: tuple[str, ...] = ("en",)) -> dict[str, dict[str, str]]:
    """data/<game>/summaries.toml, checked against `ids`, read once."""
    return load(data_path(game, "summaries.toml"), ids, languages)
