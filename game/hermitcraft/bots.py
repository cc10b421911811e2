"""Hermitcraft bots. The heuristic bot is not written yet; until then the game offers ISMCTS
with short playouts scored by `evaluate` (lives and Hermit health), so a search decision does
not play every random game to the last card."""

from __future__ import annotations

from game.hermitcraft.state import HermitState

#: random playout moves before `evaluate` scores the position
PLAYOUT_CUTOFF = 40


def evaluate(s: HermitState) -> list[float]:
    """Each seat's expected share of the win, from what is on the table: a life is worth a
    quarter of the game, Hermit health the rest of the lead."""
    if s.is_over():
        winners = s.outcome().winners
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(2)] if winners \
            else [0.5, 0.5]
    health = [sum(hp for h, hp in zip(s.hermit[p], s.hp[p], strict=True) if h >= 0)
              for p in range(2)]
    lead = 0.25 * (s.lives[0] - s.lives[1])
    lead += 0.25 * (health[0] - health[1]) / max(1, health[0] + health[1])
    first = min(0.95, max(0.05, 0.5 + lead))
    return [first, 1.0 - first]
