"""The coach (game/coach.py): the Normal bot's move and one sentence why, honestly decided."""

from __future__ import annotations

import pytest

from game.coach import advise, hint_allowed, hint_at, normal_bot
from game.core.rng import Rng
from game.registry import all_games, get_game
from game.replay import ReplaySession
from tests.test_replay import played

GAMES = sorted(all_games())


def positions(name: str, every: int = 5, limit: int = 6):
    """(state, seat, move) at a few positions of a seeded random game with a real choice."""
    game = get_game(name)
    state, rng = game.new_state(game.min_players, 11), Rng(12)
    move = found = 0
    while not state.is_over() and found < limit:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and move % every == 0:
            yield state, seat, move
            found += 1
        state.apply(seat, rng.choice(legal))
        move += 1


@pytest.mark.parametrize("name", GAMES)
def test_the_hint_is_unchanged_when_hidden_information_is_resampled(name):
    for state, seat, move in positions(name):
        one = state.determinize(seat, Rng(move * 31 + 1))
        two = state.determinize(seat, Rng(move * 37 + 2))
        assert advise(one, seat, move).action == advise(two, seat, move).action, (
            f"{name} move {move}: the hint depends on cards the seat cannot see")


@pytest.mark.parametrize("name", GAMES)
def test_the_hint_is_legal_and_its_sentence_names_the_card_or_target(name):
    for state, seat, move in positions(name):
        advice = advise(state, seat, move)
        assert advice.action in state.legal_actions(seat)
        label = advice.action.label
        assert label and advice.sentence.startswith(label + ":")
        assert advice.sentence.endswith(".") and "\n" not in advice.sentence


def test_the_coach_is_the_normal_bot():
    assert normal_bot(get_game("sanguosha")) == "heuristic"
    assert normal_bot(get_game("madoka")) == "strong"


def test_in_a_replay_the_hint_at_a_moment_is_the_advice_for_that_position():
    replay, _ = played("bloodborne", 3)
    session = ReplaySession(replay)
    n = session.length // 2
    seat = session.acted(n + 1).seat
    assert hint_at(session, n, seat) == advise(session.state_at(n), seat, n)


def test_the_hint_is_off_in_a_network_game_unless_every_seat_agrees():
    assert hint_allowed(False, [0, 1], [])
    assert not hint_allowed(True, [0, 1, 2], [0, 2])
    assert hint_allowed(True, [0, 1, 2], [2, 1, 0])


# --- at the table ------------------------------------------------------------------------------
import ast  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from game.core.contract import IllegalAction  # noqa: E402
from game.local_session import LocalSession  # noqa: E402
from scenes.table.coach import HINT_KEY  # noqa: E402
from tests.scene_helpers import make_app, open_table, pump, run_until  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))


def press(app, k) -> None:
    app.manager.top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def wait_for_advice(app, table, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while table.hint_shown is None and time.monotonic() < end:
        pump(app, 1)
        time.sleep(0.005)
    return table.hint_shown is not None


@pytest.mark.parametrize("name", GAMES)
def test_the_hint_at_a_local_table_is_the_coachs_move_for_the_seat_to_act(home, name):
    game = get_game(name)
    players = max(game.min_players, 2)
    app = make_app(animation_speed="instant")
    table = open_table(app, name, players, seats=["you"] + ["ai:random"] * (players - 1))
    assert run_until(app, lambda: table.hint_seat() == 0, 20.0)
    pump(app, 1)
    assert table.hint_button.visible
    press(app, HINT_KEY)
    assert wait_for_advice(app, table)
    session = table.session
    _, seat, advice, words = table.hint_shown
    state = session._match.state  # the test's own look at the real game, to compare
    assert seat == 0 and words
    assert advice == advise(state, 0, session.version)  # decided from a determinization
    assert advice.action in session.legal_actions(0)
    rects = table.hint_rects(advice.action)
    assert rects  # its card or target is outlined on the table
    table.draw(app.screen)
    legal = session.legal_actions(0)
    table.apply(0, legal[0], confirmed=True)
    pump(app, 1)
    assert table.hint_shown is None  # the position moved on: the advice is put away


def test_in_hot_seat_the_hint_is_for_the_seat_to_act_after_the_handoff(home):
    from scenes.handoff import Handoff

    app = make_app(animation_speed="instant")
    table = open_table(app, "hermitcraft", 2, seats=["you", "human"])
    end = time.monotonic() + 20
    while not isinstance(app.manager.top, Handoff) and time.monotonic() < end:
        seat = table.hint_seat()
        if seat is not None:
            table.apply(seat, table.legal(seat)[-1], confirmed=True)  # the last: end the turn
        pump(app, 1)
    cover = app.manager.top
    assert isinstance(cover, Handoff) and table.handoff_pending
    assert table.hint_seat() is None  # nothing is advised behind the cover
    nxt = cover.player
    cover.done()
    pump(app, 2)
    assert table.viewer == nxt and table.hint_seat() == nxt and table.hint_button.visible
    press(app, HINT_KEY)
    assert wait_for_advice(app, table)
    assert table.hint_shown[1] == nxt
    assert table.hint_shown[2] == advise(table.session._match.state, nxt, table.session.version)


def test_a_local_session_works_the_hint_out_off_the_ui_thread():
    session = LocalSession.start("sanguosha", 4, 3, ["you"] + ["ai:random"] * 3)
    seat = session.to_act()[0]
    first = session.hint(seat)  # asked: being worked out on a worker thread
    advice = session.wait_for_hint(seat)
    assert first is None or first == advice
    assert advice == advise(session._match.state, seat, session.version)
    other = next(p for p in range(4) if p not in session.to_act())
    with pytest.raises(IllegalAction):
        session.hint(other)  # nothing is asked of that seat


def test_a_network_table_gives_no_hint_unless_every_seat_agreed(home, tmp_path):
    """Hints not proposed: off. (Proposed and agreed, the table's Hint works:
    tests/net/test_hints_table.py.)"""
    from game.net.hosting import AI, YOU, Hosting

    hosting = Hosting("hermitcraft", 2, [YOU, AI], name="t", player_name="Ann", hints=False,
                      bind="127.0.0.1", port=0, save_dir=tmp_path, seed=11, announce=False)
    try:
        session = hosting.session
        assert session.wait_ready()
        hosting.start_game()
        app = make_app(animation_speed="instant")
        assert run_until(app, lambda: session.started)
        assert not session.hints_allowed and not session.hints_on
        off = session.hints_off()
        assert off and "every seat must agree" in off
        with pytest.raises(IllegalAction):
            session.hint(session.seat)
        app.open_table(session)
        table = app.manager.top
        assert run_until(app, lambda: table.acting_human() is not None, 20.0)
        pump(app, 2)
        assert table.hint_button is None or not table.hint_button.visible
        press(app, HINT_KEY)
        assert table.last_toast == off and table.hint_shown is None  # (the table's own notes)
    finally:
        hosting.close(wait=5)


def keys_named(path: Path) -> set[str]:
    """The pygame key constants (K_…) a module names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
            and n.attr.startswith("K_")}


def test_the_hint_key_collides_with_no_other_key():
    hint = pygame.key.name(HINT_KEY)
    name = f"K_{hint}"
    users = sorted(str(p.relative_to(ROOT)) for top in ("scenes", "sprites")
                   for p in (ROOT / top).rglob("*.py") if name in keys_named(p))
    assert users == ["scenes/table/coach.py"]  # the one place that names it: HINT_KEY
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    controls = readme.split("## Controls", 1)[1].split("\n## ", 1)[0]
    bold = [w for w in controls.split("**")[1::2]]
    assert bold.count(hint.upper()) == 1 and "Hint" in controls
