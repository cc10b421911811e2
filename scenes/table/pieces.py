"""The small pieces a table is made of: where a card goes (`Place`), where an action's target
lies (`Spot`), a drag in progress, a card turning over, the wait for dice or a row of coins
to land, the choice menu with previews; and the table's timings."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from game.core.contract import Action
from sprites import text
from sprites.cards import CardSprite
from sprites.coin import CoinRow
from sprites.dice import DiceTray
from sprites.widgets import ChoiceMenu

MOVE = 0.25  # card move, seconds at ×1
FLIP = 0.30
SNAP_BACK = 0.20
HOVER_DELAY = 0.25
DRAG_THRESHOLD = 4  # pixels before a press becomes a drag (a click stays a click)
DOUBLE_CLICK = 0.4  # seconds between the clicks of a double click
BAR_H = 36  # the button bar's buttons
BAR_MAX = 6  # buttons in the bar; more go into a "More…" menu
LOG_WIDTH = 270


@dataclass
class Place:
    """Where the layout wants one card: `face` None draws the back."""

    key: Any
    face: Any
    size: tuple[int, int]
    pos: tuple[float, float]
    zone: str = ""
    z: int = 0
    buried: bool = False  # covered by the cards above (deep in a pile): skipped when drawn


@dataclass(frozen=True)
class Spot:
    """Where an action's target lies on the table: a zone, a seat's area or a card."""

    kind: str  # "zone" | "seat" | "card"
    target: Any
    rect: pygame.Rect


class TrayWait:
    """A timeline entry that lasts until the dice tray is at rest (Space: finish the roll);
    `on_done` runs once when it lands (the roll enters the log then)."""

    __slots__ = ("tray", "done", "on_done")

    def __init__(self, tray: DiceTray, on_done=None) -> None:
        self.tray = tray
        self.done = False
        self.on_done = on_done

    def _land(self) -> None:
        self.done = True
        if self.on_done is not None:
            on_done, self.on_done = self.on_done, None
            on_done()

    def update(self, dt: float) -> bool:
        if self.tray.is_settled():
            self._land()
        return self.done

    def finish(self) -> None:
        self.tray.finish()
        self._land()


class RowWait:
    """A timeline entry that plays a row of coins (sprites/coin.py) until every coin has
    landed, then `on_land` (the flip enters the log then)."""

    def __init__(self, row: CoinRow, on_land) -> None:
        self.row, self.on_land = row, on_land

    def update(self, dt: float) -> bool:
        if self.row.update(dt) and self.on_land is not None:
            self.on_land, on_land = None, self.on_land
            on_land()
        return self.on_land is None

    def finish(self) -> None:
        self.row.finish()
        self.update(0.0)


class SeenCards:
    """Card key -> the card it is, as a table has seen it (`AnimationPart.seen`)."""

    __slots__ = ("seen",)

    def __init__(self, seen) -> None:
        self.seen = seen

    def __getitem__(self, key: Any) -> Any:
        return self.seen(key)


@lru_cache(maxsize=128)
def outlined(s: str, size: int, color) -> pygame.Surface:
    """Bold text with a dark outline, readable over cards and felt."""
    fg = text.render(s, size, color, "bold")
    bg = text.render(s, size, (10, 4, 4), "bold")
    out = pygame.Surface((fg.get_width() + 4, fg.get_height() + 4), pygame.SRCALPHA)
    for dx, dy in ((0, 0), (4, 0), (0, 4), (4, 4), (2, 0), (0, 2), (4, 2), (2, 4)):
        out.blit(bg, (dx, dy))
    out.blit(fg, (2, 2))
    return out


class Drag:
    __slots__ = ("sprite", "grab", "start", "active", "actions", "player")

    def __init__(self, sprite: CardSprite, pos: tuple[int, int], actions: list[Action], player: int | None) -> None:
        self.sprite = sprite
        self.grab = (sprite.x - pos[0], sprite.y - pos[1])
        self.start = pos
        self.active = False
        self.actions = actions
        self.player = player



@lru_cache(maxsize=8)
def veil(size: tuple[int, int], colour: tuple[int, int, int, int]) -> pygame.Surface:
    """A translucent cover (the help screen's), made once per size."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill(colour)
    return veil.convert_alpha() if pygame.display.get_surface() is not None else veil


class FlipFace:
    """A face in the middle of a flip: shows `old` while t < 0.5, then `new`."""

    __slots__ = ("sprite", "old", "new", "t")

    def __init__(self, sprite: CardSprite, old: Any, new: Any) -> None:
        self.sprite = sprite
        self.old = old.new if isinstance(old, FlipFace) else old
        self.new = new
        self.t = 0.0

    @property
    def shown(self) -> Any:
        return self.old if self.t < 0.5 else self.new

    @property
    def scale(self) -> float:
        return max(0.02, abs(1 - 2 * self.t))

    def done(self) -> None:
        if self.sprite.face_key is self:
            self.sprite.face_key = self.new
        self.sprite.flip = 1.0

    def __eq__(self, other: object) -> bool:
        return other is self or (not isinstance(other, FlipFace) and other == self.new)

    def __hash__(self) -> int:
        return hash(self.new)


class PreviewMenu(ChoiceMenu):
    """The widget room's ChoiceMenu plus: options that preview cards while hovered
    (`previews[i]` = card keys to highlight) and options shown dimmed (`disabled`) — choosing
    a dimmed one still asks the rules, which explain why not."""

    def __init__(self, pos, options, on_choose, title="", bounds=None, previews=None, disabled=None):
        super().__init__(pos, options, on_choose, title=title, bounds=bounds)
        self.previews = previews or {}
        self.disabled = disabled or set()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.open:
            return
        for i in self.disabled:
            if i < len(self.options):
                r = self.row_rect(i)
                veil = pygame.Surface(r.size, pygame.SRCALPHA)
                veil.fill((22, 23, 29, 150))
                surface.blit(veil, r)
