"""The Hermitcraft TCG rules, in rulebook order (docs/rules/hermitcraft.md).

Setup, the start of a turn, what a player may do on their turn (one check per action kind:
legality is written once), attacks and the damage pipeline (D12, D35), status effects, coin
flips, knock-outs and lives, the end of the turn, the end of the game. Card behaviour is in
effects.py, registered by card id; this file calls it at the moments the rulebook names.

The core flow runs it (game/core/flow.py): each action kind is declared once below with its
candidates, its check and what it does; the rulebook steps are `@rules.step` functions.
Pending questions are frames on `s.decisions`: "turn" (the current player's main phase) at the
bottom, choices (targets, forced switches, a card to discard) pushed on top; every choice
resumes at `resolve_action` once answered, which carries the action on. An action that needs
several steps keeps its progress as plain data (`s.attack`, `s.pending`), so the state clones
and saves without closures. Attacks are in attacks.py, the answers to choices in choices.py,
the board's small rules in board.py.

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

Questions (`s.decisions[-1].kind`): the rules ask new_active, forced_switch and self_switch
(rows of the asked seat; -1 = stay); a card asks its own questions, registered with its handler
in effects.py (choices.py shows and answers them all the same way).
"""

from __future__ import annotations

from game.core import decisions
from game.core.contract import Action
from game.core.flow import TIMEOUT, Rules, close, go, marked, unmark
from game.hermitcraft import attacks, choices
from game.hermitcraft import effects as _cards  # noqa: F401  (registers every card's handlers)
from game.hermitcraft.board import (
    BURN,
    BURN_DAMAGE,
    BURNING,
    DECK_SIZE,
    EXTRA_DRAWS,
    FREE_ATTACK,
    HAND_SIZE,
    ITEM_SLOTS,
    LIVES,
    NONE,
    POISON,
    POISON_DAMAGE,
    POISON_FLOOR,
    RESOLVE,
    ROWS,
    afk_rows,
    arrived,
    count_single_use,
    discard,
    draw,
    forget,
    hermit_desc,
    is_bound,
    make_active,
    row_desc,
    rows_with_hermits,
    seat,
    wake,
)
from game.hermitcraft.hooks import EFFECTS
from game.hermitcraft.queries import can_pay

__all__ = ["DECK_SIZE", "HAND_SIZE", "LIVES", "rules"]

rules = Rules()
TURN = ("turn",)  # the main phase's question


# --- setup (spec "Setup") ----------------------------------------------------------------------

def setup(s, decks: list[list[str]]) -> None:
    s.defs = [card_id for deck in decks for card_id in deck]
    s.lives = [LIVES, LIVES]
    for p in range(2):
        s.decks[p] = list(range(p * DECK_SIZE, p * DECK_SIZE + len(decks[p])))
        deal_opening_hand(s, p)
    s.first = s.rng.below(2)
    s.turn = 0
    start_turn(s, s.first)


def deal_opening_hand(s, p: int) -> None:
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

def start_turn(s, p: int) -> None:
    s.turn += 1
    s.current = p
    s.item_played = s.acted = s.attacked = s.su_ready = s.su_granted = False
    s.su_used = s.grant = s.su_after = 0
    s.taken_back, s.coins = [], []
    # 1. armour budgets, Thorns and Wolf reset for both players (D12, D33)
    s.budget, s.fired = {}, []
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


def ask_new_active(s, p: int) -> None:
    decisions.ask(s, "new_active", p, tuple(afk_rows(s, p)), then=RESOLVE,
                  prompt="{seat}: choose your new active Hermit")


@rules.step
def start_of_turn(s) -> None:
    """The opponent's turn starts (after the end of the turn)."""
    start_turn(s, 1 - s.current)




# --- what the current player may do: candidates ------------------------------------------------

def choice_candidates(s, player: int) -> list[Action]:
    """The answers the question on top allows now (choices.choice_options)."""
    top = s.decisions[-1]
    kind = "pick" if top.how == decisions.PICK else "choose"
    return [Action(kind, target=v, label=label) for v, label in choices.choice_options(s, top)]


def _made(s, p: int, kind: str, source, target, option, context,
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


def hand_card_candidates(s, p: int) -> list[Action]:
    """The cards of the hand, in hand order: Hermits to play, items and effect cards to
    attach, single-use cards to use (the four kinds are offered together, so the order stays
    the hand's). Built to pass the checks below: a group that cannot be legal now is left out
    whole."""
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
    return out


def offered_with_the_hand(s, p: int) -> list[Action]:
    """Attaching and single-use actions come with the Hermits, in hand order."""
    return []


def take_back_candidates(s, p: int) -> list[Action]:
    if s.su_slot < 0 or not s.su_ready:
        return []
    iid = s.su_slot
    return [_made(s, p, "take_back", iid, "hand", None, None,
                  lambda: f"Take {s.name(iid)} back into your hand")]


def su_attack_candidates(s, p: int) -> list[Action]:
    if s.su_slot < 0 or not s.su_ready or su_attack_problem(s, p) is not None:
        return []
    iid = s.su_slot
    return [_made(s, p, "su_attack", iid, "attack", None, None,
                  lambda: f"Attack with {s.name(iid)} alone")]


def attack_candidates(s, p: int) -> list[Action]:
    r = s.active[p]
    if r < 0 or s.acted or s.skipping:
        return []
    iid = s.hermit[p][r]
    hermit = s.card(iid)
    out = []
    for which in ("primary", "secondary"):
        if attack_problem(s, p, which) is None:
            at = hermit.attack(which)
            out.append(_made(s, p, "attack", iid, "attack", which, None,
                             lambda at=at: f"{hermit.name}: {at.name} ({at.damage})"))
    return out


def switch_candidates(s, p: int) -> list[Action]:
    r = s.active[p]
    if r < 0 or switch_problem(s, p) is not None:
        return []
    hermits = s.hermit[p]
    return [_made(s, p, "switch", hermits[x], x, None, None,
                  lambda x=x: f"Switch to {row_desc(s, p, x)}")
            for x in range(ROWS) if hermits[x] >= 0 and x != r]


def end_turn_candidates(s, p: int) -> list[Action]:
    if s.active[p] < 0:
        return []
    return [_made(s, p, "end_turn", None, None, None, None, lambda: "End your turn")]


def _play_action(s, p: int, iid: int, x: int, tag: str) -> Action:
    return _made(s, p, "play_hermit", iid, x, None, tag,
                 lambda: f"Play {hermit_desc(s, iid)}{tag} in row {x + 1}")


def _attach_action(s, p: int, kind: str, iid: int, x: int, tag: str) -> Action:
    return _made(s, p, kind, iid, x, None, (tag, s.hermit[p][x]),
                 lambda: f"Attach {s.name(iid)}{tag} to {row_desc(s, p, x)}")


def _single_use_action(s, p: int, iid: int, tag: str) -> Action:
    return _made(s, p, "single_use", iid, "single_use", None, tag,
                 lambda: f"Use {s.name(iid)}{tag} as your single-use card")


# --- the checks: one per action kind, a reason or None (legality written once) ---------------

def _main_phase(s, p: int) -> str | None:
    if not s.decisions:
        return "Not now."
    top = s.decisions[-1]
    if top.kind != "turn" or top.seats[0] != p:
        return "First answer the question being asked."
    return None


def _hand_card(s, p: int, a: Action, kinds: tuple[str, ...]):
    if not isinstance(a.source, int) or a.source not in s.hands[p]:
        return None, "That card is not in your hand."
    card = s.card(a.source)
    if card.kind not in kinds:
        return None, f"{card.name} is not that kind of card."
    return card, None


def _play_problem(s, p: int) -> str | None:
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


def single_use_problem(s, p: int, iid: int, card) -> str | None:
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
    return EFFECTS.run("can_use", card.id, s, p, card.id)


def check_take_back(s, p, a):
    reason = _main_phase(s, p)
    if reason:
        return reason
    if s.su_slot < 0 or not s.su_ready or a.source != s.su_slot or a.target != "hand":
        return "There is no waiting single-use card to take back."
    return None


def attack_problem(s, p: int, which: str) -> str | None:
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
    if not can_pay(at.cost, [s.card(i) for i in s.items[p][r]]) and \
            marked(s, p, FREE_ATTACK) != s.turn:
        return f"{card.name}'s items do not pay for {at.name}."
    if at.special:
        return EFFECTS.run("attack_check", card.id, s, p, which, card)
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


def su_attack_problem(s, p: int) -> str | None:
    """Why the card waiting in the single-use slot may not attack by itself now."""
    card = s.card(s.su_slot)
    if card.kind != "single_use" or card.use != "attack":
        return f"{card.name} does not attack by itself."
    if s.acted and not s.su_granted:
        return "You have already attacked or switched this turn."
    if s.turn == 1:
        return "The first player cannot attack on the first turn of the game."
    return EFFECTS.run("can_use", card.id, s, p, card.id)


def switch_problem(s, p: int) -> str | None:
    """Why the voluntary switch is not allowed (D7)."""
    if s.acted:
        return "You have already attacked or switched this turn."
    r = s.active[p]
    if r < 0:
        return "You have no active Hermit."
    if s.sleep[p][r] > 0:
        return f"{s.name(s.hermit[p][r])} is asleep and cannot go AFK."
    if is_bound(s, p):
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
    if a.target not in choices.choice_values(s, top):
        return "That is not one of the choices."
    return None


# --- playing cards (spec "A turn" 1-4) ---------------------------------------------------------

@rules.kind("play_hermit", answers=TURN, candidates=hand_card_candidates,
            check=check_play_hermit, legal_as_built=True)
def play_hermit(s, p: int, a: Action) -> None:
    iid, r = a.source, a.target
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
    go(s, RESOLVE)


@rules.kind("attach_effect", answers=TURN, candidates=offered_with_the_hand,
            check=check_attach_effect, legal_as_built=True)
def attach_effect(s, p: int, a: Action) -> None:
    iid, r = a.source, a.target
    s.hands[p].remove(iid)
    s.effect[p][r] = iid
    s.emit("move", lambda: f"{seat(s, p)} attaches {s.name(iid)} to {row_desc(s, p, r)}.", p,
           card=iid, to=["effect", p, r])
    card = s.card(iid)
    EFFECTS.run("played", card.id, s, p, r, iid)
    arrived(s, p, r, iid)
    go(s, RESOLVE)




@rules.kind("attach_item", answers=TURN, candidates=offered_with_the_hand,
            check=check_attach_item, legal_as_built=True)
def attach_item(s, p: int, a: Action) -> None:
    iid, r = a.source, a.target
    s.hands[p].remove(iid)
    s.items[p][r].append(iid)
    s.item_played = True
    s.emit("move", lambda: f"{seat(s, p)} attaches {s.name(iid)} to {row_desc(s, p, r)}.", p,
           card=iid, to=["item", p, r])
    go(s, RESOLVE)


@rules.kind("single_use", answers=TURN, candidates=offered_with_the_hand,
            check=check_single_use, legal_as_built=True)
def use_single_use(s, p: int, a: Action) -> None:
    """Confirm a single-use card (D28): an instant card acts now; an attack or follow-up card
    waits face up for your attack."""
    iid = a.source
    go(s, RESOLVE)
    s.hands[p].remove(iid)
    s.su_slot = iid
    s.su_granted = s.acted
    card = s.card(iid)
    s.emit("move", lambda: f"{seat(s, p)} plays {card.name}.", p, card=iid, to="single_use")
    if card.kind == "single_use" and card.use != "instant":
        s.su_ready = True
        return
    count_single_use(s, s.acted)
    EFFECTS.run("use", card.id, s, p, iid)




@rules.kind("take_back", answers=TURN, candidates=take_back_candidates, check=check_take_back, legal_as_built=True)
def take_back(s, p: int, a: Action) -> None:
    iid = s.su_slot
    s.su_slot, s.su_ready = -1, False
    s.hands[p].append(iid)
    s.taken_back.append(iid)
    s.emit("move", lambda: f"{seat(s, p)} takes {s.name(iid)} back.", p, card=iid, to="hand")
    go(s, RESOLVE)


@rules.kind("su_attack", answers=TURN, candidates=su_attack_candidates, check=check_su_attack, legal_as_built=True)
def su_attack(s, p: int, a: Action) -> None:
    attacks.declare_attack(s, p, "single_use", "")
    go(s, RESOLVE)


@rules.kind("attack", answers=TURN, candidates=attack_candidates, check=check_attack, legal_as_built=True)
def attack(s, p: int, a: Action) -> None:
    attacks.declare_attack(s, p, "hermit", a.option)
    go(s, RESOLVE)


# --- switching (D7) ----------------------------------------------------------------------------

@rules.kind("switch", answers=TURN, candidates=switch_candidates, check=check_switch, legal_as_built=True)
def voluntary_switch(s, p: int, a: Action) -> None:
    s.acted = True
    make_active(s, p, a.target)
    go(s, RESOLVE)


@rules.kind("end_turn", answers=TURN, candidates=end_turn_candidates, check=check_end_turn, legal_as_built=True)
def end_turn(s, p: int, a: Action) -> None:
    go(s, "end_of_turn")


# --- answering a choice ---------------------------------------------------------------------------

@rules.kind("choose", answers=choices.one_answer_questions(), candidates=choice_candidates,
            check=check_choice, legal_as_built=True)
def choose(s, p: int, a: Action) -> None:
    choices.answer(s, p, close(s), a.target)


@rules.kind("pick", answers=choices.pick_questions(), candidates=choice_candidates,
            check=check_choice, legal_as_built=True)
def pick(s, p: int, a: Action) -> None:
    """One card of a "pick k of n"; the question closes once enough are picked."""
    choices.picked(s, p, a.target)
    if decisions.pick(s, a.target):
        frame = close(s)
        choices.answer(s, p, frame, frame.answers)


# --- the action resolves (D35, D18, D19) ----------------------------------------------------------

@rules.step
def resolve_action(s) -> None:
    """The current action carries on until it needs an answer or has fully resolved: an
    attack's choices, its resolution, the after-attack steps one at a time, then the end of
    the action."""
    if s.winners is not None:
        return
    top = s.decisions[-1] if s.decisions else None
    if top is not None and top.kind != "turn":
        return  # a question waits: its answer resumes here
    if s.attack and s.attack["stage"] == "choose":
        if not attacks.ask_attack_choices(s):
            attacks.resolve_attack(s)
        go(s, RESOLVE)
    elif s.pending:
        attacks.run_pending(s, s.pending.pop(0))
        go(s, RESOLVE)
    else:
        finish_action(s)


def finish_action(s) -> None:
    """After an action has fully resolved: the used single-use card and the cards that
    absorbed hits in it (Shield) are discarded, knock-outs are resolved, losing conditions
    checked (D18, D19)."""
    p = s.current
    if s.su_slot >= 0 and not s.su_ready:
        iid, s.su_slot = s.su_slot, -1
        discard(s, iid)
        s.emit("move", lambda: f"{s.name(iid)} is discarded.", p, card=iid, to="discard")
    for iid in list(s.absorbed):
        discard_attached(s, iid)
    s.absorbed = {}
    s.attack = {}
    # lives and boards change only by knock-outs: nothing to check while nobody is down
    if any(hp <= 0 and h >= 0 for side in range(2)
           for h, hp in zip(s.hermit[side], s.hp[side], strict=True)):
        resolve_knockouts(s)
        if check_game_end(s):
            return
    if s.active[p] < 0 and rows_with_hermits(s, p) and decisions.top(s).kind == "turn":
        ask_new_active(s, p)


def discard_attached(s, iid: int) -> None:
    for p in range(2):
        for r in range(ROWS):
            if s.effect[p][r] == iid:
                s.effect[p][r] = -1
                discard(s, iid)
                s.emit("move", lambda: f"{s.name(iid)} is used up.", p, card=iid, to="discard")
                return


# --- knock-outs, lives and the end of the game --------------------------------------------------

def resolve_knockouts(s) -> None:
    """In row order, the current player's side first (D18)."""
    for p in (s.current, 1 - s.current):
        for r in range(ROWS):
            if s.hermit[p][r] >= 0 and s.hp[p][r] <= 0:
                knock_out(s, p, r)


def knock_out(s, p: int, r: int) -> None:
    iid, eff = s.hermit[p][r], s.effect[p][r]
    s.discards[p] += s.items[p][r]  # (Loyalty sent them to the hand already, D40)
    s.items[p][r] = []
    if eff >= 0:
        discard(s, eff)
    discard(s, iid)
    s.hermit[p][r] = s.effect[p][r] = -1
    s.dot[p][r] = s.sleep[p][r] = 0
    s.budget.pop(eff, None)
    forget(s, iid)
    forget(s, eff)
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


def losing(s, p: int) -> str:
    if s.lives[p] <= 0:
        return "lost all three lives"
    if s.placed[p] and not rows_with_hermits(s, p):
        return "has no Hermit left on the board"
    return ""


def check_game_end(s, decked_out: int = -1) -> bool:
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


# --- the end of the turn (spec "End of the turn", D19) ------------------------------------------

@rules.step
def end_of_turn(s) -> None:
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
            draw(s, p, marked(s, p, EXTRA_DRAWS, 0))  # (TFC rare)
            unmark(s, p, EXTRA_DRAWS)
    # 5. losing conditions; then the opponent's turn
    if check_game_end(s, decked_out):
        return
    s.ignored, s.ignore_side = [], -1
    go(s, "start_of_turn")


# --- the turn timer (option, D23) -----------------------------------------------------------------

def out_of_time_candidates(s, p: int) -> list[Action]:
    return []  # never a move: the flow's timeout answers with it (HermitState.default_answer)


def check_out_of_time(s, p, a):
    return "Only the turn timer can end the game this way."


@rules.kind("out_of_time", answers=(), candidates=out_of_time_candidates,
            check=check_out_of_time)
def out_of_time(s, p: int, a: Action) -> None:
    """The turn's time ran out while the player has no Hermit on the board: they lose (the
    seed's fourth losing condition, D23)."""
    s.winners = (1 - p,)
    s.over_reason = f"{seat(s, p)} ran out of time with no Hermit on the board"
    s.decisions.clear()
    s.emit("game_over", lambda: f"{s.over_reason}: {seat(s, 1 - p)} wins.")


OUT_OF_TIME = Action("out_of_time", label="the game is lost (no Hermit on the board)")


def timeout_action(s, player: int) -> Action | None:
    """What the table applies when `player`'s time runs out (D23): the flow's timeout, which
    answers with `HermitState.default_answer`; None when the seat is not being waited for.
    (game/local_session.py calls this.)"""
    if s.is_over() or player not in s.to_act():
        return None
    return Action(TIMEOUT, label="Out of time")
