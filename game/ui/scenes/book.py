"""How to play: a book of short pages for someone who owns no rulebook (issue 39).

The words are data (words/howto.py); each page's picture is drawn here from the game's own
painters: the trade and calamity cards (cards/trade.py), an event card (cards/events.py), the
map's token, city and ship sprites (as the help's legend draws them), the emblems. Contents on
the left, Previous and Next under the page; opened from the main menu, from Help, and from a
decision's "Why:" line at the page for that decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.core import PHASES, load_game_data

from ..cards.events import card_face as event_face
from ..cards.trade import card_size, draw_card
from ..draw import backdrop, civ_badge, panel, title, wrap
from ..panels.advances import GROUP_COLOURS
from ..scene import Scene
from ..theme import Palette
from ..words.advances import credit_words
from ..words.howto import FIRST, Page, pages, set_card
from .help import _map_sprite

if TYPE_CHECKING:
    from ..app import App

LARGEST, SMALLEST = 16, 10  # the paragraphs' type: as large as the page allows


class BookScene(Scene):
    name = "book"

    def __init__(self, app: App, page: str = "goal") -> None:
        super().__init__(app)
        self.pages: list[Page] = pages()
        keys = [p.key for p in self.pages]
        self.index = keys.index(page) if page in keys else 0
        self._marks: list[tuple[str, pygame.Rect]] = []
        self._problems: list[str] = []
        self._heights: dict[tuple[int, int, int, float], int] = {}

    @property
    def page(self) -> Page:
        return self.pages[self.index]

    # -- widgets ------------------------------------------------------------------------------
    def build(self) -> None:
        px = self.px
        w, h = self.app.screen.get_size()
        m, c = self.app.manager, self.container
        self.box = pygame.Rect(0, 0, min(w - px(20), px(1240)), min(h - px(20), px(760)))
        self.box.center = (w // 2, h // 2)
        self.back = UIButton(
            pygame.Rect(self.box.right - px(170), self.box.y + px(14), px(150), px(38)),
            "Back", m, container=c, object_id=pygame_gui.core.ObjectID(object_id="#book_back"))
        top = self.box.y + px(64)
        self.contents_rect = pygame.Rect(self.box.x + px(20), top, px(260),
                                         self.box.bottom - px(14) - top)
        n = len(self.pages)
        step = min(px(40), (self.contents_rect.height + px(4)) // n)
        self.contents: list[UIButton] = []
        for i, page in enumerate(self.pages):
            self.contents.append(UIButton(
                pygame.Rect(self.contents_rect.x, top + i * step, self.contents_rect.width,
                            step - px(4)), page.title, m, container=c,
                object_id=pygame_gui.core.ObjectID(object_id=f"#book_{page.key}",
                                                   class_id="@tab")))
        right = self.contents_rect.right + px(24)
        self.page_rect = pygame.Rect(right, top, self.box.right - px(20) - right,
                                     self.box.bottom - px(14) - top - px(48))
        y = self.page_rect.bottom + px(8)
        self.prev = UIButton(pygame.Rect(self.page_rect.x, y, px(150), px(38)), "Previous", m,
                             container=c)
        self.next = UIButton(pygame.Rect(self.page_rect.right - px(150), y, px(150), px(38)),
                             "Next", m, container=c)
        self.show(self.index)

    def show(self, index: int) -> None:
        self.index = max(0, min(len(self.pages) - 1, index))
        for i, button in enumerate(self.contents):
            if i == self.index:
                button.select()
            else:
                button.unselect()
        (self.prev.disable if self.index == 0 else self.prev.enable)()
        (self.next.disable if self.index == len(self.pages) - 1 else self.next.enable)()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.back:
                self.app.pop()
            elif el is self.prev:
                self.show(self.index - 1)
            elif el is self.next:
                self.show(self.index + 1)
            elif el in self.contents:
                self.show(self.contents.index(el))
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
                self.show(self.index + 1)
            elif event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self.show(self.index - 1)

    def layout_marks(self) -> list[tuple[str, pygame.Rect]]:
        return list(self._marks)

    def layout_problems(self) -> list[str]:
        return list(self._problems)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        px, t = self.px, self.theme
        backdrop(surface, t)
        panel(surface, self.box, t, radius=12)
        self._marks, self._problems = [], []
        title(surface, t, "How to play", (self.box.x + px(24), self.box.y + px(14)), size=30)
        r = self.page_rect
        head = t.text(self.page.title, 22, Palette.gold_light, "bold")
        surface.blit(head, r.topleft)
        self._marks.append(("page title", head.get_rect(topleft=r.topleft)))
        count = t.text(f"Page {self.index + 1} of {len(self.pages)}", 14, Palette.text_dim)
        at = count.get_rect(midtop=(r.centerx, self.prev.rect.y + px(10)))
        surface.blit(count, at)
        self._marks.append(("page count", at))
        y = r.y + head.get_height() + px(10)
        picture = pygame.Rect(r.x, y, r.width, self.picture_height(r.bottom - y))
        PICTURES.get(self.page.picture, _nothing)(self, surface, picture)
        y = picture.bottom + px(12)
        self.paragraphs(surface, pygame.Rect(r.x, y, r.width, r.bottom - y))

    def picture_height(self, room: int) -> int:
        """The picture as tall as the page's words leave room for, between the least and the
        most (the words keep the largest type they would have under the least picture)."""
        px = self.px
        key = (self.index, room, self.page_rect.width, self.theme.scale)
        if key in self._heights:
            return self._heights[key]
        least, most = (px(44), px(44)) if self.page.picture == "phases" else (px(124), px(230))
        best = self._fit(self.page_rect.width, room - least - px(12))
        height = least
        for h in range(most, least, -px(10)):
            fit = self._fit(self.page_rect.width, room - h - px(12))
            if fit is not None and best is not None and fit[0] >= best[0]:
                height = h
                break
        self._heights[key] = height
        return height

    def _fit(self, width: int, height: int) -> tuple[int, list[list[str]]] | None:
        t, px = self.theme, self.px
        for pt in range(LARGEST, SMALLEST - 1, -1):
            line = t.font("regular", pt).get_linesize()
            blocks = [[row for part in para.split("\n") for row in wrap(t, part, width, pt)]
                      for para in self.page.paragraphs]
            if sum(len(b) * line + px(8) for b in blocks) <= height:
                return pt, blocks
        return None

    def paragraphs(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        t, px = self.theme, self.px
        fit = self._fit(box.width, box.height)
        if fit is None:
            self._problems.append(f"how to play: page {self.page.title!r} does not fit "
                                  f"{box.width}x{box.height} even at {SMALLEST} points")
            fit = (SMALLEST, self._fit(box.width, 10**6)[1])  # type: ignore[index]
        pt, blocks = fit
        line = t.font("regular", pt).get_linesize()
        y = box.y
        for rows in blocks:
            for row in rows:
                img = t.text(row, pt, Palette.text)
                surface.blit(img, (box.x, y))
                self._marks.append((row[:24], img.get_rect(topleft=(box.x, y))))
                y += line
            y += px(8)


# -- the pictures, each in its box ---------------------------------------------------------------
def _nothing(scene: BookScene, surface: pygame.Surface, box: pygame.Rect) -> None:
    pass


def _emblems(scene: BookScene, surface: pygame.Surface, box: pygame.Rect) -> None:
    civs = list(load_game_data().civilizations.values())
    d = min(scene.px(44), box.width // (len(civs) // 2 + 1) - scene.px(6))
    per = -(-len(civs) // 2)
    for i, civ in enumerate(civs):
        row, col = divmod(i, per)
        x = box.x + d // 2 + col * (d + scene.px(6))
        y = box.y + d // 2 + scene.px(8) + row * (d + scene.px(12))
        civ_badge(surface, scene.theme, civ.id, civ.emblem, (x, y), d)


def _phases(scene: BookScene, surface: pygame.Surface, box: pygame.Rect) -> None:
    t, px = scene.theme, scene.px
    d = min(px(32), box.width // len(PHASES) - px(6))
    told = range(FIRST) if scene.page.key == "turn" else range(FIRST, len(PHASES))
    for i, _ in enumerate(PHASES):  # the phases this page tells lit, the others dim
        c = (box.x + d // 2 + i * (d + px(6)), box.y + box.height // 2)
        pygame.draw.circle(surface, Palette.gold if i in told else Palette.text_faint, c,
                           d // 2)
        num = t.text(str(i + 1), 13, Palette.ink, "bold")
        surface.blit(num, num.get_rect(center=c))


def _sprites(scene: BookScene, surface: pygame.Surface, box: pygame.Rect,
             kinds: tuple[tuple[str, str], ...]) -> None:
    """Map sprites with a word under each, as the map draws them."""
    t, px = scene.theme, scene.px
    cell = min(px(170), box.width // len(kinds))
    for i, (kind, words) in enumerate(kinds):
        c = (box.x + cell // 2 + i * cell, box.y + px(50))
        plate = pygame.Rect(0, 0, cell - px(16), px(90))
        plate.center = c
        pygame.draw.rect(surface, Palette.land, plate, border_radius=px(8))
        if kind in ("white-site", "black-site"):
            rect = pygame.Rect(0, 0, px(26), px(26))
            rect.center = c
            pygame.draw.rect(surface, Palette.site_white if kind == "white-site"
                             else Palette.site_black, rect)
            pygame.draw.rect(surface, Palette.ink, rect, max(1, round(t.scale)))
        elif kind == "limit":
            pygame.draw.circle(surface, (250, 244, 228), c, px(18))
            pygame.draw.circle(surface, Palette.land_edge, c, px(18), 2)
            num = t.text("3", 20, Palette.ink, "bold")
            surface.blit(num, num.get_rect(center=c))
        else:
            img = _map_sprite(t, kind, "minoa", px(48))
            surface.blit(img, img.get_rect(center=c))
        label = t.text(words, 13, Palette.text_dim)
        at = label.get_rect(midtop=(c[0], plate.bottom + px(6)))
        surface.blit(label, at)
        scene._marks.append((words, at))


def _tokens(scene: BookScene, surface: pygame.Surface, box: pygame.Rect) -> None:
    _sprites(scene, surface, box, (("token", "tokens"), ("limit", "population limit"),
                                   ("ship", "a ship"), ("city", "a city")))


def _cities(scene: BookScene, surface: pygame.Surface, box: pygame.Rect) -> None:
    _sprites(scene, surface, box, (("white-site", "site on a flood plain"),
                                   ("black-site", "city site"), ("token", "tokens"),
                                   ("city", "a city")))


def _cards(scene: BookScene, surface: pygame.Surface, box: pygame.Rect,
           shown: tuple[tuple[str, int], ...], ruleset: str = "classic") -> None:
    """Cards drawn as the hand draws them, as large as the box's height allows."""
    px = scene.px
    width = px(120)
    while card_size(width)[1] > box.height - px(22) and width > px(30):
        width -= px(4)
    x = box.x
    for card, count in shown:
        covered = draw_card(surface, scene.theme, card, pygame.Rect(x, box.y, width, 0),
                            ruleset, count=count, held=count)
        x = covered.right + px(18)


def _commodities(scene: BookScene, surface: pygame.Surface, box: pygame.Rect) -> None:
    data = load_game_data()
    card = set_card()
    other = next(c for c, v in data.commodities.items() if v.value == 6)
    _cards(scene, surface, box, ((card, 1), (card, 2), (card, 3), (other, 1)))


def _trade(scene: BookScene, surface: pygame.Surface, box: pygame.Rect) -> None:
    data = load_game_data()
    tradable = next(c for c, v in data.rulesets["classic"].calamities.items()
                    if v.kind == "tradable")
    low = [c for c, v in data.commodities.items() if v.value in (1, 3)]
    _cards(scene, surface, box, ((low[0], 2), (low[-1], 1), (tradable, 1)))


def _calamity(scene: BookScene, surface: pygame.Surface, box: pygame.Rect) -> None:
    cals = load_game_data().rulesets["classic"].calamities
    shown = [next(c for c, v in cals.items() if v.kind == kind)
             for kind in ("non_tradable", "tradable")]
    _cards(scene, surface, box, tuple((c, 1) for c in shown))


def _advances(scene: BookScene, surface: pygame.Surface, box: pygame.Rect) -> None:
    """An advance of each group as a coloured card with its name, cost and points."""
    t, px = scene.theme, scene.px
    data = load_game_data()
    shown = []
    for group in GROUP_COLOURS:
        adv = next(a for a in data.advances.values() if a.groups and a.groups[0] == group)
        shown.append(adv)
    cell = min(px(170), box.width // len(shown))
    for i, adv in enumerate(shown):
        rect = pygame.Rect(box.x + i * cell, box.y, cell - px(12), box.height - px(10))
        pygame.draw.rect(surface, (238, 228, 204), rect, border_radius=px(6))
        band = pygame.Rect(rect.x, rect.y, rect.width, px(26))
        pygame.draw.rect(surface, GROUP_COLOURS[adv.groups[0]], band,
                         border_top_left_radius=px(6), border_top_right_radius=px(6))
        y = band.bottom + px(8)
        for row in wrap(t, adv.name, rect.width - px(12), 14, "bold")[:2]:
            surface.blit(t.text(row, 14, Palette.ink, "bold"), (rect.x + px(6), y))
            y += t.font("bold", 14).get_linesize()
        groups = " / ".join(g.capitalize() for g in adv.groups)
        for words in (groups, f"Cost {adv.cost}", f"{adv.vp} VP"):
            surface.blit(t.text(words, 12, Palette.ink), (rect.x + px(6), y))
            y += t.font("regular", 12).get_linesize()
        credits = (credit_words(adv.id) or "").replace("Gives credits:", "Credits:")
        step = t.font("italic", 11).get_linesize()
        rows = wrap(t, credits, rect.width - px(12), 11, "italic")
        if y + px(4) + len(rows) * step <= rect.bottom:  # all of it, or none (never half)
            for row in rows:
                surface.blit(t.text(row, 11, Palette.ink, "italic"), (rect.x + px(6),
                                                                      y + px(4)))
                y += step


def _ast(scene: BookScene, surface: pygame.Surface, box: pygame.Rect) -> None:
    """One civilization's row of the A.S.T.: its spaces, coloured by epoch."""
    t, px = scene.theme, scene.px
    data = load_game_data()
    civ = next(iter(data.civilizations.values()))
    last = data.ast_numbers["last_space"]
    starts = (1, *civ.epochs_basic)
    shades = ((120, 110, 96), (176, 128, 72), (196, 150, 84), (214, 176, 100),
              (140, 146, 152), (110, 116, 124))
    civ_badge(surface, t, civ.id, civ.emblem, (box.x + px(20), box.y + px(40)), px(36))
    cell = min(px(52), (box.width - px(50)) // last)
    for space in range(1, last + 1):
        epoch = sum(1 for s in starts if space >= s) - 1
        rect = pygame.Rect(box.x + px(46) + (space - 1) * cell, box.y + px(18), cell - px(3),
                           px(44))
        pygame.draw.rect(surface, shades[epoch], rect, border_radius=px(4))
        num = t.text(str(space), 13, Palette.ink, "bold")
        surface.blit(num, num.get_rect(center=rect.center))
    names = ("Stone Age", "Early Bronze", "Middle Bronze", "Late Bronze", "Early Iron",
             "Late Iron")
    for epoch, start in enumerate(starts):
        x = box.x + px(46) + (start - 1) * cell
        label = t.text(names[epoch], 12, Palette.text_dim)
        at = label.get_rect(topleft=(x, box.y + px(68 + 16 * (epoch % 2))))
        at.right = min(at.right, box.right)  # the last epoch's name ends at the page's edge
        surface.blit(label, at)
        scene._marks.append((names[epoch], at))


def _event(scene: BookScene, surface: pygame.Surface, box: pygame.Rect) -> None:
    from ..cards.events import card_size as event_size

    px = scene.px
    width = px(150)
    while event_size(width)[1] > box.height and width > px(40):
        width -= px(4)
    x = box.x
    for card in _event_samples():
        face = event_face(scene.theme, card, width, compact=True)
        surface.blit(face.surface, (x, box.y))
        x += face.surface.get_width() + px(14)


def _event_samples() -> list[str]:
    """A public event, a private one and a calamity among the event cards (seed 000's two
    families: events, and the calamities that strike their taker)."""
    from ..cards.events import load_event_cards

    cards = list(load_event_cards().cards.values())
    public = next(c.id for c in cards if c.public and ":calamity:" not in c.source)
    private = next(c.id for c in cards if not c.public)
    calamity = next((c.id for c in cards if ":calamity:" in c.source), None)
    return [public, private] + ([calamity] if calamity else [])


PICTURES = {"emblems": _emblems, "phases": _phases, "tokens": _tokens, "cities": _cities,
            "cards": _commodities, "trade": _trade, "calamity": _calamity,
            "advances": _advances, "ast": _ast, "event": _event}
