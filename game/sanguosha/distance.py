"""Distance and attack range (docs/rules/sanguosha.md: Distance and attack range). Equipped
cards being spent for the same action do not count (D20)."""

from __future__ import annotations

from game.sanguosha import queries as q
from game.sanguosha.board import value


def offence(s, p: int, spent: tuple = ()) -> int:
    """How much p's distance to every other seat shrinks: an offensive horse's −1 (data:
    horse), and skills (Horsemanship)."""
    h = s.equip[p][3]
    horse = -s.cs.cards[h].kind.horse if h >= 0 and h not in spent else 0
    return value(s, p, "offence", horse, spent)


def defence(s, p: int) -> int:
    """How much every other seat's distance to p grows: a defensive horse's +1."""
    h = s.equip[p][2]
    return s.cs.cards[h].kind.horse if h >= 0 else 0


def dist(s, a: int, b: int, spent: tuple = ()) -> int:
    """Distance from a to b; equipped cards being spent do not count (D20)."""
    if a == b:
        raise ValueError("distance needs two different players")
    steps = q.steps_table(tuple(s.alive))[a][b]
    if steps < 0:
        raise ValueError("distance is only counted between living players")
    return max(1, steps + defence(s, b) - offence(s, a, spent))


def attack_range(s, p: int, spent: tuple = ()) -> int:
    w = s.equip[p][0]
    return q.attack_range(s.cs.cards[w].kind.range if w >= 0 and w not in spent else 0)
