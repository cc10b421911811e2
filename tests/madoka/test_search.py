"""The `search` teammate (game/madoka/search.py): it samples its hand from the blueprint's
beliefs, plays the blueprint's action unless a candidate is clearly better, and a budget in
rollouts makes it reproducible."""

from __future__ import annotations

from game.core.contract import Action
from game.core.rng import Rng
from game.madoka.bots import Moves, Strong, StrongBot, _table
from game.madoka.rules import ask_for_a_turn
from game.madoka.search import SearchBot, candidates, sample_world
from tests.madoka.test_bots import JUNK4, table, tell


def _strong(s, player: int) -> Strong:
    bot = StrongBot(0)
    t = _table(s, player)
    bot.memory.update(t)
    return Strong(t, Moves(s.legal_actions(player)), bot.memory.meaning)


def test_search_samples_my_hand_from_what_a_teammates_tell_means():
    # seat 1 tells seat 0 "Kyoko" on one card while Kyoko's row is at 2: by the next-card rule
    # it is Kyoko 3 (the hints alone allow any Kyoko); every sampled world must agree
    s, ids = table([["mami 3", "kyoko 3", "homura 4", "sayaka 2"], JUNK4], played={"kyoko": 2})
    s.current = 1
    ask_for_a_turn(s)
    tell(s, 1, 0, "girl", "kyoko")
    ask_for_a_turn(s)
    strong = _strong(s, 0)
    rng = Rng(5)
    for _ in range(20):
        world = sample_world(s.determinize(0, rng), 0, strong, rng)
        c = ids[0][1]
        assert (world.girl_of[c], world.number_of[c]) == (s.girl_of[c], 3)
        # everything I can see stays as it is
        assert [world.girl_of[x] for x in world.hands[1]] == [s.girl_of[x] for x in s.hands[1]]


def test_search_tries_the_blueprint_first_then_other_actions():
    s, _ = table([["mami 3", "kyoko 2", "homura 4", "sayaka 2"], ["homura 1", "mami 1", "kyoko 1", "madoka 1"]],
                 grief=1)
    strong = _strong(s, 0)
    base = strong.decide()
    cands = candidates(strong, base)
    assert cands[0] == base
    kinds = {a.kind for a in cands}
    assert {"discard", "cleanse"} <= kinds and len(cands) == len(set(cands))


def test_search_does_not_search_a_card_it_knows_is_playable():
    s, ids = table([["mami 3", "kyoko 2", "homura 1", "sayaka 2"], JUNK4], told={(0, 2): "both"})
    s.deck = s.deck[:5]  # late in the game, where the bot searches
    bot = SearchBot(0, iterations=40)
    assert bot.choose(s, 0) == Action("play", ids[0][2], "play")
    assert bot.searched == []


def test_search_with_a_rollout_budget_is_reproducible():
    s, _ = table([["mami 3", "kyoko 2", "homura 4", "sayaka 2"], ["homura 1", "mami 2", "kyoko 1", "madoka 1"]],
                 grief=1)
    s.deck = s.deck[:6]
    one, two = SearchBot(3, iterations=24), SearchBot(3, iterations=24)
    assert one.choose(s.clone(), 0) == two.choose(s.clone(), 0)
    assert one.searched[0][1] == two.searched[0][1] > 0


def test_search_keeps_the_blueprint_when_the_budget_is_too_small_to_compare():
    s, _ = table([["mami 3", "kyoko 2", "homura 4", "sayaka 2"], ["homura 1", "mami 2", "kyoko 1", "madoka 1"]],
                 grief=1)
    s.deck = s.deck[:6]
    base = StrongBot(0).choose(s.clone(), 0)
    assert SearchBot(0, iterations=1).choose(s.clone(), 0) == base


def test_search_thinks_as_long_as_the_tables_speed_setting_allows(tmp_path, monkeypatch):
    # the AI worker hands a searching bot the budget of the animation speed before it thinks
    import pygame

    from scenes.table.base import THINK_AT_X1
    from tests.scene_helpers import make_app, match_of, open_table, run_until

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    app = make_app()
    try:
        app.settings.animation_speed = "x4"
        table = open_table(app, seats=["ai:search", "you", "ai:search", "ai:search"], seed=3)
        bot = match_of(table).agents[0]
        assert run_until(app, lambda: any(seat == 0 for seat, _ in match_of(table).record.actions))
        assert bot.seconds == table.think_seconds() == THINK_AT_X1 / 4
    finally:
        pygame.event.clear()


def test_setup_offers_search_as_the_hard_teammate():
    from game.madoka import GAME
    from scenes.setup import bot_levels

    assert bot_levels(GAME) == [("simple", "Easy"), ("strong", "Normal"), ("search", "Hard")]


def test_a_world_where_the_seat_before_me_would_have_told_me_a_play_is_not_ours():
    # seat 0 discarded with an empty Soul Gem instead of telling anyone: in a world where my
    # (seat 1's) hand holds a card it could have told me to play, it would have told me
    from game.madoka.search import would_have_told_me

    playable, _ = table([["mami 3", "kyoko 3", "homura 4", "sayaka 2"],
                         ["homura 2", "mami 2", "kyoko 1", "sayaka 4"]], played={"homura": 1})
    playable.current = 1
    ask_for_a_turn(playable)
    assert would_have_told_me(playable, 1, 0)
    useless, _ = table([["mami 3", "kyoko 3", "homura 4", "sayaka 2"],
                        ["homura 1", "mami 2", "kyoko 2", "sayaka 2"]], played={"homura": 1})
    useless.current = 1
    ask_for_a_turn(useless)
    assert not would_have_told_me(useless, 1, 0)


def test_search_notices_when_the_seat_before_it_discarded_instead_of_telling():
    s, ids = table([["mami 3", "kyoko 3", "homura 4", "sayaka 2"],
                    ["homura 2", "mami 2", "kyoko 1", "sayaka 4"]], played={"homura": 1})
    bot = SearchBot(0, iterations=4)
    s.current = 1
    ask_for_a_turn(s)
    s.apply(1, bot.choose(s.clone(), 1))
    assert bot.passed_at is None  # (nothing seen before)
    s.apply(0, Action("discard", ids[0][0], "discard"))
    bot.choose(s.clone(), 1)
    assert bot.passed_at == s.grief
