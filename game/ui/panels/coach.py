"""The coach of Learn to play (issue 39): a panel over the map's lower left corner that says what
to do and why, an arrow from it to what it points at (an area, a button, a tab), and a Next
button while it explains. What it says and points at is the lesson's (game/ui/seat/lesson.py);
this module only finds the place on screen and draws.

`point_rect(scene, target)` is where the arrow points: the same place the self-test clicks
(`selftest --tutorial`), so the test clicks what a player is shown.
"""

from __future__ import annotations

import math
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from ..draw import panel, wrap
from ..seat.lesson import NEXT, Coach
from ..theme import Palette, Theme

TAB_OF = {"advance:": "Advances", "card:": "You"}  # labels a side panel offers, by tab
ARROW = (255, 214, 102)


class CoachPanel:
    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.next: UIButton | None = None
        self.next_text = ""
        self.clock = 0.0
        self.marks: list[tuple[str, pygame.Rect]] = []
        self.size = 14  # the words' type size, as laid out
        self.overflow = False  # the words did not fit the map's height

    def clear(self) -> None:
        if self.next is not None:
            self.next.kill()
        self.next = None
        self.next_text = ""

    # -- where things are ---------------------------------------------------------------------
    def layout(self, area: pygame.Rect, title: str, lines: list[str],
               button: str, full: bool = False) -> tuple[list[str], int]:
        """The panel's rect over the lower left of `area` (the map), sized to its words: as
        narrow as lets them fit, wider (up to most of the map) and then in smaller type where
        they would not (a large UI scale on a small window). Sets `size`, the type's. `full`:
        as wide as `area` (the side panel, while the trade window covers the map)."""
        t = self.theme
        px = t.px
        room = area.height - px(24)
        widths = [min(px(400), area.width // 2), min(px(560), area.width * 7 // 10)]
        if full:
            widths = [area.width - px(24)]
        rows: list[str] = []
        step = height = 0
        for size in (14, 13, 12, 11):
            for width in widths:
                rows = []
                for line in lines:
                    rows += wrap(t, line, width - px(28), size)
                    rows.append("")
                if rows:
                    rows.pop()
                step = t.font("regular", size).get_linesize()
                head = t.font("bold", 17).get_linesize()
                height = px(12) + head + px(6) + step * len(rows) + px(10)
                if button:
                    height += px(38)
                if height <= room:
                    break
            if height <= room:
                break
        self.size = size
        self.overflow = height > room
        height = min(height, room)
        self.rect = pygame.Rect(area.x + px(12), area.bottom - px(12) - height, width, height)
        return rows, step

    def place_button(self, text: str, manager: pygame_gui.UIManager, container: Any) -> None:
        """The Next button at the panel's lower right, made anew only when its words change."""
        if not text:
            self.clear()
            return
        px = self.theme.px
        rect = pygame.Rect(0, 0, px(120), px(30))
        rect.bottomright = (self.rect.right - px(10), self.rect.bottom - px(8))
        if self.next is not None and self.next_text == text and self.next.rect == rect:
            return
        self.clear()
        self.next = UIButton(rect, text, manager, container=container,
                             object_id=pygame_gui.core.ObjectID(object_id="#coach_next",
                                                                class_id="@primary"))
        self.next_text = text

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, scene: Any, coach: Coach, dt: float = 1 / 60) -> None:
        state = scene.session.state
        labels = scene.labels()
        title, lines = coach.words(state, labels)
        target = coach.target(state, labels)
        step = coach.current()
        shown = bool(title) and (coach.reached(state) or coach.aside(state, labels))
        button = ""
        if shown and target == NEXT and step is not None:
            button = "Play on" if step.last else "Next"
        if not shown:
            self.clear()
            self.rect = pygame.Rect(0, 0, 0, 0)
            self.marks = []
            return
        # the trade window fills the middle of the map: the coach speaks from the side panel
        # then (its hand is shown in the window too), never over the window's cards and buttons;
        # so too when its panel over the map would hide what it points at (at a large UI scale
        # the event display's first card lies under it)
        point = step.point if step is not None and target == NEXT else target
        beside = bool(scene.trade_open())
        rows, line_step = self.layout(scene.side_rect if beside else scene.map_rect, title,
                                      lines, button, full=beside)
        where = point_rect(scene, point) if point and point != NEXT else None
        if not beside and where is not None and self.rect.colliderect(where) and \
                scene.map_rect.colliderect(where):
            beside = True
            rows, line_step = self.layout(scene.side_rect, title, lines, button, full=True)
        self.place_button(button, scene.app.manager, scene.container)
        t = self.theme
        px = t.px
        panel(surface, self.rect, t, fill=(24, 30, 36), edge=ARROW)
        x, y = self.rect.x + px(14), self.rect.y + px(10)
        head = t.text(title, 17, Palette.gold_light, "bold")
        surface.blit(head, (x, y))
        self.marks = [("coach title", head.get_rect(topleft=(x, y)))]
        y += t.font("bold", 17).get_linesize() + px(6)
        bottom = self.rect.bottom - (px(44) if button else px(8))
        for row in rows:
            if y + line_step > bottom:
                break
            if row:
                img = t.text(row, self.size, Palette.text)
                surface.blit(img, (x, y))
                self.marks.append(("coach words", img.get_rect(topleft=(x, y))))
            y += line_step
        self.clock += dt
        if target != NEXT or point:
            where = point_rect(scene, point)
            if where is not None:
                self.arrow(surface, where)

    def arrow(self, surface: pygame.Surface, where: pygame.Rect) -> None:
        """A pulsing ring around `where` and an arrow to it from the panel's nearest edge."""
        px = self.theme.px
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        ring = where.inflate(px(8) + int(px(6) * pulse), px(8) + int(px(6) * pulse))
        pygame.draw.rect(surface, ARROW, ring, max(2, px(3)), border_radius=px(8))
        end = pygame.Vector2(ring.center)
        start = pygame.Vector2(min(max(end.x, self.rect.left), self.rect.right),
                               min(max(end.y, self.rect.top), self.rect.bottom))
        if self.rect.collidepoint(ring.center) or (end - start).length() < px(30):
            return
        # the arrow stops where it meets the ring (a tall card's ring is met well before its
        # half height when the arrow comes from aside: the tip is not left on a neighbour)
        d = end - start
        d.scale_to_length(1)
        met = ring.clipline(start, end)
        edge = pygame.Vector2(met[0]) if met else end - d * (max(ring.width, ring.height) / 2)
        tip = edge - d * px(4)
        if (tip - start).dot(d) <= 0:
            return
        pygame.draw.line(surface, ARROW, start, tip, max(2, px(4)))
        side = pygame.Vector2(-d.y, d.x)
        head = px(14)
        pygame.draw.polygon(surface, ARROW, [tip, tip - d * head + side * head * 0.5,
                                             tip - d * head - side * head * 0.5])

    def layout_marks(self) -> list[tuple[str, pygame.Rect]]:
        return list(self.marks)

    def layout_problems(self) -> list[str]:
        return ["the coach's words do not fit over the map"] if self.overflow else []


def point_rect(scene: Any, target: str) -> pygame.Rect | None:
    """Where `target` is on the game screen: a button of the decision bar or the trade window,
    a lit area on the map, a card or advance in a side panel (or the tab that shows it), a tab,
    the top bar, or the coach's own Next button. None when it is not on screen."""
    px = scene.theme.px
    if not target:
        return None
    if target == NEXT:
        coach = getattr(scene, "coach_panel", None)
        return coach.next.rect if coach is not None and coach.next is not None else None
    if scene.confirm.open and scene.confirm.go is not None:  # asked first: the answer
        return pygame.Rect(scene.confirm.go.rect)
    if target == "topbar":
        return pygame.Rect(scene.topbar.rect)
    if target.startswith("tab:"):
        name = target.split(":", 1)[1]
        tabs = getattr(scene, "TABS_SHOWN", None) or _tabs()
        if name in tabs:
            return pygame.Rect(scene.tab_buttons[tabs.index(name)].rect)
        return None
    if target.startswith("area:"):
        area = target.split(":", 1)[1]
        mv = scene.mapview
        if mv is None or area not in mv.geo.areas:
            return None
        x, y = mv.area_point(area)
        return pygame.Rect(x - px(14), y - px(14), px(28), px(28))
    row = getattr(scene, "eventrow", None)
    if target.startswith("event:") and row is not None and row.taking():
        for rect, label, _ in row.cards:  # a card of the Event Action's display
            if label == target:
                return pygame.Rect(rect)
    for buttons in (scene.decision.options, scene.trade.buttons):
        button = buttons.button_for(target)
        if button is not None and button.visible:
            return pygame.Rect(button.rect)
        menu = buttons.dropdown
        if menu is not None and target in buttons.dropdown_labels.values():
            # in the bar's drop-down: the menu until it shows the option, then Choose
            chosen = buttons.dropdown_labels.get(dropdown_choice(menu))
            if chosen == target and buttons.choose is not None:
                return pygame.Rect(buttons.choose.rect)
            return pygame.Rect(menu.rect)
    if scene.trade_open():
        for rect, hit in scene.trade.hits:
            if hit == target:
                return pygame.Rect(rect)
    shown = scene.panels[scene.tab]
    for rect, hit in getattr(shown, "hits", []):
        if hit == target:  # in the panel's list: where it shows (scrolled into view)
            inside = pygame.Rect(rect).clip(scene.side_rect)
            return pygame.Rect(rect) if inside.height >= rect.height // 2 else None
    for prefix, tab in TAB_OF.items():  # on a side panel not shown: its tab first
        tabs = _tabs()
        if target.startswith(prefix) and scene.tab != tabs.index(tab):
            return pygame.Rect(scene.tab_buttons[tabs.index(tab)].rect)
    return None


def dropdown_choice(menu: Any) -> str:
    """The id of the option a drop-down shows chosen."""
    chosen = menu.selected_option
    return str(chosen[1] if isinstance(chosen, tuple) else chosen)


def _tabs() -> tuple[str, ...]:
    return ("You", "Advances", "A.S.T.", "Table", "Log")


def coach_update(scene: Any) -> None:
    """Each frame: the coach follows the game (act steps end with their phase), the map shows
    a new step's areas once, and a finished lesson leaves a normal game."""
    coach: Coach | None = scene.coach
    if coach is None:
        return
    state = scene.session.state
    coach.sync(state)
    said = scene.session.said_now(coach.me)  # a bot's reason for refusing the person's offer
    coach.heard = said.text if said is not None else ""
    if coach.finished:
        scene.coach = None
        scene.coach_panel.clear()
        scene.coach_panel.rect = pygame.Rect(0, 0, 0, 0)
        return
    step = coach.current()
    if not scene.coach_panel.rect.width:
        return  # framed once the panel is drawn: clear of it
    if step is not None and coach.reached(state) and getattr(scene, "coach_framed", "") != step.id:
        scene.coach_framed = step.id
        mv = scene.mapview
        if step.focus and mv is not None:
            if getattr(scene, "coach_zoomed", False):
                mv.frame(list(step.focus), clear_of_coach(scene, mv.rect))
            else:  # the lesson opens on the person's lands, close enough to read
                scene.coach_zoomed = True
                mv.focus(list(step.focus), most=4)
                mv.frame(list(step.focus), clear_of_coach(scene, mv.rect))


def clear_of_coach(scene: Any, free: pygame.Rect) -> pygame.Rect:
    """The part of `free` (the map no box covers) right of the coach's panel, when it is up
    and leaves enough: where a decision's places are framed."""
    panel = scene.coach_panel.rect if scene.coach is not None else None
    if not panel or not panel.width:
        return free
    left = panel.right + scene.theme.px(12)
    if free.right - left < free.width // 4:
        return free
    return pygame.Rect(left, free.y, free.right - left, free.height)
