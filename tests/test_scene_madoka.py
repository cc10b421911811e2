"""The Madoka table driven by real pygame mouse events (dummy video driver).

Each test asserts what the rules say a gesture does (spec: A turn), or that a refused gesture
changes nothing and shows the rules module's reason.
"""

from __future__ import annotations

import pygame
import pytest

from game.core.contract import Action, IllegalAction
from game.local_session import LocalSession
from game.madoka.rules import forbid_telling
from tests.scene_helpers import (  # noqa: I001
    apply_behind,
    click,
    drag,
    empty_spot,
    feed,
    key,
    make_app,
    match_of,
    open_table,
    post,
    pump,
    run_until,
    state_of,
)


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    a = make_app()
    yield a
    pygame.event.clear()


def my_card(table, i=0):
    cid = state_of(table).hands[0][i]
    return cid, table.sprites[cid]


def toast_text(app):
    """The newest toast: the table's (its notes), else the app's."""
    table = next((s for s in reversed(app.manager.stack) if hasattr(s, "last_toast")), None)
    if table is not None and table.last_toast is not None:
        return table.last_toast
    return app.toasts.toasts[-1].text if app.toasts.toasts else None


def test_dragging_your_card_onto_the_girls_rows_plays_it_and_draws(app):
    table = open_table(app)
    st = state_of(table)
    cid, sprite = my_card(table)
    deck_before = len(st.deck)
    drag(sprite.rect.center, table.zones["play"].rect.center)
    feed(app)
    assert match_of(table).record.actions[-1] == (0, Action("play", source=cid, target="play"))
    assert cid not in st.hands[0]
    # it joined its girl's row (success) or went to the discard pile (failure)
    assert any(cid in row for row in st.rows) or cid in st.discard
    assert len(st.hands[0]) == 4 and len(st.deck) == deck_before - 1, "a new card is drawn"


def test_dragging_your_card_onto_the_discard_pile_discards_it(app):
    table = open_table(app)
    st = state_of(table)
    cid, sprite = my_card(table, 1)
    drag(sprite.rect.center, table.zones["discard"].rect.center)
    feed(app)
    assert match_of(table).record.actions[-1] == (0, Action("discard", source=cid, target="discard"))
    assert st.discard[-1] == cid
    assert cid not in st.hands[0] and len(st.hands[0]) == 4


def test_dropping_on_no_target_changes_nothing_and_the_card_glides_back(app):
    table = open_table(app)
    before = state_of(table).to_json()
    cid, sprite = my_card(table)
    home = sprite.home
    drag(sprite.rect.center, empty_spot(table))
    feed(app)
    assert state_of(table).to_json() == before
    assert match_of(table).record.actions == []
    assert toast_text(app) == table.drop_hint(sprite)
    pump(app, 30)  # 200 ms glide back
    assert (sprite.x, sprite.y) == pytest.approx(home)


def test_dragging_out_of_turn_is_refused_with_the_rules_reason(app):
    from tests.scene_helpers import seed_where

    table = open_table(app, seed=seed_where("madoka", 4, 1))
    st = state_of(table)
    assert st.to_act() == (1,)
    before = st.to_json()
    cid, sprite = my_card(table)
    drag(sprite.rect.center, table.zones["discard"].rect.center)
    feed(app)  # events only: the AI seat has not had a frame to move yet
    assert st.to_json() == before
    with pytest.raises(IllegalAction) as refused:
        st.clone().apply(0, Action("discard", source=cid, target="discard"))
    assert toast_text(app) == refused.value.reason


def tell_menu_for(app, table, seat=1):
    cid = state_of(table).hands[seat][0]
    click(table.sprites[cid].rect.center)
    feed(app)
    menu = table.menu
    assert menu is not None and menu.open
    return menu


def test_tell_popup_previews_the_cards_pointed_at_and_gives_the_information(app):
    table = open_table(app)
    st = state_of(table)
    menu = tell_menu_for(app, table, seat=1)
    # the first card's girl: at least that card is pointed at
    girl = st.game.girl_ids[st.girl_of[st.hands[1][0]]]
    i = next(i for i, (a, _) in enumerate(menu.options) if a.option == ("girl", girl))
    assert "1 grief" in menu.options[i][1], "the menu says what a tell costs"
    row = menu.row_rect(i).center
    post(pygame.MOUSEMOTION, pos=row, rel=(0, 0), buttons=(0, 0, 0))
    feed(app)
    expected = {c for c in st.hands[1] if st.game.girl_ids[st.girl_of[c]] == girl}
    assert table.menu_preview == expected
    grief = st.grief
    click(row)
    feed(app)
    assert match_of(table).record.actions[-1] == (0, Action("tell", target=1, option=("girl", girl)))
    assert st.grief == grief + 1, "giving information puts a grief marker on the Soul Gem"


def test_the_tell_menu_offers_only_tells_that_point_at_a_card_of_that_player(app):
    table = open_table(app)
    st = state_of(table)
    menu = tell_menu_for(app, table, seat=2)
    hand = st.hands[2]
    girls = {("girl", st.game.girl_ids[st.girl_of[c]]) for c in hand}
    numbers = {("number", st.number_of[c]) for c in hand}
    assert {a.option for a, _ in menu.options} == girls | numbers


def test_a_tell_the_rules_refuse_says_why_in_the_menu_and_changes_nothing(app):
    table = open_hand_made(app, hands=HANDS)
    st = state_of(table)
    forbid_telling(st, 0, "H.N. Elly")  # you may give no information this turn
    table.sync(animate=False)
    before = st.to_json()
    menu = tell_menu_for(app, table, seat=1)
    reason = st.why_illegal(0, menu.options[0][0])
    assert reason and menu.disabled == set(range(len(menu.options)))
    assert all(reason in label for _, label in menu.options), "a disabled tell says why at once"
    click(menu.row_rect(0).center)
    feed(app)
    assert st.to_json() == before
    with pytest.raises(IllegalAction) as refused:
        st.clone().apply(0, menu.options[0][0])
    assert toast_text(app) == refused.value.reason


def test_clicking_the_soul_gem_without_grief_explains_why_not(app):
    table = open_table(app)
    before = state_of(table).to_json()
    click(table.zones["soulgem"].rect.center)
    feed(app)
    assert state_of(table).to_json() == before
    assert toast_text(app) == table.session.reason(0, Action("cleanse", target="soulgem", option=1))


def test_ai_seats_act_through_the_worker_until_it_is_your_turn_again(app):
    app.settings.animation_speed = "instant"
    table = open_table(app)
    cid, sprite = my_card(table)
    drag(sprite.rect.center, table.zones["discard"].rect.center)
    feed(app)
    assert run_until(app, lambda: state_of(table).is_over() or state_of(table).to_act() == (0,))
    seats = [p for p, _ in match_of(table).record.actions]
    assert seats[:4] == [0, 1, 2, 3] or state_of(table).is_over()


def test_space_finishes_the_animation_at_once(app):
    table = open_table(app)
    cid, sprite = my_card(table)
    drag(sprite.rect.center, table.zones["discard"].rect.center)
    feed(app)
    pump(app, 1)
    assert table.timeline.busy, "the discard is being animated"
    key(pygame.K_SPACE)
    feed(app)
    assert not table.timeline.busy
    pile = table.sprites[cid]
    assert (pile.x, pile.y) == pytest.approx(pile.home)


def test_number_keys_pick_your_nth_card_and_offer_its_actions(app):
    table = open_table(app)
    key(pygame.K_2)
    feed(app)
    assert table.menu is not None
    cid = state_of(table).hands[0][1]
    assert {a.source for a, _ in table.menu.options} == {cid}
    assert {a.kind for a, _ in table.menu.options} == {"play", "discard"}


def test_hot_seat_covers_the_table_before_the_next_human_sees_it(app):
    table = open_table(app, players=2, seats=["you", "human"])
    cid, sprite = my_card(table)
    drag(sprite.rect.center, table.zones["discard"].rect.center)
    feed(app)
    assert run_until(app, lambda: app.manager.top is not table, timeout=3)
    assert type(app.manager.top).__name__ == "Handoff"
    assert table.viewer == 0, "the table still shows Player 1's view, hidden under the cover"
    key(pygame.K_RETURN)
    pump(app, 1)
    assert app.manager.top is table and table.viewer == 1
    # Player 2 now sees Player 1's cards face up and their own as hint-marked backs
    assert table.sprites[state_of(table).hands[0][0]].face_key[0] == "girl"
    assert table.sprites[state_of(table).hands[1][0]].face_key[0] == "mine"


def test_an_empty_log_stays_collapsed_and_opens_with_its_first_entry(app):
    table = open_table(app)
    assert table.log.entries == [] and table.table_rect.width == 1280, "no empty panel"
    cid, sprite = my_card(table)
    drag(sprite.rect.center, table.zones["discard"].rect.center)
    feed(app)
    assert run_until(app, lambda: table.log.entries, timeout=5)
    assert table.table_rect.width < 1280, "the log takes its room once it has entries"


def test_l_hides_the_log_and_the_table_uses_the_room(app):
    table = open_table(app)
    table.run_ai = lambda: None
    cid, sprite = my_card(table)
    drag(sprite.rect.center, table.zones["discard"].rect.center)
    feed(app)
    assert run_until(app, lambda: not table.timeline.busy, timeout=5)
    width = table.table_rect.width
    key(pygame.K_l)
    pump(app, 40)
    assert not table.log.open and table.table_rect.width > width
    s = table.sprites[state_of(table).hands[0][0]]
    assert s.home == pytest.approx((s.x, s.y))
    assert s.rect.right <= table.table_rect.right


def open_hand_made(app, **layout):
    """A table over a hand-made state (game/madoka/setups.py); seat 0 is you and acts."""
    from game.local_session import LocalSession
    from game.madoka.setups import make_state
    from game.match import Match

    match = Match("madoka", 4, 1, ["you"] + ["ai:random"] * 3)
    match.state = make_state(players=4, **layout)
    app.open_table(LocalSession(match))
    pump(app, 2)
    return app.manager.top


HANDS = [["homura1", "mami1", "kyoko1", "sayaka1"], ["homura2", "mami2", "kyoko2", "sayaka2"],
         ["homura3", "mami3", "kyoko3", "sayaka3"], ["homura4", "mami4", "kyoko4", "sayaka4"]]


def test_cleanse_popup_offers_only_what_the_rules_allow_and_reveals_a_witch(app):
    table = open_hand_made(app, hands=HANDS, grief=1, witch_deck=["elly", "gertrud"])
    st = state_of(table)
    click(table.zones["soulgem"].rect.center)
    feed(app)
    menu = table.menu
    assert menu is not None
    assert [a for a, _ in menu.options] == [Action("cleanse", target="soulgem", option=1)], \
        "with one grief marker only Cleanse 1 is possible"
    assert "reveals 1 witch" in menu.options[0][1], "the menu says what a cleanse costs"
    click(menu.row_rect(0).center)
    feed(app)
    assert st.grief == 0
    assert len(st.witches_up) == 1, "cleansing one marker reveals one witch"


def test_known_and_ruled_out_hints_are_drawn_on_your_own_cards(app):
    table = open_hand_made(app, hands=HANDS, current=1)
    st = state_of(table)
    # Player 2 tells you about your Homura: one card is Homura, the other three are not
    apply_behind(table, 1, Action("tell", target=0, option=("girl", "homura")))
    table.sync(animate=False)
    faces = [table.sprites[c].face_key for c in st.hands[0]]
    homura = [f for f in faces if f[1] == ("homura",)]
    assert len(homura) == 1
    assert all("homura" not in f[1] for f in faces if f not in homura)
    app.settings.hint_marks = False
    pump(app, 1)
    assert all(table.sprites[c].face_key == ("back",) for c in st.hands[0])


def test_a_whole_game_can_be_played_with_the_mouse_to_the_results(app):
    app.settings.animation_speed = "instant"
    table = open_table(app, players=2)
    st = state_of(table)
    for turn in range(200):
        if app.manager.top is not table:
            break
        if st.is_over():
            pump(app, 2)
            continue
        if st.to_act() != (0,):
            assert run_until(app, lambda: st.is_over() or st.to_act() == (0,))
            continue
        cid = st.hands[0][0]
        target = "play" if turn % 2 else "discard"
        drag(table.sprites[cid].rect.center, table.zones[target].rect.center)
        feed(app)
        if table.menu is not None:  # a play that may lose is asked about first: go ahead
            click(table.menu.row_rect(len(table.menu.options) - 1).center)
            feed(app)
        pump(app, 1)
    assert st.is_over()
    assert type(app.manager.top).__name__ == "Results", "the results open after the last move"


def test_a_resumed_game_shows_the_same_table_and_its_history_in_the_log(app):
    table = open_table(app)
    cid, sprite = my_card(table)
    drag(sprite.rect.center, table.zones["discard"].rect.center)
    feed(app)
    key(pygame.K_SPACE)  # play the discard's animation (and its log lines) to the end
    feed(app)
    saved = match_of(table).to_json()
    lines = list(table.log.entries)
    assert lines, "the discard and the draw are in the log"
    resumed = LocalSession.load(saved)
    app.open_table(resumed)
    again = app.manager.top
    assert state_of(again).to_json() == state_of(table).to_json()
    assert again.log.entries[: len(lines)] == lines
    assert cid in again.sprites and again.sprites[cid].zone == "discard"


def test_a_tell_that_would_lose_the_game_asks_first_and_cancel_changes_nothing(app):
    table = open_hand_made(app, hands=HANDS, grief=2)
    st = state_of(table)
    before = st.to_json()
    menu = tell_menu_for(app, table, seat=1)
    tell = menu.options[0][0]
    assert "1 grief" in menu.options[0][1]
    click(menu.row_rect(0).center)
    feed(app)
    confirm = table.menu
    assert confirm is not None and confirm.title == st.loses(0, tell), "the rules' reason is asked"
    assert st.to_json() == before, "nothing happens before the answer"
    cancel = next(i for i, (yes, _) in enumerate(confirm.options) if yes is False)
    click(confirm.row_rect(cancel).center)
    feed(app)
    assert st.to_json() == before and match_of(table).record.actions == []
    tell_and_lose_anyway(app, table)
    assert match_of(table).record.actions == [(0, tell)] and st.is_over() and st.lost


def tell_and_lose_anyway(app, table) -> None:
    """Click the first tell for seat 1, then answer the confirmation: do it anyway."""
    menu = tell_menu_for(app, table, seat=1)
    click(menu.row_rect(0).center)
    feed(app)
    yes = next(i for i, (ok, _) in enumerate(table.menu.options) if ok is True)
    click(table.menu.row_rect(yes).center)
    feed(app)


def test_the_defeat_screen_says_why_the_score_is_0_in_the_rules_words(app):
    from scenes.results import Results

    table = open_hand_made(app, hands=HANDS, grief=2)
    tell_and_lose_anyway(app, table)
    assert run_until(app, lambda: isinstance(app.manager.top, Results), timeout=10)
    results = app.manager.top
    reason = state_of(table).outcome().details["reason"]
    rank = state_of(table).outcome().rank
    assert rank and results.headline() == f"Defeat: {rank}", "the rank in the game's words"
    assert results.details["reason"] == reason, "the line under the headline is the rules' own"
    assert "third grief marker" in reason and "scores 0" in reason
    assert results.outcome.scores[0] == 0


def test_while_you_drag_a_card_the_glowing_targets_say_what_they_cost(app):
    table = open_hand_made(app, hands=HANDS)
    cid = state_of(table).hands[0][0]
    s = table.sprites[cid]
    post(pygame.MOUSEMOTION, pos=s.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=s.rect.center, button=1)
    post(pygame.MOUSEMOTION, pos=(s.rect.centerx + 30, s.rect.centery - 40), rel=(1, 1), buttons=(1, 0, 0))
    feed(app)
    costs = {price for rect, price in table.glow_costs if rect == table.zones["play"].rect}
    assert costs == {state_of(table).cost(0, Action("play", source=cid, target="play"))} and costs != {""}


def test_zooming_your_own_card_shows_what_you_know_of_it(app):
    table = open_hand_made(app, hands=HANDS, current=1)
    state_of(table).apply(1, Action("tell", target=0, option=("girl", "homura")))
    table.sync(animate=False)
    cid = state_of(table).hands[0][0]
    know = next(c for c in state_of(table).what_seat_knows(0) if c["id"] == cid)
    shown = table.zoom_image(table.sprites[cid])
    plain = super(type(table), table).zoom_image(table.sprites[cid])
    assert shown.get_width() > plain.get_width() + 200, "the zoom carries a knowledge panel"
    assert know["girls"] == ["homura"], "the tell says it is Homura"


def test_clicking_the_discard_pile_pins_what_is_gone_and_a_click_elsewhere_closes_it(app):
    table = open_table(app)
    table.run_ai = lambda: None
    click(table.zones["discard"].rect.center)
    pump(app, 2)  # drawn from the rules' knowledge.copies
    assert table.discard_pinned
    click(empty_spot(table))
    feed(app)
    assert not table.discard_pinned


def test_a_tell_to_you_shows_in_the_log_banner_and_on_your_cards_only_when_it_plays(app):
    """Fault 4: the log, the banner and the marks on your cards follow the animation: the
    tell's words and your cards' new marks appear at the tell's step, never before."""
    from tests.scene_helpers import seed_where

    table = open_table(app, seed=seed_where("madoka", 4, 1))
    table.run_ai = lambda: None
    st = state_of(table)
    tell = next(a for a in st.legal_actions(1) if a.kind == "tell" and a.target == 0)
    faces = {c: table.sprites[c].face_key for c in st.hands[0]}
    apply_behind(table, 1, tell)
    table.take_news()
    told_at = changed_at = banner_at = None
    for frame in range(200):
        pump(app, 1)
        logged = any("tells" in t for t, _ in table.log.entries)
        if logged and told_at is None:
            told_at = frame
        if "tells" in table.banner_text() and banner_at is None:
            banner_at = frame
        if any(table.sprites[c].face_key != f for c, f in faces.items()) and changed_at is None:
            changed_at = frame
        if not table.timeline.busy:
            break
    assert told_at is not None and changed_at is not None
    assert banner_at is not None and banner_at >= told_at
    assert changed_at >= told_at


def test_a_drop_that_can_lose_the_game_says_so_before_it_lands(app):
    """Fault 2: at two grief markers, while you drag an unknown card over the girls' rows,
    the rows carry the rules' warning (a failed play turns the Soul Gem black) before the
    drop; the drop then asks first."""
    table = open_hand_made(app, hands=HANDS, grief=2)
    st = state_of(table)
    cid = st.hands[0][0]
    sprite = table.sprites[cid]
    play = table.zones["play"].rect
    post(pygame.MOUSEMOTION, pos=sprite.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=sprite.rect.center, button=1)
    for k in range(1, 7):
        x = sprite.rect.centerx + (play.centerx - sprite.rect.centerx) * k // 6
        y = sprite.rect.centery + (play.centery - sprite.rect.centery) * k // 6
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))
    pump(app, 1)
    risk = table.session.loses(0, Action("play", source=cid, target="play"))
    assert risk and "team loses" in risk
    assert (play, risk) in table.glow_risks  # shown while the card is still in the air
    assert st.grief == 2 and not match_of(table).record.actions
    post(pygame.MOUSEBUTTONUP, pos=play.center, button=1)
    pump(app, 1)
    assert table.menu is not None and table.menu.title == risk  # and asked before it is done
    assert not match_of(table).record.actions
