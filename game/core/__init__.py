"""The rules core: pure, deterministic, clonable, serialisable at any decision.

Everything outside the core goes through this door:

    state = new_game(config, graph)      # at its first decision
    state.pending                        # who decides what, with labelled options
    legal_actions(state)                 # [Action(player, label), ...], sorted
    events = apply(state, action)        # IllegalAction leaves the state untouched
    view(state, player)                  # what that player may see
    start_at(state, phase)               # a position built by hand, at the start of a phase

Every event class `apply` can report is exported here too (game/core/event_types.py), with
`ALL_EVENT_TYPES`, so callers dispatch on types: `match event: case TokensMoved(): ...`.
"""

from __future__ import annotations

from . import event_types, labels
from .calamities.civil_war import CivilWarSelection
from .calamities.damage import CitiesToLose, LossesOwed, NamingPlayers
from .calamities.losses import SharingOut
from .engine import Action, advance, apply, legal_actions
from .errors import IllegalAction, PhaseNotImplemented, StateError
from .event_types import *  # noqa: F403  (the event classes, listed in event_types.__all__)
from .events import Event
from .setup import SetupError, new_game
from .state import GameConfig, GameState, Pending
from .turn import start_at
from .view import PlayerView, view

__all__ = [
    "Action",
    "CitiesToLose",
    "CivilWarSelection",
    "Event",
    "GameConfig",
    "GameState",
    "IllegalAction",
    "LossesOwed",
    "NamingPlayers",
    "Pending",
    "PhaseNotImplemented",
    "PlayerView",
    "SetupError",
    "SharingOut",
    "StateError",
    "advance",
    "apply",
    "labels",
    "legal_actions",
    "new_game",
    "start_at",
    "view",
]
__all__ += event_types.__all__
