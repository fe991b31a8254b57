"""The random bot: uniform among the legal options. It sees only its PlayerView."""

from __future__ import annotations

from game.core import PlayerView, Rng


class RandomBot:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng.seeded(seed, stream=7)

    def choose(self, view: PlayerView) -> str:
        if view.pending is None or not view.pending.options:
            raise ValueError("the bot was asked without a decision of its own")
        return self.rng.choice(view.pending.options)
