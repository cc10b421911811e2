"""The Season 9 base set as data: the counts the spec publishes, the numbers of some cards
checked by hand against the spec's tables, and every kind of data mistake is one line naming
the file, the card and the field."""

import shutil
from collections import Counter

import pytest

from game.core.data import CardDataError
from game.core.resources import data_path
from game.hermitcraft.cards import COUNTS, TYPES, card_set, load_card_set


def test_the_base_set_has_117_cards():
    cs = card_set()
    assert len(cs.cards) == 117 == sum(COUNTS.values())
    assert len(cs.by_id) == 117


def test_per_kind_counts_are_the_spec_s_55_hermits_12_effects_30_single_use_20_items():
    cs = card_set()
    assert (len(cs.hermits), len(cs.effects), len(cs.single_uses), len(cs.items)) == (
        55, 12, 30, 20)


def test_hermits_are_26_common_26_rare_3_ultra_rare():
    # 26 Hermits with a common and a rare card each (Iskall85 included, D3), 3 ultra rares
    rarities = Counter(h.rarity for h in card_set().hermits)
    assert rarities == {"common": 26, "rare": 26, "ultra_rare": 3}
    assert sorted(h.id for h in card_set().hermits if h.rarity == "ultra_rare") == [
        "beef_ur", "etho_ur", "tfc_ur"]


def test_each_type_has_a_common_item_and_a_rare_x2_item():
    items = {i.id: i for i in card_set().items}
    for t in TYPES:
        one, two = items[f"{t}_item"], items[f"{t}_item_x2"]
        assert (one.type, one.points, one.rarity, one.tokens) == (t, 1, "common", 0)
        assert (two.type, two.points, two.rarity, two.tokens) == (t, 2, "rare", 2)


def test_numeric_ids_are_the_reference_s_0_to_116():
    cs = card_set()
    assert sorted(cs.by_hc_id) == list(range(117))
    assert cs.by_hc_id[0].id == "bdubs_c"
    assert cs.by_hc_id[47].id == "iskall_c" and cs.by_hc_id[48].id == "iskall_r"
    assert cs.by_hc_id[49].id == "balanced_item" and cs.by_hc_id[68].id == "terraform_item_x2"
    assert cs.by_hc_id[101].id == "totem" and cs.by_hc_id[100].id == "tnt"


def test_sample_hermits_match_the_spec_table():
    cs = card_set()
    grian = cs.card("grian_r")
    assert (grian.type, grian.health, grian.tokens) == ("prankster", 300, 2)
    assert grian.primary.cost == ("prankster", "prankster") and grian.primary.damage == 50
    assert grian.primary.special and not grian.secondary.special
    false = cs.card("false_r")
    assert false.secondary.cost == ("builder", "any") and false.secondary.damage == 70
    etho = cs.card("etho_c")
    assert etho.secondary.cost == ("balanced",) * 3 and etho.secondary.damage == 100
    assert cs.card("rendog_r").health == 250
    etho_ur = cs.card("etho_ur")
    assert (etho_ur.tokens, etho_ur.discount_item_type, etho_ur.discount_tokens) == (3, "pvp", 2)
    assert cs.card("mumbo_r").params["per_heads"] == 20
    assert cs.card("wels_r").params["red_bonus"] == 40


def test_every_ability_sits_on_exactly_one_attack_of_a_rare_or_ultra_rare_hermit():
    for h in card_set().hermits:
        specials = h.primary.special + h.secondary.special
        assert specials == (0 if h.rarity == "common" else 1), h.id


def test_single_use_kinds_and_first_turn_cards():
    cs = card_set()
    uses = {c.id: c.use for c in cs.single_uses}
    assert sorted(k for k, v in uses.items() if v == "attack") == [
        "bow", "crossbow", "diamond_sword", "golden_axe", "iron_sword", "netherite_sword", "tnt"]
    assert sorted(k for k, v in uses.items() if v == "follow_up") == ["chorus_fruit", "knockback"]
    assert sorted(c.id for c in cs.single_uses if c.not_first_turn) == ["clock", "spyglass"]


def test_buckets_are_effect_cards_that_may_be_single_use_and_bed_and_wolf_are_active_only():
    cs = card_set()
    assert sorted(c.id for c in cs.effects if c.single_use) == ["milk_bucket", "water_bucket"]
    assert sorted(c.id for c in cs.effects if c.active_only) == ["bed", "wolf"]


def test_card_classes_are_frozen():
    card = card_set().card("grian_c")
    with pytest.raises(AttributeError):
        card.health = 10


# --- loader errors -----------------------------------------------------------------------------

def broken(tmp_path, file, old, new):
    for good in data_path("hermitcraft").glob("*.toml"):
        shutil.copy(good, tmp_path / good.name)
    text = (tmp_path / file).read_text(encoding="utf-8")
    assert old in text
    (tmp_path / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        load_card_set(tmp_path)
    return err.value


@pytest.mark.parametrize(("file", "old", "new", "card", "field"), [
    ("hermits.toml", 'id = "bdubs_c"', 'id = "bdubs_c"\nweight = 3', "bdubs_c", "weight"),
    ("hermits.toml", "health = 260", 'health = "lots"', "bdubs_c", "health"),
    ("hermits.toml", "health = 260", "health = 265", "bdubs_c", "health"),
    ("hermits.toml", 'type = "builder"', 'type = "wizard"', "bdubs_c", "type"),
    ("hermits.toml", 'cost = ["builder"], damage = 60', 'cost = ["bilder"], damage = 60',
     "bdubs_c", "primary"),
    ("hermits.toml", 'name = "Gradient", ', 'name = "Gradient", reach = 2, ', "bdubs_c",
     "primary"),
    ("hermits.toml", 'rarity = "rare"', 'rarity = "epic"', "bdubs_r", "rarity"),
    ("hermits.toml", 'id = "beef_c"', 'id = "bdubs_c"', "bdubs_c", "id"),
    ("hermits.toml", "hc_id = 1\n", "hc_id = 0\n", "bdubs_r", "hc_id"),
    ("hermits.toml", "params = { heal = 40 }", "params = { heal = 4.5 }", "false_r", "params"),
    ("effects.toml", 'id = "bed"', 'id = "grian_c"', "grian_c", "id"),
    ("effects.toml", "active_only = true", 'active_only = "yes"', "bed", "active_only"),
    ("single_use.toml", 'use = "attack"', 'use = "sometimes"', "bow", "use"),
    ("single_use.toml", 'text = "40 damage to one opposing AFK Hermit."', "", "bow", "text"),
    ("items.toml", "points = 2", "points = 1", "balanced_item_x2", "rarity"),
    ("items.toml", "points = 1", "points = 3", "balanced_item", "points"),
    ("types.toml", 'strong_against = ["terraform"]', 'strong_against = ["stone"]', "builder",
     "strong_against"),
    ("starters.toml", '"grian_c*2"', '"grain_c*2"', "builder_blast", "cards"),
    ("starters.toml", '"grian_c*2"', '"grian_c*two"', "builder_blast", "cards"),
])
def test_a_bad_card_names_its_file_card_and_field(tmp_path, file, old, new, card, field):
    err = broken(tmp_path, file, old, new)
    assert (err.file.endswith(file), err.card, err.field) == (True, card, field)
    assert "\n" not in str(err)
    assert str(err).startswith(str(tmp_path / file))


def test_a_missing_card_is_a_count_error_naming_the_file(tmp_path):
    start = '[[single_use]]\nid = "bow"'
    for good in data_path("hermitcraft").glob("*.toml"):
        shutil.copy(good, tmp_path / good.name)
    path = tmp_path / "single_use.toml"
    text = path.read_text(encoding="utf-8")
    head, rest = text.split(start, 1)
    path.write_text(head + "[[single_use]]" + rest.split("[[single_use]]", 1)[1],
                    encoding="utf-8")
    with pytest.raises(CardDataError, match="expected 30 single-use cards, found 29") as err:
        load_card_set(tmp_path)
    assert err.value.file.endswith("single_use.toml")


def test_malformed_toml_is_one_line_naming_the_file(tmp_path):
    err = broken(tmp_path, "items.toml", "[[item]]", "[[item]")
    assert err.file.endswith("items.toml") and "not valid TOML" in str(err)


def test_a_card_with_behaviour_but_no_handler_is_a_data_error(tmp_path):
    from game.hermitcraft.effects import check_handlers

    for good in data_path("hermitcraft").glob("*.toml"):
        shutil.copy(good, tmp_path / good.name)
    path = tmp_path / "hermits.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('id = "beef_ur"', 'id = "beef_xr"'),
                    encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        check_handlers(load_card_set(tmp_path))
    assert (err.value.file, err.value.card) == ("hermits.toml", "beef_xr")
    assert "no rules handler" in str(err.value)


def test_every_bundled_card_with_behaviour_has_a_handler():
    from game.hermitcraft.effects import check_handlers

    check_handlers(card_set())
