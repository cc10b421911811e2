"""How a used card resolves (docs/rules/sanguosha.md: How a used card resolves), step by step:

1. announce: the real cards go to the processing area (equipment to its slot, a delayed trick
   to its target's judgement area), the targets are named          `begin_use`, `prepare_use`
2. targets confirmed: the targets' skills (`become_target`), then the user's
   (`targeted`; several at once: the user picks their order, D38)
3. effects, target by target in seat order from the user (D22): a trick's Nullification
   window, then its effect                                          `effect_on`, `effect_go`
4. done: the card goes to the discard pile                           `finish_use`
"""

from __future__ import annotations

from game.core import decisions as dec
from game.core.contract import Action
from game.core.flow import close, later, mark
from game.sanguosha import queries as q
from game.sanguosha.answers import offered
from game.sanguosha.board import clabel, fire, handlers, name, skill_name
from game.sanguosha.cards import EQUIP_SLOTS, common_colour
from game.sanguosha.hooks import EFFECTS, rules
from game.sanguosha.offers import offer
from game.sanguosha.zones import new_uid, note, remove_card


def begin_use(s, p: int, cards: tuple, kind: str, targets: tuple, via: str = "",
              count: bool = True, extra: dict | None = None, placed: bool = False) -> str:
    """1. Announce a used card and schedule its resolution (the targets' and the user's
    skills, each target in seat order, done). A card used on a pair names its target and,
    with it, the player the effect is about (`victim`)."""
    k = s.cs.kinds[kind]
    cs = s.cs.cards
    suits = [cs[c].suit for c in cards]
    uid = new_uid(s)
    n = s.players
    victim = ()
    if k.target == "pair":
        targets, victim = targets[:1], targets[1:]
    order = tuple(sorted(targets, key=lambda t: (t - p) % n))
    s.uses[uid] = {"user": p, "kind": kind, "cards": tuple(cards), "victim": victim,
                   "suit": suits[0] if len(suits) == 1 else "",
                   "colour": common_colour(suits) or "" if cards else "",
                   "targets": order, "via": via, "real": not via, **(extra or {})}
    if kind == "slash" and p == s.current and s.phase == "play":
        if count:  # the one-Slash limit counts Slashes used on one's own initiative
            s.phase_used["slash"] = s.phase_used.get("slash", 0) + 1
        mark(s, p, "slashed")
    what = k.name if not via else f"{k.name} ({skill_name(s, via)})"
    real = ", ".join(clabel(s, c) for c in cards)
    on = f" on {', '.join(name(s, t) for t in order)}" if order and order != (p,) else ""
    s.emit("use", f"{name(s, p)} uses {what}{' [' + real + ']' if via and real else ''}{on}.",
           p, card=kind, cards=list(cards), targets=list(order),
           counters=((p, "hand", sum(1 for c in s.hand[p] if c not in cards)),))
    later(s, "finish_use", uid)
    if k.is_equipment:
        for c in cards:
            remove_card(s, p, c)
        equip_card(s, p, cards[0])
        return uid
    if k.is_delayed:
        for c in cards:
            remove_card(s, p, c)
        s.judge[order[0]].append((cards[0], kind))
        if k.harmful:
            note(s, p, order[0], 2)
        return uid
    if not placed:  # (a Slash fetched by a Lord's helpers is already in the processing area)
        for c in cards:
            remove_card(s, p, c)
            s.processing.append(c)
    if k.target == "others":
        order = tuple(t for t in q.seat_order_from(p, s.alive) if t != p)
    elif k.target == "all":
        order = tuple(q.seat_order_from(p, s.alive))
    s.uses[uid]["targets"] = order
    if k.harmful and not k.everyone:
        for t in order:
            note(s, p, t, 1)
    later(s, "resolve_targets", uid)
    later(s, "targeted", uid)
    later(s, "become_target", uid)
    if EFFECTS.has("prepare", kind):
        later(s, "prepare_use", uid)
    if k.subtype == "ordinary":
        fire(s, p, "trick_used", kind)
    return uid


def equip_card(s, p: int, c: int) -> None:
    """A used equipment card goes into its slot; a card already there is discarded (D11)."""
    slot = EQUIP_SLOTS.index(s.cs.cards[c].kind.subtype)
    old = s.equip[p][slot]
    if old >= 0:
        remove_card(s, p, old)
        s.discard.append(old)
        s.emit("discard", f"{name(s, p)} replaces {clabel(s, old)}.", p, cards=[old])
    s.equip[p][slot] = c
    s.emit("equip", f"{name(s, p)} equips {clabel(s, c)}.", p, card=c)


@rules.step
def prepare_use(s, uid: str) -> None:
    EFFECTS.run("prepare", s.uses[uid]["kind"], s, uid)


@rules.step
def become_target(s, uid: str) -> None:
    """2. Skills of the targets that react to becoming a target (Deflect)."""
    for t in reversed(s.uses[uid]["targets"]):
        fire(s, t, "become_target", uid)


@rules.step
def targeted(s, uid: str) -> None:
    """2, the user's side: the user's skills and weapon that react to having targeted a
    player (Iron Cavalry, Double Swords), target by target; several for one target: the user
    picks their order (D38)."""
    u = s.uses[uid]
    p = u["user"]
    if not s.alive[p]:
        return
    fire(s, p, "aiming", uid)
    for t in reversed(u["targets"]):
        keys = tuple(key for key, fn in handlers(s, p, "has_targeted") if fn(False, s, p, uid, t))
        if len(keys) > 1:
            later(s, "choose_trigger_order", p, uid, t, keys)
        elif keys:
            offer(s, p, keys[0], uid, t)


@rules.step
def choose_trigger_order(s, p: int, uid: str, t: int, keys: tuple) -> None:
    names = [skill_name(s, k) for k in keys]
    dec.ask(s, "trigger_order", p, keys, (uid, t),
            prompt=f"{{seat}}: which resolves first, {', '.join(names[:-1])} or {names[-1]}?")


def trigger_order_options(s, p: int) -> list[Action]:
    return [Action("choose", None, None, x, label=f"{skill_name(s, x)} first")
            for x in s.decisions[-1].options]


@rules.kind("choose", answers=("trigger_order",), candidates=trigger_order_options,
            check=offered, legal_as_built=True)
def first_trigger(s, p: int, a: Action) -> None:
    """The chosen one is offered first; the others after it (their order asked again when
    several are left)."""
    frame = close(s)
    uid, t = frame.context
    rest = tuple(x for x in frame.options if x != a.option)
    if len(rest) == 1:
        offer(s, p, rest[0], uid, t)
    else:
        later(s, "choose_trigger_order", p, uid, t, rest)
    offer(s, p, a.option, uid, t)


@rules.step
def resolve_targets(s, uid: str) -> None:
    for t in reversed(s.uses[uid]["targets"]):
        later(s, "effect_on", uid, t)


@rules.step
def effect_on(s, uid: str, t: int) -> None:
    """3. for one target: a trick's Nullification window, then its effect. A target who has
    died meanwhile is skipped; a trick that would do nothing to it opens no window (D23)."""
    u = s.uses[uid]
    if not s.alive[t]:
        return
    k = s.cs.kinds[u["kind"]]
    if k.is_trick and not u.get("no_nullify"):
        if EFFECTS.run("moot", u["kind"], s, uid, t):
            return
        later(s, "effect_go", uid, t)
        later(s, "nullify_window", uid, t, 0)
        return
    EFFECTS.run("effect", u["kind"], s, uid, t)


@rules.step
def effect_go(s, uid: str, t: int) -> None:
    u = s.uses[uid]
    if s.flags.pop(f"null:{uid}:{t}", 0):
        s.emit("nullified", f"{s.cs.kinds[u['kind']].name} is nullified for {name(s, t)}.", t)
        return
    if s.alive[t]:
        EFFECTS.run("effect", u["kind"], s, uid, t)


@rules.step
def finish_use(s, uid: str) -> None:
    """4. The card goes to the discard pile unless it is already elsewhere."""
    u = s.uses.pop(uid, None)
    if u is None:
        return
    for c in u["cards"]:
        if c in s.processing:
            s.processing.remove(c)
            s.discard.append(c)
    EFFECTS.run("finish", u["kind"], s, uid)
