"""Armour (docs/rules/sanguosha.md: Card kinds; R3, D27, D40). Armour acts only while it works
against the card at hand (board.armour_works: Qinggang Sword has it ignored)."""

from __future__ import annotations

from game.sanguosha import queries as q
from game.sanguosha.board import armour_works, name
from game.sanguosha.hooks import EFFECTS


@EFFECTS.on("means", "eight-diagrams")
def eight_diagrams(s, p: int, what: str, uid: str, helping: bool):
    """Whenever its wearer needs a Dodge (or gives one for the Lord, D40): a judgement."""
    if what != "dodge":
        return None
    if helping:
        return ("judge", "Judge with your Eight Diagrams for the Lord")
    if not armour_works(s, p, uid):
        return None
    return ("judge", "Judge with Eight Diagrams")


@EFFECTS.on("means_judged", "eight-diagrams")
def eight_diagrams_judged(s, c) -> bool:
    """A red judgement gives the Dodge."""
    return q.is_red(c.suit)


@EFFECTS.on("guard", "nioh-shield")
def nioh_shield(s, t: int, uid: str) -> str | None:
    """A black Slash has no effect on its wearer."""
    u = s.uses[uid]
    if u["kind"] == "slash" and u["colour"] == "black" and armour_works(s, t, uid):
        return f"Nioh Shield: the black Slash has no effect on {name(s, t)}."
    return None
