"""Pure questions the rules, the bots and the table share. Nothing here changes anything.

Every function takes what it needs as arguments (who is alive, horses, skills as flags, the
public facts of a seat), so a bot can ask "could I Snatch P3 if I had a −1 horse?" and the
table can light up legal targets without touching a game state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.sanguosha.cards import RED_SUITS

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

def lightning_strikes(suit: str, rank: int) -> bool:
    """Lightning strikes on ♠2 to ♠9."""
    return suit == "s" and 2 <= rank <= 9


def indulgence_skips_play(suit: str) -> bool:
    """Indulgence fails only on a ♥: any other suit skips the play phase."""
    return suit != "h"


def is_red(suit: str | None) -> bool:
    """Eight Diagrams and Iron Cavalry succeed on red."""
    return suit in RED_SUITS


def unyielding_succeeds(suit: str) -> bool:
    """Unyielding fails only on a ♥."""
    return suit != "h"


def goddess_keeps(suit: str) -> bool:
    """Goddess of the Luo keeps black judgement cards and stops at the first red."""
    return suit not in RED_SUITS


# --- target shapes (spec: card kinds, skill rulings) ------------------------------------------

@dataclass(frozen=True, slots=True)
class SeatFacts:
    """The public facts about one seat that decide whether a card may target it.

    `skills` are the seat's working skills (a lord skill only while the seat is the Lord);
    `judgement` the kind ids in its judgement area; `cards_in_zones` hand + equipment +
    judgement area.
    """

    seat: int
    name: str = ""
    hand_count: int = 0
    cards_in_zones: int = 0
    has_weapon: bool = False
    judgement: frozenset[str] = frozenset()
    skills: frozenset[str] = frozenset()
    gender: str = "male"
    hp: int = 4
    max_hp: int = 4

    @property
    def wounded(self) -> bool:
        return self.hp < self.max_hp

    @property
    def label(self) -> str:
        return self.name or f"Player {self.seat + 1}"


def empty_fort_protects(target: SeatFacts) -> bool:
    """Empty Fort: with no hand cards, not a legal target of a Slash or a Duel."""
    return "kongcheng" in target.skills and target.hand_count == 0


def why_not_slash_target(user: SeatFacts, target: SeatFacts, dist: int, rng: int,
                         ignore_range: bool = False) -> str | None:
    """Slash: another player within the user's attack range (Empty Fort forbids)."""
    if target.seat == user.seat:
        return "You cannot Slash yourself."
    if empty_fort_protects(target):
        return f"{target.label} has no hand cards: Empty Fort forbids a Slash."
    if not ignore_range and dist > rng:
        return (f"{target.label} is at distance {dist}, outside your attack range of {rng}.")
    return None


def why_not_duel_target(user: SeatFacts, target: SeatFacts) -> str | None:
    if target.seat == user.seat:
        return "You cannot Duel yourself."
    if empty_fort_protects(target):
        return f"{target.label} has no hand cards: Empty Fort forbids a Duel."
    return None


def why_not_card_target(kind: str, user: SeatFacts, target: SeatFacts, dist: int = 1,
                        ignore_distance: bool = False) -> str | None:
    """Shape checks for the single-target tricks that need no range: Dismantlement, Snatch,
    Duel, Indulgence. `dist` is distance(user, target); `ignore_distance` is Rare Talent."""
    if kind == "duel":
        return why_not_duel_target(user, target)
    if kind in ("dismantlement", "snatch"):
        if target.seat == user.seat:
            return "Choose another player."
        if kind == "snatch" and "qianxun" in target.skills:
            return f"{target.label} has Modesty: Snatch cannot target them."
        if target.cards_in_zones == 0:
            return f"{target.label} has no cards to take."
        if kind == "snatch" and not ignore_distance and dist > 1:
            return f"Snatch needs distance 1; {target.label} is at distance {dist}."
        return None
    if kind == "indulgence":
        if target.seat == user.seat:
            return "Indulgence goes on another player."
        if "qianxun" in target.skills:
            return f"{target.label} has Modesty: Indulgence cannot target them."
        if "indulgence" in target.judgement:
            return f"{target.label} already has an Indulgence."
        return None
    raise ValueError(f"{kind!r} has no single-target shape check")


def why_not_borrowed_sword(user: SeatFacts, holder: SeatFacts, victim: SeatFacts,
                           holder_dist: int, holder_range: int) -> str | None:
    """Borrowed Sword: H (another player) has a weapon; V ≠ H is a legal Slash target for H
    (within H's attack range, Empty Fort respected). V may be the user (D1)."""
    if holder.seat == user.seat:
        return "The weapon holder must be another player."
    if not holder.has_weapon:
        return f"{holder.label} has no weapon."
    if victim.seat == holder.seat:
        return f"{holder.label} cannot be told to Slash themselves."
    return why_not_slash_target(holder, victim, holder_dist, holder_range)


def why_not_self_use(kind: str, user: SeatFacts) -> str | None:
    """Cards used on yourself in the play phase: Peach (wounded only) and Lightning."""
    if kind == "peach":
        return None if user.wounded else "You are at full HP: a Peach would do nothing."
    if kind == "lightning":
        return "You already have a Lightning." if "lightning" in user.judgement else None
    return None
