"""Every card face of every game that draws its own (a `sprites/<game>_cards.py` module with
`card_faces(game, size, colourblind)`), at each size its table uses (the module's FACE_SIZES:
hand, table, zoom …): no text is cut ("…"), wider than the card, off its edge or over other
text, and every character is one a bundled font can draw. A game added later is covered as
soon as its face module exists."""

from __future__ import annotations

from importlib import import_module

import pygame
import pytest

from game.registry import all_games
from sprites import cards as cg
from sprites import text
from sprites.cards import HAND, TABLE, ZOOM


def face_module(name: str):
    try:
        return import_module(f"sprites.{name}_cards")
    except ModuleNotFoundError as e:
        if e.name == f"sprites.{name}_cards":
            return None  # this game has no table (and no faces) yet
        raise


REAL_RENDER = text.render
REAL_BLANK = cg.blank
GAMES = [name for name in all_games() if face_module(name) is not None]


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield


class CardSurface(pygame.Surface):
    """A card's Surface that remembers where each text was blitted on it."""

    def __init__(self, size):
        super().__init__(size, pygame.SRCALPHA)
        self.placed: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):
        at = pygame.Rect(dest) if isinstance(dest, pygame.Rect) else pygame.Rect(dest, (0, 0))
        self.placed.append((source, pygame.Rect(at.topleft, source.get_size())))
        return super().blit(source, dest, area, special_flags)


def draw_face(build, monkeypatch):
    """Build a face; return it and every (text, size, face, Surface) drawn on any Surface."""
    seen = []

    def record(s, size, color, face="sans"):
        surf = REAL_RENDER(s, size, color, face)
        seen.append((s, size, face, surf))
        return surf

    def blank(size, fill, frame, frame_w=3):
        card = CardSurface(size)
        card.blit(REAL_BLANK(size, fill, frame, frame_w), (0, 0))
        card.placed.clear()
        return card

    monkeypatch.setattr(text, "render", record)
    monkeypatch.setattr(cg, "blank", blank)
    cg.fit_text.cache_clear()
    cg.wrapped.cache_clear()
    return build(), seen


def problems_of(label, card, seen) -> list[str]:
    """Cut, clipped, overlapping or undrawable text on one face."""
    out = []
    w, h = card.get_size()
    texts = {id(surf): s for s, _, _, surf in seen}
    for s, _, face, surf in seen:
        if "…" in s:
            out.append(f"{label}: cut to {s!r}")
        if surf.get_width() > w - 4:
            out.append(f"{label}: {s!r} is {surf.get_width()} px on a {w} px card")
        if text.missing(s, face):
            out.append(f"{label}: no font draws {sorted(text.missing(s, face))}")
    inks = []
    for surf, rect in getattr(card, "placed", []):
        if id(surf) not in texts:
            continue
        ink = surf.get_bounding_rect().move(rect.topleft)  # the glyphs, not the line's box
        if ink.w and not card.get_rect().inflate(-2, -2).contains(ink):
            out.append(f"{label}: {texts[id(surf)]!r} runs off the card at {ink}")
        for other, other_ink in inks:
            if ink.colliderect(other_ink.inflate(-2, -2)):
                out.append(f"{label}: {texts[id(surf)]!r} lies over {other!r}")
        inks.append((texts[id(surf)], ink))
    return out


def test_every_game_with_a_table_has_card_faces():
    from scenes.tables import TABLES

    for name in TABLES:
        module = face_module(name)
        assert module is not None and hasattr(module, "card_faces"), name


def sizes(name: str) -> dict[str, tuple[int, int]]:
    return getattr(face_module(name), "FACE_SIZES", {"hand": HAND, "table": TABLE, "zoom": ZOOM})


CASES = [(name, size) for name in GAMES for size in sizes(name).values()]


@pytest.mark.parametrize("name, size", CASES,
                         ids=[f"{n}-{k}" for n in GAMES for k in sizes(n)])
def test_no_card_face_cuts_its_text_or_misses_a_glyph(name, size, monkeypatch):
    game = all_games()[name]
    problems = []
    for colourblind in (False, True):
        for label, build in face_module(name).card_faces(game, size, colourblind):
            card, seen = draw_face(build, monkeypatch)
            assert card.get_size() == size, label
            problems += problems_of(label, card, seen)
    assert not problems, "\n".join(sorted(set(problems)))


def test_the_check_sees_a_name_cut_off_or_lying_over_another(monkeypatch):
    def bad_face():
        card = cg.blank((70, 98), (0, 0, 0), (90, 90, 90))
        card.blit(text.render("A long name", 14, (255, 255, 255)), (30, 10))
        card.blit(text.render("Over it", 14, (255, 255, 255)), (30, 12))
        card.blit(text.render("Falls off", 14, (255, 255, 255)), (5, 90))
        return card

    card, seen = draw_face(bad_face, monkeypatch)
    found = "\n".join(problems_of("bad", card, seen))
    assert "runs off the card" in found and "lies over" in found


def test_the_fonts_draw_the_signs_card_texts_use():
    for ch in "≤≥≠−→×·…—":
        assert not text.missing(ch), ch
    assert text.missing("\U0001fae0")  # the check can fail: a character no bundled font has


def symbol_letters(seen) -> list[int]:
    """The sizes of the short letters drawn as symbols (M/R/U, K/H/B, G/Y/R, Ho/Ma …); a Han
    character is a name (殺, 桃), not a symbol letter."""
    return [px for s, px, _, _ in seen if 1 <= len(s) <= 2 and s.isascii() and s.isalpha()]


@pytest.mark.parametrize("name", GAMES)
def test_the_colourblind_setting_draws_symbol_letters_much_larger(name, monkeypatch):
    game = all_games()[name]
    size = sizes(name)["hand"]
    mean = {}
    for colourblind in (False, True):
        letters = []
        for _, build in face_module(name).card_faces(game, size, colourblind):
            letters += symbol_letters(draw_face(build, monkeypatch)[1])
        assert letters, "the faces draw no symbol letters"
        mean[colourblind] = sum(letters) / len(letters)
    assert mean[True] >= 1.25 * mean[False], mean


@pytest.mark.skipif("madoka" not in GAMES, reason="Madoka not registered")
def test_the_colourblind_setting_draws_the_girls_symbols_much_larger():
    from sprites import madoka_cards as mc
    from sprites import theme

    def symbol_pixels(colourblind):
        with theme.looking(colourblind):
            face = mc.girl_card("sayaka", 2, HAND)
        colour = mc.girl_colour("sayaka")
        return sum(face.get_at((x, y))[:3] == colour for x in range(8, HAND[0] - 8)
                   for y in range(8, HAND[1] - 8))  # inside the frame (her colour too)

    assert symbol_pixels(True) >= 1.6 * symbol_pixels(False)

