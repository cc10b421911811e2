"""Words and tables the table shows about a Bloodborne game, built by the rules module so the
scene never counts (spec: docs/rules/bloodborne.md, "A round" and "End of the game and
scoring").

- `RoundSummary`: fold a round's events (as one seat sees them) into one row per hunter: the
  card played, damage taken and dealt, echoes, trophies, deaths, banking, upgrades. A summary
  starts at the reveal of step 1 and is complete when the next monster is revealed or the next
  round's cards are asked for.
- `result_details(state, outcome, seat_name)`: the results screen's rows and sentences.
- `STEP_TITLES`, `step_of_event(kind)`: the rulebook step a banner names while a step waits
  (`rules.step_name(state)`) or while an event plays.
"""

from __future__ import annotations

from game.bloodborne import rules

#: the rulebook's steps as a banner names them (keys: rules.step_name and step_of_event)
STEP_TITLES = {
    "choose_action_cards": "Step 1 · choose an action card",
    "transform": "Step 2 · transform",
    "immediate_effects": "Step 3 · Immediate effects",
    "monster_attack": "Step 4 · the monster attacks",
    "hunter_attack": "Step 5 · the hunters attack",
    "escape": "Step 6 · the monster escapes",
    "hunters_dream": "Step 7 · the Hunter's Dream",
    "end_of_round": "Step 8 · the next monster",
    "game_over": "The hunt is over",
}

_EVENT_STEPS = {"choose": "choose_action_cards", "reveal": "choose_action_cards",
                "transform_chosen": "transform", "transform": "transform",
                "immediate": "immediate_effects", "cancel": "immediate_effects",
                "dice": "monster_attack", "echoes_taken": "hunter_attack",
                "killed": "hunter_attack", "escape": "escape", "bank": "hunters_dream",
                "dream": "hunters_dream", "upgrade_taken": "hunters_dream",
                "removed": "hunters_dream", "monster_revealed": "end_of_round",
                "game_over": "game_over"}


def step_of_event(kind: str) -> str:
    """The rulebook step an event kind belongs to ("" when it may happen in several)."""
    return _EVENT_STEPS.get(kind, "")


class RoundSummary:
    """One round's summary, built from events. `add(events)` returns True once it is complete.
    `as_dict()` is JSON-safe: {"round", "monster", "roll": [die, total] | None, "end": "slain" |
    "escaped" | "", "rows": {seat: {card, taken, dealt, echoes, trophies, notes}}}."""

    __slots__ = ("round", "monster", "roll", "end", "rows", "done", "_cards")

    def __init__(self, state) -> None:
        self.round = state.round
        m = rules.monster(state)
        self.monster = m.name if m is not None else None
        self.roll = None
        self.end = ""
        self.rows: dict[int, dict] = {}
        self.done = False
        self._cards = state.cards

    def row(self, p: int) -> dict:
        return self.rows.setdefault(p, {"card": "", "taken": 0, "dealt": 0, "echoes": 0,
                                        "trophies": [], "notes": []})

    def add(self, events) -> bool:
        for e in events:
            if self.done:
                break
            self._add(e)
        return self.done

    def _add(self, e) -> None:
        k, d, p = e.kind, e.data, e.player
        if k == "dice":
            self.roll = [d["die"], d["total"]]
        elif k in ("killed", "escape"):
            self.end = "slain" if k == "killed" else "escaped"
        elif k in ("monster_revealed", "game_over") and self.rows:
            self.done = True  # the next monster belongs to the next round
            return
        if p is None:
            return
        cards = self._cards
        if k == "reveal":
            self.row(p)["card"] = cards[d["card"]].name
        elif k == "transform":
            self.row(p)["card"] += f": {cards[d['card']].name}"
        elif k == "damage":
            self.row(p)["taken"] += d["amount"]
        elif k == "echoes_taken":
            self.row(p)["dealt"] += d["amount"]
            self.row(p)["echoes"] += d["amount"]
        elif k == "echoes_lost":
            self.row(p)["echoes"] -= d["amount"]
        elif k == "trophy":
            self.row(p)["trophies"].append(d["trophy"].capitalize())
        elif k == "death":
            self.row(p)["notes"].append("died" + (f", lost {d['lost']}" if d.get("lost")
                                                  else ""))
        elif k == "bank" and d.get("amount"):
            self.row(p)["notes"].append(f"banked {d['amount']}")
        elif k == "upgrade_taken":
            self.row(p)["notes"].append(f"took {cards[d['card']].name}")
        elif k == "cancel":
            self.row(p)["notes"].append("attack cancelled")
        elif k == "out":
            self.row(p)["notes"].append("out of the game")

    def finish_if_waiting_for_cards(self, state) -> bool:
        """Complete once the game asks for the next round's cards (or is over)."""
        if self.rows and (state.is_over() or rules.step_name(state) == "choose_action_cards"):
            self.done = True
        return self.done

    def as_dict(self) -> dict:
        return {"round": self.round, "monster": self.monster, "roll": self.roll,
                "end": self.end, "rows": {p: dict(r) for p, r in self.rows.items()}}


def end_sentence(state) -> str:
    """Why the game ended, in words ("Rom, the Vacuous Spider falls after 17 rounds.")."""
    reason = state.end_reason
    rounds = f"{state.round} round" + ("" if state.round == 1 else "s")
    if reason == "final_boss":
        return f"{state.final_boss.name} falls after {rounds}."
    if reason == "round_limit":
        return f"The dungeon closes after {rounds}."
    if reason == "all_out":
        return "No hunter is left in the game."
    return ""


def tie_break_sentence(state, winners, seat_name) -> str:
    """The tie-break in words ("" when there was none)."""
    if not state.tie_break:
        return ""
    names = [seat_name(p) for p in winners]
    if len(names) > 1:
        return f"still tied on banked echoes: {', '.join(names)} share the win."
    return f"tied on points; {names[0] if names else 'the winner'} banked more echoes."


def result_details(state, outcome, seat_name=None) -> dict:
    """The results screen's rows (spec "End of the game and scoring"): banked echoes plus
    trophy points per hunter, the trophies behind them, and the sentences."""
    seat_name = seat_name or state.seat_name
    rows = []
    for h in outcome.details["hunters"]:
        kin, humanoid, beast = h["trophies"]
        rows.append({"score": h["banked"] + h["trophy_points"],
                     "parts": [["Banked", h["banked"]], ["Kin", kin], ["Humanoid", humanoid],
                               ["Beast", beast], ["Trophy pts", h["trophy_points"]],
                               ["Deaths", h["deaths"]]]})
    out = {"reason": end_sentence(state), "per_player": rows,
           "final_boss": state.final_boss.name, "rounds": state.round}
    tie = tie_break_sentence(state, outcome.winners, seat_name)
    if tie:
        out["tiebreak"] = tie
    return out
