"""Host a network game: who plays each seat (open for someone to join, a person here at this
machine, or a bot), then the table opens: a game server starts inside this client and the
lobby shows the address and the join code to pass on."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from game.bots import LEVELS
from game.core import GameConfig, load_game_data
from game.net.choices import create_fields
from game.net.hosted import hosted_root, tidy
from game.net.link import HostedServer, Link, lan_address, server_url
from game.net.protocol import message
from game.persist import game_version

from ..draw import backdrop, civ_badge, panel, text_block, title
from ..dropdown import fitted_menu
from ..map.offered import map_titles
from ..scene import Scene, entries
from ..theme import Palette
from .lobby import STATUS_X, LobbyScene, game_facts, seat_rects

if TYPE_CHECKING:
    from ..app import App

OPEN = "Open"
HERE = "Person here"
# How long a seat's player may be away before a bot plays it until they return (0: never).
AWAY_CHOICES = {"Bot after 1 minute": 60, "Bot after 3 minutes": 180,
                "Bot after 5 minutes": 300, "Bot after 10 minutes": 600,
                "Bot after 30 minutes": 1800, "Never a bot": 0}
AWAY_DEFAULT = "Bot after 3 minutes"


def host_kinds() -> list[str]:
    return [OPEN, HERE, *(f"Bot: {level}" for level in LEVELS)]


def hosted_folder(persist: bool) -> tuple[Path, bool]:
    """Where the hosted game keeps its saves (in a folder of its own, named by its code), and
    whether it is a scratch folder (removed at the end: a client that keeps no files, as in
    tests)."""
    if not persist:
        return Path(tempfile.mkdtemp(prefix="calamitas-host-")), True
    root = hosted_root()
    tidy(root)
    return root, False


class HostScene(Scene):
    name = "host"

    def __init__(self, app: App, config: GameConfig, map_id: str,
                 kinds: dict[str, str]) -> None:
        """`config` and `map_id`: the game chosen on the new-game screen (its seed is not
        used: the server draws a secret one); `kinds`: the choice there per civilization
        ("Human" or "Bot: level")."""
        super().__init__(app)
        self.config, self.map_id = config, map_id
        self.map_name = map_titles().get(map_id, map_id)
        self.civs = list(config.players)
        self.kinds: dict[str, str] = {}
        here_taken = False
        for civ in self.civs:  # the first person is the host; other people join
            kind = kinds.get(civ, OPEN)
            if kind.startswith("Bot: ") and kind in host_kinds():
                self.kinds[civ] = kind
            elif kind != "Human" or here_taken:
                self.kinds[civ] = OPEN
            else:
                self.kinds[civ] = HERE
                here_taken = True
        self.hosted: HostedServer | None = None
        self.server = ""  # another server to host on (python -m game serve); "": this client
        self.away = AWAY_DEFAULT  # a seat whose player is away: when a bot plays it
        self.error = ""

    def build(self) -> None:
        w, h = self.app.screen.get_size()
        px = self.px
        m, c = self.app.manager, self.container
        self.menus: dict[str, UIDropDownMenu] = {}
        for civ, rect in self.rows():
            x = rect.x + px(STATUS_X)
            self.menus[civ] = UIDropDownMenu(entries(host_kinds()), self.kinds[civ],
                                             pygame.Rect(x, rect.y, min(px(170), rect.right - x),
                                                         rect.height), m, container=c)
        left, label_w, row = px(40), px(130), px(34)
        self._controls_at = (left, h - px(206))
        self.server_label = UILabel(pygame.Rect(left, h - px(160), label_w, row), "On a server",
                                    m, container=c)
        self.server_entry = UITextEntryLine(
            pygame.Rect(left + label_w, h - px(160),
                        min(px(300), w // 2 - px(80) - left - label_w), row), m,
            container=c, initial_text=self.server)
        self.server_entry.set_text_length_limit(120)
        self.server_entry.set_tooltip("Empty: this client serves the table. Or the address of "
                                      "a server started with python -m game serve")
        self.away_label = UILabel(pygame.Rect(left, h - px(206), label_w, row), "Seat away", m,
                                  container=c)
        self.away_menu = fitted_menu(entries(list(AWAY_CHOICES)), self.away,
                                     pygame.Rect(left + label_w, h - px(206), px(220), row), m,
                                     c)
        self.away_menu.set_tooltip("When a player leaves the table or loses the connection, "
                                   "a bot plays their seat after this long, until they return")
        self.back = UIButton(pygame.Rect(px(40), h - px(70), px(160), px(44)), "Back", m,
                             container=c)
        self.open = UIButton(pygame.Rect(w - px(240), h - px(70), px(200), px(44)),
                             "Open the table", m, container=c,
                             tool_tip_text="Start a game server here for the others to join",
                             object_id=pygame_gui.core.ObjectID(object_id="#open_table",
                                                                class_id="@primary"))

    def _place_controls(self, text_end: int) -> None:
        """The away limit and the server rows keep clear of the words on the left: at the
        bottom left when they fit below them, else under the seats when there is room, else
        (many seats at a large UI scale) at the bottom left regardless."""
        px = self.px
        w, h = self.app.screen.get_size()
        need, bottom = px(34) * 2 + px(12), h - px(82)
        x, y = px(40), h - px(206)
        rows = self.rows()
        below = max((r.bottom for _, r in rows), default=0) + px(16)
        if text_end + px(12) > y and rows and below + need <= bottom:
            x, y = rows[0][1].x, below
        if (x, y) != self._controls_at:
            self._controls_at = (x, y)
            label_w = px(130)
            for widget, dx, dy in ((self.away_label, 0, 0), (self.away_menu, label_w, 0),
                                   (self.server_label, 0, px(46)),
                                   (self.server_entry, label_w, px(46))):
                widget.set_relative_position((x + dx, y + dy))

    def rows(self) -> list[tuple[str, pygame.Rect]]:
        return list(zip(self.civs, seat_rects(self, len(self.civs)), strict=True))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.away_menu and event.text in AWAY_CHOICES:
                self.away = event.text
            for civ, menu in self.menus.items():
                if event.ui_element is menu:
                    self.kinds[civ] = event.text
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.open:
                self.open_table()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def open_table(self) -> None:
        if self.hosted is not None:
            return
        self.server = self.server_entry.get_text().strip()
        if self.server:
            try:
                url = server_url(self.server)
            except ValueError as err:
                self.error = str(err).capitalize()
                return
            self._lobby(Link(url), self.server, None)
            return
        folder, scratch = hosted_folder(self.app.persist_settings)
        self.error = ""
        self.hosted = HostedServer(folder, scratch=scratch, only=set())  # no older game
        self.open.disable()

    def update(self, dt: float) -> None:
        hosted = self.hosted
        if hosted is None or not (hosted.address or hosted.error):
            return  # the server is starting on its thread
        if not hosted.address:
            self.error = f"The table cannot open: {hosted.error}"
            hosted.stop()
            self.hosted = None
            self.open.enable()
            return
        port = hosted.bound_port
        self.hosted = None  # the lobby's now
        self._lobby(Link(f"ws://127.0.0.1:{port}"), f"{lan_address()}:{port}", hosted)

    def _lobby(self, link: Link, address: str, hosted: HostedServer | None) -> None:
        """Create the game through `link`; the lobby takes it from there."""
        seats = [self.kinds[c].split(": ", 1)[1] if self.kinds[c].startswith("Bot: ") else ""
                 for c in self.civs]
        link.send(message("create", game_version=game_version(), seats=seats, lobby=True,
                          away_limit=AWAY_CHOICES[self.away],
                          **create_fields(self.config, self.map_id)))
        here = [c for c in self.civs if self.kinds[c] == HERE]
        self.app.replace(LobbyScene(self.app, link, address=address, hosted=hosted, here=here,
                                    creating=True))

    def exit(self) -> None:
        super().exit()
        if self.hosted is not None:
            self.hosted.stop()
            self.hosted = None

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.theme)
        t, px = self.theme, self.px
        w, _ = surface.get_size()
        title(surface, t, "Host a network game", (px(40), px(24)), size=38)
        text = ("Each seat is open for a player to join from their own machine, played by a "
                "person here at this screen, or by a bot. The table's server runs in this "
                "client, or on a server you name below (python -m game serve).")
        y = text_block(surface, t, text, (px(40), px(100)), w // 2 - px(140), size=15,
                       colour=Palette.text_dim)
        y += px(112)
        for fact in [*game_facts(self.config, self.map_name),
                     "The server draws a secret seed: nobody can know the decks' order."]:
            y += text_block(surface, t, fact, (px(40), y), w // 2 - px(140), size=14,
                            colour=Palette.text) + px(2)
        self._place_controls(y)
        if self.error:
            text_block(surface, t, self.error, (px(40), y + px(12)), w // 2 - px(140),
                       size=15, colour=Palette.bad, role="bold")
        elif self.hosted is not None:
            surface.blit(t.text("Opening the table…", 15, Palette.gold_light),
                         (px(40), y + px(12)))
        civs = load_game_data().civilizations
        rows = self.rows()
        if rows:
            surface.blit(t.text("Seats — who plays each", 17, Palette.gold_light, "bold"),
                         (rows[0][1].x, rows[0][1].y - px(32)))
        for civ, rect in rows:
            panel(surface, rect.inflate(px(8), px(4)), t, fill=Palette.panel_light, radius=6)
            data = civs[civ]
            civ_badge(surface, t, civ, data.emblem, (rect.x + px(14), rect.centery), px(24))
            name = t.text(data.name, 15, Palette.text, "bold")
            surface.blit(name, (rect.x + px(34), rect.centery - name.get_height() // 2))
