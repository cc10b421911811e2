"""Pure questions the rules, the AI and the table all ask: the type chart and attack costs.

Nothing here changes anything; the same answer for the same arguments, always.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.hermitcraft.cards import ANY, TYPES, CardSet, card_set


class PaysPoints(Protocol):
    """An item card, or anything with a type and a number of points (1, or 2 for ×2)."""

    type: str
    points: int


# --- the type chart (spec "Type chart", D11) ---------------------------------------------------

def weak_against(attacker_type: str, defender_type: str, cards: CardSet | None = None) -> bool:
    """True if a Hermit attack by `attacker_type` on `defender_type` adds the +20 weakness hit."""
    return (cards or card_set()).weak_against(attacker_type, defender_type)


def strong_against(attacker_type: str, cards: CardSet | None = None) -> tuple[str, ...]:
    """The types `attacker_type` deals weakness damage to, in chart order."""
    chart = (cards or card_set()).types[attacker_type].strong_against
    return tuple(t for t in TYPES if t in chart)


def weak_to(defender_type: str, cards: CardSet | None = None) -> tuple[str, ...]:
    """The types that deal weakness damage to `defender_type` (the chart read backwards)."""
    cs = cards or card_set()
    return tuple(t for t in TYPES if cs.weak_against(t, defender_type))


# --- paying an attack's cost (D10) -------------------------------------------------------------

def pay(cost: Sequence[str], items: Sequence[PaysPoints]) -> list[int] | None:
    """Which items pay `cost`: the indices (into `items`) of the items used, or None if the
    items cannot pay it.

    Each typed point needs a point of that type; each "any" point needs a point of any type
    not already used. A ×2 item gives 2 points of its type, so one ×2 item can pay one typed
    and one any point. Items are never spent: this only asks whether an assignment exists.
    """
    left = [item.points for item in items]
    used: set[int] = set()

    def take(fits) -> bool:
        # prefer an item already partly used (the second point of a ×2), then row order
        order = sorted(range(len(items)), key=lambda i: (i not in used, i))
        for i in order:
            if left[i] and fits(items[i]):
                left[i] -= 1
                used.add(i)
                return True
        return False

    typed = [p for p in cost if p != ANY]
    for point in typed:  # typed points first: only an item of that type pays them
        if not take(lambda item, t=point: item.type == t):
            return None
    for _ in range(len(cost) - len(typed)):  # then "any" points from whatever is left
        if not take(lambda item: True):
            return None
    return sorted(used)


_PAYS: dict[tuple, bool] = {}


def can_pay(cost: Sequence[str], items: Sequence[PaysPoints]) -> bool:
    """True if `items` cover `cost` (typed points by their type, "any" points by any type).
    Remembered by cost and the items' (type, points): the answer depends on nothing else."""
    key = (tuple(cost), *[(item.type, item.points) for item in items])
    pays = _PAYS.get(key)
    if pays is None:
        pays = _PAYS[key] = pay(cost, items) is not None
    return pays


def cost_text(cost: Sequence[str]) -> str:
    """"2 builder + 1 any" (the spec's way of writing a cost); "free" for no cost."""
    if not cost:
        return "free"
    counts: dict[str, int] = {}
    for point in cost:
        counts[point] = counts.get(point, 0) + 1
    order = sorted(counts, key=lambda p: (p == ANY, cost.index(p)))
    return " + ".join(f"{counts[p]} {p}" for p in order)
