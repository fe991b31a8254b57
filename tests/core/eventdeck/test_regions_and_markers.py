"""Regions computed from the map (every land area in exactly one of twenty, two halves of
ten), and markers at work: the Heresy event from turn 3, taxation under markers."""

from __future__ import annotations

from game.core import apply
from game.core.engine import Action
from game.core.eventdeck.action import labels
from game.core.eventdeck.effects.markers import tax_cut
from game.core.eventdeck.model import EventsOptions, Marker
from game.core.eventdeck.regions import computed_regions
from game.core.flow import label_key

from .test_machinery import game


def test_every_land_area_is_in_exactly_one_region_of_two_halves_of_ten() -> None:
    state = game(players=9, events=EventsOptions())
    regions = computed_regions(state.map)
    assert len(regions.west) == len(regions.east) == 10
    placed = [a for half in (regions.west, regions.east) for region in half for a in region]
    assert sorted(placed) == sorted(state.map.areas)
    assert state.eventdeck is not None and state.eventdeck.regions == regions


def test_regions_are_patches_of_neighbours_where_the_map_allows() -> None:
    state = game(events=EventsOptions())
    regions = computed_regions(state.map)
    linked = 0
    for region in (*regions.west, *regions.east):
        if len(region) > 1:
            linked += any(set(state.map.land[a]) & set(region) for a in region)
    assert linked >= 15


def test_heresy_from_turn_three_marks_a_region_for_two_turns() -> None:
    state = game(events=EventsOptions())
    deck = state.eventdeck
    assert deck is not None and state.pending is not None
    state.turn = 3
    deck.display[0] = "heresy"
    deck.d2, deck.d10 = [True], [2]
    state.pending.options = sorted(labels(state), key=label_key)
    apply(state, Action(state.pending.player, "event:heresy"))
    deck = state.eventdeck  # apply works on a copy
    assert deck is not None
    assert [(m.kind, m.region, m.turns) for m in deck.markers] == [("heresy", "west:2", 2)]


def test_a_city_takes_only_its_deepest_tax_cut() -> None:
    state = game(events=EventsOptions())
    deck = state.eventdeck
    assert deck is not None
    owner = next(iter(state.players))
    area = next(iter(state.board.tokens))
    state.board.cities[area] = owner
    deck.markers = [Marker("famine", 1, area=area), Marker("pillage", 1, area=area),
                    Marker("scarcity", 1, area=area)]
    assert tax_cut(state, owner, 2) == 2  # pillage: nothing, not 1 + 2 + 1
    deck.markers = [Marker("famine", 1, area=area), Marker("scarcity", 1, area=area)]
    assert tax_cut(state, owner, 3) == 1  # famine keeps 2 of 3, scarcity 2 of 3
