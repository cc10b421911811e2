"""The headless runs main.py starts: --smoke (the real app loop with an all-AI table, for a
fixed number of frames) and --replay FILE (the replay viewer alone, measured with --smoke).

It opens the table exactly as a player's new game would (`App.new_game` → Match → the game's
TableScene), with every seat "ai:<the game's best bot>", animation speed ×4, no autosave and no
settings written. The loop does not sleep (the dummy driver has no vsync) and every frame
advances a fixed 1/60 s of game time, so the per-frame numbers measure work only.
"""

from __future__ import annotations

import json
import random
import sys
import time

import pygame

from game.registry import default_bot, get_game
from scenes.app import App
from scenes.replay import open_replay_file
from scenes.storage import Settings

SMOKE_SPEED = "x4"
JUMPS = 200  # random moments a replay smoke run jumps to
PHASES = ("events", "update", "draw", "flip")


def timed_run(app: App, frames: int) -> dict[str, list[float]]:
    """`App.run`'s loop (the same calls in the same order), timing each phase of a frame:
    events, update, draw, flip. Frame times go to `app.frame_times` as in `App.run`; the
    phases' p50 / p95 / max are printed to stderr as one JSON line: wall-clock time
    ("phases_ms") and the UI thread's own processor time ("phases_cpu_ms", with "frame_cpu_ms"
    for whole frames). Where wall clock is far above processor time, the frame waited: for a
    core (a loaded machine), for the AI thread's turn at the interpreter, or for the X server."""
    app.running = True
    dt = 1 / 60
    phases: dict[str, list[float]] = {p: [] for p in PHASES}
    cpu: dict[str, list[float]] = {p: [] for p in PHASES}
    cpu_frames: list[float] = []
    app.clock.tick()
    while app.running and app.manager.stack and len(app.frame_times) < frames:
        t0, c0 = time.perf_counter(), time.thread_time()
        for event in pygame.event.get():
            app.handle_event(event)
        t1, c1 = time.perf_counter(), time.thread_time()
        app.manager.update(dt)
        app.toasts.update(dt)
        t2, c2 = time.perf_counter(), time.thread_time()
        app.draw()
        t3, c3 = time.perf_counter(), time.thread_time()
        app.present()
        t4, c4 = time.perf_counter(), time.thread_time()
        app.frame_times.append(t4 - t0)
        cpu_frames.append((c4 - c0) * 1000)
        if app.first_frame_at is None:
            app.first_frame_at = t4
        for name, a, b, ca, cb in zip(PHASES, (t0, t1, t2, t3), (t1, t2, t3, t4), (c0, c1, c2, c3),
                                      (c1, c2, c3, c4), strict=True):
            phases[name].append((b - a) * 1000)
            cpu[name].append((cb - ca) * 1000)
        app.clock.tick()
    app.running = False
    print(json.dumps({"phases_ms": {n: _spread(v) for n, v in phases.items()},
                      "phases_cpu_ms": {n: _spread(v) for n, v in cpu.items()},
                      "frame_cpu_ms": _spread(cpu_frames)}), file=sys.stderr)
    return phases


def _spread(values: list[float]) -> dict[str, float]:
    xs = sorted(values) or [0.0]
    return {"p50": round(xs[len(xs) // 2], 2), "p95": round(xs[min(len(xs) - 1, int(len(xs) * 0.95))], 2),
            "max": round(xs[-1], 2)}


def run_smoke(game_name: str, players: int, frames: int, screenshot: str | None = None,
              seed: int | None = None, start_time: float | None = None,
              language: str | None = None) -> App:
    app = App(smoke=True, settings=Settings(animation_speed=SMOKE_SPEED, language=language or "en"),
              start_time=start_time)
    game = get_game(game_name)
    game.check_players(players)
    seats = [f"ai:{default_bot(game)}"] * players
    app.new_game(game_name, players, seats, 1 if seed is None else seed)
    if not app.manager.stack:
        raise SystemExit(f"smoke: no table could be opened for {game_name}")
    timed_run(app, frames)
    if screenshot:
        pygame.image.save(app.screen, screenshot)
    return app


def run_replay(path: str, frames: int | None, smoke: bool, start_time: float,
               language: str | None = None) -> App:
    """`main.py --replay FILE [--smoke --frames N]`: the viewer, alone. Smoke: plays at ×4
    without sleeping, then jumps to JUMPS random moments, each shown in full (seek, view,
    board, log, the frame drawn); `app.jump_times` holds those jumps' times."""
    app = App(smoke=smoke, start_time=start_time,
              settings=Settings(animation_speed=SMOKE_SPEED) if smoke else None)
    if language:
        app.settings.language = language
        app.apply_settings()
    app.jump_times = []
    if not open_replay_file(app, path):
        message = app.toasts.toasts[-1].text if app.toasts.toasts else "it was refused"
        raise SystemExit(f"main.py: {message}")
    viewer = app.manager.top
    if not smoke:
        app.run(max_frames=frames)
        return app
    viewer.playing = True
    timed_run(app, frames or 600)
    rng = random.Random(1)
    for _ in range(JUMPS):  # after the frames, so they never count as frames
        app.jump_times.append(viewer.jump_to_random(rng))
    return app
