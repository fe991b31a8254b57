"""Events: what `apply` reports, in order. Data only; the log prints them, the client animates
them, tests assert on them. An event caused by a rule names it in `rule` ("001:29.6.2.3",
"rules:phase-1b").

A loss (TokensRemoved, CityReduced, CityDestroyed, ShipsLost) also says why in `cause`: labels
from the nearest cause outwards (ops.loss_causes), each one of
    population_limit, city_support, city_built (tokens that became a city), ship_upkeep (a ship
    not maintained), ship_lapse (an unkept ship taken to be built again), ship_payment (tokens
    paid for a ship), tax_revolt, symbol:NAME (an event card's symbol), calamity:ID, event:ID
    (an event card of the Events module), conflict:PID (conflict with that player).
("population_limit", "calamity:famine"): the population limit, checked by Famine."""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True, kw_only=True)
class Event:
    rule: str = ""

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"type": type(self).__name__}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def describe(self) -> str:
        """One plain line for the game log."""
        parts = [f"{k}={v}" for k, v in self.to_dict().items() if k not in ("type", "rule")]
        text = f"{type(self).__name__}({', '.join(parts)})"
        return f"{text} [{self.rule}]" if self.rule else text


@dataclass(frozen=True, kw_only=True)
class GameStarted(Event):
    players: tuple[str, ...]
    ruleset: str
    seed: int


@dataclass(frozen=True, kw_only=True)
class TurnStarted(Event):
    turn: int


@dataclass(frozen=True, kw_only=True)
class PhaseStarted(Event):
    phase: str
    turn: int


@dataclass(frozen=True, kw_only=True)
class DecisionMade(Event):
    player: str
    kind: str
    choice: str


@dataclass(frozen=True, kw_only=True)
class GameEnded(Event):
    ended_by: str
    scores: tuple[tuple[str, int], ...]


@dataclass(frozen=True, kw_only=True)
class TokensPlaced(Event):
    player: str
    area: str
    count: int


@dataclass(frozen=True, kw_only=True)
class TokensRemoved(Event):
    player: str
    area: str
    count: int
    cause: tuple[str, ...] = ()  # why (see the module's docstring)


@dataclass(frozen=True, kw_only=True)
class TokensMoved(Event):
    player: str
    source: str
    target: str
    count: int
    by_ship: bool = False


@dataclass(frozen=True, kw_only=True)
class CityBuilt(Event):
    player: str
    area: str


@dataclass(frozen=True, kw_only=True)
class CityReduced(Event):
    player: str
    area: str
    tokens: int  # tokens that replaced the city
    cause: tuple[str, ...] = ()  # why (see the module's docstring)


@dataclass(frozen=True, kw_only=True)
class CityDestroyed(Event):
    player: str
    area: str
    cause: tuple[str, ...] = ()  # why (see the module's docstring)


@dataclass(frozen=True, kw_only=True)
class CityAnnexed(Event):
    player: str  # the new owner
    previous: str
    area: str


@dataclass(frozen=True, kw_only=True)
class TreasuryChanged(Event):
    player: str
    change: int  # + from stock to treasury, - from treasury to stock
