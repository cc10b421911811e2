"""Damage, dying and death (docs/rules/sanguosha.md: Damage; Dying and death), in the order
they happen.
"""

from __future__ import annotations

from game.core.flow import later
from game.sanguosha.board import cards_of, fire, name, r1_order, value
from game.sanguosha.cards import EQUIP_SLOTS
from game.sanguosha.ending import check_game_end
from game.sanguosha.hooks import rules
from game.sanguosha.zones import discard_cards, draw_cards, note

# --- damage (spec: Damage) ---------------------------------------------------------------------

@rules.step
def damage(s, t: int, n: int, src: int, uid: str, cause: str) -> None:
    """1. About to deal damage: the source's weapon may act on a Slash's damage (Kylin Bow,
    Ice Sword), then the damage is dealt."""
    if not s.alive[t]:
        return
    if src >= 0 and not s.alive[src]:
        src = -1  # D33: the user has died; later damage has no source
    later(s, "deal_damage", t, n, src, uid, cause)
    if cause == "slash" and src >= 0:
        fire(s, src, "dealing_damage", t, uid)


@rules.step
def deal_damage(s, t: int, n: int, src: int, uid: str, cause: str) -> None:
    """2. HP goes down (bonuses added: Bare-Chested); 3. at 0 or less, dying runs now; 4. then
    after-damage skills."""
    prevented = s.flags.pop(f"prevent:{uid}:{t}", 0)
    if not s.alive[t] or prevented:
        return
    if src >= 0:
        n = value(s, src, "damage_amount", n, t, cause)
    s.hp[t] -= n
    if chosen_harm(s, src, uid):
        note(s, src, t, 2 * n)
    by = f" from {name(s, src)}" if src >= 0 else ""
    s.emit("damage", f"{name(s, t)} takes {n} damage{by} ({s.hp[t]}/{s.max_hp[t]}).", t,
           amount=n, source=src, counters=((t, "hp", s.hp[t]),))
    later(s, "after_damage", t, n, src, uid, cause)
    if s.hp[t] <= 0:
        later(s, "dying", t, src, cause)


def chosen_harm(s, src: int, uid: str) -> bool:
    """Whether the record counts this damage against its source: not when the source did not
    pick the victim (a card used on everyone; a Duel's target who wins it only defended)."""
    u = s.uses.get(uid)
    if u is None:
        return True
    return not s.cs.kinds[u["kind"]].everyone and u["user"] == src


@rules.step
def after_damage(s, t: int, n: int, src: int, uid: str, cause: str) -> None:
    """4. After damage, if still alive: the damaged seat's skills (Villainous Hero,
    Retaliation, Unyielding, Legacy Plan; D32)."""
    if not s.alive[t]:
        return
    if src >= 0 and not s.alive[src]:
        src = -1
    fire(s, t, "after_damage", n, src, uid)


def lose_hp(s, p: int, n: int) -> None:
    """Losing HP is not damage (Self-Injury Ruse): no source, no after-damage skills."""
    s.hp[p] -= n
    s.emit("lose_hp", f"{name(s, p)} loses {n} HP ({s.hp[p]}/{s.max_hp[p]}).", p,
           counters=((p, "hp", s.hp[p]),))
    if s.hp[p] <= 0:
        later(s, "dying", p, -1, "lose_hp")


# --- dying and death (spec: Dying and death) ----------------------------------------------------

@rules.step
def dying(s, d: int, killer: int, cause: str) -> None:
    """A character at 0 HP or less is dying: the Peach rounds (R6), then death unless saved."""
    if not s.alive[d] or s.hp[d] >= 1:
        return
    s.emit("dying", f"{name(s, d)} is dying ({s.hp[d]} HP).", d)
    later(s, "dying_end", d, killer, cause)
    later(s, "peach_window", d, tuple(r1_order(s)))


@rules.step
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
