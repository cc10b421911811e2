"""Single-observer information-set MCTS (SO-ISMCTS; Cowling, Powley & Whitehouse 2012).

Works on any game through the contract alone (`determinize`, `to_act`, `legal_actions`, `step`,
`clone`, `outcome`). One iteration:

1. **Determinize**: sample a full state consistent with what the searcher knows.
2. **Select**: walk down the one shared tree, choosing among the actions legal *in this
   determinization* by UCB1 with availability counts (an action's exploration term uses how often
   it was available, not how often its parent was visited).
3. **Expand** one new node, then **play out** with a policy (uniform random, or the game's
   heuristic bot), optionally cut off after `cutoff` actions and scored by `evaluate(state)`.
4. **Backpropagate** one reward per seat in [0, 1]: competitive games give 1 to a sole winner
   (shared among tied winners), cooperative games give score / max score (see `max_score`).

Simultaneous steps (several seats in `to_act()`) are searched *decoupled*: at such a node every
acting seat picks its action from its own statistics, independently of the others' picks this
iteration, and the node's child is keyed by the joint move. So no seat's choice at that step
conditions on another's secret choice; choices an opponent made *before* the search started are
hidden because `determinize` resamples them.

Approximations (documented, deliberate):
- Nodes are keyed by the moves actually made, as SO-ISMCTS does: after an opponent's move the
  searcher cannot see (a face-down discard), later nodes still branch on it. Merging such moves
  (SO-ISMCTS + POM) would need each game to say what is observable; our games reveal nearly all
  moves, and simultaneous choices are revealed together right after the step.
- Opponents are modelled from the same statistics as the searcher (one tree), so they "search" in
  the searcher's determinizations; MO-ISMCTS would keep one tree per seat. Alternatively an
  `others` model (e.g. the game's convention bot) plays the other seats inside the tree: the
  partner modelling Hanabi-like games need (Walton-Rivers et al.).

Options for a game with a good heuristic (all off by default):
- `guide` + `prior_visits`: in each new node the guide's move starts with that many visits at
  the position's evaluated value, so a small budget plays as the guide does and leaves it only
  for a move the search found better (a prior, as in progressive bias);
- `moves(state, seat)`: the moves searched (e.g. one of several copies of the same card);
- `horizon_rounds`: playouts stop that many rounds (`state.rounds`) after the searched
  position and are scored by `evaluate`, so every leaf is scored at the same point of a round.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from game.ai.base import Agent
from game.core.contract import Action, Outcome, State
from game.core.rng import Rng

#: iterations per decision when neither `iterations` nor `seconds` is given
DEFAULT_ITERATIONS = 1000
#: UCB1 exploration constant for rewards in [0, 1]
EXPLORATION = 0.7

Evaluate = Callable[[State], list[float]]


def max_score(state: State) -> float | None:
    """A cooperative game's best possible score, or None when the game does not say."""
    top = state.max_score()
    return float(top) if top else None


def outcome_rewards(
    outcome: Outcome, players: int, cooperative: bool, top: float | None = None
) -> list[float]:
    """One reward in [0, 1] per seat for a finished game: cooperative games score / `top`
    (win or loss when `top` is unknown), competitive games one win shared among the winners."""
    if cooperative:
        if top is None:
            return [1.0 if outcome.winners else 0.0] * players
        return [min(1.0, max(0.0, s / top)) for s in outcome.scores]
    share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
    rewards = [0.0] * players
    for p in outcome.winners:
        rewards[p] = share
    return rewards


class _Node:
    """One information set of the shared tree.

    `stats[seat][action]` = [visits, reward sum, availability]; `children` maps the move made
    here (an Action, or a tuple of (seat, Action) at a simultaneous step) to the next node.
    """

    __slots__ = ("stats", "children")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Action, list]] = {}
        self.children: dict[Any, _Node] = {}


class ISMCTS(Agent):
    """An Agent: `choose(state, player)` searches from `player`'s information set.

    Budget: `iterations` per decision and/or `seconds` of processor time per decision
    (whichever ends first); neither given means DEFAULT_ITERATIONS. `playout` is an Agent or an agent factory(seed)
    used for playouts (default uniform random). With `cutoff` and `evaluate`, playouts stop
    after `cutoff` actions and `evaluate(state)` gives the per-seat rewards in [0, 1].
    `others` (an Agent or factory, default None) models the other seats inside the tree too:
    they play as it predicts instead of searching (partner modelling for cooperative games,
    an opponent model when the opponents' bot is known).
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        playout: Any = None,
        cutoff: int | None = None,
        evaluate: Evaluate | None = None,
        exploration: float = EXPLORATION,
        others: Any = None,
        guide: Any = None,
        prior_visits: int = 0,
        moves: Callable[[State, int], list[Action]] | None = None,
        horizon_rounds: int | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.rng = Rng(seed)
        self.iterations, self.seconds = iterations, seconds
        self.playout = self._agent(playout)
        self.others = self._agent(others)
        self._me = -1
        self.cutoff = cutoff if evaluate is not None else None
        self.evaluate = evaluate
        self.exploration = exploration
        self.guide = self._agent(guide)
        self.prior_visits = prior_visits if guide is not None else 0
        self.moves = moves
        self.horizon_rounds = horizon_rounds if evaluate is not None else None
        self._root_rounds = 0
        #: iterations run by the last `choose` (for benchmarks and tests)
        self.last_iterations = 0
        #: (players, cooperative, max score) of the game being searched, for the rewards
        self._score: tuple[int, bool, float | None] = (0, False, None)

    def _agent(self, agent: Any) -> Any:
        """An Agent as given, or made by calling a factory (a class or function) with a seed."""
        if isinstance(agent, type) or (agent is not None and not hasattr(agent, "choose")):
            return agent(self.rng.next64())
        return agent

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if not legal:
            raise ValueError(f"{state.seat_name(player)} has nothing to choose now")
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        table = self.search(state, player)

        def visits(action: Action) -> tuple[int, float]:
            s = table.get(action)
            return (s[0], s[1]) if s else (-1, 0.0)

        return max(legal, key=visits)

    def search(self, state: State, player: int) -> dict[Action, list]:
        """Run the budget from `player`'s information set; return the root's statistics for
        that seat: action -> [visits, reward sum, availability].

        The `seconds` budget is this thread's processor time, not the wall clock, so a bot
        thinks as long on a busy machine as on a quiet one (and figures do not depend on load).
        """
        root = _Node()
        self._me = player
        self._root_rounds = state.rounds or 0
        self._score = (state.players, state.game.cooperative, max_score(state))
        deadline = None if self.seconds is None else time.thread_time() + self.seconds
        n = 0
        while self.iterations is None or n < self.iterations:
            if deadline is not None and n and time.thread_time() >= deadline:
                break
            self._iterate(root, state.determinize(player, self.rng))
            n += 1
        self.last_iterations = n
        return root.stats.get(player, {})

    # --- one iteration ---------------------------------------------------------------------
    def _iterate(self, node: _Node, state: State) -> None:
        path: list[tuple[_Node, list[tuple[int, Action]]]] = []
        while True:  # selection, until a new node is made or the game ends
            seats = state.to_act()
            if not seats:
                break
            moves = [(seat, self._decide(node, state, seat)) for seat in seats]
            if len(moves) == 1:
                key: Any = moves[0][1]
                state.step(*moves[0])
            else:
                moves = self._step_simultaneous(state, moves)
                key = tuple(moves)
            path.append((node, moves))
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node()
                break
            node = child
        rewards = self._playout(state)
        for node, moves in path:  # backpropagation
            for seat, action in moves:
                table = node.stats.get(seat)
                if table is not None:  # None: a seat the `others` model played
                    s = table[action]
                    s[0] += 1
                    s[1] += rewards[seat]

    def _decide(self, node: _Node, state: State, seat: int) -> Action:
        """The searcher's and, without an `others` model, everyone's moves come from the tree;
        with one, the other seats play as that model predicts."""
        if self.others is None or seat == self._me:
            return self._select(node, state, seat)
        return self.others.choose(state, seat)

    def _select(self, node: _Node, state: State, seat: int) -> Action:
        """UCB1 with availability counts over the actions legal in this determinization (or
        `moves`); an action never tried here is tried first (at random among the untried). A
        new node starts the guide's move with its prior visits."""
        table = node.stats.get(seat)
        moves = state.legal_actions(seat) if self.moves is None else self.moves(state, seat)
        if table is None:
            table = node.stats[seat] = {}
            if self.prior_visits and len(moves) > 1:
                guess = self.guide.choose(state, seat)
                value = self.evaluate(state)[seat] if self.evaluate is not None else 0.5
                table[guess] = [self.prior_visits, self.prior_visits * value, 0]
                if guess not in moves:
                    moves = [*moves, guess]
        untried = []
        best, best_value = None, -1.0
        c = self.exploration
        for action in moves:
            s = table.get(action)
            if s is None:
                s = table[action] = [0, 0.0, 0]
            s[2] += 1
            if s[0] == 0:
                untried.append(action)
            elif not untried:
                v = s[1] / s[0] + c * math.sqrt(math.log(s[2]) / s[0])
                if v > best_value:
                    best, best_value = action, v
        if untried:
            return untried[self.rng.below(len(untried))] if len(untried) > 1 else untried[0]
        return best

    @staticmethod
    def _step_simultaneous(state: State, moves: list[tuple[int, Action]]) -> list:
        """Apply every seat's secret choice in seat order (each was chosen without seeing the
        others'); a seat the rules no longer ask is skipped."""
        done = []
        for seat, action in moves:
            if done and seat not in state.to_act():
                continue
            state.step(seat, action)
            done.append((seat, action))
        return done

    def _playout(self, state: State) -> list[float]:
        policy, rng, cutoff = self.playout, self.rng, self.cutoff
        end = None if self.horizon_rounds is None else self._root_rounds + self.horizon_rounds
        depth = 0
        while True:
            seats = state.to_act()
            if not seats:
                return outcome_rewards(state.outcome(), *self._score)
            if (cutoff is not None and depth >= cutoff) or (
                    end is not None and (state.rounds or 0) >= end):
                return list(self.evaluate(state))
            seat = seats[0]
            if policy is None:
                legal = state.legal_actions(seat)
                action = legal[rng.below(len(legal))]
            else:
                action = policy.choose(state, seat)
            state.step(seat, action)
            depth += 1


def ismcts_factory(**defaults: Any) -> Callable[..., ISMCTS]:
    """A bot factory for `Game.bots()`: `factory(seed, **overrides) -> ISMCTS`.

    E.g. `"ismcts": ismcts_factory(playout=MyBot, cutoff=30, evaluate=my_eval)`. A `seconds`
    override without `iterations` makes the budget time-only (the command line's --budget-ms).
    """

    def factory(seed: int = 0, **overrides: Any) -> ISMCTS:
        options = dict(defaults)
        if "seconds" in overrides and "iterations" not in overrides:
            options.pop("iterations", None)
        options.update(overrides)
        return ISMCTS(seed, **options)

    factory.__doc__ = f"ISMCTS with {defaults or 'default settings'}"
    return factory
