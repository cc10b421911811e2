"""The end of the game and who wins (docs/rules/sanguosha.md: End of the game and who wins;
D17, D18; a seat that conceded wins nothing, D42)."""

from __future__ import annotations

from game.core.contract import Outcome
from game.sanguosha.board import living


def end_game(s, result: str, winners: tuple[int, ...]) -> None:
    s.over, s.result = True, result
    s.winners = tuple(p for p in winners if p not in s.conceded)
    s.agenda.clear()
    s.raised.clear()
    s.decisions.clear()
    s.discard.extend(s.processing)  # nothing resolves any more: its cards are put away
    s.processing.clear()
    for p in range(s.players):
        s.revealed[p] = True
    s.emit("game_over", f"{result}.", None, winners=list(s.winners),
           identities=list(s.identity))


def check_game_end(s) -> bool:
    """The Lord dies, or every Rebel and Renegade is dead (D17)."""
    alive = living(s)
    if not s.alive[s.lord]:
        if len(alive) == 1 and s.identity[alive[0]] == "renegade":
            end_game(s, "The Renegade wins alone", (alive[0],))
        else:
            end_game(s, "The Rebels win", tuple(p for p in range(s.players)
                                                  if s.identity[p] == "rebel"))
        return True
    if not any(s.identity[p] in ("rebel", "renegade") for p in alive):
        end_game(s, "The Lord's side wins", tuple(p for p in range(s.players)
                                                   if s.identity[p] in ("lord", "loyalist")))
        return True
    return False


def outcome(s) -> Outcome:
    scores = tuple(1.0 if p in s.winners else 0.0 for p in range(s.players))
    return Outcome(tuple(s.winners), scores, s.result, {
        "identities": list(s.identity), "generals": list(s.gen),
        "deaths": [list(d) for d in s.deaths], "turns": s.turn})
