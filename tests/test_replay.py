"""Replays (game/replay.py): export, strict import, playing back, seat views and jumps."""

from __future__ import annotations

import json

import pytest

from game.core import decisions
from game.core.contract import IllegalAction
from game.core.record import GameRecord
from game.core.rng import Rng
from game.registry import all_games, get_game
from game.replay import Replay, ReplayError, ReplaySession, load, parse, state_hash

GAMES = sorted(all_games())


def played(name: str, players: int | None = None, seed: int = 4) -> tuple[Replay, str]:
    """A whole seeded random game as a replay, and its final state's hash."""
    game = get_game(name)
    players = players or game.min_players
    state = game.new_state(players, seed)
    record = GameRecord(name, players, seed)
    rng = Rng(seed * 31 + players)
    while not state.is_over():
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        record.actions.append((seat, action))
    names = [f"Seat {i + 1}" for i in range(players)]
    kinds = ["you"] + ["ai:random"] * (players - 1)
    return Replay(record, names, kinds, finished=True), state_hash(state)


@pytest.mark.parametrize("name", GAMES)
def test_an_exported_record_plays_back_to_the_same_final_state(name):
    replay, final = played(name)
    session = load(replay.dumps())
    assert state_hash(session.final_state) == final
    session.seek(0)
    while session.forward():
        pass
    assert state_hash(session.state_at(session.length)) == final
    assert session.is_over()


@pytest.mark.parametrize("name", GAMES)
def test_a_jump_shows_the_same_moment_as_playing_up_to_it(name):
    replay, _ = played(name)
    session = ReplaySession(replay, every=8)
    rng = Rng(9)
    for _ in range(6):
        n = rng.below(session.length + 1)
        session.seek(n)
        rec = replay.record
        upto = GameRecord(rec.game, rec.players, rec.seed, rec.options, rec.seats,
                          rec.actions[:n]).replay(get_game(rec.game))
        assert state_hash(session.state_at(n)) == state_hash(upto)
        assert session.view(0) == upto.view(0) and session.to_act() == upto.to_act()


@pytest.mark.parametrize("name", GAMES)
def test_the_seat_view_in_a_replay_is_what_that_seat_saw_at_that_moment(name):
    """The same check as the view tests: at every moment the replay's seat view is the rules'
    view for that seat, and its log and animations carry only the events as it saw them."""
    replay, _ = played(name)
    session = ReplaySession(replay)
    session.seek(0)
    state = replay.record.new_state(get_game(replay.record.game))
    seen: list[list[str]] = [[] for _ in range(session.players)]
    for n, (seat, action) in enumerate(replay.record.actions, 1):
        top = decisions.top(state)
        secret = top is not None and top.how == decisions.SECRET
        events = state.apply(seat, action)
        session.forward()
        for p in range(session.players):
            assert session.view(p) == state.view(p), f"step {n}: seat {p}'s view"
            happened = session.poll(p) if p == 0 else []
            for h in happened:
                assert h.events == tuple(e.for_viewer(p) for e in events)
                # another seat's secret choice is never shown, as at a live table
                assert h.action == (None if secret and seat != p else action)
            seen[p] += [e.for_viewer(p).text for e in events if e.for_viewer(p).text]
        if n % 17 == 0 or n == session.length:
            for p in range(session.players):
                assert [t for _, t in session.log(p)] == seen[p]


def test_every_hand_is_shown_only_once_the_game_is_over():
    replay, _ = played("sanguosha", 4)
    replay.record.actions = replay.record.actions[: len(replay.record.actions) // 2]
    replay.finished = False
    unfinished = ReplaySession(replay)
    assert not unfinished.open_allowed()
    with pytest.raises(IllegalAction):
        unfinished.open_view()
    finished = load(played("sanguosha", 4)[0].dumps())
    finished.seek(3)
    assert finished.open_allowed() and finished.open_view() == finished.state_at(3).to_json()


def test_a_game_watched_as_a_spectator_may_be_seen_open():
    replay, _ = played("madoka", 3)
    replay.kinds = ["ai:strong"] * 3
    replay.record.actions = replay.record.actions[:5]
    replay.finished = False
    assert ReplaySession(replay).open_allowed()


def test_nothing_can_be_played_in_a_replay():
    session = load(played("bloodborne")[0].dumps())
    session.seek(0)
    seat = session.to_act()[0]
    assert session.legal_actions(seat) == []
    with pytest.raises(IllegalAction):
        session.apply(seat, session.acted(1).action)


# --- refused records ---------------------------------------------------------------------------
def refusal(text) -> ReplayError:
    with pytest.raises(ReplayError) as refused:
        load(text)
    message = refused.value.message
    assert message and "\n" not in message
    return refused.value


def test_a_damaged_file_is_refused():
    assert "damaged" in refusal(b"\xff\xfe not text").message
    assert "damaged" in refusal('{"format": "cardtable-replay", ]').message


def test_a_truncated_file_is_refused():
    text = played("madoka")[0].dumps()
    assert "cut short" in refusal(text[: len(text) // 2]).message


def test_a_record_cut_at_an_action_is_refused_with_the_step_reached():
    replay, _ = played("sanguosha", 4)
    half = len(replay.record.actions) // 2
    replay.record.actions = replay.record.actions[:half]
    refused = refusal(replay.dumps())
    assert "cut short" in refused.message and refused.step == half


def test_a_record_from_a_newer_version_is_refused():
    data = played("madoka")[0].to_json()
    data["version"] = 2
    assert "newer" in refusal(json.dumps(data)).message


def test_another_games_data_is_refused():
    data = played("madoka")[0].to_json()
    with pytest.raises(ReplayError) as refused:
        parse(json.dumps(data), expect_game="sanguosha")
    assert refused.value.message.endswith(f"not {get_game('sanguosha').title}")
    assert "not a Card Table replay" in refusal('{"format": 1, "settings": {}}').message
    data["game"] = "chess"
    assert "does not have" in refusal(json.dumps(data)).message


def test_a_tampered_record_stops_at_the_illegal_action_with_the_reason():
    replay, _ = played("sanguosha", 4)
    data = replay.to_json()
    middle = len(data["actions"]) // 2
    seat, action = data["actions"][middle]
    data["actions"][middle] = [seat, ["play", 987654, None, None]]
    refused = refusal(json.dumps(data))
    assert refused.step == middle + 1
    assert refused.message.startswith(f"step {middle + 1} of ")


def test_a_record_cannot_smuggle_anything_but_data():
    data = played("madoka")[0].to_json()
    data["actions"][0][1][1] = {"__class__": "os.system"}
    assert refusal(json.dumps(data)).step == 1
    assert "twice" in refusal('{"format": "cardtable-replay", "format": "x"}').message
    assert "not a number" in refusal('{"format": "cardtable-replay", "version": NaN}').message
    extra = played("madoka")[0].to_json()
    extra["run"] = "print(1)"
    assert "does not know" in refusal(json.dumps(extra)).message


def test_selfplay_writes_one_replay_per_game(tmp_path):
    from game.cli.selfplay import selfplay

    summary = selfplay("bloodborne", 3, 2, 5, ["random"], records=str(tmp_path))
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == ["bloodborne-3p-seed5.json", "bloodborne-3p-seed6.json"]
    lengths = [load(f.read_bytes()).length for f in files]
    assert sum(lengths) / 2 == summary["mean_decisions"]
