"""Make the subset fonts in data/fonts from Debian's Noto packages (SIL OFL 1.1):

- NotoSansMath-Subset.ttf: the math signs card texts use (≤ ≥ ≠ −, arrows …), which Noto Sans
  lacks; sprites/text.py falls back to it character by character;
- NotoSans-CondensedBold-Subset.ttf, NotoSans-Condensed-Subset.ttf: Latin in Noto Sans's
  condensed width, so long card names stay whole at 14 px on a 70-px card;
- NotoSansCJKtc-Subset.otf: Noto Sans CJK TC (fonts-noto-cjk) cut to exactly the Han, kana
  and CJK punctuation the app shows: every one in data/ (card files, rules pages) and in the
  code's own words (scenes/, sprites/, game/). A name added anywhere gets its glyph by
  running this again; tests/test_cjk_font.py fails until then.

    apt-get install fonts-noto-core fonts-noto-extra fonts-noto-cjk
        (or `apt-get download` them and `dpkg-deb -x` each into one folder)
    uv run --with fonttools tools/subset_fonts.py [--cjk] [FOLDER WITH THE NOTO FILES]
        (--cjk: only the CJK subset, from fonts-noto-cjk alone)

Only needed again when a text uses a character outside the ranges below; the app itself never
imports fontTools.
"""

from __future__ import annotations

import sys
from pathlib import Path

NOTO = "/usr/share/fonts"
FONTS = Path(__file__).resolve().parents[1] / "data" / "fonts"
#: Latin, Latin-1, Latin Extended-A, general punctuation (dashes, quotes, …), €, ™
LATIN = "U+0020-007E,U+00A0-017F,U+2000-206F,U+20AC,U+2122"
#: ± × ÷, dashes, arrows, mathematical operators
MATH = "U+00B1,U+00D7,U+00F7,U+2010-2015,U+2190-21FF,U+2200-22FF"
SUBSETS = {
    "NotoSansMath-Regular.ttf": ("NotoSansMath-Subset.ttf", MATH),
    "NotoSans-CondensedBold.ttf": ("NotoSans-CondensedBold-Subset.ttf", LATIN),
    "NotoSans-Condensed.ttf": ("NotoSans-Condensed-Subset.ttf", LATIN),
}


CJK = ("NotoSansCJK-Regular.ttc", "NotoSansCJKtc-Subset.otf", 3)  # font 3 of the ttc: TC
ROOT = FONTS.parents[1]
#: where the app's CJK text is: the data (card files, rules pages) and the code's own words
CJK_SOURCES = ("data/**/*.toml", "data/**/*.md", "scenes/**/*.py", "sprites/**/*.py",
               "game/**/*.py")


def is_cjk(ch: str) -> bool:
    return "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef"


def cjk_text(root: Path = ROOT) -> str:
    """Every Han, kana and CJK punctuation character the app can show, sorted."""
    chars: set[str] = set()
    for pattern in CJK_SOURCES:
        for path in root.glob(pattern):
            chars |= {ch for ch in path.read_text(encoding="utf-8") if is_cjk(ch)}
    return "".join(sorted(chars))


def find(source: Path, name: str) -> Path:
    return next(iter(sorted(source.rglob(name))), source / name)


def main(argv: list[str]) -> int:
    from fontTools import subset

    only_cjk = "--cjk" in argv  # only fonts-noto-cjk at hand
    argv = [a for a in argv if a != "--cjk"]
    source = Path(argv[0] if argv else NOTO)
    for name, (target, unicodes) in ({} if only_cjk else SUBSETS).items():
        out = FONTS / target
        subset.main([str(find(source, name)), f"--unicodes={unicodes}", f"--output-file={out}",
                     "--layout-features=*", "--desubroutinize"])
        print(f"{target}: {out.stat().st_size} bytes")
    name, target, number = CJK
    keep = cjk_text()
    out = FONTS / target
    subset.main([str(find(source, name)), f"--font-number={number}", f"--text={keep}",
                 f"--output-file={out}", "--no-hinting"])
    print(f"{target}: {len(keep)} characters, {out.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
