"""The words on screen in the player's language: English (the code's own words) or 中文.

The Chinese catalog is data, data/i18n/zh.toml:

    [text]        an English line -> its Chinese ("Settings" = "設定")
    [templates]   an English line with named fields -> its Chinese ("Round {n}" = "第 {n} 輪")
    [formats]     templates too general to match a line ("{label}: {value}"), filled by `tr`

The text layer (sprites/text.py) passes every line it draws through `line`, so a button, a
banner, a log line or a rules prompt is translated where it becomes pixels, whichever scene or
rules module wrote it, and a change of language shows on the next frame. A line with no entry
stays English (the fallback); `missed` collects those lines while a test asks for them.

`tr(text, **fields)` is the same lookup for code that must measure or split the translated text
itself; with fields, `text` is a template ("{who} draws {n}") and each field is translated too.
The current language comes from the app's Language setting (`set_language`).
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

import tomllib

from game.core.resources import data_path

LANGUAGES = ("en", "zh")
_FIELD = re.compile(r"\{(\w+)\}")
#: letters a line must have to count as untranslated (numbers, symbols and Chinese never do)
_LATIN = re.compile(r"[A-Za-z]{2,}")

_language = "en"
#: while a test collects them: the lines drawn in Chinese that had no entry
missed: set[str] | None = None


class Shown(str):
    """Text already in the reader's language (a translated paragraph cut into lines, a
    Chinese rules page): the text layer draws it as it is, never looking it up again."""

    __slots__ = ()


def language() -> str:
    return _language


def set_language(lang: str) -> bool:
    """Make `lang` ("en" or "zh") the language of every screen; True when it changed."""
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {LANGUAGES}, not {lang!r}")
    changed = lang != _language
    _language = lang
    return changed


def chinese() -> bool:
    return _language == "zh"


@cache
def catalog(lang: str = "zh") -> tuple[dict[str, str], tuple[tuple[re.Pattern, str, str], ...],
                                        dict[str, str]]:
    """(exact lines, templates as (pattern, English, translation), formats) of
    data/i18n/<lang>.toml; templates with more fixed words are tried first (the more specific
    wins). Formats are templates only code fills in (`tr`): too general to match any line."""
    with open(data_path("i18n", f"{lang}.toml"), "rb") as f:
        data = tomllib.load(f)
    exact = {**data_names(lang), **data.get("text", {})}
    templates = []
    formats = dict(data.get("formats", {}))
    for english, translated in [*data.get("templates", {}).items(), *formats.items()]:
        if set(_FIELD.findall(english)) != set(_FIELD.findall(translated)):
            raise ValueError(f"data/i18n/{lang}.toml: template {english!r} and its translation "
                             f"{translated!r} name different fields")
    for english, translated in data.get("templates", {}).items():
        templates.append((_pattern(english), english, translated))
    templates.sort(key=lambda t: -len(_FIELD.sub("", t[1])))
    return exact, tuple(templates), formats


def data_names(lang: str) -> dict[str, str]:
    """The games' own names in `lang` where their card data gives them (`name_zh` beside
    `name`: Sanguosha's cards, generals and skills, Madoka's girls)."""
    out: dict[str, str] = {}

    def walk(value) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("name"), str) and isinstance(value.get(f"name_{lang}"), str):
                out[value["name"]] = value[f"name_{lang}"]
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for path in sorted(data_path().glob("*/*.toml")):
        source = path.read_text(encoding="utf-8")
        if f"name_{lang}" in source:  # only the few files that have such names are parsed
            walk(tomllib.loads(source))
    return out


#: what a field matches, by its name (a number may follow: n2, card2): n a number, r a card's
#: rank, card one name (not a list); any other field any text
_KINDS = {"n": r"[-+]?\d+", "r": r"(?:10|[2-9AJQK])", "card": r"[^,]+?"}


def _pattern(template: str) -> re.Pattern:
    """The template as a pattern, each field matching what its name says (`_KINDS`)."""
    out, last = [], 0
    for m in _FIELD.finditer(template):
        out.append(re.escape(template[last:m.start()]))
        name = m.group(1)
        out.append(f"(?P<{name}>{_KINDS.get(name.rstrip('0123456789'), '.+?')})")
        last = m.end()
    out.append(re.escape(template[last:]))
    return re.compile("".join(out) + r"\Z", re.S)


def tr(text: str, **fields) -> str:
    """`text` in the current language; with `fields`, the template `text` filled in (in
    Chinese: its translation, each field's value translated as a line of its own)."""
    if not fields:
        return line(text)
    if _language == "en":
        return text.format(**fields)
    _, templates, formats = catalog(_language)
    translated = formats.get(text) or next((t for _, e, t in templates if e == text), None)
    if translated is None:
        _miss(text)
        translated = text
    return Shown(translated.format(**{k: line(str(v)) for k, v in fields.items()}))


def line(text: str) -> str:
    """One line as the reader sees it: its catalog entry, else the first template that
    matches it whole (fields translated in turn), else itself."""
    if _language == "en" or isinstance(text, Shown) or not text:
        return text
    return _line(_language, str(text))


@lru_cache(maxsize=16384)
def _line(lang: str, text: str) -> str:
    exact, templates, _ = catalog(lang)
    found = exact.get(text)
    if found is not None:
        return found
    stripped = text.strip()
    if stripped != text and stripped in exact:  # keep the padding a label was given
        return text.replace(stripped, exact[stripped])
    if _LATIN.search(text) is None:
        return text
    for pattern, _, translated in templates:
        m = pattern.match(text)
        if m is not None:
            return translated.format(**{k: _line(lang, v) for k, v in m.groupdict().items()})
    _miss(text)
    return text


def _miss(text: str) -> None:
    if missed is not None and _LATIN.search(text):
        missed.add(text)


class collecting_missed:
    """`with collecting_missed() as lines:` every line drawn meanwhile without a translation."""

    def __enter__(self) -> set[str]:
        global missed
        _line.cache_clear()  # lines seen before count again
        missed = set()
        return missed

    def __exit__(self, *exc) -> None:
        global missed
        missed = None


def forget() -> None:
    """Read the catalog again (a test that edits it, a live reload)."""
    catalog.cache_clear()
    _line.cache_clear()
