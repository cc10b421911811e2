"""The Sanguosha table: the other seats in a horseshoe in turn order (up the right side, across
the top, down the left), your seat and hand at the bottom, the middle for the cards being used,
judged or revealed, the draw and discard piles.

The table base does the gestures, the banner (the rules' prompt), the log and the AI; this
module lays the table out, draws it and says where every action's target lies:

- drag a card onto a seat (the legal targets glow: the rules' candidates, so range counts) or
  onto the middle for a card with no chosen target (equipment, Peach, Savage Assault…); a drop
  on a seat out of range glides back with the rules' reason; select-then-target works too;
- conversions and skills that use a card are more actions of that card: a drop that several
  match opens a menu; skills that use no card are buttons, and their targets then glow;
- a response window opens a tray in the middle with the cards that answer it (click one) and
  its buttons (Pass); with the auto-pass setting a window where you hold nothing usable
  passes by itself;
- a judgement card appears face down in the middle and turns over there;
- the choice of generals lies in the middle; click one; discarding: click the cards;
- hover a seat: its distance from you and whether it is in your attack range; click the
  identity tag of a hidden seat to note your guess (Loyalist? Rebel? Renegade?);
- the app's Language setting (C switches it) gives card, general, skill and identity names
  and the table's own words in English or Chinese (the data's `name_zh`).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.contract import Action, Event
from scenes.sanguosha_seat import SeatPart
from scenes.table import Place, Spot, TableScene
from scenes.table.layout import spread
from sprites import cards as cg
from sprites import sanguosha_cards as sc
from sprites import sanguosha_table as st
from sprites.cards import HAND, TABLE, CardSprite
from sprites.tween import Wait
from sprites.zones import Zone

SEAT = (186, 120)
WINDOWS = ("need", "nullify", "peach", "helper", "borrowed-sword")
HOLD = {"use": 0.35, "judge": 0.6, "respond": 0.25, "damage": 0.3, "reveal": 0.5, "death": 0.6}


class SanguoshaTable(SeatPart, TableScene):
    accent = sc.GOLD
    bilingual = True
    bar_padding = 30
    #: response windows where holding nothing to answer with passes for you (the setting)
    auto_pass_questions = frozenset({"nullify", "peach", "need"})

    def __init__(self, app: Any, session: Any) -> None:
        self.cs = session.game.card_set()
        self.seat_rects: dict[int, pygame.Rect] = {}
        self.middle = pygame.Rect(0, 0, 0, 0)
        self._from_seat: int | None = None
        self._judging = False
        #: your guesses of hidden seats' identities (st.NOTES), by seat
        self.guesses: dict[int, str] = {}
        super().__init__(app, session)

    # ================================================================ words ================
    def looks(self) -> tuple:
        return (self.zh, self.setting("colourblind", False))

    def gname(self, gid: str) -> str:
        g = self.cs.general(gid)
        return g.name_zh if self.zh else g.name

    # ================================================================ layout ===============
    def layout(self) -> None:
        T = self.table_rect
        others = self.others()  # in turn order: right side bottom-up, top right to left, left side top-down
        n = len(others)
        side = 0 if n < 3 else min(2, max(1, n // 3))
        top = n - 2 * side
        w, h = SEAT
        gap_top = (T.w - 16 - top * w) / max(1, top + 1)
        self.seat_rects = {}
        right = others[:side]
        across = others[side:side + top]
        left = others[side + top:]
        y0, y1 = 48 + h + 10, 536
        for i, p in enumerate(right):  # bottom-up
            y = y1 - (i + 1) * (h + 12)
            self.seat_rects[p] = pygame.Rect(T.right - w - 8, y, w, h)
        for i, p in enumerate(across):  # right to left
            x = T.right - 8 - (i + 1) * (w + gap_top)
            self.seat_rects[p] = pygame.Rect(round(x), 48, w, h)
        for i, p in enumerate(left):  # top-down
            y = y1 - (len(left) - i) * (h + 12)
            self.seat_rects[p] = pygame.Rect(T.x + 8, y, w, h)
        self.seat_rects[self.me] = pygame.Rect(T.x + 8, T.bottom - 146, 214, 140)
        lx = T.x + 8 + (w + 10 if side else 0)
        rx = T.right - 8 - (w + 10 if side else 0)
        self.middle = pygame.Rect(lx, y0, rx - lx, y1 - 44 - y0)
        self.zones["table"] = Zone("table", self.middle, "table", visible=False)
        deck, discard = st.pile_card_rects(self.middle)
        self.zones["deck"] = Zone("deck", deck, None, visible=False)
        self.zones["discard"] = Zone("discard", discard, "discard", visible=False)
        for p, r in self.seat_rects.items():
            self.zones[f"seat:{p}"] = Zone(f"seat:{p}", r, ("seat", p), visible=False)
        hand = pygame.Rect(self.seat_rects[self.me].right + 8, T.bottom - 140, 0, 134)
        hand.w = T.right - 8 - hand.x
        self.zones["hand"] = Zone("hand", hand, None, visible=False)
        self.place_skills()

    def seat_rect(self, seat: int) -> pygame.Rect | None:
        return self.seat_rects.get(seat)

    def button_bar_rect(self) -> pygame.Rect:
        tray = self.answer_tray()
        if tray is not None:  # a window's answers sit in its tray
            return pygame.Rect(tray.x + 12, tray.bottom - 44, tray.w - 24, 36)
        m = self.middle
        return pygame.Rect(m.x, m.bottom + 6, m.w, 36)

    # ================================================================ the response tray ====
    def window_cards(self, view: dict) -> list[int] | None:
        """The cards of yours that answer the window asked of you now (None: no window)."""
        d = view.get("decision")
        if d is None or d["kind"] not in WINDOWS or self.me not in d["seats"] \
                or self.acting_human() != self.me:
            return None
        cards = []
        for a in self.legal():
            for c in a.source if isinstance(a.source, tuple) else ():
                if c in (view["hand"] or []) and c not in cards:
                    cards.append(c)
        return cards

    def answer_tray(self) -> pygame.Rect | None:
        view = self.shown or self.view()
        cards = self.window_cards(view)
        if cards is None:
            return None
        shown = len(view["processing"]) + len(view["ag"]) + len(view["looking"] or [])
        return st.tray_rect(self.middle, shown, len(cards))

    def thinking_point(self, seat: int):
        r = self.seat_rects.get(seat)
        return ("bottomright", (r.right - 6, r.bottom - 2)) if r is not None else None

    # ================================================================ cards ================
    def card_places(self, view: dict) -> list[Place]:
        places: list[Place] = []
        zh = self.zh
        for p, r in self.seat_rects.items():
            seat = view["seats"][p]
            mine = p == self.me
            strips = [(c, None) for c in seat["equip"] if c >= 0] + [tuple(j) for j in seat["judge"]]
            size = sc.MINE if mine else (sc.STRIP if len(strips) <= 3 else sc.STRIP_HALF)
            x0, y0 = r.x + 5, r.y + (48 if not mine else 54)
            for i, (c, kind) in enumerate(strips):
                col, row = (0, i) if size != sc.STRIP_HALF else (i % 2, i // 2)
                pos = (x0 + col * (size[0] + 4) + size[0] / 2, y0 + row * (size[1] + 2) + size[1] / 2)
                places.append(Place(c, ("strip", c, kind, zh), size, pos, f"seat:{p}", 2))
        mid = self.middle
        row = list(view["processing"]) + list(view["ag"])
        offer = view["offer"] or []
        if view["decision"] and view["decision"]["kind"] == "general" and offer and not view["seats"][self.me]["picked"]:
            gw = sc.GENERAL[0] + 8
            x = mid.centerx - gw * (len(offer) - 1) / 2
            for i, g in enumerate(offer):
                places.append(Place(("gen", g), ("general", g, zh), sc.GENERAL, (x + i * gw, mid.centery + 10), "table", 5))
        row += list(view["looking"] or [])
        in_tray = self.window_cards(view) or []
        if in_tray:  # the cards being answered and yours that answer them, in the tray
            answered, usable = st.tray_slots(st.tray_rect(mid, len(row), len(in_tray)),
                                             len(row), len(in_tray))
            for c, pos in zip(row, answered, strict=True):
                places.append(Place(c, ("card", c, zh), TABLE, pos, "table", 7))
            for c, pos in zip(in_tray, usable, strict=True):
                places.append(Place(c, ("card", c, zh), HAND, pos, "tray", 8))
            row = []
        step = min(TABLE[0] + 6, (mid.w - 200) / max(1, len(row)))  # used, judged, shown
        for i, c in enumerate(row):
            pos = (mid.x + 190 + TABLE[0] / 2 + i * step, mid.centery + 20)
            places.append(Place(c, ("card", c, zh), TABLE, pos, "table", 4))
        dz = self.zones["discard"].rect
        if view["discard"]:
            c = view["discard"][-1]
            places.append(Place(c, ("card", c, zh), TABLE, dz.center, "discard", 1))
        hand = [c for c in view["hand"] or [] if c not in in_tray]
        hz = self.zones["hand"].rect
        for i, c in enumerate(hand):
            x = spread(hz.x, hz.w, HAND[0], len(hand), i, 6)
            places.append(Place(c, ("card", c, zh), HAND, (x, hz.centery), "hand", 6))
        return places

    def warm(self) -> None:
        # a general's face loads the large fonts of names and kingdom marks: made now, the
        # frame that first shows generals has none to load (it went over 33 ms)
        self.face(("general", self.cs.generals[0].id, self.zh), sc.GENERAL)
        super().warm()

    def render_face(self, face: Any, size: tuple[int, int]) -> pygame.Surface:
        if face is None:
            return sc.back(size)
        kind = face[0]
        if kind == "strip":
            _, c, k, zh = face
            return sc.strip(self.cs.cards[c], size, zh, self.cs.kinds[k] if k else None)
        if kind == "general":
            g = self.cs.general(face[1])
            return sc.general_card(g, size, face[2], [self.cs.skills[s] for s in g.skills])
        return sc.playing_card(self.cs.cards[face[1]], size, face[2])

    def zoom_image(self, s: CardSprite) -> pygame.Surface | None:
        f = getattr(s.face_key, "new", s.face_key)
        if f is None:
            return None
        if f[0] == "strip":
            return self.face(("card", f[1], f[3]), cg.ZOOM)
        if f[0] == "general":
            return self.face(f, (168, 234))
        return self.face(f, cg.ZOOM)

    def hand_keys(self) -> list[Any]:
        v = self.shown or self.view()
        return list(v["hand"] or []) if self.viewer is not None else []

    def spawn_point(self, place: Place) -> tuple[float, float]:
        if place.zone == "table" and self._judging:
            return place.pos  # a judgement card turns over where it lies
        if place.zone == "table" and self._from_seat is not None and self._from_seat in self.seat_rects:
            return self.seat_rects[self._from_seat].center
        if place.zone.startswith("seat:"):
            return self.middle.center
        return self.zones["deck"].rect.center

    def vanish_point(self, sprite: CardSprite) -> tuple[float, float] | None:
        c = sprite.key
        if not isinstance(c, int):
            return None
        view = self.view()
        for p, seat in enumerate(view["seats"]):  # into a hand the table may see
            if c in seat["known"] or (p == self.viewer and c in view["hand"]):
                r = self.seat_rects.get(p)
                return r.center if r is not None else None
        return self.zones["discard"].rect.center

    # ================================================================ gestures =============
    def frame_kind(self) -> str:
        return self.session.asked()

    def spot_of(self, action: Action) -> Spot | None:
        k, t = action.kind, action.target
        if k == "respond":
            return Spot("zone", "table", self.middle)
        if k == "pick":
            return Spot("zone", "discard", self.zones["discard"].rect)
        if k in ("general",) or (k == "choose" and action.source is None):
            return None
        if k == "use" and (t == () or t == (self.me,)):
            return Spot("zone", "table", self.middle)
        if isinstance(t, tuple) and t and isinstance(t[0], int):
            t = t[0]
        if isinstance(t, int) and t in self.seat_rects:
            return Spot("seat", t, self.seat_rects[t])
        return None

    def card_actions(self, key: Any, player: int | None = None) -> list[Action]:
        """A card's actions: those using it (alone or with others: conversions, two-card
        skills) and the choices naming it (a general, an Amazing Grace card, a card of a seat);
        with a skill pressed, only that skill's."""
        p = self.acting_human() if player is None else player
        if p is None:
            return []
        if self.skill_mode is not None:
            return [a for a in self.skill_actions(self.skill_mode) if a.source == key
                    or (isinstance(a.source, tuple) and key in a.source)]
        out = []
        for a in self.legal(p):
            src = a.source
            if src == key or (isinstance(src, tuple) and key in src):
                out.append(a)
            elif src is None and a.kind in ("general", "choose") and a.option == (key[1] if isinstance(key, tuple) and key[0] == "gen" else key):
                out.append(a)
        return out

    def aimed_actions(self) -> list[Action]:
        """Targets that glow without a click: outside the play phase, the seats a card-less
        answer aims at (Sudden Strike, Rouse) and those of a lone card's actions."""
        if self.timeline.busy or self.frame_kind() == "play":
            return []
        return [a for a in self.legal() if a.source is None and self.spot_of(a) is not None]

    def waiting_actions(self) -> list[Action]:
        if isinstance(self.selected, tuple) and self.selected[0] == "skill":
            return [a for a in self.legal() if a.kind == "skill" and a.source is None
                    and a.option == self.selected[1] and self.spot_of(a) is not None]
        if self.selected is not None:
            return [a for a in self.card_actions(self.selected) if self.spot_of(a) is not None]
        return self.aimed_actions()

    def usable_cards(self) -> set:
        """Cards of yours that answer the question asked now (they glow in a window), or
        that the skill pressed may use."""
        if self.skill_mode is not None:
            return self.skill_cards()
        if self.timeline.busy or self.frame_kind() == "play":
            return set()
        out = set()
        for a in self.legal():
            if isinstance(a.source, tuple):
                out.update(a.source)
            elif isinstance(a.source, int):
                out.add(a.source)
        return out

    def glow_color(self, s: CardSprite):
        c = super().glow_color(s)
        if c is None and s.key in self.usable_cards():
            return sc.CINNABAR
        return c

    def click_card(self, sprite: CardSprite) -> None:
        """A general, a card to discard, a revealed card to take or a card in the response
        tray: one click does it (several ways to answer with it: a menu)."""
        actions = self.card_actions(sprite.key)
        if len(actions) == 1 and actions[0].kind in ("general", "pick", "choose", "respond") \
                and (actions[0].kind != "choose" or actions[0].target is None):
            self.apply(self.acting_human(), actions[0])
            return
        if actions and all(a.kind == "respond" for a in actions):
            self.choose(actions, (sprite.x, sprite.y - 60), self.acting_human())
            return
        super().click_card(sprite)

    def gesture_action(self, sprite: CardSprite, zone: Zone) -> Action | None:
        """What a drop means, so the rules can say why not (out of range, not now…)."""
        c = sprite.key
        if not isinstance(c, int):
            return None
        kind = self.cs.cards[c].kind.id
        if self.frame_kind() in WINDOWS:
            return Action("respond", (c,), None, (kind, ""))
        if isinstance(zone.target, tuple) and zone.target[0] == "seat":
            return Action("use", (c,), (zone.target[1],), (kind, ""))
        if zone.target == "table":
            return Action("use", (c,), (self.me,), (kind, ""))
        return None

    def drop_hint(self, sprite: CardSprite) -> str:
        return self.prompt_text or "Drop the card on a glowing seat or the middle."

    def bar_actions(self) -> list[Action]:
        """Pass, End, Done, card-less skills and choices; one button per way of answering a
        window (the first card of each); nothing that lies on the table as a card."""
        if self.timeline.busy or self.handoff_pending:
            return []
        out, seen = [], set()
        for a in self.legal():
            if a.kind == "respond":
                if a.option not in seen:
                    seen.add(a.option)
                    out.append(a)
            elif a.kind == "skill" and a.source is None and self.spot_of(a) is not None:
                continue  # your seat's skill button aims it
            elif a.source is None and self.spot_of(a) is None and a.kind != "general" \
                    and not (a.kind == "choose" and a.option in self.sprites):
                out.append(a)
        return out

    def more_label(self) -> str:
        return st.word("more", self.zh)

    def bar_label(self, a: Action) -> str:
        """A button's words: the rules' label, in Chinese where the table knows them."""
        if not self.zh:
            return a.label or str(a)
        if a.kind in ("pass", "end", "done"):
            return st.word(a.kind, True)
        if a.kind == "respond":
            return "、".join(sc.kind_name(self.cs.cards[c].kind, True) + sc.corner(self.cs.cards[c])
                            for c in a.source)
        return a.label or str(a)

    def deselect(self) -> None:
        self.skill_mode = None
        super().deselect()

    def choosing(self):
        if self.skill_mode is not None and not self.timeline.busy:
            return (f"{self.skill_label(self.skill_mode)}: drag a glowing card onto a glowing "
                    "seat or the middle", self.deselect)
        return super().choosing()

    def refresh_buttons(self) -> None:
        self.refresh_skills()

    def table_still(self) -> None:
        self.arrows = []
        super().table_still()

    def end_turn(self) -> None:
        for a in self.legal():
            if a.kind == "end":
                self.apply(self.acting_human(), a)

    out_words = "Your general has fallen."

    def seat_out(self, view: Any, seat: int) -> bool:
        """A dead general's seat watches the rest."""
        return not view["seats"][seat]["alive"]

    # ================================================================ events ===============
    def counters_from_view(self, view: dict) -> dict:
        out: dict = {(None, "draw"): view["draw"]}
        for p, s in enumerate(view["seats"]):
            out[(p, "hp")] = s["hp"]
            out[(p, "hand")] = s["hand"]
        return out

    def event_cards(self, event: Event) -> list[Any]:
        d = event.data
        if isinstance(d.get("card"), int):
            return [d["card"]]
        return [c for c in d.get("cards", ()) if isinstance(c, int)]

    def event_place(self, event: Event, key: Any) -> Place | None:
        """A judgement card is shown in the middle of the table (it turns over there) even
        when it is already in the discard pile at the end of these events."""
        self._judging = event.kind == "judge"
        self._from_seat = None if self._judging else event.player
        if self._judging:
            pos = (self.middle.centerx + TABLE[0], self.middle.centery - 10)
            return Place(key, ("card", key, self.zh), TABLE, pos, "table", 5)
        return None

    def spawn_face(self, place: Place) -> Any:
        return None if place.zone == "table" and self._from_seat is None else place.face

    def counter_changed(self, seat, name: str, old: Any, new: Any) -> None:
        if name != "hp" or old is None or seat not in self.seat_rects:
            return
        r = self.seat_rects[seat]
        if new < old:
            self.float_text(f"−{old - new}", r.center, (255, 90, 70), 26)
        elif new > old:
            self.float_text(f"+{new - old}", r.center, (120, 230, 130), 26)

    def animate_event(self, event: Event) -> list[Any]:
        self.use_arrows(event)
        return [Wait(HOLD[event.kind])] if event.kind in HOLD else []

    # ================================================================ drawing ==============
    def static_key(self) -> Any:
        return (self.viewer,)

    def draw_static(self, surface: pygame.Surface) -> None:
        st.draw_table(surface, self.middle, self.zones["hand"].rect)

    def draw_seats(self, surface: pygame.Surface) -> None:
        """The plates are in the overlay layer (they change with the events, not per frame)."""

    def overlay_key(self) -> Any:
        return (self.shown_version, self.counters_version, self.shown_acting, self.zh,
                tuple(sorted(self.guesses.items())), self.answer_tray(), self.prompt_text)

    def draw_static_overlay(self, surface: pygame.Surface) -> None:
        v = self.shown or self.view()
        zh = self.zh
        for p, r in self.seat_rects.items():
            seat = v["seats"][p]
            g = self.cs.general(seat["general"]) if seat["general"] else None
            who = st.word("you", zh) if self.seat_name(p) == "You" else f"P{p + 1}"
            st.draw_plate(surface, r, seat, g, f"{who} {self.gname(g.id)}" if g else who, zh,
                          self.counter("hp", p, seat["hp"]), self.counter("hand", p, seat["hand"]),
                          self.guesses.get(p, "") if not seat["identity"] else "")
        st.draw_piles(surface, self.zones["deck"].rect, self.zones["discard"].rect,
                      self.face(None, TABLE), self.counter("draw", None, v["draw"]),
                      len(v["discard"]), zh)
        tray = self.answer_tray()
        if tray is not None:
            st.draw_tray(surface, tray, self.prompt_text)

    def draw_over(self, surface: pygame.Surface) -> None:
        self.draw_aim(surface)

    def choosing_words(self, selected: Any) -> str:
        if isinstance(selected, tuple) and selected[0] == "skill":
            return f"{self.skill_label(selected[1])}: click a glowing seat"
        return f"{self.cs.cards[selected].name}: click a glowing seat or the middle" \
            if isinstance(selected, int) else super().choosing_words(selected)

    def help_lines(self) -> list[str]:
        return ["Sanguosha: drag a card onto a glowing seat (or the middle for cards without a target).",
                "In a response window the usable cards glow red: drag one to the middle, or press Pass.",
                "Hover a seat for its distance and attack range.  C: English / Chinese names."]

