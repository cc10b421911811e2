"""The `search` teammate: the `strong` conventions, plus a look ahead before each turn.

SPARTA-style single-agent search over the `strong` blueprint (docs/madoka-bots.md):

1. The blueprint (`bots.Strong`) says what it would do, reading the tells exactly as `strong`
   does; everybody else at the table keeps playing `strong`, so a person who knows the
   conventions understands every tell the search bot gives and every tell it reads.
2. A few other candidate actions are drawn up: the best few tells by the blueprint's value,
   each cleanse, the blueprint's discard and the chop, the likeliest play, and in the final
   round every card that may be playable (the gambles).
3. Worlds are sampled: my hand from the blueprint's beliefs (hints, plus what the teammates'
   tells imply by the conventions), the girl deck and the unseen witches shuffled. A hand in
   which the seat before me, which discarded, would have told me something instead is drawn
   again (`would_have_told_me`): the teammates' own actions say something about my hand.
4. In the same worlds each candidate is played, then every seat finishes the game as
   `strong`; the scores are compared pairwise with the blueprint's.
5. The bot deviates only when the gain is clear (`MARGIN` points and `Z` standard errors).

Its deviations change only which action is taken and when, never how a tell is read.

The budget: `seconds` of processor time per decision (the app's speed setting passes it;
the clock may run at most `WALL` times as long on a busy machine), or `iterations` rollouts
(reproducible: the honesty check uses it). Decisions the blueprint is sure of
(a card it knows is playable, a finesse to answer) are not searched.
"""

from __future__ import annotations

import math
import time

from game.ai.agents import Agent
from game.core.contract import Action
from game.core.rng import Rng
from game.madoka.bots import Moves, Strong, StrongBot, _table
from game.madoka.knowledge import Memory, chop, p_playable, sure
from game.madoka.state import MadokaState

#: points a candidate must gain over the blueprint, on average over the sampled worlds
MARGIN = 0.5
#: ...and standard errors of that difference (2 was measured a little worse: the search
#: deviates less often where it would gain; docs/madoka-bots.md)
Z = 1.0
#: search only once the girl deck holds at most this many cards: 40, the whole game (early
#: decisions gained less per decision than late ones, but still gained: docs/madoka-bots.md)
SEARCH_FROM_DECK = 40
#: the search stops when one more world would take it past this share of its budget (a world
#: may take longer than the average so far: the decision stays within the budget)
SAFETY = 0.95
#: the clock may run this many times the budget while other programs share the processor
WALL = 5.0
#: candidates are compared after this many worlds, and one clearly behind is dropped
PRUNE_EVERY = 4
#: the best this many tells (by the blueprint's value) are candidates
TELLS = 3
#: in the final round every card that may be playable is a candidate play
ALL_FINAL_PLAYS = True
#: sample my hand again (up to FILTER_TRIES times) when the seat before me would have told me
#: something in that world instead of discarding (`would_have_told_me`)
FILTER = True
FILTER_TRIES = 8


class SearchBot(Agent):
    """`strong` with a look ahead (see the module's docstring)."""

    name = "search"

    def __init__(self, seed: int = 0, seconds: float | None = None,
                 iterations: int | None = None) -> None:
        self.rng = Rng(seed)
        self.blueprint = StrongBot(seed)
        self.iterations = iterations
        self.seconds = 1.0 if seconds is None and iterations is None else seconds
        #: (decision number, candidate chosen, blueprint's) of every deviation, for the logs
        self.deviations: list[tuple[int, Action, Action]] = []
        #: (seconds, rollouts) of every searched decision
        self.searched: list[tuple[float, int]] = []
        #: what I saw at my previous turn: each seat's hand (card id -> identity), the copies
        #: of each identity discarded, the witches gone (to tell what the seat before me did)
        self.seen: tuple | None = None
        #: the Soul Gem's markers when the seat before me discarded instead of telling
        #: (None: it did something else, or I cannot tell)
        self.passed_at: int | None = None

    def think_for(self, seconds: float) -> None:
        """Think at most `seconds` of processor time per decision from now on (the app passes
        its speed setting: scenes/table.py `THINK`)."""
        self.seconds, self.iterations = seconds, None

    def meet_people(self, seats) -> None:
        self.blueprint.meet_people(seats)

    def observe(self, state, player: int, action: Action) -> None:
        self.blueprint.observe(state, player, action)

    def choose(self, state: MadokaState, player: int) -> Action:
        bp = self.blueprint
        t = _table(state, player)
        self.passed_at = self.previous_seat_discarded(t)
        bp.memory.update(t)
        moves = Moves(state.legal_actions(player))
        strong = Strong(t, moves, bp.memory.meaning, bp.memory.finessed, bp.people)
        base = strong.decide()
        act = base
        seed = self.rng.next64()
        if self.worth_searching(t, strong, base):
            start = (time.thread_time(), time.perf_counter())
            cands = candidates(strong, base)
            if len(cands) > 1:
                act, rollouts = self.search(state, player, strong, cands, Rng(seed), start)
                self.searched.append((time.thread_time() - start[0], rollouts))
                if act != base:
                    self.deviations.append((t.turn, act, base))
        bp.memory.cleansed = act.kind == "cleanse"
        return act

    def previous_seat_discarded(self, t) -> int | None:
        """The markers on the Soul Gem if the seat just before me discarded a card (rather
        than tell anyone, at a gem that allowed it) since my previous turn; else None."""
        seen = self.seen
        self.seen = ([{c.id: c.identity for c in h} for h in t.hands], list(t.discarded),
                     len(t.witches_gone))
        if seen is None or t.final_round or t.grief >= 2 or t.last_told >= 0:
            return None
        q = (t.me - 1) % t.players
        now = {c.id for c in t.hands[q]}
        gone = [c for c in seen[0][q] if c not in now]
        if len(gone) != 1 or len(t.witches_gone) != seen[2]:
            return None  # (a witch made it discard, or it was shuffled: Roberta, Gertrud)
        c = seen[0][q][gone[0]]
        return t.grief if c >= 0 and t.discarded[c] > seen[1][c] else None

    def worth_searching(self, t, strong: Strong, base: Action) -> bool:
        if t.deck > SEARCH_FROM_DECK and not t.final_round:
            return False
        if strong.finessed:
            return False
        if base.kind == "play" and not t.final_round:
            # a card the blueprint is sure of: playing it is what everyone expects
            k = next(i for i, c in enumerate(strong.hand) if c.id == base.source)
            b = strong.mine[k]
            if sure(t, b):
                return False
        return True

    # --- the search ------------------------------------------------------------------------------
    def search(self, state: MadokaState, player: int, strong: Strong, cands: list[Action],
               rng: Rng, start: tuple[float, float]) -> tuple[Action, int]:
        """Play each candidate in the same sampled worlds, everyone finishing as `strong`;
        the candidate with the clearly best mean (else the blueprint's, `cands[0]`)."""
        alive = list(range(len(cands)))
        scores: list[list[float]] = [[] for _ in cands]
        rollouts = 0
        worlds = 0
        while len(alive) > 1:
            if self.iterations is not None:
                if rollouts + len(alive) > max(self.iterations, len(alive)) and worlds:
                    break
            elif worlds and out_of_time(start, self.seconds, worlds):
                break
            world = sample_world(state, player, strong, rng)
            if self.passed_at is not None and FILTER:
                for _ in range(FILTER_TRIES):
                    if not would_have_told_me(world, player, self.passed_at):
                        break
                    world = sample_world(state, player, strong, rng)
            memory = self.blueprint.memory
            for i in alive:
                scores[i].append(rollout(world, player, cands[i], memory, self.blueprint.people))
                rollouts += 1
            worlds += 1
            if worlds % PRUNE_EVERY == 0:
                alive = prune(alive, scores)
        best, gain = 0, 0.0
        for i in alive[1:]:
            mean, se = paired(scores[i], scores[0])
            if mean > MARGIN and mean > Z * se and mean > gain:
                best, gain = i, mean
        return cands[best], rollouts


def out_of_time(start: tuple[float, float], seconds: float, worlds: int) -> bool:
    """Would one more world overrun the budget? The budget is this thread's processor time
    (so a busy machine does not weaken the search), but never more than `WALL` times as long
    on the clock (so the table is never kept waiting long)."""
    cpu = time.thread_time() - start[0]
    wall = time.perf_counter() - start[1]
    seconds *= SAFETY
    return cpu * (worlds + 1) / worlds > seconds or wall * (worlds + 1) / worlds > WALL * seconds


def prune(alive: list[int], scores: list[list[float]]) -> list[int]:
    """Keep the blueprint (index 0: a deviation is measured against it) and the candidates
    that may still beat it by the margin (optimistically, two standard errors up)."""
    keep = [0]
    for i in alive[1:]:
        mean, se = paired(scores[i], scores[0])
        if mean + 2.0 * se > MARGIN:
            keep.append(i)
    return keep


def paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean of a - b over the worlds both were played in, and its standard error."""
    n = min(len(a), len(b))
    diff = [a[w] - b[w] for w in range(n)]
    mean = sum(diff) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diff) / (n - 1) / n) if n > 1 else math.inf
    return mean, se


def candidates(strong: Strong, base: Action) -> list[Action]:
    """The blueprint's action first, then the deviations worth trying: the best `TELLS`
    tells, each cleanse, the blueprint's discard and the chop, the likeliest play, and in the
    final round every card that may be playable."""
    t, m = strong.t, strong.m
    out = [base]

    def add(a: Action | None) -> None:
        if a is not None and a not in out:
            out.append(a)

    if not t.final_round:
        if t.grief < 2:
            add(strong.best_tell()[0])
            for _, a in sorted(strong.tells, key=lambda x: -x[0])[1:TELLS]:
                add(a)
        for n in sorted(m.cleanse):
            add(m.cleanse[n])
    if m.discard:
        add(strong.discard(None))
        k = chop(strong.hand)  # the card the teammates expect me to discard
        add(m.discard.get(strong.hand[max(k, 0)].id))
    best, bp = None, 0.0
    for card, b in zip(strong.hand, strong.mine, strict=True):
        p = p_playable(t, b)
        if p > bp and card.id in m.play:
            best, bp = m.play[card.id], p
    add(best)
    if t.final_round and ALL_FINAL_PLAYS:
        for card, b in zip(strong.hand, strong.mine, strict=True):
            if p_playable(t, b) > 0:
                add(m.play.get(card.id))
    return out


def sample_world(state: MadokaState, player: int, strong: Strong, rng: Rng) -> MadokaState:
    """A full state `player` cannot tell from this one, with `player`'s hand drawn from the
    blueprint's beliefs (hints and the conventions' readings of the teammates' tells), the
    girl deck taking the rest; the unseen witches and the future are reshuffled."""
    world = state.determinize(player, rng)
    hand = world.hands[player]
    hidden = hand + world.deck
    pool = sorted(world.girl_of[c] * 4 + world.number_of[c] - 1 for c in hidden)
    codes = _draw_hand(pool, strong, world, hand, rng)
    if codes is None:
        return world  # the beliefs contradict each other: keep the plain hint sample
    all_codes = [g * 4 + n - 1 for g, n in zip(world.girl_of, world.number_of, strict=True)]
    for c, k in zip(hidden, codes, strict=True):
        all_codes[c] = k
    world.set_identities(all_codes)
    return world


def would_have_told_me(world: MadokaState, me: int, grief: int) -> bool:
    """In this world, would the seat before me (which discarded at `grief` markers) have
    told me something instead, as `strong` (reading the hints it finds)? Such worlds are
    not the one we are in: the teammates' own actions say something about my hand."""
    q = (me - 1) % world.players
    t = _table(world, q)
    if t.witches_up[-1:] == ["elly"] or t.returned_witches[-1:] == ["elly"]:
        return False  # (H.N. Elly may have kept it from telling anyone)
    if t.complete(t.madoka):
        return False  # (it may have been digging for Walpurgisnacht)
    check = world.checks["tell"]
    # (its discard sent the witch on top back: Patricia then allowed numbers only)
    numbers = t.returned_witches[-1:] == ["patricia"]
    tells = [a for a in world.game.tells_to[world.variant][me] if check(world, q, a) is None
             and not (numbers and a.option[0] == "girl")]
    if not tells:
        return False
    memory = Memory()
    memory.update(t)
    _, value = Strong(t, Moves(tells), memory.meaning).best_tell()
    return value >= StrongBot.TELL_AT[min(grief, 1)]


def _draw_hand(pool: list[int], strong: Strong, world: MadokaState, hand: list[int],
               rng: Rng) -> list[int] | None:
    """Codes for hand + deck: each hand card one its belief allows (weighted by copies),
    the most constrained first; the deck the rest in random order. None: no fit in 20 tries."""
    allowed = []
    for cid, card, b in zip(hand, strong.hand, strong.mine, strict=True):
        assert cid == card.id
        allowed.append(set(b) if b else None)
    order = sorted(range(len(hand)), key=lambda k: len(allowed[k]) if allowed[k] else 99)
    for _ in range(20):
        rest = pool[:]
        chosen = [0] * len(hand)
        for k in order:
            fits = [i for i, c in enumerate(rest)
                    if (allowed[k] is None or c in allowed[k]) and _hint_fits(world, hand[k], c)]
            if not fits:
                break
            chosen[k] = rest.pop(fits[rng.below(len(fits))])
        else:
            rng.shuffle(rest)
            return chosen + rest
    return None


def _hint_fits(s: MadokaState, cid: int, c: int) -> bool:
    return bool(s.girls_possible[cid] >> (c >> 2) & 1 and s.numbers_possible[cid] >> (c & 3) & 1)


def rollout(world: MadokaState, player: int, action: Action, memory: Memory,
            people: frozenset[int]) -> float:
    """The final score after `player` takes `action` in `world` and every seat then plays
    `strong` to the end (my seat remembering what I remember, the others reading the hints
    they find)."""
    s = world.clone()
    s.step(player, action)
    bots = [StrongBot(0) for _ in range(s.players)]
    mine = bots[player].memory
    mine.last, mine.meaning = dict(memory.last), dict(memory.meaning)
    mine.witches = (list(memory.witches[0]), list(memory.witches[1]))
    mine.cleansed = action.kind == "cleanse"
    for b in bots:
        b.people = people
    while not s.over:
        p = s.current
        s.step(p, bots[p].choose(s, p))
    return float(s.outcome().scores[0])
