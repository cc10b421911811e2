"""Replays: a game's record as a small JSON file, and the table session that plays it back.

A replay file is the game's record plus who sat where:

    {"format": "cardtable-replay", "version": 1, "game": "sanguosha", "players": 5,
     "seeds": {"game": 17}, "options": {...}, "seats": [{...}, ...] (each seat's own options,
     absent for games without them), "names": ["You", "Normal AI", ...],
     "kinds": ["you", "ai:heuristic", ...], "finished": true,
     "actions": [[seat, [kind, source, target, option]], ...]}

Importing is strict: the text must be UTF-8 JSON (no NaN, no repeated keys), every field of
the right type, nothing unknown; a newer version, another game's data or a damaged file is
refused with one line saying why. Then every action is checked by the rules as it is replayed
(`State.apply`): a tampered record stops at the step where it breaks, with the rules' reason.
A record is data only: nothing in it is ever run.

`ReplaySession` is the table session (game/session.py) fed by a record: the game's own table
shows it, and nobody plays (`watched`: no seat has a legal action). It keeps a clone of the
state every `SNAPSHOT_EVERY` actions, so showing any moment replays at most that many actions
from the nearest snapshot (`State.step`: the record was checked once, at import). Each seat's
view is that seat's view at that moment; the open view (every hand, the deck's order) only
once the recorded game is over, or when nobody at the screen played in it.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from typing import Any

from game.core import decisions
from game.core.contract import Action, Event, Game, IllegalAction, Outcome, State
from game.core.record import GameRecord
from game.session import AI, HUMAN, YOU, Happened, SeatInfo, TableSession

MAGIC = "cardtable-replay"
#: what the table's refusals say: nothing can be played in a replay
WATCH_ONLY = "This is a replay: move through it with the controls."
VERSION = 1
#: the biggest replay file read (a long 10-player game is well under 200 KB)
MAX_BYTES = 8_000_000
#: a clone of the state is kept every this many actions: a jump replays at most this many
SNAPSHOT_EVERY = 32
FIELDS = {"format", "version", "game", "players", "seeds", "options", "seats", "names",
          "kinds", "finished", "actions"}
#: the public counter charted along the scrub bar, per game (events carry counters' values)
SCORE_COUNTERS = {"madoka": "score", "bloodborne": "banked", "mhtcg": "hrp",
                  "hermitcraft": "lives", "sanguosha": "hp"}
SCORE_NAMES = {"madoka": "team score", "bloodborne": "banked echoes", "mhtcg": "HRP",
               "hermitcraft": "lives", "sanguosha": "health"}


class ReplayError(ValueError):
    """A record that cannot be replayed: one line a player can read, and the step reached
    (None when the file itself is refused before any action)."""

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.step = step


@dataclass
class Replay:
    """A game's record plus its seats' names and kinds (what a replay file holds)."""

    record: GameRecord
    names: list[str] = field(default_factory=list)
    #: "you", "human" or "ai:<bot>" per seat, as the game was played
    kinds: list[str] = field(default_factory=list)
    #: the game had ended when the record was written
    finished: bool = False

    @property
    def game(self) -> str:
        return self.record.game

    def to_json(self) -> dict:
        rec = self.record
        out: dict[str, Any] = {
            "format": MAGIC, "version": VERSION, "game": rec.game, "players": rec.players,
            "seeds": {"game": rec.seed}, "options": dict(rec.options),
        }
        if rec.seats:
            out["seats"] = [dict(s) for s in rec.seats]
        out["names"] = list(self.names)
        out["kinds"] = list(self.kinds)
        out["finished"] = self.finished
        out["actions"] = [[p, a.to_json()] for p, a in rec.actions]
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), ensure_ascii=False)

    @staticmethod
    def from_match(match: Any) -> Replay:
        """The replay of an app match (game/match.py) as it stands; the seats as they were
        when the game began (a seat a person conceded to a bot was theirs)."""
        names = [match.seat_name(i) for i in range(match.players)]
        return Replay(GameRecord(match.record.game, match.record.players, match.record.seed,
                                 dict(match.record.options), list(match.record.seats),
                                 list(match.record.actions)),
                      names, list(match.started), match.state.is_over())


# --- strict import ---------------------------------------------------------------------------
def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the field {key!r} appears twice")
        out[key] = value
    return out


def parse(data: bytes | str, expect_game: str | None = None) -> Replay:
    """A replay file's text → Replay, checked field by field (not yet against the rules; see
    `check`). Raises ReplayError with one readable line."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if len(data) > MAX_BYTES:
        raise ReplayError(f"the file is too big for a replay ({len(data) // 1000} KB)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ReplayError("the file is damaged (it is not text)") from None
    try:
        body = json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_no_constants)
    except json.JSONDecodeError as e:
        # the parser ran out of text (also inside a string: one left open runs to the end)
        cut = e.pos >= len(text.rstrip()) or e.msg.startswith("Unterminated string")
        raise ReplayError("the file is cut short" if cut else
                          f"the file is damaged (line {e.lineno}, column {e.colno})") from None
    except (ValueError, RecursionError) as e:
        raise ReplayError(f"the file is damaged ({e})") from None
    if not isinstance(body, dict) or body.get("format") != MAGIC:
        raise ReplayError("this is not a Card Table replay")
    version = body.get("version")
    if type(version) is not int or version < 1:
        raise ReplayError("the replay's version is damaged")
    if version > VERSION:
        raise ReplayError(f"the replay was made by a newer Card Table (replay version {version}; "
                          f"this one reads up to {VERSION})")
    unknown = sorted(set(body) - FIELDS)
    if unknown:
        raise ReplayError(f"the replay has fields this version does not know: {', '.join(unknown)}")
    from game.registry import all_games

    name = body.get("game")
    games = all_games()
    if not isinstance(name, str) or name not in games:
        raise ReplayError(f"the replay is of a game this Card Table does not have ({name!r})")
    if expect_game is not None and name != expect_game:
        raise ReplayError(f"the replay is of {games[name].title}, not {games[expect_game].title}")
    game = games[name]
    players = _int(body, "players")
    try:
        game.check_players(players)
    except ValueError as e:
        raise ReplayError(str(e)) from None
    seeds = body.get("seeds")
    if not isinstance(seeds, dict) or set(seeds) != {"game"} or type(seeds["game"]) is not int:
        raise ReplayError("the replay's seeds are damaged")
    options = body.get("options", {})
    if not isinstance(options, dict) or any(k not in game.options for k in options):
        raise ReplayError(f"the replay has options {game.title} does not have")
    seats = body.get("seats", [])
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats) or (
            seats and len(seats) != players):
        raise ReplayError("the replay's seat options are damaged")
    names = _strings(body, "names", players)
    kinds = _strings(body, "kinds", players)
    for kind in kinds:
        if kind not in (YOU, HUMAN) and not kind.startswith("ai:"):
            raise ReplayError(f"the replay names an unknown kind of seat ({kind!r})")
    finished = body.get("finished", False)
    if type(finished) is not bool:
        raise ReplayError("the replay's 'finished' must be true or false")
    raw = body.get("actions")
    if not isinstance(raw, list):
        raise ReplayError("the replay has no list of actions")
    actions: list[tuple[int, Action]] = []
    for n, item in enumerate(raw, 1):
        try:
            seat, parts = item
            if type(seat) is not int or not 0 <= seat < players or not isinstance(parts, list) \
                    or len(parts) != 4:
                raise ValueError
            action = Action.from_json(parts)
            hash(action)
        except (TypeError, ValueError):
            raise ReplayError(f"action {n} is damaged", n) from None
        actions.append((seat, action))
    record = GameRecord(name, players, seeds["game"], dict(options), [dict(s) for s in seats],
                        actions)
    return Replay(record, names, kinds, finished)


def _int(body: dict, key: str) -> int:
    value = body.get(key)
    if type(value) is not int:
        raise ReplayError(f"the replay's {key!r} must be a whole number")
    return value


def _strings(body: dict, key: str, players: int) -> list[str]:
    value = body.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or (
            value and len(value) != players):
        raise ReplayError(f"the replay's {key!r} must be one text per seat")
    return value


def load(data: bytes | str, expect_game: str | None = None) -> ReplaySession:
    """Parse and check a replay file: the session that plays it (ReplayError otherwise)."""
    return ReplaySession(parse(data, expect_game))


def read_file(path: str) -> ReplaySession:
    """`load` a file from disk; an unreadable file is a ReplayError too."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise ReplayError(f"the file could not be opened ({(e.strerror or 'no access').lower()})"
                          ) from None
    return load(data)


def state_hash(state: State) -> str:
    """A short fingerprint of a whole state (tests compare a replay's end with the game's)."""
    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# --- the session -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Step:
    """One recorded action and what it did (every event whole; `for_viewer` filters them);
    `secret`: the action answered a simultaneous secret choice (only its seat sees it)."""

    seat: int
    action: Action
    events: tuple[Event, ...]
    secret: bool = False


class ReplaySession(TableSession):
    """A table session fed by a record: the table shows the moment `position` (0 = before the
    first action) through the eyes of one seat; the controls move `position`."""

    watched = True

    def __init__(self, replay: Replay, every: int = SNAPSHOT_EVERY) -> None:
        self.replay = replay
        rec = replay.record
        try:
            from game.registry import get_game

            self.game: Game = get_game(rec.game)
            state = rec.new_state(self.game)
        except (KeyError, TypeError, ValueError) as e:
            raise ReplayError(f"the game could not be set up from the replay ({e})", 0) from None
        self.players = rec.players
        self.options = dict(rec.options)
        self.action_kinds = frozenset(type(state).checks)
        self.every = every
        self.snapshots: list[State] = []
        self.steps: list[Step] = []
        #: the score charted along the scrub bar: scores[n][seat] after n actions (None: unknown)
        self.scores: list[list[float | None]] = []
        counter = SCORE_COUNTERS.get(rec.game, "")
        score = self._scores_now(state, counter)
        self.scores.append(list(score))
        for n, (seat, action) in enumerate(rec.actions):
            if n % every == 0:
                self.snapshots.append(state.clone())
            if state.is_over():
                raise ReplayError(f"step {n + 1} of {len(rec.actions)}: the game was already over",
                                  n + 1)
            legal = {a: a for a in state.legal_actions(seat)} if seat in state.to_act() else {}
            top = decisions.top(state)
            secret = top is not None and top.how == decisions.SECRET
            try:
                events = state.apply(seat, action)
            except IllegalAction as e:
                raise ReplayError(f"step {n + 1} of {len(rec.actions)}: {state.seat_name(seat)} "
                                  f"cannot do {action}: {e.reason}", n + 1) from None
            self.steps.append(Step(seat, legal.get(action, action), tuple(events), secret))
            for e in events:
                for s, name, value in e.counters:
                    if name == counter and isinstance(value, (int, float)):
                        if s is None:
                            score = [float(value)] * self.players
                        elif 0 <= s < self.players:
                            score[s] = float(value)
            self.scores.append(list(score))
        if replay.finished and not state.is_over():
            raise ReplayError(f"the replay is cut short: it ends at step {len(rec.actions)}, "
                              "before the game does", len(rec.actions))
        self.final_state = state
        self.over = state.is_over()
        self._position = len(self.steps)
        self._state = state.clone()
        #: steps moved forward one at a time since the last poll (the table animates them)
        self._moved: list[int] = []
        #: every step as a viewer saw it, made once per viewer (`history`)
        self._seen_by: dict[int | None, list[Happened]] = {}
        self._lines_before: dict[int | None, list[int]] = {}  # `log_size`

    @staticmethod
    def _scores_now(state: State, counter: str) -> list[float | None]:
        """The charted counter at the start, from the public view where it shows it."""
        view = state.view(None)
        out: list[float | None] = [None] * state.players
        seats = view.get("seats") if isinstance(view, dict) else None
        if isinstance(seats, list) and len(seats) == state.players and all(
                isinstance(v, dict) and isinstance(v.get(counter), (int, float)) for v in seats):
            return [float(v[counter]) for v in seats]
        found = _find_counter(view, counter)
        if isinstance(found, (int, float)):
            return [float(found)] * state.players
        if isinstance(found, list) and len(found) == state.players:
            return [float(v) if isinstance(v, (int, float)) else None for v in found]
        return out

    # --- moving through the record --------------------------------------------------------
    @property
    def length(self) -> int:
        return len(self.steps)

    @property
    def position(self) -> int:
        return self._position

    def state_at(self, n: int) -> State:
        """A fresh state after the first `n` actions (from the nearest snapshot before it)."""
        n = max(0, min(n, self.length))
        if n == self.length:
            return self.final_state.clone()
        k = n // self.every
        state = self.snapshots[k].clone()
        for step in self.steps[k * self.every:n]:
            state.step(step.seat, step.action)
        return state

    def seek(self, n: int) -> None:
        """Show the moment after `n` actions (a jump: the table redraws, nothing animates)."""
        n = max(0, min(n, self.length))
        if n == self._position:
            return
        if n == self._position + 1:
            self.forward()
            return
        self._state = self.state_at(n)
        self._position = n
        self._moved.clear()

    def forward(self) -> bool:
        """One action on (its events animate at the table); False at the end."""
        n = self._position
        if n >= self.length:
            return False
        step = self.steps[n]
        self._state.step(step.seat, step.action)
        self._position = n + 1
        self._moved.append(n)
        return True

    def back(self) -> bool:
        if self._position == 0:
            return False
        self.seek(self._position - 1)
        return True

    def open_allowed(self) -> bool:
        """The open view (every hand) once the game is over, or for a game nobody at the
        screen played in (watched as a spectator)."""
        kinds = self.replay.kinds
        watched = bool(kinds) and YOU not in kinds and HUMAN not in kinds
        return self.over or watched

    def open_view(self) -> dict:
        """Everything at this moment: the whole state (IllegalAction while not allowed)."""
        if not self.open_allowed():
            raise IllegalAction(OPEN_LATER)
        return self._state.to_json()

    def open_hands(self) -> list[tuple[str, list[str]]]:
        """Every hand and deck at this moment, by name, in the rules' order ("Player 2's
        hand", [...]); IllegalAction while the open view is not allowed."""
        if not self.open_allowed():
            raise IllegalAction(OPEN_LATER)
        state = self._state
        name = _card_namer(state)
        out = []
        for zone, cards in state.zones().items():
            kind, _, seat = zone.partition(":")
            if kind not in ("hand", "deck"):
                continue
            whose = f"{state.seat_name(int(seat))}'s {kind}" if seat.isdigit() else f"the {kind}"
            out.append((whose, [name(c) for c in cards]))
        return out

    def log(self, viewer: int | None, upto: int | None = None,
            last: int | None = None) -> list[tuple[int, str]]:
        """(step, text) for every logged event up to the moment shown (or `upto`), as `viewer`
        saw them, oldest first; only the `last` ones when given. Step n is the moment after n
        actions (click a line to jump there)."""
        upto = self._position if upto is None else max(0, min(upto, self.length))
        seen = self._seen_all(viewer)
        out: list[tuple[int, str]] = []
        for n in range(upto, 0, -1):  # from the newest: a long game's end costs no more
            texts = [e.text for e in seen[n - 1].events if e.text]
            out.extend((n, t) for t in reversed(texts))
            if last is not None and len(out) >= last:
                break
        out.reverse()
        return out[-last:] if last is not None and last > 0 else out

    def log_size(self, viewer: int | None, upto: int | None = None) -> int:
        """How many lines `log` has up to the moment shown (or `upto`)."""
        upto = self._position if upto is None else max(0, min(upto, self.length))
        counts = self._lines_before.get(viewer)
        if counts is None:
            counts, total = [0], 0
            for h in self._seen_all(viewer):
                total += sum(1 for e in h.events if e.text)
                counts.append(total)
            self._lines_before[viewer] = counts
        return counts[upto]

    def acted(self, n: int) -> Step:
        """The n-th action (1-based) as recorded."""
        return self.steps[n - 1]

    # --- the table session ----------------------------------------------------------------
    def seats(self) -> list[SeatInfo]:
        names = self.replay.names or [self.final_state.seat_name(i) for i in range(self.players)]
        out = []
        for i in range(self.players):
            kind = self.replay.kinds[i] if self.replay.kinds else HUMAN
            if kind.startswith("ai:"):
                out.append(SeatInfo(AI, names[i], kind[3:]))
            else:
                out.append(SeatInfo(YOU if kind == YOU else HUMAN, names[i]))
        return out

    @property
    def version(self) -> int:
        return self._position

    def to_act(self) -> tuple[int, ...]:
        return self._state.to_act()

    def view(self, seat: int | None) -> Any:
        return self._state.view(seat)

    def legal_actions(self, seat: int) -> list[Action]:
        self._state.check_seat(seat)
        return []  # nobody plays in a replay

    def prompt(self, seat: int | None) -> str:
        return self._state.prompt(seat)

    def asked(self) -> str:
        return decisions.asked(self._state)

    def cost(self, seat: int, action: Action) -> str:
        return self._state.cost(seat, action)

    def reason(self, seat: int, action: Action) -> str | None:
        return WATCH_ONLY

    def loses(self, seat: int, action: Action) -> str | None:
        return None

    def apply(self, seat: int, action: Action) -> None:
        raise IllegalAction(WATCH_ONLY)

    def concede(self, seat: int) -> None:
        raise IllegalAction(WATCH_ONLY)

    def time_out(self, seat: int) -> None:
        raise IllegalAction(WATCH_ONLY)

    def poll(self, viewer: int | None) -> list[Happened]:
        out = [self._as_seen(viewer, n) for n in self._moved]
        self._moved.clear()
        return out

    def history(self, viewer: int | None) -> list[Happened]:
        """Every step up to the moment shown, as `viewer` saw it."""
        return self._seen_all(viewer)[:self._position]

    def _seen_all(self, viewer: int | None) -> list[Happened]:
        """Every step of the record as `viewer` saw it (made once per viewer)."""
        seen = self._seen_by.get(viewer)
        if seen is None:
            seen = self._seen_by[viewer] = [self._as_seen(viewer, n) for n in range(self.length)]
        return seen

    def _as_seen(self, viewer: int | None, n: int) -> Happened:
        """Step n (0-based) as `viewer` saw it: a secret choice's action only by its seat."""
        step = self.steps[n]
        shown = step.action if viewer == step.seat or not step.secret else None
        return Happened(step.seat, shown, tuple(e.for_viewer(viewer) for e in step.events), n + 1)

    # --- the coach ------------------------------------------------------------------------
    def hints_off(self) -> str | None:
        return None

    def hint(self, seat: int) -> Any:
        """The coach's advice for `seat` at the moment shown (game/coach.py, kept once asked)."""
        from game.coach import hint_at

        if self._state.is_over() or seat not in self._state.to_act():
            raise IllegalAction(f"Nothing is asked of {self._state.seat_name(seat)} now.")
        return hint_at(self, self._position, seat)

    def is_over(self) -> bool:
        return self._state.is_over()

    def outcome(self) -> Outcome | None:
        return self._state.outcome() if self._state.is_over() else None

    def close(self) -> None:
        pass


#: what the table says while the open view is not allowed
OPEN_LATER = "Every hand is shown only once the game is over."
#: how each game names one card instance (the rules' own words for it)
CARD_NAMES = {"madoka": "game.madoka.rules:card_name", "sanguosha": "game.sanguosha.board:clabel"}


def _card_namer(state: State) -> Any:
    """state -> a function naming a card instance id, in the game's own words."""
    where = CARD_NAMES.get(state.game.name)
    if where is not None:
        from importlib import import_module

        module, function = where.split(":")
        named = getattr(import_module(module), function)
        return lambda c: named(state, c)
    for method in ("card_name", "name"):  # Monster Hunter, Hermitcraft
        if callable(getattr(state, method, None)):
            return getattr(state, method)
    cards = getattr(state, "cards", None)  # Bloodborne: the instances' cards
    return lambda c: getattr(cards[c], "name", f"card {c}") if cards is not None else f"card {c}"


def _find_counter(view: Any, name: str) -> Any:
    """A counter's value in a view, looked for one level deep (views differ by game)."""
    if not name or not isinstance(view, dict):
        return None
    if name in view:
        return view[name]
    return None


def history_entry(match: Any, now: float | None = None) -> dict[str, Any]:
    """The History row for a match (game/match.py), finished, conceded or abandoned: plain
    data. Seats are as they were when the game began."""

    game = match.state.game
    seats = []
    for i, kind in enumerate(match.started):
        bot = kind[3:] if kind.startswith("ai:") else ""
        seats.append({"name": match.seat_name(i), "kind": kind,
                      "level": _level(game, bot) if bot else ""})
    ai_levels = {s["level"] for s in seats if s["kind"].startswith("ai:")}
    level = ai_levels.pop() if len(ai_levels) == 1 else ("mixed" if ai_levels else "")
    finished = match.state.is_over()
    you = match.started.index("you") if "you" in match.started else None
    won = None
    if finished:
        outcome = match.state.outcome()
        winners = [match.seat_name(w) for w in outcome.winners]
        if you is not None:
            won = you in outcome.winners
        if game.cooperative:
            result = ("Victory" if outcome.winners else "Defeat") + (
                f", {outcome.scores[0]:g} points" if outcome.scores else "")
        elif not winners:
            result = "No winner"
        elif won:
            result = "You won" if len(winners) == 1 else "You won with " + ", ".join(
                w for w in winners if w != match.seat_name(you))
        else:
            result = ", ".join(winners) + (" won" if len(winners) > 1 else " wins")
    elif you is not None and you in getattr(match.state, "conceded", ()):
        result, won = "You conceded", False  # a game lost, for the wins by level
    else:
        result = "Abandoned"  # counted in the games, not in the wins by level
    return {"ended": time.time() if now is None else now, "game": game.name,
            "title": game.title, "players": match.players, "seats": seats, "level": level,
            "result": result, "won": won, "finished": finished,
            "length": len(match.record.actions), "replay": Replay.from_match(match).dumps()}


def _level(game: Any, bot: str) -> str:
    """The level a player knows a bot by: the game's word for it; its default bot is Normal."""
    if bot in game.bot_levels:
        return game.bot_levels[bot]
    return "Normal" if bot == game.default_bot else bot
