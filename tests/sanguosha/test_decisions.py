"""Decisions of the spec (docs/rules/sanguosha.md, D1–D41) not already exercised by the
interactions, one test each, named after the decision."""

from __future__ import annotations

from game.core.contract import Action
from tests.sanguosha.helpers import (
    asked,
    can_use,
    cid,
    do,
    labels,
    pass_,
    respond,
    table,
    use,
)

F = "ganning"


def nullify_passes(s):
    while s.decisions and s.decisions[-1].kind == "nullify":
        pass_(s, s.to_act()[0])


def test_d13_a_nullified_indulgence_is_discarded():
    s = table([F] * 4, judge={0: ["s6-indulgence"]}, hands={1: ["s11-nullification"]},
              at="judgement")
    pass_(s, 0)
    respond(s, 1, "s11-nullification")
    nullify_passes(s)
    assert cid("s6-indulgence") in s.discard and s.judge[0] == []
    assert asked(s) == ("play", 0)


def test_d25_borrowed_sword_does_nothing_if_the_holder_lost_the_weapon():
    s = table([F] * 4, hands={0: ["c12-borrowed-sword"], 3: ["s11-nullification"]},
              equip={1: ["s6-qinggang-sword"]})
    use(s, 0, "c12-borrowed-sword", 1, 2)
    s.equip[1][0] = -1  # (the weapon has gone meanwhile)
    s.discard.append(cid("s6-qinggang-sword"))
    nullify_passes(s)
    assert asked(s) == ("play", 0) and s.hand[0] == []


def test_d28_a_converted_slash_of_the_last_hand_card_may_take_extra_targets():
    s = table(["guanyu", F, F, F, F], hands={0: ["h2-dodge"]}, equip={0: ["d12-halberd"]})
    two = Action("use", (cid("h2-dodge"),), (1, 3), ("slash", "wusheng"))
    assert two in s.legal_actions(0)  # Saint of War: the Slash's real card is his last
    s.hand[0].append(cid("c4-slash"))
    s.forget()
    assert two not in s.legal_actions(0)
    assert not can_use(s, 0, "c4-slash", 1, 3)  # not the last hand card either


def test_d29_ice_sword_on_a_target_with_one_card_discards_one():
    s = table([F] * 4, hands={0: ["c3-slash"], 1: ["h3-peach"]}, equip={0: ["s2-ice-sword"]})
    use(s, 0, "c3-slash", 1)
    pass_(s, 1)
    do(s, 0, "Use Ice Sword")
    do(s, 0, "A random card from P2 Gan Ning's hand")
    assert s.hand[1] == [] and s.hp[1] == 4 and asked(s) == ("play", 0)


def test_d41_the_crossbow_itself_cannot_be_the_second_slash():
    s = table(["guanyu", F, F, F], hands={0: ["c3-slash"]}, equip={0: ["d1-crossbow"]})
    use(s, 0, "c3-slash", 1)
    pass_(s, 1)
    assert not any("Zhuge Crossbow ♦A as Slash" in x for x in labels(s, 0))
    s.hand[0].append(cid("h10-slash"))
    assert can_use(s, 0, "h10-slash", 1)  # a real Slash: the Crossbow stays on
