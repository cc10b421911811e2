"""The --smoke harness: the real app loop with an all-AI table, for a fixed number of frames.

It opens the table exactly as a player's new game would (`App.new_game` → Match → the game's
TableScene), with every seat "ai:<the game's best bot>", animation speed ×4, no autosave and no
settings written. The loop does not sleep (the dummy driver has no vsync) and every frame
advances a fixed 1/60 s of game time, so the per-frame numbers measure work only.
"""

from __future__ import annotations

import pygame

from scenes.app import App, default_bot
from scenes.storage import Settings

SMOKE_SPEED = "x4"


def run_smoke(game_name: str, players: int, frames: int, screenshot: str | None = None,
              seed: int | None = None, start_time: float | None = None) -> App:
    app = App(smoke=True, settings=Settings(animation_speed=SMOKE_SPEED), start_time=start_time)
    from game.registry import get_game

    game = get_game(game_name)
    game.check_players(players)
    seats = [f"ai:{default_bot(game)}"] * players
    app.new_game(game_name, players, seats, 1 if seed is None else seed)
    if not app.manager.stack:
        raise SystemExit(f"smoke: no table could be opened for {game_name}")
    app.run(max_frames=frames)
    if screenshot:
        pygame.image.save(app.screen, screenshot)
    return app
