"""The Bloodborne table: dark stone by candlelight, the monster and its echoes at the top, the
dice tray beside it, the other hunters' boards across the middle, your board and hand below.

The table base does the gestures (drag a card onto your chosen slot or double-click it; drag an
Available Upgrade into your hand; aim an Immediate card at a glowing board; buttons for what
has no gesture), the banner (the rules' prompt), the dice tray and the live numbers (the events'
counters). This module lays the table out, draws it, and says where cards lie while a round's
events play: chosen cards stay in their slots and turn over together, the monster stays until
it is slain or escapes.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.contract import Action, Event
from scenes.bloodborne_round import RoundLog
from scenes.table import Place, TableScene
from scenes.table.layout import spread
from sprites import bloodborne_cards as bc
from sprites import bloodborne_table as bt
from sprites import cards as cg
from sprites import text
from sprites.cards import CardSprite
from sprites.tween import Wait
from sprites.zones import Zone

HAND = (90, 126)
SMALL = (78, 109)
MINI = (36, 50)
MON = (140, 196)
DIM = (186, 176, 160)
GOLD = (222, 184, 96)
TOP_Y = 46
TOP_H = 258
MID_H = 172
KINDS = ("kin", "humanoid", "beast")
#: how long an event stays on screen at ×1 (seconds), by kind
HOLD = {"reveal": 0.35, "choose": 0.05, "transform_chosen": 0.05, "damage": 0.3, "death": 0.6,
        "echoes_taken": 0.35, "trophy": 0.35, "bank": 0.35, "monster_revealed": 0.5,
        "killed": 0.5, "escape": 0.5, "cancel": 0.5}
MARKS = {"killed": "SLAIN", "escape": "ESCAPED", "cancel": "CANCELLED"}


class BloodborneTable(TableScene):
    accent = (222, 184, 96)
    tray_felt = (70, 24, 26)
    turning_counters = {"health": 6.0}  # the dials turn notch by notch

    def __init__(self, app: Any, session: Any) -> None:
        self.cs = session.game.card_set()
        self.defs = {c.id: c for c in self.cs.starter + self.cs.upgrades}
        self.boards: dict[int, pygame.Rect] = {}
        self.marks: dict[Any, str] = {}  # card key -> "SLAIN" / "ESCAPED" / "CANCELLED"
        self.rounds = RoundLog()  # the last round summed up (R)
        self.summary_open = False
        self.reveals: dict[Any, int] = {}  # card -> seat, for the batch's reveal (one step)
        super().__init__(app, session)

    # ================================================================ layout ===============
    def layout(self) -> None:
        T = self.table_rect
        x = T.x + 8
        self.dungeon_rect = pygame.Rect(x, TOP_Y, 184, TOP_H)
        self.monster_rect = pygame.Rect(self.dungeon_rect.right + 8, TOP_Y, 300, TOP_H)
        up_w = 3 * (SMALL[0] + 6) + 14
        self.upgrades_rect = pygame.Rect(T.right - 8 - up_w, TOP_Y, up_w, TOP_H)
        self.tray_box = pygame.Rect(self.monster_rect.right + 8, TOP_Y,
                                    self.upgrades_rect.x - 8 - self.monster_rect.right - 8, TOP_H)
        self.die_size = 46 if self.tray_box.w < 300 else 52
        others = self.others()
        my = TOP_Y + TOP_H + 8
        bw = (T.w - 16 - 8 * (len(others) - 1)) // max(1, len(others))
        self.boards = {seat: pygame.Rect(x + i * (bw + 8), my, bw, MID_H) for i, seat in enumerate(others)}
        by = my + MID_H + 8
        self.boards[self.me] = pygame.Rect(x, by, 392, T.bottom - 6 - by)
        mine = self.boards[self.me]
        hand = pygame.Rect(mine.right + 8, by, T.right - 8 - mine.right - 8, mine.h)
        self.zones["hand"] = Zone("hand", hand, "hand", "", (200, 170, 120))
        slot = self.slot_rect(self.me).inflate(10, 10)
        self.zones["chosen"] = Zone("chosen", slot, "chosen", "", (230, 190, 120))
        self.zones["removed"] = Zone("removed", slot, None, "", (230, 110, 100), visible=False)

    def tray_rect(self) -> pygame.Rect:
        return self.tray_box

    def button_bar_rect(self) -> pygame.Rect:
        r = self.zones["hand"].rect
        return pygame.Rect(r.x + 150, r.y + 4, r.w - 158, 32)

    def seat_target(self, seat: int) -> Any:
        return "self" if seat == self.acting_human() else seat

    def slot_rect(self, seat: int) -> pygame.Rect:
        """Where the seat's chosen card lies (your slot takes a hand-size card)."""
        b = self.boards[seat]
        size = HAND if seat == self.me else SMALL
        return pygame.Rect(b.x + 10, b.y + 28, size[0], size[1])

    def slot_pos(self, seat: int, second: bool = False) -> tuple[float, float]:
        r = self.slot_rect(seat)
        return (r.centerx + 24, r.centery + 8) if second else r.center  # the weapon lies across

    def used_pos(self, seat: int, i: int, n: int) -> tuple[float, float]:
        b, r = self.boards[seat], self.slot_rect(seat)
        return spread(r.right + 16, b.right - 10 - r.right - 16, MINI[0], n, i, 4), b.bottom - 8 - MINI[1] / 2

    def hand_pos(self, i: int, n: int) -> tuple[float, float]:
        r = self.zones["hand"].rect
        return spread(r.x + 8, r.w - 16, HAND[0], n, i), r.centery + 14

    def monster_pos(self) -> tuple[float, float]:
        return self.monster_rect.x + 10 + MON[0] / 2, self.monster_rect.y + 34 + MON[1] / 2

    def deck_pos(self) -> tuple[float, float]:
        return self.dungeon_rect.x + 10 + SMALL[0] / 2, self.dungeon_rect.y + 78 + SMALL[1] / 2

    def final_pos(self) -> tuple[float, float]:
        return self.dungeon_rect.right - 10 - SMALL[0] / 2, self.dungeon_rect.y + 78 + SMALL[1] / 2

    def available_pos(self, i: int) -> tuple[float, float]:
        r = self.upgrades_rect
        return (r.x + 10 + SMALL[0] / 2 + i % 3 * (SMALL[0] + 6),
                r.y + 30 + SMALL[1] / 2 + i // 3 * (SMALL[1] + 5))

    def board_hand_pos(self, seat: int) -> tuple[float, float]:
        b = self.boards[seat]
        return b.right - 30, b.y + 14

    def seat_rect(self, seat: int) -> pygame.Rect | None:
        return self.boards.get(seat)

    def thinking_point(self, seat: int):
        b = self.boards.get(seat)
        return ("topright", (b.right - 70, b.y + 7)) if b is not None else None

    # ================================================================ cards ================
    def card_places(self, view: dict) -> list[Place]:
        places: list[Place] = []
        if view["dungeon"]["left"]:
            places.append(Place(("dungeon",), ("dback",), SMALL, self.deck_pos(), "dungeon", 0))
        fb, m = view["final_boss"], view["monster"]
        if (m is None or m["card"] != fb["card"]) and fb["card"] not in [d["card"] for d in view["defeated"]]:
            places.append(Place(fb["card"], ("m", fb["id"]), SMALL, self.final_pos(), "dungeon", 0))
        if m is not None:
            places.append(Place(m["card"], ("m", m["id"]), MON, self.monster_pos(), "monster", 1))
        for i, c in enumerate(view["available"]):
            places.append(Place(c["card"], ("h", c["id"]), SMALL, self.available_pos(i), "upgrades", 1))
        asked = (view["decision"] or {}).get("kind")
        for h in view["hunters"]:
            p = h["seat"]
            if p not in self.boards:
                continue
            zone, size = f"board:{p}", HAND if p == self.me else SMALL
            for i, c in enumerate(h["used"]):
                places.append(Place(c["card"], ("mini", c["id"]), MINI, self.used_pos(p, i, len(h["used"])), zone, 2))
            for chosen, card, second, kind in ((h["chosen"], h["card"], False, "choose"),
                                               (h["transform_chosen"], h["transform"], True, "transform")):
                if not chosen:
                    continue
                pos, z = self.slot_pos(p, second), 4 if second else 3
                if card is None:  # another hunter's secret: its back only
                    places.append(Place(("tslot" if second else "slot", p), None, size, pos, zone, z))
                else:
                    face = ("down" if asked == kind else "h", card["id"])
                    places.append(Place(card["card"], face, size, pos, zone, z))
        hand = view["hand"] or []
        for i, c in enumerate(hand):
            places.append(Place(c["card"], ("h", c["id"]), HAND, self.hand_pos(i, len(hand)), "hand", 5))
        return places

    def render_face(self, face: Any, size: tuple[int, int]) -> pygame.Surface:
        kind = face[0] if face else None
        if kind == "h":
            return bc.hunter_card(self.defs[face[1]], size)
        if kind == "down":
            return bc.hunter_back(size, self.defs[face[1]].name if size[0] >= 70 else "")
        if kind == "mini":
            return bc.mini_card(self.defs[face[1]], size)
        if kind == "m":
            return bc.monster_card(self.cs.monster_by_id[face[1]], size)
        if kind == "dback":
            return bc.dungeon_back(size)
        return bc.hunter_back(size)

    def zoom_image(self, s: CardSprite) -> pygame.Surface | None:
        f = getattr(s.face_key, "new", s.face_key)
        if f is None or f[0] == "dback":
            return None
        if f[0] in ("mini", "down"):
            f = ("h", f[1])
        return self.face(f, cg.ZOOM)

    def spawn_point(self, place: Place) -> tuple[float, float]:
        key = place.key
        if isinstance(key, tuple) and key[0] in ("slot", "tslot"):
            return self.board_hand_pos(key[1]) if key[1] in self.boards else place.pos
        if place.zone == "monster" or (place.zone == "dungeon" and isinstance(key, int)):
            if place.face and self.cs.monster_by_id[place.face[1]].final:
                return self.final_pos()
            return self.deck_pos()
        if place.zone == "upgrades":
            return self.upgrades_rect.right - 20, self.upgrades_rect.y + 20
        if place.zone.startswith("board:"):
            seat = int(place.zone.split(":")[1])
            if place.size == MINI or place.pos in (self.slot_pos(seat), self.slot_pos(seat, True)):
                return place.pos  # a revealed card turns over where its back lay
            return self.board_hand_pos(seat)
        return place.pos

    def spawn_face(self, place: Place) -> Any:
        if place.zone == "monster":
            return place.face if self.cs.monster_by_id[place.face[1]].final else ("dback",)
        if place.zone.startswith("board:") and place.size != MINI:
            return None
        return place.face

    def hand_keys(self) -> list[Any]:
        return [c["card"] for c in (self.view()["hand"] or [])] if self.viewer is not None else []

    def gesture_action(self, sprite: CardSprite, zone: Zone) -> Action | None:
        """The action a drop means, so the rules can say why not."""
        if not isinstance(sprite.key, int):
            return None
        asked = (self.view()["decision"] or {}).get("kind")
        kind = {"chosen": "transform" if asked == "transform" else "choose", "hand": "upgrade",
                "removed": "remove"}.get(zone.target)
        return Action(kind, sprite.key, zone.target) if kind else None

    def drop_hint(self, sprite: CardSprite) -> str:
        return self.prompt_text or "Drop the card on a glowing place."

    def draggable(self, sprite: CardSprite) -> bool:
        return super().draggable(sprite) or (isinstance(sprite.key, int) and sprite.zone == "upgrades")

    def refresh_buttons(self) -> None:
        """The remove slot replaces the chosen slot while you must remove a card."""
        removing = not self.timeline.busy and any(a.kind == "remove" for a in self.legal())
        self.zones["removed"].visible = removing
        self.zones["removed"].target = "removed" if removing else None
        self.zones["chosen"].target = None if removing else "chosen"
        self.zones["chosen"].visible = not removing

    out_words = "Your hunter is out of the game."

    def seat_out(self, view: Any, seat: int) -> bool:  # died too often: out
        return bool(view["hunters"][seat]["out"])

    # ================================================================ events ================
    def counters_from_view(self, view: dict) -> dict:
        out: dict = {}
        for h in view["hunters"]:
            names = ("health", "max_health", "collected", "banked", "trophy_points", "dead", "out")
            out.update({(h["seat"], name): h[name] for name in names})
            out.update({(h["seat"], k): h["trophies"][k] for k in KINDS})
        m = view["monster"] or {}
        out.update({(None, "monster_echoes"): m.get("echoes", 0),
                    (None, "monster_echoes_full"): m.get("hp_total", 0), (None, "monster"): m.get("id")})
        return out

    def sync(self, animate: bool = True, events=()) -> None:
        events = list(events)
        # every hunter's card turns over in one step: the batch's first reveal names them all
        reveals = [e for e in events if e.kind == "reveal"]
        self.reveals = {e.data["card"]: e.player for e in reveals}
        self.first_reveal = reveals[0] if reveals else None
        self.rounds.add(events, self.shown, self.view(), self.seen_cards)  # R shows the last
        super().sync(animate, events)

    # ================================================================ cards seen ===========
    def cards_in_view(self, view: dict):
        """Hands are public knowledge (the view names them all), and the cards played."""
        for h in view["hunters"]:
            yield from ((c, self.defs[i]) for c, i in zip(h["holding"], h["holding_ids"], strict=True))
            shown = [*h["used"], h["card"], h["transform"]]  # (a card played: revealed)
            yield from ((c["card"], self.defs[c["id"]]) for c in shown if isinstance(c, dict))
        for c in (*view["available"], *view["removed"], *(view["hand"] or [])):
            yield c["card"], self.defs[c["id"]]

    def event_cards(self, event: Event) -> list[Any]:
        k, d = event.kind, event.data
        if k == "reveal":
            return list(self.reveals) if event is self.first_reveal else []
        if k == "monster_revealed":
            old = [s.key for s in self.sprites.values() if s.zone == "monster" and s.key != d["card"]]
            return [d["card"], *old]
        if k in ("choose", "transform_chosen"):
            key = d.get("card") if event.player == self.viewer else None
            return [key if key is not None else ("tslot" if k == "transform_chosen" else "slot", event.player)]
        if k == "escape":
            return []
        return super().event_cards(event)

    def event_place(self, event: Event, key: Any) -> Place | None:
        """Cards stay where the round puts them until the batch is over."""
        k, d, p = event.kind, event.data, event.player
        size = HAND if p == self.me else SMALL
        if k == "reveal" and key in self.reveals:
            q = self.reveals[key]
            if q in self.boards:
                return Place(key, ("h", self.seen(key).id), HAND if q == self.me else SMALL,
                             self.slot_pos(q), f"board:{q}", 3)
        if p not in self.boards and k != "monster_revealed":
            return None
        if k in ("choose", "transform_chosen"):
            second = k == "transform_chosen"
            face = ("down", self.seen(key).id) if isinstance(key, int) else None
            return Place(key, face, size, self.slot_pos(p, second), f"board:{p}", 4 if second else 3)
        if k == "transform":
            return Place(key, ("h", self.seen(key).id), size, self.slot_pos(p, True), f"board:{p}", 4)
        if k == "monster_revealed":
            if key == d["card"]:
                return Place(key, ("m", d["monster"]), MON, self.monster_pos(), "monster", 1)
            return Place(key, self.sprites[key].face_key, SMALL, self.deck_pos(), "dungeon", 0)
        if k in ("dream", "upgrade_taken", "recall") and p != self.me:
            return Place(key, ("h", self.seen(key).id), SMALL, self.board_hand_pos(p), f"board:{p}", 3)
        if k == "removed":
            return Place(key, ("h", self.seen(key).id), SMALL, self.slot_pos(p), f"board:{p}", 6)
        return None

    def holds(self, sprite: CardSprite) -> bool:
        """The monster and the cards in the hunters' slots stay put while a batch plays."""
        return sprite.zone == "monster" or (sprite.zone.startswith("board:") and sprite.size != MINI)

    def _last_step(self) -> list[Any]:
        self.marks = {k: v for k, v in self.marks.items() if v == "CANCELLED"}
        return super()._last_step()

    def board_point(self, seat: int, what: str) -> tuple[float, float]:
        if seat not in self.boards:
            return self.table_rect.center
        if what == "health":
            return self.dial_center(seat)
        if what in ("collected", "banked"):
            return bt.echo_rects(self.boards[seat], self.slot_rect(seat), seat == self.me)[what == "banked"].center
        return self.boards[seat].center

    def counter_changed(self, seat: int | None, name: str, old: Any, new: Any) -> None:
        """Damage, echoes and trophies rise as floaters from the numbers they change."""
        if seat is None or old is None or not isinstance(new, int):
            return
        diff = new - old
        if name == "health" and diff < 0:
            self.float_text(f"{diff}", self.board_point(seat, "health"), (255, 90, 80), 26)
            self.flash(seat)
        elif name == "health":
            self.float_text("healed", self.board_point(seat, "health"), (140, 220, 150), 18)
        elif name == "collected" and diff:
            self.float_text(f"{diff:+} echoes", self.board_point(seat, "collected"), (255, 120, 110), 18)
        elif name in KINDS and diff > 0:
            self.float_text(f"{bc.TROPHY_NAMES[name]} trophy", self.board_point(seat, "centre"), GOLD, 18)

    def animate_event(self, event: Event) -> list[Any]:
        k, d, p = event.kind, event.data, event.player
        if k == "reveal":
            self.marks.clear()  # a new round: last round's cancelled attacks are forgotten
        if k in ("reveal", "transform"):  # the face-down backs give way to the cards
            for q in ([*self.reveals.values()] if k == "reveal" else [p]):
                self.sprites.pop(("slot" if k == "reveal" else "tslot", q), None)
            self.order = sorted(self.sprites.values(), key=lambda s: s.z)
        if k == "death":
            self.float_text("DIES", self.board_point(p, "health"), (255, 70, 70), 30, 1.8)
        elif k == "dream":  # healed: no longer shown DEAD (no counter says so yet)
            self.counters[(p, "dead")] = False
        elif k in MARKS:
            card = d.get("card") if k != "cancel" else self.played_card(p)
            card = card if card is not None else self.monster_key()
            if card is not None:
                self.marks[card] = MARKS[k]
            if k != "cancel":
                self.counters[(None, "monster")] = None
        elif k == "monster_revealed":
            self.counters[(None, "monster")] = d["monster"]
            self.clear_tray()  # the last monster's roll is not this one's
            if self.cs.monster_by_id[d["monster"]].boss:
                self.notice(event.text.split(": ", 1)[0], event.text.split(": ", 1)[-1], GOLD, 2.4,
                            self.monster_rect)
                return [Wait(1.0)]
        elif k == "immediate":
            return [self.light_up([d.get("card")], 0.45)]
        elif k == "choose" and p == self.viewer and self.done_for(event) and d.get("card") is not None:
            name = self.seen(d["card"]).name  # D4: the rules chose it: say what and why
            self.notice(f"Your only card, {name}, was chosen for you",
                        "A hunter holding a single card must choose it.", GOLD, 3.0, self.boards[p])
            return [Wait(0.8)]
        return [Wait(HOLD[k])] if k in HOLD else []

    def played_card(self, p: int | None) -> int | None:
        slot = self.slot_pos(p) if p in self.boards else None
        return next((s.key for s in self.sprites.values() if s.home == slot and isinstance(s.key, int)), None)

    def monster_key(self) -> Any:
        return next((s.key for s in self.sprites.values() if s.zone == "monster"), None)

    # ================================================================ keys =================
    def help_lines(self) -> list[str]:
        return ["Bloodborne: drag a card from your hand onto your chosen slot (or double-click it);",
                "a Transform weapon the same way. Aim an Immediate card: click a glowing board.",
                "Hunter's Dream: drag an Available Upgrade into your hand.  R: the last round."]

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_r:
            self.summary_open = not self.summary_open and self.rounds.last is not None
        else:
            super().key(event)

    # ================================================================ drawing ==============
    def upgrades_glow(self) -> bool:
        return not self.timeline.busy and any(a.kind == "upgrade" for a in self.legal())

    def static_key(self) -> Any:
        return (self.upgrades_glow(), self.zones_key(), self.viewer)

    def draw_static(self, surface: pygame.Surface) -> None:
        bt.top_row(surface, self.dungeon_rect, self.monster_rect, self.upgrades_rect,
                   self.upgrades_glow())
        self.draw_zones(surface)
        self.draw_seat_panels(surface)
        if self.viewer is not None:
            name = self.seat_name(self.me)
            bt.hand_title(surface, self.zones["hand"].rect, "Your hand" if name == "You" else f"{name}'s hand")

    def overlay_key(self) -> Any:
        """The panels' numbers change with the events, not every frame: a cached level."""
        return (self.shown_version, self.counters_version)

    def draw_static_overlay(self, surface: pygame.Surface) -> None:
        """The dungeon's track, the monster's panel, the upgrade deck, the boards."""
        view, m = self.shown if self.shown is not None else self.view(), self.monster()
        bt.dungeon_track(surface, self.dungeon_rect, view, m is not None and m.final,
                         self.deck_pos(), self.final_pos(), SMALL[1] / 2 + 3)
        if m is not None:
            bt.monster_panel(surface, self.monster_rect, int(self.monster_pos()[0] + MON[0] / 2 + 10), m,
                             self.counter("monster_echoes"), self.counter("monster_echoes_full"))
        d = text.render(f"deck {view['upgrade_deck']}", 14, DIM)
        surface.blit(d, d.get_rect(topright=(self.upgrades_rect.right - 10, self.upgrades_rect.y + 8)))
        for h in view["hunters"]:
            if h["seat"] in self.boards:
                self.draw_board(surface, h)

    def draw_seats(self, surface: pygame.Surface) -> None:
        """Live over the cached levels: the health dials (turning), a wound's red flash."""
        for p in self.boards:
            bt.health_dial(surface, self.dial_center(p), 30 if p == self.me else 24,
                           self.turning("health", p), self.counter("health", p),
                           self.counter("max_health", p, 8), self.flashing(p))

    def monster(self) -> Any:
        """The monster the table shows (its card), or None."""
        return self.cs.monster_by_id.get(self.counter("monster", None, None) or "")

    def tray_idle_text(self) -> tuple[str, str]:
        m = self.monster()
        return (f"The {m.lantern} die waits", "faces " + " ".join(self.cs.dice[m.lantern].faces)) if m else ("Dice tray", "")

    def dial_center(self, seat: int) -> tuple[int, int]:
        return bt.dial_center(self.boards[seat], self.slot_rect(seat), seat == self.me)

    def draw_board(self, surface: pygame.Surface, h: dict) -> None:
        """A board's name, hand size, chosen slot, echoes, trophies, used pile, DEAD/OUT."""
        p = h["seat"]
        numbers = {k: self.counter(k, p) for k in ("collected", "banked", "trophy_points", *KINDS)}
        numbers.update(dead=self.counter("dead", p, False), out=self.counter("out", p, False))
        used = self.used_pos(p, 0, len(h["used"])) if h["used"] else None
        bt.board(surface, self.boards[p], self.slot_rect(p), p == self.me, self.seat_name(p),
                 self.is_ai(p), p == (self.shown or {}).get("first_player"), h, numbers,
                 (used[0] - MINI[0] / 2, used[1] - MINI[1] / 2 - 17) if used else None)

    def draw_card_marks(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        if sprite.key in self.marks:
            bt.stamp(surface, sprite.rect, self.marks[sprite.key])

    def glow_color(self, s: CardSprite):
        c = super().glow_color(s)
        if c is None and s.zone == "upgrades" and self.drag is None and self.upgrades_glow() \
                and any(a.source == s.key for a in self.legal()):
            return self.accent  # in the Dream: the upgrades you may take
        return c

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.summary_open and self.rounds.last is not None:  # over the top row, not the boards
            bt.round_summary(surface, self.dungeon_rect.union(self.upgrades_rect),
                             self.rounds.last, [self.seat_name(p) for p in range(self.session.players)])
        if self.zones["removed"].visible:
            bt.remove_slot(surface, self.zones["removed"].rect)

    def tip_text(self, pos: tuple[int, int]) -> str | None:
        """What the pointer rests on: a board's numbers, another hunter's cards."""
        if self.sprite_at(pos) is not None:
            return None
        view = self.shown if self.shown is not None else self.view()
        for p, b in self.boards.items():
            if b.collidepoint(pos):
                c = {k: self.counter(k, p) for k in ("health", "max_health", "collected", "banked")}
                held = [self.defs[c].name for c in view["hunters"][p]["holding_ids"]]
                return bt.board_tip(b, self.slot_rect(p), p == self.me, pos, self.seat_name(p), c,
                                    held)
        return None
