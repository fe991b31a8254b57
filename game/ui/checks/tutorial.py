"""`python -m game selftest --tutorial`: Learn to play, through the real client, headless.

From the main menu it clicks Learn to play, then, frame after frame, clicks what the coach
points at (its Next button, a lit area, a decision's button, a tab) until the lesson ends with
"Play on". With `leave_at` it leaves the lesson when that step comes (Menu, Main menu) and
resumes it with Continue, as a player would, before it goes on. A picture of each step is
written into the screenshots folder if one is given. Exit 0 when the lesson ran to its end.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

FRAME_DT = 1 / 60
MAX_FRAMES = 40_000


class TutorialFailed(Exception):
    pass


def run_tutorial(screenshots: str | None = None, size: tuple[int, int] = (1366, 768),
                 scale: float = 1.0, leave_at: str = "", quiet: bool = False,
                 layout: Callable[[str, list[str]], None] | None = None,
                 contrary: frozenset[str] = frozenset(),
                 record: list[str] | None = None,
                 looking: Callable[[str, Any], None] | None = None) -> int:
    """0 when the lesson ran to its end. `leave_at`: the step at which the player leaves and
    continues; `contrary`: act steps at which the player ends the decision instead of doing
    what the coach points at (the lesson must go on); `record` gets one line per step shown:
    its id and the coach's words; `looking(step, scene)` is called before each click the
    player makes (a test looks at the game screen there)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.persist import paths

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="calamitas-tutorial-") as data:
        # the lesson is saved and continued like any game: in a folder of its own
        before = paths._override
        paths.use_data_dir(data)
        try:
            walk = Walk(screenshots, size, scale, layout)
            walk.contrary = contrary
            walk.record = record if record is not None else []
            walk.looking = looking
            try:
                steps = walk.run(leave_at)
            finally:
                walk.close()
        except Exception as err:  # the self-test reports any failure as one line and exit 1
            import traceback

            traceback.print_exc()
            print(f"calamitas selftest --tutorial: failed: {err}", file=sys.stderr)
            return 1
        finally:
            paths.use_data_dir(before)
    problems = walk.watch_problems()
    if problems:
        for line in problems:
            print(f"raw id: {line}", file=sys.stderr)
        return 1
    if not quiet:
        where = f" into {screenshots}" if screenshots else ""
        left = f", left at {leave_at} and continued" if leave_at else ""
        print(f"selftest --tutorial OK: {len(steps)} steps ({', '.join(steps)}){left}, "
              f"{walk.clicks} clicks, {walk.app.frames} frames{where}, in "
              f"{time.perf_counter() - started:.1f} s")
    return 0


class Walk:
    """The client with a player who does what the coach says."""

    def __init__(self, screenshots: str | None, size: tuple[int, int], scale: float,
                 layout: Callable[[str, list[str]], None] | None) -> None:
        from game.persist import Settings

        from ..app import App
        from .words import TextWatch

        self.folder = Path(screenshots) if screenshots else None
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)
        self.app = App(size, settings=Settings(ui_scale=scale, animation_speed=8.0))
        self.layout = layout
        self.watch = TextWatch()
        self.shots = 0
        self.clicks = 0
        self.contrary: frozenset[str] = frozenset()
        self.scrolled = 0  # the side panel scrolled looking for what the coach names
        self.record: list[str] = []
        self.looking: Callable[[str, Any], None] | None = None
        self.resumed: tuple[str, str] = ("", "")  # (state hash, step) before and after leaving

    def close(self) -> None:
        self.app.close()
        self.watch.close()

    def watch_problems(self) -> list[str]:
        return list(self.watch.problems())

    # -- input as a person gives it -----------------------------------------------------------
    def frames(self, n: int = 1) -> None:
        import pygame

        for _ in range(n):
            self.app.frame(pygame.event.get(), FRAME_DT)

    def click(self, pos: tuple[int, int]) -> None:
        import pygame

        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.clicks += 1
        self.frames(2)

    def click_text(self, text: str) -> None:
        """The button reading `text` (main menu, game menu)."""
        from pygame_gui.elements import UIButton

        for element in self.app.manager.get_sprite_group().sprites():
            if isinstance(element, UIButton) and element.text == text and element.visible:
                self.click(element.rect.center)
                return
        raise TutorialFailed(f"no button reading {text!r} on the {self.where()} screen")

    def where(self) -> str:
        scene = self.app.scene
        return scene.name if scene is not None else "empty"

    def shot(self, name: str) -> None:
        import pygame

        from .selftest import _layout_problems
        from .words import tooltip_texts

        scene: Any = self.app.scene
        if hasattr(scene, "hover_area"):  # the picture without the tooltip of the last click
            scene.mouse, scene.hover_area = (0, 0), None
        self.frames(2)
        mapview = getattr(scene, "mapview", None)
        if mapview is not None:
            for _ in range(500):
                if not mapview.pending_tiles:
                    break
                self.frames(1)
        self.shots += 1
        pending = getattr(getattr(getattr(scene, "session", None), "state", None), "pending",
                          None)
        self.watch.take(name, self.app.manager, pending.kind if pending is not None else "",
                        tooltip_texts(scene))
        if self.layout is not None:
            from .layout import problems

            coach = getattr(scene, "coach_panel", None)
            found = coach.layout_problems() if coach is not None else []
            self.layout(name, found + _layout_problems(self.app, problems))
        if self.folder is not None:
            pygame.image.save(self.app.screen, str(self.folder / f"{self.shots:02d}-{name}.png"))

    # -- the lesson -----------------------------------------------------------------------------
    def game(self) -> Any:
        from ..scenes.game import GameScene

        scene = self.app.scene
        return scene if isinstance(scene, GameScene) else None

    def run(self, leave_at: str) -> list[str]:
        from ..scenes.menu import MenuScene

        self.app.push(MenuScene(self.app))
        self.shot("menu")
        self.click_text("Learn to play")
        game = self.game()
        if game is None or game.coach is None:
            raise TutorialFailed(f"Learn to play did not open the lesson: {self.app.message}")
        seen: list[str] = []
        left = False
        for _ in range(MAX_FRAMES):
            self.frames(1)
            game = self.game()
            if game is None:
                raise TutorialFailed(f"the lesson left the game screen for {self.where()}")
            coach = game.coach
            if coach is None:
                self.shot("lesson-over")
                return seen
            if game.anims is not None and game.anims.busy:
                continue
            state = game.session.state
            labels = game.labels()
            step = coach.current()
            target = coach.target(state, labels)
            if step is None or not target:
                continue
            name = step.id if coach.reached(state) and not coach.aside(state, labels) \
                else f"aside-{state.pending.kind if state.pending else ''}"
            if step.id == leave_at and not left and coach.reached(state):
                left = True
                self.shot(f"leaving-at-{step.id}")
                self.leave_and_continue()
                continue
            if not seen or seen[-1] != name:
                seen.append(name)
                self.shot(f"{len(seen):02d}-{name}")
                title, lines = coach.words(state, labels)
                self.record.append(f"{name}: {title}: {' '.join(lines)}")
            if step.id in self.contrary and step.kind == "act" and target.startswith(
                    ("area:", "advance:")) and "done" in labels:
                target = "done"  # a player who does otherwise: the lesson must go on
            if self.looking is not None:
                self.looking(name, game)
            self.do(game, target)
        raise TutorialFailed(f"the lesson did not end within {MAX_FRAMES} frames "
                             f"(steps seen: {', '.join(seen)})")

    def do(self, game: Any, target: str) -> None:
        """Click what the coach points at, as a person would: a box over it is closed first,
        an area off the view is panned to."""
        from ..panels.coach import point_rect

        self.frames(1)  # the widgets of this decision are made as it is drawn
        rect = point_rect(game, target)
        if rect is None:
            if target.startswith(("advance:", "card:")):  # down the side panel's list
                self.scrolled += 1
                game.panels[game.tab].wheel(-1 if self.scrolled < 40 else 1)
                if self.scrolled >= 80:
                    self.scrolled = 0
            return
        pos = rect.center
        for buttons in (game.decision.options, game.trade.buttons):
            menu = buttons.dropdown
            if menu is not None and rect == menu.rect:
                self.pick_in(menu, buttons, target)
                return
        if target.startswith("area:"):
            mv = game.mapview
            free = mv.rect
            if game.news.hit(pos):
                self.click(game.news.rect.center)  # "Click to close"
                return
            covered = game.coach_panel.rect.collidepoint(pos) or not free.collidepoint(pos)
            if covered:  # the map is panned to bring it into the open, as a person drags it
                mv.pan(free.centerx + free.width // 6 - pos[0], free.centery - pos[1])
                self.frames(1)
                return
        self.click(pos)

    def pick_in(self, menu: Any, buttons: Any, target: str) -> None:
        """Open the drop-down and click the row of the option the coach names."""
        oid = next(o for o, lb in buttons.dropdown_labels.items() if lb == target)
        text = next(t for t, o in menu.options_list if o == oid)
        self.click(menu.rect.center)
        self.frames(2)
        state = menu.current_state
        items = getattr(getattr(state, "options_selection_list", None), "item_list", [])
        for item in items:
            if item["text"] == text and item["button_element"] is not None:
                self.click(item["button_element"].rect.center)
                self.frames(2)
                return
        for _ in range(2):  # not in the rows shown: closed again, and a scroll down next time
            self.click(menu.rect.center)
        raise TutorialFailed(f"{text!r} is not in the open list")

    def leave_and_continue(self) -> None:
        """Menu, Main menu, then Continue: the lesson comes back where it was."""
        game = self.game()
        before = game.session.state.state_hash() if game is not None else ""
        self.click_text("Menu")
        self.shot("game-menu")
        self.click_text("Main menu")
        if self.game() is not None:
            raise TutorialFailed("Main menu did not leave the game")
        self.shot("menu-after-leaving")
        self.click_text("Continue")
        self.frames(2)
        game = self.game()
        if game is None:
            raise TutorialFailed(f"Continue did not open the lesson again: {self.app.message}")
        if game.coach is None:
            raise TutorialFailed("the lesson continued without its coach")
        after = game.session.state.state_hash()
        if after != before:
            raise TutorialFailed("Continue opened the lesson at another position than it was "
                                 "left at")
        step = game.coach.current()
        self.resumed = (after, step.id if step is not None else "")
        self.record.append(f"continued at {self.resumed[1]}")
        self.shot("continued")
