"""`python -m game list | validate | selfplay | bench` (game/__main__.py, game/cli/)."""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.__main__ import main, parser
from game.ai.agents import bots_for
from game.cli import UsageError, parse_options
from game.cli.selfplay import summary_fields
from game.core.contract import Game, Outcome
from game.core.resources import data_path
from game.registry import all_games
from tests import toygame

ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def one_json_line(text: str) -> dict:
    lines = text.splitlines()
    assert len(lines) == 1, f"expected one line, got {lines}"
    return json.loads(lines[0])


def test_list_names_every_registered_game_with_players_mode_and_bots(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    for name, game in all_games().items():
        line = next(line for line in out.splitlines() if line.startswith(name))
        assert f"{game.min_players}-{game.max_players} players" in line
        assert ("cooperative" if game.cooperative else "competitive") in line
        assert "random" in line and "ismcts" in line


def listed_bots(out: str, name: str) -> list[str]:
    line = next(line for line in out.splitlines() if line.startswith(name + " "))
    seats = line.split("bots: ", 1)[1]
    return [b.strip() for b in seats.split(" (")[0].split(";")[0].split(",")]


def test_the_bots_list_names_are_exactly_those_the_app_seats(capsys):
    """`python -m game list` names under "bots:" the very bots `main.py --seats ai:NAME`
    accepts (a Match is what --seats builds)."""
    from game.match import Match

    _, out, _ = run(capsys, "list")
    for name, game in all_games().items():
        listed = listed_bots(out, name)
        n = game.min_players

        def seats_ok(bot, name=name, n=n):
            try:
                Match(name, n, 1, ["you"] + [f"ai:{bot}"] * (n - 1))
                return True
            except ValueError:
                return False

        candidates = set(bots_for(game)) | set(listed) | {"nosuchbot"}
        assert {b for b in candidates if seats_ok(b)} == set(listed), name


@pytest.mark.skipif("madoka" not in all_games(), reason="Madoka not registered")
def test_a_yes_no_option_written_false_stays_off():
    game = all_games()["madoka"]
    for text in ("False", "false", "no", "0", "off"):
        assert parse_options(game, [("qb", text)]) == {"qb": False}
    for text in ("True", "yes", "1", "on"):
        assert parse_options(game, [("qb", text)]) == {"qb": True}
    with pytest.raises(UsageError, match="yes/no"):
        parse_options(game, [("qb", "maybe")])


@pytest.mark.skipif("madoka" not in all_games(), reason="Madoka not registered")
def test_an_unknown_option_is_one_line_and_a_non_zero_exit(capsys):
    code, out, err = run(capsys, "selfplay", "madoka", "--players", "2", "--games", "1",
                         "-o", "foo=bar")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "no option 'foo'" in err and "qb" in err


@pytest.mark.skipif("bloodborne" not in all_games(), reason="Bloodborne not registered")
def test_an_option_value_outside_the_games_choices_is_refused():
    game = all_games()["bloodborne"]
    with pytest.raises(UsageError, match="must be one of"):
        parse_options(game, [("final_boss", "nobody")])
    assert parse_options(game, [("final_boss", "random")]) == {"final_boss": "random"}


def test_zero_players_is_an_error_on_both_command_lines(capsys):
    import main as app_main

    for argv in (["selfplay", "toy", "--players", "0"], ["bench", "toy", "--players", "0"]):
        with pytest.raises(SystemExit) as e:
            main(argv)
        assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        app_main.parse_args(["--game", "madoka", "--players", "0"])
    assert e.value.code == 2
    assert "at least 1" in capsys.readouterr().err


def every_flag(p: argparse.ArgumentParser):
    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from every_flag(sub)
        elif not isinstance(action, argparse._HelpAction):
            yield p.prog, action


def test_every_flag_has_help_that_names_its_default():
    import main as app_main

    app_parser = None

    def keep(self, argv):  # main.parse_args builds its parser inline: catch it as it parses
        nonlocal app_parser
        app_parser = self
        return argparse.Namespace(smoke=False, seats=None, screenshot=None)

    original = argparse.ArgumentParser.parse_args
    argparse.ArgumentParser.parse_args = keep
    try:
        app_main.parse_args([])
    finally:
        argparse.ArgumentParser.parse_args = original
    for prog, action in [*every_flag(parser()), *every_flag(app_parser)]:
        assert action.help, f"{prog} {action.dest} has no help"
        if action.option_strings and not action.required:
            assert "default" in action.help, f"{prog} {action.option_strings[0]}: no default"


@pytest.mark.skipif("madoka" not in all_games(), reason="Madoka not registered")
def test_a_run_with_frames_never_overwrites_the_autosave(tmp_path, monkeypatch):
    """`main.py --game … --frames N` runs the autosave hook every applied move runs, yet the
    player's autosave stays as it was."""
    import main as app_main
    from scenes import storage
    from scenes.app import App

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    storage.save_game({"record": {"game": "madoka", "players": 2, "actions": []}}, "Madoka")
    before = storage.autosave_path().read_bytes()
    real_run = App.run
    moved = []

    def run_after_one_move(self, max_frames=None):
        session = self.manager.top.session
        session.on_change()  # what the session runs after each applied move
        moved.append(session)
        real_run(self, max_frames)

    monkeypatch.setattr(App, "run", run_after_one_move)
    assert app_main.main(["--game", "madoka", "--players", "2", "--frames", "2"]) == 0
    assert len(moved) == 1
    assert storage.autosave_path().read_bytes() == before
def test_validate_passes_on_the_shipped_data(capsys):
    code, out, _ = run(capsys, "validate")
    assert code == 0
    assert out.splitlines() == [f"{name}: ok" for name in all_games()]


@pytest.mark.skipif("madoka" not in all_games(), reason="Madoka not registered")
def test_validate_reports_broken_data_and_fails(capsys, tmp_path):
    for f in data_path("madoka").glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    girls = tmp_path / "girls.toml"
    girls.write_text(girls.read_text(encoding="utf-8") + "\n[[oops\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", "--data-dir", str(tmp_path), "madoka")
    assert code == 1
    assert "girls.toml" in out and "madoka: ok" not in out


def test_validate_refuses_an_unknown_game(capsys):
    code, _, err = run(capsys, "validate", "nosuchgame")
    assert code == 2 and "unknown game" in err


def test_selfplay_prints_one_json_summary_for_a_competitive_game(capsys, toy_registered):
    code, out, _ = run(capsys, "selfplay", "toy", "--players", "3", "--games", "6", "--seed", "2",
                       "--bots", "random,greedy,random")
    assert code == 0
    summary = one_json_line(out)
    assert summary["game"] == "toy" and summary["players"] == 3 and summary["games"] == 6
    assert summary["bots"] == ["random", "greedy", "random"]
    assert len(summary["win_share"]) == 3 and sum(summary["win_share"]) == pytest.approx(1)
    assert summary["mean_rounds"] == 5 and summary["mean_decisions"] == 15
    assert 0 <= summary["all_won"] <= 1 and summary["seconds"] >= 0


@pytest.mark.skipif("madoka" not in all_games(), reason="Madoka not registered")
def test_selfplay_across_processes_gives_the_same_summary():
    """--jobs runs seeded games in worker processes; the numbers do not change."""
    argv = ["selfplay", "madoka", "--players", "3", "--games", "6", "--bots", "random"]
    single, multi = (json.loads(program(*argv, *jobs)) for jobs in ([], ["--jobs", "2"]))
    single.pop("seconds"), multi.pop("seconds")
    assert single == multi


@pytest.mark.skipif("madoka" not in all_games(), reason="Madoka not registered")
def test_selfplay_of_a_cooperative_game_reports_mean_and_median_score(capsys):
    code, out, _ = run(capsys, "selfplay", "madoka", "--players", "2", "--games", "3",
                       "--bots", "random", "--checked")
    assert code == 0
    summary = one_json_line(out)
    assert {"mean_score", "median_score", "mean_decisions", "seconds"} <= set(summary)
    assert "win_share" not in summary


def test_selfplay_refuses_unknown_bots_and_wrong_seat_counts(capsys, toy_registered):
    code, _, err = run(capsys, "selfplay", "toy", "--players", "2", "--bots", "genius")
    assert code == 2 and "unknown bot" in err
    code, _, err = run(capsys, "selfplay", "toy", "--players", "2", "--bots", "random,greedy,x")
    assert code == 2 and "one per seat" in err
    code, _, err = run(capsys, "selfplay", "toy", "--players", "9")
    assert code == 2 and "players" in err


def test_a_failing_game_is_reported_with_its_seed(capsys, toy_registered, monkeypatch):
    def broken(self, state, player):
        raise KeyError("oops")

    monkeypatch.setattr(toygame.GreedyBidder, "choose", broken)
    with pytest.raises(RuntimeError, match="toy seed 5: KeyError"):
        main(["selfplay", "toy", "--players", "2", "--games", "1", "--seed", "5", "--bots",
              "greedy"])


def test_bench_prints_one_json_line_with_speeds_and_bot_times(capsys, toy_registered):
    code, out, _ = run(capsys, "bench", "toy", "--players", "2", "--seconds", "0.2")
    assert code == 0
    result = one_json_line(out)
    assert result["decisions_per_s"] > 0 and result["games_per_s"] > 0
    # one thread: its processor time never exceeds the wall time of the same play
    assert result["cpu_decisions_per_s"] >= 0.99 * result["decisions_per_s"]
    assert result["clone_us"] > 0
    assert set(result["bot_ms"]) == {"random", "ismcts", "greedy"}
    assert all(isinstance(ms, float) for ms in result["bot_ms"].values())


def test_summary_fields_default_to_the_numbers_and_flags_in_the_details():
    outcome = Outcome((), (0.0,), details={"lost": True, "walpurgis": False, "total": 12,
                                           "reason": "text", "by_girl": {"mami": 3}, "rounds": 9})
    assert summary_fields(Game(), outcome) == {"lost": 1.0, "walpurgis": 0.0, "total": 12.0}


def test_a_game_may_choose_its_summary_fields():
    class Chooses(Game):
        def summary_fields(self, outcome):
            return {"won": bool(outcome.winners)}

    assert summary_fields(Chooses(), Outcome((0,), (1.0,))) == {"won": 1.0}


def program(*argv: str) -> str:
    """Run `python -m game ...` as its own process (worker processes are never forked from
    the test process); return its standard output."""
    done = subprocess.run([sys.executable, "-m", "game", *argv], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_python_dash_m_game_runs_as_a_program():
    assert program("list").strip()
