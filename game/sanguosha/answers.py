"""What every question's answers share: the check that an answer is one of those offered now,
a refusal in words, and the plain "pass" of each question."""

from __future__ import annotations

from collections.abc import Callable

from game.core.contract import Action
from game.sanguosha.board import clabel


def offered(s, p: int, a: Action) -> str | None:
    """The check of answers built legal: an answer is legal when it is among those offered for
    the question asked now."""
    if a in s.offered_now(p):
        return None
    return f"{describe(s, a)} is not a possible answer to: {s.decisions[-1].words(s.seat_name)}"


def describe(s, a: Action) -> str:
    """An action in words, for refusals of actions the rules did not offer (no label)."""
    if a.label:
        return a.label
    cards = a.source if isinstance(a.source, tuple) else ()
    if cards and all(isinstance(c, int) and 0 <= c < len(s.cs.cards) for c in cards):
        return ", ".join(clabel(s, c) for c in cards)
    return {"pass": "Passing", "end": "Ending the play phase", "done": "Done"}.get(
        a.kind, f"{a.kind!r}")


def passing(label: str) -> Callable[[object, int], list[Action]]:
    """The candidates of a question's pass: one action, named as that question names it."""
    action = Action("pass", label=label)
    return lambda s, p: [action]
