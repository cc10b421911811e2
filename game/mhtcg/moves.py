"""What a player may do now: every action kind declared once (`@kind`, game/core/flow.py) with
its candidates (the actions of the right shape for the question on top of the decision stack),
its check (why one is illegal; None: legal) and what it does. The core offers the kinds that
answer the question, in the order they are declared here, and runs the rules on afterwards.

Actions (kind, source, target):
  discard  card, -          hand phase discard; Roar's discard
  done     -, -             end the hand-phase discards / the equip turn / the burrow choice
  pass     -, -             no placement; pass in a window; no response
  place    card, (sheet, area)      a monster face down on your own sheet
  replace  card, token              a monster for a face-up one when the sheet is full
  move     -, (sheet, area)         the hunter's move (staying is moving to where it is)
  order    -, token                 which of the tied monsters acts next (the area's opener)
  attack   -, token  /  no_attack   the hunter's target
  boost    card, -                  a weapon of the current system (+1 ATK), armour (+1 DEF)
  item     card, token or None      use an item
  spotter  card, token              Spotter: discard a card, turn up a monster
  respond  card, -                  an Interrupt in response
  equip    card, -                  a weapon or armour; `pay` then picks the materials
  pay      card, -  /  cancel       one material card toward the price
  burrow   -, token                 result step 1
  keep     -, token                 result step 3: the eye monster that stays
"""

from __future__ import annotations

from game.core import decisions
from game.core.contract import Action
from game.core.flow import close
from game.mhtcg import rules
from game.mhtcg.effects import EFFECTS
from game.mhtcg.gear import boost_kind, can_complete_payment, is_minimal_payment
from game.mhtcg.maps import CAMP

kind = rules.rules.kind


def _act(kind: str, source=None, target=None, label: str = "") -> Action:
    return Action(kind, source, target, None, label)


def _token_word(s, token: int) -> str:
    m = s.board[token]
    return f"{rules.monster_word(s, m)} #{token}"


# --- checks: the reasons shared by several kinds ---------------------------------------------

def _frame_problem(s, p: int, a: Action) -> str | None:
    frame = s.decisions[-1] if s.decisions else None
    if frame is None or a.kind not in rules.rules.offers.get(frame.kind, ()):
        return f"{a} does not answer what is asked now ({s.prompt(p) or 'nothing'})."
    if a.option is not None:
        return f"{a} takes no option."
    return None


def _in_hand(s, p: int, c) -> bool:
    return isinstance(c, int) and c in s.hand[p]


def check_discard(s, p, a):
    if (problem := _frame_problem(s, p, a)) or a.target is not None:
        return problem or "A discard has no target."
    if not _in_hand(s, p, a.source):
        return "You can only discard a card from your hand."
    return None


def check_done(s, p, a):
    if (problem := _frame_problem(s, p, a)) or a.source is not None or a.target is not None:
        return problem or "Done takes no card."
    kind = s.decisions[-1].kind
    if kind == "hand_discard" and len(s.hand[p]) > rules.HAND_SIZE:
        return f"You hold {len(s.hand[p])} cards: discard down to {rules.HAND_SIZE} first."
    return None


def check_pass(s, p, a):
    if (problem := _frame_problem(s, p, a)) or a.source is not None or a.target is not None:
        return problem or "Passing takes no card."
    return None


def check_place(s, p, a):
    if problem := _frame_problem(s, p, a):
        return problem
    if not isinstance(a.target, tuple) or len(a.target) != 2:
        return "Place a monster in an area of your sheet."
    return rules.placement_problem(s, p, a.source, a.target)


def check_replace(s, p, a):
    if problem := _frame_problem(s, p, a):
        return problem
    return rules.replacement_problem(s, p, a.source, a.target)


def check_move(s, p, a):
    if (problem := _frame_problem(s, p, a)) or a.source is not None:
        return problem or "A move takes no card."
    if a.target not in rules.destinations(s, p):
        if isinstance(a.target, tuple) and len(a.target) == 2 and a.target[1] == CAMP:
            return "A hunter never moves into a camp."
        if a.target == s.pos[p] and rules.in_camp(s, p):
            return "A hunter in its camp must leave it."
        return f"Your hunter cannot reach that with MOV {rules.stats(s, p).mov}."
    return None


def check_order(s, p, a):
    if (problem := _frame_problem(s, p, a)) or a.source is not None:
        return problem or "Choose a monster."
    if a.target not in s.decisions[-1].options:
        return "Choose one of the tied monsters."
    return None


def check_attack(s, p, a):
    if (problem := _frame_problem(s, p, a)) or a.source is not None:
        return problem or "An attack takes no card."
    m = s.board.get(a.target) if isinstance(a.target, int) else None
    if m is None or m.place != s.area:
        return "Your hunter can only attack a monster in its own area."
    if m.sheet == p:
        return "That is your own monster: a hunter never attacks its own player's monsters."
    return None


def check_no_attack(s, p, a):
    if (problem := _frame_problem(s, p, a)) or a.source is not None or a.target is not None:
        return problem or "Not attacking takes no card."
    return None


def check_boost(s, p, a):
    if (problem := _frame_problem(s, p, a)) or a.target is not None:
        return problem or "A boost has no target."
    if not _in_hand(s, p, a.source):
        return "A boost is a card from your hand."
    card = s.card(a.source)
    if boost_kind(card, rules.stats(s, p).system) is None:
        if card.kind == "weapon":
            return (f"{card.name} is not of your hunter's current weapon system "
                    f"({rules.stats(s, p).system.replace('_', ' ')}).")
        return "Only a weapon of your current system or an armour can be a boost."
    return None


def check_item(s, p, a):
    if problem := _frame_problem(s, p, a):
        return problem
    if not _in_hand(s, p, a.source):
        return "Only an item from your hand can be used."
    return rules.item_problem(s, p, a.source, a.target)


def check_window_ability(s, p, a):
    if problem := _frame_problem(s, p, a):
        return problem
    ability = rules.hunter_ability(s, p)
    if not EFFECTS.has("window_ability", ability):
        return "Your hunter has no ability to use in a window."
    return EFFECTS.run("window_problem", ability, s, p, a.source, a.target)


def check_respond(s, p, a):
    if (problem := _frame_problem(s, p, a)) or a.target is not None:
        return problem or "A response has no target of its own."
    if not _in_hand(s, p, a.source):
        return "Only an item from your hand can be a response."
    problem = rules.item_problem(s, p, a.source, None, response=True)
    if problem:
        return problem
    return EFFECTS.run("response_problem", s.cards[a.source], s, p)


def check_equip(s, p, a):
    if (problem := _frame_problem(s, p, a)) or a.target is not None:
        return problem or "Equipping has no target."
    if not _in_hand(s, p, a.source):
        return "Equipment comes from your hand."
    card = s.card(a.source)
    if card.kind not in ("weapon", "armour"):
        return "Only a weapon or an armour can be equipped."
    if (s.equipped_weapon if card.kind == "weapon" else s.equipped_armour)[p]:
        return f"You have already equipped one {card.kind} this phase."
    need = rules.price(s, p, a.source)
    have = sum(s.card(m).material for m in s.materials[p])
    if have < need:
        return f"{card.name} needs {need} material points; your pile holds {have}."
    return None


def check_pay(s, p, a):
    if (problem := _frame_problem(s, p, a)) or a.target is not None:
        return problem or "Paying has no target."
    frame = s.decisions[-1]
    if a.source not in frame.remaining():
        return "Pay with a card from your material pile that is not picked yet."
    chosen = [s.card(c).material for c in frame.picked] + [s.card(a.source).material]
    rest = [s.card(c).material for c in frame.remaining() if c != a.source]
    if not can_complete_payment(chosen, rest, frame.context[1]):
        return ("That would spend more than needed: the cards paid must be a minimal set "
                "(no change is given).")
    return None


def check_cancel(s, p, a):
    if (problem := _frame_problem(s, p, a)) or a.source is not None or a.target is not None:
        return problem or "Cancel takes no card."
    return None


def check_burrow(s, p, a):
    if (problem := _frame_problem(s, p, a)) or a.source is not None:
        return problem or "Burrow takes no card."
    if a.target not in rules.burrow_candidates(s, p):
        return "Only a face-up Burrow monster of yours that took no damage can burrow."
    return None


def check_keep(s, p, a):
    if (problem := _frame_problem(s, p, a)) or a.source is not None:
        return problem or "Choose a monster."
    if a.target not in s.decisions[-1].options:
        return "Choose one of the eye monsters sharing the area."
    return None




# --- the action kinds, in the order they are offered ------------------------------------------
# A question's candidates are its kinds' candidates in declaration order: a discard before Done,
# placements before "Place no monster", a response before "No response", "Pass" before the
# window's cards. Where two kinds come card by card (place / replace, boost / item), the first
# kind lists both, so each card's choices stay together.

def discard_candidates(s, p):
    name = s.card_name
    why = " (Roar)" if s.decisions[-1].kind == "roar" else ""
    return [_act("discard", c, label=f"Discard {name(c)}{why}") for c in s.hand[p]]


@kind("discard", answers=("hand_discard", "roar"), candidates=discard_candidates,
      check=check_discard)
def discard(s, p, a):
    if s.decisions[-1].kind == "roar":
        rules.discard(s, p, a.source, " (Roar)")
        rules.pass_on(s)
    else:
        rules.discard(s, p, a.source, "")


def placement_candidates(s, p):
    name = s.card_name
    out = []
    own = [a for a in s.table.areas if a[0] == p]
    mine = [m.token for m in rules.monsters_on_sheet(s, p)]
    for c in s.hand[p]:
        if s.card(c).kind != "monster":
            continue
        out += [_act("place", c, a, f"Place {name(c)} face down in area {a[1]}") for a in own]
        out += [_act("replace", c, t, f"Replace {_token_word(s, t)} with {name(c)}")
                for t in mine]
    return out


def _listed_with_another_kind(s, p):
    return []


@kind("place", answers=("placement",), candidates=placement_candidates, check=check_place)
def place(s, p, a):
    close(s)
    s.turn += 1
    rules.place_monster(s, p, a.source, a.target)


@kind("replace", answers=("placement",), candidates=_listed_with_another_kind,
      check=check_replace)
def replace(s, p, a):
    close(s)
    s.turn += 1
    rules.replace_monster(s, p, a.source, a.target)


def respond_candidates(s, p):
    name = s.card_name
    return [_act("respond", c, label=f"Respond with {name(c)}") for c in s.hand[p]
            if s.card(c).kind == "item" and s.card(c).interrupt]


@kind("respond", answers=("respond",), candidates=respond_candidates, check=check_respond)
def respond(s, p, a):
    rules.respond(s, p, a.source)
    rules.pass_on(s)


def equip_candidates(s, p):
    name = s.card_name
    return [_act("equip", c, label=f"Equip {name(c)} (needs {rules.price(s, p, c)} material)")
            for c in s.hand[p] if s.card(c).kind in ("weapon", "armour")]


@kind("equip", answers=("equip",), candidates=equip_candidates, check=check_equip)
def equip(s, p, a):
    c = a.source
    need = rules.price(s, p, c)
    if need <= 0:
        rules.equip(s, p, c, ())
    else:
        rules.show_equipment(s, p, c, need)
        decisions.ask_to_pick(s, "pay", p, tuple(s.materials[p]), 1, None, (c, need),
                              cancellable=True, prompt=f"{{seat}}: pay {need} material "
                              f"for {s.card(c).name}")


def burrow_candidates(s, p):
    return [_act("burrow", None, t, f"Burrow {_token_word(s, t)}")
            for t in rules.burrow_candidates(s, p)]


@kind("burrow", answers=("burrow",), candidates=burrow_candidates, check=check_burrow)
def burrow(s, p, a):
    rules.burrow(s, p, a.target)
    if not rules.burrow_candidates(s, p):
        close(s)


def done_candidates(s, p):
    return [_act("done", label="Done")]


@kind("done", answers=("hand_discard", "equip", "burrow"), candidates=done_candidates,
      check=check_done)
def done(s, p, a):
    frame = close(s)
    if frame.kind == "equip":
        s.turn += 1


_PASS_LABELS = {"placement": "Place no monster", "window": "Pass", "respond": "No response"}


def pass_candidates(s, p):
    return [_act("pass", label=_PASS_LABELS[s.decisions[-1].kind])]


@kind("pass", answers=("placement", "window", "respond"), candidates=pass_candidates,
      check=check_pass)
def pass_(s, p, a):
    asked = s.decisions[-1].kind
    if asked == "placement":
        close(s)
        s.turn += 1
    elif asked == "window":
        close(s)
        rules.window_passed(s, p)
    else:  # no response
        rules.pass_on(s)


def window_candidates(s, p):
    """A window's cards, card by card: a boost, or an item (at each target it may aim at)."""
    name = s.card_name
    out = []
    for c in s.hand[p]:
        card = s.card(c)
        if card.kind in ("weapon", "armour"):
            out.append(_act("boost", c, label=f"Boost with {name(c)}"))
        elif card.kind == "item":
            targets = rules.item_targets(s, p, card.id)
            if targets is None:
                out.append(_act("item", c, label=f"Use {name(c)}"))
            else:
                out += [_act("item", c, t, f"Use {name(c)} on {_token_word(s, t)}")
                        for t in targets]
    return out


@kind("boost", answers=("window",), candidates=window_candidates, check=check_boost)
def boost(s, p, a):
    close(s)
    rules.window_acted(s, p)
    rules.boost(s, p, a.source)


@kind("item", answers=("window",), candidates=_listed_with_another_kind, check=check_item)
def item(s, p, a):
    decisions.pop(s)  # the responses come first (announce_item says where the rules go on)
    rules.announce_item(s, p, a.source, a.target)


#: the action kind of a hunter's ability used in a window (named after the only one, Spotter,
#: as the recorded games of tests/test_same_games.py name it)
WINDOW_ABILITY = "spotter"


def window_ability_candidates(s, p):
    """What the hunter's window ability offers now: (card, target, label) from its handler."""
    choices = EFFECTS.run("window_choices", rules.hunter_ability(s, p), s, p) or ()
    return [_act(WINDOW_ABILITY, c, t, label) for c, t, label in choices]


@kind(WINDOW_ABILITY, answers=("window",), candidates=window_ability_candidates,
      check=check_window_ability)
def window_ability(s, p, a):
    close(s)
    rules.window_acted(s, p)
    EFFECTS.run("window_ability", rules.hunter_ability(s, p), s, p, a.source, a.target)


def move_candidates(s, p):
    here = s.pos[p]
    return [_act("move", None, a, ("Stay in " if a == here else "Move to ")
                 + s.table.name(a, s.seat_name)) for a in rules.destinations(s, p)]


@kind("move", answers=("move",), candidates=move_candidates, check=check_move)
def move(s, p, a):
    close(s)
    s.turn += 1
    rules.move_hunter(s, p, a.target)


def order_candidates(s, p):
    return [_act("order", None, t, f"{_token_word(s, t)} acts next")
            for t in s.decisions[-1].options]


@kind("order", answers=("monster_order",), candidates=order_candidates, check=check_order)
def order(s, p, a):
    close(s)
    rules.start_monster_turn(s, s.board[a.target], "next_actor")


def attack_candidates(s, p):
    return [_act("attack", None, m.token, f"Attack {_token_word(s, m.token)}")
            for m in rules.monsters_at(s, s.area)]


@kind("attack", answers=("target",), candidates=attack_candidates, check=check_attack)
def attack(s, p, a):
    close(s)
    rules.declare_attack(s, p, a.target)


def no_attack_candidates(s, p):
    return [_act("no_attack", label="Do not attack")]


@kind("no_attack", answers=("target",), candidates=no_attack_candidates, check=check_no_attack)
def no_attack(s, p, a):
    close(s)
    rules.no_attack(s, p)


def pay_candidates(s, p):
    name = s.card_name
    return [_act("pay", c, label=f"Pay with {name(c)} ({s.card(c).material})")
            for c in s.decisions[-1].remaining()]


@kind("pay", answers=("pay",), candidates=pay_candidates, check=check_pay)
def pay(s, p, a):
    decisions.pick(s, a.source)
    frame = s.decisions[-1]
    paid = frame.picked
    if is_minimal_payment([s.card(x).material for x in paid], frame.context[1]):
        close(s)  # a minimal set: no further card could be added; the equip turn goes on
        rules.equip(s, p, frame.context[0], paid)


def cancel_candidates(s, p):
    return [_act("cancel", label="Cancel")]


@kind("cancel", answers=("pay",), candidates=cancel_candidates, check=check_cancel)
def cancel(s, p, a):
    close(s)
    rules.take_back_equipment(s, p)


def keep_candidates(s, p):
    return [_act("keep", None, t, f"Keep {_token_word(s, t)}") for t in s.decisions[-1].options]


@kind("keep", answers=("keep_eye",), candidates=keep_candidates, check=check_keep)
def keep(s, p, a):
    close(s)
    rules.keep_eye(s, p, a.target)
