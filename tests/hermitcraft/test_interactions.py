"""The spec's "Interactions to test" (docs/rules/hermitcraft.md), one test each, numbered and
named after the list. "You" are seat 0, attacking on your turn unless said otherwise."""

from game.core.flow import mark, marked
from game.hermitcraft.board import NEXT_ATTACK, about
from game.hermitcraft.state import BURN, POISON
from tests.hermitcraft.table import Table

YOU, OPP = 0, 1


def test_01_typed_and_any_points():
    t = Table()
    t.hermit(YOU, "grian_r", items=["prankster_item_x2"])
    t.hermit(OPP, "bdubs_c")
    t.start()
    assert t.can("attack", option="primary")  # Borrow: 2 prankster
    t = Table()
    t.hermit(YOU, "false_r", items=["terraform_item", "terraform_item"])
    t.hermit(OPP, "bdubs_c")
    t.start()
    assert not t.can("attack", option="secondary")  # Supremacy: 1 builder + 1 any
    for items in (["builder_item", "terraform_item"], ["builder_item_x2"]):
        t = Table()
        t.hermit(YOU, "false_r", items=items)
        t.hermit(OPP, "bdubs_c")
        t.start()
        assert t.can("attack", option="secondary"), items


def test_02_three_points():
    for items, payable in ((["balanced_item_x2", "balanced_item"], True),
                           (["balanced_item_x2"], False)):
        t = Table()
        t.hermit(YOU, "etho_c", items=items)
        t.hermit(OPP, "bdubs_c")
        t.start()
        assert t.can("attack", option="secondary") == payable


def test_03_first_turn():
    t = Table()
    t.hermit(YOU, "grian_c", items=["builder_item"])
    t.hermit(YOU, "bdubs_c")
    t.hermit(OPP, "bdubs_c")
    t.hermit(OPP, "cleo_c")
    t.hand(YOU, "bow", "iron_sword")
    t.start(YOU, turn=1)
    assert not t.can("attack") and not t.can("su_attack")
    assert not t.can("single_use", "bow") and not t.can("single_use", "iron_sword")
    t.end_turn()  # the second player's first turn: turn 2
    t.s.items[OPP][0] = [t._new(OPP, "builder_item")]
    assert t.can("attack", option="primary", p=OPP)


def _switch_board():
    t = Table()
    t.hermit(YOU, "grian_c", items=["builder_item"])
    t.hermit(YOU, "bdubs_c")
    t.hermit(OPP, "bdubs_c")
    t.hand(YOU, "builder_item", "iron_armour", "cleo_c", "iron_sword")
    return t.start()


def test_04_switch_ends_the_turns_actions():
    t = _switch_board()
    t.do("switch", target=1)
    kinds = {a.kind for a in t.legal()}
    assert kinds == {"end_turn"}


def test_05_one_item():
    t = Table()
    for row in range(3):
        t.hermit(YOU, "bdubs_c", row)
    t.hermit(OPP, "bdubs_c")
    t.hand(YOU, "builder_item", "builder_item", "iron_armour", "gold_armour", "shield")
    t.start()
    t.do("attach_item", target=0)
    assert not t.can("attach_item")
    t.do("attach_effect", "iron_armour", target=0)
    t.do("attach_effect", "gold_armour", target=1)
    assert t.can("attach_effect", "shield", target=2)


def test_06_weakness_with_armour():
    t = Table()
    t.hermit(YOU, "grian_c", items=["builder_item"])
    t.hermit(OPP, "scar_c", effect="iron_armour")  # Terraform
    t.start()
    t.attack("primary")  # Copper Golem 60
    # Hermit hit 60 - 20 = 40, weakness hit 20 - 0 = 20
    assert t.hp(OPP, 0) == 260 - 60


def test_07_no_weakness_on_zero():
    t = Table()
    t.hermit(YOU, "keralis_r", items=["terraform_item_x2", "terraform_item"])
    t.hermit(OPP, "etho_r")  # Redstone: weak to Terraform
    t.start()
    t.attack("secondary")  # Sweet Face deals 0
    assert t.hp(OPP, 0) == 280
    t = Table()
    t.hermit(YOU, "docm_r", items=["farm_item_x2"])
    t.hermit(OPP, "jevin_c")  # Explorer: weak to Farm
    t.start().coins("T")
    t.attack("secondary")  # 80 x 0.5 = 40, +20 weakness
    assert t.hp(OPP, 0) == 250 - 60


def test_08_miss():
    t = Table()
    t.hermit(YOU, "beef_c", items=["balanced_item_x2"])
    t.hermit(OPP, "etho_r")
    mark(t.s, YOU, NEXT_ATTACK, (0,))  # the opponent's Invisibility Potion came up heads
    t.hand(YOU, "iron_sword")
    t.start()
    t.use("iron_sword")
    t.attack("secondary")  # Mindcrack
    assert t.hp(OPP, 0) == 280 - 20  # the Hermit hit missed, the sword still hits


def test_09_double_after_halving():
    t = Table()
    t.hermit(YOU, "docm_r", items=["farm_item_x2"])
    t.hermit(OPP, "etho_c")  # Balanced: no weakness
    mark(t.s, YOU, NEXT_ATTACK, (200,))  # Invisibility tails
    t.start().coins("T")
    t.attack("secondary")
    assert t.hp(OPP, 0) == 260 - 80
    t = Table()
    t.hermit(YOU, "docm_r", items=["farm_item_x2"])
    t.hermit(OPP, "jevin_c")  # Explorer
    mark(t.s, YOU, NEXT_ATTACK, (200,))
    t.start().coins("T")
    t.attack("secondary")
    assert t.hp(OPP, 0) == 250 - 100


def test_10_burn_timing():
    t = Table()
    t.hermit(YOU, "bdubs_c")
    t.hermit(OPP, "etho_c")
    t.hermit(OPP, "cleo_c")
    t.hand(YOU, "lava_bucket")
    t.start(YOU, turn=5)
    t.use("lava_bucket")
    t.end_turn()
    assert t.hp(OPP, 0) == 240  # end of your turn 5
    t.do("switch", target=1, p=OPP)  # the burned Hermit goes AFK
    t.end_turn()
    assert t.hp(OPP, 0) == 240  # nothing at the end of the opponent's turn 6
    t.end_turn()
    assert t.hp(OPP, 0) == 220  # end of your turn 7, while AFK


def test_11_burn_and_armour_budget():
    t = Table()
    t.hermit(YOU, "bdubs_c")
    t.hermit(OPP, "etho_c", effect="iron_armour", status="burn")
    t.start()
    t.end_turn()
    assert t.hp(OPP, 0) == 260  # the armour's budget blocks the burn
    t = Table()
    t.hermit(YOU, "bdubs_c")
    t.hermit(OPP, "etho_c", effect="iron_armour", status="burn")
    t.hand(YOU, "iron_sword")
    t.start()
    t.use("iron_sword")
    t.do("su_attack")  # the armour blocks the sword's 20
    assert t.hp(OPP, 0) == 260
    t.end_turn()
    assert t.hp(OPP, 0) == 240  # budget used: the burn hits


def test_12_poison_floor():
    t = Table()
    t.hermit(YOU, "bdubs_c")
    t.hermit(OPP, "etho_c", hp=25, status="poison", effect="iron_armour")
    t.hermit(OPP, "cleo_c", hp=10, status="poison", active=False)
    t.hermit(OPP, "xb_c", hp=100, status="poison", active=False, effect="iron_armour")
    t.start()
    t.end_turn()
    assert (t.hp(OPP, 0), t.hp(OPP, 1), t.hp(OPP, 2)) == (10, 10, 80)  # armour no help
    t.end_turn()
    t.end_turn()
    assert t.hp(OPP, 0) == 10 and t.hermit_id(OPP, 0) == "etho_c"  # never knocks out


def test_13_burn_or_poison():
    t = Table()
    t.hermit(YOU, "etho_r", items=["redstone_item_x2"])
    t.hermit(OPP, "bdubs_c", status="poison")
    t.start().coins("H")
    t.attack("secondary")  # Blue Fire heads
    assert t.s.dot[OPP][0] == POISON


def test_14_immunity():
    t = Table()
    t.hermit(YOU, "xisuma_r", items=["redstone_item_x2"])
    t.hermit(OPP, "bdubs_c", effect="milk_bucket")
    t.start().coins("H")
    t.attack("secondary")
    assert t.s.dot[OPP][0] == 0
    t = Table()
    t.hermit(YOU, "bdubs_c")
    t.hermit(OPP, "bdubs_c", effect="water_bucket")
    t.hand(YOU, "lava_bucket")
    t.start()
    t.use("lava_bucket")
    assert t.s.dot[OPP][0] == 0 and "lava_bucket" in t.discard_ids(YOU)
    assert t.s.su_used == 1


def test_15_sleep():
    t = Table()
    t.hermit(YOU, "bdubs_r", items=["balanced_item_x2", "balanced_item"], hp=100)
    t.hermit(YOU, "cleo_c")
    t.hermit(OPP, "etho_c")
    t.start(YOU, turn=4)
    t.attack("secondary")  # Shreep
    assert t.hp(YOU, 0) == 260 and t.s.sleep[YOU][0] > 0
    for turn in (6, 8):
        t.end_turn()
        t.end_turn()
        assert t.s.turn == turn
        assert not t.can("attack") and not t.can("switch"), turn
    t.end_turn()
    t.end_turn()
    assert t.s.turn == 10 and t.s.sleep[YOU][0] == 0 and t.can("attack", option="primary")


def test_15_sleep_forced_afk_wakes():
    t = Table()
    t.hermit(YOU, "etho_c", items=["balanced_item"])
    t.hermit(OPP, "bdubs_r", sleep=3)
    t.hermit(OPP, "cleo_c")
    t.hand(YOU, "knockback")
    t.start(YOU, turn=5)
    t.use("knockback")
    t.attack("primary")
    t.choose(1, p=OPP)
    assert t.s.active[OPP] == 1 and t.s.sleep[OPP][0] == 0


def test_16_revive_vs_burn():
    t = Table()
    t.hermit(YOU, "bdubs_c")
    t.hermit(OPP, "etho_c", hp=10, status="burn", effect="totem")
    t.start()
    t.end_turn()
    assert t.hp(OPP, 0) == 10 and t.s.dot[OPP][0] == 0
    assert t.s.lives[OPP] == 3 and t.effect(OPP, 0) is None and "totem" in t.discard_ids(OPP)


def test_17_deathloop_before_totem():
    t = Table()
    t.hermit(YOU, "tfc_c", items=["miner_item_x2", "miner_item"])
    t.hermit(OPP, "scar_r", hp=30, effect="totem")
    mark(t.s, about(t.s.hermit[OPP][0]), "scar_r", 3)  # Deathloop used on turn 2: lasts turn 3
    t.start()
    t.attack("secondary")  # 90
    assert t.hp(OPP, 0) == 50 and t.effect(OPP, 0) == "totem" and t.s.lives[OPP] == 3
    t.end_turn()
    t.end_turn()
    t.attack("secondary")
    assert t.hp(OPP, 0) == 10 and t.effect(OPP, 0) is None and t.s.lives[OPP] == 3


def test_18_deathloop_window():
    t = Table()
    t.hermit(YOU, "bdubs_c")
    t.hermit(OPP, "scar_r", hp=20, status="burn")
    mark(t.s, about(t.s.hermit[OPP][0]), "scar_r", 3)
    t.start()
    t.end_turn()  # the burn tick at the end of the opponent's opponent's turn
    assert t.hp(OPP, 0) == 50 and t.s.lives[OPP] == 3


def test_19_golden_axe_vs_totem_and_armour():
    t = Table()
    t.hermit(YOU, "etho_c", items=["balanced_item"])
    t.hermit(YOU, "cleo_c")
    t.hermit(OPP, "bdubs_c", hp=80, effect="totem")
    t.hermit(OPP, "cleo_c")
    t.hand(YOU, "golden_axe")
    t.start()
    t.use("golden_axe")
    t.attack("primary")  # 40 + 40
    assert t.hermit_id(OPP, 0) is None and t.s.lives[OPP] == 2
    t = Table()
    t.hermit(YOU, "etho_c", items=["balanced_item"])
    t.hermit(OPP, "bdubs_c", effect="iron_armour")
    t.hand(YOU, "golden_axe")
    t.start()
    t.use("golden_axe")
    t.attack("primary")
    assert t.hp(OPP, 0) == 260 - 80


def test_20_xb_ignores_all():
    t = Table()
    t.hermit(YOU, "xb_r", items=["explorer_item_x2"])
    t.hermit(OPP, "bdubs_c", effect="thorns")  # Builder: weak to Explorer
    t.hermit(OPP, "cleo_c", effect="shield")
    t.hermit(OPP, "etho_c", effect="iron_armour")
    t.hermit(OPP, "xb_c")
    t.hand(YOU, "crossbow")
    t.start()
    t.use("crossbow")
    t.attack("secondary")  # Noice!
    t.choose((0, 1, 2))
    assert t.hp(YOU, 0) == 270  # Thorns did not fire
    assert t.hp(OPP, 0) == 260 - 70 - 20 - 20
    assert t.hp(OPP, 1) == 260 - 20 and t.effect(OPP, 1) == "shield"
    assert t.hp(OPP, 2) == 260 - 20


def test_21_thorns_once_per_turn():
    t = Table()
    t.hermit(YOU, "etho_ur", items=["pvp_item_x2"], effect="iron_armour")
    t.hermit(OPP, "bdubs_c", effect="thorns")
    t.hand(YOU, "iron_sword")
    t.start().coins("TTT")
    t.use("iron_sword")
    t.attack("secondary")  # Slab 70 + sword 20
    assert t.hp(YOU, 0) == 250 - 20


def test_22_thorns_knock_out_and_draw():
    t = Table()
    t.hermit(YOU, "etho_c", items=["balanced_item"], hp=20)
    t.hermit(OPP, "bdubs_c", hp=40, effect="thorns")
    t.s.lives = [1, 1]
    t.start()
    t.attack("primary")
    assert t.s.is_over() and t.s.outcome().winners == ()


def test_23_knockback_after_a_knock_out():
    t = Table()
    t.hermit(YOU, "etho_c", items=["balanced_item"])
    t.hermit(OPP, "bdubs_c", hp=40)
    t.hermit(OPP, "cleo_c")
    t.hand(YOU, "knockback")
    t.start()
    t.use("knockback")
    t.attack("primary")
    assert t.s.active[OPP] == -1 and t.prompt_kind() == "turn"
    assert "knockback" in t.discard_ids(YOU)
    t.end_turn()
    assert t.prompt_kind() == "new_active" and t.s.to_act() == (OPP,)


def test_24_knockback_vs_netherite():
    for attacker, items, extra in (("etho_c", ["balanced_item"], "knockback"),
                                   ("jevin_r", ["speedrunner_item_x2", "speedrunner_item"], None)):
        t = Table()
        t.hermit(YOU, attacker, items=items)
        t.hermit(OPP, "bdubs_c", effect="netherite_armour")
        t.hermit(OPP, "cleo_c")
        if extra:
            t.hand(YOU, extra)
        t.start()
        if extra:
            t.use(extra)
            t.attack("primary")
        else:
            t.attack("secondary")
        assert t.s.active[OPP] == 0 and t.prompt_kind() == "turn", attacker


def test_25_tangos_double_switch():
    t = Table()
    t.hermit(YOU, "tango_r", items=["farm_item_x2", "farm_item"])
    t.hermit(YOU, "cleo_c")
    t.hermit(OPP, "bdubs_c")
    t.hermit(OPP, "cleo_c")
    t.start()
    t.attack("secondary")
    assert t.s.to_act() == (OPP,)
    t.choose(1, p=OPP)
    assert t.s.to_act() == (YOU,)
    t.choose(1)
    assert t.s.active == [1, 1]
    t = Table()
    t.hermit(YOU, "tango_r", items=["farm_item_x2", "farm_item"])
    t.hermit(YOU, "cleo_c")
    t.hermit(OPP, "bdubs_c")
    t.start()
    t.attack("secondary")
    assert t.s.to_act() == (YOU,) and t.prompt_kind() == "self_switch"
    t = Table()
    t.hermit(YOU, "tango_r", items=["farm_item_x2", "farm_item"])
    t.hermit(OPP, "bdubs_c")
    t.hermit(OPP, "cleo_c")
    t.start()
    t.attack("secondary")
    t.choose(1, p=OPP)
    assert t.prompt_kind() == "turn"


def test_26_binding():
    t = Table()
    t.hermit(YOU, "cub_r", items=["speedrunner_item_x2", "speedrunner_item"])
    t.hermit(YOU, "cleo_c")
    t.hermit(OPP, "bdubs_c")
    t.hand(YOU, "chorus_fruit")
    mark(t.s, YOU, "bound_turn", 3)
    t.start(YOU, turn=3)
    assert not t.can("switch") and not t.can("single_use", "chorus_fruit")
    t.attack("secondary")  # Let's Go: the switch is refused
    assert t.prompt_kind() == "turn" and t.s.active[YOU] == 0
    t = Table()
    t.hermit(YOU, "bdubs_c", hp=20)
    t.hermit(YOU, "cleo_c")
    t.hermit(OPP, "bdubs_c", effect="thorns")
    t.s.items[YOU][0] = [t._new(YOU, "builder_item")]
    mark(t.s, YOU, "bound_turn", 3)
    t.start(YOU, turn=3)
    t.attack("primary")  # Thorns knocks your active out: you still choose a new one
    assert t.prompt_kind() == "new_active"
    t.choose(1)
    assert t.s.active[YOU] == 1


def test_27_fortune_and_mumbo():
    for defender, expected in (("xb_c", 180), ("bdubs_c", 180), ("etho_c", 160)):
        t = Table()
        t.hermit(YOU, "mumbo_r", items=["prankster_item_x2"])
        t.hermit(YOU, "grian_r")
        t.hermit(OPP, defender, hp=300)
        t.hand(YOU, "fortune")
        t.start().coins("TT")
        t.use("fortune")
        t.attack("secondary")
        assert 300 - t.hp(OPP, 0) == expected, defender


def test_28_fortune_does_not_reach_the_other_side():
    t = Table()
    t.hermit(YOU, "beef_c", items=["balanced_item_x2"])
    t.hermit(OPP, "pearl_r")
    t.hand(YOU, "fortune")
    mark(t.s, YOU, "pearl_r", 3)
    t.start().coins("T")
    t.use("fortune")
    t.attack("secondary")  # the opponent's Aussie Ping flip is theirs: tails, no miss
    assert t.s.coins[-1] == [OPP, "pearl_r", [0]]
    assert t.hp(OPP, 0) == 300 - 80
    t = Table()
    t.hermit(YOU, "beef_c", items=["balanced_item_x2"])
    t.hermit(OPP, "zedaph_r")
    mark(t.s, YOU, "zedaph_r", 3)
    mark(t.s, YOU, "heads_until", 3)  # your Fortune does not touch the flip made for the opponent
    t.start().coins("T")
    t.attack("secondary")
    assert t.s.coins[-1] == [OPP, "zedaph_r", [0]] and t.hp(OPP, 0) == 290 - 80


def test_29_sheep_stare():
    t = Table()
    t.hermit(YOU, "beef_c", items=["balanced_item_x2"])
    t.hermit(OPP, "zedaph_r")
    mark(t.s, YOU, "zedaph_r", 3)
    t.hand(YOU, "iron_sword")
    t.start().coins("H")
    t.use("iron_sword")
    t.attack("secondary")  # Mindcrack hits your own Beef
    assert t.hp(YOU, 0) == 250 - 80
    assert t.hp(OPP, 0) == 290 - 20
    t = Table()
    t.hermit(YOU, "bdubs_c", items=["builder_item"])  # Builder
    t.hermit(OPP, "zedaph_r")
    mark(t.s, YOU, "zedaph_r", 3)
    t.start().coins("H")
    t.attack("primary")
    assert t.hp(YOU, 0) == 260 - 60  # no weakness against your own Builder


def test_30_role_play_copies_an_effect():
    t = Table()
    t.hermit(YOU, "rendog_r", items=["builder_item_x2", "builder_item"])
    t.hermit(OPP, "scar_c")  # Terraform: weak to Builder
    t.hermit(OPP, "etho_r", active=False)
    t.start().coins("H")
    t.attack("secondary")
    t.choose((t.s.hermit[OPP][1], "secondary"))
    assert t.hp(OPP, 0) == 260 - 80 - 20 and t.s.dot[OPP][0] == BURN


def test_31_puppetry_copies_a_self_effect():
    t = Table()
    t.hermit(YOU, "cleo_r", items=["pvp_item_x2", "pvp_item"], hp=100)
    t.hermit(YOU, "bdubs_r", hp=50)
    t.hermit(OPP, "etho_c")
    t.start()
    t.attack("secondary")
    t.choose((t.s.hermit[YOU][1], "secondary"))
    assert t.hp(YOU, 0) == 290 and t.s.sleep[YOU][0] > 0
    assert t.hp(YOU, 1) == 50 and t.s.sleep[YOU][1] == 0


def test_32_no_copy_of_a_copy():
    t = Table()
    t.hermit(YOU, "rendog_r", items=["builder_item_x2", "builder_item"])
    t.hermit(OPP, "rendog_r")
    t.hermit(OPP, "cleo_r")
    t.start()
    t.attack("secondary")
    options = [a.target for a in t.legal()]
    assert (t.s.hermit[OPP][0], "secondary") not in options
    assert (t.s.hermit[OPP][1], "secondary") not in options
    assert (t.s.hermit[OPP][0], "primary") in options


def test_33_no_double_skip():
    t = Table()
    t.hermit(YOU, "joe_r", items=["farm_item_x2", "farm_item"])
    t.hermit(OPP, "etho_c")
    t.hand(YOU, "clock", "clock")
    t.start(YOU, turn=5)
    t.use("clock")
    t.end_turn()
    assert t.s.skipping and t.s.current == OPP
    t.end_turn()
    assert not t.can("single_use", "clock")
    t.attack("secondary")  # Time Skip deals its damage without a flip
    assert t.s.coins == [] and t.hp(OPP, 0) == 260 - 90 and not t.s.skip_next[OPP]


def test_34_skipped_turn():
    t = Table()
    t.hermit(YOU, "etho_c", items=["balanced_item"])
    t.hermit(YOU, "cleo_c")
    t.hermit(OPP, "bdubs_c", status="burn")
    t.hand(YOU, "iron_sword", "builder_item")
    t.s.skip_next[YOU] = True
    t.start(YOU, turn=5)
    assert {a.kind for a in t.legal()} == {"switch", "end_turn"}
    hand = len(t.s.hands[YOU])
    t.end_turn()
    assert t.hp(OPP, 0) == 240 and len(t.s.hands[YOU]) == hand + 1


def test_35_stress_yolo():
    t = Table()
    t.hermit(YOU, "stress_r", items=["prankster_item_x2", "prankster_item"], hp=120,
             effect="iron_armour")
    t.hermit(YOU, "cleo_c")
    t.hermit(OPP, "etho_c", effect="iron_armour")
    t.start()
    t.attack("secondary")
    assert t.hp(OPP, 0) == 260 - 100 and t.hp(YOU, 0) == 20
    t = Table()
    t.hermit(YOU, "stress_r", items=["prankster_item_x2", "prankster_item"], hp=120)
    t.hermit(OPP, "etho_c", hp=120)
    t.start()
    t.attack("secondary")
    assert t.s.is_over() and t.s.outcome().winners == ()
    t = Table()
    t.hermit(YOU, "stress_r", items=["prankster_item_x2", "prankster_item"], hp=120,
             effect="totem")
    t.hermit(OPP, "etho_c")
    t.start()
    t.attack("secondary")
    assert t.hp(YOU, 0) == 10 and t.s.lives[YOU] == 3


def test_36_tnt_self_knock_out():
    t = Table()
    t.hermit(YOU, "etho_c", hp=20)
    t.hermit(YOU, "cleo_c")
    t.hermit(OPP, "bdubs_c")
    t.hand(YOU, "tnt")
    t.start()
    t.use("tnt")
    t.do("su_attack")
    assert t.s.lives[YOU] == 2 and t.prompt_kind() == "new_active"
    assert not t.can("end_turn")
    t.choose(1)
    assert t.can("end_turn")


def test_37_deck_out():
    t = Table(deck=0)
    t.hermit(YOU, "etho_c")
    t.hermit(OPP, "bdubs_c")
    t.start()
    t.end_turn()
    assert t.s.is_over() and t.s.outcome().winners == (OPP,)
    t = Table(deck=1)
    t.hermit(YOU, "etho_c")
    t.hermit(OPP, "bdubs_c")
    t.start()
    t.end_turn()
    assert not t.s.is_over() and t.s.decks[YOU] == []
    t = Table(deck=1)
    t.hermit(YOU, "etho_c")
    t.hermit(OPP, "bdubs_c")
    t.hand(YOU, "fishing_rod")
    t.start()
    t.use("fishing_rod")
    assert not t.s.is_over() and len(t.s.hands[YOU]) == 1


def test_38_reward_card_option():
    for reward, totem, gets in ((True, False, 1), (True, True, 0), (False, False, 0)):
        t = Table(reward=reward)
        t.hermit(YOU, "etho_c", items=["balanced_item"])
        t.hermit(OPP, "bdubs_c", hp=40, effect="totem" if totem else None)
        t.hermit(OPP, "cleo_c")
        t.start()
        hand = len(t.s.hands[YOU])
        t.attack("primary")
        assert len(t.s.hands[YOU]) - hand == gets, (reward, totem)


def test_39_loyalty():
    t = Table()
    t.hermit(YOU, "etho_c", items=["balanced_item"])
    t.hermit(OPP, "bdubs_c", hp=40, effect="loyalty", items=["builder_item", "builder_item"])
    t.hermit(OPP, "cleo_c")
    t.start()
    t.attack("primary")
    assert t.hand_ids(OPP) == ["builder_item", "builder_item"]
    assert sorted(t.discard_ids(OPP)) == ["bdubs_c", "loyalty"]


def test_40_grians_steal():
    t = Table()
    t.hermit(YOU, "grian_r", items=["prankster_item_x2"], effect="iron_armour")
    t.hermit(OPP, "etho_c", effect="totem")
    t.start().coins("H")
    t.attack("primary")
    assert t.effect(OPP, 0) is None and "totem" in t.discard_ids(YOU)
    assert t.effect(YOU, 0) == "iron_armour"
    t = Table()
    t.hermit(YOU, "grian_r", items=["prankster_item_x2"])
    t.hermit(OPP, "etho_c", effect="totem")
    t.start().coins("H")
    t.attack("primary")
    t.choose("attach")
    assert t.effect(YOU, 0) == "totem"


def test_41_gems_extra_single_use():
    t = Table()
    t.hermit(YOU, "gem_r", items=["terraform_item_x2"])
    t.hermit(OPP, "etho_c")
    t.hermit(OPP, "cleo_c")
    t.hand(YOU, "iron_sword", "bow", "iron_sword")
    t.start()
    t.use("iron_sword")
    t.attack("secondary")
    assert t.hp(OPP, 0) == 260 - 80 - 20
    t.use("bow")
    t.do("su_attack")
    assert t.hp(OPP, 1) == 260 - 40
    assert not t.can("single_use", "iron_sword")


def test_42_hypnos_afk_shot():
    t = Table()
    t.hermit(YOU, "hypno_r", items=["miner_item", "miner_item"])
    t.hermit(OPP, "bdubs_c")
    t.hermit(OPP, "etho_r")  # Redstone: weak to Miner
    t.start()
    t.attack("secondary")
    t.choose(1)
    t.choose(t.s.items[YOU][0][0])
    assert t.hp(OPP, 1) == 280 - 70 - 20 and len(t.s.items[YOU][0]) == 1
    t = Table()
    t.hermit(YOU, "hypno_r")
    t.hermit(OPP, "bdubs_c")
    t.hermit(OPP, "etho_r")
    t.hand(YOU, "efficiency")
    t.start()
    t.use("efficiency")
    t.attack("secondary")  # no items: only the active can be the target
    assert t.hp(OPP, 0) == 260 - 70 and t.hp(OPP, 1) == 280


def test_43_diamond_armour_split():
    t = Table()
    t.hermit(YOU, "grian_c", items=["builder_item"])
    t.hermit(OPP, "etho_c", effect="diamond_armour")
    t.hand(YOU, "iron_sword")
    t.start()
    t.use("iron_sword")
    t.attack("primary")
    assert t.hp(OPP, 0) == 260 - 40


def test_44_shield():
    for hermit_damage, expected in ((70, 260 - 10 - 20), (40, 260)):
        t = Table()
        attacker = "tango_c" if hermit_damage == 70 else "etho_c"
        t.hermit(YOU, attacker, items=["redstone_item", "balanced_item"])
        t.hermit(OPP, "etho_c", effect="shield")
        t.hand(YOU, "iron_sword")
        t.start()
        t.use("iron_sword")
        t.attack("secondary" if hermit_damage == 70 else "primary")
        assert t.hp(OPP, 0) == expected and t.effect(OPP, 0) is None, hermit_damage
    t = Table()
    t.hermit(YOU, "bdubs_c")
    t.hermit(OPP, "etho_c", effect="shield", status="burn")
    t.start()
    t.end_turn()
    assert t.hp(OPP, 0) == 240 and t.effect(OPP, 0) == "shield"


def test_45_wolf_once_per_turn():
    t = Table()
    t.hermit(YOU, "bdubs_c")
    t.hermit(OPP, "etho_c", effect="wolf")
    t.hermit(OPP, "cleo_c")
    t.hermit(OPP, "xb_c")
    t.hand(YOU, "crossbow")
    t.start()
    t.use("crossbow")
    t.do("su_attack")
    assert t.hp(YOU, 0) == 260 - 20


def test_46_beef_wakes_a_sleeper():
    t = Table()
    t.hermit(YOU, "beef_r", items=["builder_item_x2"], status="burn")
    t.hermit(YOU, "bdubs_r", sleep=2, effect="bed")
    t.hermit(YOU, "cleo_c", status="poison")
    t.hermit(OPP, "etho_c")
    t.start().coins("H")
    t.attack("secondary")
    assert t.s.dot[YOU][:3] == [0, 0, 0] and t.s.sleep[YOU][1] == 0
    assert t.effect(YOU, 1) is None  # the Bed goes when its Hermit wakes


def test_47_impulse_bonus():
    t = Table()
    t.hermit(YOU, "impulse_r", items=["redstone_item", "redstone_item"])
    t.hermit(YOU, "bdubs_c")
    t.hermit(YOU, "tango_r")
    t.hermit(OPP, "etho_c", hp=300)
    t.start()
    t.attack("secondary")
    assert t.hp(OPP, 0) == 300 - 150


def test_48_chest_and_clock():
    t = Table()
    t.hermit(YOU, "etho_c")
    t.hermit(OPP, "bdubs_c")
    t.discard(YOU, "clock")
    t.hand(YOU, "chest")
    t.start()
    assert not t.can("single_use", "chest")
    t.discard(YOU, "iron_sword")
    t.use("chest")
    assert [a.target for a in t.legal()] == [t.s.discards[YOU][1]]


def test_49_buckets_as_single_use_cards():
    t = Table()
    t.hermit(YOU, "etho_c")
    t.hermit(YOU, "cleo_c", status="poison")
    t.hermit(OPP, "bdubs_c")
    t.hand(YOU, "milk_bucket", "iron_sword")
    t.start()
    t.use("milk_bucket")
    t.choose(1)
    assert t.s.dot[YOU][1] == 0 and "milk_bucket" in t.discard_ids(YOU)
    assert not t.can("single_use", "iron_sword")
    t = Table()
    t.hermit(YOU, "etho_c")
    t.hermit(OPP, "bdubs_c")
    t.hand(YOU, "milk_bucket")
    t.start()
    assert not t.can("single_use", "milk_bucket") and t.can("attach_effect", "milk_bucket")


def test_50_thorns_against_shield_and_armour():
    for own, expected, left in (("shield", 260, None), ("iron_armour", 240, "iron_armour")):
        t = Table()
        t.hermit(YOU, "etho_c", items=["balanced_item"], effect=own)
        t.hermit(OPP, "bdubs_c", effect="thorns")
        t.start()
        t.attack("primary")
        assert t.hp(YOU, 0) == expected and t.effect(YOU, 0) == left, own


def test_51_wolf_once_per_turn_and_armour():
    for own, expected in ((None, 280 - 20), ("iron_armour", 280), ("netherite_armour", 280)):
        t = Table()
        t.hermit(YOU, "gem_r", items=["terraform_item_x2"], effect=own, hp=280)
        t.hermit(OPP, "etho_c", effect="wolf")
        t.hermit(OPP, "cleo_c")
        t.hand(YOU, "bow")
        t.start()
        t.attack("secondary")
        t.use("bow")
        t.do("su_attack")
        assert t.hp(YOU, 0) == expected, own


def test_52_time_skip_twice():
    t = Table()
    t.hermit(YOU, "joe_r", items=["farm_item_x2", "farm_item"])
    t.hermit(OPP, "etho_c", hp=300)
    t.hand(YOU, "clock")
    t.start(YOU, turn=5).coins("H")
    t.attack("secondary")
    assert t.s.skip_next[OPP]
    t.end_turn()
    t.end_turn()  # the opponent's skipped turn 6
    assert t.s.turn == 7
    assert t.can("attack", option="primary") and not t.can("attack", option="secondary")
    assert not t.can("single_use", "clock")


def test_53_first_turn_limits():
    t = Table()
    t.hermit(YOU, "etho_c")
    t.hermit(OPP, "bdubs_c")
    t.hand(YOU, "clock", "spyglass")
    t.hand(OPP, "clock", "spyglass")
    t.start(YOU, turn=1)
    assert not t.can("single_use", "clock") and not t.can("single_use", "spyglass")
    t.end_turn()
    assert t.can("single_use", "clock", p=OPP) and t.can("single_use", "spyglass", p=OPP)


def test_54_fortune_and_sheep_stare():
    t = Table()
    t.hermit(YOU, "zedaph_r", items=["explorer_item"])
    t.hermit(OPP, "beef_c", items=["balanced_item_x2"])
    t.hand(YOU, "fortune")
    t.start(YOU, turn=3).coins("TT")
    t.use("fortune")
    t.attack("primary")
    assert marked(t.s, OPP, "zedaph_r", 0) == 4
    t.end_turn()
    t.attack("secondary")  # their Mindcrack hits their own Beef
    assert t.s.coins[-1] == [YOU, "zedaph_r", [1]]
    assert t.hp(OPP, 0) == 250 - 50 - 80  # Sheep Stare's 50, then their own Mindcrack


def test_55_own_effects_before_hits():
    t = Table()
    t.hermit(YOU, "etho_r", items=["redstone_item_x2"])
    t.hermit(OPP, "bdubs_c", hp=80, effect="totem")
    t.start().coins("H")
    t.attack("secondary")
    assert t.hp(OPP, 0) == 10 and t.s.dot[OPP][0] == 0 and t.s.lives[OPP] == 3
    t = Table()
    t.hermit(YOU, "tfc_ur", items=["miner_item_x2", "miner_item"])
    t.hermit(OPP, "bdubs_c", effect="iron_armour")
    t.start().coins("H")
    t.attack("secondary")
    assert t.hp(OPP, 0) == 260 - 100 and "iron_armour" in t.discard_ids(OPP)


def test_56_down_hermits():
    t = Table()
    t.hermit(YOU, "jevin_r", items=["speedrunner_item_x2", "speedrunner_item"])
    t.hermit(OPP, "bdubs_c", hp=90)
    t.hermit(OPP, "cleo_c")
    t.start()
    t.attack("secondary")
    assert t.prompt_kind() == "turn" and t.s.active[OPP] == -1
    t = Table()
    t.hermit(YOU, "grian_r", items=["prankster_item_x2"])
    t.hermit(OPP, "etho_c", hp=50, effect="iron_armour")
    t.hermit(OPP, "cleo_c")
    t.start().coins("H")
    t.attack("primary")  # 50 - 20 armour = 30 HP left: Grian may take the armour
    t.choose("attach")
    assert t.effect(YOU, 0) == "iron_armour" and t.hp(OPP, 0) == 20
    t = Table()
    t.hermit(YOU, "grian_r", items=["prankster_item_x2"])
    t.hermit(OPP, "bdubs_c", hp=30, effect="iron_armour")
    t.hermit(OPP, "cleo_c")
    t.start().coins("H")
    t.attack("primary")
    t.choose("attach")
    assert t.effect(YOU, 0) == "iron_armour" and t.hermit_id(OPP, 0) is None


def test_57_ignoring_lasts_through_the_burn_tick():
    t = Table()
    t.hermit(YOU, "etho_c")
    t.hermit(OPP, "bdubs_c", hp=60, effect="iron_armour", status="burn")
    t.hermit(OPP, "cleo_c")
    t.hand(YOU, "golden_axe")
    t.start()
    t.use("golden_axe")
    t.do("su_attack")
    assert t.hp(OPP, 0) == 20
    t.end_turn()
    assert t.hermit_id(OPP, 0) is None and t.s.lives[OPP] == 2


def test_58_stresss_self_hit():
    t = Table()
    t.hermit(YOU, "stress_r", items=["prankster_item_x2", "prankster_item"], hp=120,
             effect="netherite_armour")
    t.hermit(OPP, "xb_c")  # PvP: weak to Prankster
    t.start()
    t.attack("secondary")
    assert t.hp(OPP, 0) == 270 - 140 and t.hp(YOU, 0) == 120 - 100


def test_59_moved_bucket():
    t = Table()
    t.hermit(YOU, "etho_c", status="poison")
    t.hermit(OPP, "bdubs_c", effect="milk_bucket")
    t.hand(YOU, "emerald")
    t.start()
    t.use("emerald")
    assert t.effect(YOU, 0) == "milk_bucket" and t.s.dot[YOU][0] == 0


def test_60_sleep_and_single_use_attacks():
    t = Table()
    t.hermit(YOU, "etho_c", items=["balanced_item"], sleep=2)
    t.hermit(OPP, "bdubs_c")
    t.hand(YOU, "tnt")
    t.start()
    assert not t.can("attack")
    t.use("tnt")
    t.do("su_attack")
    assert t.hp(OPP, 0) == 200


def test_61_crossbow_targets():
    t = Table()
    t.hermit(YOU, "etho_c")
    t.hermit(OPP, "bdubs_c")
    t.hermit(OPP, "cleo_c")
    t.hand(YOU, "crossbow")
    t.start()
    t.use("crossbow")
    t.do("su_attack")
    assert (t.hp(OPP, 0), t.hp(OPP, 1)) == (240, 240)
    t = Table()
    t.hermit(YOU, "etho_c")
    for h in ("bdubs_c", "cleo_c", "xb_c", "grian_c"):
        t.hermit(OPP, h)
    t.hand(YOU, "crossbow")
    t.start()
    t.use("crossbow")
    t.do("su_attack")
    assert t.prompt_kind() == "crossbow_targets" and len(t.legal()) == 4
    t.choose((0, 2, 3))
    assert [t.hp(OPP, r) for r in range(4)] == [240, 260, 250, 280]


def test_62_invisibility_waits():
    t = Table()
    t.hermit(YOU, "etho_c", hp=200)
    t.hermit(OPP, "beef_c", items=["balanced_item_x2"])
    t.hermit(OPP, "cleo_c")
    t.hand(YOU, "invisibility_potion")
    t.start(YOU, turn=3).coins("H")
    t.use("invisibility_potion")
    t.end_turn()
    t.do("switch", target=1)  # the opponent only switches on their next turn
    t.end_turn()
    t.end_turn()
    t.do("switch", target=0)
    t.end_turn()
    t.end_turn()
    t.attack("secondary")  # their Mindcrack misses
    assert t.hp(YOU, 0) == 200 and marked(t.s, OPP, NEXT_ATTACK) is None


# --- issue 20: rules checked against the reference simulator ----------------------------------

def test_chorus_fruit_cannot_be_played_while_the_active_hermit_is_asleep():
    t = Table()
    t.hermit(YOU, "bdubs_c", items=["builder_item"], sleep=2)
    t.hermit(YOU, "cleo_c")
    t.hermit(OPP, "etho_c")
    t.hand(YOU, "chorus_fruit")
    t.start()
    assert t.s.sleep[YOU][0] > 0 and not t.can("single_use", "chorus_fruit")
    awake = Table()
    awake.hermit(YOU, "bdubs_c", items=["builder_item"])
    awake.hermit(YOU, "cleo_c")
    awake.hermit(OPP, "etho_c")
    awake.hand(YOU, "chorus_fruit")
    awake.start()
    assert awake.can("single_use", "chorus_fruit")


def test_loyalty_acts_when_hp_reaches_0_before_grians_steal():
    """D40: Borrow knocks out a Loyalty holder: the items go to its owner's hand, and Grian
    may still take the Loyalty card."""
    t = Table()
    t.hermit(YOU, "grian_r", items=["prankster_item_x2"])
    t.hermit(OPP, "etho_c", hp=50, effect="loyalty", items=["balanced_item", "balanced_item"])
    t.hermit(OPP, "cleo_c")
    t.start().coins("H")
    hand = len(t.s.hands[OPP])
    t.attack("primary")
    assert t.prompt_kind() == "grian_steal"
    t.choose("attach")
    assert t.effect(YOU, 0) == "loyalty"
    assert t.hand_ids(OPP)[hand:] == ["balanced_item", "balanced_item"]
    assert sorted(t.discard_ids(OPP)) == ["etho_c"]


def test_the_rules_page_names_d21_and_d31_as_deliberate_differences_from_the_reference():
    from game.core.resources import data_path
    from game.hermitcraft import GAME

    page = data_path("hermitcraft", "rules.md").read_text(encoding="utf-8")
    section = page.split("## Where the app differs from the reference simulator on purpose")[1]
    lines = [x for x in section.split("\n## ")[0].splitlines() if x.startswith("- ")]
    assert len(lines) == 2
    assert "reward card is off by default" in lines[0]
    assert "cannot copy *Role Play* or *Puppetry*" in lines[1]
    # what the two lines say is what the rules do
    assert GAME.new_state(2, 1).reward is False  # D21
    t = Table()
    t.hermit(YOU, "rendog_r", items=["builder_item_x2", "builder_item"])
    t.hermit(OPP, "cleo_r")
    t.hermit(OPP, "rendog_r", active=False)
    t.start()
    t.attack("secondary")
    copied = {(t.s.defs[iid], which) for iid, which in t.s.decisions[-1].options}
    assert copied == {("cleo_r", "primary"), ("rendog_r", "primary")}  # D31
