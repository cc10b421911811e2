"""Bloodborne: The Card Game — the rules as the rulebook reads (spec: shared/rules/bloodborne.md).

Setup, then a round of eight steps in order:
  1. choose_action_cards   2. transform        3. immediate_effects   4. monster_attack
  5. hunter_attack          6. escape           7. hunters_dream       8. end_of_round
and the end of the game (game_over, scoring).

Steps that need a player's decision stop and wait (the state's `phase` says which); the action
that answers it resumes the round where it stopped. Everything that is not a real choice is
resolved here without asking (a forced step asks no one):
  - a hunter with a single card in hand plays it (D4: Hunter's Dream alone must be chosen);
  - a hunter with an empty hand first takes back all used cards (our decision D7);
  - a transforming hunter with exactly one weapon in hand uses it (none: Transform does nothing);
  - an Immediate card whose choice has one option (a Pistol with no melee attack to cancel
    shields its owner) resolves by itself; once the monster is dead, nothing is left to cancel;
  - a hunter in the Dream facing a single Available Upgrade takes it.
Abilities are dispatched by the keyword in the card data; each has a function named after it.
"""

from __future__ import annotations

from game.core.contract import Action

# phases (where the round waits for decisions) ------------------------------------------------
CHOOSE, TRANSFORM, IMMEDIATE, DREAM, OVER = range(5)
PHASES = ("choose_action_cards", "transform", "immediate_effects", "hunters_dream", "game_over")

MAX_HEALTH = 8
HAND_LIMIT = 7
DUNGEON_MONSTERS = 7
DUNGEON_BOSSES = 3
DUNGEON_SIZE = DUNGEON_MONSTERS + DUNGEON_BOSSES
STARTERS = 5
#: safety bound (our decision): after this many rounds the dungeon closes and the game is scored
ROUND_LIMIT = 100
KIND_NAMES = ("Kin", "Humanoid", "Beast")


# --- helpers ----------------------------------------------------------------------------------

def turn_order(s) -> list[int]:
    """Hunters still in the game, from the first player to the left."""
    P = s.players
    return [p for p in ((s.first + i) % P for i in range(P)) if not s.out[p]]


def monster(s):
    """The card being fought (None between a kill and the next reveal)."""
    return s.mdef[s.current - s.mbase] if s.current >= 0 else None


def played_card(s, p: int):
    """What hunter p fights with this round: the transformed weapon, else the chosen card."""
    c = s.tform[p]
    if c < 0:
        c = s.chosen[p]
    return s.cards[c] if c >= 0 else None


def played_id(s, p: int) -> int:
    return s.tform[p] if s.tform[p] >= 0 else s.chosen[p]


def in_dream(s, p: int) -> bool:
    c = s.chosen[p]
    return c >= 0 and s.cards[c].ability == "dream"


def name(s, p: int) -> str:
    return s.seat_name(p)


_ACTIONS: dict = {}


def action(s, kind: str, source=None, target=None, option=None) -> Action:
    """Legal actions are cached: their labels depend only on the card set and player count."""
    key = (s.players, kind, source, target, option)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(kind, source, target, option, label=_label(s, key))
    return a


def _label(s, key) -> str:
    _, kind, source, target, option = key
    card = s.cs.instance_name(s.players, source) if source is not None else ""
    if kind == "choose":
        return f"Choose {card}"
    if kind == "transform":
        return f"Transform into {card}"
    if kind == "immediate":
        if option == "cancel":
            return f"{card}: cancel {s.seat_name(target)}'s melee attack"
        return f"{card}: prevent damage to yourself"
    if kind == "upgrade":
        return f"Take {card}"
    if kind == "skip_upgrade":
        return "Take no upgrade"
    if kind == "remove":
        return f"Remove {card} from the game"
    return kind


# --- setup --------------------------------------------------------------------------------

def setup(s, final_boss: str) -> None:
    """Setup steps 1-7 of the rulebook, with the state's own Rng."""
    cs, rng, P = s.cs, s.rng, s.players
    # 1. the final boss: random or chosen
    if final_boss == "random":
        final = rng.choice(cs.finals)
    else:
        final = next(f for f in cs.finals if f.id == final_boss)
    # 2. the Chalice Dungeon: 7 random monsters and 3 random bosses shuffled together
    monsters, bosses = cs.monsters[:], cs.bosses[:]
    rng.shuffle(monsters)
    rng.shuffle(bosses)
    dungeon = monsters[:DUNGEON_MONSTERS] + bosses[:DUNGEON_BOSSES]
    rng.shuffle(dungeon)
    s.mdef = dungeon + [final]
    s.dungeon = [s.mbase + k for k in range(DUNGEON_SIZE - 1, -1, -1)]  # top is the end
    # 3. the upgrade deck, and as many Available Upgrades as players
    s.upgrade_deck = list(range(STARTERS * P, len(s.cards)))
    rng.shuffle(s.upgrade_deck)
    s.available = []
    refill_available_upgrades(s)
    # 4. each hunter: the five starter cards and health 8
    s.hand = [list(range(p * STARTERS, (p + 1) * STARTERS)) for p in range(P)]
    s.health = [MAX_HEALTH] * P
    # 6. a random first player
    s.first = s.start_player = rng.below(P)
    s.emit("final_boss", f"The final boss is {final.name}: {final.text}", card=s.mbase + 10,
           monster=final.id)
    # 7. reveal the first dungeon card
    reveal_next_dungeon_card(s)
    choose_action_cards(s)


def available_size(s) -> int:
    """As many Available Upgrades as players (Moon Presence: one more)."""
    return s.players + (1 if s.mdef[-1].ability == "moon_presence" else 0)


def refill_available_upgrades(s) -> None:
    while len(s.available) < available_size(s) and s.upgrade_deck:
        s.available.append(s.upgrade_deck.pop())


def monster_hp(s, m) -> int:
    """Printed HP is for 3 players: +1 at 4 players, +2 at 5; Gehrman adds 2 to every other."""
    hp = m.hp + (s.players - 3)
    if not m.final and s.mdef[-1].ability == "gehrman":
        hp += gehrman()
    return hp


def reveal_next_dungeon_card(s) -> None:
    """Put the next dungeon card (after the 10th, the final boss) in play with its echoes."""
    if s.dungeon:
        s.current = s.dungeon.pop()
        s.revealed += 1
    else:
        s.current = s.mbase + DUNGEON_SIZE
    m = monster(s)
    s.hp = s.hp_full = monster_hp(s, m)
    if s._events is not None:
        what = "The final boss" if m.final else ("A boss" if m.boss else "A monster")
        s.emit("monster_revealed", f"{what} appears: {m.name} with {s.hp} echoes. {m.text}",
               card=s.current, monster=m.id, echoes=s.hp, final=m.final)
    effect = ON_REVEAL.get(m.ability)
    if effect is not None:
        effect(s, m)


# --- step 1: choose an action card ---------------------------------------------------------

def choose_action_cards(s) -> None:
    """Start a round: every hunter secretly chooses one card; all reveal together."""
    s.round += 1
    P = s.players
    s.chosen = [-1] * P
    s.tform = [-1] * P
    s.dead = [False] * P
    s.damaged = [False] * P
    s.cancelled = [False] * P
    s.shield = [0] * P
    s.extra = [0] * P
    s.numb = 0
    s.phase = CHOOSE
    for p in turn_order(s):
        hand = s.hand[p]
        if not hand:  # our decision: with nothing in hand, take back the used cards
            hand.extend(s.used[p])
            s.used[p] = []
            s.emit("message", f"{name(s, p)} has no cards and takes back the used ones.", p)
        if len(hand) == 1:  # D4: a single card (Hunter's Dream alone) must be chosen
            choose(s, p, hand[0])
    if not to_choose(s):
        reveal_choices(s)


def to_choose(s) -> tuple[int, ...]:
    return tuple(p for p in range(s.players) if s.chosen[p] < 0 and not s.out[p])


def choose(s, p: int, card: int) -> None:
    s.hand[p].remove(card)
    s.chosen[p] = card
    if s._events is not None:  # hidden: no card in the event
        s.emit("choose", f"{name(s, p)} has chosen a card.", p)


def on_choose(s, p: int, card: int) -> None:
    choose(s, p, card)
    if not to_choose(s):
        reveal_choices(s)


def reveal_choices(s) -> None:
    if s._events is not None:
        for p in turn_order(s):
            c = s.cards[s.chosen[p]]
            s.emit("reveal", f"{name(s, p)} reveals {c.name}.", p, card=s.chosen[p])
    transform(s)


# --- step 2: transform ------------------------------------------------------------------------

def transform(s) -> None:
    """Hunters who revealed Transform secretly choose a weapon from hand; revealed together.
    They have seen the others' cards, but must fight: no Dream for them this round."""
    s.phase = TRANSFORM
    s.queue = []
    for p in turn_order(s):
        if s.cards[s.chosen[p]].ability != "transform":
            continue
        weapons = transform_options(s, p)
        if len(weapons) > 1:
            s.queue.append(p)
        elif weapons:
            take_transform_weapon(s, p, weapons[0])
        else:
            s.emit("message", f"{name(s, p)} has no weapon to transform into.", p)
    if not s.queue:
        reveal_transforms(s)


def transform_options(s, p: int) -> list[int]:
    cards = s.cards
    return [c for c in s.hand[p] if cards[c].weapon]


def take_transform_weapon(s, p: int, card: int) -> None:
    s.hand[p].remove(card)
    s.tform[p] = card
    if s._events is not None:
        s.emit("transform_chosen", f"{name(s, p)} has chosen a weapon.", p)


def on_transform(s, p: int, card: int) -> None:
    take_transform_weapon(s, p, card)
    s.queue.remove(p)
    if not s.queue:
        reveal_transforms(s)


def reveal_transforms(s) -> None:
    if s._events is not None:
        for p in turn_order(s):
            if s.tform[p] >= 0:
                s.emit("transform", f"{name(s, p)} transforms: {s.cards[s.tform[p]].name}.", p,
                       card=s.tform[p])
    immediate_effects(s)


# --- step 3: immediate effects -------------------------------------------------------------------

def immediate_effects(s) -> None:
    """Immediate cards act, first player first, then to the left."""
    s.phase = IMMEDIATE
    s.queue = [p for p in turn_order(s) if played_card(s, p).immediate]
    continue_immediate_effects(s)


def immediate_options(s, p: int) -> list[tuple]:
    """(target, mode) pairs for p's Immediate card; [] when it needs no choice."""
    c = played_card(s, p)
    if not c.protection or c.protection == "shield" or s.current < 0:
        return []
    opts = [("self", "shield")] if c.protection == "choose" else []
    for q in turn_order(s):
        if q != p and not s.cancelled[q]:
            w = played_card(s, q)
            if w.melee and not (w.immediate and q not in s.queue):  # not yet struck
                opts.append((q, "cancel"))
    return opts


def continue_immediate_effects(s) -> None:
    while s.queue:
        p = s.queue[0]
        opts = immediate_options(s, p)
        if len(opts) > 1:
            s.waiting = p
            return
        target, mode = opts[0] if opts else ("self", "shield")
        resolve_immediate(s, p, target, mode)
        if s.phase == OVER:
            return
    s.waiting = -1
    if s.current >= 0:
        monster_attack(s)
        hunter_attack(s)
        if s.phase == OVER:
            return
        escape(s)
        if s.phase == OVER:
            return
    # if the monster died in step 3, steps 4-6 are skipped
    hunters_dream(s)


def on_immediate(s, p: int, target, mode: str) -> None:
    resolve_immediate(s, p, target, mode)
    if s.phase != OVER:
        continue_immediate_effects(s)


def resolve_immediate(s, p: int, target, mode: str) -> None:
    s.queue.remove(p)
    c = played_card(s, p)
    if s._events is not None:
        s.emit("immediate", f"{name(s, p)}'s {c.name} acts.", p, card=played_id(s, p),
               target=target, option=mode)
    if c.damage and s.current >= 0:
        if c.melee and s.cancelled[p]:
            s.emit("message", f"{name(s, p)}'s melee attack is cancelled.", p)
        else:
            attack(s, p, c)
    if c.protection:
        if mode == "cancel":
            s.cancelled[target] = True
            s.emit("cancel", f"{name(s, target)}'s melee attack is cancelled.", target,
                   by=p)
        elif c.protection != "cancel":
            s.shield[p] += c.shield
    effect = IMMEDIATE_EFFECT.get(c.ability)
    if effect is not None:
        effect(s, p, c)


# --- step 4: monster attack --------------------------------------------------------------------

def roll_die(s, colour: str) -> tuple[list[int], int]:
    """Roll, and roll again and add as long as a `+` face comes up. Returns (faces, total)."""
    die = s.cs.dice[colour]
    rolls, total = [], 0
    while True:
        i = s.rng.below(6)
        rolls.append(i)
        total += die.values[i]
        if not die.explodes[i]:
            return rolls, total


def monster_attack(s) -> None:
    """The first player rolls the lantern-colour die; every hunter takes the total.
    Dream hunters take half, rounded down. Health 0 or less: death."""
    m = monster(s)
    rolls, total = roll_die(s, m.lantern)
    if s._events is not None:
        die = s.cs.dice[m.lantern]
        s.emit("dice", f"{m.name} attacks: the {m.lantern} die rolls "
               f"{' + '.join(die.faces[i] for i in rolls)} = {total}.", s.first,
               die=m.lantern, faces=list(die.faces), rolls=rolls, total=total)
    base = total + ATTACK_BONUS.get(m.ability, _no_bonus)(m)
    if s.mdef[-1].ability == "orphan_of_kos":
        base += orphan_of_kos()
    prevention = m.ability != "unstoppable"  # else card effects cannot prevent or reduce it
    if prevention:
        base = max(0, base - s.numb)
    halves = m.ability != "dream_breaker"
    for p in turn_order(s):
        d = base + s.extra[p]
        if halves and in_dream(s, p):
            d //= 2
        if prevention:
            d -= s.shield[p]
            c = played_card(s, p)
            if c.protection == "shield" and not c.immediate:  # Immediate ones acted in step 3
                d -= c.shield
        if d <= 0:
            continue
        s.health[p] -= d
        if s._events is not None:
            s.emit("damage", f"{name(s, p)} takes {d} damage.", p, amount=d,
                   health=s.health[p])
        if m.ability == "echo_drain":
            echo_drain(s, p, m)
        if s.health[p] <= 0:
            hunter_dies(s, p)


def hunter_dies(s, p: int) -> None:
    """A dead hunter loses all collected echoes and takes no part until step 7."""
    s.dead[p] = True
    lost, s.collected[p] = s.collected[p], 0
    s.deaths[p] += 1
    s.emit("death", f"{name(s, p)} dies and loses {lost} collected echoes.", p, lost=lost)
    if s.mdef[-1].ability == "rom":
        rom(s, p)


# --- step 5: hunter attack ------------------------------------------------------------------

def hunter_attack(s) -> None:
    """From the first player to the left, each living hunter with a weapon deals its damage."""
    for p in turn_order(s):
        if s.current < 0:
            return  # the monster is dead
        if s.dead[p]:
            continue
        c = played_card(s, p)
        if not c.weapon or c.immediate:
            continue
        if c.melee and s.cancelled[p]:
            s.emit("message", f"{name(s, p)}'s melee attack is cancelled.", p)
            continue
        attack(s, p, c)
        after = AFTER_ATTACK.get(c.ability)
        if after is not None:
            after(s, p, c)


def attack(s, p: int, c) -> None:
    """Deal c's damage to the monster: with bonuses, then the monster's defences."""
    m = monster(s)
    d = c.damage
    if s.tform[p] >= 0:  # Transform: the chosen weapon deals +amount
        d += s.cards[s.chosen[p]].amount
    bonus = DAMAGE_BONUS.get(c.ability)
    if bonus is not None:
        d += bonus(s, p, c, m)
    defence = DEFENCE.get(m.ability)
    if defence is not None:
        d = defence(c, d, m)
    take_echoes(s, p, d)


def take_echoes(s, p: int, d: int) -> None:
    """Damage dealt moves echoes from the monster to the hunter, never more than remain."""
    taken = min(d, s.hp)
    if taken <= 0:
        return
    s.hp -= taken
    s.collected[p] += taken
    s.damaged[p] = True
    if s._events is not None:
        s.emit("echoes_taken", f"{name(s, p)} deals {taken} and takes {taken} echoes.", p,
               amount=taken, left=s.hp)
    if s.hp == 0:
        monster_killed(s, p)


def monster_killed(s, killer: int) -> None:
    """Every hunter who damaged it this round (D5, step 3 included) gains its trophies."""
    m = monster(s)
    s.emit("killed", f"{m.name} is slain.", killer, card=s.current, monster=m.id)
    for p in turn_order(s):
        if s.damaged[p] and not s.dead[p]:
            for k in m.kinds:
                s.trophies[3 * p + k] += 1
                s.emit("trophy", f"{name(s, p)} gains a {KIND_NAMES[k]} trophy.", p,
                       trophy=KIND_NAMES[k].lower())
    if s.mdef[-1].ability == "ebrietas":
        ebrietas(s, killer)
    s.defeated.append(s.current)
    s.current = -1
    if m.final:
        game_over(s, "final_boss")


# --- step 6: escape --------------------------------------------------------------------------

def escape(s) -> None:
    """A normal monster still alive escapes (its on-escape ability acts); bosses stay."""
    m = monster(s)
    if m is None or m.boss:
        return
    s.escaped.append(s.current)
    s.current = -1
    s.emit("escape", f"{m.name} escapes into the dark.", None, monster=m.id)
    effect = ON_ESCAPE.get(m.ability)
    if effect is not None:
        effect(s, m)


# --- step 7: the Hunter's Dream -----------------------------------------------------------------

def hunters_dream(s) -> None:
    """In turn order: Dream hunters bank, take back used cards, take an upgrade, heal;
    dead hunters heal and may take an upgrade. Then refill the Available Upgrades."""
    s.phase = DREAM
    s.queue = [p for p in turn_order(s) if s.dead[p] or in_dream(s, p)]
    s.dream_stage = 0
    continue_hunters_dream(s)


def continue_hunters_dream(s) -> None:
    while s.queue:
        p = s.queue[0]
        if s.dream_stage == 0:
            wake_in_dream(s, p)
            s.dream_stage = 1
        if s.dream_stage == 1:  # take one Available Upgrade
            if not s.available:
                s.dream_stage = 2
            elif len(s.available) == 1 and not s.dead[p]:
                take_upgrade(s, p, s.available[0])
            else:
                s.waiting = p
                return
        if s.dream_stage == 2 and len(s.hand[p]) > HAND_LIMIT:
            s.waiting = p
            return
        s.queue.pop(0)
        s.dream_stage = 0
    s.waiting = -1
    refill_available_upgrades(s)
    end_of_round(s)


def wake_in_dream(s, p: int) -> None:
    if s.dead[p]:
        s.emit("dream", f"{name(s, p)} wakes in the Hunter's Dream, healed.", p, died=True)
    else:
        banked, s.collected[p] = s.collected[p], 0
        s.banked[p] += banked
        s.emit("bank", f"{name(s, p)} banks {banked} echoes.", p, amount=banked)
        back = s.used[p] + [s.chosen[p]]
        s.hand[p].extend(back)
        s.used[p] = []
        s.chosen[p] = -1
        s.emit("dream", f"{name(s, p)} rests in the Hunter's Dream and takes back "
               f"{len(back)} cards.", p, died=False, cards=back)
    s.health[p] = MAX_HEALTH


def take_upgrade(s, p: int, card: int) -> None:
    s.available.remove(card)
    s.hand[p].append(card)
    s.dream_stage = 2
    s.emit("upgrade_taken", f"{name(s, p)} takes {s.cards[card].name}.", p, card=card)


def on_upgrade(s, p: int, card: int) -> None:
    take_upgrade(s, p, card)
    continue_hunters_dream(s)


def on_skip_upgrade(s, p: int) -> None:
    s.dream_stage = 2
    s.emit("message", f"{name(s, p)} takes no upgrade.", p)
    continue_hunters_dream(s)


def on_remove(s, p: int, card: int) -> None:
    """Hand limit 7: with 8, one card leaves the game."""
    s.hand[p].remove(card)
    s.removed.append(card)
    s.emit("removed", f"{name(s, p)} removes {s.cards[card].name} from the game.", p,
           card=card)
    continue_hunters_dream(s)


# --- step 8: end of round -----------------------------------------------------------------------

def end_of_round(s) -> None:
    """Played cards go face up to the used piles; the first player passes left; the next
    dungeon card comes if the monster is dead or escaped."""
    for p in range(s.players):
        if s.chosen[p] >= 0:
            s.used[p].append(s.chosen[p])
        if s.tform[p] >= 0:
            s.used[p].append(s.tform[p])
    s.chosen = [-1] * s.players
    s.tform = [-1] * s.players
    m = monster(s)
    if m is not None and m.ability == "regenerate":
        regenerate(s, m)
    P = s.players
    for i in range(1, P + 1):
        if not s.out[(s.first + i) % P]:
            s.first = (s.first + i) % P
            break
    if s.round >= ROUND_LIMIT:
        game_over(s, "round_limit")
        return
    if s.current < 0:
        reveal_next_dungeon_card(s)
    choose_action_cards(s)


# --- end of the game ---------------------------------------------------------------------------

def score(s, p: int) -> int:
    """Banked echoes plus the trophy tracks' values."""
    return s.banked[p] + trophy_points(s, p)


def trophy_points(s, p: int) -> int:
    return sum(s.cs.trophy_points(s.trophies[3 * p + k]) for k in range(3))


def game_over(s, reason: str) -> None:
    """Everyone banks; the highest total wins; ties: more banked echoes; still tied: shared."""
    s.phase = OVER
    s.queue = []
    s.waiting = -1
    s.over_reason = reason
    for p in range(s.players):
        s.banked[p] += s.collected[p]
        s.collected[p] = 0
    alive = [p for p in range(s.players) if not s.out[p]]
    s.tie_break = False
    if not alive:
        s.winners = []
    else:
        best = max(score(s, p) for p in alive)
        top = [p for p in alive if score(s, p) == best]
        if len(top) > 1:
            s.tie_break = True
            most = max(s.banked[p] for p in top)
            top = [p for p in top if s.banked[p] == most]
        s.winners = top
    if s._events is not None:
        text = {"final_boss": "The final boss falls.",
                "round_limit": "The dungeon closes: the hunt is over.",
                "all_out": "No hunter is left in the game."}[reason]
        who = ", ".join(name(s, p) for p in s.winners) or "no one"
        s.emit("game_over", f"{text} Winner: {who}.", None, winners=list(s.winners),
               scores=[score(s, p) for p in range(s.players)])


# --- abilities: hunter cards ---------------------------------------------------------------

def bane(s, p, c, m) -> int:
    """+amount against monsters with the card's trophy kind (Saw Cleaver vs Beasts)."""
    return c.amount if c.vs in m.trophies else 0


def boss_slayer(s, p, c, m) -> int:
    return c.amount if m.boss else 0


def blood_price(s, p, c, m) -> int:
    """Pay 1 health (never your last) to deal +amount."""
    if s.health[p] <= 1:
        return 0
    s.health[p] -= 1
    s.emit("damage", f"{name(s, p)} pays 1 health in blood.", p, amount=1, health=s.health[p])
    return c.amount


def executioner(s, p, c, m) -> int:
    return c.amount if s.hp < s.hp_full else 0


def frenzy(s, p, c, m) -> int:
    return c.amount if s.health[p] <= 4 else 0


DAMAGE_BONUS = {"bane": bane, "boss_slayer": boss_slayer, "blood_price": blood_price,
                "executioner": executioner, "frenzy": frenzy}


def recoil(s, p, c) -> None:
    """After firing, lose amount health, never below 1."""
    loss = min(c.amount, s.health[p] - 1)
    if loss > 0:
        s.health[p] -= loss
        s.emit("damage", f"{name(s, p)} is hurt by the recoil.", p, amount=loss,
               health=s.health[p])


AFTER_ATTACK = {"recoil": recoil}


def heal(s, p, c) -> None:
    s.health[p] = min(MAX_HEALTH, s.health[p] + c.amount)
    s.emit("heal", f"{name(s, p)} heals to {s.health[p]}.", p, health=s.health[p])


def bank(s, p, c) -> None:
    """Madman's Knowledge: bank the collected echoes without going to the Dream."""
    banked, s.collected[p] = s.collected[p], 0
    s.banked[p] += banked
    s.emit("bank", f"{name(s, p)} banks {banked} echoes.", p, amount=banked)


def numb(s, p, c) -> None:
    s.numb += c.amount


def lure(s, p, c) -> None:
    """The monster ignores you (a prevention); every other hunter takes +amount."""
    s.shield[p] += 99
    for q in range(s.players):
        if q != p:
            s.extra[q] += c.amount


def recall(s, p, c) -> None:
    """Take back up to amount used cards, the most recently used first."""
    back = s.used[p][-c.amount:]
    if back:
        del s.used[p][-len(back):]
        s.hand[p].extend(back)
        s.emit("recall", f"{name(s, p)} takes back {len(back)} used cards.", p, cards=back)


def roar(s, p, c) -> None:
    """Cancel every other hunter's melee attack this round."""
    for q in turn_order(s):
        if q != p and played_card(s, q).melee:
            s.cancelled[q] = True
            s.emit("cancel", f"{name(s, q)}'s melee attack is cancelled.", q, by=p)


IMMEDIATE_EFFECT = {"heal": heal, "bank": bank, "numb": numb, "lure": lure, "recall": recall,
                    "roar": roar}


# --- abilities: monsters and bosses --------------------------------------------------------

def _no_bonus(m) -> int:
    return 0


def fury(m) -> int:
    """While fought: its attack deals +amount."""
    return m.amount


ATTACK_BONUS = {"fury": fury}


def ranged_resist(c, d: int, m) -> int:
    """While fought: ranged weapons deal only 1 damage."""
    return min(d, 1) if c.ranged else d


def thick_hide(c, d: int, m) -> int:
    """While fought: each melee attack deals amount less."""
    return max(0, d - m.amount) if c.melee else d


def armored(c, d: int, m) -> int:
    """While fought: no single attack deals more than amount."""
    return min(d, m.amount)


DEFENCE = {"ranged_resist": ranged_resist, "thick_hide": thick_hide, "armored": armored}


def echo_drain(s, p: int, m) -> None:
    """While fought: each hunter it wounds loses amount collected echoes."""
    lost = min(m.amount, s.collected[p])
    if lost:
        s.collected[p] -= lost
        s.emit("echoes_lost", f"{name(s, p)} loses {lost} collected echoes.", p, amount=lost)


def regenerate(s, m) -> None:
    """At the end of a round it survives, it heals amount (never above its starting echoes)."""
    healed = min(m.amount, s.hp_full - s.hp)
    if healed:
        s.hp += healed
        s.emit("monster_heal", f"{m.name} regenerates {healed}.", None, amount=healed)


def ambush(s, m) -> None:
    """On reveal: every hunter loses amount health, never below 1."""
    for p in turn_order(s):
        loss = min(m.amount, s.health[p] - 1)
        if loss > 0:
            s.health[p] -= loss
            s.emit("damage", f"{name(s, p)} is ambushed.", p, amount=loss, health=s.health[p])


def scream(s, m) -> None:
    """On reveal: the Available Upgrades go under the deck and new ones are dealt."""
    s.upgrade_deck[:0] = s.available
    s.available = []
    refill_available_upgrades(s)
    s.emit("message", f"{m.name} screams: new upgrades are on offer.", None)


ON_REVEAL = {"ambush": ambush, "scream": scream}


def maul(s, m) -> None:
    """On escape: every hunter takes amount damage (this can kill)."""
    for p in turn_order(s):
        if s.dead[p]:
            continue
        s.health[p] -= m.amount
        s.emit("damage", f"{m.name} mauls {name(s, p)}.", p, amount=m.amount,
               health=s.health[p])
        if s.health[p] <= 0:
            hunter_dies(s, p)


def plunder(s, m) -> None:
    """On escape: every hunter loses amount collected echoes."""
    for p in turn_order(s):
        lost = min(m.amount, s.collected[p])
        if lost:
            s.collected[p] -= lost
            s.emit("echoes_lost", f"{name(s, p)} loses {lost} collected echoes.", p,
                   amount=lost)


ON_ESCAPE = {"maul": maul, "plunder": plunder}


# --- abilities: final bosses (whole game) ---------------------------------------------------

def gehrman() -> int:
    """Gehrman, the First Hunter: every other monster has +2 HP."""
    return 2


def rom(s, p: int) -> None:
    """Rom, the Vacuous Spider: a hunter who dies a second time is out of the game."""
    if s.deaths[p] >= 2:
        s.out[p] = True
        s.emit("out", f"{name(s, p)} has died twice and is out of the game.", p)
        if all(s.out):
            game_over(s, "all_out")


def ebrietas(s, killer: int) -> None:
    """Ebrietas: the hunter who kills a monster takes 2 extra echoes from the supply."""
    if not s.dead[killer]:
        s.collected[killer] += 2
        s.emit("echoes_taken", f"{name(s, killer)} takes 2 extra echoes (Ebrietas).", killer,
               amount=2, left=s.hp)


def orphan_of_kos() -> int:
    """Orphan of Kos: every monster attack deals +1 damage."""
    return 1


# moon_presence acts in available_size(): the Available Upgrades row holds one more card.
