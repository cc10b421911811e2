"""The spec's "Interactions to test" (docs/rules/mhtcg.md), one test each, named after it, from
hand-made positions (game/mhtcg/setups.py). Seats: 0 Kokoto (Great Sword), 1 Minegarde (Sword
and Shield), 2 Pokke (Lance), 3 Dundorma (Bowgun), the dealer is seat 0 unless said; hunters
start in their camps with empty hands (so windows pass by themselves) and 40-card decks."""

import pytest

from game.core.contract import Action, IllegalAction
from game.core.flow import marked
from game.mhtcg import rules
from game.mhtcg.setups import (
    act,
    asked,
    bystander,
    deck,
    gear,
    give,
    grave,
    hunt,
    hunter_at,
    materials,
    monster,
    pass_until,
    seat,
    start,
    table,
)

KOKOTO, MINEGARDE, POKKE, DUNDORMA = 0, 1, 2, 3


def refused(s, p, kind, source=None, target=None) -> str:
    with pytest.raises(IllegalAction) as e:
        act(s, p, kind, source, target)
    return e.value.reason


def targets_asked(s) -> list[int]:
    """Decline every attack, pass every window and take the first monster when asked to order
    them, to the end of the hunt phase; the seats asked for a target, in order."""
    out = []
    while s.phase == "hunt" and not s.over:
        kind, p = asked(s), seat(s)
        if kind == "target":
            out.append(p)
            act(s, p, "no_attack")
        elif kind == "monster_order":
            act(s, p, "order", target=s.decisions[-1].options[0])
        else:
            act(s, p, "pass")
    return out


def size(s, p):
    return len(s.deck[p])


def lost(s, p):
    """Cards lost so far (they go to the graveyard; a later hand phase's draw does not)."""
    return len(s.grave[p])


# --- hunt order ------------------------------------------------------------------------------

def test_1_order_in_one_area_bowgun_then_lance_then_cephalos():
    s = table()
    gear(s, DUNDORMA, "W13")
    gear(s, POKKE, "W09")
    monster(s, 1, 1, "M08", face_up=True)
    hunter_at(s, DUNDORMA, 1, 1)
    hunter_at(s, POKKE, 1, 1)
    hunt(s)
    assert (asked(s), seat(s)) == ("target", DUNDORMA)
    act(s, DUNDORMA, "no_attack")
    assert (asked(s), seat(s)) == ("target", POKKE)
    act(s, POKKE, "no_attack")  # now the Cephalos acts: 2 - DEF 0 = 2 cards
    assert lost(s, DUNDORMA) == 2


def test_2_longer_range_strikes_first():
    s = table()
    monster(s, 1, 2, "M16", face_up=True)  # Rathian, RNG 2, ATK 4, Poison
    hunter_at(s, KOKOTO, 1, 2)
    before = size(s, KOKOTO)
    hunt(s)
    assert (asked(s), seat(s)) == ("target", KOKOTO)
    assert size(s, KOKOTO) == before - 4  # 4 - 1 = 3, plus 1 for Poison


def test_3_areas_in_order_the_longest_range_area_first_then_by_range_inside():
    s = table()
    gear(s, DUNDORMA, "W13")
    gear(s, POKKE, "W09")
    hunter_at(s, DUNDORMA, 1, 1)  # X, RNG 3, area P
    hunter_at(s, KOKOTO, 2, 1)  # Y, RNG 1, area Q
    hunter_at(s, POKKE, 2, 1)  # Z, RNG 2, area Q
    hunt(s)
    assert targets_asked(s) == [DUNDORMA, POKKE, KOKOTO]


def test_4_tie_between_hunters_in_different_areas_goes_clockwise_from_the_dealer():
    s = table(dealer=2)
    gear(s, DUNDORMA, "W01")  # RNG 1, like the Kokoto hunter
    hunter_at(s, KOKOTO, 1, 1)
    hunter_at(s, DUNDORMA, 2, 3)
    hunt(s)
    assert targets_asked(s) == [DUNDORMA, KOKOTO]


def test_5_monsters_tied_the_lone_hunters_player_chooses():
    s = table()
    kelbi = monster(s, 1, 1, "M05", face_up=True)
    boar = monster(s, 1, 1, "M04", face_up=True)
    hunter_at(s, KOKOTO, 1, 1)
    hunt(s)
    act(s, KOKOTO, "no_attack")
    assert (asked(s), seat(s)) == ("monster_order", KOKOTO)
    assert set(s.decisions[-1].options) == {kelbi, boar}
    events = act(s, KOKOTO, "order", target=kelbi)
    hits = [e.data.get("token") for e in events if e.kind in ("lose", "no_loss")]
    assert hits[:1] == [kelbi]


# --- face-down monsters ----------------------------------------------------------------------

def test_6_ambushed_by_range():
    s = table()
    gear(s, KOKOTO, "W01")  # Iron Sword: ATK 3, RNG 1
    kutku = monster(s, 1, 1, "M11")
    hunter_at(s, KOKOTO, 1, 1)
    bystander(s, POKKE)
    hunt(s)
    pass_until(s, "target")
    events = act(s, KOKOTO, "attack", target=kutku) + pass_until(s, "equip")
    kinds = [e.kind for e in events]
    assert kinds.index("strike_first") < kinds.index("lose") < kinds.index("hit")
    assert rules.remaining_hp(s, s.board[kutku]) == 2
    assert lost(s, KOKOTO) == 2  # struck first: 3 - 1, and it did not attack again


def test_7_no_ambush_at_equal_range():
    s = table()
    gear(s, POKKE, "W09")  # Iron Lance: ATK 2, RNG 2, DEF 2
    kutku = monster(s, 1, 1, "M11")
    hunter_at(s, POKKE, 1, 1)
    bystander(s, KOKOTO)
    hunt(s)
    pass_until(s, "target")
    events = act(s, POKKE, "attack", target=kutku) + pass_until(s, "equip")
    kinds = [e.kind for e in events]
    assert "strike_first" not in kinds and kinds.index("hit") < kinds.index("lose")
    assert s.board[kutku].damage == 2
    assert lost(s, POKKE) == 1  # 3 - 2, in its slot after the lance


def test_8_ambush_keyword_strikes_first_whatever_the_range():
    s = table()
    boar = monster(s, 1, 1, "M04")  # Bullfango: RNG 1, ATK 2, Ambush
    hunter_at(s, DUNDORMA, 1, 1)
    hunt(s)
    events = act(s, DUNDORMA, "attack", target=boar)
    kinds = [e.kind for e in events]
    assert kinds.index("strike_first") < kinds.index("hit")
    assert lost(s, DUNDORMA) == 2


def test_9_sidestep_no_strike_first_the_khezu_acts_after_the_hunter():
    s = table()
    khezu = monster(s, 0, 1, "M19")
    hunter_at(s, MINEGARDE, 0, 1)
    hunt(s)
    events = act(s, MINEGARDE, "attack", target=khezu)
    kinds = [e.kind for e in events]
    assert "strike_first" not in kinds
    assert kinds.index("hit") < kinds.index("lose")
    assert lost(s, MINEGARDE) == 3  # 4 - 1 in its RNG-1 slot


def test_10_face_down_monsters_do_nothing_and_earn_their_owner_hrp():
    s = table()
    monster(s, 1, 1, "M16")
    monster(s, 1, 1, "M19")
    hunter_at(s, KOKOTO, 1, 1)
    hunt(s)
    act(s, KOKOTO, "no_attack")
    pass_until(s, "placement")
    assert lost(s, KOKOTO) == 0
    assert s.hrp[1] == 2 and (1, 2, "hidden", 1) in [g[:4] for g in s.gains]


def test_11_ambush_into_retreat_the_attack_never_happens():
    s = table()
    khezu = monster(s, 1, 1, "M19")
    hunter_at(s, KOKOTO, 1, 1)
    deck(s, KOKOTO, 1)
    bystander(s, POKKE)
    hunt(s)
    pass_until(s, "target")
    events = act(s, KOKOTO, "attack", target=khezu) + pass_until(s, "equip")
    assert "hit" not in [e.kind for e in events]
    assert s.retreats[KOKOTO] == 1 and s.pos[KOKOTO] == (KOKOTO, 0)
    assert s.board[khezu].face_up and s.board[khezu].damage == 0


def test_12_own_monsters_are_never_targets_and_never_attack_their_owner():
    s = table()
    rathian = monster(s, 0, 1, "M16", face_up=True)
    hunter_at(s, KOKOTO, 0, 1)
    hunter_at(s, MINEGARDE, 0, 1)
    hunt(s)  # Rathian (RNG 2) acts first and hits only B
    assert lost(s, KOKOTO) == 0 and lost(s, MINEGARDE) == 4
    assert (asked(s), seat(s)) == ("target", KOKOTO)
    assert "your own monster" in refused(s, KOKOTO, "attack", target=rathian)


def test_13_several_hunters_hit_the_losses_come_in_turn_order():
    s = table(dealer=2)
    monster(s, 3, 1, "M23", face_up=True)
    gear(s, KOKOTO, armour="A01")
    gear(s, POKKE, armour="A03")
    hunter_at(s, KOKOTO, 3, 1)
    hunter_at(s, POKKE, 3, 1)
    hunt(s)
    events = act(s, POKKE, "no_attack")
    losses = [(e.player, len(e.data["cards"])) for e in events if e.kind == "lose"]
    assert losses == [(POKKE, 2), (KOKOTO, 4)]


# --- damage and retreat ----------------------------------------------------------------------

def test_14_floor_and_counter_armoured_does_not_reduce_counter():
    s = table()
    crab = monster(s, 1, 1, "M14", face_up=True)
    gear(s, POKKE, armour="A02")  # DEF 3
    hunter_at(s, POKKE, 1, 1)
    bystander(s, KOKOTO)
    hunt(s)
    pass_until(s, "target")
    act(s, POKKE, "no_attack")
    pass_until(s, "equip")
    assert lost(s, POKKE) == 0
    assert rules.remaining_hp(s, s.board[crab]) == 4


def test_15_excess_loss_ignored_the_new_deck_loses_nothing_more():
    s = table()
    monster(s, 1, 1, "M21", face_up=True)  # Rathalos ATK 5
    hunter_at(s, DUNDORMA, 1, 1)
    grave(s, DUNDORMA, 3)
    deck(s, DUNDORMA, 2)
    bystander(s, KOKOTO)
    hunt(s)
    pass_until(s, "target")
    act(s, DUNDORMA, "no_attack")
    pass_until(s, "equip")
    assert s.retreats[DUNDORMA] == 1 and s.pos[DUNDORMA] == (DUNDORMA, 0)
    assert size(s, DUNDORMA) == 5 and s.grave[DUNDORMA] == []


def test_16_retreat_in_the_middle_of_an_area():
    s = table()
    monster(s, 0, 2, "M21", face_up=True)  # Rathalos, RNG 3
    monster(s, 0, 2, "M01", face_up=True)  # Velociprey acts last
    hunter_at(s, MINEGARDE, 0, 2)
    hunter_at(s, POKKE, 0, 2)
    deck(s, MINEGARDE, 1)
    bystander(s, DUNDORMA)
    hunt(s)
    asked_for_targets = []
    while s.phase == "hunt":
        if asked(s) == "target":
            asked_for_targets.append(seat(s))
            act(s, seat(s), "no_attack")
        else:
            pass_until(s, "target", "equip")
    assert asked_for_targets == [POKKE]  # B never attacks; its camp is never resolved
    assert s.retreats[MINEGARDE] == 1 and size(s, MINEGARDE) == 1  # the Velociprey missed B


def test_17_hand_phase_retreat_hand_stays_at_5_and_the_hunter_must_leave_camp():
    s = table()
    s.round = 2
    give(s, KOKOTO, "I01", "I03")
    deck(s, KOKOTO, 3)
    grave(s, KOKOTO, 0)
    start(s, "hand_turn", "hand")
    act(s, KOKOTO, "done")
    assert len(s.hand[KOKOTO]) == 5 and s.retreats[KOKOTO] == 1
    pass_until(s, "move")
    assert seat(s) == KOKOTO
    assert all(a.target[1] != 0 for a in s.legal_actions(KOKOTO))


def test_18_third_retreat_still_uses_items_this_round():
    s = table()
    s.retreats[DUNDORMA] = 2
    hunter_at(s, DUNDORMA, 1, 1)
    crag, potion = give(s, DUNDORMA, "I14", "I01")
    deck(s, DUNDORMA, 1)
    hunt(s)
    pass_until(s, "window")
    while seat(s) != DUNDORMA:
        act(s, seat(s), "pass")
    act(s, DUNDORMA, "item", crag)  # +3 ATK and loses the top card: the last one
    assert s.doomed[DUNDORMA] and s.retreats[DUNDORMA] == 3
    while seat(s) != DUNDORMA:
        act(s, seat(s), "pass")
    act(s, DUNDORMA, "item", potion)  # accepted


def test_18_third_retreat_a_defeat_to_21_does_not_end_the_game_and_step_4_forfeits():
    s = table()
    s.retreats[DUNDORMA], s.doomed[DUNDORMA], s.hrp[DUNDORMA] = 3, True, 18
    mine = monster(s, 3, 2, "M11")
    rathian = monster(s, 1, 1, "M16", face_up=True, damage=5)
    hunter_at(s, DUNDORMA, 1, 1)
    hunt(s)
    act(s, DUNDORMA, "attack", target=rathian)
    assert s.hrp[DUNDORMA] == 21 and not s.over
    pass_until(s, "placement")
    assert s.forfeited[DUNDORMA] and s.pos[DUNDORMA] is None
    assert mine not in s.board and all(m.sheet != DUNDORMA for m in s.board.values())


def test_19_late_third_retreat_forfeits_before_step_7_and_is_not_dealer():
    s = table()
    s.hrp[:] = [0, 5, 5, 5]
    monster(s, 2, 1, "M26", face_up=True)  # Teostra: Flame aura
    hunter_at(s, KOKOTO, 2, 1)
    s.retreats[KOKOTO] = 2
    deck(s, KOKOTO, 1)
    start(s, "result_turn", "result")
    pass_until(s, "placement", "hand_discard")
    assert s.forfeited[KOKOTO]
    assert s.dealer == MINEGARDE


# --- boosts and items ------------------------------------------------------------------------

def opening_window_for(s, p):
    hunt(s)
    while seat(s) != p:
        act(s, seat(s), "pass")
    assert asked(s) == "window"


def test_20_weapon_boosts_of_the_system_add_atk_and_others_are_refused():
    s = table()
    gear(s, KOKOTO, "W01")
    b1, b2, knife = give(s, KOKOTO, "W02", "W02", "W05")
    hunter_at(s, KOKOTO, 1, 1)
    opening_window_for(s, KOKOTO)
    act(s, KOKOTO, "boost", b1)
    act(s, KOKOTO, "boost", b2)
    assert rules.hunter_attack_value(s, KOKOTO) == 5
    assert "current weapon system" in refused(s, KOKOTO, "boost", knife)


def test_21_the_system_follows_the_weapon():
    s = table()
    gear(s, KOKOTO, "W09")  # Iron Lance
    sword, lance = give(s, KOKOTO, "W02", "W10")
    hunter_at(s, KOKOTO, 1, 1)
    opening_window_for(s, KOKOTO)
    assert "current weapon system" in refused(s, KOKOTO, "boost", sword)
    act(s, KOKOTO, "boost", lance)
    assert s.atk_bonus[KOKOTO] == 1


def test_22_armour_boosts_add_def_against_a_monster_attack():
    s = table()
    monster(s, 1, 1, "M16", face_up=True)
    leather, bone = give(s, DUNDORMA, "A01", "A02")
    hunter_at(s, DUNDORMA, 1, 1)
    opening_window_for(s, DUNDORMA)
    act(s, DUNDORMA, "boost", leather)
    act(s, DUNDORMA, "boost", bone)
    pass_until(s, "target")
    act(s, DUNDORMA, "no_attack")
    assert lost(s, DUNDORMA) == 2 + 3  # the two boosts, then 4 - 2 = 2 plus 1 for Poison


def test_23_icons_come_from_the_weapon():
    s = table()
    gear(s, DUNDORMA, "W13")
    gear(s, KOKOTO, "W04")  # Red Wing: whetstone, bomb
    whet, normal = give(s, DUNDORMA, "I03", "I13")
    potion, demon = give(s, KOKOTO, "I01", "I04")
    hunter_at(s, DUNDORMA, 1, 1)
    hunter_at(s, KOKOTO, 1, 1)
    opening_window_for(s, KOKOTO)
    assert "do not match" in refused(s, KOKOTO, "item", potion)
    act(s, KOKOTO, "item", demon)
    while (asked(s), seat(s)) != ("window", DUNDORMA):
        act(s, seat(s), "pass")
    assert "do not match" in refused(s, DUNDORMA, "item", whet)
    act(s, DUNDORMA, "item", normal)


def test_24_dung_bomb_cancels_a_barrel_bomb_and_both_go_to_the_graveyards():
    s = table()
    kutku = monster(s, 2, 1, "M11", face_up=True, damage=2)
    (bomb,) = give(s, MINEGARDE, "I06")
    (dung,) = give(s, DUNDORMA, "I10")
    hunter_at(s, MINEGARDE, 2, 1)
    opening_window_for(s, MINEGARDE)
    act(s, MINEGARDE, "item", bomb, kutku)
    assert (asked(s), seat(s)) == ("respond", DUNDORMA)
    act(s, DUNDORMA, "respond", dung)
    assert s.board[kutku].damage == 2
    assert bomb in s.grave[MINEGARDE] and dung in s.grave[DUNDORMA]


def test_25_an_item_empties_its_users_deck():
    s = table()
    rathian = monster(s, 1, 1, "M16", face_up=True)
    (big,) = give(s, DUNDORMA, "I07")
    hunter_at(s, DUNDORMA, 1, 1)
    hunter_at(s, KOKOTO, 1, 1)
    deck(s, DUNDORMA, 1)
    bystander(s, POKKE)
    opening_window_for(s, DUNDORMA)
    act(s, DUNDORMA, "item", big, rathian)
    pass_until(s, "window")
    assert s.board[rathian].damage == 5
    assert lost(s, KOKOTO) == 1
    assert s.retreats[DUNDORMA] == 1 and s.pos[DUNDORMA] == (DUNDORMA, 0)


def test_26_target_stolen_the_thief_scores_and_the_attacker_chooses_again():
    s = table()
    kutku = monster(s, 2, 1, "M11", face_up=True, damage=3)
    other = monster(s, 2, 1, "M05")
    (bomb,) = give(s, MINEGARDE, "I06")
    hunter_at(s, KOKOTO, 2, 1)
    hunter_at(s, MINEGARDE, 2, 1)
    hunt(s)
    pass_until(s, "target")  # the opening window
    pass_until(s, "target")
    assert seat(s) == KOKOTO  # Kut-Ku (RNG 2) struck already; now the RNG-1 hunters
    act(s, KOKOTO, "attack", target=kutku)
    while seat(s) != MINEGARDE:
        act(s, seat(s), "pass")
    act(s, MINEGARDE, "item", bomb, kutku)
    assert kutku not in s.board and s.hrp[MINEGARDE] == 2
    pass_until(s, "target")
    assert seat(s) == KOKOTO  # A's turn is not lost
    assert {a.target for a in s.legal_actions(KOKOTO)} == {other, None}


def test_a_window_whose_monster_is_trapped_says_it_will_not_attack():
    s = table()
    hunter_at(s, POKKE, KOKOTO, 2)
    tigrex = monster(s, KOKOTO, 2, "M23", face_up=True)
    trap = give(s, POKKE, "I08")[0]
    give(s, KOKOTO, "I01")
    hunt(s)
    pass_until(s, "target")
    act(s, POKKE, "no_attack")
    while seat(s) != POKKE:
        act(s, seat(s), "pass")
    assert "a monster is about to attack" in s.prompt(POKKE)
    act(s, POKKE, "item", trap, tigrex)
    while not (asked(s) == "window" and seat(s) != POKKE):
        act(s, seat(s), "pass")
    assert "will not attack" in s.prompt(seat(s))


def test_27_stench_refuses_items_but_not_boosts():
    s = table()
    conga = monster(s, 0, 1, "M12", face_up=True)
    monster(s, 0, 1, "M06", face_up=True)
    whet, dagger = give(s, MINEGARDE, "I03", "W06")
    hunter_at(s, MINEGARDE, 0, 1)
    hunt(s)
    pass_until(s, "target")
    act(s, MINEGARDE, "no_attack")
    act(s, MINEGARDE, "order", target=conga)
    pass_until(s, "monster_order", "window")
    while not marked(s, MINEGARDE, rules.NO_ITEMS):
        act(s, MINEGARDE, "pass")
    assert asked(s) == "window" and seat(s) == MINEGARDE  # before the Melynx attacks
    assert "stench" in refused(s, MINEGARDE, "item", whet).lower()
    act(s, MINEGARDE, "boost", dagger)


def test_28_farcaster_in_2_players_is_refused():
    s = table(players=2)
    (far,) = give(s, KOKOTO, "I11")
    hunter_at(s, KOKOTO, 1, 1)
    opening_window_for(s, KOKOTO)
    assert "2-player" in refused(s, KOKOTO, "item", far)


# --- defeat, material, equip -----------------------------------------------------------------

def test_29_kill_credit_and_material():
    s = table(dealer=1)
    rathian = monster(s, 2, 1, "M16", face_up=True)
    gear(s, KOKOTO, "W02")
    (boost,) = give(s, KOKOTO, "W01")
    hunter_at(s, KOKOTO, 2, 1)
    hunter_at(s, MINEGARDE, 2, 1)
    opening_window_for(s, KOKOTO)
    act(s, KOKOTO, "boost", boost)
    pass_until(s, "target")
    act(s, MINEGARDE, "attack", target=rathian)
    assert rules.remaining_hp(s, s.board[rathian]) == 5
    pass_until(s, "target")
    act(s, KOKOTO, "attack", target=rathian)
    pass_until(s, "equip", "placement", "burrow")
    assert s.hrp[KOKOTO] == 3 and s.hrp[MINEGARDE] == 0
    assert [s.cards[c] for c in s.materials[2]] == ["M16"]
    assert sum(s.card(c).material for c in s.materials[2]) == 3


def test_30_damage_resets_at_the_owners_step_6_and_it_stays_face_up():
    s = table()
    rathian = monster(s, 1, 1, "M16", face_up=True, damage=5)
    start(s, "result_turn", "result")
    pass_until(s, "placement", "hand_discard")
    m = s.board[rathian]
    assert m.damage == 0 and rules.remaining_hp(s, m) == 7 and m.face_up


def equip_turn_for(s, p):
    start(s, "equip_turn", "equip")
    assert (asked(s), seat(s)) == ("equip", p)


def test_31_paying_for_a_weapon_minimal_sets_only():
    s = table()
    gear(s, MINEGARDE, "W06")
    dagger = s.weapon[MINEGARDE]
    genprey, conga = materials(s, MINEGARDE, "M02", "M12")
    (viper,) = give(s, MINEGARDE, "W07")
    equip_turn_for(s, MINEGARDE)
    act(s, MINEGARDE, "equip", viper)
    assert asked(s) == "pay"
    assert "minimal" in refused(s, MINEGARDE, "pay", genprey)
    act(s, MINEGARDE, "pay", conga)
    assert s.weapon[MINEGARDE] == viper
    assert conga in s.grave[MINEGARDE] and dagger in s.grave[MINEGARDE]
    assert s.materials[MINEGARDE] == [genprey]


def test_31_genprey_and_congalala_together_are_not_minimal():
    from game.mhtcg.gear import payment_problem

    assert payment_problem([1, 3], 2) is not None and payment_problem([1], 2) is not None


def test_32_credit_by_kind_and_one_weapon_a_phase():
    s = table()
    gear(s, POKKE, "W12", "A03")  # Red Tail (7), Kut-Ku Set (5)
    spear, knight = give(s, POKKE, "W11", "W10")
    assert rules.price(s, POKKE, spear) == 0  # Red Tail's 7 covers Babel Spear's 3
    s.weapon[POKKE] = -1
    assert rules.price(s, POKKE, spear) == 3  # a Kut-Ku Set gives no credit toward a weapon
    gear(s, POKKE, "W12")
    equip_turn_for(s, POKKE)
    act(s, POKKE, "equip", spear)  # free
    assert "already equipped one weapon" in refused(s, POKKE, "equip", knight)


# --- placement -----------------------------------------------------------------------------

def test_33_limits_with_3_and_4_players():
    s = table()
    rathian = monster(s, 0, 1, "M16", face_up=True)
    velo = monster(s, 0, 1, "M01", face_up=True)
    hidden = monster(s, 0, 1, "M01")
    for _ in range(2):
        monster(s, 0, 2, "M04")
    new, seventh = give(s, KOKOTO, "M10", "M11")
    bystander(s, MINEGARDE)
    start(s, "placement_turn", "placement")
    assert "already holds 3" in refused(s, KOKOTO, "place", new, (0, 1))
    assert "may replace a monster only when" in refused(s, KOKOTO, "replace", new, velo)
    monster(s, 0, 3, "M05")  # six on the sheet
    assert "only replace" in refused(s, KOKOTO, "place", seventh, (0, 3))
    assert "face-up" in refused(s, KOKOTO, "replace", new, hidden)
    assert "eye monster" in refused(s, KOKOTO, "replace", new, rathian)
    act(s, KOKOTO, "replace", new, velo)
    placed = s.board[max(s.board)]
    assert s.cards[placed.card] == "M10" and not placed.face_up and placed.area == 1
    assert velo not in s.board and any(s.cards[c] == "M01" for c in s.hand[KOKOTO])
    assert "not Player 1's turn" in refused(s, KOKOTO, "place", seventh, (0, 3))


def test_34_the_2_player_sheet():
    s = table(players=2)
    monster(s, 0, 1, "M01")
    monster(s, 0, 2, "M16")  # an eye monster, face down
    kelbi, rathalos = give(s, KOKOTO, "M05", "M21")
    start(s, "placement_turn", "placement")
    assert "already holds 1 monster" in refused(s, KOKOTO, "place", kelbi, (0, 1))
    assert "only one eye monster" in refused(s, KOKOTO, "place", rathalos, (0, 3))
    s2 = table(players=2)
    monster(s2, 1, 1, "M01", face_up=True)
    start(s2, "result_turn", "result")
    pass_until(s2, "placement", "hand_discard")
    # seat 0's empty sheet gives seat 1 +1
    assert (1, 1, "empty_sheet", 1) in [g[:4] for g in s2.gains]


# --- result phase --------------------------------------------------------------------------

def test_35_unique_the_older_face_up_copy_goes_and_every_other_player_gains_its_level():
    s = table()
    older = monster(s, 2, 1, "M26", face_up=True)
    newer = monster(s, 3, 1, "M26", face_up=True)
    start(s, "result_turn", "result")
    pass_until(s, "placement", "hand_discard")
    assert older not in s.board and newer in s.board
    assert s.board[newer].card not in s.grave[3]
    assert s.hrp == [5, 5, 0, 5]


def test_35_unique_a_face_down_namesake_changes_nothing():
    s = table()
    older = monster(s, 2, 1, "M26", face_up=True)
    monster(s, 3, 1, "M26")
    start(s, "result_turn", "result")
    pass_until(s, "placement", "hand_discard")
    assert older in s.board and s.hrp == [0, 0, 0, 1]


def test_36_burrow_before_the_checks():
    s = table()
    bas = monster(s, 1, 1, "M18", face_up=True)
    hurt = monster(s, 1, 2, "M18", face_up=True, damage=1)
    cham = monster(s, 1, 3, "M25", face_up=True)
    monster(s, 2, 1, "M25", face_up=True)  # a later Chameleos elsewhere
    start(s, "result_turn", "result")
    pass_until(s, "burrow")
    assert seat(s) == 1 and {a.target for a in s.legal_actions(1)} == {bas, cham, None}
    act(s, 1, "burrow", target=bas)
    act(s, 1, "burrow", target=cham)
    assert not s.board[bas].face_up and s.board[hurt].face_up
    pass_until(s, "placement", "hand_discard")
    assert cham in s.board  # it escaped the unique check
    assert (1, 2, "hidden", 1) in [g[:4] for g in s.gains]


def test_37_eye_the_owner_keeps_one_and_every_other_player_gains_the_removed_level():
    s = table()
    rathian = monster(s, 1, 1, "M16", face_up=True)
    rathalos = monster(s, 1, 1, "M21", face_up=True)
    start(s, "result_turn", "result")
    pass_until(s, "keep_eye")
    assert seat(s) == 1 and set(s.decisions[-1].options) == {rathian, rathalos}
    act(s, 1, "keep", target=rathalos)
    assert rathian not in s.board and rathalos in s.board
    assert s.hrp[0] == 3 and s.hrp[2] == 3 and s.hrp[3] == 3 and s.hrp[1] == 0


def test_38_next_dealer():
    s = table(dealer=1)
    s.hrp[:] = [12, 9, 9, 15]
    rules.next_dealer(s)
    assert s.dealer == 1
    s.dealer = 0
    rules.next_dealer(s)
    assert s.dealer == 1
    two = table(players=2, dealer=1)
    two.hrp[:] = [4, 4]
    rules.next_dealer(two)
    assert two.dealer == 1


# --- victory -------------------------------------------------------------------------------

def test_39_win_during_the_hunt_ends_at_once():
    s = table()
    s.hrp[KOKOTO] = 18
    gear(s, KOKOTO, "W01")
    kutku = monster(s, 1, 1, "M11", face_up=True, damage=2)
    velo = monster(s, 1, 1, "M01", face_up=True)
    hunter_at(s, KOKOTO, 1, 1)
    hunt(s)
    pass_until(s, "target")
    act(s, KOKOTO, "attack", target=kutku)
    assert s.over and s.winners == [KOKOTO] and s.to_act() == ()
    assert not s.board[velo].acted


def test_40_several_reach_20_together_the_most_hrp_wins_and_a_tie_shares():
    for c_hrp, winners in ((18, [2]), (17, [0, 2])):
        s = table()
        s.hrp[:] = [17, 0, c_hrp, 0]
        monster(s, 1, 1, "M21", face_up=True)  # B's older Rathalos
        monster(s, 0, 1, "M21", face_up=True)
        start(s, "result_turn", "result")
        assert s.over and s.winners == winners
        assert s.hrp[0] == 21


# --- abilities -------------------------------------------------------------------------------

def test_41_pack_and_leader():
    s = table()
    v1 = monster(s, 1, 1, "M01", face_up=True)
    v2 = monster(s, 1, 1, "M01", face_up=True)
    drome = monster(s, 1, 1, "M10", face_up=True)
    value = lambda t: rules.monster_attack_value(s, s.board[t])  # noqa: E731
    assert (value(v1), value(v2), value(drome)) == (4, 4, 4)
    rules.defeat(s, s.board[v1], KOKOTO)
    assert (value(v2), value(drome)) == (3, 3)


def test_42_counter_kills_kelbi():
    s = table()
    monster(s, 1, 1, "M05", face_up=True)
    hunter_at(s, POKKE, 1, 1)
    hunt(s)
    act(s, POKKE, "no_attack")
    assert s.hrp[POKKE] == 1
    assert [s.cards[c] for c in s.materials[1]] == ["M05"]
    assert s.card(s.materials[1][0]).material == 2


def test_43_flash_on_reveal():
    s = table()
    gear(s, KOKOTO, "W01")
    gyp = monster(s, 1, 1, "M17")
    hunter_at(s, KOKOTO, 1, 1, moved=False)
    bystander(s, POKKE)
    hunt(s)
    pass_until(s, "target")
    events = act(s, KOKOTO, "attack", target=gyp) + pass_until(s, "equip")
    assert s.atk_minus[KOKOTO] == 2
    assert lost(s, KOKOTO) == 2  # struck first: 3 - 1
    assert next(e for e in events if e.kind == "hit").data["amount"] == 3  # 3 + 2 - 2
    assert rules.remaining_hp(s, s.board[gyp]) == 3


def test_44_charge_only_for_staying_put():
    s = table()
    hunter_at(s, KOKOTO, 0, 1)
    rules.move_hunter(s, KOKOTO, (0, 1))
    assert rules.hunter_attack_value(s, KOKOTO) == 4
    rules.move_hunter(s, KOKOTO, (0, 2))
    assert rules.hunter_attack_value(s, KOKOTO) == 2
    s.pos[KOKOTO] = (0, 0)
    rules.move_hunter(s, KOKOTO, (0, 1))
    assert rules.hunter_attack_value(s, KOKOTO) == 2


def test_45_wind_pressure():
    s = table()
    kushala = s.board[monster(s, 1, 1, "M24", face_up=True)]
    gear(s, KOKOTO, "W04")
    gear(s, POKKE, "W12")
    assert rules.hunter_damage(s, KOKOTO, kushala) == 5
    assert rules.hunter_damage(s, POKKE, kushala) == 6


def test_46_thief_through_an_item():
    s = table()
    melynx = monster(s, 1, 1, "M06")
    paint, *_ = give(s, DUNDORMA, "I12", "I01", "I03")
    hunter_at(s, DUNDORMA, 1, 1)
    opening_window_for(s, DUNDORMA)
    act(s, DUNDORMA, "item", paint, melynx)
    assert s.board[melynx].face_up
    assert len(s.hand[DUNDORMA]) == 1 and len(s.grave[DUNDORMA]) == 2
    pass_until(s, "target")
    assert seat(s) == DUNDORMA and s.grave[DUNDORMA] and size(s, DUNDORMA) == 37


def test_47_moving():
    s = table()
    start(s, "move_turn", "move")
    assert {a.target for a in s.legal_actions(KOKOTO)} == {(0, 1), (0, 2), (0, 3)}
    assert "never moves into a camp" in refused(s, KOKOTO, "move", target=(0, 0))
    s = table()
    gear(s, KOKOTO, "W03")  # Carapace Blade: MOV 1
    hunter_at(s, KOKOTO, 0, 3)
    start(s, "move_turn", "move")
    assert {a.target for a in s.legal_actions(KOKOTO)} == {(0, 3), (0, 1), (0, 2), (1, 2)}


# --- hand, attack details and items ----------------------------------------------------------

def test_48_opening_hand_six_cards_from_an_empty_hand_and_no_discard_first():
    from game.mhtcg import GAME

    s = GAME.new_state(4, 5)
    assert asked(s) == "placement"
    assert all(len(h) == 6 for h in s.hand) and all(len(d) == 34 for d in s.deck)
    assert all(g == [] for g in s.grave)


def test_49_empty_deck_at_the_start_of_the_hand_phase():
    s = table()
    s.round = 2
    give(s, KOKOTO, "I01", "I01", "I03", "I04")
    grave(s, KOKOTO, 5)
    deck(s, KOKOTO, 0)
    start(s, "hand_turn", "hand")
    assert s.retreats[KOKOTO] == 1 and size(s, KOKOTO) == 5
    act(s, KOKOTO, "done")
    assert len(s.hand[KOKOTO]) == 4 and size(s, KOKOTO) == 5


def test_50_poison_at_the_edge():
    s = table()
    monster(s, 1, 1, "M16", face_up=True)
    hunter_at(s, DUNDORMA, 1, 1)
    grave(s, DUNDORMA, 3)
    deck(s, DUNDORMA, 4)
    bystander(s, KOKOTO)
    hunt(s)
    pass_until(s, "target")
    act(s, DUNDORMA, "no_attack")
    pass_until(s, "equip")
    assert s.retreats[DUNDORMA] == 1 and size(s, DUNDORMA) == 7


def test_51_counter_after_the_whole_attack():
    s = table(dealer=2)
    horn = monster(s, 1, 1, "M07", face_up=True)
    gear(s, POKKE, armour="A02")
    hunter_at(s, POKKE, 1, 1)
    hunter_at(s, DUNDORMA, 1, 1)
    hunt(s)
    act(s, DUNDORMA, "no_attack")
    events = act(s, POKKE, "no_attack")
    kinds = [e.kind for e in events]
    assert kinds.index("lose") < kinds.index("counter")  # Dundorma lost 2 before the Counter
    assert lost(s, POKKE) == 0 and lost(s, DUNDORMA) == 2
    assert horn not in s.board and s.hrp[POKKE] == 1


def test_52_roar_discards_in_turn_order_before_any_strike_first():
    s = table()
    tigrex = monster(s, 3, 1, "M23")
    a_card, _ = give(s, KOKOTO, "I01", "I03")
    b_card, _ = give(s, MINEGARDE, "I01", "I03")
    hunter_at(s, KOKOTO, 3, 1)
    hunter_at(s, MINEGARDE, 3, 1)
    hunt(s)
    pass_until(s, "target")
    k0, m0 = size(s, KOKOTO), size(s, MINEGARDE)
    act(s, KOKOTO, "attack", target=tigrex)
    assert (asked(s), seat(s)) == ("roar", KOKOTO)
    assert (size(s, KOKOTO), size(s, MINEGARDE)) == (k0, m0)
    act(s, KOKOTO, "discard", a_card)
    assert (asked(s), seat(s)) == ("roar", MINEGARDE)
    act(s, MINEGARDE, "discard", b_card)
    pass_until(s, "target")
    assert size(s, KOKOTO) < k0 and size(s, MINEGARDE) < m0  # the strike-first came after


def test_53_farcaster_as_a_response():
    s = table()
    rathian = monster(s, 0, 2, "M16", face_up=True)
    (big,) = give(s, DUNDORMA, "I07")
    (far,) = give(s, MINEGARDE, "I11")
    hunter_at(s, DUNDORMA, 0, 2)
    hunter_at(s, MINEGARDE, 0, 2)
    d0, m0 = size(s, DUNDORMA), size(s, MINEGARDE)
    opening_window_for(s, MINEGARDE)
    act(s, MINEGARDE, "pass")
    assert (asked(s), seat(s)) == ("window", DUNDORMA)
    act(s, DUNDORMA, "item", big, rathian)
    assert (asked(s), seat(s)) == ("respond", MINEGARDE)
    events = act(s, MINEGARDE, "respond", far)
    kinds = [e.kind for e in events]
    assert kinds.index("farcaster") < kinds.index("bomb") < kinds.index("lose")
    assert s.pos[MINEGARDE] == (MINEGARDE, 0) and size(s, MINEGARDE) == m0
    assert s.board[rathian].damage == 5 and size(s, DUNDORMA) == d0 - 1

def test_54_item_legality():
    s = table()
    dung, far, potion = give(s, MINEGARDE, "I10", "I11", "I01")
    opening_window_for(s, MINEGARDE)  # the hunter is in its camp
    assert "only a response" in refused(s, MINEGARDE, "item", dung)
    assert "outside a camp" in refused(s, MINEGARDE, "item", far)
    events = act(s, MINEGARDE, "item", potion)
    assert any(e.kind == "potion" and e.data["cards"] == [] for e in events)


def test_55_flash_bomb_on_a_face_down_monster():
    s = table()
    kutku = monster(s, 2, 1, "M11")
    (flash,) = give(s, MINEGARDE, "I09")
    hunter_at(s, MINEGARDE, 2, 1)
    bystander(s, KOKOTO)
    opening_window_for(s, MINEGARDE)
    act(s, MINEGARDE, "item", flash)
    assert not s.board[kutku].face_up
    pass_until(s, "target")
    act(s, MINEGARDE, "attack", target=kutku)  # Sidestep: it does not strike first
    while s.win_purpose != "monster":
        act(s, seat(s), "pass")
    assert rules.monster_attack_value(s, s.board[kutku]) == 1
    pass_until(s, "equip")
    assert s.grave[MINEGARDE] == [flash]  # no card lost: 1 - DEF 1


def test_an_illegal_action_changes_nothing():
    s = table()
    monster(s, 0, 1, "M16", face_up=True)
    hunter_at(s, KOKOTO, 0, 1)
    hunter_at(s, MINEGARDE, 0, 1)
    hunt(s)
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply(KOKOTO, Action("attack", None, 999))
    assert s.to_json() == before
