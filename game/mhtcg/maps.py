"""The table as data: sheet sides (data/mhtcg/maps.toml) and the ring of sheets they form.

A *place* is `(sheet, area)`: the sheet is its owner's seat, the area a number from the side's
list, and area `CAMP` (0) is that sheet's camp. Every sheet uses the side for the player count.
Paths join each sheet's exit area to the next sheet's entry area clockwise (spec "The table"):
with 3-4 players the sheets form a ring, with 2 players A3-B2 and B3-A2. Crossing a path is one
step like any link (D4, D6).

Camps (D5): a hunter leaves its camp by the camp's link and never enters a camp by moving, so no
route runs through a camp and `reachable` never offers one.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from pathlib import Path

from game.core.data import CardDataError, Field, int_range, load_tables

CAMP = 0
Place = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a play sheet: its areas, links, the path ends and the monster limits."""

    id: str
    name: str
    players: tuple[int, ...]
    areas: tuple[int, ...]
    camp: tuple[int, ...]  # areas linked to the camp
    links: tuple[tuple[int, int], ...]
    exit: int  # joined to the next sheet's entry, clockwise
    entry: int
    per_area: int
    per_sheet: int


def _int_list(value) -> str | None:
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return f"expected a list of integers, got {value!r}"
    return None


def _link_list(value) -> str | None:
    for link in value:
        if (not isinstance(link, list) or len(link) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in link)):
            return f"a link is a pair of area numbers, got {link!r}"
    return None


SIDE_FIELDS = {
    "id": Field(str),
    "name": Field(str),
    "players": Field(list, check=_int_list, describe="a list of player counts"),
    "areas": Field(list, check=_int_list, describe="a list of area numbers"),
    "camp": Field(list, check=_int_list, describe="a list of area numbers"),
    "links": Field(list, check=_link_list, describe="a list of [area, area] pairs"),
    "exit": Field(int),
    "entry": Field(int),
    "per_area": Field(int, check=int_range(1, 9)),
    "per_sheet": Field(int, check=int_range(1, 30)),
}


def _triples(value) -> str | None:
    for entry in value:
        if (not isinstance(entry, list) or len(entry) != 3
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in entry)):
            return f"an entry is [sheet, area, steps], got {entry!r}"
    return None


DISTANCE_FIELDS = {
    "id": Field(str),
    "players": Field(int, check=int_range(2, 4)),
    "from_camp": Field(list, check=_triples, describe="a list of [sheet, area, steps]"),
}


def load_sides(path: Path) -> dict[str, Side]:
    """Load and check maps.toml: every player count 2-4 has exactly one side, and the stated
    distances from a camp are what the links give."""
    sides = {}
    covered: dict[int, str] = {}
    tables = load_tables(path, {"side": SIDE_FIELDS, "distance": DISTANCE_FIELDS},
                         optional=("distance",))
    for r in tables["side"]:
        side = Side(r["id"], r["name"], tuple(r["players"]), tuple(r["areas"]),
                    tuple(r["camp"]), tuple((a, b) for a, b in r["links"]), r["exit"],
                    r["entry"], r["per_area"], r["per_sheet"])
        _check_side(path, side)
        for n in side.players:
            if n in covered:
                raise CardDataError(path, side.id, "players",
                                    f"{n} players already use side '{covered[n]}'")
            covered[n] = side.id
        sides[side.id] = side
    missing = [n for n in (2, 3, 4) if n not in covered]
    if missing:
        raise CardDataError(path, None, "players",
                            f"no side for {', '.join(map(str, missing))} players")
    for r in tables["distance"]:
        _check_distances(path, r, sides[covered[r["players"]]])
    return sides


def _check_distances(path: Path, r: dict, side: Side) -> None:
    """Every area of the table is listed once, with the steps the links give from camp 0."""
    table = Table(side, r["players"])
    stated = {(sheet, area): steps for sheet, area, steps in r["from_camp"]}
    if len(stated) != len(r["from_camp"]) or set(stated) != set(table.areas):
        raise CardDataError(path, r["id"], "from_camp",
                            f"must list each of the {len(table.areas)} areas once")
    for place, steps in stated.items():
        real = table.distance((0, CAMP), place)
        if real != steps:
            raise CardDataError(path, r["id"], "from_camp",
                                f"sheet {place[0]} area {place[1]} is {real} steps from the "
                                f"camp by the links, not {steps}")


def _check_side(path: Path, s: Side) -> None:
    def bad(field: str, problem: str) -> None:
        raise CardDataError(path, s.id, field, problem)

    if not s.players or not all(2 <= n <= 4 for n in s.players):
        bad("players", "player counts are 2, 3 or 4")
    if not s.areas or sorted(s.areas) != list(range(1, len(s.areas) + 1)):
        bad("areas", "areas are numbered 1, 2, ... in order (0 is the camp)")
    known = set(s.areas)
    for field, values in (("camp", s.camp), ("exit", (s.exit,)), ("entry", (s.entry,))):
        if not values or not set(values) <= known:
            bad(field, f"must name areas of this side ({', '.join(map(str, s.areas))})")
    if s.exit == s.entry:
        bad("entry", "a sheet's entry and exit areas must differ")
    for a, b in s.links:
        if a not in known or b not in known or a == b:
            bad("links", f"link [{a}, {b}] must join two different areas of this side")
    if len({frozenset(link) for link in s.links}) != len(s.links):
        bad("links", "a link is listed twice")
    if _sheet_distances(s, s.camp[0]).keys() != known:
        bad("links", "every area must be reachable from the camp")
    if s.per_sheet > s.per_area * len(s.areas):
        bad("per_sheet", "more monsters per sheet than its areas can hold")


def _sheet_distances(side: Side, start: int) -> dict[int, int]:
    adj = {a: set() for a in side.areas}
    for a, b in side.links:
        adj[a].add(b)
        adj[b].add(a)
    dist = {start: 0}
    todo = deque([start])
    while todo:
        a = todo.popleft()
        for b in adj[a]:
            if b not in dist:
                dist[b] = dist[a] + 1
                todo.append(b)
    return dist


class Table:
    """The sheets of one game joined into one graph, with every distance precomputed.

    Immutable once built; the state keeps one per game (it depends only on the side and the
    player count) and the rules and the AI share its queries.
    """

    __slots__ = ("side", "players", "areas", "camps", "_adj", "_dist", "_reach")

    def __init__(self, side: Side, players: int) -> None:
        self.side, self.players = side, players
        self.areas: tuple[Place, ...] = tuple((s, a) for s in range(players) for a in side.areas)
        self.camps: tuple[Place, ...] = tuple((s, CAMP) for s in range(players))
        adj: dict[Place, set[Place]] = {p: set() for p in self.areas + self.camps}

        def join(p: Place, q: Place) -> None:
            adj[p].add(q)
            adj[q].add(p)

        for s in range(players):
            for a, b in side.links:
                join((s, a), (s, b))
            for a in side.camp:
                join((s, CAMP), (s, a))
            join((s, side.exit), ((s + 1) % players, side.entry))
        self._adj = {p: tuple(sorted(q)) for p, q in adj.items()}
        self._dist = {p: self._bfs(p) for p in adj}
        self._reach: dict[tuple[Place, int], tuple[Place, ...]] = {}

    def _bfs(self, start: Place) -> dict[Place, int]:
        """Distances from `start`; routes never pass through a camp (D5)."""
        dist = {start: 0}
        todo = deque([start])
        while todo:
            p = todo.popleft()
            if p[1] == CAMP and p != start:
                continue  # a camp can end a route but never lies on one
            for q in self._adj[p]:
                if q not in dist:
                    dist[q] = dist[p] + 1
                    todo.append(q)
        return dist

    def links(self, place: Place) -> tuple[Place, ...]:
        """The places one link (or path) away, camps included."""
        return self._adj[place]

    def distance(self, a: Place, b: Place) -> int:
        """Steps from `a` to `b` along links and paths, never through a camp."""
        return self._dist[a][b]

    def reachable(self, start: Place, mov: int) -> tuple[Place, ...]:
        """Where a hunter at `start` may end its move with this MOV (spec 3, D6, D5).

        Any area within `mov` steps, staying put included, never a camp; a hunter in a camp
        must leave it. Sorted by (sheet, area).
        """
        key = (start, mov)
        found = self._reach.get(key)
        if found is None:
            dist = self._dist[start]
            found = tuple(p for p in self.areas if dist[p] <= mov)
            self._reach[key] = found
        return found

    def within(self, place: Place, steps: int) -> tuple[Place, ...]:
        """The areas (not camps) at most `steps` from `place`: Paintball 2, Spotter 1."""
        dist = self._dist[place]
        return tuple(p for p in self.areas if dist[p] <= steps)

    def name(self, place: Place, seat_name=lambda s: f"Player {s + 1}") -> str:
        """"Player 2's area 3" / "Player 2's camp"."""
        sheet, area = place
        where = "camp" if area == CAMP else f"area {area}"
        return f"{seat_name(sheet)}'s {where}"
