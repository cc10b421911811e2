"""First-game tips (issue 12, point 10; scenes/tips.py, the table base's `refresh_first_tip`).

The tips files of all five games are checked against their rules (every kind of action is
taught; a question's tip names a question the rules ask), the loader's errors name file, tip and
field, and the Madoka table is driven with real pygame events: a tip appears the first time
beside what it is about, not the second time, not when tips are off; "Don't show tips" and
"Show tips again" are remembered in the settings file.
"""

from __future__ import annotations

import importlib
import json
import random

import pygame
import pytest

from game.core.resources import data_path
from scenes import storage
from scenes.tips import MAX_CHARS, TipDataError, load_tips
from tests.scene_helpers import (
    click,
    drag,
    feed,
    make_app,
    match_of,
    open_table,
    post,
    pump,
    run_until,
    state_of,
)

GAMES = {"madoka": 4, "bloodborne": 4, "hermitcraft": 2, "mhtcg": 3, "sanguosha": 5}


def game_state(name: str, seed: int = 0):
    return importlib.import_module(f"game.{name}").GAME.new_state(GAMES[name], seed)


# ---------------------------------------------------------------- the files ---------------
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_kind_of_action_of_the_game_has_a_tip(name):
    kinds = set(game_state(name).checks)
    tips = load_tips(data_path(name, "tips.toml"), kinds)
    taught = {key.split(".", 1)[1] for key in tips if key.startswith("action.")}
    assert taught == kinds


def questions_asked(name: str, wanted: set[str], games: int = 12, steps: int = 1500) -> set[str]:
    """The decision kinds met in random games (fixed seeds), until every wanted one is met."""
    met: set[str] = set()
    for seed in range(games):
        s = game_state(name, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if s.is_over() or wanted <= met:
                break
            if s.decisions:
                met.add(s.decisions[-1].kind)
            p = s.to_act()[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
        if wanted <= met:
            break
    return met


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_question_tip_names_a_question_the_rules_ask(name):
    tips = load_tips(data_path(name, "tips.toml"), set(game_state(name).checks))
    asked = {key.split(".", 1)[1] for key in tips if key.startswith("decision.")}
    assert asked <= questions_asked(name, asked)


def write(tmp_path, body: str):
    path = tmp_path / "tips.toml"
    path.write_text(body, encoding="utf-8")
    return path


@pytest.mark.parametrize("body, tip, field, words", [
    ('[actions.play]\ntext = "x"\n', None, "actions", "unknown table"),
    ('[action.play]\ntext = "Drag it."\ncolour = "red"\n', "action.play", "colour", "unknown key"),
    ('[action.play]\nwords = "Drag it."\n', "action.play", "words", "unknown key"),
    ('[action.play]\n', "action.play", "text", "missing"),
    ('[action.play]\ntext = "  "\n', "action.play", "text", "expected a sentence"),
    (f'[action.play]\ntext = "{"a" * (MAX_CHARS + 1)}"\n', "action.play", "text", "at most"),
    ('[action.fly]\ntext = "Fly away."\n', "action.fly", None, "no such action"),
])
def test_a_bad_tips_file_is_one_error_naming_file_tip_and_field(tmp_path, body, tip, field, words):
    path = write(tmp_path, body)
    with pytest.raises(TipDataError) as e:
        load_tips(path, {"play", "discard"})
    message = str(e.value)
    assert message.startswith(str(path)) and words in message and "\n" not in message
    if tip:
        assert f"tip '{tip}'" in message
    if field:
        assert f"field '{field}'" in message


def test_a_game_without_a_tips_file_has_no_tips(tmp_path):
    assert load_tips(tmp_path / "none.toml", {"play"}) == {}


def test_the_tips_seen_setting_must_map_games_to_lists_of_tips():
    with pytest.raises(storage.SettingError):
        storage.settings_from_dict({"tips_seen": {"madoka": "action.play"}})
    s = storage.settings_from_dict({"tips": False, "tips_seen": {"madoka": ["action.play"]}})
    assert s.tips is False and s.tips_seen == {"madoka": ["action.play"]}


# ---------------------------------------------------------------- on the table ------------
@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    a = make_app()
    a.first_game_tips = True  # smoke-mode apps are not taught unless they ask
    yield a
    pygame.event.clear()


def shown(table):
    return table.first_tip.key if table.first_tip is not None else None


def test_a_tip_appears_the_first_time_beside_its_cards_never_over_them(app):
    table = open_table(app)  # Madoka, you act first
    tip = table.first_tip
    assert tip is not None and tip.key == "action.play"
    assert tip.words.startswith("Play: drag one of your cards")
    hand = [table.sprites[c].rect for c in state_of(table).hands[0]]
    assert not any(tip.rect.colliderect(r) for r in hand), "the tip covers the card to drag"
    assert table.free_area().contains(tip.rect)
    assert app.settings.tips_seen["madoka"] == ["action.play"]


def test_got_it_shows_the_next_kind_of_action_and_each_tip_shows_once(app):
    table = open_table(app)
    keys = []
    while table.first_tip is not None and len(keys) < 6:
        keys.append(table.first_tip.key)
        click(table.first_tip.buttons[0].rect.center)  # "Got it"
        pump(app, 2)
    # the first turn allows play, discard and tell (no grief yet: no cleanse)
    assert keys == ["action.play", "action.discard", "action.tell"]
    assert app.settings.tips_seen["madoka"] == keys


def test_a_tip_goes_when_you_act_and_does_not_come_back_the_second_time(app):
    table = open_table(app)
    assert shown(table) == "action.play"
    cid = state_of(table).hands[0][0]
    drag(table.sprites[cid].rect.center, table.zones["play"].rect.center)
    pump(app, 2)
    assert match_of(table).record.actions[-1][1].kind == "play"
    assert table.first_tip is None
    # the AI teammates play; when it is your turn again, play is not taught again
    assert run_until(app, lambda: table.acting_human() is not None and not table.timeline.busy
                     and len(match_of(table).record.actions) > 1, timeout=20)
    pump(app, 2)
    assert shown(table) != "action.play"
    assert "action.play" in app.settings.tips_seen["madoka"]


def test_a_tip_stays_while_the_others_choose_at_the_same_time(app):
    from game.local_session import LocalSession
    from game.match import Match

    match = Match("bloodborne", 4, 5, ["you", "ai:random", "ai:random", "ai:random"])
    app.open_table(LocalSession(match))
    table = app.manager.top
    pump(app, 2)
    assert shown(table) == "action.choose"
    # the AI hunters choose their cards in secret meanwhile: the question to you stays open
    assert run_until(app, lambda: len(match.record.actions) == 3, timeout=20)
    pump(app, 2)
    assert shown(table) == "action.choose"


def test_no_tip_appears_when_tips_are_off(app):
    app.settings.tips = False
    table = open_table(app)
    pump(app, 5)
    assert table.first_tip is None
    assert app.settings.tips_seen == {}


def test_a_click_on_the_tip_itself_does_not_reach_the_table(app):
    table = open_table(app)
    tip = table.first_tip
    inside = (tip.rect.x + 12, tip.rect.y + 40)  # the words, not a button
    click(inside)
    feed(app)
    assert match_of(table).record.actions == [] and table.menu is None


def test_dont_show_tips_switches_them_off_in_the_settings_file(tmp_path, monkeypatch):
    from scenes.app import App

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    app = App(settings=storage.Settings())  # a player's app: settings are written
    try:
        table = open_table(app, seats=["you", "ai:random", "ai:random", "ai:random"])
        assert shown(table) == "action.play"
        click(table.first_tip.buttons[1].rect.center)  # "Don't show tips"
        pump(app, 2)
        assert table.first_tip is None and app.settings.tips is False
        saved = json.loads(storage.settings_path().read_text(encoding="utf-8"))["settings"]
        assert saved["tips"] is False and saved["tips_seen"] == {"madoka": ["action.play"]}
        again = storage.load_settings()  # the next run
        assert again.tips is False and again.tips_seen == {"madoka": ["action.play"]}
    finally:
        pygame.event.clear()


def test_show_tips_again_in_settings_brings_every_tip_back(app):
    app.settings.tips = False
    app.settings.tips_seen = {"madoka": ["action.play", "action.tell"], "bloodborne": ["action.choose"]}
    app.to_menu()
    app.open_settings()
    pump(app, 1)
    settings = app.manager.top
    click(settings.tips_again.rect.center)
    pump(app, 1)
    assert app.settings.tips_seen == {} and app.settings.tips is True
    assert settings.toggles["tips"].value is True


def test_a_click_anywhere_dismisses_the_tip_and_still_acts(app):
    """Fault 13: one tip at a time, gone at the first click (which does what it does), and
    never drawn while a drag lights up its targets."""
    table = open_table(app)
    assert table.first_tip is not None
    cid = state_of(table).hands[0][0]
    sprite = table.sprites[cid]
    post(pygame.MOUSEMOTION, pos=sprite.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=sprite.rect.center, button=1)
    post(pygame.MOUSEMOTION, pos=(sprite.rect.centerx, sprite.rect.centery - 60), rel=(0, -60),
         buttons=(1, 0, 0))
    pump(app, 1)
    assert table.first_tip is None and table.drag is not None and table.drag.active
    post(pygame.MOUSEBUTTONUP, pos=table.zones["play"].rect.center, button=1)
    pump(app, 2)
    assert match_of(table).record.actions[-1][1].kind == "play"
    assert table.first_tip is None


def test_the_settings_switch_turns_tips_off(app):
    app.settings.tips = False
    table = open_table(app)
    assert table.first_tip is None and not table.tips_wanted()
