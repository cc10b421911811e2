"""main.py's command line refuses what it cannot do in one line, before any window opens
(issue 23, faults 15 and 19)."""

import os
import subprocess
import sys

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run(*args, python=(sys.executable,)):
    return subprocess.run([*python, "main.py", *args], capture_output=True, text=True, env=ENV,
                          timeout=60)


def test_a_screenshot_into_a_folder_that_does_not_exist_is_refused_before_the_game():
    r = run("--smoke", "--game", "madoka", "--players", "2", "--frames", "3",
            "--screenshot", "/no/such/folder/shot.png")
    assert r.returncode != 0 and "does not exist" in r.stderr
    assert "Traceback" not in r.stderr and r.stdout == ""  # no game was played


def test_without_its_packages_main_says_in_one_line_how_to_start_it():
    r = run(python=(sys.executable, "-S"))  # -S: the environment's packages are not seen
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert r.stderr.strip().count("\n") == 0 and "uv run main.py" in r.stderr
