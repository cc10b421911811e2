"""Weapons (docs/rules/sanguosha.md: Card kinds; D20, D26, D28, D29, D41). A weapon's range is
data; what else it does is here. Weapons come after skills where both act at one moment
(order=1): a skill's conversions are offered first, Iron Cavalry before Double Swords (D38)."""

from __future__ import annotations

from itertools import combinations

from game.core import decisions as dec
from game.core.contract import Action
from game.core.flow import later
from game.sanguosha.answers import offered, passing
from game.sanguosha.board import cards_of, clabel, gender, kingdom, name, skill_name
from game.sanguosha.hooks import EFFECTS, puts_away, rules
from game.sanguosha.offers import ask_zone_card, offer
from game.sanguosha.targets import sources, why_not_slash_at
from game.sanguosha.using import begin_use
from game.sanguosha.windows import ask_helpers, slash_means
from game.sanguosha.zones import discard_cards, draw_cards, put_away

# --- Zhuge Crossbow, Qinggang Sword, Sky Halberd, Serpent Spear -----------------------------

@EFFECTS.on("slash_unlimited", "crossbow")
def crossbow(unlimited: bool, s, p: int, spent: tuple) -> bool:
    """No Slash limit, unless the Crossbow itself is being spent (D41)."""
    return unlimited or s.equip[p][0] not in spent


@EFFECTS.on("aiming", "qinggang-sword")
def qinggang_sword(s, p: int, uid: str) -> None:
    """Locked: the targets' armour has no effect on this Slash."""
    u = s.uses[uid]
    if u["kind"] == "slash":
        u["ignore_armour"] = True


@EFFECTS.on("slash_targets", "halberd")
def halberd(most: int, s, p: int, cards: tuple) -> int:
    """A Slash of the last hand cards may have up to 3 targets (D28)."""
    last = set(cards) == set(s.hand[p]) and all(c in s.hand[p] for c in cards)
    return 3 if last and s.equip[p][0] not in cards else most


@EFFECTS.on("convert", "spear", order=1)
def spear(s, p: int, purpose: str):
    """Serpent Spear: any two hand cards as a Slash."""
    if purpose not in ("play", "slash"):
        return []
    return [(pair, "slash") for pair in combinations(sorted(s.hand[p]), 2)]


# --- Green Dragon Blade, Stone Axe: after a Slash is dodged -------------------------------------

def blade_may_follow(s, p: int, t: int) -> bool:
    """The follow-up is a Slash like any other: its target must be one a Slash may be used
    on (Empty Fort forbids), only range and the play phase's limit do not apply."""
    return why_not_slash_at(s, p, t, ignore_range=True) is None


@EFFECTS.on("slash_dodged", "blade")
def blade_follows(s, p: int, uid: str, t: int) -> None:
    if blade_may_follow(s, p, t):
        offer(s, p, "blade", t)


@EFFECTS.on("offer_options", "blade")
def blade_options(s, p: int, t: int, helpers_tried: int = 0) -> list[Action]:
    acts = [Action("invoke", cs, t, ("blade", k, via),
                   label=f"Slash {name(s, t)} again with {', '.join(clabel(s, c) for c in cs)}"
                         + (f" ({skill_name(s, via)})" if via else ""))
            for cs, k, via in sources(s, p, "slash", "play")]
    if not helpers_tried:  # R4: a Lord may ask his helpers for it
        acts += [Action("invoke", (), t, ("blade", "slash", key),
                        label=f"{skill_name(s, key)}: ask {kingdom(s, p).capitalize()} to "
                              f"Slash {name(s, t)} again") for key in slash_means(s, p)]
    return acts


@EFFECTS.on("invoke", "blade")
def blade(s, p: int, a: Action, t: int, helpers_tried: int = 0) -> None:
    """Green Dragon Blade: another Slash on the same target, ignoring range and the limit
    (D26)."""
    cs, (_k, via) = a.source, a.option[1:]
    if not cs:  # no card: the Lord's helpers are asked for it
        key = f"rouse:{s.next_uid}"
        s.next_uid += 1
        later(s, "blade_helpers_done", p, t, key, via)
        ask_helpers(s, via, p, "slash", key, "", "use")
        return
    begin_use(s, p, cs, "slash", (t,), via, count=False)


@puts_away
def blade_helpers_done(s, p: int, t: int, key: str, via: str) -> None:
    cs = s.flags.pop(f"{key}:given", None)
    if cs and s.alive[t] and s.alive[p]:
        begin_use(s, p, cs, "slash", (t,), via, count=False, placed=True)
    elif cs:
        put_away(s, cs)
    elif blade_may_follow(s, p, t):
        offer(s, p, "blade", t, 1)  # nobody helped: his own Slash, once more


@EFFECTS.on("slash_dodged", "axe")
def axe_follows(s, p: int, uid: str, t: int) -> None:
    if len([c for c in cards_of(s, p) if c != s.equip[p][0]]) >= 2:
        offer(s, p, "axe", uid, t)


@EFFECTS.on("offer_options", "axe")
def axe_options(s, p: int, uid: str, t: int) -> list[Action]:
    mine = [c for c in cards_of(s, p) if c != s.equip[p][0]]
    return [Action("invoke", pair, t, "axe",
                   label=f"Stone Axe: discard {clabel(s, pair[0])} and {clabel(s, pair[1])}")
            for pair in combinations(sorted(mine), 2)]


@EFFECTS.on("invoke", "axe")
def axe(s, p: int, a: Action, uid: str, t: int) -> None:
    """Stone Axe: discard two cards and the dodged Slash hits anyway."""
    discard_cards(s, p, list(a.source), "discards (Stone Axe)")
    later(s, "damage", t, 1, p, uid, "slash")


# --- Kylin Bow, Ice Sword: about to deal a Slash's damage -------------------------------------

@EFFECTS.on("dealing_damage", "kylin-bow")
def kylin_bow_aims(s, p: int, t: int, uid: str) -> None:
    if s.equip[t][2] >= 0 or s.equip[t][3] >= 0:
        offer(s, p, "kylin-bow", t)


@EFFECTS.on("offer_options", "kylin-bow")
def kylin_options(s, p: int, t: int) -> list[Action]:
    return [Action("invoke", None, t, ("kylin-bow", c), label=f"Kylin Bow: discard {clabel(s, c)}")
            for c in (s.equip[t][2], s.equip[t][3]) if c >= 0]


@EFFECTS.on("invoke", "kylin-bow")
def kylin_bow(s, p: int, a: Action, t: int) -> None:
    discard_cards(s, t, [a.option[1]], "loses (Kylin Bow)")


@EFFECTS.on("dealing_damage", "ice-sword")
def ice_sword_aims(s, p: int, t: int, uid: str) -> None:
    if cards_of(s, t):
        offer(s, p, "ice-sword", t, uid)


@EFFECTS.on("invoke", "ice-sword")
def ice_sword(s, p: int, a: Action, t: int, uid: str) -> None:
    """Prevent the damage; discard up to two of the target's cards, one after the other
    (D29)."""
    s.flags[f"prevent:{uid}:{t}"] = 1
    later(s, "ice_sword_discard", p, t, 2)


@rules.step
def ice_sword_discard(s, p: int, t: int, left: int) -> None:
    if left > 0 and s.alive[t]:
        ask_zone_card(s, p, t, "ice-sword", "he", left)


@EFFECTS.on("chosen", "ice-sword")
def ice_sword_chosen(s, p: int, t: int, c: int, left: int) -> None:
    later(s, "ice_sword_discard", p, t, left - 1)
    discard_cards(s, t, [c], "loses (Ice Sword)")


# --- Double Swords: after a Slash targets a player of the other gender ---------------------------

@EFFECTS.on("has_targeted", "double-swords", order=1)
def double_swords_triggers(may: bool, s, p: int, uid: str, t: int) -> bool:
    return may or (s.uses[uid]["kind"] == "slash" and gender(s, t) != gender(s, p))


@EFFECTS.on("invoke", "double-swords")
def double_swords(s, p: int, a: Action, uid: str, t: int) -> None:
    dec.ask(s, "double-swords", t, (), (p,),
            prompt=f"{{seat}}: discard a hand card, or let {name(s, p)} draw 1 (Double Swords)")


def double_swords_discards(s, t: int) -> list[Action]:
    return [Action("pick", c, label=f"Discard {clabel(s, c)}") for c in sorted(s.hand[t])]


@rules.kind("pick", answers=("double-swords",), candidates=double_swords_discards,
            check=offered, legal_as_built=True)
def double_swords_discard(s, t: int, a: Action) -> None:
    dec.pop(s)
    discard_cards(s, t, [a.source])


@rules.kind("pass", answers=("double-swords",), candidates=passing("Let them draw 1"),
            check=offered, legal_as_built=True)
def double_swords_draw(s, t: int, a: Action) -> None:
    (p,) = dec.pop(s).context
    if s.alive[p]:
        draw_cards(s, p, 1)
