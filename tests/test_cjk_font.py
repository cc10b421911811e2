"""The CJK font subset (data/fonts/NotoSansCJKtc-Subset.otf, made by tools/subset_fonts.py)
draws every Chinese or Japanese character the app can show, and nothing much besides."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pygame.freetype

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "data" / "fonts" / "NotoSansCJKtc-Subset.otf"


def subset_tool():
    spec = importlib.util.spec_from_file_location("subset_fonts", ROOT / "tools" / "subset_fonts.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # fontTools is imported only when the tool runs
    return module


def test_every_cjk_character_in_the_data_and_the_code_is_in_the_subset():
    chars = subset_tool().cjk_text()
    assert "殺" in chars and "中" in chars  # card names (data) and the Settings' 中文 (code)
    pygame.freetype.init()
    font = pygame.freetype.Font(str(FONT), 20)
    assert font.get_metrics("A") == [None]  # (a character the font lacks has no metrics)
    missing = [ch for ch, m in zip(chars, font.get_metrics(chars), strict=True) if m is None]
    assert not missing, f"run tools/subset_fonts.py --cjk: the subset lacks {''.join(missing)}"


def test_the_subset_stays_small():
    """Only the glyphs used: under a thousand characters, not the 40,000 of the whole font."""
    assert FONT.stat().st_size < 600_000  # ~900 characters: every screen in 中文
