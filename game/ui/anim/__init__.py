"""Animations of the core's events on the map: a queue of steps fed batch by batch, calamities
with their weather, hordes and battles as pymunk bodies. Drawing only: nothing here changes the
game."""

from .common import copy_board
from .looks import CALAMITY_LOOKS, Look, look_for
from .queue import BOT_HURRY, INSTANT, AnimQueue
from .stage import Stage

__all__ = ["BOT_HURRY", "CALAMITY_LOOKS", "INSTANT", "AnimQueue", "Look", "Stage", "copy_board",
           "look_for"]
