"""Monster Hunter TCG card data: frozen card classes and the validating loader for data/mhtcg.

The printed card list was never published (spec D2), so the set is our own. Files, one per card
type (spec "Card data"), plus the sheet sides:

- hunters.toml  `[[hunter]]`  id, name, system, atk, def, mov, rng, icons, ability, text
- monsters.toml `[[monster]]` id, name, level, hp, atk, rng, material, eye, unique, abilities, text
- weapons.toml  `[[weapon]]`  id, name, system, cost, atk, rng, mov, icons, text
- armour.toml   `[[armour]]`  id, name, cost, def, text
- items.toml    `[[item]]`    id, name, icons, interrupt, two_player, text
- decks.toml    `[[deck]]`    id, name, hunter, cards = [{ id, count }, ...]
- maps.toml     `[[side]]`    the two sheet sides; `[[distance]]` the spec's steps from a camp,
                              checked against the links (game/mhtcg/maps.py)

Numbers live in the files; behaviour lives in code, keyed by ability keyword (monsters, hunters)
or by card id (items). Every problem is one `CardDataError` line naming file, card and field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import ClassVar

from game.core.data import CardDataError, Field, int_range, load_tables, one_of
from game.core.resources import data_path
from game.mhtcg.maps import Side, load_sides

SYSTEMS = ("great_sword", "sword_and_shield", "lance", "bowgun")
ICONS = ("heal", "whetstone", "bomb", "trap", "ammo")
HUNTER_ABILITIES = ("charge", "sidestep", "counter", "spotter")
#: monster ability keyword -> whether it carries an amount (`armoured:1`)
MONSTER_ABILITIES: Mapping[str, bool] = MappingProxyType({
    "pack": False, "leader": False, "ambush": False, "armoured": True, "aloft": False,
    "wind_pressure": False, "poison": False, "stench": False, "rage": False, "thief": False,
    "roar": False, "flash": False, "burrow": False, "flame_aura": False,
})
DECK_SIZE = 40
MAX_COPIES = 4


@dataclass(frozen=True, slots=True)
class Ability:
    """One monster ability: its keyword and, for `armoured`, the amount."""

    keyword: str
    amount: int = 0

    def __str__(self) -> str:
        return f"{self.keyword}:{self.amount}" if self.amount else self.keyword


@dataclass(frozen=True, slots=True)
class HunterCard:
    kind: ClassVar[str] = "hunter"
    id: str
    name: str
    system: str
    atk: int
    defence: int
    mov: int
    rng: int
    icons: tuple[str, ...]
    ability: str
    text: str


@dataclass(frozen=True, slots=True)
class MonsterCard:
    kind: ClassVar[str] = "monster"
    id: str
    name: str
    level: int
    hp: int
    atk: int
    rng: int
    material: int
    eye: bool
    unique: bool
    abilities: tuple[Ability, ...]
    text: str

    def has(self, keyword: str) -> bool:
        return any(a.keyword == keyword for a in self.abilities)

    def amount(self, keyword: str) -> int:
        """The amount of an ability with one (`armoured`), 0 if the monster lacks it."""
        return next((a.amount for a in self.abilities if a.keyword == keyword), 0)


@dataclass(frozen=True, slots=True)
class WeaponCard:
    kind: ClassVar[str] = "weapon"
    id: str
    name: str
    system: str
    cost: int
    atk: int
    rng: int
    mov: int
    icons: tuple[str, ...]
    text: str


@dataclass(frozen=True, slots=True)
class ArmourCard:
    kind: ClassVar[str] = "armour"
    id: str
    name: str
    cost: int
    defence: int
    text: str


@dataclass(frozen=True, slots=True)
class ItemCard:
    kind: ClassVar[str] = "item"
    id: str
    name: str
    icons: tuple[str, ...]
    interrupt: bool
    two_player: bool
    text: str


DeckCard = MonsterCard | WeaponCard | ArmourCard | ItemCard


@dataclass(frozen=True, slots=True)
class Deck:
    """A starter deck: its hunter and 40 cards, as (card id, count) in file order."""

    id: str
    name: str
    hunter: str
    cards: tuple[tuple[str, int], ...]

    def card_ids(self) -> tuple[str, ...]:
        """The 40 card ids, copies expanded, in file order (the state numbers instances so)."""
        return tuple(cid for cid, n in self.cards for _ in range(n))


@dataclass(frozen=True, slots=True)
class CardSet:
    """Everything in data/mhtcg, immutable: id -> card per type, decks, sheet sides."""

    hunters: Mapping[str, HunterCard]
    monsters: Mapping[str, MonsterCard]
    weapons: Mapping[str, WeaponCard]
    armour: Mapping[str, ArmourCard]
    items: Mapping[str, ItemCard]
    decks: Mapping[str, Deck]
    sides: Mapping[str, Side]

    def card(self, card_id: str) -> DeckCard:
        """A deck card (monster, weapon, armour or item) by id."""
        for table in (self.monsters, self.weapons, self.armour, self.items):
            card = table.get(card_id)
            if card is not None:
                return card
        raise KeyError(card_id)

    def deck_cards(self, deck_id: str) -> tuple[DeckCard, ...]:
        """A deck's 40 cards, copies expanded, in file order."""
        return tuple(self.card(cid) for cid in self.decks[deck_id].card_ids())

    def side_for(self, players: int) -> Side:
        """The sheet side used with this many players."""
        for side in self.sides.values():
            if players in side.players:
                return side
        raise ValueError(f"no sheet side for {players} players")


# --- fields ------------------------------------------------------------------------------------

def _icon_list(value) -> str | None:
    if not value or not all(isinstance(i, str) and i in ICONS for i in value):
        return f"must be a non-empty list of {', '.join(ICONS)}, got {value!r}"
    if len(set(value)) != len(value):
        return "lists an icon twice"
    return None


def _ability_list(value) -> str | None:
    seen = set()
    for entry in value:
        if not isinstance(entry, str):
            return f"abilities are strings, got {entry!r}"
        problem = _ability_problem(entry)
        if problem:
            return problem
        keyword = entry.partition(":")[0]
        if keyword in seen:
            return f"lists '{keyword}' twice"
        seen.add(keyword)
    return None


def _ability_problem(entry: str) -> str | None:
    keyword, colon, amount = entry.partition(":")
    if keyword not in MONSTER_ABILITIES:
        return f"unknown ability {entry!r} (known: {', '.join(MONSTER_ABILITIES)})"
    if MONSTER_ABILITIES[keyword]:
        if not colon or not amount.isdigit() or int(amount) < 1:
            return f"'{keyword}' needs a positive amount, as in '{keyword}:1', got {entry!r}"
    elif colon:
        return f"'{keyword}' takes no amount, got {entry!r}"
    return None


def _parse_ability(entry: str) -> Ability:
    keyword, _, amount = entry.partition(":")
    return Ability(keyword, int(amount) if amount else 0)


STAT = int_range(0, 9)
HUNTER_FIELDS = {
    "id": Field(str),
    "name": Field(str),
    "system": Field(str, check=one_of(SYSTEMS)),
    "atk": Field(int, check=STAT),
    "def": Field(int, check=STAT),
    "mov": Field(int, check=int_range(1, 6)),
    "rng": Field(int, check=int_range(1, 6)),
    "icons": Field(list, check=_icon_list, describe="a list of icons"),
    "ability": Field(str, check=one_of(HUNTER_ABILITIES)),
    "text": Field(str),
}
MONSTER_FIELDS = {
    "id": Field(str),
    "name": Field(str),
    "level": Field(int, check=int_range(1, 9)),
    "hp": Field(int, check=int_range(1, 30)),
    "atk": Field(int, check=STAT),
    "rng": Field(int, check=int_range(1, 6)),
    "material": Field(int, check=int_range(0, 9)),
    "eye": Field(bool, False, False),
    "unique": Field(bool, False, False),
    "abilities": Field(list, False, [], _ability_list, "a list of ability keywords"),
    "text": Field(str),
}
WEAPON_FIELDS = {
    "id": Field(str),
    "name": Field(str),
    "system": Field(str, check=one_of(SYSTEMS)),
    "cost": Field(int, check=int_range(0, 20)),
    "atk": Field(int, check=STAT),
    "rng": Field(int, check=int_range(1, 6)),
    "mov": Field(int, check=int_range(1, 6)),
    "icons": Field(list, check=_icon_list, describe="a list of icons"),
    "text": Field(str),
}
ARMOUR_FIELDS = {
    "id": Field(str),
    "name": Field(str),
    "cost": Field(int, check=int_range(0, 20)),
    "def": Field(int, check=STAT),
    "text": Field(str),
}
ITEM_FIELDS = {
    "id": Field(str),
    "name": Field(str),
    "icons": Field(list, check=_icon_list, describe="a list of icons"),
    "interrupt": Field(bool, False, False),
    "two_player": Field(bool, False, True),
    "text": Field(str),
}
DECK_FIELDS = {
    "id": Field(str),
    "name": Field(str),
    "hunter": Field(str),
    "cards": Field(list, describe="a list of { id, count } tables"),
}


# --- loading -----------------------------------------------------------------------------------

def load_card_set(data_dir: Path | str | None = None) -> CardSet:
    """Load and validate every file; raise CardDataError naming file, card and field."""
    root = Path(data_dir) if data_dir is not None else data_path("mhtcg")
    seen: dict[str, str] = {}  # id -> file, ids are unique across the whole set

    def records(name: str, table: str, fields: dict[str, Field]) -> list[dict]:
        path = root / f"{name}.toml"
        recs = load_tables(path, {table: fields})[table]
        for rec in recs:
            if rec["id"] in seen:
                raise CardDataError(path, rec["id"], "id",
                                    f"duplicate id (also in {seen[rec['id']]})")
            seen[rec["id"]] = path.name
        return recs

    hunters = {r["id"]: HunterCard(r["id"], r["name"], r["system"], r["atk"], r["def"],
                                   r["mov"], r["rng"], tuple(r["icons"]), r["ability"],
                                   r["text"])
               for r in records("hunters", "hunter", HUNTER_FIELDS)}
    monsters = {r["id"]: MonsterCard(r["id"], r["name"], r["level"], r["hp"], r["atk"],
                                     r["rng"], r["material"], r["eye"], r["unique"],
                                     tuple(_parse_ability(a) for a in r["abilities"]),
                                     r["text"])
                for r in records("monsters", "monster", MONSTER_FIELDS)}
    weapons = {r["id"]: WeaponCard(r["id"], r["name"], r["system"], r["cost"], r["atk"],
                                   r["rng"], r["mov"], tuple(r["icons"]), r["text"])
               for r in records("weapons", "weapon", WEAPON_FIELDS)}
    armour = {r["id"]: ArmourCard(r["id"], r["name"], r["cost"], r["def"], r["text"])
              for r in records("armour", "armour", ARMOUR_FIELDS)}
    items = {r["id"]: ItemCard(r["id"], r["name"], tuple(r["icons"]), r["interrupt"],
                               r["two_player"], r["text"])
             for r in records("items", "item", ITEM_FIELDS)}
    deck_path = root / "decks.toml"
    decks = {}
    for r in records("decks", "deck", DECK_FIELDS):
        deck = Deck(r["id"], r["name"], r["hunter"], _deck_entries(deck_path, r))
        _check_deck(deck_path, deck, hunters, monsters, weapons, armour, items)
        decks[deck.id] = deck
    sides = load_sides(root / "maps.toml")
    frozen = MappingProxyType
    return CardSet(frozen(hunters), frozen(monsters), frozen(weapons), frozen(armour),
                   frozen(items), frozen(decks), frozen(sides))


def _deck_entries(path: Path, rec: dict) -> tuple[tuple[str, int], ...]:
    """The `cards` list as (id, count) pairs; each entry is a table { id, count }."""
    out = []
    listed = set()
    for n, entry in enumerate(rec["cards"], 1):
        if (not isinstance(entry, dict) or set(entry) != {"id", "count"}
                or not isinstance(entry["id"], str) or isinstance(entry["count"], bool)
                or not isinstance(entry["count"], int)):
            raise CardDataError(path, rec["id"], "cards",
                                f"entry {n} must be {{ id = \"...\", count = N }}, got {entry!r}")
        cid, count = entry["id"], entry["count"]
        if count < 1:
            raise CardDataError(path, rec["id"], "cards", f"'{cid}': count must be at least 1")
        if cid in listed:
            raise CardDataError(path, rec["id"], "cards", f"'{cid}' is listed twice")
        listed.add(cid)
        out.append((cid, count))
    return tuple(out)


def _check_deck(path: Path, deck: Deck, hunters, monsters, weapons, armour, items) -> None:
    """The spec's validation checks for one deck."""
    def bad(field: str, problem: str) -> None:
        raise CardDataError(path, deck.id, field, problem)

    if deck.hunter not in hunters:
        bad("hunter", f"'{deck.hunter}' is not a hunter card")
    for cid, count in deck.cards:
        if cid in hunters:
            bad("cards", f"'{cid}' is a hunter card; hunters are not part of a deck")
        if not any(cid in t for t in (monsters, weapons, armour, items)):
            bad("cards", f"'{cid}' is not a card id")
        if count > MAX_COPIES:
            bad("cards", f"'{cid}' x{count}: at most {MAX_COPIES} copies of one card")
    total = sum(n for _, n in deck.cards)
    if total != DECK_SIZE:
        bad("cards", f"holds {total} cards; a deck holds exactly {DECK_SIZE}")
    # every item must be usable by the deck's hunter or by one of the deck's weapons
    usable = set(hunters[deck.hunter].icons)
    for cid, _ in deck.cards:
        if cid in weapons:
            usable.update(weapons[cid].icons)
    for cid, _ in deck.cards:
        if cid in items and not usable.intersection(items[cid].icons):
            bad("cards", f"item '{cid}' shares no icon with the deck's hunter or its weapons")


_cached: CardSet | None = None


def card_set() -> CardSet:
    """The bundled card set, loaded once."""
    global _cached
    if _cached is None:
        _cached = load_card_set()
    return _cached
