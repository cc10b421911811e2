"""What each card and skill does: handlers registered in hooks.EFFECTS by card kind or skill
id, one module per family (basic cards, tricks, delayed tricks, weapons, armour; the skills of
each kingdom's generals). Adding a card is its data plus a handler in one of these modules.

Kinds with no handler act only through the rules (listed in RULES with where); horses change
distance through their data (`horse`). `check_registry` matches the registry against the data.
"""

from __future__ import annotations

from game.sanguosha.effects import armour, basic, delayed, qun, shu, tricks, weapons, wei, wu
from game.sanguosha.hooks import EFFECTS

__all__ = ["armour", "basic", "delayed", "qun", "shu", "tricks", "weapons", "wei", "wu"]

#: kinds whose behaviour is a rule, not a handler
RULES = {
    "dodge": "windows.need (answers a Slash or an Archery Attack)",
    "nullification": "windows.nullify_window",
    "dilu": "distance.defence (data: horse)", "jueying": "distance.defence (data: horse)",
    "zhuahuang": "distance.defence (data: horse)",
    "chitu": "distance.offence (data: horse)", "dayuan": "distance.offence (data: horse)",
    "zixing": "distance.offence (data: horse)",
}


def check_registry(cs) -> None:
    """Every kind and skill in the data has a handler or a rule (RULES), and every handler
    belongs to one (CardDataError otherwise)."""
    uses = [("data/sanguosha/cards.toml", k, k) for k in cs.kinds] + \
        [("data/sanguosha/generals.toml", sid, sid) for sid in cs.skills]
    EFFECTS.check_data(uses, plain=RULES)
