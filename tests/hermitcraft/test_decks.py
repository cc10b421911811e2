"""Deck rules (spec "Deck building", D25, D26), the starter decks, HC1 deck codes (D27) and the
reference simulator's legacy deck hash."""

import base64

import pytest

from game.hermitcraft.cards import card_set
from game.hermitcraft.decks import (
    DeckCodeError,
    deck_counts,
    decode_code,
    decode_legacy_hash,
    encode_code,
    encode_legacy_hash,
    import_deck,
    starter_decks,
    validate_deck,
)

CS = card_set()


def legal_deck():
    return starter_decks(CS)["builder_blast"]


def with_swap(deck, old, new, n=1):
    deck = list(deck)
    for _ in range(n):
        deck[deck.index(old)] = new
    return deck


# --- starter decks -----------------------------------------------------------------------------

@pytest.mark.parametrize(("deck_id", "rares", "ultra_rares", "tokens"), [
    ("builder_blast", 10, 3, 29),
    ("redstone_sparks", 8, 1, 26),
    ("pvp_knights", 12, 3, 32),
    ("farm_and_field", 12, 3, 35),
])
def test_starter_decks_are_legal_under_both_rules(deck_id, rares, ultra_rares, tokens):
    deck = starter_decks(CS)[deck_id]
    assert validate_deck(CS, deck) == []
    assert validate_deck(CS, deck, rules="tokens") == []
    counts = deck_counts(CS, deck)
    assert (counts.total, counts.hermit, counts.rare, counts.ultra_rare, counts.tokens) == (
        42, 10, rares, ultra_rares, tokens)


def test_starter_decks_pay_every_attack_with_their_own_item_type():
    for deck in CS.starters:
        for card_id in set(deck.cards):
            card = CS.card(card_id)
            if card.kind == "hermit":
                for point in card.primary.cost + card.secondary.cost:
                    assert point in ("any", deck.type), (deck.id, card_id)
            elif card.kind == "item":
                assert card.type == deck.type


# --- deck rules --------------------------------------------------------------------------------

def test_a_deck_has_exactly_42_cards():
    deck = legal_deck()
    assert validate_deck(CS, deck[:-1]) == ["A deck has exactly 42 cards; this one has 41."]
    assert validate_deck(CS, deck + ["builder_item"]) == [
        "A deck has exactly 42 cards; this one has 43."]


def test_a_deck_needs_a_hermit():
    deck = ["builder_item"] * 42
    assert validate_deck(CS, deck) == ["A deck needs at least one Hermit card."]


def test_at_most_3_copies_of_a_non_item_card():
    deck = with_swap(legal_deck(), "gem_c", "grian_c")  # grian_c x3: fine
    assert validate_deck(CS, deck) == []
    deck = with_swap(deck, "gem_c", "grian_c")
    assert validate_deck(CS, deck) == [
        "At most 3 copies of a card (items excepted): Grian (common) appears 4 times."]


def test_items_are_unlimited():
    deck = with_swap(legal_deck(), "builder_item_x2", "builder_item", 4)
    assert deck.count("builder_item") == 18 and validate_deck(CS, deck) == []


def test_same_card_means_same_id_name_and_rarity():
    deck = ["grian_c"] * 3 + ["grian_r"] * 3 + ["prankster_item"] * 18 + ["builder_item"] * 18
    assert validate_deck(CS, deck) == []


def test_an_ultra_rare_card_only_once():
    deck = with_swap(legal_deck(), "composter", "fishing_rod")
    assert validate_deck(CS, deck) == [
        "An ultra-rare card may appear only once: Fishing Rod (ultra rare) appears 2 times.",
        "At most 3 ultra-rare cards; this deck has 4."]


def test_at_most_12_rare_cards_x2_items_count():
    deck = with_swap(legal_deck(), "builder_item", "builder_item_x2", 2)  # 12 rares: fine
    assert validate_deck(CS, deck) == []
    deck = with_swap(deck, "builder_item", "builder_item_x2")
    assert validate_deck(CS, deck) == ["At most 12 rare cards (×2 items count); this deck has 13."]


def test_at_most_3_ultra_rare_cards():
    deck = with_swap(legal_deck(), "composter", "golden_apple")
    assert validate_deck(CS, deck) == ["At most 3 ultra-rare cards; this deck has 4."]


def test_token_option_replaces_the_rarity_limits():
    deck = with_swap(legal_deck(), "composter", "golden_apple")  # 4 ultra rares, 31 tokens
    assert validate_deck(CS, deck, rules="tokens") == []
    assert validate_deck(CS, deck + ["fishing_rod"], rules="tokens") == [
        "A deck has exactly 42 cards; this one has 43."]  # no ultra-rare-once either
    heavy = with_swap(legal_deck(), "builder_item", "builder_item_x2", 8)  # 29 + 16
    assert validate_deck(CS, heavy, rules="tokens") == [
        "The token option allows 42 tokens; this deck costs 45."]


def test_ultra_rare_etho_costs_2_tokens_in_an_all_pvp_item_deck():
    deck = starter_decks(CS)["pvp_knights"]
    assert deck_counts(CS, deck).tokens == 32
    mixed = with_swap(deck, "pvp_item", "builder_item")
    assert deck_counts(CS, mixed).tokens == 33


def test_unknown_cards_are_named():
    deck = with_swap(legal_deck(), "gem_c", "goatfather_r")
    assert validate_deck(CS, deck) == ["Not in the card set: 'goatfather_r'."]


# --- HC1 codes ---------------------------------------------------------------------------------

@pytest.mark.parametrize("deck_id", ["builder_blast", "redstone_sparks", "pvp_knights",
                                     "farm_and_field"])
def test_deck_code_round_trip(deck_id):
    deck = starter_decks(CS)[deck_id]
    code = encode_code(CS, deck)
    assert code.startswith("HC1:")
    assert sorted(decode_code(CS, code)) == sorted(deck)
    assert sorted(import_deck(CS, code)) == sorted(deck)


def test_deck_code_export_order_hermits_effects_single_use_items_each_by_id():
    code = encode_code(CS, starter_decks(CS)["builder_blast"])
    assert code == (
        "HC1:cleo_c*2,false_r*2,gem_c*2,grian_c*2,scar_r*2,"
        "gold_armour,iron_armour*2,shield,totem,"
        "chest,composter,fishing_rod,instant_health*2,iron_sword*2,knockback,netherite_sword,"
        "builder_item*14,builder_item_x2*4")


def test_deck_code_ignores_spaces_case_and_order():
    assert decode_code(CS, " hc1: Gem_C * 2 , GRIAN_C*3\n") == ["gem_c"] * 2 + ["grian_c"] * 3
    assert decode_code(CS, "HC1:grian_c,grian_c*2") == ["grian_c"] * 3
    assert decode_code(CS, "HC1:") == []


def test_the_spec_s_example_code():
    deck = decode_code(CS, "HC1:grian_c*3,gem_c*2,builder_item*14,builder_item_x2*4")
    assert len(deck) == 23  # a code may describe an illegal deck; validation says why
    assert validate_deck(CS, deck) == ["A deck has exactly 42 cards; this one has 23."]


@pytest.mark.parametrize(("code", "message"), [
    ("", "Not a deck code: it must start with 'HC1:'"),
    ("grian_c*3,gem_c", "Not a deck code: it must start with 'HC1:'"),
    ("XY1:grian_c", "Not a deck code: it must start with 'HC1:'"),
    ("HC2:grian_c", "Deck code version 'HC2:' is not known"),
    ("HC1:grian_c,grain_c*2", "Unknown card id in the deck code: 'grain_c'."),
    ("HC1:foo,bar", "Unknown card ids in the deck code: 'foo', 'bar'."),
    ("HC1:grian_c*x", "the count must be a whole number from 1 to 42"),
    ("HC1:grian_c*0", "the count must be a whole number from 1 to 42"),
    ("HC1:grian_c*-1", "the count must be a whole number from 1 to 42"),
    ("HC1:grian_c*", "the count must be a whole number from 1 to 42"),
    ("HC1:grian_c*43", "the count must be a whole number from 1 to 42"),
    ("HC1:grian_c,,gem_c", "has no card id"),
    ("HC1:*3", "has no card id"),
])
def test_every_malformed_code_is_a_one_line_error(code, message):
    with pytest.raises(DeckCodeError) as err:
        decode_code(CS, code)
    assert message in str(err.value)
    assert "\n" not in str(err.value)
    assert isinstance(err.value, ValueError)


# --- legacy hash -------------------------------------------------------------------------------

def test_legacy_hash_is_one_byte_per_card_its_numeric_id():
    assert decode_legacy_hash(CS, "AAAA") == ["bdubs_c"] * 3  # bytes 0, 0, 0
    assert encode_legacy_hash(CS, ["tnt", "totem"]) == base64.b64encode(bytes([100, 101])).decode()


@pytest.mark.parametrize("deck_id", ["builder_blast", "redstone_sparks", "pvp_knights",
                                     "farm_and_field"])
def test_legacy_hash_round_trip(deck_id):
    deck = starter_decks(CS)[deck_id]
    code = encode_legacy_hash(CS, deck)
    assert len(code) == 56  # 42 bytes
    assert decode_legacy_hash(CS, code) == deck
    assert import_deck(CS, code) == deck


def test_legacy_hash_accepts_url_safe_letters_missing_padding_and_spaces():
    deck = ["grian_r"] + ["prankster_item_x2"] * 2  # bytes 35, 60, 60
    std = base64.b64encode(bytes([35, 60, 60])).decode()
    assert decode_legacy_hash(CS, " " + std[:2] + "\n" + std[2:]) == deck
    assert decode_legacy_hash(CS, base64.b64encode(bytes([62, 63])).decode().rstrip("=")) == [
        "pvp_item_x2", "redstone_item"]


def test_legacy_hash_names_cards_outside_the_base_set():
    # the deck of the reference's own virtual player (ids above 127 are UTF-8 encoded)
    boss = "woHCgcKBUVFRwojCiMKVwpUODg4YGDw8PDs7Ozs7Ozs7Ozs7Ozs7wogjI8KWGTsaGgca"
    with pytest.raises(DeckCodeError) as err:
        decode_legacy_hash(CS, boss)
    assert str(err.value) == ("The deck holds cards outside the Season 9 base set (hc-tcg card "
                              "numbers): #129 ×3, #136 ×3, #149 ×2, #150.")


@pytest.mark.parametrize("text", ["", "   ", "!!!!", "QUJD$", "A", "/w==", "AA=A"])
def test_malformed_legacy_hash_is_a_one_line_error(text):
    with pytest.raises(DeckCodeError) as err:
        decode_legacy_hash(CS, text)
    assert "\n" not in str(err.value)
