"""Sanguosha (三國殺), standard edition: 4–10 players (and a 2-player quick game), hidden
identities, 25 generals. Spec: docs/rules/sanguosha.md.

cards.py loads data/sanguosha/*.toml; queries.py holds the pure questions the rules, the bots
and the table share; rules.py is the rulebook's outline (setup, the turn) and names the module
of each later chapter (targets, using, windows, judgement, damage, ending, zones); hooks.py
holds the rules flow and the effect registry they all fill in; effects/ registers what each
card and skill does, one module per family; state.py is the State (view, determinize); bots.py
the heuristic bot; docs.py writes data/sanguosha/rules.md.

Actions (the top decision says which are asked):
  Action("general", option=general_id)                      choose a general
  Action("use", source=cards, target=seats, option=(kind, via))   use a card (via: the skill
                                                            or weapon converting it, or "")
  Action("skill", source=cards, target=..., option=skill)   a play-phase skill
  Action("end")                                             end the play phase
  Action("respond", source=cards, option=(kind, via))       a Dodge, Slash, Peach or
                                                            Nullification in answer
  Action("invoke", ..., option=key) / Action("pass")        an optional skill or weapon
  Action("choose", ..., option=...)                         a card, a suit, a place
  Action("pick", source=card) / Action("done")              pick cards one at a time
"""

from __future__ import annotations

from typing import Any

from game.core.contract import Game
from game.core.data import CardDataError
from game.sanguosha.cards import card_set, load_card_set
from game.sanguosha.queries import FOUR_PLAYER_SPLITS


class SanguoshaGame(Game):
    name = "sanguosha"
    title = "Sanguosha"
    min_players = 4
    max_players = 10
    cooperative = False
    options = {
        "ex": (True, "Play with the 4 EX cards"),
        "four_player": (FOUR_PLAYER_SPLITS[0], "4-player identities (Lord/Loyalist/Rebel/"
                                              "Renegade)"),
        "two_renegades": (False, "Two Renegades at 6 and 8 players"),
        "stalemate_guard": (True, "A 6th reshuffle ends the game as a draw"),
        "human_lord": (False, "The first seat (the human's, D36) is always the Lord"),
    }
    option_choices = {"ex": (True, False), "four_player": FOUR_PLAYER_SPLITS,
                      "two_renegades": (False, True), "stalemate_guard": (True, False),
                      "human_lord": (False, True)}

    default_bot = "heuristic"
    #: Hard: the strong bot, measured against Normal in data/sanguosha/balance.md ("Levels":
    #: +2.2 points [+0.1, +4.4] paired over 800 games; the search it replaces lost to Normal)
    bot_levels = {"random": "Easy", "heuristic": "Normal", "strong": "Hard"}
    #: a 10-player game runs about 1,000–2,000 checked steps (a second each): fewer seeds
    contract_seeds = 8

    def bots(self) -> dict[str, Any]:
        from game.ai.agents import RandomAgent
        from game.sanguosha.bots import HeuristicAgent, StrongAgent
        from game.sanguosha.search import search_factory

        return {"random": RandomAgent, "heuristic": HeuristicAgent, "strong": StrongAgent,
                "ismcts": search_factory}

    def summary_fields(self, outcome) -> dict[str, float]:
        """Self-play averages: each side's win share, draws, turns and deaths a game."""
        r = outcome.rank
        return {"lord_side": float(r.startswith("The Lord")), "rebels": float(r.startswith(
            "The Rebels")), "renegade": float(r.startswith("The Renegade")),
            "draw": float(r.startswith("Draw")), "turns": float(outcome.details["turns"]),
            "deaths": float(len(outcome.details["deaths"]))}

    def card_set(self):
        return card_set()

    def check_players(self, players: int) -> None:
        if players != 2:  # the 2-player quick game (D1) besides 4–10
            super().check_players(players)

    def new_state(self, players: int, seed: int, seats: list[dict] | None = None,
                  **options: Any):
        from game.core.rng import Rng
        from game.sanguosha import rules
        from game.sanguosha.state import SanguoshaState

        self.check_players(players)
        for key in options:
            if key not in self.options:
                raise ValueError(f"unknown option {key!r} for {self.title}")
        opts = {k: options.get(k, d) for k, (d, _) in self.options.items()}
        if opts["four_player"] not in FOUR_PLAYER_SPLITS:
            raise ValueError(f"unknown 4-player split {opts['four_player']!r}")
        st = SanguoshaState(self, players)
        st.rng = Rng(seed)
        st.ex, st.four_player = bool(opts["ex"]), opts["four_player"]
        st.two_renegades, st.stalemate_guard = bool(opts["two_renegades"]), \
            bool(opts["stalemate_guard"])
        st.human_lord = bool(opts["human_lord"])
        rules.setup(st)
        return st

    def state_from_json(self, data: dict):
        from game.sanguosha.state import SanguoshaState

        return SanguoshaState.restore(self, data)

    def max_decisions(self, players: int) -> int:
        # random 8-player games take ~750 decisions (at most ~1,500 in 100 games); the
        # stalemate guard ends any game by the 6th reshuffle
        return 10_000 * players

    def validate_data(self, data_dir=None) -> list[str]:
        from game.sanguosha.effects import check_registry

        try:
            check_registry(load_card_set(data_dir))
        except CardDataError as e:
            return [str(e)]
        return []


GAME = SanguoshaGame()
