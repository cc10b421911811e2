"""One test per ability keyword (spec "Monster ability keywords" and the hunters' special
abilities), each handler in game/mhtcg/abilities.py checked through the rules that call it."""

import pytest

from game.core.contract import IllegalAction
from game.core.flow import mark, marked
from game.mhtcg import rules
from game.mhtcg.setups import (
    act,
    asked,
    bystander,
    gear,
    give,
    hunt,
    hunter_at,
    monster,
    pass_until,
    seat,
    start,
    table,
)

KOKOTO, MINEGARDE, POKKE, DUNDORMA = 0, 1, 2, 3


def atk(s, token):
    return rules.monster_attack_value(s, s.board[token])


def test_keyword_pack_counts_the_other_face_up_pack_monsters_in_the_area():
    s = table()
    a = monster(s, 1, 1, "M01", face_up=True)
    monster(s, 1, 1, "M02", face_up=True)
    monster(s, 1, 1, "M03")  # face down: does not count
    monster(s, 1, 2, "M01", face_up=True)  # another area: does not count
    assert atk(s, a) == 1 + 1


def test_keyword_leader_gives_the_other_pack_monsters_1_each_and_leaders_add_up():
    s = table()
    velo = monster(s, 1, 1, "M01", face_up=True)
    kelbi = monster(s, 1, 1, "M05", face_up=True)
    monster(s, 1, 1, "M10", face_up=True)  # Velocidrome: Pack, Leader
    monster(s, 1, 1, "M15", face_up=True)  # Blangonga: Pack, Leader
    assert atk(s, velo) == 1 + 2 + 2  # two other Pack monsters, two Leaders
    assert atk(s, kelbi) == 0  # not a Pack monster


def test_keyword_ambush_strikes_first_whatever_the_range():
    s = table()
    boar = s.board[monster(s, 1, 1, "M04")]
    velo = s.board[monster(s, 1, 1, "M01")]
    assert rules.strikes_first(s, DUNDORMA, boar)  # RNG 1 against RNG 3
    assert not rules.strikes_first(s, DUNDORMA, velo)


def test_keyword_armoured_reduces_hunter_attacks_but_not_bombs():
    s = table()
    crab = monster(s, 2, 1, "M14", face_up=True)
    assert rules.hunter_damage(s, KOKOTO, s.board[crab]) == 2 - 1
    (bomb,) = give(s, MINEGARDE, "I06")
    hunter_at(s, MINEGARDE, 2, 1)
    bystander(s, POKKE)
    hunt(s)
    pass_until(s, "window")
    while seat(s) != MINEGARDE:
        act(s, seat(s), "pass")
    act(s, MINEGARDE, "item", bomb, crab)
    act(s, POKKE, "pass")  # no response
    assert s.board[crab].damage == 3


def test_keyword_aloft_only_against_rng_1():
    s = table()
    rathalos = s.board[monster(s, 1, 1, "M21", face_up=True)]
    gear(s, POKKE, "W09")  # RNG 2, ATK 2
    assert rules.hunter_damage(s, KOKOTO, rathalos) == 2 - 1
    assert rules.hunter_damage(s, POKKE, rathalos) == 2


def test_keyword_wind_pressure_against_rng_2_or_less():
    s = table()
    kushala = s.board[monster(s, 1, 1, "M24", face_up=True)]
    gear(s, DUNDORMA, "W13")  # RNG 3, ATK 2
    assert rules.hunter_damage(s, KOKOTO, kushala) == 0  # 2 - 2
    assert rules.hunter_damage(s, DUNDORMA, kushala) == 2


def test_keyword_poison_adds_a_card_only_when_one_is_lost():
    s = table()
    genprey = s.board[monster(s, 1, 1, "M02", face_up=True)]
    assert rules.cards_lost(s, genprey, DUNDORMA) == 1 + 1  # DEF 0
    assert rules.cards_lost(s, genprey, KOKOTO) == 0  # DEF 1: nothing, so no Poison


def test_keyword_stench_needs_a_card_removed():
    s = table()
    monster(s, 1, 1, "M12", face_up=True)  # Congalala ATK 3
    hunter_at(s, KOKOTO, 1, 1)
    hunter_at(s, POKKE, 1, 1)
    gear(s, POKKE, armour="A03")  # DEF 4: loses nothing
    bystander(s, DUNDORMA)
    hunt(s)
    pass_until(s, "equip")
    assert marked(s, KOKOTO, rules.NO_ITEMS) and not marked(s, POKKE, rules.NO_ITEMS)


def test_keyword_rage_plus_2_while_damaged():
    s = table()
    mono = monster(s, 1, 1, "M20", face_up=True)
    assert atk(s, mono) == 4
    s.board[mono].damage = 1
    assert atk(s, mono) == 6


def test_keyword_thief_the_attacker_discards_at_random():
    s = table()
    melynx = monster(s, 1, 1, "M06")
    give(s, KOKOTO, "I01", "I03", "I04")
    hunter_at(s, KOKOTO, 1, 1)
    hunt(s)
    pass_until(s, "target")
    events = act(s, KOKOTO, "attack", target=melynx)
    assert [e.kind for e in events].count("discard") == 1
    assert len(s.hand[KOKOTO]) == 2 and len(s.grave[KOKOTO]) == 1


def test_keyword_roar_spares_its_owners_hunter_and_empty_hands():
    s = table()
    tigrex = monster(s, 3, 1, "M23")
    give(s, DUNDORMA, "I01")  # the owner, in its own area
    hunter_at(s, DUNDORMA, 3, 1)
    hunter_at(s, KOKOTO, 3, 1)
    hunter_at(s, MINEGARDE, 3, 1)  # empty hand: nothing to discard
    (card,) = give(s, KOKOTO, "I03")
    hunt(s)
    pass_until(s, "target")
    while seat(s) != MINEGARDE:
        act(s, seat(s), "no_attack") if asked(s) == "target" else act(s, seat(s), "pass")
    act(s, MINEGARDE, "attack", target=tigrex)
    assert asked(s) == "roar" and s.decisions[-1].seats == (KOKOTO,)
    act(s, KOKOTO, "discard", card)
    assert len(s.hand[DUNDORMA]) == 1


def test_keyword_flash_blinds_every_non_owner_hunter_in_the_area():
    s = table()
    gyp = monster(s, 1, 1, "M17")
    hunter_at(s, MINEGARDE, 1, 1)  # the owner
    hunter_at(s, KOKOTO, 1, 1)
    hunter_at(s, POKKE, 1, 1)
    hunt(s)
    pass_until(s, "target")
    rules.turn_face_up(s, s.board[gyp], KOKOTO, s.next_step)
    assert s.atk_minus == [2, 0, 2, 0]


def test_keyword_burrow_only_face_up_and_undamaged():
    s = table()
    fine = monster(s, 1, 1, "M18", face_up=True)
    hurt = monster(s, 1, 2, "M18", face_up=True, damage=2)
    hidden = monster(s, 1, 3, "M18")
    assert rules.burrow_candidates(s, 1) == [fine]
    start(s, "result_turn", "result")
    pass_until(s, "burrow")
    with pytest.raises(IllegalAction):
        act(s, 1, "burrow", target=hurt)
    with pytest.raises(IllegalAction):
        act(s, 1, "burrow", target=hidden)


def test_keyword_flame_aura_burns_non_owner_hunters_ignoring_def():
    s = table()
    monster(s, 2, 1, "M26", face_up=True)
    monster(s, 3, 1, "M26")  # face down: does nothing
    gear(s, KOKOTO, armour="A03")  # DEF 4 does not help
    hunter_at(s, KOKOTO, 2, 1)
    hunter_at(s, POKKE, 2, 1)  # its owner
    hunter_at(s, MINEGARDE, 3, 1)
    bystander(s, DUNDORMA)
    start(s, "result_turn", "result")
    pass_until(s, "placement", "hand_discard")
    assert [len(g) for g in s.grave] == [1, 0, 0, 0]


# --- hunter abilities ------------------------------------------------------------------------

def test_keyword_charge_plus_2_for_a_hunter_that_stayed_put():
    s = table()
    hunter_at(s, KOKOTO, 1, 1, moved=False)
    hunter_at(s, MINEGARDE, 1, 1, moved=False)  # the flag alone gives no Charge: not its ability
    mark(s, MINEGARDE, "charge")
    assert rules.hunter_attack_value(s, KOKOTO) == 4
    assert rules.hunter_attack_value(s, MINEGARDE) == 2


def test_keyword_sidestep_even_against_ambush_and_range():
    s = table()
    cephadrome = s.board[monster(s, 0, 1, "M13")]  # RNG 2, Ambush
    assert not rules.strikes_first(s, MINEGARDE, cephadrome)
    assert rules.strikes_first(s, KOKOTO, cephadrome)


def test_only_a_spotter_is_told_of_spotter_in_the_opening_window():
    s = table()
    hunter_at(s, KOKOTO, 1, 1)
    give(s, KOKOTO, "I01")
    hunt(s)
    while seat(s) != KOKOTO:
        act(s, seat(s), "pass")
    assert "item" in s.prompt(KOKOTO) and "Spotter" not in s.prompt(KOKOTO)


def test_keyword_counter_scores_for_the_lance_player():
    s = table()
    kelbi = monster(s, 1, 1, "M05", face_up=True)  # ATK 0, HP 1
    hunter_at(s, POKKE, 1, 1)
    hunter_at(s, KOKOTO, 1, 1)
    hunt(s)
    pass_until(s, "target")
    act(s, POKKE, "no_attack")
    act(s, KOKOTO, "no_attack")
    assert kelbi not in s.board and s.hrp == [0, 0, 1, 0]


def test_keyword_spotter_once_a_round_in_the_opening_window_one_link_away():
    s = table()
    near = monster(s, 1, 2, "M11")  # one link from (1, 1)
    far = monster(s, 1, 3, "M11")  # ... so is area 3; (2, 1) is not
    away = monster(s, 2, 1, "M11")
    a, b = give(s, DUNDORMA, "I01", "I03")
    hunter_at(s, DUNDORMA, 1, 1)
    bystander(s, KOKOTO)
    hunt(s)
    while seat(s) != DUNDORMA:
        act(s, seat(s), "pass")
    spots = {x.target for x in s.legal_actions(DUNDORMA) if x.kind == "spotter"}
    assert spots == {near, far}
    assert "Spotter" in s.prompt(DUNDORMA)
    with pytest.raises(IllegalAction):
        act(s, DUNDORMA, "spotter", a, away)
    act(s, DUNDORMA, "spotter", a, near)
    assert s.board[near].face_up and a in s.grave[DUNDORMA]
    while seat(s) != DUNDORMA:
        act(s, seat(s), "pass")
    with pytest.raises(IllegalAction, match="once per round"):
        act(s, DUNDORMA, "spotter", b, far)
