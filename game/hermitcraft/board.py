"""The Hermitcraft board and the small rules every part uses (docs/rules/hermitcraft.md).

Constants of the rulebook, who owns what, where a Hermit is, drawing and discarding, coins,
switching, healing and status effects. The rules (rules.py), the attacks (attacks.py), the
answers to choices (choices.py) and the cards (effects.py) all build on these; this module
imports none of them.
"""

from __future__ import annotations

from game.core import decisions
from game.core.flow import marked
from game.hermitcraft.cards import RARITY_NAMES
from game.hermitcraft.hooks import EFFECTS

ROWS = 5
ITEM_SLOTS = 3
NONE, BURN, POISON = 0, 1, 2
DOT_NAMES = {BURN: "burn", POISON: "poison"}

HAND_SIZE = 7
LIVES = 3
WEAKNESS_DAMAGE = 20
BURN_DAMAGE = 20
POISON_DAMAGE = 20
POISON_FLOOR = 10
SLEEP_TURNS = 3  # the owner's turn starts until a sleeper wakes (D16)
DECK_SIZE = 42

# hit sources (D12): what a reduction looks at; a piercing hit is effect-card damage that
# armour does not stop (Thorns, D33)
HERMIT, EFFECT, PIERCING, BURNING, SELF = "hermit", "effect", "piercing", "burn", "self"

#: a seat's mark: the multipliers (percent) waiting for its next Hermit attack (Invisibility
#: Potion; used up when that attack resolves, D36)
NEXT_ATTACK = "next_attack_percents"

#: a seat's mark: the turn on which its Hermit attacks without paying (Efficiency)
FREE_ATTACK = "free_attack_turn"
#: a seat's mark: cards it draws at the end of this turn on top of the draw (TFC rare)
EXTRA_DRAWS = "extra_draws"

#: a seat's mark: the turn during which it sees the opponent's hand (Spyglass)
SEES_HAND = "sees_hand_turn"

# order of after-attack steps (spec "Hits and the damage pipeline"): forced switches, own
# switches, a card's own step (Grian's steal), grants
FORCED, SELF_SWITCH, CARD_STEP, GRANT = 0, 1, 2, 3

#: the rules step every choice frame resumes at once answered (rules.resolve_action)
RESOLVE = "resolve_action"


def ask(s, kind: str, p: int, options=(), context=(), *, prompt: str = "") -> None:
    """A choice the current action waits for; once answered, the action carries on."""
    decisions.ask(s, kind, p, options, context, prompt=prompt, then=RESOLVE)


def noted(atk: dict, key: str, default=None):
    """What the attack in progress noted under `key` (a card's answer to its own question,
    D35 step 1), else `default`."""
    for k, value in atk["notes"]:
        if k == key:
            return value
    return default


def note(atk: dict, key: str, value) -> None:
    """Note `value` under `key` for the rest of the attack (its values stay immutable, so
    copies of the state share them)."""
    atk["notes"] += ((key, value),)


# --- card memory (game/core/flow.py marks) ------------------------------------------------------
# A seat's marks are about the seat number; a card's are about `about(iid)` (or a pair of
# cards, `about(a, b)`), so that the two never meet.

def about(*iids: int) -> tuple:
    """Who a mark about these card instances is about."""
    return ("card", *iids)


def forget(s, iid: int) -> None:
    """Card `iid` leaves its place: every mark about it goes (if it comes back, it is a new
    card)."""
    gone = [key for key in s.marks if type(key[0]) is tuple and iid in key[0][1:]]
    for key in gone:
        del s.marks[key]


def owner(iid: int) -> int:
    return iid // DECK_SIZE


def seat(s, p: int) -> str:
    return s.seat_name(p)


def rows_with_hermits(s, p: int) -> list[int]:
    return [r for r in range(ROWS) if s.hermit[p][r] >= 0]


def afk_rows(s, p: int) -> list[int]:
    return [r for r in range(ROWS) if s.hermit[p][r] >= 0 and r != s.active[p]]


def active_card(s, p: int):
    r = s.active[p]
    return s.card(s.hermit[p][r]) if r >= 0 else None


def is_down(s, p: int, r: int) -> bool:
    """At 0 HP and not revived: stays in its row until knock-outs are resolved (D34)."""
    return s.hermit[p][r] >= 0 and s.hp[p][r] <= 0


def is_ignored(s, p: int, iid: int) -> bool:
    """Golden Axe or xB's Noice! made this card do nothing this turn (D30)."""
    return iid in s.ignored or s.ignore_side == p


def working_effect(s, p: int, r: int):
    """The effect card on row r if it is not ignored, else None."""
    iid = s.effect[p][r]
    if iid < 0 or is_ignored(s, p, iid):
        return None
    return s.card(iid)


def hermit_desc(s, iid: int) -> str:
    card = s.card(iid)
    if card.kind == "hermit":
        return f"{card.name} ({RARITY_NAMES[card.rarity]})"
    return card.name


def row_desc(s, p: int, r: int) -> str:
    return f"{s.name(s.hermit[p][r])} (row {r + 1})"


def board_place(s, iid: int) -> tuple[int, int]:
    """(seat, row) of a Hermit on the board."""
    p = owner(iid)
    return p, s.hermit[p].index(iid)


def draw(s, p: int, n: int = 1) -> int:
    """Draw up to n cards; draws from cards take what is there and never lose (D20)."""
    drawn = 0
    for _ in range(n):
        if not s.decks[p]:
            break
        iid = s.decks[p].pop()
        s.hands[p].append(iid)
        drawn += 1
        s.emit("draw", f"{seat(s, p)} draws a card.", p,
               private=lambda iid=iid: f"You draw {hermit_desc(s, iid)}.", seen_by=(p,),
               secret={"card": iid}, counters=((p, "deck", len(s.decks[p])),))
    return drawn


def discard(s, iid: int, to: int | None = None) -> None:
    s.discards[owner(iid) if to is None else to].append(iid)


def flip(s, p: int, card_id: str, n: int = 1) -> list[bool]:
    """Flip n coins for player p (heads = True). Fortune makes p's coins heads."""
    forced = marked(s, p, "heads_until", 0) >= s.turn  # Fortune (D17)
    results = [True if forced else s.rng.below(2) == 0 for _ in range(n)]
    s.coins.append([p, card_id, [int(x) for x in results]])
    s.emit("coin", lambda: f"{s.cs.by_id[card_id].name} flips for {seat(s, p)}: " + ", ".join(
        "heads" if x else "tails" for x in results) + ("" if not forced else " (Fortune)"),
        p, card=card_id, results=[int(x) for x in results])
    return results


def wake(s, p: int, r: int) -> None:
    """The Hermit wakes; its effect card may act (a Bed is discarded, D16)."""
    s.sleep[p][r] = 0
    iid = s.effect[p][r]
    if iid >= 0:
        EFFECTS.run("woke", s.defs[iid], s, p, r, iid)


def copy_suffix(s, p: int, iid: int) -> str:
    """Copies of one card in a hand get a number, so every action's label is its own."""
    same = [c for c in s.hands[p] if s.defs[c] == s.defs[iid]]
    return "" if len(same) == 1 else f" (copy {same.index(iid) + 1})"


def count_single_use(s, after_acting: bool) -> None:
    """A single-use card is used; one used after attacking spends Gem's grant (D8)."""
    s.su_used += 1
    if after_acting:
        s.su_after += 1


def make_active(s, p: int, r: int, forced: bool = False) -> None:
    """Row r becomes p's active Hermit; a sleeper forced AFK by the opponent wakes (D16)."""
    old = s.active[p]
    if forced and old >= 0 and s.sleep[p][old] > 0:
        wake(s, p, old)
    s.active[p] = r
    s.emit("switch", lambda: f"{seat(s, p)}'s active Hermit is now {row_desc(s, p, r)}.", p,
           row=r)


def own_switch_blocked(s, p: int) -> bool:
    """Your own cards' switches (Cub, Chorus Fruit, Tango's own side) do nothing (D7, D34)."""
    r = s.active[p]
    return (r < 0 or is_down(s, p, r) or s.sleep[p][r] > 0 or is_bound(s, p)
            or not afk_rows(s, p))


def is_bound(s, p: int) -> bool:
    """p's active Hermit cannot go AFK this turn by p's own doing (Curse of Binding, D7)."""
    return s.marks.get((p, "bound_turn")) == s.turn  # (marked(), inline: asked at every switch)


def forced_switch_blocked(s, p: int) -> bool:
    """An opponent's forced switch does nothing to a down active, a Netherite holder, or a
    player with no AFK Hermit (D34)."""
    r = s.active[p]
    if r < 0 or is_down(s, p, r) or not afk_rows(s, p):
        return True
    card = working_effect(s, p, r)
    return card is not None and bool(EFFECTS.run("stays_active", card.id))


def moved(s, iid: int) -> None:
    """A card moved by an effect works in its new slot as if attached there (D37): what it
    absorbed in this action and what it remembered of its old slot go (a moved Bed only
    occupies the slot, D16); an armour's budget moves with it (D12)."""
    s.absorbed.pop(iid, None)
    forget(s, iid)


def arrived(s, p: int, r: int, iid: int) -> None:
    """An effect card arrives in a slot, played or moved (D37): buckets cure at once."""
    EFFECTS.run("attached", s.defs[iid], s, p, r, iid)


def heal(s, p: int, r: int, amount: int) -> None:
    """Heal one of your Hermits; never above its HP (D32). Down Hermits stay down."""
    if s.hermit[p][r] < 0 or is_down(s, p, r):
        return
    top = s.card(s.hermit[p][r]).health
    before = s.hp[p][r]
    s.hp[p][r] = min(top, before + amount)
    s.emit("heal", lambda: f"{row_desc(s, p, r)} heals {s.hp[p][r] - before}.", p, row=r,
           counters=((p, f"hp{r}", s.hp[p][r]),))


def apply_status(s, p: int, r: int, dot: int) -> None:
    """Burn or poison (D15): nothing if it already has one, or if its card refuses it."""
    if s.hermit[p][r] < 0 or s.dot[p][r] != NONE:
        return
    card = working_effect(s, p, r)
    if card is not None and EFFECTS.run("immune", card.id, dot):
        s.emit("status", lambda: f"{s.name(s.effect[p][r])} keeps {row_desc(s, p, r)} from "
               f"{DOT_NAMES[dot]}.", p)
        return
    s.dot[p][r] = dot
    s.emit("status", lambda: f"{row_desc(s, p, r)} is {'burned' if dot == BURN else 'poisoned'}.",
           p, row=r, status=DOT_NAMES[dot])


def cure(s, p: int, r: int, dot: int) -> None:
    if s.dot[p][r] == dot:
        s.dot[p][r] = NONE
        s.emit("status", lambda: f"{row_desc(s, p, r)} is cured of {DOT_NAMES[dot]}.", p, row=r)


def fall_asleep(s, p: int, r: int) -> None:
    """Asleep for the rest of this turn and the owner's next 2 turns (D16); a new sleep restarts
    the count."""
    s.sleep[p][r] = SLEEP_TURNS
    s.emit("status", lambda: f"{row_desc(s, p, r)} falls asleep.", p, row=r, status="sleep")


def clear_statuses(s, p: int, r: int) -> None:
    s.dot[p][r] = NONE
    if s.sleep[p][r] > 0:
        wake(s, p, r)
