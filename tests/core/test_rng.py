from __future__ import annotations

from collections import Counter

from game.core.rng import Rng


def test_the_same_seed_gives_the_same_numbers_and_another_seed_does_not() -> None:
    a, b, c = Rng.seeded(1), Rng.seeded(1), Rng.seeded(2)
    first = [a.next32() for _ in range(5)]
    assert first == [b.next32() for _ in range(5)]
    assert first != [c.next32() for _ in range(5)]


def test_below_is_roughly_uniform_and_in_range() -> None:
    rng = Rng.seeded(9)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < n < 1200 for n in counts.values())


def test_shuffle_keeps_every_item() -> None:
    rng = Rng.seeded(3)
    items = list(range(50))
    rng.shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))
