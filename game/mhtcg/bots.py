"""Monster Hunter TCG bots: a readable heuristic hunter, and ISMCTS that uses it for playouts
(spec: docs/rules/mhtcg.md).

The heuristic decides from its seat's information only (D30): its own hand and face-down
monsters, everything public (positions, gear, HRP, deck sizes, graveyards, material piles,
face-up and burrowed monsters), and the public deck lists. A face-down monster of another
player is never read: it is estimated from the monsters of its owner's deck that nobody has
seen yet (`unseen_monsters`). Damage and losses come from the rules' own queries
(`rules.hunter_damage`, `rules.cards_lost`, `rules.monster_attack_value`).

Its priority list, one function per question:

- **hand** (`discard_choice`): discard only down to 6, the least useful card first: drawing
  costs deck cards, and the deck is the hunter's life.
- **placement** (`placement_choice`): place a monster every round (each face-down monster is
  +1 HRP a round); a full sheet replaces its weakest face-up monster; the highest level goes
  first, into the area of its sheet farthest from enemy hunters, never beside another eye.
- **move** (`move_choice`): every reachable area is scored by the best hunt there (a kill is
  worth its level, turning up a face-down monster denies its owner's HRP) less the cards the
  monsters there would cost (`life_cost`: more as the deck shrinks, a retreat or a third
  retreat much more), plus half the best hunt one more move away. Own areas are safe.
- **hunt** (`target_choice`): a sure kill, then a kill that the hand can finish, then turning
  up an unknown monster when the deck can take it; never chip a Rage monster.
- **windows** (`window_choice`): a bomb that defeats a monster; items and boosts that make this
  hunter's attack a kill; against a monster attack, Pitfall Trap, DEF items, Flash Bomb, spare
  armour, a Potion or Farcaster when it would retreat; in the opening window Potions when the
  graveyard can refill the deck, Paintball and Spotter on the leading player's hidden monsters.
- **responses** (`respond_choice`): Dung Bomb against an item aimed at its own monster or one
  that would give another player a kill; Farcaster only to escape a blast that would retreat.
- **equip** (`equip_choice`): the best affordable weapon, then armour (the trade-in credit
  means no tier is wasted); paid with the cheapest minimal set of materials.
- **result**: always burrow; keep the highest-level eye monster.
"""

from __future__ import annotations

import math

from game.ai.agents import Agent
from game.ai.ismcts import ISMCTS
from game.core import decisions
from game.core.contract import Action
from game.core.flow import marked
from game.mhtcg import rules
from game.mhtcg.gear import boost_kind, minimal_payments

#: what one card of deck is worth, in HRP, when the deck is comfortable
CARD_WORTH = 0.15
#: deck size under which every card lost weighs more
LOW_DECK = 10
#: what a retreat costs (walking back, a step toward forfeit), by the retreats already taken
RETREAT_COST = (3.0, 5.0, 40.0)
#: the value of turning a face-down monster face up: its owner loses its +1 HRP a round
FLIP_WORTH = 0.5
#: the most a target's owner's lead adds to its worth
LEADER_WORTH = 1.5
#: how much being near the leaders' hidden monsters counts in a move
JOURNEY = 0.5
#: items that add ATK to this hunter's attack this round (id -> ATK)
ATK_ITEMS = {"I03": 2, "I13": 2, "I14": 3, "I04": 1}
DEF_ITEMS = {"I05": 2, "I04": 1}
BOMB_DAMAGE = {"I06": 3, "I07": 5}
POTIONS = {"I01": 3, "I02": 5}
#: hand-phase digging: with no monster (one) in hand, cards worth less than this go
DIG_NO_MONSTER, DIG_ONE_MONSTER = 2.9, 1.5


# --- what the seat may see ---------------------------------------------------------------

def visible_card(s, me: int, m):
    """The monster's card if `me` may know it (face up, burrowed, or mine), else None."""
    if m.face_up or m.known or m.sheet == me:
        return rules.monster_card(s, m)
    return None


def unseen_monsters(s, q: int) -> list:
    """The monsters of seat q's deck that are in no public place: what a face-down monster of
    q's that nobody has seen may be (the deck lists are public)."""
    seen = set(s.grave[q]) | set(s.materials[q]) | set(s.known_hand[q])
    seen |= {m.card for m in rules.monsters_on_sheet(s, q) if m.face_up or m.known}
    out = [s.card(c) for c in range(40 * q, 40 * q + 40)
           if c not in seen and s.card(c).kind == "monster"]
    return out or [s.card(c) for c in range(40 * q, 40 * q + 40) if s.card(c).kind == "monster"]


def threat(s, q: int) -> float:
    """How close seat q is to 20 HRP: its HRP plus what its hidden monsters will bring."""
    if s.forfeited[q] or s.doomed[q]:
        return 0.0
    return s.hrp[q] + 2.0 * sum(not m.face_up for m in rules.monsters_on_sheet(s, q))


def leader_bonus(s, me: int, q: int) -> float:
    """Hunting the most threatening player's sheet is worth more (up to LEADER_WORTH)."""
    top = max((threat(s, o) for o in range(s.players) if o != me), default=0.0)
    return LEADER_WORTH * (threat(s, q) / top) ** 2 if top > 0 else 0.0


# --- the deck is the hunter's life ---------------------------------------------------------

def life_cost(s, p: int, loss: float) -> float:
    """What losing `loss` deck cards costs p, in HRP: a little a card, more when the deck is
    low, and a retreat's price if the deck would run out (a third retreat dooms)."""
    if loss <= 0:
        return 0.0
    deck = len(s.deck[p])
    cost = CARD_WORTH * loss
    if deck - loss < LOW_DECK:
        cost += 0.1 * (LOW_DECK - max(0.0, deck - loss))
    if loss >= deck:
        cost += RETREAT_COST[min(s.retreats[p], 2)]
    return cost


def loss_from(s, p: int, card, atk_mod: int = 0, extra_def: int = 0) -> int:
    """Cards a monster with this card would cost p (its printed ATK; Poison's extra card)."""
    loss = card.atk + atk_mod - rules.stats(s, p).defence - s.def_bonus[p] - extra_def
    if loss > 0 and card.has("poison"):
        loss += 1
    return max(0, loss)


# --- the hand's help ------------------------------------------------------------------------

def usable(s, p: int, c) -> bool:
    """Whether p's current icons could use item c this round (not stenched)."""
    return not marked(s, p, rules.NO_ITEMS) and any(i in rules.stats(s, p).icons for i in s.card(c).icons)


def spare_weapons(s, p: int) -> list[int]:
    """Weapons in hand of the current system that are no upgrade within reach (or a second
    copy of one): boosts for +1 ATK."""
    system = rules.stats(s, p).system
    return [c for c in s.hand[p] if s.card(c).kind == "weapon"
            and boost_kind(s.card(c), system) == "atk" and card_value(s, p, c) < 3.0]


def spare_armour(s, p: int) -> list[int]:
    """Armour in hand that is no upgrade within reach: boosts for +1 DEF."""
    return [c for c in s.hand[p] if s.card(c).kind == "armour" and card_value(s, p, c) < 3.0]


def hand_attack_help(s, p: int) -> int:
    """The ATK the hand could still add this round (items and spare weapon boosts)."""
    if marked(s, p, rules.NO_ITEMS):
        items = 0
    else:
        items = sum(ATK_ITEMS.get(s.cards[c], 0) for c in s.hand[p]
                    if s.card(c).kind == "item" and usable(s, p, c))
    return items + len(spare_weapons(s, p))


def card_value(s, p: int, c) -> float:
    """How much p wants to keep card c in hand (the lowest is discarded first)."""
    card = s.card(c)
    if card.kind == "monster":
        return 3.0 + card.level * 0.3
    if card.kind in ("weapon", "armour"):
        spare = 1.5 if boost_kind(card, rules.stats(s, p).system) else 0.3
        if not is_upgrade(s, p, c):
            return spare
        # one copy of the best upgrade in reach is kept; others are boosts or dead weight
        better = [o for o in s.hand[p] if o != c and s.card(o).kind == card.kind
                  and is_upgrade(s, p, o) and (s.card(o).cost, o) > (card.cost, c)
                  and affordable_soon(s, p, o)]
        if better or not affordable_soon(s, p, c):
            return max(spare, 1.2)
        return 3.0 + card.cost * 0.2
    if s.players == 2 and not card.two_player:
        return 0.0
    if not any(i in rules.stats(s, p).icons for i in card.icons):
        return 0.4
    return 2.5 + (0.5 if card.id in POTIONS else 0.0)


def dig_threshold(s, p: int) -> float:
    """Cards worth less than this are discarded in the hand phase to draw fresh ones: dead
    cards always; spare boosts too while no monster is in hand to place and the deck is deep
    (every card drawn is a card of life)."""
    if len(s.deck[p]) <= LOW_DECK:
        return 0.0
    monsters = sum(s.card(c).kind == "monster" for c in s.hand[p])
    return (DIG_NO_MONSTER, DIG_ONE_MONSTER)[monsters] if monsters < 2 else 1.0


def is_upgrade(s, p: int, c) -> bool:
    """A weapon or armour better than what p has equipped."""
    card = s.card(c)
    if card.kind == "weapon":
        return (card.atk, card.cost) > (rules.stats(s, p).atk,
                                        s.card(s.weapon[p]).cost if s.weapon[p] >= 0 else -1)
    return card.defence > rules.stats(s, p).defence


def affordable_soon(s, p: int, c) -> bool:
    """Within about two defeats' material of p's pile (a monster is worth 1-4 points)."""
    have = sum(s.card(m).material for m in s.materials[p])
    return rules.price(s, p, c) <= have + 3


def lowest(s, p: int, cards) -> int:
    return min(cards, key=lambda c: (card_value(s, p, c), c))


# --- the hunt: what a target is worth ---------------------------------------------------

def remembered(memo: dict | None, key, compute):
    """compute(), remembered in `memo` under `key` for the rest of one decision (a move weighs
    every area it could reach, and every area beyond: the same questions many times)."""
    if memo is None:
        return compute()
    if key not in memo:
        memo[key] = compute()
    return memo[key]


def target_value(s, p: int, m, atk_extra: int = 0, with_hand: bool = True,
                 memo: dict | None = None) -> float:
    """What attacking monster m is worth to p now: a kill its level, turning up an unknown
    one FLIP_WORTH and its chance of a kill, less the cards it would cost (in HRP)."""
    if m.sheet == p:
        return -99.0
    card = visible_card(s, p, m)
    dmg = rules.hunter_damage(s, p, m) + atk_extra if card is not None else 0
    help_ = remembered(memo, "help", lambda: hand_attack_help(s, p)) if with_hand else 0
    bonus = remembered(memo, ("bonus", m.sheet), lambda: leader_bonus(s, p, m.sheet))
    if card is not None and m.face_up:
        left = card.hp - m.damage
        if dmg >= left:
            return card.level + 1.0 + bonus
        if dmg + help_ >= left:
            return card.level + 0.5 + bonus - 0.2 * (left - dmg)
        return -1.0 if card.has("rage") else 0.05
    # face down: a strike first, then perhaps a kill; a survivor attacks in its slot anyway
    pool = [card] if card is not None else remembered(
        memo, ("pool", m.sheet), lambda: unseen_monsters(s, m.sheet))
    base = rules.hunter_attack_value(s, p) + atk_extra + m.weakness
    sidestep = rules.hunter_ability(s, p) == "sidestep"
    my_rng = rules.stats(s, p).rng
    value, cost = 0.0, 0.0
    for c in pool:
        first = not sidestep and (c.rng > my_rng or c.has("ambush"))
        hit = loss_from(s, p, c, m.atk_mod)
        if base + help_ >= c.hp:
            value += c.level
            cost += life_cost(s, p, hit) if first else 0.0
        else:
            cost += life_cost(s, p, hit)
    return FLIP_WORTH + bonus + (value - cost) / len(pool)


def area_danger(s, p: int, place) -> float:
    """Cards the face-up monsters (not p's) in an area would cost p this hunt."""
    if place[0] == p:
        return 0.0
    total = 0
    for m in rules.monsters_at(s, place):
        if m.face_up and not m.stopped and not m.acted:
            total += max(0, rules.cards_lost(s, m, p))
    return total


def charge_bonus(s, p: int, place) -> int:
    """Charge (H1): +2 if the hunter ends its move where it began it (not a camp)."""
    if rules.hunter_ability(s, p) != "charge":
        return 0
    return 2 if place == s.pos[p] and not rules.in_camp(s, p) else 0


def hunt_value(s, p: int, place, atk_extra: int = 0, memo: dict | None = None) -> float:
    """The best hunt in an area for p, or 0 (not attacking is always allowed)."""
    if place[0] == p:
        return 0.0

    def best() -> float:
        value = 0.0
        for m in rules.monsters_at(s, place):
            if m.sheet != p:
                value = max(value, target_value(s, p, m, atk_extra, memo=memo))
        return value

    return remembered(memo, ("hunt", place, atk_extra), best)


def place_value(s, p: int, place, memo: dict | None = None) -> float:
    """A move-phase score for ending in `place`: the hunt there less its danger, plus half the
    best hunt one more move away."""
    extra = charge_bonus(s, p, place)
    now = hunt_value(s, p, place, extra, memo) - life_cost(s, p, area_danger(s, p, place))
    later = 0.0
    for a in s.table.reachable(place, rules.stats(s, p).mov):
        if a != place and a[0] != p:
            later = max(later, hunt_value(s, p, a, memo=memo))
    return now + 0.5 * later + JOURNEY * journey(s, p, place, memo)


def journey(s, p: int, place, memo: dict | None = None) -> float:
    """Being near the most threatening players' face-down monsters: the hunt of the rounds
    after next (a face-down monster earns its owner 1 HRP each round it stays down)."""
    best = 0.0
    for m in s.board.values():
        if not m.face_up and m.sheet != p:
            q = m.sheet
            bonus = remembered(memo, ("bonus", q), lambda q=q: leader_bonus(s, p, q))
            best = max(best, bonus / (1 + s.table.distance(place, m.place)))
    return best


# --- the heuristic bot ------------------------------------------------------------------------

class HeuristicAgent(Agent):
    """The priority list in the module's docstring, one method per kind of question."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        kind = state.decisions[-1].kind
        choice = getattr(self, f"_{kind}", None)
        action = choice(state, player, legal) if choice is not None else None
        return action if action is not None else legal[0]

    # hand phase
    def _hand_discard(self, s, p, legal):
        if len(s.hand[p]) > rules.HAND_SIZE:
            return discard_choice(s, p, legal)
        cards = [a.source for a in legal if a.kind == "discard"]
        if cards and card_value(s, p, lowest(s, p, cards)) < dig_threshold(s, p):
            return discard_choice(s, p, legal)
        return _find(legal, "done")

    def _roar(self, s, p, legal):
        return discard_choice(s, p, legal)

    def _placement(self, s, p, legal):
        return placement_choice(s, p, legal)

    def _move(self, s, p, legal):
        return move_choice(s, p, legal)

    def _monster_order(self, s, p, legal):
        return legal[0]

    def _target(self, s, p, legal):
        return target_choice(s, p, legal)

    def _window(self, s, p, legal):
        return window_choice(s, p, legal)

    def _respond(self, s, p, legal):
        return respond_choice(s, p, legal)

    def _equip(self, s, p, legal):
        return equip_choice(s, p, legal)

    def _pay(self, s, p, legal):
        return pay_choice(s, p, legal)

    def _burrow(self, s, p, legal):
        return next((a for a in legal if a.kind == "burrow"), _find(legal, "done"))

    def _keep_eye(self, s, p, legal):
        return max(legal, key=lambda a: (rules.monster_card(s, s.board[a.target]).level,
                                         -a.target))


def _find(legal, kind):
    return next((a for a in legal if a.kind == kind), None)


def discard_choice(s, p, legal):
    cards = [a.source for a in legal if a.kind == "discard"]
    c = lowest(s, p, cards)
    return next(a for a in legal if a.kind == "discard" and a.source == c)


def placement_choice(s, p, legal):
    """Replace the weakest face-up monster when the sheet is full; else place the highest
    level monster in the safest area that keeps eye monsters apart."""
    replaces = [a for a in legal if a.kind == "replace"]
    if replaces:
        def rep_key(a):
            old = rules.monster_card(s, s.board[a.target])
            new = s.card(a.source)
            return (-old.level, new.level, -a.target, -a.source)
        return max(replaces, key=rep_key)
    places = [a for a in legal if a.kind == "place"]
    if not places:
        return _find(legal, "pass")
    monsters = {a.source for a in places}
    c = max(monsters, key=lambda c: (s.card(c).level, s.card(c).hp, -c))
    card = s.card(c)
    enemies = [(q, s.pos[q]) for q in range(s.players)
               if q != p and not s.forfeited[q] and s.pos[q] is not None]

    def safety(a):
        place = a.target
        reach = sum(s.table.distance(e, place) <= rules.stats(s, q).mov
                    for q, e in enemies)
        near = min((s.table.distance(e, place) for _, e in enemies), default=9)
        here = rules.monsters_at(s, place)
        eye_clash = card.eye and any(rules.monster_card(s, m).eye for m in here)
        # a hunter turns up one monster a round: monsters sharing an area shield each other
        hidden_here = sum(not m.face_up for m in here)
        return (not eye_clash, -reach, hidden_here, near, -place[1])

    best = max((a for a in places if a.source == c), key=safety)
    return best


def move_choice(s, p, legal):
    memo: dict = {}
    return max(legal, key=lambda a: (place_value(s, p, a.target, memo), a.target[0] == p,
                                     a.target == s.pos[p], -a.target[1]))


def target_choice(s, p, legal):
    """The most valuable attack, if it is worth anything; else do not attack."""
    attacks = [(target_value(s, p, s.board[a.target]), -a.target, a) for a in legal
               if a.kind == "attack"]
    if attacks:
        value, _, best = max(attacks, key=lambda t: t[:2])
        if value > 0:
            return best
    return _find(legal, "no_attack") or legal[0]


def window_choice(s, p, legal):
    ids = {a.source: s.cards[a.source] for a in legal if a.source is not None}
    # 1. a bomb that defeats a monster (the final blow scores)
    kills = []
    for a in legal:
        if a.kind != "item" or ids[a.source] not in BOMB_DAMAGE:
            continue
        m = s.board.get(a.target)
        card = visible_card(s, p, m) if m is not None else None
        if card is None or not m.face_up:
            continue
        if card.hp - m.damage <= BOMB_DAMAGE[ids[a.source]]:
            blast = ids[a.source] == "I07"
            cost = life_cost(s, p, 1) if blast else 0.0
            if card.level - cost > 0.5:
                kills.append((card.level - cost, -BOMB_DAMAGE[ids[a.source]], a.source, a))
    if kills:
        return max(kills, key=lambda t: t[:3])[3]
    purpose = s.win_purpose
    # 2. make this hunter's attack a kill
    if purpose == "hunter" and s.hunter_turn == p and s.target in s.board:
        action = finish_the_kill(s, p, legal, ids)
        if action is not None:
            return action
    # 3. soften a monster attack that would cost this hunter cards
    if purpose == "monster" and s.monster_turn in s.board:
        action = brace(s, p, legal, ids)
        if action is not None:
            return action
    if purpose == "opening":
        action = opening(s, p, legal, ids)
        if action is not None:
            return action
    return _find(legal, "pass")


def finish_the_kill(s, p, legal, ids):
    m = s.board[s.target]
    if not m.face_up:
        return None
    card = rules.monster_card(s, m)
    need = card.hp - m.damage - rules.hunter_damage(s, p, m)
    if need <= 0:
        return None
    helps = []  # (ATK it adds, preference, action)
    for a in legal:
        if a.kind == "item":
            i = ids[a.source]
            if i in ATK_ITEMS and a.target is None:
                helps.append((ATK_ITEMS[i], 1 if i != "I14" else 0, a))
            elif i == "I08" and a.target == m.token:
                helps.append((1, 2, a))
        elif a.kind == "boost" and a.source in spare_weapons(s, p):
            helps.append((1, 0, a))
    if sum(h[0] for h in helps) < need:
        return None
    return max(helps, key=lambda h: (min(h[0], need), h[1], -h[0]))[2]


def brace(s, p, legal, ids):
    """A monster is about to attack: keep the cards it would cost, if it costs any."""
    m = s.board[s.monster_turn]
    if m.sheet == p or p not in rules.attack_targets(s, m):
        return None
    loss = rules.cards_lost(s, m, p)
    if loss <= 0:
        return None
    retreats = loss >= len(s.deck[p])
    worried = retreats or loss >= 2 or len(s.deck[p]) - loss < LOW_DECK
    for a in legal:
        if a.kind == "item" and ids[a.source] == "I08" and a.target == m.token and (
                worried or loss >= 1):
            return a
    if worried:
        for a in legal:
            if a.kind == "item" and ids[a.source] in DEF_ITEMS and a.target is None:
                return a
        for a in legal:
            if a.kind == "item" and ids[a.source] == "I09":
                return a
    for a in legal:
        if a.kind == "boost" and a.source in spare_armour(s, p):
            return a
    if retreats:
        for a in legal:
            if a.kind == "item" and ids[a.source] in POTIONS and s.grave[p]:
                return a
        for a in legal:
            if a.kind == "item" and ids[a.source] == "I11":
                return a
    return None


def opening(s, p, legal, ids):
    """The opening window: refill the deck, turn up the leaders' hidden monsters."""
    for a in legal:
        if a.kind == "item" and ids[a.source] in POTIONS:
            if len(s.grave[p]) >= POTIONS[ids[a.source]] or len(s.deck[p]) < LOW_DECK:
                return a
    flips = []
    for a in legal:
        if (a.kind == "item" and ids[a.source] == "I12") or a.kind == "spotter":
            m = s.board[a.target]
            owner = m.sheet
            mine_here = s.pos[p] == m.place
            cost = 0.0 if a.kind == "item" else card_value(s, p, a.source) * 0.4
            worth = FLIP_WORTH + 0.2 * s.hrp[owner] / 20 - (0.3 if mine_here else 0) - cost
            if worth > 0.3:
                flips.append((worth, -a.target, -(a.source or 0), a))
    if flips:
        return max(flips, key=lambda t: t[:3])[3]
    return None


def respond_choice(s, p, legal):
    user, c, token, _ = s.item
    item_id = s.cards[c]
    m = s.board.get(token) if token is not None else None
    dung = [a for a in legal if a.kind == "respond" and s.cards[a.source] == "I10"]
    if dung and m is not None:
        if m.sheet == p:
            return dung[0]
        card = visible_card(s, p, m)
        dmg = BOMB_DAMAGE.get(item_id, 0)
        if card is not None and m.face_up and 0 < card.hp - m.damage <= dmg and card.level >= 2:
            return dung[0]
    far = [a for a in legal if a.kind == "respond" and s.cards[a.source] == "I11"]
    if far and item_id == "I07" and m is not None and m.place == s.pos[p] and len(s.deck[p]) <= 1:
        return far[0]
    return _find(legal, "pass")


def equip_choice(s, p, legal):
    """The best affordable upgrade: weapons by ATK then cost, armour by DEF."""
    best = None
    for a in legal:
        if a.kind != "equip":
            continue
        card = s.card(a.source)
        if card.kind == "weapon":
            cur = rules.stats(s, p)
            old = s.card(s.weapon[p]).cost if s.weapon[p] >= 0 else -1
            if (card.atk, card.cost) <= (cur.atk, old):
                continue
            key = (1, card.atk, card.cost, -a.source)
        else:
            if card.defence <= rules.stats(s, p).defence:
                continue
            key = (0, card.defence, card.cost, -a.source)
        if best is None or key > best[0]:
            best = (key, a)
    return best[1] if best else _find(legal, "done")


def pay_choice(s, p, legal):
    """Pay with the cheapest minimal set: the fewest points spent, then the fewest cards."""
    frame = s.decisions[-1]
    need = frame.context[1] - sum(s.card(c).material for c in frame.picked)
    pays = [a for a in legal if a.kind == "pay"]
    pile = [a.source for a in pays]
    for idx in minimal_payments([s.card(c).material for c in pile], need):
        for i in idx:
            return pays[i]
    return pays[0] if pays else _find(legal, "cancel")


# --- ISMCTS -----------------------------------------------------------------------------------

#: playouts stop after this many actions (a round is ~60-100 actions at 4 players)
CUTOFF = 60
#: a seat's standing, from what the table shows of it, as weights of a linear score; the
#: chance of winning is the softmax of the seats' scores. Fitted by maximum likelihood on
#: snapshots of heuristic self-play at 4 players (data/mhtcg/balance.md, "Bots")
STANDING = {"hrp": 0.19, "near_20": 0.53, "hidden": 0.50, "face_up": -0.07, "deck": 0.28,
            "retreats": -0.91, "atk": 0.27, "def": -0.12}
#: HRP past which each HRP counts NEAR_20 more (the last steps to 20 end the game)
NEAR = 14


def standing(s, p: int) -> float:
    """Seat p's score for the cut-off evaluation (higher: more likely to win)."""
    w = STANDING
    mine = rules.monsters_on_sheet(s, p)
    hidden = sum(not m.face_up for m in mine)
    st = rules.stats(s, p)
    return (w["hrp"] * s.hrp[p] + w["near_20"] * max(0, s.hrp[p] - NEAR)
            + w["hidden"] * hidden + w["face_up"] * (len(mine) - hidden)
            + w["deck"] * len(s.deck[p]) / 10 + w["retreats"] * s.retreats[p]
            + w["atk"] * st.atk + w["def"] * st.defence)


def evaluate(s) -> list[float]:
    """Rewards in [0, 1] for a cut-off playout: each seat's chance of winning, the softmax of
    the seats' standings; nothing for a forfeited or doomed seat (it cannot win)."""
    alive = [p for p in range(s.players) if not (s.forfeited[p] or s.doomed[p])]
    if not alive:
        return [0.0] * s.players
    scores = {p: standing(s, p) for p in alive}
    top = max(scores.values())
    weights = {p: math.exp(v - top) for p, v in scores.items()}
    total = sum(weights.values())
    return [weights.get(p, 0.0) / total for p in range(s.players)]


#: the questions ISMCTS searches; the rest (passes, payments, burrows) the heuristic answers
SEARCHED = ("placement", "move", "target", "window", "respond", "equip")
#: the search overrules the heuristic only with an action visited at least MIN_VISITS times
#: whose mean reward is better by CONFIDENCE standard errors of the difference (the reward's
#: spread is measured in the same search): with tens of actions and a few hundred playouts,
#: the best-looking mean is often lucky
MIN_VISITS, CONFIDENCE = 8, 2.0


class RootSearch(ISMCTS):
    """ISMCTS whose tree branches at the root only: beyond it every seat, the searcher's own
    later choices included, plays as the `others` model (the heuristic) predicts. With a few
    hundred playouts a decision, a deeper tree tries the searcher's later choices (the next
    window, the next target) at random, untried first, in most playouts of a move or a target:
    noise that swamps the comparison of the root's actions."""

    def _iterate(self, node, state) -> None:
        self._root = node  # the core calls this with the root, once a playout
        super()._iterate(node, state)

    def _decide(self, node, state, seat: int):
        if self.others is None or (node is self._root and seat == self._me):
            return super()._decide(node, state, seat)
        return self.others.choose(state, seat)


class Spread:
    """The cut-off evaluation, recording the searcher's rewards to measure their spread."""

    def __init__(self) -> None:
        self.seat, self.n, self.total, self.squares = -1, 0, 0.0, 0.0

    def start(self, seat: int) -> None:
        self.seat, self.n, self.total, self.squares = seat, 0, 0.0, 0.0

    def __call__(self, s) -> list[float]:
        rewards = evaluate(s)
        r = rewards[self.seat]
        self.n, self.total, self.squares = self.n + 1, self.total + r, self.squares + r * r
        return rewards

    def deviation(self) -> float:
        if self.n < 2:
            return 0.5  # a reward in [0, 1] deviates at most this much
        mean = self.total / self.n
        return math.sqrt(max(0.0, self.squares / self.n - mean * mean))


class MhIsmcts(Agent):
    """SO-ISMCTS for the questions that shape a round (where to hide, where to go, whom to
    hunt, which item or boost), with the heuristic as playout policy and as the model of every
    later choice (`RootSearch`); a window turn is searched only when the heuristic would not simply
    pass, and the small questions (discards, payments, burrows, monster order) are the
    heuristic's. The heuristic's own answer stands unless the search found an action visited
    at least MIN_VISITS times whose mean reward beats it by CONFIDENCE standard errors."""

    name = "ismcts"

    def __init__(self, search, heuristic: HeuristicAgent, spread: Spread) -> None:
        self.search, self.heuristic, self.spread = search, heuristic, spread

    @property
    def last_iterations(self) -> int:
        return self.search.last_iterations

    def choose(self, state, player: int) -> Action:
        kind = decisions.asked(state)
        quick = self.heuristic.choose(state, player)
        if kind not in SEARCHED or (kind in ("window", "respond", "equip")
                                    and quick.kind in ("pass", "done")):
            return quick
        self.spread.start(player)
        table = self.search.search(state, player)
        mine = table.get(quick)
        if not mine or not mine[0]:
            return quick
        sigma = self.spread.deviation()
        base = mine[1] / mine[0]
        best, best_edge = quick, 0.0
        for action, (visits, total, _) in table.items():
            if visits < MIN_VISITS or action == quick:
                continue
            doubt = CONFIDENCE * sigma * math.sqrt(1 / visits + 1 / mine[0])
            edge = total / visits - base - doubt
            if edge > best_edge:
                best, best_edge = action, edge
        return next((a for a in state.legal_actions(player) if a == best), quick)


def ismcts_factory(seed: int = 0, seconds: float = 1.0, **overrides):
    """ISMCTS branching at the root (`RootSearch`) with the heuristic hunter as its playout
    policy and model of every later choice (about 1 s per searched decision); playouts stop
    after CUTOFF actions and `evaluate` scores the position."""
    spread = Spread()
    options = {"playout": HeuristicAgent, "others": HeuristicAgent, "cutoff": CUTOFF,
               "evaluate": spread}
    options.update(overrides)
    if "iterations" in overrides and "seconds" not in overrides:
        seconds = None
    return MhIsmcts(RootSearch(seed, seconds=seconds, **options), HeuristicAgent(seed), spread)
