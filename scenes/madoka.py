"""The Madoka table: a night sky, the five girls' rows in the middle, the Soul Gem, the witches.

You hold your cards facing outward (docs/rules/madoka.md, Overview): your own hand shows only
backs carrying what the hints told you; your teammates' hands are face up. The table base does
the gestures and the banner (the rules' prompt); this module lays the table out and draws it:

- drag (or click, then click the target) one of your cards onto the girls' rows → Play; onto
  the discard pile → Discard
- click a teammate's card → the tell menu for that hand (`open_tell`: what each tell points
  at, what it costs, why one cannot be given); the cards it points at light up
- click the Soul Gem → Cleanse 1 / Cleanse 2 (only what the rules allow)
- hover the discard pile → what has been discarded, by girl and number
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.contract import Action, Event
from game.madoka import knowledge
from game.madoka.cards import max_score
from scenes.table import Place, TableScene
from sprites import madoka_cards as mc
from sprites import madoka_table as mt
from sprites import theme
from sprites.cards import HAND, TABLE, CardSprite
from sprites.tween import Wait
from sprites.zones import Zone, panel

TEAL = mc.TEAL
WITCH_GOLD = (230, 180, 110)
STEP_SMALL = 78
STEP_HAND = 100
CASCADE = 30


class MadokaTable(TableScene):
    accent = TEAL

    def __init__(self, app: Any, session: Any) -> None:
        self.cards = session.game.cards
        self.witch = {w.id: w for w in self.cards.witches}
        self.seat_areas: dict[int, tuple[pygame.Rect, str]] = {}
        self.discard_pinned = False
        #: the hint marks on teammates' cards as the table shows them (`_knowing`: as the
        #: rules' view has them; a tell's marks appear when the tell plays)
        self.knowledge: dict[int, tuple[list[str], list[int], bool]] = {}
        self._knowing: dict[int, tuple[list[str], list[int], bool]] = {}
        self._zoom_know: tuple[Any, pygame.Surface] | None = None
        super().__init__(app, session)

    # ================================================================ layout ===============
    def layout(self) -> None:
        T = self.table_rect
        n = self.session.players
        hand_n = 4 if n == 4 else 5
        self.seat_areas = {}
        others = self.others()
        if n == 4:
            h = 40 + hand_n * 104
            self.seat_areas[others[0]] = (pygame.Rect(T.x + 10, 62, 96, h), "left")
            w = hand_n * STEP_SMALL + 16
            self.seat_areas[others[1]] = (pygame.Rect(T.centerx - w // 2, 44, w, 136), "top")
            self.seat_areas[others[2]] = (pygame.Rect(T.right - 106, 62, 96, h), "right")
            mx0, mx1 = T.x + 116, T.right - 116
        else:
            w = hand_n * STEP_SMALL + 16
            if n == 2:
                self.seat_areas[others[0]] = (pygame.Rect(T.centerx - w // 2, 44, w, 136), "top")
            else:
                gap = 24
                self.seat_areas[others[0]] = (pygame.Rect(T.centerx - w - gap // 2, 44, w, 136), "top")
                self.seat_areas[others[1]] = (pygame.Rect(T.centerx + gap // 2, 44, w, 136), "top")
            mx0, mx1 = T.x + 16, T.right - 16
        bw = hand_n * STEP_HAND + 24
        self.seat_areas[self.me] = (pygame.Rect(T.centerx - bw // 2, 558, bw, 158), "bottom")

        # the middle: deck + discard | the girls' rows | witches + Soul Gem
        ng = 6 if self.view()["qb"] else 5
        self.col_w = 76 if ng == 5 else 72
        play_w = ng * self.col_w + 16
        left_w, gap = 96, 14
        right_w = max(186, min(236, mx1 - mx0 - (left_w + gap + play_w + gap)))
        block = left_w + gap + play_w + gap + right_w
        x0 = mx0 + max(0, (mx1 - mx0 - block) // 2)
        my0 = 190
        self.mid_top = my0
        lx, px, rx = x0, x0 + left_w + gap, x0 + left_w + gap + play_w + gap
        self.zones["deck"] = Zone("deck", pygame.Rect(lx, my0, left_w, 138), None, "", (200, 190, 255))
        self.zones["discard"] = Zone("discard", pygame.Rect(lx, my0 + 146, left_w, 150), "discard", "", (200, 190, 255))
        self.zones["play"] = Zone("play", pygame.Rect(px, my0, play_w, 282), "play", "", (200, 190, 255))
        self.zones["witches"] = Zone("witches", pygame.Rect(rx, my0, right_w, 210), None, "", (230, 190, 150))
        self.zones["soulgem"] = Zone("soulgem", pygame.Rect(rx, my0 + 218, right_w, 82), "soulgem", "", (120, 230, 215))
        self.score_rect = pygame.Rect(px, my0 + 290, play_w, 64)

    def seat_rect(self, seat: int) -> pygame.Rect | None:
        area = self.seat_areas.get(seat)
        return area[0] if area else None

    def seat_card_pos(self, seat: int, i: int) -> tuple[float, float]:
        rect, kind = self.seat_areas[seat]
        if kind in ("left", "right"):
            return rect.centerx, rect.y + 34 + TABLE[1] / 2 + i * 104
        if kind == "top":
            return rect.x + 8 + STEP_SMALL / 2 + i * STEP_SMALL, rect.y + 28 + TABLE[1] / 2
        k = len(self.view()["hands"][seat])
        cx = rect.centerx - (k - 1) * STEP_HAND / 2
        return cx + i * STEP_HAND, rect.y + 26 + HAND[1] / 2

    def column_x(self, gi: int) -> float:
        z = self.zones["play"].rect
        return z.x + 8 + self.col_w * gi + self.col_w / 2

    def pile_pos(self) -> tuple[float, float]:
        r = self.zones["discard"].rect
        return r.centerx, r.y + 62

    def deck_pos(self) -> tuple[float, float]:
        r = self.zones["deck"].rect
        return r.centerx, r.y + 58

    def witch_deck_pos(self) -> tuple[float, float]:
        r = self.zones["witches"].rect
        return r.centerx - 46, r.y + 60

    def witch_up_pos(self) -> tuple[float, float]:
        r = self.zones["witches"].rect
        return r.centerx + 46, r.y + 60

    # ================================================================ cards ================
    def looks(self) -> tuple[bool, bool]:
        return bool(self.setting("hint_marks", True)), bool(self.setting("colourblind", False))

    def card_places(self, view: dict) -> list[Place]:
        places: list[Place] = []
        marks, _ = self.looks()
        if view["deck"]:
            places.append(Place(("deck",), ("back",), TABLE, self.deck_pos(), "deck", 0))
        if view["witch_deck"]:
            places.append(Place(("wdeck",), ("wback",), TABLE, self.witch_deck_pos(), "witches", 0))
        for i, w in enumerate(view["witches_up"]):
            x, y = self.witch_up_pos()
            places.append(Place(("witch", w), ("witch", w), TABLE, (x, y - i * 1.5), "witches", 1))
        pile = view["discard"]
        for i, c in enumerate(pile):
            x, y = self.pile_pos()
            jx = ((c["id"] * 37) % 9) - 4
            jy = ((c["id"] * 53) % 7) - 3
            places.append(Place(c["id"], ("girl", c["girl"], c["number"]), TABLE, (x + jx, y + jy), "discard", 1,
                                buried=i < len(pile) - 3))
        for gi, girl in enumerate(view["girls"]):
            for k, c in enumerate(view["played"][girl]):
                pos = (self.column_x(gi), self.mid_top + 102 + k * CASCADE)
                places.append(Place(c["id"], ("girl", c["girl"], c["number"]), TABLE, pos, "play", 2))
        girls = tuple(view["girls"])
        self._knowing = {c["id"]: (c["girls"], c["numbers"], c["clued"])
                         for hand in view["hands"] for c in hand}
        for seat, hand in enumerate(view["hands"]):
            if seat not in self.seat_areas:
                continue
            for i, c in enumerate(hand):
                pos = self.seat_card_pos(seat, i)
                if c["girl"] is None:
                    face = ("mine", tuple(c["girls"]), tuple(c["numbers"]), c["clued"], girls) if marks else ("back",)
                    size = HAND if seat == self.me else TABLE
                else:
                    face = ("girl", c["girl"], c["number"])
                    size = TABLE if seat != self.me else HAND
                places.append(Place(c["id"], face, size, pos, f"hand:{seat}", 3))
        return places

    def render_face(self, face: Any, size: tuple[int, int]) -> pygame.Surface:
        _, big = self.looks()
        if face is None or face[0] == "back":
            return mc.card_back(size)
        kind = face[0]
        if kind == "girl":
            return mc.girl_card(face[1], face[2], size, big)
        if kind == "mine":
            return mc.known_card(face[1], face[2], face[4], face[3], size, True, big)
        if kind == "wback":
            return mc.witch_back(size)
        if kind == "witch":
            w = self.witch[face[1]]
            return mc.witch_card(w.number, w.name, w.title, w.text, w.while_on_top, size, w.name_ja)
        return mc.card_back(size)

    def spawn_point(self, place: Place) -> tuple[float, float]:
        if isinstance(place.key, tuple) and place.key[0] == "witch":
            return self.witch_deck_pos()
        if isinstance(place.key, int):
            return self.deck_pos()
        return place.pos

    def vanish_point(self, sprite: CardSprite) -> tuple[float, float] | None:
        if isinstance(sprite.key, tuple) and sprite.key[0] == "witch":
            if sprite.key[1] in self.view()["witches_gone"]:
                return None  # Elsa Maria and Roberta leave the game
            return self.witch_deck_pos()  # returned face down to the witch deck
        return None

    def spawn_face(self, place: Place) -> Any:
        if isinstance(place.key, tuple) and place.key[0] == "witch":
            return ("wback",)
        if isinstance(place.key, int) and place.zone.startswith("hand:"):
            return ("back",)
        return place.face

    def hand_keys(self) -> list[Any]:
        return [c["id"] for c in self.view()["hands"][self.me]] if self.viewer is not None else []

    def counters_from_view(self, view: dict) -> dict:
        return {(None, "grief"): view["grief"], (None, "max_grief"): view["max_grief"],
                (None, "score"): view["score"], (None, "deck"): view["deck"],
                (None, "witch_deck"): view["witch_deck"]}

    # ================================================================ gestures =============
    def zoom_image(self, s: CardSprite) -> pygame.Surface | None:
        """Your own card zooms with what you know of it (the rules' knowledge)."""
        img = super().zoom_image(s)
        if s.key not in self.hand_keys() or img is None:
            return img
        key = ("know", s.key, self.shown_version, img.get_size())
        if self._zoom_know is None or self._zoom_know[0] != key:
            know = next((c for c in knowledge.hand_knowledge(self.view()) if c["id"] == s.key), None)
            if know is None:
                return img
            self._zoom_know = (key, mt.knowledge_panel(img, know, tuple(self.view()["girls"])))
        return self._zoom_know[1]

    def gesture_action(self, sprite: CardSprite, zone: Zone) -> Action | None:
        if zone.target in ("play", "discard") and isinstance(sprite.key, int):
            return Action(zone.target, source=sprite.key, target=zone.target)
        return None

    def drop_hint(self, sprite: CardSprite) -> str:
        return "Drop your card on the girls' rows to play it, or on the discard pile to discard it."

    def click_card(self, sprite: CardSprite) -> None:
        key = sprite.key
        if isinstance(key, int):
            for seat in self.others():
                if any(c["id"] == key for c in self.view()["hands"][seat]):
                    self.open_tell(seat)
                    return
        if sprite.zone == "discard":
            self.discard_pinned = not self.discard_pinned
            return
        super().click_card(sprite)

    def click_zone(self, zone: Zone, pos: tuple[int, int]) -> None:
        if zone.name == "soulgem":  # no cleanse is legal now: the rules say why
            me = self.viewer if self.acting_human() is not None else None
            self.refuse(me, Action("cleanse", target="soulgem", option=1), "You cannot cleanse now.")
        elif zone.name == "discard":
            self.discard_pinned = not self.discard_pinned

    def choose_target(self, actions: list[Action], pos: tuple[int, int], player: int) -> None:
        """A click on a teammate's hand opens the tell menu; on the Soul Gem, the cleanses."""
        if actions[0].kind == "tell":
            self.open_tell(actions[0].target)
        elif actions[0].kind == "cleanse":
            self.open_cleanse(actions)
        else:
            super().choose_target(actions, pos, player)

    def next_needed(self, g: int) -> str:
        """What girl g's row needs next, in words: "Homura needs her 3 next."."""
        view = self.view()
        name, height = self.session.game.girl_names[g], view["heights"][view["girls"][g]]
        return f"{name} is already transformed." if height >= 4 else f"{name} needs her {height + 1} next."

    def open_tell(self, seat: int) -> None:
        """The tell menu for `seat`'s hand: each tell of the game that points at one of its
        cards (as you see them, D3), with how many it points at (hovering lights them up)
        and what it costs, or why it cannot be given."""
        me, hand = self.viewer, self.view()["hands"][seat]
        if me is None:
            return
        options, previews = [], {}
        for a in self.session.game.tells_to[self.view()["qb"]][seat]:
            what, value = a.option
            cards = [c["id"] for c in hand if c[what] == value]
            if cards:
                previews[len(options)] = set(cards)
                words = mc.GIRL_NAMES[value] if what == "girl" else f"the {value}s"
                options.append((a, f"{words} · {len(cards)} card{'s' if len(cards) != 1 else ''}"))
        if not options:
            self.toast(f"No tell points at a card of {self.seat_name(seat)}.")
            return
        box, side = self.seat_areas[seat]  # beside the seat, never over its cards
        self.offer(me, options, f"Tell {self.seat_name(seat)}:", box,
                   {"right": "left", "top": "below"}.get(side, "right"), previews)

    def open_cleanse(self, actions: list[Action]) -> None:
        """Cleanse 1 / Cleanse 2, each with what it costs, over the Soul Gem."""
        self.offer(self.viewer, [(a, a.label) for a in actions], "Cleanse the Soul Gem",
                   self.zones["soulgem"].rect, "above")

    # ================================================================ events ================
    def event_cards(self, event: Event) -> list[Any]:
        if event.kind == "witch":
            w = event.data.get("witch")
            return [("witch", w)] if w else []
        if event.kind == "tell":  # the cards it points at turn to their new marks with it
            return [c for c in event.data.get("cards", []) if c in self._knowing]
        return super().event_cards(event)

    def table_still(self) -> None:
        """The marks on teammates' cards catch up with the table (a tell's, with its step)."""
        self.knowledge = dict(self._knowing)
        super().table_still()

    def animate_event(self, event: Event) -> list[Any]:
        k = event.kind
        if k == "witch" and event.data.get("action") == "reveal":
            w = self.witch.get(event.data.get("witch"))
            if w is not None:
                self.notice(f"Witch revealed: {w.name}, {w.title}", w.text, WITCH_GOLD, 2.6,
                            self.zones["witches"].rect)
                return [Wait(0.5)]
        if k == "move" and event.data.get("success") is False:
            girl, n = event.data.get("girl"), event.data.get("number")
            self.notice(f"Failed play: {mc.GIRL_NAMES.get(girl, girl)} {n}", event.data.get("why", ""),
                        (235, 90, 100), 2.2, self.zones["play"].rect)
            return [Wait(0.3)]
        if k == "transform":
            self.notice(event.text, "", (255, 226, 120), 1.6, self.zones["play"].rect)
            return [Wait(0.3)]
        if k == "tell":  # the cards it points at light up and take their new marks
            for c in event.data.get("cards", []):
                if c in self._knowing:
                    self.knowledge[c] = self._knowing[c]
            return [self.light_up(event.data.get("cards", []), 0.7)]
        if k == "grief":
            self.flash("gem", 1 / 1.5)  # the gem darkens now: its counter ticked with the event
            return [Wait(0.15)]
        return []

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame.MOUSEBUTTONDOWN and self.discard_pinned
                and not self.zones["discard"].contains(event.pos)):
            self.discard_pinned = False  # any click elsewhere closes the pinned browser
        super().handle_event(event)

    # ================================================================ text ================
    def help_lines(self) -> list[str]:
        return [
            "Madoka: you cannot see your own cards. Drag one onto the girls' rows to play it,",
            "or onto the discard pile to discard it (you draw a new one).",
            "Click a teammate's card to tell them about a girl or a number (1 grief).",
            "Click the Soul Gem to cleanse grief: each marker removed reveals a witch.",
            "Hover the discard pile to see which cards are gone.",
            "The marks on your cards: " + " ".join(mt.LEGEND),
            "Hover one of your cards: what you know of it, and what it may still be.",
        ]

    # ================================================================ drawing ==============
    def static_key(self) -> Any:
        """The sky, the zones (their glow while you drag) and the seats: repainted rarely."""
        return (self.looks(), self.zones_key(), self.viewer)

    def draw_static(self, surface: pygame.Surface) -> None:
        theme.draw_background(surface, "madoka")
        for r in self.busy_rects():  # the night sky's sparkles stay off the zones and seats
            panel(surface, r, (16, 12, 40, 200), None, radius=12)
        self.draw_zones(surface)
        self.draw_seat_panels(surface)
        self.draw_seat_labels(surface)

    def overlay_key(self) -> Any:
        """The rows, piles, witches, gem and score change with the events: a second level."""
        return (self.shown_version, self.counters_version)

    def draw_static_overlay(self, surface: pygame.Surface) -> None:
        view = self.shown if self.shown is not None else self.view()
        self.draw_girl_columns(surface, view)
        self.draw_piles_labels(surface, view)
        self.draw_witches(surface, view)
        self.draw_soul_gem(surface, view)
        self.draw_score(surface, view)

    def draw_table(self, surface: pygame.Surface) -> None:
        """Over the static layer: the Soul Gem's pulse when it takes grief."""
        if self.flashing("gem") > 0:
            mt.gem_pulse(surface, self.gem_center(), self.flashing("gem"), self.counter("grief"),
                         self.counter("max_grief", None, 3))

    def draw_girl_columns(self, surface: pygame.Surface, view: dict) -> None:
        for gi, g in enumerate(view["girls"]):
            mt.girl_column(surface, round(self.column_x(gi)), self.mid_top, self.col_w, g,
                           view["heights"][g], self.looks()[1], CASCADE)

    def draw_piles_labels(self, surface: pygame.Surface, view: dict) -> None:
        mt.pile_label(surface, self.zones["deck"].rect, f"Deck {self.counter('deck')}",
                      self.deck_pos(), not self.counter("deck"))
        mt.pile_label(surface, self.zones["discard"].rect, f"Discard {len(view['discard'])}",
                      self.pile_pos(), not view["discard"])

    def draw_witches(self, surface: pygame.Surface, view: dict) -> None:
        top = view["top_witch"]
        mt.witch_panel(surface, self.zones["witches"].rect, self.witch_deck_pos()[0],
                       self.witch_up_pos()[0], self.counter("witch_deck"),
                       self.witch[top] if top else None)

    def gem_center(self) -> tuple[int, int]:
        r = self.zones["soulgem"].rect
        return r.x + 36, r.centery + 2

    def draw_soul_gem(self, surface: pygame.Surface, view: dict) -> None:
        grief, mx = self.counter("grief"), self.counter("max_grief", None, 3)
        mt.soul_gem_panel(surface, self.zones["soulgem"].rect, self.gem_center(), grief, mx,
                          "click to cleanse" if view["cleanse_max"] and grief else f"grief {grief}/{mx}")

    def draw_score(self, surface: pygame.Surface, view: dict) -> None:
        parts = [f"of {max_score(self.cards.scoring, view['qb']):g}", f"turn {view['turn']}"]
        if view["walpurgis_defeated"]:
            parts.append("Walpurgis defeated")
        if view["final_round"]:
            parts.append(f"final round: {view['final_turns_left']} turn(s) left")
        elif view["elly_blocked"] is not None:
            parts.append(f"Elly: {self.seat_name(view['elly_blocked'])} can't tell")
        mt.score_line(surface, self.score_rect, self.counter("score"), " · ".join(parts))

    def seat_label(self, seat: int) -> tuple[str, str]:
        """A seat's name line and the small line beside/under it (how the marks on your own
        cards read is in the help, H)."""
        name = self.seat_name(seat)
        return (f"You · {self.seat_info[seat].name}" if name == "You" else name), ("AI" if self.is_ai(seat) else "")

    def draw_seat_labels(self, surface: pygame.Surface) -> None:
        """Each seat's name (in its log colour) and what it is (part of the static layer)."""
        for seat, (rect, kind) in self.seat_areas.items():
            mt.seat_label(surface, rect, kind, *self.seat_label(seat), self.log.colour(seat))

    def tip_text(self, pos: tuple[int, int]) -> str | None:
        """Over a girl's column: what she needs next, in the rules' words."""
        z = self.zones["play"].rect
        if self.sprite_at(pos) is None and z.collidepoint(pos):
            girls = (self.shown or self.view())["girls"]
            return self.next_needed(min(len(girls) - 1, int((pos[0] - z.x - 8) // self.col_w)))
        return None

    def thinking_point(self, seat: int):
        if seat not in self.seat_areas:
            return None
        rect, kind = self.seat_areas[seat]
        if kind in ("left", "right"):
            return "midtop", (rect.centerx, rect.bottom + 4 + (18 if self.seat_label(seat)[1] else 0))
        return "topright", (rect.right - 12, rect.y + 5)

    def draw_card_marks(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        """On a teammate's card: what its owner knows from the hints (a teal tag with the
        girl and/or number they were told), so you can see which cards were pointed at."""
        know = self.knowledge.get(sprite.key)
        if know is None or not sprite.zone.startswith("hand:") or sprite.size != TABLE:
            return
        if not self.looks()[0] or abs(sprite.flip) < 0.99:
            return
        girls, numbers, clued = know
        parts = []
        if len(girls) == 1:
            parts.append(mc.SHORT[girls[0]])
        if len(numbers) == 1:
            parts.append(str(numbers[0]))
        if not parts and not clued:
            return
        tag = mt.hint_tag(" ".join(parts) if parts else "•")
        r = sprite.rect
        surface.blit(tag, tag.get_rect(bottomleft=(r.x + 4, r.bottom - 3)))

    def draw_over(self, surface: pygame.Surface) -> None:
        view = self.shown if self.shown is not None else self.view()
        if (self.hover_zone == "discard" and self.hover_zone_time > 0.25 and self.menu is None) or self.discard_pinned:
            self.draw_discard_browser(surface, view)

    def draw_discard_browser(self, surface: pygame.Surface, view: dict) -> None:
        """What is gone, by girl and number, beside the discard pile."""
        z = self.zones["discard"].rect
        box = pygame.Rect(z.right + 8, z.y - 60, 330, 74 + 30 * len(view["girls"]))
        box.clamp_ip(self.table_rect.inflate(-8, -8))
        mt.discard_browser(surface, box, knowledge.copies(view))
