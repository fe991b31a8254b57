"""The game screen for a network game: the local game screen, with the moves of the other
seats coming from the server where bots' moves come from in a local game, and a strip on the
map that says where the game is hosted, whose decision everyone waits for and for how long,
who is away and when a bot takes their seat, and (for every player seated here) a button to
let a bot play an away player's seat. Leaving asks first, and says what happens to the table.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.bots import PLAY_LEVEL
from game.net.mirror import PRIVATE_KINDS, SOMEONE
from game.net.protocol import message, spaced

from ..draw import panel, text_block, title
from ..seat.missed import missed_city_warning
from ..seat.net import NetSession
from ..seat.ruin import ruin_warning
from ..theme import Palette
from .game import GameScene
from .gamemenu import GameMenuScene
from .lobby import minutes

if TYPE_CHECKING:
    from game.maps.files import MapGeometry

    from ..app import App
    from ..input import Intent
    from ..panels import Ctx


REMOVE = "remove"  # a host's offer: remove the seat's player, a bot plays it from now on


def _offer_words(name: str, level: str, host: bool) -> tuple[str, str]:
    """A hand-over button's text and tool tip, in a player's words."""
    if level == REMOVE:
        return (f"Remove {name}", f"Take the seat from {name}'s player: a bot plays it from "
                "now on, and the player cannot come back to it")
    if not level:
        return (f"Give {name} back", f"{name}'s player may come back to the seat; the bot "
                "plays it until they do")
    until = "until you give it back" if host else "until its player rejoins"
    return (f"A bot plays {name}", f"{name} is away: a {level} bot plays the seat {until}")


def clock(seconds: float) -> str:
    """'0:42', '12:05', '1:02:09'."""
    s = int(seconds)
    hours, rest = divmod(s, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{s // 60}:{s % 60:02d}"


# While another seat's private decision is open (a window for private events, or Cancellation's
# reaction), everyone else reads the same wait, naming nobody: only holders are asked (issue 37).
PRIVATE_WAIT = "Waiting while private events may be played"
PRIVATE_PROMPT = "Private events may be played now — waiting"


class NetGameScene(GameScene):
    name = "net_game"

    def __init__(self, app: App, session: NetSession, geometry: MapGeometry) -> None:
        super().__init__(app, session, geometry)
        self.net = session
        self.hand_buttons: dict[UIButton, tuple[str, str]] = {}  # button -> (seat, level)
        self._hand_key: tuple[tuple[str, str], ...] = ()
        self.dropped: tuple[int, str] | None = None  # (action count, the drop's target pick)
        self._table_seen: dict[str, Any] | None = None  # the table message last read
        self._table_at = 0.0  # when it came (for how long the away seats have been away)
        self._hand_top = -1  # where the hand-over buttons were put
        self.strip_rect = pygame.Rect(0, 0, 0, 0)
        self._forgotten = False  # the last table forgotten, the game being over

    # -- the seam: the server moves the game where a local game's bots would ------------------
    def _run_bots(self, dt: float) -> None:
        if self.net.receive():
            self.changed(by_bot=True)
            self._follow_drop()
            if not self.session.bot_to_act():  # one's own turn came: skipping ends
                self.skip_to_human = False

    def _drop(self, intent: Intent) -> None:
        """A drag from one area to another: the source is picked now, the target once the
        server has answered with the next decision (the options after a pick are the
        server's to know; while dragging, its answer to a try lights the targets)."""
        assert self.drag is not None and self.mapview is not None
        source, after = self.drag
        target = self.mapview.area_at(intent.pos)
        if intent.amount and target and target != source:
            self.drag = None
            if after and f"area:{target}" not in after:
                self.app.notify("Drop the tokens on a lit area")
            elif self.pick(f"area:{source}"):
                self.dropped = (self.net.at, f"area:{target}")
            return
        super()._drop(intent)

    def _follow_drop(self) -> None:
        if self.dropped is None or self.net.at <= self.dropped[0]:
            return
        label = self.dropped[1]
        self.dropped = None
        if self.session.human_to_act() == self.viewer and label in self.labels():
            self.pick(label)
        else:
            self.app.notify("Drop the tokens on a lit area")

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.drag is not None and not self.drag[1]:  # the server's answer lights targets
            found = self.net.tried.get((self.net.at, f"area:{self.drag[0]}"))
            if found:
                self.drag = (self.drag[0], found)
        if self.net.problem:
            self.app.notify(self.net.problem, 8.0)
            self.net.problem = ""
        if self.session.state.game_over and not self._forgotten:
            self._forgotten = True  # Continue does not take the player back to a game over
            if self.app.persist_settings:
                from game.persist.lasttable import forget_table

                forget_table(self.net.code)

    def private_wait(self) -> bool:
        """Another seat's private decision is open: whose it is, is not shown."""
        pending = self.session.state.pending
        return (pending is not None and not self.session.state.game_over
                and pending.kind in PRIVATE_KINDS and pending.player not in self.net.local)

    def _prompt(self, ctx: Ctx, labels: set[str]) -> tuple[str, str]:
        if not labels and self.private_wait():
            return (PRIVATE_PROMPT, "")
        return super()._prompt(ctx, labels)

    def warning(self, who: str, label: str) -> str:
        # the drawing of the game cannot be played on: the tax warning reads the decision's
        # detail, which the view holds, and a city is counted from the board as it is
        state = self.session.state
        return ruin_warning(state, who, label, playable=False) or \
            missed_city_warning(state, who, label, playable=False)

    def _keep_loss_plan(self) -> None:
        self.losses.close()  # the per-area plan tries picks on the full state: not here

    def exit(self) -> None:
        super().exit()
        self.net.close()

    def open_menu(self) -> None:
        self.app.push(NetGameMenuScene(self.app, self))

    def skip_offered(self) -> bool:
        """"Skip to my turn" plays nothing faster while the table waits for a person who is
        away (nobody decides until they return or a bot takes the seat): not offered then."""
        return not self.waiting_on_away()

    def waiting_on_away(self) -> bool:
        pending = self.session.state.pending
        known = self.net.table.get(pending.player) if pending is not None else None
        return known is not None and known.kind == "person" and not known.here

    def leave_words(self) -> str:
        """What happens to the table when this player leaves it, for the question asked."""
        limit = self.away_limit()
        seats = "your seat" if len(self.net.local) == 1 else "your seats"
        if self.net.hosted is not None:
            return ("This window runs the table's server: leaving closes the table, and the "
                    "game stops for everyone. It is kept: Continue (or Load) in the main menu "
                    "hosts it again, and the others rejoin then.")
        if not self.net.local:
            return "You are watching: the table plays on without you."
        after = (f"after {minutes(limit)} away, a bot plays {seats} until you return"
                 if limit else f"the others may hand {seats} to a bot until you return")
        host = (" The host's powers pass to a player still at the table."
                if self.net.host_token else "")
        return (f"The table plays on: {after}. Continue in the main menu takes you back."
                f"{host}")

    def away_limit(self) -> int:
        limit = self.net.table_info.get("away_limit")
        return limit if isinstance(limit, int) else 0

    def away_left(self, seat: str) -> float | None:
        """Seconds until a bot plays `seat`, away now (None: no bot comes on its own)."""
        limit = self.away_limit()
        info = self.net.table_info.get("seats", {}).get(seat)
        if not limit or not isinstance(info, dict):
            return None
        if self.net.table_info is not self._table_seen:
            self._table_seen, self._table_at = self.net.table_info, time.monotonic()
        away = float(info.get("away") or 0.0) + time.monotonic() - self._table_at
        return max(0.0, limit - away)

    def build(self) -> None:
        super().build()
        self.hand_buttons = {}
        self._hand_key = ()

    # -- the host's hand-over buttons -----------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.hand_buttons:
            seat, level = self.hand_buttons[event.ui_element]
            if seat and level == REMOVE:
                self.remove(seat)
            elif seat:
                self.hand(seat, level)
            else:
                self.net.reconnect()
            return
        super().handle(event)

    def hand(self, seat: str, level: str) -> None:
        """A bot plays `seat`: asked with the host's token, or as a player seated here."""
        if self.net.host_token:
            self.net.hand_to_bot(seat, level)
        elif self.net.local and self.net.link is not None:
            self.net.link.send(message("hand", code=self.net.code, seat=seat, level=level,
                                       by=self.net.local[0]))

    def remove(self, seat: str) -> None:
        """Host: whoever holds `seat` loses it (their token opens it no more); a bot plays it
        from now on."""
        if self.net.host_token and self.net.link is not None:
            self.net.link.send(message("remove", code=self.net.code, seat=seat,
                                       host_token=self.net.host_token, level=PLAY_LEVEL))

    def _hand_offers(self) -> list[tuple[str, str]]:
        """(seat, level) this client may hand over now (the host, or any player seated here):
        an away person's seat to a bot; the host also removes a player here (REMOVE) and
        gives a seat a bot keeps back to its player (""); ("", "") after a drop: reconnect."""
        if self.net.lost:
            return [("", "")]
        if not (self.net.host_token or self.net.local):
            return []
        offers = []
        for seat, known in self.net.table.items():
            if seat in self.net.local:
                continue
            if known.kind == "person" and not known.here:
                offers.append((seat, PLAY_LEVEL))
            elif known.kind == "person" and self.net.host_token:
                offers.append((seat, REMOVE))
            elif known.kind == "bot" and known.taken and self.net.host_token:
                offers.append((seat, ""))
        return offers

    def _keep_hand_buttons(self, top: int) -> int:
        offers = tuple(self._hand_offers())
        if offers == self._hand_key and top != self._hand_top:  # the strip grew or moved
            for i, button in enumerate(self.hand_buttons):
                button.set_relative_position((self.map_rect.x + self.px(12),
                                              top + i * self.px(32)))
        self._hand_top = top
        if offers != self._hand_key:
            for button in self.hand_buttons:
                button.kill()
            self.hand_buttons = {}
            self._hand_key = offers
            px = self.px
            y = top
            for seat, level in offers:
                name = self.session.seats[seat].name if seat in self.session.seats else seat
                text, tip = _offer_words(name, level, bool(self.net.host_token)) if seat else (
                    "Reconnect", "Back to your seat at the same table")
                button = UIButton(pygame.Rect(self.map_rect.x + px(12), y, px(230), px(28)),
                                  text, self.app.manager, container=self.container,
                                  tool_tip_text=tip)
                self.hand_buttons[button] = (seat, level)
                y += px(32)
        return len(offers) * self.px(32)

    # -- the strip --------------------------------------------------------------------------------
    def strip_top(self) -> int:
        """The strip keeps below what the game screen puts at the map's top left: the event
        display, and "Since your last turn" while it is shown."""
        top = self.map_rect.y + self.px(8)
        if self.eventrow.shown():
            top = max(top, self.eventrow.rect.bottom + self.px(8))
        if self.news.lines:
            top = max(top, self.news.rect.bottom + self.px(8))
        return top

    def strip_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        net = self.net
        lines = []
        where = f"Network game {spaced(net.code)}"
        if net.address:
            where += f" at {net.address}"
        lines.append((where, Palette.gold_light))
        if not net.tls:
            lines.append(("Plain connection: not encrypted", Palette.text_dim))
        if net.lost:
            lines.append(("Not connected: reconnect to play on", Palette.bad))
        pending = self.session.state.pending
        if self.private_wait() and not net.lost:
            lines.append((f"{PRIVATE_WAIT}: {clock(net.waited())}", Palette.text))
        elif pending is not None and not self.session.state.game_over and not net.lost \
                and pending.player not in net.local and pending.player != SOMEONE:
            seat = self.session.seats.get(pending.player)
            name = seat.name if seat else pending.player
            left = self.away_left(pending.player) if self.waiting_on_away() else None
            if pending.kind == "event_play":  # whom a private window asks is theirs to know
                lines.append((f"Waiting: {clock(net.waited())}", Palette.text))
            elif self.waiting_on_away() and left is not None:
                lines.append((f"Waiting for {name}, who is away: a bot plays for them in "
                              f"{clock(left)}", Palette.text))
            elif self.waiting_on_away():
                lines.append((f"Waiting for {name}, who is away: a player may hand the "
                              "seat to a bot", Palette.text))
            else:
                lines.append((f"Waiting for {name}: {clock(net.waited())}", Palette.text))
        away = [self.session.seats[s].name for s, t in net.table.items()
                if t.kind == "person" and not t.here and s in self.session.seats]
        if away:
            lines.append((f"Away: {', '.join(away)}", Palette.bad))
        powers = net.table_info.get("powers")
        if isinstance(powers, str) and powers in net.local:
            lines.append(("The host is away: you hold the host's powers", Palette.text_dim))
        kept = [self.session.seats[s].name for s, t in net.table.items()
                if t.kind == "bot" and t.taken and s in self.session.seats]
        if kept and net.host_token:
            lines.append((f"A bot plays for {', '.join(kept)} until you give the seat back",
                          Palette.text_dim))
        elif kept:
            lines.append((f"A bot plays for {', '.join(kept)} until they rejoin (or, if the "
                          "host gave the seat to the bot, until the host gives it back)",
                          Palette.text_dim))
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.curtain_for:
            return
        t = self.theme
        px = self.px
        lines = self.strip_lines()
        width = max(t.font("regular", 13).size(text)[0] for text, _ in lines) + px(20)
        step = t.font("regular", 13).get_linesize()
        box = pygame.Rect(self.map_rect.x + px(8), self.strip_top(), width,
                          len(lines) * step + px(12))
        self.strip_rect = box
        panel(surface, box, t, fill=(30, 26, 20), radius=6)
        y = box.y + px(6)
        for text, colour in lines:
            surface.blit(t.text(text, 13, colour), (box.x + px(10), y))
            y += step
        self._keep_hand_buttons(box.bottom + px(6))


class NetGameMenuScene(GameMenuScene):
    """The game menu of a network game: Main menu asks first, saying what happens to the
    table when this player leaves it."""

    def __init__(self, app: App, game: NetGameScene) -> None:
        super().__init__(app, game)
        self.net_game = game
        self.asking = False
        self.ask_buttons: dict[str, UIButton] = {}
        self.ask_box = pygame.Rect(0, 0, 0, 0)

    def choose(self, key: str) -> None:
        if key == "menu" and not self.asking:
            self.ask()
            return
        super().choose(key)

    def ask(self) -> None:
        self.asking = True
        for button in self.buttons.values():
            button.hide()
        self.name_entry.hide()
        px = self.px
        w, h = self.app.screen.get_size()
        self.ask_box = box = pygame.Rect(0, 0, min(w - px(40), px(520)),
                                         min(h - px(20), px(300)))
        box.center = (w // 2, h // 2)
        m, c = self.app.manager, self.container
        y, half = box.bottom - px(64), (box.width - px(60)) // 2
        self.ask_buttons = {
            "stay": UIButton(pygame.Rect(box.x + px(20), y, half, px(44)), "Stay", m,
                             container=c),
            "leave": UIButton(pygame.Rect(box.right - px(20) - half, y, half, px(44)),
                              "Leave the table", m, container=c,
                              object_id=pygame_gui.core.ObjectID(object_id="#leave_table",
                                                                 class_id="@primary")),
        }

    def stay(self) -> None:
        self.asking = False
        for button in self.ask_buttons.values():
            button.kill()
        self.ask_buttons = {}
        for button in self.buttons.values():
            button.show()
        self.name_entry.show()

    def handle(self, event: pygame.event.Event) -> None:
        if self.asking and event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.ask_buttons.get("leave"):
                self.asking = False
                super().choose("menu")
            elif event.ui_element is self.ask_buttons.get("stay"):
                self.stay()
            return
        if self.asking and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stay()
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.asking:
            super().draw(surface)
            return
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        t, px, box = self.theme, self.px, self.ask_box
        panel(surface, box, t, fill=(30, 26, 20), radius=12)
        title(surface, t, "Leave the table?", (box.centerx, box.y + px(22)), size=28,
              center=True)
        text_block(surface, t, self.net_game.leave_words(), (box.x + px(24), box.y + px(80)),
                   box.width - px(48), size=15, colour=Palette.text)
