"""The Monster Hunter TCG game state: plain lists and ints; its copy and JSON are generated from
the declared `fields` (game/core/fields.py).

Card instances: seat p's 40 deck cards are ids 40p .. 40p+39; `cards[i]` is the card id
("M16") of instance i. Hunter cards are not instances (they never leave the table).

A monster on a sheet is a `Placed` record (placed.py) under a public token.

Where the rules wait, `decisions` holds the question (game/core/decisions.py); the rules carry on
at its `then` once it is answered (game/core/flow.py).
"""

from __future__ import annotations

from typing import Any

from game.core import decisions
from game.core import fields as F
from game.core.contract import Action, Outcome
from game.core.flow import FlowState
from game.core.rng import Rng
from game.mhtcg import (
    moves,  # noqa: F401 - declares the action kinds on rules.rules
    rules,
)
from game.mhtcg.maps import CAMP
from game.mhtcg.placed import Placed

DECK = 40


#: per-seat lists of lists of ints (card zones)
_ZONES = ("deck", "hand", "grave", "materials", "known_hand", "deckable")
#: per-seat lists of scalars
_SEAT = ("weapon", "armour", "hrp", "retreats", "doomed", "forfeited", "atk_bonus",
         "def_bonus", "atk_minus", "hunter_acted",
         "known_bottom", "equipped_weapon", "equipped_armour", "retreat_token")
#: scalars of the round and of the step in progress
_SCALARS = ("round", "phase", "dealer", "first_dealer", "turn", "skip_draw",
            "next_token", "up_counter", "area", "opener", "hunter_turn", "target",
            "monster_turn", "monster_then", "win_purpose", "win_then", "win_seat",
            "win_passes", "item", "equipping", "over", "end_reason")
#: lists of tuples / values
_LISTS = ("order", "pos", "resolved", "responses", "winners", "gains")


def _card_tables(cs, cards: tuple[str, ...]) -> tuple[tuple, tuple[str, ...]]:
    """Each instance's definition and name: asked for every candidate's label, fixed per game
    (remembered, as a copy or a load asks again)."""
    known = _TABLES.get(cards)
    if known is None or known[0] is not cs:
        known = _TABLES[cards] = (cs, tuple(cs.card(cid) for cid in cards), tuple(
            rules.card_label(cs, cards, c) for c in range(len(cards))))
    return known[1], known[2]


_TABLES: dict = {}


class MhState(FlowState):
    __slots__ = ("cs", "table", "rng", "decks", "hunters", "_cards", "defs", "labels",
                 "board") + _ZONES + _SEAT + _SCALARS + _LISTS

    rules = rules.rules
    concedable = True  # D41
    fields = {"cards": F.VALUE, "rng": F.RNG, "decks": F.LIST, "hunters": F.LIST,
              "board": F.RECORDS, **{k: F.LISTS for k in _ZONES}, **{k: F.LIST for k in _SEAT},
              **{k: F.VALUE for k in _SCALARS}, **{k: F.LIST for k in _LISTS}}
    records = {"board": Placed}

    def __init__(self, game, players: int, seed: int, decks: list[str]) -> None:
        super().__init__(game, players)
        self.rng = Rng(seed)
        self.decks = list(decks)
        cs = game.card_set()
        self.hunters = [cs.decks[d].hunter for d in decks]
        self.cards = tuple(cid for d in decks for cid in cs.decks[d].card_ids())
        P = players
        for key in _ZONES:
            setattr(self, key, [[] for _ in range(P)])
        for key in _SEAT:
            setattr(self, key, [0] * P)
        for key in ("doomed", "forfeited", "hunter_acted",
                    "equipped_weapon", "equipped_armour"):
            setattr(self, key, [False] * P)
        # D30: the cards everyone knows the deck was formed from (all 40, then the graveyard
        # at each retreat), and the first token placed after the last retreat
        self.deckable = [list(range(DECK * p, DECK * p + DECK)) for p in range(P)]
        self.weapon = [-1] * P
        self.armour = [-1] * P
        self.board: dict[int, Placed] = {}
        self.round, self.phase, self.dealer, self.first_dealer = 0, "setup", 0, 0
        self.turn, self.skip_draw = 0, False
        self.next_token, self.up_counter = 1, 0
        self.area = None
        self.opener = self.hunter_turn = self.target = self.monster_turn = -1
        self.monster_then = ""
        self.win_purpose, self.win_then, self.win_seat, self.win_passes = "", "", 0, 0
        self.item = None
        self.equipping = -1  # the card being paid for in the equip phase
        self.over, self.end_reason = False, ""
        self.order = []
        self.pos = [(p, CAMP) for p in range(P)]
        self.resolved = []
        self.responses = []
        self.winners = []
        self.gains = []  # (seat, amount, source, round, reason) for every HRP gained

    # --- card helpers ----------------------------------------------------------------------
    @property
    def cards(self) -> tuple[str, ...]:
        """The card id ("M16") of every instance; fixed for the game."""
        return self._cards

    @cards.setter
    def cards(self, ids) -> None:
        self._cards = ids = tuple(ids)
        # `card` and `card_name` are hot paths (every candidate action has a label); the card set
        # and the table come from the game, so a copy or a load finds them here too
        self.cs = cs = self.game.card_set()
        self.table = self.game.table(self.players)
        self.defs, self.labels = _card_tables(cs, ids)

    def card(self, cid: int):
        """The definition of card instance `cid`."""
        return self.defs[cid]

    def owner(self, cid: int) -> int:
        return cid // DECK

    def card_name(self, cid: int) -> str:
        """The card's name, numbered when its deck holds several copies ("Velociprey 2")."""
        return self.labels[cid]

    # --- turn structure --------------------------------------------------------------------
    @property
    def rounds(self) -> int:
        return self.round

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome:
        return rules.outcome(self)

    # --- table actions (the core flow's concede and timeout) ---------------------------------
    def concede(self, player: int) -> None:
        rules.concede(self, player)

    def default_answer(self, player: int) -> Action:
        """A seat out of time does the least it may: passes, is done, stays where it is, does
        not attack, cancels a payment; else it takes the first answer offered (a card to
        discard, the next monster, the eye monster that stays)."""
        legal = self.legal_actions(player)
        here = self.pos[player]
        for a in legal:
            if a.kind in ("pass", "done", "no_attack", "cancel") or (
                    a.kind == "move" and a.target == here):
                return a
        return legal[0]

    def seat_name(self, player: int) -> str:
        return f"Player {player + 1}"

    # --- information -----------------------------------------------------------------------
    def _view(self, player: int | None) -> dict:
        return view_of(self, player)

    def determinize(self, player: int, rng: Any) -> MhState:
        return determinized(self, player, rng)

    def card_ids(self) -> list[int]:
        ids = [c for zone in _ZONES[:4] for per in getattr(self, zone) for c in per]
        ids += [c for c in self.weapon + self.armour if c >= 0]
        ids += [m.card for m in self.board.values()]
        if self.item is not None:
            ids.append(self.item[1])
        if self.equipping >= 0:
            ids.append(self.equipping)
        ids += [c for _, c in self.responses]
        return ids

    def zones(self) -> dict[str, list[int]]:
        z: dict[str, list[int]] = {}
        for zone in _ZONES[:4]:
            for p, per in enumerate(getattr(self, zone)):
                z[f"{zone}:{p}"] = list(per)
        for p in range(len(self.weapon)):
            z[f"weapon:{p}"] = [self.weapon[p]] if self.weapon[p] >= 0 else []
            z[f"armour:{p}"] = [self.armour[p]] if self.armour[p] >= 0 else []
        z["board"] = [m.card for m in self.board.values()]
        z["item"] = [self.item[1]] if self.item is not None else []
        z["equipping"] = [self.equipping] if self.equipping >= 0 else []
        z["responses"] = [c for _, c in self.responses]
        return z


# --- information ---------------------------------------------------------------------------

def view_of(s, viewer: int | None) -> dict:
    """What `viewer` may see (D30): everything public, its own hand and face-down monsters."""
    seats = []
    for p in range(s.players):
        mine = viewer == p
        deck = s.deck[p]
        seats.append({
            "seat": p, "deck_id": s.decks[p], "hunter": s.hunters[p],
            "hrp": s.hrp[p], "retreats": s.retreats[p], "doomed": s.doomed[p],
            "forfeited": s.forfeited[p], "pos": list(s.pos[p]) if s.pos[p] else None,
            "deck": len(deck), "deck_bottom": list(deck[:s.known_bottom[p]]),
            "hand": list(s.hand[p]) if mine else None, "hand_size": len(s.hand[p]),
            "known_hand": sorted(s.known_hand[p]),
            "grave": list(s.grave[p]), "materials": list(s.materials[p]),
            "weapon": s.weapon[p], "armour": s.armour[p],
            "atk_bonus": s.atk_bonus[p], "def_bonus": s.def_bonus[p],
            "atk_minus": s.atk_minus[p], "hunter_acted": s.hunter_acted[p],
            # what abilities remember about the seat this round (Stench, Charge, Spotter)
            "marks": {name: v for (who, name), v in s.marks.items() if who == p},
            "stats": _stats(rules.stats(s, p)),  # printed, from public gear
        })
    monsters = []
    for m in s.board.values():
        shown = m.face_up or m.known or viewer == m.sheet
        monsters.append({"token": m.token, "sheet": m.sheet, "area": m.area,
                         "face_up": m.face_up, "card": m.card if shown else None,
                         "damage": m.damage, "weakness": m.weakness, "atk_mod": m.atk_mod,
                         "stopped": m.stopped, "acted": m.acted, "up_order": m.up_order})
    frame = decisions.top(s)
    return {
        "round": s.round, "phase": s.phase, "dealer": s.dealer,
        "first_dealer": s.first_dealer, "seats": seats, "monsters": monsters,
        "area": list(s.area) if s.area else None, "resolved": [list(a) for a in s.resolved],
        "hunter_turn": s.hunter_turn, "target": s.target, "monster_turn": s.monster_turn,
        "window": s.win_purpose, "item": list(s.item) if s.item else None,
        "equipping": s.equipping,
        "responses": [list(r) for r in s.responses],
        "decision": frame.public(viewer) if frame is not None else None,
        "gains": [list(g) for g in s.gains], "over": s.over, "winners": list(s.winners),
        "end_reason": s.end_reason,
        "hunt": _hunt_preview(s, viewer),
    }


def _stats(st) -> dict:
    return {"atk": st.atk, "defence": st.defence, "mov": st.mov, "rng": st.rng}


def _hunt_preview(s, viewer: int | None) -> dict | None:
    """What the area resolving now holds in store, from the rules' own queries, for the table's
    middle: the actors' order, each face-up monster attack's loss by part, the hunter's strike.
    Only face-up monsters count, so it is public. None outside a resolving area."""
    if s.phase != "hunt" or s.area is None:
        return None

    def losses(m, seats):
        return [[p, *rules.loss_breakdown(s, m, p)] for p in seats]

    out: dict[str, Any] = {"order": rules.actor_order_preview(s), "attacks": [], "next": [],
                           "strike": None}
    m = s.board.get(s.monster_turn)
    if m is not None and m.face_up:
        out["attacks"] = [[rules.monster_card(s, m).name, *x]
                          for x in losses(m, rules.attack_targets(s, m))]
    elif viewer is not None and viewer in rules.hunters_at(s, s.area):
        for later in rules.monsters_at(s, s.area):  # what is still to come for the viewer
            if later.face_up and not later.acted and viewer in rules.attack_targets(s, later):
                out["next"] += [[rules.monster_card(s, later).name, *x] for x in losses(later, [viewer])]
    t = s.board.get(s.target)
    if s.hunter_turn >= 0 and t is not None and t.face_up:
        out["strike"] = [s.hunter_turn, rules.hunter_damage(s, s.hunter_turn, t),
                         rules.monster_card(s, t).name, rules.remaining_hp(s, t)]
    return out


def determinized(s, player: int, rng):
    """A state `player` cannot tell from this one (D30), drawn from `rng` alone.

    For every other seat, its unseen cards (deck above the public Potion bottom, hand cards not
    known to all, face-down monsters nobody has seen) are dealt again: the deck only from cards
    known to have formed it (after a retreat, the graveyard it was shuffled from), face-down
    monsters only monsters (placed before the last retreat: not from that deck; with 2 players
    at most one eye per sheet). The player's own deck order is unknown to it too. The RNG is
    reseeded, so the future is hidden as well.
    """
    w = s.clone()
    for q in range(s.players):
        kb = s.known_bottom[q]
        hidden_deck = s.deck[q][kb:]
        if q == player:
            order = sorted(hidden_deck)
            rng.shuffle(order)
            w.deck[q] = s.deck[q][:kb] + order
            continue
        hand = [c for c in s.hand[q] if c not in s.known_hand[q]]
        slots = [m for m in rules.monsters_on_sheet(s, q) if not m.face_up and not m.known]
        pool = sorted(hidden_deck + hand + [m.card for m in slots])
        for _ in range(20):
            dealt = _deal(s, q, pool, len(hidden_deck), len(hand), slots, rng)
            if dealt is not None:
                break
        else:  # pragma: no cover - constraints this tight keep the seat's real cards
            dealt = (hidden_deck, hand, [m.card for m in slots])
        deck, new_hand, monsters = dealt
        w.deck[q] = s.deck[q][:kb] + deck
        w.hand[q] = sorted([c for c in s.hand[q] if c in s.known_hand[q]] + new_hand)
        for m, c in zip(slots, monsters, strict=True):
            w.board[m.token].card = c
    w.rng = Rng(rng.next64())
    return w


def _deal(s, q: int, pool: list[int], n_deck: int, n_hand: int, slots: list, rng):
    """One random deal of seat q's unseen cards under the public constraints, or None."""
    cards = list(pool)
    rng.shuffle(cards)
    deckable = set(s.deckable[q])
    deck = [c for c in cards if c in deckable][:n_deck]
    if len(deck) < n_deck:
        return None
    in_deck = set(deck)
    rest = [c for c in cards if c not in in_deck]
    eye_taken = s.players == 2 and any(rules.monster_card(s, m).eye
                                       for m in rules.monsters_on_sheet(s, q) if m not in slots)
    chosen: dict[int, int] = {}
    # slots placed before the last retreat came from the old hand, never from the new deck
    for m in sorted(slots, key=lambda m: m.token >= s.retreat_token[q]):
        old = m.token < s.retreat_token[q]
        pick = next((c for c in rest if s.card(c).kind == "monster"
                     and not (old and c in deckable) and not (eye_taken and s.card(c).eye)),
                    None)
        if pick is None:
            return None
        rest.remove(pick)
        chosen[m.token] = pick
        eye_taken = eye_taken or (s.players == 2 and s.card(pick).eye)
    return deck, rest[:n_hand], [chosen[m.token] for m in slots]
