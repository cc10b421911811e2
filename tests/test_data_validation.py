"""Card data validation: every malformed file gives one clear line naming file, card and field.

Each tests/data/bad/<file>__<case>.toml is a small variant of data/madoka/<file>.toml; its
second line says which card and field the error must name. The test copies the good data into a
temporary directory, puts the bad file in place of the good one, and validates.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.resources import app_root, data_path
from game.madoka import GAME, MadokaGame
from game.madoka.cards import load_card_set

BAD = Path(__file__).resolve().parent / "data" / "bad"
CASES = sorted(BAD.glob("*__*.toml"))


def expected(path: Path) -> tuple[str | None, str | None]:
    m = re.search(r"^# expect: card=(\S+) field=(\S+)$", path.read_text(encoding="utf-8"), re.M)
    assert m, f"{path.name} lacks its '# expect:' line"
    card, field = m.groups()
    return (None if card == "-" else card), (None if field == "-" else field)


def bad_dir(tmp_path: Path, case: Path) -> Path:
    target = case.name.split("__")[0] + ".toml"
    for good in data_path("madoka").glob("*.toml"):
        shutil.copy(good, tmp_path / good.name)
    shutil.copy(case, tmp_path / target)
    return tmp_path


def test_the_shipped_data_is_valid():
    assert GAME.validate_data() == []
    cards = load_card_set()
    assert sum(sum(g.counts) for g in cards.girls if not g.variant) == 40
    assert [w.number for w in cards.witches] == list(range(1, 10))


def test_there_are_at_least_twelve_bad_cases():
    assert len(CASES) >= 12


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_bad_data_gives_one_line_naming_file_card_and_field(tmp_path, case):
    card, field = expected(case)
    problems = GAME.validate_data(bad_dir(tmp_path, case))
    assert len(problems) == 1, problems
    line = problems[0]
    assert "\n" not in line
    assert (case.name.split("__")[0] + ".toml") in line
    if card is not None:
        assert f"card '{card}'" in line
    if field is not None:
        assert f"field '{field}'" in line
    if card is None and field is None:
        assert "not valid TOML" in line


@pytest.mark.parametrize("case", CASES[:3], ids=lambda p: p.stem)
def test_loading_a_game_from_bad_data_fails(tmp_path, case):
    with pytest.raises(ValueError):
        MadokaGame(bad_dir(tmp_path, case))


def test_validate_command_exits_1_on_bad_data(tmp_path):
    assert (app_root() / "game" / "__main__.py").exists()
    case = next(c for c in CASES if "unknown_effect" in c.name)
    run = subprocess.run(
        [sys.executable, "-m", "game", "validate", "--data-dir", str(bad_dir(tmp_path, case)),
         "madoka"],
        cwd=app_root(), capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "card 'elly'" in run.stdout and "field 'effect'" in run.stdout


def test_validate_command_exits_0_on_good_data():
    run = subprocess.run([sys.executable, "-m", "game", "validate", "madoka"], cwd=app_root(),
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
