"""Civil War: the classic factions (001:29.4.1, the Double Empires chart) and the whole-area
selection of the Mega Empires card (003:CIVIL WAR), with its rules giving way in order."""

from __future__ import annotations

import random

from game.core.calamities.civil_war import CivilWarSelection, pick_options, take_one
from game.core.calamities.civil_war_mega import LEVELS, _caps, _plan, _Search, _units
from game.core.invariants import violations
from game.core.state import BARBARIANS, PIRATE, GameState

from .helpers import build, pick, start

# --- Classic factions ------------------------------------------------------------------------


def test_a_pick_takes_tokens_before_the_city_and_a_city_only_when_five_points_remain() -> None:
    pool = {"A": [2, 1], "B": [0, 1], "C": [1, 0]}
    assert pick_options(pool, 3) == ["area:A", "area:C"]  # B's city would overshoot
    assert pick_options(pool, 5) == ["area:A", "area:B", "area:C"]
    assert take_one(pool, "A") == 1 and take_one(pool, "A") == 1
    assert pick_options(pool, 3) == ["area:C"]
    assert take_one(pool, "C") == 1 and "C" not in pool
    assert pick_options(pool, 3) == ["area:A", "area:B"]  # nothing smaller is left


FACTIONS = """
[map]
land = [["A", "B"], ["B", "C"], ["C", "D"], ["D", "E"], ["E", "F"]]
[map.areas]
A = { pop = 5 }
B = { pop = 5 }
C = { pop = 5 }
D = { pop = 5 }
E = { pop = 5 }
F = { pop = 2 }

[players.egypt]
advances = ["military"]
tokens = { A = 10, B = 10, C = 10, D = 5, E = 5 }
hand = ["civil_war"]

[players.babylon]
tokens = { F = 1 }
"""


def test_faction_losses_come_from_areas_within_or_next_to_the_other_faction() -> None:
    state = start(FACTIONS)
    # Egypt selects its 15 from A and B; Babylon's 20 come from B, C and D.
    for label in ["area:A"] * 10 + ["area:B"] * 5:
        assert state.pending is not None and state.pending.player == "egypt"
        pick(state, label)
    for label in ["area:B"] * 5 + ["area:C"] * 10 + ["area:D"] * 5:
        assert state.pending is not None and state.pending.player == "babylon"
        pick(state, label)
    assert state.pending is not None and state.pending.kind == "civil_war_keep"
    pick(state, "yes")  # Egypt keeps A, B, C, D (35); the second faction is E (5)
    # Egypt removes 5 from its faction: only D touches E.
    assert state.pending is None or state.pending.options == ["area:D"]
    assert state.board.count("D", "egypt") == 0
    # The second faction (E, 5 tokens) lost all five to Military: nothing is left to annex.
    assert state.board.count("E", "egypt") == 0 and state.board.tokens_of("babylon") == 1
    assert not violations(state)


def test_a_selection_says_whose_units_the_points_still_to_select_and_the_areas() -> None:
    state = start(FACTIONS)  # Egypt selects 15 for the first faction
    pending = state.pending
    assert pending is not None and pending.kind == "civil_war_select"
    assert pending.detail == CivilWarSelection("egypt", 15, ("A", "B", "C", "D", "E"),
                                               first_faction=True)
    assert pending.prompt.startswith("Select 15 more of egypt's unit points")
    pick(state, "area:A")
    assert state.pending is not None and state.pending.detail is not None
    assert state.pending.detail == CivilWarSelection("egypt", 14, ("A", "B", "C", "D", "E"),
                                                     first_faction=True)


def test_the_victim_names_the_beneficiary_among_players_tied_for_most_in_stock() -> None:
    state = start(FACTIONS.replace('tokens = { F = 1 }', '') + "\n[players.assyria]\n")
    assert state.pending is not None and state.pending.kind == "civil_war_beneficiary"
    assert state.pending.options == ["player:assyria", "player:babylon"]


# --- Mega Empires: the selection ------------------------------------------------------------


def _search_board(tokens: str, cities: str = "[]", babylon: str = "") -> GameState:
    body = f"""
[map]
land = [["A", "B"], ["B", "C"], ["C", "D"], ["D", "E"]]
[map.areas]
A = {{ pop = 5, site = "white" }}
B = {{ pop = 5, site = "white" }}
C = {{ pop = 5, site = "white" }}
D = {{ pop = 5, site = "white" }}
E = {{ pop = 5, site = "white" }}

[players.egypt]
cities = {cities}
tokens = {tokens}
hand = ["civil_war"]

[players.babylon]
{babylon}
"""
    return build(body, "mega-empires")


def test_the_plan_keeps_whole_adjacent_areas_when_they_add_up() -> None:
    state = _search_board("{ A = 3, B = 8, C = 2, D = 30, E = 2 }")
    assert _plan(state, _units(state, "egypt"), "babylon", 10) == (0, True, 10)


def test_the_plan_takes_part_of_an_area_before_giving_up_adjacency() -> None:
    state = _search_board("{ A = 7, B = 33 }")
    assert _plan(state, _units(state, "egypt"), "babylon", 5) == (1, True, 5)


def test_the_plan_gives_up_the_exact_number_before_what_the_beneficiary_can_annex() -> None:
    state = _search_board("{ E = 1 }", '["A", "B", "C", "D"]',
                          'tokens = { E = 0 }\nstock = 0\ntreasury = 55')
    # Babylon has no token in stock: only cities fit, so 6 becomes 10 (level 4).
    assert _plan(state, _units(state, "egypt"), "babylon", 6) == (3, True, 10)


def test_the_plan_drops_annexing_when_the_beneficiary_lacks_the_unit_points() -> None:
    state = _search_board("{ A = 20, B = 20 }", "[]", 'stock = 3\ntreasury = 52')
    plan = _plan(state, _units(state, "egypt"), "babylon", 5)
    assert plan is not None and plan[1] is False


def test_options_at_the_first_level_are_whole_areas_next_to_the_selection() -> None:
    state = _search_board("{ A = 3, B = 8, C = 2, D = 30, E = 2 }")
    search = _Search(state, _units(state, "egypt"), (9, 55), LEVELS[0])
    assert sorted(search.options({}, 10)) == ["B", "C"]
    assert sorted(search.options({"B": [8, 0]}, 2)) == ["C"]  # E is worth 2 but not adjacent


def _random_board(rnd: random.Random) -> str:
    areas = [f"R{i}" for i in range(8)]
    pairs = [[areas[i], areas[i + 1]] for i in range(7)] + [[areas[0], areas[4]]]
    lines = ["[map]", f"land = {pairs}".replace("'", '"'), "[map.areas]"]
    lines += [f'{a} = {{ pop = 3, site = "white" }}' for a in areas]
    cities = rnd.sample(areas, rnd.randint(0, 5))
    tokens = {a: rnd.randint(0, 6) for a in areas}
    lines += ["[players.egypt]", f"cities = {cities}".replace("'", '"'),
              "tokens = {" + ", ".join(f"{a} = {n}" for a, n in tokens.items()) + "}",
              'hand = ["civil_war"]', "[players.babylon]",
              f"stock = {rnd.randint(0, 55)}"]
    return "\n".join(lines) + "\n"


def _connected(state: GameState, areas: set[str]) -> bool:
    if not areas:
        return True
    seen, todo = set(), [min(areas)]
    while todo:
        here = todo.pop()
        if here not in seen:
            seen.add(here)
            todo.extend(n for n in state.map.neighbours(here) if n in areas)
    return seen == areas


def test_every_offered_pick_leads_to_a_complete_selection_on_random_boards() -> None:
    rnd = random.Random(4)
    levels_seen = set()
    for _ in range(80):
        state = build(_random_board(rnd), "mega-empires")
        units = _units(state, "egypt")
        wanted = sum(t + 5 * c for t, c in units.values()) - 35
        plan = _plan(state, units, "babylon", wanted)
        if wanted <= 0 or plan is None:
            continue
        level, annexable, target = plan
        levels_seen.add(level)
        caps = _caps(state, "babylon") if annexable else None
        sel: dict[str, list[int]] = {}
        left = target
        while left > 0:
            options = _Search(state, units, caps, LEVELS[level]).options(sel, left)
            assert options, (units, sel, left, plan)
            area = rnd.choice(sorted(options))
            sel[area] = options[area]
            left -= options[area][0] + 5 * options[area][1]
        assert left == 0 and target >= wanted
        partial = [a for a in sel if sel[a] != units[a]]
        assert len(partial) <= (0 if LEVELS[level][0] else 1)
        if LEVELS[level][1]:
            assert _connected(state, set(sel))
        if caps is not None:
            assert sum(c for _, c in sel.values()) <= caps[0]
            assert sum(t for t, _ in sel.values()) <= caps[1]
    assert len(levels_seen) >= 2


def test_units_the_beneficiary_cannot_take_become_barbarians_and_pirate_cities() -> None:
    body = """
[map]
land = [["A", "B"]]
[map.areas]
A = { pop = 3, site = "white" }
B = { pop = 5 }
C = { pop = 5 }

[players.egypt]
cities = ["A"]
tokens = { A = 5, B = 35 }
hand = ["civil_war"]

[players.babylon]
tokens = { C = 54 }
"""
    state = start(body, "mega-empires")
    assert state.pending is None
    # Babylon annexes the city and its one token; four tokens become barbarians.
    assert state.board.cities.get("A") == "babylon"
    assert state.board.count("A", "babylon") == 1
    assert state.board.count("A", BARBARIANS) == 4
    assert PIRATE not in state.board.cities.values()


def test_a_mega_empires_selection_says_the_points_still_to_select_and_the_areas() -> None:
    body = """
[map]
land = [["A", "B"], ["B", "C"], ["C", "D"]]
[map.areas]
A = { pop = 5 }
B = { pop = 5 }
C = { pop = 5 }
D = { pop = 5 }

[players.egypt]
tokens = { A = 3, B = 4, C = 5, D = 35 }
hand = ["civil_war"]

[players.babylon]
tokens = { D = 1 }
"""
    state = start(body, "mega-empires")  # 47 unit points: 12 above the 35 kept
    pending = state.pending
    assert pending is not None and pending.kind == "civil_war_select"
    assert pending.detail == CivilWarSelection("egypt", 12, ("A", "B", "C"))
    assert pending.prompt.startswith("Select 12 more unit points")
