"""The main menu: Continue, New game, Load, Join, Settings, Rules, How to play, About, Quit.

Continue opens the newest autosave, or takes the player back to the network table they sat at
last when that is newer (issue 37). When the newest cannot be opened, it never quietly opens an
older one: the menu says which autosave could not be opened and why, that the file is left as
it is, and which autosave would be opened instead, and the player chooses (issue 36).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core import load_game_data
from game.persist import Newest, autosaves, newest_readable
from game.persist import paths as persist_paths
from game.persist.lasttable import LastTable, last_table

from ..draw import backdrop, civ_badge, panel, title, wrap
from ..scene import Scene
from ..theme import PHASE_NAMES, Palette

if TYPE_CHECKING:
    from ..app import App

NOTICE_TITLE = "The newest autosave could not be opened"
SHOWN_SKIPPED = 3  # unreadable autosaves named one by one; more are counted
SUBTITLE = "Trade, advance, endure — the Mega Civilization family of games"


def fallback_lines(found: Newest) -> list[str]:
    """What the menu says when Continue cannot open the newest autosave: which could not be
    opened and why, that the files stay, and what would be opened instead."""
    skipped = found.skipped
    lines = [f"{u.path.name}: {u.reason}" for u in skipped[:SHOWN_SKIPPED]]
    if len(skipped) > SHOWN_SKIPPED:
        more = len(skipped) - SHOWN_SKIPPED
        lines.append(f"... and {more} more autosave{'s' if more != 1 else ''} that cannot "
                     "be opened.")
    folder = skipped[0].path.parent if skipped else persist_paths.autosaves_dir()
    them = "It is" if len(skipped) == 1 else "They are"
    lines.append(f"{them} left as {'it is' if len(skipped) == 1 else 'they are'}, in {folder}.")
    game = found.game
    if game is None:
        lines.append("No older autosave can be opened either.")
        return lines
    state = game.state
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(game.path.stat().st_mtime)) \
        if game.path is not None and game.path.exists() else game.saved_at
    where = "the game is over" if state.game_over else \
        f"turn {state.turn}, {PHASE_NAMES.get(state.phase, state.phase.replace('_', ' '))}"
    name = game.path.name if game.path is not None else "an older autosave"
    lines.append(f"The newest autosave that opens is {name} ({where}, {len(state.players)} "
                 f"players, saved {when}). Open it instead?")
    return lines


def learn_to_play(app: App) -> None:
    """Learn to play (issue 39): the lesson's game, the person in its seat and bots in the
    others, on the shipped map, autosaved like any game (so Continue and Load resume it)."""
    from game.core import MapError, SetupError
    from game.persist import Autosaver

    from ..map.offered import available_maps, load_map
    from ..seat.lesson import lesson_start, load_lesson
    from ..seat.session import Seat, Session

    maps = available_maps()
    path = maps.get("oikoumene") or next(iter(maps.values()), None)
    if path is None:
        app.notify("No map is installed")
        return
    try:
        graph, geometry = load_map(path)
        state = lesson_start(graph)
    except (MapError, SetupError, KeyError, ValueError) as err:
        app.notify(f"The lesson cannot start: {err}")
        return
    lesson = load_lesson()
    level = str(lesson.position.get("bot_level", "normal"))
    seats = {pid: Seat(pid, state.config.names.get(pid, pid), human=pid == lesson.person,
                       level=level) for pid in state.players}
    session = Session(state, seats, autosaver=Autosaver() if app.persist_settings else None)
    app.reset_to(app.make("game", session, geometry))


class MenuScene(Scene):
    name = "menu"

    def build(self) -> None:
        entries = (
            ("continue", "Continue", "Open the newest autosave, or rejoin the network table "
                                     "you sat at last"),
            ("new", "New game", "Choose players, rules and map"),
            ("learn", "Learn to play", "A guided first game: a coach shows you each phase of "
                                       "the turn"),
            ("load", "Load", "Open a saved game"),
            ("join", "Join", "Join a network game someone hosts"),
            ("settings", "Settings", "UI scale, animation speed, window, sound"),
            ("rules", "Rules", "Phases, advances and calamities"),
            ("book", "How to play", "A short book: the goal, the turn, cards, trade, "
                                    "calamities, advances, the A.S.T., events"),
            ("about", "About", "What Calamitas is, its version and credits"),
            ("quit", "Quit", "Close Calamitas"),
        )
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        has_autosave = bool(autosaves()) if self.app.persist_settings else False
        self.table = self.last_table()
        for (key, text, tip), rect in zip(entries, self.button_rects(len(entries)),
                                          strict=True):
            button = pygame_gui.elements.UIButton(
                rect, text, self.app.manager, container=self.container,
                tool_tip_text=tip, object_id=pygame_gui.core.ObjectID(
                    object_id=f"#menu_{key}", class_id="@menu_button"))
            if key == "continue" and not has_autosave and self.table is None:
                button.disable()
            self.buttons[key] = button
        self.notice: list[str] = []  # Continue's fallback, told (see fallback_lines)
        self.notice_box = pygame.Rect(0, 0, 0, 0)
        self.notice_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.fallback: Newest | None = None

    def heading(self) -> list[tuple[str, pygame.Rect]]:
        """Where the title, the line under it and the row of emblems are drawn."""
        w, h = self.app.screen.get_size()
        top = int(h * 0.1)
        t = self.theme
        name = t.text("Calamitas", 64, Palette.gold_light, "title")
        sub = t.text(SUBTITLE, 17, Palette.text_dim, "italic")
        n = len(load_game_data().civilizations)
        d, gap = self.px(30), self.px(8)
        total = n * (d + gap) - gap
        return [("title", name.get_rect(midtop=(w // 2, top))),
                ("subtitle", sub.get_rect(midtop=(w // 2, top + self.px(84)))),
                ("emblems", pygame.Rect((w - total) // 2, top + self.px(136) - d // 2, total,
                                        d))]

    def button_rects(self, n: int) -> list[pygame.Rect]:
        """The buttons' places: a column under the heading, or, where the window is too short
        for one (UI scale 1.5 at 1366x768 put the buttons over the title), two columns side by
        side, each read from top to bottom; smaller buttons only if even they do not fit."""
        w, h = self.app.screen.get_size()
        bw, bh, gap = self.px(300), self.px(50), self.px(12)
        below = max(r.bottom for _, r in self.heading()) + self.px(20)
        bottom = h - self.px(16)
        columns = 1
        if below + n * (bh + gap) - gap > bottom:
            columns = 2
        per = -(-n // columns)
        column = per * (bh + gap) - gap
        if below + column > bottom:  # not at a scale offered, but never over the title
            bh = max(self.px(24), (bottom - below + gap) // per - gap)
            column = per * (bh + gap) - gap
        y = max(below, min(int(h * 0.38), bottom - column))  # the column fits short windows
        span = columns * bw + (columns - 1) * self.px(24)
        x = (w - span) // 2
        return [pygame.Rect(x + (i // per) * (bw + self.px(24)), y + (i % per) * (bh + gap),
                            bw, bh) for i in range(n)]

    def layout_marks(self) -> list[tuple[str, pygame.Rect]]:
        """The texts drawn here, for the layout check (selftest --layout)."""
        return [] if self.notice else self.heading()

    def show_fallback(self, found: Newest) -> None:
        """Tell why Continue cannot open the newest autosave, over the menu, with the choice
        to open the older one it found (or only to close the notice)."""
        self.close_notice()
        self.fallback = found
        self.notice = fallback_lines(found)
        w, h = self.app.screen.get_size()
        bw = min(w - self.px(40), self.px(760))
        text_w = bw - self.px(40)
        rows = sum(len(wrap(self.theme, line, text_w, 15)) for line in self.notice)
        step = self.theme.font("regular", 15).get_linesize()
        bh = self.px(24) + self.px(40) + rows * step + self.px(8) * len(self.notice) \
            + self.px(70)
        self.notice_box = pygame.Rect(0, 0, bw, min(bh, h - self.px(20)))
        self.notice_box.center = (w // 2, h // 2)
        box = self.notice_box
        m, c = self.app.manager, self.container
        y = box.bottom - self.px(58)
        wide = self.px(300)
        if found.game is not None:
            self.notice_buttons["open"] = pygame_gui.elements.UIButton(
                pygame.Rect(box.right - self.px(20) - wide, y, wide, self.px(42)),
                "Open the older autosave", m, container=c,
                object_id=pygame_gui.core.ObjectID(object_id="#fallback_open",
                                                   class_id="@primary"))
        self.notice_buttons["close"] = pygame_gui.elements.UIButton(
            pygame.Rect(box.x + self.px(20), y, self.px(160), self.px(42)),
            "Not now" if found.game is not None else "Close", m, container=c,
            object_id=pygame_gui.core.ObjectID(object_id="#fallback_close",
                                               class_id="@option"))
        for button in self.buttons.values():  # the notice is answered first
            button.hide()

    def close_notice(self) -> None:
        for button in self.notice_buttons.values():
            button.kill()
        self.notice_buttons = {}
        self.notice = []
        self.fallback = None
        for button in self.buttons.values():
            button.show()

    def last_table(self) -> LastTable | None:
        """The network table to rejoin with Continue: the last one, when it is newer than the
        newest autosave."""
        if not self.app.persist_settings:
            return None
        table = last_table()
        if table is None:
            return None
        newest = autosaves()
        try:
            if newest and newest[0].stat().st_mtime > table.when:
                return None
        except OSError:
            pass
        return table

    def rejoin(self, table: LastTable) -> None:
        """Back to the last network table: hosted again by this client if it ran its server,
        else joined at its address, this client's seats taken back with the tokens it kept."""
        from game.net.link import Link, server_url

        from .lobby import LobbyScene, host_again

        if table.hosted:
            host_again(self.app, table.code)
            return
        try:
            url = server_url(table.address)
        except ValueError as err:
            self.app.notify(f"The last table cannot be reached: {err}")
            return
        self.app.push(LobbyScene(self.app, Link(url), address=table.address, code=table.code,
                                 rejoin=True))

    def continue_game(self) -> None:
        table = self.last_table()
        if table is not None:
            self.rejoin(table)
            return
        found = newest_readable()
        if found.skipped:
            self.show_fallback(found)
        elif found.game is None:
            self.app.notify("No autosave can be read")
        else:
            self.app.make("continue", found.game)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, button in self.notice_buttons.items():
                if event.ui_element is button:
                    found = self.fallback
                    self.close_notice()
                    if key == "open" and found is not None and found.game is not None:
                        self.app.make("continue", found.game)
                    return
            for key, button in self.buttons.items():
                if event.ui_element is button:
                    self.choose(key)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.notice:
                self.close_notice()
            else:
                self.app.quit()

    def choose(self, key: str) -> None:
        if key == "new":
            self.app.push(self.app.make("new game"))
        elif key == "learn":
            learn_to_play(self.app)
        elif key == "load":
            self.app.push(self.app.make("load"))
        elif key == "continue":
            self.continue_game()
        elif key == "join":
            self.app.push(self.app.make("join"))
        elif key == "settings":
            self.app.push(self.app.make("settings"))
        elif key == "rules":
            self.app.push(self.app.make("rules"))
        elif key == "book":
            self.app.push(self.app.make("book"))
        elif key == "about":
            self.app.push(self.app.make("about"))
        elif key == "quit":
            self.app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.theme)
        places = dict(self.heading())
        name, line, row = places["title"], places["subtitle"], places["emblems"]
        title(surface, self.theme, "Calamitas", (name.centerx, name.y), size=64, center=True)
        sub = self.theme.text(SUBTITLE, 17, Palette.text_dim, "italic")
        surface.blit(sub, line)
        civs = list(load_game_data().civilizations.values())
        d = self.px(30)
        gap = self.px(8)
        x = row.x + d // 2
        y = row.centery
        for civ in civs:
            civ_badge(surface, self.theme, civ.id, civ.emblem, (x, y), d)
            x += d + gap
        if self.notice:
            self.draw_notice(surface)

    def draw_notice(self, surface: pygame.Surface) -> None:
        box = self.notice_box
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        panel(surface, box, self.theme, fill=(30, 26, 20), radius=12)
        x, y = box.x + self.px(20), box.y + self.px(16)
        head = self.theme.text(NOTICE_TITLE, 20, Palette.text, "bold")
        surface.blit(head, (x, y))
        y += head.get_height() + self.px(12)
        step = self.theme.font("regular", 15).get_linesize()
        for line in self.notice:
            for row in wrap(self.theme, line, box.width - self.px(40), 15):
                surface.blit(self.theme.text(row, 15, Palette.text), (x, y))
                y += step
            y += self.px(8)
