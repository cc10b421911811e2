"""Drag and drop, select-then-target and aiming: a press on a card lifts it, its legal
targets glow; a release on a target applies the matching action (a menu when several match);
anywhere else the card glides back and the rules say why not."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

import pygame

from game.core.contract import Action
from scenes.table.pieces import DOUBLE_CLICK, DRAG_THRESHOLD, SNAP_BACK, Drag
from sprites import sound
from sprites.cards import CardSprite
from sprites.tween import Tween, ease_out
from sprites.widgets import ChoiceMenu


class PointerPart:
    """Part of TableScene (scenes/table/base.py)."""

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
            risk = self.loses(player, a) if player is not None else None
            if risk:  # the consequence, shown before the drop lands
                self.glow_risks.append((sp.rect, risk))
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
        self.glow_risks: list[tuple[pygame.Rect, str]] = []  # (target, how it loses the game)

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

    def card_action(self, sprite: CardSprite):
        """What the card would do if it could be used now (its drop on the first place that
        means something), so the rules can say why it cannot; None: nothing at all."""
        for zone in self.zones.values():
            if zone.target is not None and zone.name != sprite.zone:
                action = self.gesture_action(sprite, zone)
                if action is not None:
                    return action
        return None

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
        player = d.player if d.player is not None else self.viewer
        home = d.sprite.rect.move(d.sprite.home[0] - d.sprite.x, d.sprite.home[1] - d.sprite.y)
        if zone is None and d.actions:  # dropped on nothing: where it may go
            self.toast(self.drop_hint(d.sprite), about=home)
            return
        # the rules' reason: for this place, else for what the card would do at all
        action = self.gesture_action(d.sprite, zone) if zone is not None else None
        self.refuse(player, action or self.card_action(d.sprite), self.drop_hint(d.sprite),
                    about=home)

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
            if sprite.key in self.hand_keys():  # the rules say why not
                self.refuse(player if player is not None else self.viewer,
                            self.card_action(sprite), "Nothing can be done with that card now.",
                            about=sprite.rect)
            return
        above = int(sprite.rect.top) - 8 - (len(actions) * ChoiceMenu.ROW + 12)
        self.choose(actions, (int(sprite.rect.x), above), player, title="")


    def aimed_actions(self) -> list[Action]:
        """The actions whose targets glow with no first click: those of the aimed card."""
        source = self.aim_source()
        return self.card_actions(source) if source is not None else []

    def refresh_aim(self) -> None:
        """Aiming: while one card's targets are all that is asked, they glow by themselves."""
        if self.drag is not None or self.selected is not None:
            return
        key = self.position_key()
        if self._aim_key is not None and key == self._aim_key[:-1]:
            return
        was_aiming = self._aim_key is not None and self._aim_key[-1]
        aimed = self.aimed_actions()
        self._aim_key = (*key, bool(aimed))
        if aimed:
            self.glow_targets(aimed)
        elif was_aiming:
            self.clear_glow()
