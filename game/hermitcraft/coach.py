"""Why the Normal bot's move, in one clause, from the seat's own view (game/coach.py)."""

from __future__ import annotations

from typing import Any

from game.core.contract import Action

REASONS = {
    "play_hermit": "another hermit on the board keeps you safe from a knock-out",
    "attach_item": "the item pays for that hermit's attack",
    "attach_effect": "the effect card protects or strengthens that hermit",
    "single_use": "the card is worth most this turn",
    "attack": "it deals the most damage you can this turn",
    "su_attack": "the single-use card's damage is the best attack now",
    "switch": "that hermit is safer or hits harder in the active row",
    "end_turn": "nothing left is worth playing this turn",
    "take_back": "the card is worth more kept for later",
}


def why(view: Any, seat: int, action: Action) -> str:
    return REASONS.get(action.kind, "")
