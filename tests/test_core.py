"""The shared pieces of the contract: Rng, Action round trips, card-data errors."""

from game.core.contract import Action
from game.core.rng import Rng


def test_rng_same_seed_same_numbers():
    a, b = Rng(42), Rng(42)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]


def test_rng_clone_is_independent():
    a = Rng(7)
    b = a.clone()
    a.next64()
    assert a != b
    b.next64()
    assert a == b


def test_rng_shuffle_is_a_permutation():
    rng = Rng(3)
    items = list(range(40))
    rng.shuffle(items)
    assert sorted(items) == list(range(40)) and items != list(range(40))


def test_rng_below_covers_range_uniformly_enough():
    rng = Rng(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert min(counts) > 850 and max(counts) < 1150


def test_action_json_round_trip_and_label_not_compared():
    a = Action("tell", source=None, target=2, option=("girl", "homura"), label="Tell P3 Homura")
    b = Action.from_json(a.to_json())
    assert b == a and hash(b) == hash(a)
    assert Action("play", 5, label="x") == Action("play", 5, label="y")
