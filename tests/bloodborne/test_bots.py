"""The heuristic hunter's priority list, on hand-made situations."""

from game.bloodborne import GAME, rules
from game.bloodborne.bots import HeuristicAgent, attack_tail, card_value
from game.bloodborne.setups import choose_all, instance, make_state
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
    assert picked(s, 0) == "hunters_dream_card"


def test_fights_when_healthy():
    s = make_state(monster="keeper_of_the_old_lords", hp=3)
    assert picked(s, 0) != "hunters_dream_card"


def test_picks_the_weapon_that_takes_most_echoes_and_spares_the_stronger():
    s = make_state(monster="carrion_crow", hp=2, hands={0: ["hunter_axe", "saw_cleaver",
                                                            "hunters_dream_card"]})
    assert picked(s, 0) == "saw_cleaver"
    s = make_state(monster="huntsman_mob", hp=6, hands={0: ["hunter_axe", "saw_cleaver",
                                                             "hunters_dream_card"]})
    assert picked(s, 0) == "hunter_axe"


def test_takes_the_most_valuable_upgrade_and_removes_the_weakest_card():
    s = make_state(hp=30, dice=[0], hands={0: ["hunter_axe", "saw_cleaver", "hunter_pistol",
                                               "transform_card", "hunters_dream_card", "blood_vial",
                                               "tonitrus"]},
                   available=["holy_moonlight_sword", "beast_roar", "rakuyo", "evelyn"])
    choose_all(s, {0: "hunters_dream_card", 1: "hunter_axe", 2: "hunter_axe", 3: "hunter_axe"})
    assert rules.step_name(s) == "hunters_dream"
    assert picked(s, 0) == "holy_moonlight_sword"
    s.apply(0, BOT.choose(s, 0))
    remove = BOT.choose(s, 0)
    assert remove.kind == "remove"
    weakest = min(s.hand[0], key=lambda c: card_value(s.cards[c]))
    assert remove.source == weakest and s.cards[weakest].id != "hunters_dream_card"


def test_game_offers_random_heuristic_and_ismcts():
    bots = GAME.bots()
    assert set(bots) == {"random", "heuristic", "ismcts"}
    agent = bots["ismcts"](1, seconds=0.05)
    s = make_state(monster="keeper_of_the_old_lords")
    assert agent.choose(s, 0) in s.legal_actions(0)
    assert isinstance(bots["heuristic"](3).choose(s, 1), Action)


def test_the_transform_choice_does_not_depend_on_another_hunters_secret_card():
    """The bug of issue 8: seat 0 (first to strike) and seat 1 both transform; seat 0 has laid
    its weapon face down. Whether it is the Hunter Axe or the Hunter Pistol, seat 1's heuristic
    picks the same weapon, and its view cannot tell the two positions apart."""
    picks, views = set(), []
    for secret in ("hunter_axe", "hunter_pistol"):
        s = make_state(monster="huntsman_mob", hp=4, dice=[0], first=0)
        choose_all(s, {0: "transform_card", 1: "transform_card", 2: "hunters_dream_card",
                       3: "hunters_dream_card"})
        assert s.to_act() == (0, 1)
        s.apply(0, Action("transform", instance(s, 0, secret), "chosen"))
        picks.add(s.cards[BOT.choose(s, 1).source].id)
        views.append(s.view(1))
    assert views[0] == views[1]
    assert len(picks) == 1


def test_the_heuristic_decides_from_a_determinization_as_from_the_real_position():
    """decide() hands the bot a determinization; the face-down weapon resampled there changes
    nothing either."""
    from game.ai.agents import decide
    from game.core.rng import Rng

    s = make_state(monster="huntsman_mob", hp=4, dice=[0], first=0)
    choose_all(s, {0: "transform_card", 1: "transform_card", 2: "hunters_dream_card", 3: "hunters_dream_card"})
    s.apply(0, Action("transform", instance(s, 0, "hunter_axe"), "chosen"))
    real = BOT.choose(s, 1)
    assert all(decide(BOT, s, 1, Rng(seed)) == real for seed in range(8))
