"""Small tweens: easing curves, a Tween of an object's numeric attributes, a Timeline.

Tables and widgets animate by tweening plain attributes (x, y, scale, alpha, flip …) of the
objects they draw. Time is real seconds already multiplied by the animation-speed setting, so
×2 is just `update(dt * 2)`; "instant" and Space call `finish()`, which jumps every tween to its
end and runs its callbacks at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


# --- easing curves: t in [0, 1] -> progress in [0, 1] ---------------------------------------
def linear(t: float) -> float:
    return t


def ease_out(t: float) -> float:
    """Quadratic ease-out: fast start, gentle stop (snap-backs, fades)."""
    return 1 - (1 - t) * (1 - t)


def ease_out_cubic(t: float) -> float:
    """Cubic ease-out: the card-move curve (250 ms ease-out-cubic)."""
    u = 1 - t
    return 1 - u * u * u


class Tween:
    """Move some numeric attributes of `obj` to `targets` over `duration` seconds.

    Start values are read when the tween first runs (after `delay`), so a tween queued behind
    another starts from wherever the object then is.
    """

    __slots__ = ("obj", "targets", "duration", "ease", "delay", "on_done", "elapsed", "start", "done")

    def __init__(
        self,
        obj: Any,
        targets: dict[str, float],
        duration: float,
        ease: Callable[[float], float] = ease_out_cubic,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        self.obj = obj
        self.targets = targets
        self.duration = max(0.0, duration)
        self.ease = ease
        self.delay = delay
        self.on_done = on_done
        self.elapsed = 0.0
        self.start: dict[str, float] | None = None
        self.done = False

    def update(self, dt: float) -> bool:
        """Advance; return True once finished."""
        if self.done:
            return True
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return False
            dt = -self.delay
            self.delay = 0.0
        if self.start is None:
            self.start = {k: getattr(self.obj, k) for k in self.targets}
        self.elapsed += dt
        if self.duration <= 0 or self.elapsed >= self.duration:
            self.finish()
            return True
        p = self.ease(self.elapsed / self.duration)
        for k, end in self.targets.items():
            s = self.start[k]
            setattr(self.obj, k, s + (end - s) * p)
        return False

    def finish(self) -> None:
        if self.done:
            return
        for k, end in self.targets.items():
            setattr(self.obj, k, end)
        self.done = True
        if self.on_done is not None:
            self.on_done()


class Wait:
    """A pause of `duration` seconds (e.g. the minimum time an AI move stays on screen)."""

    __slots__ = ("remaining", "done", "on_done")

    def __init__(self, duration: float, on_done: Callable[[], None] | None = None) -> None:
        self.remaining = duration
        self.done = False
        self.on_done = on_done

    def update(self, dt: float) -> bool:
        self.remaining -= dt
        if self.remaining <= 0:
            self.finish()
        return self.done

    def finish(self) -> None:
        if not self.done:
            self.done = True
            if self.on_done is not None:
                self.on_done()


Step = Callable[[], Iterable[Any]]


class Timeline:
    """A queue of steps played one after another; each step's tweens run side by side.

    A step is a function called when the step begins; it returns the tweens (or Waits) to run,
    so it sees the world as the previous step left it. `finish()` completes everything queued.
    Separate `Tween`s added with `add()` run alongside the queue (glides, hovers).
    """

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.current: list[Any] = []
        self.free: list[Any] = []

    @property
    def busy(self) -> bool:
        return bool(self.steps or self.current)

    def then(self, step: Step) -> None:
        self.steps.append(step)

    def add(self, tween: Any) -> None:
        self.free.append(tween)

    def update(self, dt: float) -> None:
        self.free = [t for t in self.free if not t.update(dt)]
        while True:
            if self.current:
                self.current = [t for t in self.current if not t.update(dt)]
                if self.current:
                    return
                dt = 0.0
            if not self.steps:
                return
            self.current = list(self.steps.pop(0)())

    def finish_current(self) -> None:
        """Space: complete the step now playing (the next one starts on the next update)."""
        for t in self.current:
            t.finish()
        self.current = []
        for t in self.free:
            t.finish()
        self.free = []

    def finish(self) -> None:
        """Complete every queued step at once, in order."""
        self.finish_current()
        while self.steps:
            for t in self.steps.pop(0)():
                t.finish()
