"""What each card and skill does, registered in rules.EFFECTS by card kind or skill id.

Kinds and skills with no handler here act through a rule that names them (listed in PASSIVE
with where they live); `check_registry` matches the registry against the data at load.
"""

from __future__ import annotations

from itertools import combinations

from game.core import decisions as dec
from game.core.contract import Action
from game.sanguosha import damage, windows
from game.sanguosha import queries as q
from game.sanguosha.cards import SUIT_NAMES
from game.sanguosha.rules import (
    EFFECTS,
    ask_zone_card,
    attack_range,
    begin_use,
    card,
    cards_of,
    clabel,
    discard_cards,
    dist,
    draw_cards,
    facts,
    gender,
    give_card,
    has,
    kind_of,
    living,
    name,
    note,
    push,
    random_hand_card,
    recover,
    remove_card,
    skill_name,
    slash_unlimited,
    step,
    to_hand,
    top_card,
    weapon,
    why_not_slash_at,
)

#: kinds and skills whose behaviour is a rule keyed by their id, not a handler
PASSIVE = {
    "dodge": "rules.need (answers a Slash or an Archery Attack)",
    "nullification": "rules.nullify_window",
    "crossbow": "rules.slash_unlimited",
    "qinggang-sword": "rules.targeted (the targets' armour is ignored)",
    "halberd": "rules.use_targets / why_not_use (extra targets)",
    "eight-diagrams": "rules.need_options / helper_options",
    "nioh-shield": "effects.slash",
    "dilu": "rules.defence", "jueying": "rules.defence", "zhuahuang": "rules.defence",
    "chitu": "rules.offence", "dayuan": "rules.offence", "zixing": "rules.offence",
    "hujia": "rules.need_options (Royal Escort helpers)",
    "jijiang": "rules.need_options; effects.rouse_active in the play phase",
    "paoxiao": "rules.slash_unlimited",
    "kongcheng": "queries.empty_fort_protects",
    "mashu": "rules.offence",
    "qicai": "rules.why_not_use (no distance limit)",
    "jiuyuan": "rules.peach_answer",
    "qianxun": "queries.why_not_card_target",
    "wushuang": "effects.slash / effects.duel_turn",
}


# --- basic cards ------------------------------------------------------------------------------

@EFFECTS.on("effect", "slash")
def slash(s, uid: str, t: int) -> None:
    """Slash step 4: Nioh Shield, then a Dodge is needed (Peerless: two; Iron Cavalry red:
    none may be given), then a dodged Slash may be followed up, a hit deals 1 damage."""
    u = s.uses[uid]
    p = u["user"]
    if s.equip[t][1] >= 0 and kind_of(s, s.equip[t][1]) == "nioh-shield" \
            and not u.get("ignore_armour") and u["colour"] == "black":
        s.emit("message", f"Nioh Shield: the black Slash has no effect on {name(s, t)}.", t)
        return
    key = f"dodge:{uid}:{t}"
    push(s, "slash_after", uid, t, key)
    if t in u.get("no_dodge", ()):
        s.flags[key] = 0
        return
    needed = 2 if s.alive[p] and has(s, p, "wushuang") else 1
    push(s, "need", t, "dodge", key, uid, needed, (), "use")


@step
def slash_after(s, uid: str, t: int, key: str) -> None:
    u = s.uses[uid]
    p = u["user"]
    if not s.flags.pop(key, 0):
        push(s, "damage", t, 1, p, uid, "slash")
        return
    s.emit("message", f"{name(s, t)} dodges the Slash.", t)
    if not s.alive[p] or not s.alive[t]:
        return
    w = weapon(s, p)
    if w == "blade" and blade_may_follow(s, p, t):
        push(s, "offer", p, "blade", t)
    elif w == "axe" and len([c for c in cards_of(s, p) if c != s.equip[p][0]]) >= 2:
        push(s, "offer", p, "axe", uid, t)


@EFFECTS.on("effect", "peach")
def peach(s, uid: str, t: int) -> None:
    recover(s, t, 1)


# --- ordinary tricks ---------------------------------------------------------------------------

@EFFECTS.on("effect", "dismantlement")
def dismantlement(s, uid: str, t: int) -> None:
    p = s.uses[uid]["user"]
    if s.alive[p]:
        ask_zone_card(s, p, t, "dismantlement")


@EFFECTS.on("chosen", "dismantlement")
def dismantlement_chosen(s, p: int, t: int, c: int) -> None:
    discard_cards(s, t, [c], f"loses (Dismantlement by {name(s, p)})")


@EFFECTS.on("effect", "snatch")
def snatch(s, uid: str, t: int) -> None:
    p = s.uses[uid]["user"]
    if s.alive[p]:
        ask_zone_card(s, p, t, "snatch")


@EFFECTS.on("chosen", "snatch")
def snatch_chosen(s, p: int, t: int, c: int) -> None:
    give_card(s, t, p, c, face_up=False)


@EFFECTS.on("effect", "duel")
def duel(s, uid: str, t: int) -> None:
    """The target plays first; the first who does not play a Slash takes 1 damage."""
    push(s, "duel_turn", uid, t, s.uses[uid]["user"], 0)


@step
def duel_turn(s, uid: str, who: int, other: int, n: int) -> None:
    if not (s.alive[who] and s.alive[other]):
        return
    key = f"duel:{uid}:{n}"
    needed = 2 if has(s, other, "wushuang") else 1
    push(s, "duel_after", uid, who, other, n, key)
    push(s, "need", who, "slash", key, uid, needed, (), "play")


@step
def duel_after(s, uid: str, who: int, other: int, n: int, key: str) -> None:
    if s.flags.pop(key, 0):
        push(s, "duel_turn", uid, other, who, n + 1)
    else:
        push(s, "damage", who, 1, other, uid, "duel")


@EFFECTS.on("effect", "borrowed-sword")
def borrowed_sword(s, uid: str, h: int) -> None:
    """H may Slash the victim; otherwise the user takes H's weapon (D25)."""
    u = s.uses[uid]
    if s.equip[h][0] < 0:
        return
    dec.ask(s, "borrowed-sword", h, (), (uid, u["victim"][0], u["user"]),
            prompt=f"{{seat}}: Slash {name(s, u['victim'][0])}, or give your weapon to "
                   f"{name(s, u['user'])}")


@EFFECTS.on("ask", "borrowed-sword")
def borrowed_sword_options(s, h: int, frame) -> list[Action]:
    uid, v, p = frame.context
    acts = []
    if s.alive[v] and v != h:
        for cs, k, via in windows.slash_sources(s, h, "play"):
            if why_not_slash_at(s, h, v, cs) is None:
                acts.append(Action("respond", cs, None, (k, via),
                                   label=f"Slash {name(s, v)} with "
                                         f"{', '.join(clabel(s, c) for c in cs)}"
                                         + (f" ({skill_name(s, via)})" if via else "")))
        if has(s, h, "jijiang") and not s.flags.get(f"bsrouse:{uid}") \
                and why_not_slash_at(s, h, v) is None:  # R4: the Lord Liu Bei may ask Shu
            acts.append(Action("invoke", None, v, "jijiang",
                               label=f"Rouse: ask Shu to Slash {name(s, v)}"))
    return acts + [Action("pass", label="Give up your weapon")]


@EFFECTS.on("reply", "borrowed-sword")
def borrowed_sword_reply(s, h: int, a: Action, frame) -> None:
    uid, v, p = frame.context
    dec.pop(s)
    if a.kind == "respond":
        begin_use(s, h, a.source, "slash", (v,), a.option[1], count=False)
    elif a.kind == "invoke":
        s.flags[f"bsrouse:{uid}"] = 1
        key = f"rouse:{s.next_uid}"
        s.next_uid += 1
        push(s, "borrowed_rouse_done", uid, h, v, p, key)
        windows.ask_helpers(s, "jijiang", h, "slash", key, uid, "use")
    elif s.alive[p] and s.equip[h][0] >= 0:
        give_card(s, h, p, s.equip[h][0], face_up=True)


@step
def borrowed_rouse_done(s, uid: str, h: int, v: int, p: int, key: str) -> None:
    """A Shu helper's Slash is the holder's own; with none, the holder is asked again."""
    cs = s.flags.pop(f"{key}:given", None)
    if cs and s.alive[v] and s.alive[h]:
        begin_use(s, h, cs, "slash", (v,), "jijiang", count=False, placed=True)
    elif cs:
        s.processing[:] = [c for c in s.processing if c not in cs]
        s.discard.extend(cs)
    elif s.alive[h]:
        dec.ask(s, "borrowed-sword", h, (), (uid, v, p),
                prompt=f"{{seat}}: Slash {name(s, v)}, or give your weapon to {name(s, p)}")


@EFFECTS.on("effect", "ex-nihilo")
def ex_nihilo(s, uid: str, t: int) -> None:
    draw_cards(s, t, 2)


@EFFECTS.on("effect", "savage-assault")
def savage_assault(s, uid: str, t: int) -> None:
    key = f"sa:{uid}:{t}"
    push(s, "aoe_after", uid, t, key)
    push(s, "need", t, "slash", key, uid, 1, (), "play")


@EFFECTS.on("effect", "archery-attack")
def archery_attack(s, uid: str, t: int) -> None:
    key = f"aa:{uid}:{t}"
    push(s, "aoe_after", uid, t, key)
    push(s, "need", t, "dodge", key, uid, 1, (), "play")


@step
def aoe_after(s, uid: str, t: int, key: str) -> None:
    if not s.flags.pop(key, 0):
        u = s.uses[uid]
        push(s, "damage", t, 1, u["user"], uid, u["kind"])


@EFFECTS.on("effect", "peach-garden")
def peach_garden(s, uid: str, t: int) -> None:
    recover(s, t, 1)


@EFFECTS.on("prepare", "amazing-grace")
def amazing_grace_reveal(s, uid: str) -> None:
    """Reveal one card per target named at use (D24)."""
    for _ in s.uses[uid]["targets"]:
        c = top_card(s)
        if c is None:
            return
        s.ag.append(c)
    s.emit("reveal", "Amazing Grace reveals " + ", ".join(clabel(s, c) for c in s.ag) + ".",
           None, cards=list(s.ag))


@EFFECTS.on("effect", "amazing-grace")
def amazing_grace(s, uid: str, t: int) -> None:
    if s.ag:
        dec.ask(s, "amazing-grace", t, (), (uid,), prompt="{seat}: take one revealed card")


@EFFECTS.on("ask", "amazing-grace")
def amazing_grace_options(s, t: int, frame) -> list[Action]:
    return [Action("choose", None, None, c, label=f"Take {clabel(s, c)}") for c in s.ag]


@EFFECTS.on("reply", "amazing-grace")
def amazing_grace_reply(s, t: int, a: Action, frame) -> None:
    dec.pop(s)
    s.ag.remove(a.option)
    to_hand(s, t, a.option, True)
    s.emit("take", f"{name(s, t)} takes {clabel(s, a.option)}.", t, card=a.option)


# --- delayed tricks (their effect is their judgement) ------------------------------------------

@EFFECTS.on("effect", "indulgence")
def indulgence(s, uid: str, t: int) -> None:
    key = f"j{uid}"
    damage.judgement(s, t, key, ("delayed_result", uid, t, key), "indulgence")


@EFFECTS.on("effect", "lightning")
def lightning(s, uid: str, t: int) -> None:
    key = f"j{uid}"
    damage.judgement(s, t, key, ("delayed_result", uid, t, key), "lightning")


# --- weapons ------------------------------------------------------------------------------------

def blade_may_follow(s, p: int, t: int) -> bool:
    """The follow-up is a Slash like any other: its target must be one a Slash may be used
    on (Empty Fort forbids), only range and the play phase's limit do not apply."""
    return why_not_slash_at(s, p, t, ignore_range=True) is None


@EFFECTS.on("invoke", "blade")
def blade(s, p: int, a: Action, t: int, rouse_tried: int = 0) -> None:
    """Green Dragon Blade: another Slash on the same target, ignoring range and the limit
    (the Lord Liu Bei may ask Shu for it, R4)."""
    cs, (_k, via) = a.source, a.option[1:]
    if via == "jijiang" and not cs:
        key = f"rouse:{s.next_uid}"
        s.next_uid += 1
        push(s, "blade_rouse_done", p, t, key)
        windows.ask_helpers(s, "jijiang", p, "slash", key, "", "use")
        return
    begin_use(s, p, cs, "slash", (t,), via, count=False)


@step
def blade_rouse_done(s, p: int, t: int, key: str) -> None:
    cs = s.flags.pop(f"{key}:given", None)
    if cs and s.alive[t] and s.alive[p]:
        begin_use(s, p, cs, "slash", (t,), "jijiang", count=False, placed=True)
    elif cs:
        s.processing[:] = [c for c in s.processing if c not in cs]
        s.discard.extend(cs)
    elif blade_may_follow(s, p, t):
        push(s, "offer", p, "blade", t, 1)  # nobody helped: his own Slash, once more


@EFFECTS.on("offer_options", "blade")
def blade_options(s, p: int, t: int, rouse_tried: int = 0) -> list[Action]:
    acts = [Action("invoke", cs, t, ("blade", k, via),
                   label=f"Slash {name(s, t)} again with {', '.join(clabel(s, c) for c in cs)}"
                         + (f" ({skill_name(s, via)})" if via else ""))
            for cs, k, via in windows.slash_sources(s, p, "play")]
    if has(s, p, "jijiang") and not rouse_tried:
        acts.append(Action("invoke", (), t, ("blade", "slash", "jijiang"),
                           label=f"Rouse: ask Shu to Slash {name(s, t)} again"))
    return acts


@EFFECTS.on("offer_options", "axe")
def axe_options(s, p: int, uid: str, t: int) -> list[Action]:
    mine = [c for c in cards_of(s, p) if c != s.equip[p][0]]
    return [Action("invoke", pair, t, "axe",
                   label=f"Stone Axe: discard {clabel(s, pair[0])} and {clabel(s, pair[1])}")
            for pair in combinations(sorted(mine), 2)]


@EFFECTS.on("invoke", "axe")
def axe(s, p: int, a: Action, uid: str, t: int) -> None:
    discard_cards(s, p, list(a.source), "discards (Stone Axe)")
    push(s, "damage", t, 1, p, uid, "slash")


@EFFECTS.on("offer_options", "kylin-bow")
def kylin_options(s, p: int, t: int) -> list[Action]:
    return [Action("invoke", None, t, ("kylin-bow", c), label=f"Kylin Bow: discard {clabel(s, c)}")
            for c in (s.equip[t][2], s.equip[t][3]) if c >= 0]


@EFFECTS.on("invoke", "kylin-bow")
def kylin_bow(s, p: int, a: Action, t: int) -> None:
    discard_cards(s, t, [a.option[1]], "loses (Kylin Bow)")


@EFFECTS.on("invoke", "ice-sword")
def ice_sword(s, p: int, a: Action, t: int, uid: str) -> None:
    """Prevent the damage; discard up to two of the target's cards, one after the other."""
    s.flags[f"prevent:{uid}:{t}"] = 1
    push(s, "ice_sword_discard", p, t, 2)


@step
def ice_sword_discard(s, p: int, t: int, left: int) -> None:
    if left > 0 and s.alive[t]:
        if ask_zone_card(s, p, t, "ice-sword", "he", left):
            return


@EFFECTS.on("chosen", "ice-sword")
def ice_sword_chosen(s, p: int, t: int, c: int, left: int) -> None:
    push(s, "ice_sword_discard", p, t, left - 1)
    discard_cards(s, t, [c], "loses (Ice Sword)")


@EFFECTS.on("invoke", "double-swords")
def double_swords(s, p: int, a: Action, uid: str, t: int) -> None:
    dec.ask(s, "double-swords", t, (), (p,),
            prompt=f"{{seat}}: discard a hand card, or let {name(s, p)} draw 1 (Double Swords)")


@EFFECTS.on("ask", "double-swords")
def double_swords_options(s, t: int, frame) -> list[Action]:
    return [Action("pick", c, label=f"Discard {clabel(s, c)}") for c in sorted(s.hand[t])] \
        + [Action("pass", label="Let them draw 1")]


@EFFECTS.on("reply", "double-swords")
def double_swords_reply(s, t: int, a: Action, frame) -> None:
    (p,) = frame.context
    dec.pop(s)
    if a.kind == "pick":
        discard_cards(s, t, [a.source])
    elif s.alive[p]:
        draw_cards(s, p, 1)


@EFFECTS.on("convert", "spear")
def spear(s, p: int, purpose: str):
    """Serpent Spear: any two hand cards as a Slash."""
    if purpose not in ("play", "slash"):
        return []
    return [(pair, "slash") for pair in combinations(sorted(s.hand[p]), 2)]


# --- Wei -------------------------------------------------------------------------------------

@EFFECTS.on("invoke", "jianxiong")
def jianxiong(s, p: int, a: Action, uid: str) -> None:
    """Villainous Hero: take the real cards that dealt the damage (still resolving or not)."""
    for c in s.uses[uid]["cards"]:
        if c in s.processing:
            s.processing.remove(c)
            to_hand(s, p, c, True)
            s.emit("take", f"{name(s, p)} takes {clabel(s, c)}.", p, card=c)


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


@EFFECTS.on("invoke", "ganglie")
def ganglie(s, p: int, a: Action, src: int) -> None:
    key = f"ganglie:{s.next_uid}:{p}"
    damage.judgement(s, p, key, ("ganglie_result", p, src, key), "ganglie")


@step
def ganglie_result(s, p: int, src: int, key: str) -> None:
    if not q.unyielding_succeeds(card(s, s.flags[key]).suit) or not s.alive[src]:
        return
    dec.ask(s, "ganglie", src, (), (p,),
            prompt=f"{{seat}}: discard 2 hand cards or take 1 damage from {name(s, p)}")


@EFFECTS.on("ask", "ganglie")
def ganglie_options(s, src: int, frame) -> list[Action]:
    acts = [Action("choose", pair, None, "discard",
                   label=f"Discard {clabel(s, pair[0])} and {clabel(s, pair[1])}")
            for pair in combinations(sorted(s.hand[src]), 2)]
    return acts + [Action("pass", label="Take 1 damage")]


@EFFECTS.on("reply", "ganglie")
def ganglie_reply(s, src: int, a: Action, frame) -> None:
    (p,) = frame.context
    dec.pop(s)
    if a.kind == "choose":
        discard_cards(s, src, list(a.source))
    else:
        push(s, "damage", src, 1, p, "", "ganglie")


@EFFECTS.on("offer_options", "tuxi")
def tuxi_options(s, p: int) -> list[Action]:
    others = [x for x in q.seat_order_from(p, s.alive) if x != p and s.hand[x]]  # seat order
    picks = [(x,) for x in others] + list(combinations(others, 2))
    return [Action("invoke", None, t, "tuxi", label="Sudden Strike: take from "
                   + " and ".join(name(s, x) for x in t)) for t in picks]


@EFFECTS.on("invoke", "tuxi")
def tuxi(s, p: int, a: Action) -> None:
    s.marks["tuxi"] = 1
    for x in a.target:
        if s.hand[x]:
            give_card(s, x, p, random_hand_card(s, x), face_up=False)


@EFFECTS.on("invoke", "luoyi")
def luoyi(s, p: int, a: Action) -> None:
    s.marks["draw_extra"] = s.marks.get("draw_extra", 0) - 1
    s.marks["luoyi"] = 1


@EFFECTS.on("invoke", "tiandu")
def tiandu(s, p: int, a: Action, c: int) -> None:
    if c in s.processing:
        s.processing.remove(c)
        to_hand(s, p, c, True)
        s.emit("take", f"{name(s, p)} takes the judgement card {clabel(s, c)}.", p, card=c)


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


@EFFECTS.on("ask", "yiji")
def yiji_options(s, p: int, frame) -> list[Action]:
    return [Action("choose", c, x, "yiji", label=f"Give {clabel(s, c)} to "
                   + ("yourself" if x == p else name(s, x)))
            for c in sorted(s.looking[p]) for x in living(s)]


@EFFECTS.on("reply", "yiji")
def yiji_reply(s, p: int, a: Action, frame) -> None:
    c, x = a.source, a.target
    s.looking[p].remove(c)
    to_hand(s, x, c, False)
    s.emit("give", f"{name(s, p)} gives a card to {name(s, x)}.", p,
           private=lambda: f"{name(s, p)} gives {clabel(s, c)} to {name(s, x)}.",
           seen_by=(p, x), secret={"card": c}, counters=((x, "hand", len(s.hand[x])),))
    if not s.looking[p]:
        dec.pop(s)


@EFFECTS.on("invoke", "luoshen")
def luoshen(s, p: int, a: Action) -> None:
    key = f"luoshen:{s.turn}:{len(s.hand[p])}:{s.next_uid}"
    s.next_uid += 1
    damage.judgement(s, p, key, ("luoshen_result", p, key), "luoshen")


@step
def luoshen_result(s, p: int, key: str) -> None:
    """Goddess of the Luo: a black card goes to her hand and she may judge again."""
    c = s.flags[key]
    if q.goddess_keeps(card(s, c).suit) and c in s.processing:
        s.processing.remove(c)
        to_hand(s, p, c, True)
        s.emit("take", f"{name(s, p)} keeps {clabel(s, c)}.", p, card=c)
        push(s, "offer", p, "luoshen")


@EFFECTS.on("convert", "qingguo")
def qingguo(s, p: int, purpose: str):
    """Captivating Beauty: a black hand card as a Dodge."""
    if purpose != "dodge":
        return []
    return [((c,), "dodge") for c in sorted(s.hand[p]) if card(s, c).colour == "black"]


# --- Shu -----------------------------------------------------------------------------------

@EFFECTS.on("active", "rende")
def rende_active(s, p: int) -> list[Action]:
    return [Action("skill", (c,), x, "rende", label=f"Benevolence: give {clabel(s, c)} to "
                   f"{name(s, x)}") for c in sorted(s.hand[p]) for x in living(s) if x != p]


@EFFECTS.on("act", "rende")
def rende(s, p: int, a: Action) -> None:
    """Benevolence: a face-down gift; the first time this phase's total reaches 2, recover 1."""
    give_card(s, p, a.target, a.source[0], face_up=False, gift=True)
    note(s, p, a.target, -1)
    s.phase_used["rende"] = s.phase_used.get("rende", 0) + 1
    if s.phase_used["rende"] >= 2 and not s.phase_used.get("rende_healed"):
        s.phase_used["rende_healed"] = 1
        recover(s, p, 1)


@EFFECTS.on("active", "jijiang")
def rouse_active(s, p: int) -> list[Action]:
    """Rouse in the play phase: name a Slash target, then ask Shu (once if nobody helps)."""
    if s.phase_used.get("rouse_failed") or (s.phase_used.get("slash", 0) >= 1
                                            and not slash_unlimited(s, p)):
        return []
    return [Action("skill", None, t, "jijiang", label=f"Rouse: ask Shu to Slash {name(s, t)}")
            for t in living(s) if t != p and why_not_slash_at(s, p, t) is None]


@EFFECTS.on("act", "jijiang")
def rouse(s, p: int, a: Action) -> None:
    key = f"rouse:{s.next_uid}"
    s.next_uid += 1
    push(s, "rouse_done", p, a.target, key)
    windows.ask_helpers(s, "jijiang", p, "slash", key, "", "use")


@step
def rouse_done(s, p: int, t: int, key: str) -> None:
    cs = s.flags.pop(f"{key}:given", None)
    if not cs:
        s.phase_used["rouse_failed"] = 1  # D31
        s.emit("message", "Nobody answers Rouse.", p)
        return
    if s.alive[t]:
        begin_use(s, p, cs, "slash", (t,), "jijiang", placed=True)
    else:
        s.processing[:] = [c for c in s.processing if c not in cs]
        s.discard.extend(cs)


@EFFECTS.on("convert", "wusheng")
def wusheng(s, p: int, purpose: str):
    """Saint of War: any red card (hand or equipped) as a Slash."""
    if purpose not in ("play", "slash"):
        return []
    return [((c,), "slash") for c in sorted(cards_of(s, p)) if card(s, c).colour == "red"]


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


@EFFECTS.on("ask", "guanxing")
def guanxing_options(s, p: int, frame) -> list[Action]:
    return [Action("choose", c, None, where, label=f"{clabel(s, c)} to the {where}")
            for c in sorted(s.looking[p]) for where in ("top", "bottom")]


@EFFECTS.on("reply", "guanxing")
def guanxing_reply(s, p: int, a: Action, frame) -> None:
    """Each card put on top goes under the ones put on top before it, so the first chosen
    ends uppermost."""
    c = a.source
    s.looking[p].remove(c)
    (placed,) = frame.context or (0,)
    if a.option == "top":
        s.draw.insert(len(s.draw) - placed, c)
        placed += 1
    else:
        s.draw.insert(0, c)
    dec.pop(s)
    if s.looking[p]:
        s.decisions.append(dec.Decision("guanxing", (p,), dec.ONE, (), (placed,),
                                        prompt=frame.prompt))
        return
    s.emit("message", f"{name(s, p)} puts {placed} on top and the rest at the bottom.", p)


@EFFECTS.on("convert", "longdan")
def longdan(s, p: int, purpose: str):
    """Dragon's Courage: a Slash as a Dodge, a Dodge as a Slash (hand cards)."""
    if purpose == "dodge":
        return [((c,), "dodge") for c in sorted(s.hand[p]) if kind_of(s, c) == "slash"]
    if purpose in ("play", "slash"):
        return [((c,), "slash") for c in sorted(s.hand[p]) if kind_of(s, c) == "dodge"]
    return []


@EFFECTS.on("invoke", "tieqi")
def tieqi(s, p: int, a: Action, uid: str, t: int) -> None:
    key = f"tieqi:{uid}:{t}"
    damage.judgement(s, p, key, ("tieqi_result", uid, t, key), "tieqi")


@step
def tieqi_result(s, uid: str, t: int, key: str) -> None:
    if q.is_red(card(s, s.flags[key]).suit) and uid in s.uses:
        u = s.uses[uid]
        u["no_dodge"] = tuple(u.get("no_dodge", ())) + (t,)
        s.emit("message", f"Iron Cavalry: {name(s, t)} cannot dodge this Slash.", t)


@EFFECTS.on("invoke", "jizhi")
def jizhi(s, p: int, a: Action) -> None:
    draw_cards(s, p, 1)


# --- Wu ------------------------------------------------------------------------------------

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


@EFFECTS.on("ask", "zhiheng")
def zhiheng_options(s, p: int, frame) -> list[Action]:
    (n,) = frame.context
    acts = [Action("pick", c, label=f"Discard {clabel(s, c)}") for c in sorted(cards_of(s, p))]
    if n >= 1:
        acts.append(Action("done", label=f"Done: draw {n}"))
    return acts


@EFFECTS.on("reply", "zhiheng")
def zhiheng_reply(s, p: int, a: Action, frame) -> None:
    """Each card is discarded as it is picked (at least one); Done draws as many."""
    (n,) = frame.context
    dec.pop(s)
    if a.kind == "done":
        draw_cards(s, p, n)
        return
    if len(cards_of(s, p)) > 1:
        s.decisions.append(dec.Decision("zhiheng", (p,), dec.ONE, (), (n + 1,),
                                        prompt=frame.prompt))
    else:
        push(s, "draw_n", p, n + 1)
    discard_cards(s, p, [a.source], "discards (Balance of Power)")


@step
def draw_n(s, p: int, n: int) -> None:
    if s.alive[p]:
        draw_cards(s, p, n)


@EFFECTS.on("convert", "qixi")
def qixi(s, p: int, purpose: str):
    """Surprise Raid: any black card (hand or equipped) as a Dismantlement."""
    if purpose != "play":
        return []
    return [((c,), "dismantlement") for c in sorted(cards_of(s, p))
            if card(s, c).colour == "black"]


@EFFECTS.on("invoke", "keji")
def keji(s, p: int, a: Action) -> None:
    s.marks["skip_discard"] = 1


@EFFECTS.on("active", "kurou")
def kurou_active(s, p: int) -> list[Action]:
    return [Action("skill", None, None, "kurou", label="Self-Injury Ruse: lose 1 HP, draw 2")]


@EFFECTS.on("act", "kurou")
def kurou(s, p: int, a: Action) -> None:
    push(s, "draw_n", p, 2)  # drawn only if he is still alive (saved) afterwards
    damage.lose_hp(s, p, 1)


@EFFECTS.on("invoke", "yingzi")
def yingzi(s, p: int, a: Action) -> None:
    s.marks["draw_extra"] = s.marks.get("draw_extra", 0) + 1


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


@EFFECTS.on("ask", "fanjian")
def fanjian_options(s, t: int, frame) -> list[Action]:
    return [Action("choose", None, None, x, label=f"Name {SUIT_NAMES[x]}s") for x in "shcd"]


@EFFECTS.on("reply", "fanjian")
def fanjian_reply(s, t: int, a: Action, frame) -> None:
    (p,) = frame.context
    dec.pop(s)
    if not s.hand[p]:
        return
    c = random_hand_card(s, p)
    give_card(s, p, t, c, face_up=True)
    if card(s, c).suit != a.option:
        push(s, "damage", t, 1, p, "", "fanjian")


@EFFECTS.on("convert", "guose")
def guose(s, p: int, purpose: str):
    """National Beauty: any diamond (hand or equipped) as an Indulgence."""
    if purpose != "play":
        return []
    return [((c,), "indulgence") for c in sorted(cards_of(s, p)) if card(s, c).suit == "d"]


@EFFECTS.on("offer_options", "liuli")
def liuli_options(s, p: int, uid: str) -> list[Action]:
    u = s.uses[uid]
    acts = []
    for c in sorted(cards_of(s, p)):
        for x in living(s):
            if x in (p, u["user"]) or x in u["targets"]:
                continue
            if dist(s, p, x, (c,)) > _range_without(s, p, c):
                continue
            if q.empty_fort_protects(facts(s, x)):
                continue
            acts.append(Action("invoke", (c,), x, "liuli",
                               label=f"Deflect: discard {clabel(s, c)}, pass to {name(s, x)}"))
    return acts


def _range_without(s, p: int, c: int) -> int:
    """Da Qiao's attack range without the card she discards for Deflect (D20)."""
    return attack_range(s, p, (c,))


@EFFECTS.on("invoke", "liuli")
def liuli(s, p: int, a: Action, uid: str) -> None:
    u = s.uses[uid]
    x = a.target
    discard_cards(s, p, list(a.source), "discards (Deflect)")
    n = s.players
    u["targets"] = tuple(sorted((x if t == p else t for t in u["targets"]),
                                key=lambda t: (t - u["user"]) % n))
    s.emit("message", f"{name(s, p)} deflects the Slash to {name(s, x)}.", p, target=x)


@EFFECTS.on("invoke", "lianying")
def lianying(s, p: int, a: Action) -> None:
    draw_cards(s, p, 1)


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


# --- Qun -------------------------------------------------------------------------------------

@EFFECTS.on("active", "qingnang")
def qingnang_active(s, p: int) -> list[Action]:
    if s.phase_used.get("qingnang") or not s.hand[p]:
        return []
    hurt = [x for x in living(s) if s.hp[x] < s.max_hp[x]]
    return [Action("skill", (c,), x, "qingnang", label=f"Green Satchel: discard {clabel(s, c)}"
                   f", {name(s, x)} recovers 1") for c in sorted(s.hand[p]) for x in hurt]


@EFFECTS.on("act", "qingnang")
def qingnang(s, p: int, a: Action) -> None:
    s.phase_used["qingnang"] = 1
    discard_cards(s, p, list(a.source), "discards (Green Satchel)")
    recover(s, a.target, 1)
    note(s, p, a.target, -3)


@EFFECTS.on("convert", "jijiu")
def jijiu(s, p: int, purpose: str):
    """First Aid: outside his own turn, any red card as a Peach (so only while dying)."""
    if purpose != "peach" or p == s.current:
        return []
    return [((c,), "peach") for c in sorted(cards_of(s, p)) if card(s, c).colour == "red"]


@EFFECTS.on("active", "lijian")
def lijian_active(s, p: int) -> list[Action]:
    """Estrangement: discard a card, choose A then B (two males); B Duels A."""
    if s.phase_used.get("lijian") or not cards_of(s, p):
        return []
    males = [x for x in living(s) if x != p and gender(s, x) == "male"]
    pairs = [(a, b) for a in males for b in males if a != b
             and not q.empty_fort_protects(facts(s, a))]
    return [Action("skill", (c,), pair, "lijian",
                   label=f"Estrangement: discard {clabel(s, c)}; {name(s, pair[1])} duels "
                         f"{name(s, pair[0])}") for c in sorted(cards_of(s, p)) for pair in pairs]


@EFFECTS.on("act", "lijian")
def lijian(s, p: int, a: Action) -> None:
    s.phase_used["lijian"] = 1
    discard_cards(s, p, list(a.source), "discards (Estrangement)")
    target, user = a.target
    begin_use(s, user, (), "duel", (target,), "lijian", extra={"no_nullify": True})


@EFFECTS.on("invoke", "biyue")
def biyue(s, p: int, a: Action) -> None:
    draw_cards(s, p, 1)


def check_registry(cs) -> None:
    """Every kind and skill in the data has a handler or a rule (PASSIVE), and every handler
    belongs to one (CardDataError otherwise)."""
    uses = [("data/sanguosha/cards.toml", k, k) for k in cs.kinds] + \
        [("data/sanguosha/generals.toml", sid, sid) for sid in cs.skills]
    EFFECTS.check_data(uses, plain=PASSIVE)

