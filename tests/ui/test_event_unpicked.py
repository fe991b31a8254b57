"""The card left unpicked (004:16.4): its secondary symbols shown resolving, one after another,
before the losses they cause; nothing for a card without symbols; skippable, faster on bots'
turns and kept (held still) under reduce motion, like the other animations (issue 20)."""

from __future__ import annotations

import pygame

from game.core import (
    CityReduced,
    EventCardUnpicked,
    EventCheck,
    PhaseStarted,
    ShipsLost,
)
from game.ui.anim import BOT_HURRY
from game.ui.anim.build import Builder
from game.ui.anim.parts import FallingCity, Note, ShipsGone, Step
from game.ui.anim.unpicked import OPEN, PER_SYMBOL, SymbolsResolve

from .test_event_display import open_game

DT = 1 / 60
HERESY = EventCardUnpicked(card="heresy", rule="004:16.4")  # one symbol: Unrest
FAILED = [EventCheck(player="minoa", die="d2", result="fail", rule="004:16.5"),
          CityReduced(player="minoa", area="a001", tokens=1, rule="004:16.5")]


def test_an_unpicked_cards_symbols_resolve_before_the_losses_they_cause() -> None:
    steps = Builder().steps([HERESY, *FAILED, PhaseStarted(phase="taxation", turn=1)])
    kinds = [[type(p) for p in parts] for parts in steps]
    assert kinds[:3] == [[SymbolsResolve], [Note], [FallingCity]]
    resolving = steps[0][0]
    assert isinstance(resolving, SymbolsResolve)
    assert resolving.symbols == ("unrest",) and resolving.results == 2
    at_sea = Builder().steps([EventCardUnpicked(card="calamity_loss_of_units"),
                              ShipsLost(player="hatti", area="sea1", count=1)])
    assert [[type(p) for p in parts] for parts in at_sea] == [[SymbolsResolve], [ShipsGone]]


def test_a_card_without_symbols_left_unpicked_shows_nothing() -> None:
    assert Builder().steps([EventCardUnpicked(card="famine")]) == []


def test_each_symbol_lights_in_turn_and_one_that_does_nothing_says_so() -> None:
    part = SymbolsResolve(EventCardUnpicked(card="heresy"), results=0)
    seconds = part.duration
    assert part.lit(0.1 / seconds) == (-1, 0.0)  # the plate comes first
    k, into = part.lit((OPEN + PER_SYMBOL / 2) / seconds)
    assert k == 0 and 0.4 < into < 0.6
    assert part._words(0).startswith("Unrest: ")
    assert part.lit(0.99)[0] == 1 and part._words(1) == "Nothing comes of it this time"
    assert SymbolsResolve(EventCardUnpicked(card="heresy"), results=2)._words(1) == ""


def test_the_plate_and_the_lit_symbol_are_drawn_over_the_map(app) -> None:
    game, _, _ = open_game(app, 1)
    stage = game.anims.stage
    part = SymbolsResolve(HERESY, results=2)
    step = Step([part])
    blank = pygame.Surface(app.screen.get_size())
    drawn = blank.copy()
    frames = round((OPEN + PER_SYMBOL / 2) * 60)
    for _ in range(frames):
        step.advance(stage, DT)
    step.draw(drawn, stage)
    assert part.plate is not None
    centre = game.mapview.rect.center
    assert drawn.get_at(centre) != blank.get_at(centre)
    disc = part.plate[2][0]
    plate = part.plate[1].get_rect(center=centre)
    around = disc.move(plate.topleft).inflate(40, 40)  # the disc and the ring swelling from it
    held = blank.copy()
    part.plate = (part.plate[0], part.plate[1], [])  # the same frame without the ring
    step.draw(held, stage)
    assert pygame.image.tobytes(drawn.subsurface(around), "RGB") != pygame.image.tobytes(
        held.subsurface(around), "RGB")


def test_it_is_skipped_played_faster_for_bots_and_held_still_under_reduce_motion(app) -> None:
    game, _, _ = open_game(app, 1)
    anims = game.anims
    board = game.session.state.board

    def frames_to_play(hurry: float) -> int:
        anims.feed([HERESY], board, board, hurry)
        assert any(isinstance(p, SymbolsResolve) for p in anims.steps[0].parts)
        n = 0
        while anims.busy:
            anims.update(DT)
            n += 1
        return n

    anims.speed = 1.0
    person, bot = frames_to_play(1.0), frames_to_play(BOT_HURRY)
    assert person > bot * 1.5
    anims.feed([HERESY], board, board, 1.0)
    anims.skip()
    anims.update(DT)
    assert not anims.busy
    anims.reduce_motion = True
    anims.feed([HERESY, *FAILED], board, board, 1.0)
    kept = [p for step in anims.steps for p in step.parts]
    assert any(isinstance(p, SymbolsResolve) and p.still for p in kept)


def test_the_plates_card_is_a_face_already_painted_scaled_to_its_size(app) -> None:
    from game.ui.cards.events import _FACES, card_face, card_picture, card_size

    theme = app.theme
    _FACES.clear()
    fresh = card_picture(theme, "heresy", 84)  # none painted yet: painted at this size
    assert fresh.get_size() == card_size(84) and len(_FACES) == 1
    _FACES.clear()
    card_face(theme, "heresy", 168)  # the display's
    scaled = card_picture(theme, "heresy", 84)
    assert scaled.get_size() == card_size(84) and len(_FACES) == 1  # nothing painted anew


def test_banners_and_the_plate_keep_below_the_event_display_over_the_map(app) -> None:
    from game.ui.anim.parts import Banner

    game, _, _ = open_game(app, 1)
    for _ in range(3):  # the display is laid out over the top of the map
        app.frame([], DT)
    row = game.eventrow.rect
    assert game.eventrow.shown() and row.bottom > game.mapview.rect.y + 100
    stage = game.anims.stage
    assert stage.top == row.bottom  # the game screen tells the animations where it ends
    banner = Banner([], "Famine", "strikes", (200, 150, 60))
    for part in (SymbolsResolve(HERESY, results=0), banner):
        step = Step([part])
        for _ in range(40):
            step.advance(stage, DT)
        blank = pygame.Surface(app.screen.get_size())
        drawn = blank.copy()
        step.draw(drawn, stage)
        above = pygame.Rect(0, 0, drawn.get_width(), row.bottom)
        below = pygame.Rect(0, row.bottom, drawn.get_width(), drawn.get_height() - row.bottom)
        assert pygame.image.tobytes(drawn.subsurface(above), "RGB") == pygame.image.tobytes(
            blank.subsurface(above), "RGB"), f"{type(part).__name__} drawn under the display"
        assert pygame.image.tobytes(drawn.subsurface(below), "RGB") != pygame.image.tobytes(
            blank.subsurface(below), "RGB")
