"""Judgement, damage, dying and death (docs/rules/sanguosha.md: Judgement; Damage; Dying and
death), in the order they happen.
"""

from __future__ import annotations

from game.sanguosha.rules import (
    EQUIP_SLOTS,
    cards_of,
    check_game_end,
    clabel,
    discard_cards,
    draw_cards,
    has,
    name,
    note,
    push,
    r1_order,
    skill_name,
    step,
    top_card,
    weapon,
)

# --- judgement (spec: Judgement) -------------------------------------------------------------

def judgement(s, p: int, key: str, then: tuple, reason: str) -> None:
    """Reveal the top card (Demonic Talent may replace it), let `then` read flags[key], then
    the card goes to the discard pile (or Heaven's Envy takes it)."""
    push(s, "judge_done", p, key)
    push(s, *then)
    push(s, "judge_reveal", p, key, reason)


@step
def judge_reveal(s, p: int, key: str, reason: str) -> None:
    c = top_card(s)
    if c is None:
        return
    s.processing.append(c)
    s.flags[key] = c
    s.emit("judge", f"{name(s, p)} judges ({skill_name(s, reason)}): {clabel(s, c)}.", p,
           card=c)
    for x in reversed(r1_order(s)):
        if has(s, x, "guicai") and s.hand[x]:
            push(s, "offer", x, "guicai", key)


@step
def judge_done(s, p: int, key: str) -> None:
    c = s.flags.pop(key, None)
    if c is None or c not in s.processing:
        return
    push(s, "judge_discard", c)
    if has(s, p, "tiandu"):  # Heaven's Envy may take it first
        push(s, "offer", p, "tiandu", c)


@step
def judge_discard(s, c: int) -> None:
    """The judgement card goes to the discard pile unless a skill has taken it."""
    if c in s.processing:
        s.processing.remove(c)
        s.discard.append(c)


# --- damage, dying, death (spec: Damage; Dying and death) ------------------------------------

@step
def damage(s, t: int, n: int, src: int, uid: str, cause: str) -> None:
    """1. The source's side (Kylin Bow, Ice Sword) may act, then the damage is dealt."""
    if not s.alive[t]:
        return
    if src >= 0 and not s.alive[src]:
        src = -1  # D33: the user has died; later damage has no source
    push(s, "deal_damage", t, n, src, uid, cause)
    if cause == "slash" and src >= 0:
        w = weapon(s, src)
        if w == "kylin-bow" and (s.equip[t][2] >= 0 or s.equip[t][3] >= 0):
            push(s, "offer", src, "kylin-bow", t)
        if w == "ice-sword" and cards_of(s, t):
            push(s, "offer", src, "ice-sword", t, uid)


@step
def deal_damage(s, t: int, n: int, src: int, uid: str, cause: str) -> None:
    prevented = s.flags.pop(f"prevent:{uid}:{t}", 0)
    if not s.alive[t] or prevented:
        return
    if src >= 0 and s.marks.get("luoyi") and src == s.current and cause in ("slash", "duel") \
            and has(s, src, "luoyi"):
        n += 1  # Bare-Chested
    s.hp[t] -= n
    if chosen_harm(s, src, uid, cause):
        note(s, src, t, 2 * n)
    by = f" from {name(s, src)}" if src >= 0 else ""
    s.emit("damage", f"{name(s, t)} takes {n} damage{by} ({s.hp[t]}/{s.max_hp[t]}).", t,
           amount=n, source=src, counters=((t, "hp", s.hp[t]),))
    push(s, "after_damage", t, n, src, uid, cause)
    if s.hp[t] <= 0:
        push(s, "dying", t, src, cause)


def chosen_harm(s, src: int, uid: str, cause: str) -> bool:
    """Whether the record counts this damage against its source: not when the source did not
    pick the victim (Savage Assault and Arrow Barrage hit everyone; a Duel's target who wins
    it only defended)."""
    if cause in ("savage-assault", "archery-attack"):
        return False
    u = s.uses.get(uid)
    return not (cause == "duel" and u is not None and u["user"] != src)


@step
def after_damage(s, t: int, n: int, src: int, uid: str, cause: str) -> None:
    """4. After damage, if still alive: Villainous Hero, Retaliation, Unyielding, Legacy
    Plan (D32)."""
    if not s.alive[t]:
        return
    if src >= 0 and not s.alive[src]:
        src = -1
    if has(s, t, "yiji"):
        for _ in range(n):
            push(s, "offer", t, "yiji")
    if has(s, t, "ganglie") and src >= 0:
        push(s, "offer", t, "ganglie", src)
    if has(s, t, "fankui") and src >= 0 and cards_of(s, src):
        push(s, "offer", t, "fankui", src)
    if has(s, t, "jianxiong") and uid in s.uses and any(
            c in s.processing for c in s.uses[uid]["cards"]):
        push(s, "offer", t, "jianxiong", uid)


def lose_hp(s, p: int, n: int) -> None:
    """Losing HP is not damage (Self-Injury Ruse): no source, no after-damage skills."""
    s.hp[p] -= n
    s.emit("lose_hp", f"{name(s, p)} loses {n} HP ({s.hp[p]}/{s.max_hp[p]}).", p,
           counters=((p, "hp", s.hp[p]),))
    if s.hp[p] <= 0:
        push(s, "dying", p, -1, "lose_hp")


@step
def dying(s, d: int, killer: int, cause: str) -> None:
    if not s.alive[d] or s.hp[d] >= 1:
        return
    s.emit("dying", f"{name(s, d)} is dying ({s.hp[d]} HP).", d)
    push(s, "dying_end", d, killer, cause)
    push(s, "peach_window", d, tuple(r1_order(s)))


@step
def dying_end(s, d: int, killer: int, cause: str) -> None:
    if s.alive[d] and s.hp[d] <= 0:
        death(s, d, killer, cause)


def death(s, d: int, killer: int, cause: str) -> None:
    """D15: reveal, check the end of the game, discard the dead's cards, reward or penalty."""
    s.alive[d] = False
    s.revealed[d] = True
    if killer >= 0 and not s.alive[killer]:
        killer = -1
    s.deaths.append((d, killer, cause))
    s.emit("death", f"{name(s, d)} dies: they were the {s.identity[d].capitalize()}.", d,
           identity=s.identity[d], killer=killer)
    if check_game_end(s):
        return
    dead_cards = s.hand[d] + [c for c in s.equip[d] if c >= 0] + [c for c, _ in s.judge[d]]
    s.shown[:] = [c for c in s.shown if c not in s.hand[d]]
    s.hand[d] = []
    s.equip[d] = [-1] * len(EQUIP_SLOTS)
    s.judge[d] = []
    s.looking[d] = []
    s.discard.extend(dead_cards)
    if dead_cards:
        s.emit("discard", f"{name(s, d)}'s cards are discarded.", d, cards=dead_cards)
    if killer >= 0:
        if s.identity[d] == "rebel":
            s.emit("message", f"{name(s, killer)} killed a Rebel and draws 3.", killer)
            draw_cards(s, killer, 3)
        elif s.identity[d] == "loyalist" and s.identity[killer] == "lord":
            s.emit("message", "The Lord killed a Loyalist and discards every hand and "
                   "equipped card.", killer)
            discard_cards(s, killer, cards_of(s, killer), "discards")


