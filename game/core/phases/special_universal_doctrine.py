"""Universal Doctrine (rules §8 #29, §10, phase 10): annex 1 pirate city, or up to 5 barbarian
tokens anywhere on the board, replacing them with the user's own pieces from stock.

decided: the 5 tokens may come from several areas (the card says "anywhere"), picked area by
area; once tokens are taken the pirate city is no longer an option, and the other way round.
Where one area holds both a pirate city and barbarian tokens, a `yes` (the city) / `no` (the
tokens) pick says which.
"""

from __future__ import annotations

from ..events import Event
from ..flow import ask, done, register_legacy
from ..ops import annex_city, cities_in_stock, place_tokens, remove_tokens
from ..state import BARBARIANS, PIRATE, GameState, Task
from .special_common import label_id

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


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    player, taken = d["player"], int(d.get("taken", 0))
    if d.get("stop"):
        done(state, task)
        return
    area = d.get("area", "")
    if not area:
        options = {*city_areas(state, player, taken), *token_areas(state, player, taken)}
        if not options:
            done(state, task)
            return
        ask(state, player, "universal_doctrine_area",
            "Universal Doctrine: annex a pirate city or barbarian tokens in which area?",
            [*(f"area:{a}" for a in options), "done"], RULE)
        return
    if d.get("which") != "tokens":  # the area holds both: the user says which
        ask(state, player, "universal_doctrine_city",
            f"Universal Doctrine: annex the pirate city in {area} (yes) or barbarian tokens "
            "there (no)?", ["yes", "no", "done"], RULE)
        return
    limit = state.data.numbers["universal_doctrine_barbarian_tokens"]
    most = min(limit - taken, state.board.count(area, BARBARIANS), state.players[player].stock)
    if most == 1:
        _annex_tokens(state, task, 1, events)
        return
    ask(state, player, "universal_doctrine_count",
        f"Universal Doctrine: how many barbarian tokens in {area}?",
        [*(f"number:{n}" for n in range(1, most + 1)), "done"], RULE)


def _annex_tokens(state: GameState, task: Task, n: int, events: list[Event]) -> None:
    d = task.data
    area = d.pop("area")
    d.pop("which", None)
    remove_tokens(state, BARBARIANS, area, n, events, RULE)
    place_tokens(state, d["player"], area, n, events, RULE)
    d["taken"] = int(d.get("taken", 0)) + n


def _annex_city(state: GameState, task: Task, area: str, events: list[Event]) -> None:
    annex_city(state, area, task.data["player"], events, RULE)
    task.data["stop"] = True


def _choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    d = task.data
    player, taken = d["player"], int(d.get("taken", 0))
    if label == "done":
        d["stop"] = True
    elif label.startswith("area:"):
        area = label_id(label)
        city = area in city_areas(state, player, taken)
        tokens = area in token_areas(state, player, taken)
        if city and not tokens:
            _annex_city(state, task, area, events)
            return
        d["area"] = area
        if not city:
            d["which"] = "tokens"
    elif label == "yes":
        _annex_city(state, task, d.pop("area"), events)
    elif label == "no":
        d["which"] = "tokens"
    else:
        _annex_tokens(state, task, int(label_id(label)), events)


register_legacy(KIND, _step, _choose)
