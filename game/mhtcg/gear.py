"""Equipment as pure queries the rules and the AI share: current stats, item icons, boosts,
the equip price with the trade-in credit, and which materials pay it.

Nothing here reads or changes a game state; every function takes the cards or numbers it needs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from game.mhtcg.cards import ArmourCard, DeckCard, HunterCard, ItemCard, WeaponCard


@dataclass(frozen=True, slots=True)
class Stats:
    """A hunter's current printed stats, before this round's bonuses."""

    system: str
    atk: int
    defence: int
    mov: int
    rng: int
    icons: tuple[str, ...]


def current_stats(hunter: HunterCard, weapon: WeaponCard | None = None,
                  armour: ArmourCard | None = None) -> Stats:
    """Equipment replaces the hunter card's values, never adds to them (spec "Components").

    System, ATK, RNG, MOV and icons come from the weapon, DEF from the armour; with none
    equipped, from the hunter card.
    """
    w = weapon if weapon is not None else hunter
    d = armour.defence if armour is not None else hunter.defence
    return Stats(w.system, w.atk, d, w.mov, w.rng, tuple(w.icons))


def shares_icon(icons: Sequence[str], item: ItemCard) -> bool:
    """An item is usable by a hunter whose current icons share at least one with it (4.5)."""
    return any(i in icons for i in item.icons)


def boost_kind(card: DeckCard, system: str) -> str | None:
    """What discarding `card` as a boost gives (4.4, D15): "atk", "def", or None if it cannot.

    A weapon boosts ATK only if it is of the hunter's current weapon system; any armour boosts
    DEF.
    """
    if isinstance(card, WeaponCard):
        return "atk" if card.system == system else None
    if isinstance(card, ArmourCard):
        return "def"
    return None


# --- the equip phase -----------------------------------------------------------------------

def equip_price(new: WeaponCard | ArmourCard, replaced: WeaponCard | ArmourCard | None) -> int:
    """Material points still needed: the cost less the trade-in credit of the card it replaces.

    The credit only counts within a kind: a weapon's cost toward a weapon, an armour's toward
    an armour (spec 5).
    """
    if replaced is not None and type(replaced) is not type(new):
        raise ValueError(f"{replaced.name} is not the same kind as {new.name}")
    credit = replaced.cost if replaced is not None else 0
    return max(0, new.cost - credit)


def payment_problem(points: Sequence[int], price: int) -> str | None:
    """Why these material cards cannot pay `price`, or None if they do (spec 5, D19).

    Cards are spent whole with no change, and the set must be minimal: leaving out any one card
    would make it too little. A free card (price 0) is paid with no cards at all.
    """
    total = sum(points)
    if total < price:
        return f"{total} material points do not pay {price}"
    if points and total - min(points) >= price:
        if price <= 0:
            return "this costs nothing: pay no material"
        return (f"pays more cards than needed: without the {min(points)}-point card "
                f"{total - min(points)} still pay {price}")
    return None


def is_minimal_payment(points: Sequence[int], price: int) -> bool:
    return payment_problem(points, price) is None


def can_complete_payment(chosen: Sequence[int], remaining: Sequence[int], price: int) -> bool:
    """Whether some of `remaining` can be added to `chosen` to make a minimal payment.

    This is the test for one more pick in a "choose materials, then Done" payment: a pick is
    legal when the payment can still be finished minimally.
    """
    base = sum(chosen)
    low = min(chosen, default=None)
    counts = sorted(Counter(remaining).items())
    for take in product(*(range(n + 1) for _, n in counts)):
        total = base + sum(v * k for (v, _), k in zip(counts, take, strict=True))
        if total < price:
            continue
        smallest = min([v for (v, _), k in zip(counts, take, strict=True) if k]
                       + ([low] if low is not None else []), default=None)
        if smallest is None or total - smallest < price:
            return True
    return False


def minimal_payments(points: Sequence[int], price: int) -> list[tuple[int, ...]]:
    """Every way to pay `price` minimally from a pile with these points, as index tuples.

    Cards worth the same are interchangeable, so each distinct multiset of values appears once
    (using the earliest cards of each value). Sorted by points spent, then fewest cards.
    """
    by_value: dict[int, list[int]] = {}
    for i, v in enumerate(points):
        by_value.setdefault(v, []).append(i)
    values = sorted(by_value)
    out = []
    for take in product(*(range(len(by_value[v]) + 1) for v in values)):
        picked = [v for v, k in zip(values, take, strict=True) for _ in range(k)]
        if is_minimal_payment(picked, price):
            idx = tuple(sorted(i for v, k in zip(values, take, strict=True)
                               for i in by_value[v][:k]))
            out.append((sum(picked), len(idx), idx))
    out.sort()
    return [idx for _, _, idx in out]
