"""The Monster Hunter table driven by real pygame mouse events (dummy video driver).

Each test starts from a hand-made position (game.mhtcg.setups) with you in seat 0 and the other
seats' bots held still, and asserts what the rules say a gesture does (spec 2 "Placement", 3
"Move"), or that a refused gesture changes nothing and shows the rules' reason.
"""

from __future__ import annotations

import pygame
import pytest

from game.local_session import LocalSession
from game.match import Match
from game.mhtcg import rules, setups
from game.mhtcg.maps import CAMP
from tests.scene_helpers import click, drag, match_of, pump, state_of

SEATS = ["you", "ai:random", "ai:random", "ai:random"]


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A real App (smoke mode) at animation speed x4, with Monster Hunter's table known."""
    import game.registry as registry
    from scenes import storage
    from scenes.app import App
    from scenes.tables import TABLES

    if "mhtcg" not in registry.GAME_PACKAGES:  # before the game is registered for the app
        monkeypatch.setattr(registry, "GAME_PACKAGES", (*registry.GAME_PACKAGES, "mhtcg"))
    if "mhtcg" not in TABLES:
        monkeypatch.setitem(TABLES, "mhtcg", "scenes.mhtcg:MonsterHunterTable")
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    a = App(smoke=True, settings=storage.Settings(animation_speed="x4"))
    yield a
    pygame.event.clear()


def open_position(app, state, seats=SEATS):
    match = Match("mhtcg", state.players, 1, list(seats))
    match.state = state
    app.open_table(LocalSession(match))
    table = app.manager.stack[0]
    if app.manager.top is not table:  # hot-seat: the table opens behind "pass to"
        app.manager.top.done()
    table.run_ai = lambda: None  # the other seats wait: the question stays open
    pump(app, 3)
    return table


def settle(app, frames: int = 40):
    pump(app, frames)


def toast_text(app):
    """The newest toast: the table's (its notes), else the app's."""
    table = next((s for s in reversed(app.manager.stack) if hasattr(s, "last_toast")), None)
    if table is not None and table.last_toast is not None:
        return table.last_toast
    return app.toasts.toasts[-1].text if app.toasts.toasts else None


def move_position():
    s = setups.table(4, dealer=0)
    return setups.start(s, "move_turn", "move")


def test_dragging_your_hunter_to_an_area_it_can_reach_moves_it_there(app):
    table = open_position(app, move_position())
    st = state_of(table)
    assert setups.asked(st) == "move" and setups.seat(st) == 0
    token = table.sprites[("h", 0)]
    target = (0, 2)  # two steps from the camp: MOV 2 reaches it
    assert target in rules.destinations(st, 0)
    drag(token.rect.center, table.zones["area:0:2"].rect.center)
    settle(app)
    assert state_of(table).pos[0] == target
    assert len(match_of(table).record.actions) == 1


def test_the_areas_your_hunter_can_reach_glow_while_it_is_lifted(app):
    table = open_position(app, move_position())
    token = table.sprites[("h", 0)]
    x, y = token.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 30, y - 30), rel=(1, 1),
                                         buttons=(1, 0, 0)))
    pump(app, 1)
    lit = {z.target for z in table.zones.values() if z.glow}
    assert lit == set(rules.destinations(state_of(table), 0))
    assert (1, 1) not in lit and (0, CAMP) not in lit


def test_a_drop_where_the_hunter_cannot_reach_glides_back_with_the_rules_reason(app):
    table = open_position(app, move_position())
    st = state_of(table)
    far = (2, 1)  # the sheet across the table: six steps from your camp
    assert far not in rules.destinations(st, 0)
    token = table.sprites[("h", 0)]
    home = token.home
    drag(token.rect.center, table.zones["area:2:1"].rect.center)
    settle(app)
    assert state_of(table).pos[0] == (0, CAMP) and not match_of(table).record.actions
    from game.core.contract import Action

    assert toast_text(app) == st.why_illegal(0, Action("move", None, far))
    assert "cannot reach" in toast_text(app)
    assert (token.x, token.y) == pytest.approx(home)


def test_a_monster_dragged_onto_your_sheet_lies_face_down_hidden_from_the_others(app):
    s = setups.table(4, dealer=0)
    (rathian,) = setups.give(s, 0, "M16")
    setups.give(s, 0, "I01")
    table = open_position(app, setups.start(s, "placement_turn", "placement"))
    assert setups.asked(state_of(table)) == "placement"
    lit_before = table.sprites[rathian]
    drag(lit_before.rect.center, table.zones["area:0:3"].rect.center)
    settle(app)
    st = state_of(table)
    placed = [m for m in st.board.values() if m.card == rathian]
    assert len(placed) == 1 and placed[0].place == (0, 3) and not placed[0].face_up
    sprite = table.sprites[("m", placed[0].token)]
    assert sprite.face_key == ("mon", "M16", True)  # you see it, marked hidden
    assert table.view()["monsters"][0]["card"] is not None
    table.switch_viewer(1)  # the next player at the screen sees only its back
    assert table.sprites[("m", placed[0].token)].face_key is None


def test_a_monster_cannot_be_placed_on_another_players_sheet(app):
    s = setups.table(4, dealer=0)
    (rathian,) = setups.give(s, 0, "M16")
    table = open_position(app, setups.start(s, "placement_turn", "placement"))
    card = table.sprites[rathian]
    drag(card.rect.center, table.zones["area:1:1"].rect.center)
    settle(app)
    assert not state_of(table).board and rathian in state_of(table).hand[0]
    assert toast_text(app) == "Monsters are placed in an area of your own sheet."


def hunt_with_rathian():
    """Your hunter (Kokoto, DEF 1) in Player 2's area 2 with a face-up Rathian (ATK 4,
    Poison): the monster acts first (RNG 2 against 1), so its window opens."""
    s = setups.table(4, dealer=0)
    token = setups.monster(s, 1, 2, "M16", face_up=True)
    setups.hunter_at(s, 0, 1, 2)
    setups.give(s, 0, "I01")
    setups.hunt(s)
    for _ in range(20):
        if s.win_purpose == "monster":
            break
        setups.act(s, setups.seat(s), "pass")
    return s, token


def test_the_damage_preview_says_what_the_monster_attack_will_cost(app):
    s, token = hunt_with_rathian()
    table = open_position(app, s)
    m = state_of(table).board[token]
    assert rules.loss_breakdown(state_of(table), m, 0) == (4, [("poison", 1)])
    assert table.loss_words("Rathian", 0, 4, [("poison", 1)]) == "Rathian: you lose 3 (+1 Poison)"
    words = [w for w, _ in table.hunt_lines()]
    assert "Rathian: you lose 3 (+1 Poison)" in words
    assert any(w.startswith("Order: ") for w in words)


def test_an_item_window_makes_your_hand_a_tray_with_pass(app):
    s, _ = hunt_with_rathian()
    table = open_position(app, s)
    assert "Item window" in table.window_tray()
    assert [b.text for b in table.bar] == ["Pass"]
    click(table.bar[0].rect.center)
    settle(app, 5)
    assert match_of(table).record.actions[-1][1].kind == "pass"


def test_the_result_lines_list_every_hrp_gained_with_its_reason(app):
    s = setups.table(4, dealer=0)
    setups.monster(s, 0, 1, "M01")
    setups.monster(s, 0, 2, "M05")
    setups.start(s, "result_turn", "result")
    table = open_position(app, s)
    words = [w for w, _ in table.hunt_lines()]
    assert any(w.startswith("HRP gained in round 1") for w in words)
    assert "You +2: 2 hidden monsters" in words


def test_the_results_screen_lists_each_players_hrp_by_its_source(app):
    from scenes.results import Results

    s = setups.table(4, dealer=0)
    s.hrp[0] = 19
    setups.monster(s, 0, 1, "M01")
    setups.start(s, "result_turn", "result")
    assert s.over and s.winners == [0]
    match = Match("mhtcg", 4, 1, SEATS)
    match.state = s
    session = LocalSession(match)
    from scenes.result_details import DETAILS

    details = DETAILS["mhtcg"](session, s.outcome())
    assert details["per_player"][0]["parts"][0] == ["Hidden", 1]
    assert details["reason"] == "A hunter reached 20 HRP."
    Results(app, session).draw(app.screen)  # the screen lays these rows out


def test_clicking_a_monster_in_the_resolving_area_attacks_it(app):
    s = setups.table(4, dealer=0)
    token = setups.monster(s, 1, 2, "M05")  # a face-down Kelbi
    setups.hunter_at(s, 0, 1, 2)
    setups.hunt(s)
    setups.pass_until(s, "target")
    table = open_position(app, s)
    assert setups.asked(state_of(table)) == "target" and setups.seat(state_of(table)) == 0
    assert table.aimed_monsters() == {("m", token)}  # it glows: a click attacks it
    click(table.sprites[("m", token)].rect.center)
    settle(app)
    assert match_of(table).record.actions[0][1].kind == "attack"
    assert match_of(table).record.actions[0][1].target == token
    assert token not in state_of(table).board or state_of(table).board[token].face_up


def test_hot_seat_hides_your_hand_and_face_down_monsters_behind_a_handoff(app):
    from scenes.handoff import Handoff

    s = setups.table(4, dealer=0)
    (rathian,) = setups.give(s, 0, "M16")
    setups.give(s, 1, "M01")
    table = open_position(app, setups.start(s, "placement_turn", "placement"),
                          seats=["you", "human", "ai:random", "ai:random"])
    drag(table.sprites[rathian].rect.center, table.zones["area:0:1"].rect.center)
    settle(app)
    assert isinstance(app.manager.top, Handoff)  # Player 2 is asked: the table is covered
    app.manager.top.done()
    pump(app, 3)
    assert table.viewer == 1 and rathian not in table.sprites  # your hand is gone
    token = next(m.token for m in state_of(table).board.values() if m.card == rathian)
    assert table.sprites[("m", token)].face_key is None  # your monster shows its back


def test_on_a_full_sheet_a_monster_dropped_on_a_face_up_one_replaces_it(app):
    s = setups.table(4, dealer=0)
    up = setups.monster(s, 0, 1, "M01", face_up=True)
    for area in (1, 2, 2, 3, 3):  # six monsters: the sheet is full (spec 2)
        setups.monster(s, 0, area, "M05")
    (rathian,) = setups.give(s, 0, "M16")
    table = open_position(app, setups.start(s, "placement_turn", "placement"))
    card = table.sprites[rathian]
    x, y = card.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y - 40), rel=(1, 1),
                                         buttons=(1, 0, 0)))
    pump(app, 1)
    assert table.glow_cards == {("m", up)}  # only the face-up monster may be replaced
    assert not any(z.glow for z in table.zones.values())
    target = table.sprites[("m", up)].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(1, 1), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    settle(app)
    st = state_of(table)
    assert up not in st.board and any(m.card == rathian for m in st.board.values())
    assert len([c for c in st.hand[0] if st.cards[c] == "M01"]) == 1  # back in hand


def test_while_you_act_the_preview_shows_what_the_monsters_still_to_act_will_cost_you(app):
    s = setups.table(4, dealer=0)
    setups.monster(s, 1, 2, "M04", face_up=True)  # Bullfango: ATK 2, RNG 1 (you go first)
    setups.hunter_at(s, 0, 1, 2)
    setups.hunt(s)
    setups.pass_until(s, "target")
    table = open_position(app, s)
    assert setups.seat(state_of(table)) == 0
    assert "Next: Bullfango: you lose 1" in [w for w, _ in table.hunt_lines()]


def forfeited_position(app):
    s = setups.table(3, dealer=0)
    rules.forfeit(s, 0)  # D25: your hunter leaves the table; the hunt goes on
    return open_position(app, setups.start(s, "placement_turn", "placement"),
                         seats=["you", "ai:random", "ai:random"])


def test_a_person_out_of_the_game_is_offered_watch_or_skip_to_the_result(app):
    """Fault 12: once you are out and the game goes on, the table asks: watch (at the chosen
    speed) or skip to the result; skipping plays the rest at once, then the results."""
    from tests.scene_helpers import run_until

    table = forfeited_position(app)
    table.run_ai = type(table).run_ai.__get__(table)  # the others play again
    assert run_until(app, lambda: table.out_offer is not None, timeout=5)
    watch, skip = table.out_offer
    assert watch.text.startswith("Watch (") and skip.text == "Skip to the result"
    click(skip.rect.center)
    pump(app, 1)
    assert table.skipping and table.instant and table.out_offer is None
    assert run_until(app, lambda: type(app.manager.top).__name__ == "Results", timeout=90)


def test_watching_keeps_the_chosen_speed(app):
    from tests.scene_helpers import run_until

    table = forfeited_position(app)
    assert run_until(app, lambda: table.out_offer is not None, timeout=5)
    speed = table.speed
    click(table.out_offer[0].rect.center)
    pump(app, 1)
    assert table.out_offer is None and not table.skipping and table.speed == speed


def test_a_monsters_marks_never_cover_its_card():
    """Issue 23: damage, trap and ATK marks sit above a monster on the map, so its name, HP
    and ATK stay readable."""
    from sprites import mhtcg_map as mm

    surface = pygame.Surface((200, 200))
    surface.fill((0, 0, 0))
    card = pygame.Rect(70, 110, 60, 70)
    mm.monster_marks(surface, card, ["-2 HP", "trap", "-1 ATK"])
    inside = [surface.get_at((x, y))[:3] for x in range(card.x, card.right)
              for y in range(card.y, card.bottom)]
    assert all(px == (0, 0, 0) for px in inside)
    above = [surface.get_at((card.centerx, y))[:3] for y in range(0, card.y)]
    assert any(px != (0, 0, 0) for px in above), "the marks are drawn, above the card"


def test_every_plate_shows_the_hunters_stats_and_gear(app):
    """Issue 23: each seat's plate (the hunter's card at the table) carries the current
    ATK/DEF/MOV/RNG and the weapon and armour equipped, on wide and tall plates alike."""
    from sprites import mhtcg_map as mm

    drawn = []
    real = mm._stats_and_gear
    mm._stats_and_gear = lambda surf, r, stats, gear: drawn.append((r, stats, gear)) or real(
        surf, r, stats, gear)
    try:
        state = move_position()
        setups.gear(state, 0, weapon="W01", armour="A01")  # yours on a wide plate
        setups.gear(state, 1, weapon="W01")  # a tall plate, no armour
        table = open_position(app, state)
        drawn.clear()
        table.draw_static_overlay(pygame.Surface((1280, 720)))
    finally:
        mm._stats_and_gear = real
    assert len(drawn) == 4
    for seat, (r, stats, gear) in zip(sorted(table.sheets), drawn, strict=True):
        st = table.view()["seats"][seat]["stats"]
        assert stats.startswith(f"ATK {st['atk']} DEF {st['defence']}")
        assert [k for k, _ in gear] == ["weapon", "armour"]
        assert table.sheets[seat].plate.contains(r)
    names = {seat: [n for _, n in gear] for seat, (_, _, gear) in zip(sorted(table.sheets), drawn,
                                                                      strict=True)}
    label = table.labels  # (how the table names each card instance)
    assert names[0] == [label[state.weapon[0]], label[state.armour[0]]]
    assert names[1] == [label[state.weapon[1]], None]
    assert names[2] == [None, None]
