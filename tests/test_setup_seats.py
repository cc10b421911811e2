"""The new-game setup's per-seat options (a deck), driven by real mouse events: every seat of a
game that declares seat options picks from the game's values and, for a game with a deck
editor, the player's saved decks; an AI seat defaults to its bot's own choice."""

from __future__ import annotations

import pygame
import pytest

import game.registry as registry
from game.hermitcraft import GAME as HERMITCRAFT
from game.mhtcg import GAME as MHTCG
from scenes import storage
from scenes.setup import Setup
from tests.scene_helpers import click, feed, make_app, match_of, state_of


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    for game in (HERMITCRAFT, MHTCG):
        monkeypatch.setitem(registry._games, game.name, game)
    a = make_app()
    yield a
    pygame.event.clear()


def deck_spinner(setup, seat):
    return next(w for w in setup.group.widgets
                if getattr(w, "key_name", "") == f"seat_option:{seat}:deck")


def step(app, spinner, times=1):
    """Click the right half of a spinner `times` times (the next value each time)."""
    for _ in range(times):
        click((spinner.rect.right - 10, spinner.rect.centery))
        feed(app)


def test_an_ai_seat_defaults_to_its_bots_choice_and_a_person_to_the_games_default(app):
    setup = Setup(app, "hermitcraft")
    app.manager.push(setup)
    assert setup.chosen_seats() == ["you", "ai:heuristic"]
    assert deck_spinner(setup, 0).value == "random"
    assert deck_spinner(setup, 1).options[0][1] == "AI's choice"
    assert setup.chosen_seat_options() == [{"deck": "random"}, {}]


def test_each_seat_picks_a_starter_deck_and_the_game_is_dealt_it(app):
    setup = Setup(app, "hermitcraft")
    app.manager.push(setup)
    step(app, deck_spinner(setup, 0), 3)  # random → builder → redstone → pvp_knights
    step(app, deck_spinner(setup, 1), 4)  # AI's choice → random → builder → redstone → pvp
    assert setup.chosen_seat_options() == [{"deck": "pvp_knights"}, {"deck": "pvp_knights"}]
    setup.start()
    table = app.manager.top
    starters = {d.id: d.cards for d in HERMITCRAFT.card_set().starters}
    assert sorted(state_of(table).defs[:42]) == sorted(starters["pvp_knights"])
    assert sorted(state_of(table).defs[42:]) == sorted(starters["pvp_knights"])


def test_saved_decks_are_offered_to_every_seat(app):
    from scenes.deck_editor import deck_path

    cards = list(HERMITCRAFT.card_set().starters[2].cards)
    storage.write_json_atomic(deck_path("Zed's deck"), {"name": "Zed's deck", "cards": cards})
    setup = Setup(app, "hermitcraft")
    app.manager.push(setup)
    for seat in (0, 1):
        assert (cards, "Saved: Zed's deck") in deck_spinner(setup, seat).options
    step(app, deck_spinner(setup, 0), 5)  # past the default and the four starter decks
    assert setup.chosen_seat_options()[0] == {"deck": cards}
    setup.start()
    assert sorted(state_of(app.manager.top).defs[:42]) == sorted(cards)


def test_a_deck_saved_in_the_editor_is_offered_on_return(app):
    from scenes.deck_editor import DeckEditor

    setup = Setup(app, "hermitcraft")
    app.manager.push(setup)
    editor = DeckEditor(app)
    app.manager.push(editor)
    editor.use_template()
    editor.name.text = "Fresh"
    editor.save()
    editor.back()
    assert app.manager.top is setup
    assert any(label == "Saved: Fresh" for _, label in deck_spinner(setup, 0).options)


def test_monster_hunter_seats_pick_its_starter_decks_through_the_same_mechanism(app):
    setup = Setup(app, "mhtcg")
    app.manager.push(setup)
    values = [v for v, _ in deck_spinner(setup, 0).options]
    assert values == ["", "A", "B", "C", "D"]
    step(app, deck_spinner(setup, 0), 3)
    assert setup.chosen_seat_options()[0] == {"deck": "C"}
    setup.start()
    assert match_of(app.manager.top).seat_options[0] == {"deck": "C"}


def test_a_game_without_seat_options_shows_no_deck_picker(app):
    setup = Setup(app, next(n for n, g in registry.all_games().items() if not g.seat_options))
    assert not any(getattr(w, "key_name", "").startswith("seat_option:")
                   for w in setup.group.widgets)
    assert setup.chosen_seat_options() is None
