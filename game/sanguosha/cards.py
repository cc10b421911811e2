"""Sanguosha card and general data: the loader and validator for data/sanguosha/*.toml.

Numbers live in the TOML files, behaviour in code keyed by the card kind's id or the skill's id.
Every class here is a frozen, slotted dataclass built from a validated record, and the whole
`CardSet` is immutable, so the rules, the bots and the table share one copy.

A card's position in `CardSet.cards` is its instance id in every game: the 104 standard cards
come first, the 4 EX cards last, so a game without EX simply uses ids 0–103.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from game.core.data import CardDataError, Field, int_range, load_tables, one_of
from game.core.resources import data_path

SUITS = ("s", "h", "c", "d")
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "c": "♣", "d": "♦"}
SUIT_NAMES = {"s": "spade", "h": "heart", "c": "club", "d": "diamond"}
RED_SUITS = frozenset("hd")
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}

TYPES = ("basic", "trick", "equipment")
SUBTYPES = {
    "basic": ("",),
    "trick": ("ordinary", "delayed"),
    "equipment": ("weapon", "armour", "defensive_horse", "offensive_horse"),
}
#: the four equipment slots, one card each (spec D11); a slot is named after its subtype
EQUIP_SLOTS = SUBTYPES["equipment"]
#: whom a card is used on (data field `target`, see data/sanguosha/cards.toml)
TARGETS = ("self", "other", "others", "all", "pair", "none")
KINGDOMS = ("wei", "shu", "wu", "qun")
GENDERS = ("male", "female")

#: the (suit, rank) cells where the EX cards add a third card (spec: count checks)
EX_CELLS = frozenset({("s", 2), ("c", 2), ("h", 12), ("d", 12)})
STANDARD_CARDS = 104


def colour_of(suit: str | None) -> str | None:
    """'red' for ♥ ♦, 'black' for ♠ ♣, None for a card without a suit."""
    if suit is None:
        return None
    return "red" if suit in RED_SUITS else "black"


def common_colour(suits: Iterable[str | None]) -> str | None:
    """The colour of a converted card made of these real cards (spec: Converted card).

    One real card: its colour. Several: their colour if they all share one, else None. None
    real cards (Eight Diagrams' Dodge, Estrangement's Duel): None.
    """
    colours = {colour_of(s) for s in suits}
    if len(colours) == 1:
        return colours.pop()
    return None


def rank_name(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


@dataclass(frozen=True, slots=True)
class CardKind:
    """What a card is: Slash, Snatch, Qinggang Sword… (30 kinds, 32 with EX)."""

    id: str
    name: str
    name_zh: str
    type: str
    subtype: str
    text: str
    range: int = 0  # a weapon's attack range; 0 for everything else
    horse: int = 0  # +1 defensive horse, -1 offensive horse, 0 otherwise
    target: str = "self"  # whom it is used on: one of TARGETS
    harmful: bool = False  # its use on a player is a hostile act
    needs_cards: bool = False  # its target must have a card in a zone
    reach: int = 0  # its target must be within this distance (0: any)

    @property
    def is_equipment(self) -> bool:
        return self.type == "equipment"

    @property
    def is_trick(self) -> bool:
        return self.type == "trick"

    @property
    def is_delayed(self) -> bool:
        return self.subtype == "delayed"

    @property
    def everyone(self) -> bool:
        """Used on every (other) living player: nobody is picked out."""
        return self.target in ("others", "all")


@dataclass(frozen=True, slots=True)
class Card:
    """One physical playing card."""

    id: str
    kind: CardKind
    suit: str
    rank: int
    ex: bool = False

    @property
    def name(self) -> str:
        return self.kind.name

    @property
    def colour(self) -> str:
        return "red" if self.suit in RED_SUITS else "black"

    @property
    def label(self) -> str:
        """'Slash ♠7': the name with suit symbol and rank (suits always carry a symbol)."""
        return f"{self.kind.name} {SUIT_SYMBOLS[self.suit]}{rank_name(self.rank)}"


@dataclass(frozen=True, slots=True)
class Skill:
    id: str
    name: str
    name_zh: str
    text: str
    locked: bool = False
    lord: bool = False
    general: str = ""  # the id of the general who has it (filled in by the loader)


@dataclass(frozen=True, slots=True)
class General:
    id: str
    name: str
    name_zh: str
    kingdom: str
    gender: str
    hp: int
    lord: bool
    skills: tuple[str, ...]
    text: str


@dataclass(frozen=True, slots=True, eq=False)
class CardSet:
    """Everything in data/sanguosha, immutable once built."""

    cards: tuple[Card, ...]
    kinds: Mapping[str, CardKind]
    generals: tuple[General, ...]
    skills: Mapping[str, Skill]
    general_by_id: Mapping[str, General] = field(repr=False)
    #: per card instance: its kind id and its label ('Dodge ♥2', 'Dodge ♥2 (2)' for the second
    #: copy), worked out once (the rules ask for them on every candidate)
    kind_ids: tuple[str, ...] = field(init=False, repr=False)
    labels: tuple[str, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind_ids", tuple(c.kind.id for c in self.cards))
        object.__setattr__(self, "labels", tuple(
            c.label + (" (2)" if c.id.endswith("-2") else "") for c in self.cards))

    def deck(self, ex: bool = True) -> tuple[int, ...]:
        """Instance ids of the cards in play: all 108, or the 104 standard ones."""
        return tuple(i for i, c in enumerate(self.cards) if ex or not c.ex)

    def general(self, general_id: str) -> General:
        return self.general_by_id[general_id]

    @property
    def lord_generals(self) -> tuple[General, ...]:
        return tuple(g for g in self.generals if g.lord)


# --- validation --------------------------------------------------------------------------------

KIND_FIELDS = {
    "id": Field(str),
    "name": Field(str),
    "name_zh": Field(str),
    "type": Field(str, check=one_of(TYPES)),
    "subtype": Field(str, check=one_of(sum(SUBTYPES.values(), ()))),
    "range": Field(int, False, 0, int_range(1, 5)),
    "horse": Field(int, False, 0, one_of((1, -1))),
    "target": Field(str, False, "", one_of(TARGETS)),
    "harmful": Field(bool, False, False),
    "needs_cards": Field(bool, False, False),
    "reach": Field(int, False, 0, int_range(1, 5)),
    "text": Field(str),
}

CARD_FIELDS = {
    "id": Field(str),
    "kind": Field(str),
    "suit": Field(str, check=one_of(SUITS)),
    "rank": Field(int, check=int_range(1, 13)),
    "ex": Field(bool, False, False),
}

GENERAL_FIELDS = {
    "id": Field(str),
    "name": Field(str),
    "name_zh": Field(str),
    "kingdom": Field(str, check=one_of(KINGDOMS)),
    "gender": Field(str, check=one_of(GENDERS)),
    "hp": Field(int, check=int_range(1, 8)),
    "lord": Field(bool, False, False),
    "skills": Field(list, check=lambda v: None if v and all(isinstance(s, str) for s in v)
                    else "must be a non-empty list of skill ids", describe="a list of skill ids"),
    "text": Field(str),
}

SKILL_FIELDS = {
    "id": Field(str),
    "name": Field(str),
    "name_zh": Field(str),
    "locked": Field(bool, False, False),
    "lord": Field(bool, False, False),
    "text": Field(str),
}


def _check_kind(path: Path, k: dict) -> CardKind:
    def bad(f: str, problem: str) -> None:
        raise CardDataError(path, k["id"], f, problem)

    if k["subtype"] not in SUBTYPES[k["type"]]:
        allowed = ", ".join(repr(s) for s in SUBTYPES[k["type"]])
        bad("subtype", f"a {k['type']} card's subtype must be one of {allowed}, "
                       f"got {k['subtype']!r}")
    if (k["subtype"] == "weapon") != bool(k["range"]):
        bad("range", "a weapon needs its range (1–5)" if k["subtype"] == "weapon"
            else "only weapons have a range")
    horse = {"defensive_horse": 1, "offensive_horse": -1}.get(k["subtype"], 0)
    if k["horse"] != horse:
        bad("horse", f"{'a defensive' if horse > 0 else 'an offensive'} horse has "
                     f"horse = {horse:+d}" if horse
            else "only horses change distance")
    if k["type"] == "equipment":
        if k["target"] not in ("", "self"):
            bad("target", "equipment goes into its user's own equipment area: target = \"self\"")
        k = {**k, "target": "self"}
    elif not k["target"]:
        bad("target", f"a {k['type']} card says whom it is used on (one of "
                      f"{', '.join(TARGETS)})")
    if k["subtype"] == "delayed" and k["target"] not in ("self", "other"):
        bad("target", "a delayed trick goes into one player's judgement area")
    if k["reach"] and k["target"] != "other":
        bad("reach", "only a card used on another player can need them within reach")
    return CardKind(**k)


def _check_card(path: Path, c: dict, kinds: Mapping[str, CardKind], copies: Counter) -> Card:
    def bad(f: str, problem: str) -> None:
        raise CardDataError(path, c["id"], f, problem)

    if c["kind"] not in kinds:
        bad("kind", f"unknown card kind {c['kind']!r}")
    stem = f"{c['suit']}{c['rank']}-{c['kind']}"
    copies[stem] += 1
    expected = stem if copies[stem] == 1 else f"{stem}-{copies[stem]}"
    if c["id"] != expected:
        bad("id", f"must be {expected!r} (suit, rank and kind; the second copy ends in -2)")
    if c["ex"] and (c["suit"], c["rank"]) not in EX_CELLS:
        cells = ", ".join(f"{SUIT_SYMBOLS[s]}{rank_name(r)}" for s, r in sorted(EX_CELLS))
        bad("ex", f"the EX cards sit in {cells} only")
    return Card(c["id"], kinds[c["kind"]], c["suit"], c["rank"], c["ex"])


def _check_deck(path: Path, cards: list[Card]) -> None:
    """The deck rules: 2 standard cards in each of the 52 cells, 1 EX card in each EX cell."""
    seen_ex = False
    standard: Counter = Counter()
    ex: Counter = Counter()
    for c in cards:
        cell = (c.suit, c.rank)
        if c.ex:
            seen_ex = True
            ex[cell] += 1
            if ex[cell] > 1:
                raise CardDataError(path, c.id, "ex", "a second EX card in the same cell")
        else:
            if seen_ex:
                raise CardDataError(path, c.id, "ex", "standard cards come before the EX cards")
            standard[cell] += 1
            if standard[cell] > 2:
                raise CardDataError(path, c.id, "rank", f"a third standard card in "
                                    f"{SUIT_SYMBOLS[c.suit]}{rank_name(c.rank)}")
    for s in SUITS:
        for r in range(1, 14):
            if standard[(s, r)] != 2:
                raise CardDataError(path, None, None, f"{SUIT_SYMBOLS[s]}{rank_name(r)} holds "
                                    f"{standard[(s, r)]} standard cards, expected 2")
    if set(ex) != EX_CELLS:
        raise CardDataError(path, None, "ex", f"expected 4 EX cards, found {sum(ex.values())}")


def _load_cards(path: Path) -> tuple[tuple[Card, ...], Mapping[str, CardKind]]:
    tables = load_tables(path, {"card": CARD_FIELDS, "kind": KIND_FIELDS})
    kinds = {k["id"]: _check_kind(path, k) for k in tables["kind"]}
    copies: Counter = Counter()
    cards = [_check_card(path, c, kinds, copies) for c in tables["card"]]
    _check_deck(path, cards)
    used = {c.kind.id for c in cards}
    for kid in kinds:
        if kid not in used:
            raise CardDataError(path, kid, "id", "no card of this kind is in the deck")
    return tuple(cards), MappingProxyType(kinds)


def _load_generals(path: Path) -> tuple[tuple[General, ...], Mapping[str, Skill]]:
    tables = load_tables(path, {"general": GENERAL_FIELDS, "skill": SKILL_FIELDS})
    raw_skills = {s["id"]: s for s in tables["skill"]}
    owner: dict[str, str] = {}
    generals = []
    for g in tables["general"]:
        for sid in g["skills"]:
            if sid not in raw_skills:
                raise CardDataError(path, g["id"], "skills", f"unknown skill {sid!r}")
            if sid in owner:
                raise CardDataError(path, g["id"], "skills",
                                    f"skill {sid!r} already belongs to {owner[sid]!r}")
            owner[sid] = g["id"]
        has_lord_skill = any(raw_skills[s]["lord"] for s in g["skills"])
        if g["lord"] != has_lord_skill:
            raise CardDataError(path, g["id"], "lord", "a general is a lord candidate exactly "
                                "when one of its skills is a lord skill")
        generals.append(General(**{**g, "skills": tuple(g["skills"])}))
    for sid in raw_skills:
        if sid not in owner:
            raise CardDataError(path, sid, "id", "no general has this skill")
    skills = {sid: Skill(**s, general=owner[sid]) for sid, s in raw_skills.items()}
    return tuple(generals), MappingProxyType(skills)


def load_card_set(data_dir: Path | str | None = None) -> CardSet:
    """Load and validate data/sanguosha; raise CardDataError naming file, card and field."""
    root = Path(data_dir) if data_dir is not None else data_path("sanguosha")
    cards, kinds = _load_cards(root / "cards.toml")
    generals, skills = _load_generals(root / "generals.toml")
    return CardSet(cards, kinds, generals, skills,
                   MappingProxyType({g.id: g for g in generals}))


_cached: CardSet | None = None


def card_set() -> CardSet:
    """The bundled card set, loaded once."""
    global _cached
    if _cached is None:
        _cached = load_card_set()
    return _cached
