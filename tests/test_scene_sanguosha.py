"""The Sanguosha table driven by real pygame mouse events (dummy video driver).

Each test starts from a hand-made position (tests/sanguosha/helpers.table) with you in seat 0
and the other seats' bots held still, and asserts what the rules say a gesture does (spec:
"Slash: another player within the user's attack range", R3 "a Dodge, or pass"), or that a
refused gesture changes nothing and shows the rules' reason.
"""

from __future__ import annotations

import pygame
import pytest

from game.core.contract import Action
from game.local_session import LocalSession
from game.match import Match
from tests.sanguosha.helpers import cid, table, use
from tests.scene_helpers import click, drag, match_of, pump, state_of

GENS = ["xuchu", "zhangliao", "xiahoudun", "lvmeng", "huanggai"]
SEATS = ["you"] + ["ai:heuristic"] * 4


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A real App (smoke mode) at animation speed x4."""
    from scenes import storage
    from scenes.app import App

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    a = App(smoke=True, settings=storage.Settings(animation_speed="x4"))
    yield a
    pygame.event.clear()


def open_position(app, state):
    match = Match("sanguosha", state.players, 1, list(SEATS))
    match.state = state
    app.open_table(LocalSession(match))
    t = app.manager.top
    t.run_ai = lambda: None  # the other seats wait: the question stays open
    pump(app, 30)
    return t


def toast_text(app):
    """The newest toast: the table's (its notes), else the app's."""
    table = next((s for s in reversed(app.manager.stack) if hasattr(s, "last_toast")), None)
    if table is not None and table.last_toast is not None:
        return table.last_toast
    return app.toasts.toasts[-1].text if app.toasts.toasts else None


def play_position():
    """Your play phase with a Slash: P2 (next seat) is at distance 1, P3 at distance 2."""
    return table(GENS, hands={0: ["s7-slash", "h2-dodge"], 1: ["h13-dodge"], 2: ["d2-dodge"]})


def test_dragging_a_slash_onto_a_seat_in_range_uses_it_on_that_seat(app):
    t = open_position(app, play_position())
    slash = t.sprites[cid("s7-slash")]
    assert 1 in {a.target[0] for a in t.card_actions(slash.key) if a.target}
    drag(slash.rect.center, t.seat_rects[1].center)
    pump(app, 40)
    assert cid("s7-slash") not in state_of(t).hand[0]
    assert state_of(t).to_act() == (1,)  # P2 is asked for a Dodge
    assert len(match_of(t).record.actions) == 1


def test_dragging_a_slash_onto_a_seat_out_of_range_glides_back_with_the_reason(app):
    t = open_position(app, play_position())
    before = state_of(t).to_json()
    slash = t.sprites[cid("s7-slash")]
    home = slash.home
    drag(slash.rect.center, t.seat_rects[2].center)
    pump(app, 40)
    assert state_of(t).to_json() == before
    assert slash.at_home() and slash.home == home
    assert "outside your attack range" in (toast_text(app) or "")


def test_the_seats_a_slash_may_aim_at_glow_while_it_is_lifted(app):
    t = open_position(app, play_position())
    slash = t.sprites[cid("s7-slash")]
    x, y = slash.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    for k in range(1, 6):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y - 20 * k), rel=(0, -20),
                                             buttons=(1, 0, 0)))
    pump(app, 2)
    assert 1 in t.glow_seats and 4 in t.glow_seats  # both neighbours are at distance 1
    assert 2 not in t.glow_seats and 3 not in t.glow_seats


def test_pass_in_a_dodge_window_takes_the_slash(app):
    s = table(GENS, current=1, hands={0: ["h2-dodge"], 1: ["s7-slash"]})
    use(s, 1, "s7-slash", 0)
    assert s.to_act() == (0,)
    t = open_position(app, s)
    labels = [b.text for b in t.bar]
    assert "Pass" in labels and any("Dodge" in x for x in labels)
    assert cid("h2-dodge") in t.usable_cards()  # the Dodge glows
    hp = state_of(t).hp[0]
    click(next(b for b in t.bar if b.text == "Pass").rect.center)
    pump(app, 40)
    assert state_of(t).hp[0] == hp - 1


def test_dragging_the_dodge_to_the_middle_answers_the_window(app):
    s = table(GENS, current=1, hands={0: ["h2-dodge"], 1: ["s7-slash"]})
    use(s, 1, "s7-slash", 0)
    t = open_position(app, s)
    hp = state_of(t).hp[0]
    dodge = t.sprites[cid("h2-dodge")]
    drag(dodge.rect.center, t.middle.center)
    pump(app, 40)
    assert cid("h2-dodge") not in state_of(t).hand[0] and state_of(t).hp[0] == hp


def test_a_window_where_you_hold_nothing_usable_passes_by_itself(app):
    s = table(GENS, current=1, hands={0: ["h3-peach"], 1: ["s7-slash"]})
    use(s, 1, "s7-slash", 0)
    hp = s.hp[0]
    t = open_position(app, s)
    pump(app, 20)
    assert state_of(t).hp[0] == hp - 1 and state_of(t).to_act() == (1,)


def test_the_general_choice_lies_in_the_middle_and_a_click_chooses(app):
    from game.sanguosha import GAME

    seed = next(x for x in range(1, 200) if GAME.new_state(5, x, human_lord=True).to_act() == (0,))
    st = GAME.new_state(5, seed, human_lord=True)
    t = open_position(app, st)
    gens = [k for k in t.sprites if isinstance(k, tuple) and k[0] == "gen"]
    assert len(gens) == len(st.offers[0]) >= 3
    click(t.sprites[gens[0]].rect.center)
    pump(app, 30)
    assert state_of(t).gen[0] == gens[0][1]


def test_c_switches_card_and_general_names_to_chinese(app):
    from tests.scene_helpers import key

    t = open_position(app, play_position())
    slash = t.sprites[cid("s7-slash")]
    assert slash.face_key[-1] is False
    key(pygame.K_c)
    pump(app, 5)
    assert t.zh and t.sprites[cid("s7-slash")].face_key[-1] is True
    assert t.gname("xuchu") == "許褚"
    assert app.settings.language == "zh"  # the app's setting, saved with the others


def test_the_language_setting_is_saved_and_read_back(tmp_path, monkeypatch):
    from scenes import storage

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    storage.save_settings(storage.Settings(language="zh"))
    assert storage.load_settings().language == "zh"
    storage.write_json_atomic(storage.settings_path(), {"format": storage.FORMAT,
                                                         "settings": {"language": "fr"}})
    settings, why = storage.load_settings_checked()
    assert settings.language == "en" and "language" in why


def test_a_window_opens_a_tray_with_the_usable_cards_and_a_click_answers(app):
    s = table(GENS, current=1, hands={0: ["h2-dodge", "s7-slash"], 1: ["s8-slash"]})
    use(s, 1, "s8-slash", 0)
    t = open_position(app, s)
    tray = t.answer_tray()
    dodge, slash = t.sprites[cid("h2-dodge")], t.sprites[cid("s7-slash")]
    assert tray is not None and tray.collidepoint(dodge.home) and not tray.collidepoint(slash.home)
    assert all(tray.contains(b.rect) for b in t.bar)  # Pass and the Dodge's button
    hp = state_of(t).hp[0]
    click(dodge.rect.center)
    pump(app, 40)
    assert cid("h2-dodge") not in state_of(t).hand[0] and state_of(t).hp[0] == hp
    assert t.answer_tray() is None


def test_clicking_a_hidden_seats_tag_notes_a_guess(app):
    from sprites import sanguosha_table as stt

    t = open_position(app, play_position())
    tag = stt.identity_tag_rect(t.seat_rects[2])
    click(tag.center)
    pump(app, 2)
    assert t.guesses[2] == "loyalist"
    click(tag.center)
    click(tag.center)
    click(tag.center)
    pump(app, 2)
    assert t.guesses[2] == ""  # round the guesses and back to none
    click(stt.identity_tag_rect(t.seat_rects[0]).center)  # your own seat: nothing to guess
    pump(app, 2)
    assert 0 not in t.guesses


def test_a_judgement_card_turns_over_where_it_lies_in_the_middle(app):
    s = table(GENS, current=0, at="judgement", judge={0: ["s6-indulgence"]}, top=["h9-peach"])
    t = open_position(app, s)
    judged = cid("h9-peach")
    while t.frame_kind() == "nullify":  # nobody cancels the Indulgence
        t.apply(state_of(t).to_act()[0], Action("pass"))
        if t.frame_kind() == "nullify":
            pump(app, 30)  # each pass plays out before the next
    seen = None
    for _ in range(120):
        pump(app, 1)
        sprite = t.sprites.get(judged)
        if sprite is not None and seen is None:
            seen = (sprite.x, sprite.y, sprite.home, sprite.face_key)
    x, y, home, face = seen
    assert (x, y) == home and t.middle.collidepoint(home)  # born in the middle, not flown in
    assert getattr(face, "old", "unflipped") is None  # face down, turning over


def test_your_skills_are_buttons_on_your_seat_lit_when_usable_and_pressing_one_uses_it(app):
    """Issue 23: a general's skills are buttons on your seat, lit when the rules offer them
    (Huang Gai's Sacrifice in his play phase: lose 1 health, draw 2)."""
    state = table(["huanggai", *GENS[1:]], hands={0: ["s7-slash"]})
    t = open_position(app, state)
    plate = t.seat_rects[t.me]
    buttons = [b for b, _ in t.skill_buttons]
    assert [sid for _, sid in t.skill_buttons] == list(t.cs.general("huanggai").skills)
    for i, b in enumerate(buttons):  # on the plate's top edge, none over another or a seat
        assert b.rect.bottom <= plate.top + 2 and abs(b.rect.bottom - plate.top) <= 4
        assert not any(b.rect.colliderect(o.rect) for o in buttons[i + 1:])
        assert not any(b.rect.colliderect(r) for r in t.seat_rects.values())
    lit = {sid for b, sid in t.skill_buttons if b.kind == "primary"}
    usable = {sid for sid in t.my_skills() if t.skill_actions(sid)}
    assert usable and lit == usable
    st = state_of(t)
    hp, held = st.hp[0], len(st.hand[0])
    sid = next(iter(usable))
    b = next(b for b, s in t.skill_buttons if s == sid)
    click(b.rect.center)
    pump(app, 60)
    assert st.hp[0] == hp - 1 and len(st.hand[0]) == held + 2


def test_while_you_aim_every_seat_shows_its_distance_and_a_line_runs_to_each_target(app):
    """Issue 23: lifting a Slash shows each seat's distance and whether your range reaches it,
    and a line from you to every seat you may choose."""
    from sprites import sanguosha_table as st

    t = open_position(app, play_position())
    badges, lines = [], []
    real_badge, real_lines = st.distance_badge, st.target_lines
    st.distance_badge = lambda s, r, d, ok, zh: badges.append((r, d, ok))
    st.target_lines = lambda s, a, ends, *rest, **kw: lines.append(ends)
    try:
        slash = next(k for k in t.hand_keys() if t.cs.cards[k].kind.id == "slash")
        start = t.sprites[slash].rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] - 80),
                                             rel=(0, -80), buttons=(1, 0, 0)))
        pump(app, 3)
        t.draw(pygame.Surface((1280, 720)))
    finally:
        st.distance_badge, st.target_lines = real_badge, real_lines
    v = t.view()
    assert {r.topleft for r, _, _ in badges} == {t.seat_rects[p].topleft for p in t.seat_rects
                                                 if p != t.me}
    for r, d, ok in badges:
        p = next(p for p, pr in t.seat_rects.items() if pr == r)
        assert d == v["distances"][p] and ok == (d <= v["attack_range"])
    assert lines and {tuple(r) for r in lines[0]} == {tuple(t.seat_rects[p]) for p in t.glow_seats}
    assert t.glow_seats == {1, 4}, "the seats in range glow (P3 and P4 at distance 2 do not)"
