"""A Match: one game being played in the app — its state, its record and who sits where.

Seats are "you" (the person at the screen), "human" (hot-seat friends) or "ai:<bot name>".
Every applied action goes through the rules (`state.apply`), is appended to the record and
then `on_change` runs (the app's autosave hook). Bots are honest: `choose_for(seat)` (and the
AI worker) hands a bot a determinization of the state drawn for its seat, never the real state
(`game.ai.agents.decide`); only a game's declared measurement bounds see everything. A saved match is its record plus the seats;
loading replays the record, so a save is also a replay and a bug report.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ai.agents import bots_for, check_seats, decide, make_bot
from game.core.contract import Action, Event, IllegalAction, State
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
        self.options = dict(options or {})
        self.seats = list(seats)
        self.on_change: Callable[[Match], None] | None = None
        self.agents: dict[int, Any] = {}
        #: seats whose bot is a measurement bound (sees the real state on purpose)
        self.sees_everything: dict[int, bool] = {}
        bots = bots_for(self.game)
        bounds = self.game.measurement_bots()
        for i, s in enumerate(seats):
            if s.startswith("ai:"):
                name = s[3:]
                if name not in bots:
                    raise ValueError(f"{self.game.title} has no bot {name!r}; known: {', '.join(bots)}")
                self.agents[i] = make_bot(bots[name], _agent_seed(seed, i))
                self.sees_everything[i] = name in bounds
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

    def is_ai(self, seat: int) -> bool:
        return self.seats[seat].startswith("ai:")

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.startswith("ai:")]

    @property
    def you(self) -> int | None:
        """The seat of the person at the screen (first human seat), None if all are AI."""
        humans = self.human_seats
        return humans[0] if humans else None

    def seat_name(self, seat: int) -> str:
        if self.seats[seat] == "you" and len(self.human_seats) == 1:
            return "You"
        return self.state.seat_name(seat)

    # --- whose turn -------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.state.is_over() else self.state.to_act()

    def humans_to_act(self) -> list[int]:
        return [p for p in self.to_act() if not self.is_ai(p)]

    def ai_to_act(self) -> list[int]:
        return [p for p in self.to_act() if self.is_ai(p)]

    def is_over(self) -> bool:
        return self.state.is_over()

    # --- playing ----------------------------------------------------------------------------
    def world_rng(self, seat: int) -> Rng:
        """The RNG that draws `seat`'s determinization for the next move: fixed by the seed,
        the seat and the move number, so a resumed game asks its bots exactly the same."""
        return Rng(_agent_seed(self.record.seed, seat) ^ (len(self.record.actions) * 0x9E3779B1))

    def choose_for(self, seat: int, state: State | None = None) -> Action:
        """The AI seat's move, decided from what that seat may know (`decide`)."""
        state = self.state if state is None else state
        return decide(self.agents[seat], state, seat, self.world_rng(seat),
                      self.sees_everything.get(seat, False))

    def apply(self, player: int, action: Action) -> list[Event]:
        """Apply through the rules (IllegalAction leaves everything untouched), record it,
        then run the autosave hook."""
        events = self.state.apply(player, action)
        self.record.actions.append((player, action))
        if self.on_change is not None:
            self.on_change(self)
        return events

    def reason(self, player: int, action: Action) -> str | None:
        """Why the rules refuse `action` (None if they accept it). Works on a clone, so the
        match itself is never touched."""
        try:
            self.state.clone().apply(player, action)
        except IllegalAction as e:
            return e.reason
        return None

    # --- saving -----------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {"record": self.record.to_json(), "seats": list(self.seats)}

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
        try:
            match = Match(record.game, record.players, record.seed, seats, record.options,
                          record.seats or None)
        except KeyError as e:
            raise ValueError(str(e)) from None
        for n, (player, action) in enumerate(record.actions, 1):
            agent = match.agents.get(player)
            if agent is not None:  # a bot with memory relives its own moves, seeing
                world = (match.state if match.sees_everything.get(player) else  # what it saw then
                         match.state.determinize(player, match.world_rng(player)))
                agent.observe(world, player, action)
            try:
                match.state.apply(player, action)
            except IllegalAction as e:
                raise ValueError(f"action {n} ({action}) cannot be replayed: {e.reason}") from None
            match.record.actions.append((player, action))
        return match
