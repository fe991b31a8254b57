"""Animations of the core's events (issue 8): every calamity has a look, every event type is
either shown or named as having nothing to show, the queue's order, skipping, speed, bots
waiting, reduce motion, and that watching animations never changes the game."""

from __future__ import annotations

import pygame
import pytest

from game.core import (
    ALL_EVENT_TYPES,
    CityBuilt,
    CityDestroyed,
    CityReduced,
    EarthquakeStruck,
    Event,
    TokensRemoved,
    advance,
)
from game.core.gamedata import load_game_data
from game.persist import Settings
from game.ui.anim import CALAMITY_LOOKS, INSTANT, Stage, copy_board
from game.ui.anim.build import FRAMING, UNSEEN, Builder, reorder
from game.ui.anim.queue import AnimQueue
from game.ui.app import App
from game.ui.checks.showcase import on_screen, showcase
from game.ui.map.offered import available_maps, load_map
from game.ui.scenes.game import GameScene
from game.ui.seat.session import Seat, Session

from .eventkit import named, sample

DT = 1 / 60


@pytest.fixture(scope="module")
def shipped_map():
    return load_map(next(iter(available_maps().values())))


def make_app(speed: float = 1.0, reduce_motion: bool = False) -> App:
    return App((1366, 768), settings=Settings(animation_speed=speed, reduce_motion=reduce_motion),
               persist_settings=False)


def calamity_scene(app: App, shipped_map, calamity: str) -> tuple[GameScene, list[Event]]:
    """The game screen on a board set up for `calamity`, its first events fed to the queue."""
    scene, found = on_screen(app, calamity)
    return scene, advance(found.state.clone())  # the same events, from the core itself


def play_until_idle(app: App, scene: GameScene, limit: int = 5000) -> int:
    """Frames until the animations are over (bots may act in between)."""
    assert scene.anims is not None
    for n in range(limit):
        if not scene.anims.busy:
            return n
        app.frame([], DT)
    raise AssertionError("the animations never ended")


# -- coverage -------------------------------------------------------------------------------------
def test_every_calamity_of_every_rule_set_has_an_animation() -> None:
    data = load_game_data()
    ids = {c for ruleset in data.rulesets.values() for c in ruleset.calamities}
    assert ids, "no calamities in the rule-set data"
    missing = sorted(ids - set(CALAMITY_LOOKS))
    assert not missing, f"calamities without an animation: {missing}"


def test_every_event_the_core_reports_is_animated_or_listed_as_nothing_to_show() -> None:
    builder = Builder()
    shown = {cls for cls in ALL_EVENT_TYPES if builder.part(sample(cls)) is not None}
    silent = set(ALL_EVENT_TYPES) - shown - UNSEEN - FRAMING
    assert not silent, f"events with neither an animation nor a place in UNSEEN: {named(silent)}"
    assert not shown & UNSEEN, f"animated events listed in UNSEEN: {named(shown & UNSEEN)}"


def test_a_calamitys_place_is_shown_before_the_losses_the_core_reported_first() -> None:
    lost = [CityDestroyed(player="egypt", area="A"), CityReduced(player="egypt", area="B",
                                                                 tokens=2)]
    quake = EarthquakeStruck(area="A", destroyed=("A",), reduced=("B",))
    assert reorder([*lost, quake]) == [quake, *lost]
    assert reorder([quake, *lost]) == [quake, *lost]


# -- the queue ------------------------------------------------------------------------------------
def test_a_calamity_plays_its_banner_first_then_its_place_then_its_losses_in_order(
        shipped_map) -> None:
    app = make_app()
    try:
        scene, events = calamity_scene(app, shipped_map, "volcanic_eruption")
        anims = scene.anims
        assert anims is not None
        names = [[type(p).__name__ for p in step.parts] for step in anims.steps if step.parts]
        assert names[0] == ["CalamityStarts", "Banner"]
        assert names[1] == ["Eruption"]
        end = names.index(["CalamityEnds"])  # the rest of the turn's automatic steps follow
        losses = [n[0] for n in names[2:end]]
        assert losses and set(losses) <= {"FallingCity", "RemoveTokens"}
        # the losses in the order the core reported them
        order = [type(e) for e in events
                 if isinstance(e, CityDestroyed | CityReduced | TokensRemoved)]
        shown = ["tokens" if n == "RemoveTokens" else "city" for n in losses]
        assert shown == ["tokens" if o is TokensRemoved else "city" for o in order][
            :len(shown)]
    finally:
        app.close()


def test_sounds_come_as_the_animations_reach_their_events_not_when_the_core_reports_them(
        shipped_map) -> None:
    app = make_app()
    try:
        scene, _ = calamity_scene(app, shipped_map, "volcanic_eruption")
        anims = scene.anims
        assert anims is not None
        heard: list[tuple[str, int]] = []  # (sound, steps played by then)
        app.sound.play = lambda name, volume=None: heard.append((name, anims.played)) or True
        ahead = sum(1 for step in anims.steps if step.parts)
        board = copy_board(scene.session.state.board)
        area = next(iter(board.tokens))
        anims.feed([CityBuilt(player="egypt", area=area)], board, board)  # queued behind
        assert heard == []  # nothing heard when the core reports it
        app.frame([], DT)
        assert [name for name, _ in heard] == ["calamity"]  # the banner shows: its sound
        play_until_idle(app, scene)
        city = [played for name, played in heard if name == "city"]
        assert city == [ahead]  # once, when its own step began, after the eruption's
    finally:
        app.close()


def test_during_a_calamity_the_map_pans_to_where_it_strikes_when_that_is_out_of_view(
        shipped_map) -> None:
    app = make_app()
    try:
        scene, found = on_screen(app, "flood")
        mv = scene.mapview
        assert mv is not None and scene.anims is not None
        struck = set(found.areas)  # where the flood will show
        assert struck

        def showing() -> bool:
            return any(mv.rect.collidepoint(mv.area_point(a)) for a in struck)

        mv.zoom_at(6)
        steps = mv.steps
        mv.ox, mv.oy = 0.0, 0.0  # the board's far north-west corner
        assert not showing()
        seen = False
        for _ in range(2000):
            app.frame([], DT)
            seen = seen or showing()
            over = not scene.anims.busy and scene.session.state.phase != "calamity_resolution"
            if seen or over:
                break
        assert seen and mv.steps == steps  # panned there, the player's zoom kept
    finally:
        app.close()


def _batches(state, limit: int = 400):
    """(events, board before, board after) for each `apply` of a calamity's resolution on a copy,
    bots deciding, up to the end of the turn's automatic steps."""
    from game.bots import make_bot
    from game.core import Action, apply, view

    work = state.clone()
    bots = {p: make_bot("basic", 7 + i) for i, p in enumerate(work.players)}
    before = copy_board(work.board)
    out = [(advance(work), before, copy_board(work.board))]
    while work.pending is not None and work.phase == "calamity_resolution" and len(out) < limit:
        who = work.pending.player
        before = copy_board(work.board)
        events = apply(work, Action(who, bots[who].choose(view(work, who))))
        out.append((events, before, copy_board(work.board)))
    return out


@pytest.mark.parametrize("calamity", ["barbarian_hordes", "cyclone", "flood", "civil_war",
                                      "piracy", "epidemic", "earthquake", "tsunamis", "raiders",
                                      "tyranny", "total_war", "revival_of_past_empire"])
@pytest.mark.parametrize("watched", [True, False])
def test_the_animations_of_a_batch_leave_the_board_where_the_core_left_it(
        shipped_map, calamity, watched) -> None:
    """Each part changes the board drawn as its events did, watched to the end or skipped, so
    the board drawn is right before the batch's check-point puts it right anyway."""
    from game.ui.anim.parts import Step

    app = make_app()
    try:
        graph, geometry = shipped_map
        found = showcase(calamity, graph)
        session = Session(found.state.clone(), {p: Seat(p, p, human=False)
                                                for p in found.state.players})
        scene = GameScene(app, session, geometry)
        app.push(scene)
        assert scene.anims is not None
        stage = scene.anims.stage
        builder = Builder()
        for events, before, after in _batches(found.state):
            stage.shown = copy_board(before)
            for parts in builder.steps(events):
                step = Step(parts)
                if watched:
                    for _ in range(2000):
                        if step.advance(stage, DT):
                            break
                else:
                    step.finish(stage)
            shown = stage.shown
            assert (shown.tokens, shown.cities, shown.ships) == (
                after.tokens, after.cities, after.ships), [type(e).__name__ for e in events]
    finally:
        app.close()


def test_space_ends_the_step_showing_and_esc_ends_them_all_without_opening_the_menu(
        shipped_map) -> None:
    app = make_app()
    try:
        scene, _ = calamity_scene(app, shipped_map, "cyclone")
        anims = scene.anims
        assert anims is not None
        first = anims.steps[0]
        played = anims.played
        key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                 scancode=0)
        app.frame([key], DT)
        assert anims.played == played + 1 and first not in anims.steps
        esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                 scancode=0)
        app.frame([esc], DT)
        assert not anims.busy
        assert app.scene is scene  # Esc ended the animations; it did not open the game menu
        stage = anims.stage
        assert stage.shown is None and not stage.hidden and not stage.swarm
        real = scene.session.state.board
        assert stage.drawn_board(real) is real
    finally:
        app.close()


def test_a_click_on_the_map_ends_the_step_showing(shipped_map) -> None:
    app = make_app()
    try:
        scene, _ = calamity_scene(app, shipped_map, "barbarian_hordes")
        anims = scene.anims
        assert anims is not None
        played = anims.played
        pos = scene.map_rect.center
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)
        assert anims.played == played + 1
    finally:
        app.close()


def test_bots_wait_for_the_animations_and_act_once_they_are_over(shipped_map) -> None:
    app = make_app()
    try:
        scene, _ = calamity_scene(app, shipped_map, "cyclone")
        session, anims = scene.session, scene.anims
        assert anims is not None and session.bot_to_act()
        assert session.record is not None
        actions = len(session.record.actions)
        for _ in range(30):
            app.frame([], DT)
        assert anims.busy and len(session.record.actions) == actions
        anims.skip_all()
        for _ in range(60):
            app.frame([], DT)
            if len(session.record.actions) > actions:
                break
        assert len(session.record.actions) > actions
    finally:
        app.close()


def _frames_to_play(shipped_map, speed: float, hurry: bool) -> int:
    app = make_app(speed)
    try:
        scene, _ = calamity_scene(app, shipped_map, "flood")
        anims = scene.anims
        assert anims is not None
        if not hurry:
            for step in anims.steps:
                step.hurry = 1.0
        n = 0
        while anims.busy and n < 20000:  # bots wait meanwhile: only this batch is played
            app.frame([], DT)
            n += 1
        return n
    finally:
        app.close()


def test_faster_speeds_and_bot_turns_take_fewer_frames_and_instant_takes_none(
        shipped_map) -> None:
    normal = _frames_to_play(shipped_map, 1.0, hurry=False)
    assert normal > 60
    assert _frames_to_play(shipped_map, 4.0, hurry=False) < normal / 3
    assert _frames_to_play(shipped_map, 0.5, hurry=False) > normal * 1.8
    assert _frames_to_play(shipped_map, 1.0, hurry=True) < normal / 1.5
    assert _frames_to_play(shipped_map, INSTANT, hurry=False) == 0


def test_reduce_motion_shows_only_banners_and_short_fades(shipped_map) -> None:
    app = make_app(reduce_motion=True)
    try:
        scene, _ = calamity_scene(app, shipped_map, "barbarian_hordes")
        anims = scene.anims
        assert anims is not None
        kinds = {type(p).__name__ for step in anims.steps for p in step.parts}
        assert kinds <= {"Banner", "Fade"} and "Fade" in kinds
        stage = anims.stage
        for _ in range(400):
            app.frame([], DT)
            assert not stage.swarm and not stage.particles and anims.shake_offset() == (0, 0)
    finally:
        app.close()


def test_drawing_animations_never_changes_the_game_state(shipped_map) -> None:
    app = make_app()
    try:
        scene, _ = calamity_scene(app, shipped_map, "barbarian_hordes")
        anims = scene.anims
        assert anims is not None
        state = scene.session.state
        before = state.state_hash()
        board = copy_board(state.board)
        frames = 0
        while anims.busy and frames < 3000:  # update and draw only: no bot is asked to act
            anims.update(DT)
            scene.draw(app.screen)
            frames += 1
        assert frames > 30
        assert state.state_hash() == before
        assert (state.board.tokens, state.board.cities) == (board.tokens, board.cities)
    finally:
        app.close()


def test_a_stage_draws_the_real_board_when_nothing_plays(shipped_map) -> None:
    app = make_app()
    try:
        graph, geometry = shipped_map
        found = showcase("flood", graph)
        session = Session(found.state, {p: Seat(p, p, human=False) for p in found.state.players})
        scene = GameScene(app, session, geometry)
        app.push(scene)
        anims = scene.anims
        assert isinstance(anims, AnimQueue) and isinstance(anims.stage, Stage)
        board = session.state.board
        assert not anims.busy and anims.stage.drawn_board(board) is board
    finally:
        app.close()


# -- the self-test ---------------------------------------------------------------------------------
def test_every_calamity_finds_a_board_where_its_resolution_shows(shipped_map) -> None:
    graph, _ = shipped_map
    data = load_game_data()
    ids = sorted({c for r in data.rulesets.values() for c in r.calamities} | {"earthquake"})
    dull = [c for c in ids if showcase(c, graph).steps < 3]  # banner, something, the end
    assert not dull, f"calamities with nothing to see on their show board: {dull}"


@pytest.mark.parametrize("calamity", ["barbarian_hordes", "cyclone", "earthquake"])
def test_selftest_calamity_resolves_it_and_saves_three_pictures(tmp_path, calamity) -> None:
    from game.ui.checks.selftest import run_selftest

    assert run_selftest(calamity=calamity, screenshots=str(tmp_path)) == 0
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    assert [n.split("-")[-1] for n in names] == ["start.png", "middle.png", "end.png"]


def test_selftest_with_an_unknown_calamity_says_so_and_exits_2(capsys) -> None:
    from game.ui.checks.selftest import run_selftest

    assert run_selftest(calamity="plague_of_frogs") == 2
    assert "no calamity 'plague_of_frogs'" in capsys.readouterr().err


def test_the_eruption_s_smoke_has_settled_by_its_last_frame(shipped_map) -> None:
    from game.ui.anim.disasters import Eruption

    app = make_app(1.0)
    try:
        scene, _ = calamity_scene(app, shipped_map, "volcanic_eruption")
        anims = scene.anims
        assert anims is not None
        peak = last = 0
        for _ in range(3000):
            if not anims.busy:
                break
            first = anims.steps[0]
            app.frame([], DT)
            if any(isinstance(p, Eruption) for p in first.parts):
                last = len(anims.stage.particles)
                peak = max(peak, last)
            elif peak:
                break
        assert peak > 100, "no eruption was played"
        assert last * 5 < peak, f"{last} of {peak} particles still hide the result"
    finally:
        app.close()
