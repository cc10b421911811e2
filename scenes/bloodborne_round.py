"""The Bloodborne table's last round summed up (R shows it): the rules' round summary
(game/bloodborne/summary.py) fed the events as the table plays them, and the cards as the
table has seen them (a view names each hunter's cards; the summary never sees the state)."""

from __future__ import annotations

from typing import Any

from game.bloodborne import summary


class RoundLog:
    """The round being summed up (`now`) and the last complete one (`last`, plain data)."""

    def __init__(self) -> None:
        self.now: summary.RoundSummary | None = None
        self.last: dict | None = None

    def add(self, events: list, before: dict | None, view: dict, cards: Any) -> None:
        """A batch of events, the view the table showed before it (`before`) and the view
        after it. A round starts at its reveal and is complete when the next monster is
        revealed, or the game asks for the next round's cards, or ends."""
        if before is not None and any(e.kind == "reveal" for e in events):
            self.now = self.start(before["round"], view, cards)
        if self.now is None:
            return
        if self.now.add(events) or (self.now.rows and (view["over"] or
                                                         view["step"] == "choose_action_cards")):
            self.last, self.now = self.now.as_dict(), None

    @staticmethod
    def start(round_: int, view: dict, cards: Any) -> summary.RoundSummary:
        m = view["monster"]
        rs = summary.RoundSummary.__new__(summary.RoundSummary)  # from a view, not a state
        rs.round, rs.monster, rs.roll, rs.end, rs.rows, rs.done = (
            round_, m["name"] if m else None, None, "", {}, False)
        rs._cards = cards
        return rs
