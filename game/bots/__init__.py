"""Players that see only a PlayerView and answer their own pending decisions.

Levels (make_bot(level, seed); `python -m game arena` and `simulate --bots` take the names):
  random   uniform among the legal options
  basic    a plain economy, never trades (the floor the others are measured against)
  easy     the normal policy made shallow and a little careless (easy.py)
  normal   a strong heuristic player: growth, cities it can support, trading by value,
           advances by worth, calamity choices that hurt the leader (normal.py)
  hard     normal plus determinized rollouts for purchases and trades (hard.py)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.core import PlayerView

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


PLAY_LEVEL = "normal"  # the level made for solo play (random and basic are test players)
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


__all__ = ["LEVELS", "PLAY_LEVEL", "BasicBot", "Bot", "EasyBot", "HardBot", "NormalBot",
           "RandomBot", "make_bot"]
