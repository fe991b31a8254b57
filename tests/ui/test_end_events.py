"""The end screen with the Events module on: each player's events taken, private events
played, event cards that struck them and VP won by events, counted from a replay of the whole
game; the tally's rules pinned on events told by hand."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core import (
    EventCardTaken,
    EventCardUnpicked,
    MarkerPlaced,
    PhaseStarted,
    TokensRemoved,
    TreasuryChanged,
    event_counts,
)
from game.persist import read_save
from game.simulate import simulate
from game.ui.checks.layout import problems
from game.ui.scenes.end import EndScene
from game.ui.seat.session import Seat, Session
from game.ui.words.summary import EventTally

from .driver import Driver

FAMINE = "000:event:26"  # the seed card Famine adapts


@pytest.fixture(scope="module")
def events_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("end") / "events.json"
    simulate(players=5, bots=["normal"], seed=3, max_turns=6, save=str(path), events=True)
    return path


def test_the_tally_counts_takes_plays_and_each_card_that_struck_once() -> None:
    tally = EventTally.of(["egypt", "hatti", "minoa"])
    tally.add([
        EventCardTaken(player="egypt", card="", private=True),  # a private card, face hidden
        EventCardTaken(player="hatti", card="famine", private=False, rule=FAMINE),
        TokensRemoved(player="minoa", area="x", count=2, rule=FAMINE),
        TokensRemoved(player="minoa", area="y", count=1, rule=FAMINE),  # the same card: once
        TreasuryChanged(player="egypt", change=3, rule=FAMINE),  # a gain strikes nobody
        EventCardTaken(player="egypt", card="free_units", private=False, rule="000:event:28"),
        EventCardUnpicked(card="bad_luck"),
        MarkerPlaced(kind="in_decline", where="hatti", turns=2, rule="004:16.1"),
        PhaseStarted(phase="conflict", turn=2),
        TokensRemoved(player="minoa", area="x", count=1, rule="001:29.5"),  # not an event
        TreasuryChanged(player="minoa", change=-2, rule=FAMINE),
    ])
    egypt, hatti, minoa = (tally.stats[p] for p in ("egypt", "hatti", "minoa"))
    assert (egypt.taken, egypt.played, egypt.struck) == (1, 1, 0)
    assert egypt.played_cards == ["Free Units"]
    assert (hatti.taken, hatti.played, hatti.struck) == (1, 0, 1)
    assert hatti.struck_cards == ["Bad Luck"]
    assert minoa.struck == 2 and minoa.struck_cards == ["Famine"]
    tally.bonus({"egypt": 4})
    assert egypt.vp == 4 and egypt.story() == "Played Free Units"


def test_the_end_screen_shows_each_players_events_counted_from_the_game(app,
                                                                       events_save) -> None:
    game = read_save(events_save)
    assert game.state.game_over and game.state.eventdeck is not None
    seats = {p: Seat(p, f"Player {i + 1}", human=False, level="basic")
             for i, p in enumerate(game.state.players)}
    end = EndScene(app, Session(game.state, seats, record=game.record))
    app.push(end)
    driver = Driver(app)
    driver.frames(2)
    assert [b.text for b in end.pages] == ["Charts", "Events"]
    driver.click(end.pages[1].rect.center)
    assert end.page == 1
    for _ in range(300):
        if end.tally is not None:
            break
        driver.frames(1)
    assert end.tally is not None and not end.count_error
    counts = event_counts(game.state)
    stats = end.tally.stats.values()
    assert sum(s.taken for s in stats) == sum(counts["taken"].values())
    assert sum(s.played for s in stats) == sum(counts["played"].values()) > 0
    assert {p: s.vp for p, s in end.tally.stats.items() if s.vp} == \
        {p: n for p, n in game.state.eventdeck.bonus_vp.items() if n}
    driver.frames(2)
    assert problems(app.manager, app.screen.get_rect(), "", []) == []
    driver.key(pygame.K_TAB)  # back to the charts by key
    assert end.page == 0


def test_without_events_the_end_screen_has_no_events_page(app, tmp_path) -> None:
    path = tmp_path / "plain.json"
    simulate(players=5, bots=["random"], seed=4, max_turns=2, save=str(path))
    game = read_save(path)
    seats = {p: Seat(p, p, human=False, level="basic") for p in game.state.players}
    end = EndScene(app, Session(game.state, seats, record=game.record))
    app.push(end)
    Driver(app).frames(3)
    assert end.pages == [] and end.tally is None


def test_a_marker_strikes_the_owners_of_the_cities_where_it_lies(events_save) -> None:
    state = read_save(events_save).state
    area, owner = next(iter(state.board.cities.items()))
    tally = EventTally.of(state.players)
    tally.add([EventCardTaken(player=owner, card="famine", private=False, rule=FAMINE),
               MarkerPlaced(kind="famine", where=area, turns=1, rule=FAMINE)], state)
    assert tally.stats[owner].struck == 1
    region = next(f"{half}:{n + 1}" for half in ("west", "east")
                  for n, areas in enumerate(getattr(state.eventdeck.regions, half))
                  if area in areas)
    tally.add([EventCardUnpicked(card="famine"),
               MarkerPlaced(kind="famine", where=region, turns=1, rule=FAMINE)], state)
    assert tally.stats[owner].struck == 2
