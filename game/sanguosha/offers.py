"""The questions cards and skills share: whether to use an optional skill or weapon now
(`offer`, D37: offered whenever its public conditions hold), and which card of a player's zones
to take or discard (`ask_zone_card`; a hand card is a random one, D19).
"""

from __future__ import annotations

from game.core import decisions as dec
from game.core.contract import Action
from game.core.flow import interrupt, later
from game.sanguosha.answers import offered, passing
from game.sanguosha.board import clabel, name, skill_name
from game.sanguosha.hooks import EFFECTS, rules
from game.sanguosha.zones import random_hand_card

# --- optional skills and weapons -----------------------------------------------------------------

def offer(s, p: int, key: str, *args) -> None:
    """Schedule asking p whether to use `key` (a skill or weapon) with `args`."""
    later(s, "ask_offer", p, key, *args)


def offer_soon(s, p: int, key: str, *args) -> None:
    """Raise an optional trigger: ask p about `key` as soon as the current step returns,
    before what it scheduled (D39)."""
    interrupt(s, "ask_offer", p, key, *args)


@rules.step
def ask_offer(s, p: int, key: str, *args) -> None:
    """Ask p whether to use an optional skill or weapon now (if p is still alive)."""
    if not s.alive[p]:
        return
    dec.ask(s, "offer", p, (key,), (key, *args), prompt=f"{{seat}}: use {skill_name(s, key)}?")


def offer_options(s, p: int) -> list[Action]:
    key, *args = s.decisions[-1].context
    opts = EFFECTS.run("offer_options", key, s, p, *args) \
        if EFFECTS.has("offer_options", key) else None
    if opts is None:
        opts = [Action("invoke", None, None, key, label=f"Use {skill_name(s, key)}")]
    return opts


@rules.kind("invoke", answers=("offer",), candidates=offer_options, check=offered,
            legal_as_built=True)
def use_it(s, p: int, a: Action) -> None:
    key, *args = dec.pop(s).context
    s.emit("skill", f"{name(s, p)} uses {skill_name(s, key)}.", p, skill=key)
    EFFECTS.run("invoke", key, s, p, a, *args)


@rules.kind("pass", answers=("offer",), candidates=passing("Do not use it"), check=offered,
            legal_as_built=True)
def do_not_use_it(s, p: int, a: Action) -> None:
    dec.pop(s)


# --- choosing a card from a player's zones (Dismantlement, Snatch, Ice Sword, ...) --------------

def ask_zone_card(s, p: int, t: int, key: str, zones: str = "hej", *extra) -> bool:
    """p chooses one card of t's zones ("h"and, "e"quipment, "j"udgement area) for `key`;
    False (nothing asked) when those zones are empty."""
    if not ("h" in zones and s.hand[t] or "e" in zones and any(c >= 0 for c in s.equip[t])
            or "j" in zones and s.judge[t]):
        return False
    dec.ask(s, "zone_card", p, (), (key, t, zones, *extra),
            prompt=f"{{seat}}: choose a card of {name(s, t)} ({skill_name(s, key)})")
    return True


def zone_card_options(s, p: int) -> list[Action]:
    key, t, zones, *extra = s.decisions[-1].context
    acts = []
    if "h" in zones and s.hand[t]:
        acts.append(Action("choose", None, t, "hand",
                           label=f"A random card from {name(s, t)}'s hand"))
    if "e" in zones:
        acts += [Action("choose", None, t, c, label=clabel(s, c)) for c in s.equip[t] if c >= 0]
    if "j" in zones:
        acts += [Action("choose", None, t, c, label=f"{clabel(s, c)} (judgement area)")
                 for c, _ in s.judge[t]]
    return acts


@rules.kind("choose", answers=("zone_card",), candidates=zone_card_options, check=offered,
            legal_as_built=True)
def zone_card_chosen(s, p: int, a: Action) -> None:
    key, t, zones, *extra = dec.pop(s).context
    c = random_hand_card(s, t) if a.option == "hand" else a.option
    EFFECTS.run("chosen", key, s, p, t, c, *extra)
