"""The Madoka table: a night sky, the five girls' rows in the middle, the Soul Gem, the witches.

You hold your cards facing outward (docs/rules/madoka.md, Overview): your own hand shows only
backs carrying what the hints told you; your teammates' hands are face up. The table base does
the gestures and the banner (the rules' prompt); this module lays the table out and draws it:

- drag (or click, then click the target) one of your cards onto the girls' rows → Play; onto
  the discard pile → Discard
- click a teammate's card → the tell menu for that hand (`tell_offers`: what each
  tell points at, what it costs, why one cannot be given); the cards it points at light up
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
from sprites import cards as cg
from sprites import madoka_cards as mc
from sprites import madoka_table as mt
from sprites import text, theme
from sprites.cards import HAND, TABLE, CardSprite
from sprites.tween import Wait
from sprites.zones import Zone, panel

TEXT = (238, 234, 250)
DIM = (180, 172, 210)
TEAL = mc.TEAL
GRIEF_INK = (16, 12, 22)
WITCH_GOLD = (230, 180, 110)
STEP_SMALL = 78
STEP_HAND = 100
CASCADE = 30


class MadokaTable(TableScene):
    palette_name = "madoka"
    accent = TEAL

    def __init__(self, app: Any, session: Any) -> None:
        self.cards = session.game.cards
        self.witch = {w.id: w for w in self.cards.witches}
        self.seat_areas: dict[int, tuple[pygame.Rect, str]] = {}
        self.gem_pulse = 0.0
        self.discard_pinned = False
        self.knowledge: dict[int, tuple[list[str], list[int], bool]] = {}
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
        self.knowledge = {}
        for hand in view["hands"]:
            for c in hand:
                self.knowledge[c["id"]] = (c["girls"], c["numbers"], c["clued"])
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

    def tell_offers(self, me: int, seat: int) -> list[dict]:
        """The tell menu for `seat`'s hand: each tell of the game that points at one of its
        cards (as `me` sees them, D3), with the rules' reason, cost and warning."""
        hand = self.view()["hands"][seat]
        out = []
        for a in self.session.game.tells_to[self.view()["qb"]][seat]:
            what, value = a.option
            cards = [c["id"] for c in hand if c[what] == value]
            if cards:
                reason = self.session.reason(me, a)
                out.append({"action": a, "what": what, "value": value, "cards": cards,
                            "legal": reason is None, "reason": reason,
                            "cost": self.cost(me, a), "loses": self.loses(me, a)})
        return out

    def next_needed(self, g: int) -> str:
        """What girl g's row needs next, in words: "Homura needs her 3 next."."""
        view = self.view()
        name, height = self.session.game.girl_names[g], view["heights"][view["girls"][g]]
        return f"{name} is already transformed." if height >= 4 else f"{name} needs her {height + 1} next."

    def open_tell(self, seat: int) -> None:
        """The rules' tell menu for `seat`'s hand (only tells that point at a card of it): each
        option says how many cards it points at and what it costs; hovering one lights those
        cards up; one that cannot be given says why at once (choosing it toasts the reason)."""
        me = self.viewer
        if me is None:
            return
        offers = self.tell_offers(me, seat)
        options, previews, disabled = [], {}, set()
        for i, o in enumerate(offers):
            n = len(o["cards"])
            what = mc.GIRL_NAMES[o["value"]] if o["what"] == "girl" else f"the {o['value']}s"
            note = (o["cost"] + (" · loses the game" if o["loses"] else "")) if o["legal"] else o["reason"]
            options.append((o["action"], f"{what} · {n} card{'s' if n != 1 else ''} · {note}"))
            previews[i] = set(o["cards"])
            if not o["legal"]:
                disabled.add(i)
        if not options:
            self.toast(f"No tell points at a card of {self.seat_name(seat)}.")
            return

        def choose(action: Action) -> None:
            self.apply(me, action)  # a refused tell toasts the rules' reason

        menu = self.open_menu(options, (0, 0), choose, title=f"Tell {self.seat_name(seat)}:",
                              previews=previews, disabled=disabled)
        # open beside the seat, never over its cards (the preview must stay visible)
        box, kind = self.seat_areas[seat]
        if kind == "right":
            menu.rect.topright = (box.left - 8, box.top)
        elif kind == "top":
            menu.rect.midtop = (box.centerx, box.bottom + 8)
        else:
            menu.rect.topleft = (box.right + 8, box.top)
        menu.rect.clamp_ip(self.table_rect.inflate(-8, -8))

    def open_cleanse(self, actions: list[Action]) -> None:
        """Cleanse 1 / Cleanse 2, each with what it costs, beside the Soul Gem."""
        me = self.viewer
        options = [(a, f"{a.label} · {self.cost(me, a)}") for a in actions]
        menu = self.open_menu(options, (0, 0), lambda a: self.apply(me, a), title="Cleanse the Soul Gem")
        gem = self.zones["soulgem"].rect
        menu.rect.bottomleft = (gem.left, gem.top - 8)
        menu.rect.clamp_ip(self.table_rect.inflate(-8, -8))

    # ================================================================ events ================
    def event_cards(self, event: Event) -> list[Any]:
        if event.kind == "witch":
            w = event.data.get("witch")
            return [("witch", w)] if w else []
        if event.kind == "tell":
            return []
        return super().event_cards(event)

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
        if k == "tell":  # the cards it points at light up
            return [self.light_up(event.data.get("cards", []), 0.7)]
        if k == "grief":
            self.gem_pulse = 1.0  # the gem darkens now: its counter ticked with the event
            return [Wait(0.15)]
        return []

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame.MOUSEBUTTONDOWN and self.discard_pinned
                and not self.zones["discard"].contains(event.pos)):
            self.discard_pinned = False  # any click elsewhere closes the pinned browser
        super().handle_event(event)

    # ================================================================ update ===============
    def update(self, dt: float) -> None:
        self.gem_pulse = max(0.0, self.gem_pulse - dt * 1.5)
        super().update(dt)

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
        self.draw_soul_gem(surface, view, halo=False)
        self.draw_score(surface, view)

    def draw_table(self, surface: pygame.Surface) -> None:
        """Over the static layer: the Soul Gem's pulse when it takes grief."""
        if self.gem_pulse > 0:
            cx, cy = self.gem_center()
            self.draw_gem_halo(surface, (cx, cy))
            mc.soul_gem(surface, (cx, cy), 24, self.counter("grief"), self.counter("max_grief", None, 3))

    def draw_girl_columns(self, surface: pygame.Surface, view: dict) -> None:
        _, big = self.looks()
        for gi, g in enumerate(view["girls"]):
            x = self.column_x(gi)
            col = mc.girl_colour(g)
            height = view["heights"][g]
            top = self.mid_top + 6
            head = pygame.Rect(0, 0, self.col_w - 6, 44)
            head.midtop = (round(x), top)
            done = height >= 4
            panel(surface, head, (*col, 90 if done else 40), (*col, 255 if done else 150), radius=8, width=2 if not done else 3)
            nm = cg.fit_text(mc.GIRL_NAMES[g], 14, TEXT, head.w - 6, "bold")
            surface.blit(nm, nm.get_rect(midtop=(head.centerx, head.y + 2)))
            isz = 20 if big else 16
            icon = mc.symbol_icon(g, isz, (250, 250, 255) if g == "qb" else col if not done else mc.pastel(col))
            st = text.render(f"{height}/4", 14, (255, 236, 150) if done else DIM, "bold" if done else "sans")
            wtot = isz + 4 + st.get_width() + (16 if done else 0)
            lx = head.centerx - wtot // 2
            surface.blit(icon, icon.get_rect(midleft=(lx, head.y + 31)))
            surface.blit(st, st.get_rect(midleft=(lx + isz + 4, head.y + 31)))
            if done:  # transformed: a gold star
                theme.star(surface, (lx + isz + 4 + st.get_width() + 9, head.y + 31), 7, (255, 226, 120))
            # the empty slot for her next card
            if height < 4:
                slot = pygame.Rect(0, 0, TABLE[0], TABLE[1])
                slot.center = (round(x), round(self.mid_top + 102 + height * CASCADE))
                if height == 0:
                    panel(surface, slot, (*col, 30), (*col, 120), radius=7, width=2)
                    mc.draw_symbol(surface, mc.GIRL_SYMBOLS[g], slot.center, 34, cg.mix(col, (30, 24, 70), 0.45))
                nxt = text.render(f"next {height + 1}", 14, DIM)
                surface.blit(nxt, nxt.get_rect(midtop=(slot.centerx, self.mid_top + 102 + 3 * CASCADE + 52)))

    def draw_piles_labels(self, surface: pygame.Surface, view: dict) -> None:
        d, p = self.zones["deck"].rect, self.zones["discard"].rect
        lab = text.render(f"Deck {self.counter('deck')}", 16, TEXT, "bold")
        surface.blit(lab, lab.get_rect(midbottom=(d.centerx, d.bottom - 6)))
        if not self.counter("deck"):
            e = text.render("empty", 14, DIM)
            surface.blit(e, e.get_rect(center=self.deck_pos()))
        lab = text.render(f"Discard {len(view['discard'])}", 16, TEXT, "bold")
        surface.blit(lab, lab.get_rect(midbottom=(p.centerx, p.bottom - 6)))
        if not view["discard"]:
            e = text.render("empty", 14, DIM)
            surface.blit(e, e.get_rect(center=self.pile_pos()))

    def draw_witches(self, surface: pygame.Surface, view: dict) -> None:
        r = self.zones["witches"].rect
        wd = text.render(f"Witches {self.counter('witch_deck')}", 14, TEXT, "bold")
        surface.blit(wd, wd.get_rect(midtop=(self.witch_deck_pos()[0], r.y + 112)))
        top = view["top_witch"]
        up = text.render("Top witch" if top else "none up", 14, TEXT if top else DIM, "bold")
        surface.blit(up, up.get_rect(midtop=(self.witch_up_pos()[0], r.y + 112)))
        if not top:
            return
        w = self.witch[top]
        y = r.y + 134
        title = cg.fit_text(f"{w.number} {w.name}", 15, (255, 226, 170), r.w - 16, "bold")
        surface.blit(title, (r.x + 8, y))
        y += 19
        if w.while_on_top:
            tag = text.render("while on top:", 14, (255, 150, 130), "bold")
            pygame.draw.polygon(surface, (255, 150, 130), [(r.x + 8, y + 14), (r.x + 20, y + 14), (r.x + 14, y + 3)])
            surface.blit(tag, (r.x + 25, y))
            y += 18
            body, colour = w.on_top or w.text, TEXT
        else:
            body, colour = w.text, DIM
        room = max(1, (r.bottom - 4 - y) // 17)
        lines = text.wrap(body, 14, r.w - 16)
        if len(lines) > room:
            lines = lines[:room]
            lines[-1] = lines[-1].rstrip(".") + "…"
        for ln in lines:
            surface.blit(text.render(ln, 14, colour), (r.x + 8, y))
            y += 17

    def gem_center(self) -> tuple[int, int]:
        r = self.zones["soulgem"].rect
        return r.x + 36, r.centery + 2

    def draw_gem_halo(self, surface: pygame.Surface, c: tuple[int, int]) -> None:
        halo = pygame.Surface((90, 90), pygame.SRCALPHA)
        pygame.draw.circle(halo, (*TEAL, int(90 * self.gem_pulse)), (45, 45), 42)
        surface.blit(halo, (c[0] - 45, c[1] - 45))

    def draw_soul_gem(self, surface: pygame.Surface, view: dict, halo: bool = True) -> None:
        r = self.zones["soulgem"].rect
        grief, mx = self.counter("grief"), self.counter("max_grief", None, 3)
        cx, cy = self.gem_center()
        if halo and self.gem_pulse > 0:
            self.draw_gem_halo(surface, (cx, cy))
        mc.soul_gem(surface, (cx, cy), 24, grief, mx)
        title = text.render("Soul Gem", 16, TEXT, "bold")
        surface.blit(title, (r.x + 74, r.y + 8))
        for i in range(mx):
            c = (r.x + 86 + i * 30, r.y + 46)
            if i < grief:
                pygame.draw.circle(surface, GRIEF_INK, c, 11)
                pygame.draw.circle(surface, (200, 90, 110), c, 11, 2)
            else:
                pygame.draw.circle(surface, (255, 255, 255), c, 11, 1)
        hint = "click to cleanse" if view["cleanse_max"] and grief else f"grief {grief}/{mx}"
        h = text.render(hint, 14, DIM)
        surface.blit(h, (r.x + 74, r.y + 64))

    def draw_score(self, surface: pygame.Surface, view: dict) -> None:
        r = self.score_rect
        s = text.render(f"Score {self.counter('score')}", 22, (255, 236, 170), "bold")
        surface.blit(s, s.get_rect(midleft=(r.x + 8, r.y + 16)))
        parts = [f"of {max_score(self.cards.scoring, view['qb']):g}", f"turn {view['turn']}"]
        if view["walpurgis_defeated"]:
            parts.append("Walpurgis defeated")
        if view["final_round"]:
            parts.append(f"final round: {view['final_turns_left']} turn(s) left")
        elif view["elly_blocked"] is not None:
            parts.append(f"Elly: {self.seat_name(view['elly_blocked'])} can't tell")
        line = cg.fit_text(" · ".join(parts), 15, DIM, r.w - s.get_width() - 24, "sans")
        surface.blit(line, line.get_rect(midleft=(r.x + s.get_width() + 18, r.y + 17)))

    def seat_label(self, seat: int) -> tuple[str, str]:
        """A seat's name line and the small line beside/under it (how the marks on your own
        cards read is in the help, H)."""
        name = self.seat_name(seat)
        return (f"You · {self.seat_info[seat].name}" if name == "You" else name), ("AI" if self.is_ai(seat) else "")

    def draw_seat_labels(self, surface: pygame.Surface) -> None:
        """Each seat's name (in its log colour) and what it is (part of the static layer)."""
        for seat, (rect, kind) in self.seat_areas.items():
            label, sub = self.seat_label(seat)
            ink = self.log.colour(seat)  # the seat's name in its log colour
            if kind in ("left", "right"):
                t = cg.fit_text(label, 15, ink, rect.w - 8, "bold")
                surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.y + 8)))
                if sub:
                    s = text.render(sub, 14, DIM)
                    surface.blit(s, s.get_rect(midtop=(rect.centerx, rect.bottom + 4)))
            else:
                t = cg.fit_text(label, 15, ink, rect.w - 60, "bold")  # inside its panel
                surface.blit(t, (rect.x + 12, rect.y + 5))
                if sub:
                    s = text.render(sub, 14, DIM)
                    surface.blit(s, (rect.x + 20 + t.get_width(), rect.y + 6))

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
