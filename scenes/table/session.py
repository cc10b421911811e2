"""The table's side of the session (game/session.py): the seat it serves, the legal actions of
that seat, applying a gesture's action, collecting what happened — a person's move at once,
the others' (bots, remote players) when the table is still and has shown the last move for
`AI_MIN` seconds — and conceding. The table never holds the rules state: only views, actions
and events."""

from __future__ import annotations

import time
from typing import Any

from game.core.contract import Action, IllegalAction
from game.session import AI, YOU

AI_MIN = 0.40  # another seat's move waits this long on a still table, at ×1


class SessionPart:
    """Part of TableScene: everything it asks the session."""

    session: Any
    #: questions a person holding nothing to answer them with is passed through (a game's
    #: response windows), when Pass is then their only legal action
    auto_pass_questions: frozenset[str] = frozenset()

    # --- who sits where ---------------------------------------------------------------------
    def is_ai(self, seat: int) -> bool:
        return self.seat_info[seat].kind == AI

    def seat_name(self, seat: int) -> str:
        """"You" for the one person at the screen, else the rules' name of the seat."""
        info = self.seat_info[seat]
        if info.kind == YOU and sum(1 for s in self.seat_info if s.kind != AI) == 1:
            return "You"
        return info.name

    def human_seats(self) -> list[int]:
        """The seats people play at this screen (none at a table only watched: a replay)."""
        if self.session.watched:
            return []
        return [p for p, s in enumerate(self.seat_info) if s.kind != AI]

    def humans_to_act(self) -> list[int]:
        if self.session.watched:
            return []
        return [p for p in self.session.to_act() if self.seat_info[p].kind != AI]

    @property
    def me(self) -> int:
        """The seat the table is seen from (seat 0 when every seat is AI)."""
        return self.viewer if self.viewer is not None else 0

    def others(self) -> list[int]:
        """The other seats, in turn order after yours."""
        n = self.session.players
        return [(self.me + k) % n for k in range(1, n)]

    def acting_human(self) -> int | None:
        """The seat whose turn it is that the person at the screen plays, else None."""
        return self.viewer if self.viewer is not None and self.viewer in self.humans_to_act() else None

    def view(self) -> Any:
        return self.session.view(self.viewer)

    # --- the rules' answers -----------------------------------------------------------------
    def legal(self, player: int | None = None) -> list[Action]:
        """The seat's legal actions (remembered for the position: a frame asks many times)."""
        p = self.acting_human() if player is None else player
        if p is None or self.session.is_over():
            return []
        key = (p, self.session.version)
        if self._legal[0] != key:
            self._legal = (key, self.session.legal_actions(p))
        return self._legal[1]

    def position_key(self) -> tuple:
        """What the calls to action depend on: the position, the viewer, the animation."""
        return (self.session.version, self.viewer, self.timeline.busy, self.layout_version,
                self.handoff_pending)

    def cost(self, player: int, action: Action) -> str:
        """What `action` costs, in words, shown where it is chosen."""
        return self.session.cost(player, action)

    def loses(self, player: int, action: Action) -> str | None:
        """Why `action` would end the game in a loss (the table then asks first)."""
        return self.session.loses(player, action)

    # --- acting -----------------------------------------------------------------------------
    def apply(self, player: int, action: Action, confirmed: bool = False) -> bool:
        """Send the action; on refusal toast the rules' reason. True if applied. A person's
        action that would lose the game is asked about first (`loses`)."""
        if not confirmed and not self.is_ai(player):
            danger = self.loses(player, action)
            if danger:
                self.confirm_loss(player, action, danger)
                return False
        try:
            self.session.apply(player, action)
        except IllegalAction as e:
            self.toast(e.reason)
            return False
        self.take_news()
        return True

    def take_news(self) -> None:
        """What happened since the last look, as the viewer may see it, played as animations."""
        got = self.session.poll(self.viewer)
        if not got:
            return
        events = [e for h in got for e in h.events]
        self._moved_by = {id(e): h.seat for h in got for e in h.events}
        for e in events:
            if e.kind == "ai_error":
                self.toast(e.text)
        self.deselect()
        self._bar_key = None
        self.sync(events=events)

    def done_for(self, event) -> bool:
        """Whether `event` is something the rules did for its seat in another seat's move (a
        card chosen for you, an answer given when your time ran out): the table says so."""
        moved = getattr(self, "_moved_by", {}).get(id(event))
        return event.player is not None and moved is not None and moved != event.player

    def refuse(self, player: int | None, action: Action | None, fallback: str,
               about: Any = None) -> None:
        """Toast why a gesture does nothing (beside `about`): the rules' reason for `action`
        (nothing changes); `fallback` when the gesture means no action at all."""
        if player is None:
            self.toast(self.not_your_turn(), about=about)
        elif action is None:
            self.toast(fallback, about=about)
        else:
            self.toast(self.session.reason(player, action) or fallback, about=about)

    def not_your_turn(self) -> str:
        acting = self.session.to_act()
        if not acting:
            return "The game is over."
        return f"Wait: it is {self.seat_name(acting[0])}'s turn."

    def auto_pass(self) -> None:
        """A question of `auto_pass_questions` where Pass is your only answer: Pass for you
        (the auto_pass setting, on unless switched off)."""
        if not self.auto_pass_questions or not self.setting("auto_pass", True) \
                or self.timeline.busy or self.handoff_pending:
            return
        if self.session.asked() not in self.auto_pass_questions:
            return
        acts = self.legal()
        if len(acts) == 1 and acts[0].kind == "pass":
            self.apply(self.acting_human(), acts[0])

    # --- the other seats --------------------------------------------------------------------
    def run_ai(self) -> None:
        """Once the table is still and has shown the last move long enough, collect the next
        moves (the session's bots think meanwhile, off this thread)."""
        if self.finished or self.session.is_over() or self.timeline.busy:
            return
        shown = AI_MIN / self.speed  # (0 when instant)
        self.session.pace(shown, self.think_seconds())
        if self._still_since is not None and time.monotonic() - self._still_since >= shown:
            self.take_news()

    # --- conceding --------------------------------------------------------------------------
    def seats_at_screen(self) -> list[int]:
        """The seats of the person at the screen: the one the table is seen from, if a person
        plays it (none while bots play every seat)."""
        return [self.viewer] if self.viewer is not None and not self.is_ai(self.viewer) else []

    def concede(self, seats: list[int]) -> bool:
        """`seats` concede (the rules' concede action, logged and saved like any move). A game
        that ends shows its results once the table has shown the last events; one that goes
        on has a bot at each conceded seat: with people left it goes on for them (the screen
        passes to the next), with none the game is kept in the History and the app goes back
        to the menu. False (and a toast) when the rules refuse."""
        try:
            for seat in seats:
                self.session.concede(seat)
        except IllegalAction as e:
            self.toast(e.reason)
            return False
        self.seat_info = self.session.seats()
        self.take_news()
        if self.session.is_over():
            return True  # `check_game_over` opens the results
        people = self.human_seats()
        if not people:
            self.finished = True
            self.app.leave_game(self.session, "Game conceded.")
        elif self.viewer not in people:
            self.hand_over(people[0])
        return True

    def ask_concede(self, words: str = "Concede: the game is lost") -> None:
        """A button of the table's own (a Surrender flag): asked first, then `concede`."""
        seats = self.seats_at_screen()
        if self.session.is_over() or not seats:
            return

        def answer(yes: bool) -> None:
            if yes and not self.session.is_over():
                self.concede(seats)
        self.open_menu([(False, "Cancel"), (True, words)], self.mouse, answer,
                       title="Give up this game?")

    def thinking_seat(self) -> int | None:
        return self.session.thinking()

    def check_game_over(self) -> None:
        if self.finished or not self.session.is_over() or self.timeline.busy \
                or self.session.watched:  # the scene around a watched table goes on
            return
        self.finished = True
        self.session.close()
        if hasattr(self.app, "open_results"):
            self.app.open_results(self.session)
