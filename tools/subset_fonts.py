"""Make the subset fonts in data/fonts from Debian's Noto packages (SIL OFL 1.1):

- NotoSansMath-Subset.ttf: the math signs card texts use (≤ ≥ ≠ −, arrows …), which Noto Sans
  lacks; sprites/text.py falls back to it character by character;
- NotoSans-CondensedBold-Subset.ttf, NotoSans-Condensed-Subset.ttf: Latin in Noto Sans's
  condensed width, so long card names stay whole at 14 px on a 70-px card;
- NotoSansCJKtc-Subset.otf: Noto Sans CJK TC (fonts-noto-cjk) cut to the Han and kana in
  the subset already there plus every one in data/ (a name added to a card file gets its
  glyphs by running this again).

    apt-get install fonts-noto-core fonts-noto-extra fonts-noto-cjk
        (or `apt-get download` them and `dpkg-deb -x` each into one folder)
    uv run --with fonttools tools/subset_fonts.py [FOLDER WITH THE NOTO FILES]

Only needed again when a text uses a character outside the ranges below; the app itself never
imports fontTools.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset

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


def is_cjk(ch: str) -> bool:
    return "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef"


def cjk_text() -> str:
    """The Han and kana to keep: those the shipped subset has, and every one in data/."""
    from fontTools.ttLib import TTFont

    chars = {chr(c) for c in TTFont(FONTS / CJK[1]).getBestCmap() if is_cjk(chr(c))}
    for path in FONTS.parent.rglob("*.toml"):
        chars |= {ch for ch in path.read_text(encoding="utf-8") if is_cjk(ch)}
    return "".join(sorted(chars))


def find(source: Path, name: str) -> Path:
    return next(iter(sorted(source.rglob(name))), source / name)


def main(argv: list[str]) -> int:
    source = Path(argv[0] if argv else NOTO)
    for name, (target, unicodes) in SUBSETS.items():
        out = FONTS / target
        subset.main([str(find(source, name)), f"--unicodes={unicodes}", f"--output-file={out}",
                     "--layout-features=*", "--desubroutinize"])
        print(f"{target}: {out.stat().st_size} bytes")
    name, target, number = CJK
    keep = cjk_text()
    out = FONTS / target
    subset.main([str(find(source, name)), f"--font-number={number}", f"--text={keep}",
                 f"--output-file={out}", "--layout-features=*"])
    print(f"{target}: {len(keep)} characters, {out.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
