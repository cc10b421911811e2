"""Draw every card face of a game at one size into a PNG contact sheet, to look at them:

    uv run tools/card_sheet.py bloodborne 90x126 sheet.png [--colourblind]

The faces are those tests/test_card_faces.py checks (`sprites.<game>_cards.card_faces`).
"""

from __future__ import annotations

import os
import sys
from importlib import import_module
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.registry import get_game  # noqa: E402


def main(argv: list[str]) -> int:
    name, size_text, out = argv[:3]
    colourblind = "--colourblind" in argv
    w, h = (int(v) for v in size_text.split("x"))
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    faces = list(import_module(f"sprites.{name}_cards").card_faces(get_game(name), (w, h),
                                                                   colourblind))
    cols = max(1, 1200 // (w + 8))
    rows = (len(faces) + cols - 1) // cols
    sheet = pygame.Surface((cols * (w + 8) + 8, rows * (h + 8) + 8))
    sheet.fill((24, 26, 30))
    for i, (_, build) in enumerate(faces):
        sheet.blit(build(), (8 + (i % cols) * (w + 8), 8 + (i // cols) * (h + 8)))
    pygame.image.save(sheet, out)
    print(f"{out}: {len(faces)} faces")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
