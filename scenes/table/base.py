"""TableScene: what every game's table shares (docs/plugging-in-a-game.md, "The table"). A
game's table subclasses it, lays out its zones, seats and cards, and draws them; the base does
everything else, the same way at every table.

The table reads only a view: it is given a table session (game/session.py) and asks it for
the view of the seat it serves, that seat's legal actions and the events as that seat may see
them; it never holds the rules state. The scene never decides legality: a gesture is turned
into the legal action whose kind/source/target match it; when none matches, the scene builds
the Action the gesture means and lets the rules say why it is refused.

The base is composed of parts, one job each (scenes/table/):

- `session.py` the seat served, legal actions, applying, collecting the other seats' moves
  (the bots think in the session, off this thread), auto-pass, conceding;
- `layout.py` the table's rectangle, zones, seats' areas, cards in a row (`spread`), targets
  (`spot_of`), the static layer;
- `pointer.py` drag and drop, select-then-target, aiming (targets glow with no first click);
- `menus.py` the button bar of actions with no gesture, choice menus, a menu of actions with
  their costs (`offer`), the pause menu;
- `animation.py` the event queue played as animations (Space finishes), the cards seen, cards
  drawn, zoom, rising numbers and flashes;
- `tray.py` dice and coins; `log.py` the log; `banner.py` banner, help, the language (C
  switches English / 中文); `notices.py` toasts, notices and rising numbers, stacked and kept inside;
- `tips.py` first-game tips; `hotseat.py` the "pass to Player N" screen; `clock.py` the turn
  timer; `coach.py` the Hint button (A): the coach's move for the person to act, and why;
- `pieces.py` the small data classes and timings they share.

The animation speed is one setting, read in one place (`speed`, from sprites/speed.py): every
part, the dice tray and its coins follow it.

A scene around the table (the replay viewer, scenes/replay.py) has two hooks: `aside` keeps the
right-hand column for its own controls (the table lays out beside it as beside an open log),
and `show_position()` shows a position the session jumped to, at once.

Counters (health, echoes, grief…) are `self.counters[(seat, name)]`: read from the view when
the table is still (`counters_from_view`) and ticked by each event's `counters` while it plays.

What a subclass implements (see each method's docstring): `layout()`, `card_places(view)`,
`render_face(face, size)`, `draw_table`/`draw_over`, `seat_rect(seat)`, optionally
`static_key()`/`draw_static()`, `overlay_key()`/`draw_static_overlay()`, `tray_rect()`,
`counters_from_view(view)`, `seat_target(seat)`, `gesture_action(sprite, zone)`,
`choose_target(actions, pos, player)`, `click_card`/`click_zone`, `help_lines()`,
`hand_keys()`, `spawn_point`/`spawn_face`/`vanish_point`, `event_cards`/`event_place`/`holds`,
`animate_event(event)`, `draw_card_marks`, `zoom_image`, `draggable`, `drop_hint`,
`cards_in_view(view)`, `bar_label`/`press_bar`/`more_label`, `aimed_actions()`,
`clock_key(seat)`; and class attributes `accent`, `card_target_kinds`, `turning_counters`,
`tray_felt`, `die_size`, `auto_pass_questions`, `bilingual`, `turn_seconds`/`answer_seconds`.
"""

from __future__ import annotations

import math
import time
from typing import Any

import pygame

from game.core.contract import Action
from game.session import HUMAN, YOU, SeatInfo, TableSession
from scenes.manager import HEIGHT, WIDTH, Scene
from scenes.table.animation import AnimationPart
from scenes.table.banner import BannerPart
from scenes.table.clock import ClockPart
from scenes.table.coach import HINT_KEY, CoachPart
from scenes.table.hotseat import HotSeatPart
from scenes.table.layout import LayoutPart
from scenes.table.log import LogPart
from scenes.table.menus import MenuPart
from scenes.table.notices import Floater, Note, NoticesPart
from scenes.table.pieces import LOG_WIDTH, Drag, Place
from scenes.table.pointer import PointerPart
from scenes.table.session import SessionPart
from scenes.table.speaker import SpeakerPart
from scenes.table.tips import TipsPart
from scenes.table.tray import TrayPart
from scenes.table.undo import UndoPart
from scenes.table.watch import WatchPart
from scenes.tips import TipBubble
from sprites import cards as cardgfx
from sprites.cards import CardSprite
from sprites.dice import DiceTray
from sprites.log import LogPanel
from sprites.speed import factor as speed_factor
from sprites.tween import Timeline
from sprites.widgets import Button
from sprites.zones import Zone

THINK_AT_X1 = 1.0  # seconds a searching bot thinks per decision at ×1 (half at ×2…)
THINK_INSTANT = 0.1


class TableScene(SessionPart, LayoutPart, AnimationPart, TrayPart, LogPart, BannerPart,
                 NoticesPart, PointerPart, MenuPart, TipsPart, HotSeatPart, ClockPart, SpeakerPart,
                 UndoPart, WatchPart, CoachPart, Scene):
    accent: tuple[int, int, int] = (255, 214, 110)
    #: action kinds whose target is a card on the table (a Slash at a card, swap with a card)
    card_target_kinds: frozenset[str] = frozenset()
    #: counters whose shown value glides to the new one (a health dial turning), per second
    turning_counters: dict[str, float] = {}
    #: the dice tray's felt and die size (when `tray_rect()` gives it a place)
    tray_felt: tuple[int, int, int] = (26, 78, 56)
    die_size: int = 52
    #: the right-hand column (the log's) belongs to the scene around the table (the replay
    #: viewer's controls): the table lays out beside it and draws no log there
    aside: bool = False

    def __init__(self, app: Any, session: TableSession) -> None:
        super().__init__(app)
        self.session = session
        #: who sits where (fixed for the game): SeatInfo per seat
        self.seat_info: list[SeatInfo] = session.seats()
        people = [p for p, s in enumerate(self.seat_info) if s.kind in (YOU, HUMAN)]
        # all-AI games are watched over seat 0's shoulder (its own hand stays hidden)
        self.viewer: int | None = people[0] if people else 0
        self.sprites: dict[Any, CardSprite] = {}
        self._seen: dict[Any, Any] = {}  # card key -> the card it is (`seen`)
        self.order: list[CardSprite] = []  # draw order (last on top)
        self.zones: dict[str, Zone] = {}
        self.timeline = Timeline()
        self._still_since: float | None = None  # when the animation last caught up
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
        #: select, then target: the card clicked (its targets glow), and when it was clicked
        self.selected: Any = None
        self.last_click: tuple[Any, float] = (None, 0.0)
        self.glow_seats: set[int] = set()
        self.glow_cards: set[Any] = set()
        self.glow_costs: list[tuple[pygame.Rect, str]] = []  # (target, what choosing it costs)
        self.glow_risks: list[tuple[pygame.Rect, str]] = []  # (target, how it loses the game)
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
        self.floaters: list[Floater] = []
        self.notes: list[Note] = []  # toasts and notices (scenes/table/notices.py)
        self.flashes: dict[Any, tuple[float, float]] = {}  # key -> (left of 1, fading per second)
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
        self.relayout()
        self.sync(animate=False)
        self.refill_log()  # a resumed game's story so far
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

    def gesture_action(self, sprite: CardSprite, zone: Zone) -> Action | None:
        """The Action a drop of `sprite` on `zone` means (used to ask the rules why not)."""
        return None

    def click_zone(self, zone: Zone, pos: tuple[int, int]) -> None:
        """A click on a zone with no card under the pointer."""


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

    def counters_from_view(self, view: Any) -> dict[tuple[int | None, str], Any]:
        """The live numbers as a view shows them: {(seat or None, name): value}. The table
        reads them when it is still; events' counters tick them while events play."""
        return {}

    def looks(self) -> tuple:
        """The settings the card faces depend on (hint marks, big symbols…): when they change
        the faces are drawn again."""
        return ()

    # ================================================================ shared helpers =======
    @property
    def settings(self) -> Any:
        return getattr(self.app, "settings", None)

    def setting(self, name: str, default: Any) -> Any:
        return getattr(self.settings, name, default) if self.settings is not None else default

    @property
    def speed(self) -> float:
        """The animation speed (sprites/speed.py): 1, 2, 4, or infinity for instant. Every
        part of the table, its dice tray and coins, and the bots' pace (`think_seconds`)
        follow it. Skipping to the result (scenes/table/watch.py) is instant."""
        if self.skipping:
            return math.inf
        return speed_factor(self.setting("animation_speed", "x1"))

    @property
    def instant(self) -> bool:
        return math.isinf(self.speed)

    @property
    def steady_speed(self) -> float:
        """The speed of what has no end to jump to (rising numbers, turning dials): ×1 when
        the table is instant."""
        return 1.0 if self.instant else self.speed

    def think_seconds(self) -> float:
        """How long a searching bot thinks per decision: the faster the table plays, the less."""
        return THINK_INSTANT if self.instant else THINK_AT_X1 / self.speed

    @property
    def log_shown(self) -> bool:
        """(The log's room stays taken while the column is `aside`.)"""
        return self.aside or LayoutPart.log_shown.fget(self)

    def show_position(self) -> None:
        """The session jumped to another position (a replay): show it at once, as a table
        opening on it would — what was animating, rising or flashing is dropped, and the cards
        the views had named are forgotten (they may not be known yet at that moment)."""
        self.timeline = Timeline()
        if self.tray is not None:
            self.tray.finish()
        self.floaters, self.notes = [], []
        self.flashes.clear()
        self.turned.clear()
        self._seen.clear()
        self.deselect()
        self.sync(animate=False)

    @property
    def shown(self) -> Any:
        return self._shown

    @shown.setter
    def shown(self, view: Any) -> None:
        # a version number, so caches of what the view draws know when it changed
        self._shown = view
        self.shown_version = getattr(self, "shown_version", 0) + 1

    # ================================================================ input ================
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.out_event(event):
            return
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
        if event.type == pygame.MOUSEBUTTONDOWN and self.first_tip is not None:
            self.first_tip = None  # a click elsewhere dismisses the tip (and still acts)
        if self.speaker_event(event) or self.undo_event(event):
            return
        for b in (*self.buttons, *self.bar, self.hint_button):
            if b is not None and b.visible and b.handle_event(event):
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
        elif k == pygame.K_c:
            self.toggle_language()
        elif k == HINT_KEY:
            self.ask_hint()
        elif pygame.K_1 <= k <= pygame.K_9:
            keys = self.hand_keys()
            n = k - pygame.K_1
            if n < len(keys) and keys[n] in self.sprites:
                self.pick_card(self.sprites[keys[n]])


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
        if self.instant:
            self.timeline.finish()
        else:
            self.timeline.update(dt * self.speed)
        for b in self.buttons:
            if hasattr(b, "update"):
                b.update(dt)
        if self.hover is not None and self.drag is None:
            self.hover_time += dt
        if self.turning_counters:
            self.turn_counters(dt * self.steady_speed)
        if self.flashes:
            self.fade_flashes(dt * self.steady_speed)
        self.update_notices(dt)
        if self.tray is not None:
            self.tray.set_speed(self.speed)  # (instant: the tray lands at once)
            self.tray.update(dt)
            self.age_tray(dt)
        self.refresh_buttons()
        self.refresh_bar()
        self.refresh_aim()
        self.refresh_undo()
        self.refresh_first_tip()
        self.refresh_hint()
        if self.first_tip is not None:
            self.first_tip.update(dt)
        if self.timeline.busy:
            self._still_since = None
        elif self._still_since is None:
            self._still_since = time.monotonic()
        self.run_ai()
        self.run_clock(dt)
        self.check_handoff()
        self.check_game_over()
        self.check_out()
        self.auto_pass()

    def refresh_buttons(self) -> None:
        """Enable/disable the subclass's own buttons from the legal actions (optional)."""


    # ================================================================ drawing ================
    def draw(self, surface: pygame.Surface) -> None:
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
        self.draw_tip(surface)
        for b in (*self.buttons, *self.bar):
            if b.visible:
                b.draw(surface)
        self.draw_banner(surface)
        self.draw_undo(surface)
        self.draw_speaker(surface)
        self.draw_notices(surface)
        if self.first_tip is not None and self.drag is None and self.selected is None:
            self.first_tip.draw(surface, self.accent)  # (not over the targets a drag lights)
        if self.aside:
            pass  # the column is the surrounding scene's
        elif self.log_shown:
            self.log.draw(surface, self.log_rect, backdrop=layer, backdrop_key=self.static_version)
        else:
            self.log.draw_tab(surface, self.log_rect)
        self.draw_hint(surface)
        if self.drag is not None and self.drag.active:
            s = self.drag.sprite
            cardgfx.draw_sprite(surface, s, self.sprite_image(s))
        self.draw_zoom(surface)
        if self.menu is not None and self.menu.open:
            self.menu.draw(surface)
        self.draw_out_offer(surface)
        if self.help_open:
            self.draw_help(surface)
