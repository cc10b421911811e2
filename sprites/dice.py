"""The dice tray: a felt inset where dice tumble under pymunk physics and land on the faces the
rules module already rolled.

The UI never rolls. A game passes, for each die, its kind and face labels (`DieSpec`) and the face
indices the rules rolled, in order (several when a `+` face explodes: each extra roll throws
another die of the same kind beside the first, once the previous one has come to rest). The
physics and the face cycling while a die tumbles are cosmetic, driven by a local random.Random
seeded by the caller, so a replay looks the same.

Why the face at rest is always the rolled one: a top-down 2D body has no "top face", so the face
drawn is a sprite choice. While a die moves fast the face changes every so much rolling distance
(the tumbling illusion). When the die is predicted to stop within LOCK_LEAD seconds it switches to
the rolled face and keeps it; it may only count as settled after showing that face for at least
TARGET_SHOWN seconds, so there is never a visible snap at rest, and settling forces it anyway.

A table scene uses it like this:

    tray = DiceTray(pygame.Rect(700, 380, 520, 280))
    tray.set_speed(speed)             # sprites/speed.py: "x1" | "x2" | "x4" | "instant", or 1, 2, 4, inf
    tray.throw_event(event.data, seed=event_counter)   # or, spelled out:
    tray.throw([DieSpec("red", faces)], [rolls], total=total, seed=event_counter)
    tray.toss_coin(event.data["side"], seed=event_counter)  # a coin flip, in the same tray
    ... every frame: tray.update(dt); tray.draw(screen)
    ... Space: tray.finish();  next event when tray.is_settled();  tray.clear() when done

`update(dt)` takes real seconds and applies the tray's own speed (the table sets it from the one
animation-speed setting every frame). A coin outside any tray is
`sprites.coin.Coin(center).flip(side, seed)`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame
import pymunk

from sprites.coin import Coin
from sprites.speed import factor as speed_factor
from sprites.text import render

Color = tuple[int, int, int]

STEP = 1.0 / 120.0  # fixed physics timestep (seconds of animation time)
MAX_STEPS_PER_UPDATE = 240  # never spend more than this per frame; the rest waits
DIE_SIZE = 52
LIN_DECEL = 720.0  # felt friction: px/s² of constant deceleration
ANG_DECEL = 16.0  # rad/s² of constant spin slowdown
REST_SPEED = 6.0  # px/s: slower than this counts as still
REST_SPIN = 0.3  # rad/s
REST_TIME = 0.12  # seconds still before a die counts as at rest
LOCK_LEAD = 0.4  # show the rolled face once the die will stop within this many seconds
TARGET_SHOWN = 0.3  # ... and for at least this long before it may count as settled
MAX_ROLL_TIME = 2.6  # a die that still moves after this long is stopped where it is
UPRIGHT_SPIN = 2.5  # rad/s at most while easing a slowing die to a readable angle
DROP_TIME = 0.3  # a thrown die falls onto the felt over this long (scale and shadow)

RIM = 9  # the tray's raised border
BAND_H = 46  # the label strip under the dice area


# --- dice kinds ------------------------------------------------------------------------------

@dataclass(frozen=True)
class DieStyle:
    fill: Color  # top face, centre and lower right
    light: Color  # top face, upper left (lit)
    edge: Color  # the rounded sides
    outline: Color
    ink: Color  # numbers and pips


DIE_STYLES: dict[str, DieStyle] = {
    # Bloodborne lantern colours; ink contrast ≥ 4.5:1 against both ends of the face gradient.
    "green": DieStyle((30, 104, 56), (42, 124, 68), (20, 70, 38), (8, 26, 14), (250, 250, 244)),
    "yellow": DieStyle((226, 180, 40), (246, 210, 92), (170, 128, 20), (58, 40, 0), (30, 22, 4)),
    "red": DieStyle((160, 26, 32), (188, 44, 50), (108, 14, 20), (36, 4, 6), (252, 246, 240)),
    # generic dice
    "ivory": DieStyle((232, 226, 210), (250, 247, 238), (186, 176, 156), (66, 58, 48), (28, 24, 20)),
    "black": DieStyle((38, 38, 44), (62, 62, 72), (20, 20, 24), (4, 4, 6), (244, 242, 236)),
    "blue": DieStyle((36, 78, 160), (54, 100, 186), (22, 50, 110), (6, 14, 36), (250, 250, 250)),
}

PIP_LAYOUT = {  # pip centres on a unit square, for faces "1".."6"
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


@dataclass(frozen=True)
class DieSpec:
    """One die as the rules module knows it: its kind (a DIE_STYLES key) and its face labels.

    A label ending in "+" explodes (it is rolled again and added). A label's value is its leading
    number ("2+" is worth 2). `pips` draws faces "1".."6" as pips instead of numbers.
    """

    kind: str
    faces: tuple[str, ...]
    pips: bool = False

    def __post_init__(self) -> None:
        if self.kind not in DIE_STYLES:
            raise ValueError(f"unknown die kind {self.kind!r}; known: {', '.join(DIE_STYLES)}")
        object.__setattr__(self, "faces", tuple(str(f) for f in self.faces))
        if len(self.faces) < 2:
            raise ValueError("a die needs at least two faces")

    @classmethod
    def d6(cls, kind: str = "ivory") -> DieSpec:
        """An ordinary six-sided die with pips."""
        return cls(kind, ("1", "2", "3", "4", "5", "6"), pips=True)

    def explodes(self, index: int) -> bool:
        return self.faces[index].endswith("+")

    def value(self, index: int) -> int:
        return face_value(self.faces[index])


def face_value(label: str) -> int:
    """The number a face label is worth: "3" → 3, "1+" → 1, "-1" → -1, a symbol → 0."""
    digits = ""
    for i, ch in enumerate(label):
        if ch.isdigit() or (ch == "-" and i == 0):
            digits += ch
        else:
            break
    return int(digits) if digits not in ("", "-") else 0


def relative_luminance(c: Color) -> float:
    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])


def contrast_ratio(a: Color, b: Color) -> float:
    """WCAG contrast ratio between two colours (1..21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# --- one die ---------------------------------------------------------------------------------

class Die:
    """One thrown die: a pymunk body plus the face it shows. `target` is the rules' face index."""

    def __init__(self, spec: DieSpec, target: int, chain: int, index: int, rng: random.Random,
                 space: pymunk.Space, pos: pygame.Vector2, velocity: pygame.Vector2,
                 spin: float, size: int) -> None:
        self.spec = spec
        self.target = target
        self.chain = chain  # which of the thrown dice (chains) it belongs to
        self.index = index  # 0 for the first die, 1.. for dice added by a `+`
        self.size = size
        self.rng = rng
        self.shown = rng.randrange(len(spec.faces))  # the face drawn now
        self.faces_shown = 1  # how many face changes were drawn (tumbling), for the curious
        self.locked = False  # showing the rolled face for good
        self.locked_time = 0.0
        self.settled = False
        self.settled_by = ""  # "rest" (physics stopped it), "timeout" or "finish"
        self.elapsed = 0.0
        self.still_time = 0.0
        self.travel = 0.0
        # The body is a square, so drawing it turned by a multiple of 90° looks the same: the
        # face picture is turned by `quarter_turns` so the number comes to rest nearly upright.
        self.quarter_turns = 0
        self.space = space
        self.spawn_position = pygame.Vector2(pos)

        self.body = pymunk.Body()
        self.body.position = (pos.x, pos.y)
        self.body.angle = rng.uniform(0, 2 * math.pi)
        corner = size * 0.18
        self.shape = pymunk.Poly.create_box(self.body, (size - 2 * corner, size - 2 * corner), corner)
        self.shape.density = 0.001
        self.shape.friction = 0.6
        self.shape.elasticity = 0.45
        space.add(self.body, self.shape)
        self.body.velocity = (velocity.x, velocity.y)
        self.body.angular_velocity = spin
        # Felt friction: joints to the table with no position correction and a force limit give
        # a constant-force slowdown (the dice stop crisply instead of creeping).
        self.slide = pymunk.PivotJoint(space.static_body, self.body, (0, 0), (0, 0))
        self.slide.max_bias = 0
        self.slide.max_force = self.body.mass * LIN_DECEL
        self.turn = pymunk.GearJoint(space.static_body, self.body, 0.0, 1.0)
        self.turn.max_bias = 0
        self.turn.max_force = self.body.moment * ANG_DECEL
        space.add(self.slide, self.turn)

    @property
    def position(self) -> pygame.Vector2:
        return pygame.Vector2(self.body.position.x, self.body.position.y)

    @property
    def height(self) -> float:
        """0..1: how high above the felt the die still is just after the throw."""
        if self.elapsed >= DROP_TIME:
            return 0.0
        return (1.0 - self.elapsed / DROP_TIME) ** 2

    @property
    def shown_label(self) -> str:
        return self.spec.faces[self.shown]

    def seconds_to_stop(self) -> float:
        """How long felt friction alone needs to stop it (no more bounces assumed)."""
        speed = self.body.velocity.length
        spin = abs(self.body.angular_velocity)
        return max(speed / LIN_DECEL, spin / ANG_DECEL)

    def after_step(self, dt: float) -> None:
        """Advance the face cycle and the rest detection after one physics step."""
        self.elapsed += dt
        speed = self.body.velocity.length
        spin = abs(self.body.angular_velocity)
        if not self.locked:
            if self.seconds_to_stop() < LOCK_LEAD or self.elapsed >= MAX_ROLL_TIME - LOCK_LEAD:
                self._lock()
            else:
                self._tumble(dt, speed, spin)
        else:
            self.locked_time += dt
        if speed < REST_SPEED and spin < REST_SPIN:
            self.still_time += dt
        else:
            self.still_time = 0.0
        if self.still_time >= REST_TIME and self.locked_time >= TARGET_SHOWN:
            self.settle("rest")
        elif self.elapsed >= MAX_ROLL_TIME:
            self.settle("timeout")

    def _tumble(self, dt: float, speed: float, spin: float) -> None:
        """Show a new face every so much rolling distance: rolling and spinning both count."""
        self.travel += (speed + spin * self.size * 0.5) * dt
        if self.travel >= self.size * 0.9:
            self.travel = 0.0
            n = len(self.spec.faces)
            self.shown = (self.shown + 1 + self.rng.randrange(n - 1)) % n  # never the same face
            self.quarter_turns = self.rng.randrange(4)  # a new face comes up in any orientation
            self.faces_shown += 1

    def _lock(self) -> None:
        self.locked = True
        if self.shown != self.target:
            self.shown = self.target
            self.faces_shown += 1
        # Turn the picture so the number is upright where the spin is predicted to stop, and let
        # the felt ease the die to that angle (within a few degrees), so the number reads well.
        spin = self.body.angular_velocity
        rest_angle = self.body.angle + math.copysign(spin * spin / (2 * ANG_DECEL), spin)
        self.quarter_turns = round(rest_angle / (math.pi / 2))
        self.turn.phase = self.quarter_turns * math.pi / 2 + math.radians(self.rng.uniform(-9, 9))
        self.turn.max_bias = UPRIGHT_SPIN

    @property
    def draw_angle(self) -> float:
        """The angle the face picture is drawn at (the body's, less whole quarter turns)."""
        return self.body.angle - self.quarter_turns * math.pi / 2

    def settle(self, how: str) -> None:
        """Come to rest on the rolled face; the body becomes a fixed obstacle for later dice."""
        if self.settled:
            return
        self.locked = True
        self.shown = self.target  # the hard guarantee: at rest the rolled face is drawn
        self.settled = True
        self.settled_by = how
        self.space.remove(self.slide, self.turn)
        self.body.velocity = (0, 0)
        self.body.angular_velocity = 0
        self.body.body_type = pymunk.Body.KINEMATIC

    def remove(self) -> None:
        if not self.settled:
            self.space.remove(self.slide, self.turn)
        self.space.remove(self.body, self.shape)


class _Chain:
    """The dice of one thrown die: the first roll and every roll its `+` faces added."""

    def __init__(self, spec: DieSpec, rolls: Sequence[int], row_y: float) -> None:
        self.spec = spec
        self.rolls = list(rolls)
        self.row_y = row_y
        self.dice: list[Die] = []

    @property
    def complete(self) -> bool:
        return len(self.dice) == len(self.rolls) and all(d.settled for d in self.dice)

    def settled_labels(self) -> list[str]:
        return [d.shown_label for d in self.dice if d.settled]


# --- the tray --------------------------------------------------------------------------------

class DiceTray:
    """A felt tray where dice are thrown; see the module docstring for how a scene uses it."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int],
                 felt: Color = (26, 78, 56), die_size: int = DIE_SIZE) -> None:
        self.rect = pygame.Rect(rect)
        self.felt = felt
        self.die_size = die_size
        felt_rect = self.rect.inflate(-2 * RIM, -2 * RIM)
        self.band = pygame.Rect(felt_rect.left, felt_rect.bottom - BAND_H, felt_rect.width, BAND_H)
        self.area = pygame.Rect(felt_rect.left, felt_rect.top, felt_rect.width,
                                felt_rect.height - BAND_H)  # where dice roll
        if self.area.width < 3 * die_size or self.area.height < int(1.6 * die_size):
            raise ValueError(f"tray {self.rect} is too small for {die_size} px dice")
        self.space = pymunk.Space()
        self.space.gravity = (0, 0)  # seen from above
        self.space.damping = 0.85  # a little air drag on top of the felt friction below
        self._add_walls()
        self.speed = 1.0
        self.chains: list[_Chain] = []
        self.dice: list[Die] = []  # every die thrown, in throw order
        self.coin: Coin | None = None
        self._coin_body: pymunk.Body | None = None
        self._coin_parts: list = []
        self._coin_still = 0.0
        self._coin_time = 0.0
        self.total: int | None = None  # the rules' total (or the sum of the faces)
        self.rng = random.Random(0)
        self._from_left = True
        self._acc = 0.0
        self._on_done: Callable[[], None] | None = None
        self._base = _tray_surface(tuple(self.rect.size), tuple(felt), RIM, BAND_H)

    def _add_walls(self) -> None:
        a = self.area
        r = 6.0  # thick walls so a fast die can never pass through
        corners = [(a.left - r, a.top - r), (a.right + r, a.top - r),
                   (a.right + r, a.bottom + r), (a.left - r, a.bottom + r)]
        for i in range(4):
            wall = pymunk.Segment(self.space.static_body, corners[i], corners[(i + 1) % 4], r)
            wall.elasticity = 0.6
            wall.friction = 0.8
            self.space.add(wall)

    # --- settings -------------------------------------------------------------------------
    def set_speed(self, speed: float | str) -> None:
        """Animation speed: 1, 2, 4, math.inf or the settings' "x1"/"x2"/"x4"/"instant"."""
        self.speed = speed_factor(speed)
        if self.coin is not None:
            self.coin.set_speed(self.speed)
        if self.speed == math.inf:
            self.finish()

    # --- throwing -------------------------------------------------------------------------
    def throw(self, dice: Sequence[DieSpec], results: Sequence[Sequence[int]], *,
              total: int | None = None, seed: int = 0,
              on_done: Callable[[], None] | None = None) -> None:
        """Throw `dice`; die i lands on faces `results[i]` (face indices, in roll order).

        `results[i]` has one index per roll: every index but the last must be a `+` face (each
        `+` throws one more die of that kind beside it). `total` is the rules' total; when None it
        is the sum of the face values. `seed` drives only the cosmetic motion. `on_done` is
        called once when everything is at rest. Dice of an earlier throw are taken away first.
        """
        if len(dice) != len(results):
            raise ValueError("one result list per die")
        for spec, rolls in zip(dice, results, strict=True):
            _check_rolls(spec, rolls)
        self._remove_dice()
        self.rng = random.Random(seed)
        self._from_left = self.rng.random() < 0.5
        n = len(dice)
        self.chains = []
        for i, (spec, rolls) in enumerate(zip(dice, results, strict=True)):
            row = self.area.top + (i + 0.5) * self.area.height / max(1, n)
            self.chains.append(_Chain(spec, rolls, row))
        if total is None:
            total = sum(spec.value(k) for spec, rolls in zip(dice, results, strict=True) for k in rolls)
        self.total = total
        self._on_done = on_done
        self._acc = 0.0
        for chain_no in range(len(self.chains)):
            self._throw_next(chain_no)
        if self.speed == math.inf:
            self.finish()

    def throw_event(self, data: dict, seed: int = 0,
                    on_done: Callable[[], None] | None = None) -> None:
        """Throw what a rules "dice" event carries: one die as `die` (kind), `faces`, `rolls`
        and `total` (Bloodborne's monster attack), or several as `dice`: a list of such dicts."""
        entries = data["dice"] if "dice" in data else [data]
        self.throw([DieSpec(e["die"], tuple(e["faces"]), bool(e.get("pips", False)))
                    for e in entries],
                   [list(e["rolls"]) for e in entries], total=data.get("total"), seed=seed,
                   on_done=on_done)

    def toss_coin(self, side: str, seed: int = 0, half_turns: int | None = None,
                  radius: int = 30) -> Coin:
        """Toss a coin into the tray; it lands on `side`, the side the rules chose.

        The coin slides on the felt as a pymunk disc (bumping dice) while it spins; with dice
        it comes from the far side, as if the opponent tossed it, and stops near that edge.
        """
        self._remove_coin()
        rng = random.Random(seed)
        a = self.area
        r = radius
        if self.chains:
            direction = -1 if self._from_left else 1
            x0 = a.right - r - 6 if self._from_left else a.left + r + 6
            y0 = rng.uniform(a.top + r + 6, a.bottom - r - 6)
            target = pygame.Vector2(x0 + direction * rng.uniform(0.4, 1.0) * r,
                                    rng.uniform(a.top + r + 6, a.bottom - r - 6))
        else:
            direction = rng.choice((-1, 1))
            x0 = a.left + r + 6 if direction > 0 else a.right - r - 6
            y0 = rng.uniform(a.top + r + 6, a.bottom - r - 6)
            target = pygame.Vector2(a.centerx + rng.uniform(-0.5, 0.5) * r,
                                    a.centery + rng.uniform(-0.3, 0.3) * r)
        start = pygame.Vector2(x0, y0)
        self.coin = Coin(start, radius)
        self.coin.set_speed(self.speed)
        self.coin.flip(side, seed, half_turns)
        body = pymunk.Body(1.0, math.inf)  # a flat disc: it slides, it does not turn
        body.position = (start.x, start.y)
        shape = pymunk.Circle(body, r)
        shape.elasticity = 0.4
        shape.friction = 0.5
        path = target - start
        distance = max(path.length(), 1.0)
        velocity = path / distance * math.sqrt(2 * LIN_DECEL * distance)
        body.velocity = (velocity.x, velocity.y)
        slide = pymunk.PivotJoint(self.space.static_body, body, (0, 0), (0, 0))
        slide.max_bias = 0
        slide.max_force = body.mass * LIN_DECEL
        self.space.add(body, shape, slide)
        self._coin_parts = [body, shape, slide]
        self._coin_body = body
        self._coin_still = 0.0
        self._coin_time = 0.0
        if self.speed == math.inf:
            self.finish()
        return self.coin

    def _coin_moving(self) -> bool:
        return self._coin_body is not None and self._coin_body.body_type == pymunk.Body.DYNAMIC

    def _step_coin(self) -> None:
        """Follow the coin's body; it stops for good once still (or after the time cap)."""
        body = self._coin_body
        self.coin.center = pygame.Vector2(body.position.x, body.position.y)
        if not self._coin_moving():
            return
        self._coin_time += STEP
        self._coin_still = self._coin_still + STEP if body.velocity.length < REST_SPEED else 0.0
        if self._coin_still >= REST_TIME or self._coin_time >= MAX_ROLL_TIME:
            self._freeze_coin()

    def _freeze_coin(self) -> None:
        body = self._coin_body
        if body is None or not self._coin_moving():
            return
        self.space.remove(self._coin_parts[2])
        body.velocity = (0, 0)
        body.body_type = pymunk.Body.KINEMATIC
        self.coin.center = pygame.Vector2(body.position.x, body.position.y)

    def _remove_coin(self) -> None:
        if self._coin_body is not None:
            self.space.remove(*[p for p in self._coin_parts if p in self.space.bodies
                                or p in self.space.shapes or p in self.space.constraints])
        self._coin_body = None
        self._coin_parts = []
        self.coin = None

    def _throw_next(self, chain_no: int) -> None:
        """Throw the next die of a chain from the thrower's edge towards its landing spot."""
        chain = self.chains[chain_no]
        j = len(chain.dice)
        s = self.die_size
        a = self.area
        rng = self.rng
        direction = 1 if self._from_left else -1
        edge_x = a.left + 0.8 * s if self._from_left else a.right - 0.8 * s
        if j == 0:
            # The first die flies to the far side; later ones stop short, beside it.
            reach = rng.uniform(0.55, 0.75) * (a.width - 1.6 * s)
            target = pygame.Vector2(edge_x + direction * reach,
                                    chain.row_y + rng.uniform(-0.15, 0.15) * s)
        else:
            prev = chain.dice[-1].position
            target = pygame.Vector2(prev.x - direction * 1.7 * s,
                                    prev.y + rng.uniform(-0.2, 0.2) * s)
            if (target.x - edge_x) * direction < 0.9 * s:
                # No room left towards the thrower: start a new line beside the previous die.
                up = -1 if prev.y > a.centery else 1
                target = pygame.Vector2(prev.x, prev.y + up * 1.55 * s)
        target.x = min(max(target.x, a.left + 0.75 * s), a.right - 0.75 * s)
        target.y = min(max(target.y, a.top + 0.75 * s), a.bottom - 0.75 * s)
        start = pygame.Vector2(edge_x, target.y + rng.uniform(-0.35, 0.35) * s)
        start.y = min(max(start.y, a.top + 0.75 * s), a.bottom - 0.75 * s)
        path = target - start
        distance = max(path.length(), 1.0)
        # With constant deceleration a, a die starting at sqrt(2·a·d) slides exactly d.
        speed = math.sqrt(2 * LIN_DECEL * distance) * rng.uniform(1.0, 1.08)
        velocity = path / distance * speed
        spin = rng.choice((-1, 1)) * rng.uniform(10.0, 17.0)
        die = Die(chain.spec, chain.rolls[j], chain_no, j, rng, self.space, start, velocity,
                  spin, s)
        chain.dice.append(die)
        self.dice.append(die)

    # --- time -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance by dt real seconds (times the speed setting), in fixed physics steps."""
        if self.speed == math.inf:
            self.finish()
            return
        if self.coin is not None:
            self.coin.update(dt)
        if self._dice_settled() and not self._coin_moving():
            self._check_done()
            return
        self._acc += dt * self.speed
        steps = 0
        while self._acc >= STEP and steps < MAX_STEPS_PER_UPDATE:
            self._acc -= STEP
            self._step()
            steps += 1
        if steps == MAX_STEPS_PER_UPDATE:
            self._acc = 0.0  # a long stall: drop the backlog rather than spiral
        self._check_done()

    def _step(self) -> None:
        self.space.step(STEP)
        if self._coin_body is not None:
            self._step_coin()
        for die in list(self.dice):
            if die.settled:
                continue
            die.after_step(STEP)
            if die.settled:
                self._after_settle(die)

    def _after_settle(self, die: Die) -> None:
        """A die at rest on a `+` face throws the next die of its chain."""
        chain = self.chains[die.chain]
        if die.spec.explodes(die.target) and len(chain.dice) < len(chain.rolls):
            self._throw_next(die.chain)

    def _dice_settled(self) -> bool:
        return all(chain.complete for chain in self.chains)

    def _check_done(self) -> None:
        if self._on_done is not None and self.is_settled():
            callback, self._on_done = self._on_done, None
            callback()

    def finish(self) -> None:
        """Space: jump to the end. The physics runs to rest at once (same places as watching);
        a die still moving after the time cap is stopped where it is."""
        guard = 0
        limit = int(MAX_ROLL_TIME / STEP + 2) * max(1, len(self.dice) + 8)
        while (not self._dice_settled() or self._coin_moving()) and guard < limit:
            self._step()
            guard += 1
        for chain_no, chain in enumerate(self.chains):  # only reachable if physics misbehaved
            while not chain.complete:
                if chain.dice and not chain.dice[-1].settled:
                    chain.dice[-1].settle("finish")
                if len(chain.dice) < len(chain.rolls) and all(d.settled for d in chain.dice):
                    self._throw_next(chain_no)
                    chain.dice[-1].settle("finish")
        if self.coin is not None:
            self._freeze_coin()
            self.coin.finish()
        self._acc = 0.0
        self._check_done()

    def is_settled(self) -> bool:
        coin_done = self.coin is None or (self.coin.is_settled() and not self._coin_moving())
        return self._dice_settled() and coin_done

    def clear(self) -> None:
        """Take everything off the tray."""
        self._remove_dice()
        self._remove_coin()
        self.chains = []
        self.total = None
        self._on_done = None

    def _remove_dice(self) -> None:
        for die in self.dice:
            die.remove()
        self.dice = []

    # --- what is shown --------------------------------------------------------------------
    def shown_faces(self) -> list[list[str]]:
        """The face label draw() draws on each die, per thrown die (chain), in roll order."""
        return [[d.shown_label for d in chain.dice] for chain in self.chains]

    def shown_total(self) -> int | None:
        """The total the tray displays: None until every die is at rest."""
        return self.total if self.chains and self._dice_settled() else None

    def total_text(self) -> str:
        """The running total label, e.g. "2+ → 3 = 5" (chains joined by " + ")."""
        if not self.chains:
            return ""
        parts = []
        for chain in self.chains:
            labels = chain.settled_labels()
            if not chain.complete:
                labels.append("…")
            parts.append(" → ".join(labels))
        text = " + ".join(parts)
        if self._dice_settled():
            text += f" = {self.total}"
        return text

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._base, self._base.get_rect(center=self.rect.center))
        for die in self.dice:
            if die.settled:
                self._draw_die(surface, die)
        for die in self.dice:  # moving dice are drawn over resting ones
            if not die.settled:
                self._draw_die(surface, die)
        if self.coin is not None:
            self.coin.draw(surface)
        self._draw_label(surface)

    def _draw_die(self, surface: pygame.Surface, die: Die) -> None:
        h = die.height
        scale = 1.0 + 0.35 * h
        degrees = -math.degrees(die.draw_angle)  # pymunk y-down angle → pygame's counter-clockwise
        pos = die.body.position
        shadow = pygame.transform.rotozoom(_die_shadow(die.size), degrees, scale)
        off_x, off_y = 3 + 10 * h, 4 + 16 * h
        surface.blit(shadow, shadow.get_rect(center=(round(pos.x + off_x), round(pos.y + off_y))))
        face = _die_face(die.spec.kind, die.shown_label, die.size, die.spec.pips)
        if scale == 1.0:
            image = _rotated_face(die.spec.kind, die.shown_label, die.size, die.spec.pips,
                                  round(degrees) % 360)
        else:
            image = pygame.transform.rotozoom(face, degrees, scale)
        surface.blit(image, image.get_rect(center=(round(pos.x), round(pos.y))))

    def _draw_label(self, surface: pygame.Surface) -> None:
        text = self.total_text()
        if not text:
            return
        band = self.band
        settled = self._dice_settled()
        if settled and "=" in text:
            left, _, _ = text.rpartition(" = ")
            label = _render_label(left + " =", (236, 230, 214))
        else:
            label = _render_label(text, (214, 208, 192))
        surface.blit(label, label.get_rect(midleft=(band.left + 16, band.centery)))
        if settled:
            # The final total, prominent: a gold disc with the number.
            number = render(str(self.total), 32, (32, 22, 6), "bold")
            radius = max(21, number.get_width() // 2 + 9)
            cx = band.left + 16 + label.get_width() + 12 + radius
            cy = band.centery
            pygame.draw.circle(surface, (90, 62, 14), (cx + 1, cy + 2), radius)
            pygame.draw.circle(surface, (232, 190, 88), (cx, cy), radius)
            pygame.draw.circle(surface, (120, 84, 24), (cx, cy), radius, width=2)
            surface.blit(number, number.get_rect(center=(cx, cy + 1)))


@lru_cache(maxsize=64)
def _render_label(text: str, colour: Color) -> pygame.Surface:
    """The total label; the arrows are drawn (Noto Sans has no "→")."""
    pieces = text.split("→")
    parts = []
    for i, piece in enumerate(pieces):
        if i:
            parts.append(_arrow(colour))
        if piece:
            parts.append(render(piece, 20, colour, "bold"))
    height = max(p.get_height() for p in parts)
    out = pygame.Surface((sum(p.get_width() for p in parts), height), pygame.SRCALPHA)
    x = 0
    for p in parts:
        out.blit(p, (x, (height - p.get_height()) // 2))
        x += p.get_width()
    return out


def _arrow(colour: Color) -> pygame.Surface:
    """A "→" the height of a 20 px digit line, centred on the digits."""
    height = render("0", 20, colour, "bold").get_height()
    surf = pygame.Surface((16, height), pygame.SRCALPHA)
    y = int(height * 0.55)
    pygame.draw.line(surf, colour, (1, y), (12, y), 2)
    pygame.draw.polygon(surf, colour, [(15, y), (9, y - 5), (9, y + 5)])
    return surf


def _check_rolls(spec: DieSpec, rolls: Sequence[int]) -> None:
    """The rolls must be a chain the rules could make: a `+` face before every re-roll."""
    if not rolls:
        raise ValueError("each die needs at least one rolled face")
    for i, k in enumerate(rolls):
        if not 0 <= k < len(spec.faces):
            raise ValueError(f"face index {k} out of range for a {len(spec.faces)}-sided die")
        if i < len(rolls) - 1 and not spec.explodes(k):
            raise ValueError(f"face {spec.faces[k]!r} does not explode, yet a re-roll follows it")


# --- pictures (drawn once, cached) -----------------------------------------------------------

def _lerp(a: Color, b: Color, t: float) -> Color:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t),
            int(a[2] + (b[2] - a[2]) * t))


def _rounded_gradient(size: tuple[int, int], top: Color, bottom: Color, radius: int) -> pygame.Surface:
    """A rounded rectangle filled with a diagonal gradient from `top` (upper left) to `bottom`."""
    w, h = size
    grad = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        t = y / max(1, h - 1)
        pygame.draw.line(grad, (*_lerp(top, bottom, t), 255), (0, y), (w, y))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return grad


@lru_cache(maxsize=256)
def _die_face(kind: str, label: str, size: int, pips: bool) -> pygame.Surface:
    """One face of a die: rounded body, lit top face, pips or a number, a `+` badge."""
    style = DIE_STYLES[kind]
    k = 3  # drawn 3× larger, then smoothed down: soft round corners
    big = size * k
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = int(big * 0.22)
    pygame.draw.rect(surf, style.edge, surf.get_rect(), border_radius=radius)
    inset = int(big * 0.085)
    top = _rounded_gradient((big - 2 * inset, big - 2 * inset), style.light, style.fill,
                            int(radius * 0.8))
    surf.blit(top, (inset, inset - k))
    pygame.draw.rect(surf, style.outline, surf.get_rect(), width=2 * k, border_radius=radius)
    value = label.rstrip("+")
    if pips and value in ("1", "2", "3", "4", "5", "6"):
        pr = int(big * (0.12 if value == "1" else 0.085))
        for px, py in PIP_LAYOUT[int(value)]:
            c = (int(px * big), int(py * big))
            pygame.draw.circle(surf, _lerp(style.ink, style.fill, 0.35), (c[0], c[1] + k), pr)
            pygame.draw.circle(surf, style.ink, c, pr)
    face = pygame.transform.smoothscale(surf, (size, size))
    if not (pips and value in ("1", "2", "3", "4", "5", "6")):
        number = render(value, max(18, int(size * 0.6)), style.ink, "bold")
        dx = -int(size * 0.06) if label.endswith("+") else 0
        face.blit(number, number.get_rect(center=(size // 2 + dx, size // 2 - 1)))
    if label.endswith("+"):
        _plus_badge(face, size, style)
    return face


def _plus_badge(face: pygame.Surface, size: int, style: DieStyle) -> None:
    """A small dark disc with a light `+` in the upper right corner: this face explodes."""
    r = max(9, int(size * 0.2))
    cx, cy = size - r - int(size * 0.04), r + int(size * 0.04)
    pygame.draw.circle(face, style.outline, (cx, cy), r)
    pygame.draw.circle(face, (236, 204, 120), (cx, cy), r, width=1)
    arm = int(r * 0.62)
    w = max(3, r // 3)
    pygame.draw.rect(face, (250, 236, 190), (cx - arm, cy - w // 2, 2 * arm + 1, w))
    pygame.draw.rect(face, (250, 236, 190), (cx - w // 2, cy - arm, w, 2 * arm + 1))


@lru_cache(maxsize=4096)
def _rotated_face(kind: str, label: str, size: int, pips: bool, degrees: int) -> pygame.Surface:
    """A face rotated to a whole degree: resting dice redraw for free."""
    return pygame.transform.rotozoom(_die_face(kind, label, size, pips), degrees, 1.0)


@lru_cache(maxsize=8)
def _die_shadow(size: int) -> pygame.Surface:
    pad = 6
    surf = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
    for i, alpha in enumerate((30, 40, 55)):
        pygame.draw.rect(surf, (0, 0, 0, alpha), surf.get_rect().inflate(-4 * i - 4, -4 * i - 4),
                         border_radius=int(size * 0.25))
    return surf


@lru_cache(maxsize=8)
def _tray_surface(size: tuple[int, int], felt: Color, rim: int, band_h: int) -> pygame.Surface:
    """The tray drawn once per size (a table that makes room for its log gets a narrower tray,
    then the old one back: both are kept): a soft drop shadow, a dark leather rim, felt with a
    fine grain and an inner shadow under the rim, and a stitched line above the label strip."""
    pad = 12
    w, h = size
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    outer = pygame.Rect(pad, pad, w, h)
    # Drop shadow of the whole tray onto the table.
    shadow = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 120), outer.move(3, 6), border_radius=22)
    shadow = pygame.transform.smoothscale(
        pygame.transform.smoothscale(shadow, (surf.get_width() // 6, surf.get_height() // 6)),
        surf.get_size())
    surf.blit(shadow, (0, 0))
    rim_surface = _rounded_gradient((w, h), (86, 60, 42), (44, 28, 20), 20)
    surf.blit(rim_surface, outer)
    pygame.draw.rect(surf, (20, 12, 8), outer, width=2, border_radius=20)
    inner = outer.inflate(-2 * rim, -2 * rim)
    felt_surface = _felt(inner.size, felt)
    # Inner shadow: the rim casts a shadow onto the felt along the top and left.
    shade = pygame.Surface(inner.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    pygame.draw.rect(shade, (0, 0, 0, 0), shade.get_rect().inflate(-14, -14).move(5, 6),
                     border_radius=14)
    small = (max(1, inner.width // 5), max(1, inner.height // 5))
    shade = pygame.transform.smoothscale(pygame.transform.smoothscale(shade, small), inner.size)
    felt_surface.blit(shade, (0, 0))
    # The label strip: slightly darker felt under a stitched line.
    strip = pygame.Rect(0, inner.height - band_h, inner.width, band_h)
    darker = pygame.Surface(strip.size, pygame.SRCALPHA)
    darker.fill((0, 0, 0, 45))
    felt_surface.blit(darker, strip)
    stitch = _lerp(felt, (230, 220, 190), 0.35)
    for x in range(14, inner.width - 14, 12):
        pygame.draw.line(felt_surface, stitch, (x, strip.top), (x + 6, strip.top), 1)
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=14)
    felt_surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(felt_surface, inner)
    pygame.draw.rect(surf, (16, 10, 6), inner, width=1, border_radius=14)
    return surf


def _felt(size: tuple[int, int], felt: Color) -> pygame.Surface:
    """Felt: the base colour with a fine fixed grain (a private seed, never a game's Rng)."""
    rng = random.Random(1234)
    tile = pygame.Surface((64, 64), pygame.SRCALPHA)
    tile.fill((*felt, 255))
    for _ in range(900):
        d = rng.randint(-9, 9)
        c = tuple(max(0, min(255, v + d)) for v in felt)
        x, y = rng.randrange(64), rng.randrange(64)
        tile.fill((*c, 255), (x, y, rng.choice((1, 2)), 1))
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(0, size[1], 64):
        for x in range(0, size[0], 64):
            surf.blit(tile, (x, y))
    # A faint light pool in the middle of the felt: a tiny radial map, smoothly scaled up.
    gw, gh = 12, 8
    glow = pygame.Surface((gw, gh), pygame.SRCALPHA)
    for y in range(gh):
        for x in range(gw):
            d = math.hypot((x + 0.5) / gw - 0.5, (y + 0.5) / gh - 0.5) * 2
            glow.set_at((x, y), (255, 255, 255, int(max(0.0, 1.0 - d) * 22)))
    surf.blit(pygame.transform.smoothscale(glow, size), (0, 0))
    return surf


# --- demo: `uv run python -m sprites.dice` ---------------------------------------------------

BLOODBORNE_RED_DEMO = ("1", "2", "3", "3", "4", "3+")  # the suggested red die of rules D2


def _demo() -> None:  # pragma: no cover - interactive
    import sys
    import time

    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    pygame.display.set_caption("Dice tray demo — Space: finish / throw again, 1/2/4/I: speed")
    clock = pygame.Clock()
    tray = DiceTray(pygame.Rect(360, 190, 560, 340))
    red = DieSpec("red", BLOODBORNE_RED_DEMO)
    yellow = DieSpec("yellow", ("1", "1", "2", "2", "3", "2+"))
    throws = int(sys.argv[1]) if len(sys.argv) > 1 else 0  # which demo throw to start with

    def throw_again() -> None:
        nonlocal throws
        # Stand-in for the rules module: the demo "rules" roll with their own seeded Random.
        rules = random.Random(throws)
        red_rolls = [5]
        while True:
            k = rules.randrange(6)
            red_rolls.append(k)
            if not red.explodes(k):
                break
        yellow_rolls = [rules.randrange(5)]
        dice, rolls = [red, yellow], [red_rolls, yellow_rolls]
        if throws % 3 == 2:
            dice, rolls = [red, DieSpec.d6()], [red_rolls, [rules.randrange(6)]]
        tray.clear()
        tray.throw(dice, rolls, seed=throws)
        tray.toss_coin(rules.choice(("heads", "tails")), seed=throws)
        throws += 1

    throw_again()
    times: list[float] = []
    bg_top, bg_bottom = (40, 36, 34), (18, 16, 16)
    background = pygame.Surface(screen.get_size())
    for y in range(720):
        pygame.draw.line(background, _lerp(bg_top, bg_bottom, y / 719), (0, y), (1280, y))
    running = True
    rest_timer = 0.0
    while running:
        dt = min(clock.tick(60) / 1000.0, 0.25)
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                running = False
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
                if tray.is_settled():
                    throw_again()
                else:
                    tray.finish()
            elif event.type == pygame.KEYDOWN and event.unicode in ("1", "2", "4", "i"):
                tray.set_speed({"1": "x1", "2": "x2", "4": "x4", "i": "instant"}[event.unicode])
        t0 = time.perf_counter()
        tray.update(dt)
        screen.blit(background, (0, 0))
        tray.draw(screen)
        times.append(time.perf_counter() - t0)
        title = render("Dice tray — Space: finish / throw again", 18, (226, 220, 204), "bold")
        screen.blit(title, (360, 150))
        pygame.display.flip()
        if tray.is_settled():
            rest_timer += dt
            if rest_timer > 3.0:
                rest_timer = 0.0
                throw_again()
        else:
            rest_timer = 0.0
    if times:
        times.sort()
        print(f"update+draw per frame: median {1000 * times[len(times) // 2]:.2f} ms, "
              f"p95 {1000 * times[int(len(times) * 0.95)]:.2f} ms over {len(times)} frames")
    pygame.quit()


if __name__ == "__main__":
    _demo()
