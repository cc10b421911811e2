"""The rules module stays headless: no pygame, pymunk, scenes or sprites under game/."""

import ast
from pathlib import Path

FORBIDDEN = {"pygame", "pymunk", "scenes", "sprites"}


def test_game_package_imports_no_pygame_or_pymunk():
    root = Path(__file__).resolve().parents[1] / "game"
    offenders = []
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                if name.split(".")[0] in FORBIDDEN:
                    offenders.append(f"{path.relative_to(root.parent)}: imports {name}")
    assert offenders == []
