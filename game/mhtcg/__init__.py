"""The Monster Hunter trading card game (2007; rules revision of 25 January 2008), 2-4 players.

`GAME = MonsterHunterGame()`; `GAME.new_state(players, seed, seats=[{"deck": "A"}, ...])`.
Spec: docs/rules/mhtcg.md. The card data loader is in cards.py, the table of sheets in maps.py,
equipment queries in gear.py, the rulebook steps in rules.py, what a player may do (candidates
and one check per action kind) in moves.py, card behaviour by keyword or item id in
abilities.py (registered in effects.py), the state in state.py, hand-made states in setups.py.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations
from pathlib import Path
from typing import Any

from game.core.contract import Game
from game.core.data import CardDataError
from game.core.resources import data_path
from game.mhtcg import (
    abilities,  # noqa: F401  (registers the card behaviour)
    rules,
)
from game.mhtcg.cards import CardSet, card_set, load_card_set
from game.mhtcg.effects import EFFECTS
from game.mhtcg.maps import Table
from game.mhtcg.state import MhState

DECK_IDS = ("A", "B", "C", "D")
SYSTEM_WORDS = {"great_sword": "Great Sword", "sword_and_shield": "Sword and Shield",
                "lance": "Lance", "bowgun": "Bowgun"}


def default_decks(players: int, seed: int) -> list[str]:
    """Distinct starter decks, every combination and seat order equally often over seeds."""
    orders = list(permutations(DECK_IDS, players))
    return list(orders[seed % len(orders)])


def seat_decks(chosen: list[str], defaults: list[str]) -> list[str]:
    """Each seat's deck: its own choice, else the next default deck no seat has chosen (two
    seats may choose the same deck, D39; the game never adds a duplicate by itself). With at
    most 4 seats and 4 decks there is always one left."""
    free = [d for d in dict.fromkeys(defaults + list(DECK_IDS)) if d not in chosen]
    return [deck or free.pop(0) for deck in chosen]


def check_effects(cs: CardSet, root: Path | None = None) -> None:
    """Every ability keyword and item id in the data has a handler, and every handler a card."""
    base = Path(root) if root is not None else data_path("mhtcg")
    uses = [(str(base / "monsters.toml"), m.id, a.keyword) for m in cs.monsters.values()
            for a in m.abilities]
    uses += [(str(base / "hunters.toml"), h.id, h.ability) for h in cs.hunters.values()]
    uses += [(str(base / "items.toml"), i.id, i.id) for i in cs.items.values()]
    EFFECTS.check_data(uses)


class MonsterHunterGame(Game):
    name = "mhtcg"
    title = "Monster Hunter TCG"
    min_players = 2
    max_players = 4
    cooperative = False
    seat_options = {"deck": ("", "Starter deck (A Forest and Hills, B Jungle, C Desert, "
                                 "D Snowy Mountains); empty: one no other seat plays")}

    def card_set(self) -> CardSet:
        return card_set()

    @staticmethod
    @cache
    def table(players: int) -> Table:
        return Table(card_set().side_for(players), players)

    def new_state(self, players: int, seed: int, seats: list[dict] | None = None,
                  **options: Any) -> MhState:
        self.check_players(players)
        if options:
            raise ValueError(f"unknown option(s) for {self.title}: {', '.join(sorted(options))}")
        chosen = [""] * players
        for p, seat in enumerate((seats or [])[:players]):
            problems = self.validate_seat_options(seat)
            if problems:
                raise ValueError("; ".join(problems))
            chosen[p] = seat.get("deck", "")
        decks = seat_decks(chosen, default_decks(players, seed))
        s = MhState(self, players, seed, decks)
        rules.setup(s)
        return s

    def seat_option_choices(self, name: str) -> list[tuple[str, str]]:
        """The new-game screen's per-seat deck picker: "Any" (a deck no other seat plays,
        the default), then each starter deck by name and weapon."""
        if name != "deck":
            return []
        cs = self.card_set()
        words = {d.id: SYSTEM_WORDS[cs.hunters[d.hunter].system] for d in cs.decks.values()}
        return [("", "Any")] + [(d.id, f"{d.id} {d.name} · {words[d.id]}")
                                for d in cs.decks.values()]

    def validate_seat_options(self, seat: dict) -> list[str]:
        problems = super().validate_seat_options(seat)
        deck = seat.get("deck", "")
        if deck and deck not in self.card_set().decks:
            problems.append(f"unknown deck {deck!r}; choose one of {', '.join(DECK_IDS)}")
        return problems

    def state_from_json(self, data: dict) -> MhState:
        return MhState.restore(self, data)

    def max_decisions(self, players: int) -> int:
        return rules.ROUND_LIMIT * 1500

    #: the bot the app seats by default: quick and readable ("ismcts" thinks ~1 s per move)
    default_bot = "heuristic"
    #: the AI levels setup offers, each measured stronger than the one below it
    #: (data/mhtcg/balance.md, "Levels")
    bot_levels = {"random": "Easy", "heuristic": "Normal", "ismcts": "Hard"}
    #: a game runs to 20 HRP over many rounds: the suite's contract test plays 10 seeds a count
    contract_seeds = 10

    def bots(self) -> dict[str, Any]:
        """The heuristic hunter (bots.py) and ISMCTS with it as the playout policy, cut off
        after bots.CUTOFF actions and scored by bots.evaluate."""
        from game.ai.agents import RandomAgent
        from game.mhtcg.bots import HeuristicAgent, ismcts_factory

        return {"random": RandomAgent, "heuristic": HeuristicAgent, "ismcts": ismcts_factory}

    def validate_data(self, data_dir: str | Path | None = None) -> list[str]:
        try:
            cs = load_card_set(Path(data_dir) if data_dir is not None else None)
            check_effects(cs, data_dir)
        except CardDataError as e:
            return [str(e)]
        return []


GAME = MonsterHunterGame()
