"""Where bundled files live, from source and when frozen by PyInstaller.

Every path to `data/` goes through `data_path`; nothing reads the current working directory.
"""

from __future__ import annotations

import sys
from pathlib import Path


def app_root() -> Path:
    """The folder holding `data/`: the repository, or PyInstaller's unpack folder."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parents[2]


def data_path(*parts: str) -> Path:
    return app_root().joinpath("data", *parts)
