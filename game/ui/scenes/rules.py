"""The rules reference: the 13 phases in brief, every advance with cost, credits and effects,
every calamity of the chosen rule set with its effect and the advances that modify it, and
every event card of the Events module, searchable — all drawn from the data files the rules
core itself loads."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.core import PHASES, load_game_data

from ..cards.book import EventBook
from ..draw import backdrop, panel, title, wrap
from ..input import TAB_KEYS
from ..panels.advances import GROUP_COLOURS
from ..scene import Scene
from ..theme import PHASE_NAMES, Palette
from ..words.advances import advance_does
from ..words.rules import EVENTS_STEP, PHASE_BRIEFS

if TYPE_CHECKING:
    from ..app import App

TABS = ("Phases", "Advances", "Calamities", "Events")
EVENTS_TAB = 3


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app: App, ruleset: str = "classic") -> None:
        super().__init__(app)
        self.ruleset = ruleset
        self.tab = 0
        self.scroll = 0
        self._page: tuple[object, pygame.Surface] | None = None
        self.book = EventBook(app.theme)

    def build(self) -> None:
        px = self.px
        w, h = self.app.screen.get_size()
        m, c = self.app.manager, self.container
        self.tabs: list[UIButton] = []
        x = px(40)
        for i, text in enumerate(TABS):
            b = UIButton(pygame.Rect(x, px(84), px(140), px(36)), text, m, container=c,
                         object_id=pygame_gui.core.ObjectID(object_id=f"#rules_{i}",
                                                            class_id="@tab"))
            self.tabs.append(b)
            x += px(146)
        self.tabs[self.tab].select()
        data = load_game_data()
        self.names = {r.name: r.id for r in data.rulesets.values()}
        current = next(n for n, r in self.names.items() if r == self.ruleset)
        self.ruleset_menu = UIDropDownMenu(list(self.names), current,
                                           pygame.Rect(x + px(20), px(84), px(260), px(36)), m,
                                           container=c)
        self.back = UIButton(pygame.Rect(w - px(190), px(24), px(150), px(40)), "Back", m,
                             container=c)
        self.page_rect = pygame.Rect(px(40), px(132), w - px(80), h - px(160))
        self._page = None
        self.book.theme = self.theme
        self._show_ruleset()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element in self.tabs:
                self.set_tab(self.tabs.index(event.ui_element))
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.ruleset_menu:
                self.ruleset = self.names[event.text]
                self.scroll = 0
        elif event.type == pygame.KEYDOWN and event.key in TAB_KEYS and \
                TAB_KEYS[event.key] < len(TABS):
            self.set_tab(TAB_KEYS[event.key])
        elif self.tab == EVENTS_TAB:
            self._book_input(event)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * self.px(60))
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_DOWN):
                self.scroll += self.page_rect.height // (1 if event.key == pygame.K_PAGEDOWN else 8)
            elif event.key in (pygame.K_PAGEUP, pygame.K_UP):
                step = self.page_rect.height // (1 if event.key == pygame.K_PAGEUP else 8)
                self.scroll = max(0, self.scroll - step)

    def _book_input(self, event: pygame.event.Event) -> None:
        """The Events tab: typing searches, arrows and clicks choose a card, the wheel
        scrolls; Escape with nothing typed leaves the screen."""
        if event.type == pygame.MOUSEWHEEL:
            self.book.wheel(event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.book.click(event.pos)
        elif event.type == pygame.KEYDOWN and not self.book.key(event) and \
                event.key == pygame.K_ESCAPE:
            self.app.pop()

    def update(self, dt: float) -> None:
        if self.tab == EVENTS_TAB:
            self.book.paint_ahead()

    def set_tab(self, index: int) -> None:
        self.tabs[self.tab].unselect()
        self.tab = index
        self.tabs[index].select()
        self.scroll = 0
        self._show_ruleset()

    def _show_ruleset(self) -> None:
        """The rule set chooser, where it changes the page (event cards are the same in all)."""
        if self.tab == EVENTS_TAB:
            self.ruleset_menu.hide()
        else:
            self.ruleset_menu.show()

    # -- the page -----------------------------------------------------------------------------
    def entries(self) -> list[tuple[str, str, tuple[int, int, int] | None]]:
        """(style, text, colour mark) for the current tab: style is head, body, note."""
        data = load_game_data()
        out: list[tuple[str, str, tuple[int, int, int] | None]] = []
        if self.tab == 0:  # the Event action opens the turn when the module is on
            out.append(("head", f"E. {PHASE_NAMES[EVENTS_STEP]} (the Events module)", None))
            out.append(("body", PHASE_BRIEFS[EVENTS_STEP] + " Every card: the Events tab.",
                        None))
            for i, phase in enumerate(PHASES, 1):
                out.append(("head", f"{i}. {PHASE_NAMES[phase]}", None))
                out.append(("body", PHASE_BRIEFS[phase], None))
        elif self.tab == 1:
            for adv in data.advances.values():
                if self.ruleset not in adv.rulesets:
                    continue
                mark = GROUP_COLOURS.get(adv.groups[0]) if adv.groups else None
                groups = " / ".join(g.capitalize() for g in adv.groups)
                out.append(("head", f"{adv.name} — {adv.cost} ({adv.vp} VP) · {groups}", mark))
                # what it does: credits given, effects, the calamities of this rule set it
                # changes (the same words as the Advances panel's tooltips)
                for line in advance_does(adv.id, self.ruleset):
                    out.append(("note" if line.startswith("Gives credits") else "body", line,
                                None))
        else:
            ruleset = data.rulesets[self.ruleset]
            out.append(("body", ruleset.description, None))
            for cal in ruleset.calamities.values():
                kind = cal.kind.replace("_", "-")
                out.append(("head", f"{cal.name} — stack {cal.stack}, {kind}", (150, 60, 50)))
                out.append(("body", cal.summary, None))
                mods = sorted({data.advances[a].name for value in cal.params.values()
                               for a in (value if isinstance(value, tuple) else ())
                               if isinstance(a, str) and a in data.advances})
                if mods:
                    out.append(("note", "Modified by: " + ", ".join(mods), None))
                if cal.clauses:
                    out.append(("note", "Rules: " + ", ".join(cal.clauses), None))
        return out

    def page(self) -> pygame.Surface:
        key = (self.tab, self.ruleset, self.page_rect.size)
        if self._page is not None and self._page[0] == key:
            return self._page[1]
        t = self.theme
        px = self.px
        width = self.page_rect.width - px(48)
        blocks: list[tuple[int, pygame.Surface, tuple[int, int, int] | None]] = []
        for style, text, mark in self.entries():
            size, role, colour = {"head": (17, "bold", Palette.gold_light),
                                  "body": (15, "regular", Palette.text),
                                  "note": (13, "italic", Palette.text_dim)}[style]
            for k, line in enumerate(wrap(t, text, width, size, role)):
                gap = px(12) if style == "head" and k == 0 else 0
                blocks.append((gap, t.font(role, size).render(line, True, colour),
                               mark if k == 0 else None))
        height = sum(g + s.get_height() for g, s, _ in blocks) + px(40)
        surface = pygame.Surface((self.page_rect.width, max(height, self.page_rect.height)),
                                 pygame.SRCALPHA)
        y = px(12)
        for gap, img, mark in blocks:
            y += gap
            if mark:
                pygame.draw.rect(surface, mark, pygame.Rect(px(12), y + px(3), px(8),
                                                            img.get_height() - px(6)))
            surface.blit(img, (px(28), y))
            y += img.get_height()
        self._page = (key, surface)
        return surface

    def layout_marks(self) -> list[tuple[str, pygame.Rect]]:
        return self.book.marks if self.tab == EVENTS_TAB else []

    def layout_problems(self) -> list[str]:
        return self.book.layout_problems() if self.tab == EVENTS_TAB else []

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.theme)
        title(surface, self.theme, "Rules", (self.px(40), self.px(20)), size=38)
        panel(surface, self.page_rect, self.theme, radius=10)
        if self.tab == EVENTS_TAB:
            self.book.draw(surface, self.page_rect)
            return
        page = self.page()
        limit = max(0, page.get_height() - self.page_rect.height)
        self.scroll = min(self.scroll, limit)
        area = pygame.Rect(0, self.scroll, self.page_rect.width, self.page_rect.height - 2)
        surface.blit(page, self.page_rect.topleft, area)
        if limit:
            frac = self.scroll / limit
            seen = self.page_rect.height
            bar_h = max(self.px(30), seen * seen // page.get_height())
            y = self.page_rect.y + frac * (self.page_rect.height - bar_h)
            pygame.draw.rect(surface, Palette.panel_edge,
                             pygame.Rect(self.page_rect.right - self.px(8), y, self.px(5), bar_h),
                             border_radius=self.px(3))
