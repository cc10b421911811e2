"""Madoka card data (spec: docs/rules/madoka.md): frozen card classes and the validating loader
for data/madoka/*.toml.

Files (all in one data directory, default `data_path("madoka")`):

- girls.toml    `[[girl]]`  id, name, name_zh, colour ("#rrggbb"), symbol, counts [n1, n2, n3, n4],
                            variant (true only for Kyubey, who joins with the QB option)
- witches.toml  `[[witch]]` id, number 1–9, name, title, name_ja, name_zh, effect (the kind of
                            ability, one of `ABILITIES`), text, on_top (the short "while on top"
                            line), while_on_top, after ("stack" | "discard"), guard (girl whose
                            discarded card does not return her), returnable, and the ability's
                            numbers: amount (cards it takes), grief (markers when revealed),
                            failed_play_grief (markers a failed play adds while she is on top)
- scoring.toml  `[[score]]` low/four/walpurgisnacht points, `[[bonus]]` combinations, `[[rank]]`
                            table (one file, several tables: `load_tables`)

A witch's behaviour is code keyed by her id in the effect registry (game/madoka/effects.py);
`load_card_set` checks that every witch has a handler and every handler a witch.

Every problem is one `CardDataError` line naming file, card and field. Besides types and unknown
keys, the loader checks what the spec fixes: each girl's counts (40 base cards), nine witches
numbered 1–9 with exactly one Walpurgisnacht at 9, every ability kind used once, and maximum
scores of 100 (150 with Kyubey).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from game.core.data import CardDataError, Field, int_range, load_cards, load_tables, one_of
from game.core.resources import data_path

#: the girls in table order; index = the girl number used by the state arrays
GIRL_IDS = ("homura", "mami", "kyoko", "sayaka", "madoka", "qb")
SYMBOLS = ("shield", "teacup", "spear", "note", "bow", "ring")
#: the spec's component table: copies of numbers 1, 2, 3, 4
SPEC_COUNTS = {
    "homura": [3, 3, 2, 2],
    "mami": [3, 3, 2, 2],
    "kyoko": [3, 3, 2, 1],
    "sayaka": [2, 2, 1, 1],
    "madoka": [2, 1, 1, 1],
    "qb": [2, 1, 1, 1],
}
BASE_CARDS = 40
#: the kinds of witch ability (a witch's `effect`: what her handler does, for the reader)
ABILITIES = ("forget_hand", "eat_mami", "block_information", "mill_girl_deck", "eat_sayaka",
             "forget_all_hints", "swap_random_card", "numbers_only", "walpurgisnacht")
#: effects that act while their witch is on top of the face-up stack (the rest act on reveal)
WHILE_ON_TOP = ("numbers_only", "walpurgisnacht")
MAX_SCORE, MAX_SCORE_QB = 100, 150


@dataclass(frozen=True, slots=True)
class Girl:
    id: str
    name: str
    name_zh: str
    colour: str
    symbol: str
    counts: tuple[int, int, int, int]
    variant: bool = False

    @property
    def short(self) -> str:
        """First name, as players say it ("Homura")."""
        return "Kyubey" if self.id == "qb" else self.name.split()[0]


@dataclass(frozen=True, slots=True)
class Witch:
    id: str
    number: int
    name: str
    title: str
    name_ja: str
    name_zh: str
    effect: str
    text: str
    on_top: str = ""
    while_on_top: bool = False
    after: str = "stack"
    guard: str = ""
    returnable: bool = True
    amount: int = 1
    grief: int = 0
    failed_play_grief: int = 0


@dataclass(frozen=True, slots=True)
class Bonus:
    id: str
    name: str
    girls: tuple[str, ...]
    points: int
    variant: bool = False
    needs_charlotte_ate_mami: bool = False


@dataclass(frozen=True, slots=True)
class Scoring:
    low: int
    four: int
    walpurgisnacht: int
    bonuses: tuple[Bonus, ...]
    #: (min score, rank name), ascending
    ranks: tuple[tuple[int, str], ...]

    def rank(self, score: int, lost: bool = False) -> str:
        if lost:
            return "Witch"
        name = self.ranks[0][1]
        for lo, rank_name in self.ranks:
            if score >= lo:
                name = rank_name
        return name


@dataclass(frozen=True, slots=True)
class CardSet:
    girls: tuple[Girl, ...]  # in GIRL_IDS order, qb last
    witches: tuple[Witch, ...]  # by number 1..9
    scoring: Scoring


# --- field tables ------------------------------------------------------------------------------

def _hex_colour(v: str) -> str | None:
    return None if re.fullmatch(r"#[0-9a-fA-F]{6}", v) else f"must be a colour like '#a1b2c3', got {v!r}"


def _four_counts(v: list) -> str | None:
    if len(v) != 4 or any(type(x) is not int or x < 0 for x in v):
        return f"expected a list of 4 non-negative integers (copies of 1, 2, 3, 4), got {v!r}"
    return None


def _nonempty(v: str) -> str | None:
    return None if v.strip() else "must not be empty"


GIRL_FIELDS = {
    "id": Field(str, check=one_of(GIRL_IDS)),
    "name": Field(str, check=_nonempty),
    "name_zh": Field(str, required=False, default=""),
    "colour": Field(str, check=_hex_colour),
    "symbol": Field(str, check=one_of(SYMBOLS)),
    "counts": Field(list, check=_four_counts, describe="a list of 4 integers"),
    "variant": Field(bool, required=False, default=False),
}

WITCH_FIELDS = {
    "id": Field(str, check=_nonempty),
    "number": Field(int, check=int_range(1, 9)),
    "name": Field(str, check=_nonempty),
    "title": Field(str, required=False, default=""),
    "name_ja": Field(str, required=False, default=""),
    "name_zh": Field(str, required=False, default=""),
    "effect": Field(str, check=one_of(ABILITIES)),
    "text": Field(str, check=_nonempty),
    "on_top": Field(str, required=False, default=""),
    "while_on_top": Field(bool, required=False, default=False),
    "after": Field(str, required=False, default="stack", check=one_of(("stack", "discard"))),
    "guard": Field(str, required=False, default="", check=lambda v: None if v in ("",) + GIRL_IDS
                   else f"must be a girl id ({', '.join(GIRL_IDS)}) or empty, got {v!r}"),
    "returnable": Field(bool, required=False, default=True),
    "amount": Field(int, required=False, default=1, check=int_range(0, 5)),
    "grief": Field(int, required=False, default=0, check=int_range(0, 3)),
    "failed_play_grief": Field(int, required=False, default=0, check=int_range(0, 3)),
}

#: the three kinds of points of the spec's scoring table, by id
POINTS = ("low", "four", "walpurgisnacht")

SCORE_FIELDS = {
    "id": Field(str, check=one_of(POINTS)),
    "points": Field(int, check=int_range(0, 100)),
    "text": Field(str, required=False, default=""),
}


def _girl_list(v: list) -> str | None:
    if not v or any(g not in GIRL_IDS for g in v) or len(set(v)) != len(v):
        return f"expected a list of different girl ids ({', '.join(GIRL_IDS)}), got {v!r}"
    return None


BONUS_FIELDS = {
    "id": Field(str, check=_nonempty),
    "name": Field(str, check=_nonempty),
    "girls": Field(list, check=_girl_list),
    "points": Field(int, check=int_range(0, 100)),
    "variant": Field(bool, required=False, default=False),
    "needs_charlotte_ate_mami": Field(bool, required=False, default=False),
}

RANK_FIELDS = {
    "id": Field(str, check=_nonempty),
    "name": Field(str, check=_nonempty),
    "min": Field(int, check=int_range(0, 1000)),
}


# --- loaders -----------------------------------------------------------------------------------

def load_girls(path: Path) -> tuple[Girl, ...]:
    by_id = {}
    for rec in load_cards(path, "girl", GIRL_FIELDS):
        gid = rec["id"]
        if rec["counts"] != SPEC_COUNTS[gid]:
            raise CardDataError(path, gid, "counts",
                                f"must be {SPEC_COUNTS[gid]} as in the spec, got {rec['counts']}")
        if rec["variant"] != (gid == "qb"):
            raise CardDataError(path, gid, "variant", "only Kyubey (qb) is a variant card")
        rec["counts"] = tuple(rec["counts"])
        by_id[gid] = Girl(**rec)
    for gid in GIRL_IDS:
        if gid not in by_id:
            raise CardDataError(path, gid, "id", "missing: every girl of the spec must be listed")
    girls = tuple(by_id[g] for g in GIRL_IDS)
    total = sum(sum(g.counts) for g in girls if not g.variant)
    if total != BASE_CARDS:  # pragma: no cover - implied by the per-girl check
        raise CardDataError(path, None, "counts", f"the base deck must have {BASE_CARDS} cards, not {total}")
    return girls


def load_witches(path: Path) -> tuple[Witch, ...]:
    by_number: dict[int, Witch] = {}
    effects: dict[str, str] = {}
    for rec in load_cards(path, "witch", WITCH_FIELDS):
        w = Witch(**rec)
        if w.number in by_number:
            raise CardDataError(path, w.id, "number",
                                f"number {w.number} is also {by_number[w.number].id}'s")
        if w.effect in effects:
            raise CardDataError(path, w.id, "effect",
                                f"effect {w.effect!r} is already {effects[w.effect]}'s")
        if (w.effect == "walpurgisnacht") != (w.number == 9):
            raise CardDataError(path, w.id, "number" if w.effect == "walpurgisnacht" else "effect",
                                "Walpurgisnacht (effect 'walpurgisnacht') must be witch number 9")
        if w.while_on_top != (w.effect in WHILE_ON_TOP):
            raise CardDataError(path, w.id, "while_on_top",
                                f"must be {str(not w.while_on_top).lower()} for effect {w.effect!r}")
        by_number[w.number] = w
        effects[w.effect] = w.id
    if len(by_number) != 9:
        missing = [n for n in range(1, 10) if n not in by_number]
        raise CardDataError(path, None, "number",
                            f"expected 9 witches numbered 1–9, missing {missing}")
    witches = tuple(by_number[n] for n in range(1, 10))
    check_handlers(path, witches)
    return witches


def check_handlers(path: Path, witches: tuple[Witch, ...]) -> None:
    """Every witch has behaviour in the effect registry (game/madoka/effects.py, keyed by her
    id) and every handler belongs to a witch: CardDataError otherwise."""
    from game.madoka.effects import EFFECTS  # the registry imports the rules, not the cards

    EFFECTS.check_data((path, w.id, w.id) for w in witches)


def load_scoring(path: Path) -> Scoring:
    tables = load_tables(path, {"score": SCORE_FIELDS, "bonus": BONUS_FIELDS,
                                "rank": RANK_FIELDS})
    pts = {rec["id"]: rec["points"] for rec in tables["score"]}
    for kind in POINTS:
        if kind not in pts:
            raise CardDataError(path, kind, "id", "missing: the spec scores low cards, 4s and "
                                "Walpurgisnacht")
    bonuses = []
    for rec in tables["bonus"]:
        if ("qb" in rec["girls"]) != rec["variant"]:
            raise CardDataError(path, rec["id"], "variant",
                                "a bonus is a variant bonus exactly when it needs Kyubey")
        bonuses.append(Bonus(**dict(rec, girls=tuple(rec["girls"]))))
    ranks: list[tuple[int, str]] = []
    for rec in tables["rank"]:
        if not ranks and rec["min"] != 0:
            raise CardDataError(path, rec["id"], "min", "the first rank must start at 0")
        if ranks and rec["min"] <= ranks[-1][0]:
            raise CardDataError(path, rec["id"], "min",
                                f"ranks must rise: {rec['min']} after {ranks[-1][0]}")
        ranks.append((rec["min"], rec["name"]))
    scoring = Scoring(pts["low"], pts["four"], pts["walpurgisnacht"], tuple(bonuses),
                      tuple(ranks))
    for qb, want in ((False, MAX_SCORE), (True, MAX_SCORE_QB)):
        top = max_score(scoring, qb)
        if top != want:
            raise CardDataError(path, "low" if not qb else "variant", "points",
                                f"the maximum score {'with' if qb else 'without'} Kyubey must "
                                f"be {want}, these numbers give {top}")
    return scoring


def max_score(scoring: Scoring, qb: bool) -> int:
    """Every girl transformed, Walpurgisnacht defeated, every bonus earned."""
    girls = 6 if qb else 5
    bonus = sum(b.points for b in scoring.bonuses if qb or not b.variant)
    return girls * (3 * scoring.low + scoring.four) + scoring.walpurgisnacht + bonus


def load_card_set(data_dir: Path | str | None = None) -> CardSet:
    """Load and validate all three files; raise the first CardDataError."""
    d = Path(data_dir) if data_dir is not None else data_path("madoka")
    return CardSet(load_girls(d / "girls.toml"), load_witches(d / "witches.toml"),
                   load_scoring(d / "scoring.toml"))


def validate(data_dir: Path | str | None = None) -> list[str]:
    """One line per bad file (each file is checked on its own), empty when all is well."""
    d = Path(data_dir) if data_dir is not None else data_path("madoka")
    problems = []
    for name, loader in (("girls.toml", load_girls), ("witches.toml", load_witches),
                         ("scoring.toml", load_scoring)):
        try:
            loader(d / name)
        except CardDataError as e:
            problems.append(str(e))
    return problems
