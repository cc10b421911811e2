"""The headless command line behind `python -m game` (see game/__main__.py)."""

from __future__ import annotations

from typing import Any

from game.core.contract import Game
from game.registry import get_game

#: how a yes/no option may be written on the command line (any case)
TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")


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


def describe_options(game: Game) -> str:
    """"qb (default false)" for every option of the game, or "none"."""
    parts = [f"{name} (default {_show(default)})" for name, (default, _) in game.options.items()]
    return ", ".join(parts) or "none"


def parse_options(game: Game, pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """Read `-o NAME=VALUE` pairs strictly against the game's declared options: the name must be
    one of `game.options`, and the value is read as the type of that option's default (a yes/no
    option takes true/false, yes/no, on/off or 1/0; anything else is refused, so "False" can
    never switch an option on). A game's `option_choices` limits a value to its choices."""
    choices = game.option_choices
    out: dict[str, Any] = {}
    for name, text in pairs:
        if name not in game.options:
            raise UsageError(f"{game.name} has no option {name!r}; options: "
                             f"{describe_options(game)}")
        default = game.options[name][0]
        value = _read_value(name, text, default)
        allowed = [v for v, _ in choices.get(name, [])]
        if allowed and value not in allowed:
            raise UsageError(f"option {name} must be one of {', '.join(map(str, allowed))}, "
                             f"not {text!r}")
        out[name] = value
    return out


def _read_value(name: str, text: str, default: Any) -> Any:
    word = text.strip().lower()
    if isinstance(default, bool):
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        raise UsageError(f"option {name} is yes/no: write {name}=true or {name}=false, "
                         f"not {text!r}")
    if isinstance(default, (int, float)):
        try:
            return type(default)(text)
        except ValueError:
            raise UsageError(f"option {name} takes a number, not {text!r}") from None
    return text


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
