"""Layers without circles (issue 19): core → ai → each game → cli → scenes/sprites → main.

Every import counts, also one inside a function or under TYPE_CHECKING: an import made late
is still a circle between the two modules."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("madoka", "bloodborne", "mhtcg", "hermitcraft", "sanguosha")


def _modules() -> dict[str, Path]:
    out = {}
    for path in (ROOT / "game").rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _known(name: str, modules: dict) -> str:
    """The module of ours that `name` (a module, or a name inside one) is, or ""."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name


def _imports(name: str, path: Path, modules: dict) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            wanted = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(up + ([node.module] if node.module else []))
            wanted = [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for w in wanted:
            found = _known(w, modules)
            if found and found != name:
                out.add(found)
    return out


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for v in sorted(graph):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return found


def test_no_import_circle_in_game():
    circles = _circles(_graph())
    assert circles == []


def test_a_game_imports_only_the_core_the_ai_and_itself():
    wrong = []
    for name, imported in _graph().items():
        game = next((g for g in GAMES if name == f"game.{g}" or name.startswith(f"game.{g}.")),
                    None)
        if game is None:
            continue
        allowed = ("game.core", "game.ai", f"game.{game}")
        wrong += [f"{name} imports {m}" for m in sorted(imported)
                  if not any(m == a or m.startswith(a + ".") for a in allowed)]
    assert wrong == []
