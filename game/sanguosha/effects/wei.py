"""The skills of Wei's generals (docs/rules/sanguosha.md: Generals; Skill rulings)."""

from __future__ import annotations

from itertools import combinations

from game.core import decisions as dec
from game.core.contract import Action
from game.core.flow import later, mark, marked
from game.sanguosha import queries as q
from game.sanguosha.answers import offered, passing
from game.sanguosha.board import (
    card,
    cards_of,
    clabel,
    living,
    name,
)
from game.sanguosha.hooks import EFFECTS, rules
from game.sanguosha.judgement import judgement
from game.sanguosha.offers import offer
from game.sanguosha.windows import lord_helpers
from game.sanguosha.zones import (
    discard_cards,
    give_card,
    random_hand_card,
    remove_card,
    to_hand,
    top_card,
)


def unyielding_succeeds(suit: str) -> bool:
    """Unyielding fails only on a ♥."""
    return suit != "h"


def goddess_keeps(suit: str) -> bool:
    """Goddess of the Luo keeps black judgement cards and stops at the first red."""
    return not q.is_red(suit)


# --- Cao Cao: Villainous Hero, Royal Escort (Lord) -------------------------------------------

@EFFECTS.on("after_damage", "jianxiong")
def jianxiong_offered(s, t: int, n: int, src: int, uid: str) -> None:
    if uid in s.uses and any(c in s.processing for c in s.uses[uid]["cards"]):
        offer(s, t, "jianxiong", uid)


@EFFECTS.on("invoke", "jianxiong")
def jianxiong(s, p: int, a: Action, uid: str) -> None:
    """Villainous Hero: take the real cards that dealt the damage (still resolving or not)."""
    for c in s.uses[uid]["cards"]:
        if c in s.processing:
            s.processing.remove(c)
            to_hand(s, p, c, True)
            s.emit("take", f"{name(s, p)} takes {clabel(s, c)}.", p, card=c)


@EFFECTS.on("means", "hujia", order=1)
def hujia(s, p: int, what: str, uid: str, helping: bool):
    """Royal Escort: Wei gives the Lord a Dodge (after his armour, D27)."""
    return lord_helpers(s, p, "hujia") if what == "dodge" and not helping else None


# --- Sima Yi: Demonic Talent, Retaliation --------------------------------------------------------

@EFFECTS.on("judge_reveal", "guicai")
def guicai_offered(s, p: int, key: str) -> None:
    if s.hand[p]:
        offer(s, p, "guicai", key)


@EFFECTS.on("offer_options", "guicai")
def guicai_options(s, p: int, key: str) -> list[Action]:
    return [Action("invoke", (c,), None, "guicai", label=f"Replace it with {clabel(s, c)}")
            for c in sorted(s.hand[p])]


@EFFECTS.on("invoke", "guicai")
def guicai(s, p: int, a: Action, key: str) -> None:
    """Demonic Talent: a hand card played to replace the judgement card."""
    old, new = s.flags[key], a.source[0]
    remove_card(s, p, new)
    s.processing.append(new)
    s.processing.remove(old)
    s.discard.append(old)
    s.flags[key] = new
    s.emit("judge", f"{name(s, p)} replaces the judgement card with {clabel(s, new)}.", p,
           card=new)


@EFFECTS.on("after_damage", "fankui")
def fankui_offered(s, t: int, n: int, src: int, uid: str) -> None:
    if src >= 0 and cards_of(s, src):
        offer(s, t, "fankui", src)


@EFFECTS.on("offer_options", "fankui")
def fankui_options(s, p: int, src: int) -> list[Action]:
    acts = [Action("invoke", None, src, "hand", label=f"Take a card from {name(s, src)}'s hand")
            ] if s.hand[src] else []
    return acts + [Action("invoke", None, src, c, label=f"Take {clabel(s, c)}")
                   for c in s.equip[src] if c >= 0]


@EFFECTS.on("invoke", "fankui")
def fankui(s, p: int, a: Action, src: int) -> None:
    c = random_hand_card(s, src) if a.option == "hand" else a.option
    give_card(s, src, p, c, face_up=False)


# --- Xiahou Dun: Unyielding ------------------------------------------------------------------

@EFFECTS.on("after_damage", "ganglie")
def ganglie_offered(s, t: int, n: int, src: int, uid: str) -> None:
    if src >= 0:
        offer(s, t, "ganglie", src)


@EFFECTS.on("invoke", "ganglie")
def ganglie(s, p: int, a: Action, src: int) -> None:
    key = f"ganglie:{s.next_uid}:{p}"
    judgement(s, p, key, ("ganglie_result", p, src, key), "ganglie")


@rules.step
def ganglie_result(s, p: int, src: int, key: str) -> None:
    if not unyielding_succeeds(card(s, s.flags[key]).suit) or not s.alive[src]:
        return
    dec.ask(s, "ganglie", src, (), (p,),
            prompt=f"{{seat}}: discard 2 hand cards or take 1 damage from {name(s, p)}")


def ganglie_discards(s, src: int) -> list[Action]:
    return [Action("choose", pair, None, "discard",
                   label=f"Discard {clabel(s, pair[0])} and {clabel(s, pair[1])}")
            for pair in combinations(sorted(s.hand[src]), 2)]


@rules.kind("choose", answers=("ganglie",), candidates=ganglie_discards, check=offered,
            legal_as_built=True)
def ganglie_discard(s, src: int, a: Action) -> None:
    dec.pop(s)
    discard_cards(s, src, list(a.source))


@rules.kind("pass", answers=("ganglie",), candidates=passing("Take 1 damage"), check=offered,
            legal_as_built=True)
def ganglie_damage(s, src: int, a: Action) -> None:
    (p,) = dec.pop(s).context
    later(s, "damage", src, 1, p, "", "ganglie")


# --- Zhang Liao: Sudden Strike; Xu Chu: Bare-Chested ------------------------------------------

@EFFECTS.on("draw_phase", "tuxi")
def tuxi_offered(s, p: int) -> None:
    if any(s.hand[x] for x in living(s) if x != p):
        offer(s, p, "tuxi")


@EFFECTS.on("offer_options", "tuxi")
def tuxi_options(s, p: int) -> list[Action]:
    others = [x for x in q.seat_order_from(p, s.alive) if x != p and s.hand[x]]  # seat order
    picks = [(x,) for x in others] + list(combinations(others, 2))
    return [Action("invoke", None, t, "tuxi", label="Sudden Strike: take from "
                   + " and ".join(name(s, x) for x in t)) for t in picks]


@EFFECTS.on("invoke", "tuxi")
def tuxi(s, p: int, a: Action) -> None:
    """Instead of drawing, take a hand card from one or two others."""
    mark(s, p, "no_draw")
    for x in a.target:
        if s.hand[x]:
            give_card(s, x, p, random_hand_card(s, x), face_up=False)


@EFFECTS.on("draw_phase", "luoyi")
def luoyi_offered(s, p: int) -> None:
    offer(s, p, "luoyi")


@EFFECTS.on("invoke", "luoyi")
def luoyi(s, p: int, a: Action) -> None:
    """Draw one fewer; this turn his Slashes and Duels deal 1 more damage."""
    mark(s, p, "draw_extra", marked(s, p, "draw_extra", 0) - 1)
    mark(s, p, "luoyi")


@EFFECTS.on("damage_amount", "luoyi")
def luoyi_damage(n: int, s, src: int, t: int, cause: str) -> int:
    if marked(s, src, "luoyi") and src == s.current and cause in ("slash", "duel"):
        return n + 1
    return n


# --- Guo Jia: Heaven's Envy, Legacy Plan -----------------------------------------------------

@EFFECTS.on("judgement_done", "tiandu")
def tiandu_offered(s, p: int, c: int) -> None:
    offer(s, p, "tiandu", c)


@EFFECTS.on("invoke", "tiandu")
def tiandu(s, p: int, a: Action, c: int) -> None:
    if c in s.processing:
        s.processing.remove(c)
        to_hand(s, p, c, True)
        s.emit("take", f"{name(s, p)} takes the judgement card {clabel(s, c)}.", p, card=c)


@EFFECTS.on("after_damage", "yiji")
def yiji_offered(s, t: int, n: int, src: int, uid: str) -> None:
    for _ in range(n):
        offer(s, t, "yiji")


@EFFECTS.on("invoke", "yiji")
def yiji(s, p: int, a: Action) -> None:
    """Legacy Plan: look at the top 2 cards and give each to any player."""
    for _ in range(2):
        c = top_card(s)
        if c is None:
            return
        s.looking[p].append(c)
    s.emit("look", f"{name(s, p)} takes the top 2 cards to hand out.", p,
           private=lambda: "You look at " + ", ".join(clabel(s, c) for c in s.looking[p]),
           seen_by=(p,), secret={"cards": list(s.looking[p])})
    dec.ask(s, "yiji", p, (), (), prompt="{seat}: give each card to a player (Legacy Plan)")


def yiji_gifts(s, p: int) -> list[Action]:
    return [Action("choose", c, x, "yiji", label=f"Give {clabel(s, c)} to "
                   + ("yourself" if x == p else name(s, x)))
            for c in sorted(s.looking[p]) for x in living(s)]


@rules.kind("choose", answers=("yiji",), candidates=yiji_gifts, check=offered,
            legal_as_built=True)
def yiji_give(s, p: int, a: Action) -> None:
    c, x = a.source, a.target
    s.looking[p].remove(c)
    to_hand(s, x, c, False)
    s.emit("give", f"{name(s, p)} gives a card to {name(s, x)}.", p,
           private=lambda: f"{name(s, p)} gives {clabel(s, c)} to {name(s, x)}.",
           seen_by=(p, x), secret={"card": c}, counters=((x, "hand", len(s.hand[x])),))
    if not s.looking[p]:
        dec.pop(s)


# --- Zhen Ji: Goddess of the Luo, Captivating Beauty -------------------------------------------

@EFFECTS.on("start_phase", "luoshen")
def luoshen_offered(s, p: int) -> None:
    offer(s, p, "luoshen")


@EFFECTS.on("invoke", "luoshen")
def luoshen(s, p: int, a: Action) -> None:
    key = f"luoshen:{s.turn}:{len(s.hand[p])}:{s.next_uid}"
    s.next_uid += 1
    judgement(s, p, key, ("luoshen_result", p, key), "luoshen")


@rules.step
def luoshen_result(s, p: int, key: str) -> None:
    """Goddess of the Luo: a black card goes to her hand and she may judge again."""
    c = s.flags[key]
    if goddess_keeps(card(s, c).suit) and c in s.processing:
        s.processing.remove(c)
        to_hand(s, p, c, True)
        s.emit("take", f"{name(s, p)} keeps {clabel(s, c)}.", p, card=c)
        offer(s, p, "luoshen")


@EFFECTS.on("convert", "qingguo")
def qingguo(s, p: int, purpose: str):
    """Captivating Beauty: a black hand card as a Dodge."""
    if purpose != "dodge":
        return []
    return [((c,), "dodge") for c in sorted(s.hand[p]) if card(s, c).colour == "black"]
