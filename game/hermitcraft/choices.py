"""The answers to the rules' questions: which answers a choice frame allows now, and what each
answer does (new active Hermit, forced and own switches, targets, the copied attack, cards to
take, move or discard). Frames are pushed by rules.py, attacks.py and the card handlers.
"""

from __future__ import annotations

from game.hermitcraft.board import (
    BURN,
    ITEM_SLOTS,
    POISON,
    afk_rows,
    arrived,
    ask,
    board_place,
    copy_suffix,
    cure,
    discard,
    draw,
    heal,
    hermit_desc,
    make_active,
    moved,
    row_desc,
    seat,
)


def choice_options(s, frame) -> list[tuple]:
    """(value, label) for every answer the frame allows now."""
    p = frame.seat
    kind = frame.kind
    if kind in ("new_active", "forced_switch", "self_switch", "keralis_heal", "heal_target",
                "mending_row", "bucket_target"):
        out = [(r, f"{row_desc(s, p, r)}") for r in frame.options if r >= 0]
        if -1 in frame.options:
            out.append((-1, "Stay as you are"))
        return out
    if kind in ("hypno_target", "bow_target", "lead_row"):
        q = 1 - p
        return [(r, f"{row_desc(s, q, r)}") for r in frame.options]
    if kind == "crossbow_targets":
        q = 1 - p
        return [(combo, "Hit " + ", ".join(row_desc(s, q, r) for r in combo))
                for combo in frame.options]
    if kind == "copy_attack":
        return [((iid, which), f"Copy {row_desc(s, *board_place(s, iid))}: "
                 f"{s.card(iid).attack(which).name}") for iid, which in frame.options]
    if kind in ("hypno_discard", "chest_card", "lead_item", "looting_item"):
        return [(iid, f"{s.name(iid)} (card {iid})") for iid in frame.options]
    if kind == "composter_discard":
        return [(iid, f"Discard {hermit_desc(s, iid)}{copy_suffix(s, p, iid)}")
                for iid in s.hands[p]]
    if kind == "spyglass_discard":
        q = 1 - p
        return [(iid, f"Discard {hermit_desc(s, iid)}{copy_suffix(s, q, iid)}")
                for iid in s.hands[q]]
    if kind == "grian_steal":
        return [(v, {"attach": "Attach it to your Hermit", "discard": "Discard it"}[v])
                for v in frame.options]
    raise ValueError(f"unknown choice {kind!r}")


def choice_values(s, frame) -> tuple:
    """The answers the frame allows now (what `choice_options` labels)."""
    kind = frame.kind
    if kind == "composter_discard":
        return tuple(s.hands[frame.seat])
    if kind == "spyglass_discard":
        return tuple(s.hands[1 - frame.seat])
    return frame.options


def answer(s, p: int, frame, value) -> None:
    """What the answer to `frame` (closed already) does."""
    ANSWERS[frame.kind](s, p, frame, value)


def picked(s, p: int, value) -> None:
    """What one pick of a "pick k of n" frame does at once."""
    PICKED[s.decisions[-1].kind](s, p, value)


def _answer_new_active(s, p, frame, r):
    make_active(s, p, r)


def _answer_forced(s, p, frame, r):
    make_active(s, p, r, forced=True)


def _answer_self_switch(s, p, frame, r):
    if r >= 0:
        make_active(s, p, r)


def _answer_copy(s, p, frame, value):
    iid, which = value
    s.attack["card"], s.attack["which"], s.attack["copied"] = s.defs[iid], which, iid
    s.emit("copy", lambda: f"{s.name(s.hermit[p][s.attack['row']])} copies {s.name(iid)}'s "
           f"{s.card(iid).attack(which).name}.", p)


def _answer_hypno_target(s, p, frame, r):
    s.attack["target"] = r
    s.attack["hypno_done"] = True
    if r != s.active[1 - p]:
        ask(s, "hypno_discard", p, tuple(s.items[p][s.attack["row"]]),
                      prompt="{seat}: discard one of your Hermit's items")


def _answer_hypno_discard(s, p, frame, iid):
    r = s.attack["row"]
    s.items[p][r].remove(iid)
    discard(s, iid)
    s.emit("move", lambda: f"{seat(s, p)} discards {s.name(iid)} to aim at an AFK Hermit.", p,
           card=iid, to="discard")


def _answer_keralis(s, p, frame, r):
    s.attack["heal_row"] = r


def _answer_su_targets(s, p, frame, value):
    s.attack["su_targets"] = (value,) if isinstance(value, int) else tuple(value)


def _answer_heal(s, p, frame, r):
    heal(s, p, r, s.card(frame.context[0]).params["heal"])


def _answer_chest(s, p, frame, iid):
    s.discards[p].remove(iid)
    s.hands[p].append(iid)
    s.emit("move", lambda: f"{seat(s, p)} takes {s.name(iid)} from the discard pile.", p,
           card=iid, to="hand")


def _composter_pick(s, p, iid):
    # each picked card goes at once (it is public from then on, so nothing hidden waits in
    # the frame)
    s.hands[p].remove(iid)
    discard(s, iid)
    s.emit("move", lambda: f"{seat(s, p)} discards {hermit_desc(s, iid)}.", p, card=iid,
           to="discard")


def _answer_composter(s, p, frame, picked):
    draw(s, p, s.card(frame.context[0]).params["draw"])


def _answer_lead_item(s, p, frame, iid):
    q = 1 - p
    targets = tuple(r for r in afk_rows(s, q) if len(s.items[q][r]) < ITEM_SLOTS)
    ask(s, "lead_row", p, targets, (iid,),
                  prompt="{seat}: choose the AFK Hermit that gets the item")


def _answer_lead_row(s, p, frame, r):
    q, iid = 1 - p, frame.context[0]
    s.items[q][s.active[q]].remove(iid)
    s.items[q][r].append(iid)
    s.emit("move", lambda: f"Lead moves {s.name(iid)} to {row_desc(s, q, r)}.", p, card=iid,
           to=["item", q, r])


def _answer_looting(s, p, frame, iid):
    q = 1 - p
    s.items[q][s.active[q]].remove(iid)
    s.hands[p].append(iid)
    s.emit("move", lambda: f"{seat(s, p)} loots {s.name(iid)}.", p, card=iid, to="hand")


def _answer_mending(s, p, frame, r):
    a = s.active[p]
    iid = s.effect[p][a]
    s.effect[p][a], s.effect[p][r] = -1, iid
    s.emit("move", lambda: f"Mending moves {s.name(iid)} to {row_desc(s, p, r)}.", p, card=iid,
           to=["effect", p, r])
    moved(s, iid)
    arrived(s, p, r, iid)


def _answer_spyglass(s, p, frame, iid):
    q = 1 - p
    s.hands[q].remove(iid)
    discard(s, iid)
    s.emit("move", lambda: f"{seat(s, q)} discards {hermit_desc(s, iid)} (Spyglass).", p,
           card=iid, to="discard")


def _answer_bucket(s, p, frame, r):
    cure(s, p, r, POISON if s.defs[frame.context[0]] == "milk_bucket" else BURN)


def _answer_steal(s, p, frame, choice):
    iid, r, opp_row = frame.context
    s.effect[1 - p][opp_row] = -1
    if choice == "attach":
        s.effect[p][r] = iid
        s.emit("move", lambda: f"{s.name(s.hermit[p][r])} takes {s.name(iid)}.", p, card=iid,
               to=["effect", p, r])
        moved(s, iid)
        arrived(s, p, r, iid)
    else:
        discard(s, iid, to=p)  # to the stealer's discard pile (D40)
        s.emit("move", lambda: f"{seat(s, p)} discards the stolen {s.name(iid)}.", p, card=iid,
               to="discard")


#: PICK frames: what each single pick does
PICKED = {"composter_discard": _composter_pick}

ANSWERS = {
    "new_active": _answer_new_active, "forced_switch": _answer_forced,
    "self_switch": _answer_self_switch, "copy_attack": _answer_copy,
    "hypno_target": _answer_hypno_target, "hypno_discard": _answer_hypno_discard,
    "keralis_heal": _answer_keralis, "bow_target": _answer_su_targets,
    "crossbow_targets": _answer_su_targets, "heal_target": _answer_heal,
    "chest_card": _answer_chest, "composter_discard": _answer_composter,
    "lead_item": _answer_lead_item, "lead_row": _answer_lead_row,
    "looting_item": _answer_looting, "mending_row": _answer_mending,
    "spyglass_discard": _answer_spyglass, "bucket_target": _answer_bucket,
    "grian_steal": _answer_steal,
}

#: the questions answered by "choose" (one answer) and by "pick" (k of n, one at a time)
PICKS = tuple(PICKED)
CHOOSE = tuple(k for k in ANSWERS if k not in PICKED)
