"""Judgement (docs/rules/sanguosha.md: Judgement): reveal the top card; before it takes effect a
skill may replace it; the effect that asked for it reads it; then it is discarded unless a
skill takes it.
"""

from __future__ import annotations

from game.core.flow import later
from game.sanguosha.board import clabel, fire, name, r1_order, skill_name
from game.sanguosha.hooks import puts_away, rules
from game.sanguosha.zones import top_card


def judgement(s, p: int, key: str, then: tuple, reason: str) -> None:
    """p judges for `reason` (a card or skill id): the card is revealed into flags[key], the
    step `then` (step, *args) reads it, then the card is put away."""
    later(s, "judge_done", p, key)
    later(s, *then)
    later(s, "judge_reveal", p, key, reason)


@rules.step
def judge_reveal(s, p: int, key: str, reason: str) -> None:
    """1. Reveal the top card. 2. Before it takes effect, skills may replace it (every living
    seat, in R1 order)."""
    c = top_card(s)
    if c is None:
        return
    s.processing.append(c)
    s.flags[key] = c
    s.emit("judge", f"{name(s, p)} judges ({skill_name(s, reason)}): {clabel(s, c)}.", p,
           card=c)
    for x in reversed(r1_order(s)):
        fire(s, x, "judge_reveal", key)


@puts_away
def judge_done(s, p: int, key: str) -> None:
    """4. After it has taken effect, the judged seat's skills may take the card; otherwise it
    is discarded."""
    c = s.flags.pop(key, None)
    if c is None or c not in s.processing:
        return
    later(s, "judge_discard", c)
    fire(s, p, "judgement_done", c)


@puts_away
def judge_discard(s, c: int) -> None:
    """The judgement card goes to the discard pile unless a skill has taken it."""
    if c in s.processing:
        s.processing.remove(c)
        s.discard.append(c)
