"""First-game tips (scenes/tips.py): the first time the person at the screen may do a kind
of action (or is asked a kind of question), the game's tip for it appears beside the thing to
drag or click, never over it; once per kind, switchable off."""

from __future__ import annotations

import pygame

from game.core.contract import Action
from scenes.tips import TipBubble, game_tips, place_beside


class TipsPart:
    """Part of TableScene (scenes/table/base.py)."""

    # ================================================================ first-game tips ========
    def tips_wanted(self) -> bool:
        """Tips show for a person at the screen with the setting on (not in smoke runs/tests,
        unless the app asks for them: `app.first_game_tips`)."""
        return bool(getattr(self.app, "first_game_tips", False)) and bool(self.setting("tips", True))

    def game_tips(self) -> dict[str, str]:
        """This game's tips, keyed "action.<kind>" / "decision.<kind>" (data/<game>/tips.toml)."""
        return game_tips(self.session.game.name, self.session.action_kinds)

    def tips_seen(self) -> list[str]:
        seen = self.setting("tips_seen", None)
        if seen is None:
            return []
        return seen.setdefault(self.session.game.name, [])

    def due_tip(self, player: int) -> tuple[str, list[Action]] | None:
        """The first tip not yet seen that fits now: the question being asked, else each kind
        of legal action in the rules' order; with the actions it is about."""
        tips = self.game_tips()
        if not tips:
            return None
        seen = set(self.tips_seen())
        legal = self.legal(player)
        asked = self.session.asked()
        due: list[tuple[str, list[Action]]] = [(f"decision.{asked}", legal)] if asked else []
        for kind in dict.fromkeys(a.kind for a in legal):
            due.append((f"action.{kind}", [a for a in legal if a.kind == kind]))
        return next(((k, acts) for k, acts in due if k in tips and k not in seen and acts), None)

    def action_rect(self, action: Action) -> pygame.Rect | None:
        """The thing to drag or click for `action`: its card, else its target, else its button."""
        src = action.source
        sprite = self.sprites.get(src) if src is not None else None
        if sprite is None and isinstance(src, tuple):  # cards used together (Sanguosha)
            sprite = next((self.sprites[k] for k in src if k in self.sprites), None)
        if sprite is not None:
            return sprite.rect
        spot = self.spot_of(action)
        if spot is not None:
            return spot.rect
        for a, b in zip(self._bar_actions, self.bar, strict=False):
            if a == action:
                return b.rect
        return None

    def tip_anchor(self, actions: list[Action]) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """What a tip about `actions` points at (all their things when they lie together, else
        the first), and what it should not cover: whatever the player may use or aim at now
        (every legal action's card and target) and the button bar."""
        things = [r for r in (self.action_rect(a) for a in actions) if r is not None]
        everything = self.legal(self.acting_human())
        clear = [r for r in (self.action_rect(a) for a in everything) if r is not None]
        clear += [sp.rect for sp in (self.spot_of(a) for a in everything) if sp is not None]
        clear += [b.rect for b in self.bar]
        if not things:  # nothing on the table to point at: the question in the banner
            return pygame.Rect(self.table_rect.centerx - 200, 6, 400, 40), clear
        together = things[0].unionall(things[1:])
        t = self.table_rect
        if together.w * together.h <= t.w * t.h // 6:
            return together, clear
        return things[0], clear

    def tip_marks(self, actions: list[Action]) -> list[pygame.Rect]:
        """The things a tip is about, each outlined (not the space between them)."""
        marks = []
        for r in (self.action_rect(a) for a in actions):
            if r is not None and r not in marks:
                marks.append(pygame.Rect(r))
        return marks[:12]

    def tip_still_fits(self, tip: TipBubble) -> bool:
        """A tip stays until the person at the screen acts, or what it is about is no longer
        asked of them (others acting meanwhile, in a simultaneous choice, do not end it)."""
        player = self.acting_human()
        if player is None or not self.tips_wanted():
            return False
        section, kind = tip.key.split(".", 1)
        if section == "decision":
            return self.session.asked() == kind
        return any(a.kind == kind for a in self.legal(player))

    def refresh_first_tip(self) -> None:
        """Drop the tip once the player acted or it no longer fits; show the next one due
        when the person at the screen may act and the table is still."""
        version = self.session.version
        if self._mine[:2] != (version, self.viewer):  # the viewer's own moves, counted once
            mine = sum(1 for h in self.session.history(self.viewer) if h.seat == self.viewer)
            self._mine = (version, self.viewer, mine)
        position = (self._mine[2], self.viewer)
        tip = self.first_tip
        if tip is not None:
            if position != tip.position[0] or not self.tip_still_fits(tip):
                self.first_tip = None
            elif tip.position[1] != self.layout_version:  # the log opened, L, a new seat
                self.place_tip(tip, self.tip_anchor(tip.actions))
            return
        position = (version, *position)
        if self._tip_looked == position or self.timeline.busy or self.handoff_pending:
            return
        player = self.acting_human()
        if player is None or not self.tips_wanted():
            return
        self._tip_looked = position
        due = self.due_tip(player)
        if due is None:
            return
        key, actions = due
        anchor, clear = self.tip_anchor(actions)
        tip = TipBubble(key, self.game_tips()[key], anchor, (position[1:], self.layout_version),
                        self.tip_done, self.tips_off, actions)
        self.place_tip(tip, (anchor, clear))
        self.first_tip = tip
        self.tips_seen().append(key)
        self.save_settings()

    def place_tip(self, tip: TipBubble, where: tuple[pygame.Rect, list[pygame.Rect]]) -> None:
        anchor, clear = where
        tip.anchor = anchor
        tip.marks = self.tip_marks(tip.actions)
        spot = place_beside(tip.size, anchor, self.free_area(), clear)
        if spot is None:
            spot = (self.place_notice(tip.size, anchor), "above")
        tip.place(*spot)
        tip.position = (tip.position[0], self.layout_version)

    def tip_done(self) -> None:
        """"Got it" (or a click on the tip): the next tip due now may show."""
        self.first_tip = None
        self._tip_looked = None

    def tips_off(self) -> None:
        """"Don't show tips": off until Settings turns them on again."""
        self.first_tip = None
        if self.settings is not None:
            self.settings.tips = False
        self.save_settings()
        self.toast("Tips are off. Settings can turn them on again.")

    def save_settings(self) -> None:
        if hasattr(self.app, "save_settings"):
            self.app.save_settings()
