"""The Hermitcraft deck editor: the collection with filters, the deck with its counts, the rule an
illegal deck breaks (decks.validate_deck), named decks saved as JSON in the user folder, deck
codes in and out (HC1 and the reference simulator's legacy hash), starter decks as templates.

Click a card of the collection to add a copy; click a line of the deck to take one out. Saving a
name that is already taken asks first (a second click on Save replaces it). Open loads a saved
deck (its name too, so Save writes it back after asking); opening a deck or a template over
unsaved changes asks first too (a second click goes ahead).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame

from game.hermitcraft import GAME
from game.hermitcraft.cards import KINDS, RARITIES, TYPES
from game.hermitcraft.decks import (
    DeckCodeError,
    deck_counts,
    encode_code,
    encode_legacy_hash,
    import_deck,
    validate_deck,
)
from scenes import storage
from scenes.manager import HEIGHT, WIDTH, Scene
from sprites import hermitcraft_cards as hc
from sprites import text, theme
from sprites.widgets import Button, Choice, Spinner, TextField, WidgetGroup

CARD = hc.BOARD
COLS, ROWS_SHOWN = 8, 4
GRID = pygame.Rect(24, 150, COLS * (CARD[0] + 10), ROWS_SHOWN * (CARD[1] + 12))
DECK = pygame.Rect(GRID.right + 28, 60, WIDTH - GRID.right - 52, 420)
LINE = 18
OK, BAD, TEXT, DIM = (90, 210, 120), (240, 110, 90), (240, 236, 222), (180, 176, 160)


def decks_dir() -> Path:
    return storage.data_dir() / "hermitcraft_decks"


def deck_path(name: str) -> Path:
    slug = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "deck"
    return decks_dir() / f"{slug}.json"


def saved_decks() -> dict[str, list[str]]:
    """name -> cards of every deck saved in the user folder (unreadable files are skipped)."""
    out = {}
    for path in sorted(decks_dir().glob("*.json")) if decks_dir().exists() else []:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            out[str(data["name"])] = [str(c) for c in data["cards"]]
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return out


class CodeField(TextField):
    """A text field for long deck codes: what does not fit is clipped (the end stays in view)."""

    def draw(self, surface: pygame.Surface) -> None:
        full = self.text
        while self.text and text.width(self.text, 18) > self.rect.w - 30:
            self.text = self.text[1:]
        try:
            super().draw(surface)
        finally:
            self.text = full


class DeckEditor(Scene):
    def __init__(self, app, deck: list[str] | None = None, name: str = "My deck") -> None:
        super().__init__(app)
        self.cards = GAME.card_set()
        hc.load_types(self.cards)
        self.deck: list[str] = list(deck or [])
        self.page = 0
        self.message, self.message_ok = "", True
        self.confirm_replace: str | None = None
        #: what a second click of Open / Use template would replace unsaved changes with
        self.confirm_discard: str | None = None
        #: the deck as last saved, opened or taken from a template (changes since are unsaved)
        self.kept: list[str] = list(self.deck)
        self.group = WidgetGroup()
        g = self.group
        kinds = [("all", "All")] + [(k, {"single_use": "Single use"}.get(k, k.capitalize())) for k in KINDS]
        self.kind = g.add(Choice((24, 60, 420, 34), kinds, "all", on_change=self.refilter))
        types = [("all", "Any type")] + [(t, hc.TYPE_NAMES.get(t, t.capitalize())) for t in TYPES]
        self.type = g.add(Spinner((452, 60, GRID.right - 452, 34), types, "all", on_change=self.refilter))
        rar = [("all", "All")] + [(r, {"common": "Common", "rare": "Rare", "ultra_rare": "Ultra rare"}[r])
                                  for r in RARITIES]
        self.rarity = g.add(Choice((24, 104, 340, 34), rar, "all", on_change=self.refilter))
        self.search = g.add(TextField((372, 104, GRID.right - 372, 34), "", "Name…", digits=False, max_len=24,
                                      on_change=self.refilter))
        self.name = g.add(TextField((DECK.x, DECK.bottom + 10, DECK.w, 34), name, "Deck name",
                                    digits=False, max_len=28))
        y = DECK.bottom + 52
        w = (DECK.w - 16) // 3
        g.add(Button((DECK.x, y, w, 34), "Save", self.save, "primary"))
        g.add(Button((DECK.x + w + 8, y, w, 34), "Export", self.export))
        g.add(Button((DECK.x + 2 * (w + 8), y, w, 34), "Clear", self.clear))
        self.saved_list = g.add(Spinner((DECK.x, y + 44, DECK.w - 138, 34), [], None,
                                        tooltip="Your saved decks"))
        self.open_button = g.add(Button((DECK.right - 130, y + 44, 130, 34), "Open",
                                        self.open_saved, tooltip="Open the saved deck to edit it"))
        self.code = g.add(CodeField((24, HEIGHT - 96, GRID.w - 130, 34), "", "Paste an HC1: code or "
                                    "a legacy hash", digits=False, max_len=400))
        g.add(Button((24 + GRID.w - 120, HEIGHT - 96, 120, 34), "Import", self.import_code))
        starters = [(d.id, d.name) for d in self.cards.starters]
        self.template = g.add(Spinner((24, HEIGHT - 50, 300, 34), starters, starters[0][0]))
        g.add(Button((334, HEIGHT - 50, 180, 34), "Use template", self.use_template))
        g.add(Button((DECK.x, HEIGHT - 50, 200, 34), "Play vs AI", self.play,
                     tooltip="Start a game with this deck against the heuristic AI"))
        g.add(Button((WIDTH - 164, HEIGHT - 50, 140, 34), "Back", self.back, "ghost"))
        self.shown: list = []
        self.refilter()
        self.refresh_saved()

    # ---------------------------------------------------------------- the collection
    def refilter(self, *_):
        kind, typ, rar = self.kind.value, self.type.value, self.rarity.value
        words = self.search.text.strip().lower()
        self.shown = [c for c in self.cards.cards
                      if (kind == "all" or c.kind == kind)
                      and (typ == "all" or getattr(c, "type", None) == typ)
                      and (rar == "all" or c.rarity == rar)
                      and (not words or words in c.name.lower())]
        self.page = 0

    def card_rect(self, i: int) -> pygame.Rect:
        col, row = i % COLS, i // COLS
        return pygame.Rect(GRID.x + col * (CARD[0] + 10), GRID.y + row * (CARD[1] + 12), *CARD)

    def page_cards(self) -> list:
        n = COLS * ROWS_SHOWN
        return self.shown[self.page * n:(self.page + 1) * n]

    # ---------------------------------------------------------------- the deck
    def deck_lines(self) -> list[tuple[str, int]]:
        order = {c.id: i for i, c in enumerate(self.cards.cards)}
        counts: dict[str, int] = {}
        for c in self.deck:
            counts[c] = counts.get(c, 0) + 1
        return sorted(counts.items(), key=lambda kv: order.get(kv[0], 999))

    def problems(self) -> list[str]:
        return validate_deck(self.cards, self.deck)

    def add(self, card_id: str) -> None:
        self.deck.append(card_id)
        self.confirm_replace = self.confirm_discard = None

    def remove(self, card_id: str) -> None:
        if card_id in self.deck:
            self.deck.remove(card_id)
            self.confirm_replace = self.confirm_discard = None

    def clear(self) -> None:
        self.deck = []
        self.confirm_replace = self.confirm_discard = None

    def say(self, message: str, ok: bool) -> None:
        self.message, self.message_ok = message, ok

    def unsaved(self) -> bool:
        return sorted(self.deck) != sorted(self.kept)

    def replace_deck(self, cards: list[str], name: str, done: str) -> bool:
        """Put `cards` (named `name`) in place of the deck; over unsaved changes only on the
        second request. Returns True when replaced."""
        if self.unsaved() and self.deck and self.confirm_discard != name:
            self.confirm_discard = name
            self.say(f"Your changes are not saved: click again to open '{name}' anyway.", False)
            return False
        self.deck, self.kept = list(cards), list(cards)
        self.name.text = name
        self.confirm_discard = self.confirm_replace = None
        self.say(done, True)
        return True

    def use_template(self) -> None:
        d = self.cards.starter(self.template.value)
        self.replace_deck(d.cards, d.name, f"Template: {d.name}.")

    def refresh_saved(self) -> None:
        """The Open list: every deck saved in the user folder."""
        self.saved = saved_decks()
        names = list(self.saved)
        box = self.saved_list.rect.w - 48
        self.saved_list.options = [(n, text.ellipsize(n, 16, box)) for n in names] or \
            [(None, "No saved decks yet")]
        if self.saved_list.value not in names:
            self.saved_list.value = names[0] if names else None
        self.saved_list.enabled = self.open_button.enabled = bool(names)

    def open_saved(self) -> None:
        name = self.saved_list.value
        if name in self.saved:
            self.replace_deck(self.saved[name], name, f"Opened '{name}'.")

    def import_code(self) -> None:
        try:
            self.deck = import_deck(self.cards, self.code.text)
        except DeckCodeError as e:
            self.say(str(e).splitlines()[0], False)
            return
        self.say(f"Imported {len(self.deck)} cards.", True)

    def export(self) -> None:
        try:
            self.code.text = encode_code(self.cards, self.deck)
        except DeckCodeError as e:
            self.say(str(e).splitlines()[0], False)
            return
        try:
            legacy = encode_legacy_hash(self.cards, self.deck)
            self.say(f"HC1 code in the code field; legacy hash: {legacy[:24]}…", True)
        except DeckCodeError:
            self.say("HC1 code in the code field.", True)
        try:
            pygame.scrap.put_text(self.code.text)
        except (pygame.error, AttributeError):
            pass

    def save(self) -> None:
        name = self.name.text.strip() or "My deck"
        path = deck_path(name)
        if path.exists() and self.confirm_replace != str(path):
            self.confirm_replace = str(path)
            self.say(f"A deck named '{name}' is saved already: click Save again to replace it.", False)
            return
        storage.write_json_atomic(path, {"name": name, "cards": list(self.deck)})
        self.confirm_replace = None
        self.kept = list(self.deck)
        self.refresh_saved()
        self.saved_list.value = name
        self.say(f"Saved '{name}'.", True)

    def play(self) -> None:
        """A game with this deck (seat 1) against the AI, which picks its own deck."""
        problems = self.problems()
        if problems:
            self.say(problems[0], False)
            return
        import random

        from game.local_session import LocalSession

        session = LocalSession.start("hermitcraft", 2, random.randrange(1, 10**9),
                                     ["you", "ai:heuristic"], seat_options=[{"deck": list(self.deck)}, {}])
        self.app.open_table(session)

    def back(self) -> None:
        self.app.manager.pop()

    # ---------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        elif event.type == pygame.MOUSEWHEEL:
            last = max(0, (len(self.shown) - 1) // (COLS * ROWS_SHOWN))
            self.page = max(0, min(last, self.page - event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)

    def click(self, pos) -> None:
        for i, c in enumerate(self.page_cards()):
            if self.card_rect(i).collidepoint(pos):
                self.add(c.id)
                return
        for i, (card_id, _) in enumerate(self.deck_lines()):
            if self.line_rect(i).collidepoint(pos):
                self.remove(card_id)
                return
        for step, r in ((-1, self.page_rects()[0]), (1, self.page_rects()[1])):
            if r.collidepoint(pos):
                last = max(0, (len(self.shown) - 1) // (COLS * ROWS_SHOWN))
                self.page = max(0, min(last, self.page + step))

    def line_rect(self, i: int) -> pygame.Rect:
        col, row = divmod(i, (DECK.h - 96) // LINE)
        half = DECK.w // 2
        return pygame.Rect(DECK.x + 8 + col * half, DECK.y + 90 + row * LINE, half - 12, LINE)

    def page_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        y = GRID.bottom + 4
        return pygame.Rect(GRID.x, y, 90, 26), pygame.Rect(GRID.right - 90, y, 90, 26)

    def update(self, dt: float) -> None:
        self.group.update(dt)

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_background(surface, "menu")
        t = text.render("Hermitcraft decks", 28, TEXT, "bold")
        surface.blit(t, (24, 14))
        for i, c in enumerate(self.page_cards()):
            surface.blit(hc.render(self.cards, c.id, CARD), self.card_rect(i))
        pages = max(1, (len(self.shown) + COLS * ROWS_SHOWN - 1) // (COLS * ROWS_SHOWN))
        prev, nxt = self.page_rects()
        for r, word in ((prev, "◂ Prev"), (nxt, "Next ▸")):
            pygame.draw.rect(surface, (50, 56, 70), r, border_radius=6)
            w = text.render(word, 14, TEXT, "bold")
            surface.blit(w, w.get_rect(center=r.center))
        info = text.render(f"{len(self.shown)} cards · page {self.page + 1} of {pages} · "
                           "click a card to add it", 14, DIM)
        surface.blit(info, info.get_rect(midtop=(GRID.centerx, prev.y + 5)))
        self.draw_deck(surface)
        if self.message:
            m = text.render(self.message, 15, OK if self.message_ok else BAD, "bold")
            surface.blit(m, (24, HEIGHT - 128))
        self.group.draw(surface)

    def draw_deck(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, (24, 28, 36), DECK, border_radius=10)
        n = deck_counts(self.cards, self.deck)
        head = text.render(f"Deck: {n.total} / 42 cards", 18, TEXT, "bold")
        surface.blit(head, (DECK.x + 10, DECK.y + 8))
        sub = text.render(f"{n.rare} rare · {n.ultra_rare} ultra rare · {n.tokens} tokens · "
                          f"{n.hermit} Hermits", 14, DIM)
        surface.blit(sub, (DECK.x + 10, DECK.y + 34))
        problems = self.problems()
        words = problems[0] if problems else "A legal deck."
        lines = text.wrap(words, 14, DECK.w - 20)[:2]
        for k, ln in enumerate(lines):
            p = text.render(ln, 14, BAD if problems else OK, "bold")
            surface.blit(p, (DECK.x + 10, DECK.y + 54 + k * 17))
        for i, (card_id, count) in enumerate(self.deck_lines()):
            r = self.line_rect(i)
            if r.bottom > DECK.bottom:
                break
            name = self.cards.by_id[card_id].name if card_id in self.cards.by_id else card_id
            rar = hc.RARITY_LETTERS.get(getattr(self.cards.by_id.get(card_id), "rarity", ""), "?")
            label = text.ellipsize(f"{count}× {name} ({rar})", 14, r.w, "narrow")
            surface.blit(text.render(label, 14, TEXT, "narrow"), r.topleft)
