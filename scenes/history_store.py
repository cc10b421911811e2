"""The game history: one row per finished or abandoned game, in SQLite (the standard library's
sqlite3) in the user data folder (scenes/storage.py: `data dir / history.sqlite3`).

Each row is written in one transaction when a game ends (or is abandoned), so a crash leaves
the row whole or absent, never half. The row holds what the History screen lists (game, date,
seats and levels, result, length) and the game's replay file (game/replay.py), so any game can
be watched again or exported.

A database that cannot be read (not SQLite, or failing SQLite's own check) is renamed to
`history.sqlite3.bad` (`.bad1`, …), never overwritten, and `open_history` says so in one
sentence; a new, empty history starts beside it.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scenes import storage

SCHEMA = 1
FILE = "history.sqlite3"
#: a game with fewer moves than this was barely started: abandoning it is not history
MIN_ABANDONED_MOVES = 1

CREATE = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ended REAL NOT NULL,          -- seconds since 1970 (UTC)
    game TEXT NOT NULL,           -- the registry name, e.g. "sanguosha"
    title TEXT NOT NULL,
    players INTEGER NOT NULL,
    seats TEXT NOT NULL,          -- JSON: [{"name", "kind", "level"}, ...]
    level TEXT NOT NULL,          -- the AI opponents' level ("Normal", "mixed", "" for none)
    result TEXT NOT NULL,         -- one line: "You won", "Player 3 won", "Abandoned"
    won INTEGER,                  -- 1/0 for the person at the screen, NULL if not seated
    finished INTEGER NOT NULL,
    length INTEGER NOT NULL,      -- actions played
    replay TEXT NOT NULL          -- the replay file (game/replay.py)
);
CREATE INDEX IF NOT EXISTS games_by_game ON games (game, ended);
"""


def history_path() -> Path:
    return storage.data_dir() / FILE


@dataclass(frozen=True)
class Row:
    id: int
    ended: float
    game: str
    title: str
    players: int
    seats: list[dict]
    level: str
    result: str
    won: bool | None
    finished: bool
    length: int

    @property
    def date(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.ended))

    @property
    def seat_text(self) -> str:
        return ", ".join(s.get("name", "?") + (f" ({s['level']})" if s.get("level") else "")
                         for s in self.seats)


class History:
    """The open history database."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.conn = sqlite3.connect(str(path), timeout=5)
        self.conn.executescript(CREATE)
        self.conn.execute(f"PRAGMA user_version = {SCHEMA}")

    def close(self) -> None:
        self.conn.close()

    # --- writing ----------------------------------------------------------------------------
    def add(self, entry: dict[str, Any]) -> int:
        """One game's row, in one transaction (see `game.replay.history_entry`)."""
        with self.conn:  # commits on success, rolls back on any error: never a half row
            cur = self.conn.execute(
                "INSERT INTO games (ended, game, title, players, seats, level, result, won, "
                "finished, length, replay) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (entry["ended"], entry["game"], entry["title"], entry["players"],
                 json.dumps(entry["seats"], ensure_ascii=False), entry["level"], entry["result"],
                 entry["won"], int(entry["finished"]), entry["length"], entry["replay"]))
        return int(cur.lastrowid)

    def delete(self, row_id: int) -> None:
        with self.conn:
            self.conn.execute("DELETE FROM games WHERE id = ?", (row_id,))

    # --- reading ----------------------------------------------------------------------------
    def rows(self, game: str | None = None) -> list[Row]:
        """Newest first; only `game`'s when given."""
        sql = ("SELECT id, ended, game, title, players, seats, level, result, won, finished, "
               "length FROM games")
        args: tuple = ()
        if game:
            sql += " WHERE game = ?"
            args = (game,)
        out = []
        for r in self.conn.execute(sql + " ORDER BY ended DESC, id DESC", args):
            try:
                seats = json.loads(r[5])
            except (TypeError, ValueError):
                seats = []
            out.append(Row(r[0], r[1], r[2], r[3], r[4], seats if isinstance(seats, list) else [],
                           r[6], r[7], None if r[8] is None else bool(r[8]), bool(r[9]), r[10]))
        return out

    def replay_text(self, row_id: int) -> str | None:
        found = self.conn.execute("SELECT replay FROM games WHERE id = ?", (row_id,)).fetchone()
        return found[0] if found else None

    def record(self, game: str) -> dict[str, Any]:
        """A game's small record: games played, and the person's wins and games by the AI's
        level ({"games": 12, "by_level": {"Normal": [5, 9], ...}}: [wins, games])."""
        total = self.conn.execute("SELECT COUNT(*) FROM games WHERE game = ?", (game,)).fetchone()
        by_level: dict[str, list[int]] = {}
        for level, wins, games in self.conn.execute(
                "SELECT level, SUM(won), COUNT(*) FROM games WHERE game = ? AND won IS NOT NULL "
                "GROUP BY level ORDER BY level", (game,)):
            by_level[level or "no AI"] = [int(wins or 0), int(games)]
        return {"games": int(total[0]), "by_level": by_level}


def open_history(path: Path | None = None) -> tuple[History, str | None]:
    """(history, None), or (a new empty history, the sentence to show) when the old file could
    not be read: it is then kept aside, never replaced."""
    path = history_path() if path is None else path
    path.parent.mkdir(parents=True, exist_ok=True)
    problem = None
    if path.exists():
        problem = _check(path)
        if problem is not None:
            kept = storage.set_aside(path)
            problem = storage.sentence(f"The game history could not be read: {problem}",
                                       f"It is kept as {kept.name}; a new history starts now")
    return History(path), problem


def _check(path: Path) -> str | None:
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
        try:
            ok = conn.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                return "the file is damaged"
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA:
                return "it was written by a newer version of Card Table"
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
            if tables and "games" not in tables:
                return "the file is not a Card Table history"
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return "the file is damaged"
    return None


# --- what a game's row says ------------------------------------------------------------------
def record_game(session: Any) -> str | None:
    """The app's hook when a game ends or is abandoned: write its row (the session gives it as
    plain data, `history_entry`). Returns a sentence to show when something went wrong (the
    game itself is never affected)."""
    entry = getattr(session, "history_entry", None)
    row = entry() if entry is not None else None
    if row is None or (not row["finished"] and row["length"] < MIN_ABANDONED_MOVES):
        return None
    try:
        history, problem = open_history()
        try:
            history.add(row)
        finally:
            history.close()
    except (OSError, sqlite3.Error) as e:
        return storage.sentence("The game could not be added to the history", str(e))
    return problem


def record_replaced(save: dict) -> threading.Thread:
    """A saved game (`Match.to_json()`) that a new game replaces: its row goes to the History
    as abandoned, written on a thread of its own (a long game takes a moment to replay). A
    save that does not replay is not history."""

    def work() -> None:
        from game.local_session import LocalSession

        try:
            session = LocalSession.load(save)
        except Exception:  # (it was kept aside when it could not be read)
            return
        record_game(session)

    thread = threading.Thread(target=work, name="history-replaced", daemon=True)
    thread.start()
    return thread
