"""Bloodborne card data: the loader and validator for data/bloodborne/*.toml.

Spec: docs/rules/bloodborne.md (Components, Cards; D2: the printed texts are not public, so the
set is our own). Numbers live in the TOML files; behaviour lives in game/bloodborne/effects.py,
registered by each card's `ability` keyword. A keyword without a handler (or a handler no card
names) is a CardDataError at load, so no card carries text the rules ignore.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.core.data import CardDataError, Field, int_range, load_tables, load_toml, one_of
from game.core.resources import data_path

KINDS = ("kin", "humanoid", "beast")
LANTERNS = ("green", "yellow", "red")
CARD_TYPES = ("melee", "ranged", "utility")
PROTECTIONS = ("shield", "cancel", "choose")

COUNTS = {"starter": 5, "upgrades": 32, "monsters": 18, "bosses": 7, "final_bosses": 5}

@dataclass(frozen=True, slots=True)
class HunterCard:
    """One starter or upgrade card (a definition; card instances refer to it)."""

    id: str
    name: str
    type: str
    damage: int
    immediate: bool
    ability: str
    amount: int
    vs: str
    protection: str
    shield: int
    copies: int
    text: str
    melee: bool = field(init=False, compare=False)
    ranged: bool = field(init=False, compare=False)
    weapon: bool = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "melee", self.type == "melee")
        object.__setattr__(self, "ranged", self.type == "ranged")
        object.__setattr__(self, "weapon", self.type != "utility")

    def to_view(self) -> dict:
        return {"id": self.id, "name": self.name, "type": self.type, "damage": self.damage,
                "immediate": self.immediate, "ability": self.ability, "text": self.text}

    def __repr__(self) -> str:
        return f"<{self.id}>"


@dataclass(frozen=True, slots=True)
class MonsterCard:
    """A monster, boss or final boss."""

    id: str
    name: str
    hp: int
    lantern: str
    trophies: tuple[str, ...]
    ability: str
    amount: int
    boss: bool
    text: str
    final: bool = False
    #: the trophy kinds as indices into KINDS
    kinds: tuple[int, ...] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "trophies", tuple(self.trophies))
        object.__setattr__(self, "kinds", tuple(KINDS.index(k) for k in self.trophies))

    def to_view(self) -> dict:
        return {"id": self.id, "name": self.name, "hp": self.hp, "lantern": self.lantern,
                "trophies": list(self.trophies), "ability": self.ability, "text": self.text,
                "boss": self.boss, "final": self.final}

    def __repr__(self) -> str:
        return f"<{self.id}>"


@dataclass(frozen=True, slots=True)
class Die:
    """A monster die: six faces; a face ending in "+" is rolled again and added."""

    colour: str
    faces: tuple[str, ...]
    values: tuple[int, ...] = field(init=False, compare=False)
    explodes: tuple[bool, ...] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", tuple(self.faces))
        object.__setattr__(self, "values", tuple(int(f.rstrip("+")) for f in self.faces))
        object.__setattr__(self, "explodes", tuple(f.endswith("+") for f in self.faces))


class CardSet:
    """Everything loaded from data/bloodborne: immutable once built."""

    def __init__(self, starter, upgrades, monsters, bosses, finals, dice, track, extra) -> None:
        self.starter: list[HunterCard] = starter
        self.upgrades: list[HunterCard] = upgrades
        self.monsters: list[MonsterCard] = monsters
        self.bosses: list[MonsterCard] = bosses
        self.finals: list[MonsterCard] = finals
        self.dice: dict[str, Die] = dice
        self.track: list[int] = track  # points for 1, 2, 3, 4 trophies of one kind
        self.track_extra: int = extra  # points for each trophy beyond the track
        self.monster_by_id = {m.id: m for m in monsters + bosses + finals}
        #: the starter Transform card (its amount is the transformed weapon's bonus)
        self.transform = next(c for c in starter if c.ability == "transform")
        self.upgrade_instances = [u for u in upgrades for _ in range(u.copies)]
        self._instances: dict[int, list[HunterCard]] = {}
        # "Blood Vial (2)": copies of one upgrade get distinct names for labels and logs
        seen: dict[str, int] = {}
        self.upgrade_names = []
        for u in self.upgrade_instances:
            seen[u.id] = seen.get(u.id, 0) + 1
            self.upgrade_names.append(f"{u.name} ({seen[u.id]})" if u.copies > 1 else u.name)

    def instances(self, players: int) -> list[HunterCard]:
        """Card instance id -> definition: 5 starters per seat, then every upgrade copy."""
        table = self._instances.get(players)
        if table is None:
            table = [c for _ in range(players) for c in self.starter] + self.upgrade_instances
            self._instances[players] = table
        return table

    def instance_name(self, players: int, cid: int) -> str:
        """A card instance's name, numbered when an upgrade has copies."""
        k = cid - 5 * players
        return self.upgrade_names[k] if k >= 0 else self.starter[cid % 5].name

    def trophy_points(self, count: int) -> int:
        if count <= 0:
            return 0
        if count <= len(self.track):
            return self.track[count - 1]
        return self.track[-1] + self.track_extra * (count - len(self.track))


# --- validation --------------------------------------------------------------------------------

def _kinds_list(value) -> str | None:
    if not value or not all(isinstance(k, str) and k in KINDS for k in value):
        return f"must be a non-empty list of {', '.join(KINDS)}"
    if len(set(value)) != len(value):
        return "lists a kind twice"
    return None


HUNTER_FIELDS = {
    "id": Field(str),
    "name": Field(str),
    "type": Field(str, check=one_of(CARD_TYPES)),
    "damage": Field(int, False, 0, int_range(0, 9)),
    "immediate": Field(bool, False, False),
    "ability": Field(str, False, "none"),
    "amount": Field(int, False, 0, int_range(0, 9)),
    "vs": Field(str, False, "", one_of(("",) + KINDS)),
    "protection": Field(str, False, "", one_of(("",) + PROTECTIONS)),
    "shield": Field(int, False, 0, int_range(0, 9)),
    "copies": Field(int, False, 1, int_range(1, 5)),
    "text": Field(str),
}

MONSTER_FIELDS = {
    "id": Field(str),
    "name": Field(str),
    "hp": Field(int, check=int_range(1, 40)),
    "lantern": Field(str, check=one_of(LANTERNS)),
    "trophies": Field(list, check=_kinds_list, describe="a list of trophy kinds"),
    "ability": Field(str, False, "none"),
    "amount": Field(int, False, 0, int_range(0, 9)),
    "boss": Field(bool, False, False),
    "text": Field(str),
}

#: abilities that need a positive `amount` (the number the handler reads)
_NEEDS_AMOUNT = {"transform", "bane", "boss_slayer", "blood_price", "executioner", "frenzy",
                 "recoil", "heal", "numb", "lure", "recall", "thick_hide", "armored", "fury",
                 "echo_drain", "regenerate", "ambush", "maul", "plunder", "gehrman", "rom",
                 "ebrietas", "moon_presence", "orphan_of_kos"}


def _check_ability(path: Path, card: str, ability: str, family: str) -> None:
    """The keyword has a handler among the hooks of its family (hunter, monster, final)."""
    from game.bloodborne.effects import keywords

    known = keywords(family)
    if ability != "none" and ability not in known:
        raise CardDataError(path, card, "ability",
                            f"no rules handler for {ability!r} (known {family} abilities: "
                            f"none, {', '.join(sorted(known))})")


def _check_hunter_card(path: Path, c: dict) -> None:
    def bad(field: str, problem: str) -> None:
        raise CardDataError(path, c["id"], field, problem)

    ab = c["ability"]
    _check_ability(path, c["id"], ab, "hunter")
    if ab in _NEEDS_AMOUNT and c["amount"] <= 0:
        bad("amount", f"ability '{ab}' needs a positive amount")
    if ab == "bane" and not c["vs"]:
        bad("vs", "ability 'bane' needs the trophy kind it is strong against")
    if ab != "bane" and c["vs"]:
        bad("vs", "only ability 'bane' uses 'vs'")
    if c["type"] == "ranged":
        if not c["protection"]:
            bad("protection", "a ranged card must print its protection: shield, cancel or choose")
        if c["protection"] in ("shield", "choose") and c["shield"] <= 0:
            bad("shield", f"protection '{c['protection']}' needs a positive shield")
        if c["protection"] in ("cancel", "choose") and not c["immediate"]:
            bad("immediate", "a ranged card that cancels a melee attack must be Immediate")
    elif c["protection"] or c["shield"]:
        bad("protection", "only ranged cards give protection")
    if c["type"] == "utility" and ab in ("bane", "boss_slayer", "executioner") and not c["damage"]:
        bad("damage", f"ability '{ab}' needs damage to add to")
    if c["type"] == "utility" and c["damage"] and not c["immediate"]:
        bad("immediate", "a utility card that deals damage must be Immediate")


def _check_monster(path: Path, c: dict, family: str, boss: bool) -> None:
    _check_ability(path, c["id"], c["ability"], family)
    if c["ability"] in _NEEDS_AMOUNT and c["amount"] <= 0:
        raise CardDataError(path, c["id"], "amount",
                            f"ability '{c['ability']}' needs a positive amount")
    if c["boss"] != boss:
        raise CardDataError(path, c["id"], "boss", f"must be {str(boss).lower()} in this file")
    if c["ability"] in ("regenerate",) and not boss:
        raise CardDataError(path, c["id"], "ability",
                            "only bosses can regenerate (monsters escape)")


def _check_count(path: Path, n: int, expected: int, what: str) -> None:
    if n != expected:
        raise CardDataError(path, None, None, f"expected {expected} {what}, found {n}")


def load_card_set(data_dir: Path | None = None) -> CardSet:
    """Load and validate every file; raise CardDataError naming file, card and field."""
    root = Path(data_dir) if data_dir is not None else data_path("bloodborne")

    def hunter_cards(name: str, expected: int) -> list[HunterCard]:
        path = root / f"{name}.toml"
        recs = load_tables(path, {"card": HUNTER_FIELDS})["card"]
        for c in recs:
            _check_hunter_card(path, c)
        _check_count(path, sum(c["copies"] for c in recs), expected, "cards (counting copies)")
        return [HunterCard(**c) for c in recs]

    starter = hunter_cards("starter", COUNTS["starter"])
    spath = root / "starter.toml"
    for key in ("transform", "dream"):
        if sum(c.ability == key for c in starter) != 1:
            raise CardDataError(spath, None, "ability",
                                f"the starter set needs exactly one '{key}'")
    if any(c.copies != 1 for c in starter):
        raise CardDataError(spath, None, "copies", "starter cards come one of each")
    upgrades = hunter_cards("upgrades", COUNTS["upgrades"])
    upath = root / "upgrades.toml"
    for c in upgrades:
        if c.ability in ("transform", "dream"):
            raise CardDataError(upath, c.id, "ability", f"'{c.ability}' is a starter ability")
    ids = {c.id for c in starter}
    for c in upgrades:
        if c.id in ids:
            raise CardDataError(upath, c.id, "id", "duplicate id (also a starter card)")

    def monster_cards(name: str, table: str, family: str, boss: bool, final: bool):
        path = root / f"{name}.toml"
        recs = load_tables(path, {table: MONSTER_FIELDS})[table]
        for c in recs:
            _check_monster(path, c, family, boss)
        _check_count(path, len(recs), COUNTS[name], table.replace("_", " ") + "es"
                     if table.endswith("ss") else table + "s")
        return [MonsterCard(**c, final=final) for c in recs]

    monsters = monster_cards("monsters", "monster", "monster", False, False)
    bosses = monster_cards("bosses", "boss", "monster", True, False)
    finals = monster_cards("final_bosses", "final_boss", "final", True, True)
    seen: set[str] = set()
    for name, group in (("monsters", monsters), ("bosses", bosses), ("final_bosses", finals)):
        for m in group:
            if m.id in seen:
                raise CardDataError(root / f"{name}.toml", m.id, "id", "duplicate id")
            seen.add(m.id)
    if len({f.ability for f in finals}) != len(finals):
        raise CardDataError(root / "final_bosses.toml", None, "ability",
                            "each final boss needs its own ability")

    _check_every_handler_has_a_card(root, starter, upgrades, monsters, bosses, finals)
    dice = _load_dice(root / "dice.toml")
    track, extra = _load_trophies(root / "trophies.toml")
    return CardSet(starter, upgrades, monsters, bosses, finals, dice, track, extra)


def _check_every_handler_has_a_card(root: Path, starter, upgrades, monsters, bosses,
                                    finals) -> None:
    """The effect registry against the data: a handler that no card names is an error too."""
    from game.bloodborne.effects import EFFECTS

    uses = [(root / file, c.id, c.ability) for file, group in (
        ("starter.toml", starter), ("upgrades.toml", upgrades), ("monsters.toml", monsters),
        ("bosses.toml", bosses), ("final_bosses.toml", finals)) for c in group]
    EFFECTS.check_data(uses, plain=("none",))


def _load_dice(path: Path) -> dict[str, Die]:
    doc = load_toml(path)
    for key in doc:
        if key not in LANTERNS:
            raise CardDataError(path, None, key, f"unknown die (known: {', '.join(LANTERNS)})")
    dice = {}
    for colour in LANTERNS:
        faces = doc.get(colour)
        if faces is None:
            raise CardDataError(path, None, colour, "missing")
        if not isinstance(faces, list) or len(faces) != 6:
            raise CardDataError(path, None, colour, "expected a list of 6 faces")
        for f in faces:
            if not isinstance(f, str) or not f.rstrip("+").isdigit() or f.count("+") > 1:
                raise CardDataError(path, None, colour,
                                    f"a face is a number with an optional '+', got {f!r}")
        if all(f.endswith("+") for f in faces):
            raise CardDataError(path, None, colour, "every face explodes: rolls would never end")
        dice[colour] = Die(colour, faces)
    return dice


def _load_trophies(path: Path) -> tuple[list[int], int]:
    doc = load_toml(path)
    for key in doc:
        if key not in ("track", "extra"):
            raise CardDataError(path, None, key, "unknown key (known keys: track, extra)")
    track, extra = doc.get("track"), doc.get("extra")
    if not isinstance(track, list) or not track or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in track):
        raise CardDataError(path, None, "track", "expected a list of integers")
    if any(b < a for a, b in zip(track, track[1:], strict=False)):
        raise CardDataError(path, None, "track", "values must not decrease")
    if not isinstance(extra, int) or isinstance(extra, bool) or extra < 0:
        raise CardDataError(path, None, "extra", "expected a non-negative integer")
    return list(track), extra


_cached: CardSet | None = None


def card_set() -> CardSet:
    """The bundled card set, loaded once."""
    global _cached
    if _cached is None:
        _cached = load_card_set()
    return _cached
