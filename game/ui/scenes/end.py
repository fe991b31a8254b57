"""End of the game: final scores with the victory-point breakdown, and charts of census,
cities and victory points per turn, drawn here from the session's history; with the Events
module on, each player's events (taken, played, struck by, VP won), counted from a replay of
the whole game once it is over."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.core import event_counts, load_game_data
from game.persist import ReplayCursor, ReplayError, SavedGame

from ..draw import backdrop, civ_badge, panel, title, wrap
from ..panels.players import public_vp
from ..scene import Scene
from ..seat.session import Session, TurnRecord
from ..theme import Palette, civ_colour
from ..words.ended import ended_words
from ..words.summary import EventTally

if TYPE_CHECKING:
    from ..app import App

CHARTS = (("census", "Census"), ("cities", "Cities"), ("vp", "Victory points"))
PAGES = ("Charts", "Events")
EVENT_COLUMNS = (("Taken", "taken"), ("Played", "played"), ("Struck by", "struck"),
                 ("Event VP", "vp"))
COUNT_BUDGET = 0.02  # seconds a frame may spend replaying the game to count its events


def scoreboard(session: Session) -> list[dict[str, object]]:
    """One row per player, winner first: the breakdown of their victory points (public)."""
    data = load_game_data()
    n = data.ast_numbers
    view = session.view_for(None)
    final = session.final_scores
    scores = {p.id: public_vp(p, view) for p in view.players}
    rows = []
    for p in view.players:
        ast = p.ast * n["vp_per_step"]
        adv = sum(data.advances[a].vp for a in p.advances)
        city = p.cities * n["vp_per_city"]
        total = max(scores[p.id], final.get(p.id, 0))  # the core's total has any end bonus
        rows.append({"player": p.id, "ast_steps": p.ast, "ast": ast, "advances": adv,
                     "cities": p.cities, "city_points": city,
                     "bonus": total - scores[p.id], "total": total})
    rank = {p.id: i for i, p in enumerate(view.players)}
    rows.sort(key=lambda r: (-int(r["total"]), -int(r["ast_steps"]),  # type: ignore[call-overload]
                             -int(r["cities"]), rank[str(r["player"])]))  # type: ignore[call-overload]
    return rows


class EndScene(Scene):
    name = "end"

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.rows = scoreboard(session)
        self.game: SavedGame | None = None  # the whole game, for the replay
        self.kept = session.replay_path is not None  # said by the game screen already
        self.events_on = session.state.config.events is not None
        self.page = 0  # the right column: the charts, or (Events module on) the events
        self.tally: EventTally | None = None  # the players' events, once counted
        self._counting: tuple[ReplayCursor, EventTally] | None = None
        self.count_error = ""

    def build(self) -> None:
        px = self.px
        w, h = self.app.screen.get_size()
        self.back = UIButton(pygame.Rect(w - px(220), h - px(64), px(190), px(44)), "Main menu",
                             self.app.manager, container=self.container,
                             object_id=pygame_gui.core.ObjectID(object_id="#end_menu",
                                                                class_id="@primary"))
        self.look = UIButton(pygame.Rect(w - px(420), h - px(64), px(190), px(44)), "See the board",
                             self.app.manager, container=self.container)
        self.replay = UIButton(pygame.Rect(w - px(620), h - px(64), px(190), px(44)),
                               "Watch the replay", self.app.manager, container=self.container,
                               tool_tip_text="The whole game again from its start, every "
                                             "hand and deck shown as it was")
        self.pages: list[UIButton] = []
        if self.events_on:  # the right column shows the charts or the players' events
            x = w - px(30) - px(130) * len(PAGES)
            for i, text in enumerate(PAGES):
                b = UIButton(pygame.Rect(x + i * px(130), px(62), px(124), px(36)), text,
                             self.app.manager, container=self.container,
                             object_id=pygame_gui.core.ObjectID(object_id=f"#end_page_{i}",
                                                                class_id="@tab"))
                self.pages.append(b)
            self.pages[self.page].select()
        self._offer_replay()

    def set_page(self, index: int) -> None:
        if not self.pages:
            return
        self.pages[self.page].unselect()
        self.page = index % len(PAGES)
        self.pages[self.page].select()

    def _count_events(self) -> None:
        """Replay the finished game a slice per frame, counting each player's events."""
        if not self.events_on or self.tally is not None or self.game is None or \
                self.count_error:
            return
        if self._counting is None:
            try:
                cursor = ReplayCursor(self.game)
            except ReplayError as err:
                self.count_error = str(err)
                return
            self._counting = (cursor, EventTally.of(self.game.state.players))
        cursor, tally = self._counting
        stop = time.perf_counter() + COUNT_BUDGET
        while not cursor.at_end and time.perf_counter() < stop:
            tally.add(cursor.forward(), cursor.state)
        if cursor.at_end:
            deck = self.game.state.eventdeck
            tally.bonus(deck.bonus_vp if deck is not None else {})
            self.tally, self._counting = tally, None
            self.count_error = cursor.error

    def _offer_replay(self) -> None:
        """The replay, once the whole game is here (a network game's comes from the server
        just after its end)."""
        if self.game is None:
            self.game = self.session.finished_game()
        if self.game is None:
            self.replay.hide()
        elif not self.replay.visible:
            self.replay.show()
        if not self.kept and self.session.replay_path is not None:
            self.kept = True
            self.app.notify("The game is kept among the replays: Load, then Watch replay")

    def update(self, dt: float) -> None:
        self.session.keep_up()
        self._offer_replay()
        self._count_events()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.reset_to(self.app.make("menu"))
            elif event.ui_element is self.look:
                self.app.pop()
            elif event.ui_element is self.replay and self.game is not None:
                self.app.make("watch", self.game)
            elif event.ui_element in self.pages:
                self.set_page(self.pages.index(event.ui_element))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and self.pages:
            self.set_page(self.page + 1)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        px = self.px
        backdrop(surface, t)
        w, h = surface.get_size()
        state = self.session.state
        head = "Final scores" if state.game_over else f"Standings after turn {state.turn - 1}"
        title(surface, t, head, (px(40), px(24)), size=38)
        why = ended_words(state.ended_by)
        if why:
            surface.blit(t.text(f"The game ended: {why}", 15, Palette.text_dim, "italic"),
                         (px(42), px(76)))
        data = load_game_data()
        table = pygame.Rect(px(30), px(108), min(px(620), w // 2 - px(40)), h - px(190))
        panel(surface, table, t, radius=10)
        cols = (("A.S.T.", "ast"), ("Advances", "advances"), ("Cities", "city_points"),
                ("Bonus", "bonus"), ("Total", "total"))
        y = table.y + px(10)
        rights, x0 = self._heads(surface, [label for label, _ in cols], y,
                                 table.right - px(10), px(78), table.width * 2 // 3)
        y += px(24)
        row_h = min(px(34), (table.height - px(44)) // max(1, len(self.rows)))
        for place, row in enumerate(self.rows, 1):
            pid = str(row["player"])
            civ = data.civilizations[pid]
            if place == 1:
                pygame.draw.rect(surface, (70, 58, 30),
                                 pygame.Rect(table.x + px(6), y - px(2), table.width - px(12),
                                             row_h), border_radius=px(5))
            surface.blit(t.text(f"{place}.", 15, Palette.text_dim), (table.x + px(12), y + px(4)))
            civ_badge(surface, t, pid, civ.emblem, (table.x + px(52), y + row_h // 2 - px(2)),
                      min(px(26), row_h - px(4)))
            name = self.session.seats[pid].name if pid in self.session.seats else civ.name
            img = t.text(name, 15, Palette.text, "bold")  # cut short before the figures
            surface.blit(img, (table.x + px(72), y + px(4)),
                         pygame.Rect(0, 0, x0 - table.x - px(76), img.get_height()))
            for right, (_, key) in zip(rights, cols, strict=True):
                value = row[key]
                colour = Palette.gold_light if key == "total" else Palette.text
                img = t.text(str(value), 15, colour, "bold" if key == "total" else "regular")
                surface.blit(img, (right - img.get_width(), y + px(4)))
            y += row_h
        # the charts
        cx = table.right + px(24)
        cw_total = w - cx - px(30)
        if self.page == 1:
            self.events_table(surface, pygame.Rect(cx, px(108), cw_total, h - px(190)))
            return
        ch = (h - px(190) - px(24)) // len(CHARTS)
        for k, (key, label) in enumerate(CHARTS):
            rect = pygame.Rect(cx, px(108) + k * (ch + px(12)), cw_total, ch)
            self.chart(surface, rect, key, label)

    def _heads(self, surface: pygame.Surface, labels: list[str], y: int, right: int,
               least: int, most: int) -> tuple[list[int], int]:
        """A table's figure-column heads drawn at `y`, right-aligned on columns ending at
        `right`: each `least` wide, or, if that takes more than `most`, only as wide as its
        head (a large UI scale). Returns the columns' right edges and where the names end."""
        heads = [self.theme.text(label, 13, Palette.text_dim, "bold") for label in labels]
        widths = [max(img.get_width() + self.px(12), least) for img in heads]
        if sum(widths) > most:
            widths = [img.get_width() + self.px(10) for img in heads]
        rights = [right - sum(widths[i + 1:]) for i in range(len(widths))]
        for edge, img in zip(rights, heads, strict=True):
            surface.blit(img, (edge - img.get_width(), y))
        return rights, rights[0] - heads[0].get_width() - self.px(10)

    def events_table(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Each player's events over the game, in the order of the scores."""
        t = self.theme
        px = self.px
        panel(surface, rect, t, radius=8)
        surface.blit(t.text("Events", 16, Palette.gold_light, "bold"),
                     (rect.x + px(12), rect.y + px(8)))
        if self.tally is None:
            why = (self.count_error or ("Counting the events of the game…" if self.game else
                   "Each player's events are shown once the game is over."))
            surface.blit(t.text(why, 14, Palette.text_dim, "italic"),
                         (rect.x + px(12), rect.y + px(40)))
            return
        y = rect.y + px(40)
        rights, x0 = self._heads(surface, [label for label, _ in EVENT_COLUMNS], y,
                                 rect.right - px(12), px(86), rect.width * 3 // 5)
        y += px(26)
        data = load_game_data()
        notes = [line for note in (
            "Taken: cards taken from the display. Played: private events played from the hand.",
            "Struck by: event cards that cost them tokens, cities, ships, treasury or an A.S.T. "
            "step, or marked their cities. Event VP: victory points won by events.")
            for line in wrap(t, note, rect.width - px(24), 12, "italic")]
        room = rect.bottom - y - px(16) - len(notes) * px(18) - px(30)
        row_h = min(px(30), room // max(1, len(self.rows)))
        told = room // max(1, len(self.rows)) >= px(48)  # room for each one's cards
        if told:
            row_h = min(px(52), room // max(1, len(self.rows)))
        for row in self.rows:
            pid = str(row["player"])
            civ = data.civilizations[pid]
            civ_badge(surface, t, pid, civ.emblem, (rect.x + px(24), y + px(13)),
                      min(px(24), row_h - px(4)))
            name = self.session.seats[pid].name if pid in self.session.seats else civ.name
            img = t.text(name, 14, Palette.text, "bold")
            surface.blit(img, (rect.x + px(44), y + px(3)),
                         pygame.Rect(0, 0, x0 - rect.x - px(50), img.get_height()))
            stats = self.tally.stats.get(pid)
            for right, (_, key) in zip(rights, EVENT_COLUMNS, strict=True):
                value = getattr(stats, key) if stats is not None else 0
                img = t.text(str(value), 14, Palette.text if value else Palette.text_faint)
                surface.blit(img, (right - img.get_width(), y + px(3)))
            story = stats.story() if told and stats is not None else ""
            if story:
                lines = wrap(t, story, rect.right - px(56) - rect.x, 12, "italic")
                surface.blit(t.text(lines[0] + (" …" if len(lines) > 1 else ""), 12,
                                    Palette.text_dim, "italic"), (rect.x + px(44), y + px(24)))
            y += row_h
        assert self.game is not None
        counts = event_counts(self.game.state)
        left = sum(counts["unpicked"].values())
        cancelled = sum(counts["cancelled"].values())
        y += px(10)
        surface.blit(t.text(f"Left unpicked on the display: {left} · cancelled: {cancelled}",
                            13, Palette.text_dim), (rect.x + px(12), y))
        y = rect.bottom - px(12) - len(notes) * px(18)
        for note in notes:
            surface.blit(t.text(note, 12, Palette.text_faint, "italic"), (rect.x + px(12), y))
            y += px(18)

    def chart(self, surface: pygame.Surface, rect: pygame.Rect, key: str, label: str) -> None:
        t = self.theme
        px = self.px
        panel(surface, rect, t, radius=8)
        surface.blit(t.text(label, 14, Palette.gold_light, "bold"),
                     (rect.x + px(10), rect.y + px(6)))
        history: list[TurnRecord] = self.session.history
        if len(history) < 1:
            return
        series: dict[str, list[int]] = {}
        for rec in history:
            for pid, value in getattr(rec, key).items():
                series.setdefault(pid, []).append(value)
        top = max((max(v) for v in series.values() if v), default=1) or 1
        plot = pygame.Rect(rect.x + px(40), rect.y + px(28), rect.width - px(54),
                           rect.height - px(48))
        for frac in (0.0, 0.5, 1.0):
            yy = plot.bottom - frac * plot.height
            pygame.draw.line(surface, (60, 52, 40), (plot.x, yy), (plot.right, yy))
            img = t.text(str(round(top * frac)), 11, Palette.text_faint)
            surface.blit(img, (plot.x - img.get_width() - px(6), yy - img.get_height() // 2))
        n = len(history)
        turns = [rec.turn for rec in history]
        for i, turn in enumerate(turns):
            if n <= 12 or i % max(1, n // 10) == 0:
                x = plot.x + (i / max(1, n - 1)) * plot.width
                img = t.text(str(turn), 11, Palette.text_faint)
                surface.blit(img, (x - img.get_width() // 2, plot.bottom + px(3)))
        for pid, values in series.items():
            pts = [(plot.x + (i / max(1, n - 1)) * plot.width,
                    plot.bottom - (v / top) * plot.height) for i, v in enumerate(values)]
            if len(pts) >= 2:
                pygame.draw.lines(surface, civ_colour(pid), False, pts, max(2, px(2)))
            elif pts:
                pygame.draw.circle(surface, civ_colour(pid), pts[0], px(3))
