"""One test per skill not already covered by the spec's interactions (test_interactions.py
covers Villainous Hero, Royal Escort, Demonic Talent, Unyielding, Captivating Beauty, Roar,
Empty Fort, Horsemanship, Iron Cavalry, Rescue, Self-Restraint, Self-Injury Ruse, Deflect,
Modesty, Chained Camps, Fierce Princess, First Aid, Peerless and Estrangement)."""

from __future__ import annotations

from game.sanguosha.board import has
from tests.sanguosha.helpers import (
    asked,
    can_use,
    cid,
    do,
    end_play,
    labels,
    pass_,
    pass_all,
    respond,
    table,
    use,
)

F = "ganning"


def test_retaliation_takes_a_card_from_the_source():
    s = table([F, "simayi", F, F], hands={0: ["c3-slash", "h2-dodge"]},
              equip={0: ["s5-jueying"]})
    use(s, 0, "c3-slash", 1)
    pass_(s, 1)
    assert asked(s) == ("offer", 1)
    assert labels(s, 1) == ["Take a card from P1 Gan Ning's hand", "Take Jueying ♠5",
                            "Do not use it"]
    do(s, 1, "Take Jueying ♠5")
    assert cid("s5-jueying") in s.hand[1] and s.equip[0][2] == -1


def test_sudden_strike_takes_instead_of_drawing():
    s = table(["zhangliao", F, F, F], hands={1: ["h2-dodge"], 2: ["h3-peach"]}, at="draw")
    assert asked(s) == ("offer", 0)
    do(s, 0, "Sudden Strike: take from P2 Gan Ning and P3 Gan Ning")
    assert sorted(s.hand[0]) == sorted([cid("h2-dodge"), cid("h3-peach")])


def test_bare_chested_draws_one_fewer_and_adds_one_to_slash_damage():
    s = table(["xuchu", F, F, F], hands={0: ["c3-slash"]}, at="draw")
    do(s, 0, "Use Bare-Chested")
    assert len(s.hand[0]) == 2  # the Slash and one card drawn
    use(s, 0, "c3-slash", 1)
    pass_(s, 1)
    assert s.hp[1] == 2


def test_heavens_envy_takes_his_own_judgement_card():
    s = table(["guojia", F, F, F], judge={0: ["s6-indulgence"]}, top=["h3-peach"],
              at="judgement")
    pass_all(s, until=lambda s: asked(s) == ("offer", 0))
    do(s, 0, "Use Heaven's Envy")
    assert cid("h3-peach") in s.hand[0]


def test_legacy_plan_gives_two_cards_per_point_face_down():
    s = table([F, "guojia", F, F], hands={0: ["c3-slash"]}, top=["h3-peach", "h4-peach"])
    use(s, 0, "c3-slash", 1)
    pass_(s, 1)
    do(s, 1, "Use Legacy Plan")
    assert sorted(s.looking[1]) == sorted([cid("h3-peach"), cid("h4-peach")])
    ev = do(s, 1, "Give Peach ♥3 to P3 Gan Ning")
    assert ev[0].text == "P2 Guo Jia gives a card to P3 Gan Ning."
    assert ev[0].for_viewer(2).text.endswith("Peach ♥3 to P3 Gan Ning.")
    assert ev[0].for_viewer(0).text == ev[0].text
    do(s, 1, "Give Peach ♥4 to yourself")
    assert cid("h3-peach") in s.hand[2] and cid("h4-peach") in s.hand[1]


def test_goddess_of_the_luo_keeps_black_and_stops_at_red():
    s = table(["zhenji", F, F, F], top=["s3-snatch", "c3-slash", "h3-peach"], at="start")
    do(s, 0, "Use Goddess of the Luo")
    do(s, 0, "Use Goddess of the Luo")
    do(s, 0, "Use Goddess of the Luo")
    assert sorted(s.hand[0])[:2] == sorted([cid("s3-snatch"), cid("c3-slash")])
    assert cid("h3-peach") in s.discard


def test_benevolence_heals_once_when_the_gifts_reach_two():
    s = table(["liubei", F, F, F], ids=["loyalist", "lord", "rebel", "renegade"], lord=1,
              hp={0: 2}, hands={0: ["c3-slash", "c4-slash", "c5-slash"]})
    do(s, 0, "Benevolence: give Slash ♣3 to P2 Gan Ning")
    assert s.hp[0] == 2
    ev = do(s, 0, "Benevolence: give Slash ♣4 to P3 Gan Ning")
    assert s.hp[0] == 3 and ev[1].text == "P1 Liu Bei gives a card to P3 Gan Ning."
    assert ev[1].for_viewer(2).text == "P1 Liu Bei gives Slash ♣4 to P3 Gan Ning."
    do(s, 0, "Benevolence: give Slash ♣5 to P2 Gan Ning")
    assert s.hp[0] == 3


def test_rouse_gives_the_lord_a_slash_in_a_duel():
    s = table(["liubei", F, "guanyu", F], ids=["lord", "rebel", "loyalist", "renegade"],
              current=1, hands={1: ["s1-duel"], 2: ["c3-slash"]})
    use(s, 1, "s1-duel", 0)
    pass_all(s, until=lambda s: asked(s)[0] != "nullify")
    do(s, 0, "Rouse: ask Shu")
    assert asked(s) == ("helper", 2)
    respond(s, 2, "c3-slash")
    assert asked(s) == ("need", 1)  # Liu Bei has given his Slash; the rebel's turn


def test_rouse_in_the_play_phase_uses_the_helpers_slash_and_fails_once():
    s = table(["liubei", F, "guanyu", F], ids=["lord", "rebel", "loyalist", "renegade"],
              hands={2: ["c3-slash"]})
    do(s, 0, "Rouse: ask Shu to Slash P2 Gan Ning")
    respond(s, 2, "c3-slash")
    assert asked(s) == ("need", 1) and s.phase_used["slash"] == 1
    pass_(s, 1)
    assert s.hp[1] == 3
    t = table(["liubei", F, "guanyu", F], ids=["lord", "rebel", "loyalist", "renegade"])
    do(t, 0, "Rouse: ask Shu to Slash P2 Gan Ning")
    pass_(t, 2)
    assert asked(t) == ("play", 0) and not any("Rouse" in x for x in labels(t, 0))  # D31


def test_saint_of_war_uses_a_red_equipped_card_as_a_slash_with_range_one():
    s = table(["guanyu", F, F, F], equip={0: ["h5-kylin-bow"]})
    assert "Saint of War: Kylin Bow ♥5 as Slash → P2 Gan Ning" in labels(s, 0)
    assert "Saint of War: Kylin Bow ♥5 as Slash → P3 Gan Ning" not in labels(s, 0)  # D20


def test_stargazing_puts_cards_back_on_top_in_the_chosen_order():
    s = table(["zhugeliang", F, F, F], top=["h3-peach", "h4-peach", "h6-peach", "h7-peach"],
              at="start")
    do(s, 0, "Use Stargazing")
    assert len(s.looking[0]) == 4
    do(s, 0, "Peach ♥7 to the top")
    do(s, 0, "Peach ♥3 to the top")
    do(s, 0, "Peach ♥4 to the bottom")
    do(s, 0, "Peach ♥6 to the bottom")
    # the draw phase then draws the two put on top; the last put at the bottom is lowest
    assert sorted(s.hand[0]) == sorted([cid("h3-peach"), cid("h7-peach")])
    assert s.draw[:2] == [cid("h6-peach"), cid("h4-peach")]


def test_dragons_courage_swaps_slash_and_dodge():
    s = table([F, "zhaoyun", F, F], hands={0: ["c3-slash"], 1: ["c4-slash", "h2-dodge"]})
    use(s, 0, "c3-slash", 1)
    assert "Dragon's Courage: Slash ♣4 as Dodge" in labels(s, 1)
    s2 = table(["zhaoyun", F, F, F], hands={0: ["h2-dodge"]})
    assert "Dragon's Courage: Dodge ♥2 as Slash → P2 Gan Ning" in labels(s2, 0)


def test_gathered_wisdom_draws_when_she_uses_an_ordinary_trick():
    s = table(["huangyueying", F, F, F], hands={0: ["h7-ex-nihilo"]})
    use(s, 0, "h7-ex-nihilo")
    do(s, 0, "Use Gathered Wisdom")
    assert len(s.hand[0]) == 1 and asked(s) == ("nullify", 0)


def test_rare_talent_snatches_at_any_distance():
    s = table(["huangyueying", F, F, F, F], hands={0: ["s3-snatch"], 2: ["h2-dodge"]})
    assert can_use(s, 0, "s3-snatch", 2)
    t = table([F] * 5, hands={0: ["s3-snatch"], 2: ["h2-dodge"]})
    assert not can_use(t, 0, "s3-snatch", 2)


def test_balance_of_power_discards_then_draws_as_many_once():
    s = table(["sunquan", F, F, F], hands={0: ["c3-slash", "c4-slash"]},
              equip={0: ["s5-jueying"]})
    do(s, 0, "Balance of Power")
    do(s, 0, "Discard Slash ♣3")
    do(s, 0, "Discard Jueying ♠5")
    do(s, 0, "Done: draw 2")
    assert len(s.hand[0]) == 3 and s.equip[0][2] == -1
    assert "Balance of Power" not in labels(s, 0)


def test_surprise_raid_uses_a_black_card_as_dismantlement():
    s = table(["ganning", F, F, F], hands={0: ["c3-slash"], 1: ["h2-dodge"]})
    do(s, 0, "Surprise Raid: Slash ♣3 as Dismantlement → P2 Gan Ning")
    assert asked(s) == ("nullify", 0)


def test_valiant_bearing_draws_one_more():
    s = table(["zhouyu", F, F, F], at="draw")
    do(s, 0, "Use Valiant Bearing")
    assert len(s.hand[0]) == 3


def test_sow_discord_wrong_suit_deals_damage():
    s = table(["zhouyu", F, F, F], hands={0: ["c3-slash"]})
    do(s, 0, "Sow Discord on P2 Gan Ning")
    ev = do(s, 1, "Name hearts")
    assert cid("c3-slash") in s.hand[1] and s.hp[1] == 2 + 1
    assert any("takes Slash ♣3" in e.text for e in ev)
    t = table(["zhouyu", F, F, F], hands={0: ["c3-slash"]})
    do(t, 0, "Sow Discord on P2 Gan Ning")
    do(t, 1, "Name clubs")
    assert t.hp[1] == 4


def test_national_beauty_uses_a_diamond_as_indulgence():
    s = table(["daqiao", F, F, F], equip={0: ["d13-zixing"]})
    do(s, 0, "National Beauty: Zixing ♦K as Indulgence → P3 Gan Ning")
    assert s.judge[2] == [(cid("d13-zixing"), "indulgence")]


def test_marriage_bond_heals_her_and_a_wounded_male():
    s = table(["sunshangxiang", F, F, F], hp={0: 2, 1: 3}, hands={0: ["c3-slash", "c4-slash"]})
    do(s, 0, "Marriage Bond with P2 Gan Ning: discard Slash ♣3 and Slash ♣4")
    assert (s.hp[0], s.hp[1]) == (3, 4)


def test_green_satchel_heals_any_wounded_character_once():
    s = table(["huatuo", F, F, F], hp={0: 2}, hands={0: ["c3-slash", "c4-slash"]})
    do(s, 0, "Green Satchel: discard Slash ♣3, P1 Hua Tuo recovers 1")
    assert s.hp[0] == 3 and not any("Green Satchel" in x for x in labels(s, 0))


def test_eclipse_the_moon_draws_one_in_the_finish_phase():
    s = table(["diaochan", F, F, F])
    end_play(s, 0)
    do(s, 0, "Use Eclipse the Moon")
    assert len(s.hand[0]) == 1


def test_lord_skills_are_offered_only_to_the_lord():
    s = table([F, "caocao", F, F], hands={0: ["c3-slash"]})
    use(s, 0, "c3-slash", 1)
    assert "Royal Escort: ask Wei" not in labels(s, 1)
    assert has(s, 1, "jianxiong")


def test_rouse_answers_borrowed_sword_for_the_lord_liu_bei():
    s = table([F, "liubei", "guanyu", F], ids=["rebel", "lord", "loyalist", "renegade"],
              lord=1, hands={0: ["c12-borrowed-sword"], 2: ["c3-slash"]},
              equip={1: ["s6-qinggang-sword"]})
    use(s, 0, "c12-borrowed-sword", 1, 0)
    pass_all(s, until=lambda s: asked(s)[0] != "nullify")
    do(s, 1, "Rouse: ask Shu to Slash P1 Gan Ning")
    respond(s, 2, "c3-slash")
    assert asked(s) == ("need", 0)  # Liu Bei's Slash (Guan Yu's card) on the user
    t = table([F, "liubei", "guanyu", F], ids=["rebel", "lord", "loyalist", "renegade"],
              lord=1, hands={0: ["c12-borrowed-sword"]}, equip={1: ["s6-qinggang-sword"]})
    use(t, 0, "c12-borrowed-sword", 1, 0)
    pass_all(t, until=lambda s: asked(s)[0] != "nullify")
    do(t, 1, "Rouse: ask Shu to Slash P1 Gan Ning")
    pass_(t, 2)
    assert asked(t) == ("borrowed-sword", 1) and labels(t, 1) == ["Give up your weapon"]


def test_rouse_gives_the_lord_liu_bei_the_blades_extra_slash():
    s = table(["liubei", F, "guanyu", F], ids=["lord", "rebel", "loyalist", "renegade"],
              hands={0: ["c3-slash"], 1: ["h2-dodge"], 2: ["c4-slash"]},
              equip={0: ["s5-blade"]})
    use(s, 0, "c3-slash", 1)
    respond(s, 1, "h2-dodge")
    do(s, 0, "Rouse: ask Shu to Slash P2 Gan Ning again")
    respond(s, 2, "c4-slash")
    assert asked(s) == ("need", 1)
    pass_(s, 1)
    assert s.hp[1] == 3 and s.phase_used["slash"] == 1
