"""Bloodborne card data: the loader and validator for data/bloodborne/*.toml.

The printed card texts are not public (spec D2), so the set is our own: numbers live in the TOML
files, behaviour lives in rules.py, keyed by each card's `ability` keyword. A keyword the engine
does not implement is a data error, so no card carries text the rules ignore.
"""

from __future__ import annotations

from pathlib import Path

from game.core.data import CardDataError, Field, int_range, load_cards, load_toml, one_of
from game.core.resources import data_path

KINDS = ("kin", "humanoid", "beast")
LANTERNS = ("green", "yellow", "red")
CARD_TYPES = ("melee", "ranged", "utility")
PROTECTIONS = ("shield", "cancel", "choose")

#: hunter card abilities (rules.py has one function per keyword, named after it)
HUNTER_ABILITIES = (
    "none",  # a plain weapon: only its damage
    "transform",  # starter Transform: choose a weapon after the reveal; it deals +amount
    "dream",  # starter Hunter's Dream
    "bane",  # +amount damage against monsters with the `vs` trophy kind
    "boss_slayer",  # +amount damage against bosses and the final boss
    "blood_price",  # pay 1 health (not at 1) to deal +amount damage
    "executioner",  # +amount damage against a monster that already lost echoes
    "frenzy",  # +amount damage while your health is 4 or less
    "recoil",  # after firing, lose amount health (never below 1)
    "heal",  # Immediate: heal amount health (up to 8)
    "bank",  # Immediate: bank your collected echoes now
    "numb",  # Immediate: the monster's attack deals amount less to every hunter
    "lure",  # Immediate: you take no monster damage; every other hunter takes +amount
    "recall",  # Immediate: take back up to amount used cards, most recent first
    "roar",  # Immediate: cancel every other hunter's melee attack this round
)

#: monster and boss abilities; when they act is part of the keyword's meaning
MONSTER_ABILITIES = (
    "none",
    "ranged_resist",  # while fought: ranged weapons deal only 1 damage
    "unstoppable",  # while fought: card effects cannot prevent or reduce its damage
    "thick_hide",  # while fought: each melee attack deals amount less
    "armored",  # while fought: no single attack deals more than amount
    "fury",  # while fought: its attack deals +amount
    "dream_breaker",  # while fought: hunters in the Dream take full damage
    "echo_drain",  # while fought: each hunter it wounds loses amount collected echoes
    "regenerate",  # while fought: at the end of each round it survives, heals amount
    "ambush",  # on reveal: every hunter loses amount health (never below 1)
    "scream",  # on reveal: the Available Upgrades go under the deck; new ones are dealt
    "maul",  # on escape: every hunter takes amount damage (can kill)
    "plunder",  # on escape: every hunter loses amount collected echoes
)

#: final boss abilities: they apply for the whole game
FINAL_ABILITIES = ("gehrman", "rom", "ebrietas", "moon_presence", "orphan_of_kos")

COUNTS = {"starter": 5, "upgrades": 32, "monsters": 18, "bosses": 7, "final_bosses": 5}


class HunterCard:
    """One starter or upgrade card (a definition; instances refer to it)."""

    __slots__ = ("id", "name", "type", "damage", "immediate", "ability", "amount", "vs",
                 "protection", "shield", "text", "copies", "melee", "ranged", "weapon")

    def __init__(self, rec: dict) -> None:
        for key in ("id", "name", "type", "damage", "immediate", "ability", "amount", "vs",
                    "protection", "shield", "text", "copies"):
            setattr(self, key, rec[key])
        self.melee = self.type == "melee"
        self.ranged = self.type == "ranged"
        self.weapon = self.melee or self.ranged

    def to_view(self) -> dict:
        return {"id": self.id, "name": self.name, "type": self.type, "damage": self.damage,
                "immediate": self.immediate, "ability": self.ability, "text": self.text}

    def __repr__(self) -> str:
        return f"<{self.id}>"


class MonsterCard:
    """A monster, boss or final boss."""

    __slots__ = ("id", "name", "hp", "lantern", "trophies", "kinds", "ability", "amount",
                 "text", "boss", "final")

    def __init__(self, rec: dict, final: bool = False) -> None:
        for key in ("id", "name", "hp", "lantern", "trophies", "ability", "amount", "text",
                    "boss"):
            setattr(self, key, rec[key])
        self.kinds = tuple(KINDS.index(k) for k in self.trophies)
        self.final = final

    def to_view(self) -> dict:
        return {"id": self.id, "name": self.name, "hp": self.hp, "lantern": self.lantern,
                "trophies": list(self.trophies), "ability": self.ability, "text": self.text,
                "boss": self.boss, "final": self.final}

    def __repr__(self) -> str:
        return f"<{self.id}>"


class Die:
    __slots__ = ("colour", "faces", "values", "explodes")

    def __init__(self, colour: str, faces: list[str]) -> None:
        self.colour = colour
        self.faces = list(faces)
        self.values = [int(f.rstrip("+")) for f in faces]
        self.explodes = [f.endswith("+") for f in faces]


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
    "ability": Field(str, False, "none", one_of(HUNTER_ABILITIES)),
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

#: abilities that need a positive `amount`
_NEEDS_AMOUNT = {"transform", "bane", "boss_slayer", "blood_price", "executioner", "frenzy",
                 "recoil", "heal", "numb", "lure", "recall", "thick_hide", "armored", "fury",
                 "echo_drain", "regenerate", "ambush", "maul", "plunder"}


def _check_hunter_card(path: Path, c: dict) -> None:
    def bad(field: str, problem: str) -> None:
        raise CardDataError(path, c["id"], field, problem)

    ab = c["ability"]
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


def _check_monster(path: Path, c: dict, allowed: tuple[str, ...], boss: bool) -> None:
    if c["ability"] not in allowed:
        raise CardDataError(path, c["id"], "ability",
                            f"must be one of {', '.join(allowed)}, got {c['ability']!r}")
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
        recs = load_cards(path, "card", HUNTER_FIELDS)
        for c in recs:
            _check_hunter_card(path, c)
        _check_count(path, sum(c["copies"] for c in recs), expected, "cards (counting copies)")
        return [HunterCard(c) for c in recs]

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

    def monster_cards(name: str, table: str, allowed, boss: bool, final: bool):
        path = root / f"{name}.toml"
        recs = load_cards(path, table, MONSTER_FIELDS)
        for c in recs:
            _check_monster(path, c, allowed, boss)
        _check_count(path, len(recs), COUNTS[name], table.replace("_", " ") + "es"
                     if table.endswith("ss") else table + "s")
        return [MonsterCard(c, final) for c in recs]

    monsters = monster_cards("monsters", "monster", MONSTER_ABILITIES, False, False)
    bosses = monster_cards("bosses", "boss", MONSTER_ABILITIES, True, False)
    finals = monster_cards("final_bosses", "final_boss", FINAL_ABILITIES, True, True)
    seen: set[str] = set()
    for name, group in (("monsters", monsters), ("bosses", bosses), ("final_bosses", finals)):
        for m in group:
            if m.id in seen:
                raise CardDataError(root / f"{name}.toml", m.id, "id", "duplicate id")
            seen.add(m.id)
    if len({f.ability for f in finals}) != len(finals):
        raise CardDataError(root / "final_bosses.toml", None, "ability",
                            "each final boss needs its own ability")

    dice = _load_dice(root / "dice.toml")
    track, extra = _load_trophies(root / "trophies.toml")
    return CardSet(starter, upgrades, monsters, bosses, finals, dice, track, extra)


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
