"""The button bar (legal actions with no gesture: Pass, End turn, Done…), the small choice
menus (several actions match one gesture; "lose the game anyway?"), and the pause menu."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.contract import Action
from scenes.table.pieces import BAR_H, BAR_MAX, PreviewMenu
from sprites import i18n, text
from sprites.widgets import Button

UNDO_ROOM = 90


def fit_words(label: str, width: int) -> str:
    """`label`, in the reader's language, cut at a word (a character in Chinese) with "…" to
    fit `width` on a button (its tooltip says it all)."""
    label = i18n.Shown(i18n.line(label))  # (looked up once: drawn as it is)
    if text.width(label, 17, "sans") <= width:
        return label
    glue = " " if " " in label else ""
    words = label.split() if glue else list(label)
    while len(words) > 1 and text.width(i18n.Shown(glue.join(words) + "…"), 17, "sans") > width:
        words.pop()
    return i18n.Shown(glue.join(words) + "…")


class MenuPart:
    """Part of TableScene (scenes/table/base.py)."""

    #: a button's width beyond its words
    bar_padding = 36

    def button_bar_rect(self) -> pygame.Rect:
        """Where the buttons of actions with no gesture line up (right-aligned)."""
        t = self.table_rect
        return pygame.Rect(t.x + 8, t.bottom - BAR_H - 8, t.w - 16, BAR_H)

    def choose_target(self, actions: list[Action], pos: tuple[int, int], player: int) -> None:
        """The player clicked (or dropped on) a target several legal actions share: apply
        the only one, else offer a menu."""
        if len(actions) == 1:
            self.apply(player, actions[0])
        else:
            self.choose(actions, pos, player)


    def open_pause(self) -> None:
        if hasattr(self.app, "open_pause"):
            self.app.open_pause(self)
        else:
            self.toast("Pause menu not available.")


    def bar_actions(self) -> list[Action]:
        """Legal actions with no gesture: no target to click and no card of your hand to use
        (Pass, End turn, Done, Cancel…). None while the table animates: calls to action wait."""
        if self.timeline.busy or self.handoff_pending:
            return []
        hand = set(self.hand_keys())
        return [a for a in self.legal() if a.source not in hand and self.spot_of(a) is None]

    def bar_label(self, action: Action) -> str:
        """A button's words (the rules' label)."""
        return action.label or str(action)

    def bar_icon(self, action: Action) -> pygame.Surface | None:
        """A picture on the action's button before its words (a game's cost icons)."""
        return None

    def more_label(self) -> str:
        return "More…"

    def press_bar(self, player: int | None, action: Action) -> None:
        self.apply(player, action)

    def refresh_bar(self) -> None:
        """The bar's buttons, right-aligned, the last action (Pass, End turn) rightmost and
        primary; beyond BAR_MAX, the rest go into a "More…" menu."""
        key = (self.position_key(), self.looks())
        if key == self._bar_key:
            return
        self._bar_key = key
        actions = self.bar_actions()
        more = actions[BAR_MAX - 1:] if len(actions) > BAR_MAX else []
        player = self.acting_human()
        box = self.button_bar_rect()
        entries = [(a, self.bar_label(a), lambda a=a: self.press_bar(player, a))
                   for a in (actions[:BAR_MAX - 1] if more else actions)]
        if more:
            entries.append((None, self.more_label(), lambda: self.choose(
                more, (box.right - 240, box.y - 30 * len(more)), player)))
        self.bar, self._bar_actions = [], []
        right = box.right
        left = box.x + (UNDO_ROOM if self.may_undo() else 0)  # room for Undo when it shows
        for i, (a, label, press) in enumerate(reversed(entries)):
            icon = self.bar_icon(a) if a is not None else None
            extra = icon.get_width() + 10 if icon is not None else 0
            w = min(max(110, text.width(label, 17, "sans") + self.bar_padding + extra), 360,
                    right - left)
            if w < 110:  # no room left
                break
            r = pygame.Rect(right - w, box.y, w, box.h)
            right = r.x - 8
            words = fit_words(label, w - self.bar_padding - extra)
            b = Button(r, words, press, "primary" if i == 0 else "normal", size=17,
                       tooltip=label if words != label else "")
            b.icon = icon
            self.bar.append(b)
            self._bar_actions.append(a)


    def choose(self, actions: list[Action], pos: tuple[int, int], player: int | None, title: str = "Choose") -> None:
        """A small choice menu when several legal actions match one gesture."""
        options = [(a, a.label or str(a)) for a in actions]
        self.open_menu(options, pos, lambda a: self.apply(player, a), title=title)

    def confirm_loss(self, player: int, action: Action, danger: str) -> None:
        """Ask before an action that ends the game in a loss: the rules' reason, then 'do it'
        or 'cancel' (Esc or a click elsewhere cancels too)."""
        def answer(yes: bool) -> None:
            if yes:
                self.apply(player, action, confirmed=True)

        label = action.label or str(action)
        menu = self.open_menu([(False, "Cancel"), (True, f"{label} anyway: the game is lost")],
                              self.mouse, answer, title=danger)
        menu.rect.clamp_ip(self.table_rect.inflate(-8, -8))

    def offer(self, player: int, options: list[tuple[Action, str]], title: str,
              beside: pygame.Rect, side: str = "right", previews: dict[int, set] | None = None) -> Any:
        """A menu of `player`'s actions, each with its words, then what it costs (and a warning
        when it loses the game) or, for one the rules refuse, why not (dimmed: choosing it
        toasts the reason); hovering option i lights up the cards `previews[i]`. It opens on
        the `side` of `beside` ("right", "left", "below", "above"), never over it."""
        rows, disabled = [], set()
        for i, (action, words) in enumerate(options):
            note = self.session.reason(player, action)
            if note is None:
                note = self.cost(player, action) + (" · loses the game" if self.loses(player, action) else "")
            else:
                disabled.add(i)
            rows.append((action, f"{words} · {note}" if note else words))
        menu = self.open_menu(rows, (0, 0), lambda a: self.apply(player, a), title=title,
                              previews=previews, disabled=disabled)
        anchor, point = {"right": ("topleft", (beside.right + 8, beside.top)),
                         "left": ("topright", (beside.left - 8, beside.top)),
                         "below": ("midtop", (beside.centerx, beside.bottom + 8)),
                         "above": ("bottomleft", (beside.left, beside.top - 8))}[side]
        setattr(menu.rect, anchor, point)
        menu.rect.clamp_ip(self.table_rect.inflate(-8, -8))
        return menu

    def open_menu(self, options: list[tuple[Any, str]], pos: tuple[int, int], on_choose, title: str = "",
                  previews: dict[int, set] | None = None, disabled: set[int] | None = None) -> Any:
        self.menu = PreviewMenu(pos, options, on_choose, title=title, bounds=self.table_rect,
                                previews=previews or {}, disabled=disabled or set())
        self.menu_preview = set()
        return self.menu

    def menu_hover(self, pos: tuple[int, int]) -> None:
        m = self.menu
        i = m._row_at(pos) if m is not None else -1
        self.menu_preview = m.previews.get(i, set()) if i >= 0 else set()

    def close_menu(self) -> None:
        self.menu = None
        self.menu_preview = set()
