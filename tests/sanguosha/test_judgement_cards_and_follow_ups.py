"""Every judgement card ends in the discard pile (or where a skill sends it), and a weapon's
follow-up Slash passes the same target check as any Slash (docs/rules/sanguosha.md: Judgement;
Green Dragon Blade; Empty Fort). Hand-made positions; Gan Ning is the filler general."""

from __future__ import annotations

from tests.sanguosha.helpers import asked, cid, do, labels, pass_, pass_all, respond, table, texts

F = "ganning"


def pass_nullify(s):
    while s.decisions and s.decisions[-1].kind == "nullify":
        pass_(s, s.to_act()[0])


def test_each_of_two_open_judgements_puts_its_own_card_in_the_discard_pile():
    """Peerless asks for two Dodges; the target judges Eight Diagrams for each: both cards are
    discarded, the first before the second Dodge is asked for."""
    s = table(["lvbu", F, F, F], hands={0: ["c3-slash"]}, equip={1: ["s2-eight-diagrams"]},
              top=["h3-peach", "d3-dodge"])
    s.apply(0, next(a for a in s.legal_actions(0) if a.source == (cid("c3-slash"),)))
    do(s, 1, "Judge with Eight Diagrams")
    assert asked(s) == ("need", 1)
    assert s.discard == [cid("h3-peach")] and s.processing == [cid("c3-slash")]
    do(s, 1, "Judge with Eight Diagrams")
    assert s.hp[1] == 4
    assert set(s.discard) == {cid("h3-peach"), cid("d3-dodge"), cid("c3-slash")}
    assert s.processing == []


def _royal_escort(top):
    gens = [F, "caocao", "simayi", "xiahoudun"]
    s = table(gens, ids=["rebel", "lord", "loyalist", "renegade"], lord=1,
              hands={0: ["c3-slash"], 2: ["h2-dodge"]},
              equip={0: ["s6-qinggang-sword"], 2: ["c2-eight-diagrams"]}, top=[top])
    s.apply(0, next(a for a in s.legal_actions(0) if a.source == (cid("c3-slash"),)))
    return s


def test_a_royal_escort_helpers_red_judgement_card_goes_to_the_discard_pile():
    s = _royal_escort("d9-dodge")
    do(s, 1, "Royal Escort: ask Wei")
    do(s, 2, "Judge with your Eight Diagrams for the Lord")
    pass_all(s, until=lambda s: asked(s) != ("offer", 2))  # Demonic Talent declined
    assert s.hp[1] == 4 and asked(s) == ("play", 0)
    assert cid("d9-dodge") in s.discard and s.processing == []


def test_a_royal_escort_helpers_black_judgement_card_is_discarded_before_the_asking_goes_on():
    s = _royal_escort("c9-slash")
    do(s, 1, "Royal Escort: ask Wei")
    do(s, 2, "Judge with your Eight Diagrams for the Lord")
    pass_(s, 2)  # Demonic Talent
    assert asked(s) == ("helper", 2) and "Dodge ♥2" in labels(s, 2)
    assert cid("c9-slash") in s.discard and s.processing == [cid("c3-slash")]


def test_royal_escort_and_its_answers_appear_in_the_log():
    s = _royal_escort("c9-slash")
    log = texts(do(s, 1, "Royal Escort: ask Wei"))
    assert any("Royal Escort" in t for t in log)
    do(s, 2, "Judge with your Eight Diagrams for the Lord")
    pass_(s, 2)  # Demonic Talent
    pass_(s, 2)  # no Dodge from the hand either
    log = texts(pass_(s, 3))
    assert any("No one gives a Dodge" in t for t in log)
    assert asked(s) == ("need", 1)
    s = _royal_escort("c9-slash")
    do(s, 1, "Royal Escort: ask Wei")
    log = texts(respond(s, 2, "h2-dodge"))
    assert any("Dodge" in t and "for P2 Cao Cao" in t for t in log)


def test_a_judgement_card_heavens_envy_does_not_take_goes_to_the_discard_pile():
    s = table([F, "guojia", F, F], current=1, judge={1: ["c6-indulgence"]}, top=["s3-snatch"],
              at="judgement")
    pass_nullify(s)
    assert asked(s) == ("offer", 1)  # Heaven's Envy
    pass_(s, 1)
    assert cid("s3-snatch") in s.discard and s.processing == []


def test_heavens_envy_takes_the_judgement_card():
    s = table([F, "guojia", F, F], current=1, judge={1: ["c6-indulgence"]}, top=["s3-snatch"],
              at="judgement")
    pass_nullify(s)
    do(s, 1, "Use Heaven's Envy")
    assert cid("s3-snatch") in s.hand[1] and s.processing == []


def test_the_blades_follow_up_slash_cannot_target_empty_fort():
    """Zhuge Liang dodges with his last hand card: with no hand cards, Empty Fort forbids the
    Green Dragon Blade's follow-up Slash, so none is offered."""
    s = table([F, "zhugeliang", F, F], hands={0: ["c3-slash", "c4-slash"], 1: ["h2-dodge"]},
              equip={0: ["s5-blade"]})
    s.apply(0, next(a for a in s.legal_actions(0) if a.source == (cid("c3-slash"),)))
    respond(s, 1, "h2-dodge")
    assert s.hand[1] == [] and asked(s) == ("play", 0)


def test_the_blades_follow_up_slash_is_offered_while_empty_fort_does_not_protect():
    s = table([F, "zhugeliang", F, F],
              hands={0: ["c3-slash", "c4-slash"], 1: ["h2-dodge", "h7-peach"]},
              equip={0: ["s5-blade"]})
    s.apply(0, next(a for a in s.legal_actions(0) if a.source == (cid("c3-slash"),)))
    respond(s, 1, "h2-dodge")
    assert asked(s) == ("offer", 0)
    assert "Slash P2 Zhuge Liang again with Slash ♣4" in labels(s, 0)
