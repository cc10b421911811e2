"""Card Table: start the app.

    uv run main.py                                   the menu
    uv run main.py --game madoka --players 4 [--seed S] [--seats you,ai:strong,...]
    uv run main.py --smoke --game madoka --players 4 --frames 60 --screenshot shot.png
    uv run main.py --replay FILE [--smoke --frames N]  watch a replay file (game/replay.py)
    uv run main.py --version

`--frames N` (any mode) quits after N frames and prints one JSON line of timings:
    frames, p50_ms, p95_ms, max_ms: work per frame = events + update + draw + flip, measured
        with time.perf_counter() around it (the clock's sleep is not included);
    first_frame_ms: from the start of the process to the first flipped frame (the menu, or
        the table with --game/--smoke): Python's start-up (in a onefile build also the
        unpacking) plus this file's work, read the same way from source and frozen. Where
        /proc is missing (Windows, macOS) it counts from the first line of this file only;
    process_start_ms_offset: the part before this file's first line ran (Python start-up:
        /proc/<pid>/stat against CLOCK_BOOTTIME, 10 ms steps; absent without /proc).
`--smoke` seats AI in every seat, plays at animation speed ×4 without sleeping (each frame
advances a fixed 1/60 s), saves the last frame as PNG and never touches the saves or settings.
Works with SDL_VIDEODRIVER=dummy.

This file stays thin and imports nothing heavy before the first frame. `main(argv)` returns an
exit code and lets exceptions out, so a crash reporter can wrap it.
"""

import time

T0 = time.perf_counter()  # as early as we can: before any other import


def _process_age_ms():
    """Milliseconds since the OS started this process (None without /proc).

    Start times come from /proc/<pid>/stat (field 22, clock ticks since boot: 10 ms steps,
    rounded down, so the age is never under-counted) against CLOCK_BOOTTIME, the same clock.
    A onefile build runs twice: the bootloader (our parent, the same executable) unpacks the
    bundle, then starts this process; the unpacking is part of the wait, so its start counts.
    """
    try:
        import os
        import sys

        def start_ticks(pid):
            with open(f"/proc/{pid}/stat", "rb") as f:
                stat = f.read()
            return int(stat[stat.rindex(b")") + 2:].split()[19])  # field 22: starttime

        start = start_ticks("self")
        if getattr(sys, "frozen", False):
            try:
                parent = os.getppid()
                if os.readlink(f"/proc/{parent}/exe") == os.readlink("/proc/self/exe"):
                    start = start_ticks(parent)
            except OSError:
                pass
        now = time.clock_gettime(time.CLOCK_BOOTTIME)
        return round((now - start / os.sysconf("SC_CLK_TCK")) * 1000, 1)
    except (OSError, ValueError, IndexError, AttributeError):
        return None


PROCESS_AGE_MS = _process_age_ms()

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def at_least_one(text):
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


#: the languages of --lang (sprites/i18n.py), named here so a usage error needs no pygame
LANGUAGES = ("en", "zh")


def parse_args(argv):
    p = argparse.ArgumentParser(prog="main.py", description="Card Table: tabletop card games.")
    p.add_argument("--game", help="start this game directly, e.g. madoka (default: the menu)")
    p.add_argument("--players", type=at_least_one,
                   help="number of players (default: as many as --seats lists, else up to 4)")
    p.add_argument("--seed", type=int, help="shuffle seed (default: random)")
    p.add_argument("--seats", help="comma-separated seats: you, human, ai:<bot>; the bots are "
                   "those `python -m game list` names (default: you and the game's best AI)")
    p.add_argument("--smoke", action="store_true",
                   help="all-AI run for --frames frames, touching no save (default: off)")
    p.add_argument("--frames", type=at_least_one,
                   help="quit after this many frames and print timings; the autosave is left "
                   "as it was (default: run until closed)")
    p.add_argument("--replay", metavar="FILE", help="watch this replay file; with --smoke "
                   "--frames N, play it through and print timings with jump_p95_ms (default: none)")
    p.add_argument("--screenshot", help="save the last frame to this PNG (default: none)")
    p.add_argument("--lang", help="the language of every screen for this run: en (English) or "
                   "zh (中文) (default: the Language setting)")
    p.add_argument("--version", action="store_true",
                   help="print the version and exit (default: off)")
    args = p.parse_args(argv)
    if args.smoke and not (args.replay and args.frames) and not (
            args.game and args.players and args.frames):
        p.error("--smoke needs --game, --players and --frames")
    if args.seats and not args.game:
        p.error("--seats needs --game")
    if args.screenshot:
        folder = os.path.dirname(os.path.abspath(args.screenshot))
        if not os.path.isdir(folder):
            p.error(f"--screenshot: the folder {folder} does not exist")
    return args


def dependencies_missing():
    """One line saying how to start the app when its packages are not installed (a plain
    `python main.py` outside the project's environment), else None."""
    import importlib.util

    missing = [m for m in ("pygame", "pymunk", "platformdirs")
               if importlib.util.find_spec(m) is None]
    if not missing:
        return None
    return (f"main.py: {', '.join(missing)} not installed; start Card Table with "
            "`uv run main.py` (uv installs them), see README.md")


def timings(app):
    """The JSON line printed after a --frames run (see the module docstring)."""
    ms = sorted(t * 1000 for t in app.frame_times) or [0.0]

    def pct(p):
        return round(ms[min(len(ms) - 1, int(p * len(ms)))], 2)

    first = app.first_frame_at
    out = {"frames": len(app.frame_times), "p50_ms": pct(0.5), "p95_ms": pct(0.95),
           "max_ms": round(ms[-1], 2),
           "first_frame_ms": round((first - T0) * 1000 + (PROCESS_AGE_MS or 0), 1)
           if first else None}
    if PROCESS_AGE_MS is not None:
        out["process_start_ms_offset"] = PROCESS_AGE_MS
    return out


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.lang is not None and args.lang not in LANGUAGES:
        raise SystemExit(f"main.py: --lang must be one of {', '.join(LANGUAGES)}, not {args.lang!r}")
    missing = dependencies_missing()
    if missing:
        raise SystemExit(missing)
    if args.version:
        from scenes.crash import app_version

        print(f"Card Table {app_version()}")
        return 0
    if args.replay:
        from scenes.smoke import run_replay

        app = run_replay(args.replay, args.frames, args.smoke, T0, args.lang)
        if args.screenshot:
            import pygame

            pygame.image.save(app.screen, args.screenshot)
        if args.frames:
            def p95(seconds):
                xs = sorted(seconds) or [0.0]
                return round(xs[min(len(xs) - 1, int(0.95 * len(xs)))] * 1000, 2)

            out = {**timings(app), "jump_p95_ms": p95(app.jump_times)}
            if args.smoke:  # the jumps' own processor time (not inflated by a loaded machine)
                out["jump_cpu_p95_ms"] = p95(getattr(app.manager.top, "jump_cpu", []))
            print(json.dumps(out), flush=True)
        return 0
    if args.smoke:
        from scenes.smoke import run_smoke

        try:
            app = run_smoke(args.game, args.players, args.frames, args.screenshot, args.seed, T0,
                            args.lang)
        except (KeyError, ValueError) as e:
            raise SystemExit(f"main.py: {e.args[0] if e.args else e}") from None
        print(json.dumps(timings(app)), flush=True)
        return 0

    from scenes.app import App

    app = App(start_time=T0)
    if args.lang:
        app.settings.language = args.lang
        app.apply_settings()
    if args.frames:  # a measured or scripted run: the player's saved game stays as it was
        app.autosave = False
    if args.game:
        seats = args.seats.split(",") if args.seats else None
        players = args.players or (len(seats) if seats else None)
        from game.ai.agents import check_seats
        from game.registry import get_game

        try:  # a mistyped game, player count or bot is a usage error, not a crash
            game = get_game(args.game)
            players = players or max(game.min_players, min(4, game.max_players))
            if seats is not None and len(seats) != players:
                raise ValueError(f"--seats lists {len(seats)} seats for {players} players")
            if seats is not None:
                check_seats(game, seats)
            app.new_game(args.game, players, seats, args.seed)
        except (KeyError, ValueError) as e:
            raise SystemExit(f"main.py: {e.args[0] if e.args else e}") from None
        if not app.manager.stack:
            app.to_menu()
    else:
        app.to_menu()
    app.run(max_frames=args.frames)
    if args.screenshot:
        import pygame

        pygame.image.save(app.screen, args.screenshot)
    if args.frames:
        print(json.dumps(timings(app)), flush=True)
    return 0


if __name__ == "__main__":
    from scenes import crash

    sys.exit(crash.run_guarded(main))
