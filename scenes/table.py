"""TableScene: what every game's table shares (DESIGN §3, STYLE "Behaviour shared by every
table", docs/plugging-in-a-game.md §8). A game's table subclasses it, lays out its zones, seats
and cards, and draws them; the base does everything else.

The scene never decides legality. A gesture is turned into the legal action whose
kind/source/target match it; when none matches, the scene builds the Action the gesture means and
lets the rules (on a clone) say why it is refused.

What the base does for every game:

- **targets** are zones (`Zone.target`), seats (`seat_rect(seat)`, named by `seat_target(seat)`)
  or cards (action kinds in `card_target_kinds`): `spot_of(action)` finds where an action's target
  lies, so drag-and-drop, clicks and glows work the same for all three;
- **drag and drop** (press a card, drop it on a glowing target) and **select, then target**
  (click a card: its targets glow; click one). A double click does a card's only action. When
  every legal action uses one card and aims at seats or cards (an Immediate card, a Slash), the
  targets glow at once: **aiming** needs no first click;
- **actions with no gesture** (Pass, End turn, Done, Cancel, Take no upgrade) become a **button
  bar** built from the legal actions (`button_bar_rect`); Enter presses a lone button;
- **the banner** is the rules' `state.prompt(viewer)`, or while events play the text of the last
  "phase" event (the part of the turn being animated);
- **counters** (health, echoes, grief…) are `self.counters[(seat, name)]`: read from the view
  when the table is still (`counters_from_view`) and ticked by each event's `counters` (the
  values after the event) while it plays, so no scene counts anything;
- **dice and coins** land in the base's dice tray (`tray_rect`); a roll or flip enters the log
  when it lands;
- **private events**: the log and the animations get `event.for_viewer(viewer)`; a hot-seat
  handoff refills the log for the next viewer;
- **first-game tips** (scenes/tips.py): the first time the person at the screen may do a kind
  of action (or is asked a kind of question), the game's tip for it (`data/<game>/tips.toml`)
  appears beside the thing to drag or click, never over it; once per kind, switchable off;
- hover zoom, the log panel, the help overlay, menus, toasts, the AI worker (bots decide on a
  determinization), autosave, hot-seat handoff, the static-layer cache.

What a subclass implements (see each method's docstring): `layout()`, `card_places(view)`,
`render_face(face, size)`, `draw_table`/`draw_over`, `seat_rect(seat)`, optionally
`static_key()`/`draw_static()`, `overlay_key()`/`draw_static_overlay()`, `tray_rect()`,
`counters_from_view(view)`, `seat_target(seat)`, `gesture_action(sprite, zone)`,
`choose_target(actions, pos, player)`, `click_card`/`click_zone`, `help_lines()`,
`hand_keys()`, `spawn_point`/`spawn_face`/`vanish_point`, `event_cards`/`event_place`/`holds`,
`animate_event(event)`, `draw_card_marks`, `zoom_image`, `draggable`, `drop_hint`.

Events from `apply` are played as animation steps: a first step glides every card no event
names (except those `holds` keeps in place) to its final place; each event naming cards (data
"card" or "cards") moves them (to `event_place`, else their final place); a last step moves
everything to the final layout and lets `self.shown` (the view the texts show), the counters and
the banner catch up.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from game.core import decisions
from game.core.contract import Action, Event, IllegalAction
from scenes.ai_worker import AIWorker
from scenes.manager import HEIGHT, WIDTH, Scene
from scenes.match import Match
from scenes.tips import TipBubble, game_tips, place_beside
from sprites import cards as cardgfx
from sprites import sound, text
from sprites.cards import CardSprite
from sprites.dice import DiceTray
from sprites.log import LogPanel
from sprites.tween import Timeline, Tween, Wait, ease_out, ease_out_cubic, linear
from sprites.widgets import Button, ChoiceMenu, ToastStack
from sprites.zones import Zone, draw_zone, panel

SPEEDS = {"x1": 1.0, "x2": 2.0, "x4": 4.0, "instant": 0.0}
MOVE = 0.25  # card move, seconds at ×1
FLIP = 0.30
SNAP_BACK = 0.20
AI_MIN = 0.40  # an AI move stays on screen at least this long at ×1
#: seconds of thought per decision a searching bot may take (`think_for`) at each animation
#: speed: the faster the table plays, the less the AI thinks
THINK = {"x1": 1.0, "x2": 0.5, "x4": 0.25, "instant": 0.1}
HOVER_DELAY = 0.25
DRAG_THRESHOLD = 4  # pixels before a press becomes a drag (a click stays a click)
DOUBLE_CLICK = 0.4  # seconds between the clicks of a double click
BAR_H = 36  # the button bar's buttons
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


class Floater:
    """A number or word rising and fading over the table (damage, echoes, points)."""

    __slots__ = ("text", "pos", "color", "t", "life", "size")

    def __init__(self, text_: str, pos, color, size: int = 22, life: float = 1.3) -> None:
        self.text, self.pos, self.color, self.size = text_, pos, color, size
        self.t, self.life = 0.0, life


class Notice:
    """A short message about something on the table (a witch revealed, a failed play, a boss's
    entrance), placed where it covers as little of the table as it can (`place_notice`)."""

    __slots__ = ("title", "lines", "colour", "until", "rect")

    def __init__(self, title: str, lines: list[str], colour, until: float, rect: pygame.Rect) -> None:
        self.title, self.lines, self.colour, self.until, self.rect = title, lines, colour, until, rect


@lru_cache(maxsize=128)
def _outlined(s: str, size: int, color) -> pygame.Surface:
    """Bold text with a dark outline, readable over cards and felt."""
    fg = text.render(s, size, color, "bold")
    bg = text.render(s, size, (10, 4, 4), "bold")
    out = pygame.Surface((fg.get_width() + 4, fg.get_height() + 4), pygame.SRCALPHA)
    for dx, dy in ((0, 0), (4, 0), (0, 4), (4, 4), (2, 0), (0, 2), (4, 2), (2, 4)):
        out.blit(bg, (dx, dy))
    out.blit(fg, (2, 2))
    return out


class Drag:
    __slots__ = ("sprite", "grab", "start", "origin", "active", "actions", "player")

    def __init__(self, sprite: CardSprite, pos: tuple[int, int], actions: list[Action], player: int | None) -> None:
        self.sprite = sprite
        self.grab = (sprite.x - pos[0], sprite.y - pos[1])
        self.start = pos
        self.origin = (sprite.x, sprite.y)
        self.active = False
        self.actions = actions
        self.player = player


class TableScene(Scene):
    palette_name = "menu"
    accent: tuple[int, int, int] = (255, 214, 110)
    #: action kinds whose target is a card on the table (a Slash at a card, swap with a card)
    card_target_kinds: frozenset[str] = frozenset()
    #: counters whose shown value glides to the new one (a health dial turning), per second
    turning_counters: dict[str, float] = {}
    #: the dice tray's felt and die size (when `tray_rect()` gives it a place)
    tray_felt: tuple[int, int, int] = (26, 78, 56)
    die_size: int = 52

    def __init__(self, app: Any, match: Match) -> None:
        super().__init__(app)
        self.match = match
        you = match.you
        # all-AI games are watched over seat 0's shoulder (its own hand stays hidden)
        self.viewer: int | None = you if you is not None else 0
        self.sprites: dict[Any, CardSprite] = {}
        self.order: list[CardSprite] = []  # draw order (last on top)
        self.zones: dict[str, Zone] = {}
        self.timeline = Timeline()
        self.worker = AIWorker()
        self.ai_started = 0.0
        self.ai_ready: tuple[int, Action] | None = None
        self.log = LogPanel(LOG_WIDTH)
        self.log.open = bool(getattr(self.settings, "log_open", True))
        self.drag: Drag | None = None
        self.hover: CardSprite | None = None
        self.hover_time = 0.0
        self.zoom_on = True
        self.mouse = (0, 0)
        self.menu: Any = None
        self.menu_preview: set = set()  # card keys highlighted by the hovered menu option
        self.help_open = False
        self.last_toast: str | None = None
        self.toasts = None  # our own toast stack when the app has none
        self.buttons: list[Any] = []
        self.finished = False
        self.handoff_pending = False
        self.face_cache: dict[tuple, pygame.Surface] = {}
        #: bumped by relayout(): the static layer and other caches keyed on the layout
        self.layout_version = 0
        self._static: tuple[Any, pygame.Surface] | None = None  # (key, layer)
        self.static_version = 0  # bumped at each repaint of the layer
        self._overlay: tuple[Any, pygame.Surface] | None = None  # (key, static layer + overlay)
        #: the view the table's counters and texts show: it catches up with the rules state
        #: when the animation of the events does, so numbers never run ahead of the cards
        self.shown = None
        self.frame_ms: list[float] = []
        #: select, then target: the card clicked (its targets glow), and when it was clicked
        self.selected: Any = None
        self.last_click: tuple[Any, float] = (None, 0.0)
        self.glow_seats: set[int] = set()
        self.glow_cards: set[Any] = set()
        self.glow_costs: list[tuple[pygame.Rect, str]] = []  # (target, what choosing it costs)
        #: the button bar: legal actions with no gesture (rebuilt when they change)
        self.bar: list[Button] = []
        self._bar_key: Any = None
        self._aim_key: Any = None
        self._legal: tuple[Any, list[Action]] = (None, [])
        #: live numbers: (seat or None, name) -> value, from the view and the events' counters
        self.counters: dict[tuple[int | None, str], Any] = {}
        self.counters_version = 0
        self.turned: dict[tuple[int | None, str], float] = {}  # see `turning_counters`
        #: what the banner says: the rules' prompt once the table is still, else the stage
        self.prompt_text = ""
        self.stage_text = ""
        self.stage_is_phase = False
        self._your_turn = True  # no chime for the position the table opens on
        #: the seats outlined as acting: those of the state the table shows (not ahead of it)
        self.shown_acting: tuple[int, ...] = ()
        #: the dice tray (see `tray_rect`), the last roll thrown in it
        self.tray: DiceTray | None = None
        self._tray_rect: pygame.Rect | None = None
        self.last_roll: dict | None = None
        self.rolls = 0
        #: every event of the game as the rules emitted it (the log is rebuilt per viewer)
        self.history: list[Event] = []
        self.floaters: list[Floater] = []
        self.notice_now: Notice | None = None
        self._tip: tuple[str | None, float] = (None, 0.0)
        #: the zone under the pointer (no drag) and how long it has rested there
        self.hover_zone: str | None = None
        self.hover_zone_time = 0.0
        self._look: Any = None
        self._log_warming = False  # `warm` draws the layout of an open log once
        #: the first-game tip on the table (scenes/tips.py), and the position last looked at
        self.first_tip: TipBubble | None = None
        self._tip_looked: Any = None
        self._mine: tuple[int, Any, int] = (-1, None, 0)  # (moves, viewer, the viewer's moves)
        self._bar_actions: list[Action] = []  # the button bar's actions, in `self.bar`'s order
        if match.on_change is None:
            match.on_change = self.autosave
        self.relayout()
        self.sync(animate=False)
        self.log_history()
        self.warm()

    def warm(self) -> None:
        """Draw one frame while the table loads, unseen: the static layer, the card faces and
        the fonts it needs are made now, so the first frames on screen have nothing to build.
        A log that opens at its first entry narrows the table: that layout (its dice tray) is
        drawn once too, before the one shown now."""
        if pygame.display.get_surface() is None:
            return
        unseen = pygame.Surface((WIDTH, HEIGHT))
        if self.log.open and not self.log.entries:
            self._log_warming = True
            self.relayout()
            self.draw(unseen)
            self._log_warming = False
            self.relayout()
        self.draw(unseen)
        self.frame_ms.clear()

    # ================================================================ subclass API =========
    def layout(self) -> None:
        """Place `self.zones` (and buttons) inside `self.table_rect`."""

    def card_places(self, view: Any) -> list[Place]:
        """Every card to draw, in draw order, from `view` (= state.view(self.viewer))."""
        return []

    def render_face(self, face: Any, size: tuple[int, int]) -> pygame.Surface:
        """The picture of `face` (None = back) at `size`."""
        return cardgfx.back(size, (40, 40, 60), self.accent)

    def draw_table(self, surface: pygame.Surface) -> None:
        """Everything under the cards that is not in the static layer (background, zone
        dressing, counters); the base fills a plain table when there is no static layer."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Labels and marks over the cards."""

    def seat_rect(self, seat: int) -> pygame.Rect | None:
        return None

    def gesture_action(self, sprite: CardSprite, zone: Zone) -> Action | None:
        """The Action a drop of `sprite` on `zone` means (used to ask the rules why not)."""
        return None

    def click_zone(self, zone: Zone, pos: tuple[int, int]) -> None:
        """A click on a zone with no card under the pointer."""

    def banner_text(self) -> str:
        """The rules' prompt for the viewer; while events play, the part being animated."""
        if self.timeline.busy and self.stage_text:
            return self.stage_text
        return self.prompt_text

    def help_lines(self) -> list[str]:
        return []

    def end_turn(self) -> None:
        """Enter: end the turn where the game has one."""

    def hand_keys(self) -> list[Any]:
        """Card keys that the number keys 1–9 pick, in order (usually your hand)."""
        return []

    def drop_hint(self, sprite: CardSprite) -> str:
        """Toast when a card is dropped on no target at all."""
        return "Drop the card on a highlighted place."

    def spawn_point(self, place: Place) -> tuple[float, float]:
        """Where a card that was not on the table yet comes from (usually the deck)."""
        deck = self.zones.get("deck")
        return deck.rect.center if deck else place.pos

    def vanish_point(self, sprite: CardSprite) -> tuple[float, float] | None:
        """Where a card leaving the table glides before it disappears (None: at once)."""
        return None

    def spawn_face(self, place: Place) -> Any:
        """What a newly arriving card shows before it turns over (None = its back)."""
        return place.face

    @property
    def me(self) -> int:
        """The seat the table is seen from (seat 0 when every seat is AI)."""
        return self.viewer if self.viewer is not None else 0

    def others(self) -> list[int]:
        """The other seats, in turn order after yours."""
        n = self.match.players
        return [(self.me + k) % n for k in range(1, n)]

    def seat_target(self, seat: int) -> Any:
        """The value actions name as their target when they aim at `seat` (default: the seat
        number; a game may say "self" for your own)."""
        return seat

    def counters_from_view(self, view: Any) -> dict[tuple[int | None, str], Any]:
        """The live numbers as a view shows them: {(seat or None, name): value}. The table
        reads them when it is still; events' counters tick them while events play."""
        return {}

    def tray_rect(self) -> pygame.Rect | None:
        """Where the dice tray lies (None: the table has no dice)."""
        return None

    def looks(self) -> tuple:
        """The settings the card faces depend on (hint marks, big symbols…): when they change
        the faces are drawn again."""
        return ()

    def tray_idle_text(self) -> tuple[str, str]:
        """What the empty tray says (a line and a smaller one), e.g. which die comes next."""
        return "Dice tray", ""

    def draw_tray(self, surface: pygame.Surface) -> None:
        """The tray, the kind of die in it (in words, not only in paint), or its idle text."""
        tray = self.tray
        tray.draw(surface)
        r = tray.rect
        if tray.dice and self.last_roll is not None and "die" in self.last_roll:
            t = text.render(f"{self.last_roll['die']} die", 14, (236, 224, 210), "bold")
            surface.blit(t, (r.x + 16, r.y + 12))
        elif not tray.dice and tray.coin is None:
            line, sub = self.tray_idle_text()
            t = text.render(line, 15, (230, 214, 200), "bold")
            surface.blit(t, t.get_rect(center=(r.centerx, r.centery - 18)))
            if sub:
                f = text.render(sub, 14, (220, 204, 190))
                surface.blit(f, f.get_rect(center=(r.centerx, r.centery + 4)))

    def button_bar_rect(self) -> pygame.Rect:
        """Where the buttons of actions with no gesture line up (right-aligned)."""
        t = self.table_rect
        return pygame.Rect(t.x + 8, t.bottom - BAR_H - 8, t.w - 16, BAR_H)

    def choose_target(self, actions: list[Action], pos: tuple[int, int], player: int) -> None:
        """The player clicked (or dropped on) a target several legal actions share: apply
        the only one, else offer a menu."""
        if len(actions) == 1:
            self.apply(player, actions[0])
        else:
            self.choose(actions, pos, player)

    def event_place(self, event: Event, key: Any) -> Place | None:
        """Where card `key`, named by `event`, lies right after it (None: its final place),
        e.g. a revealed card that stays in its slot until the round is over."""
        return None

    def holds(self, sprite: CardSprite) -> bool:
        """Cards that stay where they are while a batch of events plays (until an event moves
        them or the last step); by default none."""
        return False

    def counter_changed(self, seat: int | None, name: str, old: Any, new: Any) -> None:
        """A live number changed while its event played (floaters, flashes: optional)."""

    def cost(self, player: int, action: Action) -> str:
        """What `action` costs, in words, shown where it is chosen: the rules' `State.cost`."""
        return self.state.cost(player, action)

    def loses(self, player: int, action: Action) -> str | None:
        """Why `action` would end the game in a loss (the table then asks first): the rules'
        `State.loses`."""
        return self.state.loses(player, action)

    def thinking_point(self, seat: int) -> tuple[str, tuple[int, int]] | None:
        """Where "thinking…" is written for an AI seat: (rect anchor, point); by default
        the top right corner inside the seat's area."""
        r = self.seat_rect(seat)
        return ("topright", (r.right - 12, r.y + 6)) if r is not None else None

    def draw_thinking(self, surface: pygame.Surface) -> None:
        seat = self.thinking_seat()
        where = self.thinking_point(seat) if seat is not None else None
        if where is None:
            return
        dots = "." * (1 + int(time.monotonic() * 3) % 3)
        th = text.render(f"thinking{dots}", 14, self.accent, "bold")
        surface.blit(th, th.get_rect(**{where[0]: where[1]}))

    def tip_text(self, pos: tuple[int, int]) -> str | None:
        """What the pointer rests on, explained in a tooltip (None: nothing)."""
        return None

    def busy_rects(self) -> list[pygame.Rect]:
        """What a notice should not cover: the zones, the seats' areas, the button bar."""
        rects = [z.rect for z in self.zones.values() if z.visible]
        rects += [r for r in (self.seat_rect(p) for p in range(self.match.players)) if r is not None]
        return rects + [b.rect for b in self.bar]

    # ================================================================ shared helpers =======
    @property
    def state(self):
        return self.match.state

    @property
    def settings(self) -> Any:
        return getattr(self.app, "settings", None)

    def setting(self, name: str, default: Any) -> Any:
        return getattr(self.settings, name, default) if self.settings is not None else default

    @property
    def speed(self) -> float:
        return SPEEDS.get(self.setting("animation_speed", "x1"), 1.0)

    @property
    def shown(self) -> Any:
        return self._shown

    @shown.setter
    def shown(self, view: Any) -> None:
        # a version number, so caches of what the view draws know when it changed
        self._shown = view
        self.shown_version = getattr(self, "shown_version", 0) + 1

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

    def view(self) -> Any:
        return self.state.view(self.viewer)

    def toast(self, message: str) -> None:
        self.last_toast = message
        stack = getattr(self.app, "toasts", None) or self.toasts
        if stack is not None:  # under the banner: the bottom of a table is your hand
            stack.top = 52
        if hasattr(self.app, "toast"):
            self.app.toast(message)
            return
        if self.toasts is None:
            self.toasts = ToastStack()
        self.toasts.add(message)

    def autosave(self, match: Match) -> None:
        try:
            from scenes import storage
        except ImportError:  # pragma: no cover - storage room not landed yet
            return
        try:
            storage.save_game_later(match.to_json())
        except OSError as e:  # a full disk must not end the game
            self.toast(f"Could not autosave: {e}")

    def acting_human(self) -> int | None:
        """The seat whose turn it is that the person at the screen plays, else None."""
        for p in self.match.humans_to_act():
            if p == self.viewer:
                return p
        return None

    def legal(self, player: int | None = None) -> list[Action]:
        """The seat's legal actions (remembered for the position: a frame asks many times)."""
        p = self.acting_human() if player is None else player
        if p is None or self.match.is_over():
            return []
        key = (p, len(self.match.record.actions), id(self.state))
        if self._legal[0] != key:
            self._legal = (key, self.state.legal_actions(p))
        return self._legal[1]

    def position_key(self) -> tuple:
        """What the calls to action depend on: the position, the viewer, the animation."""
        return (len(self.match.record.actions), id(self.state), self.viewer, self.timeline.busy,
                self.layout_version, self.handoff_pending)

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

    # ================================================================ sync / animation =====
    def sync(self, animate: bool = True, events: Iterable[Event] = ()) -> None:
        """Bring the sprites to the current view: queue one step per event naming cards,
        after a first step that glides everything else."""
        view = self.view()
        places = self.card_places(view)
        by_key = {p.key: p for p in places}
        events = list(events)
        named: list[list[Any]] = [self.event_cards(e) for e in events]
        later = {k for ks in named for k in ks}
        if not animate or self.speed == 0:
            for e in events:
                self.log_event(e)
                self.tick_counters(e, animate=False)
                if e.kind in ("dice", "coin"):
                    self.throw(e, landed=True)
            self.shown = view
            self._apply_places(places, set(by_key), instant=True)
            self.table_still()
            return

        if events:  # the banner leaves the question that was answered at once; nobody is
            self.shown_acting = ()  # outlined as acting while the answer plays out
            self.stage_text = next((e.text for e in events if e.text and e.kind not in ("dice", "coin")),
                                   self.stage_text)
            self.stage_is_phase = False

        def first_step():
            held = {k for k, sp in self.sprites.items() if self.holds(sp)}
            return self._apply_places(places, set(by_key) - later - held, instant=False)

        self.timeline.then(first_step)
        for e, keys in zip(events, named, strict=True):
            self.timeline.then(lambda e=e, keys=keys: self._event_step(e, keys, by_key))
        self.timeline.then(self._last_step)

    def _last_step(self) -> list[Any]:
        """Everything to its final place; counters and texts (`self.shown`) catch up."""
        self.shown = self.view()
        tweens = self._apply_places(self.card_places(self.shown), None, instant=False)
        self.table_still()
        return tweens

    def table_still(self) -> None:
        """The animation has caught up with the rules: the counters, the banner and the
        stage are read afresh from the shown view and the rules' prompt."""
        self.counters = dict(self.counters_from_view(self.shown))
        self.counters_version += 1
        self.stage_text = ""
        self.stage_is_phase = False
        self.shown_acting = tuple(self.match.to_act())
        # a bot's seat watched over its shoulder is a spectator's view: "Player 2 is playing"
        watcher = None if self.viewer is None or self.match.is_ai(self.viewer) else self.viewer
        self.prompt_text = self.state.prompt(watcher)
        yours = self.acting_human() is not None
        if yours and not self._your_turn:
            sound.play("turn_chime")  # it has just become the turn of the person at the screen
        self._your_turn = yours

    def event_cards(self, event: Event) -> list[Any]:
        d = event.data
        if "card" in d and d["card"] is not None:
            return [d["card"]]
        if "cards" in d:
            return list(d["cards"])
        return []

    def _event_step(self, event: Event, keys: list[Any], by_key: dict[Any, Place]) -> list[Any]:
        rolled = event.kind in ("dice", "coin") and self.tray is not None
        if not rolled:  # a roll's words wait until its die lands (see `throw`)
            self.show_stage(event)
            self.log_event(event)
        self.tick_counters(event, animate=True)
        places = []
        for k in keys:
            place = self.event_place(event, k) or by_key.get(k)
            if place is not None:
                places.append(place)
        tweens = list(self._apply_places(places, set(keys), instant=False))
        if rolled:
            tweens.append(self.throw(event))
        tweens += list(self.animate_event(event))
        if not tweens and event.text:
            tweens.append(Wait(0.12))
        return tweens

    def show_stage(self, event: Event) -> None:
        """The banner follows what is animated: the part of the turn ("phase" events), else
        the event playing now — never the question asked before these events."""
        if event.text and (event.kind == "phase" or not self.stage_is_phase):
            self.stage_text = event.text
            self.stage_is_phase = event.kind == "phase"

    def tick_counters(self, event: Event, animate: bool) -> None:
        """The event's counters (values after it) become the live numbers."""
        if not event.counters:
            return
        for seat, name, value in event.counters:
            old = self.counters.get((seat, name))
            self.counters[(seat, name)] = value
            if animate and old != value:
                self.counter_changed(seat, name, old, value)
        self.counters_version += 1

    def counter(self, name: str, seat: int | None = None, default: Any = 0) -> Any:
        return self.counters.get((seat, name), default)

    def turning(self, name: str, seat: int | None = None) -> float:
        """Where a turning counter's dial is now, on its way to `counter(name, seat)`."""
        return self.turned.get((seat, name), self.counter(name, seat))

    def turn_counters(self, dt: float) -> None:
        for (seat, name), value in self.counters.items():
            rate = self.turning_counters.get(name)
            if rate is None or not isinstance(value, (int, float)):
                continue
            cur = self.turned.get((seat, name), float(value))
            step = dt * rate
            self.turned[(seat, name)] = value if abs(value - cur) <= step else cur + step * (1 if value > cur else -1)

    def animate_event(self, event: Event) -> list[Any]:
        """Extra tweens for an event (captions, marks…); subclasses override."""
        return []

    def viewer_events(self, events: Iterable[Event]) -> list[Event]:
        """The events as the viewer may see them (private texts only for their seats); the
        rules' own events are kept to refill the log for another viewer."""
        events = list(events)
        self.history += events
        return [e.for_viewer(self.viewer) for e in events]

    def log_event(self, event: Event) -> None:
        if event.text:
            first = self.log.open and not self.log.entries
            self.log.add(event.text, event.player)
            if first:  # the collapsed log opens: the table makes room for it
                self.relayout()
                self._apply_places(self.card_places(self.shown or self.view()), None, instant=True)

    def log_history(self) -> None:
        """Replay the record's events into the log (after loading a saved game)."""
        if not self.match.record.actions:
            return
        st = self.match.record.new_state(self.match.game)
        for player, action in self.match.record.actions:
            try:
                events = st.apply(player, action)
            except IllegalAction:
                break
            for e in self.viewer_events(events):
                self.log_event(e)

    def refill_log(self) -> None:
        """The whole log again, as the (new) viewer may see it."""
        self.log.clear()
        for e in self.history:
            self.log_event(e.for_viewer(self.viewer))

    # ---------------------------------------------------------------- notices and floaters
    def notice(self, title: str, body: str = "", colour: Any = None, seconds: float = 2.6,
               about: pygame.Rect | None = None) -> None:
        """Show a notice for `seconds` (at ×1; Space dismisses it), clear of the zones and
        seats, as near `about` (what it describes) as the free room allows."""
        width = 420
        lines = cardgfx.wrapped(body, 16, width - 32)[:4] if body else []
        title_w = text.font(17, "bold").size(title)[0] + 40
        width = min(max(title_w, max((text.font(16).size(ln)[0] for ln in lines), default=0) + 32, 260), 560)
        size = (width, (46 if lines else 36) + 20 * len(lines))
        hold = seconds / max(self.speed, 1.0)
        self.notice_now = Notice(title, lines, colour or self.accent, time.monotonic() + hold,
                                 self.place_notice(size, about))

    def free_area(self) -> pygame.Rect:
        """Where notices and tips may lie: the table inside an 8-pixel margin, below the
        banner's line."""
        inner = self.table_rect.inflate(-16, -16)
        top = max(inner.top, 50)
        return pygame.Rect(inner.x, top, inner.w, inner.bottom - top)

    def place_notice(self, size: tuple[int, int], about: pygame.Rect | None) -> pygame.Rect:
        """The spot of `size` inside the table that covers the least of `busy_rects()` (and
        never `about`), nearest `about`; the banner's line is kept free."""
        area = self.free_area()
        busy = [b for b in self.busy_rects() if b.colliderect(area)]
        target = about.center if about is not None else area.center
        w, h = size
        spots = [pygame.Rect(x, y, w, h) for y in range(area.top, area.bottom - h + 1, 36)
                 for x in range(area.left, area.right - w + 1, 48)]
        # nearest first: the first spot that covers nothing is the answer
        spots.sort(key=lambda r: abs(r.centerx - target[0]) + abs(r.centery - target[1]))
        best, best_cover = None, None
        for r in spots:
            if about is not None and r.colliderect(about):
                continue
            cover = 0
            for b in busy:
                c = r.clip(b)
                cover += c.w * c.h
                if best_cover is not None and cover >= best_cover:
                    break
            if best_cover is None or cover < best_cover:
                best, best_cover = r, cover
                if cover == 0:
                    break
        return best or pygame.Rect(area.centerx - w // 2, area.top, w, h)

    def light_up(self, keys: Iterable[Any], seconds: float) -> Wait:
        """The cards `keys` glow for `seconds` (the cards a tell points at, a card acting)."""
        lit = [self.sprites[k] for k in keys if k in self.sprites]
        for sp in lit:
            sp.glow = True

        def off() -> None:
            for sp in lit:
                sp.glow = False
        return Wait(seconds, off)

    def float_text(self, words: str, pos: tuple[float, float], colour: Any, size: int = 22,
                   life: float = 1.3) -> None:
        """A number or word that rises and fades from `pos` (damage, echoes, points)."""
        self.floaters.append(Floater(words, pos, colour, size, life))

    def draw_costs(self, surface: pygame.Surface) -> None:
        """On each target that glows: what choosing it costs, at its foot."""
        for rect, price in self.glow_costs:
            t = text.render(price, 14, (20, 16, 30), "bold")
            box = t.get_rect(midbottom=(rect.centerx, rect.bottom - 6)).inflate(14, 6)
            pygame.draw.rect(surface, self.accent, box, border_radius=box.h // 2)
            surface.blit(t, t.get_rect(center=box.center))

    def draw_floaters(self, surface: pygame.Surface) -> None:
        for f in self.floaters:
            img = _outlined(f.text, f.size, f.color)
            img.set_alpha(int(255 * min(1.0, max(0.0, 1 - f.t / f.life) * 1.5)))
            surface.blit(img, img.get_rect(center=(f.pos[0], f.pos[1] - 20 - 30 * f.t)))
            img.set_alpha(255)  # the cached image fades for this blit only

    def draw_notice(self, surface: pygame.Surface) -> None:
        n = self.notice_now
        if n is None:
            return
        if time.monotonic() > n.until:
            self.notice_now = None
            return
        panel(surface, n.rect, (22, 10, 30, 238), (*n.colour, 230), radius=12)
        t = cardgfx.fit_text(n.title, 17, cardgfx.mix(n.colour, (255, 255, 255), 0.35), n.rect.w - 24, "bold")
        surface.blit(t, t.get_rect(midtop=(n.rect.centerx, n.rect.y + 10)))
        y = n.rect.y + 38
        for ln in n.lines:
            b = text.render(ln, 16, (238, 234, 250))
            surface.blit(b, b.get_rect(midtop=(n.rect.centerx, y)))
            y += 20

    def draw_tip(self, surface: pygame.Surface) -> None:
        """The tooltip of what the pointer has rested on for 0.4 s (`tip_text`)."""
        if self.drag is not None or self.menu is not None:
            return
        tip = self.tip_text(self.mouse)
        now = time.monotonic()
        if tip != self._tip[0]:
            self._tip = (tip, now)
        elif tip is not None and now - self._tip[1] >= 0.4:
            from sprites.widgets import draw_tooltip

            draw_tooltip(surface, tip, self.mouse)

    # ---------------------------------------------------------------- dice and coins
    def place_tray(self, rect: pygame.Rect | None) -> None:
        """(Re)build the dice tray where the layout wants it; the last roll lies in it again."""
        if rect is None:
            self.tray, self._tray_rect = None, None
            return
        if self.tray is not None and rect == self._tray_rect:
            return
        if self.tray is not None:
            self.tray.finish()  # a roll in progress completes (its TrayWait then ends)
        self._tray_rect = pygame.Rect(rect)
        self.tray = DiceTray(rect, felt=self.tray_felt, die_size=self.die_size)
        if self.last_roll is not None:
            self._throw_data(self.last_roll)
            self.tray.finish()

    def _throw_data(self, roll: dict) -> None:
        if roll["kind"] == "coin":
            self.tray.toss_coin(roll["side"], seed=self.rolls)
        else:
            self.tray.throw_event(roll, seed=self.rolls)

    def throw(self, event: Event, landed: bool = False) -> Any:
        """Throw a "dice" event's dice (or toss a "coin" event's coin) into the tray; the
        returned TrayWait logs it when it lands."""
        if self.tray is None:
            return Wait(0.0)
        self.rolls += 1
        self.last_roll = {**event.data, "kind": event.kind}
        self._throw_data(self.last_roll)
        if landed:
            self.tray.finish()
            return Wait(0.0)
        if event.kind == "dice":
            sound.play("dice_rattle")

        def on_land() -> None:
            if event.kind == "coin":
                sound.play("coin_ring")
            self.show_stage(event)
            self.log_event(event)
        return TrayWait(self.tray, on_done=on_land)

    def clear_tray(self) -> None:
        """Take the dice away (a new monster, a new turn: the old roll is not its roll)."""
        self.last_roll = None
        if self.tray is not None:
            self.tray.clear()

    def _apply_places(self, places: list[Place], keys: set | None, instant: bool) -> list[Any]:
        """Move the sprites of `places` (only those in `keys`; None = all) to their places;
        new cards spawn at `spawn_point`; sprites with no place vanish (only when keys is None
        or instant)."""
        tweens: list[Any] = []
        want = {p.key for p in places}
        for z, p in enumerate(places):
            if keys is not None and p.key not in keys:
                continue
            s = self.sprites.get(p.key)
            if s is None:
                start = p.pos if instant else self.spawn_point(p)
                s = CardSprite(p.key, p.face if instant else self.spawn_face(p), p.size, start, p.zone)
                self.sprites[p.key] = s
            if self.drag is not None and self.drag.sprite is s:
                s.home = p.pos
                continue
            s.zone = p.zone
            s.home = p.pos
            s.buried = p.buried
            s.z = p.z * 1000 + z
            if s.size != p.size:
                old_w = s.size[0] * s.scale
                s.size = p.size
                s.scale = old_w / p.size[0]
            if instant:
                s.x, s.y = p.pos
                s.scale = 1.0
                s.face_key = p.face
                s.flip = 1.0
                continue
            if s.face_key != p.face:
                tweens.append(self._flip(s, p.face))
            if not s.at_home() or abs(s.scale - 1.0) > 0.01:
                first = not any(isinstance(t, Tween) and isinstance(t.obj, CardSprite) for t in tweens)
                # one slide and one snap per step, however many cards move together
                tweens.append(Tween(s, {"x": p.pos[0], "y": p.pos[1], "scale": 1.0}, MOVE, ease_out_cubic,
                                    on_done=(lambda: sound.play("card_snap")) if first else None))
                if first:
                    sound.play("card_slide")
        if keys is None or instant:
            for k in [k for k in self.sprites if k not in want]:
                if self.drag is not None and self.drag.sprite.key == k:
                    self.drag = None
                gone = self.sprites[k]
                to = None if instant else self.vanish_point(gone)
                if to is None:
                    del self.sprites[k]
                elif gone.zone != "_gone":
                    gone.zone = "_gone"
                    tweens.append(Tween(gone, {"x": to[0], "y": to[1]}, MOVE, ease_out_cubic,
                                        on_done=lambda k=k, gone=gone: self._forget(k, gone)))
        self.order = sorted(self.sprites.values(), key=lambda s: s.z)
        return tweens

    def _forget(self, key: Any, sprite: CardSprite) -> None:
        """Drop a sprite that glided off the table, unless the layout took it back meanwhile."""
        if self.sprites.get(key) is sprite and sprite.zone == "_gone":
            del self.sprites[key]
            self.order = [s for s in self.order if s is not sprite]

    def _flip(self, s: CardSprite, new_face: Any) -> Tween:
        """Turn a card over: x-scale 1 → 0 (old face) → 1 (new face) over FLIP seconds."""
        old = s.face_key
        holder = _FlipFace(s, old, new_face)
        s.face_key = holder
        return Tween(holder, {"t": 1.0}, FLIP, linear, on_done=holder.done)

    def apply(self, player: int, action: Action, confirmed: bool = False) -> bool:
        """Apply through the match; on refusal toast the rules' reason. True if applied. A
        person's action that would lose the game is asked about first (`loses`)."""
        if not confirmed and not self.match.is_ai(player):
            danger = self.loses(player, action)
            if danger:
                self.confirm_loss(player, action, danger)
                return False
        try:
            events = self.match.apply(player, action)
        except IllegalAction as e:
            self.toast(e.reason)
            return False
        self.deselect()
        self._bar_key = None
        self.sync(events=self.viewer_events(events))
        return True

    def refuse(self, player: int | None, action: Action | None, fallback: str) -> None:
        """Toast why a gesture does nothing: the rules' reason for `action` (asked on a clone,
        so nothing changes); `fallback` when the gesture means no action at all."""
        if player is None:
            self.toast(self.not_your_turn())
        elif action is None:
            self.toast(fallback)
        else:  # why_illegal has no side effects: it also explains a finished simultaneous choice
            self.toast(self.state.why_illegal(player, action) or fallback)

    def not_your_turn(self) -> str:
        acting = self.match.to_act()
        if not acting:
            return "The game is over."
        return f"Wait: it is {self.match.seat_name(acting[0])}'s turn."

    # ================================================================ input ================
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.menu is not None and getattr(self.menu, "open", False):
            self.menu.handle_event(event)
            if event.type == pygame.MOUSEMOTION:
                self.menu_hover(event.pos)
            if not self.menu.open:
                self.close_menu()
            return
        if self.help_open:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.help_open = False
            return
        if self.first_tip is not None and self.first_tip.handle_event(event):
            return
        for b in (*self.buttons, *self.bar):
            if b.visible and b.handle_event(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.release(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.drag is not None:
            self.cancel_drag()
        elif event.type == pygame.MOUSEWHEEL:
            self.log.handle_wheel(pygame.mouse.get_pos(), event.y)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_ESCAPE:
            if self.drag is not None:
                self.cancel_drag()
            elif self.selected is not None:
                self.deselect()
            else:
                self.open_pause()
        elif k == pygame.K_SPACE:
            self.finish_animation()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if len(self.bar) == 1:
                self.bar[0].activate()  # the lone call to action (End turn, Pass, Done)
            else:
                self.end_turn()
        elif k == pygame.K_z:
            self.zoom_on = not self.zoom_on
            self.toast("Zoom on hover: on" if self.zoom_on else "Zoom on hover: off")
        elif k == pygame.K_l:
            self.log.toggle()
            if self.settings is not None and hasattr(self.settings, "log_open"):
                self.settings.log_open = self.log.open
            self.relayout()
            self.sync(animate=True)
        elif k == pygame.K_h:
            self.help_open = True
        elif pygame.K_1 <= k <= pygame.K_9:
            keys = self.hand_keys()
            n = k - pygame.K_1
            if n < len(keys) and keys[n] in self.sprites:
                self.pick_card(self.sprites[keys[n]])

    def finish_animation(self) -> None:
        """Space: complete what is animating now, and what is queued behind it; a notice
        goes away."""
        self.timeline.finish()
        self.notice_now = None

    def open_pause(self) -> None:
        if hasattr(self.app, "open_pause"):
            self.app.open_pause(self.match)
        else:
            self.toast("Pause menu not available.")

    # ---------------------------------------------------------------- targets
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
        for seat in range(self.match.players):
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

    def glow_targets(self, actions: Iterable[Action]) -> None:
        """Light up where `actions` may be aimed (zones, seats, cards), each with what it
        costs (shown where it is chosen)."""
        self.clear_glow()
        player = self.acting_human()
        for a in actions:
            sp = self.spot_of(a)
            if sp is None:
                continue
            price = self.cost(player, a) if player is not None else ""
            if price:
                self.glow_costs.append((sp.rect, price))
            if not self.setting("highlights", True):
                continue
            if sp.kind == "zone":
                for z in self.zones.values():
                    if z.target == sp.target:
                        z.glow = True
            elif sp.kind == "seat":
                self.glow_seats.add(sp.target)
            else:
                self.glow_cards.add(sp.target)

    def clear_glow(self) -> None:
        for z in self.zones.values():
            z.glow = z.hover = False
        self.glow_seats = set()
        self.glow_cards = set()
        self.glow_costs: list[tuple[pygame.Rect, str]] = []

    def card_actions(self, key: Any, player: int | None = None) -> list[Action]:
        player = self.acting_human() if player is None else player
        return [a for a in self.legal(player) if a.source == key] if player is not None else []

    def aim_source(self) -> Any:
        """When every legal action uses one card and aims at seats or cards (an Immediate
        card, a Slash), that card: its targets glow without a first click."""
        if self.timeline.busy:
            return None
        aimed = [(a, self.spot_of(a)) for a in self.legal()]
        aimed = [(a, sp) for a, sp in aimed if sp is not None]  # the rest are buttons
        if not aimed or aimed[0][0].source is None:
            return None
        source = aimed[0][0].source
        if any(a.source != source or sp.kind == "zone" for a, sp in aimed):
            return None
        return source

    def waiting_actions(self) -> list[Action]:
        """The actions a click on a target would do now: the selected (or aimed) card's, and
        those that use no card (a zone or seat to click: cleanse, tell…)."""
        source = self.selected if self.selected is not None else self.aim_source()
        return [a for a in self.legal()
                if (a.source is None or a.source == source) and self.spot_of(a) is not None]

    def select(self, key: Any) -> None:
        """Select, then target: the card's targets glow until one is clicked."""
        self.selected = key
        self.glow_targets(self.card_actions(key))

    def deselect(self) -> None:
        if self.selected is not None:
            self.selected = None
            self.clear_glow()

    def click_target(self, pos: tuple[int, int]) -> bool:
        """A click on a glowing target (of the selected card, the aimed card, or a card-less
        action): do what it means. False if `pos` is no such target."""
        player = self.acting_human()
        if player is None:
            return False
        hits = self.actions_at(pos, self.waiting_actions())
        if not hits:
            return False
        if self.selected is not None:
            own = [a for a in hits if a.source == self.selected]
            hits = own or hits
        self.deselect()
        self.choose_target(hits, pos, player)
        return True

    # ---------------------------------------------------------------- the button bar
    def bar_actions(self) -> list[Action]:
        """Legal actions with no gesture: no target to click and no card of your hand to use
        (Pass, End turn, Done, Cancel…). None while the table animates: calls to action wait."""
        if self.timeline.busy or self.handoff_pending:
            return []
        hand = set(self.hand_keys())
        return [a for a in self.legal() if a.source not in hand and self.spot_of(a) is None]

    def refresh_bar(self) -> None:
        key = self.position_key()
        if key == self._bar_key:
            return
        self._bar_key = key
        actions = self.bar_actions()
        self.bar = []
        self._bar_actions = list(reversed(actions[:6]))
        box = self.button_bar_rect()
        right = box.right
        player = self.acting_human()
        for i, a in enumerate(reversed(actions[:6])):
            label = a.label or str(a)
            w = max(110, text.font(17, "sans").size(label)[0] + 36)
            r = pygame.Rect(right - w, box.y, w, box.h)
            right = r.x - 8
            kind = "primary" if i == 0 else "normal"
            self.bar.append(Button(r, label, lambda a=a: self.apply(player, a), kind, size=17))

    # ---------------------------------------------------------------- pointer
    def press(self, pos: tuple[int, int]) -> None:
        if self.click_target(pos):
            return
        sprite = self.sprite_at(pos)
        if sprite is None:
            self.deselect()
            zone = self.zone_at(pos, droppable=False)
            if zone is not None:
                self.click_zone(zone, pos)
            return
        player = self.acting_human()
        self.drag = Drag(sprite, pos, self.card_actions(sprite.key, player), player)
        self.hover = None

    def motion(self, pos: tuple[int, int]) -> None:
        d = self.drag
        if d is None:
            s = self.sprite_at(pos)
            if s is not self.hover:
                self.hover, self.hover_time = s, 0.0
            return
        if not d.active:
            if abs(pos[0] - d.start[0]) + abs(pos[1] - d.start[1]) < DRAG_THRESHOLD:
                return
            if not self.draggable(d.sprite):
                return
            self.start_drag(d)
        s = d.sprite
        s.x, s.y = pos[0] + d.grab[0], pos[1] + d.grab[1]
        for z in self.zones.values():
            z.hover = z.contains(pos) and z.target is not None

    def draggable(self, sprite: CardSprite) -> bool:
        """Cards that may be lifted: sources of a legal action of yours, or (to explain why
        not) cards the subclass marks as yours via `hand_keys`."""
        return bool(self.drag and self.drag.actions) or sprite.key in self.hand_keys()

    def start_drag(self, d: Drag) -> None:
        self.selected = None
        d.active = True
        s = d.sprite
        s.lifted = True
        s.scale = 1.08
        self.order = [o for o in self.order if o is not s] + [s]
        self.glow_targets(d.actions)

    def release(self, pos: tuple[int, int]) -> None:
        d = self.drag
        if d is None:
            return
        if not d.active:
            self.drag = None
            self.click_card(d.sprite)
            return
        self.end_drag_visuals()
        matches = self.actions_at(pos, d.actions)
        if matches:
            self.drag = None
            d.sprite.lifted = False
            if len(matches) == 1:
                if not self.apply(d.player, matches[0]):
                    self.glide_back(d)
            else:
                self.glide_back(d)
                self.choose_target(matches, pos, d.player)
            return
        self.glide_back(d)
        zone = self.zone_at(pos)
        if zone is not None and zone.name == d.sprite.zone:
            return  # put back where it lay: nothing to say
        if zone is None:
            self.toast(self.drop_hint(d.sprite) if d.player is not None else self.not_your_turn())
            return
        player = d.player if d.player is not None else self.viewer
        self.refuse(player, self.gesture_action(d.sprite, zone), "That card cannot go there.")

    def end_drag_visuals(self) -> None:
        self.clear_glow()

    def glide_back(self, d: Drag) -> None:
        self.drag = None
        s = d.sprite
        s.lifted = False
        sound.play("card_slide")
        self.timeline.add(Tween(s, {"x": s.home[0], "y": s.home[1], "scale": 1.0}, SNAP_BACK, ease_out))
        self.order = sorted(self.sprites.values(), key=lambda o: o.z)

    def cancel_drag(self) -> None:
        if self.drag is not None:
            self.end_drag_visuals()
            self.glide_back(self.drag)

    def click_card(self, sprite: CardSprite) -> None:
        """A click (press and release without dragging) on a card: a double click does its
        only action; a card whose actions have targets is selected (they glow); otherwise a
        menu of its actions."""
        key = sprite.key
        now = time.monotonic()
        prev, t = self.last_click
        self.last_click = (key, now)
        player = self.acting_human()
        actions = self.card_actions(key, player)
        if prev == key and now - t < DOUBLE_CLICK and actions:
            self.deselect()
            self.choose_target(actions, (int(sprite.x), int(sprite.rect.top) - 10), player)
            return
        if actions and all(self.spot_of(a) is not None for a in actions):
            if self.selected == key:
                self.deselect()  # a second click puts it down
            else:
                self.select(key)
            return
        self.pick_card(sprite)

    def pick_card(self, sprite: CardSprite) -> None:
        """Keys 1–9 / a click on your card: a menu of the legal actions with that source."""
        player = self.acting_human()
        actions = self.card_actions(sprite.key, player)
        if not actions:
            if sprite.key in self.hand_keys():
                self.toast(self.not_your_turn() if player is None else "Nothing can be done with that card now.")
            return
        above = int(sprite.rect.top) - 8 - (len(actions) * ChoiceMenu.ROW + 12)
        self.choose(actions, (int(sprite.rect.x), above), player, title="")

    # ---------------------------------------------------------------- menus
    def choose(self, actions: list[Action], pos: tuple[int, int], player: int | None, title: str = "Choose") -> None:
        """A small choice menu when several legal actions match one gesture."""
        options = [(a, a.label or str(a)) for a in actions]
        self.open_menu(options, pos, lambda a: self.apply(player, a), title=title)

    def confirm_loss(self, player: int, action: Action, danger: str) -> None:
        """Ask before an action that ends the game in a loss: the rules' reason, then 'do it'
        or 'cancel' (Esc or a click elsewhere cancels too)."""
        def answer(yes: bool) -> None:
            if yes:
                self.apply(player, action, confirmed=True)

        label = action.label or str(action)
        menu = self.open_menu([(False, "Cancel"), (True, f"{label} anyway: the game is lost")],
                              self.mouse, answer, title=danger)
        menu.rect.clamp_ip(self.table_rect.inflate(-8, -8))

    def open_menu(self, options: list[tuple[Any, str]], pos: tuple[int, int], on_choose, title: str = "",
                  previews: dict[int, set] | None = None, disabled: set[int] | None = None) -> Any:
        self.menu = PreviewMenu(pos, options, on_choose, title=title, bounds=self.table_rect,
                                previews=previews or {}, disabled=disabled or set())
        self.menu_preview = set()
        return self.menu

    def menu_hover(self, pos: tuple[int, int]) -> None:
        m = self.menu
        i = m._row_at(pos) if m is not None else -1
        self.menu_preview = m.previews.get(i, set()) if i >= 0 else set()

    def close_menu(self) -> None:
        self.menu = None
        self.menu_preview = set()

    # ================================================================ first-game tips ========
    def tips_wanted(self) -> bool:
        """Tips show for a person at the screen with the setting on (not in smoke runs/tests,
        unless the app asks for them: `app.first_game_tips`)."""
        return bool(getattr(self.app, "first_game_tips", False)) and bool(self.setting("tips", True))

    def game_tips(self) -> dict[str, str]:
        """This game's tips, keyed "action.<kind>" / "decision.<kind>" (data/<game>/tips.toml)."""
        return game_tips(self.state.game.name, frozenset(self.state.checks))

    def tips_seen(self) -> list[str]:
        seen = self.setting("tips_seen", None)
        if seen is None:
            return []
        return seen.setdefault(self.state.game.name, [])

    def due_tip(self, player: int) -> tuple[str, list[Action]] | None:
        """The first tip not yet seen that fits now: the question being asked, else each kind
        of legal action in the rules' order; with the actions it is about."""
        tips = self.game_tips()
        if not tips:
            return None
        seen = set(self.tips_seen())
        legal = self.legal(player)
        asked = decisions.asked(self.state)
        due: list[tuple[str, list[Action]]] = [(f"decision.{asked}", legal)] if asked else []
        for kind in dict.fromkeys(a.kind for a in legal):
            due.append((f"action.{kind}", [a for a in legal if a.kind == kind]))
        return next(((k, acts) for k, acts in due if k in tips and k not in seen and acts), None)

    def action_rect(self, action: Action) -> pygame.Rect | None:
        """The thing to drag or click for `action`: its card, else its target, else its button."""
        sprite = self.sprites.get(action.source) if action.source is not None else None
        if sprite is not None:
            return sprite.rect
        spot = self.spot_of(action)
        if spot is not None:
            return spot.rect
        for a, b in zip(self._bar_actions, self.bar, strict=False):
            if a == action:
                return b.rect
        return None

    def tip_anchor(self, actions: list[Action]) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """What a tip about `actions` points at (all their things when they lie together, else
        the first), and what it should not cover: whatever the player may use or aim at now
        (every legal action's card and target) and the button bar."""
        things = [r for r in (self.action_rect(a) for a in actions) if r is not None]
        everything = self.legal(self.acting_human())
        clear = [r for r in (self.action_rect(a) for a in everything) if r is not None]
        clear += [sp.rect for sp in (self.spot_of(a) for a in everything) if sp is not None]
        clear += [b.rect for b in self.bar]
        if not things:  # nothing on the table to point at: the question in the banner
            return pygame.Rect(self.table_rect.centerx - 200, 6, 400, 40), clear
        together = things[0].unionall(things[1:])
        t = self.table_rect
        if together.w * together.h <= t.w * t.h // 6:
            return together, clear
        return things[0], clear

    def tip_marks(self, actions: list[Action]) -> list[pygame.Rect]:
        """The things a tip is about, each outlined (not the space between them)."""
        marks = []
        for r in (self.action_rect(a) for a in actions):
            if r is not None and r not in marks:
                marks.append(pygame.Rect(r))
        return marks[:12]

    def tip_still_fits(self, tip: TipBubble) -> bool:
        """A tip stays until the person at the screen acts, or what it is about is no longer
        asked of them (others acting meanwhile, in a simultaneous choice, do not end it)."""
        player = self.acting_human()
        if player is None or not self.tips_wanted():
            return False
        section, kind = tip.key.split(".", 1)
        if section == "decision":
            return bool(self.state.decisions) and self.state.decisions[-1].kind == kind
        return any(a.kind == kind for a in self.legal(player))

    def refresh_first_tip(self) -> None:
        """Drop the tip once the player acted or it no longer fits; show the next one due
        when the person at the screen may act and the table is still."""
        actions = self.match.record.actions
        if self._mine[:2] != (len(actions), self.viewer):  # the viewer's own moves, counted once
            self._mine = (len(actions), self.viewer, sum(1 for p, _ in actions if p == self.viewer))
        position = (self._mine[2], id(self.state), self.viewer)
        tip = self.first_tip
        if tip is not None:
            if position != tip.position[0] or not self.tip_still_fits(tip):
                self.first_tip = None
            elif tip.position[1] != self.layout_version:  # the log opened, L, a new seat
                self.place_tip(tip, self.tip_anchor(tip.actions))
            return
        position = (len(self.match.record.actions), *position)
        if self._tip_looked == position or self.timeline.busy or self.handoff_pending:
            return
        player = self.acting_human()
        if player is None or not self.tips_wanted():
            return
        self._tip_looked = position
        due = self.due_tip(player)
        if due is None:
            return
        key, actions = due
        anchor, clear = self.tip_anchor(actions)
        tip = TipBubble(key, self.game_tips()[key], anchor, (position[1:], self.layout_version),
                        self.tip_done, self.tips_off, actions)
        self.place_tip(tip, (anchor, clear))
        self.first_tip = tip
        self.tips_seen().append(key)
        self.save_settings()

    def place_tip(self, tip: TipBubble, where: tuple[pygame.Rect, list[pygame.Rect]]) -> None:
        anchor, clear = where
        tip.anchor = anchor
        tip.marks = self.tip_marks(tip.actions)
        spot = place_beside(tip.size, anchor, self.free_area(), clear)
        if spot is None:
            spot = (self.place_notice(tip.size, anchor), "above")
        tip.place(*spot)
        tip.position = (tip.position[0], self.layout_version)

    def tip_done(self) -> None:
        """"Got it" (or a click on the tip): the next tip due now may show."""
        self.first_tip = None
        self._tip_looked = None

    def tips_off(self) -> None:
        """"Don't show tips": off until Settings turns them on again."""
        self.first_tip = None
        if self.settings is not None:
            self.settings.tips = False
        self.save_settings()
        self.toast("Tips are off. Settings can turn them on again.")

    def save_settings(self) -> None:
        if hasattr(self.app, "save_settings"):
            self.app.save_settings()

    # ================================================================ update =================
    def update(self, dt: float) -> None:
        look = self.looks()
        if look != self._look:
            if self._look is not None:
                self.face_cache.clear()
                self.sync(animate=False)
            self._look = look
        zone = self.zone_at(self.mouse, droppable=False) if self.drag is None else None
        name = zone.name if zone is not None else None
        if name != self.hover_zone:
            self.hover_zone, self.hover_zone_time = name, 0.0
        else:
            self.hover_zone_time += dt
        speed = self.speed
        if speed == 0:
            self.timeline.finish()
        else:
            self.timeline.update(dt * speed)
        if self.toasts is not None:
            self.toasts.update(dt)
        for b in self.buttons:
            if hasattr(b, "update"):
                b.update(dt)
        if self.hover is not None and self.drag is None:
            self.hover_time += dt
        if self.turning_counters:
            self.turn_counters(dt * (speed or 1.0))
        if self.floaters:
            sdt = dt * (speed or 1.0)
            for f in self.floaters:
                f.t += sdt
            self.floaters = [f for f in self.floaters if f.t < f.life]
        if self.tray is not None:
            if speed == 0:
                self.tray.finish()
            else:
                self.tray.update(dt * speed)
        self.refresh_buttons()
        self.refresh_bar()
        self.refresh_aim()
        self.refresh_first_tip()
        if self.first_tip is not None:
            self.first_tip.update(dt)
        self.run_ai()
        self.check_handoff()
        self.check_game_over()

    def refresh_buttons(self) -> None:
        """Enable/disable the subclass's own buttons from the legal actions (optional)."""

    def refresh_aim(self) -> None:
        """Aiming: while one card's targets are all that is asked, they glow by themselves."""
        if self.drag is not None or self.selected is not None:
            return
        key = self.position_key()
        if self._aim_key is not None and key == self._aim_key[:-1]:
            return
        was_aiming = self._aim_key is not None and self._aim_key[-1]
        source = self.aim_source()
        self._aim_key = (*key, source is not None)
        if source is not None:
            self.glow_targets(self.card_actions(source))
        elif was_aiming:
            self.clear_glow()

    def run_ai(self) -> None:
        """Ask the worker for the AI seat's move once the table is still; apply it on this
        (the UI) thread after the minimum visible delay."""
        if self.match.is_over() or self.finished:
            return
        if self.ai_ready is None:
            got = self.worker.poll()
            if got is not None:
                seat, action, error = got
                if action is None:
                    self.toast(f"{self.match.seat_name(seat)}'s AI failed; playing a random move.")
                    self.log.add(f"AI error: {(error or '').strip().splitlines()[-1]}")
                    action = self.state.legal_actions(seat)[0]
                self.ai_ready = (seat, action)
        if self.ai_ready is not None:
            waited = time.monotonic() - self.ai_started
            speed = self.speed
            need = 0.0 if speed == 0 else AI_MIN / speed
            if waited >= need and not self.timeline.busy:
                seat, action = self.ai_ready
                self.ai_ready = None
                if seat in self.match.to_act():
                    self.apply(seat, action)
            return
        if self.worker.thinking is not None or self.timeline.busy:
            return
        seats = self.match.ai_to_act()
        if seats:
            seat = seats[0]
            self.ai_started = time.monotonic()
            agent = self.match.agents[seat]
            if hasattr(agent, "think_for"):  # a bot that searches: the speed setting's budget
                agent.think_for(THINK.get(self.setting("animation_speed", "x1"), 1.0))
            self.worker.request(seat, self.match.agents[seat], self.state,
                                self.match.world_rng(seat), self.match.sees_everything.get(seat, False))

    def thinking_seat(self) -> int | None:
        if self.ai_ready is not None:
            return self.ai_ready[0]
        return self.worker.thinking

    def check_handoff(self) -> None:
        """Hot-seat: when a different human must act, hide the table behind a handoff screen."""
        if self.timeline.busy or self.handoff_pending or len(self.match.human_seats) < 2:
            return
        humans = self.match.humans_to_act()
        if not humans or self.viewer in humans:
            return
        nxt = humans[0]
        if not hasattr(self.app, "open_handoff"):
            self.switch_viewer(nxt)
            return
        self.handoff_pending = True
        self.cancel_drag()
        self.close_menu()

        def done() -> None:
            self.handoff_pending = False
            self.switch_viewer(nxt)

        self.app.open_handoff(nxt, done, name=self.match.seat_name(nxt))

    def switch_viewer(self, seat: int) -> None:
        self.viewer = seat
        self.deselect()
        self.relayout()
        self.sync(animate=False)
        self.refill_log()

    def check_game_over(self) -> None:
        if self.finished or not self.match.is_over() or self.timeline.busy:
            return
        self.finished = True
        if hasattr(self.app, "open_results"):
            self.app.open_results(self.match)

    # ================================================================ drawing ================
    def draw(self, surface: pygame.Surface) -> None:
        t0 = time.perf_counter()
        key = self.static_key()
        layer = None
        if key is None:
            surface.fill((20, 24, 30))
            self.draw_table(surface)
            self.draw_zones(surface)
        else:
            layer = self.static_layer(key, surface.get_size())
            surface.blit(self.overlay_layer(layer), (0, 0))
            self.draw_table(surface)
        if self.tray is not None:
            self.draw_tray(surface)
        self.draw_seat_marks(surface)
        self.draw_seats(surface)
        self.draw_thinking(surface)
        self.draw_cards(surface)
        self.draw_over(surface)
        self.draw_costs(surface)
        self.draw_floaters(surface)
        self.draw_notice(surface)
        self.draw_tip(surface)
        for b in (*self.buttons, *self.bar):
            if b.visible:
                b.draw(surface)
        self.draw_banner(surface)
        if self.first_tip is not None:
            self.first_tip.draw(surface, self.accent)
        if self.log_shown:
            self.log.draw(surface, self.log_rect, backdrop=layer, backdrop_key=self.static_version)
        else:
            self.log.draw_tab(surface, self.log_rect)
        if self.drag is not None and self.drag.active:
            s = self.drag.sprite
            cardgfx.draw_sprite(surface, s, self.sprite_image(s))
        self.draw_zoom(surface)
        if self.menu is not None and self.menu.open:
            self.menu.draw(surface)
        if self.help_open:
            self.draw_help(surface)
        if self.toasts is not None:
            self.toasts.draw(surface)
        self.frame_ms.append((time.perf_counter() - t0) * 1000)
        if len(self.frame_ms) > 600:
            del self.frame_ms[:300]

    def static_key(self) -> Any:
        """What the static layer shows depends on (hashable); None: no static layer."""
        return None

    def draw_static(self, surface: pygame.Surface) -> None:
        """The unchanging part of the table, painted once per `static_key()` into the layer."""

    def static_layer(self, key: Any, size: tuple[int, int]) -> pygame.Surface:
        """The cached static layer, repainted when its key, the layout or the log changes."""
        full = (key, self.layout_version, self.log_shown, size)
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

    def sprite_image(self, s: CardSprite) -> pygame.Surface:
        f = s.face_key
        if isinstance(f, _FlipFace):
            f = f.shown
        return self.face(f, s.size)

    def glow_color(self, s: CardSprite) -> tuple[int, int, int] | None:
        if s.key in self.menu_preview or s.glow or s.key in self.glow_cards or s.key == self.selected:
            return self.accent
        return None

    def draw_cards(self, surface: pygame.Surface) -> None:
        dragging = self.drag.sprite if self.drag is not None and self.drag.active else None
        for s in self.order:
            if s is dragging or (s.buried and s.at_home()):
                continue
            f = s.face_key
            if isinstance(f, _FlipFace):
                s.flip = f.scale
            cardgfx.draw_sprite(surface, s, self.sprite_image(s), self.glow_color(s))
            if s.key in self.menu_preview:  # the cards a menu option points at: unmistakable
                cardgfx.glow_rect(surface, s.rect, self.accent, width=7)
            self.draw_card_marks(surface, s)

    def draw_card_marks(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        """Per-card overlay (hint marks…) drawn right after the card."""

    def draw_seats(self, surface: pygame.Surface) -> None:
        self.draw_seat_panels(surface)

    def draw_seat_panels(self, surface: pygame.Surface) -> None:
        """Each seat's area (part of the static layer; `draw_seat_marks` outlines the acting
        seats and glows the ones you may aim at, live, so the layer is not repainted)."""
        for seat in range(self.match.players):
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

    def draw_banner(self, surface: pygame.Surface) -> None:
        msg = self.banner_text()
        if not msg:
            return
        tr = self.table_rect
        t = cardgfx.fit_text(msg, 20, (250, 246, 255), tr.w - 80, "bold")
        box = t.get_rect(midtop=(tr.centerx, 6)).inflate(36, 12)
        yours = self.acting_human() is not None and not self.timeline.busy
        panel(surface, box, (12, 10, 30, 210), (*self.accent, 255 if yours else 160), radius=box.h // 2,
              width=3 if yours else 2)
        surface.blit(t, t.get_rect(center=box.center))

    def draw_zoom(self, surface: pygame.Surface) -> None:
        s = self.hover
        if not self.zoom_on or s is None or self.drag is not None or self.menu is not None:
            return
        if self.hover_time < HOVER_DELAY or s.key not in self.sprites:
            return
        if not s.rect.collidepoint(self.mouse):
            return
        img = self.zoom_image(s)
        if img is None:
            return
        r = img.get_rect()
        mx, my = self.mouse
        r.midleft = (mx + 24, my)
        if r.right > WIDTH - 4:
            r.midright = (mx - 24, my)
        r.clamp_ip(pygame.Rect(4, 4, WIDTH - 8, HEIGHT - 8))
        sh = cardgfx.shadow(r.size, 8, 130)
        surface.blit(sh, (r.x - 2, r.y + 2))
        surface.blit(img, r)

    def zoom_image(self, s: CardSprite) -> pygame.Surface | None:
        f = s.face_key.new if isinstance(s.face_key, _FlipFace) else s.face_key
        w, h = s.size
        scale = cardgfx.ZOOM[0] / w if w < cardgfx.ZOOM[0] else 1.5
        return self.face(f, (round(w * scale), round(h * scale)))

    def draw_help(self, surface: pygame.Surface) -> None:
        lines = [
            "Drag a card onto a glowing place to play it; drop it elsewhere to take it back.",
            "Hover a card to zoom it (Z turns zoom on/off).",
            "Space  finish the current animation        L  show/hide the log",
            "1–9  pick the n-th card of your hand           Esc  pause menu",
            *self.help_lines(),
            "",
            "Press any key to close.",
        ]
        surface.blit(_veil(surface.get_size(), (5, 4, 15, 170)), (0, 0))
        width = 760
        wrapped: list[str] = []
        for ln in lines:
            wrapped += cardgfx.wrapped(ln, 17, width - 60) if ln else [""]
        box = pygame.Rect(0, 0, width, 80 + len(wrapped) * 26)
        box.center = (WIDTH // 2, HEIGHT // 2)
        panel(surface, box, (16, 14, 36, 240), (*self.accent, 200), radius=16)
        title = text.render("How to play this table", 26, (250, 246, 255), "bold")
        surface.blit(title, (box.x + 30, box.y + 20))
        y = box.y + 66
        for ln in wrapped:
            if ln:
                surface.blit(text.render(ln, 17, (225, 222, 240)), (box.x + 30, y))
            y += 26

    def frame_p95(self) -> float:
        if not self.frame_ms:
            return 0.0
        xs = sorted(self.frame_ms)
        return xs[min(len(xs) - 1, int(len(xs) * 0.95))]


@lru_cache(maxsize=8)
def _veil(size: tuple[int, int], colour: tuple[int, int, int, int]) -> pygame.Surface:
    """A translucent cover (the help screen's), made once per size."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill(colour)
    return veil.convert_alpha() if pygame.display.get_surface() is not None else veil


class _FlipFace:
    """A face in the middle of a flip: shows `old` while t < 0.5, then `new`."""

    __slots__ = ("sprite", "old", "new", "t")

    def __init__(self, sprite: CardSprite, old: Any, new: Any) -> None:
        self.sprite = sprite
        self.old = old.new if isinstance(old, _FlipFace) else old
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
        return other is self or (not isinstance(other, _FlipFace) and other == self.new)

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
