"""A person's decision on the real client: the map pans to it (never zooms), the prompt says
why it is asked, and a "Since your last turn" box says what the bots' moves did to them
(issue 19, items 1 and 2)."""

from __future__ import annotations

import pygame

from game.bots import make_bot
from game.core import Action, GameState, apply, calamity_in_play, view
from game.ui.app import App
from game.ui.scenes.game import GameScene
from game.ui.seat.session import Seat, Session

from .driver import Driver
from .script import make_game
from .test_hotseat_turn import load_geometry


def bots_play(seed: int, moves: int) -> GameState:
    """The arena game `seed` after `moves` decisions of basic bots."""
    state = make_game(seed)
    bots = {pid: make_bot("basic", seed * 100 + i) for i, pid in enumerate(state.players)}
    for _ in range(moves):
        pending = state.pending
        assert pending is not None
        apply(state, Action(pending.player, bots[pending.player].choose(
            view(state, pending.player))))
    return state


def bots_until(seed: int, kind: str, cause: str, limit: int = 6000) -> GameState:
    """The arena game `seed` played by basic bots up to the first decision of `kind` whose cause
    line holds `cause` (found by playing on, not by a move count, so that a change of the rules
    that moves it keeps the test meaningful)."""
    from game.ui.words.cause import cause_line

    state = make_game(seed)
    bots = {pid: make_bot("basic", seed * 100 + i) for i, pid in enumerate(state.players)}
    for _ in range(limit):
        pending = state.pending
        assert pending is not None
        if pending.kind == kind and cause in cause_line(state, pending.player):
            return state
        apply(state, Action(pending.player, bots[pending.player].choose(
            view(state, pending.player))))
    raise AssertionError(f"no {kind} decision ({cause}) in {limit} moves of game {seed}")


def civil_war(seed: int = 3) -> tuple[GameState, str]:
    """A civil war's beneficiary about to select the victim's units, and who that is."""
    state = bots_until(seed, "civil_war_select", "you gain from")
    assert state.pending is not None
    return state, state.pending.player


def famine_share(seed: int = 1) -> tuple[GameState, str]:
    """A famine being shared out, and the player about to remove unit points for it."""
    state = bots_until(seed, "lose_unit_points", "famine are shared out")
    assert state.pending is not None
    return state, state.pending.player


def seat_one(app: App, state: GameState, human: str, seed: int) -> tuple[GameScene, Driver]:
    seats = {pid: Seat(pid, pid.title(), human=pid == human,
                       bot=None if pid == human else make_bot("basic", seed * 100 + i))
             for i, pid in enumerate(state.players)}
    game = GameScene(app, Session(state, seats), load_geometry())
    app.push(game)
    return game, Driver(app)


def until_decision(game: GameScene, driver: Driver, human: str) -> None:
    for _ in range(5000):
        driver.frames(1)
        anims = game.anims
        if (game.session.human_to_act() == human and anims is not None and not anims.busy
                and game.framed == game.session.moves):
            driver.frames(2)
            return
    raise AssertionError("the person's decision never came")


def test_the_map_pans_to_the_decision_and_the_summary_says_what_the_bots_did(app):
    # seed 1: Assyria's last pick before a volcanic eruption strikes it in turn 11
    state = bots_play(1, 556)
    game, driver = seat_one(app, state, "assyria", 1)
    mv = game.mapview
    assert mv is not None
    mv.zoom_at(3, None)
    mv.pan(-5000, 5000)  # far from everything, as an animation may leave it
    steps = mv.steps
    until_decision(game, driver, "assyria")
    pending = game.session.state.pending
    assert pending is not None and pending.kind == "earthquake_site"
    areas = [lb.split(":", 1)[1] for lb in pending.options if lb.startswith("area:")]
    assert areas and all(mv.rect.collidepoint(mv.area_point(a)) for a in areas)
    assert mv.steps == steps, "the camera zoomed: the zoom is the player's"
    news = game.news.lines
    assert any("struck you" in line for line in news)
    assert any(line.startswith("You lost 8 tokens") for line in news)
    assert game.news.rect.width and mv.rect.contains(game.news.rect)
    driver.perform(game, f"area:{areas[0]}")
    assert game.news.lines == [], "the summary stays after the person's pick"


def test_the_civil_war_beneficiary_is_told_why_it_selects_another_civ_s_units(app):
    state, human = civil_war()
    found = calamity_in_play(state)
    assert found is not None
    victim = found.victim
    game, driver = seat_one(app, state, human, 3)
    until_decision(game, driver, human)
    pending = game.session.state.pending
    assert pending is not None and pending.kind == "civil_war_select"
    assert any(f"you gain from {victim.title()}'s civil war" in str(part)
               for part in (game.decision._image or ((),))[0])


def test_a_famine_shared_out_names_the_civ_it_struck():
    from game.ui.words.cause import cause_line

    state, sharer = famine_share()
    found = calamity_in_play(state)
    assert found is not None
    victim = found.victim
    assert victim != sharer
    assert cause_line(state, sharer).startswith(
        f"Why: the losses of {victim.title()}'s famine are shared out, and part falls on you")


def test_no_summary_when_nothing_touched_the_person(app):
    state, human = civil_war()
    game, driver = seat_one(app, state, human, 3)
    until_decision(game, driver, human)
    assert game.news.lines == []
    assert pygame.Rect(game.news.rect).width == 0


def test_a_civil_war_selection_of_20_points_takes_a_few_clicks(app):
    state, human = civil_war()  # the beneficiary selects 20 of the victim's points
    game, driver = seat_one(app, state, human, 3)
    until_decision(game, driver, human)
    session = game.session
    plan = game.losses.plan
    assert plan is not None and plan.asked == 20 and len(plan.areas) > 5
    actions = len(session.record.actions)
    clicks = driver.clicks
    for what in ("suggest", "go"):
        rect = game.losses.button(what)
        assert rect is not None
        driver.click(rect.center)
    assert driver.clicks - clicks == 2
    made = [a for a in session.record.actions[actions:] if a.player == human]
    assert made and all(a.label.startswith("area:") for a in made)
    pending = session.state.pending
    assert not (pending and pending.player == human and pending.kind == "civil_war_select")


def test_losses_planned_per_area_remove_that_many_from_each(app):
    state, human = famine_share()  # the sharer removes 8 unit points
    game, driver = seat_one(app, state, human, 1)
    until_decision(game, driver, human)
    plan = game.losses.plan
    assert plan is not None and plan.kind == "lose_unit_points" and plan.asked == 8
    first = plan.areas[0]
    tokens = game.session.state.board.count(first, human)
    want = min(tokens, plan.most[first], 3)
    for _ in range(want):
        driver.click(game.losses.button(f"plus:{first}").center)
    assert plan.counts[first] == want
    driver.click(game.losses.button("go").center)
    assert game.session.state.board.count(first, human) == tokens - want


def test_the_losses_box_folds_to_its_title_and_opens_again(app):
    state, human = famine_share()
    game, driver = seat_one(app, state, human, 1)
    until_decision(game, driver, human)
    box = game.losses
    assert box.plan is not None and not box.folded  # 1366 wide: room for it beside the map
    title = box.button("fold")
    assert title is not None
    driver.click(title.center)
    assert box.folded and box.button("go") is None and box.rect.height < title.height * 2
    driver.click(title.center)
    assert not box.folded and box.button("go") is not None
