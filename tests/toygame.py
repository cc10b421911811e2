"""Secret Bid: a tiny test-only game with hidden hands and simultaneous secret choices.

It exists so the generic pieces (contract test, ISMCTS, command line) have something small to run
before and besides the real games. Rules:

- A deck of 16 bid cards (values 1..8, two of each) is shuffled; each player gets a hidden hand
  of 5; the rest stays face down, unseen. 5 prize cards (values 1..5) are shuffled face down.
- Each round the top prize is turned up. Every player secretly and simultaneously bids one card
  from hand. When all have bid, the bids are revealed: the single highest bid takes the prize;
  if the highest bid is tied, nobody does and the prize is discarded. Bids go to the discard.
- After 5 rounds, the player with the most prize points wins (ties share the win).

Tests register it under the name "toy" (see `register`); it is not in the game registry.
"""

from __future__ import annotations

from typing import Any

from game.ai.agents import RandomAgent
from game.core.contract import Action, Game, Outcome, State
from game.core.rng import Rng

BID_CARDS = 16  # ids 0..15, value id // 2 + 1
PRIZE_BASE = 100  # prize ids 100..103, value id - 99
PRIZES = 5
HAND = 5


def value(card: int) -> int:
    return card - PRIZE_BASE + 1 if card >= PRIZE_BASE else card // 2 + 1


class SecretBid(Game):
    name = "toy"
    title = "Secret Bid"
    min_players = 2
    max_players = 3
    cooperative = False

    def new_state(self, players: int, seed: int, **options: Any) -> BidState:
        self.check_players(players)
        st = BidState(self, players)
        st.rng = Rng(seed)
        deck = list(range(BID_CARDS))
        st.rng.shuffle(deck)
        st.hands = [sorted(deck[p * HAND : (p + 1) * HAND]) for p in range(players)]
        st.stock = deck[players * HAND :]
        st.prizes = [PRIZE_BASE + i for i in range(PRIZES)]
        st.rng.shuffle(st.prizes)
        st.prize = st.prizes.pop()
        return st

    def state_from_json(self, data: dict) -> BidState:
        st = BidState(self, data["players"])
        st.rng = Rng(data["rng"])
        st.hands = [list(h) for h in data["hands"]]
        st.stock = list(data["stock"])
        st.prizes = list(data["prizes"])
        st.prize = data["prize"]
        st.bids = list(data["bids"])
        st.won = [list(w) for w in data["won"]]
        st.discard = list(data["discard"])
        st.round = data["round"]
        return st

    def max_decisions(self, players: int) -> int:
        return players * HAND

    def bots(self) -> dict[str, Any]:
        return {"random": RandomAgent, "greedy": GreedyBidder}


class BidState(State):
    __slots__ = ("game", "players", "rng", "hands", "stock", "prizes", "prize", "bids", "won",
                 "discard", "round", "_events")

    def __init__(self, game: SecretBid, players: int) -> None:
        self.game, self.players = game, players
        self._events = None
        self.rng = Rng(0)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.stock: list[int] = []
        self.prizes: list[int] = []
        self.prize: int | None = None
        self.bids: list[int | None] = [None] * players
        self.won: list[list[int]] = [[] for _ in range(players)]
        self.discard: list[int] = []
        self.round = 1

    # --- turn structure -------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.prize is None:
            return ()
        return tuple(p for p in range(self.players) if self.bids[p] is None)

    def legal_actions(self, player: int) -> list[Action]:
        if self.prize is None or self.bids[player] is not None:
            return []
        hand = self.hands[player]
        return [Action("bid", c, "table", label=f"Bid {value(c)} (card {c})") for c in hand]

    def _apply(self, player: int, action: Action) -> None:
        self.hands[player].remove(action.source)
        self.bids[player] = action.source
        self.emit("bid", f"{self.seat_name(player)} bids face down", player)
        if None not in self.bids:
            self.reveal_bids()

    def reveal_bids(self) -> None:
        bids = [value(b) for b in self.bids]
        top = max(bids)
        takers = [p for p, b in enumerate(bids) if b == top]
        if len(takers) == 1:
            self.won[takers[0]].append(self.prize)
        else:
            self.discard.append(self.prize)
        self.discard.extend(self.bids)
        self.bids = [None] * self.players
        self.round += 1
        self.prize = self.prizes.pop() if self.prizes else None

    # --- information ------------------------------------------------------------------------
    def view(self, player: int | None) -> dict:
        return {
            "round": self.round,
            "prize": self.prize,
            "prizes_left": len(self.prizes),
            "stock": len(self.stock),
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "has_bid": [b is not None for b in self.bids],
            "my_bid": self.bids[player] if player is not None else None,
            "won": [list(w) for w in self.won],
            "discard": list(self.discard),
        }

    def determinize(self, player: int, rng: Any) -> BidState:
        """Deal the bid cards `player` has not seen (others' hands, others' secret bids, the
        stock) anew, and shuffle the prize pile."""
        st = self.clone()
        others = [q for q in range(self.players) if q != player]
        pool = list(self.stock)
        for q in others:
            pool.extend(self.hands[q])
            if self.bids[q] is not None:
                pool.append(self.bids[q])
        pool.sort()  # start from what `player` knows only, not from where the cards really are
        rng.shuffle(pool)
        for q in others:
            n = len(self.hands[q])
            st.hands[q] = sorted(pool[:n])
            del pool[:n]
            if self.bids[q] is not None:
                st.bids[q] = pool.pop()
        st.stock = pool
        st.prizes.sort()
        rng.shuffle(st.prizes)
        st.rng = Rng(rng.next64())
        return st

    def is_over(self) -> bool:
        return self.prize is None

    def score(self, player: int) -> int:
        return sum(value(c) for c in self.won[player])

    def outcome(self) -> Outcome:
        scores = tuple(float(self.score(p)) for p in range(self.players))
        best = max(scores)
        winners = tuple(p for p in range(self.players) if scores[p] == best)
        return Outcome(winners, scores, details={"rounds": self.round - 1,
                                                 "all_won": sum(map(len, self.won)) == PRIZES})

    def clone(self) -> BidState:
        st = BidState.__new__(BidState)
        st.game, st.players, st._events = self.game, self.players, None
        st.rng = self.rng.clone()
        st.hands = [list(h) for h in self.hands]
        st.stock = list(self.stock)
        st.prizes = list(self.prizes)
        st.prize = self.prize
        st.bids = list(self.bids)
        st.won = [list(w) for w in self.won]
        st.discard = list(self.discard)
        st.round = self.round
        return st

    def to_json(self) -> dict:
        return {
            "players": self.players,
            "rng": self.rng.state,
            "hands": [list(h) for h in self.hands],
            "stock": list(self.stock),
            "prizes": list(self.prizes),
            "prize": self.prize,
            "bids": list(self.bids),
            "won": [list(w) for w in self.won],
            "discard": list(self.discard),
            "round": self.round,
        }

    def card_ids(self) -> list[int]:
        ids = [c for h in self.hands for c in h] + self.stock + self.prizes + self.discard
        ids += [c for w in self.won for c in w] + [b for b in self.bids if b is not None]
        if self.prize is not None:
            ids.append(self.prize)
        return ids


class GreedyBidder:
    """Bid in proportion to the prize: the highest card for the best prize, the lowest for the
    worst. A stand-in for a game's heuristic bot (and ISMCTS playout policy)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        pass

    def choose(self, state: BidState, player: int) -> Action:
        actions = state.legal_actions(player)  # hand order: by card id, so by value
        rank = value(state.prize) - 1
        return actions[min(len(actions) - 1, rank * len(actions) // PRIZES)]


GAME = SecretBid()


def register(games: dict) -> None:
    """Add the toy game to a registry dict (tests pass `game.registry._games`)."""
    games[GAME.name] = GAME
