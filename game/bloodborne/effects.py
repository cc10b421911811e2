"""Bloodborne card abilities: one registry, one handler per ability keyword.

Spec: docs/rules/bloodborne.md (Cards; D2: our own card set). Every card names one `ability`
keyword in data/bloodborne/*.toml and its number in `amount`; the handler registered here under
that keyword is the card's whole behaviour. The rules (rules.py) call the hook points of hooks.py at
their rulebook step; `cards.load_card_set` checks the registry against the data (a keyword
without a handler, or a handler no card names, is a CardDataError).

Value hooks (their handlers return a number or a flag and change nothing, so bots and the table
may ask them) fold `value = handler(value, ...)`; the other hooks act on the state.
"""

from __future__ import annotations

from game.bloodborne import rules
from game.bloodborne.hooks import EFFECTS, HOOKS, keywords, on, value

__all__ = ["EFFECTS", "HOOKS", "keywords"]  # the registry, read by the data loader and tests


def name(s, p: int) -> str:
    return s.seat_name(p)


def lose_health(s, p: int, amount: int, why: str, floor: int = 1) -> None:
    """Lose up to `amount` health, never below `floor` (1: these effects never kill)."""
    loss = min(amount, s.health[p] - floor)
    if loss > 0:
        s.health[p] -= loss
        if s.recording:
            s.emit("damage", f"{name(s, p)} {why}.", p, amount=loss, health=s.health[p],
                   counters=((p, "health", s.health[p]),))


def lose_echoes(s, p: int, amount: int) -> None:
    lost = min(amount, s.collected[p])
    if lost:
        s.collected[p] -= lost
        if s.recording:
            s.emit("echoes_lost", f"{name(s, p)} loses {lost} collected echoes.", p,
                   amount=lost, counters=((p, "collected", s.collected[p]),))


# --- hunter cards: damage -------------------------------------------------------------------

@on("weapon_damage", "bane", order=10)
def bane(d, s, p, c, m):
    """+amount against monsters with the card's trophy kind (Saw Cleaver vs Beasts)."""
    return d + c.amount if c.vs in m.trophies else d


@on("weapon_damage", "boss_slayer", order=10)
def boss_slayer(d, s, p, c, m):
    """+amount against bosses and the final boss."""
    return d + c.amount if m.boss else d


@on("weapon_damage", "blood_price", order=10)
def blood_price(d, s, p, c, m):
    """+amount while you have health to pay (the payment is `pay_in_blood`)."""
    return d + c.amount if s.health[p] > 1 else d


@on("on_strike", "blood_price")
def pay_in_blood(s, p, c):
    """Blood price: pay 1 health (never your last) for the extra damage."""
    if s.health[p] > 1:
        lose_health(s, p, 1, "pays 1 health in blood")


@on("weapon_damage", "executioner", order=10)
def executioner(d, s, p, c, m):
    """+amount against a monster that already lost echoes."""
    return d + c.amount if s.echoes < s.echoes_full else d


@on("weapon_damage", "frenzy", order=10)
def frenzy(d, s, p, c, m):
    """+amount while your health is 4 or less."""
    return d + c.amount if s.health[p] <= 4 else d


@on("transforms", "transform")
def transforms(flag, card):
    """Transform (step 2): after the reveal, pick a weapon from hand to fight with."""
    return True


@on("rests_in_dream", "dream")
def rests_in_dream(flag, card):
    """Hunter's Dream: rest in the Dream in step 7 (bank, take back the used cards)."""
    return True


@on("weapon_damage", "transform", order=20)
def transform(d, s, p, c, m):
    """Transform (step 2): the weapon chosen after the reveal deals +amount (after its own
    bonus)."""
    return d + s.card_set.transform.amount


@on("after_attack", "recoil")
def recoil(s, p, c):
    """After firing, lose amount health, never below 1."""
    lose_health(s, p, c.amount, "is hurt by the recoil")


@on("damage_taken", "dream")
def dream(d, s, p, m):
    """Hunter's Dream: take half the monster's damage, rounded down (step 4)."""
    return d // 2 if value("dream_halves", m.ability, True, s, m) else d


# --- hunter cards: Immediate effects (step 3) -----------------------------------------------

@on("immediate", "heal")
def heal(s, p, c):
    """Heal amount health (never above the maximum)."""
    s.health[p] = min(rules.MAX_HEALTH, s.health[p] + c.amount)
    if s.recording:
        s.emit("heal", f"{name(s, p)} heals to {s.health[p]}.", p, health=s.health[p],
               counters=((p, "health", s.health[p]),))


@on("immediate", "bank")
def bank(s, p, c):
    """Madman's Knowledge: bank the collected echoes without going to the Dream."""
    rules.bank_echoes(s, p)


@on("immediate", "numb")
def numb(s, p, c):
    """The monster's attack deals amount less to every hunter."""
    s.attack_reduction += c.amount


@on("immediate", "lure")
def lure(s, p, c):
    """The monster ignores you (a prevention); every other hunter takes +amount."""
    s.prevention[p] += 99
    for q in range(s.players):
        if q != p:
            s.extra_damage[q] += c.amount


@on("immediate", "recall")
def recall(s, p, c):
    """Take back up to amount used cards, the most recently used first."""
    back = s.used[p][-c.amount:]
    if back:
        del s.used[p][-len(back):]
        s.hand[p].extend(back)
        if s.recording:
            s.emit("recall", f"{name(s, p)} takes back {len(back)} used cards.", p, cards=back)


@on("immediate", "roar")
def roar(s, p, c):
    """Cancel every other hunter's melee attack this round."""
    for q in rules.turn_order(s):
        if q != p and rules.played_card(s, q).melee:
            rules.cancel_melee_attack(s, q, p)


# --- monsters and bosses ------------------------------------------------------------------

@on("defence", "ranged_resist", order=10)
def ranged_resist(d, s, c, m):
    """While fought: ranged weapons deal only 1 damage."""
    return min(d, 1) if c.ranged else d


@on("defence", "thick_hide", order=10)
def thick_hide(d, s, c, m):
    """While fought: each melee attack deals amount less."""
    return max(0, d - m.amount) if c.melee else d


@on("defence", "armored", order=10)
def armored(d, s, c, m):
    """While fought: no single attack deals more than amount."""
    return min(d, m.amount)


@on("monster_attack", "fury", order=10)
def fury(total, s, m):
    """While fought: its attack deals +amount."""
    return total + m.amount


@on("preventable", "unstoppable")
def unstoppable(flag, s, m):
    """While fought: card effects cannot prevent or reduce its damage."""
    return False


@on("dream_halves", "dream_breaker")
def dream_breaker(flag, s, m):
    """While fought: hunters in the Dream take full damage."""
    return False


@on("on_wound", "echo_drain")
def echo_drain(s, p, m):
    """While fought: each hunter it wounds loses amount collected echoes."""
    lose_echoes(s, p, m.amount)


@on("end_of_round", "regenerate")
def regenerate(s, m):
    """At the end of a round it survives, it heals amount (never above its starting echoes)."""
    healed = min(m.amount, s.echoes_full - s.echoes)
    if healed:
        s.echoes += healed
        if s.recording:
            s.emit("monster_heal", f"{m.name} regenerates {healed}.", None, amount=healed,
                   counters=((None, "monster_echoes", s.echoes),))


@on("on_reveal", "ambush")
def ambush(s, m):
    """On reveal: every hunter loses amount health, never below 1."""
    for p in rules.turn_order(s):
        lose_health(s, p, m.amount, "is ambushed")


@on("on_reveal", "scream")
def scream(s, m):
    """On reveal: the Available Upgrades go under the deck and new ones are dealt."""
    s.upgrade_deck[:0] = s.available
    s.available = []
    rules.refill_available_upgrades(s)
    if s.recording:
        s.emit("message", f"{m.name} screams: new upgrades are on offer.", None)


@on("on_escape", "maul")
def maul(s, m):
    """On escape: every living hunter takes amount damage (this can kill)."""
    for p in rules.turn_order(s):
        if s.dead[p]:
            continue
        s.health[p] -= m.amount
        if s.recording:
            s.emit("damage", f"{m.name} mauls {name(s, p)}.", p, amount=m.amount,
                   health=s.health[p], counters=((p, "health", s.health[p]),))
        if s.health[p] <= 0:
            rules.hunter_dies(s, p)


@on("on_escape", "plunder")
def plunder(s, m):
    """On escape: every hunter loses amount collected echoes."""
    for p in rules.turn_order(s):
        lose_echoes(s, p, m.amount)


# --- final bosses (the whole game) --------------------------------------------------------

@on("monster_hp", "gehrman")
def gehrman(hp, s, m):
    """Gehrman, the First Hunter: every other monster has +amount HP."""
    return hp if m.final else hp + s.final_boss.amount


@on("on_death", "rom")
def rom(s, p):
    """Rom, the Vacuous Spider: a hunter who dies for the amount-th time is out of the game."""
    if s.deaths[p] >= s.final_boss.amount:
        s.out[p] = True
        if s.recording:
            s.emit("out", f"{name(s, p)} has died {s.deaths[p]} times and is out of the game.",
                   p, counters=((p, "out", True),))
        if all(s.out):
            rules.game_over(s, "all_out")


@on("on_kill", "ebrietas")
def ebrietas(s, killer):
    """Ebrietas: the hunter who kills a monster takes amount extra echoes from the supply."""
    if not s.dead[killer]:
        extra = s.final_boss.amount
        s.collected[killer] += extra
        if s.recording:
            s.emit("echoes_taken", f"{name(s, killer)} takes {extra} extra echoes (Ebrietas).",
                   killer, amount=extra, left=s.echoes,
                   counters=((killer, "collected", s.collected[killer]),))


@on("available_size", "moon_presence")
def moon_presence(n, s):
    """Moon Presence: the Available Upgrades row holds amount cards more."""
    return n + s.final_boss.amount


@on("final_attack", "orphan_of_kos", order=20)
def orphan_of_kos(total, s, m):
    """Orphan of Kos: every monster attack deals +amount damage."""
    return total + s.final_boss.amount
