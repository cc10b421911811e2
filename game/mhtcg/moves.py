"""What a player may do now, written once: `candidates` lists the actions of the right shape for
the question on top of the decision stack, `CHECKS[kind]` says why one is illegal (None: legal),
and `carry_out` does a legal one and lets the rules carry on.

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
from game.mhtcg import rules
from game.mhtcg.effects import EFFECTS
from game.mhtcg.gear import boost_kind, can_complete_payment, is_minimal_payment
from game.mhtcg.maps import CAMP

#: action kind -> the questions it answers
ANSWERS = {
    "discard": ("hand_discard", "roar"),
    "done": ("hand_discard", "equip", "burrow"),
    "pass": ("placement", "window", "respond"),
    "place": ("placement",),
    "replace": ("placement",),
    "move": ("move",),
    "order": ("monster_order",),
    "attack": ("target",),
    "no_attack": ("target",),
    "boost": ("window",),
    "item": ("window",),
    "spotter": ("window",),
    "respond": ("respond",),
    "equip": ("equip",),
    "pay": ("pay",),
    "cancel": ("pay",),
    "burrow": ("burrow",),
    "keep": ("keep_eye",),
}


def _act(kind: str, source=None, target=None, label: str = "") -> Action:
    return Action(kind, source, target, None, label)


def _token_word(s, token: int) -> str:
    m = s.board[token]
    return f"{rules.monster_word(s, m)} #{token}"


# --- candidates ------------------------------------------------------------------------------

def candidates(s, p: int) -> list[Action]:
    frame = s.decisions[-1]
    kind = frame.kind
    name = s.card_name
    hand = s.hand[p]
    if kind == "hand_discard":
        return [_act("discard", c, label=f"Discard {name(c)}") for c in hand] + [
            _act("done", label="Done")]
    if kind == "roar":
        return [_act("discard", c, label=f"Discard {name(c)} (Roar)") for c in hand]
    if kind == "placement":
        out = []
        own = [a for a in s.table.areas if a[0] == p]
        mine = [m.token for m in rules.monsters_on_sheet(s, p)]
        for c in hand:
            if s.card(c).kind != "monster":
                continue
            out += [_act("place", c, a, f"Place {name(c)} face down in area {a[1]}") for a in own]
            out += [_act("replace", c, t, f"Replace {_token_word(s, t)} with {name(c)}")
                    for t in mine]
        return out + [_act("pass", label="Place no monster")]
    if kind == "move":
        here = s.pos[p]
        return [_act("move", None, a, ("Stay in " if a == here else "Move to ")
                     + s.table.name(a, s.seat_name)) for a in rules.destinations(s, p)]
    if kind == "monster_order":
        return [_act("order", None, t, f"{_token_word(s, t)} acts next") for t in frame.options]
    if kind == "target":
        return [_act("attack", None, m.token, f"Attack {_token_word(s, m.token)}")
                for m in rules.monsters_at(s, s.area)] + [_act("no_attack", label="Do not attack")]
    if kind == "window":
        return window_candidates(s, p)
    if kind == "respond":
        return [_act("respond", c, label=f"Respond with {name(c)}") for c in hand
                if s.card(c).kind == "item" and s.card(c).interrupt] + [
            _act("pass", label="No response")]
    if kind == "equip":
        return [_act("equip", c, label=f"Equip {name(c)} (needs {rules.price(s, p, c)} material)")
                for c in hand if s.card(c).kind in ("weapon", "armour")] + [
            _act("done", label="Done")]
    if kind == "pay":
        return [_act("pay", c, label=f"Pay with {name(c)} ({s.card(c).material})")
                for c in frame.remaining()] + [_act("cancel", label="Cancel")]
    if kind == "burrow":
        return [_act("burrow", None, t, f"Burrow {_token_word(s, t)}")
                for t in rules.burrow_candidates(s, p)] + [_act("done", label="Done")]
    if kind == "keep_eye":
        return [_act("keep", None, t, f"Keep {_token_word(s, t)}") for t in frame.options]
    return []


def window_candidates(s, p: int) -> list[Action]:
    name = s.card_name
    out = [_act("pass", label="Pass")]
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
    if s.win_purpose == "opening" and EFFECTS.has("window_ability", rules.hunter_ability(s, p)):
        for t in spotter_targets(s, p):
            out += [_act("spotter", c, t, f"Spotter: discard {name(c)}, turn up #{t}")
                    for c in s.hand[p]]
    return out


def spotter_targets(s, p: int) -> list[int]:
    """Face-down monsters (not yours) in your hunter's area or one link away (H4)."""
    if not rules.on_table(s, p):
        return []
    near = s.table.within(s.pos[p], 1)
    return [m.token for m in s.board.values()
            if not m.face_up and m.sheet != p and m.place in near]


# --- checks: one per action kind ---------------------------------------------------------

def _frame_problem(s, p: int, a: Action) -> str | None:
    frame = s.decisions[-1] if s.decisions else None
    if frame is None or frame.kind not in ANSWERS.get(a.kind, ()):
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


def check_spotter(s, p, a):
    if problem := _frame_problem(s, p, a):
        return problem
    if not EFFECTS.has("window_ability", rules.hunter_ability(s, p)):
        return "Only the Dundorma hunter has Spotter."
    if s.win_purpose != "opening":
        return "Spotter is used only in the opening window."
    if s.spotter_used[p]:
        return "Spotter is used once per round."
    if not _in_hand(s, p, a.source):
        return "Spotter discards a card from your hand."
    if a.target not in spotter_targets(s, p):
        return "Spotter turns up a face-down monster (not yours) in your area or one link away."
    return None


def check_respond(s, p, a):
    if (problem := _frame_problem(s, p, a)) or a.target is not None:
        return problem or "A response has no target of its own."
    if not _in_hand(s, p, a.source):
        return "Only an item from your hand can be a response."
    problem = rules.item_problem(s, p, a.source, None, response=True)
    if problem:
        return problem
    if s.cards[a.source] == rules.DUNG_BOMB and s.cards[s.item[1]] not in rules.NAMES_ONE_MONSTER:
        return "Dung Bomb only answers an item aimed at one monster."
    return None


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


CHECKS = {
    "discard": check_discard, "done": check_done, "pass": check_pass, "place": check_place,
    "replace": check_replace, "move": check_move, "order": check_order,
    "attack": check_attack, "no_attack": check_no_attack, "boost": check_boost,
    "item": check_item, "spotter": check_spotter, "respond": check_respond,
    "equip": check_equip, "pay": check_pay, "cancel": check_cancel, "burrow": check_burrow,
    "keep": check_keep,
}


# --- carrying out ----------------------------------------------------------------------------

def finish(s) -> None:
    """Pop the answered question; its `then` step carries on."""
    frame = decisions.pop(s)
    if frame.then:
        s.next_step = frame.then


def carry_out(s, p: int, a: Action) -> None:
    frame = s.decisions[-1]
    kind, c, t = a.kind, a.source, a.target
    if kind == "discard":
        if frame.kind == "roar":
            rules.discard(s, p, c, " (Roar)")
            decisions.pass_on(s)
        else:
            rules.discard(s, p, c, "")
    elif kind == "done":
        finish(s)
        if frame.kind == "equip":
            s.turn += 1
    elif kind == "pass":
        if frame.kind == "placement":
            finish(s)
            s.turn += 1
        elif frame.kind == "window":
            finish(s)
            rules.window_passed(s, p)
        else:  # respond
            decisions.pass_on(s)
    elif kind == "place":
        finish(s)
        s.turn += 1
        rules.place_monster(s, p, c, t)
    elif kind == "replace":
        finish(s)
        s.turn += 1
        rules.replace_monster(s, p, c, t)
    elif kind == "move":
        finish(s)
        s.turn += 1
        rules.move_hunter(s, p, t)
    elif kind == "order":
        finish(s)
        rules.start_monster_turn(s, s.board[t], "next_actor")
    elif kind == "attack":
        decisions.pop(s)
        rules.declare_attack(s, p, t)
    elif kind == "no_attack":
        decisions.pop(s)
        rules.no_attack(s, p)
    elif kind == "boost":
        finish(s)
        rules.window_acted(s, p)
        rules.boost(s, p, c)
    elif kind == "item":
        finish(s)
        rules.announce_item(s, p, c, t)
    elif kind == "spotter":
        finish(s)
        rules.window_acted(s, p)
        EFFECTS.run("window_ability", rules.hunter_ability(s, p), s, p, c, t)
    elif kind == "respond":
        rules.respond(s, p, c)
        decisions.pass_on(s)
    elif kind == "equip":
        need = rules.price(s, p, c)
        if need <= 0:
            rules.equip(s, p, c, ())
        else:
            rules.show_equipment(s, p, c, need)
            decisions.ask_to_pick(s, "pay", p, tuple(s.materials[p]), 1, None, (c, need),
                                  cancellable=True, prompt=f"{{seat}}: pay {need} material "
                                  f"for {s.card(c).name}")
    elif kind == "pay":
        decisions.pick(s, c)
        frame = s.decisions[-1]
        paid = frame.picked
        if is_minimal_payment([s.card(x).material for x in paid], frame.context[1]):
            decisions.pop(s)  # a minimal set: no further card could be added
            rules.equip(s, p, frame.context[0], paid)
    elif kind == "cancel":
        decisions.pop(s)
        rules.take_back_equipment(s, p)
    elif kind == "burrow":
        rules.burrow(s, p, t)
        if not rules.burrow_candidates(s, p):
            finish(s)
    elif kind == "keep":
        finish(s)
        rules.keep_eye(s, p, t)
    else:  # pragma: no cover - the checks refuse unknown kinds
        raise ValueError(f"unknown action kind {kind!r}")
    rules.advance(s)
