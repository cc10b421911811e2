"""The one seeded random-number generator a game state owns.

SplitMix64 in pure Python: its whole state is one integer, so cloning and JSON round trips are
free and exact, and a game replayed from its seed draws the same numbers on every machine.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n); bias is at most n / 2**64."""
        # next64, inline (a search draws millions)
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one by one draw)."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        return Rng(self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng({self.state:#x})"
