"""Bloodborne: The Card Game — the rules as the rulebook reads (spec: docs/rules/bloodborne.md).

Setup, then a round of eight steps in order:
  1. choose_action_cards   2. transform        3. immediate_effects   4. monster_attack
  5. hunter_attack          6. escape           7. hunters_dream       8. end_of_round
and the end of the game (game_over, score).

The core flow (game/core/flow.py) runs them: each is a `@rules.step` that names the next
(`go`) or asks a question (a frame on `s.decisions`, game/core/decisions.py); each action kind
is declared once with `@rules.kind` (its candidates, its check, what it does), and answering a
question closes its frame, the flow carrying on at the frame's `then` step:
  step 1  "choose"         every hunter, in secret (ask_secretly); revealed together
  step 2  "transform"      the transforming hunters pick a weapon, in secret
  step 3  "protect"        an Immediate card with a choice: prevent damage, or cancel a melee
          "cancel_target"  then whose melee attack (a follow-up, when there are several)
  step 7  "upgrade"        a hunter in the Dream takes an Available Upgrade (the dead may skip)
          "remove"         then picks the cards to remove down to the hand limit
Steps 3 and 7 go on after the hunter asked (`s.turn`) with the hunters after them in this
round's order (more_immediate_effects, hand_limit, more_dreamers).

Nothing that is not a real choice asks anyone:
  - a hunter with a single card in hand plays it (D4: Hunter's Dream alone must be chosen);
  - a hunter with an empty hand first takes back all used cards (our decision);
  - a transforming hunter with exactly one weapon in hand uses it (none: Transform does nothing);
  - an Immediate card with nothing to cancel protects its owner; with one melee attack to
    cancel, "cancel" names it;
  - a living hunter in the Dream facing a single Available Upgrade takes it.
Card abilities are handlers in effects.py, called at the hook points of hooks.py.
"""

from __future__ import annotations

from game.bloodborne import hooks
from game.core import decisions
from game.core.contract import Action
from game.core.flow import Rules, close, go

MAX_HEALTH = 8
HAND_LIMIT = 7
DUNGEON_MONSTERS = 7
DUNGEON_BOSSES = 3
DUNGEON_SIZE = DUNGEON_MONSTERS + DUNGEON_BOSSES
STARTERS = 5
#: safety bound (D9): after this many rounds the dungeon closes and the game is scored
ROUND_LIMIT = 100
KIND_NAMES = ("Kin", "Humanoid", "Beast")

rules = Rules()

#: the rulebook step a decision kind belongs to (views and the banner name the step)
STEP_OF = {"choose": "choose_action_cards", "transform": "transform",
           "protect": "immediate_effects", "cancel_target": "immediate_effects",
           "upgrade": "hunters_dream", "remove": "hunters_dream"}


# --- who, what, where ------------------------------------------------------------------------

_ROTATIONS = {P: [tuple((f + i) % P for i in range(P)) for f in range(P)] for P in range(1, 9)}

#: the effect registry's tables (hook -> {ability keyword: handler}), read directly: where the
#: rules run hot (every round of a search) a look-up and a call, with no wrapper in between
HOOK = hooks.HANDLERS


def turn_order(s) -> tuple[int, ...]:
    """Hunters still in the game, from the first player to the left."""
    order = _ROTATIONS[s.players][s.first_player]
    out = s.out
    return tuple(p for p in order if not out[p]) if True in out else order


def hunters_after(s, p: int) -> list[int]:
    """The hunters after p in this round's order (a step resumed after p goes on with them)."""
    order = _ROTATIONS[s.players][s.first_player]
    out = s.out
    return [q for q in order[order.index(p) + 1:] if not out[q]]


def monster(s):
    """The card being fought (None between a kill or an escape and the next reveal)."""
    return s.monster_by_id[s.slot_monsters[s.current - s.monster_base]] if s.current >= 0 \
        else None


def played_id(s, p: int) -> int:
    """The card hunter p fights with this round: the transformed weapon, else the chosen card
    (-1 before the reveal)."""
    return s.transform_weapon[p] if s.transform_weapon[p] >= 0 else s.chosen[p]


def played_card(s, p: int):
    c = s.transform_weapon[p]
    if c < 0:
        c = s.chosen[p]
    return s.cards[c] if c >= 0 else None


def in_dream(s, p: int) -> bool:
    """p chose a card that takes them to the Hunter's Dream this round."""
    c = s.chosen[p]
    return c >= 0 and rests_in_dream(s.cards[c])


def rests_in_dream(card) -> bool:
    return hooks.value("rests_in_dream", card.ability, False, card)


def transforms(card) -> bool:
    return hooks.value("transforms", card.ability, False, card)


def name(s, p: int) -> str:
    return s.seat_name(p)


def step_name(s) -> str:
    """The rulebook step the game waits in ("" between steps, "game_over" at the end)."""
    if s.is_over():
        return "game_over"
    top = decisions.top(s)
    return STEP_OF.get(top.kind, "") if top is not None else ""


_ACTIONS: dict = {}


def action(s, kind: str, source=None, target=None, option=None) -> Action:
    """Legal actions are cached: their labels depend only on the card set and player count."""
    key = (s.players, kind, source, target, option)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(kind, source, target, option, label=_label(s, key))
    return a


_CARD_ACTIONS: dict = {}


def card_actions(s, kind: str, target: str) -> list[Action]:
    """`kind`'s action for every hunter card, indexed by card id (built once per player count:
    asking for the legal actions is the hot path of a search)."""
    key = (s.players, kind)
    table = _CARD_ACTIONS.get(key)
    if table is None:
        table = _CARD_ACTIONS[key] = [action(s, kind, c, target) for c in range(len(s.cards))]
    return table


_TABLES: dict = {}


def card_action_tables(s) -> dict[str, list[Action]]:
    """The card actions of every decision kind that offers cards (see `card_actions`), for
    s's player count: the state keeps a reference, so its candidates need no look-up."""
    tables = _TABLES.get(s.players)
    if tables is None:
        tables = _TABLES[s.players] = {
            "choose": card_actions(s, "choose", "chosen"),
            "transform": card_actions(s, "transform", "chosen"),
            "upgrade": card_actions(s, "upgrade", "hand"),
            "remove": card_actions(s, "remove", "removed")}
    return tables


def _label(s, key) -> str:
    _, kind, source, target, option = key
    card = s.card_set.instance_name(s.players, source) if isinstance(source, int) else ""
    if kind == "choose":
        return f"Choose {card}"
    if kind == "transform":
        return f"Transform into {card}"
    if kind == "shield":
        return f"{card}: prevent {s.cards[source].shield} damage to yourself"
    if kind == "cancel":
        who = "another hunter's" if target is None else f"{s.seat_name(target)}'s"
        return f"{card}: cancel {who} melee attack"
    if kind == "cancel_target":
        return f"Cancel {s.seat_name(target)}'s melee attack"
    if kind == "upgrade":
        return f"Take {card}"
    if kind == "skip_upgrade":
        return "Take no upgrade"
    if kind == "remove":
        return f"Remove {card} from the game"
    return kind


# --- setup ---------------------------------------------------------------------------------

def setup(s, final_boss: str) -> None:
    """Setup steps 1-7 of the rulebook, with the state's own Rng."""
    cs, rng, P = s.card_set, s.rng, s.players
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
    s.slot_monsters = [m.id for m in dungeon] + [final.id]
    s.dungeon = [s.monster_base + k for k in range(DUNGEON_SIZE - 1, -1, -1)]  # top is the end
    # 3. the upgrade deck, and as many Available Upgrades as players
    s.upgrade_deck = list(range(STARTERS * P, len(s.cards)))
    rng.shuffle(s.upgrade_deck)
    s.available = []
    refill_available_upgrades(s)
    # 4. each hunter: the five starter cards and full health
    s.hand = [list(range(p * STARTERS, (p + 1) * STARTERS)) for p in range(P)]
    s.health = [MAX_HEALTH] * P
    # 6. a random first player
    s.first_player = s.start_player = rng.below(P)
    if s.recording:
        s.emit("final_boss", f"The final boss is {final.name}: {final.text}",
               card=s.monster_base + DUNGEON_SIZE, monster=final.id)
    # 7. reveal the first dungeon card
    reveal_next_dungeon_card(s)
    go(s, "choose_action_cards")


def available_size(s) -> int:
    """As many Available Upgrades as players (a final boss may change it)."""
    return hooks.value("available_size", s.final_boss.ability, s.players, s)


def refill_available_upgrades(s) -> None:
    size, available, deck = available_size(s), s.available, s.upgrade_deck
    while len(available) < size and deck:
        available.append(deck.pop())


def monster_hp(s, m) -> int:
    """Printed HP is for 3 players: +1 at 4 players, +2 at 5 (a final boss may add more)."""
    return hooks.value("monster_hp", s.final_boss.ability, m.hp + (s.players - 3), s, m)


def reveal_next_dungeon_card(s) -> None:
    """Put the next dungeon card (after the 10th, the final boss) in play with its echoes."""
    if s.dungeon:
        s.current = s.dungeon.pop()
        s.revealed += 1
    else:
        s.current = s.monster_base + DUNGEON_SIZE
    m = monster(s)
    s.echoes = s.echoes_full = monster_hp(s, m)
    if s.recording:
        what = "The final boss" if m.final else ("A boss" if m.boss else "A monster")
        s.emit("monster_revealed", f"{what} appears: {m.name} with {s.echoes} echoes. {m.text}",
               card=s.current, monster=m.id, echoes=s.echoes, final=m.final,
               counters=((None, "monster", m.id), (None, "monster_echoes", s.echoes),
                         (None, "monster_echoes_full", s.echoes_full)))
    on_reveal = HOOK["on_reveal"].get(m.ability)
    if on_reveal is not None:
        on_reveal(s, m)


# --- step 1: choose an action card ---------------------------------------------------------

@rules.step
def choose_action_cards(s) -> None:
    """Start a round: every hunter secretly chooses one card; all reveal together."""
    s.round += 1
    P = s.players
    s.chosen = [-1] * P
    s.transform_weapon = [-1] * P
    s.dead = [False] * P
    s.damaged = [False] * P
    s.cancelled = [False] * P
    s.prevention = [0] * P
    s.extra_damage = [0] * P
    s.attack_reduction = 0
    hunters = turn_order(s)
    for p in hunters:
        if not s.hand[p]:  # our decision: with nothing in hand, take back the used cards
            s.hand[p].extend(s.used[p])
            s.used[p] = []
            if s.recording:
                s.emit("message", f"{name(s, p)} has no cards and takes back the used ones.", p)
    decisions.ask_secretly(s, "choose", hunters, prompt="{seat}: choose your action card",
                           then="reveal_action_cards")
    for p in hunters:
        if len(s.hand[p]) == 1:  # D4: a single card (Hunter's Dream alone) must be chosen
            choose_card(s, p, s.hand[p][0])


def choose_card(s, p: int, card: int) -> None:
    """p lays a card face down (the frame keeps it secret); once everyone has, they are
    turned up together."""
    s.hand[p].remove(card)
    if s.recording:
        s.emit("choose", f"{name(s, p)} has chosen a card.", p,
               private=lambda: f"You choose {s.cards[card].name}.", seen_by=(p,),
               secret={"card": card})
    if decisions.answer(s, p, card):
        for q, c in close(s).answers:
            s.chosen[q] = c


def choose_candidates(s, p: int) -> list[Action]:
    table = s._tables["choose"]
    return [table[c] for c in s.hand[p]]


def check_choose(s, p: int, a: Action) -> str | None:
    """Step 1: one card from your own hand."""
    if not s.decisions or s.decisions[-1].kind != "choose":
        return "Action cards are chosen at the start of the round, not now."
    if a.target != "chosen" or a.option is not None or a.source not in s.hand[p]:
        return "That card is not in your hand."
    return None


@rules.kind("choose", answers=("choose",), candidates=choose_candidates, check=check_choose,
            legal_as_built=True)
def on_choose(s, p: int, a: Action) -> None:
    choose_card(s, p, a.source)


@rules.step
def reveal_action_cards(s) -> None:
    if s.recording:
        for p in turn_order(s):
            s.emit("reveal", f"{name(s, p)} reveals {s.cards[s.chosen[p]].name}.", p,
                   card=s.chosen[p])
    go(s, "transform")


# --- step 2: transform -----------------------------------------------------------------------

@rules.step
def transform(s) -> None:
    """Hunters who revealed Transform secretly choose a weapon from hand; revealed together.
    They have seen the others' cards, but must fight: no Dream for them this round."""
    transformers = [p for p in turn_order(s) if transforms(s.cards[s.chosen[p]])]
    asked = [p for p in transformers if transform_options(s, p)]
    if s.recording:
        for p in transformers:
            if p not in asked:
                s.emit("message", f"{name(s, p)} has no weapon to transform into.", p)
    if not asked:
        go(s, "immediate_effects")
        return
    decisions.ask_secretly(s, "transform", asked,
                           prompt="{seat}: choose the weapon to transform into",
                           then="reveal_transforms")
    for p in asked:
        weapons = transform_options(s, p)
        if len(weapons) == 1:  # a single weapon: no choice
            take_transform_weapon(s, p, weapons[0])


def transform_options(s, p: int) -> list[int]:
    """The melee and ranged weapons in p's hand, in id order."""
    cards = s.cards
    return sorted(c for c in s.hand[p] if cards[c].weapon)


def take_transform_weapon(s, p: int, card: int) -> None:
    """p lays the weapon face down; once every transforming hunter has, they are turned up."""
    s.hand[p].remove(card)
    if s.recording:
        s.emit("transform_chosen", f"{name(s, p)} has chosen a weapon.", p,
               private=lambda: f"You transform into {s.cards[card].name}.", seen_by=(p,),
               secret={"card": card})
    if decisions.answer(s, p, card):
        for q, c in close(s).answers:
            s.transform_weapon[q] = c


def transform_candidates(s, p: int) -> list[Action]:
    table = s._tables["transform"]
    return [table[c] for c in transform_options(s, p)]


def check_transform(s, p: int, a: Action) -> str | None:
    """Step 2: a melee or ranged weapon from your hand (no Dream after Transform)."""
    if not s.decisions or s.decisions[-1].kind != "transform":
        return "You can only pick a weapon right after revealing Transform."
    card = s.cards[a.source] if isinstance(a.source, int) and 0 <= a.source < len(s.cards) \
        else None
    if card is not None and rests_in_dream(card):
        return "You cannot go to the Dream after Transform."
    if card is not None and not card.weapon:
        return "Transform needs a melee or ranged weapon."
    if a.source not in s.hand[p] or a.target != "chosen":
        return "That weapon is not in your hand."
    return None


@rules.kind("transform", answers=("transform",), candidates=transform_candidates,
            check=check_transform,
            legal_as_built=True)
def on_transform(s, p: int, a: Action) -> None:
    take_transform_weapon(s, p, a.source)


@rules.step
def reveal_transforms(s) -> None:
    if s.recording:
        for p in turn_order(s):
            if s.transform_weapon[p] >= 0:
                s.emit("transform", f"{name(s, p)} transforms: "
                       f"{s.cards[s.transform_weapon[p]].name}.", p, card=s.transform_weapon[p])
    go(s, "immediate_effects")


# --- step 3: immediate effects ---------------------------------------------------------------

@rules.step
def immediate_effects(s) -> None:
    """Immediate cards act, first player first, then to the left."""
    immediate_effects_of(s, turn_order(s))


@rules.step
def more_immediate_effects(s) -> None:
    """Step 3 goes on with the hunters after the one whose card asked."""
    immediate_effects_of(s, hunters_after(s, s.turn))


def immediate_effects_of(s, hunters) -> None:
    """The Immediate cards of `hunters`, in order; a card with a choice stops to ask. Then
    steps 4-6, unless the monster is already dead (they are skipped), and step 7."""
    for p in hunters:
        c = played_card(s, p)
        if not c.immediate:
            continue
        targets = cancel_targets(s, p) if c.protection else ()
        if ask_immediate_choice(s, p, c, targets):
            return
        resolve_immediate(s, p, targets[0] if c.protection == "cancel" and targets else None)
        if s.is_over():
            return
    go(s, "monster_attack" if s.current >= 0 else "hunters_dream")


def cancel_targets(s, p: int) -> list[int]:
    """The other hunters whose melee attack p's card could still cancel (not those whose
    Immediate melee card already struck)."""
    if s.current < 0 or not played_card(s, p).protection:
        return []
    order = turn_order(s)
    mine = order.index(p)
    out = []
    for i, q in enumerate(order):
        if q != p and not s.cancelled[q]:
            w = played_card(s, q)
            if w.melee and not (w.immediate and i < mine):  # an Immediate melee before p struck
                out.append(q)
    return out


def ask_immediate_choice(s, p: int, c, targets) -> bool:
    """Push the question p's Immediate card asks, if it has a real choice (`targets`: the
    melee attacks it could cancel)."""
    card = played_id(s, p)
    if c.protection == "choose" and targets:
        s.turn = p
        decisions.ask(s, "protect", p, options=("shield", "cancel"), context=(card,),
                      prompt=f"{{seat}}: {c.name}: prevent {c.shield} damage to yourself, "
                             "or cancel a melee attack", then="more_immediate_effects")
        return True
    if c.protection == "cancel" and len(targets) > 1:
        s.turn = p
        decisions.ask(s, "cancel_target", p, options=tuple(targets), context=(card,),
                      prompt=f"{{seat}}: {c.name}: whose melee attack do you cancel?",
                      then="more_immediate_effects")
        return True
    return False


def _immediate_card(s, a: Action) -> str | None:
    frame = decisions.top(s)
    if frame is None or frame.kind not in ("protect", "cancel_target"):
        return "Immediate cards act in step 3 of the round."
    if a.source != frame.context[0]:
        return "Only the Immediate card you played can act now."
    return None


def shield_candidates(s, p: int) -> list[Action]:
    return [action(s, "shield", s.decisions[-1].context[0], "self")]


def check_shield(s, p: int, a: Action) -> str | None:
    """Step 3: a ranged card that may protect its owner prevents damage to you."""
    refused = _immediate_card(s, a)
    if refused:
        return refused
    if decisions.top(s).kind != "protect":
        return "Choose whose melee attack to cancel."
    return None if a.target == "self" else "A protection is for yourself."


@rules.kind("shield", answers=("protect",), candidates=shield_candidates, check=check_shield,
            legal_as_built=True)
def on_shield(s, p: int, a: Action) -> None:
    close(s)
    resolve_immediate(s, p, None)


def cancel_candidates(s, p: int) -> list[Action]:
    targets = cancel_targets(s, p)
    return [action(s, "cancel", s.decisions[-1].context[0],
                   targets[0] if len(targets) == 1 else None)]


def check_cancel(s, p: int, a: Action) -> str | None:
    """Step 3: cancel another hunter's melee attack (named when there is only one)."""
    refused = _immediate_card(s, a)
    if refused:
        return refused
    if decisions.top(s).kind != "protect":
        return "Choose whose melee attack to cancel."
    targets = cancel_targets(s, p)
    expected = targets[0] if len(targets) == 1 else None
    if a.target != expected:
        return _why_not_a_target(s, p, a.target)
    return None


@rules.kind("cancel", answers=("protect",), candidates=cancel_candidates, check=check_cancel,
            legal_as_built=True)
def on_cancel(s, p: int, a: Action) -> None:
    """"Cancel" names the melee attack when there is one; with several, whose is asked next."""
    if a.target is None:
        c = played_card(s, p)
        decisions.follow_up(s, "cancel_target", "cancel", options=tuple(cancel_targets(s, p)),
                            prompt=f"{{seat}}: {c.name}: whose melee attack do you cancel?",
                            cancellable=False)
        return
    on_cancel_target(s, p, a)


def cancel_target_candidates(s, p: int) -> list[Action]:
    frame = s.decisions[-1]
    return [action(s, "cancel_target", frame.context[0], q) for q in frame.options]


def check_cancel_target(s, p: int, a: Action) -> str | None:
    """Step 3: the melee attack to cancel is another hunter's, not already cancelled."""
    refused = _immediate_card(s, a)
    if refused:
        return refused
    if decisions.top(s).kind != "cancel_target":
        return "First choose: protect yourself or cancel a melee attack."
    if a.target not in cancel_targets(s, p):
        return _why_not_a_target(s, p, a.target)
    return None


def _why_not_a_target(s, p: int, t) -> str:
    if t == p:
        return "You cannot cancel your own attack."
    if isinstance(t, int) and 0 <= t < s.players:
        if s.cancelled[t]:
            return f"{s.seat_name(t)}'s melee attack is already cancelled."
        return f"{s.seat_name(t)} is not making a melee attack."
    return "Choose a hunter whose melee attack to cancel."


@rules.kind("cancel_target", answers=("cancel_target",), candidates=cancel_target_candidates,
            check=check_cancel_target,
            legal_as_built=True)
def on_cancel_target(s, p: int, a: Action) -> None:
    close(s)
    resolve_immediate(s, p, a.target)


def resolve_immediate(s, p: int, cancel: int | None) -> None:
    """p's Immediate card acts: its damage, its protection (cancel `cancel`'s melee attack, or
    prevent damage to p), then its ability."""
    c = played_card(s, p)
    if s.recording:
        s.emit("immediate", f"{name(s, p)}'s {c.name} acts.", p, card=played_id(s, p),
               target="self" if cancel is None else cancel,
               option="shield" if cancel is None else "cancel")
    if c.damage and s.current >= 0:
        if c.melee and s.cancelled[p]:
            if s.recording:
                s.emit("message", f"{name(s, p)}'s melee attack is cancelled.", p)
        else:
            strike(s, p, c)
    if cancel is not None:
        cancel_melee_attack(s, cancel, p)
    elif c.protection in ("shield", "choose"):
        s.prevention[p] += c.shield
    immediate = HOOK["immediate"].get(c.ability)
    if immediate is not None:
        immediate(s, p, c)


def cancel_melee_attack(s, q: int, by: int) -> None:
    s.cancelled[q] = True
    if s.recording:
        s.emit("cancel", f"{name(s, q)}'s melee attack is cancelled.", q, by=by)


# --- step 4: monster attack ------------------------------------------------------------------

def roll_die(s, colour: str) -> tuple[list[int], int]:
    """Roll, and roll again and add as long as a `+` face comes up. Returns (faces, total)."""
    die = s.card_set.dice[colour]
    rolls, total = [], 0
    while True:
        i = s.rng.below(6)
        rolls.append(i)
        total += die.values[i]
        if not die.explodes[i]:
            return rolls, total


@rules.step
def monster_attack(s) -> None:
    """The first player rolls the lantern-colour die; every hunter takes the total (Dream
    hunters half, rounded down). Health 0 or less: death."""
    m = monster(s)
    rolls, total = roll_die(s, m.lantern)
    s.last_roll = (m.lantern, tuple(rolls), total)
    if s.recording:
        die = s.card_set.dice[m.lantern]
        s.emit("dice", f"{m.name} attacks: the {m.lantern} die rolls "
               f"{' + '.join(die.faces[i] for i in rolls)} = {total}.", s.first_player,
               die=m.lantern, faces=list(die.faces), rolls=rolls, total=total)
    blow = attack_blow(s, total)
    on_wound = HOOK["on_wound"].get(m.ability)
    for p in turn_order(s):
        d = damage_to_hunter(s, p, blow, m=m)
        if d <= 0:
            continue
        s.health[p] -= d
        if s.recording:
            s.emit("damage", f"{name(s, p)} takes {d} damage.", p, amount=d,
                   health=s.health[p], counters=((p, "health", s.health[p]),))
        if on_wound is not None:
            on_wound(s, p, m)
        if s.health[p] <= 0:
            hunter_dies(s, p)
            if s.is_over():  # Rom: every hunter is out
                return
    go(s, "hunter_attack")


def attack_blow(s, total: int) -> tuple[int, bool, bool]:
    """What a roll of `total` means before it reaches each hunter: (damage, whether cards may
    prevent it, whether the Dream halves it). No side effects."""
    m, final = monster(s), s.final_boss
    blow = hooks.value("monster_attack", m.ability, total, s, m)
    blow = hooks.value("final_attack", final.ability, blow, s, m)
    preventable = hooks.value("preventable", m.ability, True, s, m)
    if preventable:
        blow = max(0, blow - s.attack_reduction)
    return blow, preventable, hooks.value("dream_halves", m.ability, True, s, m)


def damage_to_hunter(s, p: int, blow: tuple[int, bool, bool], card=None, m=None) -> int:
    """The damage hunter p takes from `blow` (see attack_blow) when playing `card` (default:
    the card p plays this round). No side effects: the bots ask this."""
    total, preventable, _ = blow
    card = card if card is not None else played_card(s, p)
    d = total + s.extra_damage[p]
    damage_taken = HOOK["damage_taken"].get(card.ability)
    if damage_taken is not None:
        d = damage_taken(d, s, p, m if m is not None else monster(s))
    if preventable:
        d -= s.prevention[p]
        if card.protection == "shield" and not card.immediate:  # Immediate ones acted in step 3
            d -= card.shield
    return d


def hunter_dies(s, p: int) -> None:
    """A dead hunter loses all collected echoes and takes no part until step 7."""
    s.dead[p] = True
    lost, s.collected[p] = s.collected[p], 0
    s.deaths[p] += 1
    if s.recording:
        s.emit("death", f"{name(s, p)} dies and loses {lost} collected echoes.", p, lost=lost,
               counters=((p, "collected", 0), (p, "deaths", s.deaths[p]), (p, "dead", True)))
    hooks.run("on_death", s.final_boss.ability, s, p)


# --- step 5: hunter attack -------------------------------------------------------------------

@rules.step
def hunter_attack(s) -> None:
    """From the first player to the left, each living hunter with a weapon deals its damage."""
    for p in turn_order(s):
        if s.current < 0:
            break  # the monster is dead
        if s.dead[p]:
            continue
        c = played_card(s, p)
        if not c.weapon or c.immediate:
            continue
        if c.melee and s.cancelled[p]:
            if s.recording:
                s.emit("message", f"{name(s, p)}'s melee attack is cancelled.", p)
            continue
        strike(s, p, c)
        after_attack = HOOK["after_attack"].get(c.ability)
        if after_attack is not None:
            after_attack(s, p, c)
    if not s.is_over():  # the final boss may have fallen
        go(s, "escape")


def attack_damage(s, p: int, card, transformed: bool | None = None) -> int:
    """The damage `card` played by hunter p deals the monster now: its printed damage and
    bonus, Transform's extra, then the monster's defence (0 with no monster). No side effects:
    the bots and the table ask this instead of recomputing it."""
    m = monster(s)
    if m is None:
        return 0
    if transformed is None:
        transformed = s.transform_weapon[p] >= 0
    keys = (card.ability, s.card_set.transform.ability) if transformed else (card.ability,)
    d = hooks.fold("weapon_damage", keys, card.damage, s, p, card, m)
    defence = HOOK["defence"].get(m.ability)
    return d if defence is None else defence(d, s, card, m)


def strike(s, p: int, c) -> None:
    """p's card deals its damage (what it costs is paid as it strikes)."""
    d = attack_damage(s, p, c)
    on_strike = HOOK["on_strike"].get(c.ability)
    if on_strike is not None:
        on_strike(s, p, c)
    take_echoes(s, p, d)


def take_echoes(s, p: int, d: int) -> None:
    """Damage dealt moves echoes from the monster to the hunter, never more than remain."""
    taken = min(d, s.echoes)
    if taken <= 0:
        return
    s.echoes -= taken
    s.collected[p] += taken
    s.damaged[p] = True
    if s.recording:
        s.emit("echoes_taken", f"{name(s, p)} deals {taken} and takes {taken} echoes.", p,
               amount=taken, left=s.echoes,
               counters=((p, "collected", s.collected[p]), (None, "monster_echoes", s.echoes)))
    if s.echoes == 0:
        monster_killed(s, p)


def monster_killed(s, killer: int) -> None:
    """Every hunter who damaged it this round (D5, step 3 included) gains its trophies (D8:
    one of each kind); a hunter who died this round gets none (D7)."""
    m = monster(s)
    if s.recording:
        s.emit("killed", f"{m.name} is slain.", killer, card=s.current, monster=m.id,
               counters=((None, "monster", None), (None, "monster_echoes", 0)))
    for p in turn_order(s):
        if s.damaged[p] and not s.dead[p]:
            for k in m.kinds:
                s.trophies[3 * p + k] += 1
                if s.recording:
                    s.emit("trophy", f"{name(s, p)} gains a {KIND_NAMES[k]} trophy.", p,
                           trophy=KIND_NAMES[k].lower(),
                           counters=((p, "trophy_points", trophy_points(s, p)),
                                     (p, KIND_NAMES[k].lower(), s.trophies[3 * p + k])))
    hooks.run("on_kill", s.final_boss.ability, s, killer)
    s.defeated.append(s.current)
    s.current = -1
    if m.final:
        game_over(s, "final_boss")


# --- step 6: escape --------------------------------------------------------------------------

@rules.step
def escape(s) -> None:
    """A normal monster still alive escapes (its on-escape ability acts); bosses stay."""
    m = monster(s)
    if m is not None and not m.boss:
        monster_escapes(s, m)
    if not s.is_over():  # an escape may kill the last hunter left (Rom)
        go(s, "hunters_dream")


def monster_escapes(s, m) -> None:
    s.escaped.append(s.current)
    s.current = -1
    if s.recording:
        s.emit("escape", f"{m.name} escapes into the dark.", None, monster=m.id,
               counters=((None, "monster", None), (None, "monster_echoes", 0)))
    on_escape = HOOK["on_escape"].get(m.ability)
    if on_escape is not None:
        on_escape(s, m)


# --- step 7: the Hunter's Dream --------------------------------------------------------------

@rules.step
def hunters_dream(s) -> None:
    """In turn order: Dream hunters bank, take back used cards, take an upgrade, heal; dead
    hunters heal and may take an upgrade. Then refill the Available Upgrades."""
    dreamers_of(s, turn_order(s))


@rules.step
def more_dreamers(s) -> None:
    """Step 7 goes on with the hunters after the one who was asked."""
    dreamers_of(s, hunters_after(s, s.turn))


def dreamers_of(s, hunters) -> None:
    for p in hunters:
        if not (s.dead[p] or in_dream(s, p)):
            continue
        s.turn = p
        wake_in_dream(s, p)
        if offer_upgrade(s, p) or over_hand_limit(s, p):
            return  # asked: the answer carries on with the hunters after p
    refill_available_upgrades(s)
    go(s, "end_of_round")


def wake_in_dream(s, p: int) -> None:
    if s.dead[p]:
        if s.recording:
            s.emit("dream", f"{name(s, p)} wakes in the Hunter's Dream, healed.", p, died=True,
                   counters=((p, "health", MAX_HEALTH), (p, "dead", False)))
    else:
        bank_echoes(s, p)
        back = s.used[p] + [s.chosen[p]]
        s.hand[p].extend(back)
        s.used[p] = []
        s.chosen[p] = -1
        if s.recording:
            s.emit("dream", f"{name(s, p)} rests in the Hunter's Dream and takes back "
                   f"{len(back)} cards.", p, died=False, cards=back,
                   counters=((p, "health", MAX_HEALTH),))
    s.health[p] = MAX_HEALTH


def bank_echoes(s, p: int) -> None:
    """Collected echoes become banked (never lost again)."""
    banked, s.collected[p] = s.collected[p], 0
    s.banked[p] += banked
    if s.recording:
        s.emit("bank", f"{name(s, p)} banks {banked} echoes.", p, amount=banked,
               counters=((p, "collected", 0), (p, "banked", s.banked[p])))


def offer_upgrade(s, p: int) -> bool:
    """Take one Available Upgrade (a dead hunter may take none). True when p is asked."""
    if not s.available:
        return False
    if len(s.available) == 1 and not s.dead[p]:
        take_upgrade(s, p, s.available[0])
        return False
    decisions.ask(s, "upgrade", p, options=tuple(s.available),
                  prompt="{seat}: take an Available Upgrade" +
                  (" (or none)" if s.dead[p] else ""), then="hand_limit")
    return True


def take_upgrade(s, p: int, card: int) -> None:
    s.available.remove(card)
    s.hand[p].append(card)
    if s.recording:
        s.emit("upgrade_taken", f"{name(s, p)} takes {s.cards[card].name}.", p, card=card)


def upgrade_candidates(s, p: int) -> list[Action]:
    table = s._tables["upgrade"]
    return [table[c] for c in s.decisions[-1].options]


def check_upgrade(s, p: int, a: Action) -> str | None:
    """Step 7: one of the Available Upgrades, once per visit to the Dream."""
    frame = decisions.top(s)
    if frame is None or frame.kind != "upgrade":
        if frame is not None and frame.kind == "remove":
            return "You have already taken an upgrade this round."
        return "Upgrades are taken in the Hunter's Dream (step 7)."
    if a.source not in frame.options or a.target != "hand":
        return "That card is not among the Available Upgrades."
    return None


@rules.kind("upgrade", answers=("upgrade",), candidates=upgrade_candidates,
            check=check_upgrade,
            legal_as_built=True)
def on_upgrade(s, p: int, a: Action) -> None:
    close(s)
    take_upgrade(s, p, a.source)


def skip_upgrade_candidates(s, p: int) -> list[Action]:
    return [action(s, "skip_upgrade")] if s.dead[p] else []


def check_skip_upgrade(s, p: int, a: Action) -> str | None:
    """Step 7: only a hunter who died may take no upgrade."""
    frame = decisions.top(s)
    if frame is None or frame.kind != "upgrade":
        return "There is no upgrade to take now."
    return None if s.dead[p] else "A hunter in the Dream must take an upgrade."


@rules.kind("skip_upgrade", answers=("upgrade",), candidates=skip_upgrade_candidates,
            check=check_skip_upgrade,
            legal_as_built=True)
def on_skip_upgrade(s, p: int, a: Action) -> None:
    close(s)
    if s.recording:
        s.emit("message", f"{name(s, p)} takes no upgrade.", p)


@rules.step
def hand_limit(s) -> None:
    """After the upgrade, the hand limit; then the hunters after."""
    if not over_hand_limit(s, s.turn):
        go(s, "more_dreamers")


def over_hand_limit(s, p: int) -> bool:
    """Hand limit 7: p picks the cards beyond it to remove from the game. True when asked."""
    excess = len(s.hand[p]) - HAND_LIMIT
    if excess <= 0:
        return False
    decisions.ask_to_pick(s, "remove", p, sorted(s.hand[p]), excess, excess,
                          prompt="{seat}: remove " + ("a card" if excess == 1 else
                                                      f"{excess} cards") +
                          f" from the game (hand limit {HAND_LIMIT})", then="more_dreamers")
    return True


def remove_candidates(s, p: int) -> list[Action]:
    """The picks so far have left the hand already."""
    table = s._tables["remove"]
    return [table[c] for c in sorted(s.hand[p])]


def check_remove(s, p: int, a: Action) -> str | None:
    """Step 7: down to the hand limit, removing cards from your own hand."""
    frame = decisions.top(s)
    if frame is None or frame.kind != "remove":
        if frame is not None and frame.kind == "upgrade":
            return "Take an upgrade first; then check the hand limit."
        return "Cards are removed only at the hand limit, in the Hunter's Dream."
    if a.target != "removed" or a.source not in s.hand[p]:  # picks leave the hand at once
        return "Remove a card from your own hand."
    return None


@rules.kind("remove", answers=("remove",), candidates=remove_candidates, check=check_remove,
            legal_as_built=True)
def on_remove(s, p: int, a: Action) -> None:
    card = a.source
    s.hand[p].remove(card)
    s.removed.append(card)
    if s.recording:
        s.emit("removed", f"{name(s, p)} removes {s.cards[card].name} from the game.", p,
               card=card)
    if decisions.pick(s, card):
        close(s)


# --- step 8: end of round --------------------------------------------------------------------

@rules.step
def end_of_round(s) -> None:
    """Played cards go face up to the used piles; the first player passes left; the next
    dungeon card comes if the monster is dead or escaped."""
    for p in range(s.players):
        if s.chosen[p] >= 0:
            s.used[p].append(s.chosen[p])
        if s.transform_weapon[p] >= 0:
            s.used[p].append(s.transform_weapon[p])
    s.chosen = [-1] * s.players
    s.transform_weapon = [-1] * s.players
    m = monster(s)
    if m is not None:
        hooks.run("end_of_round", m.ability, s, m)
    P = s.players
    for i in range(1, P + 1):
        if not s.out[(s.first_player + i) % P]:
            s.first_player = (s.first_player + i) % P
            break
    if s.round >= ROUND_LIMIT:
        game_over(s, "round_limit")
        return
    if s.current < 0:
        reveal_next_dungeon_card(s)
    go(s, "choose_action_cards")


# --- end of the game -------------------------------------------------------------------------

def score(s, p: int) -> int:
    """Banked echoes plus the trophy tracks' values."""
    return s.banked[p] + trophy_points(s, p)


def trophy_points(s, p: int) -> int:
    return sum(s.card_set.trophy_points(s.trophies[3 * p + k]) for k in range(3))


END_REASONS = {"final_boss": "The final boss falls.",
               "round_limit": "The dungeon closes: the hunt is over.",
               "all_out": "No hunter is left in the game.",
               "conceded": "Every other hunter has conceded."}


def contenders(s) -> list[int]:
    """The hunters who may still win: in the game (D9) and not conceded (D10)."""
    return [p for p in range(s.players) if not s.out[p] and p not in s.conceded]


def concede(s, p: int) -> None:
    """D10: the conceding hunter can no longer win; a bot plays on for them (the table seats
    it). When at most one hunter who may win is left, the game ends at once: they win."""
    if len(contenders(s)) <= 1:
        game_over(s, "conceded")


def game_over(s, reason: str) -> None:
    """Everyone banks; the highest total wins; ties: more banked echoes; still tied: shared.
    A hunter out of the game (Rom, D9) or who conceded (D10) is never among the winners."""
    del s.decisions[:]
    s.next_step = ""  # nothing follows, whatever step or answer ended it
    s.end_reason = reason
    for p in range(s.players):
        s.banked[p] += s.collected[p]
        s.collected[p] = 0
    alive = contenders(s)
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
    if s.recording:
        who = ", ".join(name(s, p) for p in s.winners) or "no one"
        s.emit("game_over", f"{END_REASONS[reason]} Winner: {who}.", None,
               winners=list(s.winners), scores=[score(s, p) for p in range(s.players)],
               counters=tuple((p, "banked", s.banked[p]) for p in range(s.players)))
