"""Join a network game: the host's address and the join code; the lobby then shows the seats
to take one, or to watch. A wrong code, an address nobody answers at or a server that goes away
gives one line here, and the screen stays."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from game.net.link import Link, server_url
from game.net.protocol import CODE_ALPHABET, CODE_LENGTH, OLD_CODE_LENGTH, message
from game.persist import game_version

from ..draw import backdrop, text_block, title
from ..scene import Scene
from ..theme import Palette

if TYPE_CHECKING:
    from ..app import App


def read_code(text: str) -> str:
    """The join code as typed (any case, spaces and dashes ignored); ValueError if it is not
    one."""
    code = "".join(c for c in text.upper() if c not in " -")
    if len(code) not in (CODE_LENGTH, OLD_CODE_LENGTH) or any(c not in CODE_ALPHABET
                                                              for c in code):
        raise ValueError(f"a join code is {CODE_LENGTH} letters and digits, as the host shows it")
    return code


class JoinScene(Scene):
    name = "join"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.link: Link | None = None
        self.seen: list[dict[str, Any]] = []
        self.address = ""
        self.code = ""
        self.error = ""
        if app.persist_settings:  # filled in with the last table this client sat at
            from game.persist.lasttable import last_table

            known = last_table()
            if known is not None and known.address:
                self.address, self.code = known.address, known.code

    def build(self) -> None:
        w, h = self.app.screen.get_size()
        px = self.px
        m, c = self.app.manager, self.container
        left, label_w, row = px(40), px(150), px(36)
        y = px(200)
        UILabel(pygame.Rect(left, y, label_w, row), "Host's address", m, container=c)
        self.address_entry = UITextEntryLine(pygame.Rect(left + label_w, y, px(320), row), m,
                                             container=c, initial_text=self.address)
        self.address_entry.set_text_length_limit(120)
        self.address_entry.set_tooltip("As the host's lobby shows it, e.g. 192.168.1.20:7417")
        y += row + px(14)
        UILabel(pygame.Rect(left, y, label_w, row), "Join code", m, container=c)
        self.code_entry = UITextEntryLine(pygame.Rect(left + label_w, y, px(200), row), m,
                                          container=c, initial_text=self.code)
        self.code_entry.set_text_length_limit(16)
        self.error_y = y + row + px(24)
        self.back = UIButton(pygame.Rect(left, h - px(70), px(160), px(44)), "Back", m,
                             container=c)
        self.connect = UIButton(pygame.Rect(w - px(240), h - px(70), px(200), px(44)),
                                "Join", m, container=c,
                                tool_tip_text="Connect, then take an open seat or watch",
                                object_id=pygame_gui.core.ObjectID(object_id="#join",
                                                                   class_id="@primary"))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.connect:
                self.join()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.join()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def join(self, address: str | None = None, code: str | None = None) -> None:
        """Connect to the game (the entries' text unless given)."""
        if self.link is not None:
            return
        self.address = (address if address is not None else self.address_entry.get_text()).strip()
        typed = code if code is not None else self.code_entry.get_text()
        try:
            url = server_url(self.address)
            self.code = read_code(typed)
        except ValueError as err:
            self.error = str(err).capitalize()
            return
        self.error = ""
        self.seen = []
        self.link = Link(url)
        self.link.send(message("watch", game_version=game_version(), code=self.code))
        self.connect.disable()

    def update(self, dt: float) -> None:
        link = self.link
        if link is None:
            return
        for msg in link.received():
            kind = msg.get("type")
            if kind in ("refused", "lost"):
                reason = str(msg.get("reason", ""))
                self.error = f"Cannot join: {reason}"
                self._drop()
                return
            self.seen.append(msg)
            if kind == "table":
                self.link = None  # the lobby's now
                self.app.replace(self.app.make("lobby", link, address=self.address,
                                            code=self.code, backlog=self.seen))
                return

    def _drop(self) -> None:
        if self.link is not None:
            self.link.close()
            self.link = None
        self.connect.enable()

    def exit(self) -> None:
        super().exit()
        if self.link is not None:
            self.link.close()
            self.link = None

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.theme)
        t, px = self.theme, self.px
        w, _ = surface.get_size()
        title(surface, t, "Join a network game", (px(40), px(24)), size=38)
        text_block(surface, t, "The host opens the table from New game, Host a network game, "
                   "and reads you its address (like 192.168.1.20:7417) and its join code (eight "
                   "letters and digits). You then take an open seat, or "
                   "watch the game as a spectator (who sees only what everyone may see).",
                   (px(40), px(100)), min(px(640), w - px(80)), size=15,
                   colour=Palette.text_dim)
        y = getattr(self, "error_y", px(320))
        if self.error:
            text_block(surface, t, self.error, (px(40), y), min(px(640), w - px(80)), size=15,
                       colour=Palette.bad, role="bold")
        elif self.link is not None:
            surface.blit(t.text("Connecting…", 15, Palette.gold_light), (px(40), y))
