"""Settings and the saved games: JSON files under the user's platform folders.

Layout (platformdirs, app "CardTable"; the env var CARDTABLE_HOME replaces all three bases, so
tests and portable installs never touch the real home folder):

    config dir / settings.json      {"format": 1, "settings": {...}}
    data dir   / saves/<game>.json  {"format": 1, "title": ..., "match": Match.to_json()}
    log dir    / …                   (crash logs; see `log_dir()`)

A saved game is kept per game: starting Monster Hunter never touches the saved Madoka game,
and the menu's Continue lists them all (`saved_games`). A save of an older version, the single
`saves/autosave.json`, is moved to its game's file the first time the saves are looked at.
Functions that take `game=None` mean the most recently saved game.

Every write is atomic: a temporary file in the same folder, flushed and fsynced, then
`os.replace`, so a crash mid-write leaves the old file whole. The autosave after each move is
written by a background thread (`save_game_later`): the disk's fsync (5–30 ms) never stalls a
frame; every other read or write of the save waits for it first, so they happen in order. A file we cannot read (bad JSON,
unknown format, wrong types) is renamed to `<name>.bad` (or `.bad1`, `.bad2`, … — never
overwriting an older one) and reported with a readable reason. Files are JSON only: nothing is
ever unpickled or evaluated, so a hostile save cannot run code.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import threading
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from sprites.speed import WORDS as SPEED_WORDS

FORMAT = 1
APP_NAME = "CardTable"
ANIMATION_SPEEDS = SPEED_WORDS
#: "en" English; "zh" 中文: every screen's words (data/i18n/zh.toml, sprites/i18n.py) and the
#: names a game's data gives in Chinese
LANGUAGES = ("en", "zh")


@dataclass
class Settings:
    animation_speed: str = "x1"  # one of ANIMATION_SPEEDS (sprites/speed.py)
    highlights: bool = True  # glow on legal targets while dragging
    hint_marks: bool = True  # show the marks hints left on cards
    colourblind: bool = False  # larger suit/girl symbols
    fullscreen: bool = False
    log_open: bool = True  # the table's log panel starts open
    volume: int = 60  # sound volume 0–100 (sprites/sound.py)
    muted: bool = False  # M on any screen
    tips: bool = True  # first-game tips (scenes/tips.py)
    #: the first-game tips already shown, per game: {"madoka": ["action.play", …]}
    tips_seen: dict = field(default_factory=dict)
    language: str = "en"  # one of LANGUAGES


# --- folders ----------------------------------------------------------------------------------
def _base(kind: str) -> Path:
    home = os.environ.get("CARDTABLE_HOME")
    if home:
        return Path(home) / kind
    import platformdirs

    finder = {"data": platformdirs.user_data_dir, "config": platformdirs.user_config_dir,
              "log": platformdirs.user_log_dir}[kind]
    return Path(finder(APP_NAME, appauthor=False))


def data_dir() -> Path:
    return _base("data")


def config_dir() -> Path:
    return _base("config")


def log_dir() -> Path:
    """Where crash logs go (created on demand)."""
    path = _base("log")
    path.mkdir(parents=True, exist_ok=True)
    return path


def settings_path() -> Path:
    return config_dir() / "settings.json"


def saves_dir() -> Path:
    return data_dir() / "saves"


LEGACY = "autosave.json"  # the one save of older versions


def game_save_path(game: str) -> Path:
    return saves_dir() / f"{game}.json"


def autosave_path(game: str | None = None) -> Path:
    """Where `game` is saved; with no game, the most recent save (else the old single file)."""
    if game is not None:
        return game_save_path(game)
    found = _save_files()
    return found[0] if found else saves_dir() / LEGACY


# --- atomic JSON files ------------------------------------------------------------------------
def write_json_atomic(path: Path, data: Any) -> None:
    """Write `data` as JSON to `path` so that readers see the old file or the new one, whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, ensure_ascii=False)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def set_aside(path: Path) -> Path:
    """Rename an unreadable file to `<name>.bad` (`.bad1`, `.bad2`, … if taken); return it."""
    target = path.with_name(path.name + ".bad")
    n = 0
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.bad{n}")
    os.replace(path, target)
    return target


def _read_json(path: Path) -> tuple[Any, str | None]:
    """(data, None), or (None, reason) when the file is not valid UTF-8 JSON. Reasons are
    short phrases a player can read ("the file is damaged"), without a full stop."""
    try:
        raw = path.read_bytes()
    except OSError as e:
        return None, f"the file could not be opened ({(e.strerror or 'no access').lower()})"
    try:
        return json.loads(raw.decode("utf-8")), None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return None, "the file is damaged"


def _check_envelope(data: Any, key: str, name: str) -> tuple[dict | None, str | None]:
    if not isinstance(data, dict) or not isinstance(data.get(key), dict):
        return None, "the file is damaged"
    if data.get("format") != FORMAT:
        return None, "it was written by another version of Card Table"
    return data[key], None


def sentence(*parts: str) -> str:
    """Parts joined into one message, each ending in exactly one full stop."""
    out = []
    for part in parts:
        part = part.strip().rstrip(".").strip()
        if part:
            out.append(part[0].upper() + part[1:] + ".")
    return " ".join(out)


# --- settings -------------------------------------------------------------------------------
class SettingError(ValueError):
    """A setting with a wrong type or value; `key` names it."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


def settings_from_dict(body: dict) -> Settings:
    """Build Settings from a dict; missing keys take defaults, unknown keys are ignored (newer
    versions may add some); a wrong type or value raises ValueError naming the key."""
    s = Settings()
    for f in fields(Settings):
        if f.name not in body:
            continue
        value = body[f.name]
        default = getattr(s, f.name)
        if type(value) is not type(default):
            raise SettingError(f.name, f"setting {f.name!r} should be "
                               f"{type(default).__name__}, not {type(value).__name__}")
        if f.name == "volume" and not 0 <= value <= 100:
            raise SettingError(f.name, "setting 'volume' must be 0 to 100")
        if f.name == "language" and value not in LANGUAGES:
            raise SettingError(f.name, f"setting 'language' must be one of {LANGUAGES}")
        if f.name == "animation_speed" and value not in ANIMATION_SPEEDS:
            raise SettingError(f.name, f"setting 'animation_speed' must be one of "
                               f"{ANIMATION_SPEEDS}")
        if f.name == "tips_seen" and not all(
                isinstance(game, str) and isinstance(keys, list) and all(isinstance(k, str) for k in keys)
                for game, keys in value.items()):
            raise SettingError(f.name, "setting 'tips_seen' must map game names to lists of tips")
        setattr(s, f.name, value)
    return s


def load_settings_checked() -> tuple[Settings, str | None]:
    """The saved settings, or defaults plus a reason when the file was unreadable (the file is
    then set aside as settings.json.bad so the reason is reported once)."""
    path = settings_path()
    if not path.exists():
        return Settings(), None
    data, err = _read_json(path)
    body = None
    if err is None:
        body, err = _check_envelope(data, "settings", path.name)
    if err is None:
        try:
            return settings_from_dict(body), None
        except SettingError as e:
            err = f"the setting “{e.key.replace('_', ' ')}” had a value this version does not know"
    kept = set_aside(path)
    return Settings(), sentence(f"Your settings were reset to the defaults: {err}",
                                f"The old file is kept as {kept.name}")


def load_settings() -> Settings:
    return load_settings_checked()[0]


def save_settings(s: Settings) -> None:
    write_json_atomic(settings_path(), {"format": FORMAT, "settings": asdict(s)})


# --- the autosave ---------------------------------------------------------------------------
class SaveWriter:
    """Writes the autosave off the UI thread. Only the newest request counts (each is a whole
    save), so a burst of moves costs one write; `flush()` waits until the disk has it."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: tuple[Path, dict] | None = None
        self._busy = False
        self._error: str | None = None
        self._thread: threading.Thread | None = None

    def put(self, path: Path, data: dict) -> None:
        with self._cond:
            self._pending = (path, data)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None:
                    self._cond.wait()
                (path, data), self._pending = self._pending, None
                self._busy = True
            try:
                write_json_atomic(path, data)
            except OSError as e:
                with self._cond:
                    self._error = (e.strerror or "the disk refused it").lower()
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until every requested save is on disk."""
        with self._cond:
            self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def take_error(self) -> str | None:
        """Why the last background save failed (once), else None."""
        with self._cond:
            error, self._error = self._error, None
            return error


WRITER = SaveWriter()


def _migrate() -> None:
    """An older version's single save becomes its game's file (unless that game has one)."""
    legacy = saves_dir() / LEGACY
    if not legacy.is_file():
        return
    data, err = _read_json(legacy)
    game = _game_of(data) if err is None else None
    if game is not None and not game_save_path(game).exists():
        os.replace(legacy, game_save_path(game))


def _game_of(data: Any) -> str | None:
    try:
        game = data["match"]["record"]["game"]
    except (KeyError, TypeError):
        return None
    return game if isinstance(game, str) and re.fullmatch(r"[A-Za-z0-9_-]{1,40}", game) else None


def _save_files() -> list[Path]:
    """Every saved game's file, the most recently saved first."""
    WRITER.flush()
    folder = saves_dir()
    if not folder.is_dir():
        return []
    _migrate()
    files = [p for p in folder.glob("*.json") if p.is_file()]
    return sorted(files, key=lambda p: p.stat().st_mtime_ns, reverse=True)


def _path_for(game: str | None) -> Path:
    return game_save_path(game) if game is not None else autosave_path()


def has_saved_game(game: str | None = None) -> bool:
    """Whether `game` (None: any game) has a saved game."""
    if game is None:
        return bool(_save_files())
    WRITER.flush()
    return game_save_path(game).is_file()


def saved_games() -> list[dict]:
    """The saved games, most recent first, read without loading any game: {"game", "title",
    "players", "moves", "saved" (a time stamp)}; an unreadable file has "problem" instead."""
    out = []
    for path in _save_files():
        entry: dict[str, Any] = {"game": path.stem, "title": path.stem,
                                 "saved": path.stat().st_mtime}
        data, err = _read_json(path)
        try:
            rec = data["match"]["record"]
            entry.update(title=str(data.get("title") or rec["game"]).strip(),
                         players=int(rec["players"]), moves=len(rec["actions"]))
        except Exception:
            entry["problem"] = err or "the file is damaged"
        out.append(entry)
    return out


def _save_data(match_json: dict, title: str | None) -> dict:
    data: dict[str, Any] = {"format": FORMAT, "match": match_json}
    if title:
        data["title"] = title
    return data


def _save_path(match_json: dict) -> Path:
    game = _game_of({"match": match_json})
    return game_save_path(game) if game is not None else saves_dir() / LEGACY


def save_game(match_json: dict, title: str | None = None) -> None:
    """Save one match (`Match.to_json()`) as its game's save, replacing that game's previous
    save atomically (never another game's). `title` (the game's title) lets the menu describe
    the save without loading any game."""
    WRITER.flush()
    write_json_atomic(_save_path(match_json), _save_data(match_json, title))


def save_game_later(match_json: dict, title: str | None = None) -> None:
    """`save_game` on the background writer: returns at once (a failure is reported by
    `WRITER.take_error()`)."""
    WRITER.put(_save_path(match_json), _save_data(match_json, title))


def load_game(game: str | None = None) -> tuple[dict | None, str | None]:
    """(match_json, None); (None, None) when there is no save; (None, reason) when the save was
    unreadable — it is then renamed to <game>.json.bad(N) and never overwritten."""
    WRITER.flush()
    path = _path_for(game)
    if not path.exists():
        return None, None
    data, err = _read_json(path)
    body = None
    if err is None:
        body, err = _check_envelope(data, "match", path.name)
    if err is None:
        err = _check_record(body)
    if err is None:
        return body, None
    kept = set_aside(path)
    return None, sentence(f"The saved game could not be read: {err}",
                          f"It is kept as {kept.name}, and it cannot be continued")


def _check_record(body: dict) -> str | None:
    """The parts of a saved match the menu reads: a record naming its game, players and
    moves, and the seats."""
    rec = body.get("record")
    ok = (isinstance(rec, dict) and isinstance(rec.get("game"), str)
          and isinstance(rec.get("players"), int) and isinstance(rec.get("actions"), list)
          and isinstance(body.get("seats"), list))
    return None if ok else "the file is damaged"


def check_game() -> str | None:
    """At start: None when every save looks whole; else the damaged ones are set aside and the
    message to show on the menu is returned (a save whose moves no longer replay is found only
    when Continue replays it)."""
    problems = [load_game(p.stem)[1] for p in _save_files()]
    return " ".join(p for p in problems if p) or None


def set_aside_game(reason: str = "", game: str | None = None) -> str:
    """The save parsed as JSON but the game could not be rebuilt from it (e.g. its record no
    longer replays): keep it aside and return the message to show. `reason` is for the log
    only; the player reads a plain sentence."""
    WRITER.flush()
    path = _path_for(game)
    why = "it was made by another version of Card Table, or its moves no longer replay"
    if not path.exists():
        return sentence(f"The saved game could not be restored: {why}")
    kept = set_aside(path)
    return sentence(f"The saved game could not be restored: {why}",
                    f"It is kept as {kept.name}, and it cannot be continued")


def clear_game(game: str | None = None) -> None:
    """Forget `game`'s save (the game ended or was conceded); None: the most recent save."""
    WRITER.flush()
    try:
        _path_for(game).unlink()
    except FileNotFoundError:
        pass
