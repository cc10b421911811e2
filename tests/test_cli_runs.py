"""The balance scripts' shared runner (game/core/runs.py): games in task order, a JSON line per
result as it comes, win shares and their standard errors."""

from __future__ import annotations

import math

import pytest

from game.core.runs import (
    read_log,
    rotating_seats,
    run_games,
    share_with_error,
    versus_line,
    win_share,
)


def play_square(task: int) -> dict:
    """A stand-in for one game (top level: worker processes import it)."""
    return {"seed": task, "winners": [task % 3]}


def test_results_come_in_task_order_and_each_is_logged_as_it_comes(tmp_path):
    log = tmp_path / "run.jsonl"
    results = run_games(play_square, [5, 1, 4], log_path=str(log))
    assert [r["seed"] for r in results] == [5, 1, 4]
    assert read_log(str(log)) == results
    run_games(play_square, [2], log_path=str(log))  # a later run appends
    assert [r["seed"] for r in read_log(str(log))] == [5, 1, 4, 2]


def test_worker_processes_give_the_same_results(tmp_path):
    assert run_games(play_square, [3, 7, 8], jobs=2) == run_games(play_square, [3, 7, 8])


def test_progress_names_the_run_and_the_share_so_far(capsys):
    run_games(play_square, list(range(4)), label="duel", note=lambda done: f"{len(done)} in")
    lines = capsys.readouterr().err.splitlines()
    assert lines[-1].startswith("duel: 4/4 games, ") and lines[-1].endswith(", 4 in")


def test_a_shared_win_counts_one_kth_and_a_loss_nothing():
    assert win_share([2], 2) == 1.0
    assert win_share([0, 2], 2) == 0.5
    assert win_share([0, 1], 2) == 0.0
    assert win_share([], 2) == 0.0


def test_share_with_its_standard_error():
    mean, err = share_with_error([1.0, 0.0, 1.0, 0.0])
    assert mean == 0.5 and err == pytest.approx(math.sqrt(1 / 3) / 2)
    assert share_with_error([1.0]) == (1.0, 0.0)
    assert share_with_error([]) == (0.0, 0.0)


def test_each_seat_is_the_bots_equally_often():
    seats = [rotating_seats("ismcts", "heuristic", 4, i).index("ismcts") for i in range(8)]
    assert seats == [0, 1, 2, 3, 0, 1, 2, 3]
    assert rotating_seats("a", "b", 3, 1) == ["b", "a", "b"]


def test_versus_line_reads_as_a_figure():
    assert versus_line("ismcts", "3 heuristic", [1.0, 0.0, 1.0, 0.0]) == (
        "ismcts vs 3 heuristic: win share 50.0 % ± 28.9 % (standard error) over 4 games")
