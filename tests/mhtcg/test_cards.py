"""Our Monster Hunter card set and the four starter decks (spec "Card set"): the shipped files
are valid and say what the spec says, and every mistake gives one line naming file, card and
field."""

import shutil

import pytest

from game.core.data import CardDataError
from game.core.resources import data_path
from game.mhtcg.cards import DECK_SIZE, Ability, card_set, load_card_set


def test_the_card_set_has_4_hunters_26_monsters_16_weapons_3_armour_14_items_4_decks():
    cs = load_card_set()
    assert (len(cs.hunters), len(cs.monsters), len(cs.weapons), len(cs.armour),
            len(cs.items), len(cs.decks)) == (4, 26, 16, 3, 14, 4)
    assert list(cs.decks) == ["A", "B", "C", "D"]


def test_every_card_has_a_name_and_one_line_of_text():
    cs = card_set()
    for table in (cs.hunters, cs.monsters, cs.weapons, cs.armour, cs.items):
        for card in table.values():
            assert card.name and card.text and "\n" not in card.text, card.id


def test_each_deck_comes_with_its_hunter():
    cs = card_set()
    assert {d.id: d.hunter for d in cs.decks.values()} == {"A": "H1", "B": "H2", "C": "H3",
                                                            "D": "H4"}
    assert [cs.hunters[h].ability for h in ("H1", "H2", "H3", "H4")] == [
        "charge", "sidestep", "counter", "spotter"]


#: after the balance tuning (data/mhtcg/balance.md): monsters and items, then level and
#: material totals, per deck
TUNED = {"A": (13, 11, 27, 26), "B": (12, 12, 27, 27), "C": (12, 12, 30, 28),
         "D": (14, 10, 29, 29)}


@pytest.mark.parametrize("deck", ["A", "B", "C", "D"])
def test_a_starter_deck_is_9_weapons_7_armour_and_monsters_and_items_as_tuned(deck):
    cs = card_set()
    cards = cs.deck_cards(deck)
    assert len(cards) == DECK_SIZE
    kinds = [c.kind for c in cards]
    monsters = [c for c in cards if c.kind == "monster"]
    assert (kinds.count("monster"), kinds.count("item"), sum(m.level for m in monsters),
            sum(m.material for m in monsters)) == TUNED[deck]
    assert (kinds.count("weapon"), kinds.count("armour")) == (9, 7)
    system = cs.hunters[cs.decks[deck].hunter].system
    weapons = [c for c in cards if c.kind == "weapon"]
    assert all(w.system == system for w in weapons)
    tiers = [0, 0, 0, 1, 1, 1, 3, 3, 7] if deck == "C" else [0, 0, 0, 2, 2, 2, 4, 4, 7]
    assert sorted(w.cost for w in weapons) == tiers  # C's Lance tuned cheaper (balance.md)
    assert sorted(c.id for c in cards if c.kind == "armour") == ["A01"] * 2 + ["A02"] * 3 + [
        "A03"] * 2


def test_eye_and_unique_monsters_per_deck_are_as_the_spec_counts():
    cs = card_set()
    eye = {d: sum(c.kind == "monster" and c.eye for c in cs.deck_cards(d)) for d in cs.decks}
    unique = {d: sum(c.kind == "monster" and c.unique for c in cs.deck_cards(d))
              for d in cs.decks}
    assert eye == {"A": 2, "B": 2, "C": 2, "D": 1}
    assert unique == {"A": 2, "B": 2, "C": 1, "D": 1}


def test_rathalos_and_teostra_are_shared_on_purpose():
    cs = card_set()
    holding = {cid: [d for d in cs.decks if cid in cs.decks[d].card_ids()]
               for cid in ("M21", "M26")}
    assert holding == {"M21": ["A", "B"], "M26": ["C", "D"]}


def test_ability_keywords_carry_their_amounts():
    cs = card_set()
    assert cs.monsters["M14"].abilities == (Ability("armoured", 1),)
    assert cs.monsters["M18"].amount("armoured") == 1
    assert cs.monsters["M18"].has("burrow")
    assert cs.monsters["M05"].abilities == ()
    assert cs.monsters["M10"].has("pack") and cs.monsters["M10"].has("leader")


def test_only_dung_bomb_and_farcaster_are_interrupts_and_only_farcaster_is_barred_at_2():
    cs = card_set()
    assert [i.id for i in cs.items.values() if i.interrupt] == ["I10", "I11"]
    assert [i.id for i in cs.items.values() if not i.two_player] == ["I11"]


def test_some_spot_values_match_the_spec_tables():
    cs = card_set()
    r = cs.monsters["M21"]
    assert (r.name, r.level, r.hp, r.atk, r.rng, r.material, r.eye, r.unique) == (
        "Rathalos", 4, 9, 5, 3, 3, True, True)
    w = cs.weapons["W12"]
    assert (w.name, w.system, w.cost, w.atk, w.rng, w.mov, w.icons) == (
        "Red Tail", "lance", 7, 6, 3, 2, ("whetstone", "trap", "bomb"))  # tuned: MOV 1 -> 2
    assert (cs.armour["A03"].cost, cs.armour["A03"].defence) == (5, 4)
    h = cs.hunters["H4"]
    assert (h.atk, h.defence, h.mov, h.rng, h.icons) == (2, 0, 2, 3, ("heal", "ammo", "bomb"))


def test_the_card_set_cannot_be_changed():
    cs = card_set()
    with pytest.raises(TypeError):
        cs.monsters["M99"] = cs.monsters["M01"]
    with pytest.raises(AttributeError):
        cs.monsters["M01"].hp = 9


# --- bad data ----------------------------------------------------------------------------------

def broken(tmp_path, file, old, new):
    for good in data_path("mhtcg").glob("*.toml"):
        shutil.copy(good, tmp_path / good.name)
    text = (tmp_path / file).read_text(encoding="utf-8")
    assert old in text, old
    (tmp_path / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        load_card_set(tmp_path)
    return err.value


@pytest.mark.parametrize(("file", "old", "new", "card", "field"), [
    # types, unknown keys, enumerations
    ("monsters.toml", "hp = 7\natk = 4\nrng = 2\nmaterial = 3\neye = true",
     'hp = "seven"\natk = 4\nrng = 2\nmaterial = 3\neye = true', "M16", "hp"),
    ("monsters.toml", 'id = "M05"', 'id = "M05"\nweight = 2', "M05", "weight"),
    ("monsters.toml", '"armoured:1"]', '"armoured"]', "M14", "abilities"),
    ("monsters.toml", '["pack"]', '["pack:2"]', "M01", "abilities"),
    ("monsters.toml", '["ambush"]', '["sneaky"]', "M04", "abilities"),
    ("monsters.toml", "eye = true", "eye = 1", "M16", "eye"),
    ("weapons.toml", 'system = "lance"', 'system = "hammer"', "W09", "system"),
    ("weapons.toml", '["heal", "whetstone"]', '["heal", "potion"]', "W01", "icons"),
    ("hunters.toml", 'ability = "charge"', 'ability = "roll"', "H1", "ability"),
    ("hunters.toml", "def = 1\nmov = 2", "mov = 2", "H1", "def"),
    ("armour.toml", "def = 4", "def = -1", "A03", "def"),
    ("items.toml", "interrupt = true", 'interrupt = "yes"', "I10", "interrupt"),
    ("monsters.toml", 'id = "M02"', 'id = "M01"', "M01", "id"),
    ("items.toml", 'id = "I14"', 'id = "W01"', "W01", "id"),
    # the spec's deck checks
    ("decks.toml", 'hunter = "H1"', 'hunter = "H9"', "A", "hunter"),
    ("decks.toml", '{ id = "M01", count = 3 }', '{ id = "M99", count = 3 }', "A", "cards"),
    ("decks.toml", '{ id = "M01", count = 3 }', '{ id = "H1", count = 3 }', "A", "cards"),
    ("decks.toml", '{ id = "M01", count = 3 },\n    { id = "M04", count = 2 },',
     '{ id = "M01", count = 5 },', "A", "cards"),
    ("decks.toml", '{ id = "M01", count = 3 }', '{ id = "M01", count = 2 }', "A", "cards"),
    ("decks.toml", '{ id = "M04", count = 2 }', '{ id = "M01", count = 2 }', "A", "cards"),
    ("decks.toml", '{ id = "M01", count = 3 }', '{ id = "M01", n = 3 }', "A", "cards"),
    ("decks.toml", '{ id = "I05", count = 1 }', '{ id = "I13", count = 1 }', "A", "cards"),
    # the sheet sides
    ("maps.toml", "links = [[1, 2], [1, 3], [2, 3]]", "links = [[1, 2], [1, 5], [2, 3]]",
     "3-4p", "links"),
    ("maps.toml", "links = [[1, 2], [1, 3], [2, 4], [3, 4]]", "links = [[1, 2], [1, 3]]",
     "2p", "links"),
    ("maps.toml", "players = [2]", "players = [3]", "2p", "players"),
    ("maps.toml", "per_sheet = 4", "per_sheet = 5", "2p", "per_sheet"),
    ("maps.toml", "[2, 2, 5], [2, 3, 5], [2, 1, 6]", "[2, 2, 5], [2, 3, 5], [2, 1, 5]",
     "4p-from-camp", "from_camp"),
    ("maps.toml", "[1, 1, 4], [1, 4, 4],\n]", "[1, 1, 4],\n]", "2p-from-camp",
     "from_camp"),
])
def test_bad_data_gives_one_line_naming_file_card_and_field(tmp_path, file, old, new, card,
                                                            field):
    err = broken(tmp_path, file, old, new)
    assert (err.card, err.field) == (card, field), str(err)
    assert err.file.endswith(file)
    line = str(err)
    assert "\n" not in line and file in line and f"card '{card}'" in line
    assert f"field '{field}'" in line


def test_a_deck_of_41_cards_is_refused_with_the_count(tmp_path):
    err = broken(tmp_path, "decks.toml", '{ id = "M01", count = 3 }', '{ id = "M01", count = 4 }')
    assert "holds 41 cards" in str(err)


def test_a_hunter_card_inside_a_deck_is_refused_by_name(tmp_path):
    err = broken(tmp_path, "decks.toml", '{ id = "M05", count = 1 }', '{ id = "H3", count = 1 }')
    assert "'H3' is a hunter card" in str(err)


def test_an_item_no_icon_of_the_deck_can_use_is_refused(tmp_path):
    # Deck A (Great Sword: heal, whetstone) with a Normal S Lv2 (ammo) instead of its Armorskin
    err = broken(tmp_path, "decks.toml", '{ id = "I05", count = 1 }', '{ id = "I13", count = 1 }')
    assert "item 'I13' shares no icon" in str(err)


def test_an_item_a_deck_weapon_can_use_is_accepted(tmp_path):
    # Red Wing's Bomb icon lets deck A carry a Barrel Bomb although its hunter has no Bomb
    for good in data_path("mhtcg").glob("*.toml"):
        shutil.copy(good, tmp_path / good.name)
    path = tmp_path / "decks.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('{ id = "I05", count = 1 }', '{ id = "I06", count = 1 }', 1),
                    encoding="utf-8")
    assert "I06" in load_card_set(tmp_path).decks["A"].card_ids()


def test_five_copies_of_one_card_are_refused(tmp_path):
    err = broken(tmp_path, "decks.toml",
                 '{ id = "M01", count = 3 },\n    { id = "M04", count = 2 },',
                 '{ id = "M01", count = 5 },')
    assert "at most 4 copies" in str(err)


# --- a starter deck per seat (the new-game screen's per-seat options, spec D39) ---------------

def test_every_starter_deck_is_offered_to_each_seat():
    from game.mhtcg import GAME

    offered = GAME.seat_option_choices("deck")
    assert "deck" in GAME.seat_options
    assert [value for value, _ in offered] == ["", *card_set().decks]
    assert offered[1][1] == "A Forest and Hills · Great Sword"


def test_a_seat_plays_the_deck_it_chose_and_the_others_get_decks_nobody_chose():
    from game.mhtcg import GAME

    s = GAME.new_state(3, 5, seats=[{}, {"deck": "C"}, {}])
    assert s.decks[1] == "C" and len(set(s.decks)) == 3
    twice = GAME.new_state(4, 5, seats=[{"deck": "A"}, {"deck": "A"}, {}, {}])
    assert twice.decks[:2] == ["A", "A"] and "A" not in twice.decks[2:]
    assert len(set(twice.decks[2:])) == 2


def test_an_unknown_deck_is_refused_naming_the_decks():
    from game.mhtcg import GAME

    assert GAME.validate_seat_options({"deck": "E"}) == [
        "unknown deck 'E'; choose one of A, B, C, D"]
    with pytest.raises(ValueError, match="unknown deck 'E'"):
        GAME.new_state(2, 1, seats=[{"deck": "E"}, {}])
