"""The Language setting: every screen and every game in English or 中文 (issue 23, fault 17).

The catalog is data/i18n/zh.toml, read by sprites/i18n.py; the text layer (sprites/text.py)
puts every line it draws in the reader's language. Scene tests post real mouse and key events
under the dummy driver (tests/scene_helpers.py).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from sprites import i18n, text
from tests.scene_helpers import feed, make_app, open_table, post, pump

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _english_after(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    yield
    i18n.set_language("en")


@pytest.fixture
def drawn(monkeypatch):
    """Every line the text layer renders from now on, as drawn (after translation)."""
    lines: list[str] = []
    real = text._render.__wrapped__

    def record(s, size, color, face):
        lines.append(s)
        return real(s, size, color, face)

    monkeypatch.setattr(text, "_render", record)
    return lines


def click(pos) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def press(app, key) -> None:
    post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
    feed(app)


# --- the catalog -------------------------------------------------------------------------------
def test_a_line_with_no_entry_stays_english_and_is_listed_as_missing():
    i18n.set_language("zh")
    with i18n.collecting_missed() as missed:
        assert i18n.line("Settings") == "設定"
        assert i18n.line("A sentence nobody translated") == "A sentence nobody translated"
    assert missed == {"A sentence nobody translated"}


def test_english_is_the_code_s_own_words_unchanged():
    i18n.set_language("en")
    assert i18n.line("Settings") == "Settings"
    assert i18n.tr("Round {n}", n=3) == "Round 3"


def test_a_template_translates_its_fields_too():
    """A rules module's log line: the words around the names and the names from the data."""
    i18n.set_language("zh")
    assert i18n.line("P2 Cao Cao uses Slash on P3 Lü Bu.") == "P2 曹操 對 P3 呂布 使用 殺。"
    assert i18n.line("Round 2 · equip phase · dealer: Player 2") == "第 2 輪 · 裝備階段 · 莊家：玩家 2"
    assert i18n.tr("Round {n}", n=7) == "第 7 輪"


def test_a_number_field_matches_only_a_number():
    """"Player {n}" must not turn "Player One" into a half-translated line."""
    i18n.set_language("zh")
    assert i18n.line("Player 3") == "玩家 3"
    assert i18n.line("Player One") == "Player One"


def test_names_come_from_the_card_data_where_it_has_chinese():
    names = i18n.data_names("zh")
    assert names["Cao Cao"] == "曹操"  # Sanguosha's generals
    assert names["Peach"] == "桃"  # Sanguosha's cards
    assert names["Homura Akemi"] == "曉美焰"  # Madoka's girls


def test_every_template_names_the_same_fields_in_both_languages():
    i18n.forget()
    exact, templates, formats = i18n.catalog("zh")  # raises on a template that does not
    assert len(exact) > 400 and len(templates) > 300 and formats


def test_chinese_wraps_between_characters():
    i18n.set_language("zh")
    pygame.init()
    lines = text.wrap("選擇行動牌：把手牌拖到你板上發光的位置（或雙擊）。所有人秘密選擇，然後同時翻開。",
                      16, 200)
    assert len(lines) > 1
    assert all(text.width(ln, 16) <= 200 for ln in lines)
    assert not any(ln.startswith(("，", "。", "）")) for ln in lines)


# --- every screen ------------------------------------------------------------------------------
def test_every_screen_and_every_table_has_a_translation_for_each_line_in_chinese():
    """Menus, settings, setup, rules, history, network screens, and each game's table played
    by you against bots (banner, buttons, tooltips, help, pause, log, results): in 中文 each
    line drawn has a translation, but for the card data's own English names and texts."""
    from tests.i18n_walk import untranslated

    missing = untranslated()
    assert not missing, f"{len(missing)} lines lack a translation in data/i18n/zh.toml: " \
                        f"{sorted(missing)[:40]}"


def test_switching_the_language_in_settings_changes_the_screen_at_once(drawn):
    app = make_app(language="en")
    app.to_menu()
    pump(app, 2)
    assert "New game" in drawn
    app.open_settings()
    pump(app, 1)
    chinese = app.manager.top.language.segments()[1]
    click(chinese.center)
    pump(app, 1)
    assert app.settings.language == "zh" and i18n.language() == "zh"
    drawn.clear()
    app.manager.pop()  # Done: back to the menu
    pump(app, 1)
    assert "新遊戲" in drawn and "New game" not in drawn


def test_the_c_key_switches_a_table_and_its_log_at_once(drawn):
    app = make_app(language="en")
    table = open_table(app, "madoka", 3, seats=["you", "ai:random", "ai:random"])
    table.log.add("Player 2 draws a card", 1)
    pump(app, 1)
    assert "Player 2 draws a card" in drawn
    drawn.clear()
    press(app, pygame.K_c)
    pump(app, 1)
    assert app.settings.language == "zh"
    assert "玩家 2 摸一張牌" in drawn


def test_the_rules_page_is_the_chinese_page_in_chinese():
    from scenes.rules import rules_file

    i18n.set_language("zh")
    for game in ("madoka", "bloodborne", "mhtcg", "hermitcraft", "sanguosha"):
        assert rules_file(game).name == "rules.zh.md"
    i18n.set_language("en")
    assert rules_file("madoka").name == "rules.md"


# --- the command line ----------------------------------------------------------------------------
def test_main_lang_refuses_an_unknown_language_in_one_line():
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--lang", "fr"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    assert r.stderr.strip() == "main.py: --lang must be one of en, zh, not 'fr'"


def test_the_command_line_and_the_settings_know_the_same_languages():
    import main
    from scenes import storage

    assert main.LANGUAGES == i18n.LANGUAGES == storage.LANGUAGES
