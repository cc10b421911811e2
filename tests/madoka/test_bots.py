"""The Madoka AI teammates (game/madoka/bots.py): behaviour from hand-made tables, legality,
and that the honest bots never look at hidden cards."""

from __future__ import annotations

import pytest

from game.core.contract import Action
from game.core.rng import Rng
from game.madoka import GAME
from game.madoka.bots import BOTS, OpenBot, SimpleBot, StrongBot, _table, simulate_plays, tell_value
from game.madoka.setups import make_state


def table(hands: list[list[str]], played: dict[str, int] | None = None, grief: int = 0,
          told: dict[tuple[int, int], str] | None = None, witch_deck: list[str] | None = None):
    """A state with exactly these hands (oldest card first) and rows. `told[(seat, slot)]`
    gives a card public knowledge — "girl", "number" or "both" — as if a tell had pointed at
    it. Returns the state and the card ids by seat and slot."""
    s = make_state(players=len(hands), hands=[[c.replace(" ", "") for c in h] for h in hands],
                   rows=played, grief=grief, witch_deck=witch_deck)
    for (seat, slot), what in (told or {}).items():
        c = s.hands[seat][slot]
        if what in ("girl", "both"):
            s.girls_possible[c] = 1 << s.girl_of[c]
        if what in ("number", "both"):
            s.numbers_possible[c] = 1 << (s.number_of[c] - 1)
        s.clued[c] = 1
    return s, [list(h) for h in s.hands]


JUNK4 = ["homura 1", "homura 1", "mami 1", "kyoko 1"]


def seat_0_tells_seat_1(s, bot) -> None:
    """Seat 0's bot must choose to tell seat 1 something; apply it and pass the turn to 1."""
    tell = bot.choose(s, 0)
    assert tell.kind == "tell" and tell.target == 1
    s.apply(0, tell)
    s.current = 1


# --- strong ---------------------------------------------------------------------------------------

def test_strong_plays_a_card_it_knows_is_playable():
    s, ids = table([["mami 3", "kyoko 2", "homura 1", "sayaka 2"], JUNK4],
                   told={(0, 2): "both"})
    assert StrongBot(0).choose(s, 0) == Action("play", ids[0][2], "play")


def test_strong_reads_a_girl_tell_as_her_next_card():
    # next-card rule: told "Kyoko" on a card whose number it does not know, Kyoko at 2 → Kyoko 3
    s, ids = table([["mami 3", "kyoko 3", "homura 4", "sayaka 2"], JUNK4],
                   played={"kyoko": 2}, told={(0, 1): "girl"})
    assert StrongBot(0).choose(s, 0) == Action("play", ids[0][1], "play")


def tell(s, giver: int, target: int, what: str, value) -> None:
    s.current = giver
    s.apply(giver, Action("tell", None, target, (what, value)))
    s.current = target


def test_strong_reads_a_number_tell_on_the_chop_as_a_save():
    # "2" on the chop (Madoka 2, Madoka not started) must not be read as "Homura 2, play it"
    s, ids = table([JUNK4, ["madoka 2", "mami 3", "kyoko 3", "homura 4"]], played={"homura": 1})
    tell(s, 0, 1, "number", 2)
    assert StrongBot(1).choose(s, 1) != Action("play", ids[1][0], "play")


def test_strong_reads_a_number_tell_on_the_chop_as_playable_or_a_last_copy():
    # "2" on the chop, Homura at 1: Homura 2 (playable) or Madoka 2 (the last one) — never a
    # Mami, Kyoko or Sayaka 2. Player 1 sees Madoka 2 in player 0's hand, so it is Homura 2.
    s, ids = table([["madoka 2", "homura 1", "mami 1", "kyoko 1"],
                    ["homura 2", "mami 3", "kyoko 3", "sayaka 4"]], played={"homura": 1})
    tell(s, 0, 1, "number", 2)
    assert StrongBot(1).choose(s, 1) == Action("play", ids[1][0], "play")


def test_strong_gives_no_chop_number_tell_that_would_name_the_card_wrongly():
    # Kyoko 2 on the chop is neither playable (Kyoko has nothing) nor a last copy: "2" would
    # be read as Homura 2 or Madoka 2
    s, ids = table([JUNK4, ["kyoko 2", "mami 3", "kyoko 3", "sayaka 4"]], played={"homura": 1})
    t = _table(s, 0)
    un = t.unseen_for(1)
    before = simulate_plays(t, 1, un, t.hands[1], {})[0]
    assert tell_value(t, 1, un, before, "number", 2, [0] * len(t.total), {}) is None


def test_strong_reads_a_number_tell_off_the_chop_as_a_play():
    # "2" on the newest card, not the chop: it is playable — Homura 2, the only girl at 1
    s, ids = table([JUNK4, ["mami 3", "kyoko 3", "sayaka 4", "homura 2"]], played={"homura": 1})
    tell(s, 0, 1, "number", 2)
    assert StrongBot(1).choose(s, 1) == Action("play", ids[1][3], "play")


def test_strong_girl_tell_focus_is_the_chop_when_it_is_pointed_at():
    # "Homura" on the chop (Homura 1) and a newer Homura 3: the chop is the focus
    s, ids = table([JUNK4, ["homura 1", "mami 3", "homura 3", "kyoko 3"]])
    tell(s, 0, 1, "girl", "homura")
    assert StrongBot(1).choose(s, 1) == Action("play", ids[1][0], "play")


def test_strong_girl_tell_focus_is_the_newest_new_card():
    # "Homura" on Homura 3 and Homura 1 (newest), not on the chop (Mami 3): the focus,
    # Homura 1, is played
    s, ids = table([JUNK4, ["mami 3", "homura 3", "kyoko 3", "homura 1"]])
    tell(s, 0, 1, "girl", "homura")
    assert StrongBot(1).choose(s, 1) == Action("play", ids[1][3], "play")


def test_strong_gives_a_play_clue_that_the_teammate_then_plays():
    s, ids = table([["mami 3", "kyoko 3", "homura 4", "sayaka 2"],
                    ["mami 4", "homura 3", "madoka 1", "sayaka 4"]])
    seat_0_tells_seat_1(s, StrongBot(0))
    assert StrongBot(1).choose(s, 1) == Action("play", ids[1][2], "play")


def test_strong_never_points_at_a_useless_card():
    # Homura 1 is already played: telling "1s" would point at it
    s, ids = table([["mami 3", "kyoko 3", "homura 4", "sayaka 2"],
                    ["homura 1", "mami 4", "kyoko 1", "sayaka 4"]], played={"homura": 1})
    tell = StrongBot(0).choose(s, 0)
    assert tell.option != ("number", 1)


def test_strong_does_not_discard_a_known_critical_card():
    # Madoka 4 (the only copy) is known; the Soul Gem is full and the witch deck holds only
    # Walpurgisnacht, so the bot must discard — but not her
    s, ids = table([["madoka 4", "mami 3", "kyoko 2", "homura 3"], JUNK4], grief=2,
                   told={(0, 0): "both"}, witch_deck=["walpurgisnacht"])
    act = StrongBot(0).choose(s, 0)
    assert act.kind == "discard" and act.source != ids[0][0]


def test_strong_never_cleanses_into_walpurgisnacht_before_madoka_is_complete():
    s, ids = table([["mami 3", "kyoko 2", "homura 3", "sayaka 2"], JUNK4], grief=2,
                   played={"madoka": 2}, witch_deck=["walpurgisnacht"])
    assert StrongBot(0).choose(s, 0).kind != "cleanse"


def test_strong_cleanses_to_defeat_walpurgisnacht_once_madoka_is_complete():
    s, ids = table([["mami 3", "kyoko 2", "homura 3", "sayaka 2"], JUNK4], grief=1,
                   played={"madoka": 4}, witch_deck=["walpurgisnacht"])
    assert StrongBot(0).choose(s, 0) == Action("cleanse", None, "soulgem", 1)


def test_strong_saves_a_critical_chop_card():
    # the teammate's oldest unknown card is Sayaka 4, the last one; nothing is playable
    s, ids = table([["mami 3", "kyoko 3", "homura 4", "sayaka 2"],
                    ["sayaka 4", "mami 4", "kyoko 4", "homura 3"]])
    seat_0_tells_seat_1(s, StrongBot(0))
    assert s.clued[ids[1][0]]


def test_strong_prefers_a_play_to_an_early_save_on_an_empty_gem():
    # the teammate's chop is Sayaka 4 (the last one) and their newest card Homura 1 is
    # playable: the play tell comes first — Sayaka is far from her 4, and a save is worth only
    # part of the card (measured: valuing saves at half the card lost plays)
    s, ids = table([["mami 3", "kyoko 3", "homura 4", "sayaka 2"],
                    ["sayaka 4", "mami 4", "kyoko 4", "homura 1"]])
    seat_0_tells_seat_1(s, StrongBot(0))
    assert StrongBot(1).choose(s, 1) == Action("play", ids[1][3], "play")


def finesse_table():
    """Seat 0 to act; seat 1's newest card is Homura 1, seat 2 holds Homura 2 and no one has
    been told anything: "Homura" to seat 2 is a finesse on seat 1."""
    return table([["mami 3", "kyoko 3", "homura 4", "sayaka 2"],
                  ["mami 4", "kyoko 4", "sayaka 4", "homura 1"],
                  ["mami 2", "kyoko 2", "homura 2", "sayaka 3"]])


def test_strong_gives_a_finesse():
    s, ids = finesse_table()
    assert StrongBot(0).choose(s, 0) == Action("tell", None, 2, ("girl", "homura"))


def test_strong_gives_no_finesse_that_asks_a_person_to_play():
    # seat 1 is a person, who may not know the convention
    s, ids = finesse_table()
    bot = StrongBot(0)
    bot.meet_people([1])
    assert bot.choose(s, 0) != Action("tell", None, 2, ("girl", "homura"))


def test_strong_gives_no_finesse_on_a_card_a_copy_of_which_is_pointed_at():
    # seat 1 also holds the other Homura 1, told "1": after the blind play it would be a copy
    # its holder still takes for a needed card (good touch)
    s, ids = table([["mami 3", "kyoko 3", "homura 4", "sayaka 2"],
                    ["homura 1", "kyoko 4", "sayaka 4", "homura 1"],
                    ["mami 2", "kyoko 2", "homura 2", "sayaka 3"]], told={(1, 0): "number"})
    from game.madoka.bots import Moves, Strong

    strong = Strong(_table(s, 0), Moves(s.legal_actions(0)), {})
    assert strong.finesse(2, GAME.girl_index["homura"]) is None
    s, _ = finesse_table()
    strong = Strong(_table(s, 0), Moves(s.legal_actions(0)), {})
    assert strong.finesse(2, GAME.girl_index["homura"]) is not None


def test_strong_reads_two_tells_since_its_turn_only_as_far_as_both_orders_agree():
    # "3s" and "Sayaka" both since seat 0 last looked: if "3s" came first, Sayaka 4 is the
    # chop and the focus; if "Sayaka" came first, the chop was Kyoko 3 and the focus is the
    # newest, Sayaka 2. Neither card is read as Sayaka's next (the giver of "Sayaka" saw the
    # first reading)
    from game.madoka.knowledge import Memory

    s, ids = table([["kyoko 3", "sayaka 4", "kyoko 1", "sayaka 2"], ["homura 3", "mami 2"],
                    ["homura 4", "mami 3"], ["homura 2", "mami 4"]],
                   played={"sayaka": 1, "kyoko": 2})
    from game.madoka.rules import ask_for_a_turn

    for giver, what, value in ((1, "girl", "sayaka"), (3, "number", 3)):
        s.current = giver
        ask_for_a_turn(s)
        s.apply(giver, Action("tell", None, 0, (what, value)))
    memory = Memory()
    memory.last = {c: (s.all_girls, 0b1111, False) for c in ids[0]}  # seen before the tells
    memory.update(_table(s, 0))
    assert ids[0][1] not in memory.meaning and ids[0][3] not in memory.meaning


def test_strong_finesse_the_next_player_plays_its_newest_unpointed_card():
    s, ids = finesse_table()
    s.apply(0, Action("tell", None, 2, ("girl", "homura")))
    assert s.current == 1
    assert StrongBot(1).choose(s, 1) == Action("play", ids[1][3], "play")


def test_strong_finesse_the_told_player_then_plays_the_card_after():
    s, ids = finesse_table()
    bots = [StrongBot(seat) for seat in range(3)]
    for seat in range(3):
        bots[seat].memory.update(_table(s, seat))
    s.apply(0, Action("tell", None, 2, ("girl", "homura")))
    s.apply(1, bots[1].choose(s, 1))
    assert bots[2].choose(s, 2) == Action("play", ids[2][2], "play")


def test_strong_no_finesse_when_the_tell_was_not_the_last_action():
    # the tell came before another action: it was a plain tell, not a finesse on seat 1
    s, ids = finesse_table()
    s.apply(0, Action("tell", None, 2, ("girl", "homura")))
    s.last_told = -1  # as if something happened since
    assert StrongBot(1).choose(s, 1) != Action("play", ids[1][3], "play")


def test_strong_no_finesse_answered_by_a_bot_that_did_not_see_it_given():
    # shown the position late in a game, a fresh bot cannot tell the last tell from older ones
    s, ids = finesse_table()
    s.turn = 20
    s.apply(0, Action("tell", None, 2, ("girl", "homura")))
    assert StrongBot(1).choose(s, 1) != Action("play", ids[1][3], "play")


def test_strong_no_finesse_when_someone_knows_they_hold_the_missing_card():
    # seat 0 knows its Homura 1 (told both): seat 0 will play it, so "Homura" to seat 2 with
    # Homura 2 is not a finesse on seat 1
    s, ids = table([["mami 3", "kyoko 3", "homura 1", "sayaka 2"],
                    ["mami 4", "kyoko 4", "sayaka 4", "homura 1"],
                    ["mami 2", "kyoko 2", "homura 2", "sayaka 3"]], told={(0, 2): "both"})
    s.apply(0, Action("tell", None, 2, ("girl", "homura")))
    assert StrongBot(1).choose(s, 1) != Action("play", ids[1][3], "play")


# --- simple ---------------------------------------------------------------------------------------

def test_simple_tells_a_teammate_about_a_playable_card():
    s, ids = table([["mami 3", "kyoko 3", "homura 4", "sayaka 2"],
                    ["mami 4", "homura 3", "madoka 1", "sayaka 4"]])
    seat_0_tells_seat_1(s, SimpleBot(0))
    assert s.clued[ids[1][2]]


def test_simple_plays_a_card_known_to_be_playable():
    s, ids = table([["mami 3", "kyoko 2", "homura 1", "sayaka 2"], JUNK4],
                   told={(0, 2): "both"})
    assert SimpleBot(0).choose(s, 0) == Action("play", ids[0][2], "play")


# --- open -----------------------------------------------------------------------------------------

def test_open_plays_instead_of_giving_information():
    s, ids = table([["mami 3", "kyoko 2", "homura 1", "sayaka 2"],
                    ["mami 4", "homura 3", "madoka 1", "sayaka 4"]])
    assert OpenBot(0).choose(s, 0) == Action("play", ids[0][2], "play")


def test_open_plays_madokas_card_first_once_all_her_cards_are_in_hands():
    # Homura 4 would come first by the usual order; with Madoka sure to complete, her card does
    s, ids = table([["homura 4", "madoka 3", "kyoko 1", "mami 1"],
                    ["madoka 4", "homura 1", "kyoko 1", "mami 1"]],
                   played={"homura": 3, "madoka": 2})
    assert OpenBot(0).choose(s, 0) == Action("play", ids[0][1], "play")


def test_open_digs_to_walpurgisnacht_once_madokas_cards_are_all_in_hands():
    # nothing to play; Madoka's 2, 3 and 4 are in hands: reveal the (cheap, known) witches
    # above Walpurgisnacht, two at once on a full Soul Gem
    s, _ = make_open_table(madoka=1, grief=2, witch_deck=["patricia", "elly", "walpurgisnacht"])
    assert OpenBot(0).choose(s, 0) == Action("cleanse", None, "soulgem", 2)


def test_open_keeps_walpurgisnacht_down_until_madokas_next_card_completes_her():
    # only Walpurgisnacht is left in the witch deck: once she is up nobody can cleanse (and so
    # pass a turn), so she is revealed only when Madoka's next card completes her
    s, _ = make_open_table(madoka=1, grief=1, witch_deck=["walpurgisnacht"])
    assert OpenBot(0).choose(s, 0).kind != "cleanse"
    s, _ = make_open_table(madoka=3, grief=1, witch_deck=["walpurgisnacht"])
    assert OpenBot(0).choose(s, 0) == Action("cleanse", None, "soulgem", 1)


def make_open_table(madoka: int, grief: int, witch_deck: list[str]):
    """Seat 0 holds no playable card (a copy of a played card to discard); the rest of
    Madoka's cards are in seat 1's hand."""
    rest = [f"madoka{n}" for n in range(madoka + 1, 5)]
    fill = ["mami2", "kyoko2", "homura3", "sayaka1", "mami3"]
    s = make_state(players=2, hands=[["homura1", "homura1", "kyoko4", "mami4", "sayaka4"],
                                     rest + fill[:5 - len(rest)]],
                   rows={"homura": 1, "madoka": madoka}, grief=grief, witch_deck=witch_deck,
                   witch_known=len(witch_deck) - 1)
    return s, [list(h) for h in s.hands]


# --- every bot, many states -------------------------------------------------------------------------

def random_states(players: int, count: int, seed: int):
    """Mid-game states reached by random legal play."""
    rng = Rng(seed)
    out = []
    for i in range(count):
        s = GAME.new_state(players, seed * 100 + i)
        for _ in range(rng.below(40)):
            if s.is_over():
                break
            p = s.to_act()[0]
            s.step(p, rng.choice(s.legal_actions(p)))
        if not s.is_over():
            out.append(s)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_choose_only_legal_actions(name, players):
    for i, s in enumerate(random_states(players, 40, players)):
        p = s.to_act()[0]
        assert BOTS[name](i).choose(s, p) in s.legal_actions(p)


@pytest.mark.parametrize("name", ["simple", "strong"])
def test_honest_bots_do_not_peek_at_hidden_cards(name):
    # their own hand and the deck order are hidden: re-dealing them must not change the choice
    rng = Rng(7)
    for players in (2, 3, 4):
        for i, s in enumerate(random_states(players, 25, 10 + players)):
            p = s.to_act()[0]
            want = BOTS[name](i).choose(s, p)
            for _ in range(3):
                other = s.determinize(p, rng)
                assert BOTS[name](i).choose(other, p) == want


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_finish_games(name):
    for seed in range(5):
        s = GAME.new_state(4, seed)
        bots = [BOTS[name](seed * 10 + p) for p in range(4)]
        for _ in range(GAME.max_decisions(4)):
            if s.is_over():
                break
            p = s.to_act()[0]
            s.apply(p, bots[p].choose(s, p))
        assert s.is_over()


# --- what selfplay reports ---------------------------------------------------------------------

def test_plays_per_tell_counts_the_cards_in_the_rows_against_the_tells_given():
    s = make_state(players=2, rows={"homura": 4, "mami": 2})
    outcome = s.outcome()
    outcome.details["actions"] = {"tell": 3, "play": 7}
    fields = GAME.summary_fields(outcome)
    assert fields["plays_per_tell"] == (6.0, 3.0) and fields["tells"] == 3.0


def test_selfplay_reports_a_ratio_field_as_the_ratio_of_its_totals():
    from game.cli.selfplay import summarise

    results = [{"scores": [0.0], "winners": [], "decisions": 1, "rounds": None,
                "fields": {"plays_per_tell": (1.0, 2.0)}},
               {"scores": [0.0], "winners": [], "decisions": 1, "rounds": None,
                "fields": {"plays_per_tell": (5.0, 2.0)}}]
    assert summarise(GAME, 2, ["strong"] * 2, None, results, 0.0)["plays_per_tell"] == 1.5


def test_a_bots_table_read_from_the_state_equals_the_one_read_from_the_view():
    # Table.of reads a Madoka state directly (it is rebuilt every turn); it must show exactly
    # what the seat's view shows, the seat's own identities hidden, on every position
    from game.madoka.knowledge import Table

    for players, seed, qb in ((4, 1, False), (3, 2, True), (2, 3, False)):
        s = GAME.new_state(players, seed, qb=qb)
        bots = [StrongBot(p) for p in range(players)]
        while not s.is_over():
            for seat in range(players):
                a, b = Table(s.view(seat)), Table.of(s, seat)
                for name in Table.__slots__:
                    assert getattr(a, name) == getattr(b, name), name
                assert all(c.identity == -1 for c in b.hands[seat])
            p = s.to_act()[0]
            s.step(p, bots[p].choose(s, p))
