"""How long a solo player waits between their own decisions at the default settings: a game
on the shipped board with one person (played instantly by a basic bot's picks) and four bots,
run headless through the real game screen. The wait is client time — the sum of the frames'
dt, each frame at most 60 a second as in the app, longer when a frame takes longer — from a
person's pick until their next decision is shown (animations done).

    python bench/waits.py [--start 8] [--turns 2] [--speed 1.0]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.bots import make_bot  # noqa: E402
from game.core import Action, GameConfig, apply, new_game, view  # noqa: E402
from game.core.gamedata import load_game_data  # noqa: E402
from game.core.setup import choose_setup  # noqa: E402
from game.persist import Settings  # noqa: E402
from game.simulate import resolve_map  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.map.offered import map_for  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.seat.session import Seat, Session  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--start", type=int, default=8, help="the turn measuring begins")
    parser.add_argument("--turns", type=int, default=2, help="how many turns are measured")
    parser.add_argument("--speed", type=float, default=Settings().animation_speed,
                        help="animation speed (default: the settings' default)")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    data = load_game_data()
    config = GameConfig(players=[], seed=args.seed)
    config.setup = choose_setup(data, GameConfig(players=["?"] * 5)).id
    state = new_game(config, resolve_map(None), data)
    bots = {pid: make_bot("basic", args.seed * 100 + i) for i, pid in enumerate(state.players)}
    while state.turn < args.start and state.pending is not None:
        who = state.pending.player
        apply(state, Action(who, bots[who].choose(view(state, who))))
    person = next(iter(state.players))
    seats = {pid: Seat(pid, pid.title(), human=pid == person, bot=None if pid == person
                       else make_bot("basic", args.seed * 100 + i))
             for i, pid in enumerate(state.players)}
    app = App((1366, 768), settings=Settings(animation_speed=args.speed), persist_settings=False)
    found = map_for(state.map.id)
    assert found is not None
    game = GameScene(app, Session(state, seats), found[1])
    app.push(game)
    session = game.session
    waits: list[float] = []
    waited = 0.0
    animating = 0.0  # of the waits: frames with an animation playing
    busy = 0.0
    end = args.start + args.turns
    last = time.perf_counter()
    while session.state.turn < end and not session.state.game_over:
        now = time.perf_counter()
        dt = max(1 / 60, now - last)
        if now - last < 1 / 60:
            time.sleep(1 / 60 - (now - last))
        last = time.perf_counter()
        app.frame(pygame.event.get(), dt)
        waited += dt
        anims = game.anims
        busy += dt if anims is not None and anims.busy else 0.0
        if session.human_to_act() == person and not (anims is not None and anims.busy):
            if waited > 0.05:
                waits.append(waited)
                animating += busy
            pick = bots[person].choose(view(session.state, person))
            game.pick(pick)
            waited = busy = 0.0
    app.close()
    waits.sort()
    print(f"speed {args.speed}: {len(waits)} waits over turns {args.start}-{end - 1}: "
          f"median {statistics.median(waits):.1f} s, worst {waits[-1]:.1f} s, "
          f"total {sum(waits):.0f} s, of which animations {animating:.0f} s")


if __name__ == "__main__":
    main()
