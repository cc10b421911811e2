"""Why the Normal bot's move, in one clause, from the seat's own view (game/coach.py)."""

from __future__ import annotations

from typing import Any

from game.core.contract import Action

REASONS = {
    "choose": "it is the weapon that fits this monster and your health best",
    "transform": "the transformed weapon hits this monster harder",
    "shield": "the damage it prevents would cost you your echoes",
    "cancel": "stopping that attack protects you this round",
    "upgrade": "it is the strongest card on offer for your deck",
    "remove": "your deck plays better without it",
    "skip_upgrade": "nothing on offer improves your deck",
}


def why(view: Any, seat: int, action: Action) -> str:
    return REASONS.get(action.kind, "")
