"""The rules core: pure, deterministic, clonable, serialisable at any decision.

Everything outside the core goes through this door:

    state = new_game(config, graph)      # at its first decision
    state.pending                        # who decides what, with labelled options
    state.pending.detail                 # the decision's facts, typed (see "Decisions" below)
    legal_actions(state)                 # [Action(player, label), ...], sorted
    events = apply(state, action)        # IllegalAction (with its Refusal) leaves it untouched
    view(state, player)                  # what that player may see
    start_at(state, phase)               # a position built by hand, at the start of a phase

Every event class `apply` can report is exported here too (game/core/event_types.py), with
`ALL_EVENT_TYPES`, so callers dispatch on types: `match event: case TokensMoved(): ...`.
The layers above import from here only, never from the core's modules (an import-linter
contract in pyproject.toml holds them to it); what they need besides the door is below.
"""

from __future__ import annotations

from . import event_types

# Decisions: the typed details of the decisions bots and the client read.
from .calamities.civil_war import CivilWarSelection
from .calamities.common import CalamityUnderWay, calamity_in_play
from .calamities.damage import CitiesToLose, LossesOwed, NamingPlayers
from .calamities.losses import SharingOut
from .conflict_rules import ConflictLoss, Plunder, city_attack_numbers

# Read-only rules questions: costs, credits, card values, scores, support, the set-up.
from .costs import (
    advance_cost,
    advance_costs,
    credit_savings,
    face_value,
    group_credits,
    payment_capacity,
    set_sizes,
    set_value,
    specific_credits,
    treasury_value,
)
from .costs import holds as holds_effect
from .engine import Action, advance, apply, legal_actions
from .errors import IllegalAction, PhaseNotImplemented, Refusal, StateError
from .event_types import *  # noqa: F403  (the event classes, listed in event_types.__all__)

# The Events module's state, its numbers and its cards.
from .eventdeck.action import EventOption
from .eventdeck.cancel import CancelOffer
from .eventdeck.cards import Effect as EventEffect
from .eventdeck.cards import EventCard, load_event_cards
from .eventdeck.deck import FACE_UP, FACE_UP_MORE, MORE_FROM
from .eventdeck.effects.progress import EventStep
from .eventdeck.model import HALVES, MARKER_KINDS, EventDeck, EventsOptions, Marker, Regions
from .eventdeck.regions import computed_regions
from .eventdeck.stats import event_counts
from .eventdeck.windows import PHASE_WINDOWS
from .eventdeck.windows import TASK as EVENT_WINDOW_TASK
from .events import Event

# Building and checking positions by hand (scenarios, the bots' samplers, showcases, saves).
from .flow import push
from .gamedata import EPOCHS, GROUPS, GameData, load_game_data
from .invariants import card_census, violations
from .labels import kind_of as label_kind
from .labels import make as make_label
from .labels import number as label_number
from .labels import value as label_value
from .mapgraph import Area, MapError, MapGraph, Sea, Volcano
from .mapsetup import WHOLE_BOARD, in_play

# A bot's private copies: moving cards on a sampled state to weigh a trade.
from .ops import give_card, take_card
from .phases.advance_acquisition import (
    AdvanceAcquisition,
    AdvancePrices,
    CreditsToPlace,
    HandLimit,
    PaymentSoFar,
    Shop,
)
from .phases.city_construction import CityPayment
from .phases.conflict import AttackWait
from .phases.movement import MILITARY, Movement, MovementAction, movement_order
from .phases.movement_reach import TokensToMove
from .phases.movement_ships import ShipUpkeep
from .phases.taxation import TaxRate, TaxRevoltCity
from .phases.trade import TableOffer, Trade, TradeAnswer, TradePartnerChoice, TradeSideSoFar
from .phases.trade_card_acquisition import CardOffers
from .plain import clone, from_plain, to_plain
from .player_view import PlayerView, PublicPlayer, public_pending, public_words, view
from .population import population_limit, support_rate
from .rng import Rng
from .scoring import final_ranking, score_breakdown, victory_points
from .setup import SetupError, build_stack, choose_setup, map_regions, map_setup_for, new_game
from .state import (
    BARBARIANS,
    PIRATE,
    Board,
    Detail,
    GameConfig,
    GameState,
    HandCard,
    Pending,
    Player,
    Task,
    map_digest,
)
from .state import FORMAT_VERSION as STATE_FORMAT_VERSION
from .turn import EVENTS_PHASE, FIRST_TURN_START, PHASES, SCENARIO_PHASES, start_at
from .validate import problems as state_problems
from .words import Words

__all__ = [
    "BARBARIANS", "EPOCHS", "EVENTS_PHASE", "EVENT_WINDOW_TASK", "FACE_UP", "FACE_UP_MORE",
    "FIRST_TURN_START", "GROUPS", "HALVES", "MARKER_KINDS", "MILITARY", "MORE_FROM", "PHASES",
    "PHASE_WINDOWS", "PIRATE", "SCENARIO_PHASES", "STATE_FORMAT_VERSION",
    "WHOLE_BOARD",
    "Action", "AdvanceAcquisition", "AdvancePrices", "Area", "AttackWait", "Board",
    "CalamityUnderWay", "CardOffers",
    "CitiesToLose", "CityPayment", "CivilWarSelection", "ConflictLoss", "CreditsToPlace",
    "Detail", "Event", "EventDeck", "EventsOptions", "GameConfig", "GameData", "GameState",
    "HandCard", "HandLimit", "IllegalAction", "LossesOwed", "MapError", "MapGraph", "Marker",
    "Movement", "MovementAction", "NamingPlayers", "PaymentSoFar", "Pending",
    "PhaseNotImplemented",
    "Player", "PlayerView", "Plunder", "PublicPlayer", "Refusal", "Regions", "Rng", "Sea",
    "city_attack_numbers", "public_pending", "public_words",
    "SetupError", "SharingOut", "ShipUpkeep", "Shop", "StateError", "TableOffer", "Task",
    "TaxRate", "TaxRevoltCity", "TokensToMove", "Trade", "TradeAnswer", "TradePartnerChoice",
    "TradeSideSoFar", "Volcano", "Words",
    "advance", "advance_cost", "advance_costs", "apply", "build_stack", "calamity_in_play",
    "card_census",
    "choose_setup", "clone",
    "computed_regions", "credit_savings",
    "event_counts", "face_value", "final_ranking", "from_plain",
    "give_card", "group_credits", "holds_effect", "in_play", "label_kind", "label_number",
    "label_value", "legal_actions", "load_event_cards", "load_game_data", "make_label",
    "map_digest", "map_regions", "map_setup_for", "movement_order", "new_game", "payment_capacity",
    "population_limit", "push",
    "score_breakdown", "set_sizes", "set_value",
    "specific_credits", "start_at", "state_problems", "support_rate", "take_card", "to_plain",
    "treasury_value", "victory_points", "view", "violations",
]
__all__ += event_types.__all__
__all__ += ["CancelOffer", "EventCard", "EventEffect", "EventOption", "EventStep"]
