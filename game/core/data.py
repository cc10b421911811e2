"""TOML card data: loading and validation.

Every problem is one `CardDataError` line naming file, card id and field, e.g.
`data/madoka/girls.toml: card 'homura': field 'copies': expected a list of 4 integers`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib


class CardDataError(ValueError):
    """Malformed card data. `str()` is one line: file, card, field, what is wrong."""

    def __init__(self, file: Path | str, card: str | None, field: str | None, problem: str):
        self.file, self.card, self.field, self.problem = str(file), card, field, problem
        where = [self.file]
        if card is not None:
            where.append(f"card '{card}'")
        if field is not None:
            where.append(f"field '{field}'")
        super().__init__(": ".join(where) + ": " + problem)


def load_toml(path: Path) -> dict:
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise CardDataError(path, None, None, f"not valid TOML ({e})") from None
    except OSError as e:
        raise CardDataError(path, None, None, f"cannot be read ({e.strerror})") from None


class Field:
    """One field of a card table: its type, whether required, its default, an extra check.

    `check(value)` returns None when fine, else a short description of what is wrong.
    """

    __slots__ = ("type", "required", "default", "check", "describe")

    def __init__(
        self,
        type_: type | tuple[type, ...],
        required: bool = True,
        default: Any = None,
        check: Callable[[Any], str | None] | None = None,
        describe: str = "",
    ) -> None:
        self.type, self.required, self.default = type_, required, default
        self.check, self.describe = check, describe


def _type_name(t: type | tuple[type, ...]) -> str:
    if isinstance(t, tuple):
        return " or ".join(x.__name__ for x in t)
    return {str: "a string", int: "an integer", bool: "true or false", list: "a list",
            dict: "a table", float: "a number"}.get(t, t.__name__)


def check_record(path: Path, card: str | None, record: Any, fields: dict[str, Field]) -> dict:
    """Validate one table against its fields; return it with defaults filled in."""
    if not isinstance(record, dict):
        raise CardDataError(path, card, None, "expected a table")
    for key in record:
        if key not in fields:
            known = ", ".join(fields)
            raise CardDataError(path, card, key, f"unknown key (known keys: {known})")
    out = {}
    for name, f in fields.items():
        if name not in record:
            if f.required:
                raise CardDataError(path, card, name, "missing")
            out[name] = f.default
            continue
        value = record[name]
        # bool is an int in Python; a field typed int must not accept true/false.
        bad_bool = isinstance(value, bool) and f.type is not bool and bool not in _as_tuple(f.type)
        if bad_bool or not isinstance(value, f.type):
            raise CardDataError(
                path, card, name, f"expected {f.describe or _type_name(f.type)}, got {value!r}"
            )
        if f.check is not None:
            problem = f.check(value)
            if problem:
                raise CardDataError(path, card, name, problem)
        out[name] = value
    return out


def _as_tuple(t: type | tuple[type, ...]) -> tuple[type, ...]:
    return t if isinstance(t, tuple) else (t,)


def load_cards(path: Path, table: str, fields: dict[str, Field]) -> list[dict]:
    """Load `[[table]]` entries from a file; each needs a unique string `id`."""
    return load_tables(path, {table: fields})[table]


def one_of(choices: Iterable[str]) -> Callable[[Any], str | None]:
    allowed = tuple(choices)
    return lambda v: None if v in allowed else f"must be one of {', '.join(allowed)}, got {v!r}"


def int_range(lo: int, hi: int) -> Callable[[Any], str | None]:
    return lambda v: None if lo <= v <= hi else f"must be between {lo} and {hi}, got {v}"


def load_tables(path: Path, tables: dict[str, dict[str, Field]],
                optional: Iterable[str] = ()) -> dict[str, list[dict]]:
    """Load several `[[table]]` arrays from one file, each validated against its fields.

    Every table named in `tables` must be present (unless listed in `optional`) and hold at
    least one entry with a unique string `id`; ids are unique across the whole file. Any other
    top-level key is an error. Returns table name -> validated records, in file order.
    """
    doc = load_toml(path)
    for key in doc:
        if key not in tables:
            expected = ", ".join(f"[[{t}]]" for t in tables)
            raise CardDataError(path, None, key, f"unknown top-level key (expected {expected})")
    seen: set[str] = set()
    out: dict[str, list[dict]] = {}
    skip = set(optional)
    for table, fields in tables.items():
        entries = doc.get(table)
        if entries is None and table in skip:
            out[table] = []
            continue
        if not isinstance(entries, list) or not entries:
            raise CardDataError(path, None, table, f"expected one or more [[{table}]] tables")
        records = []
        for i, raw in enumerate(entries):
            card_id = raw.get("id") if isinstance(raw, dict) else None
            label = card_id if isinstance(card_id, str) else f"#{i + 1}"
            rec = check_record(path, label, raw, fields)
            if rec["id"] in seen:
                raise CardDataError(path, rec["id"], "id", "duplicate id")
            seen.add(rec["id"])
            records.append(rec)
        out[table] = records
    return out
