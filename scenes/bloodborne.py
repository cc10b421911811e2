"""The Bloodborne table: dark stone by candlelight, the monster and its echoes at the top, the
dice tray beside it, the other hunters' boards across the middle, your board and hand below.

Gestures (spec: "A round: eight steps in order"):

- step 1, choose: drag a card from your hand onto your board's chosen slot (or double-click it);
  it lies face down until every hunter has chosen, then all flip together;
- step 2, transform: the same gesture picks the weapon;
- step 3, Immediate cards: click your own board (protect yourself) or another hunter's board
  (cancel their melee attack); the boards you may click glow;
- step 7, the Dream: drag one Available Upgrade into your hand ("Take no upgrade" after a
  death); over the hand limit, drag a card onto the "remove" slot (or click it, then the slot).

The monster's roll lands in the pymunk dice tray on the faces the rules rolled; damage, deaths,
echoes and trophies tick on the boards as their events play, and a round summary follows.
"""

from __future__ import annotations

import math
import time
from functools import lru_cache
from typing import Any

import pygame

from game.bloodborne.rules import PHASES as STATE_PHASES
from game.core.contract import Action, Event
from scenes.table import Place, TableScene
from sprites import bloodborne_cards as bc
from sprites import cards as cg
from sprites import text, theme
from sprites.cards import CardSprite
from sprites.dice import DiceTray
from sprites.tween import Wait
from sprites.zones import Zone, panel

HAND = (90, 126)
SMALL = (78, 109)
MINI = (36, 50)
MON = (140, 196)
TEXT = (238, 230, 214)
DIM = (186, 176, 160)
GOLD = (222, 184, 96)
BLOOD = (196, 40, 44)
PANEL_FILL = (14, 10, 10, 170)
PANEL_EDGE = (120, 96, 60, 150)
TOP_Y = 46
TOP_H = 258
MID_H = 172
DOUBLE_CLICK = 0.4
KINDS = ("kin", "humanoid", "beast")
STEP_NAMES = {
    "choose_action_cards": "Step 1 · choose an action card",
    "transform": "Step 2 · transform",
    "immediate_effects": "Step 3 · Immediate effects",
    "hunters_dream": "Step 7 · the Hunter's Dream",
    "game_over": "The hunt is over",
}


#: what the banner says while a batch of events plays, by event kind
STAGES = {
    "reveal": "Step 1 · all cards turn over",
    "transform": "Step 2 · transform",
    "immediate": "Step 3 · Immediate effects",
    "dice": "Step 4 · the monster attacks",
    "echoes_taken": "Step 5 · the hunters attack",
    "killed": "Step 5 · the monster is slain",
    "escape": "Step 6 · the monster escapes",
    "bank": "Step 7 · the Hunter's Dream",
    "dream": "Step 7 · the Hunter's Dream",
    "monster_revealed": "Step 8 · the next monster",
}


class TrayWait:
    """A timeline entry that lasts until the dice tray is at rest (Space: finish the roll)."""

    __slots__ = ("tray", "done")

    def __init__(self, tray: DiceTray) -> None:
        self.tray = tray
        self.done = False

    def update(self, dt: float) -> bool:
        self.done = self.tray.is_settled()
        return self.done

    def finish(self) -> None:
        self.tray.finish()
        self.done = True


class Floater:
    """A number or word rising and fading over the table (damage, echoes, deaths)."""

    __slots__ = ("text", "pos", "color", "t", "life", "size")

    def __init__(self, text_: str, pos, color, size: int = 22, life: float = 1.3) -> None:
        self.text, self.pos, self.color, self.size = text_, pos, color, size
        self.t, self.life = 0.0, life


class Token:
    """An echo or trophy token flying from one point to another."""

    __slots__ = ("a", "b", "t", "delay", "kind")

    def __init__(self, a, b, delay: float, kind: str = "echo") -> None:
        self.a, self.b, self.t, self.delay, self.kind = a, b, 0.0, delay, kind


@lru_cache(maxsize=128)
def _outlined(s: str, size: int, color) -> pygame.Surface:
    """Bold text with a dark outline, readable over cards and stone."""
    fg = text.render(s, size, color, "bold")
    bg = text.render(s, size, (10, 4, 4), "bold")
    out = pygame.Surface((fg.get_width() + 4, fg.get_height() + 4), pygame.SRCALPHA)
    for dx, dy in ((0, 0), (4, 0), (0, 4), (4, 4), (2, 0), (0, 2), (4, 2), (2, 4)):
        out.blit(bg, (dx, dy))
    out.blit(fg, (2, 2))
    return out


@lru_cache(maxsize=256)
def _dial(rad: int, lit: float, number: int) -> pygame.Surface:
    """A health dial image: eight notches (`lit` of them red, a part-lit one while it turns)
    around the number."""
    size = rad * 2 + 2
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size / 2, size / 2)
    pygame.draw.circle(surf, (24, 16, 16), c, rad)
    pygame.draw.circle(surf, (120, 96, 60), c, rad, 2)
    for i in range(8):
        a0 = -math.pi / 2 + i * math.pi / 4 + 0.08
        a1 = a0 + math.pi / 4 - 0.16
        part = max(0.0, min(1.0, lit - i))
        col = cg.mix((60, 44, 44), (190, 36, 40), part)
        pts = [(c[0] + math.cos(a0 + (a1 - a0) * t / 4) * (rad - 3), c[1] + math.sin(a0 + (a1 - a0) * t / 4) * (rad - 3)) for t in range(5)]
        pts += [(c[0] + math.cos(a1 - (a1 - a0) * t / 4) * (rad - 9), c[1] + math.sin(a1 - (a1 - a0) * t / 4) * (rad - 9)) for t in range(5)]
        pygame.draw.polygon(surf, col, pts)
    n = text.render(str(number), 22 if rad >= 30 else 18, (255, 240, 230), "bold")
    surf.blit(n, n.get_rect(center=(round(c[0]), round(c[1]))))
    return surf


def _live_from(view: dict) -> dict:
    """The numbers the boards show, taken from a view (they then tick with the events)."""
    hs = view["hunters"]
    m = view["monster"]
    return {
        "health": [h["health"] for h in hs],
        "collected": [h["collected"] for h in hs],
        "banked": [h["banked"] for h in hs],
        "trophies": [[h["trophies"][k] for k in KINDS] for h in hs],
        "dead": [h["dead"] for h in hs],
        "out": [h["out"] for h in hs],
        "echoes": m["echoes"] if m else 0,
        "hp_total": m["hp_total"] if m else 0,
        "monster": m,
    }


class BloodborneTable(TableScene):
    palette_name = "bloodborne"
    accent = (222, 184, 96)

    def __init__(self, app: Any, match: Any) -> None:
        self.cs = match.game.card_set()
        self.defs = {c.id: c for c in self.cs.starter + self.cs.upgrades}
        self.boards: dict[int, pygame.Rect] = {}
        self.tray: DiceTray | None = None
        self.tray_rect = pygame.Rect(0, 0, 0, 0)
        self.pins: dict[Any, Place] = {}
        self.marks: dict[Any, str] = {}  # card key -> "SLAIN" / "ESCAPED" / "CANCELLED"
        self.floaters: list[Floater] = []
        self.tokens: list[Token] = []
        self.flash: dict[int, float] = {}  # seat -> red flash of a wound
        self.live: dict | None = None
        self.summary: dict | None = None  # the round being summed up
        self.summary_shown: dict | None = None
        self.summary_until = 0.0
        self.selected: Any = None
        self.last_click: tuple[Any, float] = (None, 0.0)
        self.dice_count = 0
        self.last_dice: dict | None = None
        self.glow_boards: set[int] = set()
        self.plan: dict[int, tuple[list[Any], dict[Any, Place]]] = {}
        self.stage = ""
        self.gone: tuple[str, str] | None = None
        self._tip: tuple[str | None, float] = (None, 0.0)
        self.dial: dict[int, float] = {}  # the health each dial shows while it turns
        self._summary_img: tuple[Any, pygame.Surface] | None = None
        self.caption: tuple[str, str, float] | None = None  # (title, text, shown until)
        super().__init__(app, match)
        self.live = _live_from(self.shown if self.shown is not None else self.view())

    # ================================================================ results ==============
    @staticmethod
    def result_details(match: Any, outcome: Any) -> dict:
        """The results screen's rows (spec "End of the game and scoring"): banked echoes plus
        trophy points per hunter, the trophies behind them, and the tie-break in words."""
        d = dict(outcome.details)
        st = match.state
        cs = st.cs
        final = cs.monster_by_id.get(d.get("final_boss", ""))
        fname = final.name if final is not None else str(d.get("final_boss", ""))
        rounds = d.get("rounds", st.round)
        reason = {"final_boss": f"{fname} falls after {rounds} rounds.",
                  "round_limit": f"The dungeon closes after {rounds} rounds.",
                  "all_out": "No hunter is left in the game."}.get(d.get("reason"), str(d.get("reason", "")))
        rows = []
        for h in d.get("hunters", []):
            kin, hum, beast = h["trophies"]
            rows.append({"score": h["banked"] + h["trophy_points"],
                         "parts": [["Banked", h["banked"]], ["Kin", kin], ["Humanoid", hum],
                                   ["Beast", beast], ["Trophy pts", h["trophy_points"]],
                                   ["Deaths", h["deaths"]]]})
        out = {"reason": reason, "per_player": rows, "final_boss": fname, "rounds": rounds}
        if d.get("tie_break"):
            names = [match.seat_name(p) for p in outcome.winners]
            if len(outcome.winners) > 1:
                out["tiebreak"] = f"still tied on banked echoes: {', '.join(names)} share the win."
            else:
                out["tiebreak"] = f"tied on points; {names[0] if names else 'the winner'} banked more echoes."
        return out

    # ================================================================ layout ===============
    def others(self) -> list[int]:
        v = self.me
        n = self.match.players
        return [(v + k) % n for k in range(1, n)]

    @property
    def me(self) -> int:
        return self.viewer if self.viewer is not None else 0

    def layout(self) -> None:
        T = self.table_rect
        W = T.w
        x = T.x + 8
        self.dungeon_rect = pygame.Rect(x, TOP_Y, 184, TOP_H)
        self.monster_rect = pygame.Rect(self.dungeon_rect.right + 8, TOP_Y, 300, TOP_H)
        up_w = 3 * (SMALL[0] + 6) + 14
        self.upgrades_rect = pygame.Rect(T.right - 8 - up_w, TOP_Y, up_w, TOP_H)
        tray = pygame.Rect(self.monster_rect.right + 8, TOP_Y, self.upgrades_rect.x - 8 - self.monster_rect.right - 8, TOP_H)
        if tray != self.tray_rect or self.tray is None:
            if self.tray is not None:
                self.tray.finish()  # a roll in progress completes (its TrayWait then ends)
            self.tray_rect = tray
            die = 46 if tray.w < 300 else 52
            self.tray = DiceTray(tray, felt=(70, 24, 26), die_size=die)
            if self.last_dice is not None and hasattr(self, "timeline"):
                self.tray.throw_event(self.last_dice, seed=self.dice_count)
                self.tray.finish()
        # the other hunters across the middle
        others = self.others()
        my = TOP_Y + TOP_H + 8
        n = max(1, len(others))
        bw = (W - 16 - 8 * (n - 1)) // n
        self.boards = {}
        for i, seat in enumerate(others):
            self.boards[seat] = pygame.Rect(x + i * (bw + 8), my, bw, MID_H)
        # you: your board and your hand
        by = my + MID_H + 8
        bh = T.bottom - 6 - by
        self.boards[self.me] = pygame.Rect(x, by, 392, bh)
        hand = pygame.Rect(self.boards[self.me].right + 8, by, T.right - 8 - self.boards[self.me].right - 8, bh)
        self.zones["hand"] = Zone("hand", hand, "hand", "", (200, 170, 120))
        slot = self.slot_rect(self.me)
        self.zones["chosen"] = Zone("chosen", slot.inflate(10, 10), "chosen", "", (230, 190, 120))
        self.zones["removed"] = Zone("removed", slot.inflate(10, 10), "removed", "", (230, 110, 100), visible=False)
        self.zones["upgrades"] = Zone("upgrades", self.upgrades_rect, None, "", (200, 170, 120), visible=False)
        for seat, r in self.boards.items():
            self.zones[f"board:{seat}"] = Zone(f"board:{seat}", r, None, "", (255, 255, 255), visible=False)
        self.summary_rect = pygame.Rect(x, my, W - 16, MID_H)
        self.make_buttons()

    def make_buttons(self) -> None:
        try:
            from sprites.widgets import Button
        except ImportError:  # pragma: no cover
            return
        r = self.zones["hand"].rect
        self.skip_button = Button(pygame.Rect(r.right - 190, r.y + 6, 180, 34), "Take no upgrade",
                                  self.skip_upgrade, "normal", size=16)
        self.skip_button.visible = False
        self.summary_button = Button(pygame.Rect(self.monster_rect.right - 118, self.monster_rect.y + 6, 110, 28),
                                     "Last round", self.toggle_summary, "ghost", size=15)
        self.summary_button.visible = False
        self.buttons = [self.skip_button, self.summary_button]

    def slot_rect(self, seat: int) -> pygame.Rect:
        """Where the seat's chosen card lies (your slot takes a hand-size card)."""
        b = self.boards[seat]
        size = HAND if seat == self.me else SMALL
        return pygame.Rect(b.x + 10, b.y + 28, size[0], size[1])

    def slot_pos(self, seat: int, second: bool = False) -> tuple[float, float]:
        r = self.slot_rect(seat)
        if second:  # the Transform weapon lies across the Transform card
            return r.centerx + 24, r.centery + 8
        return r.center

    def used_pos(self, seat: int, i: int, n: int) -> tuple[float, float]:
        b = self.boards[seat]
        r = self.slot_rect(seat)
        x0 = r.right + 16 + MINI[0] / 2
        room = b.right - 10 - MINI[0] / 2 - x0
        step = min(MINI[0] + 4, room / max(1, n - 1)) if n > 1 else 0
        return x0 + i * step, b.bottom - 8 - MINI[1] / 2

    def hand_pos(self, i: int, n: int) -> tuple[float, float]:
        r = self.zones["hand"].rect
        room = r.w - 16 - HAND[0]
        step = min(HAND[0] + 8, room / max(1, n - 1)) if n > 1 else 0
        x0 = r.x + 8 + HAND[0] / 2
        return x0 + i * step, r.centery + 10

    def monster_pos(self) -> tuple[float, float]:
        r = self.monster_rect
        return r.x + 10 + MON[0] / 2, r.y + 34 + MON[1] / 2

    def deck_pos(self) -> tuple[float, float]:
        r = self.dungeon_rect
        return r.x + 10 + SMALL[0] / 2, r.y + 78 + SMALL[1] / 2

    def final_pos(self) -> tuple[float, float]:
        r = self.dungeon_rect
        return r.right - 10 - SMALL[0] / 2, r.y + 78 + SMALL[1] / 2

    def available_pos(self, i: int) -> tuple[float, float]:
        r = self.upgrades_rect
        col, row = i % 3, i // 3
        return r.x + 10 + SMALL[0] / 2 + col * (SMALL[0] + 6), r.y + 30 + SMALL[1] / 2 + row * (SMALL[1] + 5)

    def board_hand_pos(self, seat: int) -> tuple[float, float]:
        b = self.boards[seat]
        return b.right - 30, b.y + 14

    def seat_rect(self, seat: int) -> pygame.Rect | None:
        return self.boards.get(seat)

    # ================================================================ cards ================
    def card_places(self, view: dict) -> list[Place]:
        places: list[Place] = []
        me = self.me
        if view["dungeon"]["left"]:
            places.append(Place(("dungeon",), ("dback",), SMALL, self.deck_pos(), "dungeon", 0))
        fb = view["final_boss"]
        m = view["monster"]
        if m is None or m["card"] != fb["card"]:
            if fb["card"] not in [d["card"] for d in view["defeated"]]:
                places.append(Place(fb["card"], ("m", fb["id"]), SMALL, self.final_pos(), "dungeon", 0))
        if m is not None:
            places.append(Place(m["card"], ("m", m["id"]), MON, self.monster_pos(), "monster", 1))
        for i, c in enumerate(view["available"]):
            places.append(Place(c["card"], ("h", c["id"]), SMALL, self.available_pos(i), "upgrades", 1))
        for h in view["hunters"]:
            p = h["seat"]
            if p not in self.boards:
                continue
            zone = f"board:{p}"
            size = HAND if p == me else SMALL
            used = h["used"]
            for i, c in enumerate(used):
                places.append(Place(c["card"], ("mini", c["id"]), MINI, self.used_pos(p, i, len(used)), zone, 2))
            if h["chosen"]:
                if h["card"] is not None:
                    hidden = view["phase"] == "choose_action_cards"
                    face = ("down", h["card"]["id"]) if hidden else ("h", h["card"]["id"])
                    places.append(Place(h["card"]["card"], face, size, self.slot_pos(p), zone, 3))
                else:
                    places.append(Place(("slot", p), None, size, self.slot_pos(p), zone, 3))
            if h["transform_chosen"]:
                if h["transform"] is not None:
                    hidden = view["phase"] == "transform"
                    face = ("down", h["transform"]["id"]) if hidden else ("h", h["transform"]["id"])
                    places.append(Place(h["transform"]["card"], face, size, self.slot_pos(p, True), zone, 4))
                else:
                    places.append(Place(("tslot", p), None, size, self.slot_pos(p, True), zone, 4))
        hand = view["hand"] or []
        for i, c in enumerate(hand):
            places.append(Place(c["card"], ("h", c["id"]), HAND, self.hand_pos(i, len(hand)), "hand", 5))
        return places

    def render_face(self, face: Any, size: tuple[int, int]) -> pygame.Surface:
        if face is None:
            return bc.hunter_back(size)
        kind = face[0]
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
        f = s.face_key
        f = getattr(f, "new", f)
        if f is None or f[0] in ("dback",):
            return None
        if f[0] in ("mini", "down"):
            if f[0] == "down" and s.zone != f"board:{self.me}" and s.key not in self.hand_keys():
                return None
            f = ("h", f[1])
        return self.face(f, cg.ZOOM)

    def spawn_point(self, place: Place) -> tuple[float, float]:
        key = place.key
        if isinstance(key, tuple) and key[0] in ("slot", "tslot"):
            seat = key[1]
            return self.board_hand_pos(seat) if seat in self.boards else place.pos
        if place.zone == "monster" or (place.zone == "dungeon" and isinstance(key, int)):
            if place.face and place.face[0] == "m" and self.cs.monster_by_id[place.face[1]].final:
                return self.final_pos()
            return self.deck_pos()
        if place.zone == "upgrades":
            r = self.upgrades_rect
            return r.right - 20, r.y + 20
        if place.zone.startswith("board:"):
            seat = int(place.zone.split(":")[1])
            if place.size == MINI or (isinstance(key, int) and place.pos in (self.slot_pos(seat), self.slot_pos(seat, True))):
                return place.pos  # a revealed card turns over where its placeholder lay
            return self.board_hand_pos(seat)
        return place.pos

    def spawn_face(self, place: Place) -> Any:
        if place.zone == "monster":
            if place.face and self.cs.monster_by_id[place.face[1]].final:
                return place.face
            return ("dback",)
        if place.zone.startswith("board:") and place.size != MINI:
            return None
        return place.face

    def hand_keys(self) -> list[Any]:
        v = self.state
        if self.viewer is None:
            return []
        return sorted(v.hand[self.me])

    # ================================================================ gestures =============
    def gesture_action(self, sprite: CardSprite, zone: Zone) -> Action | None:
        key = sprite.key
        if not isinstance(key, int):
            return None
        phase = self.state.phase
        if zone.target == "chosen":
            from game.bloodborne.rules import TRANSFORM

            return Action("transform" if phase == TRANSFORM else "choose", key, "chosen")
        if zone.target == "hand":
            return Action("upgrade", key, "hand")
        if zone.target == "removed":
            return Action("remove", key, "removed")
        return None

    def drop_hint(self, sprite: CardSprite) -> str:
        ph = self.state.phase
        from game.bloodborne.rules import DREAM, IMMEDIATE

        if ph == DREAM:
            return "Drag an Available Upgrade into your hand, or a card onto the remove slot."
        if ph == IMMEDIATE:
            return "Click a hunter's board to aim your Immediate card."
        return "Drop the card on your chosen slot (or double-click it)."

    def draggable(self, sprite: CardSprite) -> bool:
        if super().draggable(sprite):
            return True
        return isinstance(sprite.key, int) and sprite.zone == "upgrades"

    def click_card(self, sprite: CardSprite) -> None:
        key = sprite.key
        seat = self.board_of(sprite.zone)
        if seat is not None and self.aim_options():
            self.aim_at(seat)
            return
        now = time.monotonic()
        prev, t = self.last_click
        self.last_click = (key, now)
        player = self.acting_human()
        actions = [a for a in self.legal(player) if a.source == key] if player is not None else []
        if prev == key and now - t < DOUBLE_CLICK and actions:
            self.selected = None
            if len(actions) == 1:
                self.apply(player, actions[0])
            else:
                self.choose(actions, (int(sprite.x), int(sprite.rect.top) - 10), player, title="")
            return
        if actions:
            self.selected = key
            self.glow_targets(actions)
            return
        if key in self.hand_keys() or sprite.zone == "upgrades":
            self.selected = None
            if player is None:
                self.toast(self.not_your_turn())
            else:
                a = self.gesture_action(sprite, self.zones["chosen"] if sprite.zone != "upgrades" else self.zones["hand"])
                self.refuse(player, a, "Nothing can be done with that card now.")

    def glow_targets(self, actions: list[Action]) -> None:
        targets = {a.target for a in actions}
        for z in self.zones.values():
            z.glow = z.target is not None and z.target in targets

    def click_zone(self, zone: Zone, pos: tuple[int, int]) -> None:
        if self.aim_options():
            seat = next((p for p, r in self.boards.items() if r.collidepoint(pos)), None)
            if seat is not None:
                self.aim_at(seat)
                return
        if self.selected is not None:
            player = self.acting_human()
            key = self.selected
            self.selected = None
            self.end_drag_visuals()
            target_zone = next((z for z in self.zones.values() if z.target is not None and z.contains(pos)), None)
            if player is None or target_zone is None:
                return
            matches = [a for a in self.legal(player) if a.source == key and a.target == target_zone.target]
            if len(matches) == 1:
                self.apply(player, matches[0])
            elif matches:
                self.choose(matches, pos, player)
            elif key in self.sprites:
                self.refuse(player, self.gesture_action(self.sprites[key], target_zone), "That card cannot go there.")

    def press(self, pos: tuple[int, int]) -> None:
        self.summary_shown = None
        if self.selected is not None and self.sprite_at(pos) is None:
            z = self.zone_at(pos)
            if z is not None:
                self.click_zone(z, pos)
                return
            self.selected = None
            self.end_drag_visuals()
        super().press(pos)

    def board_of(self, name: str) -> int | None:
        if name.startswith("board:"):
            return int(name.split(":")[1])
        return None

    def aim_options(self) -> list[Action]:
        return [a for a in self.legal() if a.kind == "immediate"]

    def aim_at(self, seat: int) -> None:
        """Step 3: a click on a board aims the Immediate card (yours: protect yourself)."""
        me = self.acting_human()
        if me is None:
            return
        target = "self" if seat == me else seat
        for a in self.aim_options():
            if a.target == target:
                self.apply(me, a)
                return
        card = self.aim_options()[0].source
        option = "shield" if seat == me else "cancel"
        self.refuse(me, Action("immediate", card, target, option), "That hunter cannot be aimed at.")

    def refuse(self, player: int | None, action: Action | None, fallback: str) -> None:
        """As the base, but in a simultaneous step a hunter who already chose hears why
        (the rules' own words), not only that it is not their turn."""
        if player is not None and action is not None and not self.match.is_over() \
                and player not in self.match.to_act():
            self.toast(self.state.why_illegal(player, action))
            return
        super().refuse(player, action, fallback)

    def skip_upgrade(self) -> None:
        me = self.acting_human()
        for a in self.legal(me):
            if a.kind == "skip_upgrade":
                self.apply(me, a)
                return

    def toggle_summary(self) -> None:
        if self.summary_shown is not None:
            self.summary_shown = None
        elif self.last_summary is not None:
            self.summary_shown = self.last_summary
            self.summary_until = time.monotonic() + 30

    last_summary: dict | None = None

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_r:
            self.toggle_summary()
            return
        if event.key == pygame.K_SPACE and self.summary_shown is not None and not self.timeline.busy:
            self.summary_shown = None
            return
        super().key(event)

    def release(self, pos: tuple[int, int]) -> None:
        d = self.drag
        if d is not None and d.active and d.sprite.zone == "hand" and self.zones["hand"].contains(pos):
            self.end_drag_visuals()
            self.glide_back(d)  # dropped back into the hand: nothing to say
            return
        super().release(pos)

    def start_drag(self, d) -> None:
        self.selected = None
        self.summary_shown = None
        super().start_drag(d)

    # ================================================================ events ================
    def sync(self, animate: bool = True, events=()) -> None:
        events = list(events)
        self.plan.update(self.plan_events(events))
        self.collect_summary(events)
        if not animate or self.speed == 0 or not events:
            for e in events:
                self.live_event(e, animate=False)
                self.plan.pop(id(e), None)
                if e.kind == "dice" and self.tray is not None:
                    self.tray.throw_event(e.data, seed=self.dice_count)
                    self.tray.finish()
            self.pins.clear()
            if events and self.summary is not None and self.summary.get("done"):
                self.finish_summary()
            super().sync(animate=animate and self.speed != 0, events=events)
            if not animate or self.speed == 0:
                self.live = _live_from(self.shown)
            return
        hold = self.hold_places()
        self.timeline.then(lambda: self._hold(hold))
        super().sync(animate=True, events=events)

    def hold_places(self) -> dict[Any, Place]:
        """The cards lying in the hunters' slots and the monster stay put while a batch of
        events plays; its events move them, and the last step sends them to their final place."""
        hold: dict[Any, Place] = {}
        for key, s in self.sprites.items():
            if s.zone == "monster" or (s.zone.startswith("board:") and s.size != MINI):
                face = getattr(s.face_key, "new", s.face_key)
                hold[key] = Place(key, face, s.size, s.home, s.zone, s.z // 1000)
        return hold

    def _hold(self, hold: dict[Any, Place]) -> list[Any]:
        for key, place in hold.items():
            self.pins.setdefault(key, place)
        return []

    def plan_events(self, events: list[Event]) -> dict[int, tuple[list[Any], dict[Any, Place]]]:
        """For each event: the card keys it moves and where they go for now (the pins). Cards
        stay where the round left them — revealed in the slots, the monster in its place —
        until the round is over; then the last step sends everything to its final place."""
        plan: dict[int, tuple[list[Any], dict[Any, Place]]] = {}
        me = self.me
        revealed_here = False
        last = self.match.record.actions[-1] if self.match.record.actions else None
        action = last[1] if last else None
        mine_acted = last is not None and last[0] == self.viewer
        shown = self.shown if self.shown is not None else self.view()
        mon = shown["monster"]["card"] if shown.get("monster") else None
        reveal_group: list[int] = []
        for e in events:
            k, d, p = e.kind, e.data, e.player
            keys: list[Any] = []
            pins: dict[Any, Place] = {}
            size = HAND if p == me else SMALL
            zone = f"board:{p}"
            if k in ("choose", "transform_chosen") and p in self.boards and not (k == "choose" and revealed_here):
                second = k == "transform_chosen"
                if p != self.viewer:
                    key, face = ("tslot" if second else "slot", p), None  # a secret: its back only
                elif mine_acted and action.kind == ("transform" if second else "choose"):
                    key, face = action.source, ("down", self.state.cards[action.source].id)
                else:
                    key = None  # forced on you by the rules: the final layout shows it
                if key is not None:
                    keys = [key]
                    pins[key] = Place(key, face, size, self.slot_pos(p, second), zone, 4 if second else 3)
            elif k == "reveal" and p in self.boards:
                revealed_here = True
                c = d["card"]
                reveal_group.append(id(e))
                keys = [c]
                pins[c] = Place(c, ("h", self.state.cards[c].id), size, self.slot_pos(p), zone, 3)
            elif k == "transform" and p in self.boards:
                c = d["card"]
                keys = [c]
                pins[c] = Place(c, ("h", self.state.cards[c].id), size, self.slot_pos(p, True), zone, 4)
            elif k == "monster_revealed":
                c = d["card"]
                keys = [c]
                pins[c] = Place(c, ("m", d["monster"]), MON, self.monster_pos(), "monster", 1)
                if mon is not None and mon != c:
                    keys.append(mon)
                    pins[mon] = Place(mon, ("m", self.state.mdef[mon - self.state.mbase].id), SMALL,
                                      self.deck_pos(), "dungeon", 0)
                mon = c
            elif k in ("killed", "escape") and mon is not None:
                keys = [mon]
                pins[mon] = Place(mon, ("m", self.state.mdef[mon - self.state.mbase].id), MON, self.monster_pos(), "monster", 1)
            elif k == "dream" and p in self.boards:
                keys = list(d.get("cards", []))
                if p != me:
                    for c in keys:
                        pins[c] = Place(c, ("h", self.state.cards[c].id), SMALL, self.board_hand_pos(p), zone, 3)
            elif k == "upgrade_taken" and p in self.boards:
                c = d["card"]
                keys = [c]
                if p != me:
                    pins[c] = Place(c, ("h", self.state.cards[c].id), SMALL, self.board_hand_pos(p), zone, 3)
            elif k == "removed":
                c = d["card"]
                keys = [c]
                pins[c] = Place(c, ("h", self.state.cards[c].id), SMALL, self.slot_pos(p) if p in self.boards else (640, 360), zone, 6)
            elif k == "recall" and p in self.boards:
                keys = list(d.get("cards", []))
                if p != me:
                    for c in keys:
                        pins[c] = Place(c, ("h", self.state.cards[c].id), SMALL, self.board_hand_pos(p), zone, 3)
            plan[id(e)] = (keys, pins)
        # all hunters' cards flip together: the first reveal turns every card over
        if reveal_group:
            first = reveal_group[0]
            keys, pins = plan[first]
            for eid in reveal_group[1:]:
                k2, p2 = plan[eid]
                keys += k2
                pins.update(p2)
                plan[eid] = ([], {})
        return plan

    def event_cards(self, event: Event) -> list[Any]:
        got = self.plan.get(id(event))
        return list(got[0]) if got else []

    def _event_step(self, event: Event, keys: list[Any], by_key: dict[Any, Place]) -> list[Any]:
        got = self.plan.pop(id(event), None)
        pins = got[1] if got else {}
        self.pins.update(pins)
        if event.kind in ("reveal", "transform") and keys:
            self.drop_placeholders(event)
        merged = dict(by_key)
        for k in keys:
            if k in self.pins:
                merged[k] = self.pins[k]
        for k in keys:  # a placeholder with no place anywhere: spawn it where it was planned
            if k not in merged and k in pins:
                merged[k] = pins[k]
        self.live_event(event, animate=True)
        return super()._event_step(event, keys, merged)

    def drop_placeholders(self, event: Event) -> None:
        """A revealed card replaces the face-down placeholder under it."""
        tag = "slot" if event.kind == "reveal" else "tslot"
        for p in range(self.match.players):
            if ("reveal" == event.kind) or p == event.player:
                self.sprites.pop((tag, p), None)
        self.order = sorted(self.sprites.values(), key=lambda s: s.z)

    def _apply_places(self, places: list[Place], keys, instant: bool) -> list[Any]:
        if keys is not None and not instant and self.pins:
            places = [self.pins.get(p.key, p) for p in places]
        return super()._apply_places(places, keys, instant)

    def _last_step(self) -> list[Any]:
        self.pins.clear()
        self.marks = {k: v for k, v in self.marks.items() if v == "CANCELLED" and self.state.phase in (1, 2, 3)}
        tweens = super()._last_step()
        self.live = _live_from(self.shown)
        if self.summary is not None and self.summary.get("done"):
            self.finish_summary()
        return tweens

    # --- the numbers ticking and flying -----------------------------------------------------
    def board_point(self, seat: int, what: str) -> tuple[float, float]:
        b = self.boards.get(seat)
        if b is None:
            return self.table_rect.center
        dial = self.dial_center(seat)
        if what == "health":
            return dial
        if what == "collected":
            return self.echo_rects(seat)[0].center
        if what == "banked":
            return self.echo_rects(seat)[1].center
        return b.center

    def live_event(self, e: Event, animate: bool) -> None:
        """Tick the boards' numbers for one event; with `animate`, add floaters and tokens."""
        live = self.live
        if live is None:
            return
        k, d, p = e.kind, e.data, e.player
        stage = STAGES.get(k)
        if stage:
            self.stage = stage
        fl = self.floaters.append if animate else (lambda f: None)
        if k == "damage" and p is not None:
            live["health"][p] = d["health"]
            fl(Floater(f"-{d['amount']}", self.board_point(p, "health"), (255, 90, 80), 26))
            self.flash[p] = 1.0
        elif k == "heal" and p is not None:
            live["health"][p] = d["health"]
            fl(Floater("healed", self.board_point(p, "health"), (140, 220, 150), 18))
        elif k == "death" and p is not None:
            live["dead"][p] = True
            live["collected"][p] = 0
            fl(Floater("DIES", self.board_point(p, "health"), (255, 70, 70), 30, 1.8))
        elif k == "echoes_taken" and p is not None:
            live["collected"][p] += d["amount"]
            live["echoes"] = d.get("left", live["echoes"])
            if animate:
                a = self.monster_pos()
                b = self.board_point(p, "collected")
                for i in range(min(d["amount"], 8)):
                    self.tokens.append(Token((a[0] + (i % 3) * 8 - 8, a[1] + (i // 3) * 6), b, i * 0.06))
            fl(Floater(f"+{d['amount']} echoes", self.board_point(p, "collected"), (255, 120, 110), 18))
        elif k == "echoes_lost" and p is not None:
            live["collected"][p] = max(0, live["collected"][p] - d["amount"])
            fl(Floater(f"-{d['amount']} echoes", self.board_point(p, "collected"), (255, 120, 110), 18))
        elif k == "bank" and p is not None:
            live["banked"][p] += live["collected"][p] if d["amount"] else 0
            live["collected"][p] = 0
            if d["amount"] and animate:
                a, b = self.board_point(p, "collected"), self.board_point(p, "banked")
                for i in range(min(d["amount"], 8)):
                    self.tokens.append(Token(a, b, i * 0.05))
        elif k == "trophy" and p is not None:
            kind = d["trophy"]
            live["trophies"][p][KINDS.index(kind)] += 1
            if animate:
                self.tokens.append(Token(self.monster_pos(), self.trophy_point(p, kind), 0.0, kind))
            fl(Floater(f"{kind.capitalize()} trophy", self.board_point(p, "centre"), GOLD, 18))
        elif k == "dream" and p is not None:
            live["health"][p] = 8
            live["dead"][p] = False
        elif k == "monster_revealed":
            live["echoes"] = live["hp_total"] = d["echoes"]
            live["monster"] = dict(self.cs.monster_by_id[d["monster"]].to_view(), card=d["card"],
                                   echoes=d["echoes"], hp_total=d["echoes"])
        elif k == "monster_heal":
            live["echoes"] += d["amount"]
        elif k == "killed":
            self.marks[d["card"]] = "SLAIN"
            m = live.get("monster")
            self.gone = (m["name"] if m else "The monster", "slain")
            live["echoes"] = 0
        elif k == "escape":
            m = live.get("monster")
            if m is not None:
                self.marks[m["card"]] = "ESCAPED"
                self.gone = (m["name"], "escaped")
        elif k == "cancel" and p is not None:
            c = self.state_card_of(p)
            if c is not None:
                self.marks[c] = "CANCELLED"
        elif k == "out" and p is not None:
            live["out"][p] = True
        elif k == "dice":
            self.dice_count += 1
            self.last_dice = dict(d)

    def trophy_point(self, seat: int, kind: str) -> tuple[float, float]:
        r = self.trophy_rects(seat)
        return r[KINDS.index(kind)].center

    def state_card_of(self, p: int) -> int | None:
        st = self.state
        c = st.tform[p] if st.tform[p] >= 0 else st.chosen[p]
        return c if c >= 0 else None

    def animate_event(self, event: Event) -> list[Any]:
        k = event.kind
        if k == "dice" and self.tray is not None:
            self.tray.throw_event(event.data, seed=self.dice_count)
            return [TrayWait(self.tray)]
        if k in ("reveal",):
            return [Wait(0.35)] if self.event_cards(event) else [Wait(0.0)]
        if k in ("choose", "transform_chosen"):
            return [Wait(0.05)]
        if k == "damage":
            return [Wait(0.3)]
        if k == "death":
            return [Wait(0.6)]
        if k in ("echoes_taken", "trophy", "bank"):
            return [Wait(0.35)]
        if k == "monster_revealed":
            m = self.cs.monster_by_id[event.data["monster"]]
            if m.boss:  # a boss or the final boss enters with its name and power across the table
                hold = 2.4 / max(self.speed, 1.0)
                what = "The final boss" if m.final else "A boss"
                self.caption = (f"{what} appears: {m.name}", m.text, time.monotonic() + hold)
                return [Wait(1.0)]
            return [Wait(0.5)]
        if k in ("killed", "escape", "cancel"):
            return [Wait(0.5)]
        if k == "immediate":
            c = event.data.get("card")
            s = self.sprites.get(c)
            if s is not None:
                s.glow = True

                def off(s=s):
                    s.glow = False
                return [Wait(0.45, off)]
        return []

    # --- the round summary ----------------------------------------------------------------
    def collect_summary(self, events: list[Event]) -> None:
        """Per hunter: card played, damage taken, damage dealt, echoes, trophies, death. A
        round's summary starts at the reveal and is complete when step 1 comes round again."""
        for e in events:
            k, d, p = e.kind, e.data, e.player
            if k == "reveal" and (self.summary is None or self.summary.get("done")):
                shown = self.shown if self.shown is not None else self.view()
                m = (self.live or {}).get("monster")
                self.summary = {"round": shown["round"], "rows": {}, "roll": None,
                                "monster": m["name"] if m else None, "end": ""}
            s = self.summary
            if s is None or s.get("done"):
                continue
            row = None
            if p is not None:
                row = s["rows"].setdefault(p, {"card": "", "taken": 0, "dealt": 0, "echoes": 0,
                                               "trophies": [], "notes": []})
            if k == "dice":
                s["roll"] = (d["die"], d["total"])
            elif k in ("killed", "escape"):
                s["end"] = "slain" if k == "killed" else "escaped"
            elif k == "monster_revealed" and s["rows"]:
                s["done"] = True  # the next monster belongs to the next round
            if row is None:
                continue
            if k == "reveal":
                row["card"] = self.state.cards[d["card"]].name
            elif k == "transform":
                row["card"] += f": {self.state.cards[d['card']].name}"
            elif k == "damage":
                row["taken"] += d["amount"]
            elif k == "echoes_taken":
                row["dealt"] += d["amount"]
                row["echoes"] += d["amount"]
            elif k == "echoes_lost":
                row["echoes"] -= d["amount"]
            elif k == "trophy":
                row["trophies"].append(d["trophy"].capitalize())
            elif k == "death":
                row["notes"].append("died" + (f", lost {d['lost']}" if d.get("lost") else ""))
            elif k == "bank" and d.get("amount"):
                row["notes"].append(f"banked {d['amount']}")
            elif k == "upgrade_taken":
                row["notes"].append(f"took {self.state.cards[d['card']].name}")
            elif k == "cancel":
                row["notes"].append("attack cancelled")
            elif k == "out":
                row["notes"].append("out of the game")
        s = self.summary
        if s is not None and s["rows"] and self.state.phase in (0, 4):
            s["done"] = True

    def finish_summary(self) -> None:
        s = self.summary
        if s is None:
            return
        self.summary = None
        self.last_summary = s
        self.summary_shown = s
        self.summary_until = time.monotonic() + 7.0 / max(1.0, self.speed)

    # ================================================================ update ===============
    def update(self, dt: float) -> None:
        speed = self.speed
        sdt = dt * (speed if speed else 1.0)
        if self.tray is not None:
            if speed == 0:
                self.tray.finish()
            else:
                self.tray.update(sdt)
        for f in self.floaters:
            f.t += sdt
        self.floaters = [f for f in self.floaters if f.t < f.life]
        for t in self.tokens:
            if t.delay > 0:
                t.delay -= sdt
            else:
                t.t += sdt / 0.55
        self.tokens = [t for t in self.tokens if t.t < 1.0]
        if self.live is not None:  # the health dials turn towards the live numbers, notch by notch
            for p, h in enumerate(self.live["health"]):
                cur = self.dial.get(p, float(h))
                step = sdt * 6.0
                self.dial[p] = h if abs(h - cur) <= step else cur + step * (1 if h > cur else -1)
        for p in list(self.flash):
            self.flash[p] -= sdt * 2
            if self.flash[p] <= 0:
                del self.flash[p]
        if self.summary_shown is not None and time.monotonic() > self.summary_until:
            self.summary_shown = None
        super().update(dt)

    def refresh_buttons(self) -> None:
        # calls to action wait for the animation: the table never shows the future early
        legal = [] if self.timeline.busy else self.legal()
        if hasattr(self, "skip_button"):
            self.skip_button.visible = any(a.kind == "skip_upgrade" for a in legal)
        if hasattr(self, "summary_button"):
            self.summary_button.visible = self.last_summary is not None
        removing = any(a.kind == "remove" for a in legal)
        self.zones["removed"].visible = removing
        self.zones["removed"].target = "removed" if removing else None
        self.zones["chosen"].target = None if removing else "chosen"
        self.zones["chosen"].visible = not removing
        aims = [a for a in legal if a.kind == "immediate"]
        glow = set()
        me = self.acting_human()
        for a in aims:
            glow.add(me if a.target == "self" else a.target)
        self.glow_boards = glow

    # ================================================================ text ================
    def banner_text(self) -> str:
        st = self.state
        v = self.shown if self.shown is not None else self.view()
        if st.is_over():
            return "The hunt is over"
        if self.timeline.busy and self.stage:
            return f"Round {v['round']} · {self.stage}"
        me = self.acting_human()
        step = STEP_NAMES.get(STATE_PHASES[st.phase], "")
        head = f"Round {st.round} · {step}"
        if me is None:
            acting = self.match.to_act()
            who = ", ".join(self.match.seat_name(p) for p in acting)
            return f"{head} · waiting for {who}" if who else head
        ph = st.phase
        if ph == 0:
            return f"{head}: drag a card onto your chosen slot"
        if ph == 1:
            return f"{head}: drag a weapon onto your slot"
        if ph == 2:
            opts = self.aim_options()
            name = self.state.cards[opts[0].source].name if opts else "Immediate card"
            return f"{name}: click your board to protect yourself, or a glowing hunter to cancel"
        if ph == 3:
            if any(a.kind == "remove" for a in self.legal()):
                return "Hand limit 7: drag a card onto the remove slot"
            return f"{head}: drag an Available Upgrade into your hand"
        return head

    def help_lines(self) -> list[str]:
        return [
            "Bloodborne: every round, drag one card from your hand onto your chosen slot",
            "(or double-click it). All hunters' cards flip together. Transform: pick a weapon",
            "the same way. Immediate cards: click a hunter's board to aim.",
            "The monster rolls its lantern die at every hunter; your weapon takes its echoes.",
            "Hunter's Dream: bank your echoes, take your cards back and drag an upgrade to your hand.",
            "R  show the last round's summary.",
        ]

    # ================================================================ drawing ==============
    def upgrades_glow(self) -> bool:
        """The Available Upgrades panel glows while you may take one."""
        return not self.timeline.busy and any(a.kind == "upgrade" for a in self.legal())

    def static_key(self) -> Any:
        """The static layer: the background, the panels (the upgrades' glow), the zones and
        the seats' areas (whose turn it is); the numbers and dice are drawn live over it."""
        return (self.upgrades_glow(), tuple(self.match.to_act()), self.zones_key(), self.viewer)

    def draw_static(self, surface: pygame.Surface) -> None:
        theme.draw_background(surface, "bloodborne")
        panel(surface, self.dungeon_rect, PANEL_FILL, PANEL_EDGE, radius=12)
        panel(surface, self.monster_rect, PANEL_FILL, PANEL_EDGE, radius=12)
        glow = self.upgrades_glow()
        panel(surface, self.upgrades_rect, PANEL_FILL, (*GOLD, 230) if glow else PANEL_EDGE, radius=12,
              width=3 if glow else 2)
        t = text.render("Chalice Dungeon", 16, GOLD, "bold")
        surface.blit(t, (self.dungeon_rect.x + 10, self.dungeon_rect.y + 6))
        t = text.render("Available Upgrades", 16, GOLD, "bold")
        surface.blit(t, (self.upgrades_rect.x + 10, self.upgrades_rect.y + 6))
        self.draw_zones(surface)
        self.draw_seat_panels(surface)
        hz = self.zones["hand"].rect
        if self.viewer is not None:
            name = "Your hand" if self.match.seat_name(self.me) == "You" else f"{self.match.seat_name(self.me)}'s hand"
            t = text.render(name, 15, GOLD, "bold")
            surface.blit(t, (hz.x + 10, hz.y + 6))

    def draw_table(self, surface: pygame.Surface) -> None:
        """Over the cached layers: the dice tray (and, before the first frame of a table
        without `live` numbers, everything the overlay would hold)."""
        view = self.shown if self.shown is not None else self.view()
        if self.overlay_key() is None:
            self.draw_dungeon(surface, view)
            self.draw_monster(surface, view)
        if self.tray is not None:
            self.tray.draw(surface)
            self.draw_tray_caption(surface, view)
        if self.overlay_key() is None:
            self.draw_upgrades(surface, view)

    def overlay_key(self) -> Any:
        """The boards (names, echoes, trophies…) change with the events, not every frame: they
        are a second cached level; the dials, flashes and "thinking…" stay live."""
        live = self.live
        if live is None:
            return None
        return (self.shown_version, tuple(live["collected"]), tuple(live["banked"]),
                tuple(tuple(t) for t in live["trophies"]), tuple(live["dead"]), tuple(live["out"]),
                tuple(sorted(self.glow_boards)), live["echoes"], live["hp_total"], repr(live["monster"]),
                self.gone)

    def draw_static_overlay(self, surface: pygame.Surface) -> None:
        view = self.shown if self.shown is not None else self.view()
        self.draw_dungeon(surface, view)
        self.draw_monster(surface, view)
        self.draw_upgrades(surface, view)
        self.draw_boards(surface, view, live=False)

    def draw_seats(self, surface: pygame.Surface) -> None:
        view = self.shown if self.shown is not None else self.view()
        self.draw_boards(surface, view, live=True if self.live is not None else None)

    def draw_dungeon(self, surface: pygame.Surface, view: dict) -> None:
        r = self.dungeon_rect
        dn = view["dungeon"]
        n = dn["revealed"]
        size = dn["size"]
        m = self.live.get("monster") if self.live else view["monster"]
        final = m is not None and m.get("final")
        prog = "Final Boss" if final else f"{n} of {size}"
        t = text.render(prog, 18 if not final else 16, TEXT, "bold")
        surface.blit(t, (r.x + 10, r.y + 28))
        # ten pips: slain / escaped / the current one
        slain = len(view["defeated"])
        for i in range(size):
            c = (r.x + 16 + i * 16, r.y + 62)
            if i < n - 1 or (i == n - 1 and final):
                pygame.draw.circle(surface, (150, 120, 70), c, 6)
            elif i == n - 1:
                pygame.draw.circle(surface, BLOOD, c, 7)
                pygame.draw.circle(surface, GOLD, c, 7, 1)
            else:
                pygame.draw.circle(surface, (90, 80, 70), c, 6, 1)
        dx, dy = self.deck_pos()
        lab = text.render(f"deck {dn['left']}", 14, DIM)
        surface.blit(lab, lab.get_rect(midtop=(dx, dy + SMALL[1] / 2 + 3)))
        fx, fy = self.final_pos()
        lab = text.render("final boss", 14, DIM)
        surface.blit(lab, lab.get_rect(midtop=(fx, fy + SMALL[1] / 2 + 3)))
        if final:
            for i, ln in enumerate(("now", "fighting")):
                t = text.render(ln, 14, GOLD, "bold")
                surface.blit(t, t.get_rect(center=(fx, fy - 9 + 18 * i)))
        esc = len(view["escaped"])
        lab = text.render(f"slain {slain} · escaped {esc}", 14, DIM)
        surface.blit(lab, lab.get_rect(midbottom=(r.centerx, r.bottom - 6)))
        if not dn["left"]:
            e = text.render("empty", 14, DIM)
            surface.blit(e, e.get_rect(center=(dx, dy)))

    def draw_monster(self, surface: pygame.Surface, view: dict) -> None:
        r = self.monster_rect
        live = self.live or _live_from(view)
        m = live.get("monster")
        mx, my = self.monster_pos()
        x0 = int(mx + MON[0] / 2 + 10)
        w = r.right - 8 - x0
        if m is None:
            gone = self.gone or ("The monster", "slain")
            y = r.y + 40
            for ln in text.wrap(f"{gone[0]} {'was slain' if gone[1] == 'slain' else 'escaped'}.", 16, r.w - 24, "bold"):
                surface.blit(text.render(ln, 16, TEXT, "bold"), (r.x + 12, y))
                y += 20
            for ln in text.wrap("The next dungeon card is revealed at the end of the round.", 14, r.w - 24):
                surface.blit(text.render(ln, 14, DIM), (r.x + 12, y + 6))
                y += 17
            return
        title = "THE FINAL BOSS" if m["final"] else ("BOSS" if m["boss"] else "MONSTER")
        t = text.render(title, 14, GOLD, "bold")
        surface.blit(t, (r.x + 10, r.y + 10))
        y = r.y + 36
        # echoes left on it = its remaining HP
        e = text.render(str(live["echoes"]), 34, (255, 236, 226), "bold")
        cg.blit_center(surface, bc.drop_icon(34, bc.BLOOD, (30, 4, 6)), (x0 + 16, y + 22))
        surface.blit(e, (x0 + 36, y))
        of = text.render(f"/ {live['hp_total']}", 16, DIM, "bold")
        surface.blit(of, (x0 + 40 + e.get_width(), y + 14))
        y += 44
        surface.blit(text.render("echoes = HP", 14, DIM), (x0, y))
        y += 20
        # echo tokens still on the card
        for i in range(min(live["echoes"], 24)):
            cx = x0 + 8 + (i % 8) * 15
            cy = y + 8 + (i // 8) * 15
            pygame.draw.circle(surface, (150, 24, 30), (cx, cy), 6)
            pygame.draw.circle(surface, (240, 120, 110), (cx - 2, cy - 2), 2)
        y += 8 + 15 * max(1, (min(live["echoes"], 24) + 7) // 8) + 6
        bc.lantern_badge(surface, m["lantern"], (x0 + 10, y + 10), 20)
        lab = text.render(f"rolls the {m['lantern']} die" if w >= 150 else f"{m['lantern']} die", 14, TEXT, "bold")
        surface.blit(lab, (x0 + 24, y + 1))
        y += 28
        if m["final"]:
            rule = "Slay it to end the hunt. Its power lasts all game."
        elif m["boss"]:
            rule = "A boss never escapes: it fights on until slain."
        else:
            rule = "Escapes at the end of the round if it survives."
        for ln in text.wrap(rule, 14, w)[: max(0, (r.bottom - 6 - y) // 17)]:
            surface.blit(text.render(ln, 14, DIM), (x0, y))
            y += 17

    def draw_tray_caption(self, surface: pygame.Surface, view: dict) -> None:
        tr = self.tray_rect
        if self.tray is not None and self.tray.dice and self.last_dice is not None:
            d = self.last_dice  # the die's colour in words, not only in paint
            t = text.render(f"{d['die']} die", 14, (236, 214, 200), "bold")
            surface.blit(t, (tr.x + 16, tr.y + 12))
        if self.tray is not None and not self.tray.dice:
            m = (self.live or {}).get("monster")
            msg = f"The {m['lantern']} die waits" if m else "Dice tray"
            t = text.render(msg, 15, (230, 200, 190), "bold")
            surface.blit(t, t.get_rect(center=(tr.centerx, tr.centery - 18)))
            faces = self.cs.dice[m["lantern"]].faces if m else []
            if faces:
                f = text.render("faces " + " ".join(faces), 14, (220, 190, 180))
                surface.blit(f, f.get_rect(center=(tr.centerx, tr.centery + 4)))

    def draw_upgrades(self, surface: pygame.Surface, view: dict) -> None:
        r = self.upgrades_rect
        d = text.render(f"deck {view['upgrade_deck']}", 14, DIM)
        surface.blit(d, d.get_rect(topright=(r.right - (10 if self.log.open else 36), r.y + 8)))

    def dial_center(self, seat: int) -> tuple[int, int]:
        b = self.boards[seat]
        s = self.slot_rect(seat)
        rad = 30 if seat == self.me else 24
        return s.right + 26 + rad, b.y + 30 + rad

    def echo_rects(self, seat: int) -> tuple[pygame.Rect, pygame.Rect]:
        cx, cy = self.dial_center(seat)
        rad = 30 if seat == self.me else 24
        x = cx + rad + 10
        return pygame.Rect(x, cy - rad, 100, 22), pygame.Rect(x, cy - rad + 24, 100, 22)

    def trophy_rects(self, seat: int) -> list[pygame.Rect]:
        cx, cy = self.dial_center(seat)
        rad = 30 if seat == self.me else 24
        y = cy + rad + 6
        x0 = self.slot_rect(seat).right + 26
        w = 44 if seat != self.me else 66
        return [pygame.Rect(x0 + i * (w + 4), y, w, 22) for i in range(3)]

    def draw_boards(self, surface: pygame.Surface, view: dict, live: bool | None = None) -> None:
        """The hunters' boards. `live` False: only what changes with the events (cached by the
        table as its overlay); True: only what moves every frame (dials, "thinking…");
        None: everything."""
        stat, dyn = live is not True, live is not False
        numbers = self.live or _live_from(view)
        first = view["first_player"]
        thinking = self.thinking_seat() if dyn else None
        for h in view["hunters"]:
            p = h["seat"]
            b = self.boards.get(p)
            if b is None:
                continue
            mine = p == self.me
            if p in self.glow_boards:
                self.draw_board_glow(surface, b, stat, dyn)
            # header: name, AI, first player, thinking
            name = self.match.seat_name(p)
            if mine and self.viewer is not None and not self.match.is_ai(p) and name != "You":
                name = f"{name} (you)"
            t = text.render(name, 16, TEXT, "bold")
            if stat:
                surface.blit(t, (b.x + 10, b.y + 5))
            x = b.x + 16 + t.get_width()
            if self.match.is_ai(p):
                a = text.render("AI", 14, DIM, "bold")
                if stat:
                    surface.blit(a, (x, b.y + 7))
                x += a.get_width() + 8
            if p == first:
                chip = pygame.Rect(x, b.y + 6, 40, 19)
                if stat:
                    pygame.draw.rect(surface, GOLD, chip, border_radius=9)
                    c = text.render("1st", 14, (30, 20, 6), "bold")
                    surface.blit(c, c.get_rect(center=chip.center))
                x = chip.right + 8
            if p == thinking:
                dots = "." * (1 + int(time.monotonic() * 3) % 3)
                th = text.render(f"thinking{dots}", 14, GOLD, "bold")
                surface.blit(th, (x, b.y + 7))
            if dyn:  # the health dial
                self.draw_dial(surface, self.dial_center(p), 30 if mine else 24, numbers["health"][p], p,
                               self.dial.get(p, numbers["health"][p]))
            if stat:
                self.draw_board_numbers(surface, view, h, numbers, b, mine)

    def draw_board_glow(self, surface: pygame.Surface, b: pygame.Rect, inside: bool, outside: bool) -> None:
        """A board you may aim at glows. Its rounded glow reaches into the board's corners
        (under the board's texts: `inside`, cached) and around it (over the dice tray's edge:
        `outside`, drawn live)."""
        if inside and outside:
            cg.glow_rect(surface, b, self.accent)
            return
        clip = surface.get_clip()
        m = 8  # the glow's reach outside the board
        if inside:
            parts = [b]
        else:
            parts = [pygame.Rect(b.x - m, b.y - m, b.w + 2 * m, m), pygame.Rect(b.x - m, b.bottom, b.w + 2 * m, m),
                     pygame.Rect(b.x - m, b.y, m, b.h), pygame.Rect(b.right, b.y, m, b.h)]
        for part in parts:
            surface.set_clip(part.clip(clip))
            cg.glow_rect(surface, b, self.accent)
        surface.set_clip(clip)

    def draw_board_numbers(self, surface: pygame.Surface, view: dict, h: dict, live: dict, b: pygame.Rect,
                           mine: bool) -> None:
        """A board's hand size, chosen slot, echoes, trophies, used pile and DEAD/OUT."""
        p = h["seat"]
        hs = text.render(f"hand {h['hand_size']}", 14, DIM)
        surface.blit(hs, hs.get_rect(topright=(b.right - 10, b.y + 7)))
        # the chosen slot
        s = self.slot_rect(p)
        if not h["chosen"] and not h["out"]:
            panel(surface, s, (0, 0, 0, 60), (*GOLD, 90), radius=8, width=1)
            lab = "choose" if view["phase"] == "choose_action_cards" else "slot"
            words = ("your", "chosen", "slot") if mine and not self.match.is_ai(p) else ("chosen", "slot") if mine else (lab,)
            for i, ln in enumerate(words):
                tt = text.render(ln, 14, DIM)
                surface.blit(tt, tt.get_rect(center=(s.centerx, s.centery - 18 * (1 if mine else 0) + i * 18)))
        # echoes: collected (can be lost) and banked (safe)
        cr, br = self.echo_rects(p)
        room = b.right - 6 - (cr.x + 20)
        cg.blit_center(surface, bc.drop_icon(18), (cr.x + 8, cr.centery))
        pygame.draw.rect(surface, GOLD, pygame.Rect(br.x + 2, br.y + 4, 12, 15), 2, border_radius=3)
        for n, word, rr, colour in ((live["collected"][p], "collected", cr, TEXT), (live["banked"][p], "banked", br, GOLD)):
            label = f"{n} {word}"
            if text.font(14, "bold").size(label)[0] > room:
                label = str(n)  # a narrow board: the drop and the vial say which is which
            surface.blit(text.render(label, 14, colour, "bold"), (rr.x + 20, rr.y + 2))
        # trophy tracks
        for i, (k, tr) in enumerate(zip(KINDS, self.trophy_rects(p), strict=True)):
            n = live["trophies"][p][i]
            cg.blit_center(surface, bc.trophy_token(k, 18, n == 0), (tr.x + 9, tr.centery))
            label = f"{n}" if not mine else f"{bc.TROPHY_NAMES[k][:3]} {n}"
            surface.blit(text.render(label, 14, TEXT if n else DIM, "bold"), (tr.x + 21, tr.y + 2))
        if mine:
            pts = h["trophy_points"]
            tr = self.trophy_rects(p)[-1]
            surface.blit(text.render(f"{pts} pts", 14, DIM), (tr.right + 4, tr.y + 2))
        # used pile label
        if h["used"]:
            ux, uy = self.used_pos(p, 0, len(h["used"]))
            surface.blit(text.render("used", 14, DIM), (ux - MINI[0] / 2, uy - MINI[1] / 2 - 17))
        if live["dead"][p] or h["out"]:
            word = "OUT" if h["out"] else "DEAD"
            tt = text.render(word, 18, (255, 90, 80), "bold")
            surface.blit(tt, tt.get_rect(topright=(b.right - 10, b.y + 26)))

    def draw_dial(self, surface: pygame.Surface, c: tuple[int, int], rad: int, health: int, seat: int,
                  turning: float | None = None) -> None:
        """The health dial: eight notches around a number; lost notches go dark one by one
        (`turning` is where the dial is while it turns)."""
        lit = health if turning is None else turning
        cg.blit_center(surface, _dial(rad, round(lit * 8) / 8, max(0, health)), c)
        f = self.flash.get(seat, 0)
        if f > 0:
            g = pygame.Surface((rad * 2 + 8, rad * 2 + 8), pygame.SRCALPHA)
            pygame.draw.circle(g, (255, 40, 40, int(120 * f)), (rad + 4, rad + 4), rad + 4)
            surface.blit(g, (c[0] - rad - 4, c[1] - rad - 4))

    def glow_color(self, s: CardSprite):
        c = super().glow_color(s)
        if c is None and s.zone == "upgrades" and not self.timeline.busy and self.drag is None \
                and any(a.source == s.key for a in self.legal()):
            return self.accent  # in the Dream: the upgrades you may take
        return c

    def draw_card_marks(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        mark = self.marks.get(sprite.key)
        if mark:
            r = sprite.rect
            t = text.render(mark, 16 if r.w > 100 else 14, (255, 236, 226), "bold")
            box = t.get_rect(center=r.center).inflate(10, 4)
            pygame.draw.rect(surface, (120, 14, 20), box, border_radius=4)
            surface.blit(t, t.get_rect(center=box.center))
        if sprite.key == self.selected:
            cg.glow_rect(surface, sprite.rect, self.accent)

    def draw_over(self, surface: pygame.Surface) -> None:
        for t in self.tokens:
            if t.delay > 0:
                continue
            u = 1 - (1 - t.t) ** 3
            x = t.a[0] + (t.b[0] - t.a[0]) * u
            y = t.a[1] + (t.b[1] - t.a[1]) * u - math.sin(u * math.pi) * 40
            if t.kind == "echo":
                pygame.draw.circle(surface, (170, 24, 30), (x, y), 7)
                pygame.draw.circle(surface, (255, 150, 140), (x - 2, y - 2), 2)
            else:
                cg.blit_center(surface, bc.trophy_token(t.kind, 22), (x, y))
        for f in self.floaters:
            a = int(255 * min(1.0, max(0.0, 1 - f.t / f.life) * 1.5))
            img = _outlined(f.text, f.size, f.color)
            x, y = f.pos
            img.set_alpha(a)  # the cached image fades for this blit only (no copy per frame)
            surface.blit(img, img.get_rect(center=(x, y - 20 - 30 * f.t)))
            img.set_alpha(255)
        z = self.zones["removed"]
        if z.visible:
            pygame.draw.rect(surface, (40, 10, 12), z.rect, border_radius=10)
            pygame.draw.rect(surface, (230, 110, 100), z.rect, 2, border_radius=10)
            for i, ln in enumerate(("drop here", "to remove", "from game")):
                t = text.render(ln, 14, (240, 170, 160), "bold")
                surface.blit(t, t.get_rect(center=(z.rect.centerx, z.rect.centery - 18 + i * 18)))
        if self.summary_shown is not None:
            self.draw_summary(surface, self.summary_shown)
        self.draw_caption(surface)
        self.draw_tip(surface)

    def draw_caption(self, surface: pygame.Surface) -> None:
        if self.caption is None:
            return
        title, body, until = self.caption
        if time.monotonic() > until:
            self.caption = None
            return
        r = self.summary_rect
        box = pygame.Rect(0, 0, min(r.w - 40, 640), 92)
        box.center = (self.tray_rect.centerx, TOP_Y + TOP_H // 2)  # over the tray, by the boss
        box.clamp_ip(self.table_rect.inflate(-8, -8))
        panel(surface, box, (30, 8, 10, 240), (*GOLD, 230), radius=12)
        t = cg.fit_text(title, 22, (255, 226, 170), box.w - 30, "serif")
        surface.blit(t, t.get_rect(midtop=(box.centerx, box.y + 12)))
        for i, ln in enumerate(cg.wrapped(body, 16, box.w - 40)[:2]):
            b = text.render(ln, 16, TEXT)
            surface.blit(b, b.get_rect(midtop=(box.centerx, box.y + 48 + 20 * i)))

    def tip_text(self, pos: tuple[int, int]) -> str | None:
        """What the pointer rests on, explained (boards' numbers, hands, the dungeon)."""
        if self.drag is not None or self.menu is not None or self.sprite_at(pos) is not None:
            return None
        view = self.shown if self.shown is not None else self.view()
        for p, b in self.boards.items():
            if not b.collidepoint(pos):
                continue
            h = view["hunters"][p]
            name = self.match.seat_name(p)
            cx, cy = self.dial_center(p)
            if math.hypot(pos[0] - cx, pos[1] - cy) < 32:
                return f"{name}: health {h['health']} of 8. At 0 a hunter dies and loses the collected echoes."
            cr, br = self.echo_rects(p)
            if cr.inflate(0, 4).collidepoint(pos):
                return "Collected echoes: lost if the hunter dies. The Hunter's Dream banks them."
            if br.inflate(0, 4).collidepoint(pos):
                return "Banked echoes are safe: each one is a point at the end."
            if any(r.collidepoint(pos) for r in self.trophy_rects(p)):
                pts = h["trophy_points"]
                return f"Trophies (Kin, Humanoid, Beast) from monsters this hunter helped slay: {pts} points now."
            if pos[1] < b.y + 26 and p != self.me:
                cards = ", ".join(self.state.cards[c].name for c in h["holding"]) or "nothing"
                note = " (the chosen card is one of these until the reveal)" if h["chosen"] and h["card"] is None else ""
                return f"{name} holds: {cards}{note}."
        if self.dungeon_rect.collidepoint(pos):
            return "The Chalice Dungeon: 7 monsters and 3 bosses, then the final boss."
        return None

    def draw_tip(self, surface: pygame.Surface) -> None:
        tip = self.tip_text(self.mouse)
        now = time.monotonic()
        if tip != self._tip[0]:
            self._tip = (tip, now)
            return
        if tip is None or now - self._tip[1] < 0.4:
            return
        try:
            from sprites.widgets import draw_tooltip
        except ImportError:  # pragma: no cover
            return
        draw_tooltip(surface, tip, self.mouse)

    def draw_summary(self, surface: pygame.Surface, s: dict) -> None:
        """The round summary panel (drawn once per summary, then blitted)."""
        key = (id(s), self.summary_rect.size)
        if self._summary_img is None or self._summary_img[0] != key:
            img = pygame.Surface(self.summary_rect.size, pygame.SRCALPHA)
            self.render_summary(img, s)
            if pygame.display.get_surface() is not None:
                img = img.convert_alpha()
            self._summary_img = (key, img)
        surface.blit(self._summary_img[1], self.summary_rect)

    def render_summary(self, surface: pygame.Surface, s: dict) -> None:
        r = surface.get_rect()
        panel(surface, r, (16, 10, 10, 252), (*GOLD, 220), radius=12)
        title = f"Round {s['round']}"
        if s.get("monster"):
            title += f" vs {s['monster']}"
        if s.get("roll"):
            die, total = s["roll"]
            title += f" · {die} die rolled {total}"
        if s.get("end"):
            title += f" · {s['end']}"
        surface.blit(text.render(title, 16, GOLD, "bold"), (r.x + 12, r.y + 6))
        hint = text.render("R / click to close", 14, DIM)
        surface.blit(hint, hint.get_rect(topright=(r.right - 12, r.y + 8)))
        cols = [("Hunter", 0), ("Played", 130), ("Took", 380), ("Dealt", 440), ("Echoes", 500),
                ("Trophy", 570), ("", 660)]
        y = r.y + 30
        for label, dx in cols:
            surface.blit(text.render(label, 14, DIM, "bold"), (r.x + 12 + dx, y))
        y += 20
        rows = s["rows"]
        n = self.match.players
        lh = min(22, (r.bottom - 6 - y) // max(1, n))
        for p in range(n):
            row = rows.get(p)
            if row is None:
                continue
            vals = [self.match.seat_name(p), row["card"] or "—", f"-{row['taken']}" if row["taken"] else "0",
                    str(row["dealt"]), f"+{row['echoes']}" if row["echoes"] else "0",
                    ", ".join(row["trophies"]) or "—", "; ".join(row["notes"])]
            for (_label, dx), v in zip(cols, vals, strict=True):
                nxt = [c[1] for c in cols if c[1] > dx]
                width = (min(nxt) - dx - 6) if nxt else r.w - 24 - dx
                colour = (255, 120, 110) if ("died" in v or v.startswith("-")) else TEXT
                surface.blit(cg.fit_text(v, 15, colour, max(20, width), "sans"), (r.x + 12 + dx, y))
            y += lh

    def frame_debug(self) -> str:  # pragma: no cover - handy in a REPL
        return f"pins={len(self.pins)} sprites={len(self.sprites)}"
