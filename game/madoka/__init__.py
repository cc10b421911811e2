"""Madoka Magica, the cooperative card game (spec: docs/rules/madoka.md).

`GAME = MadokaGame()`; `GAME.new_state(players, seed, qb=False)` makes a `MadokaState`
(attributes, view format and events are documented in game/madoka/state.py; the rulebook steps
are in game/madoka/rules.py; card data in game/madoka/cards.py).

Actions (agreed interface):
  Action("play", source=card_id, target="play")
  Action("discard", source=card_id, target="discard")
  Action("tell", target=seat, option=("girl", girl_id))  or option=("number", n)
  Action("cleanse", target="soulgem", option=n)           n in {1, 2}
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.contract import Action, Game
from game.core.decisions import Decision
from game.madoka.cards import load_card_set, max_score, validate
from game.madoka.effects import EFFECTS
from game.madoka.rules import FAILED_PLAY_GRIEF, setup
from game.madoka.state import MadokaState


class MadokaGame(Game):
    name = "madoka"
    title = "Madoka Magica"
    min_players = 2
    max_players = 4
    cooperative = True
    options = {"qb": (False, "Add Kyubey's white cards")}
    #: the teammate the app seats by default ("open" is a measurement bound, never a teammate)
    default_bot = "strong"
    #: the AI levels setup offers: the convention bot, and the same conventions with search,
    #: each measured a stronger team than the one below it (data/madoka/balance.md, "Levels")
    bot_levels = {"simple": "Easy", "strong": "Normal", "search": "Hard"}
    #: hand slots the premade Play and Discard actions cover (hands hold at most 5 cards)
    SLOTS = 8

    def __init__(self, data_dir: Path | str | None = None) -> None:
        self.cards = cards = load_card_set(data_dir)
        self.girl_ids = tuple(g.id for g in cards.girls)
        self.girl_names = tuple(g.short for g in cards.girls)
        self.girl_index = {gid: i for i, gid in enumerate(self.girl_ids)}
        self.madoka = self.girl_index["madoka"]
        self.mami = self.girl_index["mami"]
        self.sayaka = self.girl_index["sayaka"]
        self.witches = cards.witches
        self.witch_index = {w.id: i for i, w in enumerate(cards.witches)}
        self.witch_ids = tuple(w.id for w in cards.witches)
        self.witch_guard = [self.girl_index[w.guard] if w.guard else -1 for w in cards.witches]
        # the witches' behaviour, from the effect registry by witch id (checked at load)
        self.reveal_handlers = [EFFECTS.get("on_reveal", w.id) for w in cards.witches]
        #: per witch index: grief a failed play adds while she is on top
        self.failed_play_grief = [EFFECTS.modify("failed_play_grief", (w.id,), FAILED_PLAY_GRIEF, w)
                                  for w in cards.witches]
        #: per witch index: while she is on top, information may name numbers only
        self.numbers_only = [
            "girl" not in EFFECTS.modify("information", (w.id,), ("girl", "number"), w)
            for w in cards.witches]
        # identity code = girl index * 4 + number - 1, one per card, in data order
        self.identity_codes = {
            qb: tuple(gi * 4 + n - 1 for gi, g in enumerate(cards.girls[: 6 if qb else 5])
                      for n in range(1, 5) for _ in range(g.counts[n - 1]))
            for qb in (False, True)
        }
        # the same as three columns: girl, number, bits (see MadokaState.card_bits); setup permutes them
        self.identity_columns = {
            qb: (tuple(c >> 2 for c in codes), tuple((c & 3) + 1 for c in codes),
                 tuple(1 << (c >> 2) | 1 << (6 + (c & 3)) for c in codes))
            for qb, codes in self.identity_codes.items()
        }
        self._deals: dict[tuple[int, int], tuple[list[int], list[list[int]]]] = {}
        self._build_actions()

    def dealt(self, players: int, total: int) -> tuple[list[int], list[list[int]]]:
        """The deck and hands right after the deal (D1), as card ids (setup shuffles the
        identities onto the ids): hands of 5 with 2 or 3 players, 4 with 4, dealt from the top
        (the highest ids) one card at a time around the table; the rest is the deck (top =
        last). Made once per player count and deck size; setup copies them."""
        deal = self._deals.get((players, total))
        if deal is None:
            hand_size = 5 if players <= 3 else 4
            rest = total - hand_size * players
            deal = self._deals[players, total] = (
                list(range(rest)),
                [list(range(total - 1 - p, rest - 1, -players)) for p in range(players)])
        return deal

    def _build_actions(self) -> None:
        """Every Action object is made once here; the candidates (rules.py) hand out these same
        objects."""
        n_cards, slots = 45, self.SLOTS
        self.play_actions = [None] * (n_cards * slots)
        self.discard_actions = [None] * (n_cards * slots)
        for c in range(n_cards):
            for k in range(slots):
                self.play_actions[c * slots + k] = Action("play", c, "play", None, f"Play card {k + 1}")
                self.discard_actions[c * slots + k] = Action(
                    "discard", c, "discard", None, f"Discard card {k + 1}")
        seat = "Player {}".format
        # tells_to[qb][t]: every tell to seat t, girls of the game first, then the numbers
        self.tells_to = ([], [])
        for t in range(self.max_players):
            girl_acts = [Action("tell", None, t, ("girl", gid), f"Tell {seat(t + 1)} about {name}")
                         for gid, name in zip(self.girl_ids, self.girl_names, strict=True)]
            num_acts = [Action("tell", None, t, ("number", n), f"Tell {seat(t + 1)} about the {n}s")
                        for n in (1, 2, 3, 4)]
            for qb in (False, True):
                self.tells_to[qb].append(tuple(girl_acts[: 6 if qb else 5] + num_acts))
        # others[players][p] = the other seats, starting with the next one
        self.others = {n: [tuple((p + k) % n for k in range(1, n)) for p in range(n)]
                       for n in range(self.min_players, self.max_players + 1)}
        self.cleanse_candidates = tuple(Action("cleanse", None, "soulgem", n, f"Cleanse {n} grief")
                                        for n in (1, 2))
        # one turn is one seat choosing: the frame for each seat (before / in the final round);
        # once answered, the flow carries on at rules.end_turn
        self.turn_frames = tuple(
            tuple(Decision("turn", (p,), prompt=words, then="end_turn")
                  for p in range(self.max_players))
            for words in ("{seat}: play, discard, give information or cleanse",
                          "{seat}: final turn: play or discard"))

    # --- contract ------------------------------------------------------------------------------
    def new_state(self, players: int, seed: int, seats: list[dict] | None = None,
                  **options: Any) -> MadokaState:
        self.check_players(players)
        unknown = options and set(options) - set(self.options)
        if unknown:
            raise ValueError(f"unknown option(s) for {self.title}: {', '.join(sorted(unknown))}")
        s = MadokaState(self, players)
        setup(s, players, seed, bool(options.get("qb", False)))
        return s

    def shown_options(self, state: MadokaState) -> dict[str, Any]:
        """The options a state was made with, by the names `options` gives them (views)."""
        return {"qb": state.variant}

    def state_from_json(self, data: dict) -> MadokaState:
        if not isinstance(data, dict):
            raise ValueError("not a Madoka state")
        try:
            return MadokaState.restore(self, data)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise ValueError(f"malformed Madoka state ({e})") from None

    def max_decisions(self, players: int) -> int:
        # Each Play/Discard uses up a card (≤ 45); each Cleanse reveals a witch other than a
        # defeated Walpurgisnacht (≤ 8 + one per Discard); each Tell adds a marker that only a
        # Cleanse removes (≤ 2 per Cleanse + 2). 45 + 53 + 108 + 2 < 250.
        return 250

    def bots(self) -> dict[str, Any]:
        """Every bot the app may seat: random, simple, strong (the default), the open bound
        and the generic ISMCTS (uniform playouts)."""
        from game.ai.agents import RandomAgent
        from game.ai.ismcts import ismcts_factory
        from game.madoka.bots import BOTS
        from game.madoka.search import SearchBot

        return {"random": RandomAgent, **BOTS, "search": SearchBot, "ismcts": ismcts_factory()}

    def measurement_bots(self) -> frozenset[str]:
        """`open` sees its own hand: the bound the figures are measured against."""
        return frozenset(("open",))

    def max_score(self, players: int) -> float:
        return float(max_score(self.cards.scoring, False))

    def summary_fields(self, outcome) -> dict[str, Any]:
        """What `python -m game selfplay` averages: score, losses, all girls transformed,
        Walpurgisnacht defeated (fractions of games), and when the loop counted the actions
        (`details["actions"]`): tells a game and plays per tell (cards in the rows at the end
        per tell given, a ratio of totals)."""
        d = outcome.details
        sc = self.cards.scoring
        full = 3 * sc.low + sc.four
        out = {"total": d["total"], "lost": float(d["lost"]),
               "all_transformed": float(all(v == full for v in d["by_girl"].values())),
               "walpurgis": float(d["walpurgis"])}
        if "actions" in d:
            tells = d["actions"].get("tell", 0)
            played = sum(4 if v == full else v // sc.low for v in d["by_girl"].values())
            out["tells"] = float(tells)
            out["plays_per_tell"] = (float(played), float(tells))
        return out

    def validate_data(self, data_dir: Path | str | None = None) -> list[str]:
        return validate(data_dir)


GAME = MadokaGame()

__all__ = ["GAME", "MadokaGame", "MadokaState"]
