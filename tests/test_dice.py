"""The dice tray and the coin land on what the rules rolled.

The tests stand in for a rules module: a seeded random.Random rolls face indices (re-rolling on
`+` faces, as Bloodborne's dice explode), the tray animates them, and we check what it shows.
"""

from __future__ import annotations

import math
import random

import pygame
import pytest

from sprites.coin import HALF_TURNS, Coin
from sprites.dice import (
    DIE_STYLES,
    STEP,
    TARGET_SHOWN,
    DiceTray,
    DieSpec,
    contrast_ratio,
    face_value,
)

# Bloodborne's suggested dice (rules D2): `+` faces explode.
GREEN = DieSpec("green", ("0", "1", "1", "1", "2", "1+"))
YELLOW = DieSpec("yellow", ("1", "1", "2", "2", "3", "2+"))
RED = DieSpec("red", ("1", "2", "3", "3", "4", "3+"))
KINDS = [GREEN, YELLOW, RED, DieSpec.d6(), DieSpec.d6("black")]
TRAY = pygame.Rect(40, 30, 560, 340)
DT = 1 / 60
MAX_FRAMES = 60 * 30  # half a minute of animation is far more than any throw may take


@pytest.fixture(scope="module", autouse=True)
def display():
    # No pygame.quit() afterwards: sprites.text caches fonts that other test modules reuse.
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))


def rules_roll(rng: random.Random, spec: DieSpec) -> list[int]:
    """What a rules module does: roll, and roll again while a `+` face comes up."""
    rolls = [rng.randrange(len(spec.faces))]
    while spec.explodes(rolls[-1]):
        rolls.append(rng.randrange(len(spec.faces)))
    return rolls


def random_throw(seed: int) -> tuple[list[DieSpec], list[list[int]]]:
    rng = random.Random(seed)
    dice = [rng.choice(KINDS) for _ in range(rng.randint(1, 3))]
    if seed % 4 == 0:  # make sure long exploding chains are well covered
        dice[0] = RED
        results = [[5, 5] + rules_roll(rng, RED)] + [rules_roll(rng, d) for d in dice[1:]]
        return dice, results
    return dice, [rules_roll(rng, d) for d in dice]


def expected_faces(dice, results):
    return [[spec.faces[k] for k in rolls] for spec, rolls in zip(dice, results, strict=True)]


def expected_total(dice, results):
    return sum(spec.value(k) for spec, rolls in zip(dice, results, strict=True) for k in rolls)


def run_until_settled(tray: DiceTray, dt: float = DT) -> int:
    frames = 0
    while not tray.is_settled() and frames < MAX_FRAMES:
        tray.update(dt)
        frames += 1
    return frames


def watch_faces(tray: DiceTray, dt: float) -> tuple[int, dict[int, list[str]]]:
    """Run until settled; per die (by id), the face drawn after every update while it was
    moving, ending with the face of the update where it came to rest."""
    faces: dict[int, list[str]] = {}
    frames = 0
    while not tray.is_settled() and frames < MAX_FRAMES:
        tray.update(dt)
        frames += 1
        for die in tray.dice:
            seen = faces.setdefault(id(die), [])
            if not die.settled or len(seen) == 0 or seen[-1] != "<rest>":
                seen.append(die.shown_label)
                if die.settled:
                    seen.append("<rest>")
    return frames, {k: [x for x in v if x != "<rest>"] for k, v in faces.items()}


# --- dice -----------------------------------------------------------------------------------

def test_dice_come_to_rest_on_the_faces_the_rules_rolled_for_many_seeds():
    canvas = pygame.Surface((640, 400))
    for seed in range(200):
        dice, results = random_throw(seed)
        tray = DiceTray(TRAY)
        tray.throw(dice, results, seed=seed)
        frames, faces = watch_faces(tray, DT)
        assert frames < MAX_FRAMES, f"seed {seed}: the dice never came to rest"
        assert tray.shown_faces() == expected_faces(dice, results), f"seed {seed}"
        assert tray.shown_total() == expected_total(dice, results), f"seed {seed}"
        assert tray.total_text().endswith(f"= {expected_total(dice, results)}")
        for die in tray.dice:
            # Physics, not teleport: the die was thrown (it moved) and friction stopped it
            # inside the tray.
            assert die.settled_by == "rest", f"seed {seed}: {die.settled_by}"
            assert tray.area.collidepoint(die.position), f"seed {seed}: {die.position}"
            assert die.position.distance_to(die.spawn_position) > die.size / 2
            assert die.body.velocity.length == 0
            # It tumbled: the drawn face changed while it rolled.
            assert len(set(faces[id(die)])) > 1, f"seed {seed}: never tumbled"
        if seed < 20:
            tray.draw(canvas)  # draw() runs on every state without error


def test_the_rolled_face_shows_for_the_last_moments_of_motion_so_nothing_snaps_at_rest():
    for seed in range(60):
        dice, results = random_throw(seed)
        tray = DiceTray(TRAY)
        tray.throw(dice, results, seed=seed)
        _, labels = watch_faces(tray, STEP)  # one physics step per update: every face is seen
        assert tray.is_settled()
        last = int(TARGET_SHOWN / STEP) - 1
        for die in tray.dice:
            seen = labels[id(die)]
            assert len(seen) > last
            assert set(seen[-last:]) == {die.spec.faces[die.target]}, f"seed {seed}"


def test_finish_shows_the_same_final_faces_and_total():
    for seed in range(60):
        dice, results = random_throw(seed)
        tray = DiceTray(TRAY)
        tray.throw(dice, results, seed=seed)
        for _ in range(seed % 30):  # Space pressed at some moment of the roll
            tray.update(DT)
        tray.finish()
        assert tray.is_settled()
        assert tray.shown_faces() == expected_faces(dice, results)
        assert tray.shown_total() == expected_total(dice, results)
        assert all(tray.area.collidepoint(d.position) for d in tray.dice)


def test_finish_lands_where_watching_would_have_landed():
    dice, results = [RED, YELLOW], [[5, 5, 2], [1]]
    watched, skipped = DiceTray(TRAY), DiceTray(TRAY)
    watched.throw(dice, results, seed=7)
    skipped.throw(dice, results, seed=7)
    run_until_settled(watched)
    skipped.finish()
    assert [d.position for d in watched.dice] == [d.position for d in skipped.dice]


def test_the_same_seed_gives_the_same_animation():
    dice, results = [GREEN, DieSpec.d6()], [[5, 0], [3]]
    a, b = DiceTray(TRAY), DiceTray(TRAY)
    a.throw(dice, results, seed=11)
    b.throw(dice, results, seed=11)
    for _ in range(40):
        a.update(DT)
        b.update(DT)
        assert [(d.position, d.shown_label) for d in a.dice] == [
            (d.position, d.shown_label) for d in b.dice]


def test_a_plus_face_throws_another_die_of_the_same_kind_once_it_rests():
    tray = DiceTray(TRAY)
    tray.throw([RED], [[5, 2]], seed=3)  # "3+" then "3"
    assert len(tray.dice) == 1
    frames = 0
    while not tray.dice[0].settled and frames < MAX_FRAMES:
        tray.update(DT)
        frames += 1
    assert len(tray.dice) == 2
    assert tray.dice[1].spec == RED
    assert tray.total_text() == "3+ → …"
    run_until_settled(tray)
    assert tray.total_text() == "3+ → 3 = 6"
    assert tray.shown_total() == 6


def test_running_total_label_reads_like_the_rulebook():
    tray = DiceTray(TRAY)
    tray.throw([YELLOW], [[5, 4]], seed=1)  # "2+" then "3"
    tray.finish()
    assert tray.total_text() == "2+ → 3 = 5"
    tray.throw([GREEN, DieSpec.d6()], [[5, 5, 0], [3]], seed=2)
    assert tray.shown_total() is None  # not shown before the dice rest
    tray.finish()
    assert tray.total_text() == "1+ → 1+ → 0 + 4 = 6"


def test_the_rules_total_is_displayed_when_given():
    tray = DiceTray(TRAY)
    tray.throw([RED], [[4]], total=2, seed=0)  # e.g. a rule halved the damage
    tray.finish()
    assert tray.shown_total() == 2


def test_instant_speed_shows_the_result_at_once():
    tray = DiceTray(TRAY)
    tray.set_speed("instant")
    tray.throw([RED, GREEN], [[5, 1], [2]], seed=5)
    assert tray.is_settled()
    assert tray.shown_faces() == [["3+", "2"], ["1"]]


def test_faster_speed_settles_in_fewer_frames():
    frames = {}
    for speed in ("x1", "x2", "x4"):
        tray = DiceTray(TRAY)
        tray.set_speed(speed)
        tray.throw([RED], [[5, 1]], seed=9)
        frames[speed] = run_until_settled(tray)
        assert tray.shown_faces() == [["3+", "2"]]
    assert frames["x1"] > frames["x2"] > frames["x4"]


def test_rolls_the_rules_could_not_make_are_refused():
    tray = DiceTray(TRAY)
    with pytest.raises(ValueError, match="does not explode"):
        tray.throw([RED], [[0, 3]])  # "1" never re-rolls
    with pytest.raises(ValueError, match="out of range"):
        tray.throw([RED], [[6]])
    with pytest.raises(ValueError):
        tray.throw([RED, GREEN], [[1]])
    with pytest.raises(ValueError, match="unknown die kind"):
        DieSpec("purple", ("1", "2"))


def test_clear_takes_everything_off_the_tray():
    tray = DiceTray(TRAY)
    tray.throw([RED], [[5, 1]], seed=4)
    tray.toss_coin("tails", seed=4)
    tray.update(DT)
    tray.clear()
    assert tray.dice == [] and tray.shown_faces() == [] and tray.coin is None
    assert len(tray.space.bodies) == 0  # only the static walls remain
    assert tray.is_settled()


def test_face_values_are_the_leading_number():
    assert [face_value(x) for x in ("0", "1+", "3", "12+", "-1", "★")] == [0, 1, 3, 12, -1, 0]


def test_die_numbers_have_at_least_4_5_to_1_contrast():
    for kind, style in DIE_STYLES.items():
        for background in (style.fill, style.light):
            assert contrast_ratio(style.ink, background) >= 4.5, kind


# --- coin -----------------------------------------------------------------------------------

def flip_and_watch(coin: Coin, side: str, seed: int) -> list[str]:
    coin.flip(side, seed=seed)
    sides = [coin.shown_side()]
    frames = 0
    while not coin.is_settled() and frames < MAX_FRAMES:
        coin.update(1 / 120)
        sides.append(coin.shown_side())
        frames += 1
    return sides


def test_coin_lands_on_the_side_the_rules_chose_after_4_to_8_half_turns():
    canvas = pygame.Surface((200, 200))
    for seed in range(200):
        for side in ("heads", "tails"):
            coin = Coin((100, 100))
            sides = flip_and_watch(coin, side, seed)
            assert coin.is_settled()
            assert coin.shown_side() == side, f"seed {seed}"
            assert coin.half_turns in HALF_TURNS
            # Each half-turn shows the other side once: the coin really spun that many times.
            changes = sum(1 for a, b in zip(sides, sides[1:], strict=False) if a != b)
            assert changes == coin.half_turns, f"seed {seed}"
            if seed < 5:
                coin.draw(canvas)


def test_coin_half_turns_come_from_the_seed_or_the_caller():
    a, b = Coin((0, 0)), Coin((0, 0))
    a.flip("heads", seed=42)
    b.flip("heads", seed=42)
    assert a.half_turns == b.half_turns
    seen = set()
    for seed in range(100):
        c = Coin((0, 0))
        c.flip("tails", seed=seed)
        seen.add(c.half_turns)
    assert seen == set(HALF_TURNS)  # every count 4..8 happens
    c = Coin((0, 0))
    c.flip("tails", half_turns=6)
    assert c.half_turns == 6
    c.finish()
    assert c.shown_side() == "tails"
    with pytest.raises(ValueError):
        c.flip("tails", half_turns=3)
    with pytest.raises(ValueError):
        c.flip("edge")


def test_coin_finish_lands_at_once_on_the_chosen_side():
    for side in ("heads", "tails"):
        coin = Coin((50, 50))
        coin.flip(side, seed=3)
        coin.update(0.2)
        assert not coin.is_settled()
        coin.finish()
        assert coin.is_settled() and coin.shown_side() == side


def test_coin_decelerates():
    coin = Coin((50, 50))
    coin.flip("heads", half_turns=8)
    coin.update(coin.duration * 0.1)
    early = coin.angle
    coin.update(coin.duration * 0.8)
    before_end = coin.angle
    coin.update(coin.duration * 0.1)
    assert early > coin.angle - before_end  # the first tenth turns further than the last


def test_coin_sides_differ_in_picture_not_only_colour():
    from sprites.coin import _coin_face

    def shape(side):
        face = _coin_face(side, 30)
        # Where the dark ink is, regardless of colour.
        return {(x, y) for x in range(0, 60, 2) for y in range(0, 60, 2)
                if sum(face.get_at((x, y))[:3]) < 300 and face.get_at((x, y))[3] > 200}

    heads, tails = shape("heads"), shape("tails")
    assert len(heads ^ tails) > 0.3 * len(heads | tails)


def test_coin_in_the_tray_lands_and_counts_towards_settled():
    tray = DiceTray(TRAY)
    tray.throw([GREEN], [[2]], seed=1)
    coin = tray.toss_coin("tails", seed=1)
    start = coin.position
    run_until_settled(tray)
    assert coin.is_settled() and coin.shown_side() == "tails"
    # It slid on the felt as a body and stopped inside the tray.
    assert tray.area.collidepoint(coin.position)
    assert coin.position.distance_to(start) > coin.radius / 2
    tray.set_speed("x4")
    tray.toss_coin("heads", seed=2)
    assert not tray.is_settled()
    tray.finish()
    assert tray.coin.shown_side() == "heads"


def test_coin_angle_is_a_whole_number_of_half_turns_at_rest():
    coin = Coin((0, 0))
    coin.flip("heads", seed=8)
    coin.finish()
    assert math.isclose(coin.angle, coin.half_turns * math.pi)


def test_a_bloodborne_dice_event_is_thrown_as_it_comes():
    # The shape of the event Bloodborne's monster attack emits (game/bloodborne/rules.py).
    data = {"die": "yellow", "faces": list(YELLOW.faces), "rolls": [5, 5, 1], "total": 5}
    tray = DiceTray(TRAY)
    tray.throw_event(data, seed=12)
    tray.finish()
    assert tray.shown_faces() == [["2+", "2+", "1"]]
    assert tray.total_text() == "2+ → 2+ → 1 = 5"


def test_on_done_is_called_once_when_everything_rests():
    calls = []
    tray = DiceTray(TRAY)
    tray.throw([GREEN], [[5, 1]], seed=6, on_done=lambda: calls.append("done"))
    tray.toss_coin("heads", seed=6)
    run_until_settled(tray)
    tray.update(DT)
    assert calls == ["done"]


def test_coin_speed_setting_shortens_or_skips_the_spin():
    frames = {}
    for speed in ("x1", "x4"):
        coin = Coin((0, 0))
        coin.set_speed(speed)
        coin.flip("heads", half_turns=7)
        n = 0
        while not coin.is_settled():
            coin.update(DT)
            n += 1
        frames[speed] = n
    assert frames["x4"] < frames["x1"]
    coin = Coin((0, 0))
    coin.set_speed("instant")
    coin.flip("tails", seed=1)
    assert coin.is_settled() and coin.shown_side() == "tails"
