"""Bloodborne: The Card Game — 3 to 5 hunters, one Chalice Dungeon, one winner.

Spec: docs/rules/bloodborne.md. `GAME = BloodborneGame()`;
`GAME.new_state(players, seed, final_boss="random")`. The rulebook steps are in rules.py, card
abilities in effects.py (one registry), the state (fields, candidates, checks, view,
determinize, JSON) in state.py, the card data loader in cards.py, hand-made states for tests in
setups.py, round summaries and result sentences in summary.py, bots in bots.py.

Actions (the top frame of `state.decisions` says which are asked; `state.prompt(p)` in words):
  Action("choose", source=card, target="chosen")      step 1, every hunter, secret
  Action("transform", source=weapon, target="chosen") step 2, transformers only, secret
  Action("shield", source=card, target="self")        step 3, the card protects its owner
  Action("cancel", source=card, target=seat or None)  step 3, cancel a melee attack (None:
                                                      several to choose from: asked next)
  Action("cancel_target", source=card, target=seat)   step 3, whose melee attack
  Action("upgrade", source=card, target="hand")       step 7, take an Available Upgrade
  Action("skip_upgrade")                               step 7, only a hunter who died
  Action("remove", source=card, target="removed")     step 7, hand limit: down to 7 cards

Events (kind: data; counters carry the values after the event): choose, transform_chosen
(public: no card; the chooser's private text and data name it); reveal, transform,
immediate (card, target, option); cancel (by); dice (die, faces, rolls, total); damage
(amount, health); heal (health); death (lost); out; echoes_taken (amount, left); echoes_lost
(amount); killed (card, monster); trophy (trophy: kin/humanoid/beast); escape (monster); dream
(died, cards); bank (amount); upgrade_taken (card); removed (card); recall (cards);
monster_heal (amount); monster_revealed (card, monster, echoes, final); message; game_over
(winners, scores).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.bloodborne import (
    effects,  # noqa: F401 - registers the card handlers
    rules,
)
from game.bloodborne.cards import CardSet, card_set, load_card_set
from game.bloodborne.state import BloodborneState
from game.core.contract import Game
from game.core.data import CardDataError


class BloodborneGame(Game):
    name = "bloodborne"
    title = "Bloodborne: The Card Game"
    min_players = 3
    max_players = 5
    cooperative = False
    options = {"final_boss": ("random", "Final boss")}

    #: the bot the app seats by default: quick and readable ("ismcts" thinks ~1 s per move)
    default_bot = "heuristic"
    #: the AI levels setup offers, each measured stronger than the one below it
    #: (data/bloodborne/balance.md, "Levels")
    bot_levels = {"random": "Easy", "heuristic": "Normal", "ismcts": "Hard"}

    @property
    def option_choices(self) -> dict[str, list[tuple[str, str]]]:
        """(value, label) pairs the new-game screen offers for each option."""
        finals = [(f.id, f.name) for f in self.card_set().finals]
        return {"final_boss": [("random", "Random"), *finals]}

    def card_set(self) -> CardSet:
        return card_set()

    def new_state(self, players: int, seed: int, **options: Any) -> BloodborneState:
        self.check_players(players)
        for key in options:
            if key not in self.options:
                raise ValueError(f"unknown option {key!r} for {self.title}")
        final = options.get("final_boss", "random")
        ids = [f.id for f in self.card_set().finals]
        if final != "random" and final not in ids:
            raise ValueError(f"unknown final boss {final!r}; choose random or one of "
                             f"{', '.join(ids)}")
        return BloodborneState(self, players, seed, final)

    def state_from_json(self, data: dict) -> BloodborneState:
        """A state from its `to_json`; ValueError (one line) on data that is not one."""
        if not isinstance(data, dict):
            raise ValueError("not a Bloodborne state")
        try:
            s = BloodborneState.restore(self, data)
            for m in s.slot_monsters:
                self.card_set().monster_by_id[m]  # every monster id is one of ours
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise ValueError(f"malformed Bloodborne state ({e!r})") from None
        return s

    def max_decisions(self, players: int) -> int:
        # per round and hunter: a choice, a weapon, two Immediate steps, an upgrade, removals
        return rules.ROUND_LIMIT * players * 8

    def summary_fields(self, outcome) -> dict[str, float]:
        """Self-play averages: tie-breaks, the round-1 first player's win share, deaths."""
        d = outcome.details
        first = d["start_player"]
        won = 1 / len(outcome.winners) if first in outcome.winners else 0.0
        return {"tie_break": float(d["tie_break"]), "first_seat_win": won,
                "deaths_per_hunter": sum(h["deaths"] for h in d["hunters"]) / len(d["hunters"]),
                "round_limit": float(d["reason"] == "round_limit")}

    def bots(self) -> dict[str, Any]:
        from game.ai.agents import RandomAgent
        from game.bloodborne.bots import HeuristicAgent, ismcts_factory

        return {"random": RandomAgent, "heuristic": HeuristicAgent, "ismcts": ismcts_factory}

    def validate_data(self, data_dir: str | Path | None = None) -> list[str]:
        try:
            load_card_set(Path(data_dir) if data_dir is not None else None)
        except CardDataError as e:
            return [str(e)]
        return []


GAME = BloodborneGame()
