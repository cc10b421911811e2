"""The skills of Shu's generals (docs/rules/sanguosha.md: Generals; Skill rulings)."""

from __future__ import annotations

from game.core import decisions as dec
from game.core.contract import Action
from game.core.flow import later
from game.sanguosha import queries as q
from game.sanguosha.answers import offered
from game.sanguosha.board import card, cards_of, clabel, kind_of, living, name
from game.sanguosha.hooks import EFFECTS, rules
from game.sanguosha.judgement import judgement
from game.sanguosha.offers import offer, offer_soon
from game.sanguosha.targets import slash_unlimited, why_not_slash_at
from game.sanguosha.using import begin_use
from game.sanguosha.windows import ask_helpers, lord_helpers
from game.sanguosha.zones import draw_cards, give_card, note, put_away, recover, top_card

# --- Liu Bei: Benevolence, Rouse (Lord) -------------------------------------------------------

@EFFECTS.on("active", "rende")
def rende_active(s, p: int) -> list[Action]:
    return [Action("skill", (c,), x, "rende", label=f"Benevolence: give {clabel(s, c)} to "
                   f"{name(s, x)}") for c in sorted(s.hand[p]) for x in living(s) if x != p]


@EFFECTS.on("act", "rende")
def rende(s, p: int, a: Action) -> None:
    """Benevolence: a face-down gift; the first time this phase's total reaches 2, recover 1
    (D30)."""
    give_card(s, p, a.target, a.source[0], face_up=False, gift=True)
    note(s, p, a.target, -1)
    s.phase_used["rende"] = s.phase_used.get("rende", 0) + 1
    if s.phase_used["rende"] >= 2 and not s.phase_used.get("rende_healed"):
        s.phase_used["rende_healed"] = 1
        recover(s, p, 1)


@EFFECTS.on("means", "jijiang", order=1)
def jijiang(s, p: int, what: str, uid: str, helping: bool):
    """Rouse: Shu gives the Lord a Slash (R4, R5)."""
    return lord_helpers(s, p, "jijiang") if what == "slash" and not helping else None


@EFFECTS.on("active", "jijiang", order=1)
def rouse_active(s, p: int) -> list[Action]:
    """Rouse in the play phase: name a Slash target, then ask Shu (once if nobody helps,
    D31)."""
    if s.phase_used.get("rouse_failed") or (s.phase_used.get("slash", 0) >= 1
                                            and not slash_unlimited(s, p)):
        return []
    return [Action("skill", None, t, "jijiang", label=f"Rouse: ask Shu to Slash {name(s, t)}")
            for t in living(s) if t != p and why_not_slash_at(s, p, t) is None]


@EFFECTS.on("act", "jijiang")
def rouse(s, p: int, a: Action) -> None:
    key = f"rouse:{s.next_uid}"
    s.next_uid += 1
    later(s, "rouse_done", p, a.target, key)
    ask_helpers(s, "jijiang", p, "slash", key, "", "use")


@rules.step
def rouse_done(s, p: int, t: int, key: str) -> None:
    cs = s.flags.pop(f"{key}:given", None)
    if not cs:
        s.phase_used["rouse_failed"] = 1  # D31
        s.emit("message", "Nobody answers Rouse.", p)
        return
    if s.alive[t]:
        begin_use(s, p, cs, "slash", (t,), "jijiang", placed=True)
    else:
        put_away(s, cs)


# --- Guan Yu: Saint of War; Zhang Fei: Roar; Zhao Yun: Dragon's Courage; Ma Chao --------------

@EFFECTS.on("convert", "wusheng")
def wusheng(s, p: int, purpose: str):
    """Saint of War: any red card (hand or equipped) as a Slash."""
    if purpose not in ("play", "slash"):
        return []
    return [((c,), "slash") for c in sorted(cards_of(s, p)) if card(s, c).colour == "red"]


@EFFECTS.on("slash_unlimited", "paoxiao")
def paoxiao(unlimited: bool, s, p: int, spent: tuple) -> bool:
    """Roar (locked): no limit on Slashes."""
    return True


@EFFECTS.on("convert", "longdan")
def longdan(s, p: int, purpose: str):
    """Dragon's Courage: a Slash as a Dodge, a Dodge as a Slash (hand cards)."""
    if purpose == "dodge":
        return [((c,), "dodge") for c in sorted(s.hand[p]) if kind_of(s, c) == "slash"]
    if purpose in ("play", "slash"):
        return [((c,), "slash") for c in sorted(s.hand[p]) if kind_of(s, c) == "dodge"]
    return []


@EFFECTS.on("offence", "mashu")
def mashu(offence: int, s, p: int, spent: tuple) -> int:
    """Horsemanship (locked): as a −1 horse, which it adds to."""
    return offence + 1


@EFFECTS.on("has_targeted", "tieqi")
def tieqi_triggers(may: bool, s, p: int, uid: str, t: int) -> bool:
    return may or s.uses[uid]["kind"] == "slash"


@EFFECTS.on("invoke", "tieqi")
def tieqi(s, p: int, a: Action, uid: str, t: int) -> None:
    key = f"tieqi:{uid}:{t}"
    judgement(s, p, key, ("tieqi_result", uid, t, key), "tieqi")


@rules.step
def tieqi_result(s, uid: str, t: int, key: str) -> None:
    """Iron Cavalry: on red, this target may not give a Dodge at all."""
    if q.is_red(card(s, s.flags[key]).suit) and uid in s.uses:
        u = s.uses[uid]
        u["no_dodge"] = tuple(u.get("no_dodge", ())) + (t,)
        s.emit("message", f"Iron Cavalry: {name(s, t)} cannot dodge this Slash.", t)


# --- Zhuge Liang: Stargazing, Empty Fort ----------------------------------------------------------

@EFFECTS.on("start_phase", "guanxing")
def guanxing_offered(s, p: int) -> None:
    offer(s, p, "guanxing")


@EFFECTS.on("invoke", "guanxing")
def guanxing(s, p: int, a: Action) -> None:
    """Stargazing: look at the top X cards, put them back on top and/or bottom."""
    x = min(5, len(living(s)))
    for _ in range(x):
        c = top_card(s)
        if c is None:
            return
        s.looking[p].append(c)
    s.emit("look", f"{name(s, p)} looks at the top {len(s.looking[p])} cards.", p,
           private=lambda: "You look at " + ", ".join(clabel(s, c) for c in s.looking[p]),
           seen_by=(p,), secret={"cards": list(s.looking[p])})
    dec.ask(s, "guanxing", p, (), (), prompt="{seat}: put each card on the top or the bottom "
                                              "(the first you put on top ends uppermost)")


def guanxing_places(s, p: int) -> list[Action]:
    return [Action("choose", c, None, where, label=f"{clabel(s, c)} to the {where}")
            for c in sorted(s.looking[p]) for where in ("top", "bottom")]


@rules.kind("choose", answers=("guanxing",), candidates=guanxing_places, check=offered,
            legal_as_built=True)
def guanxing_place(s, p: int, a: Action) -> None:
    """Each card put on top goes under the ones put on top before it, so the first chosen
    ends uppermost."""
    frame = dec.pop(s)
    c = a.source
    s.looking[p].remove(c)
    (placed,) = frame.context or (0,)
    if a.option == "top":
        s.draw.insert(len(s.draw) - placed, c)
        placed += 1
    else:
        s.draw.insert(0, c)
    if s.looking[p]:
        dec.ask(s, "guanxing", p, (), (placed,), prompt=frame.prompt)
        return
    s.emit("message", f"{name(s, p)} puts {placed} on top and the rest at the bottom.", p)


@EFFECTS.on("protects", "kongcheng")
def kongcheng(refusals: tuple, s, p: int) -> tuple:
    """Empty Fort (locked): with no hand cards, not a target of a Slash or a Duel."""
    if s.hand[p]:
        return refusals
    who = name(s, p)
    return refusals + (("slash", f"{who} has no hand cards: Empty Fort forbids a Slash."),
                       ("duel", f"{who} has no hand cards: Empty Fort forbids a Duel."))


# --- Huang Yueying: Gathered Wisdom, Rare Talent -------------------------------------------------

@EFFECTS.on("trick_used", "jizhi")
def jizhi_offered(s, p: int, kind: str) -> None:
    offer_soon(s, p, "jizhi")  # draws before the trick resolves (D30)


@EFFECTS.on("invoke", "jizhi")
def jizhi(s, p: int, a: Action) -> None:
    draw_cards(s, p, 1)


@EFFECTS.on("ignores_distance", "qicai")
def qicai(ignores: bool, s, p: int) -> bool:
    """Rare Talent (locked): tricks have no distance limit."""
    return True
