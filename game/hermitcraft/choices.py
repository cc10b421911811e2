"""The rules' questions: which answers a question allows now, how each is shown, and what it
does. A question is registered once, by name, with `question`: the rules' own questions are
below (a new active Hermit, forced and own switches); a card's questions are registered next
to the card's handler (effects.py). Frames are pushed by rules.py, attacks.py and the cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from game.hermitcraft.board import copy_suffix, hermit_desc, make_active, row_desc


class Question(NamedTuple):
    #: (value, label) for every answer the frame allows now
    shown: Callable[[Any, Any], list[tuple]]
    #: what the answer does once the frame is closed: (s, p, frame, value)
    answer: Callable
    #: the answers allowed now (default: the frame's options)
    values: Callable[[Any, Any], tuple] | None = None
    #: PICK questions: what one pick does at once, (s, p, value)
    picked: Callable | None = None


QUESTIONS: dict[str, Question] = {}


def question(kind: str, shown: Callable, *, values: Callable | None = None,
             picked: Callable | None = None) -> Callable[[Callable], Callable]:
    """Register the decorated function as what an answer to question `kind` does."""

    def register(answer: Callable) -> Callable:
        if kind in QUESTIONS:
            raise ValueError(f"question {kind!r} registered twice")
        QUESTIONS[kind] = Question(shown, answer, values, picked)
        return answer

    return register


def one_answer_questions() -> tuple[str, ...]:
    """The questions answered by "choose" (every registered one but the PICK questions)."""
    return tuple(k for k, q in QUESTIONS.items() if q.picked is None)


def pick_questions() -> tuple[str, ...]:
    """The questions answered by "pick" (k of n, one at a time)."""
    return tuple(k for k, q in QUESTIONS.items() if q.picked is not None)


# --- what the machinery asks of a question ---------------------------------------------------

def choice_options(s, frame) -> list[tuple]:
    """(value, label) for every answer the frame allows now."""
    return QUESTIONS[frame.kind].shown(s, frame)


def choice_values(s, frame) -> tuple:
    """The answers the frame allows now (what `choice_options` labels)."""
    values = QUESTIONS[frame.kind].values
    return frame.options if values is None else values(s, frame)


def answer(s, p: int, frame, value) -> None:
    """What the answer to `frame` (closed already) does."""
    QUESTIONS[frame.kind].answer(s, p, frame, value)


def picked(s, p: int, value) -> None:
    """What one pick of a "pick k of n" frame does at once."""
    QUESTIONS[s.decisions[-1].kind].picked(s, p, value)


# --- how answers are shown ------------------------------------------------------------------

def own_rows(s, frame) -> list[tuple]:
    """Rows of the asked seat (-1: stay as you are)."""
    p = frame.seat
    out = [(r, f"{row_desc(s, p, r)}") for r in frame.options if r >= 0]
    if -1 in frame.options:
        out.append((-1, "Stay as you are"))
    return out


def their_rows(s, frame) -> list[tuple]:
    """Rows of the asked seat's opponent."""
    q = 1 - frame.seat
    return [(r, f"{row_desc(s, q, r)}") for r in frame.options]


def their_row_sets(s, frame) -> list[tuple]:
    """Sets of the opponent's rows, hit together."""
    q = 1 - frame.seat
    return [(combo, "Hit " + ", ".join(row_desc(s, q, r) for r in combo))
            for combo in frame.options]


def cards(s, frame) -> list[tuple]:
    """Card instances, by name."""
    return [(iid, f"{s.name(iid)} (card {iid})") for iid in frame.options]


def own_hand(s, frame) -> tuple:
    return tuple(s.hands[frame.seat])


def their_hand(s, frame) -> tuple:
    return tuple(s.hands[1 - frame.seat])


def discard_from(hand: Callable) -> Callable:
    """The cards of a hand (`own_hand` or `their_hand`), each to discard."""

    def shown(s, frame) -> list[tuple]:
        p = frame.seat if hand is own_hand else 1 - frame.seat
        return [(iid, f"Discard {hermit_desc(s, iid)}{copy_suffix(s, p, iid)}")
                for iid in hand(s, frame)]

    return shown


def worded(words: dict) -> Callable:
    """Plain options, each with its words."""

    def shown(s, frame) -> list[tuple]:
        return [(v, words[v]) for v in frame.options]

    return shown


# --- the rules' own questions ----------------------------------------------------------------

@question("new_active", own_rows)
def _answer_new_active(s, p, frame, r):
    make_active(s, p, r)


@question("forced_switch", own_rows)
def _answer_forced(s, p, frame, r):
    make_active(s, p, r, forced=True)


@question("self_switch", own_rows)
def _answer_self_switch(s, p, frame, r):
    if r >= 0:
        make_active(s, p, r)
