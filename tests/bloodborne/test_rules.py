"""Bloodborne rules, one test per rule of the spec (docs/rules/bloodborne.md), in order.

States are hand-made with game.bloodborne.setups.make_state: 4 hunters, final boss Rom, seat 0
first, the starter hand (hunter_axe, saw_cleaver, hunter_pistol, transform_card,
hunters_dream_card) unless given.
Dice faces are forced: red is [1, 2, 3, 3, 4, 3+], yellow [1, 1, 2, 2, 3, 2+],
green [0, 1, 1, 1, 2, 1+]; `dice=[5, 5, 0]` rolls red 3+ 3+ 1.
"""

import pytest

from game.bloodborne import GAME, rules
from game.bloodborne.bots import HeuristicAgent
from game.bloodborne.setups import choose_all, instance, make_state, reveal
from game.core.contract import Action, IllegalAction, NoSuchSeat, State
from game.core.flow import CONCEDE, TIMEOUT
from game.core.rng import Rng

DREAM_ALL = {1: "hunters_dream_card", 2: "hunters_dream_card", 3: "hunters_dream_card"}


def events_of(events, kind):
    return [e for e in events if e.kind == kind]


def upgrade(s, seat, card):
    cid = next(c for c in s.available if s.cards[c].id == card)
    return s.apply(seat, Action("upgrade", cid, "hand"))


# --- setup ---------------------------------------------------------------------------------------

def test_setup_dungeon_is_seven_monsters_and_three_bosses_then_the_final_boss():
    for seed in range(5):
        s = GAME.new_state(4, seed)
        dungeon = [s.monster_by_id[m] for m in s.slot_monsters[:10]]
        assert sum(not m.boss for m in dungeon) == 7 and sum(m.boss for m in dungeon) == 3
        assert len({m.id for m in dungeon}) == 10
        assert s.final_boss.final and s.final_boss.id == s.slot_monsters[10]
        assert s.revealed == 1 and len(s.dungeon) == 9


def test_setup_available_upgrades_one_per_player_hands_of_five_health_eight():
    for players in (3, 4, 5):
        s = GAME.new_state(players, 3, final_boss="rom")
        assert len(s.available) == players
        assert len(s.upgrade_deck) == 32 - players
        assert all(len(h) == 5 for h in s.hand)
        assert s.health == [8] * players
        assert [s.cards[c].id for c in s.hand[0]] == [s.cards[c].id for c in s.hand[1]]


def test_final_boss_random_or_chosen():
    assert GAME.new_state(4, 1, final_boss="rom").final_boss.id == "rom"
    assert {GAME.new_state(4, seed).final_boss.id for seed in range(40)} == {
        f.id for f in GAME.card_set().finals}


def test_monster_hp_is_printed_for_three_players_plus_one_per_extra_hunter():
    for players, extra in ((3, 0), (4, 1), (5, 2)):
        s = make_state(players, final="rom", monster="carrion_crow")
        assert s.echoes == 3 + extra


def test_gehrman_adds_two_hp():
    s = make_state(4, final="gehrman", monster="carrion_crow")
    assert s.echoes == 3 + 1 + 2
    s = make_state(4, final="gehrman", monster="gehrman")
    assert s.echoes == 18 + 1  # not to himself


def test_first_player_is_random():
    assert len({GAME.new_state(4, seed).first_player for seed in range(30)}) == 4


# --- step 1: choose an action card -------------------------------------------------------------

def test_every_hunter_chooses_simultaneously():
    s = make_state()
    assert rules.step_name(s) == "choose_action_cards" and s.to_act() == (0, 1, 2, 3)


def test_choices_hidden_until_all_chosen():
    s = make_state(hp=30, dice=[0])
    ev = s.apply(2, Action("choose", instance(s, 2, "hunter_axe"), "chosen"))
    assert [e.kind for e in ev] == ["choose"] and "card" not in ev[0].data
    assert s.to_act() == (0, 1, 3)
    other = s.view(0)["hunters"][2]
    assert other["chosen"] is True and other["card"] is None
    assert s.view(2)["hunters"][2]["card"]["id"] == "hunter_axe"
    ev = choose_all(s, {0: "hunter_axe", 1: "hunter_axe", 3: "hunter_axe"})
    reveals = events_of(ev, "reveal")
    assert len(reveals) == 4 and {e.data["card"] for e in reveals} == set(
        c for c in s.used[0] + s.used[1] + s.used[2] + s.used[3])


def test_only_dream_left_must_choose_it():
    s = make_state(hands={1: ["hunters_dream_card"]})
    assert 1 not in s.to_act()
    assert s.cards[s.secret_answer(1, "choose")].id == "hunters_dream_card"
    with pytest.raises(IllegalAction, match="not Player 2's turn"):
        s.apply(1, Action("choose", 5, "chosen"))


def test_empty_hand_takes_back_used_cards():
    s = make_state(hands={1: []})
    assert len(s.hand[1]) == 5 and s.used[1] == [] and 1 in s.to_act()


# --- step 2: transform -----------------------------------------------------------------------

def test_transform_chooses_a_weapon_after_the_reveal_and_it_deals_one_more():
    s = make_state(hp=30, dice=[0])
    choose_all(s, {0: "transform_card", 1: "hunters_dream_card", 2: "hunters_dream_card", 3: "hunters_dream_card"})
    assert rules.step_name(s) == "transform" and s.to_act() == (0,)
    s.apply(0, Action("transform", instance(s, 0, "hunter_axe"), "chosen"))
    assert s.collected[0] == 4


def test_transform_cannot_dream():
    s = make_state()
    choose_all(s, {0: "transform_card", 1: "hunter_axe", 2: "hunter_axe", 3: "hunter_axe"})
    legal = {s.cards[a.source].id for a in s.legal_actions(0)}
    assert legal == {"hunter_axe", "saw_cleaver", "hunter_pistol"}
    dream = instance(s, 0, "hunters_dream_card")
    assert s.why_illegal(0, Action("transform", dream, "chosen")) == (
        "You cannot go to the Dream after Transform.")


def test_transform_choices_are_secret_until_every_transformer_chose():
    s = make_state(hp=30, dice=[0])
    choose_all(s, {0: "transform_card", 1: "transform_card", 2: "hunter_axe", 3: "hunter_axe"})
    assert s.to_act() == (0, 1)
    s.apply(0, Action("transform", instance(s, 0, "saw_cleaver"), "chosen"))
    seen = s.view(1)["hunters"][0]
    assert seen["transform_chosen"] is True and seen["transform"] is None
    ev = s.apply(1, Action("transform", instance(s, 1, "hunter_axe"), "chosen"))
    assert [e.player for e in events_of(ev, "transform")] == [0, 1]


def test_transform_with_a_single_weapon_asks_nothing():
    s = make_state(hp=30, dice=[0], hands={0: ["transform_card", "hunter_axe", "hunters_dream_card"]})
    choose_all(s, {0: "transform_card", **DREAM_ALL})
    assert rules.step_name(s) != "transform" and s.collected[0] == 4


# --- step 3: immediate effects -----------------------------------------------------------------

def test_hunter_pistol_prevents_two_damage_to_yourself():
    s = make_state(monster="keeper_of_the_old_lords", hp=30, dice=[4])
    choose_all(s, {0: "hunter_pistol", **DREAM_ALL})  # no melee to cancel: shields by itself
    assert s.health[0] == 8 - (4 - 2)


def test_hunter_pistol_cancels_another_hunters_melee_attack():
    s = make_state(hp=30, dice=[0])
    choose_all(s, {0: "hunter_pistol", 1: "hunter_axe", 2: "hunters_dream_card", 3: "hunters_dream_card"})
    assert rules.step_name(s) == "immediate_effects" and s.to_act() == (0,)
    pistol = s.chosen[0]
    assert s.prompt(0) == ("Hunter Pistol: prevent 2 damage to yourself, or cancel a melee "
                           "attack")
    assert set(s.legal_actions(0)) == {Action("shield", pistol, "self"),
                                       Action("cancel", pistol, 1)}
    s.apply(0, Action("cancel", pistol, 1))
    assert s.collected == [1, 0, 0, 0]


def test_immediate_cards_act_in_turn_order_from_the_first_player():
    s = make_state(hp=30, dice=[0], first=2)
    ev = choose_all(s, {0: "hunter_pistol", 1: "hunters_dream_card", 2: "hunter_pistol",
                        3: "hunters_dream_card"})
    assert [e.player for e in events_of(ev, "immediate")] == [2, 0]


def test_monster_killed_in_immediate_step_skips_attack_and_escape():
    s = make_state(hp=1, dice=[5])
    ev = choose_all(s, {0: "hunter_pistol", 1: "hunters_dream_card", 2: "hunters_dream_card",
                        3: "hunters_dream_card"})
    assert not events_of(ev, "dice") and not events_of(ev, "escape")
    assert s.health == [8] * 4 and s.collected[0] == 1 and s.trophies[2] == 1


# --- step 4: monster attack ---------------------------------------------------------------

def test_monster_attack_hits_every_hunter():
    s = make_state(monster="keeper_of_the_old_lords", hp=30, dice=[4])
    choose_all(s, {p: "hunter_axe" for p in range(4)})
    assert s.health == [4, 4, 4, 4]


def test_dream_halves_damage_rounded_down():
    s = make_state(monster="keeper_of_the_old_lords", hp=30, dice=[2])  # red face 3
    ev = choose_all(s, {0: "hunters_dream_card", 1: "hunter_axe", 2: "hunter_axe", 3: "hunter_axe"})
    hurt = {e.player: e.data["amount"] for e in events_of(ev, "damage")}
    assert hurt == {0: 1, 1: 3, 2: 3, 3: 3}


def test_exploding_die_rolls_again_and_adds():
    s = make_state(monster="keeper_of_the_old_lords", hp=30, dice=[5, 5, 0])
    ev = choose_all(s, {p: "hunter_axe" for p in range(4)})
    (dice,) = events_of(ev, "dice")
    assert dice.data == {"die": "red", "faces": ["1", "2", "3", "3", "4", "3+"],
                         "rolls": [5, 5, 0], "total": 7}
    assert s.health == [1, 1, 1, 1]


def test_death_loses_collected_echoes_and_takes_no_further_part():
    s = make_state(monster="keeper_of_the_old_lords", hp=30, dice=[4],
                   health={1: 4}, collected={1: 5})
    ev = choose_all(s, {0: "hunter_axe", 1: "hunter_axe", 2: "hunters_dream_card",
                        3: "hunters_dream_card"})
    assert events_of(ev, "death")[0].player == 1
    assert s.collected[1] == 0 and s.deaths[1] == 1
    assert s.echoes == 27  # only seat 0 attacked


# --- step 5: hunter attack -----------------------------------------------------------------

def test_hunters_attack_in_turn_order_from_the_first_player():
    s = make_state(hp=4, dice=[0], first=2)
    choose_all(s, {0: "hunter_axe", 1: "hunters_dream_card", 2: "hunter_axe", 3: "hunter_axe"})
    assert s.collected == [0, 0, 3, 1]


def test_echoes_taken_capped_by_remaining_hp():
    s = make_state(hp=4, dice=[0])
    choose_all(s, {0: "hunter_axe", 1: "hunter_axe", 2: "hunter_axe", 3: "hunters_dream_card"})
    assert s.collected[:3] == [3, 1, 0]


def test_trophy_to_every_hunter_who_damaged():
    s = make_state(monster="carrion_crow", hp=4, dice=[0])  # a Beast
    choose_all(s, {0: "hunter_pistol", 1: "hunter_axe", 2: "hunters_dream_card", 3: "hunters_dream_card"})
    s.apply(0, Action("shield", s.chosen[0], "self"))  # damage in step 3 (D5)
    beast = [s.trophies[3 * p + 2] for p in range(4)]
    assert beast == [1, 1, 0, 0]
    assert s.defeated and s.current != s.defeated[-1]


def test_a_monster_with_two_kinds_gives_both_trophies():
    s = make_state(monster="father_gascoigne", hp=3, dice=[0])
    choose_all(s, {0: "hunter_axe", **DREAM_ALL})
    assert s.trophies[0:3] == [0, 1, 1]


# --- step 6: escape ----------------------------------------------------------------------------

def test_normal_monster_escapes():
    s = make_state(monster="carrion_crow", hp=30, dice=[0])
    slot = s.current
    ev = choose_all(s, {p: "hunter_axe" for p in range(4)})
    assert events_of(ev, "escape") and s.escaped == [slot]
    assert s.current != slot and s.revealed == 2  # the next dungeon card came


def test_boss_stays_with_damage():
    s = make_state(monster="cleric_beast", dice=[0])
    slot = s.current
    choose_all(s, {0: "hunter_axe", **DREAM_ALL})
    assert s.current == slot and s.echoes == 12 + 1 - 3 and s.escaped == []


# --- step 7: the Hunter's Dream ----------------------------------------------------------------

def test_dream_banks_takes_back_used_cards_takes_an_upgrade_and_heals():
    s = make_state(hp=30, dice=[0], hands={0: ["saw_cleaver", "hunters_dream_card"]},
                   health={0: 3}, collected={0: 5},
                   available=["kirkhammer", "chikage", "rakuyo", "evelyn"])
    choose_all(s, {0: "hunters_dream_card", 1: "hunter_axe", 2: "hunter_axe", 3: "hunter_axe"})
    assert rules.step_name(s) == "hunters_dream" and s.to_act() == (0,)
    assert all(a.kind == "upgrade" for a in s.legal_actions(0))  # no skipping in the Dream
    upgrade(s, 0, "kirkhammer")
    assert s.banked[0] == 5 and s.collected[0] == 0 and s.health[0] == 8
    assert sorted(s.cards[c].id for c in s.hand[0]) == sorted(
        ["saw_cleaver", "hunters_dream_card", "hunter_axe", "hunter_pistol", "transform_card",
         "kirkhammer"])
    assert s.used[0] == []


def test_dead_hunter_heals_may_take_an_upgrade_but_takes_back_nothing():
    s = make_state(monster="keeper_of_the_old_lords", hp=30, dice=[4], health={1: 2})
    choose_all(s, {0: "hunter_axe", 1: "hunter_axe", 2: "hunter_axe", 3: "hunter_axe"})
    assert rules.step_name(s) == "hunters_dream" and s.to_act() == (1,)
    assert Action("skip_upgrade") in s.legal_actions(1)
    s.apply(1, Action("skip_upgrade"))
    assert s.health[1] == 8 and len(s.hand[1]) == 4
    assert [s.cards[c].id for c in s.used[1]] == ["hunter_axe"]


def test_hand_limit_seven():
    s = make_state(hp=30, dice=[0], hands={0: ["hunter_axe", "saw_cleaver", "hunter_pistol",
                                               "transform_card", "hunters_dream_card", "blood_vial",
                                               "tonitrus"]},
                   available=["kirkhammer", "chikage", "rakuyo", "evelyn"])
    choose_all(s, {0: "hunters_dream_card", 1: "hunter_axe", 2: "hunter_axe", 3: "hunter_axe"})
    upgrade(s, 0, "kirkhammer")
    assert len(s.hand[0]) == 8 and s.to_act() == (0,)
    assert {a.kind for a in s.legal_actions(0)} == {"remove"}
    s.apply(0, Action("remove", instance(s, 0, "tonitrus"), "removed"))
    assert len(s.hand[0]) == 7 and s.cards[s.removed[0]].id == "tonitrus"
    assert rules.step_name(s) == "choose_action_cards"


def test_available_upgrades_refilled_up_to_the_number_of_players():
    s = make_state(hp=30, dice=[0], available=["kirkhammer", "chikage", "rakuyo", "evelyn"])
    choose_all(s, {0: "hunters_dream_card", 1: "hunters_dream_card", 2: "hunter_axe", 3: "hunter_axe"})
    upgrade(s, 0, "kirkhammer")
    upgrade(s, 1, "chikage")
    assert len(s.available) == 4 and len(s.upgrade_deck) == 32 - 6


# --- step 8: end of round ------------------------------------------------------------------

def test_played_cards_go_face_up_to_the_used_pile():
    s = make_state(hp=30, dice=[0])
    choose_all(s, {0: "hunter_axe", 1: "hunter_axe", 2: "hunter_axe", 3: "hunter_axe"})
    assert [s.cards[c].id for c in s.used[2]] == ["hunter_axe"]
    assert s.view(1)["hunters"][2]["used"][0]["id"] == "hunter_axe"


def test_first_player_passes_left():
    s = make_state(hp=30, dice=[0], first=3)
    choose_all(s, {p: "hunter_axe" for p in range(4)})
    assert s.first_player == 0 and s.round == 2


def test_after_the_tenth_dungeon_card_comes_the_final_boss():
    s = make_state(final="rom", hp=30, dice=[0])
    s.escaped.extend(s.dungeon)  # as if nine monsters had passed
    s.dungeon = []
    ev = choose_all(s, {p: "hunter_axe" for p in range(4)})
    assert s.current == s.monster_base + 10 and s.echoes == 18 + 1
    (shown,) = events_of(ev, "monster_revealed")
    assert shown.data["monster"] == "rom" and shown.data["final"] is True


# --- end of the game ------------------------------------------------------------------------

def test_final_boss_defeated_everyone_banks_and_scores():
    s = make_state(final="rom", monster="rom", hp=3, dice=[0], collected={1: 4})
    ev = choose_all(s, {0: "hunter_axe", **DREAM_ALL})
    assert s.is_over() and events_of(ev, "game_over")
    assert s.banked[:2] == [3, 4]
    out = s.outcome()
    assert out.scores[:2] == (3 + 1, 4)  # seat 0 also has a Kin trophy worth 1
    assert out.winners == (1,) and out.details["rounds"] == 1 == s.rounds


def test_trophy_track_values():
    cs = GAME.card_set()
    assert [cs.trophy_points(n) for n in range(7)] == [0, 1, 3, 6, 10, 15, 20]


def test_tie_break_banked_echoes():
    s = make_state()
    s.banked = [10, 13, 0, 0]
    s.trophies[0] = 3  # seat 0: 3 Kin = 6 points
    s.trophies[3 + 1] = 2  # seat 1: 2 Humanoid = 3 points
    rules.game_over(s, "final_boss")
    out = s.outcome()
    assert out.scores[:2] == (16, 16) and out.winners == (1,) and out.details["tie_break"]


def test_still_tied_hunters_share_the_win():
    s = make_state()
    s.banked = [7, 7, 7, 2]
    rules.game_over(s, "final_boss")
    assert s.outcome().winners == (0, 1, 2)


def test_d10_a_hunter_who_concedes_can_no_longer_win_and_is_played_on():
    s = make_state(final="rom", monster="rom", hp=3, dice=[0], collected={1: 4})
    events = s.apply(1, Action(CONCEDE))
    assert [e.kind for e in events] == ["concede"] and not s.is_over()
    assert 1 in s.to_act()  # the seat plays on (a bot, seated by the table)
    choose_all(s, {0: "hunter_axe", **DREAM_ALL})  # the final boss falls
    out = s.outcome()
    assert out.scores[:2] == (3 + 1, 4)  # seat 1 banked the most,
    assert out.winners == (0,) and out.details["conceded"] == [1]  # but cannot win


def test_d10_when_one_hunter_who_may_win_is_left_they_win_at_once():
    s = make_state(players=3)
    s.banked = [1, 9, 9]
    s.apply(1, Action(CONCEDE))
    assert not s.is_over()
    events = s.apply(2, Action(CONCEDE))
    assert s.is_over() and s.outcome().winners == (0,) and s.to_act() == ()
    assert events_of(events, "game_over") and s.outcome().details["reason"] == "conceded"


def test_a_hunter_out_of_time_rests_in_the_hunters_dream():
    s = make_state()
    s.apply(0, Action(TIMEOUT))
    assert s.cards[s.secret_answer(0, "choose")].id == "hunters_dream_card"


# --- final bosses (whole game) -----------------------------------------------------------------

def test_rom_second_death_out():
    s = make_state(final="rom", monster="keeper_of_the_old_lords", hp=30, dice=[4, 0],
                   health={1: 3, 2: 3})
    s.deaths[1] = 1
    ev = choose_all(s, {p: "hunter_axe" for p in range(4)})
    assert [e.player for e in events_of(ev, "out")] == [1]
    assert s.to_act() == (2,)  # the first death only: heal and maybe an upgrade
    s.apply(2, Action("skip_upgrade"))
    assert s.out[1] and not s.out[2] and s.health[2] == 8
    assert 1 not in s.to_act() and s.legal_actions(1) == []
    choose_all(s, {0: "saw_cleaver", 2: "saw_cleaver", 3: "saw_cleaver"})
    assert s.round == 3 and s.health[1] <= 0


def test_rom_when_every_hunter_is_out_no_one_wins():
    s = make_state(final="rom", monster="keeper_of_the_old_lords", hp=30, dice=[4],
                   health={p: 1 for p in range(4)})
    s.deaths = [1, 1, 1, 1]
    choose_all(s, {p: "hunter_axe" for p in range(4)})
    assert s.is_over() and s.outcome().winners == ()


def test_ebrietas_killer_takes_two_extra_echoes():
    s = make_state(final="ebrietas", hp=4, dice=[0])
    choose_all(s, {0: "hunter_axe", 1: "hunter_axe", 2: "hunters_dream_card", 3: "hunters_dream_card"})
    assert s.collected[:2] == [3, 1 + 2]


def test_moon_presence_one_more_available_upgrade():
    assert len(GAME.new_state(4, 1, final_boss="moon_presence").available) == 5
    assert len(GAME.new_state(4, 1, final_boss="rom").available) == 4


def test_orphan_of_kos_every_attack_one_more():
    s = make_state(final="orphan_of_kos", monster="keeper_of_the_old_lords", hp=30, dice=[0])
    choose_all(s, {p: "hunter_axe" for p in range(4)})
    assert s.health == [8 - 2] * 4


def test_gehrman_final_reveal_of_later_monsters_also_plus_two():
    s = make_state(final="gehrman", monster="carrion_crow", dice=[0])
    reveal(s, "scourge_beast")
    assert s.echoes == 6 + 1 + 2


def test_round_limit_ends_the_game_and_scores():
    s = make_state(hp=30, dice=[0])
    s.round = rules.ROUND_LIMIT
    s.collected[0] = 3
    choose_all(s, {p: "hunter_axe" for p in range(4)})
    assert s.is_over() and s.outcome().details["reason"] == "round_limit"
    assert s.banked[0] == 6


# --- refusals a player can read ------------------------------------------------------------------

def test_illegal_actions_are_refused_with_readable_reasons():
    s = make_state(hp=30, dice=[0], available=["kirkhammer", "chikage", "rakuyo", "evelyn"])
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply(0, Action("choose", instance(s, 1, "hunter_axe"), "chosen"))
    with pytest.raises(IllegalAction, match="Upgrades are taken in the Hunter's Dream"):
        s.apply(0, Action("upgrade", s.available[0], "hand"))
    s.apply(0, Action("choose", instance(s, 0, "hunter_axe"), "chosen"))
    with pytest.raises(IllegalAction, match="not Player 1's turn"):
        s.apply(0, Action("choose", instance(s, 0, "saw_cleaver"), "chosen"))
    assert s.prompt(0) == ("You have chosen your card; waiting for Player 2, Player 3, Player 4 "
                           "to choose their action cards.")
    choose_all(s, {1: "hunters_dream_card", 2: "hunter_axe", 3: "hunter_axe"})
    assert rules.step_name(s) == "hunters_dream" and s.to_act() == (1,)
    assert s.why_illegal(1, Action("skip_upgrade")) == "A hunter in the Dream must take an upgrade."
    assert s.why_illegal(1, Action("remove", s.hand[1][0], "removed")) == (
        "Take an upgrade first; then check the hand limit.")


# --- legality written once: candidates built legal ------------------------------------------------

def test_legal_actions_are_the_candidates_the_checks_pass():
    """Every kind is declared `legal_as_built` (the core's `legal_actions` skips the checks);
    on every position of random and heuristic games (3 to 5 hunters, every final boss) it
    gives, for every seat, exactly the core's plain filter of the candidates (labels
    included)."""
    finals = [f.id for f in GAME.card_set().finals]
    rng = Rng(17)
    kinds = set()
    for seed in range(30):
        players = 3 + seed % 3
        s = GAME.new_state(players, seed, final_boss=finals[seed % len(finals)])
        bot = HeuristicAgent(seed) if seed % 2 else None
        while not s.is_over():
            for p in range(players):
                mine = s.legal_actions(p)
                assert [(a, a.label) for a in mine] == [
                    (a, a.label) for a in State.legal_actions(s, p)]
            kinds.add(s.decisions[-1].kind)
            p = s.to_act()[0]
            legal = s.legal_actions(p)
            action = bot.choose(s, p) if bot else legal[rng.below(len(legal))]
            s.apply(p, action)
        assert s.legal_actions(0) == []
    assert kinds == set(rules.STEP_OF)  # every kind of decision was met
    with pytest.raises(NoSuchSeat):
        s.legal_actions(5)
