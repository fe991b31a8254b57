"""The rules core: pure, deterministic, clonable, serialisable at any decision.

Everything outside the core goes through this door:

    state = new_game(config, graph)      # at its first decision
    state.pending                        # who decides what, with labelled options
    legal_actions(state)                 # [Action(player, label), ...], sorted
    events = apply(state, action)        # IllegalAction leaves the state untouched
    view(state, player)                  # what that player may see
"""

from __future__ import annotations

from .calamities.civil_war import CivilWarSelection
from .engine import Action, advance, apply, legal_actions
from .errors import IllegalAction, PhaseNotImplemented, StateError
from .events import Event
from .setup import SetupError, new_game
from .state import GameConfig, GameState, Pending
from .view import PlayerView, view

__all__ = [
    "Action",
    "CivilWarSelection",
    "Event",
    "GameConfig",
    "GameState",
    "IllegalAction",
    "Pending",
    "PhaseNotImplemented",
    "PlayerView",
    "SetupError",
    "StateError",
    "advance",
    "apply",
    "legal_actions",
    "new_game",
    "view",
]
