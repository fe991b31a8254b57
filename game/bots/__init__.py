"""Players that see only a PlayerView and answer their own pending decisions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.core.view import PlayerView

from .basic import BasicBot
from .easy import EasyBot
from .hard import HardBot
from .normal import NormalBot
from .random_bot import RandomBot


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView) -> str:
        """The label of one option of `view.pending` (the bot's own decision)."""
        ...


LEVELS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "basic": BasicBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
}


def make_bot(level: str, seed: int) -> Bot:
    try:
        return LEVELS[level](seed)
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})") from None


__all__ = ["LEVELS", "BasicBot", "Bot", "EasyBot", "HardBot", "NormalBot", "RandomBot", "make_bot"]
