"""Attacks and the damage pipeline (docs/rules/hermitcraft.md "Attacks", D11, D12, D33-D35).

An attack is declared (`declare_attack`), asks its choices one frame at a time (targets, the
copied attack: D35 step 1), then resolves: the defender's waiting effects flip (2), the attack's
own effects happen (3), the hits (4: Hermit hit, weakness hit, single-use hits, self hit), then
reactions, revivals and the after-attack steps (5), queued in `s.pending`. Each hit goes
through `deal`: the target's effect card reduces it, then the HP falls.
"""

from __future__ import annotations

from game.core.flow import marked, unmark
from game.hermitcraft.board import (
    EFFECT,
    HERMIT,
    NEXT_ATTACK,
    ROWS,
    SELF,
    WEAKNESS_DAMAGE,
    about,
    afk_rows,
    ask,
    clear_statuses,
    count_single_use,
    forced_switch_blocked,
    is_ignored,
    own_switch_blocked,
    row_desc,
    rows_with_hermits,
    seat,
    working_effect,
)
from game.hermitcraft.hooks import EFFECTS


def declare_attack(s, p: int, kind: str, which: str) -> None:
    q = 1 - p
    r = s.active[p]
    s.attack = {"stage": "choose", "kind": kind, "row": r, "which": which,
                "card": s.defs[s.hermit[p][r]] if kind == "hermit" else "",
                "target": s.active[q], "opp_active": s.active[q], "notes": (),
                "su_targets": None,
                "add": 0, "mults": (), "miss": False, "self_hit": 0, "damaged": (), "su": -1}
    if kind == "hermit":
        at = s.card(s.hermit[p][r]).attack(which)
        s.emit("attack", lambda: f"{s.name(s.hermit[p][r])} attacks: {at.name}.", p,
               attack=which)
    else:
        s.emit("attack", lambda: f"{seat(s, p)} attacks with {s.name(s.su_slot)}.", p)
    s.acted = s.attacked = True


def ask_attack_choices(s) -> bool:
    """Step 1 of D35: the choices of targets and copied attacks, one frame at a time."""
    atk, p = s.attack, s.current
    if atk["kind"] == "hermit":
        at = s.cs.by_id[atk["card"]].attack(atk["which"])
        if at.special and EFFECTS.run("attack_choices", atk["card"], s, p, atk):
            return True
    su = s.su_slot
    if su >= 0 and s.su_ready and atk["su_targets"] is None:
        card = s.card(su)
        if card.use == "attack" and EFFECTS.run("su_choices", card.id, s, p, atk):
            return True
    return False


def resolve_attack(s) -> None:
    """Steps 2-5 of D35: waiting effects, the attack's own effects, the hits, reactions,
    revivals, then the after-attack steps (queued in s.pending)."""
    atk, p = s.attack, s.current
    q = 1 - p
    atk["stage"] = "resolved"
    s.absorbed = {}
    row = atk["row"]
    hermit_attack = atk["kind"] == "hermit"
    su = s.su_slot if s.su_ready else -1
    if su >= 0:
        s.su_ready = False
        atk["su"] = su
        count_single_use(s, s.su_granted)
    attack_card = s.cs.by_id[atk["card"]] if hermit_attack else None
    at = attack_card.attack(atk["which"]) if hermit_attack else None
    atk["target_side"] = q
    # (2) the defender's waiting effects (marked on the attacker's seat by the defender's
    # cards: Sheep Stare, then Aussie Ping), in their declared order
    if hermit_attack:
        waiting = [name for who, name in s.marks if who == p]
        for _, flips in EFFECTS.ordered("waiting", waiting):
            flips(s, p, atk)
    # (3) the attack's own coin flips and effects, before any damage
    if hermit_attack and at.special:
        EFFECTS.run("own_effects", attack_card.id, s, p, atk)
    if su >= 0:
        EFFECTS.run("before_hits", s.defs[su], s, p, atk)
    # (4) the hits
    if hermit_attack:
        hermit_hits(s, p, atk, at)
    if su >= 0 and s.card(su).use == "attack":
        for side, r, amount in EFFECTS.run("su_hits", s.defs[su], s, p, atk) or ():
            deal(s, p, side, r, amount, EFFECT)
    if atk["self_hit"] and s.hermit[p][row] >= 0:
        deal(s, p, p, row, atk["self_hit"], SELF)
    # (5) reactions, revivals, then the after-attack steps
    reactions(s, p, atk)
    revivals(s)
    if hermit_attack:
        if at.special:
            EFFECTS.run("after_attack", attack_card.id, s, p, atk)
        if su >= 0 and s.card(su).use == "follow_up":
            EFFECTS.run("follow_up", s.defs[su], s, p, atk)
        # a Hermit attack uses up what waited for the attacker's next attack (Invisibility)
        unmark(s, p, NEXT_ATTACK)
    s.pending.sort(key=lambda step: step[0])


def hermit_hits(s, p: int, atk: dict, at) -> None:
    """The Hermit hit and the weakness hit (D12 steps 1-2; D11)."""
    side, r = atk["target_side"], atk["target"]
    if r < 0 or s.hermit[side][r] < 0:
        return
    damage = at.damage + atk["add"]  # (b) base and additions
    percents = (*atk["mults"], *marked(s, p, NEXT_ATTACK, ()), *((0,) if atk["miss"] else ()))
    for percent in percents:  # (c) multipliers
        damage = damage * percent // 100 // 10 * 10
    deal(s, p, side, r, damage, HERMIT)
    attacker_type = s.card(s.hermit[p][atk["row"]]).type
    target_type = s.card(s.hermit[side][r]).type
    if damage > 0 and s.cs.weak_against(attacker_type, target_type):
        s.emit("message", "Weakness: +20.", p)
        deal(s, p, side, r, WEAKNESS_DAMAGE, HERMIT)


def deal(s, by: int, p: int, r: int, amount: int, source: str) -> int:
    """One hit on row r of seat p: reduced by its effect card (d), then the HP falls (e)."""
    iid = s.hermit[p][r]
    if iid < 0:
        return 0
    card = working_effect(s, p, r)
    if card is not None and amount > 0:
        if EFFECTS.has("reduce", card.id):
            amount = EFFECTS.run("reduce", card.id, s, s.effect[p][r], amount, source,
                                 s.budget, s.absorbed)
    amount = max(0, amount)
    before = s.hp[p][r]
    s.hp[p][r] = max(0, before - amount)
    if amount > 0 and by != p and s.attack:
        s.attack["damaged"] += (r,)  # the attack's values are immutable: copies share them
    s.emit("damage", lambda: f"{row_desc(s, p, r)} takes {amount} ({s.hp[p][r]} HP left).", p,
           row=r, amount=amount, counters=((p, f"hp{r}", s.hp[p][r]),))
    return amount


def reactions(s, p: int, atk: dict) -> None:
    """The defender's cards that strike back (D33: Thorns, then Wolf, in their handlers'
    order; rows in order): once per turn each, on the attacking player's active Hermit."""
    q = 1 - p
    hit_rows = set(atk["damaged"])
    if not hit_rows or s.active[p] < 0:
        return
    held = [s.defs[iid] for iid in s.effect[q] if iid >= 0]
    for key, strikes in EFFECTS.ordered("reaction", held):
        for r in range(ROWS):
            iid = s.effect[q][r]
            if iid < 0 or s.defs[iid] != key or iid in s.fired or is_ignored(s, q, iid):
                continue
            source = strikes(r, hit_rows)
            if source is None:
                continue
            s.fired.append(iid)
            s.emit("message", lambda iid=iid: f"{s.name(iid)} strikes back.", q)
            deal(s, q, p, s.active[p], s.card(iid).params["damage"], source)


def revivals(s) -> None:
    """Hermits at 0 HP: Deathloop first, then Totem (spec "Knock-outs and lives"); one that
    stays at 0 lets its effect card act at once, before any after-attack effect (D40)."""
    for p in (s.current, 1 - s.current):
        for r in rows_with_hermits(s, p):
            if s.hp[p][r] <= 0 and not revive(s, p, r):
                card = working_effect(s, p, r)
                if card is not None:
                    EFFECTS.run("hp_zero", card.id, s, p, r)


def revive(s, p: int, r: int) -> bool:
    """What the Hermit carries revives it first (Deathloop's mark), then its effect card
    (Totem)."""
    me = about(s.hermit[p][r])
    keys = [name for who, name in s.marks if who == me]
    card = working_effect(s, p, r)
    if card is not None:
        keys.append(card.id)
    for key in keys:
        saved = EFFECTS.run("revive", key, s, p, r)
        if saved is not None:
            break
    else:
        return False
    hp, how = saved
    s.hp[p][r] = hp
    clear_statuses(s, p, r)
    s.emit("revive", lambda: f"{how}: {row_desc(s, p, r)} revives at {hp} HP.", p, row=r,
           counters=((p, f"hp{r}", hp),))
    return True


def run_pending(s, step: list) -> None:
    """One after-attack step (forced switch, own switch, a card's own step, a grant)."""
    kind = step[1]
    if kind == "forced":
        victim = step[2]
        if not forced_switch_blocked(s, victim):
            ask(s, "forced_switch", victim, tuple(afk_rows(s, victim)),
                          prompt="{seat}: choose a new active Hermit (you are forced to switch)")
    elif kind == "self":
        p, optional = step[2], step[3]
        if not own_switch_blocked(s, p):
            options = tuple(afk_rows(s, p)) + ((-1,) if optional else ())
            ask(s, "self_switch", p, options,
                          prompt="{seat}: you may switch your active Hermit" if optional
                          else "{seat}: choose your new active Hermit")
    elif kind == "card":
        EFFECTS.run("card_step", step[2], s, *step[3:])
    elif kind == "grant":
        s.grant += 1
        s.emit("message", f"{seat(s, s.current)} may use one more single-use card.", s.current)


# --- value queries: no side effects ---------------------------------------------------------

def expected_damage(s, p: int, which: str) -> int:
    """The damage the table shows beside an attack: the Hermit hit (with the bonuses no coin
    decides) plus weakness, after the target's armour with its budget left this turn; coins
    and choices count as their base. Side-effect free."""
    r, q = s.active[p], 1 - p
    if r < 0 or s.active[q] < 0:
        return 0
    card = s.card(s.hermit[p][r])
    at = card.attack(which)
    target = s.active[q]
    damage, mults = at.damage, []
    if at.special and EFFECTS.has("known_bonus", card.id):
        add, mults = EFFECTS.run("known_bonus", card.id, s, p, r, q, target)
        damage += add
    for percent in (*mults, *marked(s, p, NEXT_ATTACK, ())):
        damage = damage * percent // 100 // 10 * 10
    hits = [damage]
    if damage > 0 and s.cs.weak_against(card.type, s.card(s.hermit[q][target]).type):
        hits.append(WEAKNESS_DAMAGE)
    budget = {k: list(v) for k, v in s.budget.items()}
    absorbed = dict(s.absorbed)
    total = 0
    eff = working_effect(s, q, target)
    for h in hits:
        if eff is not None and EFFECTS.has("reduce", eff.id):
            h = EFFECTS.run("reduce", eff.id, s, s.effect[q][target], h, HERMIT, budget,
                            absorbed)
        total += max(0, h)
    return total
