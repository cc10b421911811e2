"""Every card ability keyword the engine implements, one test each (cards from our TOML set).

Hunter cards first (damage bonuses, after the attack, Immediate effects, protections), then
monster abilities (while fought, on reveal, on escape). Final bosses are in test_rules.py. The
handlers are in game/bloodborne/effects.py, one registry (EFFECTS) keyed by ability keyword.
"""

import pytest

from game.bloodborne import GAME, rules
from game.bloodborne.effects import EFFECTS, HOOKS, keywords
from game.bloodborne.setups import choose_all, instance, make_state, reveal
from game.core.contract import Action

DREAM_ALL = {1: "hunters_dream_card", 2: "hunters_dream_card", 3: "hunters_dream_card"}
AXES = {1: "hunter_axe", 2: "hunter_axe", 3: "hunter_axe"}
KEEPER = "keeper_of_the_old_lords"  # red die, no ability


def solo(card, monster="huntsman_mob", hp=30, dice=(0,), others=None, **kw):
    """Seat 0 plays `card` (in a hand of it and the Dream); the others go to the Dream.
    The default monster rolls green: face 0 deals no damage."""
    s = make_state(monster=monster, hp=hp, dice=dice,
                   hands={0: [card, "hunters_dream_card"]} | kw.pop("hands", {}), **kw)
    ev = choose_all(s, {0: card, **(others or DREAM_ALL)})
    return s, ev


def test_every_ability_keyword_has_code_and_every_handler_a_card():
    """Read from the registry: each keyword the data names has a handler at a hook of its
    family (hunter, monster, final boss), and each registered keyword is on some card."""
    cs = GAME.card_set()
    families = {"hunter": cs.starter + cs.upgrades, "monster": cs.monsters + cs.bosses,
                "final": cs.finals}
    named = set()
    for family, cards in families.items():
        for c in cards:
            assert c.ability == "none" or c.ability in keywords(family), (family, c.id)
            named.add(c.ability)
    assert EFFECTS.keys() == named - {"none"}
    assert set(EFFECTS.hooks) == set(HOOKS)


# --- hunter cards --------------------------------------------------------------------------

@pytest.mark.parametrize(("monster", "echoes"), [("carrion_crow", 3), ("huntsman_mob", 2)])
def test_bane_adds_damage_against_its_kind(monster, echoes):
    s, _ = solo("saw_cleaver", monster=monster)
    assert s.collected[0] == echoes


@pytest.mark.parametrize(("monster", "echoes"), [("cleric_beast", 5), ("huntsman_mob", 3)])
def test_boss_slayer_adds_damage_against_bosses(monster, echoes):
    s, _ = solo("stake_driver", monster=monster)
    assert s.collected[0] == echoes


@pytest.mark.parametrize(("health", "echoes", "after"), [(8, 5, 7), (1, 3, 1)])
def test_blood_price_pays_one_health_for_more_damage_never_the_last(health, echoes, after):
    s, _ = solo("chikage", health={0: health})
    assert s.collected[0] == echoes and s.health[0] == after


def test_executioner_adds_damage_to_a_wounded_monster():
    s = make_state(hp=30, dice=[0], hands={1: ["burial_blade", "hunters_dream_card"]})
    choose_all(s, {0: "hunter_axe", 1: "burial_blade", 2: "hunters_dream_card", 3: "hunters_dream_card"})
    assert s.collected[:2] == [3, 5]
    s, _ = solo("burial_blade")
    assert s.collected[0] == 3  # an unwounded monster


@pytest.mark.parametrize(("health", "echoes"), [(4, 5), (8, 3)])
def test_frenzy_adds_damage_at_low_health(health, echoes):
    s, _ = solo("beast_claw", health={0: health})
    assert s.collected[0] == echoes


def test_recoil_costs_health_after_firing_never_below_one():
    s, _ = solo("cannon")
    assert s.collected[0] == 5 and s.health[0] == 6
    s, _ = solo("cannon", health={0: 2})
    assert s.health[0] == 1


def test_heal_restores_health_before_the_monster_attacks():
    s, _ = solo("blood_vial", monster=KEEPER, health={0: 2}, dice=[4])  # red 4
    assert s.health[0] == 6 - 4


def test_bank_saves_collected_echoes_without_the_dream():
    s, _ = solo("madmans_knowledge", collected={0: 5})
    assert s.banked[0] == 5 and s.collected[0] == 0


def test_numb_reduces_every_hunters_damage():
    s, _ = solo("numbing_mist", monster=KEEPER, dice=[4], others=AXES)
    assert s.health == [6, 6, 6, 6]


def test_lure_spares_you_and_hurts_the_others_more():
    s, _ = solo("pungent_blood_cocktail", monster=KEEPER, dice=[2], others=AXES)  # red 3
    assert s.health == [8, 4, 4, 4]


def test_recall_takes_back_the_most_recently_used_cards():
    s = make_state(hp=30, dice=[0], hands={0: ["old_hunter_bone", "hunters_dream_card"]})
    s.used[0] = [3, 0, 1, 2]  # transform, axe, cleaver, pistol: the pistol was used last
    choose_all(s, {0: "old_hunter_bone", **DREAM_ALL})
    assert sorted(s.hand[0]) == sorted([instance(s, 0, "hunters_dream_card"), 1, 2])
    assert s.used[0] == [3, 0]


def test_roar_cancels_every_other_melee_attack():
    s, _ = solo("beast_roar", others={1: "hunter_axe", 2: "hunter_pistol", 3: "saw_cleaver"})
    assert s.collected == [2, 0, 1, 0]


def test_shield_protection_prevents_its_damage():
    s, _ = solo("repeating_pistol", monster=KEEPER, dice=[4])
    assert s.health[0] == 8 - 3 and s.collected[0] == 2


def test_cancel_protection_must_cancel_a_melee_attack():
    s = make_state(hp=30, dice=[0], hands={0: ["evelyn", "hunters_dream_card"]})
    choose_all(s, {0: "evelyn", 1: "hunter_axe", 2: "saw_cleaver", 3: "hunters_dream_card"})
    ev = s.chosen[0]
    assert s.prompt(0) == "Evelyn: whose melee attack do you cancel?"
    assert set(s.legal_actions(0)) == {Action("cancel_target", ev, 1),
                                       Action("cancel_target", ev, 2)}
    s.apply(0, Action("cancel_target", ev, 2))
    assert s.collected[:3] == [2, 3, 0]


def test_cancel_with_no_melee_to_cancel_asks_nothing():
    s, _ = solo("evelyn")
    assert s.collected[0] == 2 and rules.step_name(s) != "immediate_effects"


def test_immediate_melee_strikes_before_the_monster_attacks():
    s, ev = solo("rakuyo", monster="carrion_crow", hp=3, dice=[5])
    assert s.collected[0] == 3 and not [e for e in ev if e.kind == "dice"]


def test_immediate_item_damage_with_bane():
    s, _ = solo("molotov_cocktail", monster="carrion_crow")
    assert s.collected[0] == 3


# --- monsters: while fought -------------------------------------------------------------------

def test_ranged_resist_ranged_weapons_deal_only_one():
    s, _ = solo("piercing_rifle", monster="celestial_minion")
    assert s.collected[0] == 1


def test_unstoppable_card_effects_cannot_prevent_damage():
    s, _ = solo("repeating_pistol", monster="cainhurst_knight", dice=[4])
    assert s.health[0] == 8 - 4


def test_unstoppable_still_halved_by_the_dream():
    s = make_state(monster="cainhurst_knight", hp=30, dice=[4])
    ev = choose_all(s, {0: "hunters_dream_card", **AXES})
    assert [e.data["amount"] for e in ev if e.kind == "damage" and e.player == 0] == [2]


def test_thick_hide_each_melee_attack_deals_less():
    s, _ = solo("hunter_axe", monster="church_servant")
    assert s.collected[0] == 2


def test_armored_caps_each_attack():
    s, _ = solo("holy_moonlight_sword", monster="church_giant")
    assert s.collected[0] == 3


def test_fury_adds_to_the_monster_attack():
    s, _ = solo("hunter_axe", monster="scourge_beast", dice=[2])  # yellow 2
    assert s.health[0] == 8 - 3


def test_dream_breaker_dream_takes_full_damage():
    s = make_state(monster="winter_lantern", hp=30, dice=[4])  # yellow 3
    ev = choose_all(s, {0: "hunters_dream_card", **AXES})
    assert [e.data["amount"] for e in ev if e.kind == "damage" and e.player == 0] == [3]


def test_echo_drain_wounded_hunters_lose_collected_echoes():
    s, _ = solo("hunter_pistol", monster="brainsucker", dice=[4], collected={0: 3})
    # green 2 damage, shielded by 2: not wounded, keeps its echoes; the Dreamers have none
    assert s.collected[0] == 3 + 1
    s, _ = solo("hunter_axe", monster="brainsucker", dice=[4], collected={0: 3})
    assert s.collected[0] == 3 - 1 + 3


def test_regenerate_boss_heals_at_the_end_of_the_round():
    s = make_state(monster="vicar_amelia", hp=20, dice=[0])
    choose_all(s, {0: "hunter_axe", **AXES})
    assert s.echoes == 20 - 12 + 2 and s.round == 2


# --- monsters: on reveal, on escape -------------------------------------------------------------

def test_ambush_on_reveal_every_hunter_loses_health_never_below_one():
    s = make_state(health={1: 1})
    reveal(s, "nightmare_apostle")
    assert s.health == [7, 1, 7, 7]


def test_scream_on_reveal_replaces_the_available_upgrades():
    s = make_state()
    old, top = list(s.available), s.upgrade_deck[-4:]
    reveal(s, "bloodlicker")
    assert sorted(s.available) == sorted(top) and s.upgrade_deck[:4] == old


def test_maul_on_escape_every_hunter_takes_damage_and_can_die():
    s = make_state(monster="maneater_boar", hp=30, dice=[0], health={2: 3})
    ev = choose_all(s, {0: "hunter_axe", 1: "hunter_axe", 2: "hunter_axe", 3: "hunter_axe"})
    assert [e.player for e in ev if e.kind == "death"] == [2]
    assert s.health[0] == 8 - 1 - 2


def test_plunder_on_escape_every_hunter_loses_collected_echoes():
    s = make_state(monster="labyrinth_rat", hp=30, dice=[0], collected={1: 2})
    choose_all(s, {0: "hunter_axe", **AXES})
    assert s.collected == [2, 4, 2, 2]
