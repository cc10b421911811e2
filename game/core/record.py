"""Game records: `{game, options, seats, players, seed, actions}` (`seats`: each seat's own
options, e.g. its deck; empty for games without seat options).

Saves, replays and bug reports are the same file: loading replays the actions through
`apply`, so a tampered record fails with a readable IllegalAction instead of a broken state.
Records are JSON (never pickle), so a hostile file cannot run code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game.core.contract import Action, Game, State

FORMAT = 1


@dataclass
class GameRecord:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    #: each seat's own options (a deck), or [] when the game has none
    seats: list[dict[str, Any]] = field(default_factory=list)
    #: (player, action) in the order applied
    actions: list[tuple[int, Action]] = field(default_factory=list)

    def new_state(self, game: Game) -> State:
        """The game's first position (`game` is the record's game: the registry's
        `get_game(record.game)`; the core does not look games up)."""
        if game.name != self.game:
            raise ValueError(f"this record is of {self.game!r}, not {game.name!r}")
        if self.seats:
            return game.new_state(self.players, self.seed, seats=self.seats, **self.options)
        return game.new_state(self.players, self.seed, **self.options)

    def replay(self, game: Game) -> State:
        state = self.new_state(game)
        for player, action in self.actions:
            state.apply(player, action)
        return state

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            **({"seats": self.seats} if self.seats else {}),
            "actions": [[p, a.to_json()] for p, a in self.actions],
        }

    @staticmethod
    def from_json(data: Any) -> GameRecord:
        """Parse a record; raise ValueError with a readable reason if it is malformed."""
        if not isinstance(data, dict):
            raise ValueError("a game record must be a JSON object")
        if data.get("format") != FORMAT:
            raise ValueError(f"unknown record format {data.get('format')!r}")
        try:
            actions = [(int(p), Action.from_json(a)) for p, a in data["actions"]]
            {a for _, a in actions}  # every action must be hashable: no stray lists or objects
            rec = GameRecord(
                game=str(data["game"]),
                players=int(data["players"]),
                seed=int(data["seed"]),
                options=dict(data.get("options", {})),
                seats=[dict(s) for s in data.get("seats", [])],
                actions=actions,
            )
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"malformed game record ({e})") from None
        return rec

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @staticmethod
    def loads(text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
            raise ValueError(f"not valid JSON ({e})") from None
        return GameRecord.from_json(data)
