"""The rules-module contract (docs/plugging-in-a-game.md) as reusable checks: `ContractGame` plays one game
under every invariant; `check_bot_is_honest` checks that a bot decides from its seat's
information only. tests/test_contract.py runs them on every registered game; a game being
built runs them from its own tests before it is registered.
"""

from __future__ import annotations

import json

import pytest

from game.ai.agents import make_bot
from game.core.contract import Action, Event, Game, IllegalAction, NoSuchSeat
from game.core.record import GameRecord
from game.core.rng import Rng

EVERY = 16


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
                self.check_decisions_and_prompts()
                if self.step < 3:
                    self.check_seats_that_do_not_exist(legal)
            seat = self.rng.choice(state.to_act())
            action = self.rng.choice(legal[seat])
            if self.guide is not None and self.rng.random() < 0.9:
                action = self.guide.choose(state, seat)
                assert action in legal[seat], f"{self.where()}: the guide bot chose {action}"
            if heavy:
                self.check_events_show_each_seat_only_its_share(seat, action)
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

    def check_seats_that_do_not_exist(self, legal: dict[int, list[Action]]) -> None:
        """A seat that is not at the table is refused plainly by view, legal_actions and apply;
        a state takes no attribute it does not declare (slots: a typo raises)."""
        state, some = self.state, next(iter(legal.values()))[0]
        before = state.to_json()
        for bad in (-1, self.players, self.players + 3):
            with pytest.raises(NoSuchSeat):
                state.view(bad)
            with pytest.raises(NoSuchSeat):
                state.legal_actions(bad)
            with pytest.raises(NoSuchSeat):
                state.apply(bad, some)
        with pytest.raises(AttributeError):
            state.a_mistyped_attribute = 1
        assert state.to_json() == before, f"{self.where()}: asking for a missing seat changed it"

    def check_decisions_and_prompts(self) -> None:
        """Who acts is what the top decision asks; every acting seat is told what is asked."""
        state = self.state
        if state.decisions:
            assert state.to_act() == state.decisions[-1].waiting_for(), (
                f"{self.where()}: to_act disagrees with the top decision"
            )
        for p in state.to_act():
            words = state.prompt(p)
            assert isinstance(words, str) and words.strip(), (
                f"{self.where()}: no prompt for seat {p}"
            )

    def check_events_show_each_seat_only_its_share(self, seat: int, action: Action) -> None:
        """For every seat p, applying the action in a determinization for p gives p the same
        events as the real game whenever p ends up seeing the same thing in both: an event may
        not tell p more than p's view does. Private versions go only to `seen_by`."""
        state = self.state
        real = state.clone()
        real_events = real.apply(seat, action)
        for e in real_events:
            if e.seen_by:
                assert set(e.seen_by) <= set(range(self.players)), f"{self.where()}: {e}"
        for p in range(self.players):
            world = state.determinize(p, Rng(self.seed * 104729 + self.step * 13 + p))
            if action not in world.legal_actions(seat):
                continue
            world_events = world.apply(seat, action)
            if world.view(p) != real.view(p):
                continue  # p learned something that differs between the worlds (a draw)
            mine = [e.for_viewer(p) for e in real_events]
            theirs = [e.for_viewer(p) for e in world_events]
            assert mine == theirs, (
                f"{self.where()}: seat {p} sees different events in a world it cannot tell "
                f"from the real one (a leak): {mine} vs {theirs}"
            )

    def check_cards_conserved(self) -> None:
        """The card multiset never changes; every card instance is in exactly one zone; the
        processing area is empty whenever no effect is resolving."""
        assert sorted(self.state.card_ids()) == self.cards, (
            f"{self.where()}: the card multiset changed"
        )
        check_zones(self.state, self.cards, self.where())

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
        replayed = GameRecord.loads(self.record.dumps()).replay(self.game)
        assert replayed.to_json() == self.state.to_json(), f"{self.where()}: replay differs"



def check_zones(state, cards: list[int], where: str) -> None:
    """Every card instance in exactly one of `state.zones()`; "processing" empty unless an
    effect is resolving (the rules-module contract)."""
    zones = state.zones()
    seen: dict[int, str] = {}
    for zone, ids in zones.items():
        for c in ids:
            assert c not in seen, f"{where}: card {c} is in {seen[c]} and in {zone}"
            seen[c] = zone
    assert sorted(seen) == sorted(set(cards)) and len(seen) == len(cards), (
        f"{where}: the zones do not hold every card exactly once"
    )
    stuck = zones.get("processing", [])
    assert not stuck or state.resolving(), (
        f"{where}: cards {stuck} are in the processing area while nothing is resolving"
    )


def check_bot_is_honest(game: Game, factory, players: int, seeds: range, positions: int = 6,
                        guide=None) -> int:
    """A bot decides from its seat's information only: handed two determinizations of the same
    position for the acting seat (different hidden cards, different future), two copies of the
    bot with the same seed choose the same action. Returns how many choices were compared."""
    compared = 0
    for seed in seeds:
        state, rng = game.new_state(players, seed), Rng(seed ^ 0xB0B)
        mover = guide(seed) if guide is not None else None
        step = 0
        while not state.is_over() and compared < positions * (seed - seeds.start + 1):
            seat = rng.choice(state.to_act())
            legal = state.legal_actions(seat)
            if len(legal) > 1 and step % 3 == 0:
                one = state.determinize(seat, Rng(seed * 31 + step))
                two = state.determinize(seat, Rng(seed * 37 + step + 1))
                a = make_bot(factory, seed + step, iterations=16).choose(one, seat)
                b = make_bot(factory, seed + step, iterations=16).choose(two, seat)
                assert a == b, (
                    f"{game.name} {players}p seed {seed} step {step}: the bot chose {a} in one "
                    f"world and {b} in another that the seat cannot tell apart: it reads hidden "
                    "information"
                )
                compared += 1
            if mover is not None and rng.random() < 0.8:
                action = mover.choose(state.determinize(seat, Rng(step)), seat)
            else:
                action = rng.choice(legal)
            state.apply(seat, action)
            step += 1
    return compared
