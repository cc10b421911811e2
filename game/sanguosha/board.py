"""Reading the table: cards and their labels, seats and their names, who has which skill and
equipment, the order of asking (R1), and the handlers a seat's skills and equipment register.
Nothing here changes the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.sanguosha import queries as q
from game.sanguosha.hooks import EFFECTS

# --- cards -------------------------------------------------------------------------------------

def card(s, c: int):
    return s.cs.cards[c]


def kind_of(s, c: int) -> str:
    return s.cs.kind_ids[c]


def clabel(s, c: int) -> str:
    """'Dodge ♥2', and 'Dodge ♥2 (2)' for the second copy, so labels name one card."""
    return s.cs.labels[c]


def skill_name(s, key: str) -> str:
    """The name of a skill or a card kind."""
    if key in s.cs.skills:
        return s.cs.skills[key].name
    return s.cs.kinds[key].name if key in s.cs.kinds else key


# --- seats --------------------------------------------------------------------------------------

def name(s, p: int) -> str:
    return s.seat_name(p)


def living(s) -> list[int]:
    return [p for p in range(s.players) if s.alive[p]]


def r1_order(s) -> list[int]:
    """R1: living players from the current player in seat order."""
    return q.seat_order_from(s.current, s.alive)


def kingdom(s, p: int) -> str:
    return s.cs.general(s.gen[p]).kingdom if s.gen[p] else ""


def gender(s, p: int) -> str:
    return s.cs.general(s.gen[p]).gender if s.gen[p] else "male"


def weapon(s, p: int) -> str:
    c = s.equip[p][0]
    return kind_of(s, c) if c >= 0 else ""


def armour(s, p: int) -> str:
    c = s.equip[p][1]
    return kind_of(s, c) if c >= 0 else ""


def cards_of(s, p: int) -> list[int]:
    """A player's cards: hand plus equipment."""
    return s.hand[p] + [c for c in s.equip[p] if c >= 0]


def armour_works(s, p: int, uid: str) -> bool:
    """p's armour acts against this card unless its user's weapon has it ignored (Qinggang
    Sword sets the use's `ignore_armour`)."""
    u = s.uses.get(uid)
    return not (u and u.get("ignore_armour") and p in u["targets"])


# --- skills and equipment: the seat's keys and their handlers -------------------------------------

#: (general, is the Lord) -> the general's working skills (a lord skill only for the Lord, D7)
_SKILLS: dict[tuple[str, bool], tuple[str, ...]] = {}
#: (hook, general, is the Lord, equipped cards) -> the handlers of the seat's keys at `hook`
_HANDLERS: dict[tuple, tuple[tuple[str, Callable], ...]] = {}


def skills(s, p: int) -> tuple[str, ...]:
    """The seat's working skills, in its general's order (none once dead)."""
    g = s.gen[p]
    if not g or not s.alive[p]:
        return ()
    lord = p == s.lord
    got = _SKILLS.get((g, lord))
    if got is None:
        got = _SKILLS[(g, lord)] = tuple(
            sid for sid in s.cs.general(g).skills if lord or not s.cs.skills[sid].lord)
    return got


def has(s, p: int, skill: str) -> bool:
    """The seat's general has this working skill (a lord skill only for the Lord, D7)."""
    return skill in skills(s, p)


def seat_keys(s, p: int) -> tuple[str, ...]:
    """What may act for the seat: its working skills, then its equipped cards' kinds."""
    if not s.alive[p]:
        return ()
    ids = s.cs.kind_ids
    return skills(s, p) + tuple([ids[c] for c in s.equip[p] if c >= 0])


def handlers(s, p: int, hook: str) -> tuple[tuple[str, Callable], ...]:
    """(key, handler) for the seat's keys that have one at `hook`, in the registry's order
    (each handler's `order`, then its key)."""
    if not s.alive[p]:
        return ()
    e = s.equip[p]
    at = (hook, s.gen[p], p == s.lord, e[0], e[1], e[2], e[3])
    got = _HANDLERS.get(at)
    if got is None:
        if len(_HANDLERS) > 200_000:
            _HANDLERS.clear()
        got = _HANDLERS[at] = tuple(EFFECTS.ordered(hook, seat_keys(s, p)))
    return got


def fire(s, p: int, hook: str, *args: Any) -> None:
    """Run the seat's handlers at `hook`: handler(s, p, *args)."""
    for _, fn in handlers(s, p, hook):
        fn(s, p, *args)


def value(s, p: int, hook: str, v: Any, *args: Any) -> Any:
    """Fold `v` through the seat's handlers at value hook `hook`: v = handler(v, s, p, *args)."""
    for _, fn in handlers(s, p, hook):
        v = fn(v, s, p, *args)
    return v
