"""Secret Bid's table (the toy game, tests/toygame.py): the smallest game scene.

A game scene lays out and draws, nothing more (docs/plugging-in-a-game.md, "The table"). The
table base (scenes/table/) does the rest: it asks the session for the view of the seat it
serves, turns a drop of a card on a zone into the legal action whose source and target match
(a bid: your card onto "table"), plays the events as animations, logs them, shows the prompt.

Tests open it with `tests.scene_helpers.open_table(app, "toy", …)` (see `register`).
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.table import Place, TableScene
from sprites import cards as cardgfx
from sprites import text
from sprites.cards import HAND, TABLE
from sprites.zones import Zone
from tests.toygame import PRIZE_BASE, value

GOLD, INK, FELT = (240, 200, 90), (236, 232, 220), (30, 70, 52)


class SecretBidTable(TableScene):
    accent = GOLD

    # --- layout: where the zones and seats are --------------------------------------------
    def layout(self) -> None:
        t = self.table_rect
        self.zones["prize"] = Zone("prize", pygame.Rect(t.centerx - 250, 250, 120, 150))
        self.zones["table"] = Zone("table", pygame.Rect(t.centerx - 100, 250, 360, 150),
                                   target="table", label="Bid here")

    def seat_rect(self, seat: int) -> pygame.Rect | None:
        t = self.table_rect
        if seat == self.me:
            return pygame.Rect(t.centerx - 300, 470, 600, 190)
        others = self.others()
        w = t.width // len(others)
        return pygame.Rect(t.x + others.index(seat) * w + 10, 60, w - 20, 150)

    # --- the cards: one Place per card the view shows, in draw order ----------------------
    def card_places(self, view: dict) -> list[Place]:
        places = []
        if view["prize"] is not None:
            places.append(Place(view["prize"], view["prize"], TABLE,
                                self.zones["prize"].rect.center, "prize"))
        hand = view["hand"] or []
        mine = self.seat_rect(self.me)
        for i, card in enumerate(hand):
            x = mine.centerx + (i - (len(hand) - 1) / 2) * (HAND[0] + 10)
            places.append(Place(card, card, HAND, (x, mine.y + 100), "hand"))
        bids = (view["decision"] or {}).get("answers", [])
        table = self.zones["table"].rect
        for i, (seat, card) in enumerate(bids):  # face down, but your own
            key = card if card is not None else ("bid", seat)
            places.append(Place(key, card, TABLE, (table.x + 50 + i * 80, table.centery), "table"))
        for seat, won in enumerate(view["won"]):
            r = self.seat_rect(seat)
            for i, card in enumerate(won):
                places.append(Place(card, card, TABLE, (r.right - 50 - i * 16, r.bottom - 60),
                                    "won", z=i))
        return places

    def hand_keys(self) -> list[Any]:
        return list(self.view()["hand"] or [])

    # --- drawing --------------------------------------------------------------------------
    def render_face(self, face: Any, size: tuple[int, int]) -> pygame.Surface:
        if face is None:
            return cardgfx.back(size, FELT, GOLD)
        prize = face >= PRIZE_BASE
        return cardgfx.face(size, GOLD if prize else INK, (60, 44, 20) if prize else (40, 40, 52),
                            name="Prize" if prize else "Bid", big=str(value(face)))

    def draw_table(self, surface: pygame.Surface) -> None:
        surface.fill(FELT)
        self.draw_zones(surface)
        self.draw_seat_panels(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        view = self.shown
        for seat in range(self.session.players):
            r = self.seat_rect(seat)
            points = sum(value(c) for c in view["won"][seat])
            label = text.render(f"{self.seat_name(seat)}: {points} points", 16, INK, "bold")
            surface.blit(label, (r.x + 12, r.y + 8))

    def help_lines(self) -> list[str]:
        return ["Drag a card of your hand onto the table to bid it face down.",
                "The single highest bid takes the prize; a tie discards it."]


def register(monkeypatch) -> None:
    """The toy game and its table, for one test (neither is in the app's registries)."""
    from game import registry
    from scenes.tables import TABLES
    from tests import toygame

    monkeypatch.setitem(registry._games, toygame.GAME.name, toygame.GAME)
    monkeypatch.setitem(TABLES, toygame.GAME.name, SecretBidTable)
