"""Phase 1, tax collection (rules §4 phase 1): 1a collection, 1b tax revolts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..eventdeck.effects.markers import tax_cut
from ..events import Event
from ..flow import ask, done, register
from ..ops import annex_city, cities_in_stock, default_beneficiary, destroy_city, gain_treasury
from ..state import Detail, GameState, Progress, detail_type
from ..words import ref, say

RULE_RATE = "rules:phase-1a"
RULE_REVOLT = "rules:phase-1b"


@dataclass(kw_only=True)
class TaxRevolt:
    """A player whose stock could not pay the tax: `left` of their cities still revolt, each
    to `beneficiary` ("" until one is chosen, or when nobody can take the city)."""

    victim: str
    left: int
    beneficiary: str = ""


@dataclass(kw_only=True)
class Taxation(Progress):
    KIND = "phase:taxation"
    stage: Literal["rates", "revolts"] = "rates"
    rates: dict[str, int] = field(default_factory=dict)  # player -> rate chosen
    asking: str = ""  # the player asked for their rate
    revolts: list[TaxRevolt] = field(default_factory=list)  # the first is being resolved
    rebels: list[str] = field(default_factory=list)  # whose cities revolted (never beneficiaries)

    def loss_causes(self, state: GameState, player: str) -> tuple[str, ...]:
        return ("tax_revolt",) if self.stage == "revolts" else ()


@detail_type
@dataclass(frozen=True)
class TaxRate(Detail):
    """The player's tax rates to choose from, and how many of their `cities` would revolt at
    each (their stock cannot pay for them), in the same order."""

    rates: tuple[int, ...]
    cities: int
    revolts: tuple[int, ...]

    def revolts_at(self, rate: int) -> int:
        return self.revolts[self.rates.index(rate)] if rate in self.rates else 0


@detail_type
@dataclass(frozen=True)
class TaxRevoltCity(Detail):
    """A city of `victim` revolts: to `beneficiary`, who chooses it, or (beneficiary "") it is
    destroyed, the victim choosing. `left` counts this one."""

    victim: str
    beneficiary: str
    left: int


def rate_choices(state: GameState, player: str) -> list[int]:
    """Monarchy may raise the rate by 1; Coinage may raise or lower it by 1; they add up."""
    base = state.data.numbers["tax_rate"]
    advances = state.players[player].advances
    low = base - (1 if "coinage" in advances else 0)
    high = base + (1 if "coinage" in advances else 0) + (1 if "monarchy" in advances else 0)
    return list(range(low, high + 1))


def tax_due(state: GameState, player: str, rate: int) -> int:
    """What the player's cities pay at `rate` (event markers may cut it, issue 18)."""
    return rate * len(state.board.cities_of(player)) - tax_cut(state, player, rate)


def revolting_cities(state: GameState, player: str, rate: int) -> int:
    """How many of the player's cities revolt at `rate`: those their stock cannot pay for
    (none with Democracy)."""
    stock, cities = state.players[player].stock, len(state.board.cities_of(player))
    if not cities or stock >= tax_due(state, player, rate):
        return 0
    if "democracy" in state.players[player].advances:  # Democracy: cities never revolt
        return 0
    return cities - (stock // rate if rate else cities)


def _step(state: GameState, d: Taxation, events: list[Event]) -> None:
    if d.stage == "rates":
        for pid in state.players:
            if pid in d.rates or not state.board.cities_of(pid):
                continue
            choices = rate_choices(state, pid)
            if len(choices) == 1:
                d.rates[pid] = choices[0]
                continue
            d.asking = pid
            detail = TaxRate(rates=tuple(choices), cities=len(state.board.cities_of(pid)),
                             revolts=tuple(revolting_cities(state, pid, r) for r in choices))
            ask(state, pid, "tax_rate", "Choose your tax rate for this turn",
                [labels.make("number", r) for r in choices], RULE_RATE, detail)
            return
        d.revolts = _collect(state, d.rates, events)
        d.rebels = [r.victim for r in d.revolts]
        d.stage = "revolts"
    while d.revolts:
        revolt = d.revolts[0]
        cities = state.board.cities_of(revolt.victim)
        if revolt.left <= 0 or not cities:
            d.revolts.pop(0)
            continue
        # The beneficiary keeps taking this revolt's cities; a new one is chosen only when it
        # has no city left in stock (rules §4, phase 1b).
        if not revolt.beneficiary or cities_in_stock(state, revolt.beneficiary) <= 0:
            beneficiary = default_beneficiary(state, exclude=set(d.rebels)) or ""
            if beneficiary and cities_in_stock(state, beneficiary) <= 0:
                beneficiary = ""
            revolt.beneficiary = beneficiary
        chooser = revolt.beneficiary or revolt.victim
        prompt = (say("Choose a city of {victim} that revolts to you",
                      victim=ref("player", revolt.victim)) if revolt.beneficiary
                  else "No one can take the revolting city: choose which is destroyed")
        ask(state, chooser, "tax_revolt_city", prompt,
            [labels.make("area", a) for a in cities], RULE_REVOLT,
            TaxRevoltCity(victim=revolt.victim, beneficiary=revolt.beneficiary,
                          left=revolt.left))
        return
    done(state, d)


def _collect(state: GameState, rates: dict[str, int], events: list[Event]) -> list[TaxRevolt]:
    """Everyone collects; a player short of stock pays it all and owes revolts."""
    revolts: list[TaxRevolt] = []
    for pid, player in state.players.items():
        if not state.board.cities_of(pid):
            continue
        rate = rates[pid]
        if player.stock >= tax_due(state, pid, rate):
            gain_treasury(state, pid, tax_due(state, pid, rate), events, RULE_RATE)
            continue
        revolting = revolting_cities(state, pid, rate)
        gain_treasury(state, pid, player.stock, events, RULE_REVOLT)
        if revolting:
            revolts.append(TaxRevolt(victim=pid, left=revolting))
    return revolts


def _choose(state: GameState, d: Taxation, label: str, events: list[Event]) -> None:
    if d.stage == "rates":
        d.rates[d.asking] = labels.number(label)
        d.asking = ""
        return
    revolt = d.revolts[0]
    area = labels.value(label)
    if not (revolt.beneficiary and annex_city(state, area, revolt.beneficiary, events,
                                              RULE_REVOLT)):
        destroy_city(state, area, events, RULE_REVOLT)
    revolt.left -= 1


register(Taxation, _step, _choose)
