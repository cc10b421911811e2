"""Card effects not already covered by the interactions, hidden information, and the
options of a new game."""

from __future__ import annotations

import pytest

from game.core.contract import IllegalAction
from game.core.rng import Rng
from game.sanguosha import GAME
from tests.sanguosha.helpers import (
    asked,
    cid,
    do,
    interrupt,
    labels,
    pass_,
    pass_all,
    respond,
    table,
    use,
)

F = "ganning"


def nullify_passes(s):
    while s.decisions and s.decisions[-1].kind == "nullify":
        pass_(s, s.to_act()[0])


def test_snatch_from_the_hand_names_the_card_only_to_the_two_players():
    s = table([F] * 4, hands={0: ["s3-snatch"], 1: ["h2-dodge"]})
    use(s, 0, "s3-snatch", 1)
    nullify_passes(s)
    ev = do(s, 0, "A random card from P2 Gan Ning's hand")
    take = [e for e in ev if e.kind == "take"][0]
    assert take.text == "P1 Gan Ning takes a card from P2 Gan Ning's hand."
    assert "Dodge ♥2" in take.for_viewer(0).text and "Dodge ♥2" in take.for_viewer(1).text
    assert take.for_viewer(2).text == take.text and "card" not in take.for_viewer(2).data
    assert s.hand[0] == [cid("h2-dodge")]


def test_snatch_an_equipped_card_is_public():
    s = table([F] * 4, hands={0: ["s3-snatch"]}, equip={1: ["h5-chitu"]})
    use(s, 0, "s3-snatch", 1)
    nullify_passes(s)
    ev = do(s, 0, "Chitu ♥5")
    assert any(e.text == "P1 Gan Ning takes Chitu ♥5 from P2 Gan Ning." for e in ev)
    assert s.view(2)["seats"][0]["known"] == [cid("h5-chitu")]


def test_dismantlement_reaches_the_judgement_area():
    s = table([F] * 4, hands={0: ["s3-dismantlement"]}, judge={2: ["s6-indulgence"]})
    use(s, 0, "s3-dismantlement", 2)
    nullify_passes(s)
    do(s, 0, "Indulgence ♠6 (judgement area)")
    assert s.judge[2] == [] and cid("s6-indulgence") in s.discard


def test_ex_nihilo_draws_two():
    s = table([F] * 4, hands={0: ["h7-ex-nihilo"]})
    use(s, 0, "h7-ex-nihilo")
    nullify_passes(s)
    assert len(s.hand[0]) == 2


def test_peach_garden_heals_the_wounded_and_skips_the_rest():
    s = table([F] * 4, hands={0: ["h1-peach-garden"]}, hp={1: 2, 3: 3})
    use(s, 0, "h1-peach-garden")
    windows = []
    while s.decisions and s.decisions[-1].kind == "nullify":
        t = s.decisions[-1].context[1]
        if t not in windows:
            windows.append(t)
        pass_(s, s.to_act()[0])
    assert windows == [1, 3] and s.hp == [4, 3, 4, 4]


def test_kylin_bow_discards_a_horse_of_the_target():
    s = table([F] * 5, hands={0: ["c3-slash"]}, equip={0: ["h5-kylin-bow"], 2: ["c5-dilu"]})
    use(s, 0, "c3-slash", 2)
    pass_(s, 2)
    do(s, 0, "Kylin Bow: discard Dilu ♣5")
    assert s.equip[2][2] == -1 and s.hp[2] == 3


def test_double_swords_target_may_discard_a_hand_card():
    s = table([F, "zhenji", F, F], hands={0: ["c3-slash"], 1: ["h2-dodge"]},
              equip={0: ["s2-double-swords"]})
    use(s, 0, "c3-slash", 1)
    do(s, 0, "Use Double Swords")
    do(s, 1, "Discard Dodge ♥2")
    assert s.hand[0] == [] and s.hand[1] == []


def test_a_dodge_cannot_be_used_on_ones_own_initiative():
    s = table([F] * 4, hands={0: ["h2-dodge", "s11-nullification"]})
    assert labels(s, 0) == ["End the play phase"]


def test_the_stalemate_guard_ends_the_sixth_reshuffle_as_a_draw():
    s = table([F] * 4)
    s.reshuffles = 5
    s.discard, s.draw = list(s.draw), []
    interrupt(s, "draw_n", 0, 1)
    assert s.is_over() and "6th" in s.result


def test_an_illegal_request_changes_nothing():
    s = table([F] * 4, hands={0: ["c3-slash"]})
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        use(s, 0, "c3-slash", 2)
    assert "attack range" in err.value.reason and s.to_json() == before


def test_views_hide_hands_and_identities_until_revealed():
    s = table([F] * 5, hands={1: ["h2-dodge"]})
    v = s.view(2)
    assert v["hand"] == [] and v["seats"][1]["hand"] == 1
    assert [x["identity"] for x in v["seats"]] == ["lord", "", "rebel", "", ""]
    assert s.view(None)["hand"] is None
    s.alive[1], s.revealed[1] = False, True
    assert s.view(2)["seats"][1]["identity"] == "loyalist"


def test_the_generals_offered_are_seen_only_by_their_player():
    s = GAME.new_state(5, 3)
    lord = s.lord
    s.apply(lord, s.legal_actions(lord)[0])
    p = s.to_act()[0]  # one at a time, in seat order after the Lord
    assert p == (lord + 1) % 5 and len(s.to_act()) == 1
    other = (p + 1) % 5
    assert s.view(p)["offer"] == s.offers[p] and s.view(other)["offer"] != s.offers[p]
    ev = s.apply(p, s.legal_actions(p)[0])
    assert ev[0].for_viewer(other).text.endswith("has chosen a general.")
    assert s.view(other)["seats"][p]["general"] == "" and s.view(other)["seats"][p]["picked"]
    assert s.view(p)["seats"][p]["general"] == s.picks[p] != ""
    world = s.determinize(other, Rng(9))
    assert world.view(other) == s.view(other)


def test_new_game_options():
    s = GAME.new_state(4, 0, ex=False)
    assert len(s.card_ids()) == 104
    s = GAME.new_state(6, 0, two_renegades=True)
    assert sorted(s.identity).count("renegade") == 2
    s = GAME.new_state(2, 0)
    assert sorted(s.identity) == ["lord", "rebel"]
    assert all(GAME.new_state(7, seed, human_lord=True).lord == 0 for seed in range(5))
    assert {GAME.new_state(7, seed).lord for seed in range(12)} != {0}
    with pytest.raises(ValueError):
        GAME.new_state(3, 0)
    with pytest.raises(ValueError):
        GAME.new_state(4, 0, four_player="2/2/0/0")


def test_the_dying_window_asks_every_living_player_even_without_a_peach():
    s = table([F] * 4, hands={})
    s.hp[2] = 0
    interrupt(s, "dying", 2, 0, "slash")
    seen = []
    while asked(s) and asked(s)[0] == "peach":
        seen.append(asked(s)[1])
        assert labels(s, asked(s)[1]) == ["Pass"]
        pass_(s, asked(s)[1])
    assert seen == [0, 1, 2, 3] and not s.alive[2]


def test_a_nullification_card_is_used_from_the_hand_only():
    s = table([F] * 4, hands={0: ["h7-ex-nihilo"], 1: ["s11-nullification"]})
    use(s, 0, "h7-ex-nihilo")
    pass_(s, 0)
    respond(s, 1, "s11-nullification")
    pass_all(s)
    assert s.hand[0] == [] and cid("s11-nullification") in s.discard


def test_a_card_that_cannot_answer_is_refused_in_words():
    s = table([F] * 4, hands={0: ["c3-slash"], 1: ["h3-peach"]})
    use(s, 0, "c3-slash", 1)
    with pytest.raises(IllegalAction) as err:
        respond(s, 1, "h3-peach")
    assert err.value.reason.startswith("Peach ♥3 is not a possible answer to: P2 Gan Ning:")


def test_determinize_resamples_only_what_the_seat_cannot_know():
    s = table([F] * 5, hands={1: ["h2-dodge", "h3-peach"], 2: ["c3-slash"]})
    s.shown.append(cid("h3-peach"))  # everyone saw P2 take it
    s.alive[4], s.revealed[4] = False, True
    seen_hands, seen_ids = set(), set()
    for seed in range(20):
        w = s.determinize(0, Rng(seed))
        assert cid("h3-peach") in w.hand[1] and len(w.hand[1]) == 2
        assert w.hand[0] == s.hand[0] and w.identity[0] == "lord"
        assert w.identity[4] == s.identity[4]
        seen_hands.add(tuple(sorted(w.hand[2])))
        seen_ids.add(tuple(w.identity))
    assert len(seen_hands) > 1 and len(seen_ids) > 1


def test_events_carry_the_numbers_after_them():
    s = table([F] * 4, hands={0: ["c3-slash", "c4-slash"]})
    ev = use(s, 0, "c3-slash", 1)
    assert ev[0].counter("hand", 0) == 1
    ev = pass_(s, 1)
    assert [e.counter("hp", 1) for e in ev if e.kind == "damage"] == [3]
