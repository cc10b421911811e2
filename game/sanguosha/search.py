"""Sanguosha's searching bot ("ismcts"): information-set Monte Carlo search over the contract,
guided by the heuristic (bots.py) at every step.

- **Which questions it searches**: the play phase and a Nullification it could use
  (SEARCHED) — where a choice shapes the game — unless the heuristic's best answer is
  OBVIOUS. Every other question (Dodges, Peaches for the dying, discards, picks, skills'
  small choices) the heuristic answers at once.
- **Worlds** (determinization): the hidden hands and draw pile as the core deals them
  (`state.determinize`: consistent with every card seen), and the hidden identities drawn
  from the searcher's belief (belief.py: the exact posterior from the public record), not
  shuffled evenly: a seat that has struck the Lord is a Rebel in most worlds.
- **The tree** is the searcher's question alone (SO-ISMCTS cut to depth 1): with a second of
  processor time a search runs some hundreds of playouts, too few to grow a tree below the
  first choice. Each playout plays a candidate action, then every seat (the searcher too)
  plays as the heuristic would, for PLAYOUT_CUTOFF actions; `evaluate` scores the position
  reached. The other seats are heuristic players, so the heuristic is their model too.
  Every candidate is played in the same worlds with the same luck (RootSearch), so the
  comparison is between actions, not between draws of the cards.
- **Heuristic first**: only the heuristic's CANDIDATES best-scored actions are searched, its
  own choice first, and it stands unless another beat it clearly (`verdict`).
"""

from __future__ import annotations

import math
import statistics
import time
from typing import Any

from game.ai.agents import Agent
from game.ai.ismcts import ISMCTS
from game.core import decisions
from game.core.contract import Action
from game.core.rng import Rng
from game.sanguosha.bots import HeuristicAgent, evaluate

#: the questions searched; the heuristic answers the rest
SEARCHED = frozenset({"play", "nullify"})
#: playouts stop after this many actions and the position is scored by `evaluate`
PLAYOUT_CUTOFF = 40
#: how many of the heuristic's best actions are searched
CANDIDATES = 5
#: a question is not searched when the heuristic's best action scores this much above the
#: next (its scores: Ex Nihilo 9, a Peach 8, equipment 6, an attack 3–6, ending 0)
OBVIOUS = 3.0
#: the search overrules the heuristic only after this many worlds, with a mean gain of at
#: least MARGIN (in the evaluation's shares of the table) and SURE standard errors
MIN_ROUNDS, MARGIN, SURE = 12, 0.005, 2.5


class BeliefWorlds:
    """The searched position as ISMCTS sees it: its worlds have the hands the core deals and
    the identities drawn from the searcher's belief."""

    def __init__(self, state, player: int, belief) -> None:
        self.state, self.player, self.belief = state, player, belief
        self.players, self.game = state.players, state.game

    def max_score(self) -> float | None:
        return self.state.max_score()

    def determinize(self, player: int, rng: Any):
        world = self.state.determinize(player, rng)
        for seat, identity in zip(self.belief.hidden, self.belief.draw_identities(rng),
                                  strict=True):
            world.identity[seat] = identity
        return world


class RootSearch(ISMCTS):
    """ISMCTS over the searcher's one question, in rounds: each round draws a fresh world and
    plays every candidate action in it, each followed by a heuristic playout with the same
    random numbers (the world's own dice and the playout bot's), cut off and evaluated. The
    candidates are so compared on the same worlds and the same luck (common random numbers):
    their differences are much less noisy than their values."""

    def __init__(self, seed: int = 0, **options: Any) -> None:
        super().__init__(seed, **options)
        self.candidates: list[Action] = []
        #: per candidate, its reward minus the first candidate's, round by round
        self.differences: dict[Action, list[float]] = {}

    def search(self, state, player: int) -> dict[Action, list]:
        self._me = player
        self._score = (state.players, state.game.cooperative, state.max_score())
        deadline = None if self.seconds is None else time.thread_time() + self.seconds
        table = {a: [0, 0.0, 0] for a in self.candidates}
        self.differences = {a: [] for a in self.candidates[1:]}
        playouts = 0
        while self.iterations is None or playouts < self.iterations:
            if deadline is not None and playouts and time.thread_time() >= deadline:
                break
            world = state.determinize(player, self.rng)
            luck = self.rng.next64()
            first = 0.0
            for i, action in enumerate(self.candidates):
                w = world.clone()
                w.step(player, action)
                self.playout.rng = Rng(luck)
                reward = self._playout(w)[player]
                s = table[action]
                s[0] += 1
                s[1] += reward
                if i == 0:
                    first = reward
                else:
                    self.differences[action].append(reward - first)
            playouts += len(self.candidates)
        self.last_iterations = playouts
        return table

class SearchAgent(Agent):
    """The "ismcts" seat: the heuristic's answer, searched where it matters (module doc)."""

    name = "ismcts"

    def __init__(self, seed: int = 0, seconds: float | None = 1.0,
                 iterations: int | None = None, cutoff: int = PLAYOUT_CUTOFF) -> None:
        self.heuristic = HeuristicAgent(seed)
        self.playout = HeuristicAgent(seed + 1)
        self.search = RootSearch(seed, seconds=seconds, iterations=iterations,
                                 playout=self.playout, cutoff=cutoff, evaluate=evaluate)

    @property
    def last_iterations(self) -> int:
        return self.search.last_iterations

    def choose(self, state, player: int) -> Action:
        legal = state.legal_actions(player)
        quick = self.heuristic.choose(state, player)
        kind = decisions.asked(state)
        self.search.last_iterations = 0
        if len(legal) == 1 or kind not in SEARCHED:
            return quick
        scores = {a: self.heuristic.score(state, player, a) for a in legal}
        ranked = sorted(legal, key=lambda a: -scores[a])
        if scores[ranked[0]] - scores[ranked[1]] >= OBVIOUS:
            return quick  # equipping an empty slot, Ex Nihilo, a Peach when hurt...
        ranked.remove(quick)
        self.search.candidates = [quick] + ranked[:CANDIDATES - 1]
        self.playout.freeze(state)
        belief = self.heuristic.belief_with_worlds(state, player)
        self.search.search(BeliefWorlds(state, player, belief), player)
        return self.verdict(quick)

    def verdict(self, quick: Action) -> Action:
        """The heuristic's answer, unless another candidate beat it on the same worlds by
        MARGIN on average and by SURE standard errors, over at least MIN_ROUNDS worlds."""
        best, best_gain = quick, MARGIN
        for action, diffs in self.search.differences.items():
            if len(diffs) < MIN_ROUNDS:
                continue
            gain = statistics.fmean(diffs)
            error = statistics.stdev(diffs) / math.sqrt(len(diffs))
            if gain > best_gain and gain > SURE * error:
                best, best_gain = action, gain
        return best


def search_factory(seed: int = 0, **overrides: Any) -> SearchAgent:
    """`Game.bots()["ismcts"]`: a second of processor time per searched question by default;
    `iterations` alone makes the budget a count of playouts (tests)."""
    if "iterations" in overrides and "seconds" not in overrides:
        overrides["seconds"] = None
    return SearchAgent(seed, **overrides)
