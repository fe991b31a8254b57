"""Universal Doctrine (rules §8 #29, §10, phase 10): annex 1 pirate city, or up to 5 barbarian
tokens anywhere on the board, replacing them with the user's own pieces from stock.

decided: the 5 tokens may come from several areas (the card says "anywhere"), picked area by
area; once tokens are taken the pirate city is no longer an option, and the other way round.
Where one area holds both a pirate city and barbarian tokens, a `yes` (the city) / `no` (the
tokens) pick says which.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, register
from ..ops import annex_city, cities_in_stock, place_tokens, remove_tokens
from ..state import BARBARIANS, PIRATE, GameState
from ..words import ref, say
from .special_common import AbilityProgress

KIND = "special:universal_doctrine"
EFFECT = "special_annex_barbarians"
RULE = "rules:phase-10-universal-doctrine"


def city_areas(state: GameState, player: str, taken: int) -> list[str]:
    if taken or cities_in_stock(state, player) <= 0:
        return []
    return state.board.cities_of(PIRATE)


def token_areas(state: GameState, player: str, taken: int) -> list[str]:
    most = state.data.numbers["universal_doctrine_barbarian_tokens"]
    if taken >= most or state.players[player].stock <= 0:
        return []
    return sorted(a for a, here in state.board.tokens.items() if here.get(BARBARIANS))


def usable(state: GameState, player: str) -> bool:
    return bool(city_areas(state, player, 0) or token_areas(state, player, 0))


@dataclass(kw_only=True)
class UniversalDoctrine(AbilityProgress):
    KIND = KIND
    taken: int = 0  # barbarian tokens annexed so far
    area: str = ""  # the area picked
    which: Literal["", "tokens"] = ""  # "tokens": the barbarian tokens there, not the city


def _step(state: GameState, d: UniversalDoctrine, events: list[Event]) -> None:
    player, taken = d.player, d.taken
    if d.stop:
        done(state, d)
        return
    area = d.area
    if not area:
        options = {*city_areas(state, player, taken), *token_areas(state, player, taken)}
        if not options:
            done(state, d)
            return
        ask(state, player, "universal_doctrine_area",
            "Universal Doctrine: annex a pirate city or barbarian tokens in which area?",
            [*(labels.make("area", a) for a in options), "done"], RULE)
        return
    if d.which != "tokens":  # the area holds both: the user says which
        ask(state, player, "universal_doctrine_city",
            say("Universal Doctrine: annex the pirate city in {area} (yes) or barbarian tokens "
                "there (no)?", area=ref("area", area)), ["yes", "no", "done"], RULE)
        return
    limit = state.data.numbers["universal_doctrine_barbarian_tokens"]
    most = min(limit - taken, state.board.count(area, BARBARIANS), state.players[player].stock)
    if most == 1:
        _annex_tokens(state, d, 1, events)
        return
    ask(state, player, "universal_doctrine_count",
        say("Universal Doctrine: how many barbarian tokens in {area}?", area=ref("area", area)),
        [*(labels.make("number", n) for n in range(1, most + 1)), "done"], RULE)


def _annex_tokens(state: GameState, d: UniversalDoctrine, n: int, events: list[Event]) -> None:
    area, d.area, d.which = d.area, "", ""
    remove_tokens(state, BARBARIANS, area, n, events, RULE)
    place_tokens(state, d.player, area, n, events, RULE)
    d.taken += n


def _annex_city(state: GameState, d: UniversalDoctrine, area: str, events: list[Event]) -> None:
    annex_city(state, area, d.player, events, RULE)
    d.stop = True


def _choose(state: GameState, d: UniversalDoctrine, label: str, events: list[Event]) -> None:
    player, taken = d.player, d.taken
    if label == "done":
        d.stop = True
    elif labels.kind_of(label) == "area":
        area = labels.value(label)
        city = area in city_areas(state, player, taken)
        tokens = area in token_areas(state, player, taken)
        if city and not tokens:
            _annex_city(state, d, area, events)
            return
        d.area = area
        if not city:
            d.which = "tokens"
    elif label == "yes":
        area, d.area = d.area, ""
        _annex_city(state, d, area, events)
    elif label == "no":
        d.which = "tokens"
    else:
        _annex_tokens(state, d, labels.number(label), events)


register(UniversalDoctrine, _step, _choose)
