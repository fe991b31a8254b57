"""The game screen for a network game: the local game screen, with the moves of the other
seats coming from the server where bots' moves come from in a local game, and a strip on the
map that says where the game is hosted, whose decision everyone waits for and for how long,
who is away, and (for the host) a button to let a bot play an away player's seat."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.bots import PLAY_LEVEL
from game.net.mirror import PRIVATE_KINDS, SOMEONE

from ..draw import panel
from ..seat.net import NetSession
from ..seat.ruin import ruin_warning
from ..theme import Palette
from .game import GameScene

if TYPE_CHECKING:
    from game.maps.files import MapGeometry

    from ..app import App
    from ..input import Intent
    from ..panels import Ctx


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
        return ruin_warning(self.session.state, who, label, playable=False)

    def _keep_loss_plan(self) -> None:
        self.losses.close()  # the per-area plan tries picks on the full state: not here

    def exit(self) -> None:
        super().exit()
        self.net.close()

    def build(self) -> None:
        super().build()
        self.hand_buttons = {}
        self._hand_key = ()

    # -- the host's hand-over buttons -----------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.hand_buttons:
            seat, level = self.hand_buttons[event.ui_element]
            if seat:
                self.net.hand_to_bot(seat, level)
            else:
                self.net.reconnect()
            return
        super().handle(event)

    def _hand_offers(self) -> list[tuple[str, str]]:
        """(seat, level) the host may hand over now: an away person's seat to a bot, a seat a
        bot keeps for its player back to them; ("", "") after a drop: reconnect."""
        if self.net.lost:
            return [("", "")]
        if not self.net.host_token:
            return []
        offers = []
        for seat, known in self.net.table.items():
            if known.kind == "person" and not known.here:
                offers.append((seat, PLAY_LEVEL))
        return offers

    def _keep_hand_buttons(self, top: int) -> int:
        offers = tuple(self._hand_offers())
        if offers != self._hand_key:
            for button in self.hand_buttons:
                button.kill()
            self.hand_buttons = {}
            self._hand_key = offers
            px = self.px
            y = top
            for seat, level in offers:
                name = self.session.seats[seat].name if seat in self.session.seats else seat
                text, tip = (f"A bot plays {name}", f"{name} is away: a {level} bot plays "
                             "the seat until its player rejoins") if seat else (
                    "Reconnect", "Back to your seat at the same table")
                button = UIButton(pygame.Rect(self.map_rect.x + px(12), y, px(230), px(28)),
                                  text, self.app.manager, container=self.container,
                                  tool_tip_text=tip)
                self.hand_buttons[button] = (seat, level)
                y += px(32)
        return len(offers) * self.px(32)

    # -- the strip --------------------------------------------------------------------------------
    def strip_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        net = self.net
        lines = []
        where = f"Network game {net.code}"
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
            lines.append((f"Waiting for {name}: {clock(net.waited())}", Palette.text))
        away = [self.session.seats[s].name for s, t in net.table.items()
                if t.kind == "person" and not t.here and s in self.session.seats]
        if away:
            lines.append((f"Away: {', '.join(away)}", Palette.bad))
        kept = [self.session.seats[s].name for s, t in net.table.items()
                if t.kind == "bot" and t.taken and s in self.session.seats]
        if kept:
            lines.append((f"A bot plays for {', '.join(kept)} until they rejoin",
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
        box = pygame.Rect(self.map_rect.x + px(8), self.map_rect.y + px(8), width,
                          len(lines) * step + px(12))
        panel(surface, box, t, fill=(30, 26, 20), radius=6)
        y = box.y + px(6)
        for text, colour in lines:
            surface.blit(t.text(text, 13, colour), (box.x + px(10), y))
            y += step
        self._keep_hand_buttons(box.bottom + px(6))
