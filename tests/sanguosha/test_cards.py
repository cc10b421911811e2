"""The Sanguosha card and general data: the spec's count checks, and every kind of mistake in
the TOML gives one CardDataError line naming the file, the card and the field."""

from __future__ import annotations

import shutil
from collections import Counter

import pytest

from game.core.data import CardDataError
from game.core.resources import data_path
from game.sanguosha.cards import SUITS, card_set, load_card_set

CS = card_set()
STANDARD = [c for c in CS.cards if not c.ex]
ALL = list(CS.cards)


def kinds_count(cards, kind):
    return sum(c.kind.id == kind for c in cards)


# --- cards ---------------------------------------------------------------------------------------

def test_104_standard_cards_108_with_ex_all_ids_distinct():
    assert len(STANDARD) == 104 and len(ALL) == 108
    assert len({c.id for c in ALL}) == 108
    assert CS.deck(ex=False) == tuple(range(104)) and CS.deck() == tuple(range(108))


def test_every_cell_holds_two_standard_cards_and_ex_adds_a_third_to_four_cells():
    cells = Counter((c.suit, c.rank) for c in STANDARD)
    assert len(cells) == 52 and set(cells.values()) == {2}
    ex = {(c.suit, c.rank): c.kind.id for c in ALL if c.ex}
    assert ex == {("s", 2): "ice-sword", ("c", 2): "nioh-shield", ("h", 12): "lightning",
                  ("d", 12): "nullification"}


def test_cards_per_suit_and_colour():
    assert Counter(c.suit for c in STANDARD) == {s: 26 for s in SUITS}
    assert Counter(c.suit for c in ALL) == {s: 27 for s in SUITS}
    assert Counter(c.colour for c in STANDARD) == {"red": 52, "black": 52}
    assert Counter(c.colour for c in ALL) == {"red": 54, "black": 54}


def test_cards_per_type():
    assert Counter(c.kind.type for c in STANDARD) == {"basic": 53, "trick": 34, "equipment": 17}
    assert Counter(c.kind.type for c in ALL) == {"basic": 53, "trick": 36, "equipment": 19}


def test_basic_cards_by_name_and_suit():
    assert (kinds_count(STANDARD, "slash"), kinds_count(STANDARD, "dodge"),
            kinds_count(STANDARD, "peach")) == (30, 15, 8)
    assert Counter(c.suit for c in STANDARD if c.kind.id == "slash") == {"s": 7, "h": 3,
                                                                         "c": 14, "d": 6}
    assert Counter(c.suit for c in STANDARD if c.kind.id == "dodge") == {"h": 3, "d": 12}
    assert Counter(c.suit for c in STANDARD if c.kind.id == "peach") == {"h": 7, "d": 1}


def test_tricks_by_name():
    ordinary = [c for c in STANDARD if c.kind.subtype == "ordinary"]
    delayed = [c for c in STANDARD if c.kind.subtype == "delayed"]
    assert (len(ordinary), len(delayed)) == (30, 4)
    assert Counter(c.kind.id for c in ordinary) == {
        "dismantlement": 6, "snatch": 5, "ex-nihilo": 4, "duel": 3, "nullification": 3,
        "savage-assault": 3, "borrowed-sword": 2, "amazing-grace": 2, "archery-attack": 1,
        "peach-garden": 1}
    assert Counter(c.kind.id for c in delayed) == {"indulgence": 3, "lightning": 1}
    assert kinds_count(ALL, "nullification") == 4 and kinds_count(ALL, "lightning") == 2


def test_equipment_by_subtype_and_name():
    eq = [c for c in STANDARD if c.kind.is_equipment]
    assert Counter(c.kind.subtype for c in eq) == {"weapon": 9, "armour": 2,
                                                   "defensive_horse": 3, "offensive_horse": 3}
    assert Counter(c.kind.subtype for c in ALL if c.kind.is_equipment)["weapon"] == 10
    assert Counter(c.kind.subtype for c in ALL if c.kind.is_equipment)["armour"] == 3
    by_kind = Counter(c.kind.id for c in eq)
    assert by_kind.pop("crossbow") == 2 and by_kind.pop("eight-diagrams") == 2
    assert set(by_kind.values()) == {1}


def test_weapon_ranges_and_horses():
    ranges = {k.id: k.range for k in CS.kinds.values() if k.subtype == "weapon"}
    assert ranges == {"crossbow": 1, "qinggang-sword": 2, "double-swords": 2, "ice-sword": 2,
                      "blade": 3, "spear": 3, "axe": 3, "halberd": 4, "kylin-bow": 5}
    horses = {k.id: k.horse for k in CS.kinds.values() if k.horse}
    assert horses == {"dilu": 1, "jueying": 1, "zhuahuang": 1, "chitu": -1, "dayuan": -1,
                      "zixing": -1}


def test_thirty_kinds_among_the_standard_cards_thirty_two_with_ex():
    std = {c.kind for c in STANDARD}
    assert len(std) == 30
    assert Counter(k.type for k in std) == {"basic": 3, "trick": 12, "equipment": 15}
    assert len(CS.kinds) == 32


def test_every_kind_has_both_names_and_one_line_of_text():
    for k in CS.kinds.values():
        assert k.name and k.name_zh and k.text and "\n" not in k.text


def test_card_label_names_suit_symbol_and_rank():
    assert CS.cards[0].label == "Duel ♠A"
    assert [c.label for c in ALL if c.id == "h13-dodge"] == ["Dodge ♥K"]


# --- generals --------------------------------------------------------------------------------

def test_25_generals_by_kingdom_hp_and_gender():
    g = CS.generals
    assert len(g) == 25
    assert Counter(x.kingdom for x in g) == {"wei": 7, "shu": 7, "wu": 8, "qun": 3}
    assert Counter(x.hp for x in g) == {4: 14, 3: 11}
    assert Counter(x.gender for x in g) == {"male": 20, "female": 5}
    assert sum(x.hp for x in g) == 89


def test_40_skills_by_kind():
    s = CS.skills.values()
    assert len(CS.skills) == 40
    assert Counter(len(g.skills) for g in CS.generals) == {1: 10, 2: 15}
    assert sum(not x.locked and not x.lord for x in s) == 31
    assert sum(x.locked for x in s) == 7 and sum(x.lord for x in s) == 3
    assert [x.id for x in s if x.locked and x.lord] == ["jiuyuan"]


def test_three_lord_generals_each_with_one_lord_skill():
    assert [g.id for g in CS.lord_generals] == ["caocao", "liubei", "sunquan"]
    lord_skills = {sid: CS.skills[sid].general for sid in CS.skills if CS.skills[sid].lord}
    assert lord_skills == {"hujia": "caocao", "jijiang": "liubei", "jiuyuan": "sunquan"}


def test_every_skill_belongs_to_the_general_that_lists_it():
    for g in CS.generals:
        for sid in g.skills:
            assert CS.skills[sid].general == g.id
    assert CS.general("lvbu").skills == ("wushuang",)


# --- loader errors -----------------------------------------------------------------------------

def broken(tmp_path, file, old, new):
    for good in data_path("sanguosha").glob("*.toml"):
        shutil.copy(good, tmp_path / good.name)
    text = (tmp_path / file).read_text(encoding="utf-8")
    assert old in text, old
    (tmp_path / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        load_card_set(tmp_path)
    return str(err.value)


SLASH7 = '{ id = "s7-slash", kind = "slash", suit = "s", rank = 7 }'
BLADE = 'id = "blade"\nname = "Green Dragon Blade"\nname_zh = "青龍偃月刀"\ntype = "equipment"'


@pytest.mark.parametrize(("file", "old", "new", "card", "field"), [
    ("cards.toml", SLASH7, SLASH7.replace("}", ', colour = "black" }'), "s7-slash", "colour"),
    ("cards.toml", SLASH7, SLASH7.replace('suit = "s"', 'suit = "x"'), "s7-slash", "suit"),
    ("cards.toml", SLASH7, SLASH7.replace("rank = 7", "rank = 14"), "s7-slash", "rank"),
    ("cards.toml", SLASH7, SLASH7.replace("rank = 7", 'rank = "7"'), "s7-slash", "rank"),
    ("cards.toml", SLASH7, SLASH7.replace('kind = "slash"', 'kind = "fire-slash"'), "s7-slash",
     "kind"),
    ("cards.toml", SLASH7, SLASH7.replace('id = "s7-slash"', 'id = "s7-dodge"'), "s7-dodge",
     "id"),
    ("cards.toml", SLASH7, SLASH7.replace('id = "s7-slash"', 'id = "s1-duel"'), "s1-duel", "id"),
    ("cards.toml", '{ id = "s7-savage-assault", kind = "savage-assault", suit = "s", rank = 7 }',
     '{ id = "s8-savage-assault", kind = "savage-assault", suit = "s", rank = 8 }',
     "s8-slash-2", "rank"),
    ("cards.toml", '{ id = "d13-zixing", kind = "zixing", suit = "d", rank = 13 }',
     '{ id = "d13-zixing", kind = "zixing", suit = "d", rank = 13, ex = true }', "d13-zixing",
     "ex"),
    ("cards.toml", BLADE + '\nsubtype = "weapon"\nrange = 3',
     BLADE + '\nsubtype = "weapon"', "blade", "range"),
    ("cards.toml", BLADE + '\nsubtype = "weapon"', BLADE + '\nsubtype = "delayed"', "blade",
     "subtype"),
    ("cards.toml", 'subtype = "offensive_horse"\nhorse = -1', 'subtype = "offensive_horse"\n'
     'horse = 1', "dayuan", "horse"),
    ("generals.toml", 'kingdom = "qun"', 'kingdom = "jin"', "huatuo", "kingdom"),
    ("generals.toml", 'hp = 4\nlord = true\nskills = ["jianxiong"', 'hp = "4"\nlord = true\n'
     'skills = ["jianxiong"', "caocao", "hp"),
    ("generals.toml", '"jianxiong", "hujia"', '"jianxiong", "hujia", "feiying"', "caocao",
     "skills"),
    ("generals.toml", '"guicai", "fankui"', '"guicai"', "fankui", "id"),
    ("generals.toml", 'lord = true\nskills = ["rende"', 'lord = false\nskills = ["rende"',
     "liubei", "lord"),
    ("generals.toml", '"guicai", "fankui"', '"guicai", "jianxiong"', "simayi", "skills"),
    ("generals.toml", 'id = "biyue"\nname', 'id = "biyue"\nlimited = true\nname', "biyue",
     "limited"),
    ("cards.toml", 'subtype = "ordinary"\ntarget = "other"\nharmful = true\nneeds_cards = true'
     '\nreach = 1', 'subtype = "ordinary"\nharmful = true\nneeds_cards = true\nreach = 1',
     "snatch", "target"),
    ("cards.toml", 'target = "other"\nharmful = true\nneeds_cards = true\nreach = 1',
     'target = "another"\nharmful = true\nneeds_cards = true\nreach = 1', "snatch", "target"),
    ("cards.toml", 'target = "other"\nharmful = true\nneeds_cards = true\nreach = 1',
     'target = "others"\nharmful = true\nneeds_cards = true\nreach = 1', "snatch", "reach"),
    ("cards.toml", BLADE + '\nsubtype = "weapon"', BLADE + '\nsubtype = "weapon"\ntarget = '
     '"other"', "blade", "target"),
])
def test_bad_data_gives_one_line_naming_file_card_and_field(tmp_path, file, old, new, card,
                                                            field):
    line = broken(tmp_path, file, old, new)
    assert "\n" not in line
    assert file in line and f"card '{card}'" in line and f"field '{field}'" in line, line


def test_a_missing_cell_names_the_cell(tmp_path):
    line = broken(tmp_path, "cards.toml", SLASH7 + ",\n", "")
    assert "cards.toml" in line and "♠7 holds 1 standard cards, expected 2" in line


def test_a_duplicate_id_is_an_error(tmp_path):
    line = broken(tmp_path, "generals.toml", 'id = "lvbu"', 'id = "diaochan"')
    assert "generals.toml" in line and "card 'diaochan'" in line and "duplicate" in line


def test_every_skill_in_the_data_needs_its_handler(tmp_path):
    """The effect registry is matched against the data when a game starts: a skill with no
    handler is named (and so is a handler with no card or skill)."""
    from game.sanguosha.effects import check_registry

    for good in data_path("sanguosha").glob("*.toml"):
        shutil.copy(good, tmp_path / good.name)
    path = tmp_path / "generals.toml"
    text = path.read_text(encoding="utf-8").replace('"lijian", "biyue"', '"lijian", "biyue", '
                                                    '"huanhuo"')
    path.write_text(text + '\n[[skill]]\nid = "huanhuo"\nname = "Illusion"\nname_zh = "幻惑"\n'
                    'text = "Nothing yet."\n', encoding="utf-8")
    with pytest.raises(CardDataError, match="no rules handler for 'huanhuo'"):
        check_registry(load_card_set(tmp_path))
    check_registry(CS)  # the bundled data: every kind and skill has its handlers


def test_the_rules_reference_is_up_to_date_with_the_data():
    from game.sanguosha.docs import render

    assert (data_path("sanguosha") / "rules.md").read_text(encoding="utf-8") == render()
