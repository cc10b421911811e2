"""One hosted table: the only place its state lives (docs/design.md §5).

A `HostTable` holds the state and its record, the seats (open to a friend over the network, or
AI), each open seat's token, and who is connected. It checks every request (token, seat, the
version the client saw, then the rules), applies it, autosaves the record, and builds for each
seat the one message that seat may read: its view, its legal actions, its prompt and the events
as it may see them (`for_viewer`). Nothing else of the state ever goes into a message before
the game is over. No networking here: game/net/host.py carries the messages.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from game.ai.agents import Agent, bots_for, decide, make_bot
from game.coach import hint_allowed
from game.core import decisions
from game.core.contract import Action, Event, IllegalAction, State
from game.core.flow import CONCEDE
from game.core.record import GameRecord
from game.core.rng import Rng
from game.net.protocol import PROTOCOL, Refusal, action_json, encode, event_json, new_seat_code
from game.registry import get_game

#: the save file format of a hosted table
SAVE_FORMAT = 1
#: seconds a dropped player's turn waits before a bot plays for them (default)
DEFAULT_WAIT = 60.0
#: the actions applied since a table was last written whole: SAVE_DIR/TABLE.actions, one line
#: `[number, seat, action]` each (the number counts from 1 at the game's first action)
JOURNAL = ".actions"
#: actions added to the journal before the whole table is written again (it is also written
#: whole when it starts, when a player sits down, at a concession and at the end of the game)
JOURNAL_LINES = 200


def _agent_seed(seed: int, seat: int) -> int:
    return (seed * 1_000_003 + 7919 * (seat + 1)) & ((1 << 63) - 1)


def state_hash(state: State) -> str:
    """A digest of the whole state (tests compare network and local games by it)."""
    import hashlib

    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass
class Seat:
    """`open`: a friend's seat (its token lets them in); else `ai`. A bot (`bot`) plays an AI
    seat, and stands in at an open seat whose player has been away for the table's wait, or
    who left."""

    open: bool
    bot: str
    token: str = ""
    name: str = ""
    taken: bool = False  # someone has sat down here
    left: bool = False  # the player left: the bot plays on for good
    connections: int = 0
    away_since: float | None = None
    stand_in: bool = False  # the bot plays this open seat now

    @property
    def bot_plays(self) -> bool:
        return not self.open or self.stand_in or self.left

    def kind(self) -> str:
        return "remote" if self.open and not (self.stand_in or self.left) else "ai"


class HostTable:
    def __init__(self, table_id: str, game_name: str, players: int, seed: int,
                 open_seats: list[int], *, bot: str | None = None,
                 options: dict[str, Any] | None = None, name: str = "",
                 wait: float = DEFAULT_WAIT, save_dir: Path | None = None,
                 record: GameRecord | None = None, hints: bool = False) -> None:
        self.id = table_id
        self.name = name or table_id
        self.game = get_game(game_name)
        self.game.check_players(players)
        bots = bots_for(self.game)
        bot = bot or self.game.default_bot or next(iter(self.game.bots()), "random")
        if bot not in bots:
            raise ValueError(f"{self.game.title} has no bot {bot!r}; known: {', '.join(bots)}")
        for s in open_seats:
            if not 0 <= s < players:
                raise ValueError(f"there is no seat {s + 1} at a table of {players}")
        self.seats = [Seat(i in open_seats, bot, new_seat_code() if i in open_seats else "")
                      for i in range(players)]
        self.wait = wait
        #: the host proposes the coach's hints (before the start); they are on only if every
        #: person seated agrees too (`agreed`), settled at the start (`hints_on`)
        self.hints = hints
        self.agreed: set[int] = set()
        self.hints_on = False
        self.save_dir = save_dir
        self.started = False
        self.agents: dict[int, Agent] = {}
        self.sees_everything = bot in self.game.measurement_bots()
        self.record = record or GameRecord(game_name, players, seed, dict(options or {}))
        self.state = self.record.new_state(self.game)
        head = self.record.to_json()
        #: the saved record, kept up to date action by action (not rebuilt at every save)
        self._actions_json: list = head.pop("actions")
        self._record_head = head
        #: (seat, action, events) of every action applied since this process started
        self.log: list[tuple[int, Action, list[Event]]] = []
        self._logged_from = 0  # the version of log[0] (a resumed table has no older events)
        self.notices: list[str] = []
        #: per seat: (digest of the last message's view, legal actions and prompt, the version
        #: since which they are unchanged): an action sent at a version from then on acted on
        #: what is still true, so simultaneous choices need not race each other
        self._seen: dict[int, tuple[int, int]] = {}
        self._public: tuple[int, msgspec.Raw | None] = (-1, None)
        #: per seat: (version, the legal actions its last message offered)
        self._offered: dict[int, tuple[int, list[Action]]] = {}
        self._journal: Any = None  # the journal file, open since the last whole save
        self._journaled = 0  # lines in it

    # --- seats --------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.record.players

    @property
    def version(self) -> int:
        return len(self.record.actions)

    def is_over(self) -> bool:
        return self.state.is_over()

    def agent(self, seat: int) -> Agent:
        if seat not in self.agents:
            self.agents[seat] = make_bot(bots_for(self.game)[self.seats[seat].bot],
                                         _agent_seed(self.record.seed, seat))
            people = tuple(i for i, s in enumerate(self.seats) if s.open and not s.left)
            self.agents[seat].meet_people(people)
        return self.agents[seat]

    def world_rng(self, seat: int) -> Rng:
        """Draws `seat`'s determinization for the next move, fixed by the seed, the seat and the
        move number: a resumed table asks its bots the same."""
        return Rng(_agent_seed(self.record.seed, seat) ^ (self.version * 0x9E3779B1))

    def seat_of(self, token: str) -> int | None:
        """The open seat whose token this is, else None."""
        found = None
        for i, s in enumerate(self.seats):  # every seat compared: the time tells nothing
            if s.open and secrets.compare_digest(s.token.encode(), token.encode()):
                found = i
        return found

    def check_token(self, seat: int, token: str) -> Seat:
        if not 0 <= seat < self.players:
            raise Refusal("no_seat", f"There is no seat {seat + 1} at this table of "
                                     f"{self.players}.")
        s = self.seats[seat]
        if not s.open:
            raise Refusal("bad_token", f"Seat {seat + 1} is an AI seat.")
        if not secrets.compare_digest(s.token.encode(), token.encode()):
            raise Refusal("bad_token", f"That is not the token of seat {seat + 1}.")
        return s

    def join(self, seat: int, token: str, name: str, now: float) -> None:
        """A player sits down (or comes back) at their seat."""
        s = self.check_token(seat, token)
        s.connections += 1
        s.away_since = None
        in_file = s.taken and s.name == (name.strip() or s.name)  # as the save has it
        s.taken = True
        if name.strip():
            s.name = name.strip()
        if not in_file:  # who sits where is kept with the table
            self.save()
        if s.stand_in:
            s.stand_in = False
            self.notices.append(f"{self.seat_name(seat)} is back.")

    def leave_connection(self, seat: int, now: float) -> None:
        s = self.seats[seat]
        s.connections = max(0, s.connections - 1)
        if s.connections == 0 and not s.left:
            s.away_since = now
            if self.started and not self.is_over():
                self.notices.append(f"{self.seat_name(seat)} dropped; the game waits "
                                    f"{self.wait:g} s for them.")

    def all_taken(self) -> bool:
        return all(s.taken for s in self.seats if s.open)

    def start(self, now: float) -> None:
        if not self.started:  # a resumed table keeps what was settled at its start
            self.hints_on = self.hints_settled()
        self.started = True
        for s in self.seats:
            if s.open and s.connections == 0 and s.away_since is None:
                s.away_since = now  # an empty seat waits like a dropped one
        self.save()

    def tick(self, now: float) -> bool:
        """Hand a seat away for longer than the wait to its bot. True if anything changed."""
        changed = False
        if not self.started or self.is_over():
            return False
        for i, s in enumerate(self.seats):
            if (s.open and not s.stand_in and not s.left and s.away_since is not None
                    and now - s.away_since >= self.wait):
                s.stand_in = True
                self.notices.append(f"{self.seat_name(i)} is away: a bot plays for them "
                                    "until they return.")
                changed = True
        return changed

    def seat_name(self, seat: int) -> str:
        name = self.seats[seat].name
        return f"{self.state.seat_name(seat)} ({name})" if name else self.state.seat_name(seat)

    # --- acting -------------------------------------------------------------------------
    def act(self, seat: int, token: str, version: int, action: Action) -> None:
        """A client's action: checked (token, start, version, then the rules), applied,
        saved. Refusal with the reason, and nothing changes, when it is refused."""
        s = self.check_token(seat, token)
        if not self.started:
            raise Refusal("not_started", "The game has not started yet.")
        if s.left:
            raise Refusal("left", "You left this game.")
        if action.kind == CONCEDE:  # the same as the concede message
            self.concede(seat, token)
            return
        if not self.seen_since(seat) <= version <= self.version:
            raise Refusal("stale", f"You acted on an old position ({version}); the table is "
                                   f"at {self.version}.")
        self._apply(seat, action)

    def seen_since(self, seat: int) -> int:
        return self._seen.get(seat, (0, self.version))[1]

    def concede(self, seat: int, token: str) -> None:
        """The player leaves for good. In a game whose rules let a seat concede, that is the
        rules' concede action (what it means is the game's: a team's defeat, the other
        player's win, or a seat that can no longer win); the seat's bot plays on for it
        whenever the game goes on, and in every game that cannot be conceded."""
        s = self.check_token(seat, token)
        if not self.started:
            raise Refusal("not_started", "The game has not started yet.")
        if self.is_over():
            raise Refusal("over", "The game is over.")
        if s.left:
            raise Refusal("left", "You left this game.")
        name = self.seat_name(seat)
        if self.state.why_illegal(seat, Action(CONCEDE)) is None:
            self._apply(seat, Action(CONCEDE))
        s.left = True
        if not self.is_over():
            self.notices.append(f"{name} left the game; a bot plays on for them.")
        self.save()

    def _apply(self, seat: int, action: Action) -> None:
        # the legal action itself carries the label the rules gave it (a client's has none):
        # found among those the seat was offered at this version, else asked again
        version, offered = self._offered.get(seat, (-1, []))
        if version != self.version or not offered:
            offered = self.state.legal_actions(seat)
        named = next((a for a in offered if a == action), None)
        try:
            if named is not None:  # one of this position's legal actions: no second check
                events = self.state.apply(seat, named, offered=True)
            else:  # a timeout, or refused with the rules' reason
                events = self.state.apply(seat, action)
                named = action
        except IllegalAction as e:
            raise Refusal("illegal", e.reason) from None
        self.record.actions.append((seat, named))
        self._actions_json.append([seat, named.to_json()])
        self.log.append((seat, named, events))
        self._save_action()

    def bot_job(self) -> tuple[int, Agent, State, Rng, bool] | None:
        """(seat, agent, a clone of the state, its world rng, sees everything) for the next
        seat a bot plays, or None."""
        if not self.started or self.is_over():
            return None
        for seat in self.state.to_act():
            if self.seats[seat].bot_plays:
                return seat, self.agent(seat), self.state.clone(), self.world_rng(seat), \
                    self.sees_everything
        return None

    def bot_move(self, seat: int, version: int, action: Action) -> bool:
        """Apply a bot's answer if the table is still where it was asked (else drop it)."""
        if version != self.version or not self.seats[seat].bot_plays or self.is_over():
            return False
        self._apply(seat, action)
        return True

    # --- the coach (game/coach.py; game/net/coaching.py works the hints out) ------------
    def people(self) -> list[int]:
        """The seats a person holds: open, taken, not left (a seat the AI plays is none)."""
        return [i for i, s in enumerate(self.seats) if s.open and s.taken and not s.left]

    def hints_settled(self) -> bool:
        """Hints are on only if the host proposed them and every person seated agreed."""
        return self.hints and hint_allowed(True, self.people(), self.agreed)

    def agree(self, seat: int, token: str, agree: bool) -> None:
        """Before the start, a seat agrees (or no longer agrees) to the coach's hints."""
        self.check_token(seat, token)
        if self.started:
            raise Refusal("started", "The game has started: whether it has hints was settled "
                                     "at the start.")
        if agree:
            self.agreed.add(seat)
        else:
            self.agreed.discard(seat)
        self.save()

    def hint_request(self, seat: int, token: str, version: int) -> None:
        """Check a seat's request for the coach's hint at `version` (Refusal with the reason):
        hints are on, the token is the seat's, something is asked of it at that position."""
        s = self.check_token(seat, token)
        if not self.started:
            raise Refusal("not_started", "The game has not started yet.")
        if not self.hints_on:
            raise Refusal("hints_off", "Hints are off at this table: every seat must agree "
                                       "to them.")
        if self.is_over():
            raise Refusal("over", "The game is over.")
        if s.left:
            raise Refusal("left", "You left this game.")
        if not self.seen_since(seat) <= version <= self.version:
            raise Refusal("stale", f"You asked about an old position ({version}); the table "
                                   f"is at {self.version}.")
        if seat not in self.state.to_act() or not self.state.legal_actions(seat):
            raise Refusal("no_hint", "Nothing is asked of you now: a hint is given when you "
                                     "have something to choose.")

    # --- what a seat may read -----------------------------------------------------------
    def seats_json(self) -> list[dict]:
        return [{"name": s.name or self.state.seat_name(i), "kind": s.kind(),
                 "open": s.open, "taken": s.taken, "connected": s.connections > 0,
                 "bot": s.bot if s.bot_plays else ""} for i, s in enumerate(self.seats)]

    def welcome(self, seat: int) -> dict:
        return {"type": "welcome", "v": PROTOCOL, "table": self.id, "name": self.name,
                "seat": seat, "game": self.game.name, "players": self.players,
                "options": self.record.options, "hints": self.hints, "wait": self.wait,
                "action_kinds": sorted(type(self.state).checks)}

    def shared_parts(self) -> dict:
        """What every seat's message says alike (the seats, who is to act, the end), built and
        encoded once for all the messages of a change."""
        st = self.state
        over = st.is_over()
        parts = {"seats": msgspec.Raw(encode(self.seats_json())),
                 "to_act": list(st.to_act()) if self.started else [], "over": over,
                 "asked": decisions.asked(st) if self.started else "",
                 "hints": self.hints, "hints_on": self.hints_on,
                 "agreed": sorted(self.agreed), "outcome": None}
        if over:  # the game is over: now everything may be known
            out = st.outcome()
            parts["outcome"] = {"winners": list(out.winners), "scores": list(out.scores),
                                "rank": out.rank, "details": out.details}
            parts["record"] = msgspec.Raw(encode(self.to_json()["record"]))
        return parts

    def message_for(self, seat: int, since: int, shared: dict | None = None) -> dict:
        """The state message for `seat`: what happened since version `since` (as far as this
        process saw it), then the seat's view, legal actions and prompt now. `shared`: this
        change's `shared_parts` (made here when not given)."""
        st = self.state
        version = self.version
        happened = []
        for n in range(max(since, self._logged_from), version):
            actor, action, events = self.log[n - self._logged_from]
            happened.append({
                "seat": actor,
                # only the actor sees the action itself: its label may name a hidden card
                "action": action_json(action) if actor == seat else None,
                "events": [event_json(e.for_viewer(seat)) for e in events],
                "version": n + 1,
            })
        # a seat whose player left is the bot's for good: the player is offered nothing
        legal = st.legal_actions(seat) if self.started and not self.seats[seat].left else []
        self._offered[seat] = (version, legal)
        msg = {
            "type": "state", "v": PROTOCOL, "table": self.id, "seat": seat,
            "version": version, "started": self.started, "happened": happened,
            "view": st.view(seat),
            "legal": [action_json(a) for a in legal],
            "costs": [st.cost(seat, a) for a in legal],
            "loses": [st.loses(seat, a) for a in legal],
            "prompt": st.prompt(seat) if self.started else "Waiting for the host to start.",
            **(shared if shared is not None else self.shared_parts()),
        }
        # encoded once here, sent as they are (the digest reads the same bytes)
        view = msg["view"] = msgspec.Raw(encode(msg["view"]))
        legal_json = msg["legal"] = msgspec.Raw(encode(msg["legal"]))
        digest = hash((bytes(view), bytes(legal_json), msg["prompt"]))
        if self._seen.get(seat, (None,))[0] != digest:
            self._seen[seat] = (digest, version)
        return msg

    def public_view(self) -> msgspec.Raw:
        """The spectator's view (what every seat may know), encoded once per version."""
        if self._public[0] != self.version or self._public[1] is None:
            self._public = (self.version, msgspec.Raw(encode(self.state.view(None))))
        return self._public[1]

    def take_notices(self) -> list[str]:
        out, self.notices = self.notices, []
        return out

    # --- saving -------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "format": SAVE_FORMAT, "kind": "card-table hosted table", "id": self.id,
            "name": self.name, "wait": self.wait, "started": self.started, "hints": self.hints,
            "agreed": sorted(self.agreed), "hints_on": self.hints_on,
            "seats": [{"open": s.open, "bot": s.bot, "token": s.token, "name": s.name,
                       "taken": s.taken, "left": s.left} for s in self.seats],
            "record": {**self._record_head, "actions": self._actions_json},
        }

    def save(self) -> None:
        """Write the whole table, its seats and record (atomically: a crash leaves the old
        file), and start its journal afresh."""
        if self.save_dir is None:
            return
        path = self.save_dir / f"{self.id}.json"
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(encode(self.to_json()))
        os.replace(tmp, path)
        # (a crash before the journal is emptied leaves lines the file holds: skipped on load)
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        journal = path.with_suffix(JOURNAL)
        if self.is_over():
            journal.unlink(missing_ok=True)  # the file holds the whole game
        else:
            self._journal = open(journal, "wb", buffering=0)  # kept open for the next lines
        self._journaled = 0

    def _save_action(self) -> None:
        """After an action: one line added to the journal, in one write (the file is not
        written whole again at every action: a long game's record would be rewritten each
        time). A crash loses at most the action being written."""
        if self.save_dir is None:
            return
        if self._journal is None or self._journaled >= JOURNAL_LINES or self.is_over():
            self.save()
            return
        seat, action = self._actions_json[-1]
        self._journal.write(encode([self.version, seat, action]) + b"\n")
        self._journaled += 1

    @staticmethod
    def read_saved(path: Path) -> Any:
        """A saved table as `to_json` gives it: TABLE.json with the actions of its journal
        added (up to the first line cut short by a crash)."""
        data = json.loads(path.read_text(encoding="utf-8"))
        journal = path.with_suffix(JOURNAL)
        record = data.get("record") if isinstance(data, dict) else None
        actions = record.get("actions") if isinstance(record, dict) else None
        if not journal.exists() or not isinstance(actions, list):
            return data
        for line in journal.read_bytes().splitlines():
            try:
                n, seat, action = json.loads(line)
            except (ValueError, TypeError):
                break  # a line cut short: the actions after it were never applied
            if type(n) is not int:
                break
            if n == len(actions) + 1:
                actions.append([seat, action])
            elif n > len(actions) + 1:
                raise ValueError(f"the journal skips from action {len(actions)} to {n}")
        return data

    @staticmethod
    def from_json(data: Any, save_dir: Path | None = None) -> HostTable:
        """Restore a saved table by replaying its record; ValueError with a reason."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError("not a saved table of this version")
        try:
            record = GameRecord.from_json(data["record"])
            seats = data["seats"]
            table = HostTable(str(data["id"]), record.game, record.players, record.seed,
                              [i for i, s in enumerate(seats) if s["open"]],
                              bot=str(seats[0]["bot"]), options=record.options,
                              name=str(data.get("name", "")), wait=float(data["wait"]),
                              save_dir=save_dir,
                              record=GameRecord(record.game, record.players, record.seed,
                                                record.options, record.seats))
            for seat, s in zip(table.seats, seats, strict=True):
                seat.token, seat.name = str(s["token"]), str(s["name"])
                seat.taken, seat.left = bool(s["taken"]), bool(s["left"])
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"malformed saved table ({e})") from None
        table.started = bool(data.get("started"))
        table.hints = bool(data.get("hints", False))
        table.agreed = {int(i) for i in data.get("agreed", ()) if isinstance(i, int)
                        and 0 <= i < table.players}
        table.hints_on = bool(data.get("hints_on", False))
        now = time.monotonic()
        for n, (player, action) in enumerate(record.actions, 1):
            if table.seats[player].bot_plays:  # a bot with memory relives its own moves
                agent = table.agent(player)
                world = (table.state if table.sees_everything else
                         table.state.determinize(player, table.world_rng(player)))
                agent.observe(world, player, action)
            try:
                table.state.apply(player, action)
            except IllegalAction as e:
                raise ValueError(f"action {n} ({action}) cannot be replayed: {e.reason}") \
                    from None
            table.record.actions.append((player, action))
            table._actions_json.append([player, action.to_json()])
        table._logged_from = table.version
        if table.started:
            table.start(now)  # every open seat waits for its player to come back
        return table


def decide_for(job: tuple[int, Agent, State, Rng, bool]) -> Action:
    seat, agent, state, rng, sees_all = job
    return decide(agent, state, seat, rng, sees_all)
