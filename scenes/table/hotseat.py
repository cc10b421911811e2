"""Hot-seat play: when another person at this screen must act, the table hides behind a
"pass to Player N" screen, then shows the table (and the log) as that seat may see it."""

from __future__ import annotations

from game.session import HUMAN, YOU


class HotSeatPart:
    """Part of TableScene (scenes/table/base.py)."""

    def open_hotseat(self) -> None:
        """With two or more people at this screen, the table opens behind the "pass to" cover
        of the first of them to act: the first frame is that cover, never the table."""
        people = [p for p, s in enumerate(self.seat_info) if s.kind in (YOU, HUMAN)]
        if len(people) < 2 or self.session.is_over():
            return
        acting = [p for p in self.session.to_act() if p in people]
        self.hand_over(acting[0] if acting else people[0])

    def check_handoff(self) -> None:
        """When a different person must act, hide the table behind a handoff screen."""
        if self.timeline.busy or self.handoff_pending or len(self.human_seats()) < 2:
            return
        humans = self.humans_to_act()
        if not humans or self.viewer in humans:
            return
        self.hand_over(humans[0])

    def hand_over(self, nxt: int) -> None:
        """The screen passes to the person at seat `nxt`, behind a "pass to" cover."""
        if not hasattr(self.app, "open_handoff"):
            self.switch_viewer(nxt)
            return
        self.handoff_pending = True
        self.cancel_drag()
        self.close_menu()

        def done() -> None:
            self.handoff_pending = False
            self.switch_viewer(nxt)

        self.app.open_handoff(nxt, done, name=self.seat_name(nxt))

    def switch_viewer(self, seat: int) -> None:
        self.viewer = seat
        self._seen.clear()  # what the last person's views named is not the next one's
        self.deselect()
        self.relayout()
        self.sync(animate=False)
        self.refill_log()
