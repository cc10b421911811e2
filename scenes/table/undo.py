"""Taking a move back, and the visible Cancel of every choice in several steps.

- Undo: the person at the screen may take back their last move while the session allows it
  (a local game: no other seat has acted since, and the move revealed nothing new — see
  game/local_session.py). A small "Undo" button at the left of the button bar, or Ctrl+Z /
  Backspace; the cards glide back and the log loses the move.
- Choosing: while a choice is half made — a card selected and its targets glowing, a skill
  aimed, or the rules asking the same person the next step of their move — the banner says
  what is being chosen and a "Cancel" button stands beside it (Esc too): it puts the card
  down, or takes the first step back.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.contract import IllegalAction
from sprites import text
from sprites.widgets import Button

UNDO_KEYS = (pygame.K_BACKSPACE,)


class UndoPart:
    """Part of TableScene (scenes/table/base.py)."""

    _undo_key: Any = None
    _undo_ok = False
    _follow: tuple[Any, bool] = (None, False)
    _asked: dict[int, str] | None = None  # the kind of question asked at each version seen
    #: the choice half made now (`choosing`), as the last update found it
    choice: tuple[str, Any] | None = None
    undo_button: Button | None = None
    cancel_button: Button | None = None

    # --- undo -------------------------------------------------------------------------------
    def may_undo(self) -> bool:
        """Whether the person at the screen may take their last move back now (asked once
        per position)."""
        key = (self.session.version, self.viewer, self.timeline.busy, self.handoff_pending)
        if key != self._undo_key:
            self._undo_key = key
            ask = getattr(self.session, "can_undo", None)
            seat = self.viewer
            self._undo_ok = (ask is not None and seat is not None and not self.is_ai(seat)
                             and not self.timeline.busy and not self.handoff_pending
                             and not self.finished and ask(seat))
        return self._undo_ok

    def take_back(self) -> None:
        """Undo the viewer's last move: the table shows the position before it again."""
        if not self.may_undo():
            return
        seat = self.viewer
        last = next((h for h in reversed(self.session.history(seat)) if h.seat == seat), None)
        try:
            self.session.undo(seat)
        except IllegalAction as e:
            self.toast(e.reason)
            return
        self.deselect()
        self.close_menu()
        self.cancel_drag()
        self.refill_log()
        self._bar_key = self._aim_key = None
        self.sync(animate=True)
        words = last.action.label if last is not None and last.action is not None else ""
        self.toast(f"Taken back: {words}" if words else "Your last move was taken back.")

    # --- a choice half made -----------------------------------------------------------------
    def choosing(self) -> tuple[str, Any] | None:
        """(what is being chosen, how to cancel it) while a choice is half made, else None."""
        self.note_asked()
        if self.timeline.busy or self.handoff_pending or self.acting_human() is None:
            return None
        if self.selected is not None:
            return self.choosing_words(self.selected), self.deselect
        if self.follow_up() and self.may_undo():
            return self.prompt_text, self.take_back
        return None

    def follow_up(self) -> bool:
        """The rules ask the person at the screen the next step of the move they just made:
        the last move was theirs and the question now is another kind than the one it
        answered (a card, then its target). Asked once per position."""
        version = self.note_asked()
        key = (version, self.viewer)
        if self._follow[0] != key:
            seat = self.viewer
            hist = self.session.history(seat)
            before = self._asked.get(version - 1)
            self._follow = (key, bool(hist) and hist[-1].seat == seat and before is not None
                            and before != self._asked[version] and seat in self.session.to_act())
        return self._follow[1]

    def note_asked(self) -> int:
        """Remember the kind of question asked at this version (the last few kept); returns
        the version."""
        version = self.session.version
        if self._asked is None or len(self._asked) > 64:
            self._asked = {v: k for v, k in (self._asked or {}).items() if v >= version - 8}
        self._asked.setdefault(version, self.session.asked())
        return version

    def choosing_words(self, selected: Any) -> str:
        """What a selected card waits for (a game may name the card)."""
        return "Choose where the selected card goes: click a glowing place"

    # --- buttons ----------------------------------------------------------------------------
    def refresh_undo(self) -> None:
        """The Undo button at the left of the button bar, and Cancel beside the banner."""
        choice = self.choice = self.choosing()
        if choice is None:
            self.cancel_button = None
        else:
            words, cancel = choice
            box = self.banner_box(words)
            r = pygame.Rect(box.right + 8, box.y + 2, 96, box.h - 4)
            r.right = min(r.right, self.table_rect.right - 8)
            if self.cancel_button is None or self.cancel_button.rect != r:
                self.cancel_button = Button(r, "Cancel", None, "normal", size=16,
                                            tooltip="Esc also cancels")
            self.cancel_button.on_click = cancel
        if self.may_undo() and choice is None:
            bar = self.button_bar_rect()
            r = pygame.Rect(bar.x, bar.y, text.width("Undo", 16, "bold") + 40, bar.h)
            if self.undo_button is None or self.undo_button.rect != r:
                self.undo_button = Button(r, "Undo", self.take_back, "ghost", size=16,
                                          tooltip="Take back your last move (Backspace)")
        else:
            self.undo_button = None

    def undo_buttons(self) -> list[Button]:
        return [b for b in (self.cancel_button, self.undo_button) if b is not None]

    def undo_event(self, event: pygame.event.Event) -> bool:
        for b in self.undo_buttons():
            if b.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and (event.key in UNDO_KEYS or (
                event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL)):
            if self.cancel_button is not None:
                self.cancel_button.activate()
                return True
            if self.may_undo():
                self.take_back()
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.drag is None \
                and self.selected is None and self.cancel_button is not None:
            self.cancel_button.activate()  # Esc: the first step of the move is taken back
            return True
        return False

    def draw_undo(self, surface: pygame.Surface) -> None:
        for b in self.undo_buttons():
            b.update(0.0)
            b.draw(surface)

