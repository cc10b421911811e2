"""The event queue played as animations: `sync` turns the view and the events into timeline
steps (cards glide and turn over, counters tick, the banner follows the part being played), a
last step lets the texts catch up; the cards drawn, glowing and zoomed; rising numbers."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame

from game.core.contract import Event
from scenes.manager import HEIGHT, WIDTH
from scenes.table.pieces import (
    FLIP,
    HOVER_DELAY,
    MOVE,
    FlipFace,
    Place,
    SeenCards,
)
from sprites import cards as cardgfx
from sprites import sound
from sprites.cards import CardSprite
from sprites.tween import Tween, Wait, ease_out_cubic, linear


class AnimationPart:
    """Part of TableScene (scenes/table/base.py)."""

    def sync(self, animate: bool = True, events: Iterable[Event] = ()) -> None:
        """Bring the sprites to the current view: one step per event (its cards move, its
        words enter the log and the banner as it plays), then a last step for the rest."""
        view = self.view()
        places = self.card_places(view)
        by_key = {p.key: p for p in places}
        events = list(events)
        named: list[list[Any]] = [self.event_cards(e) for e in events]
        if not animate or self.instant:
            for e in events:
                self.log_event(e)
                self.tick_counters(e, animate=False)
                if e.kind in ("dice", "coin"):
                    self.throw(e, landed=True)
            self.shown = view
            self._apply_places(places, set(by_key), instant=True)
            self.table_still()
            return

        if events:  # nobody is outlined as acting while the answer plays out; the banner
            self.shown_acting = ()  # says each event when its step plays (`show_stage`)
            self.stage_text = ""
            self.stage_is_phase = False
        # each event's cards move in its own step, in order; what no event names (a hand
        # closing up, a card whose marks changed) goes to its place in the last step, after
        # the events that caused it: nothing is shown before its event plays
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
        self.shown_acting = tuple(self.session.to_act())
        # a bot's seat watched over its shoulder is a spectator's view: "Player 2 is playing"
        watcher = None if self.viewer is None or self.is_ai(self.viewer) else self.viewer
        self.prompt_text = self.session.prompt(watcher)
        yours = self.acting_human() is not None
        if yours and not self._your_turn:
            sound.play("turn_chime")  # it has just become the turn of the person at the screen
        self._your_turn = yours

    def cards_in_view(self, view: Any) -> Iterable[tuple[Any, Any]]:
        """game: (card key, the card it is) for every card `view` names (`seen` keeps them)."""
        return ()

    def seen(self, key: Any) -> Any:
        """The card `key` is, as the views named it (a card played and gone keeps its name).
        KeyError: no view of this table has named it."""
        if key not in self._seen:
            self._seen.update(self.cards_in_view(self.view()))
        return self._seen[key]

    @property
    def seen_cards(self) -> SeenCards:
        """`seen` as a mapping (rules code that looks cards up as `cards[key]`)."""
        return SeenCards(self.seen)

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
        holder = FlipFace(s, old, new_face)
        s.face_key = holder
        return Tween(holder, {"t": 1.0}, FLIP, linear, on_done=holder.done)


    def light_up(self, keys: Iterable[Any], seconds: float) -> Wait:
        """The cards `keys` glow for `seconds` (the cards a tell points at, a card acting)."""
        lit = [self.sprites[k] for k in keys if k in self.sprites]
        for sp in lit:
            sp.glow = True

        def off() -> None:
            for sp in lit:
                sp.glow = False
        return Wait(seconds, off)

    def flash(self, key: Any, seconds: float = 0.5) -> None:
        """Something lights up and fades over `seconds` at ×1 (a wound's red flash on a seat,
        the Soul Gem taking grief): `flashes[key]` goes from 1 to 0."""
        self.flashes[key] = (1.0, 1 / seconds)

    def fade_flashes(self, dt: float) -> None:
        for key, (left, rate) in list(self.flashes.items()):
            left -= dt * rate
            if left <= 0:
                del self.flashes[key]
            else:
                self.flashes[key] = (left, rate)

    def flashing(self, key: Any) -> float:
        return self.flashes[key][0] if key in self.flashes else 0.0

    def finish_animation(self) -> None:
        """Space: complete what is animating now, and what is queued behind it; a notice
        goes away."""
        self.timeline.finish()
        self.clear_notices()


    def sprite_image(self, s: CardSprite) -> pygame.Surface:
        f = s.face_key
        if isinstance(f, FlipFace):
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
            if isinstance(f, FlipFace):
                s.flip = f.scale
            cardgfx.draw_sprite(surface, s, self.sprite_image(s), self.glow_color(s))
            if s.key in self.menu_preview:  # the cards a menu option points at: unmistakable
                cardgfx.glow_rect(surface, s.rect, self.accent, width=7)
            self.draw_card_marks(surface, s)

    def draw_card_marks(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        """Per-card overlay (hint marks…) drawn right after the card."""


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
        f = s.face_key.new if isinstance(s.face_key, FlipFace) else s.face_key
        w, h = s.size
        scale = cardgfx.ZOOM[0] / w if w < cardgfx.ZOOM[0] else 1.5
        return self.face(f, (round(w * scale), round(h * scale)))

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
