"""The coach: what the Normal bot would do now, and one sentence why.

The advice is decided like every bot's move: from a determinization of the position for the
advised seat (`game.ai.agents.decide`), never from the real state, so it cannot give away a
hidden card. The determinization is drawn from a fixed seed for the position (its move number
and the seat), so asking twice gives the same advice, and two positions the seat cannot tell
apart give the same advice too (the honesty test).

The sentence names the advised card or target (the action's label, built by the rules) and
gives a reason from the seat's own view: each game's `game/<name>/coach.py` has
`why(view, seat, action) -> str` (a clause, "" for none).

The tables ask for it through their session (game/session.py, `hint`): a local game works
it out off the UI thread from a clone, a replay at the moment shown; in network games the hint
is off unless every seat agrees (`hint_allowed`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from game.ai.agents import bots_for, decide, make_bot
from game.core.contract import Action, Game, State
from game.core.rng import Rng


@dataclass(frozen=True)
class Advice:
    action: Action
    #: "<the move>: <why>." (see `sentence`)
    sentence: str

    @property
    def move(self) -> str:
        """The advised move in words (the action's label)."""
        return str(self.action)

    @property
    def why(self) -> str:
        """The sentence's reason, after the move (capitalised)."""
        rest = self.sentence[len(self.move) + 2:] if self.sentence.startswith(self.move + ": ") \
            else self.sentence
        return rest[:1].upper() + rest[1:]


def normal_bot(game: Game) -> str:
    """The bot a player knows as "Normal" (the game's default when it names no levels)."""
    for name, level in game.bot_levels.items():
        if level == "Normal" and name in bots_for(game):
            return name
    return game.default_bot or "random"


def advise(state: State, seat: int, move: int) -> Advice:
    """The Normal bot's move for `seat` at this position (move number `move`), and why."""
    game = state.game
    factory = bots_for(game)[normal_bot(game)]
    seed = (move * 1_000_003 + seat * 7919 + 0xC0AC) & ((1 << 62) - 1)
    bot = make_bot(factory, seed)
    action = decide(bot, state, seat, Rng(seed))
    return Advice(action, sentence(game, state.view(seat), seat, action))


def sentence(game: Game, view: Any, seat: int, action: Action) -> str:
    """"<the move>: <why>." — the why from the game's coach module, given the seat's view."""
    label = str(action)
    why = ""
    try:
        module = import_module(f"game.{game.name}.coach")
    except ModuleNotFoundError:
        module = None
    if module is not None:
        why = module.why(view, seat, action)
    return f"{label}: {why or 'the Normal AI would do this here'}."


def hint_at(session: Any, move: int, seat: int) -> Advice:
    """The advice at moment `move` of a replay session (game/replay.py), kept once asked."""
    cache = session.__dict__.setdefault("_coach", {})
    key = (move, seat)
    if key not in cache:
        cache[key] = advise(session.state_at(move), seat, move)
    return cache[key]


def hint_allowed(network: bool, seats: Iterable[int], agreed: Iterable[int]) -> bool:
    """The hint is on in local games; in a network game only when every seat agreed."""
    return not network or set(seats) <= set(agreed)
