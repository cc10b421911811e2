"""When the app crashes: write a readable report and tell the player, instead of vanishing.

main.py runs `sys.exit(crash.run_guarded(main))`. While a game is open the app registers how to
read its record, `crash.set_context(lambda: match.to_json())`, so the report holds the game
record: replaying it reproduces the crash. The report is plain text in the user log folder
(`scenes.storage.log_dir()`): what happened (the traceback), the app version, where it ran,
and the record.

After a crash pygame itself may be what broke, so the message window falls back step by step:
the native message box (SDL's, no extra libraries), Tk if this Python has it (not bundled in the
frozen app), a minimal pygame window, and finally stderr, which is always written too.
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from typing import TYPE_CHECKING

# Everything else is imported when a crash happens: guarding main() must not slow the start.
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any

TITLE = "Card Table stopped"
#: set this environment variable to make the app crash on purpose at start (to check the report
#: and the message window of a built app: `CARDTABLE_CRASH_TEST=1 dist/CardTable/CardTable`)
CRASH_TEST_ENV = "CARDTABLE_CRASH_TEST"

_context: Callable[[], Any] | None = None


def set_context(provider: Callable[[], Any] | None) -> None:
    """Register how to read the current game record (JSON-able or text); None when no game."""
    global _context
    _context = provider


@lru_cache(maxsize=1)
def app_version() -> str:
    """The version in pyproject.toml (the one place it is written), which the build bundles
    next to data/."""
    try:
        from game.core.data import tomllib
        from game.core.resources import app_root

        with open(app_root() / "pyproject.toml", "rb") as f:
            return str(tomllib.load(f)["project"]["version"])
    except Exception:
        return "unknown"


def how_it_runs() -> str:
    """"source", or the PyInstaller shape: a onefile app unpacks itself into a fresh temporary
    folder named _MEI<random> on every start; a onedir (or macOS .app) keeps its files."""
    bundle = getattr(sys, "_MEIPASS", None)
    if not getattr(sys, "frozen", False) or not bundle:
        return "source"
    return "frozen onefile" if os.path.basename(bundle).startswith("_MEI") else "frozen onedir"


def _game_record() -> str:
    if _context is None:
        return "(no game in progress)"
    try:
        record = _context()
    except Exception as exc:  # the record itself may be what broke
        return f"(could not be read: {type(exc).__name__}: {exc})"
    if record is None:
        return "(no game in progress)"
    if isinstance(record, str):
        return record
    import json

    try:
        return json.dumps(record, indent=1, ensure_ascii=False, default=repr)
    except Exception as exc:
        return f"(could not be written as JSON: {exc}) {record!r}"


def report_text(exc: BaseException) -> str:
    import platform
    import traceback
    from datetime import datetime, timezone

    pygame = sys.modules.get("pygame")
    lines = [
        "Card Table crash report",
        "",
        f"time:     {datetime.now(timezone.utc).isoformat(timespec='seconds')}",
        f"version:  {app_version()} ({how_it_runs()})",
        f"python:   {platform.python_version()} on {platform.platform()}",
        f"pygame:   {getattr(getattr(pygame, 'version', None), 'ver', 'not loaded')}",
        f"command:  {' '.join(sys.argv)}",
        "",
        "What happened (the last line is the error):",
        "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip(),
        "",
        "Game record (load it to replay the game up to the crash):",
        _game_record(),
        "",
    ]
    return "\n".join(lines)


def _log_folder() -> Path:
    import tempfile
    from pathlib import Path

    try:
        from scenes.storage import log_dir

        return Path(log_dir())
    except Exception:  # storage itself failed: the report must still land somewhere
        return Path(tempfile.gettempdir())


def write_report(exc: BaseException, folder: Path | None = None) -> Path:
    """Write the report to the log folder (or the temp folder if that fails); return its path."""
    import tempfile
    from datetime import datetime
    from pathlib import Path

    text = report_text(exc)
    name = f"crash-{datetime.now().strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.txt"
    for place in (folder or _log_folder(), Path(tempfile.gettempdir())):
        try:
            place.mkdir(parents=True, exist_ok=True)
            path = place / name
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            continue
    raise OSError("no folder to write the crash report to")


# --- telling the player ------------------------------------------------------------------------
def _headless() -> bool:
    return os.environ.get("SDL_VIDEODRIVER", "") in ("dummy", "offscreen")


def _native_box(title: str, text: str) -> None:
    import pygame

    try:
        pygame.display.quit()  # a fullscreen window would hide the box
    except Exception:
        pass
    pygame.display.message_box(title, text, "error")


def _tk_box(title: str, text: str) -> None:
    import tkinter
    from tkinter import messagebox

    root = tkinter.Tk()
    root.withdraw()
    messagebox.showerror(title, text, parent=root)
    root.destroy()


def _pygame_window(title: str, text: str) -> None:
    """A fresh small window with the text, closed by any key or click."""
    import pygame

    pygame.quit()
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((720, 320))
    pygame.display.set_caption(title)
    font = pygame.font.Font(None, 24)
    screen.fill((32, 30, 36))
    y = 20
    for line in (text + "\n\nPress any key or click to close.").split("\n"):
        screen.blit(font.render(line, True, (235, 232, 225)), (20, y))
        y += 24
    pygame.display.flip()
    while True:
        event = pygame.event.wait()
        if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            break
    pygame.quit()


def show_message(title: str, text: str) -> str:
    """Show `text` by the first way that works; return which one ("stderr" at worst)."""
    try:
        print(f"{title}\n{text}", file=sys.stderr)
    except Exception:  # a windowed app on Windows has no stderr
        pass
    if _headless():
        return "stderr"
    for name, way in (("native", _native_box), ("tk", _tk_box), ("pygame", _pygame_window)):
        try:
            way(title, text)
            return name
        except Exception:
            continue
    return "stderr"


def message_for(exc: BaseException, report: Path | None) -> str:
    where = f"A report was written to:\n{report}" if report else "No report could be written."
    return (
        "Sorry, Card Table stopped because of an error:\n"
        f"{type(exc).__name__}: {exc}\n\n"
        f"{where}\n\nPlease attach it when you report the problem."
    )


def run_guarded(main: Callable[[], int | None]) -> int:
    """Run the app; on an unexpected error write the report, tell the player, return 1."""
    try:
        if os.environ.get(CRASH_TEST_ENV):
            raise RuntimeError(f"crash test asked for by {CRASH_TEST_ENV}")
        result = main()
    except (SystemExit, KeyboardInterrupt):
        raise
    except BaseException as exc:
        try:
            report = write_report(exc)
        except Exception:
            import traceback

            report = None
            traceback.print_exception(type(exc), exc, exc.__traceback__)
        show_message(TITLE, message_for(exc, report))
        return 1
    return result if isinstance(result, int) else 0
