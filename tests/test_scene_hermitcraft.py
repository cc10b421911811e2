"""The Hermitcraft table and its card faces, driven by real pygame events (dummy video driver).

The game is registered for these tests only (game.registry is the rules engineer's to change).
"""

from __future__ import annotations

import pygame
import pytest

import game.registry as registry
from game.hermitcraft import GAME
from sprites import hermitcraft_cards as hc
from tests import test_card_faces as tf


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    monkeypatch.setitem(registry._games, "hermitcraft", GAME)
    if "hermitcraft" not in registry.GAME_PACKAGES:
        monkeypatch.setattr(registry, "GAME_PACKAGES", (*registry.GAME_PACKAGES, "hermitcraft"))


@pytest.mark.parametrize("size", list(hc.FACE_SIZES.values()), ids=list(hc.FACE_SIZES))
def test_no_hermitcraft_face_cuts_its_text_or_misses_a_glyph(size, monkeypatch):
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    problems = []
    for colourblind in (False, True):
        for label, build in hc.card_faces(GAME, size, colourblind):
            card, seen = tf.draw_face(build, monkeypatch)
            assert card.get_size() == size, label
            problems += tf.problems_of(label, card, seen)
    assert not problems, "\n".join(sorted(set(problems))[:40])
