"""Our Bloodborne card set: the shipped files are valid, and every kind of mistake gives one
line naming the file, the card and the field."""

import shutil

import pytest

from game.bloodborne import GAME
from game.bloodborne.cards import COUNTS, load_card_set
from game.core.resources import data_path


def test_the_shipped_data_is_valid_with_the_published_counts():
    assert GAME.validate_data() == []
    cs = load_card_set()
    assert len(cs.starter) == COUNTS["starter"] == 5
    assert len(cs.upgrade_instances) == 32
    assert (len(cs.monsters), len(cs.bosses), len(cs.finals)) == (18, 7, 5)
    assert {f.ability for f in cs.finals} == {"gehrman", "rom", "ebrietas", "moon_presence",
                                              "orphan_of_kos"}
    assert [list(d.faces) for d in cs.dice.values()] == [
        ["0", "1", "1", "1", "2", "1+"], ["1", "1", "2", "2", "3", "2+"],
        ["1", "2", "3", "3", "4", "3+"]]


def test_every_ranged_card_prints_its_protection():
    cs = load_card_set()
    for c in cs.starter + cs.upgrades:
        assert (c.type == "ranged") == bool(c.protection), c.id


def test_the_two_published_monster_abilities_are_in_the_set():
    cs = load_card_set()
    abilities = {m.ability for m in cs.monsters + cs.bosses}
    assert {"ranged_resist", "unstoppable"} <= abilities


def broken(tmp_path, file, old, new):
    for good in data_path("bloodborne").glob("*.toml"):
        shutil.copy(good, tmp_path / good.name)
    text = (tmp_path / file).read_text(encoding="utf-8")
    assert old in text
    (tmp_path / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return GAME.validate_data(tmp_path)


@pytest.mark.parametrize(("file", "old", "new", "card", "field"), [
    ("upgrades.toml", 'id = "kirkhammer"', 'id = "kirkhammer"\nweight = 3', "kirkhammer",
     "weight"),
    ("upgrades.toml", "damage = 5\ntext", 'damage = "five"\ntext', "holy_moonlight_sword",
     "damage"),
    ("monsters.toml", 'id = "snatcher"', 'id = "carrion_crow"', "carrion_crow", "id"),
    ("monsters.toml", 'ability = "fury"', 'ability = "explode"', "scourge_beast", "ability"),
    ("upgrades.toml", 'ability = "heal"', 'ability = "teleport"', "blood_vial", "ability"),
    ("upgrades.toml", 'protection = "cancel"\ntext = "Immediate. Deals 2',
     'text = "Immediate. Deals 2', "evelyn", "protection"),
    ("monsters.toml", 'lantern = "green"', 'lantern = "blue"', "carrion_crow", "lantern"),
    ("monsters.toml", 'trophies = ["beast"]', 'trophies = ["dragon"]', "carrion_crow",
     "trophies"),
    ("bosses.toml", "boss = true", "boss = false", "cleric_beast", "boss"),
])
def test_bad_data_gives_one_line_naming_file_card_and_field(tmp_path, file, old, new, card,
                                                            field):
    problems = broken(tmp_path, file, old, new)
    assert len(problems) == 1 and "\n" not in problems[0]
    assert file in problems[0] and f"card '{card}'" in problems[0]
    assert f"field '{field}'" in problems[0]


def test_wrong_count_is_an_error(tmp_path):
    problems = broken(tmp_path, "upgrades.toml", "copies = 2\ntext = \"A sword",
                      "copies = 3\ntext = \"A sword")
    assert len(problems) == 1 and "upgrades.toml" in problems[0] and "expected 32" in problems[0]


def test_bad_die_face_is_an_error(tmp_path):
    problems = broken(tmp_path, "dice.toml", '"3+"]', '"x"]')
    assert len(problems) == 1 and "dice.toml" in problems[0] and "field 'red'" in problems[0]


def test_rules_reference_lists_the_current_cards():
    from game.bloodborne.docs import rules_markdown

    text = data_path("bloodborne", "rules.md").read_text(encoding="utf-8")
    assert text == rules_markdown(), "run: uv run python -m game.bloodborne.docs"
    assert "our own card set" in text
