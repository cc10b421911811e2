"""Card behaviour, registered in the Monster Hunter effect registry: one handler per monster
ability keyword, per hunter ability and per item id (spec "Monster ability keywords", "Hunters",
"Items"). The numbers come from the card data; these functions say what the words mean."""

from __future__ import annotations

from game.core.flow import mark, marked, unmark
from game.mhtcg import rules
from game.mhtcg.effects import EFFECTS
from game.mhtcg.maps import CAMP

on = EFFECTS.on


# --- monster abilities -----------------------------------------------------------------------

@on("monster_attack", "pack")
def pack(value, s, m):
    """+1 ATK for each other face-up Pack monster in its area."""
    return value + sum(1 for o in rules.monsters_at(s, m.place)
                       if o is not m and o.face_up and rules.monster_card(s, o).has("pack"))


@on("aura", "leader")
def leader(value, s, the_leader, m):
    """The other face-up Pack monsters in its area have +1 ATK; several Leaders add up."""
    return value + 1 if rules.monster_card(s, m).has("pack") else value


@on("monster_attack", "rage")
def rage(value, s, m):
    """+2 ATK while it has damage on it."""
    return value + 2 if m.damage > 0 else value


@on("strikes_first", "ambush")
def ambush(value):
    """Turned face up by a hunter's attack, it strikes before that attack, whatever the ranges."""
    return True


@on("hunter_damage", "armoured")
def armoured(damage, s, p, m):
    """Every hunter attack on it deals `amount` less (bombs and Counter ignore it)."""
    return damage - rules.monster_card(s, m).amount("armoured")


@on("hunter_damage", "aloft")
def aloft(damage, s, p, m):
    """Attacks by hunters with RNG 1 deal 1 less."""
    return damage - 1 if rules.stats(s, p).rng == 1 else damage


@on("hunter_damage", "wind_pressure")
def wind_pressure(damage, s, p, m):
    """Attacks by hunters with RNG 2 or less deal 2 less."""
    return damage - 2 if rules.stats(s, p).rng <= 2 else damage


@on("attack_loss", "poison")
def poison(loss, s, m, p):
    """An attack that removes at least 1 card removes 1 more, as part of the same loss."""
    return loss + 1 if loss >= 1 else loss


@on("after_loss", "stench")
def stench(s, m, p, removed):
    """The hunter's player cannot use items (responses included) for the rest of the round."""
    mark(s, p, rules.NO_ITEMS, "The stench")
    s.emit("stench", lambda: f"{rules.name(s, p)} reeks of {rules.monster_card(s, m).name}: "
           "no items for the rest of the round.", p)


@on("on_reveal", "thief")
def thief(s, m, by):
    """The player who turned it face up discards one card at random from hand."""
    if s.hand[by]:
        c = s.hand[by][s.rng.below(len(s.hand[by]))]
        rules.discard(s, by, c, " (stolen by Thief)")


@on("on_reveal", "roar")
def roar(s, m, by):
    """Each player with a hunter in its area, its owner excepted, discards one card of their
    choice, in turn order from the dealer (D35)."""
    seats = [p for p in rules.hunters_at(s, m.place) if p != m.sheet and s.hand[p]]
    # the discards come first; then the rules carry on where they were going
    rules.ask_in_order(s, "roar", seats, "{seat}: the Roar! Discard one card of your choice",
                       s.next_step)


@on("on_reveal", "flash")
def flash(s, m, by):
    """Every non-owner hunter in its area has -2 ATK this round."""
    for p in rules.hunters_at(s, m.place):
        if p != m.sheet:
            s.atk_minus[p] += 2
            s.emit("flash", lambda p=p: f"{rules.name(s, p)}'s hunter is blinded: -2 ATK.", p)


@on("may_burrow", "burrow")
def burrow(value, s, m):
    """At result step 1, a face-up one that took no damage this round may turn face down."""
    return value or m.damage == 0


@on("result_start", "flame_aura")
def flame_aura(s, m):
    """At result step 1, if face up, every non-owner hunter in its area loses its top card
    (ignoring DEF)."""
    for p in rules.hunters_at(s, m.place):
        if p != m.sheet:
            rules.lose_cards(s, p, 1, f"{rules.monster_card(s, m).name}'s flame aura")


# --- hunter abilities --------------------------------------------------------------------

@on("after_move", "charge")
def charge_ready(s, p, start):
    """D38: it ended the move phase where it began it; a hunter that left a camp moved."""
    if s.pos[p] == start and start[1] != CAMP:
        mark(s, p, "charge")
    else:
        unmark(s, p, "charge")


@on("hunter_attack", "charge")
def charge(value, s, p):
    """+2 ATK this round if the hunter ended the move phase where it began it (D38)."""
    return value + 2 if marked(s, p, "charge") else value


@on("never_struck_first", "sidestep")
def sidestep(value, s, p):
    """A face-down monster this hunter attacks never strikes first, not even with Ambush."""
    return True


@on("after_monster_attack", "counter")
def counter(s, p, m):
    """After a monster's attack removes no cards from this deck, the monster takes 1 damage
    (ignoring Armoured); if that defeats it, this player defeated it."""
    s.emit("counter", lambda: f"{rules.name(s, p)}'s lance counters "
           f"{rules.monster_card(s, m).name}: 1 damage.", p, token=m.token)
    rules.deal_damage(s, m, 1, p)


def spotter_targets(s, p: int) -> list[int]:
    """Face-down monsters (not yours) in your hunter's area or one link away (H4)."""
    if not rules.on_table(s, p):
        return []
    near = s.table.within(s.pos[p], 1)
    return [m.token for m in s.board.values()
            if not m.face_up and m.sheet != p and m.place in near]


@on("window_choices", "spotter")
def spotter_choices(s, p):
    """In the opening window: each card of the hand, to turn up each monster in reach."""
    if s.win_purpose != "opening":
        return []
    name = s.card_name
    return [(c, t, f"Spotter: discard {name(c)}, turn up #{t}")
            for t in spotter_targets(s, p) for c in s.hand[p]]


@on("window_problem", "spotter")
def spotter_problem(s, p, c, token):
    if s.win_purpose != "opening":
        return "Spotter is used only in the opening window."
    if marked(s, p, "spotter_used"):
        return "Spotter is used once per round."
    if not (isinstance(c, int) and c in s.hand[p]):
        return "Spotter discards a card from your hand."
    if token not in spotter_targets(s, p):
        return "Spotter turns up a face-down monster (not yours) in your area or one link away."
    return None


@on("window_ability", "spotter")
def spotter(s, p, c, token):
    """Once per round, in the opening window: discard a card to turn up a face-down monster (not
    yours) in your hunter's area or one link away."""
    mark(s, p, "spotter_used")
    rules.discard(s, p, c, " for Spotter")
    rules.turn_face_up(s, s.board[token], p, "window_turn")


# --- items: what each may aim at -----------------------------------------------------------

def _in_my_area(s, p, face_up_only=False):
    if not rules.on_table(s, p):
        return []
    return [m.token for m in rules.monsters_at(s, s.pos[p])
            if m.sheet != p and (m.face_up or not face_up_only)]


@on("item_targets", "I06", "I07")
def one_monster_in_your_area(s, p):
    return _in_my_area(s, p)


@on("item_targets", "I08")
def one_face_up_monster_in_your_area(s, p):
    return _in_my_area(s, p, face_up_only=True)


@on("item_targets", "I12")
def one_face_down_monster_within_2(s, p):
    if not rules.on_table(s, p):
        return []
    near = s.table.within(s.pos[p], 2)
    return [m.token for m in s.board.values()
            if not m.face_up and m.sheet != p and m.place in near]


@on("item_targets", "I01", "I02", "I03", "I04", "I05", "I09", "I10", "I11", "I13", "I14")
def names_no_target(s, p):
    return None


@on("turns_face_up", "I06", "I07", "I12")
def turns_its_target_face_up(value):
    """A bomb or the Paintball turns a face-down target face up first."""
    return True


# --- items: when they may be used, and the Interrupts' answers ----------------------------------

@on("use_problem", "I10")
def dung_bomb_only_answers(s, p, response):
    if not response:
        return "Dung Bomb is only a response to another player's item aimed at a monster."
    return None


@on("use_problem", "I11")
def farcaster_leaves_the_field(s, p, response):
    if not rules.on_table(s, p) or rules.in_camp(s, p):
        return "Farcaster needs your hunter outside a camp."
    return None


@on("response_problem", "I10")
def dung_bomb_answers_one_monster(s, q):
    """It answers an item aimed at one monster (the announced item names a target)."""
    if s.item[2] is None:
        return "Dung Bomb only answers an item aimed at one monster."
    return None


@on("response_problem", "I11")
def farcaster_answers_with_more_than_2(s, q):
    if s.players <= 2:
        return "Farcaster cannot be used in a 2-player game."
    if not rules.on_table(s, q) or rules.in_camp(s, q):
        return "Farcaster needs your hunter outside a camp."
    return None


@on("response", "I10")
def dung_bomb_cancels(s, q, c):
    """The announced item has no effect."""
    s.emit("cancelled", lambda: f"Dung Bomb: {s.card(c).name} has no effect.", q)
    return True


@on("response", "I11")
def farcaster_escapes(s, q, c):
    farcaster(s, q, None)
    return False


# --- items: what each does -------------------------------------------------------------------

def _potion(s, p, n):
    """The top n graveyard cards, one at a time, to the bottom of the deck (public, D30)."""
    moved = []
    for _ in range(min(n, len(s.grave[p]))):
        c = s.grave[p].pop()
        s.deck[p].insert(0, c)
        moved.append(c)
    s.known_bottom[p] += len(moved)
    s.emit("potion", lambda: f"{rules.name(s, p)} puts {len(moved)} card"
           f"{'s' if len(moved) != 1 else ''} under the deck.", p, cards=moved,
           counters=((p, "deck", len(s.deck[p])),))


@on("item", "I01")
def potion(s, p, token):
    _potion(s, p, 3)


@on("item", "I02")
def mega_potion(s, p, token):
    _potion(s, p, 5)


def _bonus(s, p, atk, df, what):
    s.atk_bonus[p] += atk
    s.def_bonus[p] += df
    s.emit("bonus", lambda: f"{rules.name(s, p)}'s hunter: {what} this round.", p)


@on("item", "I03")
def whetstone(s, p, token):
    _bonus(s, p, 2, 0, "+2 ATK")


@on("item", "I04")
def demondrug(s, p, token):
    _bonus(s, p, 1, 1, "+1 ATK, +1 DEF")


@on("item", "I05")
def armorskin(s, p, token):
    _bonus(s, p, 0, 2, "+2 DEF")


@on("item", "I13")
def normal_s_lv2(s, p, token):
    _bonus(s, p, 2, 0, "+2 ATK")


@on("item", "I14")
def crag_s(s, p, token):
    _bonus(s, p, 3, 0, "+3 ATK")
    rules.lose_cards(s, p, 1, "Crag S")


@on("item", "I06")
def barrel_bomb(s, p, token):
    """3 damage; bombs ignore Armoured, Aloft and Wind pressure (D18)."""
    m = s.board.get(token)
    if m is not None:
        s.emit("bomb", lambda: f"The Barrel Bomb deals 3 to {rules.monster_word(s, m)}.", p,
               token=token, amount=3)
        rules.deal_damage(s, m, 3, p)


@on("item", "I07")
def large_barrel_bomb(s, p, token):
    """5 damage, then every hunter in that area, yours included, loses its top card."""
    m = s.board.get(token)
    if m is None:
        return
    place = m.place
    s.emit("bomb", lambda: f"The Large Barrel Bomb deals 5 to {rules.monster_word(s, m)}.", p,
           token=token, amount=5)
    rules.deal_damage(s, m, 5, p)
    if s.over:
        return
    for q in rules.hunters_at(s, place):
        rules.lose_cards(s, q, 1, "the Large Barrel Bomb's blast")


@on("item", "I08")
def pitfall_trap(s, p, token):
    """It does not attack this round, and hunter attacks on it deal +1 (a weakness)."""
    m = s.board[token]
    m.stopped = True
    m.weakness += 1
    s.emit("trap", lambda: f"{rules.monster_word(s, m)} falls into the Pitfall Trap.", p,
           token=token)


@on("item", "I09")
def flash_bomb(s, p, token):
    """Every monster (not yours) in your area, face up or down, -2 ATK this round; none turns
    face up (the -2 stays if it does later, D37)."""
    if not rules.on_table(s, p):
        return
    for m in rules.monsters_at(s, s.pos[p]):
        if m.sheet != p:
            m.atk_mod -= 2
    s.emit("flash_bomb", lambda: f"{rules.name(s, p)}'s Flash Bomb: monsters there -2 ATK.", p)


@on("item", "I10")
def dung_bomb(s, p, token):  # pragma: no cover - only ever a response (rules.resolve_item)
    """Only a response: another player's item aimed at one monster has no effect."""


@on("item", "I11")
def farcaster(s, p, token):
    """The hunter goes to its own camp and sits out the hunt; not a retreat (I11)."""
    s.pos[p] = (p, CAMP)
    s.emit("farcaster", lambda: f"{rules.name(s, p)}'s hunter returns to its camp.", p,
           place=[p, CAMP])


@on("item", "I12")
def paintball(s, p, token):
    """Turning it face up is the whole effect (done before, in rules.resolve_item)."""
