"""The coach at the table: the Hint button (and its key, A) asks the session what the Normal AI
would do now for the person to act, and one sentence why (game/coach.py: decided from that
seat's own information, never the real state). The advice shows under the button, and the
card and target it names are outlined on the table, until the position changes.

The button is there when the session gives hints (a local game; not a network game unless
every seat agreed: `hints_off` says why) and the person at the screen has something to choose;
in hot-seat play that is the seat to act, once the screen has passed to it.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.contract import Action, IllegalAction
from scenes.manager import WIDTH
from sprites import cards as cardgfx
from sprites import text
from sprites.widgets import Button, fill_rounded

#: the hint's key at the tables and in the replay viewer (no table, game or app key uses it)
HINT_KEY = pygame.K_a
HINT_SIZE = (104, 30)
BOX_W = 262
#: the coach's colour (the outline also carries a "Hint" tag: colour is never alone)
COACH = (120, 232, 196)


class CoachPart:
    """Part of TableScene (scenes/table/base.py)."""

    #: the request waiting for the session's answer: (position key, seat)
    hint_wanted: tuple[Any, int] | None = None
    #: the advice shown: (position key, seat, Advice, whether its words show at the table)
    hint_shown: tuple[Any, int, Any, bool] | None = None
    #: the cards the advice uses (their sprites' keys)
    hint_cards: list[Any] = []
    hint_button: Button | None = None

    def hint_key(self) -> tuple:
        """What advice is about: the position and the seat the table is seen from."""
        return (self.session.version, self.viewer)

    def hint_seat(self) -> int | None:
        """The seat a hint is for: the person at the screen, when something is asked of them
        (after a hot-seat handoff, the new seat's person)."""
        p = self.acting_human()
        if p is None or self.handoff_pending or not self.legal(p):
            return None
        return p

    def ask_hint(self) -> None:
        """The button or the key: ask (again: put the advice away)."""
        if self.hint_shown is not None and self.hint_shown[0] == self.hint_key():
            self.hint_shown = None
            return
        off = self.session.hints_off()
        seat = self.hint_seat()
        if off is not None:
            self.toast(off)
        elif seat is None:
            self.toast("A hint is given when you have something to choose.")
        else:
            self.hint_wanted = (self.hint_key(), seat)
            self.take_hint()

    def take_hint(self) -> None:
        """The session's answer, once it is in (a local game works it out off this thread)."""
        if self.hint_wanted is None:
            return
        key, seat = self.hint_wanted
        if key != self.hint_key():  # the game moved on meanwhile
            self.hint_wanted = None
            return
        try:
            advice = self.session.hint(seat)
        except IllegalAction as e:
            self.hint_wanted = None
            self.toast(e.reason)
            return
        if advice is not None:
            self.hint_wanted = None
            self.show_advice(seat, advice)

    def show_advice(self, seat: int, advice: Any, words: bool = True) -> None:
        """Show `advice` for `seat` at this position: its card and target outlined, and (with
        `words`) its sentence under the button."""
        self.hint_shown = (self.hint_key(), seat, advice, words)
        action = advice.action
        sources = action.source if isinstance(action.source, tuple) else (action.source,)
        # the cards it names, and those the table's own gestures tie to it (a general chosen)
        self.hint_cards = [k for k in self.sprites if k in sources
                           or action in self.card_actions(k, seat)]

    def refresh_hint(self) -> None:
        """Each frame: the answer awaited, the advice forgotten once the position changed, the
        button shown when a hint may be asked."""
        self.take_hint()
        if self.hint_shown is not None and self.hint_shown[0] != self.hint_key():
            self.hint_shown = None
        show = self.session.hints_off() is None and self.hint_seat() is not None \
            and not self.timeline.busy and not self.aside
        if not show:
            if self.hint_button is not None:
                self.hint_button.visible = False
            return
        rect = self.hint_button_rect()
        if self.hint_button is None:
            self.hint_button = Button(rect, "Hint", self.ask_hint, "normal", 16,
                                      tooltip="What the Normal AI would do now, and why (A)")
        b = self.hint_button
        b.rect, b.visible = rect, True
        b.text = "Hint…" if self.hint_wanted is not None else "Hint (A)"

    def hint_button_rect(self) -> pygame.Rect:
        """In the log's title row when the log is open, else left of its tab."""
        w, h = HINT_SIZE
        if self.log_shown:
            return pygame.Rect(self.log_rect.centerx - w // 2 + 6, 7, w, h)
        return pygame.Rect(WIDTH - 34 - 10 - w, 8, w, h)

    # --- drawing ----------------------------------------------------------------------------
    def hint_rects(self, action: Action) -> list[pygame.Rect]:
        """Where the advised move is on the table: its card(s) and its target, else its
        button."""
        rects = [self.sprites[k].rect for k in self.hint_cards if k in self.sprites]
        spot = self.spot_of(action)
        if spot is not None:
            rects.append(spot.rect)
        if not rects:
            found = self.action_rect(action)
            if found is not None:
                rects.append(found)
        return rects

    def draw_hint(self, surface: pygame.Surface) -> None:
        if self.hint_button is not None and self.hint_button.visible:
            self.hint_button.draw(surface)
        if self.hint_shown is None:
            return
        _, seat, advice, words = self.hint_shown
        for r in self.hint_rects(advice.action):
            cardgfx.glow_rect(surface, r, COACH, width=6)
            tag = text.render("Hint", 14, (16, 30, 26), "bold")
            box = tag.get_rect(midbottom=(r.centerx, r.top - 1)).inflate(10, 4)  # just above
            box.clamp_ip(surface.get_rect())
            pygame.draw.rect(surface, COACH, box, border_radius=box.h // 2)
            surface.blit(tag, tag.get_rect(center=box.center))
        if words:
            self.draw_hint_words(surface, advice)

    def draw_hint_words(self, surface: pygame.Surface, advice: Any) -> None:
        """The advice: the move, then why (a few lines); in the log's column under the button,
        or over the table where it covers least, near the button."""
        anchor = self.hint_button_rect()
        lines = cardgfx.wrapped(advice.why, 15, BOX_W - 24)[:4]
        title = cardgfx.fit_text(f"Hint: {advice.move}", 16, COACH, BOX_W - 24, "bold")
        size = (BOX_W, 40 + 19 * len(lines))
        if self.log_shown:
            box = pygame.Rect((0, anchor.bottom + 6), size)
            box.right = WIDTH - 4
        else:
            box = self.place_notice(size, anchor)
        fill_rounded(surface, (14, 20, 26, 236), box, 10)
        fill_rounded(surface, (*COACH, 200), box, 10, 2)
        surface.blit(title, (box.x + 12, box.y + 9))
        y = box.y + 33
        for line in lines:
            surface.blit(text.render(line, 15, (228, 236, 232)), (box.x + 12, y))
            y += 19
