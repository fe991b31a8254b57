"""The replay viewer: any save played again from its start, one action at a time.

Step forward and back, play and pause at a chosen speed, jump to a turn, or drag along the
timeline. The map and the panels show the game at the cursor as a spectator sees it (every
public fact; hands as counts), or as one civilization saw it, hand included. Long jumps are
replayed a slice per frame so the window never freezes.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.core import (
    CalamityRevealed,
    EventCardTaken,
    EventCardUnpicked,
    PlayerView,
    load_game_data,
    view,
)
from game.maps.files import MapGeometry
from game.persist import (
    ReplayCursor,
    ReplayError,
    ReplayStep,
    SavedGame,
    SaveError,
    missing_map_message,
    read_save,
)

from ..anim import look_for
from ..anim.queue import touched
from ..cards.events import card_tooltip, event_card
from ..draw import banner_plate, civ_badge, tooltip
from ..input import TAB_KEYS, InputMap
from ..map.markers import MarkerLayer, regions_of
from ..map.offered import map_for
from ..map.view import MapView
from ..panels import Ctx, Panel
from ..panels.advances import AdvancesPanel
from ..panels.ast import AstPanel
from ..panels.events import FACE_DOWN, EventRow, event_tip
from ..panels.hand import HandPanel
from ..panels.log import LogPanel
from ..panels.players import PlayersPanel
from ..panels.side import draw_side, place_side, play_layout
from ..panels.topbar import TopBar
from ..scene import Scene
from ..theme import PHASE_NAMES, Palette, shade
from ..words.events import choice_text
from ..words.log import LogLine
from ..words.options import Options, card_name, option_text
from ..words.prompts import log_lines, question

if TYPE_CHECKING:
    from ..app import App

TABS = ("Log", "Table", "A.S.T.", "Hand", "Advances")
SPEEDS = {"1 a second": 1.0, "2 a second": 2.0, "5 a second": 5.0, "10 a second": 10.0,
          "25 a second": 25.0, "60 a second": 60.0}
DEFAULT_SPEED = "5 a second"
PLAY_BUDGET = 0.025  # seconds of replaying a frame may spend playing
SEEK_BUDGET = 0.04  # ... or on a long jump forward (about 25 frames a second meanwhile)
EVERYONE = "Everyone (public)"
JUMP = "Jump to turn…"


def open_replay(app: App, path: str | Path) -> bool:
    """Watch the save at `path`; a file that cannot be read or replayed says why."""
    try:
        game = read_save(path)
    except SaveError as err:
        app.notify(str(err))
        return False
    return watch(app, game)


def watch(app: App, game: SavedGame) -> bool:
    found = map_for(game.map_id)
    if found is None:
        app.notify(missing_map_message(game))
        return False
    try:
        scene = ReplayScene(app, game, found[1])
    except ReplayError as err:
        app.notify(str(err))
        return False
    app.push(scene)
    return True


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app: App, game: SavedGame, geometry: MapGeometry) -> None:
        super().__init__(app)
        self.game = game
        self.geometry = geometry
        self.cursor = ReplayCursor(game)  # ReplayError if the start cannot be rebuilt
        data = load_game_data()
        names = game.state.config.names
        self.names = {pid: names.get(pid) or data.civilizations[pid].name
                      for pid in game.state.players}
        self.viewer: str | None = None  # None: a spectator
        self.playing = False
        self.speed = SPEEDS[DEFAULT_SPEED]
        self.clock = 0.0
        self.target: int | None = None  # where a long jump is heading
        self.scrubbing = False
        self.lines: list[LogLine] = []  # the story told so far, one list for every step
        self.line_ends: list[int] = [0]  # len(lines) after each step
        self.tab = 0
        self.version = 0
        self._lit: tuple[int, list[str]] = (-1, [])
        self._story: tuple[int, tuple[str, str, str]] = (-1, ("", "", ""))
        self.banner: tuple[pygame.Surface | None, float] = (None, 0.0)  # the plate, seconds left
        self.input = InputMap()
        self.mouse = (0, 0)
        self.hover_area: str | None = None
        self.panning = False
        self.mapview: MapView | None = None
        self._view: tuple[object, PlayerView] | None = None
        # the Events module: the display over the map while it is out, the markers on it
        self.eventrow = EventRow(app.theme)
        self.markers = MarkerLayer(app.theme)
        self._row: tuple[list[str], int] | None = None  # the display at the last move, its Age

    # -- layout and widgets -------------------------------------------------------------------
    def build(self) -> None:
        px = self.px
        w, h = self.app.screen.get_size()
        bottom = px(150)
        top, self.map_rect, self.side_rect = play_layout(self.theme, (w, h), bottom)
        self.bar = pygame.Rect(0, h - bottom, self.map_rect.width, bottom)
        self.timeline = pygame.Rect(px(14), self.bar.y + px(62), self.bar.width - px(28), px(14))
        if self.mapview is None or self.mapview.theme is not self.theme:
            self.mapview = MapView(self.geometry, self.game.state.map, self.theme,
                                   players=len(self.game.state.players))
            self.mapview.base.overview()
            self.mapview.set_viewport(self.map_rect)
            boards = (self.cursor.state.board, self.game.state.board)  # the start and the end
            self.mapview.focus(sorted({a for b in boards for a in (*b.tokens, *b.cities)}))
        self.mapview.set_viewport(self.map_rect)
        self.topbar = TopBar(self.theme)
        self.topbar.rect = pygame.Rect(0, 0, w, top)
        self.eventrow.theme = self.markers.theme = self.theme
        self.panels: list[Panel] = [LogPanel(self.theme), PlayersPanel(self.theme),
                                    AstPanel(self.theme), HandPanel(self.theme),
                                    AdvancesPanel(self.theme)]
        m, c = self.app.manager, self.container
        self.tab_buttons = place_side(self.theme, self.side_rect, self.panels, TABS, m, c, "rtab",
                                     self.tab)
        self.back_button = UIButton(
            pygame.Rect(w - px(84), px(6), px(76), top - px(12)), "Back", m, container=c,
            tool_tip_text="Leave the replay (Esc)",
            object_id=pygame_gui.core.ObjectID(object_id="#replay_back", class_id="@tab"))
        self._build_controls()
        self.version += 1

    def _build_controls(self) -> None:
        px = self.px
        m, c = self.app.manager, self.container
        x, y, bh = self.bar.x + px(12), self.bar.y + px(92), px(36)
        self.buttons: dict[str, UIButton] = {}
        for key, text, tip, width in (
            ("turn_back", "« Turn", "The start of this turn, or of the one before (Page Up)", 84),
            ("back", "‹ Back", "One action back (Left arrow)", 78),
            ("play", "Play", "Play or pause (Space)", 84),
            ("step", "Step ›", "One action on (Right arrow)", 78),
            ("turn_on", "Turn »", "The start of the next turn (Page Down)", 84),
        ):
            self.buttons[key] = UIButton(
                pygame.Rect(x, y, px(width), bh), text, m, container=c, tool_tip_text=tip,
                object_id=pygame_gui.core.ObjectID(object_id=f"#replay_{key}",
                                                   class_id="@primary" if key == "play"
                                                   else "@option"))
            x += px(width) + px(6)
        x += px(8)
        up = pygame_gui.core.ObjectID(class_id="@drop_up")
        speed = next(k for k, v in SPEEDS.items() if v == self.speed)
        speeds: list[str | tuple[str, str]] = list(SPEEDS)
        self.speed_menu = UIDropDownMenu(speeds, speed, pygame.Rect(x, y, px(130), bh), m,
                                         container=c, object_id=up)
        x += px(136)
        self.turn_menu = self._turn_menu(pygame.Rect(x, y, px(140), bh))
        x += px(146)
        who: list[str | tuple[str, str]] = [EVERYONE, *self.names.values()]
        now = self.names.get(self.viewer, EVERYONE) if self.viewer else EVERYONE
        width = max(px(120), self.bar.right - px(12) - x)
        self.view_menu = UIDropDownMenu(who, now, pygame.Rect(x, y, min(width, px(200)), bh), m,
                                        container=c, object_id=up)
        self._sync_play_button()

    def _sync_play_button(self) -> None:
        self.buttons["play"].set_text("Pause" if self.playing else "Play")

    # -- what the screen shows ----------------------------------------------------------------
    def view(self) -> PlayerView:
        key = (self.version, self.viewer)
        if self._view is None or self._view[0] != key:
            self._view = (key, view(self.cursor.state, self.viewer))
        return self._view[1]

    def ctx(self) -> Ctx:
        return Ctx(view=self.view(), options=Options.of([]), labels=(), names=self.names,
                   version=self.version,
                   extra={"right": self.px(92), "log": self.shown_lines(), "offer": None})

    def shown_lines(self) -> list[LogLine]:
        return self.lines[:self.line_ends[self.cursor.position]]

    def _tell(self) -> None:
        """Log lines for the steps the cursor has taken and not yet told."""
        graph = self.game.state.map
        for step in self.cursor.steps[len(self.line_ends) - 1:]:
            self.lines += log_lines(step.events, step.turn, step.phase, graph)
            self.line_ends.append(len(self.lines))

    def _moved(self, forward: bool) -> None:
        """The cursor moved: the screen follows, and a calamity that was just revealed is
        announced (only when playing on, not when jumping)."""
        self._tell()
        self.version += 1
        log = self.panels[0]
        assert isinstance(log, LogPanel)
        log.lines = self.shown_lines()
        log.scroll = 0
        last = self.cursor.last
        self._follow_row(forward)
        if forward and last is not None:
            self.app.sound.events(last.events)
            for event in last.events:
                if isinstance(event, CalamityRevealed):
                    self.banner = (self._banner_plate(event), 2.0)
        if self.cursor.at_end and self.playing:
            self.playing = False
            self._sync_play_button()

    def _follow_row(self, forward: bool) -> None:
        """The event display follows the cursor: a card just taken (one step on) turns over in
        its place as in the game, and so does the card left over."""
        events = self.view().events
        before, self._row = self._row, ((list(events.display), events.age) if events else None)
        last = self.cursor.last
        playing_fast = self.playing and self.speed > 10
        self.eventrow.speed = 99.0 if playing_fast else self.app.settings.animation_speed
        if not forward:  # a jump: no card is turning over where the cursor lands
            self.eventrow.taken = []
        if not forward or before is None or events is None or last is None:
            return
        display, age = before
        if last.kind != "event_take" or len(display) != len(events.display) + 1:
            return
        taken = next((e.card for e in last.events if isinstance(e, EventCardTaken)), "")
        self.eventrow.took(display, age, last.action.label, last.action.player, taken)
        for event in last.events:
            if isinstance(event, EventCardUnpicked) and len(display) == 1:
                self.eventrow.took(display, age, f"event:{FACE_DOWN}1", "", event.card)

    def _banner_plate(self, revealed: CalamityRevealed) -> pygame.Surface:
        """The plate the game screen shows when this calamity strikes."""
        calamity = revealed.calamity
        line = f"strikes {self.names.get(revealed.victim, revealed.victim)}"
        if revealed.traded_by:
            by = revealed.traded_by
            line += f" — traded by {self.names.get(by, by)}"
        return banner_plate(self.theme, card_name(calamity), line, look_for(calamity).colour)

    def step_areas(self) -> list[str]:
        """Areas the last action touched, lit on the map (worked out once a step)."""
        if self._lit[0] != self.version:
            last = self.cursor.last
            found = [] if last is None else [a for e in last.events for a in touched(e)]
            if last is not None and last.action.label.startswith("area:"):
                found.append(last.action.label.split(":", 1)[1])
            shown = [a for a in dict.fromkeys(found) if a in self.geometry.areas]
            self._lit = (self.version, shown)
        return self._lit[1]

    # -- moving the cursor --------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Head for the state after `index` actions (a long way forward goes a slice a frame)."""
        index = max(0, min(index, self.cursor.length))
        if index <= self.cursor.position:
            self.cursor.seek(index)
            self.target = None
            self._moved(forward=False)
        else:
            self.target = index

    def step(self) -> None:
        self.playing = False
        self._sync_play_button()
        self.cursor.forward()
        self._moved(forward=True)
        self._check_error()

    def back(self) -> None:
        self.playing = False
        self._sync_play_button()
        self.go(self.cursor.position - 1)

    def toggle_play(self) -> None:
        if self.cursor.at_end and not self.playing:
            self.go(0)
        self.playing = not self.playing
        self.clock = 0.0
        self._sync_play_button()

    def _check_error(self) -> None:
        if self.cursor.error and self.cursor.at_end:
            self.app.notify(f"The replay stops here: {self.cursor.error}")

    # -- events -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._menu(event.ui_element, event.text)
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        self._mouse(event)

    def _button(self, element: object) -> None:
        if element in self.tab_buttons:
            self.set_tab(self.tab_buttons.index(element))  # type: ignore[arg-type]
        elif element is self.back_button:
            self.app.pop()
        elif element is self.buttons["play"]:
            self.toggle_play()
        elif element is self.buttons["step"]:
            self.step()
        elif element is self.buttons["back"]:
            self.back()
        elif element is self.buttons["turn_on"]:
            self.go(self.cursor.next_turn_start())
        elif element is self.buttons["turn_back"]:
            self.go(self.cursor.previous_turn_start())

    def _menu(self, element: object, text: str) -> None:
        if element is self.speed_menu:
            self.speed = SPEEDS.get(text, self.speed)
        elif element is self.view_menu:
            self.viewer = next((pid for pid, n in self.names.items() if n == text), None)
            self.version += 1
            if self.viewer is not None and self.tab not in (3, 4):
                self.set_tab(3)
        elif element is self.turn_menu and text.startswith("Turn "):
            turn = int(text.split()[1])
            self.go(self.cursor.turn_start(turn))
            self.turn_menu.kill()  # made again, to say "Jump to turn…" again
            self.turn_menu = self._turn_menu(pygame.Rect(self.turn_menu.relative_rect))

    def _turn_menu(self, rect: pygame.Rect) -> UIDropDownMenu:
        turns = [f"Turn {t}" for t, _ in self.cursor.turns()]
        return UIDropDownMenu([JUMP, *turns], JUMP, rect, self.app.manager,
                              container=self.container,
                              object_id=pygame_gui.core.ObjectID(class_id="@drop_up"),
                              expansion_height_limit=self.px(360))

    def _key(self, event: pygame.event.Event) -> bool:
        key, shift = event.key, bool(event.mod & pygame.KMOD_SHIFT)
        if key == pygame.K_SPACE:
            self.toggle_play()
        elif key == pygame.K_PAGEDOWN or (key == pygame.K_RIGHT and shift):
            self.go(self.cursor.next_turn_start())
        elif key == pygame.K_PAGEUP or (key == pygame.K_LEFT and shift):
            self.go(self.cursor.previous_turn_start())
        elif key == pygame.K_RIGHT:
            self.step()
        elif key == pygame.K_LEFT:
            self.back()
        elif key == pygame.K_HOME:
            self.go(0)
        elif key == pygame.K_END:
            self.go(self.cursor.length)
        elif key == pygame.K_ESCAPE:
            self.app.pop()
        elif key in TAB_KEYS:
            self.set_tab(TAB_KEYS[key])
        else:
            return False
        return True

    def _mouse(self, event: pygame.event.Event) -> None:
        mv = self.mapview
        assert mv is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.timeline.inflate(0, self.px(12)).collidepoint(event.pos):
            self.scrubbing = True
        if self.scrubbing:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
                self.go(self._timeline_index(event.pos[0]))
            if event.type == pygame.MOUSEBUTTONUP:
                self.scrubbing = False
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.eventrow.hit(event.pos):
            self.eventrow.click(event.pos)  # its bar folds it away from the map, or back
            return
        for intent in self.input.translate(event):
            on_map = mv.rect.collidepoint(intent.pos)
            if intent.kind == "press" and on_map:
                self.panning = True
            elif intent.kind == "drag" and self.panning:
                mv.pan(intent.dx, intent.dy)
            elif intent.kind == "release":
                self.panning = False
            elif intent.kind == "hover":
                self.hover_area = mv.area_at(intent.pos) if on_map else None
            elif intent.kind == "wheel":
                if on_map:
                    mv.zoom_at(int(intent.amount), intent.pos)
                elif self.side_rect.collidepoint(intent.pos):
                    self.panels[self.tab].wheel(int(intent.amount))
            elif intent.kind == "zoom":
                mv.zoom_at(int(intent.amount), None)
            elif intent.kind == "fit":
                mv.fit()
            elif intent.kind == "click" and self.side_rect.collidepoint(intent.pos):
                label = self.panels[self.tab].click(intent.pos)
                if label and label.startswith("filter:"):
                    log = self.panels[0]
                    assert isinstance(log, LogPanel)
                    log.filter = label.split(":", 1)[1] or None
                    log.scroll = 0

    def _timeline_index(self, x: int) -> int:
        r = self.timeline
        return round(max(0.0, min(1.0, (x - r.x) / max(1, r.width))) * self.cursor.length)

    def set_tab(self, index: int) -> None:
        self.tab_buttons[self.tab].unselect()
        self.tab = index
        self.tab_buttons[index].select()

    # -- time ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        plate, left = self.banner
        if left > 0:
            self.banner = (plate, left - dt)
        self.eventrow.tick(dt)
        if self.target is not None:
            self._run_toward_target()
        elif self.playing:
            self._play(dt)

    def _run_toward_target(self) -> None:
        assert self.target is not None
        start = time.perf_counter()
        cursor = self.cursor
        cursor.leap(self.target)
        while cursor.position < self.target and not cursor.at_end:
            cursor.forward()
            if time.perf_counter() - start > SEEK_BUDGET:
                break
        if cursor.position >= self.target or cursor.at_end:
            self.target = None
            self._check_error()
        self._moved(forward=False)

    def _play(self, dt: float) -> None:
        self.clock += dt * self.speed
        start = time.perf_counter()
        moved = False
        while self.clock >= 1.0 and not self.cursor.at_end:
            self.clock -= 1.0
            self.cursor.forward()
            moved = True
            if time.perf_counter() - start > PLAY_BUDGET:
                self.clock = 0.0
                break
        if moved or self.cursor.at_end:
            self._moved(forward=True)
            self._check_error()

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        mv = self.mapview
        assert mv is not None
        ctx = self.ctx()
        mv.begin_frame()
        mv.draw_base(surface)
        mv.draw_highlights(surface, self.step_areas(), "event", 150)
        if self.hover_area:
            mv.draw_highlights(surface, [self.hover_area], "hover")
        if ctx.view.events is not None:
            self.markers.update(ctx.view, regions_of(self.cursor.state), mv.geo.areas)
            self.markers.draw_tints(surface, mv)
        mv.draw_pieces(surface, ctx.view.board)
        if ctx.view.events is not None:
            self.markers.draw_chips(surface, mv)
        self.eventrow.draw(surface, self.map_rect, ctx)
        self.topbar.draw(surface, ctx)
        draw_side(surface, self.side_rect, self.panels[self.tab], ctx)
        self._draw_bar(surface, ctx)
        plate, left = self.banner
        if plate is not None and left > 0:
            plate.set_alpha(int(255 * min(1.0, left)))  # fades out over its last second
            surface.blit(plate, plate.get_rect(midtop=(self.map_rect.centerx,
                                                       self.map_rect.y + self.px(20))))
        tip = None if self._card_tip(surface, ctx) else self._tooltip(ctx)
        if tip:
            tooltip(surface, self.theme, tip, self.mouse,
                    within=self.map_rect if self.map_rect.collidepoint(self.mouse) else None)

    def story(self, ctx: Ctx) -> tuple[str, str, str]:
        """(when, what was asked, what was answered) for the last action (worked out once a
        step and viewer)."""
        if self._story[0] != ctx.version:
            self._story = (ctx.version, self._tell_step(ctx))
        return self._story[1]

    def _tell_step(self, ctx: Ctx) -> tuple[str, str, str]:
        last = self.cursor.last
        if last is None:
            return ("The start", "The game as it was set up. Press Play or Step to watch it.",
                    "")
        when = f"Turn {last.turn} · {PHASE_NAMES.get(last.phase, last.phase)}"
        if ctx.view.turn != last.turn:  # the top bar already shows the turn this one began
            when += f" — then Turn {ctx.view.turn} begins"
        shown = question(last.kind, last.words, last.detail, self.game.state.map, last.prompt)
        return (when, shown, self._answer(last.action.label, last.kind, last, ctx))

    @staticmethod
    def _answer(label: str, kind: str, last: ReplayStep, ctx: Ctx) -> str:
        """The pick in words, as the decider saw it: an A/B option by its card's words (the
        decision's detail), a face-down event with the card it turned out to be if public."""
        if label.startswith("option:"):
            return choice_text(last.detail, label.partition(":")[2])
        text = option_text(label, kind, ctx.view)
        shown = next((e.card for e in last.events if isinstance(e, EventCardTaken)
                      and e.card), "")
        card = event_card(shown) if kind == "event_take" and FACE_DOWN in label else None
        return f"{text}: {card.title}" if card is not None else text

    def _draw_bar(self, surface: pygame.Surface, ctx: Ctx) -> None:
        t = self.theme
        px = t.px
        bar = self.bar
        surface.fill((26, 23, 18), bar)
        pygame.draw.line(surface, Palette.panel_edge, bar.topleft, bar.topright)
        clip = surface.get_clip()
        surface.set_clip(bar)
        x, y = bar.x + px(12), bar.y + px(8)
        last = self.cursor.last
        when, asked, answer = self.story(ctx)
        if last is not None:
            who = last.action.player
            civ = load_game_data().civilizations.get(who)
            if civ:
                civ_badge(surface, t, who, civ.emblem, (x + px(11), y + px(11)), px(22))
            name = t.text(self.names.get(who, who), 15, Palette.gold_light, "bold")
            surface.blit(name, (x + px(28), y + px(1)))
            x += px(36) + name.get_width()
        img = t.text(when, 13, Palette.text_dim, "italic")
        surface.blit(img, (x, y + px(3)))
        x += img.get_width() + px(12)
        room = bar.right - px(12) - x
        said = t.text(answer, 14, Palette.highlight, "bold") if answer else None
        if said is not None and said.get_width() > room // 2:
            said = self._fit(answer, 14, Palette.highlight, "bold", room // 2)
        keep = said.get_width() + px(26) if said is not None else 0  # the answer's room
        if asked and room - keep > px(40):
            img = self._fit(asked, 14, Palette.text, "regular", room - keep)
            surface.blit(img, (x, y + px(2)))
            x += img.get_width() + px(12)
        if said is not None:  # an arrow, then the answer picked
            mid = y + px(12)
            pygame.draw.polygon(surface, Palette.highlight, [(x, mid - px(5)), (x + px(8), mid),
                                                             (x, mid + px(5))])
            surface.blit(said, (x + px(14), y + px(1)))
        told = self.lines[self.line_ends[self.cursor.position - 1]:self.line_ends[
            self.cursor.position]] if last is not None else []
        happened = " · ".join(ln.text for ln in told if not ln.heading) or (
            "Nothing changes on the board." if last is not None else "")
        img = self._fit(happened, 13, Palette.text_dim, "regular", bar.width - px(24))
        surface.blit(img, (bar.x + px(12), bar.y + px(34)))
        self._draw_timeline(surface)
        surface.set_clip(clip)

    def _fit(self, text: str, size: int, colour: tuple[int, int, int], role: str,
             width: int) -> pygame.Surface:
        """`text` drawn, cut short with an ellipsis to fit `width`."""
        img = self.theme.text(text, size, colour, role)
        keep = len(text)
        while img.get_width() > width and keep > 1:
            keep = min(keep - 1, int(keep * width / img.get_width()))
            img = self.theme.text(text[:max(1, keep)].rstrip() + "…", size, colour, role)
        return img

    def _draw_timeline(self, surface: pygame.Surface) -> None:
        t = self.theme
        px = t.px
        r = self.timeline
        cursor = self.cursor
        total = max(1, cursor.length)
        pygame.draw.rect(surface, (44, 38, 30), r, border_radius=px(6))
        done = r.copy()
        done.width = round(r.width * cursor.position / total)
        if done.width:
            pygame.draw.rect(surface, shade(Palette.gold, 0.8), done, border_radius=px(6))
        for turn, at in cursor.turns():
            tx = r.x + round(r.width * at / total)
            pygame.draw.line(surface, (96, 84, 62), (tx, r.y + px(2)), (tx, r.bottom - px(3)))
            if turn % 5 == 0:
                img = t.text(str(turn), 10, Palette.text_faint)
                surface.blit(img, img.get_rect(midbottom=(tx, r.y - px(1))))
        if self.target is not None:
            goal = r.x + round(r.width * self.target / total)
            pygame.draw.line(surface, Palette.highlight, (goal, r.y - px(3)),
                             (goal, r.bottom + px(3)), px(2))
        knob = (r.x + done.width, r.centery)
        pygame.draw.circle(surface, Palette.gold_light, knob, px(8))
        pygame.draw.circle(surface, Palette.ink, knob, px(8), max(1, px(2)))
        state = cursor.state
        where = f"Action {cursor.position:,} of {cursor.length:,} · turn {state.turn}"
        if self.target is not None:
            where = f"Replaying… {cursor.position:,} of {self.target:,}"
        elif cursor.error and cursor.at_end:
            where += " · the log stops here"
        elif state.game_over and cursor.at_end:
            where += " · game over"
        img = t.text(where, 12, Palette.text_dim)
        surface.blit(img, (r.right - img.get_width(), r.bottom + px(3)))

    def _card_tip(self, surface: pygame.Surface, ctx: Ctx) -> bool:
        """An event card under the mouse (the display's, the log's, the hand's), shown large
        as in the game; True when one was drawn."""
        if self.eventrow.tip(self.mouse, surface, ctx.view):
            return True
        shown = self.panels[self.tab]
        at = getattr(shown, "event_card_at", None)
        card = at(self.mouse) if at is not None and self.side_rect.collidepoint(
            self.mouse) else None
        if card and event_card(card) is not None:
            card_tooltip(surface, self.theme, card, self.mouse, event_tip(card),
                         within=shown.rect)
            return True
        return False

    def _tooltip(self, ctx: Ctx) -> list[str] | None:
        if self.side_rect.collidepoint(self.mouse):
            return self.panels[self.tab].tip(self.mouse)
        if self.topbar.rect.collidepoint(self.mouse):
            return self.topbar.tip(self.mouse)
        if self.timeline.inflate(0, self.px(12)).collidepoint(self.mouse):
            index = self._timeline_index(self.mouse[0])
            turn = self.cursor.turn_at(index)
            return [f"Action {index:,}", f"Turn {turn} · click or drag to go there"]
        if self.eventrow.hit(self.mouse):
            return None
        marker = self.markers.tip(self.mouse) if ctx.view.events is not None else None
        if marker:
            return marker
        if self.hover_area and self.mapview is not None:
            return self.mapview.tooltip(self.hover_area, ctx.view) + (
                self.markers.area_lines(self.hover_area) if ctx.view.events else [])
        return None
