"""The Bloodborne table driven by real pygame mouse events (dummy video driver).

Each test asserts what the rules say a gesture does (spec: "A round: eight steps in order"), or
that a refused gesture changes nothing and shows the rules module's reason. The other hunters
are AI seats whose choices are scripted, so every test plays the same round.
"""

from __future__ import annotations

import pygame
import pytest

from game.bloodborne import rules
from game.bloodborne.setups import make_state
from game.core.contract import Action, IllegalAction
from game.local_session import LocalSession
from game.match import Match
from tests.scene_helpers import click, drag, empty_spot, feed, match_of, pump, run_until, state_of

SEATS = ["you", "ai:random", "ai:random", "ai:random"]


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A real App (smoke mode: no autosave) at animation speed x4, settings under tmp_path."""
    from scenes import storage
    from scenes.app import App

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    a = App(smoke=True, settings=storage.Settings(animation_speed="x4"))
    yield a
    pygame.event.clear()


class Scripted:
    """An AI seat that plays the first legal action naming one of `cards` (data ids), else
    the first legal action."""

    def __init__(self, *cards: str) -> None:
        self.cards = cards

    def choose(self, state, player):
        legal = state.legal_actions(player)
        for want in self.cards:
            for a in legal:
                if isinstance(a.source, int) and a.source < len(state.cards) and state.cards[a.source].id == want:
                    return a
        return legal[0]


def open_bloodborne(app, state=None, others=("hunter_axe",), seed: int = 5):
    match = Match("bloodborne", 4, seed, SEATS)
    if state is not None:
        match.state = state
    for seat in (1, 2, 3):
        match.agents[seat] = Scripted(*others)
    app.open_table(LocalSession(match))
    table = app.manager.top
    pump(app, 2)
    return table


def toast_text(app):
    """The newest toast: the table's (its notes), else the app's."""
    table = next((s for s in reversed(app.manager.stack) if hasattr(s, "last_toast")), None)
    if table is not None and table.last_toast is not None:
        return table.last_toast
    return app.toasts.toasts[-1].text if app.toasts.toasts else None


def asked(st) -> str:
    """The kind of decision the rules wait on ("choose", "upgrade", …)."""
    return st.decisions[-1].kind if st.decisions else ""


def hand_card(table, card_id: str) -> int:
    st = state_of(table)
    return next(c for c in st.hand[0] if st.cards[c].id == card_id)


def test_dragging_a_hand_card_onto_your_chosen_slot_chooses_it_in_secret(app):
    table = open_bloodborne(app)
    table.run_ai = lambda: None  # the other hunters wait: step 1 stays open
    st = state_of(table)
    axe = hand_card(table, "hunter_axe")
    drag(table.sprites[axe].rect.center, table.zones["chosen"].rect.center)
    feed(app)
    assert match_of(table).record.actions[-1] == (0, Action("choose", axe, "chosen"))
    assert st.secret_answer(0, "choose") == axe and axe not in st.hand[0]
    assert asked(st) == "choose", "no reveal before every hunter has chosen"
    for other in (1, 2, 3):
        seen = st.view(other)["hunters"][0]
        assert seen["chosen"] and seen["card"] is None, "the choice stays secret from the others"
    assert st.view(0)["hunters"][0]["card"]["id"] == "hunter_axe"


def test_a_second_card_after_choosing_is_refused_with_the_rules_reason(app):
    table = open_bloodborne(app)
    table.run_ai = lambda: None
    st = state_of(table)
    axe, cleaver = hand_card(table, "hunter_axe"), hand_card(table, "saw_cleaver")
    drag(table.sprites[axe].rect.center, table.zones["chosen"].rect.center)
    feed(app)
    pump(app, 20)
    before = st.to_json()
    drag(table.sprites[cleaver].rect.center, table.zones["chosen"].rect.center)
    feed(app)
    assert st.to_json() == before
    assert len(match_of(table).record.actions) == 1
    assert toast_text(app) == st.why_illegal(0, Action("choose", cleaver, "chosen"))


def test_an_upgrade_dragged_into_your_hand_outside_the_dream_is_refused(app):
    table = open_bloodborne(app)
    table.run_ai = lambda: None
    st = state_of(table)
    before = st.to_json()
    up = st.available[0]
    drag(table.sprites[up].rect.center, table.zones["hand"].rect.center)
    feed(app)
    assert st.to_json() == before and match_of(table).record.actions == []
    with pytest.raises(IllegalAction) as refused:
        st.clone().apply(0, Action("upgrade", up, "hand"))
    assert toast_text(app) == refused.value.reason


def test_a_card_dropped_on_no_zone_glides_back_and_changes_nothing(app):
    table = open_bloodborne(app)
    table.run_ai = lambda: None
    st = state_of(table)
    before = st.to_json()
    axe = hand_card(table, "hunter_axe")
    sprite = table.sprites[axe]
    home = sprite.home
    drag(sprite.rect.center, empty_spot(table))
    feed(app)
    assert st.to_json() == before
    assert toast_text(app) == table.drop_hint(sprite)
    pump(app, 30)
    assert (sprite.x, sprite.y) == pytest.approx(home)


def test_double_clicking_a_hand_card_chooses_it(app):
    table = open_bloodborne(app)
    table.run_ai = lambda: None
    axe = hand_card(table, "hunter_axe")
    pos = table.sprites[axe].rect.center
    click(pos)
    click(pos)
    feed(app)
    assert state_of(table).secret_answer(0, "choose") == axe


def test_the_monster_roll_lands_in_the_dice_tray_on_the_rules_faces(app):
    table = open_bloodborne(app)
    thrown = []
    original = table.animate_event

    def spy(event):
        if event.kind == "dice":
            thrown.append(event.data)
        return original(event)

    table.animate_event = spy
    axe = hand_card(table, "hunter_axe")
    drag(table.sprites[axe].rect.center, table.zones["chosen"].rect.center)
    assert run_until(app, lambda: thrown and table.tray.dice and table.tray.is_settled(), 20)
    data = thrown[0]
    assert table.tray.shown_faces() == [[data["faces"][i] for i in data["rolls"]]]
    assert table.tray.shown_total() == data["total"]
    assert len(table.tray.dice) == len(data["rolls"]), "every `+` face throws one more die"


def test_every_hunters_card_flips_face_up_together_at_the_reveal(app):
    table = open_bloodborne(app)
    original = table.sync
    reveals = []

    def spy(animate=True, events=()):
        events = list(events)
        original(animate, events)
        shown = [e for e in events if e.kind == "reveal"]
        if shown:
            reveals.append(([e.data["card"] for e in shown], [table.event_cards(e) for e in shown]))

    table.sync = spy
    axe = hand_card(table, "hunter_axe")
    drag(table.sprites[axe].rect.center, table.zones["chosen"].rect.center)
    assert run_until(app, lambda: bool(reveals), 20)
    cards, steps = reveals[0]
    assert len(cards) == 4 and axe in cards
    assert sorted(steps[0]) == sorted(cards), "the first reveal step turns every card over"
    assert all(s == [] for s in steps[1:])


def rest_in_the_dream(app, table) -> None:
    """Drag the Hunter's Dream to your chosen slot and wait until the Dream step waits on you."""
    st = state_of(table)
    dream = hand_card(table, "hunters_dream_card")
    drag(table.sprites[dream].rect.center, table.zones["chosen"].rect.center)
    assert run_until(app, lambda: asked(st) == "upgrade" and st.to_act() == (0,) and not table.timeline.busy, 20)


def test_in_the_dream_you_drag_an_available_upgrade_into_your_hand(app):
    state = make_state(players=4, monster="carrion_crow", first=0, seed=3,
                       hands={0: ["hunters_dream_card", "hunter_axe", "saw_cleaver"]},
                       available=["kirkhammer", "chikage", "rakuyo", "burial_blade"])
    table = open_bloodborne(app, state)
    st = state_of(table)
    rest_in_the_dream(app, table)
    up = next(c for c in st.available if st.cards[c].id == "chikage")
    drag(table.sprites[up].rect.center, table.zones["hand"].rect.center)
    feed(app)
    assert up in st.hand[0], "the upgrade is in your hand"
    assert up not in st.available
    assert match_of(table).record.actions[-1] == (0, Action("upgrade", up, "hand"))


def test_hunter_pistol_protects_you_or_is_aimed_at_another_hunters_board_to_cancel(app):
    state = make_state(players=4, monster="huntsman_mob", first=0, seed=2,
                       hands={0: ["hunter_pistol", "hunter_axe"]})
    table = open_bloodborne(app, state, others=("hunter_axe",))
    st = state_of(table)
    pistol = hand_card(table, "hunter_pistol")
    drag(table.sprites[pistol].rect.center, table.zones["chosen"].rect.center)
    assert run_until(app, lambda: asked(st) == "protect" and st.to_act() == (0,) and not table.timeline.busy, 20)
    pump(app, 2)
    assert table.glow_seats == {0}, "your own board glows: protect yourself"
    cancel = [b for b in table.bar if "cancel" in b.text]
    assert len(cancel) == 1, "cancelling has no board yet: a button"
    click(cancel[0].rect.center)
    feed(app)
    assert run_until(app, lambda: asked(st) == "cancel_target" and not table.timeline.busy, 10)
    pump(app, 2)
    assert table.glow_seats == {1, 2, 3}, "every hunter with a melee attack may be aimed at"
    board = table.boards[2]
    click((board.right - 12, board.bottom - 6))
    feed(app)
    assert match_of(table).record.actions[-1] == (0, Action("cancel_target", pistol, 2))


def over_the_hand_limit(app):
    """You rest in the Dream with 7 cards and take an upgrade: 8 cards, one must go."""
    state = make_state(players=4, monster="carrion_crow", first=0, seed=3,
                       hands={0: ["hunters_dream_card", "hunter_axe", "saw_cleaver", "transform_card",
                                  "hunter_pistol", "kirkhammer", "rakuyo"]},
                       available=["chikage", "burial_blade", "threaded_cane", "ludwigs_holy_blade"])
    table = open_bloodborne(app, state)
    st = state_of(table)
    rest_in_the_dream(app, table)
    up = st.available[0]
    drag(table.sprites[up].rect.center, table.zones["hand"].rect.center)
    feed(app)
    assert len(st.hand[0]) == rules.HAND_LIMIT + 1
    assert run_until(app, lambda: not table.timeline.busy and table.zones["removed"].visible, 10)
    return table


def test_over_the_hand_limit_a_card_dropped_on_the_remove_slot_leaves_the_game(app):
    table = over_the_hand_limit(app)
    st = state_of(table)
    axe = hand_card(table, "hunter_axe")
    drag(table.sprites[axe].rect.center, table.zones["removed"].rect.center)
    feed(app)
    assert axe in st.removed and axe not in st.hand[0]
    assert len(st.hand[0]) == rules.HAND_LIMIT


def test_hiding_the_log_mid_roll_lays_the_table_out_again_and_the_round_goes_on(app):
    from tests.scene_helpers import key

    table = open_bloodborne(app)
    st = state_of(table)
    axe = hand_card(table, "hunter_axe")
    drag(table.sprites[axe].rect.center, table.zones["chosen"].rect.center)
    assert run_until(app, lambda: table.tray.dice and not table.tray.is_settled(), 20)
    old_tray = table.tray
    key(pygame.K_l)
    feed(app)
    assert table.tray is not old_tray, "the tray is rebuilt for the wider table"
    assert table.tray.is_settled() and table.tray.shown_faces() == old_tray.shown_faces()
    assert run_until(app, lambda: st.round > 1 and not table.timeline.busy, 20)


def test_over_the_hand_limit_click_a_card_then_the_remove_slot_to_confirm(app):
    table = over_the_hand_limit(app)
    st = state_of(table)
    axe = hand_card(table, "hunter_axe")
    click(table.sprites[axe].rect.center)
    feed(app)
    assert axe in st.hand[0], "a single click only selects the card"
    pump(app, 30)  # longer than a double-click
    click(table.zones["removed"].rect.center)
    feed(app)
    assert axe in st.removed and len(st.hand[0]) == rules.HAND_LIMIT


def test_the_roll_enters_the_log_only_when_the_die_lands(app):
    table = open_bloodborne(app)
    axe = hand_card(table, "hunter_axe")
    drag(table.sprites[axe].rect.center, table.zones["chosen"].rect.center)
    assert run_until(app, lambda: table.tray.dice and not table.tray.is_settled(), 20)
    rolled = [t for t, _ in table.log.entries if "die rolls" in t]
    assert rolled == [], "while the die tumbles the log does not tell its result"
    assert run_until(app, lambda: any("die rolls" in t for t, _ in table.log.entries), 20)
    assert table.tray.is_settled(), "the roll is logged once the die is at rest"


def test_a_new_monster_finds_the_dice_tray_empty_and_the_healed_hunters_alive(app):
    state = make_state(players=4, monster="carrion_crow", first=0, seed=3, health={1: 1})
    table = open_bloodborne(app, state)
    st = state_of(table)
    axe = hand_card(table, "hunter_axe")
    drag(table.sprites[axe].rect.center, table.zones["chosen"].rect.center)
    assert run_until(app, lambda: st.round > 1 and not table.timeline.busy, 20)
    assert table.tray.dice == [] and table.last_roll is None, "the last monster's roll is gone"
    assert not any(table.counter("dead", p, False) for p in range(4)), "the Dream healed them"


def test_r_shows_the_last_round_summed_up_by_the_rules(app):
    from tests.scene_helpers import key

    table = open_bloodborne(app)
    st = state_of(table)
    axe = hand_card(table, "hunter_axe")
    drag(table.sprites[axe].rect.center, table.zones["chosen"].rect.center)
    assert run_until(app, lambda: st.round > 1 and not table.timeline.busy, 20)
    s = table.rounds.last
    assert s is not None and s["round"] == 1 and set(s["rows"]) == {0, 1, 2, 3}
    assert s["rows"][0]["card"] == "Hunter Axe"
    key(pygame.K_r)
    pump(app, 2)
    assert table.summary_open
    key(pygame.K_r)
    pump(app, 1)
    assert not table.summary_open


def test_the_rules_choosing_your_only_card_is_said_with_why(app):
    """Fault 1: with one card left, the rules choose it for you (D4); the table says which
    card was chosen and why, where your board is."""
    from game.bloodborne.setups import make_state

    table = open_bloodborne(app, make_state(players=4, hands={0: ["hunter_axe", "hunters_dream_card"]}))
    axe = hand_card(table, "hunter_axe")
    drag(table.sprites[axe].rect.center, table.zones["chosen"].rect.center)
    feed(app)
    assert run_until(app, lambda: any(n.title.startswith("Your only card") for n in table.notes),
                     timeout=30)
    note = next(n for n in table.notes if n.title.startswith("Your only card"))
    assert note.title == "Your only card, Hunter's Dream, was chosen for you"
    assert "single card" in note.lines[0] and not note.rect.colliderect(table.boards[0])
