"""The Hermitcraft TCG rules, in rulebook order (docs/rules/hermitcraft.md).

Setup, the start of a turn, what a player may do on their turn (one check per action kind:
legality is written once), attacks and the damage pipeline (D12, D35), status effects, coin
flips, knock-outs and lives, the end of the turn, the end of the game. Card behaviour is in
effects.py, registered by card id; this file calls it at the moments the rulebook names.

Pending questions are frames on `s.decisions`: "turn" (the current player's main phase) at the
bottom, choices (targets, forced switches, a card to discard) pushed on top. An action that
needs several steps keeps its progress as plain data (`s.attack`, `s.pending`), so the state
clones and saves without closures. Attacks are in attacks.py, the answers to choices in
choices.py.

The actions (what the table matches a gesture against; rows are the acting seat's own rows
0-4 unless the frame says otherwise):

| kind | source | target | option |
|---|---|---|---|
| play_hermit | Hermit in hand | empty row | |
| attach_effect, attach_item | card in hand | row | |
| single_use | card in hand (a bucket too) | "single_use" | |
| take_back | the waiting card in the slot | "hand" | |
| attack | the active Hermit | "attack" | "primary" / "secondary" |
| su_attack | the attack card in the slot | "attack" | |
| switch | the AFK Hermit | its row | |
| end_turn | | | |
| choose / pick | | the answer (see choices.choice_options) | |

Choice frames (`s.decisions[-1].kind`): new_active, forced_switch, self_switch (-1 = stay),
keralis_heal, heal_target, mending_row, bucket_target (the asked seat's rows); hypno_target,
bow_target, lead_row (the opponent's rows); crossbow_targets (tuples of the opponent's rows);
copy_attack ((Hermit instance, "primary" / "secondary")); hypno_discard, chest_card, lead_item,
looting_item (card instances); composter_discard (pick 2 of your hand), spyglass_discard (a
card of the opponent's hand); grian_steal ("attach" / "discard").
"""

from __future__ import annotations

from game.core import decisions
from game.core.contract import Action
from game.hermitcraft.cards import RARITY_NAMES
from game.hermitcraft.queries import can_pay
from game.hermitcraft.state import BURN, DOT_NAMES, ITEM_SLOTS, NONE, POISON, ROWS, HermitState

HAND_SIZE = 7
LIVES = 3
WEAKNESS_DAMAGE = 20
BURN_DAMAGE = 20
POISON_DAMAGE = 20
POISON_FLOOR = 10
SLEEP_TURNS = 3  # the owner's turn starts until a sleeper wakes (D16)
DECK_SIZE = 42

# hit sources (D12): what a reduction looks at
HERMIT, EFFECT, THORNS, BURNING, SELF = "hermit", "effect", "thorns", "burn", "self"

# order of after-attack steps (spec "Hits and the damage pipeline")
FORCED, SELF_SWITCH, STEAL, GRANT = 0, 1, 2, 3


def effects():
    """The card-behaviour registry (effects.py imports this module, so it is bound last)."""
    return _effects.EFFECTS


# --- small helpers ---------------------------------------------------------------------------

def owner(iid: int) -> int:
    return iid // DECK_SIZE


def seat(s: HermitState, p: int) -> str:
    return s.seat_name(p)


def rows_with_hermits(s: HermitState, p: int) -> list[int]:
    return [r for r in range(ROWS) if s.hermit[p][r] >= 0]


def afk_rows(s: HermitState, p: int) -> list[int]:
    return [r for r in range(ROWS) if s.hermit[p][r] >= 0 and r != s.active[p]]


def active_card(s: HermitState, p: int):
    r = s.active[p]
    return s.card(s.hermit[p][r]) if r >= 0 else None


def is_down(s: HermitState, p: int, r: int) -> bool:
    """At 0 HP and not revived: stays in its row until knock-outs are resolved (D34)."""
    return s.hermit[p][r] >= 0 and s.hp[p][r] <= 0


def is_ignored(s: HermitState, p: int, iid: int) -> bool:
    """Golden Axe or xB's Noice! made this card do nothing this turn (D30)."""
    return iid in s.ignored or s.ignore_side == p


def working_effect(s: HermitState, p: int, r: int):
    """The effect card on row r if it is not ignored, else None."""
    iid = s.effect[p][r]
    if iid < 0 or is_ignored(s, p, iid):
        return None
    return s.card(iid)


def hermit_desc(s: HermitState, iid: int) -> str:
    card = s.card(iid)
    if card.kind == "hermit":
        return f"{card.name} ({RARITY_NAMES[card.rarity]})"
    return card.name


def row_desc(s: HermitState, p: int, r: int) -> str:
    return f"{s.name(s.hermit[p][r])} (row {r + 1})"


def board_place(s: HermitState, iid: int) -> tuple[int, int]:
    """(seat, row) of a Hermit on the board."""
    p = owner(iid)
    return p, s.hermit[p].index(iid)


def draw(s: HermitState, p: int, n: int = 1) -> int:
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


def discard(s: HermitState, iid: int, to: int | None = None) -> None:
    s.discards[owner(iid) if to is None else to].append(iid)


# --- coin flips (spec "Coin flips", D17) -------------------------------------------------------

def flip(s: HermitState, p: int, card_id: str, n: int = 1) -> list[bool]:
    """Flip n coins for player p (heads = True). Fortune makes p's coins heads."""
    forced = s.fortune_until[p] >= s.turn
    results = [True if forced else s.rng.below(2) == 0 for _ in range(n)]
    s.coins.append([p, card_id, [int(x) for x in results]])
    s.emit("coin", lambda: f"{s.cs.by_id[card_id].name} flips for {seat(s, p)}: " + ", ".join(
        "heads" if x else "tails" for x in results) + ("" if not forced else " (Fortune)"),
        p, card=card_id, results=[int(x) for x in results])
    return results


# --- setup (spec "Setup") ----------------------------------------------------------------------

def setup(s: HermitState, decks: list[list[str]]) -> None:
    s.defs = [card_id for deck in decks for card_id in deck]
    s.lives = [LIVES, LIVES]
    for p in range(2):
        s.decks[p] = list(range(p * DECK_SIZE, p * DECK_SIZE + len(decks[p])))
        deal_opening_hand(s, p)
    s.first = s.rng.below(2)
    s.turn = 0
    start_turn(s, s.first)


def deal_opening_hand(s: HermitState, p: int) -> None:
    """Shuffle and draw 7 until the hand holds a Hermit (D5)."""
    if not any(s.card(c).kind == "hermit" for c in s.decks[p]):
        raise ValueError(f"{seat(s, p)}'s deck has no Hermit card")
    while True:
        s.decks[p] += s.hands[p]
        s.hands[p] = []
        s.decks[p].sort()
        s.rng.shuffle(s.decks[p])
        for _ in range(HAND_SIZE):
            if s.decks[p]:
                s.hands[p].append(s.decks[p].pop())
        if any(s.card(c).kind == "hermit" for c in s.hands[p]):
            return


# --- the start of a turn (spec "Start of the turn") --------------------------------------------

def start_turn(s: HermitState, p: int) -> None:
    s.turn += 1
    s.current = p
    s.item_played = s.acted = s.attacked = s.efficiency = s.su_ready = s.su_granted = False
    s.su_used = s.grant = s.su_after = s.extra_draw = 0
    s.taken_back, s.coins = [], []
    # 1. armour budgets, Thorns and Wolf reset for both players (D12, D33)
    s.budget, s.fired = {}, []
    # Deathloop lasts until its owner's next turn starts (D36)
    s.armed = [iid for iid in s.armed if owner(iid) != p]
    # 2. sleep counts down; a Hermit whose sleep ends wakes (D16)
    for r in rows_with_hermits(s, p):
        if s.sleep[p][r] > 0:
            s.sleep[p][r] -= 1
            if s.sleep[p][r] == 0:
                wake(s, p, r)
    # 3. a skipped turn (Clock, Time Skip; D29)
    s.skipping = bool(s.skip_next[p])
    s.skipped[p] = s.skipping
    s.skip_next[p] = False
    s.emit("turn", f"Turn {s.turn}: {seat(s, p)}" + (" (skipped)" if s.skipping else ""), p,
           turn=s.turn)
    decisions.ask(s, "turn", p, prompt="{seat}: play cards, attack or end your turn"
                  if not s.skipping else "{seat}: this turn is skipped; switch or end it")
    # 4. a player without an active Hermit chooses one
    if s.active[p] < 0 and rows_with_hermits(s, p):
        ask_new_active(s, p)


def ask_new_active(s: HermitState, p: int) -> None:
    decisions.ask(s, "new_active", p, tuple(afk_rows(s, p)),
                  prompt="{seat}: choose your new active Hermit")


def wake(s: HermitState, p: int, r: int) -> None:
    """The Hermit wakes; a Bed on it is discarded (D16)."""
    s.sleep[p][r] = 0
    iid = s.effect[p][r]
    if iid >= 0 and [iid, s.hermit[p][r]] in s.beds:  # a moved Bed does nothing (D16)
        s.beds.remove([iid, s.hermit[p][r]])
        s.effect[p][r] = -1
        discard(s, iid)
        s.emit("move", f"{row_desc(s, p, r)} wakes; the Bed is discarded.", p, card=iid,
               to="discard")


# --- what the current player may do: candidates ------------------------------------------------

def candidates(s: HermitState, player: int) -> list[Action]:
    top = decisions.top(s)
    if top is None:
        return []
    if top.kind == "turn":
        return turn_candidates(s, player)
    return [Action("pick" if top.how == decisions.PICK else "choose", target=v, label=label)
            for v, label in choices.choice_options(s, top)]


def copy_suffix(s: HermitState, p: int, iid: int) -> str:
    """Copies of one card in a hand get a number, so every action's label is its own."""
    same = [c for c in s.hands[p] if s.defs[c] == s.defs[iid]]
    return "" if len(same) == 1 else f" (copy {same.index(iid) + 1})"


def legal_actions(s: HermitState, p: int) -> list[Action]:
    """The legal actions of `p`, who is asked now. The candidates are built legal (a choice
    offers exactly its options; the main phase leaves out what its checks refuse), so the
    checks need not run again; tests/hermitcraft/test_game.py compares this with the checks'
    filter on every position of many games."""
    return candidates(s, p)


def _made(s: HermitState, p: int, kind: str, source, target, option, context,
          label) -> Action:
    """The Action offered to p with these parts, made once: `s.made[p]` is shared by clones
    (and by p's determinizations: it holds only p's own offers), keyed by the parts and by
    what else the label reads (`context`); `label` is called only the first time."""
    made = s.made[p]
    key = (kind, source, target, option, context)
    action = made.get(key)
    if action is None:
        action = made[key] = Action(kind, source, target, option, label=label())
    return action


def turn_candidates(s: HermitState, p: int) -> list[Action]:
    """The main phase's actions: exactly those the checks below pass, built directly (a
    group that cannot be legal now is left out whole; the shared `*_problem` functions decide
    the rest)."""
    out = []
    r = s.active[p]
    hermits = s.hermit[p]
    plays = not s.skipping and not s.acted
    has_hermits = [x for x in range(ROWS) if hermits[x] >= 0]
    if r < 0 and has_hermits:  # a new active Hermit is chosen first (ask_new_active)
        plays = False
    empty = [x for x in range(ROWS) if hermits[x] < 0]
    plays_items = plays and not s.item_played and r >= 0
    plays_effects = plays and r >= 0
    uses = s.su_slot < 0 and not s.skipping and r >= 0
    seen: dict[str, int] = {}
    copies: dict[str, int] = {}
    defs = s.defs
    for iid in s.hands[p]:
        copies[defs[iid]] = copies.get(defs[iid], 0) + 1
    for iid in s.hands[p]:
        card_id = defs[iid]
        seen[card_id] = seen.get(card_id, 0) + 1
        tag = "" if copies[card_id] == 1 else f" (copy {seen[card_id]})"
        card = s.cs.by_id[card_id]
        kind = card.kind
        if kind == "hermit":
            if plays:
                out += [_play_action(s, p, iid, x, tag) for x in empty]
        elif kind == "item":
            if plays_items:
                items = s.items[p]
                out += [_attach_action(s, p, "attach_item", iid, x, tag)
                        for x in has_hermits if len(items[x]) < ITEM_SLOTS]
        elif kind == "effect":
            if plays_effects:
                rows = (r,) if card.active_only else has_hermits
                out += [_attach_action(s, p, "attach_effect", iid, x, tag)
                        for x in rows if s.effect[p][x] < 0]
            if card.single_use and uses and single_use_problem(s, p, iid, card) is None:
                out.append(_single_use_action(s, p, iid, tag))
        elif uses and single_use_problem(s, p, iid, card) is None:
            out.append(_single_use_action(s, p, iid, tag))
    if s.su_slot >= 0 and s.su_ready:
        iid = s.su_slot
        out.append(_made(s, p, "take_back", iid, "hand", None, None,
                         lambda: f"Take {s.name(iid)} back into your hand"))
        if su_attack_problem(s, p) is None:
            out.append(_made(s, p, "su_attack", iid, "attack", None, None,
                             lambda: f"Attack with {s.name(iid)} alone"))
    if r >= 0 and not s.acted and not s.skipping:
        hermit = s.card(hermits[r])
        for which in ("primary", "secondary"):
            if attack_problem(s, p, which) is None:
                at = hermit.attack(which)
                out.append(_made(s, p, "attack", hermits[r], "attack", which, None,
                                 lambda at=at: f"{hermit.name}: {at.name} ({at.damage})"))
    if r >= 0 and switch_problem(s, p) is None:
        out += [_made(s, p, "switch", hermits[x], x, None, None,
                      lambda x=x: f"Switch to {row_desc(s, p, x)}")
                for x in has_hermits if x != r]
    if r >= 0:
        out.append(_made(s, p, "end_turn", None, None, None, None, lambda: "End your turn"))
    return out


def _play_action(s: HermitState, p: int, iid: int, x: int, tag: str) -> Action:
    return _made(s, p, "play_hermit", iid, x, None, tag,
                 lambda: f"Play {hermit_desc(s, iid)}{tag} in row {x + 1}")


def _attach_action(s: HermitState, p: int, kind: str, iid: int, x: int, tag: str) -> Action:
    return _made(s, p, kind, iid, x, None, (tag, s.hermit[p][x]),
                 lambda: f"Attach {s.name(iid)}{tag} to {row_desc(s, p, x)}")


def _single_use_action(s: HermitState, p: int, iid: int, tag: str) -> Action:
    return _made(s, p, "single_use", iid, "single_use", None, tag,
                 lambda: f"Use {s.name(iid)}{tag} as your single-use card")


# --- the checks: one per action kind, a reason or None (legality written once) ---------------

def _main_phase(s: HermitState, p: int) -> str | None:
    if not s.decisions:
        return "Not now."
    top = s.decisions[-1]
    if top.kind != "turn" or top.seats[0] != p:
        return "First answer the question being asked."
    return None


def _hand_card(s: HermitState, p: int, a: Action, kinds: tuple[str, ...]):
    if not isinstance(a.source, int) or a.source not in s.hands[p]:
        return None, "That card is not in your hand."
    card = s.card(a.source)
    if card.kind not in kinds:
        return None, f"{card.name} is not that kind of card."
    return card, None


def _play_problem(s: HermitState, p: int) -> str | None:
    """Common to playing any card from the hand."""
    if s.skipping:
        return "This turn is skipped: you may only switch or end the turn."
    if s.acted:
        return "After attacking or switching you may only end your turn."
    if s.active[p] < 0 and rows_with_hermits(s, p):
        return "Choose your new active Hermit first."
    return None


def _row(a: Action) -> int | None:
    return a.target if isinstance(a.target, int) and not isinstance(a.target, bool) and \
        0 <= a.target < ROWS else None


def check_play_hermit(s, p, a):
    reason = _main_phase(s, p) or _play_problem(s, p)
    if reason:
        return reason
    card, reason = _hand_card(s, p, a, ("hermit",))
    if reason:
        return reason
    r = _row(a)
    if r is None or s.hermit[p][r] >= 0:
        return "A Hermit goes into an empty Hermit slot of yours."
    return None


def _first_hermit_first(s, p) -> str | None:
    if s.active[p] < 0 and not rows_with_hermits(s, p):
        return "Your first action is to play a Hermit."
    return None


def check_attach_effect(s, p, a):
    reason = _main_phase(s, p) or _play_problem(s, p) or _first_hermit_first(s, p)
    if reason:
        return reason
    card, reason = _hand_card(s, p, a, ("effect",))
    if reason:
        return reason
    r = _row(a)
    if r is None or s.hermit[p][r] < 0:
        return "An effect card goes onto one of your Hermits."
    if s.effect[p][r] >= 0:
        return f"{row_desc(s, p, r)} already has an effect card."
    if card.active_only and r != s.active[p]:
        return f"{card.name} can only be played on your active Hermit."
    return None


def check_attach_item(s, p, a):
    reason = _main_phase(s, p) or _play_problem(s, p) or _first_hermit_first(s, p)
    if reason:
        return reason
    card, reason = _hand_card(s, p, a, ("item",))
    if reason:
        return reason
    if s.item_played:
        return "You have already attached an item this turn."
    r = _row(a)
    if r is None or s.hermit[p][r] < 0:
        return "An item goes onto one of your Hermits."
    if len(s.items[p][r]) >= ITEM_SLOTS:
        return f"{row_desc(s, p, r)} has no free item slot."
    return None


def check_single_use(s, p, a):
    reason = _main_phase(s, p)
    if reason:
        return reason
    card, reason = _hand_card(s, p, a, ("single_use", "effect"))
    if reason:
        return reason
    if card.kind == "effect" and not card.single_use:
        return f"{card.name} is not a single-use card."
    if a.target != "single_use":
        return "A single-use card goes into the single-use slot."
    return single_use_problem(s, p, a.source, card)


def single_use_problem(s: HermitState, p: int, iid: int, card) -> str | None:
    """Why `card` (instance `iid`, a single-use card in p's hand) may not be used now."""
    if s.skipping:
        return "This turn is skipped: you may only switch or end the turn."
    if s.active[p] < 0:
        return "Play or choose your active Hermit first."
    if s.su_slot >= 0:
        return "The single-use slot is taken."
    if iid in s.taken_back:
        return f"You took {card.name} back this turn."
    use = card.use if card.kind == "single_use" else "instant"
    if s.acted:
        if s.su_after >= s.grant:
            return "After attacking or switching you may only end your turn."
        if use == "follow_up":
            return f"{card.name} acts after a Hermit attack, and you have attacked."
    elif s.su_used >= 1:
        return "You have already used a single-use card this turn."
    if s.turn == 1 and (use in ("attack", "follow_up") or
                        (card.kind == "single_use" and card.not_first_turn)):
        return f"{card.name} cannot be played on the first turn of the game."
    return effects().run("can_use", card.id, s, p, card.id)


def check_take_back(s, p, a):
    reason = _main_phase(s, p)
    if reason:
        return reason
    if s.su_slot < 0 or not s.su_ready or a.source != s.su_slot or a.target != "hand":
        return "There is no waiting single-use card to take back."
    return None


def attack_problem(s: HermitState, p: int, which: str) -> str | None:
    """Why the active Hermit may not use this attack now (None: it may)."""
    if s.skipping:
        return "This turn is skipped: you may only switch or end the turn."
    if s.acted:
        return "You have already attacked or switched this turn."
    if s.turn == 1:
        return "The first player cannot attack on the first turn of the game."
    r = s.active[p]
    if r < 0:
        return "You have no active Hermit."
    if s.sleep[p][r] > 0:
        return f"{s.name(s.hermit[p][r])} is asleep."
    card = s.card(s.hermit[p][r])
    at = card.attack(which)
    if not s.efficiency and not can_pay(at.cost, [s.card(i) for i in s.items[p][r]]):
        return f"{card.name}'s items do not pay for {at.name}."
    if at.special:
        return effects().run("attack_check", card.id, s, p, which, card)
    return None


def check_attack(s, p, a):
    reason = _main_phase(s, p)
    if reason:
        return reason
    if a.option not in ("primary", "secondary") or a.target != "attack":
        return "Choose the primary or the secondary attack."
    if s.active[p] < 0 or a.source != s.hermit[p][s.active[p]]:
        return "Only your active Hermit attacks."
    return attack_problem(s, p, a.option)


def check_su_attack(s, p, a):
    reason = _main_phase(s, p)
    if reason:
        return reason
    if s.su_slot < 0 or a.source != s.su_slot or not s.su_ready:
        return "There is no single-use card waiting in the slot."
    return su_attack_problem(s, p)


def su_attack_problem(s: HermitState, p: int) -> str | None:
    """Why the card waiting in the single-use slot may not attack by itself now."""
    card = s.card(s.su_slot)
    if card.kind != "single_use" or card.use != "attack":
        return f"{card.name} does not attack by itself."
    if s.acted and not s.su_granted:
        return "You have already attacked or switched this turn."
    if s.turn == 1:
        return "The first player cannot attack on the first turn of the game."
    return effects().run("can_use", card.id, s, p, card.id)


def switch_problem(s: HermitState, p: int) -> str | None:
    """Why the voluntary switch is not allowed (D7)."""
    if s.acted:
        return "You have already attacked or switched this turn."
    r = s.active[p]
    if r < 0:
        return "You have no active Hermit."
    if s.sleep[p][r] > 0:
        return f"{s.name(s.hermit[p][r])} is asleep and cannot go AFK."
    if s.bound_turn[p] == s.turn:
        return "Curse of Binding: your active Hermit cannot go AFK this turn."
    return None


def check_switch(s, p, a):
    reason = _main_phase(s, p) or switch_problem(s, p)
    if reason:
        return reason
    r = _row(a)
    if r is None or r not in afk_rows(s, p) or a.source != s.hermit[p][r]:
        return "Switch to one of your AFK Hermits."
    return None


def check_end_turn(s, p, a):
    reason = _main_phase(s, p)
    if reason:
        return reason
    if s.active[p] < 0:
        return "You need an active Hermit to end your turn."
    return None


def check_choice(s, p, a):
    top = decisions.top(s)
    if top is None or top.kind == "turn" or not top.asks(p):
        return "There is nothing to choose now."
    want = "pick" if top.how == decisions.PICK else "choose"
    if a.kind != want:
        return "Answer the question being asked."
    if a.target not in [v for v, _ in choices.choice_options(s, top)]:
        return "That is not one of the choices."
    return None


# --- carrying out an action --------------------------------------------------------------------

def carry_out(s: HermitState, p: int, a: Action) -> None:
    kind = a.kind
    if kind in ("choose", "pick"):
        choices.answer_choice(s, p, a.target)
    elif kind == "play_hermit":
        play_hermit(s, p, a.source, a.target)
    elif kind == "attach_effect":
        attach_effect(s, p, a.source, a.target)
    elif kind == "attach_item":
        attach_item(s, p, a.source, a.target)
    elif kind == "single_use":
        use_single_use(s, p, a.source)
    elif kind == "take_back":
        take_back(s, p)
    elif kind == "attack":
        attacks.declare_attack(s, p, "hermit", a.option)
    elif kind == "su_attack":
        attacks.declare_attack(s, p, "single_use", "")
    elif kind == "switch":
        voluntary_switch(s, p, a.target)
    elif kind == "end_turn":
        end_turn(s)
        return
    else:
        raise ValueError(f"unknown action kind {kind!r}")
    proceed(s)


def proceed(s: HermitState) -> None:
    """Carry the current action on until it needs an answer or is fully resolved."""
    while s.winners is None:
        top = decisions.top(s)
        if top is not None and top.kind != "turn":
            return  # waiting for a choice
        if s.attack is not None and s.attack["stage"] == "choose":
            if attacks.ask_attack_choices(s):
                return
            attacks.resolve_attack(s)
            continue
        if s.pending:
            attacks.run_pending(s, s.pending.pop(0))
            continue
        finish_action(s)
        top = decisions.top(s)
        if top is None or top.kind == "turn":
            return


# --- playing cards (spec "A turn" 1-4) ---------------------------------------------------------

def play_hermit(s: HermitState, p: int, iid: int, r: int) -> None:
    s.hands[p].remove(iid)
    s.hermit[p][r] = iid
    s.hp[p][r] = s.card(iid).health
    s.dot[p][r] = s.sleep[p][r] = NONE
    s.placed[p] = True
    becomes = "active" if s.active[p] < 0 else "AFK"
    if s.active[p] < 0:
        s.active[p] = r
    s.emit("move", lambda: f"{seat(s, p)} plays {hermit_desc(s, iid)} in row {r + 1} "
           f"({becomes}).", p, card=iid, to=["row", p, r])


def attach_effect(s: HermitState, p: int, iid: int, r: int) -> None:
    s.hands[p].remove(iid)
    s.effect[p][r] = iid
    s.emit("move", lambda: f"{seat(s, p)} attaches {s.name(iid)} to {row_desc(s, p, r)}.", p,
           card=iid, to=["effect", p, r])
    card = s.card(iid)
    effects().run("played", card.id, s, p, r, iid)
    arrived(s, p, r, iid)


def arrived(s: HermitState, p: int, r: int, iid: int) -> None:
    """An effect card arrives in a slot, played or moved (D37): buckets cure at once."""
    effects().run("attached", s.defs[iid], s, p, r, iid)


def attach_item(s: HermitState, p: int, iid: int, r: int) -> None:
    s.hands[p].remove(iid)
    s.items[p][r].append(iid)
    s.item_played = True
    s.emit("move", lambda: f"{seat(s, p)} attaches {s.name(iid)} to {row_desc(s, p, r)}.", p,
           card=iid, to=["item", p, r])


def use_single_use(s: HermitState, p: int, iid: int) -> None:
    """Confirm a single-use card (D28): an instant card acts now; an attack or follow-up card
    waits face up for your attack."""
    s.hands[p].remove(iid)
    s.su_slot = iid
    s.su_granted = s.acted
    card = s.card(iid)
    s.emit("move", lambda: f"{seat(s, p)} plays {card.name}.", p, card=iid, to="single_use")
    if card.kind == "single_use" and card.use != "instant":
        s.su_ready = True
        return
    count_single_use(s, s.acted)
    effects().run("use", card.id, s, p, iid)


def count_single_use(s: HermitState, after_acting: bool) -> None:
    """A single-use card is used; one used after attacking spends Gem's grant (D8)."""
    s.su_used += 1
    if after_acting:
        s.su_after += 1


def take_back(s: HermitState, p: int) -> None:
    iid = s.su_slot
    s.su_slot, s.su_ready = -1, False
    s.hands[p].append(iid)
    s.taken_back.append(iid)
    s.emit("move", lambda: f"{seat(s, p)} takes {s.name(iid)} back.", p, card=iid, to="hand")


# --- switching (D7) ----------------------------------------------------------------------------

def voluntary_switch(s: HermitState, p: int, r: int) -> None:
    s.acted = True
    make_active(s, p, r)


def make_active(s: HermitState, p: int, r: int, forced: bool = False) -> None:
    """Row r becomes p's active Hermit; a sleeper forced AFK by the opponent wakes (D16)."""
    old = s.active[p]
    if forced and old >= 0 and s.sleep[p][old] > 0:
        wake(s, p, old)
    s.active[p] = r
    s.emit("switch", lambda: f"{seat(s, p)}'s active Hermit is now {row_desc(s, p, r)}.", p,
           row=r)


def own_switch_blocked(s: HermitState, p: int) -> bool:
    """Your own cards' switches (Cub, Chorus Fruit, Tango's own side) do nothing (D7, D34)."""
    r = s.active[p]
    return (r < 0 or is_down(s, p, r) or s.sleep[p][r] > 0 or s.bound_turn[p] == s.turn
            or not afk_rows(s, p))


def forced_switch_blocked(s: HermitState, p: int) -> bool:
    """An opponent's forced switch does nothing to a down active, a Netherite holder, or a
    player with no AFK Hermit (D34)."""
    r = s.active[p]
    if r < 0 or is_down(s, p, r) or not afk_rows(s, p):
        return True
    card = working_effect(s, p, r)
    return card is not None and bool(effects().run("stays_active", card.id))


def moved(s: HermitState, iid: int) -> None:
    """A card moved by an effect works in its new slot as if attached there (D37); a moved Bed
    only occupies the slot (D16)."""
    s.shield_used.pop(iid, None)
    s.beds = [pair for pair in s.beds if pair[0] != iid]


# --- healing and status effects ----------------------------------------------------------------

def heal(s: HermitState, p: int, r: int, amount: int) -> None:
    """Heal one of your Hermits; never above its HP (D32). Down Hermits stay down."""
    if s.hermit[p][r] < 0 or is_down(s, p, r):
        return
    top = s.card(s.hermit[p][r]).health
    before = s.hp[p][r]
    s.hp[p][r] = min(top, before + amount)
    s.emit("heal", lambda: f"{row_desc(s, p, r)} heals {s.hp[p][r] - before}.", p, row=r,
           counters=((p, f"hp{r}", s.hp[p][r]),))


def apply_status(s: HermitState, p: int, r: int, dot: int) -> None:
    """Burn or poison (D15): nothing if it already has one, or if its card refuses it."""
    if s.hermit[p][r] < 0 or s.dot[p][r] != NONE:
        return
    card = working_effect(s, p, r)
    if card is not None and effects().run("immune", card.id, dot):
        s.emit("status", lambda: f"{s.name(s.effect[p][r])} keeps {row_desc(s, p, r)} from "
               f"{DOT_NAMES[dot]}.", p)
        return
    s.dot[p][r] = dot
    s.emit("status", lambda: f"{row_desc(s, p, r)} is {'burned' if dot == BURN else 'poisoned'}.",
           p, row=r, status=DOT_NAMES[dot])


def cure(s: HermitState, p: int, r: int, dot: int) -> None:
    if s.dot[p][r] == dot:
        s.dot[p][r] = NONE
        s.emit("status", lambda: f"{row_desc(s, p, r)} is cured of {DOT_NAMES[dot]}.", p, row=r)


def fall_asleep(s: HermitState, p: int, r: int) -> None:
    """Asleep for the rest of this turn and the owner's next 2 turns (D16); a new sleep restarts
    the count."""
    s.sleep[p][r] = SLEEP_TURNS
    s.emit("status", lambda: f"{row_desc(s, p, r)} falls asleep.", p, row=r, status="sleep")


def clear_statuses(s: HermitState, p: int, r: int) -> None:
    s.dot[p][r] = NONE
    if s.sleep[p][r] > 0:
        wake(s, p, r)


def finish_action(s: HermitState) -> None:
    """After an action has fully resolved: the used single-use card and used Shields are
    discarded, knock-outs are resolved, losing conditions checked (D18, D19)."""
    p = s.current
    if s.su_slot >= 0 and not s.su_ready:
        iid, s.su_slot = s.su_slot, -1
        discard(s, iid)
        s.emit("move", lambda: f"{s.name(iid)} is discarded.", p, card=iid, to="discard")
    for iid in list(s.shield_used):
        discard_attached(s, iid)
    s.shield_used = {}
    s.attack = None
    # lives and boards change only by knock-outs: nothing to check while nobody is down
    if any(hp <= 0 and h >= 0 for side in range(2)
           for h, hp in zip(s.hermit[side], s.hp[side], strict=True)):
        resolve_knockouts(s)
        if check_game_end(s):
            return
    if s.active[p] < 0 and rows_with_hermits(s, p) and decisions.top(s).kind == "turn":
        ask_new_active(s, p)


def discard_attached(s: HermitState, iid: int) -> None:
    for p in range(2):
        for r in range(ROWS):
            if s.effect[p][r] == iid:
                s.effect[p][r] = -1
                discard(s, iid)
                s.emit("move", lambda: f"{s.name(iid)} is used up.", p, card=iid, to="discard")
                return


# --- knock-outs, lives and the end of the game --------------------------------------------------

def resolve_knockouts(s: HermitState) -> None:
    """In row order, the current player's side first (D18)."""
    for p in (s.current, 1 - s.current):
        for r in range(ROWS):
            if s.hermit[p][r] >= 0 and s.hp[p][r] <= 0:
                knock_out(s, p, r)


def knock_out(s: HermitState, p: int, r: int) -> None:
    iid, eff = s.hermit[p][r], s.effect[p][r]
    s.discards[p] += s.items[p][r]  # (Loyalty sent them to the hand already, D40)
    s.items[p][r] = []
    if eff >= 0:
        discard(s, eff)
    discard(s, iid)
    s.hermit[p][r] = s.effect[p][r] = -1
    s.dot[p][r] = s.sleep[p][r] = 0
    s.budget.pop(eff, None)
    for gone in (iid, eff):
        if gone in s.armed:
            s.armed.remove(gone)
        if gone in s.loop_used:
            s.loop_used.remove(gone)
    s.tfc_done = [pair for pair in s.tfc_done if iid not in pair]
    s.beds = [pair for pair in s.beds if iid not in pair]
    s.lives[p] -= 1
    if s.active[p] == r:
        s.active[p] = -1
    s.emit("knockout", lambda: f"{s.name(iid)} is knocked out; {seat(s, p)} loses a life "
           f"({s.lives[p]} left).", p,
           row=r, counters=((p, "lives", s.lives[p]),))
    if s.reward and s.decks[p]:
        prize = s.decks[p].pop()
        s.hands[1 - p].append(prize)
        s.emit("draw", f"{seat(s, 1 - p)} takes the top card of {seat(s, p)}'s deck.", 1 - p,
               private=lambda: f"You take {hermit_desc(s, prize)} as the reward card.",
               seen_by=(1 - p,), secret={"card": prize})


def losing(s: HermitState, p: int) -> str:
    if s.lives[p] <= 0:
        return "lost all three lives"
    if s.placed[p] and not rows_with_hermits(s, p):
        return "has no Hermit left on the board"
    return ""


def check_game_end(s: HermitState, decked_out: int = -1) -> bool:
    """Losing conditions together; both at once is a draw (D19)."""
    reasons = {p: losing(s, p) or ("cannot draw: the deck is used up" if p == decked_out else "")
               for p in range(2)}
    losers = [p for p in range(2) if reasons[p]]
    if not losers:
        return False
    s.winners = [] if len(losers) == 2 else [1 - losers[0]]
    s.over_reason = "; ".join(f"{seat(s, p)} {reasons[p]}" for p in losers)
    s.decisions.clear()
    s.emit("game_over", lambda: s.over_reason + (": a draw." if len(losers) == 2 else
                                                 f": {seat(s, s.winners[0])} wins."))
    return True


def surrender(s: HermitState, p: int) -> None:
    """A player gives up at once (D24): the other player wins."""
    if s.winners is not None:
        return
    s.winners = [1 - p]
    s.over_reason = f"{seat(s, p)} surrendered"
    s.decisions.clear()


# --- the end of the turn (spec "End of the turn", D19) ------------------------------------------

def end_turn(s: HermitState) -> None:
    p, q = s.current, 1 - s.current
    decisions.pop(s)  # the "turn" frame
    # 1. the single-use slot empties: an unused card goes back to the hand
    if s.su_slot >= 0:
        iid, s.su_slot, s.su_ready = s.su_slot, -1, False
        s.hands[p].append(iid)
        s.emit("move", lambda: f"{s.name(iid)} goes back to {seat(s, p)}'s hand.", p, card=iid,
               to="hand")
    # 2. burn and poison damage the opponent's afflicted Hermits
    for r in rows_with_hermits(s, q):
        if s.dot[q][r] == BURN:
            s.emit("message", lambda r=r: f"Burn: {row_desc(s, q, r)}.", q)
            attacks.deal(s, p, q, r, BURN_DAMAGE, BURNING)
        elif s.dot[q][r] == POISON and s.hp[q][r] > POISON_FLOOR:
            s.hp[q][r] = max(POISON_FLOOR, s.hp[q][r] - POISON_DAMAGE)
            s.emit("damage", lambda r=r: f"Poison: {row_desc(s, q, r)} falls to "
                   f"{s.hp[q][r]} HP.", q, row=r, counters=((q, f"hp{r}", s.hp[q][r]),))
    # 3. knock-outs (revivals first)
    attacks.revivals(s)
    resolve_knockouts(s)
    # 4. the draw: an empty deck loses (D20); TFC's extra card never does
    decked_out = -1
    if s.winners is None:
        if not s.decks[p]:
            decked_out = p
        else:
            draw(s, p, 1)
            draw(s, p, s.extra_draw)
    # 5. losing conditions; then the opponent's turn
    if check_game_end(s, decked_out):
        return
    s.ignored, s.ignore_side, s.revealed = [], -1, [False, False]
    start_turn(s, q)


# --- the turn timer (option, D23) -----------------------------------------------------------------

def timeout_action(s: HermitState, player: int) -> Action | None:
    """What the table applies when `player`'s time runs out (D23): the first legal answer of a
    pending choice (the lowest row for a new active Hermit), else End turn. None: the player
    has no Hermit on the board, and loses (the table calls `surrender`)."""
    if s.is_over() or player not in s.to_act():
        return None
    legal = s.legal_actions(player)
    if decisions.top(s).kind != "turn":
        return legal[0]
    return next((a for a in legal if a.kind == "end_turn"), None)


HermitState.checks = {
    "play_hermit": check_play_hermit, "attach_effect": check_attach_effect,
    "attach_item": check_attach_item, "single_use": check_single_use,
    "take_back": check_take_back, "attack": check_attack, "su_attack": check_su_attack,
    "switch": check_switch, "end_turn": check_end_turn, "choose": check_choice,
    "pick": check_choice,
}

# the attack steps, the damage pipeline and the answers to choices use the helpers above
from game.hermitcraft import attacks, choices  # noqa: E402
from game.hermitcraft import effects as _effects  # noqa: E402
