"""Draw a game's card faces into a PNG contact sheet, to look at them:

    uv run tools/card_sheet.py bloodborne 90x126 sheet.png [--colourblind]
        every face at one size
    uv run tools/card_sheet.py hermitcraft all docs/faces-hermitcraft.png [--colourblind]
        every face at each size the table uses (the module's FACE_SIZES), each size under its
        name; at a size 150 px wide or more (the zoom) an even spread of about a dozen

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

WIDTH = 1200  # the sheet's width
GAP = 8
BG = (24, 26, 30)
ZOOM_SAMPLE = 12


def section(faces, size: tuple[int, int]) -> pygame.Surface:
    """The faces at one size, in rows across the sheet's width."""
    w, h = size
    cols = max(1, (WIDTH - GAP) // (w + GAP))
    rows = (len(faces) + cols - 1) // cols
    surf = pygame.Surface((WIDTH, rows * (h + GAP) + GAP))
    surf.fill(BG)
    for i, (_, build) in enumerate(faces):
        surf.blit(build(), (GAP + (i % cols) * (w + GAP), GAP + (i // cols) * (h + GAP)))
    return surf


def spread(faces: list, n: int) -> list:
    """About `n` faces evenly spread over the list (and the last, the back)."""
    if len(faces) <= n:
        return faces
    step = len(faces) / (n - 1)
    return [faces[round(i * step)] for i in range(n - 1)] + [faces[-1]]


def main(argv: list[str]) -> int:
    name, size_text, out = argv[:3]
    colourblind = "--colourblind" in argv
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    from sprites import text

    module = import_module(f"sprites.{name}_cards")
    game = get_game(name)
    if size_text == "all":
        sizes = dict(getattr(module, "FACE_SIZES", {}))
    else:
        w, h = (int(v) for v in size_text.split("x"))
        sizes = {size_text: (w, h)}
    parts = []
    count = 0
    for label, size in sizes.items():
        faces = list(module.card_faces(game, size, colourblind))
        if size_text == "all" and size[0] >= 150:
            faces = spread(faces, ZOOM_SAMPLE)
        count += len(faces)
        if size_text == "all":
            title = text.render(f"{name}: {label} {size[0]}×{size[1]} ({len(faces)} faces)", 18,
                                (236, 228, 210), "bold")
            head = pygame.Surface((WIDTH, title.get_height() + 10))
            head.fill(BG)
            head.blit(title, (GAP, 8))
            parts.append(head)
        parts.append(section(faces, size))
    sheet = pygame.Surface((WIDTH, sum(p.get_height() for p in parts)))
    y = 0
    for p in parts:
        sheet.blit(p, (0, y))
        y += p.get_height()
    pygame.image.save(sheet, out)
    print(f"{out}: {count} faces")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
