"""The ordinary tricks' effects (docs/rules/sanguosha.md: Card kinds). Nullification acts only
in its windows (windows.py), so it has no handler here."""

from __future__ import annotations

from game.core import decisions as dec
from game.core.contract import Action
from game.core.flow import later
from game.sanguosha import queries as q
from game.sanguosha.answers import offered, passing
from game.sanguosha.board import clabel, kingdom, living, name, skill_name, value
from game.sanguosha.distance import attack_range, dist
from game.sanguosha.hooks import EFFECTS, rules
from game.sanguosha.offers import ask_zone_card
from game.sanguosha.targets import facts, sources, why_not_slash_at
from game.sanguosha.using import begin_use
from game.sanguosha.windows import ask_helpers, slash_means
from game.sanguosha.zones import (
    discard_cards,
    draw_cards,
    give_card,
    put_away,
    recover,
    to_hand,
    top_card,
)

# --- Dismantlement, Snatch -------------------------------------------------------------------

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


# --- Duel ---------------------------------------------------------------------------------------

@EFFECTS.on("effect", "duel")
def duel(s, uid: str, t: int) -> None:
    """The target plays first; the first who does not play a Slash takes 1 damage."""
    later(s, "duel_turn", uid, t, s.uses[uid]["user"], 0)


@rules.step
def duel_turn(s, uid: str, who: int, other: int, n: int) -> None:
    if not (s.alive[who] and s.alive[other]):
        return
    key = f"duel:{uid}:{n}"
    later(s, "duel_after", uid, who, other, n, key)
    later(s, "need", who, "slash", key, uid, value(s, other, "responses_needed", 1, "duel"),
          (), "play")


@rules.step
def duel_after(s, uid: str, who: int, other: int, n: int, key: str) -> None:
    if s.flags.pop(key, 0):
        later(s, "duel_turn", uid, other, who, n + 1)
    else:
        later(s, "damage", who, 1, other, uid, "duel")


# --- Borrowed Sword ------------------------------------------------------------------------------

@EFFECTS.on("targets", "borrowed-sword")
def borrowed_sword_targets(s, p: int, cards: tuple) -> list[tuple]:
    """The weapon holder, then whom they must Slash."""
    return [(h, v) for h in living(s) if h != p and s.equip[h][0] >= 0
            for v in living(s) if v != h]


@EFFECTS.on("check_targets", "borrowed-sword")
def borrowed_sword_check(s, p: int, cards: tuple, targets: tuple) -> str | None:
    """H (another player) has a weapon; V ≠ H is a legal Slash target for H (within H's
    attack range, its skills allowing it). V may be the user (D1)."""
    if len(targets) != 2:
        return "Choose the weapon holder, then whom they must Slash."
    h, v = targets
    if not (s.alive[h] and s.alive[v]):
        return "Both must be alive."
    holder, victim = facts(s, h), facts(s, v)
    if h == p:
        return "The weapon holder must be another player."
    if not holder.has_weapon:
        return f"{holder.label} has no weapon."
    if v == h:
        return f"{holder.label} cannot be told to Slash themselves."
    return q.why_not_slash_target(holder, victim, dist(s, h, v), attack_range(s, h))


@EFFECTS.on("target_words", "borrowed-sword")
def borrowed_sword_words(s, p: int, targets: tuple) -> str:
    return f"{name(s, targets[0])} Slashes {name(s, targets[1])}"


@EFFECTS.on("effect", "borrowed-sword")
def borrowed_sword(s, uid: str, h: int) -> None:
    """H may Slash the victim; otherwise the user takes H's weapon (D25)."""
    u = s.uses[uid]
    if s.equip[h][0] < 0:
        return
    ask_borrowed_sword(s, h, uid, u["victim"][0], u["user"])


def ask_borrowed_sword(s, h: int, uid: str, v: int, p: int) -> None:
    dec.ask(s, "borrowed-sword", h, (), (uid, v, p),
            prompt=f"{{seat}}: Slash {name(s, v)}, or give your weapon to {name(s, p)}")


def holder_slashes(s, h: int) -> list[Action]:
    uid, v, p = s.decisions[-1].context
    if not s.alive[v] or v == h:
        return []
    return [Action("respond", cs, None, (k, via),
                   label=f"Slash {name(s, v)} with {', '.join(clabel(s, c) for c in cs)}"
                         + (f" ({skill_name(s, via)})" if via else ""))
            for cs, k, via in sources(s, h, "slash", "play")
            if why_not_slash_at(s, h, v, cs) is None]


def holder_helpers(s, h: int) -> list[Action]:
    """R4: a Lord may ask his helpers for the Slash (once)."""
    uid, v, p = s.decisions[-1].context
    if not s.alive[v] or v == h or s.flags.get(f"bsrouse:{uid}") \
            or why_not_slash_at(s, h, v) is not None:
        return []
    return [Action("invoke", None, v, key, label=f"{skill_name(s, key)}: ask "
                   f"{kingdom(s, h).capitalize()} to Slash {name(s, v)}")
            for key in slash_means(s, h)]


@rules.kind("respond", answers=("borrowed-sword",), candidates=holder_slashes, check=offered,
            legal_as_built=True)
def holder_slash(s, h: int, a: Action) -> None:
    uid, v, p = dec.pop(s).context
    begin_use(s, h, a.source, "slash", (v,), a.option[1], count=False)


@rules.kind("invoke", answers=("borrowed-sword",), candidates=holder_helpers, check=offered,
            legal_as_built=True)
def holder_asks_helpers(s, h: int, a: Action) -> None:
    uid, v, p = dec.pop(s).context
    s.flags[f"bsrouse:{uid}"] = 1
    key = f"rouse:{s.next_uid}"
    s.next_uid += 1
    later(s, "borrowed_rouse_done", uid, h, v, p, key, a.option)
    ask_helpers(s, a.option, h, "slash", key, uid, "use")


@rules.kind("pass", answers=("borrowed-sword",), candidates=passing("Give up your weapon"),
            check=offered, legal_as_built=True)
def weapon_given_up(s, h: int, a: Action) -> None:
    uid, v, p = dec.pop(s).context
    if s.alive[p] and s.equip[h][0] >= 0:
        give_card(s, h, p, s.equip[h][0], face_up=True)


@rules.step
def borrowed_rouse_done(s, uid: str, h: int, v: int, p: int, key: str, via: str) -> None:
    """A helper's Slash is the holder's own; with none, the holder is asked again."""
    cs = s.flags.pop(f"{key}:given", None)
    if cs and s.alive[v] and s.alive[h]:
        begin_use(s, h, cs, "slash", (v,), via, count=False, placed=True)
    elif cs:
        put_away(s, cs)
    elif s.alive[h]:
        ask_borrowed_sword(s, h, uid, v, p)


@EFFECTS.on("finish", "borrowed-sword")
def borrowed_sword_done(s, uid: str) -> None:
    s.flags.pop(f"bsrouse:{uid}", None)


# --- Ex Nihilo, Savage Assault, Archery Attack, Peach Garden --------------------------------------

@EFFECTS.on("effect", "ex-nihilo")
def ex_nihilo(s, uid: str, t: int) -> None:
    draw_cards(s, t, 2)


@EFFECTS.on("effect", "savage-assault")
def savage_assault(s, uid: str, t: int) -> None:
    key = f"sa:{uid}:{t}"
    later(s, "aoe_after", uid, t, key)
    later(s, "need", t, "slash", key, uid, 1, (), "play")


@EFFECTS.on("effect", "archery-attack")
def archery_attack(s, uid: str, t: int) -> None:
    key = f"aa:{uid}:{t}"
    later(s, "aoe_after", uid, t, key)
    later(s, "need", t, "dodge", key, uid, 1, (), "play")


@rules.step
def aoe_after(s, uid: str, t: int, key: str) -> None:
    if not s.flags.pop(key, 0):
        u = s.uses[uid]
        later(s, "damage", t, 1, u["user"], uid, u["kind"])


@EFFECTS.on("moot", "peach-garden")
def peach_garden_moot(s, uid: str, t: int) -> bool:
    """A target at full HP: nothing to cancel, no window (D23)."""
    return s.hp[t] >= s.max_hp[t]


@EFFECTS.on("effect", "peach-garden")
def peach_garden(s, uid: str, t: int) -> None:
    recover(s, t, 1)


# --- Amazing Grace -------------------------------------------------------------------------------

@EFFECTS.on("prepare", "amazing-grace")
def amazing_grace_reveal(s, uid: str) -> None:
    """Reveal one card per target named at use (D24)."""
    for _ in s.uses[uid]["targets"]:
        c = top_card(s)
        if c is None:
            return
        s.pool.append(c)
    s.emit("reveal", "Amazing Grace reveals " + ", ".join(clabel(s, c) for c in s.pool) + ".",
           None, cards=list(s.pool))


@EFFECTS.on("effect", "amazing-grace")
def amazing_grace(s, uid: str, t: int) -> None:
    if s.pool:
        dec.ask(s, "amazing-grace", t, (), (uid,), prompt="{seat}: take one revealed card")


def revealed_cards(s, t: int) -> list[Action]:
    return [Action("choose", None, None, c, label=f"Take {clabel(s, c)}") for c in s.pool]


@rules.kind("choose", answers=("amazing-grace",), candidates=revealed_cards, check=offered,
            legal_as_built=True)
def take_revealed(s, t: int, a: Action) -> None:
    dec.pop(s)
    s.pool.remove(a.option)
    to_hand(s, t, a.option, True)
    s.emit("take", f"{name(s, t)} takes {clabel(s, a.option)}.", t, card=a.option)


@EFFECTS.on("finish", "amazing-grace")
def amazing_grace_done(s, uid: str) -> None:
    if s.pool:
        s.discard.extend(s.pool)
        s.emit("discard", "The Amazing Grace cards left over are discarded.", None,
               cards=list(s.pool))
        s.pool.clear()
