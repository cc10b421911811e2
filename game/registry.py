"""The registry of games: name -> Game (imported on first use), and which of a game's bots
may sit at a table."""

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


#: bot names that are measuring sticks (they may peek at hidden cards), never offered as players
BOUND_BOTS = ("random", "open")


def default_bot(game: Game) -> str:
    """The game's best bot: its `default_bot` attribute, else the first bot that is not a
    bound ("random", "open…"), else "random"."""
    bots = game.bots()
    named = game.default_bot
    if named in bots:
        return named
    for name in bots:
        if name not in BOUND_BOTS and not name.startswith("open"):
            return name
    return "random"


def playable_bots(game: Game) -> list[str]:
    """Bots a player may seat: the game's bots without bounds; the default first."""
    best = default_bot(game)
    names = [n for n in game.bots() if n != "open" and not n.startswith("open")]
    return [best] + [n for n in names if n != best]
