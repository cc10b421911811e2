"""A Match: one game being played in the app — its state, its record and who sits where.

Seats are "you" (the person at the screen), "human" (hot-seat friends) or "ai:<bot name>".
Every applied action goes through the rules (`state.apply`) and is appended to the record.
Bots are honest: the session (game/local_session.py) hands a bot a determinization of the
state drawn for its seat (`world_rng`), never the real state (`game.ai.agents.decide`); only a
game's declared measurement bounds see everything (`sees_everything`). A person who concedes a game that goes on hands the seat to a bot
(`hand_to_bot`); `started` remembers who sat where when the game began. A saved match is its
record plus the seats; loading replays the record, so a save is also a replay and a bug report.
"""

from __future__ import annotations

from typing import Any

from game.ai.agents import bots_for, check_seats, make_bot
from game.core.contract import Action, Event, IllegalAction, State
from game.core.flow import TABLE_ACTIONS
from game.core.record import GameRecord
from game.core.rng import Rng
from game.registry import get_game


def _agent_seed(seed: int, seat: int) -> int:
    # each AI seat gets its own stream, reproducible from the game's seed
    return (seed * 1_000_003 + 7919 * (seat + 1)) & ((1 << 63) - 1)


class Match:
    def __init__(self, game_name: str, players: int, seed: int, seats: list[str],
                 options: dict[str, Any] | None = None,
                 seat_options: list[dict[str, Any]] | None = None) -> None:
        self.game = get_game(game_name)
        self.game.check_players(players)
        if len(seats) != players:
            raise ValueError(f"{players} players need {players} seats, got {len(seats)}")
        check_seats(self.game, seats)
        self._seed = seed
        self.options = dict(options or {})
        self.seats = list(seats)
        #: who sat where when the game began (a seat conceded to a bot was a person's)
        self.started = list(seats)
        self.agents: dict[int, Any] = {}
        #: seats whose bot is a measurement bound (sees the real state on purpose)
        self.sees_everything: dict[int, bool] = {}
        bots = bots_for(self.game)
        for i, s in enumerate(seats):
            if s.startswith("ai:"):
                name = s[3:]
                if name not in bots:
                    raise ValueError(f"{self.game.title} has no bot {name!r}; known: {', '.join(bots)}")
                self._seat_bot(i, name)
        self.seat_options = self._choose_seat_options(seed, seat_options)
        if self.seat_options:
            self.state: State = self.game.new_state(players, seed, seats=self.seat_options,
                                                    **self.options)
        else:
            self.state = self.game.new_state(players, seed, **self.options)
        self.record = GameRecord(game_name, players, seed, self.options, self.seat_options)
        for agent in self.agents.values():
            # who is a person is public at the table; a bot may play differently with them
            agent.meet_people(self.human_seats)

    def _seat_bot(self, seat: int, name: str) -> None:
        self.agents[seat] = make_bot(bots_for(self.game)[name], _agent_seed(self._seed, seat))
        self.sees_everything[seat] = name in self.game.measurement_bots()

    def hand_to_bot(self, seat: int, bot: str) -> None:
        """A person conceded and the game goes on: bot `bot` plays `seat` from now on."""
        self.seats[seat] = f"ai:{bot}"
        self._seat_bot(seat, bot)
        for agent in self.agents.values():
            agent.meet_people(self.human_seats)

    def _choose_seat_options(self, seed: int, given: list[dict] | None) -> list[dict]:
        """Each seat's own options (a deck) for a game that has them: what the setup gave,
        else the seat's bot's choice, else the game's defaults; each checked by the game."""
        if not self.game.seat_options:
            return []
        chosen = [dict(o) for o in (given or [])] + [{}] * (len(self.seats) - len(given or []))
        for i, agent in self.agents.items():
            if not chosen[i]:
                chosen[i] = dict(agent.choose_seat_options(self.game, i, Rng(_agent_seed(seed, i))))
        for i, opts in enumerate(chosen):
            problems = self.game.validate_seat_options(opts)
            if problems:
                raise ValueError(f"Player {i + 1}: " + "; ".join(problems))
        return chosen

    # --- who sits where ---------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.record.players

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.startswith("ai:")]

    def seat_name(self, seat: int) -> str:
        """"You" for the one person who sat at the screen, else the rules' name of the seat."""
        if self.started[seat] == "you" and sum(not s.startswith("ai:") for s in self.started) == 1:
            return "You"
        return self.state.seat_name(seat)

    # --- whose turn -------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.state.is_over() else self.state.to_act()

    def ai_to_act(self) -> list[int]:
        return [p for p in self.to_act() if p in self.agents]

    def is_over(self) -> bool:
        return self.state.is_over()

    # --- playing ----------------------------------------------------------------------------
    def world_rng(self, seat: int) -> Rng:
        """The RNG that draws `seat`'s determinization for the next move: fixed by the seed,
        the seat and the move number, so a resumed game asks its bots exactly the same."""
        return Rng(_agent_seed(self.record.seed, seat) ^ (len(self.record.actions) * 0x9E3779B1))

    def apply(self, player: int, action: Action) -> list[Event]:
        """Apply through the rules (IllegalAction leaves everything untouched) and record it."""
        events = self.state.apply(player, action)
        self.record.actions.append((player, action))
        return events

    # --- saving -----------------------------------------------------------------------------
    def to_json(self) -> dict:
        out = {"record": self.record.to_json(), "seats": list(self.seats)}
        if self.started != self.seats:
            out["started"] = list(self.started)
        return out

    @staticmethod
    def from_json(data: Any) -> Match:
        """Rebuild a match by replaying its record; ValueError with a readable reason if the
        data is malformed or an action is illegal."""
        if not isinstance(data, dict) or "record" not in data or "seats" not in data:
            raise ValueError("a saved match needs 'record' and 'seats'")
        record = GameRecord.from_json(data["record"])
        seats = data["seats"]
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise ValueError("'seats' must be a list of strings")
        started = data.get("started", seats)
        if not isinstance(started, list) or len(started) != len(seats) or not all(
                isinstance(s, str) for s in started):
            raise ValueError("'started' must be a list of strings, one per seat")
        try:
            match = Match(record.game, record.players, record.seed, seats, record.options,
                          record.seats or None)
        except KeyError as e:
            raise ValueError(str(e)) from None
        match.started = list(started)
        for n, (player, action) in enumerate(record.actions, 1):
            agent = match.agents.get(player)
            if agent is not None and action.kind not in TABLE_ACTIONS:
                # a bot with memory relives its own moves, seeing
                world = (match.state if match.sees_everything.get(player) else  # what it saw then
                         match.state.determinize(player, match.world_rng(player)))
                agent.observe(world, player, action)
            try:
                match.state.apply(player, action)
            except IllegalAction as e:
                raise ValueError(f"action {n} ({action}) cannot be replayed: {e.reason}") from None
            match.record.actions.append((player, action))
        return match
