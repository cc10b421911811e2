"""Pure questions the rules, the bots and the table share. Nothing here changes anything.

Every function takes what it needs as arguments (who is alive, horses, skills as flags, the
public facts of a seat), so a bot can ask "could I Snatch P3 if I had a −1 horse?" and the
table can light up legal targets without touching a game state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.sanguosha.cards import RED_SUITS, CardKind

IDENTITIES = ("lord", "loyalist", "rebel", "renegade")

# --- identities (spec: Setup 1, D1, D3–D5) ------------------------------------------------------

#: the 4-player splits (lord/loyalist/rebel/renegade); the first is the default (D3)
FOUR_PLAYER_SPLITS = ("1/1/2/0", "1/1/1/1", "1/0/2/1")


@dataclass(frozen=True, slots=True)
class IdentitySplit:
    """How many of each identity card a game deals, and whether the Lord gets +1 max HP."""

    lord: int
    loyalist: int
    rebel: int
    renegade: int
    lord_bonus: bool

    @property
    def players(self) -> int:
        return self.lord + self.loyalist + self.rebel + self.renegade

    def cards(self) -> tuple[str, ...]:
        """The identity cards to shuffle and deal, Lord first."""
        return (("lord",) * self.lord + ("loyalist",) * self.loyalist
                + ("rebel",) * self.rebel + ("renegade",) * self.renegade)


#: players -> (loyalist, rebel, renegade); the Lord is always 1 (the seed's table)
_SPLITS = {2: (0, 1, 0), 5: (1, 2, 1), 6: (1, 3, 1), 7: (2, 3, 1), 8: (2, 4, 1), 9: (3, 4, 1),
           10: (3, 4, 2)}
_TWO_RENEGADES = {6: (1, 2, 2), 8: (2, 3, 2)}


def identity_split(players: int, four_player: str = FOUR_PLAYER_SPLITS[0],
                   two_renegades: bool = False) -> IdentitySplit:
    """The identity cards for `players` (2, or 4–10). `four_player` picks the 4-player split;
    `two_renegades` picks the seed's alternative rows at 6 and 8 players (ignored elsewhere)."""
    if players == 4:
        if four_player not in FOUR_PLAYER_SPLITS:
            raise ValueError(f"unknown 4-player split {four_player!r}; choose one of "
                             f"{', '.join(FOUR_PLAYER_SPLITS)}")
        lord, loyal, rebel, renegade = (int(x) for x in four_player.split("/"))
        # D5: the Lord's +1 HP comes only with the 1/0/2/1 split at 4 players
        return IdentitySplit(lord, loyal, rebel, renegade, four_player == "1/0/2/1")
    if players not in _SPLITS:
        raise ValueError(f"Sanguosha is for 4–10 players (or the 2-player quick game), "
                         f"not {players}")
    loyal, rebel, renegade = (_TWO_RENEGADES[players] if two_renegades and players in
                              _TWO_RENEGADES else _SPLITS[players])
    return IdentitySplit(1, loyal, rebel, renegade, players >= 5)


def general_offer_size(players: int, pool: int = 24) -> int:
    """Generals offered to each non-Lord player: 3, or 2 when the pool cannot give 3 (D6)."""
    return 3 if 3 * (players - 1) <= pool else 2


# --- seat order and distance (spec: Distance and attack range) -------------------------------

def seat_order_from(start: int, alive: Sequence[bool]) -> list[int]:
    """Living seats in turn order beginning at `start` (included if alive): the R1 order."""
    n = len(alive)
    return [s for s in ((start + i) % n for i in range(n)) if alive[s]]


def next_living(seat: int, alive: Sequence[bool]) -> int:
    """The first living player after `seat` in seat order (D8); `seat` itself if alone."""
    n = len(alive)
    for i in range(1, n + 1):
        if alive[(seat + i) % n]:
            return (seat + i) % n
    raise ValueError("nobody is alive")


def seat_steps(alive: Sequence[bool], a: int, b: int) -> int:
    """Steps from a to b along the circle of living players, the shorter way round."""
    if not (alive[a] and alive[b]):
        raise ValueError("distance is only counted between living players")
    return steps_table(tuple(alive))[a][b]


@lru_cache(maxsize=2048)
def steps_table(alive: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
    """seat_steps for every pair of seats at once (-1 where a seat is dead); there are only
    so many ways for seats to be dead, so each is worked out once."""
    ring = [s for s in range(len(alive)) if alive[s]]
    at = {s: i for i, s in enumerate(ring)}
    n, living = len(alive), len(ring)
    table = []
    for a in range(n):
        row = []
        for b in range(n):
            if a not in at or b not in at:
                row.append(-1)
            else:
                forward = abs(at[a] - at[b])
                row.append(min(forward, living - forward))
        table.append(tuple(row))
    return tuple(table)


def distance(alive: Sequence[bool], a: int, b: int, offence: int = 0, defence: int = 0) -> int:
    """Distance from a to b (a ≠ b): seat steps, + `defence` (b's +1 horse), − `offence`
    (a's −1 horse and Horsemanship); never below 1. Not symmetric."""
    if a == b:
        raise ValueError("distance needs two different players")
    return max(1, seat_steps(alive, a, b) + defence - offence)


def attack_range(weapon_range: int = 0) -> int:
    """1 bare-handed; a weapon sets it to the weapon's range (it does not add)."""
    return weapon_range if weapon_range > 0 else 1


# --- judgement results (spec: Judgement) -------------------------------------------------------

def is_red(suit: str | None) -> bool:
    """A red judgement (♥ ♦): what Eight Diagrams and Iron Cavalry need."""
    return suit in RED_SUITS


# --- target shapes (spec: How a used card resolves, card kinds, skill rulings) -----------------

@dataclass(frozen=True, slots=True)
class SeatFacts:
    """The public facts about one seat that decide whether a card may target it.

    `judgement` holds the kind ids in its judgement area; `cards_in_zones` counts hand +
    equipment + judgement area; `refusals` are (card kind id, reason) pairs: the kinds the
    seat's skills forbid from targeting it now, and why (Empty Fort, Modesty).
    """

    seat: int
    name: str = ""
    hand_count: int = 0
    cards_in_zones: int = 0
    has_weapon: bool = False
    judgement: frozenset[str] = frozenset()
    refusals: tuple[tuple[str, str], ...] = ()
    gender: str = "male"
    hp: int = 4
    max_hp: int = 4

    @property
    def wounded(self) -> bool:
        return self.hp < self.max_hp

    @property
    def label(self) -> str:
        return self.name or f"Player {self.seat + 1}"

    def refusal(self, kind: str) -> str | None:
        """Why a card of `kind` may not target this seat, or None."""
        for k, why in self.refusals:
            if k == kind:
                return why
        return None


def why_not_slash_target(user: SeatFacts, target: SeatFacts, dist: int, rng: int,
                         ignore_range: bool = False) -> str | None:
    """Slash: another player within the user's attack range, whose skills allow it."""
    if target.seat == user.seat:
        return "You cannot Slash yourself."
    refused = target.refusal("slash")
    if refused:
        return refused
    if not ignore_range and dist > rng:
        return (f"{target.label} is at distance {dist}, outside your attack range of {rng}.")
    return None


def why_not_target(kind: CardKind, user: SeatFacts, target: SeatFacts, dist: int = 1,
                   ignore_distance: bool = False) -> str | None:
    """A card used on one other player (its data: target = "other"), Slash aside: the
    target's skills may forbid it, `needs_cards` wants a card in the target's zones, `reach`
    a distance (`ignore_distance`: Rare Talent), and no judgement area holds two delayed
    tricks of one kind. `dist` is distance(user, target)."""
    if target.seat == user.seat:
        return f"{kind.name} is used on another player."
    refused = target.refusal(kind.id)
    if refused:
        return refused
    if kind.needs_cards and target.cards_in_zones == 0:
        return f"{target.label} has no cards to take."
    if kind.reach and not ignore_distance and dist > kind.reach:
        return f"{kind.name} needs distance {kind.reach}; {target.label} is at distance {dist}."
    if kind.is_delayed and kind.id in target.judgement:
        return f"{target.label} already has {_a(kind.name)}."
    return None


def why_not_self_use(kind: CardKind, user: SeatFacts) -> str | None:
    """A card used on yourself in the play phase: a Peach only when wounded; a delayed trick
    only where none of its kind is."""
    if kind.id == "peach" and not user.wounded:
        return "You are at full HP: a Peach would do nothing."
    if kind.is_delayed and kind.id in user.judgement:
        return f"You already have {_a(kind.name)}."
    return None


def _a(word: str) -> str:
    return ("an " if word[:1] in "AEIOU" else "a ") + word
