"""Response windows (docs/rules/sanguosha.md R1–R6): Nullification chains, needing a Dodge
or a Slash (armour, the Lord's helpers, cards from hand), and the Peach rounds of a dying
character. Each window is a decision frame; answering it pushes the next step.
"""

from __future__ import annotations

from game.core import decisions as dec
from game.core.contract import Action
from game.sanguosha import damage
from game.sanguosha import queries as q
from game.sanguosha.rules import (
    HOSTILE,
    _resp_label,
    _skill_keys,
    armour,
    card,
    clabel,
    conversions,
    has,
    kind_of,
    kingdom,
    name,
    note,
    push,
    r1_order,
    recover,
    remove_card,
    skill_name,
    step,
    trigger,
)

# --- response windows (spec: R1–R6) --------------------------------------------------------------

@step
def nullify_window(s, uid: str, t: int, depth: int) -> None:
    """R2: every living player in R1 order may nullify; each Nullification restarts the
    asking. Odd chain: cancelled (D10)."""
    u = s.uses.get(uid)
    what = s.cs.kinds[u["kind"]].name if u else "the trick"
    against = (f"{what} on {name(s, t)}" if depth == 0 else
               f"the Nullification ({depth}) against {what} on {name(s, t)}")
    dec.ask_in_order(s, "nullify", r1_order(s), context=(uid, t, depth),
                     prompt=f"{{seat}}: use a Nullification against {against}?")


def nullify_answer(s, p: int, a: Action, frame) -> None:
    uid, t, depth = frame.context
    if a.kind == "pass":
        if not dec.pass_on(s):
            s.flags[f"null:{uid}:{t}"] = depth % 2
        return
    dec.pop(s)
    c = a.source[0]
    remove_card(s, p, c)
    s.discard.append(c)
    s.emit("use", f"{name(s, p)} uses {clabel(s, c)}.", p, card="nullification", cards=[c],
           counters=((p, "hand", len(s.hand[p])),))
    u = s.uses.get(uid)
    if u is not None:  # cancelling a hostile trick on t helps t; cancelling a gift harms t
        helps = (u["kind"] in HOSTILE or u["kind"] in ("lightning",)) == (depth % 2 == 0)
        note(s, p, t, -2 if helps else 2)
    push(s, "nullify_window", uid, t, depth + 1)
    if has(s, p, "jizhi"):
        trigger(s, "offer", p, "jizhi")


def dodge_sources(s, p: int) -> list[tuple[tuple, str, str]]:
    """Ways p may give a Dodge from their own cards: (cards, kind, via)."""
    out = [((c,), "dodge", "") for c in s.hand[p] if kind_of(s, c) == "dodge"]
    out += [(cs, k, via) for via in _skill_keys(s, p)
            for cs, k in conversions(s, p, "dodge", via) if k == "dodge"]
    return out


def slash_sources(s, p: int, purpose: str = "slash") -> list[tuple[tuple, str, str]]:
    out = [((c,), "slash", "") for c in s.hand[p] if kind_of(s, c) == "slash"]
    out += [(cs, k, via) for via in _skill_keys(s, p)
            for cs, k in conversions(s, p, purpose, via) if k == "slash"]
    return out


def armour_works(s, p: int, uid: str) -> bool:
    """p's armour acts against this card unless its user's Qinggang Sword ignores it."""
    u = s.uses.get(uid)
    return not (u and u.get("ignore_armour") and p in u["targets"])


@step
def need(s, p: int, what: str, key: str, uid: str, left: int, tried: tuple, mode: str) -> None:
    """R3 / R4: p must give `left` more Dodges (what="dodge") or Slashes (what="slash")."""
    if not s.alive[p] or left <= 0:
        s.flags[key] = 1 if left <= 0 else 0
        return
    u = s.uses.get(uid)
    src = s.cs.kinds[u["kind"]].name if u else "it"
    word = "a Dodge" if what == "dodge" else "a Slash"
    more = f" ({left} needed)" if left > 1 else ""
    verb = "use" if mode == "use" else "play"
    dec.ask(s, "need", p, context=(what, key, uid, left, tried, mode),
            prompt=f"{{seat}}: {verb} {word} against {src}{more}, or pass")


def need_options(s, p: int, frame) -> list[Action]:
    what, key, uid, left, tried, mode = frame.context
    acts = []
    srcs = dodge_sources(s, p) if what == "dodge" else slash_sources(s, p)
    for cs, k, via in srcs:
        acts.append(Action("respond", cs, None, (k, via),
                           label=_resp_label(s, cs, k, via)))
    if what == "dodge":
        # D27: armour, then Royal Escort, each once per Dodge; a card from hand at any point
        # (which passes over the means not tried yet)
        armoured = armour(s, p) == "eight-diagrams" and armour_works(s, p, uid)
        if armoured and "eight" not in tried and "hujia" not in tried:
            acts.append(Action("invoke", None, None, "eight-diagrams",
                               label="Judge with Eight Diagrams"))
        if has(s, p, "hujia") and "hujia" not in tried and ("eight" in tried or not armoured):
            acts.append(Action("invoke", None, None, "hujia", label="Royal Escort: ask Wei"))
    elif has(s, p, "jijiang") and "jijiang" not in tried:
        acts.append(Action("invoke", None, None, "jijiang", label="Rouse: ask Shu"))
    acts.append(Action("pass", label="Pass"))
    return acts


def need_answer(s, p: int, a: Action, frame) -> None:
    what, key, uid, left, tried, mode = frame.context
    dec.pop(s)
    if a.kind == "pass":
        s.flags[key] = 0
        return
    if a.kind == "invoke":
        if a.option == "eight-diagrams":
            # the judgement is put away before the next Dodge is asked for (Peerless asks
            # twice), so each judgement has its card to itself
            jkey = f"{key}:j"
            push(s, "eight_done", p, key, uid, left, tried + ("eight",), mode, jkey)
            damage.judgement(s, p, jkey, ("eight_result", p, jkey), "eight-diagrams")
        else:
            s.emit("skill", f"{name(s, p)} uses {skill_name(s, a.option)}: "
                   f"{'Wei' if what == 'dodge' else 'Shu'}, give "
                   f"{'a Dodge' if what == 'dodge' else 'a Slash'} for the Lord?", p,
                   skill=a.option)
            push(s, "helper_done", p, what, key, uid, left, tried + (a.option,), mode)
            ask_helpers(s, a.option, p, what, key, uid, "need")
        return
    give(s, p, a.source, a.option[0], a.option[1], mode, uid)
    push(s, "need", p, what, key, uid, left - 1, (), mode)


def give(s, p: int, cs: tuple, k: str, via: str, mode: str, uid: str, for_lord: int = -1) -> None:
    """A Dodge or Slash used or played in answer: its cards go to the discard pile."""
    for c in cs:
        remove_card(s, p, c)
        s.discard.append(c)
    verb = "uses" if mode == "use" else "plays"
    whose = f" for {name(s, for_lord)}" if for_lord >= 0 else ""
    via_t = f" ({skill_name(s, via)})" if via else ""
    s.emit("respond", f"{name(s, p)} {verb} {s.cs.kinds[k].name}{via_t} "
           f"[{', '.join(clabel(s, c) for c in cs)}]{whose}.", p, card=k, cards=list(cs),
           counters=((p, "hand", len(s.hand[p])),))
    if k == "slash" and p == s.current and s.phase == "play":
        s.marks["slashed"] = 1


@step
def eight_result(s, p: int, jkey: str) -> None:
    """Eight Diagrams: a red judgement gives a Dodge."""
    if q.is_red(card(s, s.flags[jkey]).suit):
        s.emit("message", f"Eight Diagrams gives {name(s, p)} a Dodge.", p)
        s.flags[f"{jkey}:red"] = 1


@step
def eight_done(s, p: int, key: str, uid: str, left: int, tried: tuple, mode: str,
               jkey: str) -> None:
    if s.flags.pop(f"{jkey}:red", 0):
        push(s, "need", p, "dodge", key, uid, left - 1, (), mode)
    else:
        push(s, "need", p, "dodge", key, uid, left, tried, mode)


def ask_helpers(s, skill: str, lord: int, what: str, key: str, uid: str,
                purpose: str) -> None:
    """R5: the other living characters of the Lord's kingdom, in R1 order (D37)."""
    helpers = [x for x in r1_order(s) if x != lord and kingdom(s, x) ==
               ("wei" if what == "dodge" else "shu")]
    word = "a Dodge" if what == "dodge" else "a Slash"
    dec.ask_in_order(s, "helper", helpers, context=(skill, lord, what, key, uid, purpose),
                     prompt=f"{{seat}}: give {word} for the Lord ({skill_name(s, skill)})?")


def helper_options(s, p: int, frame) -> list[Action]:
    skill, lord, what, key, uid, purpose = frame.context
    srcs = dodge_sources(s, p) if what == "dodge" else slash_sources(s, p)
    acts = [Action("respond", cs, None, (k, via), label=_resp_label(s, cs, k, via))
            for cs, k, via in srcs]
    if what == "dodge" and armour(s, p) == "eight-diagrams" and not s.flags.get(
            f"{key}:helper8:{p}"):
        acts.append(Action("invoke", None, None, "eight-diagrams",
                           label="Judge with your Eight Diagrams for the Lord"))
    acts.append(Action("pass", label="Pass"))
    return acts


def helper_answer(s, p: int, a: Action, frame) -> None:
    skill, lord, what, key, uid, purpose = frame.context
    if a.kind == "pass":
        dec.pass_on(s)
        return
    if a.kind == "invoke":  # a Wei helper's Eight Diagrams (D40)
        s.flags[f"{key}:helper8:{p}"] = 1
        dec.pop(s)
        jkey = f"{key}:h{p}"
        push(s, "helper_eight_done", p, frame.seats, frame.context, jkey)
        damage.judgement(s, p, jkey, ("helper_eight_result", p, jkey), "eight-diagrams")
        return
    dec.pop(s)
    if purpose == "use":  # Rouse in the play phase: the helper's Slash becomes Liu Bei's
        for c in a.source:
            remove_card(s, p, c)
            s.processing.append(c)
        s.emit("respond", f"{name(s, p)} plays a Slash for {name(s, lord)} (Rouse).", p,
               card="slash", cards=list(a.source))
        s.flags[f"{key}:given"] = tuple(a.source)
        return
    give(s, p, a.source, a.option[0], a.option[1], "play", uid, for_lord=lord)
    s.flags[f"{key}:given"] = (1,)


@step
def helper_done(s, p: int, what: str, key: str, uid: str, left: int, tried: tuple,
                mode: str) -> None:
    """The helper's card counts as the Lord's own; with no helper the Lord may go on."""
    for k in [k for k in s.flags if k.startswith(f"{key}:helper8:")]:
        del s.flags[k]  # each helper's armour once for each Dodge needed (D27)
    if s.flags.pop(f"{key}:given", None):
        push(s, "need", p, what, key, uid, left - 1, (), mode)
    else:
        s.emit("message", f"No one gives {'a Dodge' if what == 'dodge' else 'a Slash'} "
               f"for {name(s, p)}.", p)
        push(s, "need", p, what, key, uid, left, tried, mode)


@step
def helper_eight_result(s, p: int, jkey: str) -> None:
    """A helper's Eight Diagrams: a red judgement gives the Lord a Dodge."""
    if q.is_red(card(s, s.flags[jkey]).suit):
        s.emit("message", f"{name(s, p)}'s Eight Diagrams gives the Lord a Dodge.", p)
        s.flags[f"{jkey}:red"] = 1


@step
def helper_eight_done(s, p: int, seats: tuple, context: tuple, jkey: str) -> None:
    """After the helper's judgement is put away: the Lord has the Dodge, or the asking goes
    on with the helpers after this one."""
    skill, lord, what, key, uid, purpose = context
    if s.flags.pop(f"{jkey}:red", 0):
        s.flags[f"{key}:given"] = (1,)
        return
    s.decisions.append(dec.Decision("helper", tuple(seats), dec.IN_ORDER, (), context,
                                    prompt=f"{{seat}}: give a Dodge for the Lord "
                                           f"({skill_name(s, skill)})?"))


@step
def peach_window(s, d: int, order: tuple) -> None:
    """R6: while d is dying, each living player from the current player may use Peaches."""
    if not s.alive[d] or s.hp[d] >= 1:
        return
    seats = [x for x in order if s.alive[x]]
    dec.ask_in_order(s, "peach", seats, context=(d,),
                     prompt=f"{{seat}}: {name(s, d)} is dying at {s.hp[d]} HP; "
                            f"use a Peach on them?")


def peach_sources(s, p: int) -> list[tuple[tuple, str, str]]:
    out = [((c,), "peach", "") for c in s.hand[p] if kind_of(s, c) == "peach"]
    out += [(cs, k, via) for via in _skill_keys(s, p)
            for cs, k in conversions(s, p, "peach", via) if k == "peach"]
    return out


def peach_answer(s, p: int, a: Action, frame) -> None:
    (d,) = frame.context
    if a.kind == "pass":
        dec.pass_on(s)
        return
    seats = frame.seats
    dec.pop(s)
    cs, (_k, via) = a.source, a.option
    for c in cs:
        remove_card(s, p, c)
        s.discard.append(c)
    amount = 2 if (has(s, d, "jiuyuan") and p != d and kingdom(s, p) == "wu") else 1
    s.emit("use", f"{name(s, p)} uses a Peach{' (' + skill_name(s, via) + ')' if via else ''} "
           f"on {name(s, d)}.", p, card="peach", cards=list(cs), target=d,
           counters=((p, "hand", len(s.hand[p])),))
    note(s, p, d, -4)
    recover(s, d, amount)
    push(s, "peach_window", d, seats)


