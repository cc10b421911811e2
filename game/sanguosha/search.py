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
  processor time a search runs some hundred playouts, too few to grow a tree below the
  first choice. Each playout plays the chosen action, then every seat (the searcher too)
  plays as the heuristic would, for PLAYOUT_CUTOFF actions; `evaluate` scores the position
  reached. The other seats are heuristic players, so the heuristic is their model too.
- **Heuristic first**: only the heuristic's CANDIDATES best-scored actions are searched, its
  own choice first, and it stands unless another was visited at least MIN_VISITS times and
  scored at least MARGIN better on average.
"""

from __future__ import annotations

from typing import Any

from game.ai.agents import Agent
from game.ai.ismcts import ISMCTS
from game.core.contract import Action
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
#: the search overrules the heuristic only with this many visits and this much better a mean
MIN_VISITS, MARGIN = 12, 0.01


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
    """ISMCTS over the searcher's one question: UCB1 among the candidate actions, each
    iteration a fresh world, the action, then a heuristic playout cut off and evaluated."""

    def __init__(self, seed: int = 0, **options: Any) -> None:
        super().__init__(seed, **options)
        self.candidates: list[Action] = []

    def _iterate(self, node, state) -> None:
        seat = self._me
        table = node.stats.setdefault(seat, {})
        untried = [a for a in self.candidates if a not in table]
        if untried:  # the heuristic's order: its own choice first
            action = untried[0]
            table[action] = [0, 0.0, 0]
        else:
            action = self._select(node, state, seat)
        state.step(seat, action)
        reward = self._playout(state)[seat]
        s = table[action]
        s[0] += 1
        s[1] += reward

    def _select(self, node, state, seat: int) -> Action:
        """UCB1 among the candidates (all legal in every world: they are the searcher's own
        cards and the public table)."""
        import math

        table = node.stats[seat]
        total = sum(table[a][0] for a in self.candidates)
        c = self.exploration
        return max(self.candidates, key=lambda a: table[a][1] / table[a][0]
                   + c * math.sqrt(math.log(total) / table[a][0]))


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
        kind = state.decisions[-1].kind if state.decisions else ""
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
        table = self.search.search(BeliefWorlds(state, player, belief), player)
        mine = table.get(quick)
        best, best_mean = quick, (mine[1] / mine[0] if mine and mine[0] else 0.0) + MARGIN
        for action, (visits, total, _) in table.items():
            if visits >= MIN_VISITS and total / visits > best_mean:
                best, best_mean = action, total / visits
        return best


def search_factory(seed: int = 0, **overrides: Any) -> SearchAgent:
    """`Game.bots()["ismcts"]`: a second of processor time per searched question by default;
    `iterations` alone makes the budget a count of playouts (tests)."""
    if "iterations" in overrides and "seconds" not in overrides:
        overrides["seconds"] = None
    return SearchAgent(seed, **overrides)
