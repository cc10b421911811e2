"""The Match: every applied action goes through the rules and into the record; a saved match
replays to exactly the same state; a person who concedes a game that goes on hands the seat
to a bot."""

from __future__ import annotations

import json

import pytest

from game.ai.agents import decide
from game.core.contract import Action, IllegalAction
from game.core.rng import Rng
from game.match import Match

SEATS = ["you", "ai:random", "ai:random", "ai:random"]


def play_some(match: Match, n: int, seed: int = 5) -> None:
    rng = Rng(seed)
    for _ in range(n):
        if match.is_over():
            return
        p = match.to_act()[0]
        match.apply(p, rng.choice(match.state.legal_actions(p)))


def bot_move(match: Match, seat: int):
    """What the seat's bot plays now, decided as the session asks it (game/local_session.py)."""
    return decide(match.agents[seat], match.state, seat, match.world_rng(seat),
                  match.sees_everything[seat])


def test_apply_appends_to_the_record():
    match = Match("madoka", 4, 11, SEATS)
    p = match.to_act()[0]
    action = match.state.legal_actions(p)[0]
    events = match.apply(p, action)
    assert match.record.actions == [(p, action)]
    assert events, "the rules report what happened"


def test_illegal_action_leaves_match_and_record_untouched():
    match = Match("madoka", 4, 11, SEATS)
    before = match.state.to_json()
    not_acting = (match.to_act()[0] + 1) % 4
    card = match.state.hands[not_acting][0]
    with pytest.raises(IllegalAction):
        match.apply(not_acting, Action("play", source=card, target="play"))
    assert match.state.to_json() == before
    assert match.record.actions == []


def test_to_json_from_json_resumes_exactly_the_same_state():
    match = Match("madoka", 4, 12, SEATS)
    play_some(match, 25)
    data = json.loads(json.dumps(match.to_json()))  # through real JSON text
    loaded = Match.from_json(data)
    assert loaded.state.to_json() == match.state.to_json()
    assert loaded.seats == match.seats
    assert loaded.record.actions == match.record.actions
    # and it goes on identically
    play_some(match, 10, seed=9)
    play_some(loaded, 10, seed=9)
    assert loaded.state.to_json() == match.state.to_json()


def test_from_json_rejects_a_record_whose_action_is_illegal():
    match = Match("madoka", 4, 12, SEATS)
    play_some(match, 3)
    data = match.to_json()
    p, a = data["record"]["actions"][1]
    data["record"]["actions"][1] = [(p + 1) % 4, a]  # someone acting out of turn
    with pytest.raises(ValueError, match="cannot be replayed"):
        Match.from_json(data)


def test_from_json_rejects_malformed_data():
    with pytest.raises(ValueError):
        Match.from_json({"seats": ["you"]})
    with pytest.raises(ValueError):
        Match.from_json([1, 2, 3])


def test_ai_seats_get_agents_and_human_seats_are_listed():
    match = Match("madoka", 3, 4, ["you", "ai:random", "human"])
    assert set(match.agents) == {1}
    assert match.human_seats == [0, 2]


def test_ai_seats_are_told_which_seats_are_people():
    match = Match("madoka", 3, 4, ["you", "ai:strong", "human"])
    assert match.agents[1].people == {0, 2}


def test_a_resumed_match_gives_bots_the_memory_of_their_own_moves():
    # the strong Madoka bot remembers what each tell meant; after Continue it must be the
    # same bot as if the game had never stopped
    seats = ["ai:strong"] * 4
    match = Match("madoka", 4, 11, seats)
    for _ in range(30):
        p = match.to_act()[0]
        match.apply(p, bot_move(match, p))
    again = Match.from_json(json.loads(json.dumps(match.to_json())))
    for seat in range(4):
        old, new = match.agents[seat].memory, again.agents[seat].memory
        assert (new.meaning, new.last, new.cleansed) == (old.meaning, old.last, old.cleansed)
    p = match.to_act()[0]
    assert bot_move(again, p) == bot_move(match, p)


class Spy:
    """A bot that keeps every state it is shown."""

    def __init__(self) -> None:
        self.shown = []

    def choose(self, state, player):
        self.shown.append(state)
        return state.legal_actions(player)[0]


def test_the_bot_thread_decides_on_a_determinization_too(toy_registered):
    from game.local_session import BotThread

    match = Match("toy", 2, 3, ["you", "ai:greedy"])
    spy = match.agents[1] = Spy()
    match.apply(0, match.state.legal_actions(0)[0])  # seat 0's secret bid is on the table
    worker = BotThread()
    worker.request(1, spy, match.state, match.world_rng(1), match.sees_everything[1])
    seat, action, error = worker.take(timeout=10.0)
    assert (seat, error) == (1, None)
    assert spy.shown[-1].hands[0] != match.state.hands[0]


def test_unknown_bot_or_seat_count_is_refused():
    with pytest.raises(ValueError):
        Match("madoka", 2, 1, ["you", "ai:nobody"])
    with pytest.raises(ValueError):
        Match("madoka", 3, 1, ["you", "ai:random"])


def test_each_seat_brings_its_own_options_and_a_bot_chooses_its_own(monkeypatch):
    """A game with seat options (a deck each): a person's choice is kept, an AI seat's bot
    picks its own, each is checked by the game, and the record (so a save) keeps them all."""
    from game import registry
    from game.ai.agents import RandomAgent
    from tests import toygame

    class DeckedBid(toygame.SecretBid):
        name = "decked"
        seat_options = {"deck": ("plain", "which bid cards a seat plays with")}
        given: list = []

        def new_state(self, players, seed, seats=None, **options):
            DeckedBid.given.append(seats)
            return super().new_state(players, seed, **options)

        def validate_seat_options(self, seat):
            problems = super().validate_seat_options(seat)
            if seat.get("deck") not in (None, "plain", "bold"):
                problems.append(f"no deck called {seat['deck']!r}")
            return problems

        def bots(self):
            return {"bold": BoldBot}

    class BoldBot(RandomAgent):
        def choose_seat_options(self, game, seat, rng):
            return {"deck": "bold"}

    game = DeckedBid()
    monkeypatch.setitem(registry._games, "decked", game)
    match = Match("decked", 2, 3, ["you", "ai:bold"], seat_options=[{"deck": "plain"}])
    assert DeckedBid.given[-1] == [{"deck": "plain"}, {"deck": "bold"}]
    again = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert again.record.seats == [{"deck": "plain"}, {"deck": "bold"}]
    with pytest.raises(ValueError, match="Player 1: no deck called 'huge'"):
        Match("decked", 2, 3, ["you", "ai:bold"], seat_options=[{"deck": "huge"}])
