"""Pending decisions as plain data: the stack every game keeps in `state.decisions`.

A `Decision` is one question the rules are waiting on: what is asked (`kind`), of whom
(`seats`), how they answer (`how`), the options offered, the ids it is about (`context`), how many
to pick, whether it may be cancelled. Frames are frozen values, so a clone copies the stack with
`list(...)` and JSON stores it as lists. Nested windows (a Nullification chain inside Savage
Assault inside a dying check) are frames pushed on top of each other; when the top one is
answered the game pops it and its rules step carries on, reading what it needs from the frame
(`then` names that step, so no closure or generator ever lives in the state). A frame is a
named tuple: immutable, and built in a fraction of a frozen dataclass's time (every secret answer
of a search playout builds one); `frame._replace(seats=...)` gives a changed copy.

How a seat answers is the game's business (its `candidates` and `checks` read the top frame);
the helpers below keep the bookkeeping every game repeats:

- one seat chooses                         `ask(state, kind, seat, ...)`
- seats asked in order until one acts      `ask_in_order(state, kind, seats, ...)`, `pass_on`
- a simultaneous secret choice             `ask_secretly(state, kind, seats, ...)`, `answer`
- pick k of n, one at a time, then Done    `ask_to_pick(state, kind, seat, options, ...)`, `pick`
- a card, then a target, then an option    `follow_up(state, kind, choice, options, ...)`
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

ONE = "one"  # one seat answers
IN_ORDER = "in_order"  # seats[0] answers or passes; then seats[1], ...
SECRET = "secret"  # every seat in `seats` answers, none sees the others' answers until all have
PICK = "pick"  # one seat picks options one at a time, then says Done

HOWS = (ONE, IN_ORDER, SECRET, PICK)


class Decision(NamedTuple):
    """One pending question (immutable; change it with the helpers, which replace the frame)."""

    kind: str
    seats: tuple[int, ...]
    how: str = ONE
    #: plain values offered (card ids, seats, modes); () when the game builds them from state
    options: tuple = ()
    #: ids this question is about, and the choices of earlier steps of the same question
    context: tuple = ()
    #: PICK: picks so far; SECRET: (seat, answer) pairs given so far (hidden from the others)
    answers: tuple = ()
    at_least: int = 1
    at_most: int = 1
    cancellable: bool = False
    #: what is asked, in a player's words; "{seat}" is replaced by the asked seat's name
    prompt: str = ""
    #: the rules step that carries on once this frame is answered (a name the game maps)
    then: str = ""

    def waiting_for(self) -> tuple[int, ...]:
        """The seats that must act now on this frame."""
        if self.how == SECRET:
            if not self.answers:
                return self.seats
            done = [seat for seat, _ in self.answers]  # a few seats: a list is quicker
            return tuple([s for s in self.seats if s not in done])
        return self.seats[:1]

    def asks(self, player: int) -> bool:
        return player in self.waiting_for()

    @property
    def seat(self) -> int:
        """The seat asked now (ONE, IN_ORDER, PICK)."""
        return self.seats[0]

    @property
    def picked(self) -> tuple:
        return self.answers

    def may_finish(self) -> bool:
        """PICK: enough has been picked to say Done."""
        return len(self.answers) >= self.at_least

    def remaining(self) -> tuple:
        """PICK: the options not picked yet."""
        return tuple(o for o in self.options if o not in self.answers)

    def answer_of(self, seat: int) -> Any:
        """SECRET: the answer `seat` gave, or None."""
        for s, a in self.answers:
            if s == seat:
                return a
        return None

    def words(self, seat_name: Callable[[int], str]) -> str:
        if not self.prompt:
            return ""
        who = ", ".join(seat_name(s) for s in self.waiting_for())
        return self.prompt.replace("{seat}", who)

    def public(self, viewer: int | None) -> dict:
        """The frame as `viewer` may see it (secret answers of other seats hidden): JSON-safe."""
        d = self.to_json()
        if self.how == SECRET:
            d["answers"] = [[s, a if s == viewer else None] for s, a in self.answers]
        return d

    def to_json(self) -> dict:
        return {"kind": self.kind, "seats": list(self.seats), "how": self.how,
                "options": _lists(self.options), "context": _lists(self.context),
                "answers": _lists(self.answers), "at_least": self.at_least,
                "at_most": self.at_most, "cancellable": self.cancellable,
                "prompt": self.prompt, "then": self.then}

    @staticmethod
    def from_json(d: dict) -> Decision:
        if d["how"] not in HOWS:
            raise ValueError(f"unknown decision kind of answer {d['how']!r}")
        return Decision(str(d["kind"]), tuple(int(s) for s in d["seats"]), d["how"],
                        _tuples(d["options"]), _tuples(d["context"]), _tuples(d["answers"]),
                        int(d["at_least"]), int(d["at_most"]), bool(d["cancellable"]),
                        str(d["prompt"]), str(d["then"]))


def _lists(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_lists(v) for v in value]
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def stack_to_json(stack: list[Decision]) -> list[dict]:
    return [d.to_json() for d in stack]


def stack_from_json(data: list[dict]) -> list[Decision]:
    return [Decision.from_json(d) for d in data]


# --- asking ---------------------------------------------------------------------------------
# The helpers build frames with `_frame(Decision, (every field, in order))`: the named tuple's
# own constructor (keyword defaults) costs twice as much, and a search asks on every round.

_frame = tuple.__new__
_SEATS, _ANSWERS, _AT_MOST = (Decision._fields.index(f) for f in ("seats", "answers", "at_most"))


def push(state, decision: Decision) -> Decision:
    state.decisions.append(decision)
    return decision


def top(state) -> Decision | None:
    return state.decisions[-1] if state.decisions else None


def asked(state) -> str:
    """The kind of the question on top of the stack; "" when none is pending."""
    return state.decisions[-1].kind if state.decisions else ""


def pop(state) -> Decision:
    return state.decisions.pop()


def ask(state, kind: str, seat: int, options: Iterable = (), context: tuple = (), *,
        cancellable: bool = False, prompt: str = "", then: str = "") -> Decision:
    """One seat chooses (among `options`, or among what the game builds for `kind`)."""
    d = _frame(Decision, (kind, (seat,), ONE, tuple(options), tuple(context), (), 1, 1,
                          cancellable, prompt, then))
    state.decisions.append(d)
    return d


def ask_in_order(state, kind: str, seats: Iterable[int], options: Iterable = (),
                 context: tuple = (), *, prompt: str = "", then: str = "") -> Decision | None:
    """Seats are asked one after another until one acts (a response window). Nothing is pushed
    when no seat is asked."""
    seats = tuple(seats)
    if not seats:
        return None
    d = _frame(Decision, (kind, seats, IN_ORDER, tuple(options), tuple(context), (), 1, 1,
                          False, prompt, then))
    state.decisions.append(d)
    return d


def pass_on(state) -> bool:
    """The asked seat of the top IN_ORDER frame passes: the next seat is asked. Returns False
    (and pops the frame) when nobody is left to ask."""
    d = state.decisions[-1]
    rest = d.seats[1:]
    if not rest:
        state.decisions.pop()
        return False
    state.decisions[-1] = d._replace(seats=rest)
    return True


def ask_secretly(state, kind: str, seats: Iterable[int], options: Iterable = (),
                 context: tuple = (), *, prompt: str = "", then: str = "") -> Decision | None:
    """Every seat in `seats` answers in secret; the answers are revealed together. Nothing is
    pushed when no seat is asked."""
    seats = tuple(dict.fromkeys(seats))  # each seat once: `answer` counts answers
    if not seats:
        return None
    d = _frame(Decision, (kind, seats, SECRET, tuple(options), tuple(context), (), 1, 1,
                          False, prompt, then))
    state.decisions.append(d)
    return d


def answer(state, seat: int, value: Any) -> bool:
    """Record `seat`'s secret answer on the top SECRET frame. True when every seat has answered
    (the frame stays on the stack: the game reads the answers, then pops it)."""
    stack = state.decisions
    fields = list(stack[-1])  # (reading the fields in order costs less than by name)
    answers = fields[_ANSWERS] = fields[_ANSWERS] + ((seat, value),)
    stack[-1] = d = _frame(Decision, fields)
    return len(answers) >= len(fields[_SEATS]) and not d.waiting_for()  # counting: quicker


def ask_to_pick(state, kind: str, seat: int, options: Iterable, at_least: int = 0,
                at_most: int | None = None, context: tuple = (), *, cancellable: bool = False,
                prompt: str = "", then: str = "") -> Decision:
    """`seat` picks between `at_least` and `at_most` of `options`, one at a time, then Done."""
    options = tuple(options)
    most = len(options) if at_most is None else min(at_most, len(options))
    d = _frame(Decision, (kind, (seat,), PICK, options, tuple(context), (), at_least, most,
                          cancellable, prompt, then))
    state.decisions.append(d)
    return d


def pick(state, value: Any) -> bool:
    """Add `value` to the top PICK frame's picks. True when no more may be picked (the game
    then finishes as if Done was said)."""
    stack = state.decisions
    fields = list(stack[-1])
    picked = fields[_ANSWERS] = fields[_ANSWERS] + (value,)
    stack[-1] = _frame(Decision, fields)
    return len(picked) >= fields[_AT_MOST]


def follow_up(state, kind: str, choice: Any, options: Iterable = (), *, prompt: str = "",
              cancellable: bool = True, then: str = "") -> Decision:
    """The next step of a multi-step choice (a card, then a target, then an option): replaces the
    top frame by one asking the same seat, with `choice` added to the context."""
    d = state.decisions.pop()
    d = _frame(Decision, (kind, d.seats[:1], ONE, tuple(options), d.context + (choice,), (), 1,
                          1, cancellable, prompt, then or d.then))
    state.decisions.append(d)
    return d
