"""The lobby of a network game: where it is hosted and its join code, whether the connection is
encrypted, each seat (open, a person — here or away — or a bot) and who has joined. A player
who joined takes an open seat or watches; the host starts the game when ready (seats still open
go to bots). Everything comes from the server's messages, read once a frame: the screen never
waits on the network."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from game.bots import PLAY_LEVEL
from game.core import GameConfig, MapGraph, StateError, from_plain, load_game_data
from game.net.link import HostedServer, Link, lan_address
from game.net.mirror import read_events
from game.net.protocol import message, spaced
from game.net.wire import read_map
from game.persist import game_version
from game.persist.lasttable import LastTable, remember_table

from ..draw import backdrop, civ_badge, panel, title, wrap
from ..map.offered import map_for, map_title
from ..scene import Scene
from ..seat.net import NetSession, TableSeat, read_table, start_session
from ..theme import Palette
from ..words.prompts import log_lines

if TYPE_CHECKING:
    from ..app import App


def seat_rects(scene: Scene, count: int) -> list[pygame.Rect]:
    """Where the seats' rows go: right of the middle, in two columns when one does not fit,
    rows made lower when even two do not (18 seats on a small window at a large UI scale)."""
    px = scene.px
    w, h = scene.app.screen.get_size()
    x, top, row, gap = w // 2 - px(60), px(150), px(32), px(6)
    room = h - px(82) - top  # above the buttons at the bottom
    fits = max(1, (room + gap) // (row + gap))
    columns = 1 if count <= fits else 2
    per = max(1, (count + columns - 1) // columns)
    if per * (row + gap) - gap > room:
        gap = px(3)
        row = max(px(20), (room + gap) // per - gap)
    width = min(px(560), (w - x - px(40) - px(16) * (columns - 1)) // columns)
    return [pygame.Rect(x + (i // per) * (width + px(16)), top + (i % per) * (row + gap), width,
                        row) for i in range(count)]


def game_facts(config: GameConfig, map_name: str) -> list[str]:
    """The game the host chose, one line each (on the host's screen and in the lobby);
    `map_name` as a player reads it (offered.map_title)."""
    data = load_game_data()
    rules = data.rulesets.get(config.ruleset)
    last = f"the game ends after turn {config.last_turn}" if config.last_turn else \
        "no last turn: the rules end the game"
    return [f"{len(config.players)} players, set-up {config.setup} · "
            f"{rules.name if rules else config.ruleset}",
            f"A.S.T. {config.ast_side} side · {last}",
            f"Map {map_name or 'the installed one'} · Events "
            f"{'on' if config.events is not None else 'off'} · "
            f"{'open bargaining' if config.open_bargaining else 'sealed trade offers'}"]


STATUS_X = 150  # where a row's status (or its menu) starts, at UI scale 1


def minutes(seconds: int) -> str:
    """'1 minute', '3 minutes', '90 seconds'."""
    if seconds % 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    count = seconds // 60
    return f"{count} minute{'s' if count != 1 else ''}"


def away_rule(limit: int) -> str:
    """The table's rule for seats away, in a player's words."""
    if not limit:
        return "A player away: their seat waits (a player may hand it to a bot)"
    return f"A player away {minutes(limit)}: a bot plays their seat until they return"


def tell_past(session: NetSession, past: list[Any], local: list[str]) -> None:
    """The story so far as the server told it to a seat coming back: the log, and what the
    others did since each own seat's last decision ("Since your last turn")."""
    graph = session.state.map
    since: dict[str, list[Any]] = {pid: [] for pid in local}
    lines = []
    for step in past:
        turn, phase, mover, plain = step
        events = read_events(plain)
        lines += log_lines(events, int(turn), str(phase), graph)
        for pid in local:
            if mover == pid:
                since[pid] = []
            else:
                since[pid].extend(events)
    session.log[:0] = lines
    session.since = {pid: news[-20000:] for pid, news in since.items() if news}
    session._log_at[session.at] = len(session.log)


def seat_keys_path() -> Path:
    from game.persist.paths import data_dir

    return data_dir() / "net-seats.json"


def host_again(app: App, code: str) -> None:
    """Host again a game this client hosted before (kept in hosted/<code>/): its server starts
    in this client with that game alone, the lobby connects once it listens, and this
    client's players are back at their seats with the tokens it kept."""
    from game.net.hosted import hosted_root

    hosted = HostedServer(hosted_root(), only={code})
    app.push(LobbyScene(app, None, address="", code=code, hosted=hosted))


class LobbyScene(Scene):
    name = "lobby"

    def __init__(self, app: App, link: Link | None, *, address: str, code: str = "",
                 hosted: HostedServer | None = None, here: list[str] | None = None,
                 backlog: list[dict[str, Any]] | None = None, creating: bool = False,
                 rejoin: bool = False) -> None:
        """`creating`: this client created the game (on its own `hosted` server or another)
        and is its host; `here`: the seats it plays at this machine. With `hosted` and a
        `code` (and no link yet), the game is hosted again: see `host_again`. `rejoin`: back
        to the seats this client kept the tokens of, at once (Continue)."""
        super().__init__(app)
        self.link: Link | None = link
        self.hosted = hosted
        self.creating = creating or (hosted is not None and not code)
        self.resuming = hosted is not None and bool(code) and link is None
        self.awaiting: set[str] = set()  # seats asked back with a kept token, not yet answered
        self.address = address  # as the others type it
        self.code = code
        self.host_token = ""  # this client hosts the table: it may start it, hand seats
        self.watch_code = ""  # the host's: spectators watch with it once the game is under way
        if code and not self.creating and app.persist_settings:  # the host, back again
            from game.net.seatkeys import host_key_for

            self.host_token = host_key_for(seat_keys_path(), code)
        self.here = list(here or [])  # the host's seats played at this machine, to join
        self.backlog = list(backlog or [])
        self.local: list[str] = []
        self.tokens: dict[str, str] = {}  # each own seat's secret, given once at join
        self.kept: dict[str, str] | None = None  # tokens kept on disk for this game
        self.graph: MapGraph | None = None
        self.config: GameConfig | None = None  # the game's choices, as the host made them
        self.views: dict[str | None, dict[str, Any]] = {}
        self.at = 0
        self.started = False
        self.tls = False
        self.table: dict[str, TableSeat] = {}
        self.order: list[str] = []
        self.error = ""
        self.take_buttons: dict[UIButton, str] = {}
        self._take_key: tuple[str, ...] | None = None
        # the host's seat buttons: reserve a seat, cancel a reservation, remove a player
        self.seat_buttons: dict[UIButton, tuple[str, str]] = {}  # button -> (seat, what)
        self._seat_key: tuple[tuple[str, str], ...] | None = None
        self.invites: dict[str, str] = {}  # the host's: each reserved seat's seat code
        self.past: list[Any] = []  # the story so far, told by the server to a seat back
        self.table_info: dict[str, Any] = {}  # the newest table message
        if rejoin and link is not None and code:
            link.send(message("watch", game_version=game_version(), code=code))
            self._resume_kept(link)

    def _resume_kept(self, link: Link) -> None:
        """Back to every seat this client kept the token of."""
        for seat, token in self.kept_tokens().items():
            self.tokens[seat] = token
            self.awaiting.add(seat)
            link.send(message("resume", game_version=game_version(), code=self.code,
                              seat=seat, token=token))

    def powers(self) -> str:
        """This client's seat that holds the host's powers while the host is away ("")."""
        seat = self.table_info.get("powers")
        return seat if isinstance(seat, str) and seat in self.local else ""

    @property
    def hosting(self) -> bool:
        """This client hosts the table: it made it now, or kept the host's token from when
        it did."""
        return self.creating or bool(self.host_token)

    # -- widgets ------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.screen.get_size()
        px = self.px
        m, c = self.app.manager, self.container
        bw = px(200)
        self.back = UIButton(pygame.Rect(px(40), h - px(70), px(160), px(44)),
                             "Close the table" if self.hosted else "Leave", m, container=c,
                             tool_tip_text="Back to the main menu" + (
                                 ": the game stops for everyone" if self.hosted else ""))
        # the host's, or the player's who stands in for an away host
        self.start: UIButton | None = UIButton(
            pygame.Rect(w - px(40) - bw, h - px(70), bw, px(44)), "Start the game", m,
            container=c, tool_tip_text="Seats still open are played by bots",
            object_id=pygame_gui.core.ObjectID(object_id="#start", class_id="@primary"))
        if not self.hosting:
            self.start.hide()
        self.watch = UIButton(pygame.Rect(w - px(40) - bw, h - px(70), bw, px(44)),
                              "Watch the game", m, container=c,
                              tool_tip_text="See the game as a spectator (only what everyone "
                                            "may see)")
        self.watch.hide()
        self.watching = False  # chosen to watch a game under way instead of rejoining
        self.closing = False  # asked to close a table others have joined: asked once more
        self.take_buttons = {}
        self._take_key = None
        self.seat_buttons = {}
        self._seat_key = None
        # a seat the host reserved opens with the seat code the host gave (issue 38)
        self.seat_code = UITextEntryLine(
            pygame.Rect(px(220), h - px(64), px(260), px(34)), m, container=c,
            placeholder_text="Seat code from the host")
        self.seat_code.set_text_length_limit(20)
        self.seat_code.hide()

    def rejoin_offered(self) -> bool:
        """A game under way in which this client kept the token of a seat its player left."""
        return bool(self.started and not self.local and not self.creating and not self.watching
                    and any(self.table.get(s) and self.table[s].taken and not self.table[s].here
                            for s in self.kept_tokens()))

    def seat_rows(self) -> list[tuple[str, pygame.Rect]]:
        return list(zip(self.order, seat_rects(self, len(self.order)), strict=True))

    def kept_tokens(self) -> dict[str, str]:
        """Seat tokens this client kept for this game (to rejoin after a restart)."""
        if self.kept is None:
            self.kept = {}
            if self.app.persist_settings and self.code:
                from game.net.seatkeys import keys_for

                self.kept = keys_for(seat_keys_path(), self.code)
        return self.kept

    def _keep_take_buttons(self) -> None:
        """A joining player (not the host who just made the table: its seats are taken for it)
        takes one open seat, comes back to the seat they left (with the token this client
        kept), or stays watching."""
        offers: tuple[str, ...] = ()
        if not (self.creating or self.local or self.link is None):
            kept = self.kept_tokens()
            offers = tuple(s for s in self.order
                           if (self.table[s].kind == "open" and not self.started
                               and (s not in self.reserved() or not self.hosting))
                           or (s in kept and self.table[s].taken and not self.table[s].here))
        if offers == self._take_key:
            return
        for button in self.take_buttons:
            button.kill()
        self.take_buttons = {}
        self._take_key = offers
        px = self.px
        for seat, rect in self.seat_rows():
            if seat in offers:
                text = "Rejoin" if self.table[seat].taken else "Take this seat"
                button = UIButton(pygame.Rect(rect.right - px(130), rect.y + px(3), px(124),
                                              rect.height - px(6)), text,
                                  self.app.manager, container=self.container)
                self.take_buttons[button] = seat

    def reserved(self) -> set[str]:
        """The seats the host reserved (only their seat code opens them)."""
        return {s for s, d in self.table_info.get("seats", {}).items()
                if isinstance(d, dict) and d.get("reserved") is True}

    def _seat_offers(self) -> tuple[tuple[str, str], ...]:
        """What the host may do with each seat in the lobby: reserve an open seat, open a
        reserved one to all again, remove a player who took a seat."""
        if not (self.host_token and self.link is not None) or self.started:
            return ()
        reserved = self.reserved()
        own = set(self.local) | set(self.tokens) | set(self.kept_tokens()) | set(
            self._take_key or ())  # this client's seats, and those it offers to take
        offers = []
        for seat in self.order:
            known = self.table[seat]
            if seat in own:
                continue
            if known.kind == "open":
                offers.append((seat, "open" if seat in reserved else "reserve"))
            elif known.kind == "person":
                offers.append((seat, "remove"))
        return tuple(offers)

    def _keep_seat_buttons(self) -> None:
        offers = self._seat_offers()
        if offers == self._seat_key:
            return
        for button in self.seat_buttons:
            button.kill()
        self.seat_buttons = {}
        self._seat_key = offers
        px = self.px
        rows = dict(self.seat_rows())
        words = {"reserve": ("Reserve", "Keep this seat for someone: you get a seat code to "
                             "pass on, and only that code opens the seat"),
                 "open": ("Open to all", "Cancel the reservation: anyone with the join code "
                          "may take the seat"),
                 "remove": ("Remove", "Take the seat from this player: it is open again, and "
                            "their old seat key no longer opens it")}
        for seat, what in offers:
            rect = rows[seat]
            text, tip = words[what]
            button = UIButton(pygame.Rect(rect.right - px(130), rect.y + px(3), px(124),
                                          rect.height - px(6)), text, self.app.manager,
                              container=self.container, tool_tip_text=tip)
            self.seat_buttons[button] = (seat, what)

    def seat_action(self, seat: str, what: str) -> None:
        """The host reserves `seat`, opens it to all again, or removes its player."""
        if self.link is None or not self.host_token:
            return
        if what == "reserve":
            self.link.send(message("reserve", code=self.code, seat=seat,
                                   host_token=self.host_token))
        else:
            self.invites.pop(seat, None)
            self.link.send(message("remove", code=self.code, seat=seat, level="",
                                   host_token=self.host_token))

    # -- events -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.back:
                self.leave()
            elif el is self.start:
                self.start_game()
            elif el is self.watch:
                self.watching = True
            elif el in self.seat_buttons:
                self.seat_action(*self.seat_buttons[el])
            elif el in self.take_buttons and self.link is not None:
                seat = self.take_buttons[el]
                token = self.kept_tokens().get(seat)
                if token and self.table[seat].taken:
                    self.tokens[seat] = token
                    self.link.send(message("resume", game_version=game_version(),
                                           code=self.code, seat=seat, token=token))
                elif seat in self.reserved():
                    typed = self.seat_code.get_text().strip().upper()
                    if not typed:
                        self.error = ("The host reserved this seat: type the seat code the "
                                      "host gave you, then take the seat.")
                    else:
                        self.link.send(message("join", game_version=game_version(),
                                               code=self.code, seat=seat, invite=typed))
                else:
                    self.link.send(message("join", game_version=game_version(),
                                           code=self.code, seat=seat))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()

    def start_game(self) -> None:
        if self.link is None or self.started or not (self.host_token or self.powers()):
            return
        who = {"host_token": self.host_token} if self.host_token else {"by": self.powers()}
        self.link.send(message("start", code=self.code, level=PLAY_LEVEL, **who))

    def leave(self) -> None:
        """Back to the main menu; closing a table this client serves, which others have
        joined, asks first (a second press)."""
        others = [s for s, known in self.table.items()
                  if known.taken and s not in self.local]
        if self.hosted is not None and others and not self.closing:
            self.closing = True
            self.back.set_text("Close it for all")
            return
        self.app.reset_to(self.app.make("menu"))

    def exit(self) -> None:
        super().exit()
        self.close()

    def close(self) -> None:
        """The connection and a hosted server end (unless handed on to the game)."""
        if self.link is not None:
            self.link.close()
            self.link = None
        if self.hosted is not None:
            self.hosted.stop()
            self.hosted = None

    # -- messages -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.resuming:
            self._connect_again()
        if self.link is None:
            return
        messages, self.backlog = self.backlog + self.link.received(), []
        for msg in messages:
            try:
                self.take(msg)
            except (KeyError, TypeError, ValueError, StateError) as err:
                self.error = f"The server sent what this client cannot read: {err}"
        self._keep_take_buttons()
        self._keep_seat_buttons()
        wants_code = not self.hosting and not self.started and bool(self.reserved())
        if wants_code != bool(self.seat_code.visible):
            self.seat_code.show() if wants_code else self.seat_code.hide()
        if self.start is not None:
            if self.started or not (self.host_token or self.powers()) or self.link is None:
                self.start.disable()
            else:
                self.start.enable()
            shown = not self.started and (self.hosting or bool(self.powers()))
            if shown != bool(self.start.visible):  # in Watch's place once under way
                self.start.show() if shown else self.start.hide()
        offered = self.rejoin_offered()
        if offered != self.watch.visible:
            self.watch.show() if offered else self.watch.hide()
        if self.started and self.link is not None and self.table and not self.awaiting \
                and not offered:
            self.enter_game()

    def _connect_again(self) -> None:
        """A game hosted again: once its server listens, watch it and take back this
        client's seats."""
        hosted = self.hosted
        if hosted is None or not (hosted.address or hosted.error):
            return  # the server is starting on its thread
        self.resuming = False
        if not hosted.address:
            self.error = f"The table cannot open: {hosted.error}"
            return
        port = hosted.bound_port
        self.address = f"{lan_address()}:{port}"
        self.link = Link(f"ws://127.0.0.1:{port}")
        self.link.send(message("watch", game_version=game_version(), code=self.code))
        self._resume_kept(self.link)

    def take(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind in ("created", "joined") and msg.get("watch_code"):
            self.watch_code = str(msg["watch_code"])
        if kind == "created":
            self.code, self.host_token = msg["code"], msg["host_token"]
            assert self.link is not None
            if self.app.persist_settings:  # kept to start or hand seats after a restart
                from game.net.seatkeys import HOST, keep_key

                keep_key(seat_keys_path(), self.code, HOST, self.host_token)
            for seat in self.here:
                self.link.send(message("join", game_version=game_version(), code=self.code,
                                       seat=seat))
            self.link.send(message("watch", game_version=game_version(), code=self.code))
        elif kind == "joined":
            self.code = msg["code"]
            if self.graph is None:
                self.graph = read_map(msg["map"])
            self.tls = bool(msg.get("tls"))
            seat = msg["seat"]
            self.awaiting.discard(seat)
            past = msg.get("past")
            if isinstance(past, list) and len(past) > len(self.past):
                self.past = past
            if seat is not None and seat not in self.local:
                self.local.append(seat)
                if msg.get("token"):  # given once: kept to come back after a restart
                    self.tokens[seat] = str(msg["token"])
                    if self.app.persist_settings:
                        from game.net.seatkeys import keep_key

                        keep_key(seat_keys_path(), self.code, seat, self.tokens[seat])
        elif kind == "update":
            self.views[msg["seat"]] = msg["view"]
            if self.config is None:
                self.config = from_plain(GameConfig, msg["view"]["config"], "view.config")
            self.at = max(self.at, int(msg["at"]))
            self.started = self.started or bool(msg["started"])
        elif kind == "reserved":  # to the host: the seat code to pass on
            self.invites[str(msg["seat"])] = str(msg["invite"])
        elif kind == "table":
            self.table = read_table(msg)
            self.table_info = msg
            self.order = list(self.table)
            self.started = self.started or bool(msg["started"])
        elif kind == "refused":
            self.error = f"The server refused: {msg.get('reason', '')}"
            if msg.get("to") == "resume":  # a seat not given back: the others may be
                self.awaiting.clear()
        elif kind == "lost":
            self.error = f"Connection lost: {msg.get('reason', '')}"
            if self.link is not None:
                self.link.close()
                self.link = None

    def enter_game(self) -> None:
        """The game has started: the game screen takes over the connection (and the server)."""
        wanted: list[str | None] = [*self.local] or [None]  # no seat here: a spectator
        if self.graph is None or any(seat not in self.views for seat in wanted):
            return  # its first views are on their way
        found = map_for(self.graph.id)
        if found is None:
            self.error = f"The map {self.graph.id!r} of this game is not installed here"
            return
        _, geometry = found
        assert self.link is not None
        views = {seat: self.views[seat] for seat in wanted}
        session = start_session(self.link, self.code, self.graph, list(self.local), views,
                                self.table, self.at, address=self.address, tls=self.tls,
                                host_token=self.host_token, hosted=self.hosted,
                                tokens=dict(self.tokens),
                                keep_replays=self.app.persist_settings)
        session.table_info = self.table_info
        if self.past and self.local:
            tell_past(session, self.past, list(self.local))
        if self.app.persist_settings and self.local:
            remember_table(LastTable("" if self.hosted is not None else self.address,
                                     self.code, list(self.local),
                                     hosted=self.hosted is not None))
        self.link, self.hosted = None, None  # the game's now: not closed with the lobby
        self.app.reset_to(self.app.make("net game", session, geometry))

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.theme)
        t, px = self.theme, self.px
        w, h = surface.get_size()
        title(surface, t, "Network game", (px(40), px(24)), size=38)
        left = px(40)
        y = px(96)
        if self.code:
            surface.blit(t.text("Join code", 15, Palette.text_dim), (left, y))
            surface.blit(t.text(spaced(self.code), 40, Palette.gold_light, "bold"),
                         (left, y + px(20)))
            if self.watch_code and self.hosting:  # beside it: for spectators only
                surface.blit(t.text("Watch code (for spectators)", 15,
                                    Palette.text_dim), (left + px(280), y))
                surface.blit(t.text(spaced(self.watch_code), 28, Palette.text, "bold"),
                             (left + px(280), y + px(26)))
            y += px(80)
        surface.blit(t.text("Address", 15, Palette.text_dim), (left, y))
        surface.blit(t.text(self.address or "…", 20, Palette.text, "bold"), (left, y + px(20)))
        y += px(56)
        if self.code:
            secure, colour = ("Encrypted connection (TLS)", Palette.good) if self.tls else \
                ("Plain connection: not encrypted", Palette.text_dim)
            surface.blit(t.text(secure, 15, colour), (left, y))
            y += px(28)
        from ..draw import text_block

        if self.config is not None:
            for fact in game_facts(self.config, map_title(self.graph.name, self.graph.id)
                                   if self.graph else ""):
                y += text_block(surface, t, fact, (left, y), w // 2 - px(120), size=14,
                                colour=Palette.text) + px(2)
            limit = self.table_info.get("away_limit")
            if isinstance(limit, int):
                y += text_block(surface, t, away_rule(limit) + ".", (left, y), w // 2 - px(120),
                                size=14, colour=Palette.text) + px(2)
            y += px(8)
        lines = []
        if self.hosting and self.code and self.started:
            lines.append("Tell the others the address and the code: in Calamitas they choose "
                         "Join in the main menu.")
        if self.rejoin_offered():
            lines.append("The game is under way. Rejoin the seat you left, or watch.")
        elif not self.hosting and not self.local and self.code:
            lines.append("You are watching. Take an open seat to play it, or wait for the "
                         "host to start and watch the game.")
        elif self.local and not self.hosting:
            lines.append("Waiting for the host to start the game.")
        if self.hosting and self.code and not self.started:
            lines.append("Tell the others the address and the code (Join in the main menu); "
                         "start the game when everyone is in: open seats go to bots.")
            lines.append("Reserve a seat to keep it for someone: pass on its seat code, the "
                         "only way to take it. Remove takes a seat back from whoever took it.")
        elif self.powers() and not self.started:
            lines.append("The host is away: you may start the game for the table when "
                         "everyone is in (seats still open are played by bots).")
        if not self.table and not self.error:
            lines.append("Opening the table…")

        width = w // 2 - px(120)
        rows = self.seat_rows()
        if rows:  # below the seats when the left column has no room left (a large UI scale)
            below = max(r.bottom for _, r in rows) + px(20)
            need = sum(len(wrap(t, line, width, 14, "italic")) for line in lines) \
                * t.font("italic", 14).get_linesize() + px(8) * len(lines)
            if y + need > h - px(82) and below + need <= h - px(82):
                left, y, width = rows[0][1].x, below, rows[0][1].width
        for line in lines:
            y += text_block(surface, t, line, (left, y), width, size=14,
                            colour=Palette.text_dim, role="italic") + px(8)
        if self.closing:
            y += text_block(surface, t, "Closing the table ends the game for everyone who "
                            "joined: press again to close it.", (left, y), width, size=15,
                            colour=Palette.bad, role="bold") + px(8)
        if self.error:
            text_block(surface, t, self.error, (left, y + px(8)), width, size=15,
                       colour=Palette.bad, role="bold")
        self.draw_seats(surface)

    def draw_seats(self, surface: pygame.Surface) -> None:
        t, px = self.theme, self.px
        rows = self.seat_rows()
        if not rows:
            return
        civs = load_game_data().civilizations
        head = t.text("Seats", 17, Palette.gold_light, "bold")
        surface.blit(head, (rows[0][1].x, rows[0][1].y - px(32)))
        for seat, rect in rows:
            known = self.table[seat]
            panel(surface, rect.inflate(px(8), px(4)), t, fill=Palette.panel_light, radius=6)
            civ = civs.get(seat)
            if civ is not None:
                civ_badge(surface, t, seat, civ.emblem, (rect.x + px(14), rect.centery), px(24))
            name = t.text(civ.name if civ else seat, 15, Palette.text, "bold")
            surface.blit(name, (rect.x + px(34), rect.centery - name.get_height() // 2))
            status, colour = self.status(seat, known)
            room = rect.right - px(STATUS_X) - rect.x - px(6)
            size = next((n for n in (14, 12) if t.font("regular", n).size(status)[0] <= room), 11)
            text = t.text(status, size, colour)
            surface.blit(text, (rect.x + px(STATUS_X), rect.centery - text.get_height() // 2))

    def status(self, seat: str, known: TableSeat) -> tuple[str, tuple[int, int, int]]:
        if known.kind == "bot":
            return (f"Bot: {known.level}", Palette.text_dim)
        if known.kind == "open" and seat in self.invites:
            return (f"Reserved: seat code {self.invites[seat]}", Palette.gold)
        if known.kind == "open" and seat in self.reserved():
            return ("Reserved", Palette.gold)
        if known.kind == "open":
            return ("Open", Palette.gold)
        if seat in self.local:
            return ("Here (you)", Palette.good)
        return ("Joined" if known.here else "Away", Palette.good if known.here else Palette.bad)
