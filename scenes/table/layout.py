"""Layout and zones: the table's rectangle (narrowed by the open log), the zones and seats'
areas, cards spread in a row (`spread`), what lies under a point, where an action's target
lies (`spot_of`), the card-face cache, and the cached static layer (and its overlay) the zones
and seats are painted into."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame

from game.core.contract import Action
from scenes.manager import HEIGHT, WIDTH
from scenes.table.pieces import LOG_WIDTH, Spot
from sprites import cards as cardgfx
from sprites import i18n
from sprites.cards import CardSprite
from sprites.zones import Zone, draw_zone, panel


def spread(left: float, width: float, card_w: float, n: int, i: int, gap: float = 8,
           centred: bool = False) -> float:
    """The centre x of the i-th of `n` cards laid in a row within [left, left + width]: `gap`
    apart, overlapping when they do not fit; from the left, or `centred` in the width."""
    step = min(card_w + gap, (width - card_w) / max(1, n - 1)) if n > 1 else 0
    if centred:
        return left + width // 2 - step * (n - 1) / 2 + i * step
    return left + card_w / 2 + i * step


class LayoutPart:
    """Part of TableScene (scenes/table/base.py)."""

    def busy_rects(self) -> list[pygame.Rect]:
        """What a notice should not cover: the zones, the seats' areas, the button bar."""
        rects = [z.rect for z in self.zones.values() if z.visible]
        rects += [r for r in (self.seat_rect(p) for p in range(self.session.players)) if r is not None]
        return rects + [b.rect for b in self.bar]


    @property
    def table_rect(self) -> pygame.Rect:
        right = WIDTH - (LOG_WIDTH if self.log_shown else 0)
        return pygame.Rect(0, 0, right, HEIGHT)

    @property
    def log_shown(self) -> bool:
        """The log takes its room once it has something to say (until then: a tab)."""
        return self.log.open and (bool(self.log.entries) or self._log_warming)

    @property
    def log_rect(self) -> pygame.Rect:
        return pygame.Rect(WIDTH - LOG_WIDTH, 0, LOG_WIDTH, HEIGHT)

    def relayout(self) -> None:
        self.zones = {}
        self.buttons = []
        self._bar_key = None
        self.layout()
        self.place_tray(self.tray_rect())
        self.layout_version += 1
        if self.notes:
            self.replace_notes()
        if len(self.face_cache) > 600:
            self.face_cache.clear()

    def face(self, face: Any, size: tuple[int, int]) -> pygame.Surface:
        key = (face, size)
        surf = self.face_cache.get(key)
        if surf is None:
            surf = self.render_face(face, size)
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self.face_cache[key] = surf
        return surf


    def sprite_at(self, pos: tuple[int, int]) -> CardSprite | None:
        for s in reversed(self.order):
            if s.rect.collidepoint(pos):
                return s
        return None

    def zone_at(self, pos: tuple[int, int], droppable: bool = True) -> Zone | None:
        for z in self.zones.values():
            if z.contains(pos) and (z.target is not None or not droppable):
                return z
        return None


    def spot_of(self, action: Action) -> Spot | None:
        """Where `action`'s target lies: a zone naming it, a card (kinds in
        `card_target_kinds`) or a seat's area (`seat_target`); None when it has no place."""
        t = action.target
        if t is None:
            return None
        if action.kind in self.card_target_kinds:
            s = self.sprites.get(t)
            return Spot("card", t, s.rect) if s is not None else None
        for z in self.zones.values():
            if z.target is not None and z.target == t:
                return Spot("zone", t, z.rect)
        for seat in range(self.session.players):
            if self.seat_target(seat) == t:
                r = self.seat_rect(seat)
                return Spot("seat", seat, r) if r is not None else None
        return None

    def actions_at(self, pos: tuple[int, int], actions: Iterable[Action]) -> list[Action]:
        """The actions whose target lies under `pos`."""
        out = []
        for a in actions:
            sp = self.spot_of(a)
            if sp is not None and sp.rect.collidepoint(pos):
                out.append(a)
        return out


    def static_key(self) -> Any:
        """What the static layer shows depends on (hashable); None: no static layer."""
        return None

    def draw_static(self, surface: pygame.Surface) -> None:
        """The unchanging part of the table, painted once per `static_key()` into the layer."""

    def static_layer(self, key: Any, size: tuple[int, int]) -> pygame.Surface:
        """The cached static layer, repainted when its key, the layout or the log changes."""
        full = (key, self.layout_version, self.log_shown, size, i18n.language())
        if self._static is None or self._static[0] != full:
            layer = self._static[1] if self._static is not None and self._static[1].get_size() == size else None
            if layer is None:  # in the display's pixel format (fast blits), when there is one
                screen = pygame.display.get_surface()
                layer = pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)
            self.draw_static(layer)
            self._static = (full, layer)
            self.static_version += 1
        return self._static[1]

    def overlay_key(self) -> Any:
        """Optional second cached level over the static layer, for things that change more
        often than the static layer but not every frame (a table's boards); None: none."""
        return None

    def draw_static_overlay(self, surface: pygame.Surface) -> None:
        """Paint the second level (called on a copy of the static layer)."""

    def overlay_layer(self, layer: pygame.Surface) -> pygame.Surface:
        """The static layer with the overlay painted on it, repainted when either changes."""
        key = self.overlay_key()
        if key is None:
            return layer
        full = (key, self.static_version)
        if self._overlay is None or self._overlay[0] != full:
            image = self._overlay[1] if self._overlay is not None and self._overlay[1].get_size() == layer.get_size() else None
            if image is None:
                image = layer.copy()
            else:
                image.blit(layer, (0, 0))
            self.draw_static_overlay(image)
            self._overlay = (full, image)
        return self._overlay[1]

    def zones_key(self) -> tuple:
        """How the zones look now (their felt is part of the static layer)."""
        return tuple((z.name, tuple(z.rect), z.visible, z.glow, z.hover, z.label, z.tint)
                     for z in self.zones.values())

    def draw_zones(self, surface: pygame.Surface) -> None:
        for z in self.zones.values():
            draw_zone(surface, z, self.accent)


    def draw_seats(self, surface: pygame.Surface) -> None:
        self.draw_seat_panels(surface)

    def draw_seat_panels(self, surface: pygame.Surface) -> None:
        """Each seat's area (part of the static layer; `draw_seat_marks` outlines the acting
        seats and glows the ones you may aim at, live, so the layer is not repainted)."""
        for seat in range(self.session.players):
            r = self.seat_rect(seat)
            if r is not None:
                panel(surface, r, (0, 0, 0, 50), (255, 255, 255, 40), radius=14, width=1)

    def draw_seat_marks(self, surface: pygame.Surface) -> None:
        for seat in set(self.shown_acting) | self.glow_seats:
            r = self.seat_rect(seat)
            if r is None:
                continue
            if seat in self.shown_acting:
                panel(surface, r, (*self.accent, 26), (*self.accent, 220), radius=14, width=3)
            if seat in self.glow_seats:  # a seat you may aim at
                cardgfx.glow_rect(surface, r, self.accent)

    def seat_target(self, seat: int) -> Any:
        """The value actions name as their target when they aim at `seat` (default: the seat
        number; a game may say "self" for your own)."""
        return seat

    def seat_rect(self, seat: int) -> pygame.Rect | None:
        return None
