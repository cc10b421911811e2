"""Why the Normal bot's move, in one clause, from the seat's own view (game/coach.py)."""

from __future__ import annotations

from typing import Any

from game.core.contract import Action

REASONS = {
    "place": "that monster there is the hardest for the others to hunt",
    "pass": "keeping your monsters in hand is worth more now",
    "move": "the best hunt for your gear is there",
    "item": "the item helps this hunt most",
    "boost": "the boost makes the attack strong enough",
    "equip": "the gear raises your attack for the hunts ahead",
    "attack": "it is the best target for your attack now",
    "no_attack": "no monster in reach is worth the risk",
    "discard": "it is the card your hand needs least",
    "replace": "the new monster is harder to hunt",
    "done": "nothing more is worth doing this turn",
}


def why(view: Any, seat: int, action: Action) -> str:
    return REASONS.get(action.kind, "")
