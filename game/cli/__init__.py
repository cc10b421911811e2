"""The headless command line behind `python -m game` (see game/__main__.py)."""

from __future__ import annotations

from game.core.contract import Game
from game.registry import get_game


class UsageError(Exception):
    """A mistake in the command line (unknown game or bot, wrong player count): one line."""


def find_game(name: str, players: int | None = None) -> Game:
    try:
        game = get_game(name)
    except KeyError as e:
        raise UsageError(e.args[0]) from None
    if players is not None:
        try:
            game.check_players(players)
        except ValueError as e:
            raise UsageError(str(e)) from None
    return game
