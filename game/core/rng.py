"""A small seeded random generator whose whole state is two integers in the game state.

PCG32 (O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically Good Algorithms
for Random Number Generation"): tiny, fast enough in pure Python, and trivially serialisable,
which Python's own `random.Random` (625 words of state) is not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005

T = TypeVar("T")


@dataclass
class Rng:
    state: int
    inc: int

    def __clone__(self) -> Rng:
        """`plain.clone`'s fast path (every action copies the generator): its fields are ints."""
        copy = object.__new__(Rng)  # field by field (see GameState._copy_with)
        copy.state, copy.inc = self.state, self.inc
        return copy

    @staticmethod
    def seeded(seed: int, stream: int = 54) -> Rng:
        rng = Rng(0, ((stream << 1) | 1) & _MASK64)
        rng.next32()
        rng.state = (rng.state + (seed & _MASK64)) & _MASK64
        rng.next32()
        return rng

    def next32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        threshold = (1 << 32) % n
        while True:
            r = self.next32()
            if r >= threshold:
                return r % n

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
