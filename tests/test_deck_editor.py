"""The Hermitcraft deck editor driven by real pygame mouse and key events (dummy video driver):
cards added and removed, the rule an illegal deck breaks, a bad code's one-line error, saving
as JSON in the user folder (and asking before replacing a saved deck)."""

from __future__ import annotations

import json

import pygame
import pytest

from game.hermitcraft import GAME
from game.hermitcraft.decks import encode_code, validate_deck
from scenes.deck_editor import DeckEditor, deck_path
from tests.scene_helpers import click, post, state_of


class FakeApp:
    class manager:
        @staticmethod
        def pop():
            return None


@pytest.fixture
def editor(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720))
    ed = DeckEditor(FakeApp())
    yield ed, screen
    pygame.event.clear()


def feed(ed, screen):
    for event in pygame.event.get():
        ed.handle_event(event)
    ed.update(1 / 60)
    ed.draw(screen)


def button(ed, label):
    return next(w for w in ed.group.widgets if getattr(w, "text", None) == label
                and w.__class__.__name__ == "Button")


def type_into(field, words, ed, screen):
    click(field.rect.center)
    feed(ed, screen)
    post(pygame.TEXTINPUT, text=words)
    feed(ed, screen)


def test_clicking_a_card_adds_it_and_clicking_its_line_takes_it_out(editor):
    ed, screen = editor
    first = ed.page_cards()[0]
    click(ed.card_rect(0).center)
    feed(ed, screen)
    assert ed.deck == [first.id]
    click(ed.line_rect(0).center)
    feed(ed, screen)
    assert ed.deck == []


def test_the_name_filter_keeps_the_matching_cards(editor):
    ed, screen = editor
    type_into(ed.search, "grian", ed, screen)
    assert ed.shown and all("grian" in c.name.lower() for c in ed.shown)


def test_an_illegal_deck_shows_the_rule_it_breaks(editor):
    ed, screen = editor
    click(ed.card_rect(0).center)
    feed(ed, screen)
    assert ed.problems() == validate_deck(GAME.card_set(), ed.deck)
    assert "42 cards" in ed.problems()[0]


def test_a_bad_code_is_a_one_line_error_and_keeps_the_deck(editor):
    ed, screen = editor
    click(button(ed, "Use template").rect.center)
    feed(ed, screen)
    before = list(ed.deck)
    type_into(ed.code, "HC1:no_such_card*3", ed, screen)
    click(button(ed, "Import").rect.center)
    feed(ed, screen)
    assert ed.deck == before
    assert not ed.message_ok and ed.message and "\n" not in ed.message


def test_a_good_code_imports_its_deck(editor):
    ed, screen = editor
    cards = GAME.card_set()
    deck = list(cards.starters[1].cards)
    type_into(ed.code, encode_code(cards, deck), ed, screen)
    click(button(ed, "Import").rect.center)
    feed(ed, screen)
    assert sorted(ed.deck) == sorted(deck)


def test_save_writes_json_and_asks_before_replacing(editor):
    ed, screen = editor
    click(button(ed, "Use template").rect.center)
    feed(ed, screen)
    click(button(ed, "Save").rect.center)
    feed(ed, screen)
    path = deck_path(ed.name.text)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == {"name": ed.name.text, "cards": ed.deck}
    ed.deck = ed.deck[:-1]
    click(button(ed, "Save").rect.center)  # the same name: asked first, file unchanged
    feed(ed, screen)
    assert len(json.loads(path.read_text(encoding="utf-8"))["cards"]) == 42
    assert "again" in ed.message
    click(button(ed, "Save").rect.center)
    feed(ed, screen)
    assert len(json.loads(path.read_text(encoding="utf-8"))["cards"]) == 41


def test_the_setup_screen_opens_the_deck_editor_for_hermitcraft(tmp_path, monkeypatch):
    import game.registry as registry
    from scenes import storage
    from scenes.app import App
    from scenes.setup import Setup

    monkeypatch.setitem(registry._games, "hermitcraft", GAME)
    monkeypatch.setattr(registry, "GAME_PACKAGES", (*registry.GAME_PACKAGES, "hermitcraft"))
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    app = App(smoke=True, settings=storage.Settings())
    app.manager.push(Setup(app, "hermitcraft"))
    setup = app.manager.top
    decks = next(w for w in setup.group.widgets if getattr(w, "text", None) == "Decks")
    click(decks.rect.center)
    for event in pygame.event.get():
        app.handle_event(event)
    assert isinstance(app.manager.top, DeckEditor)


def test_play_starts_a_game_with_the_deck_and_refuses_an_illegal_one(tmp_path, monkeypatch):
    import game.registry as registry
    from scenes import storage
    from scenes.app import App

    monkeypatch.setitem(registry._games, "hermitcraft", GAME)
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    app = App(smoke=True, settings=storage.Settings())
    ed = DeckEditor(app)
    app.manager.push(ed)
    ed.deck = ["grian_r"]  # one card: not a deck
    ed.play()
    assert app.manager.top is ed and not ed.message_ok
    ed.use_template()
    ed.use_template()  # the second time: over the unsaved one-card deck
    deck = list(ed.deck)
    ed.play()
    table = app.manager.top
    st = state_of(table)
    mine = sorted(st.defs[:42])
    assert mine == sorted(deck)


def press(ed, screen, label_or_rect):
    rect = button(ed, label_or_rect).rect if isinstance(label_or_rect, str) else label_or_rect
    click(rect.center)
    feed(ed, screen)


def save_template_as(ed, screen, name):
    press(ed, screen, "Use template")
    ed.name.text = name
    press(ed, screen, "Save")
    return list(ed.deck)


def test_open_loads_a_saved_deck_and_saving_it_back_asks_first(editor):
    ed, screen = editor
    saved = save_template_as(ed, screen, "Knights")
    press(ed, screen, "Clear")
    ed.name.text = ""
    assert ed.saved_list.value == "Knights"
    press(ed, screen, "Open")  # an empty deck: nothing to lose, opens at once
    assert ed.deck == saved and ed.name.text == "Knights"
    press(ed, screen, ed.line_rect(0))  # edit: one card out
    press(ed, screen, "Save")  # the same name: asked first
    path = deck_path("Knights")
    assert len(json.loads(path.read_text(encoding="utf-8"))["cards"]) == 42
    press(ed, screen, "Save")
    assert len(json.loads(path.read_text(encoding="utf-8"))["cards"]) == 41


def test_opening_over_unsaved_changes_asks_first(editor):
    ed, screen = editor
    save_template_as(ed, screen, "Mine")
    press(ed, screen, ed.card_rect(0))  # an unsaved change
    changed = list(ed.deck)
    press(ed, screen, "Open")
    assert ed.deck == changed and not ed.message_ok and "again" in ed.message
    press(ed, screen, "Open")
    assert len(ed.deck) == 42 and ed.message_ok


def test_the_open_list_says_when_nothing_is_saved(editor):
    ed, _ = editor
    assert ed.saved_list.options == [(None, "No saved decks yet")]
    assert not button(ed, "Open").enabled
