"""A monster on a sheet: the `Placed` record under its public token (a placement number).

Actions and views name monsters by token, never by instance id, so a face-down monster's identity
stays with its owner (and with everyone, once it has been face up and burrowed: `known`, spec D30).
"""

from __future__ import annotations


class Placed:
    """One monster on its owner's sheet, with its this-round marks."""

    __slots__ = ("token", "card", "sheet", "area", "face_up", "known", "damage", "weakness",
                 "atk_mod", "stopped", "acted", "up_order")

    def __init__(self, token: int, card: int, sheet: int, area: int) -> None:
        self.token, self.card, self.sheet, self.area = token, card, sheet, area
        self.face_up = False
        self.known = False  # face down, but everyone knows which card it is (burrowed, D30)
        self.damage = 0
        self.weakness = 0  # hunter attacks on it deal this much more (an item's trap)
        self.atk_mod = 0  # added to its attack this round (an item's flash: -2)
        self.stopped = False  # it does not attack this round (an item's trap)
        self.acted = False  # has taken its turn in this hunt phase
        self.up_order = 0  # when it was last turned face up (the unique check compares it)

    @property
    def place(self) -> tuple[int, int]:
        return (self.sheet, self.area)

    def copy(self) -> Placed:
        c = Placed.__new__(Placed)
        for k in Placed.__slots__:
            setattr(c, k, getattr(self, k))
        return c

    def to_json(self) -> list:
        return [getattr(self, k) for k in Placed.__slots__]

    @staticmethod
    def from_json(data: list) -> Placed:
        c = Placed.__new__(Placed)
        for k, v in zip(Placed.__slots__, data, strict=True):
            setattr(c, k, v)
        return c
