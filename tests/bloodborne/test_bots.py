"""The heuristic hunter's priority list, on hand-made situations."""

from game.bloodborne import GAME, rules
from game.bloodborne.bots import HeuristicAgent, attack_tail, card_value
from game.bloodborne.setups import choose_all, make_state
from game.core.contract import Action

BOT = HeuristicAgent(0)


def picked(s, seat):
    return s.cards[BOT.choose(s, seat).source].id


def test_exploding_die_tail_probabilities():
    red = GAME.card_set().dice["red"]
    tail = attack_tail(red)
    assert abs(tail[0] - 1) < 1e-9
    assert abs(tail[5] - 1 / 6 * 5 / 6) < 1e-9  # 5 or more only as 3+ then 2 or more
    assert tail[4] > tail[5] > tail[8] > 0


def test_goes_to_the_dream_with_echoes_at_risk_of_a_deadly_blow():
    s = make_state(monster="keeper_of_the_old_lords", health={0: 3}, collected={0: 4})
    assert picked(s, 0) == "hunters_dream"


def test_fights_when_healthy():
    s = make_state(monster="keeper_of_the_old_lords", hp=3)
    assert picked(s, 0) != "hunters_dream"


def test_picks_the_weapon_that_takes_most_echoes_and_spares_the_stronger():
    s = make_state(monster="carrion_crow", hp=2, hands={0: ["hunter_axe", "saw_cleaver",
                                                            "hunters_dream"]})
    assert picked(s, 0) == "saw_cleaver"
    s = make_state(monster="huntsman_mob", hp=6, hands={0: ["hunter_axe", "saw_cleaver",
                                                             "hunters_dream"]})
    assert picked(s, 0) == "hunter_axe"


def test_takes_the_most_valuable_upgrade_and_removes_the_weakest_card():
    s = make_state(hp=30, dice=[0], hands={0: ["hunter_axe", "saw_cleaver", "hunter_pistol",
                                               "transform", "hunters_dream", "blood_vial",
                                               "tonitrus"]},
                   available=["holy_moonlight_sword", "beast_roar", "rakuyo", "evelyn"])
    choose_all(s, {0: "hunters_dream", 1: "hunter_axe", 2: "hunter_axe", 3: "hunter_axe"})
    assert rules.step_name(s) == "hunters_dream"
    assert picked(s, 0) == "holy_moonlight_sword"
    s.apply(0, BOT.choose(s, 0))
    remove = BOT.choose(s, 0)
    assert remove.kind == "remove"
    weakest = min(s.hand[0], key=lambda c: card_value(s.cards[c]))
    assert remove.source == weakest and s.cards[weakest].id != "hunters_dream"


def test_game_offers_random_heuristic_and_ismcts():
    bots = GAME.bots()
    assert set(bots) == {"random", "heuristic", "ismcts"}
    agent = bots["ismcts"](1, seconds=0.05)
    s = make_state(monster="keeper_of_the_old_lords")
    assert agent.choose(s, 0) in s.legal_actions(0)
    assert isinstance(bots["heuristic"](3).choose(s, 1), Action)
