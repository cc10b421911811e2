"""The Hermitcraft table and its card faces, driven by real pygame events (dummy video driver).

The game is registered for these tests only (game.registry is the rules engineer's to change).
"""

from __future__ import annotations

import pygame
import pytest

import game.registry as registry
from game.hermitcraft import GAME
from sprites import hermitcraft_cards as hc
from tests import test_card_faces as tf


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    monkeypatch.setitem(registry._games, "hermitcraft", GAME)
    if "hermitcraft" not in registry.GAME_PACKAGES:
        monkeypatch.setattr(registry, "GAME_PACKAGES", (*registry.GAME_PACKAGES, "hermitcraft"))


@pytest.mark.parametrize("size", list(hc.FACE_SIZES.values()), ids=list(hc.FACE_SIZES))
def test_no_hermitcraft_face_cuts_its_text_or_misses_a_glyph(size, monkeypatch):
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    problems = []
    for colourblind in (False, True):
        for label, build in hc.card_faces(GAME, size, colourblind):
            card, seen = tf.draw_face(build, monkeypatch)
            assert card.get_size() == size, label
            problems += tf.problems_of(label, card, seen)
    assert not problems, "\n".join(sorted(set(problems))[:40])


# --- the table, with real mouse events ---------------------------------------------------------

from game.core.contract import Action  # noqa: E402
from game.local_session import LocalSession  # noqa: E402
from game.match import Match  # noqa: E402
from tests.scene_helpers import drag, feed, match_of, pump, state_of  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    from scenes import storage
    from scenes.app import App

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    a = App(smoke=True, settings=storage.Settings(animation_speed="x4"))
    yield a
    pygame.event.clear()


def first_turn_with_hermit(seed: int = 1):
    """A new game where seat 0 starts; seat 0 has played a Hermit into row 1 (active)."""
    while True:
        s = GAME.new_state(2, seed, seats=[{"deck": "random"}, {"deck": "random"}])
        if s.to_act() == (0,):
            break
        seed += 1
    play = next(a for a in s.legal_actions(0) if a.kind == "play_hermit" and a.target == 0)
    s.apply(0, play)
    return s


def open_position(app, state):
    match = Match("hermitcraft", 2, 1, ["you", "ai:heuristic"])
    match.state = state
    app.open_table(LocalSession(match))
    table = app.manager.top
    table.run_ai = lambda: None  # the opponent waits: the position stays as it is
    pump(app, 30)
    return table


def sprite(table, iid):
    return table.sprites[iid]


def toast_text(app):
    """The newest toast: the table's (its notes), else the app's."""
    table = next((s for s in reversed(app.manager.stack) if hasattr(s, "last_toast")), None)
    if table is not None and table.last_toast is not None:
        return table.last_toast
    return app.toasts.toasts[-1].text if app.toasts.toasts else None


def test_dragging_an_item_onto_a_glowing_row_attaches_it(app):
    s = first_turn_with_hermit()
    item = next((a for a in s.legal_actions(0) if a.kind == "attach_item"), None)
    if item is None:  # no item in this opening hand: another seed
        s = first_turn_with_hermit(40)
        item = next(a for a in s.legal_actions(0) if a.kind == "attach_item")
    table = open_position(app, s)
    start = sprite(table, item.source).rect.center
    drag(start, table.slots[("i", 0, item.target)].center)
    feed(app)
    pump(app, 40)
    assert item.source in state_of(table).items[0][item.target]


def test_an_illegal_drop_glides_back_with_the_rules_reason(app):
    for seed in range(1, 100):
        s = first_turn_with_hermit(seed)
        item = next((iid for iid in s.hands[0] if s.card(iid).kind == "item"), None)
        if item is not None:
            break
    before = s.to_json()
    table = open_position(app, s)
    home = sprite(table, item).home
    # onto row 5's item slots: no Hermit there
    drag(sprite(table, item).rect.center, table.slots[("i", 0, 4)].center)
    feed(app)
    pump(app, 40)
    assert state_of(table).to_json() == before
    reason = s.clone().legal_actions(0) and state_of(table).checks["attach_item"](s, 0, Action("attach_item", item, 4))
    assert reason and toast_text(app) == reason
    assert sprite(table, item).home == home and sprite(table, item).at_home()


def attack_position():
    """Seat 0's second turn, its active Hermit able to attack (found by playing the start)."""
    for seed in range(1, 200):
        s = GAME.new_state(2, seed)
        if s.to_act() != (0,):
            continue
        for _ in range(2):  # each seat: a Hermit, an item where it pays, end the turn
            p = s.to_act()[0]
            for kind in ("play_hermit", "attach_item"):
                a = next((a for a in s.legal_actions(p) if a.kind == kind), None)
                if a is not None:
                    s.apply(p, a)
            s.apply(p, Action("end_turn"))
        if s.to_act() != (0,):
            continue
        a = next((a for a in s.legal_actions(0) if a.kind == "attach_item"), None)
        if a is not None:
            s.apply(0, a)
        attacks = [a for a in s.legal_actions(0) if a.kind == "attack"]
        if attacks:
            return s, attacks[0]
    raise AssertionError("no seed gives an attack")


def test_an_attack_button_shows_the_expected_damage_and_attacks(app):
    from game.hermitcraft.attacks import expected_damage

    s, attack = attack_position()
    expected = expected_damage(s, 0, attack.option)
    q = 1
    hp_before = s.hp[q][s.active[q]]
    assert not s.attacked
    table = open_position(app, s)
    table.refresh_bar()
    button = next(b for b in table.bar if f"{expected} damage" in b.text)
    from tests.scene_helpers import click
    click(button.rect.center)
    feed(app)
    pump(app, 60)
    assert state_of(table).attacked
    assert state_of(table).hp[q][s.active[q]] <= hp_before


def test_the_coin_lands_on_the_side_the_rules_flipped(app):
    from game.core.contract import Event

    table = open_position(app, first_turn_with_hermit())
    for results, side in (([0], "tails"), ([1], "heads")):
        table.throw(Event("coin", "Mumbo flips", 0, data={"card": "mumbo_rare", "results": results}),
                    landed=True)
        assert table.tray.coin.side == side and table.coin_row is None
        assert table.event_cards(Event("coin", data={"card": "mumbo_rare"})) == []


def test_a_three_coin_flip_lands_each_coin_on_its_own_result(app):
    from game.core.contract import Event

    table = open_position(app, first_turn_with_hermit())
    flip = Event("coin", "Slab flips for Player 1: heads, tails, heads", 0,
                 data={"card": "etho_ur", "results": [1, 0, 1]})
    table.timeline.then(lambda: [table.throw(flip)])
    pump(app, 2)
    row = table.coin_row
    assert row.shown_sides()[2] is None  # the third coin is tossed a moment after the first
    assert table.tray.coin is None and flip.text not in [t for t, _ in table.log.entries]
    pump(app, 240)
    assert row.is_settled() and row.shown_sides() == ["heads", "tails", "heads"]
    assert flip.text in [t for t, _ in table.log.entries]  # logged when the coins land
    single = Event("coin", "Mumbo flips", 0, data={"card": "mumbo_r", "results": [0]})
    table.throw(single, landed=True)  # the next flip: one coin again
    assert table.coin_row is None and table.tray.coin.side == "tails"


def test_a_question_about_rows_makes_those_hermits_glow(app):
    from game.hermitcraft.bots import HeuristicBot

    s, bot = GAME.new_state(2, 0), HeuristicBot(0)
    while not (s.to_act() == (0,) and s.decisions[-1].kind == "new_active"):
        p = s.to_act()[0]
        s.step(p, bot.choose(s, p))
    rows = [a.target for a in s.legal_actions(0)]
    table = open_position(app, s)
    glowing = {z.target for z in table.zones.values() if z.glow}
    assert glowing == {("h", 0, r) for r in rows}
    from tests.scene_helpers import click
    click(table.slots[("h", 0, rows[-1])].center)
    feed(app)
    pump(app, 30)
    assert state_of(table).active[0] == rows[-1]


def test_hot_seat_hands_the_table_over_and_hides_the_other_hand(app):
    from scenes.handoff import Handoff

    seed = next(k for k in range(1, 50) if GAME.new_state(2, k).to_act() == (0,))
    match = Match("hermitcraft", 2, seed, ["you", "human"])
    app.open_table(LocalSession(match))
    table = app.manager.stack[0]
    assert isinstance(app.manager.top, Handoff) and app.manager.top.player == 0
    app.manager.top.done()
    pump(app, 5)
    mine = set(state_of(table).hands[0])
    assert table.viewer == 0 and mine <= set(table.sprites)
    table.apply(0, next(a for a in state_of(table).legal_actions(0) if a.kind == "play_hermit"))
    table.apply(0, Action("end_turn"))
    pump(app, 120)
    assert isinstance(app.manager.top, Handoff)  # Player 2 is asked: the table is covered
    app.manager.top.done()
    pump(app, 5)
    assert table.viewer == 1 and set(state_of(table).hands[1]) <= set(table.sprites)
    assert not (set(state_of(table).hands[0]) & set(table.sprites))  # Player 1's hand is gone


def test_an_autosaved_game_continues_where_it_stopped(tmp_path, monkeypatch):
    from scenes import storage
    from scenes.app import App

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    app = App(settings=storage.Settings(animation_speed="instant"))
    seed = next(k for k in range(1, 50) if GAME.new_state(2, k).to_act() == (0,))
    match = Match("hermitcraft", 2, seed, ["you", "ai:heuristic"],
                  seat_options=[{"deck": "pvp_knights"}, {}])
    app.open_table(LocalSession(match))
    table = app.manager.top
    table.run_ai = lambda: None
    table.apply(0, next(a for a in state_of(table).legal_actions(0) if a.kind == "play_hermit"))
    saved = state_of(table).to_json()
    app2 = App(settings=storage.Settings(animation_speed="instant"))
    assert app2.continue_game()
    again = app2.manager.top
    assert state_of(again).to_json() == saved and match_of(again).seat_options[0] == {"deck": "pvp_knights"}
    pygame.event.clear()


def timed_table(app, seats=("you", "ai:heuristic")):
    seed = next(k for k in range(1, 50) if GAME.new_state(2, k).to_act() == (0,))
    match = Match("hermitcraft", 2, seed, list(seats), {"turn_timer": True})
    app.open_table(LocalSession(match))
    table = app.manager.top
    table.run_ai = lambda: None
    pump(app, 5)
    return table


def test_with_the_turn_timer_a_turn_ends_when_its_90_seconds_run_out(app):
    table = timed_table(app)
    table.apply(0, next(a for a in state_of(table).legal_actions(0) if a.kind == "play_hermit"))
    pump(app, 30)
    assert state_of(table).current == 0
    pump(app, 60, dt=1.4)  # 84 s
    assert state_of(table).current == 0 and 0 < table.clock[1] <= 10
    pump(app, 10, dt=1.0)
    assert state_of(table).current == 1 and state_of(table).turn == 2  # the turn was ended for you
    assert match_of(table).record.actions[-1] == (0, Action("timeout"))  # a move of the record


def test_with_no_hermit_on_the_board_when_the_time_runs_out_you_lose(app):
    table = timed_table(app)
    pump(app, 100, dt=1.0)
    assert state_of(table).is_over() and state_of(table).outcome().winners == (1,)


def test_surrender_asks_first_then_the_other_player_wins(app):
    from tests.scene_helpers import click

    table = timed_table(app)
    flag = next(b for b in table.buttons if b.text == "Surrender")
    click(flag.rect.center)
    feed(app)
    assert table.menu is not None and not state_of(table).is_over()  # asked first
    table.menu.choose(1)
    pump(app, 5)
    assert state_of(table).outcome().winners == (1,)
    assert match_of(table).record.actions[-1] == (0, Action("concede"))  # a move of the record


def test_a_hermits_status_is_an_icon_whose_tooltip_says_what_it_does(app):
    """Issue 23: a burning Hermit carries the burn icon (not a word over its card), and
    resting the pointer on the icon explains the status; its HP is drawn as a bar."""
    from game.hermitcraft.board import BURN
    from sprites import hermit_icons as hi

    s = first_turn_with_hermit()
    s.dot[0][0] = BURN
    table = open_position(app, s)
    table.draw(pygame.Surface((1280, 720)))
    burn = [m for m in table.marks if m.status == "burn"]
    assert len(burn) == 1
    card = table.slots[("h", 0, 0)]
    assert card.colliderect(burn[0].rect)
    assert table.tip_text(burn[0].rect.center) == hi.STATUS_TIPS["burn"]
    assert not burn[0].rect.colliderect(hi.hp_bar_rect(card)), "the icon leaves the HP bar clear"
