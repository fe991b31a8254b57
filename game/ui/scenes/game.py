"""The game screen: the map, the phase track, the side panels, the decision bar, the trade
window and the hot-seat curtain. Humans act through the controller; bots act at a pace the
animation-speed setting sets; everything shown comes from the seated player's PlayerView."""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.core import (
    Event,
    EventCardTaken,
    EventCardUnpicked,
    PlayerView,
    calamity_in_play,
    load_game_data,
    public_pending,
)
from game.maps.files import MapGeometry

from ..anim import AnimQueue, Stage, copy_board
from ..cards.events import card_tooltip
from ..draw import civ_badge, tooltip
from ..input import InputMap, Intent
from ..map.markers import MarkerLayer, regions_of
from ..map.view import MapView
from ..panels import Ctx, Panel
from ..panels.advances import AdvancesPanel
from ..panels.ast import AstPanel
from ..panels.coach import CoachPanel, clear_of_coach, coach_update
from ..panels.confirm import ConfirmBox
from ..panels.decision import WHY_TIP, DecisionBar
from ..panels.events import FACE_DOWN as FACE_DOWN_LABEL
from ..panels.events import EventRow, event_tip
from ..panels.hand import HandPanel
from ..panels.log import LogPanel
from ..panels.losses import LossBox
from ..panels.news import NewsBox
from ..panels.players import PlayersPanel
from ..panels.side import draw_side, place_side, play_layout
from ..panels.topbar import TopBar
from ..panels.trade import TradeWindow
from ..scene import Scene
from ..seat.controller import TRADE_KINDS, HumanController
from ..seat.lesson import coach_for
from ..seat.losses import LossPlan
from ..seat.missed import GO as MISSED_GO
from ..seat.missed import HEADING as MISSED_HEADING
from ..seat.missed import missed_city_warning
from ..seat.pace import BOT_DELAY, bot_hurry
from ..seat.ruin import ruin_warning
from ..seat.session import Session
from ..seat.thinking import Thinker, level_line
from ..theme import Palette
from ..words.advances import ShopWatch
from ..words.asking import PLAY, QUIET, answer_for, quiet_label, silence
from ..words.asking import asking as event_asking
from ..words.cause import cause_line, decision_places
from ..words.howto import page_for, pages
from ..words.log import LogLine
from ..words.options import Options
from ..words.prompts import label_name, question
from ..words.prompts import names as place_names
from ..words.summary import summary_lines

if TYPE_CHECKING:
    from ..app import App

TABS = ("You", "Advances", "A.S.T.", "Table", "Log")
BOT_WAIT = 0.004  # seconds a frame waits for a bot's pick before drawing on without it
PAN_SPEED = 700  # pixels per second with an arrow key held
LOAD_ZOOM_STEPS = 4  # a loaded game opens on the person's civilization, zoomed in at most this


class GameScene(Scene):
    name = "game"

    def __init__(self, app: App, session: Session, geometry: MapGeometry) -> None:
        super().__init__(app)
        self.session = session
        self.geometry = geometry
        self.controller = HumanController(session)
        self.input = InputMap()
        humans = session.humans()
        self.viewer: str | None = humans[0] if len(humans) == 1 else None
        self.curtain_for: str | None = None
        self.tab = 0
        self.version = 0
        self.bot_clock = 0.0
        self.fast_bots = False
        self.skip_to_human = False  # bots at full speed until a person must decide
        self.bots_held = False  # bots wait (the self-test, while a screenshot's map is drawn)
        self.mouse = (0, 0)
        self.hover_area: str | None = None
        self.drag: tuple[str, list[str]] | None = None  # (source area, options after picking it)
        self.drag_pos = (0, 0)
        self.panning = False
        self.ended = False
        self._view: tuple[object, PlayerView] | None = None
        self.mapview: MapView | None = None
        self.camera: tuple[int, float, float] | None = None  # the view kept over a rebuild
        self.anims: AnimQueue | None = None
        self.last_board = copy_board(session.state.board)  # the board the last batch left
        self.thinker = Thinker()
        if any(not s.human and s.level == "hard" for s in session.seats.values()):
            self.thinker.searcher.start()  # its start-up with the game's, not in a bot's turn
        self.framed = -1  # the decision (session.moves) the camera last went to
        # While an animation plays, the panels show the game as it stood before the batch it
        # shows: the view then, and the log lines then; not once a person is asked to act
        # (catch_up).
        self.held: PlayerView | None = None
        self.held_log = 0
        self.log_mark = len(session.log)  # the log's length after the last batch
        self.news = NewsBox(app.theme)
        self.confirm = ConfirmBox(app.theme)
        self.losses = LossBox(app.theme)
        self.eventrow = EventRow(app.theme)  # the Event Action's display over the map
        self.markers = MarkerLayer(app.theme)  # the Events module's markers on the map
        self.acted = len(session.record.actions) if session.record else 0  # actions seen
        self.quiet_answered: tuple[int, str] | None = None  # the last window answered for
        self.asked: tuple[int, str | None] | None = None  # the person's decision last shown
        # a game that was under way when this screen opened (loaded, or a seat joined)
        self.loaded = bool(session.record and session.record.actions)
        self.shops: dict[str, ShopWatch] = {}  # each person's phase 12, told when it passes
        self.notes: dict[str, list[str]] = {}  # per person: told with the next news
        self._shop_notes([])  # a game loaded in phase 12
        self.coach = coach_for(session)  # Learn to play: the lesson's coach (issue 39)
        self.coach_panel = CoachPanel(app.theme)

    def enter(self) -> None:
        super().enter()
        # What is loaded now (map, rules data, sprites, the state) lives as long as the game:
        # kept out of the collector's full passes, which would otherwise stall a frame for
        # tens of milliseconds now and then.
        gc.collect()
        gc.freeze()

    def exit(self) -> None:
        gc.unfreeze()  # this game's leftovers may be collected again
        super().exit()

    # -- layout and widgets -------------------------------------------------------------------
    def build(self) -> None:
        px = self.px
        w, h = self.app.screen.get_size()
        bottom = px(140)
        if self.theme.scale > 1:  # the prompt wraps into more lines: room for one more
            bottom += self.theme.font("regular", 14).get_linesize()
        top, self.map_rect, self.side_rect = play_layout(self.theme, (w, h), bottom)
        if self.mapview is None or self.mapview.theme is not self.theme:
            self.mapview = MapView(self.geometry, self.session.state.map, self.theme,
                                   players=len(self.session.state.players))
            self.mapview.base.overview()  # made once now rather than in the middle of play
            self.mapview.set_viewport(self.map_rect)
            if self.camera is not None:  # remade for a new UI scale: the player's view stays
                self.mapview.set_camera(self.camera)
            else:  # a game loaded or joined: the person's civilization; else everyone's
                board = self.session.state.board
                own = self._own_areas() if self.loaded else []
                if own:
                    self.mapview.focus(own, most=LOAD_ZOOM_STEPS)
                else:
                    self.mapview.focus(sorted(set(board.tokens) | set(board.cities)))
            self.camera = None
            self.anims = AnimQueue(Stage(self.mapview, self.geometry, self.session.state.map,
                                         self.theme))
        self.mapview.set_viewport(self.map_rect)
        assert self.anims is not None
        self.anims.stage.hand_rect = self.side_rect  # where cards fly to
        self._animation_settings()
        self.topbar = TopBar(self.theme)
        self.topbar.rect = pygame.Rect(0, 0, w, top)
        self.panels: list[Panel] = [HandPanel(self.theme), AdvancesPanel(self.theme),
                                    AstPanel(self.theme), PlayersPanel(self.theme),
                                    LogPanel(self.theme)]
        m, c = self.app.manager, self.container
        self.tab_buttons = place_side(self.theme, self.side_rect, self.panels, TABS, m, c, "tab",
                                      self.tab)
        log = self.panels[4]
        assert isinstance(log, LogPanel)
        log.lines = self.session.log  # the same list: new lines show as they come
        self.news.theme = self.theme
        self.confirm.close()  # its buttons went with the old widgets
        self.confirm.theme = self.theme
        self.losses.theme = self.theme
        self.eventrow.theme = self.theme
        self.markers.theme = self.theme
        self.decision = DecisionBar(self.theme)
        self.decision.rect = pygame.Rect(0, h - bottom, self.map_rect.width, bottom)
        self.trade = TradeWindow(self.theme)
        self.trade.place(self.map_rect)
        self.coach_panel = CoachPanel(self.theme)  # its button went with the old widgets
        self.menu_button = UIButton(pygame.Rect(w - px(84), px(6), px(76), top - px(12)), "Menu",
                                    m, container=c, tool_tip_text="Save, rules, settings, quit",
                                    object_id=pygame_gui.core.ObjectID(object_id="#game_menu",
                                                                       class_id="@tab"))
        self.version += 1

    def rebuild(self) -> None:
        self.camera = self.mapview.camera() if self.mapview is not None else None
        self.mapview = None
        super().rebuild()

    # -- what the screen shows ----------------------------------------------------------------
    def shown_player(self) -> str | None:
        """Whose view the screen shows: the seated human; with no humans, whoever acts."""
        if not self.session.humans():
            return self.session.acting or self.viewer
        return self.viewer

    def view(self) -> PlayerView:
        who = self.shown_player()
        key = (self.version, who)
        if self._view is None or self._view[0] != key:
            self._view = (key, self.session.view_for(who))
        return self._view[1]

    def labels(self) -> list[str]:
        """Options the screen may offer: only the seated human's own, never through a curtain."""
        who = self.session.human_to_act()
        if who is None or who != self.viewer or self.curtain_for:
            return []
        return self.session.options()

    def holding(self) -> bool:
        """An animation plays, and the panels show the game as it stood before it."""
        held = self.held
        return (held is not None and self.anims is not None and self.anims.busy
                and held.viewer == self.shown_player())

    def shown_log(self) -> list[LogLine]:
        return self.session.log[:self.held_log] if self.holding() else self.session.log

    def catch_up(self) -> None:
        """The one place where what the panels show catches up with the game, before each
        frame is drawn. While an animation plays they may show the game as it stood before it
        (`held`); when it ends they are drawn anew, and as soon as a person is asked to act
        (`decision_shown`) everything is built from the view they act on."""
        asked = (self.session.moves, self.viewer) if self.labels() else None
        if asked is not None and asked != self.asked:
            self.asked = asked
            self.decision_shown()
        elif self.held is not None and not self.holding():
            self.held = None
            self.version += 1  # every panel drawn again from the view

    def decision_shown(self) -> None:
        """A person is asked to act: the You and Table panels, the events hand, "Recently",
        the trade window's partner buttons and the decision bar's options are made from the
        view they act on, at once, even while the map still plays what came before; and what
        the others did since their last decision comes up ("Since your last turn")."""
        self.held = None
        self.version += 1  # the view is read again; every panel's drawing is made anew
        self.trade.clear()  # its buttons name partners with their hand sizes: made anew
        who = self.viewer
        if who is not None:
            news = summary_lines(self.session.since.pop(who, []), who, self.session.state.map)
            news = self.notes.pop(who, []) + news
            if news:
                self.news.show(news)

    def ctx(self) -> Ctx:
        view = self.held if self.holding() and self.held is not None else self.view()
        labels = self.labels()
        pending = self.session.state.pending
        names = {pid: seat.name for pid, seat in self.session.seats.items()}
        return Ctx(view=view, options=Options.of(labels), labels=tuple(labels), names=names,
                   version=self.version, kind=pending.kind if pending and labels else "",
                   extra={"right": self.px(92), "log": self.shown_log(),
                          "offer": self.session.last_offer,
                          "said": self.session.said_now(view.viewer)})

    def changed(self, by_bot: bool = False) -> None:
        """The state moved on: what it reported goes to the animations (bot turns faster)."""
        if self.held is None or not (self.anims is not None and self.anims.busy):
            # what the panels hold meanwhile: what they showed until now
            self.held = self._view[1] if self._view is not None else None
            self.held_log = self.log_mark
        self.log_mark = len(self.session.log)
        self.version += 1
        events = self.session.fresh
        self.session.fresh = []
        self._event_takes(self._view[1] if self._view is not None else None, events)
        if self.coach is not None:
            self.coach.saw(events)
        self._shop_notes(events)
        after = copy_board(self.session.state.board)
        if self.anims is not None:  # sounds come as the animations reach their events
            hurry = bot_hurry(events, self.session.humans(), self._on_screen) if by_bot \
                else 1.0
            self.anims.feed(events, self.last_board, after, hurry)
        else:
            self.app.sound.events(events)
        self.last_board = after
        self._answer_quiet_window()  # at once: its prompt is never drawn, not even one frame

    def _event_takes(self, before: PlayerView | None, events: list[Event]) -> None:
        """Cards taken from the event display since the last change turn over in their places:
        face up when everyone may see them, the viewer's own private one face up for them."""
        actions = self.session.record.actions if self.session.record else []
        new, self.acted = actions[self.acted:], len(actions)
        if before is None or before.events is None or not before.events.display:
            return
        shown = [e.card for e in events if isinstance(e, EventCardTaken)]
        now = self.view().events
        mine = list(now.hand) if now is not None else []
        for c in before.events.hand:
            if c in mine:
                mine.remove(c)
        display = list(before.events.display)
        age = before.events.age
        for action in new:
            if len(display) <= 1 or not shown:  # the last card is never taken, but left
                break
            if not action.label.startswith("event:"):
                continue
            card = shown.pop(0) or (mine[0] if action.player == before.viewer and mine else "")
            self.eventrow.took(display, age, action.label, action.player, card)
        for event in events:  # the card left over turns over too
            if isinstance(event, EventCardUnpicked) and len(display) == 1:
                self.eventrow.took(display, age, f"event:{FACE_DOWN_LABEL}1", "", event.card)

    def _own_areas(self) -> list[str]:
        """The areas of the person at the screen: their cities, tokens and ships."""
        who = self.viewer
        if who is None:
            return []
        board = self.session.state.board
        return sorted({a for a, owner in board.cities.items() if owner == who}
                      | {a for a, here in board.tokens.items() if here.get(who)}
                      | {a for a, here in board.ships.items() if here.get(who)})

    def _shop_notes(self, events: list[Event]) -> None:
        """A phase 12 that passed a person by (nothing affordable) is told to them, with the
        figures, at their next decision."""
        for pid in self.session.humans():
            watch = self.shops.setdefault(pid, ShopWatch())
            if watch.watching(events, self.session.state.phase):
                note = watch.see(self.session.view_for(pid), events)
                if note:
                    self.notes.setdefault(pid, []).append(note)

    def _on_screen(self, area: str) -> bool:
        """The area is in view, and a person has units in it or next to it (what a bot
        does there may matter to them)."""
        mv = self.mapview
        if mv is None or area not in mv.geo.areas or not mv.rect.collidepoint(
                mv.area_point(area)):
            return False
        state = self.session.state
        near = [area, *state.map.land.get(area, ())]
        people = set(self.session.humans())
        return any(state.board.cities.get(a) in people
                   or people & set(state.board.tokens.get(a, {})) for a in near)

    def _animations_skip_input(self, event: pygame.event.Event) -> bool:
        """While an animation plays: Space ends it, Esc ends all that are queued (both keys
        used up), a click ends it and still does what it does."""
        anims = self.anims
        if anims is None or not anims.busy:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            anims.skip()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            anims.skip_all()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            anims.skip()
        return False

    # -- events -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event)
            return
        if event.type in (pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                          pygame_gui.UI_HORIZONTAL_SLIDER_MOVED):
            self.decision.options.handle(event)
            self.trade.buttons.handle(event)
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self._animations_skip_input(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                not self.confirm.open and self.decision.why_at(event.pos) and \
                not self._on_widget(event.pos):  # a drop-down's open list may lie over it
            self.app.push(self.app.make("book", self.why_page()))  # the Why: line's page
            return
        for intent in self.input.translate(event):
            self.act(intent)

    def _button(self, event: pygame.event.Event) -> None:
        el = event.ui_element
        if self.confirm.open:
            if el is self.confirm.go:
                self._confirmed(True)
            elif el is self.confirm.back:
                self._confirmed(False)
            return
        if el in self.tab_buttons:
            self.set_tab(self.tab_buttons.index(el))
            return
        if el is self.menu_button:
            self.open_menu()
            return
        if self.coach is not None and el is self.coach_panel.next:
            self.coach.next_clicked()
            return
        if el is self.decision.undo:
            self.undo()
            return
        if el is self.decision.skip:
            self.skip_to_human = True
            return
        if el is self.decision.fit:
            assert self.mapview is not None
            self.mapview.fit()
            return
        for buttons in (self.decision.options, self.trade.buttons):
            label = buttons.handle(event)
            if label and label.startswith(QUIET):
                self._quieten(label.removeprefix(QUIET))
                return
            if label:
                self.pick(label)
                return

    def set_tab(self, index: int) -> None:
        self.tab_buttons[self.tab].unselect()
        self.tab = index
        self.tab_buttons[index].select()

    def act(self, intent: Intent) -> None:
        """One intent: the map, the panels and the keys."""
        if self.curtain_for:
            if intent.kind in ("click", "confirm"):
                self.lift_curtain()
            return
        if self.confirm.open:  # the question waits for its answer; the map still pans
            if intent.kind in ("confirm", "cancel"):
                self._confirmed(intent.kind == "confirm")
            if intent.kind not in ("drag", "wheel", "zoom", "fit", "release"):
                return
        mv = self.mapview
        assert mv is not None
        on_map = (mv.rect.collidepoint(intent.pos) and not self._over_trade(intent.pos)
                  and not self.eventrow.hit(intent.pos))
        k = intent.kind
        if k == "press" and self.losses.hit(intent.pos):
            self._plan_click(self.losses.click(intent.pos))
        elif k == "press" and self.news.hit(intent.pos):
            self.news.close()
        elif k == "press" and on_map:
            area = mv.area_at(intent.pos)
            labels = self.labels()
            if intent.button == 1 and area and f"area:{area}" in labels:
                who = self.session.human_to_act()
                after = self.session.preview(who, f"area:{area}") if who else []
                self.drag = (area, after)
                self.drag_pos = intent.pos
            else:
                self.panning = True
        elif k == "drag":
            if self.drag is not None:
                self.drag_pos = intent.pos
            elif self.panning:
                mv.pan(intent.dx, intent.dy)
        elif k == "release":
            if self.drag is not None:
                self._drop(intent)
            self.panning = False
        elif k == "click":
            if self.eventrow.hit(intent.pos):
                label = self.eventrow.click(intent.pos)
                if label:
                    self.pick(label)
            elif self._over_trade(intent.pos):
                label = self.trade.click(intent.pos)
                if label:
                    self.pick(label)
            elif self.side_rect.collidepoint(intent.pos):
                label = self.panels[self.tab].click(intent.pos)
                if label and label.startswith("filter:"):
                    log = self.panels[4]
                    assert isinstance(log, LogPanel)
                    log.filter = label.split(":", 1)[1] or None
                    log.scroll = 0
                elif label:
                    self.pick(label)
        elif k == "hover":
            self.hover_area = mv.area_at(intent.pos) if on_map else None
        elif k == "wheel":
            if on_map:
                mv.zoom_at(int(intent.amount), intent.pos)
            elif self.side_rect.collidepoint(intent.pos):
                self.panels[self.tab].wheel(int(intent.amount))
        elif k == "zoom":
            mv.zoom_at(int(intent.amount), None)
        elif k == "fit":
            mv.fit()
        elif k == "number":
            self.eventrow.number(int(intent.amount))
        elif k == "step":
            self.eventrow.step(int(intent.amount))
        elif k == "confirm":
            labels = self.labels()
            chosen = self.eventrow.chosen()
            if chosen:
                self.pick(chosen)
            elif "done" in labels:
                self.pick("done")
            elif len(labels) == 1:
                self.pick(labels[0])
        elif k == "cancel":  # Esc stops a drag, else opens the menu; undo is Ctrl+Z (help.py)
            if self.drag is not None:
                self.drag = None
            else:
                self.open_menu()
        elif k == "help":
            self.app.push(self.app.make("help"))
        elif k == "undo":
            self.undo()
        elif k == "tab":
            self.set_tab(int(intent.amount))
        elif k == "skip":  # Tab: skip what is showing, and bots at full speed (or back)
            self.fast_bots = not self.fast_bots
            if self.anims is not None:
                self.anims.skip_all()

    def _over_trade(self, pos: tuple[int, int]) -> bool:
        return self.trade_open() and self.trade.rect.collidepoint(pos)

    def _drop(self, intent: Intent) -> None:
        assert self.drag is not None and self.mapview is not None
        source, after = self.drag
        self.drag = None
        target = self.mapview.area_at(intent.pos)
        moved = bool(intent.amount)
        if not moved or target == source:
            self.pick(f"area:{source}")
        elif target and f"area:{target}" in after:
            if self.pick(f"area:{source}"):
                self.pick(f"area:{target}")
        else:
            self.app.notify("Drop the tokens on a lit area")

    # -- acting -------------------------------------------------------------------------------
    def pick(self, label: str, sure: bool = False) -> bool:
        who = self.session.human_to_act()
        warning = self.warning(who, label) if who and not sure else ""
        if warning:  # asked first; the answer picks it (or not)
            go = "Tax at this rate" if label.startswith("number:") else (
                MISSED_GO if label == "done" else "Build it all the same")
            self.confirm.ask(label, warning, go, self.map_rect,
                             self.app.manager, self.container,
                             MISSED_HEADING if go == MISSED_GO else "")
            return False
        self.news.close()
        if self.coach is not None:
            self.coach.picked(self.session.state, label, self.labels())
        ok = self.controller.pick(label)
        if not ok:
            self.app.notify(self.controller.error)
        self.changed()
        return ok

    def _quieten(self, window: str) -> None:
        """The prompt's "don't ask again": the window kept in the settings, and this time's
        answer given."""
        silence(self.app.settings, window)
        self.app.save_settings()
        self.app.notify("Not asked again in this window: Settings can turn it back on")
        self._answer_quiet_window()

    def _answer_quiet_window(self) -> None:
        """A person's private events are offered in a window they asked not to be asked
        about: "not now", through the same door as their button, before any curtain comes down
        (which would tell the table they hold a card for it)."""
        pending = self.session.state.pending
        if pending is None or self.session.human_to_act() is None:
            return
        answer = answer_for(self.app.settings, pending.kind, pending.options)
        key = (self.session.moves, pending.player)
        if answer is None or key == self.quiet_answered:  # once (a network game's answer
            return  # comes back from the server a few frames later)
        self.quiet_answered = key
        if self.controller.pick(answer):
            self.changed()

    def warning(self, who: str, label: str) -> str:
        """What the pick would cost the player of their own pieces, asked about first."""
        state = self.session.state
        return ruin_warning(state, who, label) or missed_city_warning(state, who, label)

    def _confirmed(self, go: bool) -> None:
        label = self.confirm.label
        self.confirm.close()
        if go and label:
            self.pick(label, sure=True)

    def undo(self) -> bool:
        if self.controller.undo():
            self.changed()
            return True
        if self.controller.error:
            self.app.notify(self.controller.error)
        return False

    def lift_curtain(self) -> None:
        self.viewer = self.curtain_for
        self.curtain_for = None
        self.resume()
        self.version += 1

    def skip_offered(self) -> bool:
        """Whether "Skip to my turn" would hurry anything now (a network game waiting for an
        away player says no)."""
        return True

    def open_menu(self) -> None:
        self.app.push(self.app.make("game menu", self))

    def closing(self) -> None:
        """The window is closing: keep an autosave of where the game stands."""
        self.session.save_now()

    # -- time ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        assert self.mapview is not None
        self.eventrow.tick(dt)
        vx, vy = self.input.pan_velocity()
        if self.eventrow.taking():  # the arrows step through the event display instead
            vx = 0
        if vx or vy:
            self.mapview.pan(vx * PAN_SPEED * dt * self.theme.scale,
                             vy * PAN_SPEED * dt * self.theme.scale)
        anims = self.anims
        was_busy = False  # a bot moves the frame after an animation ends, not the same one
        if anims is not None:
            self._animation_settings()
            if (self.fast_bots or self.skip_to_human) and anims.busy:
                anims.skip_all()
            was_busy = anims.busy
            anims.update(dt)
            if anims.stage.heard:
                self.app.sound.events(anims.stage.heard)
                anims.stage.heard = []
        self._answer_quiet_window()
        self._seat_players()
        coach_update(self)
        if not (anims is not None and anims.busy):
            self._frame_decision()
        self._keep_loss_plan()
        if self.skip_to_human and not self.session.bot_to_act():
            self.skip_to_human = False
        if self.curtain_for is None and not was_busy and not (anims is not None and anims.busy):
            self._run_bots(dt)  # bots wait for the animations of what was done before
        if self.session.state.game_over and not self.ended:
            self.ended = True
            self.app.push(self.app.make("end", self.session))
            if self.session.replay_path is not None:
                self.app.notify("The game is kept among the replays: Load, then Watch replay")

    def _frame_decision(self) -> None:
        """A person's decision has come: the map pans to what it is about, once (then the
        view is the player's again)."""
        who = self.session.human_to_act()
        if who is None or who != self.viewer or self.curtain_for or self.mapview is None:
            return
        if self.framed == self.session.moves:
            return
        self.framed = self.session.moves
        self._keep_loss_plan()  # the losses box covers the map's right: frame left of it
        mv = self.mapview
        box = 0 if self.losses.folded else self.losses.width()
        free = pygame.Rect(mv.rect.x, mv.rect.y, mv.rect.width - box, mv.rect.height)
        if free.width < mv.rect.width * 0.55:  # a narrow strip: the whole view is better
            free = mv.rect
        free = clear_of_coach(self, free)  # Learn to play: clear of the coach's panel
        state = self.session.state
        places = decision_places(state)
        if not places and calamity_in_play(state) is not None:  # a calamity's question to
            places = self._own_areas()  # them with no place in it: their lands come into view
        mv.frame(places, free)

    def _keep_loss_plan(self) -> None:
        """A person's loss (or civil-war selection) decision gets the per-area box; any other
        moment has none."""
        who = self.session.human_to_act()
        if who is None or who != self.viewer or self.curtain_for:
            self.losses.close()
            return
        if self.losses.key != self.session.moves:
            first = self.losses.plan is None
            self.losses.key = self.session.moves
            self.losses.plan = LossPlan.of(self.session.state)
            if first and self.mapview is not None:  # on a small map it starts folded
                self.losses.folded = self.losses.width() * 2 > self.mapview.rect.width

    def _plan_click(self, what: str) -> None:
        plan = self.losses.plan
        if plan is None or not what:
            return
        if what.startswith(("plus:", "minus:")):
            sign, area = what.split(":", 1)
            plan.add(area, 1 if sign == "plus" else -1)
        elif what == "suggest":
            plan.suggest(self.session.state.config.seed)
        elif what == "clear":
            plan.clear()
        elif what == "go":
            self._make_picks(plan.picks(), plan.player, plan.kind)

    def _make_picks(self, labels: list[str], who: str, kind: str) -> None:
        """Picks made one after another for the player, while the decision lasts."""
        for label in labels:
            pending = self.session.state.pending
            if (self.session.human_to_act() != who or pending is None or pending.kind != kind
                    or label not in pending.options or not self.pick(label)):
                break

    def _animation_settings(self) -> None:
        assert self.anims is not None
        self.anims.speed = self.app.settings.animation_speed
        self.anims.reduce_motion = self.app.settings.reduce_motion
        fast = self.fast_bots or self.skip_to_human or self.app.settings.reduce_motion
        self.eventrow.speed = 99.0 if fast else self.app.settings.animation_speed

    def _seat_players(self) -> None:
        """Hot-seat: when a different human must act, the curtain comes down first."""
        who = self.session.human_to_act()
        if who is None or who == self.viewer or self.curtain_for == who:
            return
        if len(self.session.humans()) > 1:
            self.curtain_for = who
            self.drag = None
            self.pause()
        else:
            self.viewer = who
            self.version += 1

    def _run_bots(self, dt: float) -> None:
        if self.bots_held or not self.session.bot_to_act() or (
                self.coach is not None and self.coach.holding(self.session.state)):
            self.bot_clock = 0.0
            return
        speed = self.app.settings.animation_speed
        self.bot_clock += dt
        fast = self.fast_bots or self.skip_to_human or speed >= 8
        delay = 0.0 if fast else BOT_DELAY / speed
        budget = 0.012 if fast else 0.0
        start = pygame.time.get_ticks()
        moved = False
        while self.session.bot_to_act() and self.bot_clock >= delay:
            # a quick pick is played this frame; a long search goes on while frames are drawn
            wait = max(BOT_WAIT, budget - (pygame.time.get_ticks() - start) / 1000)
            label = self.thinker.answer(self.session.moves, self.session.bot_thinking, wait)
            if label is None:
                break
            self.session.play_bot(label)
            self._shop_notes(self.session.fresh)  # fast bots: phase 12 may pass in this loop
            moved = True
            self.bot_clock -= delay
            if not fast or pygame.time.get_ticks() - start > budget * 1000:
                break
        if fast:
            self.bot_clock = 0.0
        if moved:
            self.changed(by_bot=True)

    def step_bots_now(self, limit: int) -> int:
        """Let bots act right away (self-test, tests); returns how many decisions were made."""
        n = 0
        while n < limit and self.session.bot_to_act():
            self.session.step_bot()
            self._shop_notes(self.session.fresh)
            n += 1
        if n:
            self.changed(by_bot=True)
        return n

    def trade_open(self) -> bool:
        pending = self.session.state.pending
        return bool(pending and pending.kind in TRADE_KINDS and self.labels())

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        mv = self.mapview
        assert mv is not None
        self.catch_up()
        ctx = self.ctx()
        if self.curtain_for:
            self.eventrow.hide()
            self.draw_curtain(surface, ctx)
            return
        view = ctx.view
        labels = set(ctx.labels)
        anims = self.anims
        assert anims is not None
        mv.begin_frame()
        shake = anims.shake_offset()  # an earthquake shakes the map and what is on it
        mv.ox, mv.oy = mv.ox + shake[0], mv.oy + shake[1]
        mv.draw_base(surface)
        anims.draw_under(surface)
        for area, left in anims.stage.flash.items():
            mv.draw_highlights(surface, [area], "event", int(130 * min(1.0, left)))
        picks = [a for a in ctx.options.areas]
        if self.drag is not None:
            source, after = self.drag
            mv.draw_highlights(surface, [source], "source")
            mv.draw_highlights(surface, [lb.split(":", 1)[1] for lb in after
                                         if lb.startswith("area:")], "pick")
        elif picks:
            mv.draw_highlights(surface, picks, "pick")
        if self.hover_area and not self.drag:
            mv.draw_highlights(surface, [self.hover_area], "hover")
        if view.events is not None:
            self.markers.update(view, regions_of(self.session.state), mv.geo.areas)
            self.markers.draw_tints(surface, mv)
        mv.draw_pieces(surface, anims.stage.drawn_board(view.board))
        if view.events is not None:
            self.markers.draw_chips(surface, mv)
        # banners keep below the event display, drawn over them (as it was last laid out)
        anims.stage.top = self.eventrow.rect.bottom if self.eventrow.shown() else 0
        anims.draw_over(surface)
        mv.ox, mv.oy = mv.ox - shake[0], mv.oy - shake[1]
        if self.drag is not None:
            start = mv.area_point(self.drag[0])
            pygame.draw.line(surface, (120, 220, 255), start, self.drag_pos, self.px(3))
            pygame.draw.circle(surface, (120, 220, 255), self.drag_pos, self.px(6))
        self.eventrow.draw(surface, mv.rect, ctx, self.view())
        beside = self.losses.width()  # the summary keeps left of the losses box
        below = self.eventrow.rect.bottom - mv.rect.y if self.eventrow.shown() else 0
        self.news.draw(surface, pygame.Rect(mv.rect.x, mv.rect.y + below,
                                            mv.rect.width - (beside + self.px(12) if beside
                                                             else 0), mv.rect.height - below))
        self.losses.draw(surface, mv.rect, place_names(self.session.state.map))
        log = self.panels[4]
        assert isinstance(log, LogPanel)
        log.lines = self.shown_log()
        self.topbar.draw(surface, ctx)
        draw_side(surface, self.side_rect, self.panels[self.tab], ctx)
        # decision bar
        pending = self.session.state.pending
        decider = pending.player if pending else None
        prompt, hint = self._prompt(ctx, labels)
        # whom a private event's window asks is theirs to know: its rule names the card held
        secret = pending is not None and pending.kind == "event_play" and not labels
        cause = cause_line(self.session.state, decider) if decider and prompt and not secret \
            else ""
        trade = self.trade_open()
        record = self.session.record
        played = len(record.actions) if record is not None else 0
        # widgets are remade only when the choice itself changes, not as bots play on
        undo_why = self.session.undo_refusal(self.viewer) if labels else ""
        self.decision.undo_why = undo_why
        key = (ctx.labels if not trade else (), trade, self.session.can_undo(self.viewer),
               pending.prompt if pending and labels else "", played if labels else -1,
               self.eventrow.folded, undo_why)
        ordered = sorted(ctx.labels, key=_label_order)
        on_row = set(self.eventrow.labels)  # the event display's cards: picked on it
        buttons = [lb for lb in ordered if not lb.startswith("area:")  # areas: on the map
                   and lb not in on_row]
        quiet = quiet_label(ctx.kind, ctx.labels)  # a private event's window: stop asking
        if quiet:
            buttons.append(quiet)
        skip = (not labels and self.session.bot_to_act() and bool(self.session.humans())
                and not self.skip_to_human and self.skip_offered())
        self.decision.rebuild(ctx, [] if trade else buttons,
                              self.app.manager, self.container,
                              self.session.can_undo(self.viewer), key, skip,
                              (prompt, decider, hint, cause))
        self.decision.draw(surface, ctx, prompt, decider, hint, cause)
        if trade:
            detail = pending.detail if pending else None
            self.trade.rebuild(ctx, ordered, self.app.manager, self.container,
                               (ctx.labels, played), detail)
            self.trade.draw(surface, ctx, detail)
        else:
            self.trade.clear()
        if self.coach is not None:
            self.coach_panel.draw(surface, self, self.coach)
        self.confirm.draw(surface)
        if self._card_tip(surface, ctx):
            return
        tip = self._tooltip(ctx)
        if tip:
            tooltip(surface, self.theme, tip, self.mouse,
                    within=self.map_rect if self.map_rect.collidepoint(self.mouse) else None)

    def _prompt(self, ctx: Ctx, labels: set[str]) -> tuple[str, str]:
        pending = self.session.state.pending
        if self.session.state.game_over:
            return ("The game is over.", "")
        if pending is None:
            return ("", "")
        if not labels:  # another's decision: what it is, not what only its maker knows
            seen = public_pending(pending, self.session.state.phase)
            graph = self.session.state.map
            asking = (seen.words.render(lambda label: label_name(label, graph))
                      if seen.words is not None else seen.prompt)
            if not seen.player:  # a private-event window: whom it asks is theirs to know
                return (f"{asking} — waiting", "")
            seat = self.session.seats.get(pending.player)
            who = seat.name if seat else pending.player
            if seat and not seat.human:
                doing = "thinking it over" if self.thinker.thinking else "deciding"
                return (f"{asking} (a bot, {doing})",
                        f"{level_line(seat.bot)} — Tab: bots at full speed")
            return (f"{asking} — waiting for {who}", "")
        asking = question(pending.kind, pending.words, pending.detail, self.session.state.map,
                          pending.prompt)
        if pending.kind == PLAY:  # the window by its name
            asking = event_asking(pending.options) or asking
        hint = ""
        if ctx.options.areas:
            hint = f"Click a lit area on the map: {self._place_names(ctx.options.areas)}"
            if pending.kind.startswith("movement"):
                hint += " — or drag tokens from a lit area to where they go"
        elif self.eventrow.taking():
            hint = self.eventrow.hint()
        elif "done" in labels:
            hint = "Enter: done"
        return (asking, hint)

    def _place_names(self, areas: tuple[str, ...]) -> str:
        """'Knossos, Thera or Athens'; past four, the first three and how many more."""
        graph = self.session.state.map
        shown = [graph.areas[a].name if a in graph.areas else a for a in areas]
        if len(shown) > 4:
            return f"{', '.join(shown[:3])} or {len(shown) - 3} more"
        if len(shown) == 1:
            return shown[0]
        return f"{', '.join(shown[:-1])} or {shown[-1]}"

    def _card_tip(self, surface: pygame.Surface, ctx: Ctx) -> bool:
        """An event card under the mouse, shown large; True when one was drawn."""
        if self.drag is not None or self.confirm.open:
            return False
        if self.eventrow.tip(self.mouse, surface, ctx.view):
            return True
        shown = self.panels[self.tab]  # the You panel's private events, the log's lines
        at = getattr(shown, "event_card_at", None)
        card = at(self.mouse) if at is not None and self.side_rect.collidepoint(
            self.mouse) else None
        if card:
            card_tooltip(surface, self.theme, card, self.mouse, event_tip(card),
                         within=shown.rect)
        return bool(card)

    def _on_widget(self, pos: tuple[int, int]) -> bool:
        """Whether a widget shown (a button, a drop-down's open list) lies at `pos`."""
        return any(el.visible and el.rect.collidepoint(pos)
                   for el in self.app.manager.get_sprite_group().sprites()
                   if not isinstance(el, pygame_gui.core.UIContainer))

    def why_page(self) -> str:
        """The How to play page for the decision asked now (issue 39)."""
        state = self.session.state
        return page_for(state.phase, calamity_in_play(state) is not None)

    def _tooltip(self, ctx: Ctx) -> list[str] | None:
        if self.decision.why_at(self.mouse):
            key = self.why_page()
            title = next((p.title for p in pages() if p.key == key), key)
            return [WHY_TIP.format(page=title)]
        if self.drag is not None or self.confirm.open or self.losses.hit(self.mouse) \
                or self.news.hit(self.mouse):
            return None
        mv = self.mapview
        assert mv is not None
        if self.side_rect.collidepoint(self.mouse):
            return self.panels[self.tab].tip(self.mouse)
        if self.topbar.rect.collidepoint(self.mouse):
            return self.topbar.tip(self.mouse)
        if self._over_trade(self.mouse) or self.eventrow.hit(self.mouse):
            return None
        marker = self.markers.tip(self.mouse) if ctx.view.events is not None else None
        if marker:
            return marker
        if self.hover_area:
            return mv.tooltip(self.hover_area, ctx.view) + self.markers.area_lines(
                self.hover_area)
        return mv.place_tip(self.mouse)

    def draw_curtain(self, surface: pygame.Surface, ctx: Ctx) -> None:
        t = self.theme
        surface.fill(Palette.curtain)
        w, h = surface.get_size()
        who = self.curtain_for or ""
        civ = load_game_data().civilizations.get(who)
        seat = self.session.seats.get(who)
        name = seat.name if seat else who
        if civ:
            civ_badge(surface, t, who, civ.emblem, (w // 2, h // 2 - t.px(110)), t.px(110))
        from ..draw import title

        title(surface, t, f"Pass to {name}", (w // 2, h // 2 - t.px(30)), size=44, center=True)
        sub = t.text(f"{civ.name if civ else who} — everyone else, look away.", 18,
                     Palette.text_dim, "italic")
        surface.blit(sub, sub.get_rect(midtop=(w // 2, h // 2 + t.px(34))))
        go = t.text(f"{name}: click anywhere or press Enter when you are ready", 17,
                    Palette.gold_light, "bold")
        surface.blit(go, go.get_rect(midtop=(w // 2, h // 2 + t.px(80))))


def _label_order(label: str) -> int:
    """Keep the core's order, with the answers that end a decision last."""
    return 1 if label in ("done", "yes", "no") else 0
