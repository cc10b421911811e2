"""The spec's "Interactions to test" (docs/rules/sanguosha.md), one test each, named after it.
Seats P0, P1, … are seats 0, 1, …; P0 is the current player unless stated. Gan Ning is the
filler general: his only skill (Surprise Raid) adds choices and changes nothing asked."""

from __future__ import annotations

from game.core.contract import Action
from game.core.flow import marked
from game.sanguosha import GAME
from game.sanguosha import rules as R
from game.sanguosha.board import has
from game.sanguosha.distance import dist
from game.sanguosha.zones import draw_cards
from tests.sanguosha.helpers import (
    asked,
    can_use,
    cid,
    do,
    end_play,
    find,
    interrupt,
    labels,
    pass_,
    pass_all,
    respond,
    table,
    texts,
    use,
)

F = "ganning"


def pass_nullify(s):
    """Everyone passes the Nullification window now open."""
    while s.decisions and s.decisions[-1].kind == "nullify":
        pass_(s, s.to_act()[0])


# 1–4: armour ------------------------------------------------------------------------------------

def test_01_eight_diagrams_red():
    s = table([F] * 4, hands={0: ["s7-slash", "s8-slash"]},
              equip={0: ["s5-blade"], 1: ["s2-eight-diagrams"]}, top=["h7-peach"])
    use(s, 0, "s7-slash", 1)
    do(s, 1, "Judge with Eight Diagrams")
    assert s.hp[1] == 4 and cid("h7-peach") in s.discard
    assert asked(s) == ("offer", 0)  # the Green Dragon Blade may Slash again
    assert "Slash P2 Gan Ning again with Slash ♠8" in labels(s, 0)


def test_02_eight_diagrams_black():
    s = table([F] * 4, hands={0: ["s7-slash"], 1: ["h2-dodge"]},
              equip={1: ["s2-eight-diagrams"]}, top=["c4-slash"])
    use(s, 0, "s7-slash", 1)
    do(s, 1, "Judge with Eight Diagrams")
    assert asked(s) == ("need", 1) and "Judge with Eight Diagrams" not in labels(s, 1)
    assert "Dodge ♥2" in labels(s, 1)
    pass_(s, 1)
    assert s.hp[1] == 3


def test_03_qinggang_sword_against_armour():
    s = table([F] * 4, hands={0: ["s7-slash", "s8-slash"]},
              equip={0: ["s6-qinggang-sword"], 1: ["s2-eight-diagrams"], 2: ["c2-nioh-shield"]})
    use(s, 0, "s7-slash", 1)
    assert asked(s) == ("need", 1) and labels(s, 1) == ["Pass"]
    pass_(s, 1)
    s.phase_used["slash"] = 0
    use(s, 0, "s8-slash", 2)
    assert asked(s) == ("need", 2)  # the black Slash now needs a Dodge


def test_04_nioh_shield():
    s = table([F] * 4, hands={0: ["s7-slash", "h10-slash", "s8-slash", "h13-dodge"]},
              equip={1: ["c2-nioh-shield"]})
    use(s, 0, "s7-slash", 1)
    assert asked(s) == ("play", 0) and s.hp[1] == 4
    assert s.phase_used["slash"] == 1 and not can_use(s, 0, "h10-slash", 1)
    s.phase_used["slash"] = 0
    use(s, 0, "h10-slash", 1)
    assert asked(s) == ("need", 1)
    pass_(s, 1)
    assert s.hp[1] == 3
    # a Serpent Spear Slash of ♥ + ♠ has no colour and works normally
    s.phase_used["slash"] = 0
    s.equip[0][0] = cid("s12-spear")
    pair = (cid("s8-slash"), cid("h13-dodge"))
    s.apply(0, Action("use", tuple(sorted(pair)), (1,), ("slash", "spear")))
    assert asked(s) == ("need", 1)


# 5–6: Nullification -----------------------------------------------------------------------------

def test_05_nullification_on_nullification():
    s = table([F] * 4, hands={0: ["s3-dismantlement"], 1: ["c12-nullification"],
                              2: ["s11-nullification", "h2-dodge"]})
    use(s, 0, "s3-dismantlement", 2)
    assert s.decisions[-1].seats == (0, 1, 2, 3)
    pass_(s, 0)
    pass_(s, 1)
    respond(s, 2, "s11-nullification")  # N1
    assert s.decisions[-1].seats == (0, 1, 2, 3)  # asking restarts at P0
    pass_(s, 0)
    respond(s, 1, "c12-nullification")  # N2
    for p in (0, 1, 2, 3):
        pass_(s, p)
    assert asked(s) == ("zone_card", 0)  # two Nullifications: the Dismantlement resolves
    assert {cid("s11-nullification"), cid("c12-nullification")} <= set(s.discard)


def test_05b_three_nullifications_cancel():
    s = table([F] * 4, hands={0: ["s3-dismantlement"], 1: ["c12-nullification"],
                              2: ["s11-nullification", "h2-dodge"], 3: ["c13-nullification"]})
    use(s, 0, "s3-dismantlement", 2)
    pass_(s, 0), pass_(s, 1)
    respond(s, 2, "s11-nullification")
    pass_(s, 0)
    respond(s, 1, "c12-nullification")
    pass_(s, 0), pass_(s, 1), pass_(s, 2)
    respond(s, 3, "c13-nullification")
    pass_all(s)
    assert asked(s) == ("play", 0) and s.hand[2] == [cid("h2-dodge")]


def test_06_asking_order_is_from_the_current_player():
    s = table([F] * 5, current=2, hands={2: ["s7-savage-assault"]})
    use(s, 2, "s7-savage-assault")
    assert s.decisions[-1].seats == (2, 3, 4, 0, 1)  # the window for P3
    pass_nullify(s)
    pass_(s, 3)  # P3 plays no Slash
    assert s.hp[3] == 3
    assert s.decisions[-1].kind == "nullify" and s.decisions[-1].context[1] == 4
    assert s.decisions[-1].seats == (2, 3, 4, 0, 1)


# 7–9: Duel ------------------------------------------------------------------------------------

def test_07_duel_with_no_slash():
    s = table([F] * 4, hands={0: ["s1-duel"]})
    use(s, 0, "s1-duel", 1)
    pass_nullify(s)
    assert asked(s) == ("need", 1) and labels(s, 1) == ["Pass"]
    pass_(s, 1)
    assert s.hp[1] == 3 and s.hp[0] == 4


def test_07b_duel_the_user_fails_second():
    s = table([F] * 4, hands={0: ["s1-duel"], 1: ["c2-slash"]})
    use(s, 0, "s1-duel", 1)
    pass_nullify(s)
    respond(s, 1, "c2-slash")
    assert asked(s) == ("need", 0)
    pass_(s, 0)
    assert s.hp[0] == 3 and s.deaths == []


def test_08_duel_slashes_do_not_count():
    s = table(["lvmeng", F, F, F], hands={0: ["s1-duel", "c3-slash", "c4-slash", "c5-slash"],
                                          1: ["c6-slash", "c7-slash"]})
    use(s, 0, "s1-duel", 1)
    pass_nullify(s)
    respond(s, 1, "c6-slash")
    respond(s, 0, "c3-slash")
    respond(s, 1, "c7-slash")
    respond(s, 0, "c4-slash")
    pass_(s, 1)
    assert s.hp[1] == 3
    assert s.phase_used.get("slash", 0) == 0 and can_use(s, 0, "c5-slash", 1)
    assert marked(s, 0, "slashed")  # so Self-Restraint is now unavailable
    end_play(s, 0)
    assert asked(s) != ("offer", 0)


def test_09_duel_against_lu_bu():
    s = table([F, "lvbu", F, F], hands={0: ["s1-duel", "c3-slash"], 1: ["c6-slash"]})
    use(s, 0, "s1-duel", 1)
    pass_nullify(s)
    respond(s, 1, "c6-slash")  # Lü Bu plays one
    assert "2 needed" in s.prompt(0)  # P0 must play two each time
    respond(s, 0, "c3-slash")
    pass_(s, 0)  # and has no second
    assert s.hp[0] == 3 and cid("c3-slash") in s.discard


# 10–14: delayed tricks ----------------------------------------------------------------------

def test_10_lightning_strikes():
    s = table([F] * 4, judge={0: ["s1-lightning"]}, top=["s5-blade"], at="judgement")
    pass_nullify(s)
    assert s.hp[0] == 1 and cid("s1-lightning") in s.discard


def test_10b_lightning_kills_a_rebel_nobody_draws():
    s = table([F] * 4, ids=["rebel", "lord", "loyalist", "rebel"], lord=1,
              judge={0: ["s1-lightning"]}, hp={0: 3}, top=["s5-blade"], at="judgement")
    hands = [len(h) for h in s.hand]
    pass_nullify(s)
    pass_all(s, until=lambda s: not s.alive[0])
    assert not s.alive[0] and s.deaths == [(0, -1, "lightning")]
    assert [len(h) for h in s.hand][1:] == [hands[1] + 2] + hands[2:]  # P1's draw phase only


def test_11_lightning_moves():
    for top in ("s1-duel", "s10-slash", "h5-kylin-bow"):
        s = table([F] * 4, judge={0: ["s1-lightning"]}, top=[top], at="judgement")
        pass_nullify(s)
        assert s.hp[0] == 4 and s.judge[1] == [(cid("s1-lightning"), "lightning")]


def test_11b_lightning_skips_a_holder_of_the_ex_lightning():
    s = table([F] * 4, judge={0: ["s1-lightning"], 1: ["h12-lightning"]}, top=["s1-duel"],
              at="judgement")
    pass_nullify(s)
    assert (cid("s1-lightning"), "lightning") in s.judge[2]


def test_12_lightning_nullified():
    s = table([F] * 4, judge={0: ["s1-lightning"]}, hands={1: ["s11-nullification"]},
              top=["s5-blade"], at="judgement")
    pass_(s, 0)
    respond(s, 1, "s11-nullification")
    pass_nullify(s)
    assert s.hp[0] == 4 and s.judge[1] == [(cid("s1-lightning"), "lightning")]
    assert cid("s5-blade") not in s.discard  # no judgement


def test_13_order_of_delayed_tricks():
    s = table([F] * 4, judge={0: ["s1-lightning", "s6-indulgence"]}, top=["h2-dodge"],
              at="judgement")
    assert "Indulgence" in s.decisions[-1].prompt


def test_14_indulgence():
    s = table([F] * 4, judge={0: ["s6-indulgence"]}, top=["h2-dodge"], at="judgement")
    pass_nullify(s)
    assert asked(s) == ("play", 0)  # judged ♥: plays normally
    s = table(["lvmeng", F, F, F], judge={0: ["s6-indulgence"]}, top=["d2-dodge"],
              hands={0: ["c3-slash"] * 0}, at="judgement")
    pass_nullify(s)
    assert asked(s) == ("offer", 0) and "Self-Restraint" in s.prompt(0)
    assert marked(s, 0, "skip:play")


# 15–16: Borrowed Sword -------------------------------------------------------------------------

def test_15_borrowed_sword_without_a_weapon():
    s = table([F, F, "sunshangxiang", F], hands={0: ["c12-borrowed-sword"]},
              equip={2: ["s6-qinggang-sword"]})
    assert not can_use(s, 0, "c12-borrowed-sword", 1, 2)  # P1 has no weapon
    assert can_use(s, 0, "c12-borrowed-sword", 2, 1)
    s.equip[2][0] = cid("d1-crossbow")  # range 1: P0 (distance 2) is out of range
    assert not can_use(s, 0, "c12-borrowed-sword", 2, 0)
    use(s, 0, "c12-borrowed-sword", 2, 1)
    assert [u["targets"] for u in s.uses.values()] == [(2,)]  # the victim is no target
    pass_nullify(s)
    assert asked(s) == ("borrowed-sword", 2)
    do(s, 2, "Give up your weapon")
    assert cid("d1-crossbow") in s.hand[0]
    assert asked(s) == ("offer", 2) and "Fierce Princess" in s.prompt(2)


def test_16_borrowed_swords_slash():
    s = table([F] * 4, hands={0: ["c12-borrowed-sword", "c3-slash"], 1: ["c4-slash"]},
              equip={1: ["s6-qinggang-sword"], 2: ["s2-eight-diagrams"]})
    use(s, 0, "c12-borrowed-sword", 1, 2)
    pass_nullify(s)
    do(s, 1, "Slash P3 Gan Ning with Slash ♣4")
    assert asked(s) == ("need", 2) and labels(s, 2) == ["Pass"]  # the holder's Qinggang
    pass_(s, 2)
    assert s.hp[2] == 3 and s.phase_used.get("slash", 0) == 0


# 17–22: deaths and the end -------------------------------------------------------------------

def kill(s, killer, victim, slash="c3-slash"):
    """killer (the current player, in the play phase) Slashes victim at 1 HP; nobody helps."""
    s.hp[victim] = 1
    s.hand[killer].append(cid(slash))
    use(s, killer, slash, victim)
    pass_(s, victim)
    pass_all(s, until=lambda s: not s.decisions or s.decisions[-1].kind != "peach")


def test_17_last_rebel_killed_game_over_first():
    s = table([F] * 5, ids=["lord", "loyalist", "rebel", "renegade", "rebel"])
    s.alive[3] = s.alive[4] = False
    kill(s, 0, 2)
    assert s.is_over() and s.result == "The Lord's side wins"
    assert set(s.outcome().winners) == {0, 1} and len(s.hand[0]) == 0


def test_18_rebel_killed_game_goes_on():
    s = table([F] * 5, ids=["rebel", "loyalist", "rebel", "lord", "renegade"], lord=3,
              current=1, hands={2: ["h2-dodge"]})
    kill(s, 1, 2)
    assert not s.is_over() and not s.alive[2]
    assert cid("h2-dodge") in s.discard and len(s.hand[1]) == 3


def test_19_lord_kills_a_loyalist():
    s = table([F] * 5, ids=["lord", "loyalist", "rebel", "renegade", "rebel"],
              hands={0: ["h2-dodge"]}, equip={0: ["s5-jueying"]}, judge={0: ["s6-indulgence"]})
    kill(s, 0, 1)
    assert s.hand[0] == [] and s.equip[0] == [-1] * 4
    assert s.judge[0] == [(cid("s6-indulgence"), "indulgence")]
    s = table([F] * 5, ids=["lord", "renegade", "rebel", "loyalist", "rebel"],
              hands={0: ["h2-dodge"]})
    kill(s, 0, 1)
    assert s.hand[0] == [cid("h2-dodge")]


def test_20_renegade_kills_the_lord_too_early():
    s = table([F] * 5, ids=["lord", "loyalist", "rebel", "renegade", "rebel"], current=3)
    s.alive[2] = s.alive[4] = False
    kill(s, 3, 0)
    assert s.result == "The Rebels win" and set(s.winners) == {2, 4}


def test_21_renegade_wins():
    s = table([F] * 4, ids=["lord", "loyalist", "rebel", "renegade"], current=3)
    s.alive[1] = s.alive[2] = False
    kill(s, 3, 0)
    assert s.result == "The Renegade wins alone" and s.winners == (3,)
    s = table([F] * 4, ids=["lord", "loyalist", "rebel", "renegade"])
    s.alive[1] = s.alive[2] = False
    kill(s, 0, 3)
    assert s.result == "The Lord's side wins" and set(s.winners) == {0, 1}


def test_22_two_renegades():
    ids = ["lord", "loyalist", "rebel", "renegade", "rebel", "renegade"]
    s = table([F] * 6, ids=ids, current=3)
    for p in (1, 2, 4, 5):
        s.alive[p] = False
    kill(s, 3, 0)
    assert s.winners == (3,)
    s = table([F] * 6, ids=ids, current=3)
    for p in (1, 2, 4):
        s.alive[p] = False
    kill(s, 3, 0)
    assert s.result == "The Rebels win"


# 23–27: dying ----------------------------------------------------------------------------------

def test_23_dying_order():
    s = table([F] * 5, current=2, hands={3: ["h3-peach"], 4: ["h4-peach"]})
    s.hp[4] = 0
    interrupt(s, "dying", 4, 2, "archery-attack")
    assert s.decisions[-1].seats == (2, 3, 4, 0, 1)
    pass_(s, 2)
    respond(s, 3, "h3-peach")
    assert s.hp[4] == 1 and asked(s) == ("play", 2)  # saved: P4, P0 and P1 not asked


def test_23b_two_peaches_from_minus_one():
    s = table([F] * 5, current=2, hands={3: ["h3-peach", "h4-peach"]})
    s.hp[4] = -1
    interrupt(s, "dying", 4, 2, "archery-attack")
    pass_(s, 2)
    respond(s, 3, "h3-peach")
    assert s.hp[4] == 0 and asked(s) == ("peach", 3)  # asked again
    pass_(s, 3)
    assert asked(s) == ("peach", 4)


def test_24_peach_limits():
    s = table([F] * 4, hands={0: ["h3-peach"]})
    assert not can_use(s, 0, "h3-peach", 0)
    s.hp[1] = 2
    assert Action("use", (cid("h3-peach"),), (1,), ("peach", "")) not in s.legal_actions(0)
    s.hp[0] = 3
    assert can_use(s, 0, "h3-peach", 0)


def test_25_rescue():
    for helper, expected in (("sunshangxiang", 2), ("guanyu", 1)):
        s = table(["sunquan", helper, F, F], current=1, hands={1: ["h3-peach"]})
        s.hp[0] = 0
        interrupt(s, "dying", 0, 2, "slash")
        respond(s, 1, "h3-peach")
        assert s.hp[0] == expected


def test_26_first_aid():
    s = table(["huatuo", F, F, F], hands={0: ["h10-slash"]})
    s.hp[1] = 0
    interrupt(s, "dying", 1, 0, "slash")
    assert labels(s, 0) == ["Pass"]  # his own turn
    s = table(["huatuo", F, F, F], current=1, hands={0: ["h10-slash"]})
    s.hp[2] = 0
    interrupt(s, "dying", 2, 1, "slash")
    pass_all(s, until=lambda s: asked(s) == ("peach", 0))
    do(s, 0, "First Aid: Slash ♥10 as Peach")
    assert s.hp[2] == 1


def test_27_self_injury_ruse_at_one_hp():
    s = table(["huanggai", F, F, F], hp={0: 1}, hands={1: ["h3-peach"]})
    do(s, 0, "Self-Injury Ruse: lose 1 HP, draw 2")
    assert s.hp[0] == 0 and asked(s) == ("peach", 0)
    pass_(s, 0)
    respond(s, 1, "h3-peach")
    assert s.hp[0] == 1 and len(s.hand[0]) == 2
    s = table(["huanggai", F, F, F], ids=["rebel", "lord", "loyalist", "renegade"], lord=1,
              hp={0: 1})
    do(s, 0, "Self-Injury Ruse: lose 1 HP, draw 2")
    pass_all(s)
    assert s.deaths == [(0, -1, "lose_hp")] and s.hand[0] == []


# 28–31: skills and basics ---------------------------------------------------------------------

def test_28_unyielding():
    s = table([F, "xiahoudun", F, F], hands={0: ["c3-slash", "h2-dodge"]}, top=["s13-dayuan"])
    use(s, 0, "c3-slash", 1)
    pass_(s, 1)
    do(s, 1, "Use Unyielding")
    assert asked(s) == ("ganglie", 0) and labels(s, 0) == ["Take 1 damage"]  # one hand card
    pass_(s, 0)
    assert s.hp[0] == 3
    s = table([F, "xiahoudun", F, F], hands={0: ["c3-slash", "h2-dodge"]}, top=["h2-dodge-2"])
    use(s, 0, "c3-slash", 1)
    pass_(s, 1)
    do(s, 1, "Use Unyielding")
    assert asked(s) == ("play", 0) and s.hp[0] == 4
    s = table([F, "xiahoudun", F, F], judge={1: ["s1-lightning"]}, current=1, top=["s5-blade"],
              at="judgement")
    pass_nullify(s)
    assert s.hp[1] == 1 and asked(s) != ("offer", 1)


def test_29_hand_limit_is_current_hp():
    s = table([F] * 4, hp={0: (2, 4)}, hands={0: ["c3-slash", "c4-slash", "c5-slash",
                                                   "c6-slash", "c7-slash"]})
    end_play(s, 0)
    for _ in range(3):
        assert asked(s) == ("discard", 0)
        s.apply(0, s.legal_actions(0)[0])
    assert len(s.hand[0]) == 2 and asked(s)[1] == 1
    for hp, n in ((4, 4), (1, 1)):
        s = table([F] * 4, hp={0: (hp, 4)}, hands={0: ["c3-slash", "c4-slash", "c5-slash",
                                                         "c6-slash"][:n]})
        end_play(s, 0)
        assert asked(s)[1] == 1 and len(s.hand[0]) == n


def test_30_one_slash_per_play_phase():
    s = table([F] * 4, hands={0: ["c3-slash", "c4-slash"], 1: [], 3: []})
    use(s, 0, "c3-slash", 1)
    pass_(s, 1)
    assert not can_use(s, 0, "c4-slash", 1)
    s.hand[0].append(cid("c1-crossbow"))
    use(s, 0, "c1-crossbow")
    assert can_use(s, 0, "c4-slash", 1)  # equipping the Crossbow after a first Slash
    s = table(["zhangfei", F, F, F], hands={0: ["c3-slash", "c4-slash"]})
    use(s, 0, "c3-slash", 1)
    pass_(s, 1)
    assert can_use(s, 0, "c4-slash", 1)


def test_31_distance():
    s = table([F] * 6, current=3, hands={3: ["s3-snatch", "c3-slash"]})
    assert dist(s, 3, 0) == 3
    s.equip[3][3] = cid("h5-chitu")
    assert dist(s, 3, 0) == 2
    s.equip[0][2] = cid("c5-dilu")
    assert dist(s, 3, 0) == 3
    s.equip[3][3] = s.equip[0][2] = -1
    s.alive[1] = False
    assert dist(s, 3, 0) == 2
    s.alive[1] = True
    s.equip[3][0] = cid("s5-blade")
    assert can_use(s, 3, "c3-slash", 0) and not can_use(s, 3, "s3-snatch", 0)
    m = table(["machao", F, F, F], equip={0: ["h5-chitu"]})
    assert dist(m, 0, 1) == 1


# 32–34: Deflect, Empty Fort, Modesty -----------------------------------------------------------

def test_32_deflect():
    s = table([F, "daqiao", F, "zhugeliang"], hands={0: ["c3-slash"], 1: ["h2-dodge"]},
              equip={1: ["h5-chitu"]})
    use(s, 0, "c3-slash", 1)
    assert asked(s) == ("offer", 1)
    ls = labels(s, 1)
    # discarding the Dodge keeps her Chitu: P3 (distance 2 − 1) is in range, but Zhuge
    # Liang has no hand cards (Empty Fort); P2 is at distance 1
    assert "Deflect: discard Dodge ♥2, pass to P3 Gan Ning" in ls
    assert not any("P4" in x for x in ls)
    assert not any("Chitu ♥5, pass to P4" in x for x in ls)
    s.hand[3].append(cid("h3-peach"))
    ls = labels(s, 1)
    assert "Deflect: discard Dodge ♥2, pass to P4 Zhuge Liang" in ls
    assert "Deflect: discard Chitu ♥5, pass to P4 Zhuge Liang" not in ls  # without the horse
    do(s, 1, "Deflect: discard Dodge ♥2, pass to P3 Gan Ning")
    assert asked(s) == ("need", 2)


def test_33_empty_fort():
    s = table([F, "zhugeliang", F, F], hands={0: ["c3-slash", "s1-duel", "s7-savage-assault"]})
    assert not can_use(s, 0, "c3-slash", 1) and not can_use(s, 0, "s1-duel", 1)
    use(s, 0, "s7-savage-assault")
    pass_nullify(s)
    assert asked(s) == ("need", 1)
    d = table(["diaochan", "zhugeliang", F, F], hands={0: ["h2-dodge"]})
    assert not any("duels P2" in x for x in labels(d, 0))


def test_34_modesty():
    s = table([F, "luxun", F, F], hands={0: ["s3-snatch", "s6-indulgence", "s4-dismantlement"],
                                         1: ["h2-dodge"]})
    assert not can_use(s, 0, "s3-snatch", 1) and not can_use(s, 0, "s6-indulgence", 1)
    assert can_use(s, 0, "s4-dismantlement", 1)
    g = table(["daqiao", "luxun", F, F], hands={0: ["d3-dodge"]})
    assert not any("as Indulgence → P2" in x for x in labels(g, 0))
    m = table([F, "luxun", F, F], judge={0: ["s1-lightning"]}, top=["s1-duel"], at="judgement")
    pass_nullify(m)
    assert m.judge[1] == [(cid("s1-lightning"), "lightning")]


# 35–36: the draw pile --------------------------------------------------------------------------

def test_35_amazing_grace_with_a_short_pile():
    s = table([F] * 5, hands={0: ["h3-amazing-grace"], 1: ["s11-nullification"]})
    s.discard = s.draw[:-2]
    s.draw = s.draw[-2:]
    use(s, 0, "h3-amazing-grace")
    assert len(s.pool) == 5 and s.reshuffles == 1
    pass_nullify(s)
    s.apply(0, s.legal_actions(0)[0])
    pass_(s, 0)
    respond(s, 1, "s11-nullification")  # P1 is nullified: takes nothing
    pass_nullify(s)
    for p in (2, 3, 4):
        pass_nullify(s)
        s.apply(p, s.legal_actions(p)[0])
    assert s.pool == [] and len(s.hand[1]) == 0 and asked(s) == ("play", 0)
    assert len(s.discard) >= 2  # the left-over card and the Nullification


def test_36_reshuffle_in_the_middle_of_a_draw():
    s = table([F] * 4, at="draw")
    assert len(s.hand[0]) == 2
    s = table([F] * 4)
    s.discard, s.draw = s.draw[:-1], s.draw[-1:]
    draw_cards(s, 0, 2)
    assert len(s.hand[0]) == 2 and s.reshuffles == 1
    s.draw, s.discard = [], []
    draw_cards(s, 0, 1)
    assert s.is_over() and s.result.startswith("Draw") and s.winners == ()


# 37–40 -------------------------------------------------------------------------------------

def test_37_villainous_hero_on_a_multi_target_trick():
    s = table([F, F, "caocao", F, F], ids=["rebel", "loyalist", "lord", "renegade", "rebel"],
              lord=2, hands={0: ["s7-savage-assault"]})
    use(s, 0, "s7-savage-assault")
    pass_nullify(s)
    pass_(s, 1)
    pass_nullify(s)
    pass_(s, 2)
    do(s, 2, "Use Villainous Hero")
    assert cid("s7-savage-assault") in s.hand[2]
    for p in (3, 4):
        pass_nullify(s)
        assert asked(s) == ("need", p)
        pass_(s, p)
    assert cid("s7-savage-assault") not in s.discard


def test_37b_villainous_hero_takes_lightning():
    s = table(["caocao", F, F, F], judge={0: ["s1-lightning"]}, top=["s5-blade"],
              at="judgement")
    pass_nullify(s)
    do(s, 0, "Use Villainous Hero")
    assert cid("s1-lightning") in s.hand[0]


def test_38_fierce_princess():
    s = table(["sunshangxiang", F, F, F], hands={0: ["s5-blade"]}, equip={0: ["s12-spear"]})
    use(s, 0, "s5-blade")
    assert asked(s) == ("offer", 0)
    do(s, 0, "Use Fierce Princess")
    assert len(s.hand[0]) == 2
    s = table([F, "sunshangxiang", F, F], hands={0: ["s3-dismantlement"]},
              equip={1: ["s2-eight-diagrams"]})
    use(s, 0, "s3-dismantlement", 1)
    pass_nullify(s)
    do(s, 0, "Eight Diagrams ♠2")
    assert asked(s) == ("offer", 1)


def test_39_chained_camps():
    s = table(["luxun", F, F, F], hands={0: ["s1-duel"]})
    use(s, 0, "s1-duel", 1)
    assert asked(s) == ("offer", 0)  # before the Duel's Nullification window
    do(s, 0, "Use Chained Camps")
    assert len(s.hand[0]) == 1 and asked(s) == ("nullify", 0)


def test_40_sky_halberd():
    s = table([F] * 5, hands={0: ["c3-slash"]}, equip={0: ["d12-halberd"]})
    assert can_use(s, 0, "c3-slash", 1, 3, 4)
    use(s, 0, "c3-slash", 1, 3, 4)
    order = []
    for _ in range(3):
        kind, p = asked(s)
        assert kind == "need"
        order.append(p)
        pass_(s, p)
    assert order == [1, 3, 4] and s.hp[1:] == [3, 4, 3, 3]


# 41–46: weapons against answers -------------------------------------------------------------

def test_41_ice_sword():
    s = table([F, "guojia", F, F], hands={0: ["c3-slash"], 1: ["h2-dodge", "h3-peach"]},
              equip={0: ["s2-ice-sword"], 1: ["s5-jueying"]})
    s.hp[1] = 1
    use(s, 0, "c3-slash", 1)
    pass_(s, 1)
    do(s, 0, "Use Ice Sword")
    do(s, 0, "Jueying ♠5")
    do(s, 0, "A random card from P2 Guo Jia's hand")
    assert s.hp[1] == 1 and len(s.hand[1]) == 1 and s.equip[1][2] == -1
    assert asked(s) == ("play", 0)  # no dying, no Legacy Plan


def test_42_stone_axe():
    s = table([F] * 4, hands={0: ["c3-slash", "c4-slash", "c5-slash"], 1: ["h2-dodge"]},
              equip={0: ["d5-axe"]})
    use(s, 0, "c3-slash", 1)
    respond(s, 1, "h2-dodge")
    assert not any("Stone Axe ♦5" in x for x in labels(s, 0))
    do(s, 0, "Stone Axe: discard Slash ♣4 and Slash ♣5")
    assert s.hp[1] == 3
    s = table([F] * 4, hands={0: ["c3-slash", "c4-slash"], 1: ["h2-dodge"]},
              equip={0: ["d5-axe"]})
    use(s, 0, "c3-slash", 1)
    respond(s, 1, "h2-dodge")
    assert asked(s) == ("play", 0)  # the Axe and one other card only


def test_43_green_dragon_blade_repeat():
    s = table([F] * 5, hands={0: ["c3-slash", "c4-slash", "c5-slash"],
                              2: ["h2-dodge", "h2-dodge-2"]}, equip={0: ["s5-blade"]})
    use(s, 0, "c3-slash", 2)
    respond(s, 2, "h2-dodge")
    s.equip[0][0] = cid("s5-blade")  # still held; P2 moves out of range:
    s.equip[2][2] = cid("c5-dilu")
    do(s, 0, "Slash P3 Gan Ning again with Slash ♣4")
    respond(s, 2, "h2-dodge-2")
    assert asked(s) == ("offer", 0)
    do(s, 0, "Slash P3 Gan Ning again with Slash ♣5")
    pass_(s, 2)
    assert s.hp[2] == 3 and s.phase_used["slash"] == 1


def test_44_demonic_talent_on_indulgence():
    s = table([F, F, "simayi", F], current=1, judge={1: ["c6-indulgence"]}, top=["s3-snatch"],
              hands={2: ["h13-dodge"]}, at="judgement")
    pass_nullify(s)
    assert asked(s) == ("offer", 2)
    do(s, 2, "Replace it with Dodge ♥K")
    assert cid("s3-snatch") in s.discard
    assert asked(s) == ("play", 1) and cid("h13-dodge") in s.discard


def test_45_iron_cavalry_against_eight_diagrams():
    s = table(["machao", F, F, F], hands={0: ["c3-slash"], 1: ["h2-dodge"]},
              equip={1: ["s2-eight-diagrams"]}, top=["h3-peach"])
    use(s, 0, "c3-slash", 1)
    do(s, 0, "Use Iron Cavalry")
    assert s.hp[1] == 3 and asked(s) == ("play", 0)  # no judgement, no Dodge asked
    lord = table(["machao", F, "caocao", F], ids=["rebel", "loyalist", "lord", "renegade"],
                 lord=2, hands={0: ["c3-slash"]}, top=["h3-peach"])
    use(lord, 0, "c3-slash", 2)
    do(lord, 0, "Use Iron Cavalry")
    assert lord.hp[2] == 3 and "Villainous Hero" in lord.prompt(2)  # no Royal Escort asked


def test_46_peerless_and_eight_diagrams():
    s = table(["lvbu", F, F, F], hands={0: ["c3-slash"]}, equip={1: ["s2-eight-diagrams"]},
              top=["h3-peach", "d3-dodge"])
    use(s, 0, "c3-slash", 1)
    do(s, 1, "Judge with Eight Diagrams")
    assert asked(s) == ("need", 1) and "Judge with Eight Diagrams" in labels(s, 1)
    do(s, 1, "Judge with Eight Diagrams")
    assert s.hp[1] == 4


# 47–52 ---------------------------------------------------------------------------------------

def test_47_user_dies_during_savage_assault():
    s = table([F, "xiahoudun", F, F], ids=["loyalist", "renegade", "rebel", "lord"], lord=3,
              hp={0: 1, 2: 1}, hands={0: ["s7-savage-assault"]}, top=["s13-dayuan"])
    use(s, 0, "s7-savage-assault")
    pass_nullify(s)
    pass_(s, 1)
    do(s, 1, "Use Unyielding")
    pass_(s, 0)  # no hand cards: takes the damage and dies
    pass_all(s, until=lambda s: not s.alive[0])
    assert not s.alive[0]
    pass_nullify(s)
    assert asked(s) == ("need", 2)
    hands = [len(h) for h in s.hand]
    pass_(s, 2)
    pass_all(s, until=lambda s: not s.alive[2])
    assert not s.alive[2] and [len(h) for h in s.hand] == hands
    pass_nullify(s)
    pass_(s, 3)
    assert s.current == 1 and asked(s)[1] == 1


def test_48_estrangement():
    s = table(["diaochan", F, F, F], ids=["loyalist", "rebel", "renegade", "lord"], lord=3,
              hands={0: ["h2-dodge"]}, hp={1: 1})
    do(s, 0, "Estrangement: discard Dodge ♥2; P3 Gan Ning duels P2 Gan Ning")
    assert asked(s) == ("need", 1)  # no Nullification window
    pass_(s, 1)
    pass_all(s, until=lambda s: not s.alive[1])
    assert len(s.hand[2]) == 3 and s.hand[0] == []


def test_49_lord_hp():
    s = table(["caocao", F, F, F, F], ids=["lord", "loyalist", "rebel", "renegade", "rebel"])
    R.start_game(s)
    assert (s.hp[0], s.max_hp[0]) == (5, 5)
    s = table(["caocao", F, F, F], ids=["lord", "loyalist", "rebel", "rebel"])
    R.start_game(s)
    assert (s.hp[0], s.max_hp[0]) == (4, 4)
    s = table(["caocao", F, F, F], ids=["lord", "renegade", "rebel", "rebel"],
              four_player="1/0/2/1")
    R.start_game(s)
    assert (s.hp[0], s.max_hp[0]) == (5, 5)


def test_50_general_offer():
    s = GAME.new_state(10, 1)
    lord = s.lord
    assert s.offers[lord][:3] == ["caocao", "liubei", "sunquan"] and len(s.offers[lord]) == 5
    s.apply(lord, find(s, lord, "Choose Liu Bei"))
    sizes = [len(s.offers[p]) for p in range(10) if p != lord]
    assert sizes == [2] * 9
    assert len({g for p in range(10) for g in s.offers[p]}) == 18
    s = GAME.new_state(9, 1)
    s.apply(s.lord, s.legal_actions(s.lord)[0])
    assert [len(s.offers[p]) for p in range(9) if p != s.lord] == [3] * 8


def test_51_lord_skill_only_for_the_lord():
    s = table(["liubei", "caocao", F, F], ids=["lord", "loyalist", "rebel", "rebel"])
    assert has(s, 0, "jijiang") and not has(s, 1, "hujia")
    t = table([F, "liubei", F, F], ids=["lord", "loyalist", "rebel", "rebel"])
    assert not has(t, 1, "jijiang") and has(t, 1, "rende")


def test_52_death_in_ones_own_turn():
    s = table([F] * 4, ids=["rebel", "lord", "loyalist", "rebel"], lord=1, hp={0: 3},
              judge={0: ["s6-indulgence", "s1-lightning"]}, top=["s5-blade"], at="judgement")
    pass_nullify(s)
    pass_all(s, until=lambda s: not s.alive[0])
    assert not s.alive[0] and cid("s6-indulgence") in s.discard
    assert s.current == 1 and asked(s) == ("play", 1)


# 53–58 ---------------------------------------------------------------------------------------

def test_53_same_name_rule_and_slots():
    s = table([F] * 4, hands={0: ["c6-indulgence", "h12-lightning", "s5-blade"]},
              judge={0: ["s1-lightning"], 1: ["s6-indulgence"]}, equip={0: ["s12-spear"]})
    assert not can_use(s, 0, "c6-indulgence", 1) and can_use(s, 0, "c6-indulgence", 2)
    assert not can_use(s, 0, "h12-lightning", 0)
    use(s, 0, "s5-blade")
    assert s.equip[0][0] == cid("s5-blade") and cid("s12-spear") in s.discard


def test_54_archery_attack_is_answered_by_playing():
    s = table([F, F, "zhenji", F], hands={0: ["h1-archery-attack"], 1: ["h2-dodge"],
                                          2: ["c3-slash"]}, equip={1: ["s2-eight-diagrams"]})
    use(s, 0, "h1-archery-attack")
    pass_nullify(s)
    assert "Judge with Eight Diagrams" in labels(s, 1)
    ev = respond(s, 1, "h2-dodge")
    assert any("plays Dodge" in t for t in texts(ev))
    pass_nullify(s)
    assert "Captivating Beauty: Slash ♣3 as Dodge" in labels(s, 2)


def test_55_royal_escort_through_a_helpers_eight_diagrams():
    gens = [F, "caocao", "simayi", "xiahoudun"]
    ids = ["rebel", "lord", "loyalist", "renegade"]
    s = table(gens, ids=ids, lord=1, hands={0: ["c3-slash"], 2: ["h2-dodge"]},
              equip={0: ["s6-qinggang-sword"], 1: ["s2-eight-diagrams"],
                     2: ["c2-eight-diagrams"]}, top=["d9-dodge"])
    use(s, 0, "c3-slash", 1)
    assert "Judge with Eight Diagrams" not in labels(s, 1)
    do(s, 1, "Royal Escort: ask Wei")
    assert asked(s) == ("helper", 2)
    do(s, 2, "Judge with your Eight Diagrams for the Lord")
    pass_all(s, until=lambda s: asked(s) != ("offer", 2))  # Demonic Talent declined
    assert s.hp[1] == 4 and asked(s) == ("play", 0)
    s = table(gens, ids=ids, lord=1, hands={0: ["c3-slash"], 2: ["h2-dodge"]},
              equip={0: ["s6-qinggang-sword"], 2: ["c2-eight-diagrams"]}, top=["c9-slash"])
    use(s, 0, "c3-slash", 1)
    do(s, 1, "Royal Escort: ask Wei")
    do(s, 2, "Judge with your Eight Diagrams for the Lord")
    pass_(s, 2)  # Demonic Talent
    assert asked(s) == ("helper", 2) and "Dodge ♥2" in labels(s, 2)
    pass_(s, 2)
    assert asked(s) == ("helper", 3)


def test_56_public_asking():
    s = table([F] * 4, hands={0: ["s3-dismantlement"], 2: ["h2-dodge"]})
    use(s, 0, "s3-dismantlement", 2)
    seen = []
    while asked(s)[0] == "nullify":
        seen.append(asked(s)[1])
        assert labels(s, asked(s)[1]) == ["Pass"]
        pass_(s, asked(s)[1])
    assert seen == [0, 1, 2, 3]


def test_57_two_triggers_one_owner():
    s = table(["machao", F, "zhenji", F], hands={0: ["c3-slash"], 2: ["h2-dodge"]},
              equip={0: ["s2-double-swords"]}, top=["s3-snatch", "h3-peach"])
    use(s, 0, "c3-slash", 2)
    assert asked(s) == ("trigger_order", 0)
    do(s, 0, "Double Swords first")
    do(s, 0, "Use Double Swords")
    do(s, 2, "Let them draw 1")
    assert cid("s3-snatch") in s.hand[0]
    do(s, 0, "Use Iron Cavalry")  # judges the next card: ♥3, red
    assert s.hp[2] == 2


def test_58_a_trigger_inside_ice_sword():
    s = table([F, "sunshangxiang", F, F], hands={0: ["c3-slash"], 1: ["h2-dodge"]},
              equip={0: ["s2-ice-sword"], 1: ["s2-eight-diagrams"]}, top=["s3-snatch",
                                                                           "s4-snatch"])
    use(s, 0, "c3-slash", 1)
    pass_(s, 1)  # no Eight Diagrams judgement, no Dodge
    do(s, 0, "Use Ice Sword")
    do(s, 0, "Eight Diagrams ♠2")
    assert asked(s) == ("offer", 1)  # Fierce Princess at once
    do(s, 1, "Use Fierce Princess")
    assert len(s.hand[1]) == 3 and asked(s) == ("zone_card", 0)
    assert [a.option for a in s.legal_actions(0)] == ["hand"]


def test_r3_means_of_a_dodge_in_order_armour_then_royal_escort():
    s = table([F, "caocao", "simayi", F], ids=["rebel", "lord", "loyalist", "renegade"],
              lord=1, hands={0: ["c3-slash"]}, equip={1: ["s2-eight-diagrams"]},
              top=["c9-slash"])
    use(s, 0, "c3-slash", 1)
    assert labels(s, 1) == ["Judge with Eight Diagrams", "Pass"]  # no Royal Escort yet
    do(s, 1, "Judge with Eight Diagrams")  # (Sima Yi has no hand card to replace it)
    assert labels(s, 1) == ["Royal Escort: ask Wei", "Pass"]  # black: now the helpers
