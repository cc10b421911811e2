"""The shared table (scenes/table.py) on a tiny test-only game, driven by real posted mouse
events under the dummy video driver: seat and card targets, select-then-target, aiming, the
button bar from legal actions, the banner from the prompt, counters from events, private events
and dice that enter the log when they land.

Target Practice (test-only): two players take turns, each holding three cards. On your turn
you throw a card at a seat (a hit for that seat), bank it in the "bank" zone, swap it with a
card of the row (a card target), roll the die (no gesture: a button) or pass. A thrown or
banked card is replaced from the stock: the new card is private to its owner. A drawn "aim" card
must be thrown at once (every legal action then uses it: aiming). Over after 8 turns.
"""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from game.core import decisions
from game.core.contract import Action, Game, Outcome, State
from game.core.rng import Rng
from game.local_session import LocalSession
from game.match import Match
from scenes.table import Place, TableScene
from sprites import cards as cardgfx
from sprites.zones import Zone
from tests.scene_helpers import click, drag, feed, match_of, post, pump, run_until, state_of

ROW = (20, 21)
AIM = 9  # the card that must be thrown at once


class TargetGame(Game):
    name = "target"
    title = "Target Practice"
    min_players = 2
    max_players = 2

    def new_state(self, players: int, seed: int, seats=None, **options: Any) -> TargetState:
        st = TargetState(self, players)
        st.rng = Rng(seed)
        st.hands = [[0, 1, 2], [3, 4, 5]]
        st.stock = [6, 7, 8, AIM, 10, 11, 12, 13]
        st.start_turn()
        return st

    def max_decisions(self, players: int) -> int:
        return 8


class TargetState(State):
    __slots__ = ("rng", "hands", "stock", "row", "bank", "hits", "turn", "current", "rolled")

    def __init__(self, game: Game, players: int) -> None:
        super().__init__(game, players)
        self.rng = Rng(0)
        self.hands: list[list[int]] = [[], []]
        self.stock: list[int] = []
        self.row = list(ROW)
        self.bank: list[int] = []
        self.hits = [0, 0]
        self.turn = 0
        self.current = 0
        self.rolled = 0

    def start_turn(self) -> None:
        if self.turn < 8:
            aim = AIM in self.hands[self.current]
            decisions.ask(self, "turn", self.current,
                          prompt="{seat}: throw your aim card" if aim else "{seat}: throw, bank, swap, roll or pass")

    def candidates(self, player: int) -> list[Action]:
        if decisions.asked(self) == "call_who":  # the second step of a call
            return [Action("call_at", None, seat, label=f"Call Player {seat + 1}") for seat in (0, 1)]
        hand = self.hands[player]
        if AIM in hand:
            return [Action("throw", AIM, seat, label=f"Throw at Player {seat + 1}") for seat in (0, 1)]
        out = [Action("throw", c, seat, label=f"Throw at Player {seat + 1}") for c in hand for seat in (0, 1)]
        out += [Action("bank", c, "bank", label="Bank it") for c in hand]
        out += [Action("swap", c, r, label="Swap") for c in hand for r in self.row]
        out += [Action("roll", label="Roll the die"), Action("call", label="Call a seat"),
                Action("pass", label="Pass")]
        return out

    def _apply(self, player: int, action: Action) -> None:
        k = action.kind
        if k == "call":  # a choice in two steps: whom to call comes next
            decisions.follow_up(self, "call_who", "call", prompt="{seat}: call whom?")
            return
        if k == "throw":
            self.hands[player].remove(action.source)
            self.hits[action.target] += 1
            self.emit("hit", f"Player {player + 1} hits Player {action.target + 1}", player,
                      card=action.source, counters=((action.target, "hits", self.hits[action.target]),))
            self.draw(player)
        elif k == "bank":
            self.hands[player].remove(action.source)
            self.bank.append(action.source)
            self.emit("bank", f"Player {player + 1} banks a card", player, card=action.source)
            self.draw(player)
        elif k == "swap":
            i, j = self.hands[player].index(action.source), self.row.index(action.target)
            self.hands[player][i], self.row[j] = self.row[j], self.hands[player][i]
            self.emit("swap", f"Player {player + 1} swaps", player, cards=[action.source, action.target])
        elif k == "roll":
            face = self.rng.randint(0, 5)
            self.rolled = face + 1
            self.emit("dice", f"Player {player + 1} rolls {face + 1}", player, die="ivory",
                      faces=["1", "2", "3", "4", "5", "6"], rolls=[face], total=face + 1,
                      counters=((None, "rolled", face + 1),))
        elif k == "call_at":
            self.emit("call", f"Player {player + 1} calls Player {action.target + 1}", player)
        decisions.pop(self)
        self.turn += 1
        self.current = 1 - self.current
        self.emit("phase", f"Turn {self.turn + 1}")
        self.start_turn()

    def draw(self, player: int) -> None:
        if self.stock:
            c = self.stock.pop(0)
            self.hands[player].append(c)
            self.emit("draw", f"Player {player + 1} draws a card", player,
                      private=f"You draw card {c}", seen_by=(player,), card=c)

    def _view(self, player: int | None) -> dict:
        return {"hands": [list(h) if p == player else [None] * len(h) for p, h in enumerate(self.hands)],
                "row": list(self.row), "bank": list(self.bank), "hits": list(self.hits),
                "rolled": self.rolled, "turn": self.turn}

    def is_over(self) -> bool:
        return self.turn >= 8

    def outcome(self) -> Outcome:
        return Outcome((0,), (0.0, 0.0))

    def determinize(self, player: int, rng) -> TargetState:
        """The other hand and the stock's order are what `player` does not know."""
        st = self.clone()
        hidden = st.hands[1 - player] + st.stock
        rng.shuffle(hidden)
        n = len(st.hands[1 - player])
        st.hands[1 - player], st.stock = hidden[:n], hidden[n:]
        st.rng = rng.fork()
        return st

    def clone(self) -> TargetState:
        st = TargetState(self.game, self.players)
        st.decisions = list(self.decisions)
        st.rng = self.rng.clone()
        st.hands = [list(h) for h in self.hands]
        st.stock, st.row, st.bank, st.hits = list(self.stock), list(self.row), list(self.bank), list(self.hits)
        st.turn, st.current, st.rolled = self.turn, self.current, self.rolled
        return st

    def to_json(self) -> dict:
        return {"hands": self.hands, "stock": self.stock, "row": self.row, "bank": self.bank,
                "hits": self.hits, "turn": self.turn, "rolled": self.rolled,
                "decisions": decisions.stack_to_json(self.decisions)}

    def card_ids(self) -> list[int]:
        return [c for h in self.hands for c in h] + self.stock + self.row + self.bank


def _rule(s, p, a):
    return None


TargetState.checks = {"throw": _rule, "bank": _rule, "swap": _rule, "roll": _rule, "pass": _rule,
                      "call": _rule, "call_at": _rule}
GAME = TargetGame()


class TargetTable(TableScene):
    """Seat 1's area at the top, yours at the bottom, the row and the bank in the middle."""

    card_target_kinds = frozenset({"swap"})
    AREAS = {0: pygame.Rect(200, 500, 500, 160), 1: pygame.Rect(200, 60, 500, 160)}

    def layout(self) -> None:
        self.zones["bank"] = Zone("bank", pygame.Rect(760, 280, 140, 160), "bank")
        self.zones["row"] = Zone("row", pygame.Rect(300, 280, 260, 160))

    def tray_rect(self):
        return pygame.Rect(600, 60, 330, 200)

    def seat_rect(self, seat: int):
        return self.AREAS[seat]

    def card_places(self, view: dict) -> list[Place]:
        places = []
        for i, c in enumerate(view["row"]):
            places.append(Place(c, ("c", c), cardgfx.TABLE, (360 + i * 100, 360), "row"))
        for c in view["bank"]:
            places.append(Place(c, ("c", c), cardgfx.TABLE, (830, 360), "bank", 1))
        for seat, hand in enumerate(view["hands"]):
            r = self.AREAS[seat]
            for i, c in enumerate(hand):
                key = c if c is not None else ("back", seat, i)
                places.append(Place(key, ("c", c) if c is not None else None, cardgfx.TABLE,
                                    (r.x + 60 + i * 90, r.centery), f"hand:{seat}"))
        return places

    def counters_from_view(self, view: dict) -> dict:
        return {(0, "hits"): view["hits"][0], (1, "hits"): view["hits"][1], (None, "rolled"): view["rolled"]}

    def hand_keys(self) -> list:
        return list(self.session._match.state.hands[self.viewer])


@pytest.fixture
def app(tmp_path, monkeypatch):
    from game import registry
    from scenes import storage, tables
    from scenes.app import App

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    monkeypatch.setitem(registry._games, GAME.name, GAME)
    monkeypatch.setitem(tables.TABLES, GAME.name, TargetTable)
    a = App(smoke=True, settings=storage.Settings(animation_speed="x4"))
    yield a
    pygame.event.clear()


def open_target(app, seats=("you", "human"), hands=None) -> TargetTable:
    match = Match("target", 2, 1, list(seats))
    if hands is not None:
        match.state.hands = hands
        match.state.decisions.clear()
        match.state.start_turn()
    app.open_table(LocalSession(match))
    table = app.manager.stack[0]
    if app.manager.top is not table:  # hot-seat: the "pass to" cover first
        app.manager.top.done()
    table.sync(animate=False)
    pump(app, 2)
    return table


def settle(app, table) -> None:
    assert run_until(app, lambda: not table.timeline.busy, timeout=5)
    pump(app, 2)


def last(table):
    return match_of(table).record.actions[-1]


def test_a_card_dropped_on_a_seat_aims_the_action_at_that_seat(app):
    table = open_target(app)
    drag(table.sprites[0].rect.center, table.AREAS[1].center)
    feed(app)
    assert last(table) == (0, Action("throw", 0, 1))


def test_a_card_dropped_on_a_card_target_uses_it(app):
    table = open_target(app)
    drag(table.sprites[1].rect.center, table.sprites[21].rect.center)
    feed(app)
    assert last(table) == (0, Action("swap", 1, 21))


def test_click_a_card_then_click_a_glowing_target(app):
    table = open_target(app)
    click(table.sprites[2].rect.center)
    feed(app)
    assert table.selected == 2
    assert table.glow_seats == {0, 1} and table.glow_cards == set(ROW)
    assert table.zones["bank"].glow
    assert not match_of(table).record.actions  # nothing happens until the target is clicked
    pump(app, 30)  # long after: not a double click
    click(table.zones["bank"].rect.midtop)
    feed(app)
    assert last(table) == (0, Action("bank", 2, "bank"))
    assert table.selected is None and not table.glow_seats


def test_a_click_on_nothing_puts_the_selected_card_down(app):
    table = open_target(app)
    click(table.sprites[2].rect.center)
    feed(app)
    pump(app, 30)
    click((80, 400))
    feed(app)
    assert table.selected is None and not table.zones["bank"].glow
    assert not match_of(table).record.actions


def test_when_one_card_must_be_aimed_its_targets_glow_without_a_first_click(app):
    table = open_target(app, hands=[[AIM, 1, 2], [3, 4, 5]])
    pump(app, 2)
    assert table.glow_seats == {0, 1}
    click((table.AREAS[1].x + 5, table.AREAS[1].y + 5))  # the seat's area, away from its cards
    feed(app)
    assert last(table) == (0, Action("throw", AIM, 1))


def test_actions_with_no_gesture_are_a_button_bar_from_the_legal_actions(app):
    table = open_target(app)
    assert [b.text for b in table.bar] == ["Pass", "Call a seat", "Roll the die"]  # right to left
    click(table.bar[0].rect.center)
    feed(app)
    assert last(table) == (0, Action("pass"))


def test_the_button_bar_waits_for_the_animation(app):
    table = open_target(app)
    table.apply(0, Action("pass"))
    pump(app, 1)
    assert table.timeline.busy and table.bar == []


def test_the_banner_is_the_rules_prompt(app):
    table = open_target(app)
    assert table.banner_text() == state_of(table).prompt(0) == "Player 1: throw, bank, swap, roll or pass"
    table.apply(0, Action("pass"))
    settle(app, table)
    assert table.banner_text() == state_of(table).prompt(0)


def test_counters_come_from_the_events_as_they_play(app):
    table = open_target(app)
    assert table.counter("hits", 1) == 0
    table.apply(0, Action("throw", 0, 1))
    assert table.counter("hits", 1) == 0  # the event has not played yet
    assert run_until(app, lambda: table.counter("hits", 1) == 1, timeout=5)
    settle(app, table)
    assert table.counter("hits", 1) == 1


def test_a_private_event_shows_its_text_only_to_its_seat(app):
    table = open_target(app, seats=("you", "human"))
    table.apply(0, Action("bank", 0, "bank"))
    settle(app, table)
    mine = [t for t, _ in table.log.entries]
    assert "You draw card 6" in mine and "Player 1 draws a card" not in mine
    table.switch_viewer(1)  # the hot-seat handoff: the log is what seat 1 may read
    theirs = [t for t, _ in table.log.entries]
    assert "Player 1 draws a card" in theirs and "You draw card 6" not in theirs


def test_a_roll_enters_the_log_when_its_die_lands(app):
    table = open_target(app)
    table.apply(0, Action("roll"))
    assert run_until(app, lambda: table.tray.dice, timeout=5)
    assert not any("rolls" in t for t, _ in table.log.entries)  # still tumbling
    assert "rolls" not in table.banner_text(), "nor does the banner"
    settle(app, table)
    assert table.tray.is_settled()
    assert any("rolls" in t for t, _ in table.log.entries)
    assert table.tray.total == state_of(table).rolled == table.counter("rolled")


def test_while_events_play_the_banner_shows_what_is_animated_not_the_old_question(app):
    table = open_target(app, seats=("you", "ai:random"))
    table.run_ai = lambda: None
    asked = table.banner_text()
    table.apply(0, Action("throw", 0, 1))
    seen = []
    while table.timeline.busy:
        pump(app, 1)
        seen.append(table.banner_text())
    assert asked not in seen[:-1]
    assert "Player 1 hits Player 2" in seen and "Turn 2" in seen
    assert table.banner_text() == state_of(table).prompt(0)  # still again: the rules' prompt


def test_the_table_plays_its_sounds_on_events(app, monkeypatch):
    from sprites import sound

    played = []
    monkeypatch.setattr(sound, "play", played.append)
    table = open_target(app, seats=("you", "ai:random"))
    table.apply(0, Action("roll"))
    settle(app, table)
    assert "dice_rattle" in played
    assert run_until(app, lambda: table.acting_human() == 0 and not table.timeline.busy, timeout=10)
    pump(app, 2)
    assert "turn_chime" in played, "your turn again: a chime"
    played.clear()
    table.apply(0, Action("throw", 0, 1))
    settle(app, table)
    assert {"card_slide", "card_snap"} <= set(played)


def test_a_coin_flip_lands_in_the_tray_on_the_rules_side_and_is_logged_then(app):
    from game.core.contract import Event

    table = open_target(app)
    table.run_ai = lambda: None
    flip = Event("coin", "Player 1 flips: heads", 0, {"side": "heads"})
    table.sync(events=[flip])
    assert run_until(app, lambda: table.tray.coin is not None, timeout=5)
    assert "Player 1 flips: heads" not in [t for t, _ in table.log.entries]
    settle(app, table)
    assert table.tray.coin.shown_side() == "heads"
    assert "Player 1 flips: heads" in [t for t, _ in table.log.entries]


def test_a_game_scene_lays_out_and_draws_in_at_most_500_lines():
    """What every table shares lives in scenes/table/ and sprites/; a game's scene is short."""
    import inspect

    from scenes.tables import TABLES

    sizes = {name: len(inspect.getsource(inspect.getmodule(TABLES[name])).splitlines())
             for name in TABLES}
    assert {name: n for name, n in sizes.items() if n > 500} == {}


def _inside_and_apart(table):
    area = table.free_area()
    rects = [n.rect for n in table.notes]
    assert all(area.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert not any(n.about is not None and n.rect.colliderect(n.about) for n in table.notes)


def test_notices_and_toasts_stack_inside_the_table_never_over_what_they_describe(app):
    """Fault 5: one system: every note inside the table (log open or not), none over another
    or over what it is about; the same words again refresh the old note."""
    table = open_target(app)
    seat = table.seat_rect(0)
    for i in range(3):
        table.notice(f"Notice {i}", "A body long enough to wrap onto a second line of words.",
                     about=seat)
    table.toast("A reason", about=table.zones["bank"].rect)
    _inside_and_apart(table)
    table.toast("A reason", about=table.zones["bank"].rect)
    assert [n.title for n in table.notes].count("A reason") == 1
    post(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0)
    pump(app, 1)  # the log opens or closes: the table narrows or widens
    _inside_and_apart(table)
    pump(app, 400)  # 2.5 s for a toast, 2.6 s at ×1 for a notice: all gone
    assert table.notes == []


def test_rising_numbers_that_would_start_together_are_stacked_and_kept_inside(app):
    table = open_target(app)
    for _ in range(4):
        table.float_text("-3", (table.table_rect.right - 2, 52), (255, 90, 80), 26)
    starts = [f.rect(0) for f in table.floaters]
    assert not any(a.colliderect(b) for i, a in enumerate(starts) for b in starts[i + 1:])
    assert all(table.table_rect.contains(r) for r in starts)


def test_dice_are_cleared_once_the_next_turn_begins(app):
    """Fault 7: a roll lies in the tray while its turn is shown, and goes a moment after the
    table shows the next turn (the roll is no longer relevant)."""
    table = open_target(app, seats=("you", "ai:random"))
    table.run_ai = lambda: None  # the other seat waits: the table stays on the next turn
    table.apply(0, Action("roll"))
    settle(app, table)
    assert table.tray.dice and table.last_roll is not None  # the roll is seen once it lands
    pump(app, int(60 * table.STALE_ROLL / table.speed) + 5)
    assert not table.tray.dice and table.last_roll is None
    table.relayout()  # a rebuilt tray does not bring the old roll back
    assert not table.tray.dice


def test_the_seat_to_act_is_tagged_on_the_table_and_a_thinking_ai_on_its_seat(app):
    """Fault 10: whose turn it is shows at the seat itself (not only in the banner); while an
    AI thinks, its seat says so."""
    table = open_target(app, seats=("you", "ai:random"))
    assert table.seat_tag(0) == "your turn" and table.seat_tag(1) == ""
    table.session.pace(0.0, 5.0)
    table.apply(0, Action("pass"))
    settle(app, table)  # (on a busy machine the AI may have answered already)
    assert run_until(app, lambda: table.thinking_seat() == 1 or table.session.to_act() == (0,))
    if table.thinking_seat() == 1:
        assert table.seat_tag(1).startswith("thinking")
    settle(app, table)
    assert run_until(app, lambda: table.seat_tag(0) == "your turn", timeout=10)


@pytest.mark.parametrize("game,players", [("madoka", 3), ("bloodborne", 3), ("mhtcg", 3),
                                          ("hermitcraft", 2), ("sanguosha", 5)])
def test_every_table_pins_the_seat_tag_at_the_seat(game, players, tmp_path, monkeypatch):
    from tests.scene_helpers import make_app
    from tests.scene_helpers import open_table as open_game

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    table = open_game(make_app(), game, players)
    for seat in range(players):
        anchor, point = table.thinking_point(seat)
        assert table.seat_rect(seat).inflate(140, 60).collidepoint(point), (seat, point)
        assert table.table_rect.collidepoint(point)


@pytest.mark.parametrize("game,players", [("madoka", 3), ("hermitcraft", 2), ("mhtcg", 3)])
def test_a_card_dropped_out_of_turn_says_the_rules_reason_not_a_generic_note(
        game, players, tmp_path, monkeypatch):
    """Fault 11: a drop that does nothing, even on no place at all, shows the rules module's
    own reason for what the card would do."""
    from tests.scene_helpers import empty_spot, make_app, seed_where
    from tests.scene_helpers import open_table as open_game

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    app = make_app()
    table = open_game(app, game, players, seed=seed_where(game, players, 1))
    table.run_ai = lambda: None
    key = table.hand_keys()[0]
    sprite = table.sprites[key]
    before = state_of(table).to_json()
    drag(sprite.rect.center, empty_spot(table))
    pump(app, 2)
    reason = table.session.reason(0, table.card_action(sprite))
    assert reason and table.last_toast == reason
    assert state_of(table).to_json() == before


def test_undo_takes_back_a_move_that_revealed_nothing(app):
    """Fault 9 at the table: after a swap (nothing hidden, nothing random) the Undo button
    stands at the left of the bar; a click puts the table back as it was, log included."""
    table = open_target(app, seats=("you", "ai:random"))
    table.run_ai = lambda: None
    before, log = json.dumps(state_of(table).to_json()), list(table.log.entries)
    table.apply(0, next(a for a in table.legal() if a.kind == "swap"))
    settle(app, table)
    assert table.undo_button is not None and table.undo_button.visible
    click(table.undo_button.rect.center)
    settle(app, table)
    assert json.dumps(state_of(table).to_json()) == before and table.log.entries == log
    assert match_of(table).record.actions == [] and table.undo_button is None
    assert "Taken back: Swap" == table.last_toast


def test_backspace_undoes_and_a_random_or_revealing_move_offers_no_undo(app):
    table = open_target(app, seats=("you", "ai:random"))
    table.run_ai = lambda: None
    table.apply(0, Action("pass"))
    settle(app, table)
    post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
    pump(app, 2)
    assert match_of(table).record.actions == []
    table.apply(0, Action("roll"))  # a random number was drawn
    settle(app, table)
    assert table.undo_button is None and not table.may_undo()
    table.session.apply(1, Action("throw", 3, 0))  # draws a card Player 2 did not know
    table.take_news()
    settle(app, table)
    assert table.session.can_undo(1) is False


def test_a_choice_in_two_steps_says_what_is_chosen_and_has_a_visible_cancel(app):
    """Fault 8: the second step shows what is being chosen in the banner and a Cancel button
    beside it; Cancel takes the first step back."""
    table = open_target(app, seats=("you", "ai:random"))
    table.run_ai = lambda: None
    before = json.dumps(state_of(table).to_json())
    click(next(b for b in table.bar if b.text == "Call a seat").rect.center)
    settle(app, table)
    assert table.banner_text() == "Player 1: call whom?"
    assert table.cancel_button is not None
    assert table.cancel_button.rect.left > table.banner_box(table.banner_text()).right
    click(table.cancel_button.rect.center)
    settle(app, table)
    assert json.dumps(state_of(table).to_json()) == before and table.cancel_button is None


def test_a_selected_card_shows_a_cancel_that_puts_it_down(app):
    table = open_target(app)
    click(table.sprites[0].rect.center)
    pump(app, 2)
    assert table.selected == 0 and table.cancel_button is not None
    assert "Choose" in table.banner_text()
    click(table.cancel_button.rect.center)
    pump(app, 2)
    assert table.selected is None and table.cancel_button is None
