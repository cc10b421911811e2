"""The delayed tricks (docs/rules/sanguosha.md: A turn 2; Card kinds): their effect, when they
are judged, is their judgement."""

from __future__ import annotations

from game.core.flow import later, mark
from game.sanguosha import queries as q
from game.sanguosha.board import card, name
from game.sanguosha.hooks import EFFECTS, rules
from game.sanguosha.judgement import judgement


def indulgence_skips_play(suit: str) -> bool:
    """Indulgence fails only on a ♥: any other suit skips the play phase."""
    return suit != "h"


def lightning_strikes(suit: str, rank: int) -> bool:
    """Lightning strikes on ♠2 to ♠9."""
    return suit == "s" and 2 <= rank <= 9


# --- Indulgence ---------------------------------------------------------------------------------

@EFFECTS.on("effect", "indulgence")
def indulgence(s, uid: str, t: int) -> None:
    key = f"j{uid}"
    judgement(s, t, key, ("indulgence_result", uid, t, key), "indulgence")


@rules.step
def indulgence_result(s, uid: str, p: int, key: str) -> None:
    if indulgence_skips_play(card(s, s.flags[key]).suit):
        mark(s, p, "skip:play", s.cs.kinds["indulgence"].name)
        s.emit("message", f"Indulgence holds: {name(s, p)} will skip the play phase.", p)
    else:
        s.emit("message", "Indulgence fails on a heart.", p)
    later(s, "finish_use", uid)


# --- Lightning ----------------------------------------------------------------------------------

@EFFECTS.on("effect", "lightning")
def lightning(s, uid: str, t: int) -> None:
    key = f"j{uid}"
    judgement(s, t, key, ("lightning_result", uid, t, key), "lightning")


@rules.step
def lightning_result(s, uid: str, p: int, key: str) -> None:
    jc = card(s, s.flags[key])
    if lightning_strikes(jc.suit, jc.rank):
        s.emit("message", f"Lightning strikes {name(s, p)}!", p)
        later(s, "finish_use", uid)
        later(s, "damage", p, 3, -1, uid, "lightning")
    else:
        lightning_moves_on(s, uid, p)


@EFFECTS.on("nullified", "lightning")
def lightning_moves_on(s, uid: str, p: int) -> None:
    """Nullified or missed, it moves on (D13) to the next living player whose judgement area
    has no Lightning; if nobody can take it, it stays (D14)."""
    c = s.uses[uid]["cards"][0]
    s.processing.remove(c)
    dest = p
    for x in q.seat_order_from(p, s.alive)[1:] + [p]:
        if not any(k == "lightning" for _, k in s.judge[x]):
            dest = x
            break
    s.judge[dest].append((c, "lightning"))
    if dest == p:
        mark(s, c, "judged")
    s.emit("move", f"Lightning moves to {name(s, dest)}.", dest, card=c)
    del s.uses[uid]
