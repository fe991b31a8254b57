"""Phase 1, tax collection (rules §4 phase 1): 1a collection, 1b tax revolts."""

from __future__ import annotations

from ..eventdeck.effects.markers import tax_cut
from ..events import Event
from ..flow import ask, done, register_legacy
from ..ops import annex_city, cities_in_stock, default_beneficiary, destroy_city, gain_treasury
from ..state import GameState, Task

RULE_RATE = "rules:phase-1a"
RULE_REVOLT = "rules:phase-1b"


def rate_choices(state: GameState, player: str) -> list[int]:
    """Monarchy may raise the rate by 1; Coinage may raise or lower it by 1; they add up."""
    base = state.data.numbers["tax_rate"]
    advances = state.players[player].advances
    low = base - (1 if "coinage" in advances else 0)
    high = base + (1 if "coinage" in advances else 0) + (1 if "monarchy" in advances else 0)
    return list(range(low, high + 1))


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    data = task.data
    rates: dict[str, int] = data.setdefault("rates", {})
    if not data.get("collected"):
        for pid in state.players:
            if pid in rates or not state.board.cities_of(pid):
                continue
            choices = rate_choices(state, pid)
            if len(choices) == 1:
                rates[pid] = choices[0]
                continue
            data["asking"] = pid
            ask(state, pid, "tax_rate", "Choose your tax rate for this turn",
                [f"number:{r}" for r in choices], RULE_RATE)
            return
        data["revolts"] = _collect(state, rates, events)
        data["rebels"] = [str(r[0]) for r in data["revolts"]]
        data["collected"] = True
    revolts: list[list[object]] = data["revolts"]
    while revolts:
        victim, left = str(revolts[0][0]), int(str(revolts[0][1]))
        cities = state.board.cities_of(victim)
        if left <= 0 or not cities:
            revolts.pop(0)
            continue
        # The beneficiary keeps taking this revolt's cities; a new one is chosen only when it
        # has no city left in stock (rules §4, phase 1b).
        beneficiary = str(revolts[0][2]) if len(revolts[0]) > 2 else ""
        if not beneficiary or cities_in_stock(state, beneficiary) <= 0:
            beneficiary = default_beneficiary(state, exclude=set(data["rebels"])) or ""
            if beneficiary and cities_in_stock(state, beneficiary) <= 0:
                beneficiary = ""
            revolts[0][2:] = [beneficiary]
        chooser = beneficiary or victim
        data["beneficiary"] = beneficiary or ""
        prompt = (f"Choose a city of {victim} that revolts to you" if beneficiary
                  else "No one can take the revolting city: choose which is destroyed")
        ask(state, chooser, "tax_revolt_city", prompt, [f"area:{a}" for a in cities], RULE_REVOLT)
        return
    done(state, task)


def _collect(state: GameState, rates: dict[str, int], events: list[Event]) -> list[list[object]]:
    """Everyone collects; a player short of stock pays it all and owes revolts."""
    revolts: list[list[object]] = []
    for pid, player in state.players.items():
        cities = len(state.board.cities_of(pid))
        if not cities:
            continue
        rate = rates[pid]
        due = rate * cities - tax_cut(state, pid, rate)  # event markers (issue 18)
        if player.stock >= due:
            gain_treasury(state, pid, due, events, RULE_RATE)
            continue
        affordable = player.stock // rate if rate else cities
        gain_treasury(state, pid, player.stock, events, RULE_REVOLT)
        if "democracy" not in player.advances:  # Democracy: cities never revolt
            revolts.append([pid, cities - affordable])
    return revolts


def _choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    data = task.data
    if not data.get("collected"):
        data["rates"][data.pop("asking")] = int(label.split(":", 1)[1])
        return
    area = label.split(":", 1)[1]
    beneficiary = data.pop("beneficiary")
    if not (beneficiary and annex_city(state, area, beneficiary, events, RULE_REVOLT)):
        destroy_city(state, area, events, RULE_REVOLT)
    data["revolts"][0][1] = int(data["revolts"][0][1]) - 1


register_legacy("phase:taxation", _step, _choose)
