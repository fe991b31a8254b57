"""Frame time of the game screen at 1920x1080 with a mid-game 9-civilization state: idle, while
panning (a mouse drag), while zooming (a +/- step every 12 frames, in to the closest zoom and
back out, the tiles of each zoom made meanwhile), and while calamities play their animations
(each on the board `selftest --calamity` sets up, from its reveal to its end, at normal speed:
a 30-token Double Empires horde, a cyclone's storm, an eruption, a flood), and with the Events
module's display of 10 cards over the map, idle and with a card shown large under the mouse
(a 9-civilization game with events on, its first Event Action), while striking event cards
play theirs (each taken on the board `selftest --event` settles, at normal speed: plague and
famine), and while the card left unpicked shows its secondary symbols resolving. With
--thinking, also the frames drawn while hard bots think (their search runs in a worker process;
the thinking thread only waits for it). Frames are paced at 60 a second, as in the client.
Prints the median and p99 frame time of each and its ratio to one full-screen blit measured in
the same run.
Target: p99 <= 8 ms.

    python bench/frame.py [--frames 400] [--turn 12] [--map ID] [--size 1920x1080]
                          [--animations ID[:RULESET],...] [--events ID,...]
                          [--only-animations] [--thinking]

Run headless (SDL_VIDEODRIVER=dummy, the default here) or under Xvfb with
SDL_FRAMEBUFFER_ACCELERATION=0, where the frame includes display.flip().
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.bots import make_bot  # noqa: E402
from game.core import (  # noqa: E402
    Action,
    EventCardUnpicked,
    EventsOptions,
    GameConfig,
    apply,
    new_game,
    view,
)
from game.core.gamedata import load_game_data  # noqa: E402
from game.core.setup import choose_setup  # noqa: E402
from game.persist import Settings  # noqa: E402
from game.ui.anim.unpicked import SymbolsResolve  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.cards.events import card_face  # noqa: E402
from game.ui.checks.eventshow import event_on_screen  # noqa: E402
from game.ui.checks.showcase import on_screen  # noqa: E402
from game.ui.map.offered import available_maps, load_map  # noqa: E402
from game.ui.panels.events import MAX_CARD  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.seat.session import Seat, Session  # noqa: E402

ANIMATIONS = "barbarian_hordes:double-empires,cyclone,volcanic_eruption,flood"
EVENTS = "plague,famine"


def mid_game(map_id: str | None, turn: int, players: int = 9):
    maps = available_maps()
    path = maps[map_id] if map_id else next(iter(maps.values()))
    graph, geometry = load_map(path)
    data = load_game_data()
    config = GameConfig(players=[], seed=5)
    config.setup = choose_setup(data, GameConfig(players=["?"] * players)).id
    state = new_game(config, graph, data)
    bots = {pid: make_bot("basic", i) for i, pid in enumerate(state.players)}
    while not state.game_over and (state.turn < turn or state.phase != "movement"):
        who = state.pending.player
        apply(state, Action(who, bots[who].choose(view(state, who))))
    return state, geometry


CLOCK = time.perf_counter  # --cpu: time.thread_time, which leaves out time the OS gave others


def timed(app: App, frames: int, events_for) -> list[float]:
    out = []
    for k in range(frames):
        for event in events_for(k):
            pygame.event.post(event)
        wall = time.perf_counter()
        start = CLOCK()
        app.frame(pygame.event.get(), 1 / 60)
        pygame.display.flip()
        out.append((CLOCK() - start) * 1000)
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - wall)))  # paced like the client
    return out


def animation(app: App, spec: str, frames: int) -> tuple[list[float], str]:
    """Frame times while one calamity's animation plays, from its reveal to its end (bots
    deciding between its steps go untimed)."""
    calamity, _, ruleset = spec.partition(":")
    scene, found = on_screen(app, calamity, ruleset or None, seed=5, players=9)
    out = played(app, scene, found.areas, frames,
                 lambda: scene.session.state.phase == "calamity_resolution")
    assert scene.anims is not None
    return out, f"{calamity} ({found.state.config.ruleset}, {scene.anims.played} steps)"


def played(app: App, scene: GameScene, areas: list[str], frames: int,
           going: Callable[[], bool] = lambda: False) -> list[float]:
    """Frame times while the scene's animation queue plays, the map's tiles made first; while
    `going()` holds, frames between its animations are drawn but not timed."""
    anims = scene.anims
    assert anims is not None and scene.mapview is not None
    if areas:
        scene.mapview.focus(areas)
    anims.paused = True  # the map's tiles made first, as for the other cases
    for k in range(600):
        app.frame(pygame.event.get(), 1 / 60)
        if k > 30 and not scene.mapview.pending_tiles:
            break
    anims.paused = False
    out: list[float] = []
    for _ in range(frames * 4):
        if len(out) >= frames or not (anims.busy or going()):
            break
        if anims.busy:  # frames where an animation plays; not those where bots think
            out += timed(app, 1, lambda k: [])
        else:
            app.frame(pygame.event.get(), 1 / 60)
    return out


def event_animation(app: App, card: str, frames: int) -> tuple[list[float], str]:
    """Frame times while a striking event card's animation plays, from its banner to its
    last loss."""
    scene, events, areas = event_on_screen(app, card, seed=5, players=9)
    values = played(app, scene, areas, frames)
    return values, f"event {card} ({len(events)} events, {scene.anims.played} steps)"


def unpicked_animation(app: App, frames: int) -> tuple[list[float], str]:
    """Frame times while the card left unpicked shows its symbols resolving (Heresy: Unrest)
    on the plague's board. The card lay face up in the display, whose face is painted."""
    scene, _, areas = event_on_screen(app, "plague", seed=5, players=9)
    assert scene.anims is not None
    scene.anims.skip_all()
    card_face(app.theme, "heresy", app.theme.px(MAX_CARD))
    board = scene.session.state.board
    scene.anims.feed([EventCardUnpicked(card="heresy", rule="004:16.4")], board, board)
    assert any(isinstance(p, SymbolsResolve) for p in scene.anims.steps[0].parts)
    return played(app, scene, areas, frames), "unpicked card's symbols resolving (heresy)"


def blit_floor(screen: pygame.Surface, frames: int) -> list[float]:
    picture = screen.copy().convert()
    out = []
    for _ in range(frames):
        start = CLOCK()
        screen.blit(picture, (0, 0))
        pygame.display.flip()
        out.append((CLOCK() - start) * 1000)
    return out


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=400)
    parser.add_argument("--turn", type=int, default=12)
    parser.add_argument("--map", default=None)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--cpu", action="store_true",
                        help="time frames by this thread's CPU time (for busy shared machines)")
    parser.add_argument("--animations", default=ANIMATIONS,
                        help="calamities to play, ID or ID:RULESET, comma separated")
    parser.add_argument("--events", default=EVENTS,
                        help="striking event cards to take, comma separated")
    parser.add_argument("--only-animations", action="store_true")
    parser.add_argument("--animation-frames", type=int, default=1200,
                        help="at most this many frames of each animation")
    parser.add_argument("--thinking", action="store_true",
                        help="also time frames while hard bots think (default: not timed)")
    args = parser.parse_args()
    global CLOCK
    if args.cpu:
        CLOCK = time.thread_time
    size = tuple(int(v) for v in args.size.split("x"))
    state, geometry = mid_game(args.map, args.turn)
    acting = state.pending.player
    seats = {pid: Seat(pid, load_game_data().civilizations[pid].name, human=pid == acting)
             for pid in state.players}
    app = App(size, settings=Settings(), persist_settings=False)  # type: ignore[arg-type]
    game = GameScene(app, Session(state, seats), geometry)
    app.push(game)
    for k in range(600):  # settle: every tile of the first view drawn
        app.frame(pygame.event.get(), 1 / 60)
        if k > 30 and game.mapview is not None and not game.mapview.pending_tiles:
            break
    floor = blit_floor(app.screen, args.frames)
    base = statistics.median(floor)
    print(f"full-screen blit: median {base:.2f} ms, p99 {p99(floor):.2f} ms "
          f"({size[0]}x{size[1]}, {len(state.players)} civilizations, turn {state.turn}, "
          f"{os.environ.get('SDL_VIDEODRIVER')} driver, "
          f"{'thread CPU' if args.cpu else 'wall'} clock)")
    if not args.only_animations:
        moving(app, game, args.frames, base)
        event_display(app, args.map, args.frames, base)
    for spec in filter(None, args.animations.split(",")):
        values, label = animation(app, spec, args.animation_frames)
        med = statistics.median(values)
        print(f"animation {label}: median {med:.1f} ms, p99 {p99(values):.1f} ms "
              f"({med / base:.1f}x blit, {len(values)} frames)")
    runs = [lambda card=card: event_animation(app, card, args.animation_frames)
            for card in filter(None, args.events.split(","))]
    if args.events:
        runs.append(lambda: unpicked_animation(app, args.animation_frames))
    for run in runs:
        values, label = run()
        med = statistics.median(values)
        print(f"animation {label}: median {med:.1f} ms, p99 {p99(values):.1f} ms "
              f"({med / base:.1f}x blit, {len(values)} frames)")
    if args.thinking:
        values, decisions = thinking(app, args.frames)
        med = statistics.median(values)
        print(f"hard bots thinking: median {med:.1f} ms, p99 {p99(values):.1f} ms "
              f"({med / base:.1f}x blit, {len(values)} frames, {decisions} decisions)")
    app.close()


def thinking(app: App, frames: int) -> tuple[list[float], int]:
    """Frame times while a hard bot thinks (its search in the worker process; frames where it
    does not think are left out), bots in every seat."""
    scene, _ = on_screen(app, "flood", seed=5, players=9)
    assert scene.anims is not None and scene.session.record is not None
    app.settings.animation_speed = 4.0
    for i, seat in enumerate(scene.session.seats.values()):
        seat.bot = make_bot("hard", i)
    before = len(scene.session.record.actions)
    out: list[float] = []
    for _ in range(frames * 20):
        if len(out) >= frames:
            break
        if scene.thinker.thinking:
            out += timed(app, 1, lambda k: [])
        else:
            app.frame(pygame.event.get(), 1 / 60)
    return out, len(scene.session.record.actions) - before


def event_display(app: App, map_id: str | None, frames: int, base: float) -> None:
    """The Events module's display over the map, a person to take a card: idle, and with the
    mouse over a face-up card (shown large)."""
    maps = available_maps()
    graph, geometry = load_map(maps[map_id] if map_id else next(iter(maps.values())))
    data = load_game_data()
    config = GameConfig(players=[], seed=5, events=EventsOptions())
    config.setup = choose_setup(data, GameConfig(players=["?"] * 9)).id
    state = new_game(config, graph, data)
    taker = state.pending.player
    seats = {pid: Seat(pid, data.civilizations[pid].name, human=pid == taker)
             for pid in state.players}
    game = GameScene(app, Session(state, seats), geometry)
    app.push(game)
    for k in range(600):
        app.frame(pygame.event.get(), 1 / 60)
        if k > 30 and game.eventrow.taking() and not game.mapview.pending_tiles:
            break
    row = game.eventrow
    idle = timed(app, frames, lambda k: [])
    card = next(rect for rect, _, face in row.cards if face)
    pos = card.center
    hover = timed(app, frames, lambda k: [pygame.event.Event(
        pygame.MOUSEMOTION, pos=(pos[0] + k % 2, pos[1]), rel=(0, 0), buttons=(0, 0, 0))])
    for name, values in ((f"event display ({len(row.cards)} cards)", idle),
                         ("event display, a card under the mouse", hover)):
        med = statistics.median(values)
        print(f"{name}: median {med:.1f} ms, p99 {p99(values):.1f} ms ({med / base:.1f}x blit)")
    app.pop()


def moving(app: App, game: GameScene, frames: int, base: float) -> None:
    """Idle, panning and zooming on the mid-game board."""
    mid = game.map_rect.center
    idle = timed(app, frames, lambda k: [])
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=mid, button=3))
    pan_cycle = 120

    def pan(k: int) -> list[pygame.event.Event]:
        step = 9 if (k // pan_cycle) % 2 == 0 else -9  # back and forth across the map
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=(mid[0] + step, mid[1]),
                                   rel=(step, 0), buttons=(0, 0, 1))]

    game.input.last = mid
    panning = timed(app, frames, pan)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=mid, button=3))
    app.frame(pygame.event.get(), 1 / 60)

    def zoom(k: int) -> list[pygame.event.Event]:
        # a step every 12 frames (0.2 s): slower than the zoom settles, so the frames that make
        # the new zoom's tiles are measured too
        if k % 12:
            return []
        step = (k // 12) % 20
        key = pygame.K_PLUS if step < 10 else pygame.K_MINUS
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)]

    zooming = timed(app, frames, zoom)
    for name, values in (("idle", idle), ("panning", panning), ("zooming", zooming)):
        med = statistics.median(values)
        print(f"{name}: median {med:.1f} ms, p99 {p99(values):.1f} ms ({med / base:.1f}x blit)")


if __name__ == "__main__":
    main()
