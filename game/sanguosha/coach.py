"""Why the Normal bot's move, in one clause, from the seat's own view (game/coach.py)."""

from __future__ import annotations

from typing import Any

from game.core.contract import Action


def why(view: Any, seat: int, action: Action) -> str:
    me = (view.get("seats") or [{}])[seat] if isinstance(view, dict) else {}
    hp, top = me.get("hp", 0), me.get("max_hp", 0)
    what = action.option[0] if isinstance(action.option, tuple) and action.option else ""
    if action.kind == "respond" and what == "dodge":
        return f"you are at {hp} of {top} health and a Dodge saves one"
    if action.kind == "respond" and what == "peach":
        return "a Peach now keeps a seat in the game"
    if action.kind == "use" and what == "peach":
        return f"you are at {hp} of {top} health"
    if action.kind == "use" and what == "slash":
        return "one Slash a turn: this target is the best one in reach"
    if action.kind == "use":
        return "the card is worth more played now than kept"
    if action.kind == "end":
        return "nothing left in hand is worth playing this turn"
    if action.kind == "pass":
        return "keeping the card is worth more than using it here"
    if action.kind == "pick":
        return "it is the card your hand needs least"
    if action.kind in ("invoke", "skill"):
        return "the skill gains you more than it costs now"
    if action.kind == "choose":
        return "that card hurts the other seat most"
    if action.kind == "general":
        return "this general suits your identity best"
    return ""
