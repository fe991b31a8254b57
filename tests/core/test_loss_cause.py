"""Every loss the core reports names its cause as data (issue 36, defect 6; DESIGN: "each event
that a rule caused names the rule, so the log can say why"): tokens removed, a city reduced or
destroyed, ships lost carry `cause` labels (events.py) — the population limit, city support,
the calamity or event card being resolved, conflict with whom, a ship not maintained — in
seeded games of each rule set with the Events module."""

from __future__ import annotations

import pytest

from game.core import CityDestroyed, CityReduced, Event, GameState, ShipsLost, TokensRemoved
from game.simulate import simulate

LOSSES = (TokensRemoved, CityReduced, CityDestroyed, ShipsLost)
KINDS = ("population_limit", "city_support", "city_built", "ship_upkeep", "ship_lapse",
         "ship_payment", "tax_revolt")
PREFIXES = ("calamity:", "event:", "conflict:", "symbol:", "ability:")


@pytest.mark.parametrize("ruleset", ["classic", "mega-empires", "double-empires"])
def test_every_loss_in_a_game_names_its_cause(ruleset: str) -> None:
    seen: list[Event] = []

    def observe(state: GameState, events: list[Event]) -> None:
        seen.extend(e for e in events if isinstance(e, LOSSES))

    simulate(players=5, bots=["normal"], seed=2, ruleset=ruleset, max_turns=12, check=False,
             observe=observe, events=True)
    assert len(seen) > 50
    for event in seen:
        cause = event.cause  # type: ignore[attr-defined]
        assert cause, f"{event.describe()} names no cause"
        assert all(c in KINDS or c.startswith(PREFIXES) for c in cause), event.describe()
    causes = {c.split(":")[0] for e in seen for c in e.cause}  # type: ignore[attr-defined]
    assert {"population_limit", "calamity", "city_built"} <= causes


def test_the_calamity_stays_the_cause_after_its_own_task_hands_on_its_losses() -> None:
    """Civil Disorder (001:29.7.2) ends its own task and leaves the cities to reduce to a
    shared sub-task: the calamity being resolved is still named."""
    from game.core.ops import loss_causes
    from game.core.phases.calamity_resolution import CalamityResolution, Drawn
    from game.core.state import Task
    from tests.core.calamities.helpers import build

    state = build("""
[map]
land = [["A", "B"]]
[map.areas]
A = { pop = 3, site = "white" }
B = { pop = 3 }
[players.egypt]
cities = ["A"]
tokens = { B = 2 }
""")
    state.tasks = [Task(CalamityResolution.KIND, CalamityResolution(
        current=Drawn(card="civil_disorder", victim="egypt", traded_by="")))]
    assert loss_causes(state, "egypt") == ("calamity:civil_disorder",)
    assert loss_causes(state, "egypt", "city_support") == ("city_support",
                                                          "calamity:civil_disorder")
