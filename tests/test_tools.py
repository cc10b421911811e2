"""tools/madoka_what_if.py: the measurement behind docs/madoka-bots.md ("What it would take")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def what_if(*args: str) -> dict:
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "madoka_what_if.py"), "--games", "6",
                          "--jobs", "1", *args], capture_output=True, text=True, check=True,
                          timeout=120)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_what_if_rules_variant_is_the_game_as_played(capsys):
    # the unpatched variant must measure exactly what `python -m game selfplay` measures
    from game.__main__ import main

    assert main(["selfplay", "madoka", "--players", "4", "--games", "6", "--seed", "0",
                 "--bots", "strong"]) == 0
    selfplay = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert what_if("--variant", "rules")["mean_score"] == round(selfplay["mean_score"], 2)


def test_what_if_half_price_tells_changes_the_games():
    # a variant that changed nothing would make the analysis meaningless
    rules = what_if("--variant", "rules")
    cheap = what_if("--variant", "half-price-tells")
    assert (cheap["mean_score"], cheap["plays"]) != (rules["mean_score"], rules["plays"])
