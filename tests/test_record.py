"""Game records (game/core/record.py): saves, replays and bug reports are the same JSON file."""

from __future__ import annotations

import json
import os
import pickle

import pytest

from game.core.contract import Action, IllegalAction
from game.core.record import GameRecord
from game.core.rng import Rng
from tests import toygame


def played_record(seed: int = 3, players: int = 3) -> tuple[GameRecord, dict]:
    """A full random toy game: its record and its final state's JSON."""
    state = toygame.GAME.new_state(players, seed)
    record = GameRecord("toy", players, seed)
    rng = Rng(seed)
    while not state.is_over():
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        record.actions.append((seat, action))
    return record, state.to_json()


def test_a_record_replays_to_the_same_state(toy_registered):
    record, final = played_record()
    assert GameRecord.loads(record.dumps()).replay(toygame.GAME).to_json() == final


def test_a_record_is_plain_json_with_the_agreed_fields(toy_registered):
    record, _ = played_record()
    data = json.loads(record.dumps())
    assert {"game", "players", "seed", "options", "actions"} <= set(data)
    assert data["game"] == "toy" and len(data["actions"]) == 3 * toygame.HAND


def test_a_tampered_action_is_refused_on_replay(toy_registered):
    record, _ = played_record()
    data = record.to_json()
    seat, action = data["actions"][4]
    data["actions"][4] = [seat, ["bid", 99, "table", None]]  # a card nobody holds
    with pytest.raises(IllegalAction) as refused:
        GameRecord.from_json(data).replay(toygame.GAME)
    assert refused.value.reason


def test_an_action_by_the_wrong_seat_is_refused_on_replay(toy_registered):
    record, _ = played_record(players=2)
    (seat, action), rest = record.actions[0], record.actions[1:]
    record.actions = [(seat, action), (seat, rest[0][1])] + rest[1:]  # the same seat bids twice
    with pytest.raises(IllegalAction):
        record.replay(toygame.GAME)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[1, 2, 3]",
        '{"format": 1, "game": "toy"}',
        '{"format": 99, "game": "toy", "players": 2, "seed": 1, "actions": []}',
        '{"format": 1, "game": "toy", "players": "two", "seed": 1, "actions": []}',
        '{"format": 1, "game": "toy", "players": 2, "seed": 1, "actions": [[0]]}',
        '{"format": 1, "game": "toy", "players": 2, "seed": 1, "actions": "bid"}',
        '{"format": 1, "game": "toy", "players": 2, "seed": 1, "actions": [[0, ["bid", 1]]]}',
        '{"format": 1, "game": "toy", "players": 2, "seed": 1,'
        ' "actions": [[0, ["bid", [1], {"x": 1}, null]]]}',
    ],
    ids=["empty", "truncated", "not-an-object", "missing-fields", "unknown-format", "bad-players",
         "short-entry", "actions-not-a-list", "short-action", "unhashable-action"],
)
def test_a_malformed_record_raises_value_error_with_a_reason(text):
    with pytest.raises(ValueError) as bad:
        GameRecord.loads(text)
    assert str(bad.value)


class _Boom:
    def __reduce__(self):
        return (os.system, ("echo pwned",))


@pytest.mark.parametrize(
    "payload",
    [
        pickle.dumps(_Boom(), protocol=0).decode("latin-1"),
        pickle.dumps(GameRecord("toy", 2, 1)),
        "[" * 100_000 + "]" * 100_000,
    ],
    ids=["pickle-text", "pickle-bytes", "nesting-bomb"],
)
def test_hostile_content_is_rejected_as_bad_json(payload):
    with pytest.raises(ValueError, match="not valid JSON"):
        GameRecord.loads(payload)


def test_action_json_keeps_tuples_as_tuples():
    action = Action("tell", None, 2, ("girl", "homura"))
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
