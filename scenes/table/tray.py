"""The dice tray: a "dice" or "coin" event is thrown into it and enters the log when it
lands; the last roll lies in it again after a relayout, until the next step of the game
begins (a new round or turn: `tray_round`), when it is cleared."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.contract import Event
from scenes.table.pieces import TrayWait
from sprites import sound, text
from sprites.dice import DiceTray
from sprites.tween import Wait


class TrayPart:
    """Part of TableScene (scenes/table/base.py)."""

    _roll_round: Any = None  # the round or turn of the last roll
    _stale_in: float | None = None  # seconds until a roll of a past round is cleared

    def draw_tray(self, surface: pygame.Surface) -> None:
        """The tray, the kind of die in it (in words, not only in paint), or its idle text."""
        tray = self.tray
        tray.draw(surface)
        r = tray.rect
        if tray.dice and self.last_roll is not None and "die" in self.last_roll:
            t = text.render(f"{self.last_roll['die']} die", 14, (236, 224, 210), "bold")
            surface.blit(t, (r.x + 16, r.y + 12))
        elif not tray.dice and tray.coin is None:
            line, sub = self.tray_idle_text()
            t = text.render(line, 15, (230, 214, 200), "bold")
            surface.blit(t, t.get_rect(center=(r.centerx, r.centery - 18)))
            if sub:
                f = text.render(sub, 14, (220, 204, 190))
                surface.blit(f, f.get_rect(center=(r.centerx, r.centery + 4)))


    #: seconds at ×1 a roll stays once its round or turn is over
    STALE_ROLL = 1.2

    def tray_round(self, view: Any) -> Any:
        """What a roll belongs to: the round or turn it was thrown in (the view's "round" or
        "turn"); when the table shows another one, the dice are cleared."""
        if not isinstance(view, dict):
            return None
        return view.get("round", view.get("turn"))

    def has_roll(self) -> bool:
        """Whether a roll lies in the tray (a game with its own dice or coins says so too)."""
        return self.last_roll is not None

    def age_tray(self, dt: float) -> None:
        """Once the table is still in another round or turn than the last roll's, the dice
        lie a moment longer (`STALE_ROLL`), then the tray is cleared."""
        if not self.has_roll() or self.timeline.busy:
            return
        if self._stale_in is None:
            now = self.tray_round(self.shown)
            if now is not None and now != self._roll_round:
                self._stale_in = self.STALE_ROLL
            return
        self._stale_in -= dt * self.steady_speed
        if self._stale_in <= 0:
            self.clear_tray()

    def place_tray(self, rect: pygame.Rect | None) -> None:
        """(Re)build the dice tray where the layout wants it; the last roll lies in it again."""
        if rect is None:
            self.tray, self._tray_rect = None, None
            return
        if self.tray is not None and rect == self._tray_rect:
            return
        if self.tray is not None:
            self.tray.finish()  # a roll in progress completes (its TrayWait then ends)
        self._tray_rect = pygame.Rect(rect)
        self.tray = DiceTray(rect, felt=self.tray_felt, die_size=self.die_size)
        if self.last_roll is not None:
            self._throw_data(self.last_roll)
            self.tray.finish()

    def _throw_data(self, roll: dict) -> None:
        if roll["kind"] == "coin":
            self.tray.toss_coin(roll["side"], seed=self.rolls)
        else:
            self.tray.throw_event(roll, seed=self.rolls)

    def throw(self, event: Event, landed: bool = False) -> Any:
        """Throw a "dice" event's dice (or toss a "coin" event's coin) into the tray; the
        returned TrayWait logs it when it lands."""
        if self.tray is None:
            return Wait(0.0)
        self.rolls += 1
        self.last_roll = {**event.data, "kind": event.kind}
        self._roll_round, self._stale_in = self.tray_round(self.shown), None
        self._throw_data(self.last_roll)
        if landed:
            self.tray.finish()
            return Wait(0.0)
        if event.kind == "dice":
            sound.play("dice_rattle")

        def on_land() -> None:
            if event.kind == "coin":
                sound.play("coin_ring")
            self.show_stage(event)
            self.log_event(event)
        return TrayWait(self.tray, on_done=on_land)

    def clear_tray(self) -> None:
        """Take the dice away (a new monster, a new turn: the old roll is not its roll)."""
        self.last_roll = None
        self._stale_in = None
        if self.tray is not None:
            self.tray.clear()

    def tray_rect(self) -> pygame.Rect | None:
        """Where the dice tray lies (None: the table has no dice)."""
        return None

    def tray_idle_text(self) -> tuple[str, str]:
        """What the empty tray says (a line and a smaller one), e.g. which die comes next."""
        return "Dice tray", ""
