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
        if id(surf) not in texts:  # a drawn symbol or picture: on the card, not over its edge
            ink = surf.get_bounding_rect().move(rect.topleft)
            if ink.w and not card.get_rect().inflate(-2, -2).contains(ink):
                out.append(f"{label}: a {surf.get_width()}×{surf.get_height()} picture runs off the card at {ink}")
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



# --- the pictures behind the faces: portraits, emblems, summaries, symbols ---------------------

def write(tmp_path, name: str, body: str):
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


ROW = "." * 16
GRID = "grid = [" + ", ".join(['"SSSSSSSSSSSSSSSS"'] * 16) + "]"


def test_every_hermit_card_has_a_portrait():
    from game.hermitcraft.cards import card_set
    from sprites import hermit_portraits as hp

    cards = card_set()
    hp.check(cards)  # raises if any is missing
    for card in cards.hermits:
        art = hp.portrait(card.name, 3)
        assert art.get_size() == (48, 48), card.id
        assert art.get_bounding_rect().w > 30, f"{card.name}'s portrait is nearly empty"


def test_a_hermit_without_a_portrait_is_named_in_the_error(tmp_path):
    from game.core.data import CardDataError
    from sprites import hermit_portraits as hp

    path = write(tmp_path, "portraits.toml", f'[palette]\nS = "#e8b890"\n[[portrait]]\nid = "a"\n'
                                             f'hermit = "Bdubs"\n{GRID}\n')
    with pytest.raises(CardDataError, match=r"portraits.toml: card 'Grian': field 'hermit'"):
        hp.load(path, ["Bdubs", "Grian"])


def test_a_portrait_row_of_the_wrong_size_is_named_in_the_error(tmp_path):
    from game.core.data import CardDataError
    from sprites import hermit_portraits as hp

    rows = ['"SSSSSSSSSSSSSSSS"'] * 15 + ['"SSSSSSSSSSSSSSS"']
    path = write(tmp_path, "portraits.toml", '[palette]\nS = "#e8b890"\n[[portrait]]\nid = "a"\n'
                                             f'hermit = "Bdubs"\ngrid = [{", ".join(rows)}]\n')
    with pytest.raises(CardDataError, match=r"card 'Bdubs': field 'grid': row 16 has 15 letters, expected 16"):
        hp.load(path)


def test_a_portrait_letter_missing_from_the_palette_is_named_in_the_error(tmp_path):
    from game.core.data import CardDataError
    from sprites import hermit_portraits as hp

    rows = ['"SSSSSSSSSSSSSSSS"'] * 3 + ['"SSSSSSQSSSSSSSSS"'] + ['"SSSSSSSSSSSSSSSS"'] * 12
    path = write(tmp_path, "portraits.toml", '[palette]\nS = "#e8b890"\n[[portrait]]\nid = "a"\n'
                                             f'hermit = "Bdubs"\ngrid = [{", ".join(rows)}]\n')
    with pytest.raises(CardDataError, match=r"field 'grid': row 4, column 7: letter 'Q' is not in the palette"):
        hp.load(path)


def test_a_portrait_is_scaled_without_smoothing():
    from sprites import hermit_portraits as hp

    small, big = hp.portrait("Grian", 1), hp.portrait("Grian", 4)
    for x in range(16):
        for y in range(16):
            block = {tuple(big.get_at((4 * x + dx, 4 * y + dy))) for dx in range(4) for dy in range(4)}
            assert block == {tuple(small.get_at((x, y)))}, (x, y)


def test_every_monster_has_an_emblem_and_a_bad_one_is_named(tmp_path):
    from game.core.data import CardDataError
    from game.mhtcg.cards import card_set
    from sprites import mhtcg_emblems as me

    for m in card_set().monsters:
        assert me.emblem(m, 32).get_size() == (32, 32)
    path = write(tmp_path, "emblems.toml", '[[emblem]]\nid = "M01"\nshape = "teapot"\n'
                                           'body = "#112233"\naccent = "#445566"\n')
    with pytest.raises(CardDataError, match=r"card 'M01': field 'shape'"):
        me.load(path, ["M01"])
    path = write(tmp_path, "emblems.toml", '[[emblem]]\nid = "M01"\nshape = "raptor"\n'
                                           'body = "blue"\naccent = "#445566"\n')
    with pytest.raises(CardDataError, match=r"card 'M01': field 'body'"):
        me.load(path, ["M01"])
    path = write(tmp_path, "emblems.toml", '[[emblem]]\nid = "M01"\nshape = "raptor"\n'
                                           'body = "#112233"\naccent = "#445566"\n')
    with pytest.raises(CardDataError, match=r"card 'M02': field 'emblem'"):
        me.load(path, ["M01", "M02"])


def test_a_card_without_a_summary_is_named_in_the_error(tmp_path):
    from game.core.data import CardDataError
    from sprites import summaries

    path = write(tmp_path, "summaries.toml", '[summary]\nslash = { en = "1 damage", zh = "傷害" }\n')
    assert summaries.load(path, ["slash"], ("en", "zh"))["slash"]["zh"] == "傷害"
    with pytest.raises(CardDataError, match=r"card 'dodge': field 'summary': missing"):
        summaries.load(path, ["slash", "dodge"], ("en", "zh"))
    path = write(tmp_path, "summaries.toml", '[summary]\nslash = { en = "1 damage" }\n')
    with pytest.raises(CardDataError, match=r"card 'slash': field 'summary': expected a text in 'zh'"):
        summaries.load(path, ["slash"], ("en", "zh"))


def test_every_short_summary_fits_two_lines_of_a_hand_card():
    from game.sanguosha.cards import card_set as sgs_cards
    from sprites import sanguosha_cards as sc

    width = HAND[0] - 2 * (max(2, HAND[0] // 30) + 4) + 2
    for kind in sgs_cards().kinds.values():
        for zh in (False, True):
            lines, _ = sc._foot_lines(sc.summary(kind, zh), width, zh, 2)
            assert len(lines) <= 2, (kind.id, zh, lines)


def test_the_general_names_and_kingdoms_are_in_the_cjk_font():
    from game.sanguosha.cards import card_set as sgs_cards
    from sprites import sanguosha_cards as sc

    cs = sgs_cards()
    shown = [g.name_zh for g in cs.generals] + [s.name_zh for s in cs.skills.values()]
    shown += [k.name_zh for k in cs.kinds.values()] + list(sc.KINGDOM_ZH.values())
    shown += list(sc.SUBTYPE_ZH.values()) + [sc.summary(k, True) for k in cs.kinds.values()]
    for s in shown:
        assert not text.missing(s, "cjk"), (s, text.missing(s, "cjk"))
        assert all(text.has_glyph("cjk", ch) for ch in s if "\u3400" <= ch <= "\u9fff"), s


def test_each_hermit_type_has_its_own_symbol_shape():
    """Colour is never the only carrier: the types' symbols differ in shape (their inked
    outlines and details compared as masks, colour ignored)."""
    from game.hermitcraft.cards import ANY, TYPES
    from sprites import hermit_icons as hi
    from sprites.icons import supersampled

    masks = {}
    for kind in (*TYPES, ANY):
        art = supersampled(lambda pen, k=kind: hi.SYMBOLS[k](pen), 32)
        masks[kind] = {(x, y) for x in range(32) for y in range(32)
                       if art.get_at((x, y))[3] > 128 and sum(art.get_at((x, y))[:3]) < 240}
    for a in masks:
        for b in masks:
            if a < b:
                same = len(masks[a] & masks[b]) / len(masks[a] | masks[b])
                assert same < 0.5, (a, b, same)


@pytest.mark.parametrize("module, draws", [("hermitcraft", ("hermit_icons", "tile")),
                                           ("sanguosha", ("sanguosha_cards", "kind_badge")),
                                           ("mhtcg", ("mhtcg_cards", "kind_badge"))])
def test_the_colourblind_setting_draws_the_drawn_symbols_larger(module, draws, monkeypatch):
    """The kind and type symbols (drawn, not letters) are asked for at larger sizes: none
    smaller, and most at least 1.25 times larger (a symbol already filling its card's room,
    like an item's, cannot grow)."""
    target = import_module(f"sprites.{draws[0]}")
    real = getattr(target, draws[1])
    sizes: list[int] = []

    def record(kind, size):
        sizes.append(size)
        return real(kind, size)

    monkeypatch.setattr(target, draws[1], record)
    game = all_games()[module]
    seen = {}
    for colourblind in (False, True):
        sizes.clear()
        for _, build in face_module(module).card_faces(game, HAND, colourblind):
            build()
        assert sizes, "no symbol drawn"
        seen[colourblind] = list(sizes)
    assert len(seen[True]) == len(seen[False])
    ratios = sorted(b / a for a, b in zip(seen[False], seen[True], strict=True))
    assert ratios[0] >= 0.95, "a symbol is smaller with the colour-blind setting"  # rounding aside
    assert ratios[len(ratios) // 2] >= 1.25, ratios[len(ratios) // 2]


def test_a_status_icon_names_its_status_for_the_tooltip():
    from sprites import hermit_icons as hi

    card = pygame.Rect(100, 50, 64, 90)
    marks = hi.status_marks(card, "poison", 2)
    assert [m.status for m in marks] == ["poison", "sleep"]
    assert all(card.contains(m.rect) for m in marks)
    assert hi.tooltip_at(marks, marks[0].rect.center).startswith("Poison")
    assert "2 more" in hi.tooltip_at(marks, marks[1].rect.center)
    assert hi.tooltip_at(marks, (card.x + 2, card.bottom - 2)) is None
    bar = hi.hp_bar_rect(card)
    assert not any(m.rect.colliderect(bar) for m in marks)  # never over the HP bar


def test_faces_are_drawn_once_per_card_and_size(monkeypatch):
    from game.hermitcraft.cards import card_set
    from sprites import hermitcraft_cards as hc

    cards = card_set()
    first = hc.render(cards, "grian_c", hc.BOARD)
    monkeypatch.setattr(hc, "draw", lambda *a: pytest.fail("drawn again"))
    assert hc.render(cards, "grian_c", hc.BOARD) is first


def test_a_hermit_zoom_shows_its_whole_ability_text(monkeypatch):
    """The zoom shows a Hermit's rules text whole, never its first lines only."""
    from game.hermitcraft.cards import card_set
    from sprites import hermitcraft_cards as hc

    cards = card_set()
    hc.load_types(cards)
    for card in cards.hermits:
        _, seen = draw_face(lambda c=card: hc.card_face(c, hc.DETAIL), monkeypatch)
        shown = " ".join(s for s, *_ in seen)
        assert card.text in shown, card.id


def test_a_monster_hunter_zoom_shows_each_card_text_whole(monkeypatch):
    from game.mhtcg.cards import card_set
    from sprites import mhtcg_cards as mc

    cs = card_set()
    for table in (cs.monsters, cs.weapons, cs.armour, cs.items):
        for card in table.values():
            _, seen = draw_face(lambda c=card: mc.deck_card(c, ZOOM), monkeypatch)
            shown = " ".join(s for s, *_ in seen).replace(" · ", " ")
            assert card.text in shown, card.id


def test_every_effect_and_single_use_card_has_its_picture():
    from game.hermitcraft.cards import card_set
    from sprites import hermit_pictures as pics

    cards = card_set()
    for card in cards.effects + cards.single_uses:
        art = pics.picture(card.id, 40)
        assert art is not None and art.get_bounding_rect().w > 16, card.id
