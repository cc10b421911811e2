"""The Hermitcraft table: two boards facing each other across the middle, on grass and dirt.

Your board is on the left, the opponent's on the right; each has five rows (a Hermit, its effect
slot, three item slots), the Hermits on the inner side so the active ones face each other. The
middle holds the single-use slot and the coin tray. Your hand lies along the bottom, the button
bar under it. The table base does the gestures; this module lays out, draws and says where an
action's target lies:

- drag a card from your hand onto a glowing slot (the rules' legal actions): a Hermit onto an
  empty row, an effect or item card onto a Hermit's row, a single-use card onto the middle slot;
  click an AFK Hermit to switch to it (its slot glows)
- a drop anywhere else glides back with the rules' reason
- the attacks are buttons showing the damage the rules expect (attacks.expected_damage)
- a question about rows (a new active Hermit, a target) makes those Hermits glow: click one
- the coin lands in the tray on the result the rules drew
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from game.core.contract import Action, Event
from game.hermitcraft.state import ITEM_SLOTS, ROWS
from scenes.table import Place, Spot, TableScene
from scenes.table.layout import spread
from scenes.table.pieces import RowWait
from sprites import cards as cardgfx
from sprites import hermit_icons as hi
from sprites import hermitcraft_cards as hc
from sprites import sound, text
from sprites.cards import HAND, CardSprite
from sprites.coin import CoinRow
from sprites.tween import Wait
from sprites.widgets import Button
from sprites.zones import Zone, panel

BOARD, SMALL = hc.BOARD, hc.SMALL
PITCH = 94  # one row of a board
ROWS_TOP = 76
GAP = 6
MIDDLE = 170  # the middle column's width
TEXT = (246, 242, 226)
DIM = (200, 190, 160)
HEART = (214, 40, 48)
HP_LOW = hi.HP_LOW
EMERALD = hc.EMERALD
#: the slot an action of each kind aims at on the acting seat's own board
OWN_SLOT = {"play_hermit": "h", "switch": "h", "attach_effect": "e", "attach_item": "i"}
#: choice frames whose answers are rows of the asked seat's own board / the opponent's
OWN_ROW_CHOICES = frozenset({"new_active", "forced_switch", "self_switch", "keralis_heal",
                             "heal_target", "mending_row", "bucket_target"})
THEIR_ROW_CHOICES = frozenset({"hypno_target", "bow_target", "lead_row"})


class HermitcraftTable(TableScene):
    accent = (120, 240, 150)  # emerald glow
    tray_felt = (70, 52, 36)
    die_size = 38
    #: the turn timer (option, D23): a turn's seconds, and an answer the opponent owes meanwhile
    turn_seconds, answer_seconds = 90, 30

    def __init__(self, app: Any, session: Any) -> None:
        self.cs = session.game.card_set()
        self.boards: dict[int, pygame.Rect] = {}
        self.slots: dict[tuple, pygame.Rect] = {}
        self._bg: tuple[Any, pygame.Surface] | None = None
        self.coin_row: CoinRow | None = None  # a flip of several coins, in the tray
        self._pick_key: tuple | None = None  # the question whose rows glow (refresh_aim)
        self.marks: list[hi.Mark] = []  # status icons on the Hermits (their tooltips)
        super().__init__(app, session)

    # ================================================================ layout ===============
    def side(self, seat: int) -> int:
        """-1: the left board (yours), +1: the right board."""
        return -1 if seat == self.me else 1

    def layout(self) -> None:
        T = self.table_rect
        mx = T.centerx
        width = BOARD[0] + GAP + SMALL[0] + GAP + ITEM_SLOTS * (SMALL[0] + 3)
        self.slots = {}
        for p in range(2):
            left = self.side(p) < 0
            inner = mx - MIDDLE // 2 if left else mx + MIDDLE // 2
            x0 = inner - width if left else inner
            self.boards[p] = pygame.Rect(x0 - 6, ROWS_TOP - 28, width + 12, ROWS * PITCH + 32)
            for r in range(ROWS):
                y = ROWS_TOP + r * PITCH
                sy = y + (BOARD[1] - SMALL[1]) // 2
                hx = inner - BOARD[0] if left else inner
                self.slots[("h", p, r)] = pygame.Rect(hx, y, *BOARD)
                ex = hx - GAP - SMALL[0] if left else hx + BOARD[0] + GAP
                self.slots[("e", p, r)] = pygame.Rect(ex, sy, *SMALL)
                for k in range(ITEM_SLOTS):
                    ix = ex - (k + 1) * (SMALL[0] + 3) - GAP + 3 if left else ex + SMALL[0] + GAP + k * (SMALL[0] + 3)
                    self.slots[("i", p, r, k)] = pygame.Rect(ix, sy, *SMALL)
                items = [self.slots[("i", p, r, k)] for k in range(ITEM_SLOTS)]
                self.slots[("i", p, r)] = items[0].unionall(items[1:])
        for key, rect in self.slots.items():
            if len(key) == 3:
                self.zones[":".join(map(str, key))] = Zone(":".join(map(str, key)), rect, key,
                                                           tint=(230, 220, 190))
        su = pygame.Rect(0, 0, *BOARD)
        su.midtop = (mx, ROWS_TOP + 18)
        self.zones["single_use"] = Zone("single_use", su, "single_use", tint=(240, 200, 120))
        hand = pygame.Rect(T.x + 8, ROWS_TOP + ROWS * PITCH + 8, T.w - 16, HAND[1] + 4)
        self.zones["hand"] = Zone("hand", hand, None, visible=False)
        if self.human_seats():  # the flag (D24), on your board's header
            b = self.boards[self.me]
            self.buttons.append(Button((b.right - 104, b.y + 2, 98, 22), "Surrender",
                                       lambda: self.ask_concede("Surrender: the game is lost"),
                                       "ghost", size=14, tooltip="Give up this game (asks first)"))

    def tray_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, MIDDLE - 14, 170)
        r.midtop = (self.table_rect.centerx, self.zones["single_use"].rect.bottom + 34)
        return r

    def tray_idle_text(self) -> tuple[str, str]:
        return "Coin", "flips land here"

    def button_bar_rect(self) -> pygame.Rect:
        T = self.table_rect
        return pygame.Rect(T.x + 8, T.bottom - 40, T.w - 16, 34)

    def seat_rect(self, seat: int) -> pygame.Rect | None:
        return self.boards.get(seat)

    def thinking_point(self, seat: int):
        r = self.boards.get(seat)  # in the board's header, left of the Surrender flag
        right = r.right - (112 if self.buttons and seat == self.me else 8)
        return ("topright", (right, r.y + 3)) if r is not None else None

    # ================================================================ cards ================
    def hand_pos(self, i: int, n: int) -> tuple[float, float]:
        r = self.zones["hand"].rect
        return spread(r.x, r.w, HAND[0], n, i, centred=True), r.centery

    def card_places(self, view: dict) -> list[Place]:
        out = []
        for p, seat in enumerate(view["seats"]):
            for r, row in enumerate(seat["rows"]):
                if row["hermit"]:
                    iid, cid = row["hermit"]
                    out.append(Place(iid, cid, BOARD, self.slots[("h", p, r)].center, f"h:{p}:{r}", 2))
                if row["effect"]:
                    iid, cid = row["effect"]
                    out.append(Place(iid, cid, SMALL, self.slots[("e", p, r)].center, f"e:{p}:{r}", 2))
                for k, (iid, cid) in enumerate(row["items"]):
                    out.append(Place(iid, cid, SMALL, self.slots[("i", p, r, k)].center, f"i:{p}:{r}", 2))
        if view["single_use"]:
            iid, cid = view["single_use"]
            out.append(Place(iid, cid, BOARD, self.zones["single_use"].rect.center, "single_use", 3))
        hand = view["seats"][self.me]["hand"] or []
        for i, (iid, cid) in enumerate(hand):
            out.append(Place(iid, cid, HAND, self.hand_pos(i, len(hand)), "hand", 10 + i))
        return out

    def render_face(self, face: Any, size: tuple[int, int]) -> pygame.Surface:
        return hc.render(self.cs, face, size)

    def zoom_image(self, s: CardSprite) -> pygame.Surface | None:
        """The full card: rarity, both attacks with costs, its text, strengths and weaknesses."""
        f = s.face_key
        f = getattr(f, "new", f)
        return self.face(f, hc.DETAIL) if isinstance(f, str) else None

    def hand_keys(self) -> list[Any]:
        hand = self.view()["seats"][self.me]["hand"] if self.viewer is not None else None
        return [iid for iid, _ in hand or []]

    def cards_in_view(self, view: dict):
        """Your hand, the boards, the middle."""
        seen = [view["single_use"]] if view["single_use"] else []
        for seat in view["seats"]:
            seen += seat["hand"] or []
            for row in seat["rows"]:
                seen += [x for x in (row["hermit"], row["effect"]) if x] + row["items"]
        return ((iid, self.cs.by_id[cid]) for iid, cid in seen)

    def spawn_point(self, place: Place) -> tuple[float, float]:
        return self.deck_point(self.me if place.zone == "hand" else self.owner_of(place.key))

    def vanish_point(self, sprite: CardSprite) -> tuple[float, float] | None:
        return self.deck_point(self.owner_of(sprite.key))

    def owner_of(self, iid: Any) -> int:
        return iid // 42 if isinstance(iid, int) else self.me

    def deck_point(self, seat: int) -> tuple[float, float]:
        r = self.boards[seat]
        return (r.right - 30, r.y + 10) if self.side(seat) < 0 else (r.x + 30, r.y + 10)

    # ================================================================ targets ==============
    def acting(self) -> int:
        p = self.acting_human()
        return self.me if p is None else p

    def spot_of(self, action: Action) -> Spot | None:
        """Rows of the acting seat's board for plays and switches; the glowing Hermits of a
        question about rows; the middle slot for single-use cards. The rest are buttons."""
        p, t = self.acting(), action.target
        if action.kind in OWN_SLOT and isinstance(t, int):
            key = (OWN_SLOT[action.kind], p, t)
            return Spot("zone", key, self.slots[key])
        if action.kind == "single_use":
            return Spot("zone", "single_use", self.zones["single_use"].rect)
        if action.kind == "choose" and isinstance(t, int) and t >= 0:
            kind = self.session.asked()
            seat = p if kind in OWN_ROW_CHOICES else 1 - p if kind in THEIR_ROW_CHOICES else None
            if seat is not None:
                return Spot("zone", ("h", seat, t), self.slots[("h", seat, t)])
        return None

    def gesture_action(self, sprite: CardSprite, zone: Zone) -> Action | None:
        """What a drop means, so the rules can say why not."""
        iid, t = sprite.key, zone.target
        if not isinstance(iid, int):
            return None
        card = self.seen(iid)
        if t == "single_use":
            return Action("single_use", iid, "single_use")
        if not isinstance(t, tuple) or t[1] != self.acting():
            return None
        slot, r = t[0], t[2]
        if card.kind == "hermit":
            if slot != "h":
                return None
            return Action("play_hermit" if sprite.zone == "hand" else "switch", iid, r)
        if card.kind == "item":
            return Action("attach_item", iid, r)
        if card.kind == "effect":
            return Action("attach_effect", iid, r)
        return Action("single_use", iid, "single_use")

    def refresh_aim(self) -> None:
        """A question about rows (a new active Hermit, a target) needs no card: its Hermits
        glow by themselves while it is asked."""
        super().refresh_aim()
        if self.drag is not None or self.selected is not None:
            return
        picks = [] if self.timeline.busy else [
            a for a in self.legal() if a.kind == "choose" and self.spot_of(a) is not None]
        key = (self.position_key(), tuple(picks))
        if key == self._pick_key:
            return
        was_picking, self._pick_key = bool(self._pick_key and self._pick_key[1]), key
        if picks:
            self.glow_targets(picks)
        elif was_picking:
            self.clear_glow()

    def drop_hint(self, sprite: CardSprite) -> str:
        return "Drop the card on a glowing slot of your board (single-use cards: the middle)."

    def bar_actions(self) -> list[Action]:
        """The base's buttons, the attacks labelled with the damage the rules expect."""
        out = []
        for a in super().bar_actions():
            if a.kind == "attack":
                hermit = self.seen(a.source)
                at = hermit.attack(a.option)
                dmg = self.view()["attack_damage"][a.option]
                a = replace(a, label=f"{at.name}: {dmg} damage")
            out.append(a)
        return out

    def bar_icon(self, action: Action) -> pygame.Surface | None:
        """An attack's button shows its cost as item icons."""
        if action.kind != "attack":
            return None
        cost = self.seen(action.source).attack(action.option).cost
        return hc.cost_strip(tuple(cost), 20) if cost else None

    # ================================================================ events ===============
    def counters_from_view(self, view: dict) -> dict:
        out = {}
        for p, seat in enumerate(view["seats"]):
            out[(p, "lives")] = seat["lives"]
            out[(p, "deck")] = seat["deck"]
            for r, row in enumerate(seat["rows"]):
                out[(p, f"hp{r}")] = row["hp"]
        return out

    def event_cards(self, event: Event) -> list[Any]:
        if event.kind == "coin":
            return []  # its "card" is the card id that flips, not a card on the table
        return [k for k in super().event_cards(event) if isinstance(k, int)]

    def throw(self, event: Event, landed: bool = False) -> Any:
        """A coin event carries the rules' results: one coin lands in the tray on it; several
        (a three-coin flip) are tossed side by side, each landing on its own result."""
        self.coin_row = None
        results = (event.data.get("results") or [1]) if event.kind == "coin" else []
        if len(results) > 1 and self.tray is not None:
            return self.toss_coins(event, ["heads" if r else "tails" for r in results], landed)
        if event.kind == "coin" and "side" not in event.data:
            event = replace(event, data={**event.data, "side": "heads" if results[0] else "tails"})
        return super().throw(event, landed)

    def toss_coins(self, event: Event, sides: list[str], landed: bool) -> Any:
        """The coin row in the tray (its felt cleared); the flip enters the log as it lands."""
        self.rolls += 1
        self.last_roll = None  # a rebuilt tray starts empty; the row is placed on it again
        self.tray.clear()
        self._roll_round, self._stale_in = self.tray_round(self.shown), None
        self.coin_row = CoinRow(self.tray.area, sides, seed=self.rolls)
        if landed:
            self.coin_row.finish()
            return Wait(0.0)
        return RowWait(self.coin_row, lambda: (sound.play("coin_ring"), self.show_stage(event),
                                               self.log_event(event)))

    def has_roll(self) -> bool:
        return self.coin_row is not None or super().has_roll()

    def clear_tray(self) -> None:
        self.coin_row = None
        super().clear_tray()

    def draw_tray(self, surface: pygame.Surface) -> None:
        if self.coin_row is None:
            return super().draw_tray(surface)
        self.tray.draw(surface)
        self.coin_row.place(self.tray.area)
        self.coin_row.draw(surface)

    def counter_changed(self, seat: int | None, name: str, old: Any, new: Any) -> None:
        if seat is None or not name.startswith("hp") or old is None:
            return
        r = int(name[2:])
        rect = self.slots[("h", seat, r)]
        delta = new - old
        if delta:
            colour = (255, 90, 70) if delta < 0 else (120, 240, 140)
            self.float_text(f"{delta:+d}", (rect.centerx, rect.y + 20), colour, 24)

    # ================================================================ the timer ============
    def clock_key(self, seat: int) -> tuple[Any, bool]:
        """A turn's time runs until the turn passes; an answer's, while it is owed (D23)."""
        view = self.view()
        return (view["turn"], seat, seat == view["current"]), seat == view["current"]

    # ================================================================ drawing ==============
    def background(self, size: tuple[int, int]) -> pygame.Surface:
        """Grass on top, dirt under it, in soft blocks (painted once per layout)."""
        key = (size, self.layout_version)
        if self._bg is None or self._bg[0] != key:
            surf = pygame.Surface(size)
            hc.pixel_band(surf, surf.get_rect(), (84, 140, 60), (104, 78, 56), 24)
            hc.pixel_band(surf, pygame.Rect(0, 0, size[0], 48), (70, 122, 52), (70, 122, 52), 24)
            for r in self.boards.values():
                panel(surf, r, (30, 22, 14, 120), (20, 14, 8, 180), radius=10, width=2)
            mid = pygame.Rect(0, 0, MIDDLE - 8, self.boards[0].h)
            mid.midtop = (self.table_rect.centerx, self.boards[0].y)
            panel(surf, mid, (30, 22, 14, 90), (20, 14, 8, 150), radius=10, width=2)
            self._bg = (key, surf)
        return self._bg[1]

    def static_key(self) -> Any:
        """The grass, the boards and their slots (glowing while a card may go there)."""
        return (self.zones_key(), self.viewer)

    def draw_static(self, surface: pygame.Surface) -> None:
        surface.blit(self.background(surface.get_size()), (0, 0))
        self.draw_zones(surface)

    def overlay_key(self) -> Any:
        """The piles and the single-use label change with the events: a second level."""
        return (self.shown_version, self.counters_version, self.viewer)

    def draw_static_overlay(self, surface: pygame.Surface) -> None:
        view = self.shown if self.shown is not None else self.view()
        mid = self.zones["single_use"].rect
        label = "Single use" if not view["single_use"] else ("Waiting" if view["single_use_ready"] else "Used")
        t = text.render(label, 14, TEXT, "bold")
        surface.blit(t, t.get_rect(midbottom=(mid.centerx, mid.y - 2)))
        self.draw_piles(surface, view)

    def draw_table(self, surface: pygame.Surface) -> None:
        """Everything under the cards is in the cached layers (draw_static, the overlay)."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Over the cards: the headers, health, statuses, the active outline, glows on occupied
        slots, the turn (and its clock)."""
        view = self.shown
        self.marks = []  # the status icons drawn this frame (their tooltips)
        for p in range(2):
            seat = view["seats"][p]
            self.draw_header(surface, p, seat)  # over the acting seat's outline
            for r, row in enumerate(seat["rows"]):
                if row["hermit"]:
                    self.draw_row_marks(surface, p, r, row, r == seat["active"])
        for z in self.zones.values():  # a glowing Hermit slot is under its card: glow over it
            t = z.target
            if z.glow and isinstance(t, tuple) and t[0] == "h" and view["seats"][t[1]]["rows"][t[2]]["hermit"]:
                cardgfx.glow_rect(surface, z.rect, self.accent, width=6)
        mid = self.zones["single_use"].rect
        words = f"Turn {view['turn']}"
        left = self.seconds_left()
        if left is not None:
            words += f" · {max(0, int(left + 0.999))} s"
        low = left is not None and left <= 10
        turn = text.render(words, 15, HP_LOW if low else TEXT, "bold")
        surface.blit(turn, turn.get_rect(midtop=(mid.centerx, self.tray_rect().bottom + 8)))

    def draw_header(self, surface: pygame.Surface, p: int, seat: dict) -> None:
        """Name, hearts (lives), deck, discard and hand counts over each board."""
        r = self.boards[p]
        name = "You" if p == self.viewer and not self.is_ai(p) else self.seat_info[p].name
        x = r.x + 8
        n = text.render(name, 15, TEXT, "bold")
        surface.blit(n, (x, r.y + 4))
        x += n.get_width() + 8
        lives = self.counter("lives", p, seat["lives"])
        for k in range(3):
            heart(surface, (x + 8 + k * 18, r.y + 14), 7, HEART if k < lives else (120, 100, 90))

    def draw_piles(self, surface: pygame.Surface, view: dict) -> None:
        """Deck, discard and hand counts of both players, in the middle under the coin."""
        y = self.tray_rect().bottom + 32
        cx = self.table_rect.centerx
        for p in range(2):
            seat = view["seats"][p]
            lines = [(self.seat_info[p].name, "bold", TEXT),
                     (f"Deck {self.counter('deck', p, seat['deck'])} · Hand {seat['hand_size']}", "sans", DIM),
                     (f"Discard {len(seat['discard'])}", "sans", DIM)]
            for words, face, colour in lines:
                t = text.render(words, 14, colour, face)
                surface.blit(t, t.get_rect(midtop=(cx, y)))
                y += t.get_height() - 2
            y += 6

    def draw_row_marks(self, surface, p: int, r: int, row: dict, active: bool) -> None:
        """HP as a bar with the number, the statuses as icons (their tooltips on hover), the
        active Hermit outlined."""
        rect = self.slots[("h", p, r)]
        if active:
            pygame.draw.rect(surface, EMERALD, rect.inflate(8, 8), 3, border_radius=8)
        card = self.cs.by_id[row["hermit"][1]]
        hi.hp_bar(surface, hi.hp_bar_rect(rect), self.counter(f"hp{r}", p, row["hp"]), card.health)
        marks = hi.status_marks(rect, row["status"], row["sleep"])
        hi.draw_marks(surface, marks)
        self.marks += marks

    def tip_text(self, pos: tuple[int, int]) -> str | None:
        """A status icon: what the status does (rules: Status effects)."""
        return hi.tooltip_at(self.marks, pos)

    def help_lines(self) -> list[str]:
        return ["Drag a card onto a glowing slot: Hermits to empty rows, effects and items onto",
                "a Hermit's row, single-use cards to the middle. Attacks are the buttons below.",
                "Click an AFK Hermit to switch to it. Hover a card for all its details."]


def heart(surface: pygame.Surface, c: tuple[int, int], r: int, colour) -> None:
    """A pixel heart (lives)."""
    x, y = c
    pygame.draw.circle(surface, colour, (x - r // 2, y - r // 3), r // 2 + 1)
    pygame.draw.circle(surface, colour, (x + r // 2, y - r // 3), r // 2 + 1)
    pygame.draw.polygon(surface, colour, [(x - r, y - r // 4), (x + r, y - r // 4), (x, y + r)])
