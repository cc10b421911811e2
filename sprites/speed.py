"""The animation speed: one setting, read in one place.

The setting is a word, "x1", "x2", "x4" or "instant" (kept with the other settings,
scenes/storage.py; the Settings screen and the replay viewer offer `CHOICES`). Whatever
animates asks `factor(word)`: how many seconds of animation pass in one second — 1, 2, 4, or
infinity for "instant" (finish at once). The table's parts, the dice tray, the coin and the
replay viewer all read it here.
"""

from __future__ import annotations

import math

#: the setting's words and their labels, slowest first
CHOICES = (("x1", "×1"), ("x2", "×2"), ("x4", "×4"), ("instant", "Instant"))
WORDS = tuple(word for word, _ in CHOICES)
_FACTORS = {"x1": 1.0, "x2": 2.0, "x4": 4.0, "instant": math.inf}


def factor(speed: str | float) -> float:
    """Seconds of animation per second at `speed` (a word of the setting, or a number)."""
    if isinstance(speed, str):
        return _FACTORS.get(speed, 1.0)
    return float(speed)

