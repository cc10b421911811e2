"""Hermitcraft card data: the card classes and the loader for data/hermitcraft/*.toml.

Numbers live in the TOML files (spec "The card set"); behaviour lives in the effect registry,
keyed by card id. Every card class is a frozen dataclass built from a validated record, and the
whole set is one immutable `CardSet`. Any problem is a `CardDataError` naming file, card, field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

from game.core.data import CardDataError, Field, int_range, load_tables, one_of
from game.core.resources import data_path

#: the ten Hermit types (spec "Hermit cards"); "any" in a cost is payable by any of them
TYPES = ("balanced", "builder", "explorer", "farm", "miner", "prankster", "pvp", "redstone",
         "speedrunner", "terraform")
ANY = "any"
RARITIES = ("common", "rare", "ultra_rare")
RARITY_NAMES = {"common": "common", "rare": "rare", "ultra_rare": "ultra rare"}
#: how a single-use card is used (D28): at once, with your next attack, or after a Hermit attack
SINGLE_USE_KINDS = ("instant", "attack", "follow_up")
#: card kinds, in the order deck codes list them (D27)
KINDS = ("hermit", "effect", "single_use", "item")
#: cards of each kind in the Season 9 base set (spec: 55 + 12 + 30 + 20 = 117)
COUNTS = {"hermit": 55, "effect": 12, "single_use": 30, "item": 20}
FILES = {"hermit": "hermits.toml", "effect": "effects.toml", "single_use": "single_use.toml",
         "item": "items.toml"}

Params = Mapping[str, Any]
_NO_PARAMS: Params = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Attack:
    """A Hermit's primary or secondary attack: its cost in item points and its base damage."""

    name: str
    cost: tuple[str, ...]  # one entry per point: a type, or "any"
    damage: int
    special: bool = False  # the card's ability belongs to this attack (printed in blue)


@dataclass(frozen=True, slots=True)
class HermitCard:
    id: str
    hc_id: int  # the reference simulator's numeric id (legacy deck hash)
    name: str  # "Bdubs": abilities that name a Hermit mean any card with this name
    rarity: str
    type: str
    health: int
    tokens: int
    primary: Attack
    secondary: Attack
    text: str
    params: Params = field(default_factory=lambda: _NO_PARAMS, compare=False)
    # token option: costs `discount_tokens` if every item in the deck is of this type
    discount_item_type: str = ""
    discount_tokens: int = 0
    kind: ClassVar[str] = "hermit"

    def attack(self, which: str) -> Attack:
        """"primary" or "secondary"."""
        return self.primary if which == "primary" else self.secondary


@dataclass(frozen=True, slots=True)
class EffectCard:
    """An attached effect card: it sits in a Hermit's effect slot."""

    id: str
    hc_id: int
    name: str
    rarity: str
    tokens: int
    text: str
    active_only: bool = False  # Bed, Wolf: played from the hand onto the active Hermit only
    single_use: bool = False  # the buckets may instead be used as a single-use card (D38)
    params: Params = field(default_factory=lambda: _NO_PARAMS, compare=False)
    kind: ClassVar[str] = "effect"


@dataclass(frozen=True, slots=True)
class SingleUseCard:
    id: str
    hc_id: int
    name: str
    rarity: str
    tokens: int
    use: str  # one of SINGLE_USE_KINDS
    text: str
    not_first_turn: bool = False  # Clock, Spyglass (D6)
    params: Params = field(default_factory=lambda: _NO_PARAMS, compare=False)
    kind: ClassVar[str] = "single_use"


@dataclass(frozen=True, slots=True)
class ItemCard:
    id: str
    hc_id: int
    name: str
    rarity: str
    type: str
    points: int  # 1, or 2 for a ×2 item
    tokens: int
    text: str
    kind: ClassVar[str] = "item"


Card = HermitCard | EffectCard | SingleUseCard | ItemCard


@dataclass(frozen=True, slots=True)
class TypeInfo:
    id: str
    name: str
    letter: str
    strong_against: frozenset[str]


@dataclass(frozen=True, slots=True)
class StarterDeck:
    id: str
    name: str
    type: str
    cards: tuple[str, ...]  # 42 card ids, one per card
    text: str


@dataclass(frozen=True, slots=True)
class CardSet:
    """Every card, the type chart and the starter decks; built once, never changed."""

    hermits: tuple[HermitCard, ...]
    effects: tuple[EffectCard, ...]
    single_uses: tuple[SingleUseCard, ...]
    items: tuple[ItemCard, ...]
    types: Mapping[str, TypeInfo]
    starters: tuple[StarterDeck, ...]
    by_id: Mapping[str, Card] = field(compare=False)
    by_hc_id: Mapping[int, Card] = field(compare=False)

    @classmethod
    def build(cls, hermits: Iterable[HermitCard], effects: Iterable[EffectCard],
              single_uses: Iterable[SingleUseCard], items: Iterable[ItemCard],
              types: Iterable[TypeInfo], starters: Iterable[StarterDeck] = ()) -> CardSet:
        hermits, effects = tuple(hermits), tuple(effects)
        single_uses, items = tuple(single_uses), tuple(items)
        cards: tuple[Card, ...] = hermits + effects + single_uses + items
        return cls(hermits, effects, single_uses, items,
                   MappingProxyType({t.id: t for t in types}), tuple(starters),
                   MappingProxyType({c.id: c for c in cards}),
                   MappingProxyType({c.hc_id: c for c in cards}))

    @property
    def cards(self) -> tuple[Card, ...]:
        """All cards: Hermits, effect cards, single-use cards, items (the deck-code order)."""
        return self.hermits + self.effects + self.single_uses + self.items

    def card(self, card_id: str) -> Card:
        return self.by_id[card_id]

    def starter(self, deck_id: str) -> StarterDeck:
        for deck in self.starters:
            if deck.id == deck_id:
                return deck
        raise KeyError(deck_id)

    def weak_against(self, attacker_type: str, defender_type: str) -> bool:
        """True if a Hermit attack of `attacker_type` adds the weakness hit on `defender_type`."""
        return defender_type in self.types[attacker_type].strong_against


# --- validation --------------------------------------------------------------------------------

def _cost_problem(cost: Any) -> str | None:
    if not isinstance(cost, list) or len(cost) > 4:
        return "expected a list of at most 4 item points"
    for point in cost:
        if point != ANY and point not in TYPES:
            return f"lists {point!r}, not a type or \"any\""
    return None


_ATTACK_FIELDS = {
    "name": Field(str),
    "cost": Field(list, check=_cost_problem, describe="a list of item points"),
    "damage": Field(int, check=lambda v: None if 0 <= v <= 300 and v % 10 == 0
                    else f"must be a multiple of 10 from 0 to 300, got {v}"),
    "special": Field(bool, False, False),
}


def _attack_problem(value: Any) -> str | None:
    """An attack table: {name, cost, damage, special}; the problem names the inner key."""
    if not isinstance(value, dict):
        return "expected a table {name, cost, damage}"
    for key in value:
        if key not in _ATTACK_FIELDS:
            return f"unknown key {key!r} (known keys: {', '.join(_ATTACK_FIELDS)})"
    for key, f in _ATTACK_FIELDS.items():
        if key not in value:
            if f.required:
                return f"{key}: missing"
            continue
        v = value[key]
        if isinstance(v, bool) and f.type is not bool or not isinstance(v, f.type):
            return f"{key}: expected {f.describe or f.type.__name__}, got {v!r}"
        problem = f.check(v) if f.check else None
        if problem:
            return f"{key}: {problem}"
    return None


def _params_problem(value: Any) -> str | None:
    """Ability numbers: name -> integer, word, or list of words."""
    for key, v in value.items():
        ok = (isinstance(v, int) and not isinstance(v, bool)) or isinstance(v, str) or (
            isinstance(v, list) and all(isinstance(x, str) for x in v))
        if not ok:
            return f"{key}: expected an integer, a string or a list of strings, got {v!r}"
    return None


def _type_list_problem(value: Any) -> str | None:
    bad = [t for t in value if t not in TYPES]
    return f"lists unknown type {bad[0]!r}" if bad else None


def _common_fields() -> dict[str, Field]:
    return {
        "id": Field(str),
        "hc_id": Field(int, check=int_range(0, 1000)),
        "name": Field(str),
        "rarity": Field(str, check=one_of(RARITIES)),
        "tokens": Field(int, check=int_range(0, 5)),
        "text": Field(str, check=lambda v: None if v.strip() and "\n" not in v
                      else "must be one non-empty line"),
    }


_PARAMS = Field(dict, False, None, _params_problem, "a table of ability numbers")

HERMIT_FIELDS = _common_fields() | {
    "type": Field(str, check=one_of(TYPES)),
    "health": Field(int, check=lambda v: None if 10 <= v <= 500 and v % 10 == 0
                    else f"must be a multiple of 10 from 10 to 500, got {v}"),
    "primary": Field(dict, check=_attack_problem, describe="an attack table"),
    "secondary": Field(dict, check=_attack_problem, describe="an attack table"),
    "params": _PARAMS,
    "discount_item_type": Field(str, False, "", one_of(("",) + TYPES)),
    "discount_tokens": Field(int, False, 0, int_range(0, 5)),
}
EFFECT_FIELDS = _common_fields() | {
    "active_only": Field(bool, False, False),
    "single_use": Field(bool, False, False),
    "params": _PARAMS,
}
SINGLE_USE_FIELDS = _common_fields() | {
    "use": Field(str, check=one_of(SINGLE_USE_KINDS)),
    "not_first_turn": Field(bool, False, False),
    "params": _PARAMS,
}
ITEM_FIELDS = _common_fields() | {
    "type": Field(str, check=one_of(TYPES)),
    "points": Field(int, check=int_range(1, 2)),
}
TYPE_FIELDS = {
    "id": Field(str, check=one_of(TYPES)),
    "name": Field(str),
    "letter": Field(str, check=lambda v: None if 1 <= len(v) <= 3 else "must be 1-3 characters"),
    "strong_against": Field(list, check=_type_list_problem, describe="a list of types"),
}
DECK_FIELDS = {
    "id": Field(str),
    "name": Field(str),
    "type": Field(str, check=one_of(TYPES)),
    "cards": Field(list, describe="a list of entries like \"grian_c*2\""),
    "text": Field(str),
}
FIELDS = {"hermit": HERMIT_FIELDS, "effect": EFFECT_FIELDS, "single_use": SINGLE_USE_FIELDS,
          "item": ITEM_FIELDS}


def parse_entry(entry: str) -> tuple[str, int]:
    """One deck entry, `id` or `id*n` (D27; spaces and letter case ignored) -> (id, n).

    Raises ValueError with a short reason; callers turn it into their own error type.
    """
    text = "".join(entry.split()).lower()
    card_id, star, count = text.partition("*")
    if not card_id:
        raise ValueError(f"entry {entry.strip()!r} has no card id")
    if not star:
        return card_id, 1
    if not count.isdigit() or not 1 <= int(count) <= 42:
        raise ValueError(f"entry {entry.strip()!r}: the count must be a whole number from 1 to 42")
    return card_id, int(count)


# --- building cards from records ---------------------------------------------------------------

def _params(rec: dict) -> Params:
    p = rec.get("params")
    return MappingProxyType(dict(p)) if p else _NO_PARAMS


def _attack(rec: dict) -> Attack:
    return Attack(rec["name"], tuple(rec["cost"]), rec["damage"], rec.get("special", False))


def _hermit(rec: dict) -> HermitCard:
    return HermitCard(rec["id"], rec["hc_id"], rec["name"], rec["rarity"], rec["type"],
                      rec["health"], rec["tokens"], _attack(rec["primary"]),
                      _attack(rec["secondary"]), rec["text"], _params(rec),
                      rec["discount_item_type"], rec["discount_tokens"])


def _effect(rec: dict) -> EffectCard:
    return EffectCard(rec["id"], rec["hc_id"], rec["name"], rec["rarity"], rec["tokens"],
                      rec["text"], rec["active_only"], rec["single_use"], _params(rec))


def _single_use(rec: dict) -> SingleUseCard:
    return SingleUseCard(rec["id"], rec["hc_id"], rec["name"], rec["rarity"], rec["tokens"],
                         rec["use"], rec["text"], rec["not_first_turn"], _params(rec))


def _item(rec: dict) -> ItemCard:
    return ItemCard(rec["id"], rec["hc_id"], rec["name"], rec["rarity"], rec["type"],
                    rec["points"], rec["tokens"], rec["text"])


_BUILD: dict[str, Callable[[dict], Card]] = {
    "hermit": _hermit, "effect": _effect, "single_use": _single_use, "item": _item}


def _check_item(path: Path, c: ItemCard) -> None:
    # a ×2 item is a rare card (D25): the rarity limits count it
    if (c.points == 2) != (c.rarity == "rare"):
        raise CardDataError(path, c.id, "rarity", "a ×2 item is rare and a 1-point item common")


def _check_hermit(path: Path, c: HermitCard) -> None:
    if bool(c.discount_item_type) != bool(c.discount_tokens):
        raise CardDataError(path, c.id, "discount_tokens",
                            "discount_item_type and discount_tokens go together")


def load_card_set(data_dir: Path | str | None = None) -> CardSet:
    """Load and validate every file; raise CardDataError naming file, card and field."""
    root = Path(data_dir) if data_dir is not None else data_path("hermitcraft")
    seen: dict[str, str] = {}  # card id -> file, for ids unique across files
    hc_seen: dict[int, str] = {}
    by_kind: dict[str, list[Card]] = {}
    for kind in KINDS:
        path = root / FILES[kind]
        recs = load_tables(path, {kind: FIELDS[kind]})[kind]
        cards = []
        for rec in recs:
            card = _BUILD[kind](rec)
            if card.id in seen:
                raise CardDataError(path, card.id, "id", f"duplicate id (also in {seen[card.id]})")
            if card.hc_id in hc_seen:
                raise CardDataError(path, card.id, "hc_id",
                                    f"{card.hc_id} is already the id of {hc_seen[card.hc_id]}")
            seen[card.id] = path.name
            hc_seen[card.hc_id] = card.id
            if kind == "item":
                _check_item(path, card)
            elif kind == "hermit":
                _check_hermit(path, card)
            cards.append(card)
        if len(cards) != COUNTS[kind]:
            raise CardDataError(path, None, None,
                                f"expected {COUNTS[kind]} {kind.replace('_', '-')} cards, "
                                f"found {len(cards)}")
        by_kind[kind] = cards
    types = _load_types(root / "types.toml")
    starters = _load_starters(root / "starters.toml", seen)
    return CardSet.build(by_kind["hermit"], by_kind["effect"], by_kind["single_use"],
                         by_kind["item"], types, starters)


def _load_types(path: Path) -> list[TypeInfo]:
    recs = load_tables(path, {"type": TYPE_FIELDS})["type"]
    found = [r["id"] for r in recs]
    if sorted(found) != sorted(TYPES):
        missing = [t for t in TYPES if t not in found]
        raise CardDataError(path, None, "id", f"every type once; missing {', '.join(missing)}")
    return [TypeInfo(r["id"], r["name"], r["letter"], frozenset(r["strong_against"]))
            for r in recs]


def _load_starters(path: Path, known: Mapping[str, str]) -> list[StarterDeck]:
    decks = []
    for rec in load_tables(path, {"deck": DECK_FIELDS})["deck"]:
        cards: list[str] = []
        for entry in rec["cards"]:
            if not isinstance(entry, str):
                raise CardDataError(path, rec["id"], "cards", f"expected a string, got {entry!r}")
            try:
                card_id, n = parse_entry(entry)
            except ValueError as e:
                raise CardDataError(path, rec["id"], "cards", str(e)) from None
            if card_id not in known:
                raise CardDataError(path, rec["id"], "cards", f"unknown card id {card_id!r}")
            cards += [card_id] * n
        decks.append(StarterDeck(rec["id"], rec["name"], rec["type"], tuple(cards), rec["text"]))
    return decks


_cached: CardSet | None = None


def card_set() -> CardSet:
    """The bundled card set, loaded once."""
    global _cached
    if _cached is None:
        _cached = load_card_set()
    return _cached
