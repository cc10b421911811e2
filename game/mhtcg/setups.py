"""Hand-made positions for rule tests: a table with chosen hunters, gear, monsters, decks and
hands, started at any phase, plus helpers that answer questions by what they are.

`table(players)` gives a state before the first round with every deck in order and no question
asked; the helpers put cards where a test needs them. A card a seat's deck does not hold is
made from one of that seat's unused deck cards (tests may give any hunter any card).
"""

from __future__ import annotations

from game.core.contract import Action
from game.core.decisions import asked
from game.core.flow import go, mark, unmark
from game.mhtcg import rules
from game.mhtcg.maps import CAMP
from game.mhtcg.state import MhState


def table(players: int = 4, decks: list[str] | None = None, seed: int = 0,
          dealer: int = 0, hunters: list[str] | None = None) -> MhState:
    from game.mhtcg import GAME

    decks = decks or ["A", "B", "C", "D"][:players]
    s = MhState(GAME, players, seed, decks)
    for p in range(players):
        s.deck[p] = list(range(40 * p, 40 * p + 40))
    if hunters:
        s.hunters = list(hunters)
    s.dealer = s.first_dealer = dealer
    s.round = 1
    return s


def take(s: MhState, p: int, card_id: str) -> int:
    """An instance of `card_id` taken out of seat p's deck (made from a spare card if needed)."""
    for c in reversed(s.deck[p]):
        if s.cards[c] == card_id:
            s.deck[p].remove(c)
            return c
    # a card no test asked for by name; failing that (tests have asked for every id of this
    # deck between them), the bottom card
    spare = next((c for c in s.deck[p] if s.cards[c] not in _wanted), s.deck[p][0])
    cards = list(s.cards)
    cards[spare] = card_id
    s.cards = tuple(cards)
    s.deck[p].remove(spare)
    return spare


#: card ids a test asked for by name (never turned into something else later)
_wanted: set[str] = set()


def give(s: MhState, p: int, *card_ids: str) -> list[int]:
    """Cards into seat p's hand."""
    out = []
    for cid in card_ids:
        _wanted.add(cid)
        c = take(s, p, cid)
        s.hand[p].append(c)
        out.append(c)
    return out


def gear(s: MhState, p: int, weapon: str | None = None, armour: str | None = None) -> None:
    if weapon:
        s.weapon[p] = take(s, p, weapon)
    if armour:
        s.armour[p] = take(s, p, armour)


def materials(s: MhState, p: int, *card_ids: str) -> list[int]:
    out = [take(s, p, cid) for cid in card_ids]
    s.materials[p].extend(out)
    return out


def monster(s: MhState, sheet: int, area: int, card_id: str, face_up: bool = False,
            damage: int = 0) -> int:
    """A monster of `sheet`'s owner in one of its areas; returns its token."""
    _wanted.add(card_id)
    c = take(s, sheet, card_id)
    m = rules.new_placed(s, c, (sheet, area))
    m.damage = damage
    if face_up:
        m.face_up = m.known = True
        s.up_counter += 1
        m.up_order = s.up_counter
    return m.token


def hunter_at(s: MhState, p: int, sheet: int, area: int, moved: bool = True) -> None:
    """Seat p's hunter in (sheet, area); `moved=False` gives it Charge (it stayed put)."""
    s.pos[p] = (sheet, area)
    if not moved and area != CAMP:
        mark(s, p, "charge")
    else:
        unmark(s, p, "charge")


def deck(s: MhState, p: int, n: int) -> None:
    """Leave n cards in seat p's deck (the rest leave the game for this test)."""
    del s.deck[p][:-n or len(s.deck[p])]
    if n == 0:
        s.deck[p] = []


def grave(s: MhState, p: int, n: int) -> list[int]:
    """Move n cards from the bottom of p's deck to its graveyard."""
    moved = s.deck[p][:n]
    del s.deck[p][:n]
    s.grave[p].extend(moved)
    return moved


def start(s: MhState, step: str, phase: str) -> MhState:
    """Run the rules from `step` (a rulebook step of rules.py) until the first question."""
    s.phase = phase
    if phase == "hunt":
        rules.start_hunt(s)
    elif step in ("hand_turn", "placement_turn", "move_turn", "equip_turn", "result_turn"):
        rules.begin_turns(s, step)
    else:
        go(s, step)
    rules.rules.advance(s)
    s.changed()
    return s


def hunt(s: MhState) -> MhState:
    return start(s, "", "hunt")


def seat(s: MhState) -> int:
    return s.to_act()[0]


def act(s: MhState, p: int, kind: str, source=None, target=None) -> list:
    """Apply the action of this shape for p (checked, with events)."""
    return s.apply(p, Action(kind, source, target))


def bystander(s: MhState, p: int) -> None:
    """Seat p holds a card in its camp, so every window and the equip phase ask it: the rules
    stop there instead of running on to the next round."""
    give(s, p, "I01")


def pass_until(s: MhState, *kinds: str, limit: int = 500) -> list:
    """Answer every window, response and hand-phase question with pass / Done until one of
    `kinds` is asked (or the game ends); returns the events on the way."""
    events: list = []
    for _ in range(limit):
        if s.over or asked(s) in kinds:
            return events
        k, p = asked(s), seat(s)
        if k in ("window", "respond", "placement"):
            events += act(s, p, "pass")
        elif k in ("hand_discard", "equip", "burrow"):
            events += act(s, p, "done")
        elif k == "target":
            events += act(s, p, "no_attack")
        elif k == "move":
            events += act(s, p, "move", target=s.legal_actions(p)[0].target)
        else:
            raise AssertionError(f"pass_until cannot answer {k!r}")
    raise AssertionError("pass_until: too many questions")
