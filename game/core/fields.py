"""State copy and save, generated once from each state's declared fields.

A state class lists its fields with the shape of the plain data each holds:

    fields = {"rng": RNG, "hands": LISTS, "turn": VALUE, "decisions": STACK, "marks": DICT}

and `generate(cls)` writes its `clone`, `to_json` and `fields_from_json` as straight-line code
(`c.hands = [list(x) for x in s.hands]`), so a copy costs what a hand-written one did and no
game writes either by hand. Only plain data: numbers, strings, None, tuples of those, and the
containers below; anything else (a card object, a function) has no place in a state.

JSON: tuples come back as tuples (a VALUE field's lists are read back as tuples), dictionaries
are stored as lists of [key, value] pairs so that integer and tuple keys survive.
"""

from __future__ import annotations

from typing import Any

from game.core import decisions
from game.core.rng import Rng

VALUE = "value"  # an immutable value: a number, a string, None, a tuple of those
LIST = "list"  # a list of immutable values
LISTS = "lists"  # a list of lists of immutable values
LIST_OF_DICTS = "list_of_dicts"  # a list of dicts of immutable values
LIST_OF_SETS = "list_of_sets"
DICT = "dict"  # a dict of immutable keys and values
DICT_OF_LISTS = "dict_of_lists"
DICT_OF_DICTS = "dict_of_dicts"  # a dict of dicts of immutable keys and values
SET = "set"
RNG = "rng"  # the state's Rng
STACK = "stack"  # the decision stack
#: the flow's continuation stack: a list of (step, *args) frames of immutable values
AGENDA = "agenda"
GRID = "grid"  # a list of lists of lists of immutable values (seats x rows x cards)
CACHE = "cache"  # shared by copies and never saved (None after a load): values that never change
#: a dict of records: small mutable objects with `copy()`, `to_json()` and a static
#: `from_json(data)` on the class the state names in `records` ({"board": Placed})
RECORDS = "records"

_COPY = {
    VALUE: "s.{f}",
    LIST: "s.{f}[:]",
    LISTS: "[x[:] for x in s.{f}]",
    LIST_OF_DICTS: "[x.copy() for x in s.{f}]",
    LIST_OF_SETS: "[x.copy() for x in s.{f}]",
    DICT: "s.{f}.copy()",
    DICT_OF_LISTS: "{{k: v[:] for k, v in s.{f}.items()}}",
    DICT_OF_DICTS: "{{k: v.copy() for k, v in s.{f}.items()}}",
    SET: "s.{f}.copy()",
    RNG: "_Rng(s.{f}.state)",
    STACK: "s.{f}[:]",
    AGENDA: "s.{f}[:]",
    GRID: "[[y[:] for y in x] for x in s.{f}]",
    CACHE: "s.{f}",
    RECORDS: "{{k: v.copy() for k, v in s.{f}.items()}}",
}


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def _lists(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_lists(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_lists(v) for v in value), key=repr)
    return value


def _pairs(d: dict) -> list:
    return [[_lists(k), _lists(v)] for k, v in d.items()]


def _dict(pairs: list) -> dict:
    return {_tuples(k): _tuples(v) for k, v in pairs}


_SAVE = {
    VALUE: _lists,
    LIST: _lists,
    LISTS: _lists,
    LIST_OF_DICTS: lambda v: [_pairs(x) for x in v],
    LIST_OF_SETS: lambda v: [_lists(x) for x in v],
    DICT: _pairs,
    DICT_OF_LISTS: lambda d: [[_lists(k), _lists(x)] for k, x in d.items()],
    DICT_OF_DICTS: lambda d: [[_lists(k), _pairs(x)] for k, x in d.items()],
    SET: _lists,
    RNG: lambda r: r.state,
    STACK: decisions.stack_to_json,
    AGENDA: _lists,
    GRID: _lists,
    CACHE: lambda v: None,
    RECORDS: lambda d: [[_lists(k), v.to_json()] for k, v in d.items()],
}

_LOAD = {
    VALUE: _tuples,
    LIST: lambda v: [_tuples(x) for x in v],
    LISTS: lambda v: [[_tuples(y) for y in x] for x in v],
    LIST_OF_DICTS: lambda v: [_dict(x) for x in v],
    LIST_OF_SETS: lambda v: [{_tuples(y) for y in x} for x in v],
    DICT: _dict,
    DICT_OF_LISTS: lambda v: {_tuples(k): [_tuples(y) for y in x] for k, x in v},
    DICT_OF_DICTS: lambda v: {_tuples(k): _dict(x) for k, x in v},
    SET: lambda v: {_tuples(x) for x in v},
    RNG: Rng,
    STACK: decisions.stack_from_json,
    AGENDA: lambda v: [_tuples(x) for x in v],
    GRID: lambda v: [[[_tuples(z) for z in y] for y in x] for x in v],
    CACHE: lambda v: None,
}

SHAPES = frozenset(_COPY)


def _records_loader(record: type):
    return lambda v: {_tuples(k): record.from_json(x) for k, x in v}


def generate(cls: type) -> None:
    """Give `cls` a `clone` copying every declared field by its shape (unless the class writes
    its own), and `to_json` / `fields_from_json` saving and restoring them."""
    fields: dict[str, str] = cls.fields
    unknown = {f: shape for f, shape in fields.items() if shape not in SHAPES}
    if unknown:
        raise TypeError(f"{cls.__name__}: unknown field shapes {unknown}")
    lines = ["def clone(s):", "    c = _new(_cls)", "    c.game = s.game"]
    lines += [f"    c.{f} = {_COPY[shape].format(f=f)}" for f, shape in fields.items()]
    lines += ["    c._clean()", "    return c"]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_Rng": Rng}
    exec(compile("\n".join(lines), f"<clone of {cls.__name__}>", "exec"), namespace)
    if "clone" not in cls.__dict__:
        cls.clone = namespace["clone"]
    saves = [(f, _SAVE[shape]) for f, shape in fields.items()]
    loads = [(f, _LOAD[shape] if shape != RECORDS else _records_loader(cls.records[f]))
             for f, shape in fields.items()]

    def to_json(self) -> dict:
        return {f: save(getattr(self, f)) for f, save in saves}

    def fields_from_json(self, data: dict) -> None:
        missing = [f for f, _ in loads if f not in data]
        if missing:
            raise ValueError(f"a saved {cls.__name__} lacks {', '.join(missing)}")
        for f, load in loads:
            setattr(self, f, load(data[f]))
        self._clean()

    if "to_json" not in cls.__dict__:
        cls.to_json = to_json
    cls.fields_from_json = fields_from_json
