"""The Hermitcraft TCG (docs/rules/hermitcraft.md): two players, the Season 9 base set."""

from __future__ import annotations

from typing import Any, ClassVar

from game.core.contract import Game
from game.core.data import CardDataError
from game.core.rng import Rng
from game.hermitcraft.cards import CardSet, card_set
from game.hermitcraft.decks import (
    DeckCodeError,
    import_deck,
    random_deck,
    starter_decks,
    validate_deck,
)

_checked: list[bool] = []


class HermitcraftGame(Game):
    name = "hermitcraft"
    title = "Hermitcraft TCG"
    min_players = 2
    max_players = 2
    cooperative = False
    default_bot = "heuristic"
    #: the AI levels setup offers, each measured stronger than the one below it
    #: (data/hermitcraft/balance.md, "Levels")
    bot_levels = {"random": "Easy", "heuristic": "Normal", "ismcts": "Hard"}
    options: ClassVar[dict[str, tuple[Any, str]]] = {
        "reward_card": (False, "Reward card: a knock-out gives the top card of the loser's deck"),
        "deck_rules": ("rarity", "Deck rules"),
        "turn_timer": (False, "Turn timer: 90 seconds a turn, then the turn ends"),
    }
    option_choices: ClassVar[dict[str, tuple]] = {
        "reward_card": (False, True),
        "deck_rules": (("rarity", "Rarity limits"), ("tokens", "Token option")),
        "turn_timer": (False, True),
    }
    seat_options: ClassVar[dict[str, tuple[Any, str]]] = {
        "deck": ("random", "a starter deck id, a HC1: deck code, a legacy hash or a list of "
                 "card ids; 'random' picks a starter deck, 'build' builds a legal deck at random"),
    }

    def card_set(self) -> CardSet:
        """The bundled cards, checked once against the effect registry: a card with behaviour
        but no handler (or a handler with no card) is a CardDataError."""
        cards = card_set()
        if not _checked:
            from game.hermitcraft.effects import check_handlers

            check_handlers(cards)
            _checked.append(True)
        return cards

    def resolve_deck(self, value: Any, rng: Rng) -> list[str]:
        """A seat's deck option as 42 card ids (raises DeckCodeError / ValueError)."""
        cards = self.card_set()
        starters = starter_decks(cards)
        if value in (None, "random"):
            return starters[sorted(starters)[rng.below(len(starters))]]
        if value == "build":
            return random_deck(cards, rng)
        if isinstance(value, str):
            if value in starters:
                return starters[value]
            return import_deck(cards, value)
        return [str(c) for c in value]

    def new_state(self, players: int, seed: int, seats: list[dict] | None = None,
                  **options: Any):
        from game.hermitcraft import rules
        from game.hermitcraft.state import HermitState

        self.check_players(players)
        unknown = [k for k in options if k not in self.options]
        if unknown:
            raise ValueError(f"unknown option {unknown[0]!r} for {self.title}")
        st = HermitState(self, players)
        st.rng = Rng(seed)
        st.reward = bool(options.get("reward_card", False))
        st.deck_rules = str(options.get("deck_rules", "rarity"))
        seats = seats or [{}, {}]
        decks = [self.resolve_deck(seats[p].get("deck", "random"), st.rng) for p in range(2)]
        for p, deck in enumerate(decks):
            problems = validate_deck(self.card_set(), deck, st.deck_rules)
            if problems:
                raise ValueError(f"Player {p + 1}'s deck: {problems[0]}")
        rules.setup(st, decks)
        return st

    def bots(self) -> dict[str, Any]:
        from game.ai.agents import RandomAgent
        from game.hermitcraft.bots import HeuristicBot, ismcts

        return {"random": RandomAgent, "heuristic": HeuristicBot, "ismcts": ismcts}

    def state_from_json(self, data: dict):
        from game.hermitcraft.state import HermitState

        return HermitState.restore(self, data)

    def max_decisions(self, players: int) -> int:
        # each turn draws a card, so a game lasts at most about 2 x 36 turns; a turn holds at
        # most a few actions per card in hand
        return 12_000

    def validate_data(self, data_dir=None) -> list[str]:
        from game.hermitcraft.cards import load_card_set
        from game.hermitcraft.effects import check_handlers

        try:
            cards = load_card_set(data_dir) if data_dir is not None else card_set()
            check_handlers(cards)
            problems = [f"starter deck {d.id}: {msg}" for d in cards.starters
                        for msg in validate_deck(cards, d.cards)]
        except CardDataError as e:
            return [str(e)]
        return problems

    def seat_option_choices(self, name: str) -> list[tuple[Any, str]]:
        """The deck: a random starter deck (the default) or one of the four by name."""
        if name != "deck":
            return []
        return [("random", "Random starter deck")] + [(d.id, d.name)
                                                      for d in self.card_set().starters]

    def validate_seat_options(self, seat: dict) -> list[str]:
        problems = super().validate_seat_options(seat)
        if problems or "deck" not in seat:
            return problems
        try:
            deck = self.resolve_deck(seat["deck"], Rng(0))
        except (DeckCodeError, ValueError) as e:
            return [str(e)]
        return validate_deck(self.card_set(), deck)


GAME = HermitcraftGame()
