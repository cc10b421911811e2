"""Each card does what its text says (the cards the interaction tests do not already show)."""

import pytest

from game.core.flow import marked
from game.hermitcraft.board import NEXT_ATTACK
from game.hermitcraft.effects import deathloop_armed
from game.hermitcraft.state import BURN, POISON
from tests.hermitcraft.table import Table

YOU, OPP = 0, 1


def duel(attacker, items, defender="etho_c", coins="", **kw):
    t = Table()
    t.hermit(YOU, attacker, items=items, **kw)
    t.hermit(OPP, defender, hp=300)
    t.start().coins(coins)
    return t


# --- Hermits -------------------------------------------------------------------------------------

def test_beef_ur_nho_doubles_with_docm_bdubs_and_etho_afk():
    t = duel("beef_ur", ["explorer_item_x2", "explorer_item"])
    for h in ("docm_c", "bdubs_r", "etho_ur"):
        t.hermit(YOU, h)
    t.attack()
    assert t.hp(OPP, 0) == 300 - 200
    t = duel("beef_ur", ["explorer_item_x2", "explorer_item"])
    t.hermit(YOU, "docm_c")
    t.hermit(YOU, "bdubs_r")
    t.attack()
    assert t.hp(OPP, 0) == 300 - 100


def test_cub_r_lets_go_may_switch_afterwards():
    t = duel("cub_r", ["speedrunner_item_x2", "speedrunner_item"])
    t.hermit(YOU, "cleo_c")
    t.attack()
    assert t.prompt_kind() == "self_switch"
    t.choose(1)
    assert t.s.active[YOU] == 1
    t = duel("cub_r", ["speedrunner_item_x2", "speedrunner_item"])
    t.hermit(YOU, "cleo_c")
    t.attack()
    t.choose(-1)  # stay
    assert t.s.active[YOU] == 0 and t.prompt_kind() == "turn"


def test_docm_r_world_eater_heads_doubles():
    t = duel("docm_r", ["farm_item_x2"], coins="H")
    t.attack()
    assert t.hp(OPP, 0) == 300 - 160


def test_etho_ur_slab_adds_20_per_heads():
    t = duel("etho_ur", ["pvp_item_x2"], coins="HTH")
    t.attack()
    assert t.hp(OPP, 0) == 300 - 110


def test_false_r_supremacy_heads_heals_40():
    t = duel("false_r", ["builder_item_x2"], coins="H", hp=100)
    t.attack()
    assert t.hp(YOU, 0) == 140 and t.hp(OPP, 0) == 300 - 70
    t = duel("false_r", ["builder_item_x2"], coins="T", hp=100)
    t.attack()
    assert t.hp(YOU, 0) == 100


def test_iskall_r_bird_poop_doubles_against_a_builder():
    t = duel("iskall_r", ["farm_item_x2"], defender="bdubs_c")
    t.attack()
    assert t.hp(OPP, 0) == 300 - 160
    t = duel("iskall_r", ["farm_item_x2"], defender="etho_c")
    t.attack()
    assert t.hp(OPP, 0) == 300 - 80


def test_jevin_r_peace_out_forces_a_switch():
    t = duel("jevin_r", ["speedrunner_item_x2", "speedrunner_item"])
    t.hermit(OPP, "cleo_c")
    t.attack()
    assert t.s.to_act() == (OPP,) and t.prompt_kind() == "forced_switch"
    t.choose(1, p=OPP)
    assert t.s.active[OPP] == 1 and t.s.to_act() == (YOU,)


def test_keralis_r_sweet_face_heals_an_afk_hermit_100():
    t = duel("keralis_r", ["terraform_item_x2", "terraform_item"])
    t.hermit(YOU, "cleo_c", hp=100)
    t.attack()
    t.choose(1)
    assert t.hp(YOU, 1) == 200


def test_pearl_r_aussie_ping_heads_makes_the_next_attack_miss():
    t = duel("pearl_r", ["terraform_item_x2"])
    t.s.items[OPP][0] = [t._new(OPP, "balanced_item")]
    t.attack()
    assert marked(t.s, OPP, "pearl_r", 0) == 4
    t.end_turn()
    t.coins("H")
    t.attack("primary")  # Etho's Snack Time misses
    assert t.hp(YOU, 0) == 300 and marked(t.s, YOU, "aussie_missed", 0) == 4
    t.end_turn()
    t.attack()  # the next Aussie Ping does nothing
    assert marked(t.s, OPP, "pearl_r", 0) == 0


def test_scar_r_deathloop_revives_at_50_once():
    t = Table()
    t.hermit(YOU, "scar_r", items=["builder_item_x2"])
    t.hermit(OPP, "tfc_c", items=["miner_item_x2", "miner_item"])
    t.start()
    t.attack()
    scar = t.s.hermit[YOU][0]
    assert deathloop_armed(t.s, scar)
    t.end_turn()
    t.s.hp[YOU][0] = 50
    t.attack()  # Alright 90
    assert t.hp(YOU, 0) == 50 and t.s.lives[YOU] == 3 and not deathloop_armed(t.s, scar)
    t.end_turn()
    t.attack()  # Deathloop again: used once already, it does nothing more
    assert not deathloop_armed(t.s, scar)


def test_tfc_r_branch_mine_heads_draws_one_more():
    t = duel("tfc_r", ["miner_item_x2"], coins="H")
    t.attack()
    hand = len(t.s.hands[YOU])
    t.end_turn()
    assert len(t.s.hands[YOU]) == hand + 2


def test_tfc_ur_take_it_easy_once_per_opposing_hermit():
    t = duel("tfc_ur", ["miner_item_x2", "miner_item"], coins="HH")
    t.s.effect[OPP][0] = t._new(OPP, "gold_armour")
    t.attack()
    assert t.effect(OPP, 0) is None
    t.s.effect[OPP][0] = t._new(OPP, "iron_armour")
    t.end_turn()
    t.end_turn()
    t.attack()
    assert t.effect(OPP, 0) == "iron_armour"


@pytest.mark.parametrize(("hp", "damage"), [(280, 100), (190, 120), (100, 120), (90, 140)])
def test_wels_r_vengeance_grows_as_wels_is_hurt(hp, damage):
    t = duel("wels_r", ["pvp_item_x2", "pvp_item"], hp=hp)
    t.attack()
    assert t.hp(OPP, 0) == 300 - damage


def test_xisuma_r_cup_of_tea_heads_poisons():
    t = duel("xisuma_r", ["redstone_item_x2"], coins="H")
    t.attack()
    assert t.s.dot[OPP][0] == POISON
    t = duel("xisuma_r", ["redstone_item_x2"], coins="T")
    t.attack()
    assert t.s.dot[OPP][0] == 0


def test_grian_r_borrow_tails_takes_nothing():
    t = duel("grian_r", ["prankster_item_x2"], coins="T")
    t.s.effect[OPP][0] = t._new(OPP, "totem")
    t.attack("primary")
    assert t.effect(OPP, 0) == "totem"


@pytest.mark.parametrize("card", ["bdubs_c", "cleo_c", "grian_c", "xb_c", "tango_c"])
def test_common_hermits_deal_their_printed_damage(card):
    t = Table()
    t.hermit(YOU, card)
    c = t.s.card(t.s.hermit[YOU][0])
    t.s.items[YOU][0] = [t._new(YOU, f"{c.type}_item_x2"), t._new(YOU, f"{c.type}_item")]
    t.hermit(OPP, "etho_c", hp=300)  # Balanced: weak to nothing, strong against nothing
    t.start()
    t.attack()
    assert t.hp(OPP, 0) == 300 - c.secondary.damage


# --- attached effect cards ------------------------------------------------------------------------

def test_bed_heals_to_full_and_sleeps_only_on_the_active():
    t = Table()
    t.hermit(YOU, "etho_c", hp=50)
    t.hermit(YOU, "cleo_c")
    t.hermit(OPP, "bdubs_c")
    t.hand(YOU, "bed")
    t.start()
    assert not t.can("attach_effect", "bed", target=1)
    t.do("attach_effect", "bed", target=0)
    assert t.hp(YOU, 0) == 260 and t.s.sleep[YOU][0] == 3
    for _ in range(3):
        t.end_turn()
        t.end_turn()
    assert t.s.sleep[YOU][0] == 0 and t.effect(YOU, 0) is None and "bed" in t.discard_ids(YOU)


def test_gold_armour_blocks_10_a_turn():
    t = Table()
    t.hermit(YOU, "grian_c", items=["builder_item"])
    t.hermit(OPP, "etho_c", effect="gold_armour")
    t.start()
    t.attack("primary")
    assert t.hp(OPP, 0) == 260 - 50


def test_water_bucket_attached_cures_burn():
    t = Table()
    t.hermit(YOU, "etho_c", status="burn")
    t.hermit(OPP, "bdubs_c")
    t.hand(YOU, "water_bucket")
    t.start()
    t.do("attach_effect", "water_bucket", target=0)
    assert t.s.dot[YOU][0] == 0


def test_netherite_armour_takes_no_effect_card_damage():
    t = Table()
    t.hermit(YOU, "etho_c")
    t.hermit(OPP, "bdubs_c", effect="netherite_armour")
    t.hand(YOU, "netherite_sword")
    t.start()
    t.use("netherite_sword")
    t.do("su_attack")
    assert t.hp(OPP, 0) == 260


# --- single-use cards --------------------------------------------------------------------------

def board(*hand, opp_effect=None, opp_items=(), afk=True):
    t = Table()
    t.hermit(YOU, "etho_c", hp=100, items=["balanced_item"])
    if afk:
        t.hermit(YOU, "cleo_c", hp=100)
    t.hermit(OPP, "bdubs_c", effect=opp_effect, items=list(opp_items))
    t.hermit(OPP, "xb_c")
    t.hand(YOU, *hand)
    return t.start()


@pytest.mark.parametrize(("card", "damage"), [("iron_sword", 20), ("diamond_sword", 40),
                                              ("netherite_sword", 60)])
def test_swords_hit_the_opposing_active(card, damage):
    t = board(card)
    t.use(card)
    t.do("su_attack")
    assert t.hp(OPP, 0) == 260 - damage and card in t.discard_ids(YOU)


def test_chorus_fruit_swaps_after_your_hermit_attack():
    t = board("chorus_fruit")
    t.use("chorus_fruit")
    t.attack("primary")
    t.choose(1)
    assert t.s.active[YOU] == 1


def test_composter_discards_two_then_draws_two():
    t = board("composter", "iron_sword", "gold_armour", "shield")
    t.use("composter")
    first, second = t.s.hands[YOU][:2]
    t.do("pick", target=first)
    t.do("pick", target=second)
    assert sorted(t.discard_ids(YOU)) == ["composter", "gold_armour", "iron_sword"]
    assert t.hand_ids(YOU).count("shield") == 1 and len(t.s.hands[YOU]) == 3
    assert not board("composter", "iron_sword").can("single_use", "composter")


def test_curse_of_binding_stops_the_opponents_switch_next_turn():
    t = board("curse_of_binding")
    t.use("curse_of_binding")
    t.end_turn()
    assert not t.can("switch")


def test_curse_of_vanishing_discards_the_opposing_active_effect_card():
    assert not board("curse_of_vanishing").can("single_use", "curse_of_vanishing")
    t = board("curse_of_vanishing", opp_effect="iron_armour")
    t.use("curse_of_vanishing")
    assert t.effect(OPP, 0) is None and "iron_armour" in t.discard_ids(OPP)


def test_efficiency_waives_the_cost():
    t = board("efficiency")
    assert not t.can("attack", option="secondary")
    t.use("efficiency")
    assert t.can("attack", option="secondary")


def test_flint_and_steel_discards_the_hand_and_draws_3():
    t = board("flint_and_steel", "iron_sword", "shield")
    t.use("flint_and_steel")
    assert len(t.s.hands[YOU]) == 3 and sorted(t.discard_ids(YOU)) == [
        "flint_and_steel", "iron_sword", "shield"]


def test_golden_apple_heals_an_afk_hermit_100():
    assert not board("golden_apple", afk=False).can("single_use", "golden_apple")
    t = board("golden_apple")
    t.use("golden_apple")
    assert [a.target for a in t.legal()] == [1]
    t.choose(1)
    assert t.hp(YOU, 1) == 200


@pytest.mark.parametrize(("card", "healed"), [("instant_health", 30),
                                              ("instant_health_ii", 60)])
def test_instant_health_heals_one_of_your_hermits(card, healed):
    t = board(card)
    t.use(card)
    t.choose(0)
    assert t.hp(YOU, 0) == 100 + healed


def test_instant_health_never_heals_above_max():
    t = board("instant_health_ii")
    t.s.hp[YOU][0] = 250
    t.use("instant_health_ii")
    t.choose(0)
    assert t.hp(YOU, 0) == 260


def test_invisibility_potion_tails_doubles_the_next_attack():
    t = board("invisibility_potion")
    t.coins("T")
    t.use("invisibility_potion")
    assert marked(t.s, OPP, NEXT_ATTACK) == (200,)


def test_lead_moves_an_item_to_an_opposing_afk_hermit():
    t = board("lead", opp_items=["builder_item"])
    t.use("lead")
    t.choose(t.s.items[OPP][0][0])
    t.choose(1)
    assert t.s.items[OPP][0] == [] and len(t.s.items[OPP][1]) == 1


def test_looting_heads_takes_an_item():
    t = board("looting", opp_items=["builder_item"])
    t.coins("H")
    t.use("looting")
    t.choose(t.s.items[OPP][0][0])
    assert "builder_item" in t.hand_ids(YOU) and t.s.items[OPP][0] == []
    t = board("looting", opp_items=["builder_item"])
    t.coins("T")
    t.use("looting")
    assert len(t.s.items[OPP][0]) == 1


def test_mending_moves_your_active_effect_card():
    t = board("mending")
    assert not t.can("single_use", "mending")
    t.s.effect[YOU][0] = t._new(YOU, "iron_armour")
    t.use("mending")
    t.choose(1)
    assert t.effect(YOU, 1) == "iron_armour" and t.effect(YOU, 0) is None


def test_splash_potion_of_healing_heals_each_of_your_hermits_20():
    t = board("splash_potion_of_healing")
    t.use("splash_potion_of_healing")
    assert (t.hp(YOU, 0), t.hp(YOU, 1)) == (120, 120)


def test_splash_potion_of_poison_poisons_the_opposing_active():
    t = board("splash_potion_of_poison")
    t.use("splash_potion_of_poison")
    assert t.s.dot[OPP][0] == POISON


def test_lava_bucket_burns_the_opposing_active():
    t = board("lava_bucket")
    t.use("lava_bucket")
    assert t.s.dot[OPP][0] == BURN


def test_spyglass_shows_the_hand_and_heads_discards_one():
    t = board("spyglass")
    t.hand(OPP, "iron_sword", "totem")
    t.coins("H")
    events = t.use("spyglass")
    seen = [e for e in events if e.kind == "reveal"][0]
    assert "Totem" in seen.for_viewer(YOU).text and "Totem" not in seen.for_viewer(OPP).text
    assert t.s.view(YOU)["seats"][OPP]["hand"] is not None
    t.choose(t.s.hands[OPP][1])
    assert t.hand_ids(OPP) == ["iron_sword"] and t.discard_ids(OPP) == ["totem"]
    t.end_turn()
    assert t.s.view(YOU)["seats"][OPP]["hand"] is None


def test_a_confirmed_attack_card_waits_and_returns_unused():
    t = board("iron_sword")
    t.use("iron_sword")
    assert t.s.su_slot >= 0 and t.s.su_used == 0
    t.do("take_back")
    assert "iron_sword" in t.hand_ids(YOU) and not t.can("single_use", "iron_sword")
    t = board("iron_sword")
    t.use("iron_sword")
    t.end_turn()
    assert "iron_sword" in t.hand_ids(YOU)


def test_hidden_hands_are_not_in_the_opponents_view():
    t = board("iron_sword", "totem")
    view = t.s.view(OPP)
    assert view["seats"][YOU]["hand"] is None and view["seats"][YOU]["hand_size"] == 2
    assert t.s.view(YOU)["seats"][YOU]["hand"][0][1] == "iron_sword"


def test_a_moved_bed_only_occupies_the_slot():
    t = Table()
    t.hermit(YOU, "bdubs_r", items=["balanced_item_x2", "balanced_item"])
    t.hermit(OPP, "etho_c", effect="bed", sleep=3)
    t.hand(YOU, "emerald")
    t.start()
    t.use("emerald")  # the Bed comes over to Bdubs; Etho stays asleep
    assert t.effect(YOU, 0) == "bed" and t.s.sleep[YOU][0] == 0 and t.s.sleep[OPP][0] == 3
    t.attack()  # Shreep: Bdubs sleeps; when he wakes the moved Bed stays
    for _ in range(3):
        t.end_turn()
        t.end_turn()
    assert t.s.sleep[YOU][0] == 0 and t.effect(YOU, 0) == "bed"
