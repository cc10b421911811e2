"""The log: every event with words enters it as the viewer may see it; a new viewer (hot-seat)
or a resumed game gets the whole story again from the session's history."""

from __future__ import annotations

from game.core.contract import Event


class LogPart:
    """Part of TableScene (scenes/table/base.py)."""

    def log_event(self, event: Event) -> None:
        if event.text:
            first = self.log.open and not self.log.entries
            self.log.add(event.text, event.player)
            if first:  # the collapsed log opens: the table makes room for it
                self.relayout()
                self._apply_places(self.card_places(self.shown or self.view()), None, instant=True)

    def refill_log(self) -> None:
        """The whole log again, as the (new) viewer may see it (a resumed game, a handoff)."""
        self.log.clear()
        for h in self.session.history(self.viewer):
            for e in h.events:
                self.log_event(e)
