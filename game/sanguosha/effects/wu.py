"""The skills of Wu's generals (docs/rules/sanguosha.md: Generals; Skill rulings)."""

from __future__ import annotations

from itertools import combinations

from game.core import decisions as dec
from game.core.contract import Action
from game.core.flow import later, mark, marked
from game.sanguosha.answers import offered
from game.sanguosha.board import card, cards_of, clabel, gender, kingdom, living, name
from game.sanguosha.cards import SUIT_NAMES
from game.sanguosha.damage import lose_hp
from game.sanguosha.distance import attack_range, dist
from game.sanguosha.hooks import EFFECTS, rules
from game.sanguosha.offers import offer, offer_soon
from game.sanguosha.targets import facts
from game.sanguosha.zones import (
    discard_cards,
    draw_cards,
    give_card,
    note,
    random_hand_card,
    recover,
)


@rules.step
def draw_n(s, p: int, n: int) -> None:
    """Draw n, if still alive (Balance of Power, Self-Injury Ruse)."""
    if s.alive[p]:
        draw_cards(s, p, n)


# --- Sun Quan: Balance of Power, Rescue (Lord) ------------------------------------------------

@EFFECTS.on("active", "zhiheng")
def zhiheng_active(s, p: int) -> list[Action]:
    if s.phase_used.get("zhiheng") or not cards_of(s, p):
        return []
    return [Action("skill", None, None, "zhiheng", label="Balance of Power")]


@EFFECTS.on("act", "zhiheng")
def zhiheng(s, p: int, a: Action) -> None:
    s.phase_used["zhiheng"] = 1
    dec.ask(s, "zhiheng", p, (), (0,), prompt="{seat}: discard cards one at a time, then "
                                               "draw as many (Balance of Power)")


def zhiheng_discards(s, p: int) -> list[Action]:
    return [Action("pick", c, label=f"Discard {clabel(s, c)}") for c in sorted(cards_of(s, p))]


def zhiheng_done(s, p: int) -> list[Action]:
    (n,) = s.decisions[-1].context
    return [Action("done", label=f"Done: draw {n}")] if n >= 1 else []


@rules.kind("pick", answers=("zhiheng",), candidates=zhiheng_discards, check=offered,
            legal_as_built=True)
def zhiheng_discard(s, p: int, a: Action) -> None:
    """Each card is discarded as it is picked (at least one)."""
    frame = dec.pop(s)
    (n,) = frame.context
    if len(cards_of(s, p)) > 1:
        dec.ask(s, "zhiheng", p, (), (n + 1,), prompt=frame.prompt)
    else:
        later(s, "draw_n", p, n + 1)
    discard_cards(s, p, [a.source], "discards (Balance of Power)")


@rules.kind("done", answers=("zhiheng",), candidates=zhiheng_done, check=offered,
            legal_as_built=True)
def zhiheng_draw(s, p: int, a: Action) -> None:
    (n,) = dec.pop(s).context
    draw_cards(s, p, n)


@EFFECTS.on("peach_recovery", "jiuyuan")
def jiuyuan(amount: int, s, d: int, p: int) -> int:
    """Rescue (Lord, locked): a Wu character's Peach on the dying Lord recovers 2 (D30)."""
    return 2 if p != d and kingdom(s, p) == "wu" else amount


# --- Gan Ning: Surprise Raid; Lü Meng: Self-Restraint; Huang Gai: Self-Injury Ruse -------------

@EFFECTS.on("convert", "qixi")
def qixi(s, p: int, purpose: str):
    """Surprise Raid: any black card (hand or equipped) as a Dismantlement."""
    if purpose != "play":
        return []
    return [((c,), "dismantlement") for c in sorted(cards_of(s, p))
            if card(s, c).colour == "black"]


@EFFECTS.on("discard_phase", "keji")
def keji_offered(s, p: int) -> None:
    if not marked(s, p, "slashed"):
        offer(s, p, "keji")


@EFFECTS.on("invoke", "keji")
def keji(s, p: int, a: Action) -> None:
    """Self-Restraint: no Slash used or played in the play phase: skip the discard phase."""
    mark(s, p, "skip:discard", s.cs.skills["keji"].name)


@EFFECTS.on("active", "kurou")
def kurou_active(s, p: int) -> list[Action]:
    return [Action("skill", None, None, "kurou", label="Self-Injury Ruse: lose 1 HP, draw 2")]


@EFFECTS.on("act", "kurou")
def kurou(s, p: int, a: Action) -> None:
    later(s, "draw_n", p, 2)  # drawn only if he is still alive (saved) afterwards
    lose_hp(s, p, 1)


# --- Zhou Yu: Valiant Bearing, Sow Discord -----------------------------------------------------

@EFFECTS.on("draw_phase", "yingzi")
def yingzi_offered(s, p: int) -> None:
    offer(s, p, "yingzi")


@EFFECTS.on("invoke", "yingzi")
def yingzi(s, p: int, a: Action) -> None:
    mark(s, p, "draw_extra", marked(s, p, "draw_extra", 0) + 1)


@EFFECTS.on("active", "fanjian")
def fanjian_active(s, p: int) -> list[Action]:
    if s.phase_used.get("fanjian") or not s.hand[p]:
        return []
    return [Action("skill", None, t, "fanjian", label=f"Sow Discord on {name(s, t)}")
            for t in living(s) if t != p]


@EFFECTS.on("act", "fanjian")
def fanjian(s, p: int, a: Action) -> None:
    s.phase_used["fanjian"] = 1
    dec.ask(s, "fanjian", a.target, (), (p,), prompt="{seat}: name a suit (Sow Discord)")


def suits_named(s, t: int) -> list[Action]:
    return [Action("choose", None, None, x, label=f"Name {SUIT_NAMES[x]}s") for x in "shcd"]


@rules.kind("choose", answers=("fanjian",), candidates=suits_named, check=offered,
            legal_as_built=True)
def suit_named(s, t: int, a: Action) -> None:
    """The target takes a random hand card of Zhou Yu's; a different suit: 1 damage."""
    (p,) = dec.pop(s).context
    if not s.hand[p]:
        return
    c = random_hand_card(s, p)
    give_card(s, p, t, c, face_up=True)
    if card(s, c).suit != a.option:
        later(s, "damage", t, 1, p, "", "fanjian")


# --- Da Qiao: National Beauty, Deflect; Lu Xun: Modesty, Chained Camps --------------------------

@EFFECTS.on("convert", "guose")
def guose(s, p: int, purpose: str):
    """National Beauty: any diamond (hand or equipped) as an Indulgence."""
    if purpose != "play":
        return []
    return [((c,), "indulgence") for c in sorted(cards_of(s, p)) if card(s, c).suit == "d"]


@EFFECTS.on("become_target", "liuli")
def liuli_offered(s, p: int, uid: str) -> None:
    if s.uses[uid]["kind"] == "slash" and cards_of(s, p):
        offer(s, p, "liuli", uid)


@EFFECTS.on("offer_options", "liuli")
def liuli_options(s, p: int, uid: str) -> list[Action]:
    u = s.uses[uid]
    acts = []
    for c in sorted(cards_of(s, p)):
        for x in living(s):
            if x in (p, u["user"]) or x in u["targets"]:
                continue
            if dist(s, p, x, (c,)) > attack_range(s, p, (c,)):  # without the card (D20)
                continue
            if facts(s, x).refusal("slash"):
                continue
            acts.append(Action("invoke", (c,), x, "liuli",
                               label=f"Deflect: discard {clabel(s, c)}, pass to {name(s, x)}"))
    return acts


@EFFECTS.on("invoke", "liuli")
def liuli(s, p: int, a: Action, uid: str) -> None:
    """Deflect: discard a card; the Slash targets another player in range instead."""
    u = s.uses[uid]
    x = a.target
    discard_cards(s, p, list(a.source), "discards (Deflect)")
    n = s.players
    u["targets"] = tuple(sorted((x if t == p else t for t in u["targets"]),
                                key=lambda t: (t - u["user"]) % n))
    s.emit("message", f"{name(s, p)} deflects the Slash to {name(s, x)}.", p, target=x)


@EFFECTS.on("protects", "qianxun")
def qianxun(refusals: tuple, s, p: int) -> tuple:
    """Modesty (locked): not a target of Snatch or Indulgence."""
    who = name(s, p)
    return refusals + (("snatch", f"{who} has Modesty: Snatch cannot target them."),
                       ("indulgence", f"{who} has Modesty: Indulgence cannot target them."))


@EFFECTS.on("hand_emptied", "lianying")
def lianying_offered(s, p: int) -> None:
    offer_soon(s, p, "lianying")


@EFFECTS.on("invoke", "lianying")
def lianying(s, p: int, a: Action) -> None:
    draw_cards(s, p, 1)


# --- Sun Shangxiang: Fierce Princess, Marriage Bond -----------------------------------------------

@EFFECTS.on("equipment_lost", "xiaoji")
def xiaoji_offered(s, p: int) -> None:
    offer_soon(s, p, "xiaoji")


@EFFECTS.on("invoke", "xiaoji")
def xiaoji(s, p: int, a: Action) -> None:
    draw_cards(s, p, 2)


@EFFECTS.on("active", "jieyin")
def jieyin_active(s, p: int) -> list[Action]:
    if s.phase_used.get("jieyin") or len(s.hand[p]) < 2:
        return []
    males = [x for x in living(s) if x != p and gender(s, x) == "male" and s.hp[x] < s.max_hp[x]]
    return [Action("skill", pair, x, "jieyin", label=f"Marriage Bond with {name(s, x)}: "
                   f"discard {clabel(s, pair[0])} and {clabel(s, pair[1])}")
            for pair in combinations(sorted(s.hand[p]), 2) for x in males]


@EFFECTS.on("act", "jieyin")
def jieyin(s, p: int, a: Action) -> None:
    s.phase_used["jieyin"] = 1
    discard_cards(s, p, list(a.source), "discards (Marriage Bond)")
    recover(s, p, 1)
    recover(s, a.target, 1)
    note(s, p, a.target, -3)
