"""Secret Bid: a tiny test-only game with hidden hands and simultaneous secret choices.

It exists so the generic pieces (contract test, ISMCTS, command line) have something small to run
before and besides the real games. Rules:

- A deck of 16 bid cards (values 1..8, two of each) is shuffled; each player gets a hidden hand
  of 5; the rest stays face down, unseen. 5 prize cards (values 1..5) are shuffled face down.
- Each round the top prize is turned up. Every player secretly and simultaneously bids one card
  from hand. When all have bid, the bids are revealed: the single highest bid takes the prize;
  if the highest bid is tied, nobody does and the prize is discarded. Bids go to the discard.
- The prize worth 1 is a consolation: whoever takes it adds 2 to their next bid.
- After 5 rounds, the player with the most prize points wins (ties share the win).
- A player may concede at any time: they can no longer win, and a bot bids for them until the
  end (the table hands the seat to the game's default bot).

Tests register it under the name "toy" (see `register`); it is not in the game registry. Its
table is tests/toytable.py. docs/plugging-in-a-game.md walks through both, top to bottom.
"""

from __future__ import annotations

from typing import Any

from game.ai.agents import Agent
from game.core import decisions
from game.core.contract import Action, Game, Outcome
from game.core.effects import Effects
from game.core.fields import LIST, LISTS, RNG, VALUE
from game.core.flow import FlowState, Rules, close, go, mark, marked, unmark
from game.core.rng import Rng

BID_CARDS = 16  # ids 0..15, value id // 2 + 1
PRIZE_BASE = 100  # prize ids 100..103, value id - 99
PRIZES = 5
HAND = 5


def value(card: int) -> int:
    return card - PRIZE_BASE + 1 if card >= PRIZE_BASE else card // 2 + 1


#: what a prize does when taken, by its value (the card's text; its behaviour is an effect)
PRIZE_TEXT = {1: "consolation"}
EFFECTS = Effects("toy", hooks={"prize_taken": "a player takes a prize"})


@EFFECTS.on("prize_taken", "consolation")
def consolation(s: BidState, player: int) -> None:
    """The taker's next bid counts 2 more (remembered in the marks store)."""
    mark(s, player, "bonus", 2)
    s.emit("bonus", f"{s.seat_name(player)}'s next bid counts 2 more", player)


EFFECTS.check_data([("tests/toygame.py", f"prize {v}", key) for v, key in PRIZE_TEXT.items()])

rules = Rules()


# --- the round, in rulebook order ------------------------------------------------------------

@rules.step
def turn_up_prize(s: BidState) -> None:
    """The top prize is turned up; every player bids a card face down."""
    s.prize = s.prizes.pop() if s.prizes else None
    if s.prize is not None:
        decisions.ask_secretly(s, "bid", range(s.players), then="reveal_bids",
                               prompt="{seat}: bid a card face down")


def bid_candidates(s: BidState, player: int) -> list[Action]:
    return [Action("bid", c, "table", label=f"Bid {value(c)} (card {c})")
            for c in s.hands[player]]


def check_bid(s: BidState, player: int, action: Action) -> str | None:
    """A bid is a card from your own hand."""
    if action.source not in s.hands[player] or action.target != "table" or action.option:
        return "You can only bid a card from your hand."
    return None


@rules.kind("bid", answers=("bid",), candidates=bid_candidates, check=check_bid)
def bid(s: BidState, player: int, action: Action) -> None:
    s.hands[player].remove(action.source)
    s.emit("bid", f"{s.seat_name(player)} bids face down", player,
           private=lambda: f"You bid {value(action.source)}", seen_by=(player,),
           secret={"card": action.source})
    if decisions.answer(s, player, action.source):
        s.bids = tuple(s.decisions[-1].answer_of(p) for p in range(s.players))
        close(s)


@rules.step
def reveal_bids(s: BidState) -> None:
    """The bids are revealed: the single highest bid takes the prize; a tie discards it."""
    values = [value(b) + marked(s, p, "bonus", 0) for p, b in enumerate(s.bids)]
    for p in range(s.players):
        unmark(s, p, "bonus")  # a bonus counts for one bid
    top = max(values)
    takers = [p for p, b in enumerate(values) if b == top]
    if len(takers) == 1:
        s.won[takers[0]].append(s.prize)
        s.emit("prize", f"{s.seat_name(takers[0])} takes the prize ({value(s.prize)})",
               takers[0], card=s.prize)
        EFFECTS.run("prize_taken", PRIZE_TEXT.get(value(s.prize), ""), s, takers[0])
    else:
        s.discard.append(s.prize)
        s.emit("prize", f"A tie at {top}: the prize ({value(s.prize)}) is discarded", card=s.prize)
    s.discard.extend(s.bids)
    s.bids = ()
    s.round += 1
    go(s, "turn_up_prize")


class SecretBid(Game):
    name = "toy"
    title = "Secret Bid"
    min_players = 2
    max_players = 3
    cooperative = False
    default_bot = "greedy"

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
        go(st, "turn_up_prize")
        rules.advance(st)
        return st

    def state_from_json(self, data: dict) -> BidState:
        return BidState.restore(self, data)

    def max_decisions(self, players: int) -> int:
        return players * HAND

    def bots(self) -> dict[str, Any]:
        return {"greedy": GreedyBidder}


class BidState(FlowState):
    """The bids of a round are the answers of one secret decision frame (`ask_secretly`)."""

    __slots__ = ("rng", "hands", "stock", "prizes", "prize", "bids", "won", "discard", "round")

    rules = rules
    concedable = True
    fields = {"rng": RNG, "hands": LISTS, "stock": LIST, "prizes": LIST, "prize": VALUE,
              "bids": VALUE, "won": LISTS, "discard": LIST, "round": VALUE}

    def __init__(self, game: SecretBid, players: int) -> None:
        super().__init__(game, players)
        self.rng = Rng(0)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.stock: list[int] = []
        self.prizes: list[int] = []
        self.prize: int | None = None
        self.bids: tuple = ()
        self.won: list[list[int]] = [[] for _ in range(players)]
        self.discard: list[int] = []
        self.round = 1

    # --- information ------------------------------------------------------------------------
    def _view(self, player: int | None) -> dict:
        frame = decisions.top(self)
        return {
            "round": self.round,
            "prize": self.prize,
            "prizes_left": len(self.prizes),
            "stock": len(self.stock),
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "decision": frame.public(player) if frame is not None else None,
            "won": [list(w) for w in self.won],
            "discard": list(self.discard),
            "bonus": [marked(self, p, "bonus", 0) for p in range(self.players)],
        }

    def determinize(self, player: int, rng: Any) -> BidState:
        """Deal the bid cards `player` has not seen (others' hands, others' secret bids, the
        stock) anew, and shuffle the prize pile."""
        st = self.clone()
        others = [q for q in range(self.players) if q != player]
        frame = decisions.top(self)
        bid = {s: a for s, a in frame.answers} if frame is not None else {}
        pool = list(self.stock)
        for q in others:
            pool.extend(self.hands[q])
            if q in bid:
                pool.append(bid[q])
        pool.sort()  # start from what `player` knows only, not from where the cards really are
        rng.shuffle(pool)
        for q in others:
            n = len(self.hands[q])
            st.hands[q] = sorted(pool[:n])
            del pool[:n]
        if frame is not None:
            answers = tuple((s, a if s == player else pool.pop()) for s, a in frame.answers)
            st.decisions[-1] = frame._replace(answers=answers)
        st.stock = pool
        st.prizes.sort()
        rng.shuffle(st.prizes)
        st.rng = Rng(rng.next64())
        return st

    def is_over(self) -> bool:
        return self.prize is None

    def score(self, player: int) -> int:
        return sum(value(c) for c in self.won[player])

    def concede(self, player: int) -> None:
        """A seat that concedes can no longer win (`outcome`); its bids go on."""

    def outcome(self) -> Outcome:
        scores = tuple(float(self.score(p)) for p in range(self.players))
        standing = [p for p in range(self.players) if p not in self.conceded]
        best = max((scores[p] for p in standing), default=None)
        winners = tuple(p for p in standing if scores[p] == best)
        return Outcome(winners, scores, details={"rounds": self.round - 1,
                                                 "all_won": sum(map(len, self.won)) == PRIZES})

    def card_ids(self) -> list[int]:
        ids = [c for h in self.hands for c in h] + self.stock + self.prizes + self.discard
        ids += [c for w in self.won for c in w]
        if self.decisions:
            ids += [a for _, a in self.decisions[-1].answers]
        if self.prize is not None:
            ids.append(self.prize)
        return ids


class GreedyBidder(Agent):
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
