"""Before a move the rules allow but that costs the player their own pieces, the client asks
(issue 19, item 3): a city built with every token the player has left on the board leaves its
cities unsupported, and one is reduced when support is checked."""

from __future__ import annotations

import pygame
import pytest

from game.bots import make_bot
from game.core import Action, GameState, advance, apply, view
from game.persist import Settings
from game.ui.app import App
from game.ui.seat.ruin import ruin_warning

from .test_decision_news import bots_play, seat_one


def ruinous_build() -> tuple[GameState, str, str]:
    """Seed 1 at its first city-building decision of a player holding a city, with all that
    player's tokens taken back to stock but the 6 or more in one buildable area."""
    state = bots_play(1, 0)
    bots = {pid: make_bot("basic", 100 + i) for i, pid in enumerate(state.players)}
    for _ in range(400):
        pending = state.pending
        assert pending is not None
        if pending.kind != "build_city" or not state.board.cities_of(pending.player):
            apply(state, Action(pending.player, bots[pending.player].choose(
                view(state, pending.player))))
            continue
        who = pending.player
        area = next(lb for lb in pending.options if lb.startswith("area:")).split(":", 1)[1]
        for other in list(state.board.tokens):
            n = state.board.count(other, who)
            if other != area and n:
                state.board.add(other, who, -n)
                state.players[who].stock += n
        return state, who, area
    pytest.skip("no city-building decision in the searched moves")


def test_no_warning_for_a_city_the_tokens_left_support():
    state, who, area = ruinous_build()
    assert ruin_warning(state, who, f"area:{area}")
    cities = len(state.board.cities_of(who)) + 1
    spare = next(a for a in state.map.areas if a != area and a not in state.board.cities
                 and state.map.areas[a].pop > 0)
    state.board.add(spare, who, 2 * cities)  # enough for every city, the new one too
    assert ruin_warning(state, who, f"area:{area}") == ""


def test_building_an_unsupported_city_asks_first_and_back_changes_nothing(tmp_path):
    app = App((1366, 768), settings=Settings(animation_speed=8.0), persist_settings=False)
    try:
        state, who, area = ruinous_build()
        game, driver = seat_one(app, state, who, 1)
        driver.frames(3)
        session = game.session
        actions = len(session.record.actions)
        driver.perform(game, f"area:{area}")
        assert game.confirm.open and "reduced" in game.confirm.text
        assert len(session.record.actions) == actions, "the move was made without asking"
        pygame.image.save(app.screen, str(tmp_path / "warning.png"))
        assert game.confirm.back is not None
        driver.click(game.confirm.back.rect.center)
        assert not game.confirm.open and len(session.record.actions) == actions
        driver.perform(game, f"area:{area}")
        assert game.confirm.go is not None
        driver.click(game.confirm.go.rect.center)
        assert session.record.actions[actions].label == f"area:{area}"
        built = f"builds a city in {session.state.map.areas[area].name}"
        assert any(built in line.text for line in session.log)
    finally:
        app.close()


def unpaid_tax() -> tuple[GameState, str, list[int]]:
    """A tax-rate decision whose highest rate the player's stock cannot pay, the lowest it
    can: the state, the player, the rates."""
    state = bots_play(1, 0)
    bots = {pid: make_bot("basic", 100 + i) for i, pid in enumerate(state.players)}
    for _ in range(3000):
        pending = state.pending
        assert pending is not None
        if pending.kind == "tax_rate":
            break
        apply(state, Action(pending.player, bots[pending.player].choose(
            view(state, pending.player))))
    else:
        pytest.skip("no tax-rate decision in the searched moves")
    who = pending.player
    rates = sorted(int(lb.split(":", 1)[1]) for lb in pending.options)
    cities = len(state.board.cities_of(who))
    state.players[who].advances = [a for a in state.players[who].advances if a != "democracy"]
    state.players[who].stock = rates[0] * cities  # the lowest rate is paid in full
    state.pending = None
    advance(state)  # asked again of the changed state: the decision's detail counts revolts
    assert state.pending is not None and state.pending.player == who
    return state, who, rates


def test_a_tax_rate_the_stock_cannot_pay_is_warned_of_when_a_lower_one_can() -> None:
    state, who, rates = unpaid_tax()
    high = f"number:{rates[-1]}"
    warning = ruin_warning(state, who, high)
    assert "revolt" in warning and f"rate of {rates[0]}" in warning
    assert ruin_warning(state, who, f"number:{rates[0]}") == ""


def test_a_network_client_warns_of_the_same_tax_from_its_own_view() -> None:
    """The tax warning reads the decision's detail, which a network client's view holds."""
    import json

    from game.net.mirror import mirror
    from game.net.wire import wire_view

    state, who, rates = unpaid_tax()
    shown = mirror({who: json.loads(json.dumps(wire_view(state, who)))}, state.map)
    for rate in rates:
        label = f"number:{rate}"
        assert ruin_warning(shown, who, label, playable=False) == ruin_warning(state, who, label)
    assert ruin_warning(shown, who, f"number:{rates[-1]}", playable=False)


def test_a_network_client_warns_of_the_same_ruinous_city_from_its_own_view() -> None:
    """A network client's drawing of the game cannot be played on: the city is counted from
    the board as it stands, and the warning is the one a local game gives."""
    import json

    from game.net.mirror import mirror
    from game.net.wire import wire_view

    state, who, area = ruinous_build()
    shown = mirror({who: json.loads(json.dumps(wire_view(state, who)))}, state.map)
    label = f"area:{area}"
    assert ruin_warning(shown, who, label, playable=False) == ruin_warning(state, who, label)
    assert "takes every token there" in ruin_warning(shown, who, label, playable=False)
    assert ruin_warning(shown, who, "area:nowhere", playable=False) == ""


def test_a_city_supported_only_by_tokens_above_population_limits_is_warned_of() -> None:
    """Rules §4 phase 5: surplus above the population limits goes back to stock (5b) before
    city support is checked (5c). Tokens enough in number but stacked above a limit leave the
    cities short: the city built now is reduced at once, and the warning says why."""
    state, who, area = ruinous_build()
    cities = len(state.board.cities_of(who)) + 1
    spare = next(a for a in sorted(state.map.areas) if a != area
                 and a not in state.board.cities and not state.board.tokens.get(a)
                 and state.map.areas[a].pop == 1)
    state.board.add(spare, who, 2 * cities)  # enough tokens, but one of them within the limit
    state.players[who].stock -= 2 * cities
    warning = ruin_warning(state, who, f"area:{area}")
    assert "population limits" in warning and "city support" in warning
    assert f"{2 * cities - 1} stand above population limits" in warning
    assert "reduced" in warning
    state.board.add(spare, who, 1 - 2 * cities)  # the same tokens spread within the limits
    placed = 1
    for other in sorted(state.map.areas):
        if placed >= 2 * cities:
            break
        if other not in (area, spare) and other not in state.board.cities \
                and not state.board.tokens.get(other) and state.map.areas[other].pop >= 2:
            state.board.add(other, who, 2)
            placed += 2
    assert ruin_warning(state, who, f"area:{area}") == ""
