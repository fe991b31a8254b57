"""The Events module's striking events animated (issue 20): a marker lands on exactly the areas
of its region, a D10 region roll lights that region, and a striking card's losses play in the
look of the calamity it resembles, after a banner naming it."""

from __future__ import annotations

import pygame

from game.core import (
    EventCardTaken,
    EventCheck,
    MarkerPlaced,
    TokensRemoved,
    load_event_cards,
)
from game.ui.anim.build import Builder
from game.ui.anim.marks import STRIKING, MarkerLands, RegionRoll
from game.ui.anim.parts import Banner, RemoveTokens, Step
from game.ui.scenes.game import GameScene

from .test_event_display import open_game

DT = 1 / 60


def _scene(app) -> GameScene:
    game, _, _ = open_game(app, 1)
    assert game.anims is not None
    return game


def _region(game: GameScene) -> tuple[str, set[str]]:
    """A region of the game with areas on the map, and those areas."""
    regions = game.session.state.eventdeck.regions
    for half in ("west", "east"):
        for n in range(1, 11):
            areas = set(regions.areas(f"{half}:{n}")) & set(game.geometry.areas)
            if areas:
                return f"{half}:{n}", areas
    raise AssertionError("no region with areas on the map")


def test_every_striking_card_animated_is_a_card_of_the_deck() -> None:
    cards = load_event_cards().cards
    assert not set(STRIKING) - set(cards), sorted(set(STRIKING) - set(cards))


def test_a_marker_placed_on_a_region_lights_exactly_that_regions_areas(app) -> None:
    game = _scene(app)
    stage = game.anims.stage
    region, areas = _region(game)
    everything = set(game.geometry.areas)
    assert areas != everything  # the test tells a region from the whole map
    part = Builder().part(MarkerPlaced(kind="famine", where=region, turns=1))
    assert isinstance(part, MarkerLands)
    step = Step([part])
    surface = pygame.Surface(app.screen.get_size())
    for _ in range(30):  # begun and drawn a while: the wash and the emblem
        step.advance(stage, DT)
        step.draw(surface, stage)
    assert set(part.areas) == areas
    assert set(stage.flash) >= areas


def test_a_region_roll_shows_the_face_and_lights_the_region_it_names(app) -> None:
    game = _scene(app)
    region, areas = _region(game)
    part = Builder().part(EventCheck(player="x", die="d10", result=region))
    assert isinstance(part, RegionRoll)
    part.begin(game.anims.stage)
    assert set(part.areas) == areas and part.face == region.partition(":")[2]


def test_a_striking_cards_losses_play_after_its_banner_in_its_calamitys_look() -> None:
    builder = Builder()
    taken = EventCardTaken(player="egypt", card="plague", private=False)
    roll = EventCheck(player="egypt", die="d10", result="west:3")
    marker = MarkerPlaced(kind="plague", where="west:3", turns=1)
    lost = TokensRemoved(player="babylon", area="A", count=2)
    steps = builder.steps([taken, roll, marker, lost])
    kinds = [[type(p) for p in parts] for parts in steps]
    assert kinds == [[Banner, RegionRoll], [MarkerLands], [RemoveTokens]]
    assert steps[-1][0].how == STRIKING["plague"].losses == "wither"
    assert builder.look is None  # the next batch is no longer under the plague
    alone = builder.steps([taken])  # nothing follows in its batch: the banner alone
    assert [[type(p) for p in parts] for parts in alone] == [[Banner]]
    quiet = builder.steps([EventCardTaken(player="egypt", card="plague", private=True), lost])
    assert [[type(p) for p in parts] for parts in quiet] == [[RemoveTokens]]


def test_selftest_event_plays_a_striking_card_and_refuses_an_unknown_one(tmp_path, capsys) -> None:
    from game.ui.checks.selftest import run_selftest

    assert run_selftest(event="no_such_card") == 2
    assert "no public event card 'no_such_card'" in capsys.readouterr().err
    assert run_selftest(event="plague", screenshots=str(tmp_path)) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "01-event-plague-start.png", "02-event-plague-middle.png", "03-event-plague-end.png"]
