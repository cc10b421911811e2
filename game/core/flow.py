"""One rules flow for every game (docs/design.md §2, "One rules flow").

A game is written the same way whatever its shape:

    rules = Rules()

    @rules.kind("play", answers=("turn",), candidates=play_candidates, check=check_play)
    def play(s, seat, action): ...           # carry out a legal "play"

    @rules.step
    def draw_phase(s): ...                   # a rulebook step: do its work, then either
                                             #   go(s, "main_phase")   (carry on), or
                                             #   ask(s, ..., then="after_draw") (wait)

    class MyState(FlowState):
        rules = rules
        fields = {"hands": LISTS, ...}       # plain data: clone and JSON are generated

The core runs it. `legal_actions` is generated from the kinds offered for the question on top
of the decision stack (`answers=`) and memoized once per position (the state's `version`);
`apply` checks, runs the kind's apply and then the steps until the next question. Answering a
question ends with `close(s)`: the frame is popped and the flow carries on at its `then` step,
so a nested window (Nullification inside Savage Assault inside a dying check) is one more frame
whose `then` names where the rules resume. Card memory between turns lives in `marks`
("asleep until turn 12"), never in a field named after a card.

One action shape may answer several questions and do something different for each (a "pass"
in a response window, a "pass" on an optional skill): declare the kind once for each question
(or group of questions) it answers; the core offers, checks and applies the declaration made
for the question on top.

Procedures that nest and carry data (damage to X from Y, inside a Savage Assault, inside a
dying check) keep their continuation in the state's `agenda`, a stack of plain frames
`(step, *args)`, innermost last:

    later(s, "after_damage", target, amount)  # resume this step with these arguments once
                                              # everything scheduled after it is done
    interrupt(s, "offer", seat, "draw_one")   # a trigger: runs as soon as the current step
                                              # (or answer) returns, before what it scheduled
    close(s, target, amount)                  # answered: resume the frame's `then` step with
                                              # these arguments

Between questions the core pops the agenda and runs each frame's step with its arguments, until
a question is asked, the game is over or the agenda is empty (after `next_step`, which `go`
sets, has run). The agenda is plain data like the rest of the state: it is copied and saved
with it (no closure or generator ever lives in a state).

Table actions: `concede` and `timeout` are actions of the flow too (logged, saved and replayed
like any other), but no seat is offered them as moves: the table sends them. A seat may
concede at any time; a timeout answers a waiting seat's question with its default answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from game.core import fields as F
from game.core.contract import Action, State
from game.core.decisions import Decision

CONCEDE, TIMEOUT = "concede", "timeout"
TABLE_ACTIONS = (CONCEDE, TIMEOUT)


class Kind:
    """One action kind: what is offered, why one is refused, what it does; optionally what its
    legality reads (`key`, `parts`: see `Rules.kind`)."""

    __slots__ = ("name", "candidates", "check", "apply", "key", "parts")

    def __init__(self, name: str, candidates: Callable, check: Callable, apply: Callable,
                 key: Callable | None = None, parts: Callable | None = None):
        self.name, self.candidates, self.check, self.apply = name, candidates, check, apply
        self.key, self.parts = key, parts


def _no_reason(s, seat, action) -> None:
    return None


class Rules:
    """A game's action kinds and rulebook steps, in rulebook order."""

    def __init__(self) -> None:
        #: kind name -> its first declaration (`answering` holds one per question)
        self.kinds: dict[str, Kind] = {}
        #: question kind -> kind name -> the declaration that answers it
        self.answering: dict[str, dict[str, Kind]] = {}
        self.steps: dict[str, Callable] = {}
        #: question kind -> the action kinds that answer it, in the order they are offered
        self.offers: dict[str, tuple[str, ...]] = {}
        #: question kind -> whether every kind answering it is `legal_as_built`
        self.built_legal: dict[str, bool] = {}
        #: whether some kind says what its legality reads (`key` or `parts`)
        self.keyed = False
        #: game -> {"": kind name -> key -> that kind's legal actions (see `kind`'s `key`),
        #: question -> what `legal_by_key` goes through}
        self.remembered: dict[Any, dict[str, Any]] = {}

    def kind(self, name: str, *, answers: Iterable[str], candidates: Callable,
             check: Callable | None = None, legal_as_built: bool = False,
             key: Callable | None = None, parts: Callable | None = None) -> Callable:
        """Declare action kind `name` (decorating its apply): it answers the questions named
        in `answers`; `candidates(s, seat)` lists its actions of the right shape; `check(s,
        seat, action)` says why one is illegal (None: legal; omitted: every candidate is).
        The same kind may be declared again for other questions (a pass answering a response
        window, a pass declining an optional skill): each question has its own declaration.

        `legal_as_built`: the candidates are built legal (the check only says why another
        action is refused), so `legal_actions` need not run the check on them where every
        kind answering the question says so; a game that claims it tests it against the
        plain filter (`State.legal_actions`).

        Speed, optional: `key(s, seat)` is a hashable value holding everything the kind's
        candidates and check read (but the game); the core then remembers the kind's legal
        actions per key, across positions and games, and skips the checks for a key it has
        seen. A kind whose candidates fall into independent parts (a tell to each other seat)
        gives `parts(s, seat)` instead: one key per part, in candidate order, each naming its
        part; `candidates(s, seat, key)` then lists that part's actions."""

        def register(apply: Callable) -> Callable:
            if name in TABLE_ACTIONS:
                raise ValueError(f"action kind {name!r} is the table's")
            if key is not None and parts is not None:
                raise ValueError(f"action kind {name!r}: give key or parts, not both")
            declared = Kind(name, candidates, check or _no_reason, apply, key, parts)
            self.kinds.setdefault(name, declared)
            self.keyed = self.keyed or key is not None or parts is not None
            for question in answers:
                table = self.answering.setdefault(question, {})
                if name in table:
                    raise ValueError(f"action kind {name!r} declared twice for {question!r}")
                table[name] = declared
                self.offers[question] = self.offers.get(question, ()) + (name,)
                if legal_as_built and self.built_legal.get(question, True):
                    self.built_legal[question] = True
                else:
                    self.built_legal[question] = False
            return apply

        return register

    #: a remembered table holds at most this many keys (then it starts again)
    REMEMBER = 100_000

    def legal_by_key(self, s: FlowState, player: int, question: str | None = None
                     ) -> list[Action]:
        """The legal actions for the question on top (`question`, its kind, if the caller has
        read it), through the kinds' remembered tables (the same list as filtering the
        candidates by the checks)."""
        plans = self.remembered.get(s.game)
        if plans is None:
            plans = self.remembered[s.game] = {"": {}}
        if question is None:
            question = s.decisions[-1].kind
        legal = plans.get(question)
        if legal is None:
            legal = plans[question] = self._plan(plans[""], question)
        return legal(s, player)

    def _plan(self, tables: dict, question: str) -> Callable:
        """`legal_by_key` for one question of one game, written as straight-line code (as
        game/core/fields.py writes clones): each kind's key looked up in its table, a key that
        the kind before it read worked out once."""
        lines = ["def legal(s, player):", "    out = []"]
        env: dict[str, Any] = {"_remember": self._remember}
        last = None
        answering = self.answering.get(question, {})
        for i, name in enumerate(self.offers.get(question, ())):
            kind = answering[name]
            table = tables.setdefault(kind, {})
            env.update({f"kind{i}": kind, f"get{i}": table.get, f"table{i}": table,
                        f"cand{i}": kind.candidates, f"check{i}": kind.check,
                        f"key{i}": kind.key, f"parts{i}": kind.parts})
            if kind.parts is not None:
                lines += [f"    for k in parts{i}(s, player):",
                          f"        acts = get{i}(k)",
                          "        if acts is None:",
                          f"            acts = _remember(table{i}, k, kind{i}, s, player,"
                          f" cand{i}(s, player, k))",
                          "        if acts:",
                          "            out += acts"]
            elif kind.key is not None:
                if kind.key is not last:
                    lines.append(f"    k = key{i}(s, player)")
                lines += [f"    acts = get{i}(k)",
                          "    if acts is None:",
                          f"        acts = _remember(table{i}, k, kind{i}, s, player,"
                          f" cand{i}(s, player))",
                          "    if acts:",
                          "        out += acts"]
            else:
                lines.append(f"    out += [a for a in cand{i}(s, player)"
                             f" if check{i}(s, player, a) is None]")
            last = kind.key if kind.parts is None else None
        lines.append("    return out")
        exec(compile("\n".join(lines), f"<legal actions for {question!r}>", "exec"), env)
        return env["legal"]

    def _remember(self, table: dict, k: Any, kind: Kind, s: FlowState, player: int,
                  candidates: Iterable[Action]) -> tuple[Action, ...]:
        check = kind.check
        if len(table) >= self.REMEMBER:
            table.clear()
        acts = table[k] = tuple(a for a in candidates if check(s, player, a) is None)
        return acts

    def step(self, fn: Callable) -> Callable:
        """Register a rulebook step under its function's name."""
        if fn.__name__ in self.steps:
            raise ValueError(f"step {fn.__name__!r} declared twice")
        self.steps[fn.__name__] = fn
        return fn

    def checks(self) -> dict[str, Callable]:
        """Action kind -> its check (a kind declared for several questions: the check of the
        declaration for the question on top)."""
        out = {}
        for name, first in self.kinds.items():
            several = {id(k) for table in self.answering.values() for n, k in table.items()
                       if n == name}
            out[name] = first.check if len(several) == 1 else self._question_check(name)
        return out

    def _question_check(self, name: str) -> Callable:
        answering = self.answering

        def check(s: FlowState, seat: int, action: Action) -> str | None:
            kind = answering.get(s.decisions[-1].kind, {}).get(name) if s.decisions else None
            if kind is None:
                return f"{action} does not answer what is asked now."
            return kind.check(s, seat, action)

        return check

    def answer(self, s: FlowState, player: int, action: Action) -> None:
        """Carry out `action`, an answer to the question on top (a kind declared to answer no
        question, which only a timeout's `default_answer` gives, is its one declaration)."""
        try:
            kind = self.answering[s.decisions[-1].kind][action.kind]
        except (KeyError, IndexError):
            kind = self.kinds[action.kind]
        kind.apply(s, player, action)

    def advance(self, s: FlowState) -> None:
        """Run rulebook steps until a question is asked or the game is over: first the step
        `go` named, then the agenda's frames, innermost first (interrupts raised by a step go
        on top of the agenda as soon as it returns, the first raised innermost)."""
        steps = self.steps
        agenda, raised = s.agenda, s.raised
        while True:
            if raised:
                agenda.extend(reversed(raised))
                raised.clear()
            if s.next_step:
                name, s.next_step = s.next_step, ""
                steps[name](s)
            elif not agenda or s.decisions or s.is_over():
                return
            else:
                frame = agenda.pop()
                steps[frame[0]](s, *frame[1:])


# --- answering questions -------------------------------------------------------------------------

def close(s: FlowState, *args: Any) -> Decision:
    """The question on top is answered: pop it; the flow carries on at its `then` step (given
    `args`, it resumes that step with them, as `later` does)."""
    frame = s.decisions.pop()
    if frame.then:
        if args:
            s.agenda.append((frame.then, *args))
        else:
            s.next_step = frame.then
    return frame


def go(s: FlowState, step: str) -> None:
    """Carry on at rulebook step `step` once the current one returns."""
    s.next_step = step


# --- procedures that nest: the agenda ---------------------------------------------------------

def later(s: FlowState, step: str, *args: Any) -> None:
    """Resume rulebook step `step` with `args` (plain values) once everything scheduled after
    this is done: a frame on the agenda, innermost last."""
    s.agenda.append((step, *args))


def interrupt(s: FlowState, step: str, *args: Any) -> None:
    """A trigger raised now: `step` runs with `args` as soon as the current step (or answer)
    returns, before whatever it scheduled; several raised by one step run in the order
    raised."""
    s.raised.append((step, *args))


# --- card memory ------------------------------------------------------------------------------

def mark(s: FlowState, who: Any, name: str, value: Any = True) -> None:
    """Remember `name` = `value` about `who` (a card instance, a seat: any plain value)."""
    s.marks[(who, name)] = value


def marked(s: FlowState, who: Any, name: str, default: Any = None) -> Any:
    return s.marks.get((who, name), default)


def unmark(s: FlowState, who: Any, name: str) -> None:
    s.marks.pop((who, name), None)


def marked_with(s: FlowState, name: str) -> dict[Any, Any]:
    """Everything marked `name`: who -> value."""
    return {who: v for (who, n), v in s.marks.items() if n == name}


# --- the state ---------------------------------------------------------------------------------

class FlowState(State):
    """A state run by the core flow. Subclasses set `rules` and declare `fields` (their own
    fields' shapes; the flow's are added), and write the game's information methods
    (`_view`, `determinize`, `is_over`, `outcome`, `card_ids`)."""

    __slots__ = ("version", "next_step", "agenda", "raised", "marks", "conceded", "_legal")

    rules: ClassVar[Rules] = Rules()  # a game declares its own; this one declares nothing
    #: whether a seat may concede (the game then says what it means in `concede`)
    concedable: ClassVar[bool] = False
    fields: ClassVar[dict[str, str]] = {
        "players": F.VALUE, "decisions": F.STACK, "version": F.VALUE, "next_step": F.VALUE,
        "agenda": F.AGENDA, "raised": F.AGENDA, "marks": F.DICT, "conceded": F.VALUE,
    }

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        own = cls.__dict__.get("fields")
        if own is not None:
            inherited = {}
            for base in reversed(cls.__mro__[1:]):
                inherited.update(base.__dict__.get("fields", {}))
            cls.fields = {**inherited, **own}
            F.generate(cls)
        if "rules" in cls.__dict__:
            cls.checks = cls.rules.checks()

    def __init__(self, game: Any, players: int) -> None:
        super().__init__(game, players)
        self.version = 0
        self.next_step = ""
        #: the continuation stack: (step, *args) frames, innermost last (see `later`)
        self.agenda: list[tuple] = []
        #: triggers raised by the step running now (see `interrupt`)
        self.raised: list[tuple] = []
        self.marks: dict = {}
        #: seats that conceded, in order
        self.conceded: tuple[int, ...] = ()
        self._legal: tuple | None = None

    @classmethod
    def restore(cls, game: Any, data: dict) -> FlowState:
        """A state from its `to_json`."""
        s = cls.__new__(cls)
        s.game = game
        s.fields_from_json(data)
        return s

    def _clean(self) -> None:
        """Forget what belongs to one position or one call (after a copy or a load)."""
        self._events = None
        self._legal = None

    def changed(self) -> None:
        """Say that the state was changed by hand (tests building positions): the memo of
        legal actions is dropped."""
        self.version += 1
        self._legal = None

    # --- legality, generated from the kinds ---------------------------------------------------
    def candidates(self, player: int) -> list[Action]:
        if not self.decisions:
            return []
        question = self.decisions[-1].kind
        kinds = self.rules.answering.get(question, {})
        out: list[Action] = []
        for name in self.rules.offers.get(question, ()):
            kind = kinds[name]
            if kind.parts is not None:
                for key in kind.parts(self, player):
                    out.extend(kind.candidates(self, player, key))
            else:
                out.extend(kind.candidates(self, player))
        return out

    def legal_actions(self, player: int) -> list[Action]:
        memo = self._legal
        if memo is not None and memo[0] == self.version and memo[1] == player:
            return memo[2][:]
        rules = self.rules
        decisions = self.decisions
        question = decisions[-1].kind if decisions else None
        if question is not None and rules.built_legal.get(question):
            self.check_seat(player)  # the candidates are built legal: no check to run
            legal = self.candidates(player) if player in self.to_act() else []
        elif rules.keyed:
            if type(player) is int and player in self.to_act():
                legal = rules.legal_by_key(self, player, question)
            else:
                self.check_seat(player)
                legal = []
        else:
            legal = State.legal_actions(self, player)
        self._legal = (self.version, player, legal)
        return legal[:]

    def why_illegal(self, player: int, action: Action) -> str | None:
        if action.kind in TABLE_ACTIONS:
            self.check_seat(player)
            if self.is_over():
                return "The game is over."
            if action.kind == TIMEOUT and player not in self.to_act():
                return f"{self.seat_name(player)} is not being waited for."
            if action.kind == CONCEDE and not self.concedable:
                return f"{self.game.title} cannot be conceded at this table."
            if action.kind == CONCEDE and player in self.conceded:
                return f"{self.seat_name(player)} has already conceded."
            return None
        return State.why_illegal(self, player, action)

    # --- doing -----------------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> None:
        self.version += 1
        rules = self.rules
        kind = action.kind
        if kind not in TABLE_ACTIONS:
            # rules.answer(self, player, action), inline (every step of every search)
            rules.answering[self.decisions[-1].kind][kind].apply(self, player, action)
        elif kind == CONCEDE:
            self.conceded += (player,)
            self.emit("concede", f"{self.seat_name(player)} concedes.", player)
            self.concede(player)
        else:
            answer = self.default_answer(player)
            self.emit("timeout", f"{self.seat_name(player)} ran out of time: {answer}.", player)
            rules.answer(self, player, answer)
        rules.advance(self)

    # --- hooks with defaults -------------------------------------------------------------------
    def concede(self, player: int) -> None:
        """game (with `concedable`): what conceding does (a seat leaves, a team loses); the
        flow has already recorded it in `conceded`."""
        raise NotImplementedError

    def default_answer(self, player: int) -> Action:
        """game: what a seat that ran out of time answers: by default a pass, Done or end of
        turn when one is legal, else the first legal action."""
        legal = self.legal_actions(player)
        for a in legal:
            if a.kind in ("pass", "done", "end_turn", "skip"):
                return a
        return legal[0]
