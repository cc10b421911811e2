"""Your seat at the Sanguosha table, beyond its plate: your general's skills as buttons that
light up when the rules' legal actions use them, the distance and your attack range on every
seat while you aim a card, and a line from you to each target you may choose (and from a
player to the targets of the card they use, while it plays).

A skill button, pressed:
- a skill that aims at seats with no card (Rouse at a seat): the seats glow, click one;
- a skill that uses cards (Benevolence, Dragon's Courage, a conversion): the cards it may use
  glow; drag one onto a glowing seat (or the middle) and only that skill's ways are offered;
- a skill with one way of using it and no target: done at once; several: a small menu.
Esc or Cancel beside the banner puts it down.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.contract import Action
from sprites import sanguosha_table as st
from sprites.widgets import Button
from sprites.zones import Zone

SKILL_KINDS = ("skill", "invoke", "use", "respond")


def skill_of(action: Action) -> str | None:
    """The skill (or equipment's skill) an action uses, if any."""
    if action.kind in ("skill", "invoke") and isinstance(action.option, str):
        return action.option
    if action.kind in ("use", "respond") and isinstance(action.option, tuple) \
            and len(action.option) > 1 and action.option[1]:
        return action.option[1]
    return None


class SeatPart:
    """Part of the Sanguosha table (scenes/sanguosha.py)."""

    skill_mode: str | None = None  # a skill pressed whose cards glow
    arrows: list[tuple[int, list[int]]] = []  # (user, targets) of the card playing now

    # --- the skill buttons ------------------------------------------------------------------
    skill_buttons: list[tuple[Button, str]] = []

    def my_skills(self) -> list[str]:
        """The skills of the general at the screen (none when nobody sits at it)."""
        if self.viewer is None:
            return []
        g = (self.shown or self.view())["seats"][self.me]["general"]
        return list(self.cs.general(g).skills) if g else []

    def place_skills(self) -> None:
        """Your skills as buttons along the foot of your plate (rebuilt with the layout and
        when your general is known)."""
        self.skill_buttons = []
        skills = self.my_skills()
        labels = [self.skill_label(sid) + (" ♛" if self.cs.skills[sid].lord else "")
                  for sid in skills]
        face = "cjk" if self.zh else "bold"
        rects = st.skill_rects(self.seat_rects[self.me], labels, self.zones["hand"].rect.right,
                               14, face)
        for r, sid, label in zip(rects, skills, labels, strict=True):
            sk = self.cs.skills[sid]
            b = Button(r, label,
                       lambda sid=sid: self.press_skill(sid), "ghost", size=14,
                       tooltip=f"{self.skill_label(sid)}: {sk.text}" + (" (locked)" if sk.locked else ""))
            self.skill_buttons.append((b, sid))
            self.buttons.append(b)

    def skill_actions(self, sid: str) -> list[Action]:
        return [a for a in self.legal() if skill_of(a) == sid]

    def refresh_skills(self) -> None:
        """A skill the legal actions use now is lit; the others wait, dimmed."""
        if [sid for _, sid in self.skill_buttons] != self.my_skills():
            self.relayout()
        busy = self.timeline.busy
        for b, sid in self.skill_buttons:  # (a dim one, clicked, says why not)
            b.kind = "primary" if not busy and self.skill_actions(sid) else "ghost"

    def press_skill(self, sid: str) -> None:
        acts = self.skill_actions(sid)
        player = self.acting_human()
        if not acts or player is None:
            sk = self.cs.skills[sid]
            self.toast(f"{self.skill_label(sid)} cannot be used now." +
                       (" It works by itself (locked)." if sk.locked else ""))
            return
        self.deselect()
        if all(a.source is None for a in acts):
            if all(self.spot_of(a) is not None for a in acts):
                self.selected = ("skill", sid)  # its seats glow: click one
                self.glow_targets(acts)
            elif len(acts) == 1:
                self.apply(player, acts[0])
            else:
                self.choose(acts, self.mouse, player, title=self.skill_label(sid))
            return
        self.skill_mode = sid  # its cards glow; a drop offers only this skill's ways

    def skill_cards(self) -> set:
        """The cards of yours the pressed skill may use."""
        out: set = set()
        for a in self.skill_actions(self.skill_mode) if self.skill_mode else ():
            out.update(a.source if isinstance(a.source, tuple) else (a.source,))
        return out

    def skill_label(self, sid: str) -> str:
        sk = self.cs.skills.get(sid)
        return (sk.name_zh if self.zh else sk.name) if sk else sid

    # --- the seats' words ----------------------------------------------------------------
    def tip_text(self, pos: tuple[int, int]) -> str | None:
        """A seat: its general and skills, its distance from you and whether it is in your
        attack range; on a hidden seat's tag, how to note a guess."""
        for b, _ in self.skill_buttons:
            if b.rect.collidepoint(pos):
                return b.tooltip
        if self.sprite_at(pos) is not None:
            return None
        v, zh = self.view(), self.zh
        seats = v["seats"]
        for p, r in self.seat_rects.items():
            if not r.collidepoint(pos):
                continue
            if p != self.me and not seats[p]["identity"] and st.identity_tag_rect(r).collidepoint(pos):
                return st.word("note_tip", zh)
            g = seats[p]["general"]
            head = f"{self.seat_name(p)}" + (f": {self.gname(g)}" if g else "")
            if g:
                head += " — " + ", ".join(self.skill_label(x) for x in self.cs.general(g).skills)
            if p == self.me or not (seats[p]["alive"] and seats[self.me]["alive"]):
                return head
            d, rng = v["distances"][p], v["attack_range"]
            where = st.word("in_range" if d <= rng else "out_of_range", zh)
            return f"{head}. " + st.word("distance", zh).format(d=d, where=where, r=rng)
        return None

    def click_zone(self, zone: Zone, pos: tuple[int, int]) -> None:
        """A click on a hidden seat's identity tag notes the next guess (st.NOTES)."""
        seat = zone.target[1] if isinstance(zone.target, tuple) and zone.target[0] == "seat" \
            else None
        if seat is None or seat == self.me or self.view()["seats"][seat]["identity"]:
            return
        if st.identity_tag_rect(self.seat_rects[seat]).collidepoint(pos):
            now = st.NOTES.index(self.guesses.get(seat, ""))
            self.guesses[seat] = st.NOTES[(now + 1) % len(st.NOTES)]

    # --- aiming: distances and lines --------------------------------------------------------
    def aiming(self) -> bool:
        """You are choosing a target: a card lifted or selected, or a skill aimed."""
        return (self.drag is not None and self.drag.active) or self.selected is not None \
            or bool(self.glow_seats and self.acting_human() is not None)

    def draw_aim(self, surface: pygame.Surface) -> None:
        """While you aim: every other seat's distance from you and whether it is in your
        attack range; a line from you to each seat you may choose (bold to the one under
        the pointer). While a card plays: a line from its user to its targets."""
        v = self.shown or self.view()
        me = self.seat_rects.get(self.me)
        if self.aiming() and me is not None and self.viewer is not None:
            seats, rng = v["seats"], v["attack_range"]
            for p, r in self.seat_rects.items():
                if p != self.me and seats[p]["alive"] and seats[self.me]["alive"]:
                    d = v["distances"][p]
                    st.distance_badge(surface, r, d, rng is not None and d <= rng, self.zh)
            ends = [self.seat_rects[p] for p in sorted(self.glow_seats) if p != self.me]
            st.target_lines(surface, me, ends, self.mouse, self.accent)
        for user, targets in self.arrows:
            start = self.seat_rects.get(user)
            ends = [self.seat_rects[t] for t in targets if t in self.seat_rects and t != user]
            if start is not None and ends:
                st.target_lines(surface, start, ends, None, st.CINNABAR_LINE, strong=True)

    def use_arrows(self, event: Any) -> None:
        """A card used at targets: its line shows while its step plays (until the next)."""
        targets = event.data.get("targets") or ([event.data["target"]] if isinstance(
            event.data.get("target"), int) else [])
        self.arrows = [(event.player, list(targets))] if event.kind == "use" and targets else []
