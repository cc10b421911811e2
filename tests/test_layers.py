"""Layers without circles (docs/plugging-in-a-game.md, "Where the code sits").

Every module of game/, scenes/, sprites/ and main.py sits in one layer, and imports only from
the layers below it (or from its own unit: the same package for core, ai, a game, cli, net,
sprites, scenes). From the bottom up:

    core            game/core: the contract, the flow, decisions, fields, effects, records
    ai              game/ai: agents, ISMCTS (through the contract only)
    games           game/<name> for each game: independent of each other
    registry        game/registry.py: the list of games (imported by name, on first use)
    session         game/session.py: the table session interface (what a table may know)
    play            game/match.py (a game played here), game/replay.py (a record played
                    back), game/coach.py (advice from a determinization)
    local session   game/local_session.py: the session that wraps a match
    cli             game/cli: headless self-play and benchmarks
    net             game/net: the host, the client session, discovery
    command line    game/__main__.py (and game/__init__.py)
    sprites         sprites/: drawing; never the scenes
    scenes          scenes/: screens, the table and its parts
    main            main.py

Imports are read from the source (ast), everywhere in a module: inside functions too, and
under `if TYPE_CHECKING:`. An import by computed name (`import_module(f"game.{name}")`: the
registry, the coach) cannot be seen here; it goes up the layers by its nature (a higher layer
asking for a game).

The rules module stays headless: nothing under game/ imports pygame or pymunk.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("madoka", "bloodborne", "mhtcg", "hermitcraft", "sanguosha")

#: (layer name, its units, whether units of this layer may import each other), bottom first
LAYERS: list[tuple[str, tuple[str, ...], bool]] = [
    ("core", ("game.core",), True),
    ("ai", ("game.ai",), True),
    ("games", tuple(f"game.{g}" for g in GAMES), False),
    ("registry", ("game.registry",), True),
    ("session", ("game.session",), True),
    ("play", ("game.match", "game.replay", "game.coach"), True),
    ("local session", ("game.local_session",), True),
    ("cli", ("game.cli",), True),
    ("net", ("game.net",), True),
    ("command line", ("game.__main__", "game"), True),
    ("sprites", ("sprites",), True),
    ("scenes", ("scenes",), True),
    ("main", ("main",), True),
]
HEADLESS_FORBIDDEN = ("pygame", "pymunk")


def modules() -> dict[str, Path]:
    """Every module of game/, scenes/, sprites/ and main.py: dotted name -> file."""
    out = {"main": ROOT / "main.py"}
    for top in ("game", "scenes", "sprites"):
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    """The module of ours that `name` (a module or a name inside one) refers to."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports(known: dict[str, Path] | None = None) -> dict[str, dict[str, int]]:
    """module -> {module of ours it imports: the first line that does}; third-party and
    standard-library imports are kept under their full dotted name."""
    known = modules() if known is None else known
    graph: dict[str, dict[str, int]] = defaultdict(dict)
    for mod, path in known.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")
                    up = up[:len(up) - (node.level - 1)]
                    base = ".".join(up + ([node.module] if node.module else []))
                names = [f"{base}.{a.name}" if _resolve(f"{base}.{a.name}", known) not in
                         (None, _resolve(base, known)) else base for a in node.names]
            for name in names:
                target = _resolve(name, known) or name
                if target != mod:
                    graph[mod].setdefault(target, node.lineno)
    return graph


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Every strongly connected set of modules (Tarjan): sorted module names."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    sets: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, {}):
            if w not in graph and w not in index:
                continue  # not one of ours
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            members = []
            while True:
                w = stack.pop()
                on.discard(w)
                members.append(w)
                if w == v:
                    break
            if len(members) > 1:
                sets.append(sorted(members))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sets


def _a_path(graph: dict[str, dict[str, int]], members: list[str]) -> list[str]:
    """A shortest circle through the first of `members`, staying inside them."""
    start, inside = members[0], set(members)
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph.get(v, {})):
                if w not in inside:
                    continue
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [start] + path[::-1][1:] + [start] if len(path) > 1 else [start, v, start]
                if w not in came:
                    came[w] = v
                    nxt.append(w)
        frontier = nxt
    return members


def _describe(graph: dict[str, dict[str, int]], members: list[str]) -> str:
    """The modules of a circle, and one shortest circle through the first of them."""
    path = _a_path(graph, members)
    return f"{len(members)} modules ({', '.join(members)}), e.g. " + " -> ".join(
        f"{a} (line {graph[a][b]})" for a, b in zip(path[:-1], path[1:], strict=True)) + f" -> {path[-1]}"


def layer_of(module: str) -> tuple[int, str] | None:
    """(layer number, unit) of one of our modules; None for another library's."""
    best = None
    for n, (_, units, _) in enumerate(LAYERS):
        for unit in units:
            if module == unit or module.startswith(unit + "."):
                if best is None or len(unit) > len(best[1]):
                    best = (n, unit)
    return best


def layer_breaches(graph: dict[str, dict[str, int]]) -> list[str]:
    out = []
    for mod, targets in sorted(graph.items()):
        mine = layer_of(mod)
        assert mine is not None, f"{mod} sits in no layer: add it to LAYERS"
        for target, line in sorted(targets.items()):
            theirs = layer_of(target)
            if theirs is None or theirs[1] == mine[1]:
                continue
            if theirs[0] < mine[0] or (theirs[0] == mine[0] and LAYERS[mine[0]][2]):
                continue
            out.append(f"{mod} (layer {LAYERS[mine[0]][0]}) imports {target} "
                       f"(layer {LAYERS[theirs[0]][0]}) at line {line}")
    return out


# --- the tests -------------------------------------------------------------------------------

def test_there_is_no_import_circle_in_game_scenes_or_sprites():
    graph = imports()
    found = [_describe(graph, members) for members in circles(graph)]
    assert found == [], f"{len(found)} import circle(s):\n" + "\n".join(found)


def test_every_import_goes_down_the_layers():
    breaches = layer_breaches(imports())
    assert breaches == [], "imports against the layer order:\n" + "\n".join(breaches)


def test_the_rules_module_imports_no_pygame_or_pymunk():
    graph = imports()
    found = [f"{mod} imports {target} at line {line}" for mod, targets in sorted(graph.items())
             if mod == "game" or mod.startswith("game.") for target, line in targets.items()
             if target.split(".")[0] in HEADLESS_FORBIDDEN]
    assert found == []


def test_every_module_sits_in_a_layer():
    assert [m for m in modules() if layer_of(m) is None] == []


# --- the checks catch what they should (so a green run means something) ----------------------

def test_the_walk_sees_imports_inside_functions_and_type_checking_blocks(tmp_path):
    pkg = tmp_path / "scenes"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\n"
                              "if TYPE_CHECKING:\n    from scenes.b import B\n")
    (pkg / "b.py").write_text("def f():\n    from . import a\n    return a\n")
    known = {"scenes": pkg / "__init__.py", "scenes.a": pkg / "a.py", "scenes.b": pkg / "b.py"}
    graph = imports(known)
    assert graph["scenes.a"] == {"typing": 1, "scenes.b": 3}
    assert graph["scenes.b"] == {"scenes.a": 2}
    assert circles(graph) == [["scenes.a", "scenes.b"]]
    assert _a_path(graph, ["scenes.a", "scenes.b"]) == ["scenes.a", "scenes.b", "scenes.a"]


def test_a_game_importing_the_command_line_or_another_game_is_a_breach():
    graph = {"game.madoka.bots": {"game.cli.selfplay": 4, "game.sanguosha.rules": 9,
                                  "game.ai.base": 2, "game.core.flow": 3},
             "sprites.cards": {"scenes.table.base": 7}}
    assert layer_breaches(graph) == [
        "game.madoka.bots (layer games) imports game.cli.selfplay (layer cli) at line 4",
        "game.madoka.bots (layer games) imports game.sanguosha.rules (layer games) at line 9",
        "sprites.cards (layer sprites) imports scenes.table.base (layer scenes) at line 7",
    ]


def test_the_core_importing_the_registry_is_a_breach():
    assert layer_breaches({"game.core.record": {"game.registry": 12}}) == [
        "game.core.record (layer core) imports game.registry (layer registry) at line 12"]
