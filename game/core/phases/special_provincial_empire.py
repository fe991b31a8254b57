"""Provincial Empire (rules §8 #38, phase 10): the user picks up to 5 players with units land- or
water-adjacent to the user's units; each of them then gives the user a commodity card of face
value 2 or more, of their own choice. Holders of Provincial Empire or Public Works are immune.

decided: units in an area the user's units share count as neighbours too (they are nearer than
adjacent). Only players who hold such a card are offered, so no pick comes to nothing. The
players picked give their cards in A.S.T. ranking order once the user has finished picking; the
card changes hands face down (the event names no card).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import labels
from ..events import Event
from ..flow import ask, done, register
from ..ops import give_card, take_card
from ..population import holds
from ..state import GameState
from ..words import ref, say
from .special_common import AbilityProgress, unit_areas

KIND = "special:provincial_empire"
EFFECT = "special_tribute"
IMMUNE = "immune_provincial_empire"
RULE = "rules:phase-10-provincial-empire"


@dataclass(frozen=True, kw_only=True)
class TributeGiven(Event):
    player: str  # who gives
    to: str


def tribute_cards(state: GameState, player: str) -> list[str]:
    """The distinct cards the player may give: commodities of face value 2 or more."""
    data = state.data
    least = data.numbers["provincial_empire_min_face_value"]
    return sorted({h.card for h in state.players[player].hand
                   if h.card in data.commodities and data.commodities[h.card].value >= least})


def neighbours(state: GameState, user: str) -> list[str]:
    """Players, not immune, with units in or land- or water-adjacent to the user's areas, who
    hold a card they could give; in A.S.T. ranking order."""
    near: set[str] = set()
    for area in unit_areas(state, user):
        near.add(area)
        near.update(state.map.neighbours(area))
    return [
        pid for pid in state.players
        if pid != user and not holds(state, pid, IMMUNE)
        and any(area in near for area in unit_areas(state, pid))
        and tribute_cards(state, pid)
    ]


def usable(state: GameState, player: str) -> bool:
    return bool(neighbours(state, player))


@dataclass(kw_only=True)
class ProvincialEmpire(AbilityProgress):
    KIND = KIND
    picked: list[str] = field(default_factory=list)  # players who still give a card
    picking_over: bool = False
    giver: str = ""  # the player choosing which card to give


def _step(state: GameState, d: ProvincialEmpire, events: list[Event]) -> None:
    user = d.player
    picked = d.picked
    most = state.data.numbers["provincial_empire_players"]
    if not d.picking_over and len(picked) < most:
        options = [labels.make("player", p) for p in neighbours(state, user) if p not in picked]
        if options:
            ask(state, user, "provincial_empire_player",
                f"Provincial Empire: who gives you a card? ({most - len(picked)} picks left)",
                [*options, "done"], RULE)
            return
    d.picking_over = True
    for pid in state.players:
        if pid not in picked:
            continue
        cards = tribute_cards(state, pid)
        if len(cards) > 1:
            d.giver = pid
            ask(state, pid, "provincial_empire_card",
                say("Provincial Empire: which card do you give {user}?", user=ref("player", user)),
                [labels.make("card", c) for c in cards], RULE)
            return
        picked.remove(pid)
        if cards:
            _give(state, d, pid, cards[0], events)
    done(state, d)


def _give(state: GameState, d: ProvincialEmpire, giver: str, card: str,
          events: list[Event]) -> None:
    user = d.player
    take_card(state, giver, card)
    give_card(state, user, card)
    events.append(TributeGiven(player=giver, to=user, rule=RULE))


def _choose(state: GameState, d: ProvincialEmpire, label: str, events: list[Event]) -> None:
    if label == "done":
        d.picking_over = True
    elif labels.kind_of(label) == "player":
        d.picked.append(labels.value(label))
    else:
        giver, d.giver = d.giver, ""
        d.picked.remove(giver)
        _give(state, d, giver, labels.value(label), events)


register(ProvincialEmpire, _step, _choose)
