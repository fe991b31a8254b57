"""python -m game selftest: the real client, headless, bots in every seat.

It opens every screen (menu, settings, about, rules, How to play page by page, load, new game,
host, the host's lobby, join, the game with each side panel, the hot-seat curtain, a decision,
the trade window when one comes up, the in-game menu, help, the final scores, the replay viewer
on the game just played, the Events module's display), plays at least one whole turn through the
game screen's own loop, writes a PNG of each screen into the screenshots folder if one is given,
and exits 0 when all went well. `build/smoke.py` runs it in the standalone build and checks the
pictures' names.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

FRAME_DT = 1 / 60
MAX_EXTRA_FRAMES = 20_000


LAYOUT_SIZES = ((1366, 768), (1920, 1080), (2560, 1440))
LAYOUT_SCALES = (1.0, 1.25, 1.5)


def run_layout_check(frames: int = 60, players: int = 5, seed: int = 1,
                     screenshots: str | None = None) -> int:
    """Every screen of the tour at each window size and UI scale; fails (exit 1) on a text
    clipped, two widgets overlapping or anything off the window, one line per problem."""
    started = time.perf_counter()
    found: list[str] = []
    screens = 0
    for size in LAYOUT_SIZES:
        for scale in LAYOUT_SCALES:
            where = f"{size[0]}x{size[1]} at {scale:g}"
            folder = (str(Path(screenshots) / f"{size[0]}x{size[1]}-{scale:g}")
                      if screenshots else None)
            seen: list[str] = []

            def note(name: str, lines: list[str], where: str = where,
                     seen: list[str] = seen) -> None:
                seen.append(name)
                found.extend(f"{where}, {name}: {line}" for line in lines)

            code = run_selftest(frames=frames, players=players, seed=seed, screenshots=folder,
                                size=size, scale=scale, layout=note, quiet=True)
            if code:
                return code
            screens += len(seen)
    for size in LAYOUT_SIZES:  # Settings and a long decision at every UI scale offered (#36)
        for line, shown in _settings_layout(size, screenshots):
            if line:
                found.append(line)
            screens += shown
    for line in found:
        print(f"layout: {line}", file=sys.stderr)
    seconds = time.perf_counter() - started
    if found:
        print(f"calamitas selftest --layout: {len(found)} problem(s) on {screens} screens",
              file=sys.stderr)
        return 1
    print(f"selftest --layout OK: {screens} screens at {len(LAYOUT_SIZES)} sizes x "
          f"{len(LAYOUT_SCALES)} UI scales (Settings and a long decision at every scale "
          f"offered), in "
          f"{seconds:.1f} s")
    return 0


def _settings_layout(size: tuple[int, int], screenshots: str | None) -> list[tuple[str, int]]:
    """At `size`, at every UI scale the Settings screen offers there: Settings with each of its
    drop-downs opened in turn, and the decision bar with a long option list, its drop-down
    open (issue 36). (a problem, 0) per problem, and (\"\", screens seen) last."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    from pygame_gui.elements import UIDropDownMenu

    from game.persist import Settings

    from ..app import App
    from ..scenes.settings import SettingsScene, offered_scales
    from .layout import problems

    found: list[str] = []
    seen = 0
    folder = Path(screenshots) / "every-scale" if screenshots else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    for scale in offered_scales(size):
        where = f"{size[0]}x{size[1]} at {scale:g}"
        app = App(size, settings=Settings(ui_scale=scale, animation_speed=8.0),
                  persist_settings=False)

        def run(n: int, app: App = app) -> None:
            for _ in range(n):
                app.frame(pygame.event.get(), FRAME_DT)

        def shot(name: str, app: App = app, where: str = where) -> None:
            nonlocal seen
            run(2)
            seen += 1
            found.extend(f"{where}, {name}: {line}"
                         for line in _layout_problems(app, problems))
            if folder is not None:
                slug = "-".join("".join(c if c.isalnum() or c == "." else " "
                                        for c in f"{where} {name}").split())
                pygame.image.save(app.screen, str(folder / f"{slug}.png"))

        try:
            scene = SettingsScene(app)
            app.push(scene)
            shot("settings")
            for menu in [w for w in vars(scene).values() if isinstance(w, UIDropDownMenu)]:
                if menu.current_state is None:
                    continue
                menu.current_state.should_transition = True  # as a click on it does
                shot(f"settings, {menu.selected_option[0]!r} open")
                menu.current_state.should_transition = True
                run(1)
            app.pop()
            if not _long_decision(app, 1, 5, run, shot):
                found.append(f"{where}: no decision with many options came up")
        finally:
            app.close()
    return [(line, 0) for line in found] + [("", seen)]


def run_selftest(frames: int = 120, players: int = 5, seed: int = 1,
                 screenshots: str | None = None, calamity: str | None = None,
                 size: tuple[int, int] = (1366, 768), scale: float = 1.0,
                 ruleset: str | None = None, event: str | None = None,
                 layout: Callable[[str, list[str]], None] | None = None,
                 quiet: bool = False) -> int:
    """The tour of every screen; with `calamity`, instead, that calamity resolved on a board
    set up for it, with pictures at the start, middle and end of its animation."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.persist import Settings

    from ..app import App
    from ..scenes.about import AboutScene
    from ..scenes.book import BookScene
    from ..scenes.end import EndScene
    from ..scenes.game import GameScene
    from ..scenes.gamemenu import GameMenuScene
    from ..scenes.help import HelpScene
    from ..scenes.load import LoadScene
    from ..scenes.menu import MenuScene
    from ..scenes.newgame import NewGameScene
    from ..scenes.rules import RulesScene
    from ..scenes.settings import SettingsScene
    from .layout import problems

    if not 5 <= players <= 18:
        print("calamitas selftest: --players must be 5 to 18", file=sys.stderr)
        return 2
    folder = Path(screenshots) if screenshots else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    settings = Settings(ui_scale=scale, animation_speed=2.0 if calamity or event else 8.0)
    settings.new_game.players = players
    settings.new_game.seats = ["basic"] * players
    app = App(size, settings=settings, persist_settings=False)
    shots: list[str] = []
    started = time.perf_counter()
    from .words import TextWatch, tooltip_texts

    watch = TextWatch()  # every text drawn, for the no-raw-ids check (issue 36)

    def run(n: int) -> None:
        for _ in range(n):
            app.frame(pygame.event.get(), FRAME_DT)

    def shot(name: str) -> None:
        run(2)
        scene = app.scene
        mapview = getattr(scene, "mapview", None)
        if mapview is not None:  # a picture of the finished map, not one half made
            playing = scene if isinstance(scene, GameScene) else None
            held = playing.bots_held if playing else False
            if playing:  # the bots wait meanwhile: at 4K a whole game would go by
                playing.bots_held = True
            for _ in range(500):
                if not mapview.pending_tiles:
                    break
                run(1)
            if playing:
                playing.bots_held = held
        shots.append(name)
        pending = getattr(getattr(getattr(scene, "session", None), "state", None), "pending", None)
        watch.take(name, app.manager, pending.kind if pending is not None else "",
                   tooltip_texts(scene))
        if layout is not None:
            layout(name, _layout_problems(app, problems))
        if folder is not None:
            pygame.image.save(app.screen, str(folder / f"{len(shots):02d}-{name}.png"))

    if event or calamity:
        try:
            if event:
                code = _event_selftest(app, event, seed, players, shot, run, started, folder)
            else:
                assert calamity is not None
                code = _calamity_selftest(app, calamity, ruleset, seed, players, shot, run,
                                          started, folder)
        finally:
            watch.close()
        return code or _raw_ids(watch)
    try:
        app.push(MenuScene(app))
        shot("menu")
        app.push(SettingsScene(app))
        shot("settings")
        app.pop()
        app.push(AboutScene(app))
        shot("about")
        app.pop()
        rules = RulesScene(app)
        app.push(rules)
        for tab, name in enumerate(("rules-phases", "rules-advances", "rules-calamities",
                                       "rules-events")):
            rules.set_tab(tab)
            shot(name)
        app.pop()
        book = BookScene(app)  # How to play: every page (issue 39)
        app.push(book)
        for index, page in enumerate(book.pages):
            book.show(index)
            shot(f"book-{page.key}")
        app.pop()
        app.push(LoadScene(app))
        shot("load")
        app.pop()
        new = NewGameScene(app)
        app.push(new)
        new.seed = seed
        new.seed_entry.set_text(str(seed))
        shot("new-game")
        _network_screens(app, new, shot)
        new.start_game()
        game = app.scene
        if not isinstance(game, GameScene):
            print("calamitas selftest: the game did not start", file=sys.stderr)
            return 1
        session = game.session
        run(max(1, frames // 2))
        shot("game")
        played = 0
        while session.state.turn < 2 and not session.state.game_over:
            run(1)
            played += 1
            if played > MAX_EXTRA_FRAMES:
                print("calamitas selftest: no whole turn after many frames", file=sys.stderr)
                return 1
        run(max(0, frames - frames // 2))
        # hot seat: two seats become human; the curtain must come down before either acts
        _hot_seat(game, run, shot)
        for tab, name in enumerate(("hand", "advances", "ast", "table", "log")):
            game.set_tab(tab)
            shot(f"game-{name}")
        game.set_tab(0)
        app.push(GameMenuScene(app, game))
        shot("game-menu")
        app.pop()
        app.push(HelpScene(app))
        shot("help")
        app.pop()
        app.push(EndScene(app, session))
        shot("end")
        app.pop()
        if not _replay(app, session, run, shot):
            print(f"calamitas selftest: the replay viewer did not open: {app.message}",
                  file=sys.stderr)
            return 1
        if not _events(app, seed, players, run, shot):
            print("calamitas selftest: the Events module's display never came up",
                  file=sys.stderr)
            return 1
        if not _long_decision(app, seed, players, run, shot):
            print("calamitas selftest: no decision with many options came up",
                  file=sys.stderr)
            return 1
        turn = session.state.turn
    except Exception as err:  # the self-test reports any failure as one line and exit 1
        return _failed(err)
    finally:
        app.close()
        watch.close()
    if _raw_ids(watch):
        return 1
    seconds = time.perf_counter() - started
    where = f" into {folder}" if folder else ""
    if not quiet:
        print(f"selftest OK: {app.frames} frames, {len(shots)} screens{where}, reached turn "
              f"{turn} in {seconds:.1f} s")
    return 0


def _raw_ids(watch) -> int:  # type: ignore[no-untyped-def]
    """1 (after one line per text) when a text drawn in the tour holds a raw id, else 0."""
    found = watch.problems()
    for line in found:
        print(f"raw id: {line}", file=sys.stderr)
    if found:
        print(f"calamitas selftest: {len(found)} text(s) on screen hold raw ids or labels",
              file=sys.stderr)
    return 1 if found else 0


def _network_screens(app, new, shot) -> None:  # type: ignore[no-untyped-def]
    """Hosting's seat choices, a host's lobby and the join screen (no server is started)."""
    from ..scenes.host import HostScene
    from ..scenes.join import JoinScene
    from ..scenes.lobby import LobbyScene
    from ..seat.net import TableSeat

    app.push(HostScene(app, new.chosen(), new.map_id, dict(new.kinds)))
    shot("host")
    app.pop()
    lobby = LobbyScene(app, None, address="192.168.1.20:7417", code="K7PQ2M", creating=True)
    civs = new.civs()
    kinds = [("person", "", True, True), ("open", "", False, False),
             ("person", "", False, True), ("bot", "normal", False, False)]
    lobby.table = {civ: TableSeat(*kinds[min(i, len(kinds) - 1)]) for i, civ in enumerate(civs)}
    lobby.order, lobby.local, lobby.host_token = civs, civs[:1], "shown"
    lobby.config = new.chosen()
    app.push(lobby)
    shot("lobby")
    app.pop()
    app.push(JoinScene(app))
    shot("join")
    app.pop()


def _layout_problems(app, problems) -> list[str]:  # type: ignore[no-untyped-def]
    """The widgets' problems, and those the scene and its parts report about what they drew
    (`layout_marks`: rects of drawn texts; `layout_problems`: lines)."""
    scene = app.scene
    parts = [scene, *(getattr(scene, name, None)
                      for name in ("topbar", "decision", "trade", "eventrow"))]
    marks: list[tuple[str, object]] = []
    found: list[str] = []
    for part in parts:
        if part is None:
            continue
        if callable(getattr(part, "layout_marks", None)):
            marks += part.layout_marks()
        if callable(getattr(part, "layout_problems", None)):
            found += part.layout_problems()
    return found + problems(app.manager, app.screen.get_rect(), "", marks)


def _calamity_selftest(app, calamity: str, ruleset: str | None, seed: int, players: int,  # type: ignore[no-untyped-def]
                       shot, run, started: float, folder: Path | None) -> int:
    """Resolve one calamity through the client on a board set up for it (see showcase)."""
    from .showcase import ShowcaseError, on_screen

    def setup():  # type: ignore[no-untyped-def]
        try:
            game, found = on_screen(app, calamity, ruleset, seed, players)
        except (ShowcaseError, StopIteration) as err:
            print(f"calamitas selftest: {err or 'no map is installed'}", file=sys.stderr)
            return 2
        assert game.mapview is not None and game.anims is not None
        _frame(game.mapview, found.areas)
        state, anims = game.session.state, game.anims
        # pictures: the banner over the weather, the middle step half-way, the last losses done
        marks = [("start", 0, 0.7), ("middle", found.steps // 2, 0.5),
                 ("end", max(1, found.steps - 1), 0.0)]

        def over() -> bool:
            return not anims.busy and state.phase != "calamity_resolution"

        def report() -> str:
            return (f"{found.calamity} ({state.config.ruleset}) on {name(found.victim)}, "
                    f"{anims.played} animation steps, turn {state.turn}")

        return game, marks, over, report

    return _showcase(app, f"calamity-{calamity}", "calamity", setup, shot, run, started,
                     folder)


def _event_selftest(app, card: str, seed: int, players: int,  # type: ignore[no-untyped-def]
                    shot, run, started: float, folder: Path | None) -> int:
    """Take one public event card on a settled board with the Events module on, through the
    client, with pictures at the start, middle and end of its animation."""
    from game.core import load_event_cards

    from ..anim.build import Builder
    from ..anim.marks import MarkerLands
    from .eventshow import event_on_screen

    known = {c.id: c for c in load_event_cards().cards.values() if c.public}
    if card not in known:
        print(f"calamitas selftest: no public event card {card!r}; known: "
              f"{', '.join(sorted(known))}", file=sys.stderr)
        app.close()
        return 2

    def setup():  # type: ignore[no-untyped-def]
        try:
            game, events, areas = event_on_screen(app, card, seed, players)
        except StopIteration:
            print("calamitas selftest: no map is installed", file=sys.stderr)
            return 2
        assert game.mapview is not None and game.anims is not None
        if areas:
            _frame(game.mapview, areas)
            for _ in range(max(0, 4 - len(areas))):  # one city: its neighbours in view too
                game.mapview.zoom_at(-1, None)
        anims = game.anims
        plan = Builder().steps(events)
        steps = len(plan)
        # pictures: the banner over the first roll, the marker landing, the queue run out
        landing = next((k for k, parts in enumerate(plan)
                        if any(isinstance(p, MarkerLands) for p in parts)), steps // 2)
        marks = [("start", 0, 0.3), ("middle", landing, 0.4), ("end", steps + 99, 0.0)]
        taker = name(getattr(events[0], "player", "?")) if events else "?"

        def report() -> str:
            return f"event {card} taken by {taker}, {len(events)} events, {steps} animation steps"

        return game, marks, lambda: not anims.busy, report

    return _showcase(app, f"event-{card}", "event", setup, shot, run, started, folder)


def _showcase(app, name: str, what: str, setup, shot, run, started: float,  # type: ignore[no-untyped-def]
              folder: Path | None) -> int:
    """What the calamity and event self-tests share: `setup()` puts the game screen up with
    the animation queued and returns (game, marks, over, report), or an exit status once it
    has said why not; a picture at each mark (name, step, how far into it), or as soon as
    `over()`; `report()` the summary's words. Any failure is one line and exit 1."""
    try:
        made = setup()
        if isinstance(made, int):
            return made
        game, marks, over, report = made
        anims = game.anims
        taken = 0
        for _ in range(MAX_EXTRA_FRAMES):
            if taken == len(marks):
                break
            run(1)
            mark, step, at = marks[taken]
            played, progress = anims.progress()
            if played > step or (played == step and progress >= at) or over():
                _still(game, f"{name}-{mark}", shot)
                taken += 1
        if taken < len(marks):
            print(f"calamitas selftest: the {what}'s animation did not finish", file=sys.stderr)
            return 1
        summary = report()
    except Exception as err:  # the self-test reports any failure as one line and exit 1
        return _failed(err)
    finally:
        app.close()
    seconds = time.perf_counter() - started
    where = f" into {folder}" if folder else ""
    print(f"selftest OK: {summary}, {app.frames} frames{where}, in {seconds:.1f} s")
    return 0


def name(pid: object) -> str:
    """A civilization's name for the summary line ("Minoa", never its id)."""
    from ..words.log import name as civ_name

    return civ_name(pid)


def _failed(err: Exception) -> int:
    import traceback

    traceback.print_exc()
    print(f"calamitas selftest: failed: {err}", file=sys.stderr)
    return 1


def _frame(mapview, areas: list[str]) -> None:  # type: ignore[no-untyped-def]
    """The camera on the areas the calamity touches: as close as keeps them all in view."""
    mapview.focus(areas)
    inner = mapview.rect.inflate(-mapview.rect.width // 4, -mapview.rect.height // 4)
    for _ in range(8):
        mapview.zoom_at(1, None)
        points = [mapview.area_point(a) for a in areas if a in mapview.geo.areas]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        if max(xs) - min(xs) > inner.width or max(ys) - min(ys) > inner.height:
            mapview.zoom_at(-1, None)
            break
        cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        mapview.pan(mapview.rect.centerx - cx, mapview.rect.centery - cy)


def _still(game, name: str, shot) -> None:  # type: ignore[no-untyped-def]
    """A screenshot of the frame as it is: every map tile made, the animation held still."""
    mapview = game.mapview
    budget, work = mapview.tile_budget, mapview.work_budget
    mapview.tile_budget = mapview.work_budget = None
    game.anims.paused = True
    shot(name)
    game.anims.paused = False
    mapview.tile_budget, mapview.work_budget = budget, work


def _replay(app, session, run, shot) -> bool:  # type: ignore[no-untyped-def]
    """The game just played, saved to a file of its own and watched: a sixth of the way in (a
    board with something on it, soon reached), then 3 steps."""
    import tempfile

    from game.persist import write_save

    from ..scenes.replay import ReplayScene, open_replay

    with tempfile.TemporaryDirectory(prefix="calamitas-selftest-") as folder:
        path = write_save(Path(folder) / "selftest.json", session.record, session.state)
        if not open_replay(app, path):
            return False
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    scene.go(scene.cursor.length // 6)
    for _ in range(MAX_EXTRA_FRAMES):
        if scene.target is None:
            break
        run(1)
    for _ in range(3):
        scene.step()
    shot("replay")
    app.pop()
    return True


MANY_OPTIONS = 8  # a decision with more options than this in the bar: a long option list


def long_decision_state(seed: int, players: int):  # type: ignore[no-untyped-def]
    """A game with the Events module on, the basic bots playing, at the first decision whose
    bar holds more than MANY_OPTIONS options (an advance choice, around turn 8); and the map's
    geometry. None (for the state) when none comes up within a few thousand picks."""
    from game.bots import make_bot
    from game.core import (
        Action,
        EventsOptions,
        GameConfig,
        apply,
        choose_setup,
        load_game_data,
        new_game,
        view,
    )

    from ..map.offered import available_maps, load_map

    graph, geometry = load_map(available_maps()[sorted(available_maps())[0]])
    data = load_game_data()
    config = GameConfig(players=[], seed=seed, events=EventsOptions())
    config.setup = choose_setup(data, GameConfig(players=["?"] * players)).id
    state = new_game(config, graph, data)
    bots = {pid: make_bot("basic", seed * 100 + i) for i, pid in enumerate(state.players)}
    for _ in range(MAX_EXTRA_FRAMES):
        pending = state.pending
        if state.game_over or pending is None:
            break
        if len([o for o in pending.options if not o.startswith("area:")]) > MANY_OPTIONS:
            return state, geometry
        apply(state, Action(pending.player, bots[pending.player].choose(
            view(state, pending.player))))
    return None, geometry


def _long_decision(app, seed: int, players: int, run, shot) -> bool:  # type: ignore[no-untyped-def]
    """The decision bar with a long option list, every seat human: the bar as it comes up and,
    when its options went into a drop-down, that drop-down open (its list must lie wholly
    inside the window: issue 36)."""
    from game.core import load_game_data

    from ..scenes.game import GameScene
    from ..seat.session import Seat, Session

    state, geometry = long_decision_state(seed, players)
    if state is None:
        return False
    civs = load_game_data().civilizations
    seats = {pid: Seat(pid, civs[pid].name, human=True) for pid in state.players}
    game = GameScene(app, Session(state, seats), geometry)
    app.push(game)
    try:
        run(3)
        if game.curtain_for:
            game.lift_curtain()
            run(2)
        shot("decision-long")
        menu = game.decision.options.dropdown
        if menu is not None and menu.current_state is not None:
            menu.current_state.should_transition = True  # as a click on it does
            run(2)
            shot("decision-long-open")
            menu.current_state.should_transition = True
            run(1)
    finally:
        app.pop()
    return True


def _events(app, seed: int, players: int, run, shot) -> bool:  # type: ignore[no-untyped-def]
    """A game with the Events module on, the first taker's seat human: the display with a card
    shown large, a card taken, the hand, and the markers on the map with one's tooltip."""
    import pygame

    from game.core import EventsOptions, GameConfig, choose_setup, load_game_data, new_game

    from ..map.offered import available_maps, load_map
    from ..scenes.end import EndScene
    from ..scenes.game import GameScene
    from ..seat.session import Seat, Session

    graph, geometry = load_map(available_maps()[sorted(available_maps())[0]])
    data = load_game_data()
    config = GameConfig(players=[], seed=seed, events=EventsOptions())
    config.setup = choose_setup(data, GameConfig(players=["?"] * players)).id
    state = new_game(config, graph, data)
    human = state.pending.player if state.pending else ""
    seats = {pid: Seat(pid, data.civilizations[pid].name, human=pid == human)
             for pid in state.players}
    game = GameScene(app, Session(state, seats), geometry)
    session = game.session
    app.push(game)

    def hover(pos: tuple[int, int]) -> None:
        game.mouse = pos
        game.hover_area = None

    try:
        for _ in range(MAX_EXTRA_FRAMES // 10):
            run(1)
            if session.human_to_act() == human and game.eventrow.taking():
                break
        else:
            return False
        row = game.eventrow
        shot("events-display")
        up = [(rect, label) for rect, label, card in row.cards if card]
        rect, label = up[-1] if up else (row.cards[0][0], row.cards[0][1])
        hover(rect.center)
        shot("events-card")
        hover((0, 0))
        game.pick(label)
        for _ in range(MAX_EXTRA_FRAMES // 10):
            run(1)
            if session.state.phase != "events":
                break
        game.set_tab(0)
        shot("events-hand")
        if game.markers.marked and game.mapview is not None:
            game.mapview.focus(sorted(game.markers.marked))
            run(2)
            if game.markers.chips:
                hover(game.markers.chips[0][0].center)
            shot("events-markers")
            hover((0, 0))
        end = EndScene(app, session)
        app.push(end)
        end.set_page(1)  # the Events page beside the charts
        shot("events-end")
        app.pop()
        pygame.event.clear()
    finally:
        app.pop()
    return True


HOT_SEAT_SECONDS = 180.0  # the longest the hot-seat tour waits for its screens


def _hot_seat(game, run, shot) -> None:  # type: ignore[no-untyped-def]
    """Two seats turn human; shows the curtain, a decision, and the trade window if it comes."""
    from game.bots import make_bot

    from ..seat.controller import TRADE_KINDS

    session = game.session
    humans = list(session.seats)[:2]
    policy = {pid: make_bot("basic", 99 + i) for i, pid in enumerate(humans)}
    for pid in humans:
        session.seats[pid].human = True
    seen: set[str] = set()
    turn = session.state.turn
    end = time.monotonic() + HOT_SEAT_SECONDS  # bots think on their own threads: by the clock,
    while time.monotonic() < end:  # not by frames (a loaded machine draws many while they do)
        if session.state.game_over:
            break
        run(1)
        if game.curtain_for:
            if "curtain" not in seen:
                shot("curtain")
                seen.add("curtain")
            game.lift_curtain()
            run(1)
            continue
        who = session.human_to_act()
        if who is None or who != game.viewer:
            continue  # the curtain comes down on the next frame
        pending = session.state.pending
        kind = pending.kind if pending else ""
        if "decision" not in seen:
            shot("decision")
            seen.add("decision")
        if kind in TRADE_KINDS and "trade" not in seen:
            shot("trade")
            seen.add("trade")
        label = policy[who].choose(session.view_for(who))
        game.pick(label, sure=True)  # the bot standing in for a person has made up its mind
        if {"curtain", "decision", "trade"} <= seen:
            break
        if {"curtain", "decision"} <= seen and session.state.turn > turn + 1:
            break  # no trade came up for the two seats within a turn: go on without it
    for pid in humans:
        session.seats[pid].human = False
