"""First-game tips: the first time a player can do a kind of action in a
game, a short tip appears beside the thing to drag or click, never over it. Each tip shows
once; "Don't show tips" (on the tip) or the Settings switch turns them off, "Show tips again"
in Settings brings them all back. The settings JSON remembers both (`tips`, `tips_seen`).

The words are data, one file per game, `data/<game>/tips.toml`:

    [action.play]          # a kind of action of the rules (a key of `State.checks`)
    text = "Drag one of your cards onto the girls' rows to play it."

    [decision.peach]       # a kind of question (the top frame of the rules' decision stack):
    text = "..."           # shown instead of the action tips when it is asked

The table base (scenes/table.py) decides when a tip is due and where it goes; this module
loads and checks the files and draws the bubble.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from game.core.data import CardDataError, load_toml
from game.core.resources import data_path
from sprites import cards as cardgfx
from sprites import text
from sprites.widgets import Button
from sprites.zones import panel

SECTIONS = ("action", "decision")
FIELDS = ("text",)
MAX_CHARS = 220  # five lines of the bubble
WIDTH = 330
TEXT_SIZE = 15
GAP = 14  # between the tip and what it is about


class TipDataError(CardDataError):
    """A tips file that cannot be used: one line naming file, tip and field."""

    def __init__(self, file: Path | str, tip: str | None, field: str | None, problem: str) -> None:
        super().__init__(file, None, field, problem)
        self.tip = tip
        where = [str(file)] + ([f"tip '{tip}'"] if tip else []) + ([f"field '{field}'"] if field else [])
        self.args = (": ".join(where) + ": " + problem,)

    def __str__(self) -> str:
        return self.args[0]


def tips_path(game: str) -> Path:
    return data_path(game, "tips.toml")


def load_tips(path: Path, action_kinds: frozenset[str] | set[str]) -> dict[str, str]:
    """{"action.play": text, "decision.peach": text, …} from a tips file, checked like card
    data: unknown tables or keys, a missing, empty or over-long text, an action kind the game
    does not have are a TipDataError. A game without a tips file has no tips."""
    if not path.is_file():
        return {}
    doc = load_toml(path)
    out: dict[str, str] = {}
    for section, entries in doc.items():
        if section not in SECTIONS:
            raise TipDataError(path, None, section, "unknown table (expected [action.<kind>] or "
                               "[decision.<kind>])")
        if not isinstance(entries, dict):
            raise TipDataError(path, None, section, "expected tables such as "
                               f"[{section}.<kind>]")
        for kind, record in entries.items():
            name = f"{section}.{kind}"
            if not isinstance(record, dict):
                raise TipDataError(path, name, None, "expected a table with a text")
            for key in record:
                if key not in FIELDS:
                    raise TipDataError(path, name, key, f"unknown key (known keys: {', '.join(FIELDS)})")
            words = record.get("text")
            if words is None:
                raise TipDataError(path, name, "text", "missing")
            if not isinstance(words, str) or not words.strip():
                raise TipDataError(path, name, "text", f"expected a sentence, got {words!r}")
            if len(words) > MAX_CHARS:
                raise TipDataError(path, name, "text", f"{len(words)} characters; a tip holds "
                                   f"at most {MAX_CHARS}")
            if section == "action" and kind not in action_kinds:
                raise TipDataError(path, name, None, "the game has no such action (its actions: "
                                   f"{', '.join(sorted(action_kinds))})")
            out[name] = " ".join(words.split())
    return out


@lru_cache(maxsize=8)
def game_tips(game: str, action_kinds: frozenset[str]) -> dict[str, str]:
    """The tips of `game` (loaded once per process)."""
    return load_tips(tips_path(game), action_kinds)


class TipBubble:
    """One tip on the table: its words, what it is about (`anchor`), where it lies, and its two
    buttons ("Got it", "Don't show tips"). A click on the bubble itself means "Got it"."""

    def __init__(self, key: str, words: str, anchor: pygame.Rect, position: Any,
                 on_done, on_off, actions: list | None = None) -> None:
        self.key, self.words, self.anchor, self.position = key, words, pygame.Rect(anchor), position
        self.actions = list(actions or [])  # the legal actions it is about
        self.marks: list[pygame.Rect] = [self.anchor]  # what it outlines (the table sets them)
        self.lines = text.wrap(words, TEXT_SIZE, WIDTH - 28)
        self.rect = pygame.Rect(0, 0, WIDTH, 40 + 20 * len(self.lines) + 40)
        self.side = "above"
        self.on_done, self.on_off = on_done, on_off
        self.buttons: list[Button] = []
        self.place(self.rect, self.side)

    def place(self, rect: pygame.Rect, side: str) -> None:
        self.rect, self.side = pygame.Rect(rect), side
        r = self.rect
        got = pygame.Rect(r.right - 14 - 92, r.bottom - 40, 92, 30)
        off = pygame.Rect(got.x - 10 - 150, got.y, 150, 30)
        self.buttons = [Button(got, "Got it", self.on_done, "primary", size=15),
                        Button(off, "Don't show tips", self.on_off, "ghost", size=14)]

    @property
    def size(self) -> tuple[int, int]:
        return self.rect.size

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was the tip's (a button, or a click on the bubble)."""
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.on_done()
            return True
        return False

    def update(self, dt: float) -> None:
        for b in self.buttons:
            b.update(dt)

    def draw(self, surface: pygame.Surface, accent) -> None:
        r = self.rect
        for m in self.marks:
            cardgfx.glow_rect(surface, m, accent, width=3)
        self.draw_pointer(surface, accent)
        panel(surface, r, (16, 14, 34, 244), (*accent, 235), radius=12, width=2)
        cap = text.render("First game", 14, accent, "bold")
        surface.blit(cap, (r.x + 14, r.y + 10))
        y = r.y + 32
        for ln in self.lines:
            surface.blit(text.render(ln, TEXT_SIZE, (240, 236, 252)), (r.x + 14, y))
            y += 20
        for b in self.buttons:
            b.draw(surface)

    def draw_pointer(self, surface: pygame.Surface, accent) -> None:
        """A small triangle from the bubble toward what it is about."""
        r, a = self.rect, self.anchor
        if self.side in ("above", "below"):
            x = min(max(a.centerx, r.x + 20), r.right - 20)
            base_y = r.bottom if self.side == "above" else r.top
            tip_y = base_y + (GAP - 2 if self.side == "above" else -(GAP - 2))
            pts = [(x - 9, base_y), (x + 9, base_y), (x, tip_y)]
        else:
            y = min(max(a.centery, r.y + 20), r.bottom - 20)
            base_x = r.right if self.side == "left" else r.left
            tip_x = base_x + (GAP - 2 if self.side == "left" else -(GAP - 2))
            pts = [(base_x, y - 9), (base_x, y + 9), (tip_x, y)]
        pygame.draw.polygon(surface, accent, pts)


def place_beside(size: tuple[int, int], anchor: pygame.Rect, area: pygame.Rect,
                 keep_clear: list[pygame.Rect]) -> tuple[pygame.Rect, str] | None:
    """A spot of `size` inside `area` right beside `anchor` (above, below, right or left of it,
    never over it) covering as little of `keep_clear` as it can; None when there is no room."""
    w, h = size
    best, best_key = None, None
    sides = (("above", 0), ("below", 1), ("right", 2), ("left", 3))
    for side, rank in sides:
        for k in range(0, 13):
            shift = (k + 1) // 2 * (1 if k % 2 else -1)  # 0, +1, -1, +2, -2 …
            if side in ("above", "below"):
                x = anchor.centerx - w // 2 + shift * 40
                y = anchor.top - GAP - h if side == "above" else anchor.bottom + GAP
            else:
                x = anchor.right + GAP if side == "right" else anchor.left - GAP - w
                y = anchor.centery - h // 2 + shift * 30
            r = pygame.Rect(x, y, w, h)
            if not area.contains(r):
                moved = r.clamp(area)
                # sliding along the side is fine; sliding toward the anchor is not
                if (side in ("above", "below") and moved.y != r.y) or \
                        (side in ("left", "right") and moved.x != r.x):
                    continue
                r = moved
            if r.colliderect(anchor):
                continue
            cover = sum(r.clip(b).w * r.clip(b).h for b in keep_clear)
            key = (cover, rank, abs(shift))
            if best_key is None or key < best_key:
                best, best_key = (r, side), key
    return best
