"""Data and font paths go through one helper that works from source and frozen; nothing reads
the current working directory."""

import ast
import re
import sys
from pathlib import Path

from game.core.resources import app_root, data_path
from game.registry import all_games

ROOT = Path(__file__).resolve().parents[1]


def app_files():
    for d in ("game", "scenes", "sprites"):
        yield from sorted((ROOT / d).rglob("*.py"))
    if (ROOT / "main.py").exists():
        yield ROOT / "main.py"


def test_from_source_data_path_is_the_repository_data_folder():
    assert app_root() == ROOT
    assert data_path("fonts", "NotoSans-Regular.ttf").is_file()
    assert data_path("icon.png").is_file()


def test_every_registered_game_finds_its_data_folder():
    games = all_games()
    assert games, "no game registered"
    for name in games:
        assert data_path(name).is_dir(), f"data/{name} not found through data_path"


def test_frozen_data_path_points_into_the_unpack_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert app_root() == tmp_path
    assert data_path("madoka", "cards.toml") == tmp_path / "data" / "madoka" / "cards.toml"


def test_data_path_does_not_depend_on_the_working_directory(tmp_path, monkeypatch):
    before = data_path("fonts")
    monkeypatch.chdir(tmp_path)
    assert data_path("fonts") == before and before.is_absolute()


# --- a scan of the code base -----------------------------------------------------------------
FILE_LIKE = re.compile(r"^[\w\-./\\]*\w\.(toml|ttf|otf|png|jpg|bmp|json|txt|wav|ogg|mp3|ico)$")
CWD_CALLS = {("os", "getcwd"), ("os", "getcwdb"), ("Path", "cwd"), ("os", "chdir")}
# methods whose file-name argument is joined onto an absolute base, never read alone
JOINING = {"data_path", "joinpath", "with_name", "with_suffix"}


def _called_name(call: ast.Call) -> tuple[str, str]:
    f = call.func
    if isinstance(f, ast.Attribute):
        base = f.value.id if isinstance(f.value, ast.Name) else ""
        return base, f.attr
    if isinstance(f, ast.Name):
        return "", f.id
    return "", ""


def working_directory_uses(path: Path, tmp: bool = False) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        base, name = _called_name(node)
        where = f"{path.name if tmp else path.relative_to(ROOT)}:{node.lineno}"
        if (base, name) in CWD_CALLS:
            found.append(f"{where}: {base}.{name}()")
            continue
        if name in JOINING or not node.args:
            continue
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            literal = first.value
            relative = not Path(literal).is_absolute()
            if relative and (name == "open" or FILE_LIKE.match(literal)):
                found.append(f"{where}: {name}({literal!r}) reads a path relative to the working directory")
    return found


def test_no_code_reads_the_current_working_directory():
    offenders = [hit for path in app_files() for hit in working_directory_uses(path)]
    assert offenders == []


def test_the_scan_catches_relative_opens_and_cwd(tmp_path):
    bad = tmp_path / "sample.py"
    bad.write_text(
        "import os\nfrom pathlib import Path\nimport pygame\n"
        "open('data/madoka/cards.toml')\nos.getcwd()\nPath.cwd()\n"
        "pygame.image.load('icon.png')\n"
        "data_path('icon.png')\nopen(data_path('x'))\n",
        encoding="utf-8",
    )
    hits = working_directory_uses(bad, tmp=True)
    assert [h.split(":")[1] for h in hits] == ["4", "5", "6", "7"]
