"""What the results screen says of a game beyond its winners and scores: per game, the rows of
each seat and the sentences of how the game ended, worded from the outcome's details and the
game's public card data. A game with no entry here shows its outcome's details as they are."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from sprites import sanguosha_table as st

MHTCG_HRP_SOURCES = {"kill": "Hunted", "hidden": "Hidden", "unique": "Unique check",
                     "eye": "Eye check", "empty_sheet": "Empty sheet"}
MHTCG_REASONS = {"20 HRP": "A hunter reached 20 HRP.", "round limit": "Round 50 ended the game.",
                 "last player standing": "Every other player forfeited.",
                 "every player forfeited": "Every player forfeited: nobody wins."}
SANGUOSHA_IDENTITIES = {k: v[0] for k, v in st.WORDS.items()
                        if k in ("lord", "loyalist", "rebel", "renegade")}


def bloodborne(session: Any, outcome: Any) -> dict:
    """The rules' own rows and sentences (game.bloodborne.summary)."""
    from game.bloodborne import summary

    d = outcome.details
    boss = session.game.card_set().monster_by_id[d["final_boss"]]
    ended = SimpleNamespace(end_reason=d["reason"], round=d["rounds"], final_boss=boss,
                            tie_break=d["tie_break"])
    names = [s.name for s in session.seats()]
    return summary.result_details(ended, outcome, names.__getitem__)


def mhtcg(session: Any, outcome: Any) -> dict:
    """Each player's HRP by where it came from (the rules' HRP log), and the retreats; how the
    game ended in words."""
    d = outcome.details
    rows = []
    used = [k for k in MHTCG_HRP_SOURCES if any(k in src for src in d["hrp_by_source"])]
    for p, sources in enumerate(d["hrp_by_source"]):
        parts = [[MHTCG_HRP_SOURCES[k], sources.get(k, 0)] for k in used]  # same columns for all
        rows.append({"score": outcome.scores[p], "parts": parts + [["Retreats", d["retreats"][p]]]})
    return {"reason": MHTCG_REASONS.get(d["reason"], d["reason"]), "per_player": rows,
            "rounds": d["rounds"]}


def sanguosha(session: Any, outcome: Any) -> dict:
    """Every seat's identity and general, and how each death came."""
    d = outcome.details
    cs = session.game.card_set()
    deaths = {seat: (killer, cause) for seat, killer, cause in d.get("deaths", [])}
    rows = []
    for p, (ident, gid) in enumerate(zip(d["identities"], d["generals"], strict=True)):
        name = f"P{p + 1} {cs.general(gid).name}" if gid else f"P{p + 1}"
        why = SANGUOSHA_IDENTITIES.get(ident, ident)
        if p in deaths:
            killer, cause = deaths[p]
            by = f" by P{killer + 1}" if killer >= 0 else ""
            why += f": died{by} ({cause.replace('-', ' ')})" if cause else f": died{by}"
        else:
            why += ": alive"
        rows.append({"name": name, "reason": why, "score": outcome.scores[p]})
    return {"reason": outcome.rank, "per_player": rows, "turns": d.get("turns", 0)}


DETAILS: dict[str, Callable[[Any, Any], dict]] = {
    "bloodborne": bloodborne, "mhtcg": mhtcg, "sanguosha": sanguosha}
