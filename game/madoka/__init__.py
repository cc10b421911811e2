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
    #: the AI levels setup offers: the convention bot, and the same conventions with search
    bot_levels = {"simple": "Easy", "strong": "Normal", "search": "Hard"}
    #: hand slots the action cache covers (hands hold at most 5 cards)
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
        self._build_actions()

    def _build_actions(self) -> None:
        """Every Action object is made once here; legal_actions hands out these same objects."""
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
        #: tell_candidates[qb][players][p]: every tell seat p may be asked about, in seat order
        self.tell_candidates = tuple(
            {n: [[a for t in self.others[n][p] for a in self.tells_to[qb][t]] for p in range(n)]
             for n in self.others}
            for qb in (False, True))
        self.cleanse_candidates = tuple(Action("cleanse", None, "soulgem", n, f"Cleanse {n} grief")
                                        for n in (1, 2))
        #: tuple(hand) -> its legal Play and Discard actions (see remember_hand)
        self.legal_hand_actions: dict[tuple[int, ...], tuple[Action, ...]] = {}
        #: legal_tells[flags][target][mask] -> the legal tells, None until asked (see
        #: remember_tells and MadokaState.legal_actions)
        self.legal_tells = [[[None] * 1024 for _ in range(self.max_players)] for _ in range(16)]
        #: MadokaState.legal_actions' cleanse key -> the legal cleanses (see remember_cleanses)
        self.legal_cleanses: dict[int, tuple[Action, ...]] = {}
        # one turn is one seat choosing: the frame for each seat (before / in the final round)
        self.turn_frames = tuple(
            tuple(Decision("turn", (p,), prompt=words) for p in range(self.max_players))
            for words in ("{seat}: play, discard, give information or cleanse",
                          "{seat}: final turn: play or discard"))

    def hand_candidates(self, hand: list[int]) -> list[Action]:
        """Play then Discard for each card of `hand` (labels name the slot)."""
        slots = self.SLOTS
        acts = [self.play_actions[c * slots + k] for k, c in enumerate(hand)]
        acts += [self.discard_actions[c * slots + k] for k, c in enumerate(hand)]
        return acts

    def remember_hand(self, s: MadokaState, player: int) -> list[Action]:
        """The hand's Play and Discard candidates that pass their checks, remembered by the
        hand's ids and order (the checks read nothing else; a bounded cache)."""
        checks = s.checks
        hand = s.hands[player]
        acts = [a for a in self.hand_candidates(hand) if checks[a.kind](s, player, a) is None]
        if len(self.legal_hand_actions) >= 100_000:
            self.legal_hand_actions.clear()
        self.legal_hand_actions[tuple(hand)] = tuple(acts)
        return acts

    def remember_tells(self, s: MadokaState, player: int, target: int, flags: int,
                       mask: int) -> tuple:
        """The tells to `target` that pass `check_tell`, remembered by the four `flags`,
        `target` and its hand's girls and numbers `mask` (all that the check reads; see
        `MadokaState.legal_actions`)."""
        check = s.checks["tell"]
        acts = tuple(a for a in self.tells_to[s.qb][target] if check(s, player, a) is None)
        self.legal_tells[flags][target][mask] = acts
        return acts

    def remember_cleanses(self, s: MadokaState, player: int, key: int) -> tuple:
        """The cleanses that pass `check_cleanse`, remembered by `key` (what the check reads:
        see `MadokaState.legal_actions`)."""
        check = s.checks["cleanse"]
        acts = tuple(a for a in self.cleanse_candidates if check(s, player, a) is None)
        self.legal_cleanses[key] = acts
        return acts

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

    def state_from_json(self, data: dict) -> MadokaState:
        return MadokaState.from_json(self, data)

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
