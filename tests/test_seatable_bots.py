"""Every bot a table offers is one a seat takes, and `python -m game list` names exactly those
(issue 20); a measurement bound never sits at a table (issue 23, fault 16)."""

import subprocess
import sys

import pytest

from game.__main__ import main as game_main
from game.ai.agents import check_seats, seatable_bots
from game.registry import all_games

GAMES = sorted(all_games().items())


@pytest.mark.parametrize(("name", "game"), GAMES)
def test_list_names_the_bots_a_seat_takes(name, game, capsys):
    game_main(["list"])
    line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith(name + " "))
    listed = line.split("bots: ", 1)[1].split(" (", 1)[0].split(";", 1)[0].split(", ")
    assert listed == seatable_bots(game)
    check_seats(game, ["ai:" + b for b in listed])  # every one of them is accepted


@pytest.mark.parametrize(("name", "game"), GAMES)
def test_a_measurement_bound_is_refused_at_a_table(name, game):
    for bound in game.measurement_bots():
        with pytest.raises(ValueError, match="measurement bound"):
            check_seats(game, ["you", f"ai:{bound}"])


def test_madoka_seats_its_three_levels_and_not_the_generic_search():
    game = dict(GAMES)["madoka"]
    assert set(seatable_bots(game)) == set(game.bot_levels) | {"random"}
    with pytest.raises(ValueError, match="seats no bot 'ismcts'"):
        check_seats(game, ["you", "ai:ismcts"])


def test_main_refuses_an_open_seat_in_one_line_with_a_non_zero_exit():
    run = subprocess.run([sys.executable, "main.py", "--game", "madoka", "--players", "2",
                          "--seats", "you,ai:open"], capture_output=True, text=True,
                         env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                              "PATH": ""}, timeout=60)
    assert run.returncode != 0
    assert run.stderr.strip().count("\n") == 0 and "measurement bound" in run.stderr
