"""The Monster Hunter TCG as the 2008 rules revision reads (spec: docs/rules/mhtcg.md).

Setup, then rounds of six phases:
  1. hand_phase       2. placement_phase   3. move_phase
  4. hunt_phase (opening window, then area by area: choose_next_area, next_actor,
     hunter_turn / monster_turn, windows before every attack, defeat)
  5. equip_phase      6. result_phase (steps 1-6 per player, step 7 next_dealer)
and the end of the game (check_victory).

The rules run as named steps (`@rules.step`, game/core/flow.py): the core runs `state.next_step`
until a question is pushed on the decision stack or the game ends; the answer (the action kinds in
moves.py) closes the question, and the rules carry on at its `then`. Questions are only asked on public grounds (an empty hand is public,
its contents are not), so who is asked never tells anyone what a player holds.

Rulings of ours where the spec leaves a detail open (in the spirit of its decisions):
- Windows ask every player holding cards, in turn from the dealer, even one with nothing usable
  (D14: they pass; the table passes for them); an empty hand passes by itself. Responses are
  offered, to the user's left, to players who hold cards, are not stenched and whose current
  icons could use an Interrupt that applies (all public).
- Result step 1: Flame auras burn first, in placement order, then the owner chooses which Burrow
  monsters go under; no card of ours has both, and the two never change each other.
- Counter answers an attack whose loss came to 0 or less; a hunter with an empty deck that an
  attack would cost cards retreats instead (D8), which is not "no cards removed".
- A payment ends by itself as soon as the picked materials are a minimal set (no card could be
  added to it); the card being paid for is shown while the materials are picked, and Cancel
  returns it to hand, known to all.
"""

from __future__ import annotations

from game.core import decisions
from game.core.contract import Outcome
from game.core.flow import Rules, go, marked
from game.mhtcg.effects import EFFECTS
from game.mhtcg.gear import current_stats, equip_price
from game.mhtcg.maps import CAMP
from game.mhtcg.placed import Placed

HAND_SIZE = 6
WIN_HRP = 20
ROUND_LIMIT = 50  # D31
DOOMING_RETREAT = 3

#: a seat's mark for the rest of the round: it may use no items (what stops it: "The stench")
NO_ITEMS = "no_items"

#: the rulebook steps (below, in rulebook order) and the action kinds (moves.py)
rules = Rules()


# --- small queries (side-effect free; the bots and the table use them too) -------------------

def name(s, p: int) -> str:
    return s.seat_name(p)


def card_label(cs, cards: tuple[str, ...], cid: int) -> str:
    """A card's name, numbered when its seat's deck holds several copies."""
    base = (cid // 40) * 40
    card_id = cards[cid]
    same = [i for i in range(base, base + 40) if cards[i] == card_id]
    card = cs.card(card_id)
    return card.name if len(same) == 1 else f"{card.name} {same.index(cid) + 1}"


def clockwise_from(s, start: int) -> list[int]:
    return [(start + i) % s.players for i in range(s.players)]


def turn_order(s) -> list[int]:
    """Players still in the game, clockwise from the dealer."""
    return [p for p in clockwise_from(s, s.dealer) if not s.forfeited[p]]


def in_camp(s, p: int) -> bool:
    return s.pos[p] is not None and s.pos[p][1] == CAMP


def on_table(s, p: int) -> bool:
    return s.pos[p] is not None


def stats(s, p: int):
    """The hunter's current printed stats: the weapon's and armour's, else the hunter card's."""
    wi, ai = s.weapon[p], s.armour[p]
    key = (s.hunters[p], wi >= 0 and s.cards[wi], ai >= 0 and s.cards[ai])
    known = _STATS.get(key)  # asked thousands of times a search: remembered per card set
    if known is None or known[0] is not s.cs:
        w = s.card(wi) if wi >= 0 else None
        a = s.card(ai) if ai >= 0 else None
        known = _STATS[key] = (s.cs, current_stats(s.cs.hunters[s.hunters[p]], w, a))
    return known[1]


_STATS: dict = {}


def hunter_ability(s, p: int) -> str:
    return s.cs.hunters[s.hunters[p]].ability


def monster_card(s, m):
    return s.card(m.card)


def keywords(card) -> list[str]:
    return [a.keyword for a in card.abilities]


def monsters_at(s, place) -> list:
    """The monsters in one area, in token (placement) order."""
    return [m for m in s.board.values() if m.sheet == place[0] and m.area == place[1]]


def monsters_on_sheet(s, sheet: int) -> list:
    return [m for m in s.board.values() if m.sheet == sheet]


def hunters_at(s, place) -> list[int]:
    """The hunters in an area, in turn order from the dealer (D35)."""
    return [p for p in turn_order(s) if s.pos[p] == place]


def remaining_hp(s, m) -> int:
    return monster_card(s, m).hp - m.damage


def hunter_attack_value(s, p: int) -> int:
    """ATK + boosts + item bonuses + Charge - Flash, at least 0 (4.2, D18)."""
    value = stats(s, p).atk + s.atk_bonus[p] - s.atk_minus[p]
    value = EFFECTS.modify("hunter_attack", (hunter_ability(s, p),), value, s, p)
    return max(0, value)


def hunter_damage(s, p: int, m) -> int:
    """The damage a hunter's attack deals to `m`: attack + weakness - reductions, at least 0."""
    damage = hunter_attack_value(s, p) + m.weakness
    damage = EFFECTS.modify("hunter_damage", keywords(monster_card(s, m)), damage, s, p, m)
    return max(0, damage)


def monster_attack_value(s, m) -> int:
    """ATK + Pack, Leader, Rage - Flash Bomb, at least 0 (4.3)."""
    card = monster_card(s, m)
    value = card.atk + m.atk_mod
    value = EFFECTS.modify("monster_attack", keywords(card), value, s, m)
    for other in monsters_at(s, m.place):
        if other is not m and other.face_up:
            value = EFFECTS.modify("aura", keywords(monster_card(s, other)), value, s, other, m)
    return max(0, value)


def cards_lost(s, m, p: int) -> int:
    """The cards a monster's attack makes hunter p lose (before the deck runs out): attack -
    DEF - armour boosts - item DEF, Poison's extra card included."""
    loss = monster_attack_value(s, m) - stats(s, p).defence - s.def_bonus[p]
    return EFFECTS.modify("attack_loss", keywords(monster_card(s, m)), loss, s, m, p)


def loss_breakdown(s, m, p: int) -> tuple[int, list[tuple[str, int]]]:
    """`cards_lost` and what each ability adds to it, [("poison", 1)]: the table's damage
    preview ("Rathian: you lose 3 (+1 Poison)"). Side-effect free."""
    loss = monster_attack_value(s, m) - stats(s, p).defence - s.def_bonus[p]
    parts = []
    for key, handler in EFFECTS.ordered("attack_loss", keywords(monster_card(s, m))):
        new = handler(loss, s, m, p)  # the same fold as cards_lost, one ability at a time
        if new != loss:
            parts.append((key, new - loss))
            loss = new
    return loss, parts


def strikes_first(s, p: int, m) -> bool:
    """A face-down monster turned up by p's attack strikes first: higher RNG or Ambush, unless
    the hunter has Sidestep (4.2 step 2)."""
    if EFFECTS.modify("never_struck_first", (hunter_ability(s, p),), False, s, p):
        return False
    card = monster_card(s, m)
    return card.rng > stats(s, p).rng or EFFECTS.modify("strikes_first", keywords(card), False)


def attack_targets(s, m) -> list[int]:
    """The hunters a monster attacks: every hunter in its area that is not its owner's."""
    return [p for p in hunters_at(s, m.place) if p != m.sheet]


def may_use_items(s, p: int) -> bool:
    return not s.forfeited[p] and not marked(s, p, NO_ITEMS)


# --- the flow ----------------------------------------------------------------------------------

def begin_turns(s, step: str) -> None:
    """A phase played player by player, clockwise from the dealer."""
    s.order = turn_order(s)
    s.turn = 0
    go(s, step)


def current_seat(s) -> int | None:
    return s.order[s.turn] if s.turn < len(s.order) else None


def ask(s, kind: str, seat: int, prompt: str, then: str, options=(), context=()) -> None:
    """One seat is asked: the rules wait, and carry on at `then` once it is answered."""
    decisions.ask(s, kind, seat, options, context, prompt=prompt, then=then)
    s.next_step = ""


def ask_in_order(s, kind: str, seats, prompt: str, then: str) -> None:
    """Seats are asked in turn (a response, the Roar's discards); with nobody to ask the rules
    carry on at `then` at once."""
    if decisions.ask_in_order(s, kind, seats, prompt=prompt, then=then):
        s.next_step = ""
    else:
        go(s, then)


def pass_on(s) -> None:
    """The seat asked in turn is done: the next one is asked; after the last, the rules carry on
    at the question's `then`."""
    frame = s.decisions[-1]
    if not decisions.pass_on(s):
        go(s, frame.then)


def setup(s) -> None:
    """Setup (D3, D7): shuffle every deck, hunters in their camps, empty hands, a random dealer."""
    for p in range(s.players):
        s.deck[p] = list(range(40 * p, 40 * p + 40))
        s.rng.shuffle(s.deck[p])
    s.dealer = s.first_dealer = s.rng.below(s.players)
    go(s, "start_round")
    s.emit("setup", lambda: f"{name(s, s.dealer)} deals the first round.", s.dealer)
    rules.advance(s)


@rules.step
def start_round(s) -> None:
    s.round += 1
    s.phase = "hand"
    s.emit("phase", lambda: f"Round {s.round}: hand phase.", round=s.round, phase="hand")
    begin_turns(s, "hand_turn")


# --- 1. hand phase -------------------------------------------------------------------------

@rules.step
def hand_turn(s) -> None:
    """Step 1: an empty deck retreats at once (and skips the draw, D8); step 2: discard."""
    p = current_seat(s)
    if p is None:
        start_placement(s)
        return
    s.skip_draw = False
    if not s.deck[p]:
        retreat(s, p, "its deck is empty at the start of the hand phase")
        s.skip_draw = True
    if s.hand[p]:
        over = max(0, len(s.hand[p]) - HAND_SIZE)
        words = f"discard at least {over}" if over else "discard any cards you like"
        ask(s, "hand_discard", p, f"{{seat}}: {words}, then Done", "hand_draw")
    else:
        go(s, "hand_draw")


@rules.step
def hand_draw(s) -> None:
    """Step 3: draw up to 6; a deck that runs out retreats the hunter and ends the draw."""
    p = current_seat(s)
    drawn = []
    if not s.skip_draw:
        while len(s.hand[p]) < HAND_SIZE and s.deck[p]:
            drawn.append(draw(s, p))
            if not s.deck[p]:
                retreat(s, p, "its deck ran out while drawing")
                break
    if drawn:
        s.emit("draw", lambda: f"{name(s, p)} draws {len(drawn)}.", p,
               private=lambda: "You draw " + ", ".join(s.card_name(c) for c in drawn) + ".",
               seen_by=(p,), secret={"cards": drawn}, count=len(drawn),
               counters=((p, "deck", len(s.deck[p])), (p, "hand", len(s.hand[p]))))
    s.turn += 1
    go(s, "hand_turn")


def draw(s, p: int) -> int:
    """Take the top card; a Potion card from the public bottom stays known in hand (D30)."""
    c = s.deck[p].pop()
    if len(s.deck[p]) < s.known_bottom[p]:
        s.known_bottom[p] = len(s.deck[p])
        s.known_hand[p].append(c)
    s.hand[p].append(c)
    return c


def discard(s, p: int, c: int, why: str) -> None:
    """A card from hand to its owner's graveyard (public)."""
    s.hand[p].remove(c)
    forget_known(s, p, c)
    s.grave[p].append(c)
    s.emit("discard", lambda: f"{name(s, p)} discards {s.card_name(c)}{why}.", p, card=c,
           counters=((p, "hand", len(s.hand[p])),))


def forget_known(s, p: int, c: int) -> None:
    if c in s.known_hand[p]:
        s.known_hand[p].remove(c)


# --- 2. placement phase --------------------------------------------------------------------

def start_placement(s) -> None:
    s.phase = "placement"
    s.emit("phase", "Placement phase.", phase="placement")
    begin_turns(s, "placement_turn")


@rules.step
def placement_turn(s) -> None:
    p = current_seat(s)
    if p is None:
        start_move(s)
        return
    if s.hand[p]:
        ask(s, "placement", p, "{seat}: place one monster face down on your sheet, or pass",
            "placement_turn")
    else:
        s.turn += 1
        go(s, "placement_turn")


def placement_problem(s, p: int, c: int, place) -> str | None:
    """Why monster `c` may not go face down into `place` (2, D10), or None."""
    if c not in s.hand[p] or s.card(c).kind != "monster":
        return "Only a monster from your hand can be placed."
    if place not in s.table.areas or place[0] != p:
        return "Monsters are placed in an area of your own sheet."
    side = s.table.side
    if len(monsters_on_sheet(s, p)) >= side.per_sheet:
        return f"Your sheet already holds {side.per_sheet} monsters: you may only replace one."
    if len(monsters_at(s, place)) >= side.per_area:
        return f"That area already holds {side.per_area} monster" + (
            "s." if side.per_area > 1 else ".")
    if s.players == 2 and s.card(c).eye and any(monster_card(s, m).eye
                                                 for m in monsters_on_sheet(s, p)):
        return "With 2 players a sheet holds only one eye monster."
    return None


def replacement_problem(s, p: int, c: int, token: int) -> str | None:
    """Why monster `c` may not replace the monster `token` (2, D10), or None."""
    if c not in s.hand[p] or s.card(c).kind != "monster":
        return "Only a monster from your hand can replace one."
    m = s.board.get(token)
    if m is None or m.sheet != p:
        return "You can only replace a monster on your own sheet."
    side = s.table.side
    if len(monsters_on_sheet(s, p)) < side.per_sheet:
        return (f"You may replace a monster only when your sheet holds {side.per_sheet}; "
                "place it in an area instead.")
    if not m.face_up:
        return "Only a face-up monster can be replaced."
    if monster_card(s, m).eye:
        return "An eye monster cannot be replaced."
    if s.players == 2 and s.card(c).eye and any(monster_card(s, o).eye
                                                 for o in monsters_on_sheet(s, p) if o is not m):
        return "With 2 players a sheet holds only one eye monster."
    return None


def place_monster(s, p: int, c: int, place) -> None:
    s.hand[p].remove(c)
    forget_known(s, p, c)
    m = new_placed(s, c, place)
    s.emit("place", lambda: f"{name(s, p)} places a monster face down in area {place[1]}.", p,
           private=lambda: f"You place {s.card_name(c)} face down in area {place[1]}.",
           seen_by=(p,), secret={"card": c}, token=m.token, place=list(place),
           counters=((p, "hand", len(s.hand[p])),))


def replace_monster(s, p: int, c: int, token: int) -> None:
    """The replaced monster (face up, public) returns to hand, known to all (D30)."""
    old = s.board.pop(token)
    s.hand[p].append(old.card)
    s.known_hand[p].append(old.card)
    s.hand[p].remove(c)
    forget_known(s, p, c)
    m = new_placed(s, c, old.place)
    s.emit("replace", lambda: f"{name(s, p)} takes {s.card_name(old.card)} back into hand "
           f"and places a monster face down in its place.", p,
           private=lambda: f"You replace {s.card_name(old.card)} with {s.card_name(c)}.",
           seen_by=(p,), secret={"card": c}, token=m.token, returned=old.card,
           place=list(old.place))


def new_placed(s, c: int, place):
    m = Placed(s.next_token, c, place[0], place[1])
    s.next_token += 1
    s.board[m.token] = m
    return m


# --- 3. move phase -------------------------------------------------------------------------

def start_move(s) -> None:
    s.phase = "move"
    s.emit("phase", "Move phase.", phase="move")
    begin_turns(s, "move_turn")


@rules.step
def move_turn(s) -> None:
    p = current_seat(s)
    if p is None:
        start_hunt(s)
        return
    ask(s, "move", p, "{seat}: move your hunter (up to its MOV), or stay", "move_turn")


def destinations(s, p: int) -> tuple:
    """Where p's hunter may end its move (3, D6): never a camp; a camp must be left."""
    return s.table.reachable(s.pos[p], stats(s, p).mov)


def move_hunter(s, p: int, place) -> None:
    start = s.pos[p]
    s.pos[p] = place
    EFFECTS.run("after_move", hunter_ability(s, p), s, p, start)
    verb = "stays in" if place == start else "moves to"
    s.emit("move", lambda: f"{name(s, p)}'s hunter {verb} {s.table.name(place, s.seat_name)}.",
           p, place=list(place))


# --- 4. hunt phase -------------------------------------------------------------------------

def start_hunt(s) -> None:
    s.phase = "hunt"
    s.resolved = []
    s.area = None
    s.hunter_acted = [False] * s.players
    for m in s.board.values():
        m.acted = False
    s.emit("phase", "Hunt phase: the opening window.", phase="hunt")
    open_window(s, "opening", "choose_next_area")


@rules.step
def choose_next_area(s) -> None:
    """4.1 step 1: the unresolved area of the hunter with the highest RNG (ties: the dealer,
    then clockwise). Areas with no hunter are never resolved."""
    best, best_rng = None, -1
    for p in turn_order(s):
        if in_camp(s, p) or s.pos[p] in s.resolved:
            continue
        r = stats(s, p).rng
        if r > best_rng:
            best, best_rng = p, r
    if best is None:
        start_equip(s)
        return
    s.area, s.opener = s.pos[best], best
    s.emit("area", lambda: f"{s.table.name(s.area, s.seat_name)} is resolved next "
           f"({name(s, best)}'s hunter has the longest range).", best, place=list(s.area),
           order=actor_order_preview(s))
    go(s, "next_actor")


def actor_order_preview(s) -> list[str]:
    """The order the actors would go in now (for the table's banner), highest RNG first."""
    out = []
    for p in hunters_at(s, s.area):
        out.append((-stats(s, p).rng, 0, len(out), name(s, p)))
    for m in monsters_at(s, s.area):
        if m.face_up:
            card = monster_card(s, m)
            out.append((-card.rng, 1, len(out), card.name))
    return [label for *_, label in sorted(out)]


@rules.step
def next_actor(s) -> None:
    """4.1 step 2: the actor with the highest RNG that has not acted; a hunter goes before a
    monster at equal RNG, hunters in turn order, and the opener orders tied monsters."""
    area = s.area
    hunters = [p for p in hunters_at(s, area) if not s.hunter_acted[p]]
    monsters = [m for m in monsters_at(s, area) if m.face_up and not m.acted]
    if not hunters and not monsters:
        s.resolved.append(area)
        s.area = None
        go(s, "choose_next_area")
        return
    top = max([stats(s, p).rng for p in hunters] + [monster_card(s, m).rng for m in monsters])
    for p in hunters:
        if stats(s, p).rng == top:
            start_hunter_turn(s, p)
            return
    tied = [m for m in monsters if monster_card(s, m).rng == top]
    if len(tied) > 1:
        ask(s, "monster_order", s.opener, "{seat}: choose which monster acts next",
            "next_actor", options=tuple(m.token for m in tied))
        return
    start_monster_turn(s, tied[0], "next_actor")


# --- 4.2 a hunter acts -----------------------------------------------------------------------

def start_hunter_turn(s, p: int) -> None:
    s.hunter_turn, s.target = p, -1
    # the answer says what comes next: the attack (declare_attack) or the end of the turn
    ask(s, "target", p, "{seat}: choose a monster to attack, or do not attack", "")


def declare_attack(s, p: int, token: int) -> None:
    """Step 1 chose a target; step 2 turns a face-down one face up (it may strike first)."""
    s.target = token
    m = s.board[token]
    s.emit("attack_declared", lambda: f"{name(s, p)}'s hunter attacks "
           f"{monster_card(s, m).name if m.face_up else 'a face-down monster'}.", p, token=token)
    if m.face_up:
        go(s, "hunter_window")
    else:
        turn_face_up(s, m, p, "strike_first_check")


def no_attack(s, p: int) -> None:
    s.emit("no_attack", lambda: f"{name(s, p)}'s hunter does not attack.", p)
    end_hunter_turn(s)


def end_hunter_turn(s) -> None:
    s.hunter_acted[s.hunter_turn] = True
    s.hunter_turn, s.target = -1, -1
    go(s, "next_actor")


@rules.step
def strike_first_check(s) -> None:
    p, m = s.hunter_turn, s.board.get(s.target)
    if m is not None and not m.acted and s.pos[p] == s.area and strikes_first(s, p, m):
        s.emit("strike_first", lambda: f"{monster_card(s, m).name} strikes first!", m.sheet,
               token=m.token)
        start_monster_turn(s, m, "after_strike_first")
    else:
        go(s, "hunter_window")


@rules.step
def after_strike_first(s) -> None:
    """A strike that made the hunter retreat ends its turn (D12)."""
    if s.pos[s.hunter_turn] != s.area:
        end_hunter_turn(s)
    else:
        go(s, "hunter_window")


@rules.step
def hunter_window(s) -> None:
    open_window(s, "hunter", "hunter_strikes")


@rules.step
def hunter_strikes(s) -> None:
    """Step 4: the hunter deals its damage, unless it left; a lost target is chosen anew."""
    p = s.hunter_turn
    if s.pos[p] != s.area:
        end_hunter_turn(s)
        return
    m = s.board.get(s.target)
    if m is None:
        s.emit("target_lost", lambda: f"{name(s, p)}'s target is gone: choose again.", p)
        start_hunter_turn(s, p)  # D34: the hunter does not lose its action
        return
    damage = hunter_damage(s, p, m)
    s.emit("hit", lambda: f"{name(s, p)}'s hunter deals {damage} to {monster_card(s, m).name}.",
           p, token=m.token, amount=damage)
    end_hunter_turn(s)
    deal_damage(s, m, damage, p)


# --- 4.3 a monster attacks -------------------------------------------------------------------

def start_monster_turn(s, m, then: str) -> None:
    """A window first, if the monster has someone to attack and is not stopped."""
    m.acted = True
    s.monster_turn, s.monster_then = m.token, then
    if m.stopped or not attack_targets(s, m):
        s.monster_turn = -1
        go(s, then)
        return
    open_window(s, "monster", "monster_attacks")


@rules.step
def monster_attacks(s) -> None:
    """Every non-owner hunter in the area, in turn order from the dealer (D35); Counter after
    the whole attack (D36)."""
    m = s.board.get(s.monster_turn)
    then = s.monster_then
    s.monster_turn, s.monster_then = -1, ""
    go(s, then)
    if m is None or m.stopped:
        return
    card = monster_card(s, m)
    countered = []
    for p in attack_targets(s, m):
        loss = cards_lost(s, m, p)
        removed = lose_cards(s, p, max(0, loss), f"{card.name}'s attack") if loss > 0 else 0
        if loss <= 0:
            s.emit("no_loss", lambda p=p: f"{card.name} attacks {name(s, p)}: no cards lost.", p,
                   token=m.token)
        if removed:
            for key in keywords(card):
                EFFECTS.run("after_loss", key, s, m, p, removed)
        if loss <= 0 and EFFECTS.has("after_monster_attack", hunter_ability(s, p)):
            countered.append(p)
    for p in countered:
        if m.token not in s.board or s.over:
            break
        EFFECTS.run("after_monster_attack", hunter_ability(s, p), s, p, m)


def lose_cards(s, p: int, n: int, why: str) -> int:
    """Top cards of the deck to the graveyard, one at a time; the deck running out (or being
    empty already) retreats the hunter and the rest of the loss is ignored (D8)."""
    if n <= 0:
        return 0
    if not s.deck[p]:
        retreat(s, p, f"it must lose a card with an empty deck ({why})")
        return 0
    removed = []
    while len(removed) < n and s.deck[p]:
        c = s.deck[p].pop()
        s.grave[p].append(c)
        removed.append(c)
    s.known_bottom[p] = min(s.known_bottom[p], len(s.deck[p]))
    s.emit("lose", lambda: f"{name(s, p)} loses {len(removed)} card"
           f"{'s' if len(removed) != 1 else ''} ({why}): "
           + ", ".join(s.card_name(c) for c in removed) + ".", p, cards=removed,
           counters=((p, "deck", len(s.deck[p])),))
    if not s.deck[p]:
        retreat(s, p, f"its deck ran out ({why})")
    return len(removed)


# --- 4.5 windows and items -----------------------------------------------------------------

def open_window(s, purpose: str, then: str) -> None:
    """Players take turns from the dealer; the window closes when all have passed in a row."""
    s.win_purpose, s.win_then = purpose, then
    s.win_seat, s.win_passes = s.dealer, 0
    go(s, "window_turn")


@rules.step
def window_turn(s) -> None:
    active = sum(not f for f in s.forfeited)
    while True:
        if s.win_passes >= active:
            go(s, s.win_then)
            s.win_purpose, s.win_then = "", ""
            return
        p = s.win_seat
        if s.forfeited[p]:
            s.win_seat = (p + 1) % s.players
            continue
        if not s.hand[p]:  # public: with nothing in hand there is nothing to do
            s.win_passes += 1
            s.win_seat = (p + 1) % s.players
            continue
        ask(s, "window", p, window_prompt(s, p), "window_turn")
        return


def window_prompt(s, p: int) -> str:
    if s.win_purpose == "opening":
        ability = hunter_ability(s, p)  # public: the hunter card
        return ("{seat}: the hunt opens: use an item, a boost"
                + (f" or {ability.capitalize()}" if EFFECTS.has("window_ability", ability)
                   else "") + ", or pass")
    if s.win_purpose == "hunter":
        return "{seat}: a hunter is about to attack: use an item or a boost, or pass"
    m = s.board.get(s.monster_turn)
    if m is None or m.stopped:  # defeated or trapped in this window: its attack is off
        return "{seat}: the monster will not attack now: use an item or a boost, or pass"
    return "{seat}: a monster is about to attack: use an item or a boost, or pass"


def window_acted(s, p: int) -> None:
    """p used its window turn: everyone gets another chance before the window closes."""
    s.win_passes = 0
    s.win_seat = (p + 1) % s.players


def window_passed(s, p: int) -> None:
    s.win_passes += 1
    s.win_seat = (p + 1) % s.players


def boost(s, p: int, c: int) -> None:
    """4.4: a weapon of the current system for +1 ATK, any armour for +1 DEF, this round."""
    card = s.card(c)
    s.hand[p].remove(c)
    forget_known(s, p, c)
    s.grave[p].append(c)
    if card.kind == "weapon":
        s.atk_bonus[p] += 1
        what = "+1 ATK"
    else:
        s.def_bonus[p] += 1
        what = "+1 DEF"
    s.emit("boost", lambda: f"{name(s, p)} discards {card.name} as a boost: {what}.", p, card=c)


def item_targets(s, p: int, item_id: str):
    """The tokens an item may aim at now, or None when it names no target."""
    return EFFECTS.run("item_targets", item_id, s, p)


def item_problem(s, p: int, c: int, token, response: bool = False) -> str | None:
    """Why p may not use item `c` (at `token`) now (4.5, D16, D27, D37), or None."""
    if c not in s.hand[p] or s.card(c).kind != "item":
        return "Only an item from your hand can be used."
    item = s.card(c)
    why = marked(s, p, NO_ITEMS)
    if why:
        return f"{why}: you cannot use items for the rest of the round."
    if not any(i in stats(s, p).icons for i in item.icons):
        return f"Your hunter's icons ({', '.join(stats(s, p).icons)}) do not match {item.name}."
    if s.players == 2 and not item.two_player:
        return f"{item.name} cannot be used in a 2-player game."
    if response and not item.interrupt:
        return "Only an Interrupt item can be a response."
    if problem := EFFECTS.run("use_problem", item.id, s, p, response):
        return problem
    targets = item_targets(s, p, item.id)
    if targets is None:
        return None if token is None else f"{item.name} names no target."
    if token is None:
        return f"{item.name} needs a target." if targets else f"{item.name} has no legal target."
    if token not in targets:
        return f"{item.name} cannot aim at that monster."
    return None


def announce_item(s, p: int, c: int, token) -> None:
    """The item leaves the hand; every other player may respond with one Interrupt, in turn
    order from the user's left; then the responses and the item resolve."""
    s.hand[p].remove(c)
    forget_known(s, p, c)
    s.item = (p, c, token, False)
    s.responses = []
    item = s.card(c)
    aim = "" if token is None else " at " + monster_word(s, s.board[token])
    s.emit("item", lambda: f"{name(s, p)} uses {item.name}{aim}.", p, card=c, token=token,
           counters=((p, "hand", len(s.hand[p])),))
    window_acted(s, p)
    seats = [q for q in clockwise_from(s, p)[1:] if may_respond(s, q, item.id)]
    ask_in_order(s, "respond", seats, f"{{seat}}: respond to {item.name} with an Interrupt, or pass",
                 "resolve_item")


def may_respond(s, q: int, item_id: str) -> bool:
    """Who is offered a response, on public grounds only: in the game, not stenched, holding
    cards, and some Interrupt its current icons can use could answer the announced item now."""
    if not may_use_items(s, q) or not s.hand[q]:
        return False
    icons = stats(s, q).icons
    return any(any(x in icons for x in i.icons)
               and EFFECTS.run("response_problem", i.id, s, q) is None
               for i in s.cs.items.values() if i.interrupt)


def respond(s, q: int, c: int) -> None:
    s.hand[q].remove(c)
    forget_known(s, q, c)
    s.responses.append((q, c))
    s.emit("respond", lambda: f"{name(s, q)} responds with {s.card(c).name}.", q, card=c)


@rules.step
def resolve_item(s) -> None:
    """Responses first, in the order made; then the announced item, if not cancelled and its
    target is still legal (D37). Every used item goes to its user's graveyard."""
    p, c, token, _ = s.item
    cancelled = False
    for q, r in s.responses:
        if EFFECTS.run("response", s.cards[r], s, q, c):
            cancelled = True
        s.grave[q].append(r)
    s.responses = []
    s.item = (p, c, token, cancelled)
    go(s, "item_done")
    if cancelled:
        return
    targets = item_targets(s, p, s.cards[c])
    if targets is not None and token not in targets:
        s.emit("fizzle", lambda: f"{s.card(c).name}: its target is no longer there.", p)
        return
    m = s.board.get(token) if token is not None else None
    if m is not None and not m.face_up and EFFECTS.modify("turns_face_up", (s.cards[c],), False):
        turn_face_up(s, m, p, "item_effect")
    else:
        go(s, "item_effect")


@rules.step
def item_effect(s) -> None:
    p, c, token, _ = s.item
    go(s, "item_done")
    EFFECTS.run("item", s.cards[c], s, p, token)


@rules.step
def item_done(s) -> None:
    p, c, _, _ = s.item
    s.grave[p].append(c)
    s.item = None
    go(s, "window_turn")


def monster_word(s, m) -> str:
    return monster_card(s, m).name if m.face_up else "a face-down monster"


# --- turning face up -------------------------------------------------------------------------

def turn_face_up(s, m, by: int, then: str) -> None:
    """The monster turns face up and its "when turned face up" abilities happen (Thief, Roar,
    Flash); Roar's discards are questions, so the rules carry on at `then` after them."""
    go(s, then)
    m.face_up = True
    m.known = True
    s.up_counter += 1
    m.up_order = s.up_counter
    card = monster_card(s, m)
    s.emit("reveal", lambda: f"{card.name} is turned face up. {card.text}", m.sheet,
           token=m.token, card=m.card, monster=card.id)
    for key in keywords(card):
        EFFECTS.run("on_reveal", key, s, m, by)


# --- 4.6 defeat ------------------------------------------------------------------------------

def deal_damage(s, m, amount: int, by: int) -> None:
    """Damage stays until the result phase; at 0 HP or less the monster is defeated."""
    if amount <= 0:
        return
    m.damage += amount
    if remaining_hp(s, m) <= 0:
        defeat(s, m, by)


def defeat(s, m, by: int) -> None:
    """The player whose attack, item or ability dealt the final damage gains its level (D17);
    the monster goes to its owner's material pile."""
    card = monster_card(s, m)
    del s.board[m.token]
    s.materials[m.sheet].append(m.card)
    s.emit("defeat", lambda: f"{name(s, by)} defeats {card.name}!", by, token=m.token,
           card=m.card, owner=m.sheet)
    gain_hrp(s, by, card.level, f"defeated {card.name}", "kill")
    check_victory(s)


def gain_hrp(s, p: int, amount: int, why: str, source: str) -> None:
    if s.forfeited[p] or amount <= 0:
        return
    s.hrp[p] += amount
    s.gains.append((p, amount, source, s.round, why))
    s.emit("hrp", lambda: f"{name(s, p)} gains {amount} HRP ({why}).", p, amount=amount,
           reason=why, source=source, counters=((p, "hrp", s.hrp[p]),))


# --- retreat and forfeit -----------------------------------------------------------------

def retreat(s, p: int, why: str) -> None:
    """The hunter goes to its camp, the graveyard is shuffled into the new deck, and the
    retreat count goes up; the third retreat dooms the player (D8, D9, D26)."""
    s.pos[p] = (p, CAMP)
    s.deck[p] = s.grave[p]
    s.grave[p] = []
    s.deckable[p] = sorted(s.deck[p])  # the new deck is exactly the public graveyard (D30)
    s.retreat_token[p] = s.next_token
    s.rng.shuffle(s.deck[p])
    s.known_bottom[p] = 0
    s.retreats[p] += 1
    if s.retreats[p] >= DOOMING_RETREAT:
        s.doomed[p] = True
    s.emit("retreat", lambda: f"{name(s, p)}'s hunter retreats: {why}. Retreat "
           f"{s.retreats[p]}" + (" - doomed!" if s.doomed[p] else "."), p,
           retreats=s.retreats[p], counters=((p, "deck", len(s.deck[p])),
                                             (p, "retreats", s.retreats[p])))


def forfeit(s, p: int) -> None:
    """D25: the monsters go to the graveyard, the hunter leaves the table, no more turns."""
    for m in monsters_on_sheet(s, p):
        del s.board[m.token]
        s.grave[p].append(m.card)
    s.forfeited[p] = True
    s.pos[p] = None
    s.emit("forfeit", lambda: f"{name(s, p)} forfeits.", p)


# --- 5. equip phase ----------------------------------------------------------------------------

def start_equip(s) -> None:
    s.phase = "equip"
    s.area = None
    s.equipped_weapon = [False] * s.players
    s.equipped_armour = [False] * s.players
    s.emit("phase", "Equip phase.", phase="equip")
    begin_turns(s, "equip_turn")


@rules.step
def equip_turn(s) -> None:
    p = current_seat(s)
    if p is None:
        start_result(s)
        return
    if s.hand[p]:
        ask(s, "equip", p, "{seat}: equip a weapon and an armour from hand, then Done",
            "equip_turn")
    else:
        s.turn += 1
        go(s, "equip_turn")


def equipped_of_kind(s, p: int, kind: str) -> int:
    return s.weapon[p] if kind == "weapon" else s.armour[p]


def price(s, p: int, c: int) -> int:
    """The cost less the trade-in credit of the card of the same kind it replaces (5)."""
    card = s.card(c)
    old = equipped_of_kind(s, p, card.kind)
    return equip_price(card, s.card(old) if old >= 0 else None)


def show_equipment(s, p: int, c: int, need: int) -> None:
    """The card to equip is shown and set aside while its material is picked."""
    s.hand[p].remove(c)
    forget_known(s, p, c)
    s.equipping = c
    s.emit("equipping", lambda: f"{name(s, p)} pays {need} material for {s.card_name(c)}.",
           p, card=c, need=need)


def take_back_equipment(s, p: int) -> None:
    """The payment is cancelled: the shown card returns to hand, known to all."""
    c, s.equipping = s.equipping, -1
    s.hand[p].append(c)
    s.known_hand[p].append(c)


def equip(s, p: int, c: int, paid: tuple) -> None:
    card = s.card(c)
    old = equipped_of_kind(s, p, card.kind)
    if s.equipping == c:
        s.equipping = -1
    else:
        s.hand[p].remove(c)
        forget_known(s, p, c)
    if old >= 0:
        s.grave[p].append(old)
    for mc in paid:
        s.materials[p].remove(mc)
        s.grave[p].append(mc)
    if card.kind == "weapon":
        s.weapon[p] = c
        s.equipped_weapon[p] = True
    else:
        s.armour[p] = c
        s.equipped_armour[p] = True
    spent = " for " + ", ".join(s.card_name(x) for x in paid) if paid else " for free"
    s.emit("equip", lambda: f"{name(s, p)} equips {card.name}{spent}.", p, card=c, paid=list(paid),
           replaced=old)


# --- 6. result phase -------------------------------------------------------------------------

def start_result(s) -> None:
    s.phase = "result"
    s.emit("phase", "Result phase.", phase="result")
    begin_turns(s, "result_turn")


@rules.step
def result_turn(s) -> None:
    """Each player in turn does steps 1-6 for their own sheet; then step 7 once (D20)."""
    p = current_seat(s)
    if p is None:
        go(s, "end_of_result")
        return
    if s.forfeited[p]:
        s.turn += 1
        go(s, "result_turn")
        return
    start_of_result(s, p)


def start_of_result(s, p: int) -> None:
    """Step 1: Flame aura burns; then the owner may burrow undamaged Burrow monsters."""
    for m in [m for m in monsters_on_sheet(s, p) if m.face_up]:
        for key in keywords(monster_card(s, m)):
            EFFECTS.run("result_start", key, s, m)
    go(s, "unique_check")
    check_victory(s)
    if burrow_candidates(s, p):
        ask(s, "burrow", p, "{seat}: turn undamaged Burrow monsters face down, then Done",
            "unique_check")


def burrow_candidates(s, p: int) -> list[int]:
    return [m.token for m in monsters_on_sheet(s, p) if m.face_up
            and EFFECTS.modify("may_burrow", keywords(monster_card(s, m)), False, s, m)]


def burrow(s, p: int, token: int) -> None:
    m = s.board[token]
    m.face_up = False
    m.known = True  # it was face up: everyone knows what went under (D30)
    s.emit("burrow", lambda: f"{monster_card(s, m).name} burrows: it is face down again.", p,
           token=token)


@rules.step
def unique_check(s) -> None:
    """Step 2 (D21): a face-up unique monster with a later face-up namesake goes to the
    graveyard, and every other player gains its level."""
    p = current_seat(s)
    for m in [m for m in monsters_on_sheet(s, p) if m.face_up]:
        card = monster_card(s, m)
        if not card.unique:
            continue
        later = [o for o in s.board.values() if o is not m and o.face_up
                 and monster_card(s, o).name == card.name and o.up_order > m.up_order]
        if later:
            remove_as_penalty(s, m, "unique")
    go(s, "eye_check")
    check_victory(s)


def remove_as_penalty(s, m, mark: str) -> None:
    card = monster_card(s, m)
    del s.board[m.token]
    s.grave[m.sheet].append(m.card)
    s.emit("penalty", lambda: f"{card.name} leaves {name(s, m.sheet)}'s sheet ({mark} check).",
           m.sheet, token=m.token, card=m.card)
    for q in clockwise_from(s, m.sheet)[1:]:
        gain_hrp(s, q, card.level, f"{card.name} removed by the {mark} check", mark)


def eye_groups(s, p: int) -> list[list]:
    """Areas of p's sheet with two or more face-up eye monsters (with 2 players: the sheet)."""
    eyes = [m for m in monsters_on_sheet(s, p) if m.face_up and monster_card(s, m).eye]
    if s.players == 2:
        return [eyes] if len(eyes) > 1 else []
    by_area: dict[int, list] = {}
    for m in eyes:
        by_area.setdefault(m.area, []).append(m)
    return [g for g in by_area.values() if len(g) > 1]


@rules.step
def eye_check(s) -> None:
    """Step 3 (D22): the owner keeps one face-up eye monster per area; each removed one gives
    every other player its level."""
    p = current_seat(s)
    groups = eye_groups(s, p)
    if groups:
        ask(s, "keep_eye", p, "{seat}: two eye monsters share an area: choose the one that stays",
            "eye_check", options=tuple(m.token for m in groups[0]))
        return
    go(s, "forfeit_check")
    check_victory(s)


def keep_eye(s, p: int, token: int) -> None:
    group = next(g for g in eye_groups(s, p) if any(m.token == token for m in g))
    for m in group:
        if m.token != token:
            remove_as_penalty(s, m, "eye")


@rules.step
def forfeit_check(s) -> None:
    """Step 4: three retreats forfeit."""
    p = current_seat(s)
    if s.retreats[p] >= DOOMING_RETREAT:
        forfeit(s, p)
        s.turn += 1
        go(s, "result_turn")
        check_victory(s)
        return
    go(s, "hidden_monsters")


@rules.step
def hidden_monsters(s) -> None:
    """Step 5: +1 HRP per face-down monster; with 2 players an empty sheet gives the opponent 1
    (D23)."""
    p = current_seat(s)
    hidden = sum(not m.face_up for m in monsters_on_sheet(s, p))
    gain_hrp(s, p, hidden, f"{hidden} hidden monster{'s' if hidden != 1 else ''}", "hidden")
    if s.players == 2 and not monsters_on_sheet(s, p):
        gain_hrp(s, 1 - p, 1, f"{name(s, p)}'s sheet is empty", "empty_sheet")
    go(s, "reset")
    check_victory(s)


@rules.step
def reset(s) -> None:
    """Step 6 (D33): the sheet's monsters return to printed values; the player's this-round
    bonuses end. Face-up monsters stay face up."""
    p = current_seat(s)
    for m in monsters_on_sheet(s, p):
        m.damage = m.weakness = m.atk_mod = 0
        m.stopped = False
    s.atk_bonus[p] = s.def_bonus[p] = s.atk_minus[p] = 0
    for memory in [key for key in s.marks if key[0] == p]:  # abilities remember a round
        del s.marks[memory]
    s.turn += 1
    go(s, "result_turn")


@rules.step
def end_of_result(s) -> None:
    """A third retreat after the player's own step 4 forfeits now, before step 7 (D26)."""
    for p in turn_order(s):
        if s.doomed[p]:
            forfeit(s, p)
    check_victory(s)
    if s.over:
        return
    next_dealer(s)
    if s.round >= ROUND_LIMIT:
        round_limit(s)
        return
    go(s, "start_round")


def next_dealer(s) -> None:
    """Step 7: the lowest HRP deals; the dealer stays if tied for lowest, else the nearest tied
    player clockwise (counting from the dealer's seat)."""
    alive = [p for p in clockwise_from(s, s.dealer) if not s.forfeited[p]]
    low = min(s.hrp[p] for p in alive)
    s.dealer = next(p for p in alive if s.hrp[p] == low)
    s.emit("dealer", lambda: f"{name(s, s.dealer)} deals the next round.", s.dealer)


# --- the end of the game -------------------------------------------------------------------

def contenders(s) -> list[int]:
    """The players who may still win: not forfeited and not conceded (D41)."""
    return [p for p in range(s.players) if not s.forfeited[p] and p not in s.conceded]


def check_victory(s) -> None:
    """20 HRP first (D40), most HRP among those there, ties share; then the last player
    standing."""
    if s.over:
        return
    there = [p for p in contenders(s) if s.hrp[p] >= WIN_HRP and not s.doomed[p]]
    if there:
        best = max(s.hrp[p] for p in there)
        end_game(s, [p for p in there if s.hrp[p] == best], "20 HRP")
        return
    last_player_standing(s)


def last_player_standing(s) -> None:
    """When every other player has forfeited or conceded, the one left wins, unless doomed
    (play goes on until they forfeit too, D26); nobody left: nobody wins."""
    alive = contenders(s)
    if len(alive) == 1 and not s.doomed[alive[0]]:
        end_game(s, alive, "last player standing")
    elif not alive:
        end_game(s, [], "every player forfeited" if not s.conceded
                 else "every player forfeited or conceded")


def concede(s, p: int) -> None:
    """D41: the player can no longer win; a bot plays their seat on (the table seats it). The
    last player standing wins at once."""
    last_player_standing(s)


def round_limit(s) -> None:
    """D31: after round 50, the most HRP wins; ties share."""
    alive = [p for p in contenders(s) if not s.doomed[p]]
    best = max((s.hrp[p] for p in alive), default=0)
    end_game(s, [p for p in alive if s.hrp[p] == best], "round limit")


def end_game(s, winners: list[int], reason: str) -> None:
    s.over = True
    s.winners = list(winners)
    s.end_reason = reason
    s.decisions.clear()
    s.next_step = ""  # no rulebook step runs after the end
    who = " and ".join(name(s, p) for p in winners) or "Nobody"
    s.emit("game_over", lambda: f"{who} win{'s' if len(winners) == 1 else ''} ({reason}).",
           winners=list(winners), reason=reason)


def outcome(s) -> Outcome:
    sources: list[dict[str, int]] = [{} for _ in range(s.players)]
    for p, amount, source, *_ in s.gains:
        sources[p][source] = sources[p].get(source, 0) + amount
    return Outcome(tuple(s.winners), tuple(float(h) for h in s.hrp), details={
        "reason": s.end_reason, "rounds": s.round, "first_dealer": s.first_dealer,
        "decks": list(s.decks), "retreats": list(s.retreats),
        "forfeited": list(s.forfeited), "conceded": list(s.conceded),
        "hrp_by_source": sources})


def evaluate(s) -> list[float]:
    """Rewards in [0, 1] for a game cut off early (ISMCTS playouts): each seat's share of the
    HRP on the table, nothing for a forfeited or doomed seat."""
    weights = [0.0 if s.forfeited[p] or s.doomed[p] or p in s.conceded else 1.0 + s.hrp[p]
               for p in range(s.players)]
    total = sum(weights) or 1.0
    return [w / total for w in weights]
