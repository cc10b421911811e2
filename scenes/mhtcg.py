"""The Monster Hunter table: the players' sheets as one ring of inked regions on a parchment map
(sprites/mhtcg_map.py), your sheet at the bottom and your hand below it.

The table base does the gestures and the banner (the rules' prompt); this module lays the map
out, draws it and says where things lie:

- drag your hunter token onto an area it can reach (they glow: the rules' move actions), or
  click a glowing area; a drop anywhere else glides back with the rules' reason
- drag a monster from your hand onto an area of your own sheet (face down), or onto a face-up
  monster of yours to replace it (both glow)
- click a monster in the resolving area to attack it; items aim by dragging them onto a
  glowing monster; items with no target, boosts, equipping and discards: click the card
- an item window turns your hand into a tray with Pass; the middle of the map shows the area
  being resolved, the order its actors go in, what the next attack will cost (a rules query)
  and, after the result phase, every HRP gained and why (the rules' HRP log)
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.contract import Action, Event
from game.mhtcg import rules
from game.mhtcg.maps import CAMP
from scenes.table import Place, Spot, TableScene
from scenes.table.layout import spread
from sprites import cards as cg
from sprites import mhtcg_cards as mc
from sprites import mhtcg_map as mm
from sprites import text
from sprites.cards import HAND, CardSprite
from sprites.tween import Wait
from sprites.zones import Zone, panel

MAP = mc.MAP
TOKEN = 30
TEXT = (248, 240, 222)
INK = mm.INK
DIM = (110, 86, 60)
OCHRE = mm.OCHRE
LOSS = (176, 40, 30)
SEAT_COLOURS = [(196, 142, 52), (58, 120, 72), (70, 104, 160), (168, 64, 54)]
#: action kinds whose target is a monster on the map (a token)
MONSTER_KINDS = frozenset({"attack", "order", "keep", "burrow", "replace", "spotter", "item"})
WINDOWS = {"opening": "the hunt opens", "hunter": "a hunter is about to attack",
           "monster": "a monster is about to attack"}
PHASE_HINTS = {
    "hand": "Discard what you like, then draw up to 6.",
    "placement": "Each player may hide one monster face down on their own sheet.",
    "move": "Hunters move up to their MOV; the areas yours can reach glow.",
    "equip": "Equip a weapon and an armour, paid with material from defeated monsters.",
    "result": "Hidden monsters earn HRP; the lowest HRP deals the next round.",
}
HOLD = {"reveal": 0.45, "defeat": 0.5, "area": 0.5, "strike_first": 0.4, "retreat": 0.5,
        "hit": 0.3, "lose": 0.3, "hrp": 0.25}


class MonsterHunterTable(TableScene):
    accent = (250, 200, 70)
    card_target_kinds = frozenset()  # monsters are found by `spot_of` (their sprites' keys)

    def __init__(self, app: Any, session: Any) -> None:
        self.cs = session.game.card_set()
        self.map_table = session.game.table(session.players)
        first = session.view(None)["seats"]  # which card each instance is: the decks (public)
        self.cards = tuple(cid for seat in first for cid in self.cs.decks[seat["deck_id"]].card_ids())
        self.labels = tuple(rules.card_label(self.cs, self.cards, c)
                            for c in range(len(self.cards)))
        self.sheets: dict[int, mm.Sheet] = {}
        self.middle = pygame.Rect(0, 0, 0, 0)
        self._map: tuple[Any, pygame.Surface] | None = None
        self._aimed: tuple[Any, set] = (None, set())
        self.area_note: list[str] = []  # the area resolved next and its order, as announced
        super().__init__(app, session)

    # ================================================================ layout ===============
    @property
    def me(self) -> int:
        return self.viewer if self.viewer is not None else 0

    def layout(self) -> None:
        T = self.table_rect
        self.map_rect = pygame.Rect(T.x + 14, 50, T.w - 28, T.h - 50 - 152)
        side = self.map_table.side
        self.sheets, self.middle = mm.ring(self.session.players, self.me, len(side.areas), self.map_rect)
        self.path_lines = mm.paths(self.sheets, side.links, side.exit, side.entry, self.session.players)
        for seat, sh in self.sheets.items():
            for a, r in sh.areas.items():
                self.zones[f"area:{seat}:{a}"] = Zone(f"area:{seat}:{a}", r, (seat, a), visible=False)
            camp = pygame.Rect(0, 0, 34, 34)
            camp.center = sh.camp
            self.zones[f"camp:{seat}"] = Zone(f"camp:{seat}", camp, (seat, CAMP), visible=False)
        hand = pygame.Rect(T.x + 8, self.map_rect.bottom + 10, T.w - 16, T.bottom - self.map_rect.bottom - 14)
        self.zones["hand"] = Zone("hand", hand, None, visible=False)

    def button_bar_rect(self) -> pygame.Rect:
        r = self.zones["hand"].rect
        return pygame.Rect(r.x + 8, r.y + 6, r.w - 16, 34)

    def seat_rect(self, seat: int) -> pygame.Rect | None:
        sh = self.sheets.get(seat)
        return sh.plate if sh is not None else None

    def thinking_point(self, seat: int):
        """The seat's tag beside the camp on a top or bottom sheet (clear of the areas), else
        under the plate."""
        sh = self.sheets.get(seat)
        if sh is None:
            return None
        if sh.edge in ("top", "bottom"):
            return "midleft", (sh.camp[0] + 22, sh.plate.centery)
        return "topleft", (sh.plate.x + 4, sh.plate.bottom + 3)

    def hand_pos(self, i: int, n: int) -> tuple[float, float]:
        r = self.zones["hand"].rect  # the tray's words and the buttons keep the right-hand side
        return spread(r.x + 10, r.w - 330, HAND[0], n, i), r.bottom - 4 - HAND[1] / 2

    def monster_pos(self, seat: int, area: int, i: int, n: int) -> tuple[float, float]:
        r = self.sheets[seat].areas[area]
        return spread(r.x + 12, r.w - 24, MAP[0], n, i, 6, centred=True), r.bottom - 6 - MAP[1] / 2

    def token_pos(self, place, i: int) -> tuple[float, float]:
        sheet, area = place
        if area == CAMP:
            x, y = self.sheets[sheet].camp
            return x + (i - 0.5) * 12, y - 4
        r = self.sheets[sheet].areas[area]
        return r.right - 18 - i * (TOKEN - 4), r.y + 16

    # ================================================================ cards ================
    def card_places(self, view: dict) -> list[Place]:
        places: list[Place] = []
        by_area: dict[tuple[int, int], list[dict]] = {}
        for m in view["monsters"]:
            by_area.setdefault((m["sheet"], m["area"]), []).append(m)
        for (sheet, area), ms in by_area.items():
            for i, m in enumerate(ms):
                places.append(Place(("m", m["token"]), self.monster_face(m), MAP,
                                    self.monster_pos(sheet, area, i, len(ms)), f"area:{sheet}:{area}", 1))
        here: dict[tuple[int, int], int] = {}
        for s in view["seats"]:
            if s["pos"] is None:
                continue
            place = tuple(s["pos"])
            i = here.get(place, 0)
            here[place] = i + 1
            places.append(Place(("h", s["seat"]), ("tok", s["seat"]), (TOKEN, TOKEN),
                                self.token_pos(place, i), "token", 3))
        hand = (view["seats"][self.me]["hand"] or []) if self.viewer is not None else []
        for i, c in enumerate(hand):
            places.append(Place(c, ("card", self.cards[c]), HAND, self.hand_pos(i, len(hand)), "hand", 4))
        return places

    def monster_face(self, m: dict) -> Any:
        if m["card"] is None:
            return None
        return ("mon", self.cards[m["card"]], not m["face_up"])

    def render_face(self, face: Any, size: tuple[int, int]) -> pygame.Surface:
        if face is None:
            return mc.back(size)
        if face[0] == "tok":
            seat = face[1]
            return mc.hunter_token(seat, size[0], SEAT_COLOURS[seat % 4], str(seat + 1))
        card = self.cs.card(face[1])
        return mc.deck_card(card, size, face[0] == "mon" and face[2])

    def zoom_image(self, s: CardSprite) -> pygame.Surface | None:
        f = getattr(s.face_key, "new", s.face_key)
        if f is None or f[0] == "tok":
            return None
        return self.face(f, cg.ZOOM)

    def hand_keys(self) -> list[Any]:
        if self.viewer is None:
            return []
        return list(self.view()["seats"][self.me]["hand"] or [])

    def spawn_point(self, place: Place) -> tuple[float, float]:
        key = place.key
        if isinstance(key, tuple) and key[0] == "m":
            seat = int(place.zone.split(":")[1])
            return self.zones["hand"].rect.center if seat == self.me else self.sheets[seat].plate.center
        if place.zone == "hand":
            return self.sheets[self.me].plate.midleft
        return place.pos

    def vanish_point(self, sprite: CardSprite) -> tuple[float, float] | None:
        if sprite.zone == "hand" or sprite.zone.startswith("area:"):
            seat = self.me if sprite.zone == "hand" else int(sprite.zone.split(":")[1])
            return self.sheets[seat].plate.center  # to the graveyard or the material pile
        return None

    # ================================================================ gestures =============
    def spot_of(self, action: Action) -> Spot | None:
        """Actions aimed at a monster find it by its token's sprite."""
        if action.kind in MONSTER_KINDS and isinstance(action.target, int):
            s = self.sprites.get(("m", action.target))
            return Spot("card", ("m", action.target), s.rect) if s is not None else None
        return super().spot_of(action)

    def card_actions(self, key: Any, player: int | None = None) -> list[Action]:
        """Your hunter token's actions are the moves (they name no card)."""
        if isinstance(key, tuple) and key[0] == "h":
            p = self.acting_human() if player is None else player
            if p is None or key[1] != p:
                return []
            return [a for a in self.legal(p) if a.kind == "move"]
        return super().card_actions(key, player)

    def aimed_monsters(self) -> set:
        """The monsters a click would choose now (attack, order, keep, burrow: no card used)."""
        key = self.position_key()
        if self._aimed[0] != key:
            busy = self.timeline.busy
            self._aimed = (key, set() if busy else {("m", a.target) for a in self.legal()
                                                    if a.source is None and a.kind in MONSTER_KINDS})
        return self._aimed[1]

    def glow_color(self, s: CardSprite):
        c = super().glow_color(s)
        return self.accent if c is None and s.key in self.aimed_monsters() else c

    def draggable(self, sprite: CardSprite) -> bool:
        if sprite.key == ("h", self.me) and self.viewer is not None:
            return True  # your hunter may always be lifted: a wrong drop says why not
        return super().draggable(sprite)

    def gesture_action(self, sprite: CardSprite, zone: Zone) -> Action | None:
        """What a drop means, so the rules can say why not."""
        if zone.target is None or not isinstance(zone.target, tuple):
            return None
        if isinstance(sprite.key, tuple) and sprite.key[0] == "h":
            return Action("move", None, zone.target)
        if isinstance(sprite.key, int):
            return Action("place", sprite.key, zone.target)
        return None

    def drop_hint(self, sprite: CardSprite) -> str:
        return self.prompt_text or "Drop it on a glowing area or monster."

    out_words = "Your hunter has forfeited the hunt."

    def seat_out(self, view: Any, seat: int) -> bool:
        """A hunter who forfeited (retreated for the last time) is out of the hunt."""
        return bool(view["seats"][seat]["forfeited"])

    # ================================================================ events ===============
    def counters_from_view(self, view: dict) -> dict:
        out: dict = {}
        for s in view["seats"]:
            p = s["seat"]
            for name in ("deck", "hand_size", "hrp", "retreats"):
                out[(p, name)] = s[name]
            out[(p, "hand")] = s["hand_size"]
        return out

    def event_cards(self, event: Event) -> list[Any]:
        d = event.data
        if "token" in d and d["token"] is not None and event.kind != "item":
            return [("m", d["token"])]
        if event.kind in ("move", "farcaster", "retreat"):
            return [("h", event.player)]
        if event.kind in ("lose", "draw"):
            return []
        return super().event_cards(event)

    def counter_changed(self, seat: int | None, name: str, old: Any, new: Any) -> None:
        if seat is None or old is None or seat not in self.sheets:
            return
        at = self.sheets[seat].plate.midleft
        if name == "deck" and new < old:
            self.float_text(f"-{old - new} cards", (at[0] + 40, at[1]), (255, 110, 90), 20)
        elif name == "hrp" and new > old:
            self.float_text(f"+{new - old} HRP", (at[0] + 120, at[1]), (255, 220, 120), 20)

    def animate_event(self, event: Event) -> list[Any]:
        k, d = event.kind, event.data
        if k == "hit" and ("m", d.get("token")) in self.sprites:
            s = self.sprites[("m", d["token"])]
            self.float_text(f"-{d['amount']} HP", (s.x, s.y - 20), (255, 90, 70), 22)
        if k == "area":  # the middle says it while the area's events play (`hunt_lines`)
            self.area_note = [event.text.split(" (")[0], "Order: " + " → ".join(d.get("order", []))]
        elif k == "phase":
            self.area_note = []
        return [Wait(HOLD[k])] if k in HOLD else []

    # ================================================================ queries ==============
    def hunt_lines(self) -> list[tuple[str, Any]]:
        """What the middle of the map says now: the area resolving, its actors' order, the
        next attack's cost, or the round's HRP; from the rules' preview in the view."""
        s = self.view()
        lines: list[tuple[str, Any]] = []
        name = self.seat_name
        hunt, phase = s["hunt"], s["phase"]
        if hunt is not None and not self.timeline.busy:
            lines.append((f"Resolving {self.map_table.name(tuple(s['area']), name)}", INK))
            if hunt["order"]:
                lines.append(("Order: " + " → ".join(hunt["order"]), INK))
            for attack in hunt["attacks"]:
                lines.append((self.loss_words(*attack), LOSS))
            for attack in hunt["next"]:
                lines.append(("Next: " + self.loss_words(*attack), LOSS))
            if hunt["strike"] is not None:
                h, dmg, monster, left = hunt["strike"]
                lines.append((f"{name(h)} will deal {dmg} to {monster} ({left} HP left)", FOREST_INK))
        elif phase == "hunt" and self.timeline.busy and self.area_note:
            lines += [(words, INK) for words in self.area_note]
        elif phase == "hunt" and not self.timeline.busy:
            lines.append(("The hunt opens: items and boosts, then area by area", INK))
        elif phase in PHASE_HINTS:
            lines.append((PHASE_HINTS[phase], INK))
        gains = s["gains"]
        if gains and phase in ("result", "hand", "placement", "move") or (gains and s["over"]):
            last = gains[-1][3]
            lines.append((f"HRP gained in round {last}:", INK))
            for p, amount, _, rnd, why in gains:
                if rnd == last:
                    lines.append((f"{name(p)} +{amount}: {why}", DIM))
        return lines

    def loss_words(self, monster: str, p: int, total: int, parts: list) -> str:
        """"Rathian: you lose 3 (+1 Poison)" — the rules' loss query, by part."""
        who = "you lose" if self.seat_name(p) == "You" else f"{self.seat_name(p)} loses"
        extra = "".join(f" (+{n} {mc.ABILITY_NAMES.get(k, k)})" for k, n in parts)
        base = total - sum(n for _, n in parts)
        if total <= 0:
            return f"{monster}: {who} nothing"
        return f"{monster}: {who} {base}{extra}"

    def window_tray(self) -> str:
        """The tray's words when you are asked in an item window, else ""."""
        if self.timeline.busy or not any(a.kind in ("item", "boost", "respond") for a in self.legal()):
            return ""
        if any(a.kind == "respond" for a in self.legal()):
            return "Response: an Interrupt, or pass"
        return f"Item window: {WINDOWS.get(self.view()['window'], 'the hunt')}|use an item or a boost, or Pass"

    # ================================================================ drawing ==============
    def resolving(self) -> tuple[int, int] | None:
        """The area the hunt resolves now, as the table shows it."""
        area = (self.shown or {}).get("area")
        return tuple(area) if area else None

    def static_key(self) -> Any:
        glow = tuple(sorted(str(z.name) for z in self.zones.values() if z.glow))
        hover = next((z.name for z in self.zones.values() if z.hover), None)
        return (self.viewer, glow, hover, self.shown_acting, self.resolving())

    def base_map(self, size: tuple[int, int]) -> pygame.Surface:
        """The painted map, made once per layout (the static layer adds the glows to it)."""
        key = (self.layout_version, size)
        if self._map is None or self._map[0] != key:
            surf = pygame.Surface(size)
            names = {p: self.seat_name(p) for p in range(self.session.players)}
            colours = {p: SEAT_COLOURS[p % 4] for p in range(self.session.players)}
            mm.paint_map(surf, self.map_rect, self.sheets, self.path_lines, names, colours)
            for sh in self.sheets.values():
                for a, r in sh.areas.items():
                    mm.area_number(surf, r, a)
            self._map = (key, surf.convert() if pygame.display.get_surface() is not None else surf)
        return self._map[1]

    def draw_static(self, surface: pygame.Surface) -> None:
        surface.blit(self.base_map(surface.get_size()), (0, 0))
        here = self.resolving()
        for seat, sh in self.sheets.items():
            for a, r in sh.areas.items():
                z = self.zones[f"area:{seat}:{a}"]
                if (seat, a) == here:  # the area being resolved: red ink, thick
                    mm.glow_blob(surface, r.inflate(8, 8), LOSS, seat * 10 + a, True)
                if z.glow:
                    mm.glow_blob(surface, r, self.accent, seat * 10 + a, z.hover)
            if seat in self.shown_acting:
                pygame.draw.rect(surface, self.accent, sh.rect, 3, border_radius=12)
        hz = self.zones["hand"].rect
        panel(surface, hz, (30, 18, 8, 150), (200, 160, 90, 120), radius=10)

    def draw_seats(self, surface: pygame.Surface) -> None:
        """The plates are in the overlay layer (they change with the events, not per frame)."""

    def overlay_key(self) -> Any:
        return (self.shown_version, self.counters_version, self.shown_acting, self.position_key(),
                self.window_tray(), tuple(self.area_note))

    def draw_static_overlay(self, surface: pygame.Surface) -> None:
        """Each sheet's plate (name, the deck — the hunter's life — large, HRP, hand,
        retreats) and the middle of the map."""
        for seat, sh in self.sheets.items():
            self.draw_plate(surface, seat, sh.plate)
        self.draw_middle(surface)

    def draw_plate(self, surface: pygame.Surface, seat: int, r: pygame.Rect) -> None:
        name = self.seat_name(seat) + (" · AI" if self.is_ai(seat) else "")
        colour = TEXT if seat == self.me else cg.mix(SEAT_COLOURS[seat % 4], (255, 255, 255), 0.45)
        seat_view = self.view()["seats"][seat]
        st = seat_view["stats"]
        gear = [(kind, self.labels[seat_view[kind]] if seat_view[kind] >= 0 else None)
                for kind in ("weapon", "armour")]
        mm.plate(surface, r, self.accent if seat in self.shown_acting else None, name, colour,
                 {k: self.counter(k, seat) for k in ("deck", "hrp", "hand", "retreats")},
                 f"ATK {st['atk']} DEF {st['defence']} MOV {st['mov']} RNG {st['rng']}", gear)

    def draw_over(self, surface: pygame.Surface) -> None:
        tray = self.window_tray()
        hz = self.zones["hand"].rect
        if tray:  # the tray's edge follows the hand panel's corners (a glow would round it off)
            pygame.draw.rect(surface, self.accent, hz.inflate(4, 4), 3, border_radius=12)
        lines = (tray or self.hand_title()).split("|")
        y = hz.bottom - 8 - 20 * len(lines) if self.bar else hz.y + 10  # under the buttons
        for ln in lines:
            t = cg.fit_text(ln, 15, self.accent if tray else TEXT, 320, "bold")
            surface.blit(t, t.get_rect(topright=(hz.right - 16, y)))
            y += 20

    def hand_title(self) -> str:
        if self.viewer is None:
            return ""
        v = self.shown or self.view()
        me = v["seats"][self.me]
        return f"{self.seat_name(self.me)}: hand {me['hand_size']}, grave {len(me['grave'])}, material {len(me['materials'])}"

    def draw_middle(self, surface: pygame.Surface) -> None:
        """The middle of the ring: the round and phase, then `hunt_lines`."""
        r = self.middle
        if r.w < 60 or r.h < 40:
            return
        s = self.view()
        panel(surface, r, (236, 220, 180, 210), (*INK, 200), radius=10, width=2)
        title = f"Round {s['round']} · {s['phase']} phase · dealer: {self.seat_name(s['dealer'])}"
        width = r.w - 16
        rows = [(ln, INK, "bold", 16) for ln in cg.wrapped(title, 16, width, "bold")]
        for words, colour in self.hunt_lines():
            face = "sans" if colour == DIM else "bold"
            rows += [(ln, colour, face, 14) for ln in cg.wrapped(words, 14, width, face)]
        room = (r.h - 10) // 19
        if len(rows) > room:  # the rest is in the log
            rows = rows[:room - 1] + [("(more in the log)", DIM, "sans", 14)]
        y = r.y + 6
        for ln, colour, face, size in rows:
            surface.blit(text.render(ln, size, colour, face), (r.x + 8, y))
            y += 19 if size == 14 else 22

    def draw_card_marks(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        """Damage on a monster this round, and the marks of a Pitfall Trap or a Flash Bomb."""
        if not (isinstance(sprite.key, tuple) and sprite.key[0] == "m"):
            return
        m = next((m for m in self.view()["monsters"] if m["token"] == sprite.key[1]), None)
        if m is None or not sprite.at_home():
            return
        marks = [f"-{m['damage']} HP"] if m["damage"] else []
        marks += ["trap"] if m["stopped"] else []
        marks += [f"{m['atk_mod']} ATK"] if m["atk_mod"] else []
        mm.monster_marks(surface, sprite.rect, marks)

    def tip_text(self, pos: tuple[int, int]) -> str | None:
        """A plate: the seat's hunter and gear; an area: its name."""
        if self.sprite_at(pos) is not None:
            return None
        v = self.shown or self.view()
        for seat, sh in self.sheets.items():
            if sh.plate.collidepoint(pos):
                st = v["seats"][seat]
                gear = [self.labels[c] for c in (st["weapon"], st["armour"]) if c >= 0]
                hunter = self.cs.hunters[st["hunter"]]
                return (f"{self.seat_name(seat)}: {hunter.name} ({hunter.text}) "
                        f"Gear: {', '.join(gear) or 'none'}. Graveyard {len(st['grave'])}, "
                        f"material {len(st['materials'])}.")
        return None

    def help_lines(self) -> list[str]:
        return ["Monster Hunter: drag your hunter token to a glowing area (or click the area).",
                "Drag a monster from your hand onto an area of your own sheet: it lies face down.",
                "Click a monster in the resolving area to attack it; drag an item onto a monster.",
                "Your deck is your hunter's life: when it runs out, the hunter retreats."]


FOREST_INK = (36, 84, 46)
