"""Why the Normal bot's move, in one clause, from the seat's own view (game/coach.py)."""

from __future__ import annotations

from typing import Any

from game.core.contract import Action

REASONS = {
    "play": "what the team has told you makes it the likeliest card to fit",
    "discard": "the team's tells mark it as the card least needed",
    "tell": "it shows them a card they can play or must keep",
    "cleanse": "your grief is close to its limit",
}


def why(view: Any, seat: int, action: Action) -> str:
    return REASONS.get(action.kind, "")
