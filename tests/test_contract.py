"""The rules-module contract (DESIGN §5), checked on random games of every registered game.

For every game (plus the test-only toy game), every player count and many seeds (50; set
CARDTABLE_SOAK=N for more), play games to the end and check at every step what DESIGN §2
promises. Even seeds play uniformly at random; odd seeds follow the game's first heuristic bot
with 10% random moves, so the checks also reach the late game that random play rarely sees
(random Madoka teams lose within a few turns). The costly checks (JSON round trip, clone aliasing, views and
determinizations) run at the first steps, at powers of two, every EVERY-th step and at the end.
"""

from __future__ import annotations

import json
import os

import pytest

from game.ai.agents import bots_for, make_bot
from game.core.contract import Action, Event, Game, IllegalAction, State
from game.core.record import GameRecord
from game.core.rng import Rng
from game.registry import all_games
from tests import toygame

SEEDS = int(os.environ.get("CARDTABLE_SOAK", "50"))
EVERY = 16


GAMES = {**all_games(), toygame.GAME.name: toygame.GAME}


def _cases():
    for name, game in GAMES.items():
        for players in range(game.min_players, game.max_players + 1):
            yield pytest.param(game, players, id=f"{name}-{players}p")


def _bots():
    for name, game in GAMES.items():
        for bot in bots_for(game):
            yield pytest.param(game, bot, id=f"{name}-{bot}")


def guide_bot(game: Game):
    """The game's first bot that neither plays at random nor searches, or None."""
    for name, factory in game.bots().items():
        if name != "random" and "ismcts" not in name:
            return factory
    return None


@pytest.mark.parametrize(("game", "players"), list(_cases()))
def test_random_games_keep_the_contract(game: Game, players: int, toy_registered):
    guide = guide_bot(game)
    for seed in range(SEEDS):
        bot = guide(seed) if guide is not None and seed % 2 else None
        ContractGame(game, players, seed, bot).play()


@pytest.mark.parametrize(("game", "bot"), list(_bots()))
def test_every_bot_plays_only_legal_actions_and_leaves_the_state_alone(game, bot, toy_registered):
    """Every seat played by the bot (searching bots on a tiny budget), from the smallest to the
    largest table: each choice is legal and choosing does not change the state."""
    factory = bots_for(game)[bot]
    searching = "ismcts" in bot
    for seed in range(1 if searching else 3):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        agents = [make_bot(factory, seed * 10 + p, iterations=8) for p in range(players)]
        state, rng = game.new_state(players, seed), Rng(seed)
        for _ in range(game.max_decisions(players)):
            if state.is_over():
                break
            seat = rng.choice(state.to_act())
            before = state.to_json()
            action = agents[seat].choose(state, seat)
            assert state.to_json() == before, f"{bot} changed the state while choosing"
            assert action in state.legal_actions(seat), f"{bot} chose {action}, not legal"
            state.apply(seat, action)
        assert state.is_over(), f"{game.name} with {bot} did not end within max_decisions"


class ContractGame:
    """One random game played under the contract checks; assertion messages say where."""

    def __init__(self, game: Game, players: int, seed: int, guide=None) -> None:
        self.game, self.players, self.seed = game, players, seed
        self.guide = guide  # an Agent choosing 90% of the moves, or None: all random
        self.state = game.new_state(players, seed)
        self.rng = Rng(seed ^ 0x5EED)
        self.record = GameRecord(game.name, players, seed)
        self.cards = sorted(self.state.card_ids())
        self.step = 0
        self.stale: list[Action] = []  # actions legal at the previous step
        self.determinize_changed_something = False

    def where(self) -> str:
        return f"{self.game.name} {self.players}p seed {self.seed} step {self.step}"

    def play(self) -> None:
        state, bound = self.state, self.game.max_decisions(self.players)
        while not state.is_over():
            assert self.step < bound, f"{self.where()}: game did not end within max_decisions"
            heavy = self.step < 3 or self.step & (self.step - 1) == 0 or self.step % EVERY == 0
            legal = self.check_turn()
            self.check_illegal_actions_are_refused(legal, heavy)
            if heavy:
                self.check_views_and_determinizations()
                self.check_json_round_trip()
            seat = self.rng.choice(state.to_act())
            action = self.rng.choice(legal[seat])
            if self.guide is not None and self.rng.random() < 0.9:
                action = self.guide.choose(state, seat)
                assert action in legal[seat], f"{self.where()}: the guide bot chose {action}"
            if heavy:
                self.check_clone_does_not_alias(seat, action)
            else:
                self.apply(seat, action)
            self.check_cards_conserved()
            self.stale = [a for acts in legal.values() for a in acts]
        self.check_game_over()
        self.check_views_and_determinizations()
        self.check_json_round_trip()
        self.check_outcome()
        self.check_replay()
        assert self.determinize_changed_something, (
            f"{self.where()}: determinize never resampled anything in a whole game"
        )

    def apply(self, seat: int, action: Action) -> None:
        events = self.state.apply(seat, action)
        assert isinstance(events, list) and all(isinstance(e, Event) for e in events), (
            f"{self.where()}: apply must return a list of events"
        )
        self.record.actions.append((seat, action))
        self.step += 1

    # --- the invariants -----------------------------------------------------------------------
    def check_turn(self) -> dict[int, list[Action]]:
        """Someone acts while the game runs; each acting seat has a complete, duplicate-free
        list of labelled actions; seats not acting have none."""
        state = self.state
        seats = state.to_act()
        assert seats, f"{self.where()}: to_act() is empty but the game is not over"
        assert len(set(seats)) == len(seats) and all(0 <= p < self.players for p in seats)
        legal = {}
        for p in range(self.players):
            actions = state.legal_actions(p)
            if p not in seats:
                assert actions == [], f"{self.where()}: seat {p} does not act but has actions"
                continue
            assert actions, f"{self.where()}: seat {p} must act but has no legal action"
            assert len(set(actions)) == len(actions), f"{self.where()}: duplicate actions"
            labels = [a.label for a in actions]
            assert all(labels), f"{self.where()}: an action has no label: {actions}"
            assert len(set(labels)) == len(labels), f"{self.where()}: labels not unique {labels}"
            legal[p] = actions
        return legal

    def check_illegal_actions_are_refused(self, legal: dict[int, list[Action]], heavy: bool):
        """An action that is not legal for that seat now raises IllegalAction with a reason and
        leaves the state as it was."""
        state = self.state
        before = state.to_json() if heavy else None
        seats = list(legal)
        idle = [p for p in range(self.players) if p not in legal]
        attempts = [(seats[0], Action("bogus", label="bogus"))]
        for p in seats:  # another acting seat's action, or one that was legal a step ago
            for a in self.stale[:5] + [a for q in seats if q != p for a in legal[q][:3]]:
                if a not in legal[p]:
                    attempts.append((p, a))
                    break
        if idle:  # a legal action, but for a seat that does not act now
            attempts.append((idle[0], legal[seats[0]][0]))
        for p, action in attempts:
            with pytest.raises(IllegalAction) as refused:
                state.apply(p, action)
            assert refused.value.reason, f"{self.where()}: IllegalAction without a reason"
        if heavy:
            assert state.to_json() == before, f"{self.where()}: a refused action changed state"

    def check_cards_conserved(self) -> None:
        assert sorted(self.state.card_ids()) == self.cards, (
            f"{self.where()}: the card multiset changed"
        )

    def check_clone_does_not_alias(self, seat: int, action: Action) -> None:
        """A clone equals the original; stepping the clone leaves the original alone; `step`
        and `apply` of the same action give the same state."""
        state = self.state
        before = state.to_json()
        twin = state.clone()
        assert twin.to_json() == before, f"{self.where()}: clone differs from the original"
        twin.step(seat, action)
        assert state.to_json() == before, f"{self.where()}: stepping a clone changed the original"
        self.apply(seat, action)
        assert state.to_json() == twin.to_json(), f"{self.where()}: step and apply disagree"

    def check_json_round_trip(self) -> None:
        data = self.state.to_json()
        again = self.game.state_from_json(json.loads(json.dumps(data)))
        assert again.to_json() == data, f"{self.where()}: JSON round trip is not exact"
        for actions in (self.state.legal_actions(p) for p in self.state.to_act()):
            for a in actions:
                assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a, (
                    f"{self.where()}: action {a} does not survive JSON"
                )

    def check_views_and_determinizations(self) -> None:
        """Every view is JSON; a determinization for p keeps p's view, the public view, who acts,
        p's legal actions and the cards, and does not touch the real state."""
        state = self.state
        before = state.to_json()
        public = state.view(None)
        json.dumps(public)
        for p in range(self.players):
            view = state.view(p)
            json.dumps(view)
            world = state.determinize(p, Rng(self.seed * 7919 + self.step * 31 + p))
            where = f"{self.where()} determinize({p})"
            assert world.view(p) == view, f"{where}: the player's view changed (a leak)"
            assert world.view(None) == public, f"{where}: the public view changed"
            assert world.to_act() == state.to_act(), f"{where}: to_act changed"
            assert world.legal_actions(p) == state.legal_actions(p), f"{where}: actions changed"
            assert sorted(world.card_ids()) == self.cards, f"{where}: cards not conserved"
            if world.to_json() != before:
                self.determinize_changed_something = True
        assert state.to_json() == before, f"{self.where()}: determinize changed the real state"

    def check_game_over(self) -> None:
        state = self.state
        assert state.to_act() == (), f"{self.where()}: the game is over but to_act() is not empty"
        for p in range(self.players):
            assert state.legal_actions(p) == [], f"{self.where()}: actions after the end"
        if self.stale:
            with pytest.raises(IllegalAction):
                state.apply(0, self.stale[0])

    def check_outcome(self) -> None:
        outcome = self.state.outcome()
        where = f"{self.where()} outcome {outcome}"
        assert len(outcome.scores) == self.players, f"{where}: one score per seat"
        assert len(set(outcome.winners)) == len(outcome.winners), f"{where}: winners repeat"
        assert set(outcome.winners) <= set(range(self.players)), f"{where}: unknown winner"
        assert isinstance(outcome.rank, str)
        json.dumps(outcome.details)
        if self.game.cooperative:
            assert len(set(outcome.scores)) == 1, f"{where}: cooperative scores differ"
            assert outcome.winners in ((), tuple(range(self.players))), f"{where}: winners"

    def check_replay(self) -> None:
        """Same seed + same actions = same state, through a saved record."""
        replayed = GameRecord.loads(self.record.dumps()).replay()
        assert replayed.to_json() == self.state.to_json(), f"{self.where()}: replay differs"


def test_contract_game_runs_on_the_toy_game(toy_registered):
    """The harness itself: one toy game passes and really takes several steps."""
    run = ContractGame(toygame.GAME, 3, seed=1)
    run.play()
    assert run.step == 3 * toygame.HAND and isinstance(run.state, State)


def test_contract_game_catches_a_leaking_view(toy_registered, monkeypatch):
    """The harness fails a game whose view shows another seat's secret bid."""

    original = toygame.BidState.view
    monkeypatch.setattr(
        toygame.BidState, "view", lambda self, p: {**original(self, p), "bids": list(self.bids)}
    )
    with pytest.raises(AssertionError, match="leak|public view"):
        for seed in range(5):
            ContractGame(toygame.GAME, 2, seed).play()


def test_contract_game_catches_a_clone_that_shares_lists(toy_registered, monkeypatch):
    """The harness fails a game whose clone shares the hands with the original."""
    original = toygame.BidState.clone

    def shallow_clone(self):
        twin = original(self)
        twin.hands = self.hands
        return twin

    monkeypatch.setattr(toygame.BidState, "clone", shallow_clone)
    with pytest.raises(AssertionError):  # first seen by determinize or by the clone check
        ContractGame(toygame.GAME, 2, seed=0).play()
