"""The registry of games: name -> Game. Games are imported on first use."""

from __future__ import annotations

from importlib import import_module

from game.core.contract import Game

#: every game package under game/, in menu order; each exposes `GAME`
GAME_PACKAGES = ("madoka", "bloodborne", "mhtcg", "hermitcraft", "sanguosha")

_games: dict[str, Game] = {}


def all_games() -> dict[str, Game]:
    for pkg in GAME_PACKAGES:
        if pkg not in _games:
            try:
                module = import_module(f"game.{pkg}")
            except ModuleNotFoundError as e:
                if e.name == f"game.{pkg}":  # not written yet
                    continue
                raise
            _games[pkg] = module.GAME
    return dict(_games)


def get_game(name: str) -> Game:
    games = all_games()
    if name not in games:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(games) or 'none'}")
    return games[name]
