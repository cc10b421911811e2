"""The scene stack. Only the manager flips the display and owns the clock.

A scene gets `handle_event(e)`, `update(dt)` and `draw(surface)`. Modal scenes (pause menu,
settings over the table) set `modal = True`: the scene below is drawn first but gets no input
and no updates.
"""

from __future__ import annotations

from typing import Any

import pygame

from sprites.widgets import dim

WIDTH, HEIGHT = 1280, 720  # logical size; the app scales it to any window (App.present)


class Scene:
    modal = False  # drawn over the scene below it

    def __init__(self, app: Any) -> None:
        """`app` is the application (scenes/app.py): the scene calls its navigation methods
        (`app.to_menu()`, `app.open_rules()`…) and never imports it."""
        self.app = app

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def on_exit(self) -> None:
        """Called when the scene is popped or replaced."""

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        """Advance by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        pass


class SceneManager:
    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.on_exit()
        if self.stack:
            self.stack[-1].on_enter()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene."""
        if self.stack:
            self.stack.pop().on_exit()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Clear the stack and start over with `scene` (e.g. back to the menu)."""
        while self.stack:
            self.stack.pop().on_exit()
        self.push(scene)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.stack:
            self.stack[-1].handle_event(event)

    def update(self, dt: float) -> None:
        if self.stack:
            self.stack[-1].update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        # draw from the lowest scene that is not covered by a non-modal scene
        start = len(self.stack) - 1
        while start > 0 and self.stack[start].modal:
            start -= 1
        for scene in self.stack[start:]:
            scene.draw(surface)


class Modal(Scene):
    """A scene drawn over the one below it, with the screen dimmed; Esc closes it."""

    modal = True

    def close(self) -> None:
        if self.app.manager.top is self:
            self.app.manager.pop()


class Dialog(Modal):
    """A modal panel with buttons (`panel`, `group`): the buttons take the events and Esc
    closes it; drawn as the dimmed screen, the panel, its words (`draw_body`), the buttons."""

    panel: Any
    group: Any

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.group.handle_event(event) and event.type == pygame.KEYDOWN and \
                event.key == pygame.K_ESCAPE:
            self.close()

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        self.panel.draw(surface)
        self.draw_body(surface)
        self.group.draw(surface)

    def draw_body(self, surface: pygame.Surface) -> None:
        """The dialog's words inside the panel (none by default)."""
