"""New game: player count, the set-up's civilizations with a human or a bot (and level) and a
name per seat, the rule set with a line on each, the A.S.T. side, the last turn if the players
agree on one, the map and the seed."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UITextEntryLine,
    UIVerticalScrollBar,
)

from game.bots import LEVELS, PLAY_LEVEL
from game.core import (
    EventsOptions,
    GameConfig,
    MapError,
    PhaseNotImplemented,
    SetupError,
    clone,
    load_event_cards,
    load_game_data,
    new_game,
)
from game.persist import NEW_GAME_EVENTS, Autosaver

from ..draw import backdrop, civ_badge, panel, title
from ..dropdown import fitted_menu
from ..map.offered import available_maps, load_map, map_titles
from ..scene import Scene, entries
from ..seat.session import Seat, Session
from ..theme import Palette

if TYPE_CHECKING:
    from ..app import App

HUMAN = "Human"
DEFAULT_BOT = f"Bot: {PLAY_LEVEL}"
RULESET_ORDER = ("classic", "mega-empires", "double-empires")
EVENTS_OFF, EVENTS_ON = "Off", "On"
# The Events module's options at new game (seed 004 §16: optional rules 6 and 7, the B-event
# choice), each menu entry a set of them.
EVENTS_CHOICES = {
    EVENTS_OFF: None,
    EVENTS_ON: EventsOptions(),
    "On, random B-events": EventsOptions(random_b=True),
    "On, rules 6 and 7": EventsOptions(randomise_x=True, reveal_more=True),
    "On, all optional rules": EventsOptions(randomise_x=True, reveal_more=True, random_b=True),
}


# Each menu entry as settings.toml remembers it (game.persist's NEW_GAME_EVENTS).
EVENTS_KEYS = dict(zip(NEW_GAME_EVENTS, EVENTS_CHOICES, strict=True))
# What each entry means, in a line under the menu (issue 36: "rules 6 and 7" said nothing).
RULE_6 = "Rule 6: cards marked X dealt so both halves of an Age hold as many."
RULE_7 = "Rule 7: with 6 or more players, 4 cards face up, not 3."
RANDOM_B = "Some usual B-events swapped at random for others."
EVENTS_NOTES = {
    EVENTS_OFF: "No event cards: the calamities alone.",
    EVENTS_ON: "Each turn a row of event cards, one more than the players; each civilization "
               "takes one, and the one left over resolves by itself.",
    "On, random B-events": f"Event cards each turn. {RANDOM_B}",
    "On, rules 6 and 7": f"Event cards each turn. {RULE_6} {RULE_7}",
    "On, all optional rules": f"Event cards each turn. {RULE_6} {RULE_7} {RANDOM_B}",
}


def ast_note(side: str) -> str:
    """What the chosen A.S.T. side means (rules §7.3-7.4), its numbers from the data."""
    numbers = load_game_data().ast_numbers
    if side == "expert":
        extra = numbers["expert_extra_turns_after_late_iron"]
        return (f"Expert A.S.T.: more cities and advances per epoch, a step back with no "
                f"cities, {extra} more turn{'s' * (extra != 1)} after Late Iron "
                f"(+{numbers['vp_lone_late_iron_bonus_expert']} VP to one alone there).")
    return "Basic A.S.T.: the game ends after the turn a civilization enters Late Iron."


LAST_TURN_NOTE = "Last turn: empty, the rules end the game; else it ends after that turn."


def events_choices() -> dict[str, EventsOptions | None]:
    """The Events menu's entries: the random B-event choice only when the card data holds
    B-events left out of the listed set, since otherwise it deals the very same decks."""
    cards = load_event_cards().cards.values()
    if any(c.kind == "B" and not c.listed for c in cards):
        return dict(EVENTS_CHOICES)
    return {k: v for k, v in EVENTS_CHOICES.items() if v is None or not v.random_b}


# What the seat kinds and the set-ups mean, shown under the seats (issue 19: a newcomer cannot
# guess "5-west" or "Bot: easy").
LEVEL_NOTES = {
    "random": "any legal move (a test player)",
    "basic": "plain growth, never trades (a test player)",
    "easy": "the normal player, shallower and a little careless",
    "normal": "a strong player: trades by value, hurts the leader",
    "hard": "normal, plus look-ahead on purchases and trades (slower)",
}


def setup_note(setup_id: str) -> str:
    """E.g. "5-west: Minoa, Assyria, Hatti, Hellas and Egypt (one block of trade cards)"."""
    data = load_game_data()
    setup = data.setups.get(setup_id)
    if setup is None:
        return ""
    names = [data.civilizations[c].name for c in setup.civilizations]
    civs = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)
    blocks = len(setup.blocks)
    cards = ("one block of trade cards" if blocks == 1
             else f"{blocks} blocks, each drawing from its own trade-card stacks")
    return f"Set-up {setup_id}: the civilizations {civs} play ({cards})."


def seat_kinds() -> list[str]:
    return [HUMAN, *(f"Bot: {level}" for level in LEVELS)]


# Each seat's menu says what its choices play like (the list under the seats, when the window
# has no room for it).
KINDS_TIP = "Who plays this seat. Human: you, at this screen (hot seat: a curtain between " \
    "players). " + " ".join(f"Bot: {level}: {what}." for level, what in LEVEL_NOTES.items())
SEAT_MIN = 380  # unscaled: a seat's row (civilization, who plays it, a name) at its ease
SEAT_LEAST = 340  # unscaled: the narrowest a seat's row is made (its civilization's name smaller)
NOTES_W = 330  # unscaled: the room right of the labels the choices' notes need (two lines)


class SeatView:
    """Where the seats in view go: `columns` columns of `rows` rows from (x, y), each seat
    `width` by `height`, one under another `step` apart; `count` seats in all."""

    def __init__(self, x: int, y: int, width: int, height: int, step: int, columns: int,
                 rows: int, count: int) -> None:
        self.x, self.y, self.width, self.height, self.step = x, y, width, height, step
        self.columns, self.rows, self.count = columns, rows, count
        self.gap = step - height

    @property
    def shown(self) -> int:
        return min(self.count, self.columns * self.rows)

    @property
    def scrolls(self) -> bool:
        return self.shown < self.count

    def last_first(self) -> int:
        """The most the list can be moved along: the last seat at the bottom."""
        return self.count - self.shown

    def rect(self, i: int) -> pygame.Rect:
        """The `i`th seat in view (from 0), down the first column, then the second."""
        col, r = divmod(i, self.rows)
        return pygame.Rect(self.x + col * (self.width + self.gap * 2), self.y + r * self.step,
                           self.width, self.height)

    def area(self) -> pygame.Rect:
        """The room the seats in view take."""
        return pygame.Rect(self.x, self.y, self.columns * self.width
                           + (self.columns - 1) * self.gap * 2, self.rows * self.step - self.gap)


class NewGameScene(Scene):
    name = "new_game"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        choices = app.settings.new_game
        self.players = min(18, max(5, choices.players))
        self.setup_index = 0
        self.ruleset = choices.ruleset if choices.ruleset in RULESET_ORDER else "classic"
        self.ast = choices.ast if choices.ast in ("basic", "expert") else "basic"
        maps = available_maps()
        self.map_id = choices.map if choices.map in maps else (next(iter(maps), ""))
        self.seed = random.SystemRandom().randrange(1, 10**9)
        self.last_turn = 0  # 0: the game ends only by the rules
        # the Events module and its options: a key of EVENTS_CHOICES, as last chosen
        remembered_events = EVENTS_KEYS.get(choices.events, EVENTS_OFF)
        self.events = remembered_events if remembered_events in events_choices() else EVENTS_OFF
        self.kinds: dict[str, str] = {}
        self.names: dict[str, str] = {}
        remembered = list(choices.seats)
        for i, civ in enumerate(self.civs()):
            kind = remembered[i] if i < len(remembered) else ("human" if i < 1 else PLAY_LEVEL)
            self.kinds[civ] = HUMAN if kind == "human" else f"Bot: {kind}"
        self.error = ""
        self.first = 0  # the first seat in view, when the seats are a list that scrolls
        self.mouse = (0, 0)

    # -- choices ------------------------------------------------------------------------------
    def setups(self) -> list[str]:
        return [s.id for s in load_game_data().setups_for(self.players)]

    def civs(self) -> list[str]:
        setups = self.setups()
        if not setups:
            return []
        setup = load_game_data().setups[setups[min(self.setup_index, len(setups) - 1)]]
        return list(setup.civilizations)

    def _remember_entries(self) -> None:
        for civ, entry in getattr(self, "name_entries", {}).items():
            self.names[civ] = entry.get_text().strip()[:24]
        entry = getattr(self, "seed_entry", None)
        if entry is not None:
            text = entry.get_text().strip()
            if text.isdigit():
                self.seed = int(text)
        entry = getattr(self, "last_turn_entry", None)
        if entry is not None:
            text = entry.get_text().strip()
            self.last_turn = int(text) if text.isdigit() else 0

    # -- widgets ------------------------------------------------------------------------------
    def build(self) -> None:
        data = load_game_data()
        m = self.app.manager
        c = self.container
        w, h = self.app.screen.get_size()
        px = self.px
        left = px(40)
        top = px(96)
        row = px(34)
        label_w = px(120)
        field_w = px(260)
        self.widgets: dict[str, object] = {}
        # the room for a choice's two lines of meaning (see _line), whole at every scale
        note_h = max(px(30), 2 * self.theme.font("italic", 11).get_linesize())

        def label(text: str, y: int, x: int = left, width: int = label_w) -> None:
            UILabel(pygame.Rect(x, y, width, row), text, m, container=c)

        y = top
        label("Players", y)
        self.count_menu = UIDropDownMenu([str(n) for n in range(5, 19)], str(self.players),
                                         pygame.Rect(left + label_w, y, px(84), row), m,
                                         container=c)
        setups = self.setups()
        self.setup_menu = None
        if len(setups) > 1:  # beside the count, no wider than the fields under it
            label("Set-up", y, left + label_w + px(92), px(62))
            shown = [s for s in setups]
            first = shown[min(self.setup_index, len(shown) - 1)]
            self.setup_menu = UIDropDownMenu(entries(shown), first,
                                             pygame.Rect(left + label_w + px(156), y,
                                                         field_w - px(156), row), m,
                                             container=c)
            self.setup_menu.set_tooltip(setup_note(first))
        y += row + px(10)
        label("Rules", y)
        names = {data.rulesets[r].name: r for r in RULESET_ORDER if r in data.rulesets}
        self.ruleset_names = names
        current = next(n for n, r in names.items() if r == self.ruleset)
        self.ruleset_menu = UIDropDownMenu(list(names), current,
                                           pygame.Rect(left + label_w, y, field_w, row), m,
                                           container=c)
        y += row + px(4)
        self.ruleset_line_y = y
        y += px(56)
        label("A.S.T.", y)
        self.ast_menu = UIDropDownMenu(["Basic", "Expert"], self.ast.capitalize(),
                                       pygame.Rect(left + label_w, y, px(130), row), m,
                                       container=c)
        label("Last turn", y, left + label_w + px(140), px(76))
        self.last_turn_entry = UITextEntryLine(
            pygame.Rect(left + label_w + px(216), y, px(60), row), m, container=c,
            initial_text=str(self.last_turn) if self.last_turn else "")
        self.last_turn_entry.set_allowed_characters("numbers")
        self.last_turn_entry.set_text_length_limit(3)
        self.last_turn_entry.set_tooltip("Empty: play until the rules end the game. A number: "
                                         "the game ends after that turn and is scored as usual.")
        self.ast_menu.set_tooltip("The A.S.T.'s two sides: Basic, and Expert (more cities and "
                                  "advances for each epoch, a longer game)")
        y += row + px(1)
        self.ast_line_y = y
        y += note_h
        label("Map", y)
        self.map_names = map_titles()  # the menu shows names; the game keeps the id
        offered: list[str | tuple[str, str]] = [
            (name, map_id) for map_id, name in self.map_names.items()]
        pick = next((o for o in offered if o[1] == self.map_id), None) or (
            offered[0] if offered else "(no map installed)")
        self.map_menu = UIDropDownMenu(offered or [pick], pick,
                                       pygame.Rect(left + label_w, y, field_w, row), m,
                                       container=c)
        y += row + px(8)
        label("Events", y)
        self.choices = events_choices()
        self.events_menu = UIDropDownMenu(list(self.choices), self.events,
                                          pygame.Rect(left + label_w, y, field_w, row), m,
                                          container=c)
        self.events_menu.set_tooltip("The optional Events module: each turn a row of event "
                                     "cards, one for every player to take. Rule 6 deals the "
                                     "(X) cards so both halves of an Age are equal; rule 7 "
                                     "lays 4 cards face up with 6 or more players"
                                     + ("; random B-events swap some of each Age's usual "
                                        "cards for others"
                                        if len(self.choices) > 3 else ""))
        y += row + px(1)
        self.events_line_y = y
        y += note_h
        label("Seed", y)
        self.seed_entry = UITextEntryLine(pygame.Rect(left + label_w, y, px(150), row), m,
                                          container=c, initial_text=str(self.seed))
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(12)
        self.reseed = UIButton(pygame.Rect(left + label_w + px(158), y, px(100), row), "New seed",
                               m, container=c, tool_tip_text="A new random seed. The seed is "
                               "shown so a game can be played again exactly.")
        # the buttons at the foot first: the seats keep above them
        bw = px(160)
        self.back = UIButton(pygame.Rect(left, h - px(70), bw, px(44)), "Back", m, container=c)
        self.start = UIButton(pygame.Rect(w - left - bw, h - px(70), bw, px(44)), "Start game", m,
                              container=c, object_id=pygame_gui.core.ObjectID(
                                  object_id="#start", class_id="@primary"))
        self.host = UIButton(pygame.Rect(w - left - bw - px(230), h - px(70), px(220), px(44)),
                             "Host a network game", m, container=c,
                             tool_tip_text="Open these seats to players at other machines")
        # right of the fields and of the notes under them, which need this room to say all
        # they say in two lines
        self._lay_seats(left + label_w + px(NOTES_W) + px(40), top + px(28), row)

    # -- the seats ------------------------------------------------------------------------------
    def _lay_seats(self, x: int, y: int, row: int) -> None:
        """The seats right of the fields, from `y` down to above the buttons: in two columns
        when they fit there side by side, else one; when the window cannot hold them all (18
        seats at UI scale 1.25 or 1.5 at 1366x768), a list of as many as fit that the wheel or
        its scroll bar moves along, a seat at a time (issue 36, defect 11)."""
        px = self.px
        w, _ = self.app.screen.get_size()
        n = len(self.civs())
        gap = px(8)
        step = row + gap
        bottom = self.start.rect.top - px(12)
        fit = max(1, (bottom - y + gap) // step)  # rows that fit one above another
        room = w - x - px(30)  # a list that scrolls has its bar in the margin
        columns = 2 if n > 9 and room >= 2 * px(SEAT_LEAST) + px(16) and fit * 2 >= n else 1
        scroll = columns == 1 and n > fit
        bar = px(20) if scroll else 0
        seat_w = min(px(440), (room - px(16) * (columns - 1)) // columns)
        # the columns of a seat: narrower where the window is (the civilization's name in
        # smaller type, so the name field keeps room to show a name)
        data = load_game_data()
        self.seat_pt = 15 if seat_w >= px(SEAT_MIN) else 14
        widest = max((self.theme.font("bold", self.seat_pt).size(
            data.civilizations[c].name)[0] for c in self.civs()), default=0)
        self.civ_w = min(px(130), widest + px(38))
        self.kind_w = px(126) if seat_w >= px(SEAT_MIN) else px(124)
        self.seat_view = SeatView(x, y, seat_w, row, step, columns,
                                  fit if scroll else -(-n // columns), n)
        self.first = min(getattr(self, "first", 0), self.seat_view.last_first())
        self.seat_bar: UIVerticalScrollBar | None = None
        if scroll:
            self.seat_bar = UIVerticalScrollBar(
                pygame.Rect(x + seat_w + px(4), y - px(3), bar, fit * step - gap + px(6)),
                fit / n, self.app.manager, container=self.container)
            self.seat_bar.set_scroll_from_start_percentage(self.first / n)
        self.kind_menus: dict[str, UIDropDownMenu] = {}
        self.name_entries: dict[str, UITextEntryLine] = {}
        self.seat_rects: dict[str, pygame.Rect] = {}
        self._show_seats()

    def _show_seats(self) -> None:
        """The widgets of the seats in view, made anew (the others' choices are kept)."""
        self._remember_entries()
        for widget in [*self.kind_menus.values(), *self.name_entries.values()]:
            widget.kill()
        self.kind_menus, self.name_entries, self.seat_rects = {}, {}, {}
        data = load_game_data()
        m, c, px = self.app.manager, self.container, self.px
        view = self.seat_view
        for i, civ in enumerate(self.civs()[self.first:self.first + view.shown]):
            rect = view.rect(i)
            self.seat_rects[civ] = rect
            nx = rect.x + self.civ_w
            kind = self.kinds.get(civ, DEFAULT_BOT)
            # its list opens upwards when a seat low in the window has no room under it
            menu = fitted_menu(entries(seat_kinds()), kind,
                               pygame.Rect(nx, rect.y, self.kind_w, rect.height), m, c)
            menu.set_tooltip(KINDS_TIP)
            self.kind_menus[civ] = menu
            default = self.names.get(civ) or data.civilizations[civ].name
            ex = nx + self.kind_w + px(6)
            entry = UITextEntryLine(pygame.Rect(ex, rect.y, rect.right - px(4) - ex,
                                                rect.height), m, container=c,
                                    initial_text=default)
            entry.set_text_length_limit(24)
            self.name_entries[civ] = entry

    def scroll_seats(self, first: int) -> None:
        """The seat list moved so that seat `first` (from 0) is the top one in view."""
        first = max(0, min(first, self.seat_view.last_first()))
        if first == self.first:
            return
        self.first = first
        if self.seat_bar is not None:
            self.seat_bar.set_scroll_from_start_percentage(first / self.seat_view.count)
        self._show_seats()

    def update(self, dt: float) -> None:
        bar = getattr(self, "seat_bar", None)
        if bar is not None and bar.check_has_moved_recently():
            first = round(bar.start_percentage * self.seat_view.count)
            first = max(0, min(first, self.seat_view.last_first()))
            if first != self.first:
                self.first = first
                self._show_seats()

    # -- events -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._remember_entries()
            el = event.ui_element
            if el is self.count_menu:
                self.players = int(event.text)
                self.setup_index = 0
                self._reset_kinds()
                self.rebuild()
            elif el is self.setup_menu:
                self.setup_index = self.setups().index(event.text)
                self._reset_kinds()
                self.rebuild()
            elif el is self.ruleset_menu:
                self.ruleset = self.ruleset_names[event.text]
            elif el is self.ast_menu:
                self.ast = event.text.lower()
            elif el is self.map_menu:
                self.map_id = event.selected_option_id
            elif el is self.events_menu:
                self.events = event.text if event.text in self.choices else EVENTS_OFF
            else:
                for civ, menu in self.kind_menus.items():
                    if el is menu:
                        self.kinds[civ] = event.text
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.reseed:
                self.seed = random.SystemRandom().randrange(1, 10**9)
                self.seed_entry.set_text(str(self.seed))
            elif event.ui_element is self.start:
                self.start_game()
            elif event.ui_element is self.host:
                self.host_game()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif (event.type == pygame.MOUSEWHEEL and self.seat_view.scrolls
              and self.seat_view.area().collidepoint(self.mouse)):
            self.scroll_seats(self.first - event.y)

    def _reset_kinds(self) -> None:
        old = list(self.kinds.values())
        self.kinds = {civ: (old[i] if i < len(old) else DEFAULT_BOT)
                      for i, civ in enumerate(self.civs())}

    def seat_choices(self) -> list[str]:
        return ["human" if self.kinds.get(c, "") == HUMAN else
                self.kinds.get(c, DEFAULT_BOT).split(": ", 1)[-1] for c in self.civs()]

    def chosen(self) -> GameConfig:
        """The game the choices on this screen describe (its map is `map_id`)."""
        self._remember_entries()
        data = load_game_data()
        civs = self.civs()
        setup = self.setups()[min(self.setup_index, len(self.setups()) - 1)]
        names = {civ: (self.names.get(civ) or data.civilizations[civ].name) for civ in civs}
        return GameConfig(players=list(civs), ruleset=self.ruleset, ast_side=self.ast,
                          setup=setup, seed=self.seed, names=names, open_bargaining=True,
                          last_turn=self.last_turn,
                          events=clone(EVENTS_CHOICES[self.events]))

    def host_game(self) -> None:
        """The same game, hosted for players at other machines."""
        self.app.push(self.app.make("host", self.chosen(), self.map_id, dict(self.kinds)))

    def start_game(self) -> None:
        config = self.chosen()
        path = available_maps().get(self.map_id)
        if path is None:
            self.app.notify("No map is installed")
            return
        try:
            graph, geometry = load_map(path)
        except MapError as err:
            self.app.notify(f"The map cannot be used: {err}")
            return
        try:
            state = new_game(config, graph)
        except (SetupError, PhaseNotImplemented) as err:
            self.app.notify(f"The game cannot start: {err}")
            return
        choices = self.app.settings.new_game
        choices.players, choices.ruleset, choices.ast = self.players, self.ruleset, self.ast
        choices.map, choices.seats = self.map_id, self.seat_choices()
        choices.events = next(k for k, v in EVENTS_KEYS.items() if v == self.events)
        self.app.save_settings()
        seats = {}
        for civ, kind in zip(config.players, self.seat_choices(), strict=True):
            seats[civ] = Seat(civ, config.names[civ], human=kind == "human",
                              level=kind if kind != "human" else "basic")
        autosaver = Autosaver() if self.app.persist_settings else None
        session = Session(state, seats, autosaver=autosaver)
        self.app.reset_to(self.app.make("game", session, geometry))

    # -- drawing ------------------------------------------------------------------------------
    def layout_marks(self) -> list[tuple[str, pygame.Rect]]:
        """The texts drawn here, for the layout check (selftest --layout)."""
        return list(getattr(self, "_marks", []))

    def _explain(self, surface: pygame.Surface) -> None:
        """What the chosen set-up means and what each kind of seat plays like: both under the
        seats where there is room, else the set-up under the fields on the left, in smaller
        type if need be."""
        px = self.px
        limit = self.start.rect.top - px(12)
        seats_x = min(r.x for r in self.seat_rects.values())
        under_seats = (seats_x, max(r.bottom for r in self.seat_rects.values()) + px(18),
                       max(r.right for r in self.seat_rects.values()) - seats_x)
        left = px(40)
        under_fields = (left, self.seed_entry.rect.bottom + px(18), seats_x - left - px(24))
        x, y, width = under_seats
        choices = [(13, True), (11, True), (11, False)]
        for size, header in choices:  # both under the seats
            note = self._note(None, x, y, width, size)
            if y + note + px(8) + self._kinds(None, x, y, size, header) <= limit:
                y += self._note(surface, x, y, width, size) + px(8)
                self._kinds(surface, x, y, size, header)
                return
        fx, fy, fw = under_fields
        for size, header in choices:  # the set-up on the left, the seats' kinds under them
            if (fy + self._note(None, fx, fy, fw, size) <= limit
                    and y + self._kinds(None, x, y, size, header) <= limit):
                break
        if fy + self._note(None, fx, fy, fw, size) <= limit:  # else the Set-up menu's tooltip
            self._note(surface, fx, fy, fw, size)
        if y + self._kinds(None, x, y, size, header) <= limit:  # else each seat's tooltip
            self._kinds(surface, x, y, size, header)

    def _line(self, surface: pygame.Surface, note: str, y: int) -> None:
        """A choice's meaning under its menu, in at most two short lines."""
        from ..draw import text_block, wrap

        px = self.px
        x = px(40)
        right = (min(r.x for r in self.seat_rects.values()) - px(24) if self.seat_rects
                 else self.app.screen.get_width() - px(40))
        width = right - x
        size = 11  # two lines of it fit the room under a menu at every scale
        lines = min(2, len(wrap(self.theme, note, width, size, "italic")))
        text_block(surface, self.theme, note, (x, y), width, size=size,
                   colour=Palette.text_dim, role="italic", max_lines=2)
        self._marks.append(("choice note", pygame.Rect(
            x, y, width, lines * self.theme.font("italic", size).get_linesize())))

    def _note(self, surface: pygame.Surface | None, x: int, y: int, width: int,
              size: int) -> int:
        """The set-up's note (drawn when given a surface); its height."""
        from ..draw import text_block, wrap

        t = self.theme
        setups = self.setups()
        note = setup_note(setups[min(self.setup_index, len(setups) - 1)]) if setups else ""
        if not note:
            return 0
        used = min(3, len(wrap(t, note, width, size, "italic"))) * t.font(
            "italic", size).get_linesize()
        if surface is not None:
            text_block(surface, t, note, (x, y), width, size=size, colour=Palette.text_dim,
                       role="italic", max_lines=3)
            self._marks.append(("set-up note", pygame.Rect(x, y, width, used)))
        return used

    def _kinds(self, surface: pygame.Surface | None, x: int, y: int, size: int,
               header: bool) -> int:
        """What each kind of seat plays like (drawn when given a surface); its height."""
        t = self.theme
        px = self.px
        top = y
        if header:
            if surface is not None:
                surface.blit(t.text("Who plays a seat", size, Palette.gold_light, "bold"), (x, y))
            y += t.font("bold", size).get_linesize() + px(2)
        kinds = [("Human", "you, at this screen (hot seat: a curtain between players)")]
        kinds += [(f"Bot: {level}", what) for level, what in LEVEL_NOTES.items()]
        first = max(t.font("bold", size).size(k)[0] for k, _ in kinds) + px(12)
        for kind, what in kinds:
            a = t.text(kind, size, Palette.text, "bold")
            b = t.text(what, size, Palette.text_dim)
            if surface is not None:
                surface.blit(a, (x, y))
                surface.blit(b, (x + first, y))
                self._marks.append((f"note {kind}", pygame.Rect(x, y, first + b.get_width(),
                                                                a.get_height())))
            y += a.get_height() + px(1)
        return y - top


    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.theme)
        px = self.px
        title(surface, self.theme, "New game", (px(40), px(24)), size=38)
        data = load_game_data()
        ruleset = data.rulesets.get(self.ruleset)
        if ruleset is not None:
            from ..draw import text_block

            text_block(surface, self.theme, ruleset.description,
                       (px(40) + px(120), self.ruleset_line_y), px(300), size=13,
                       colour=Palette.text_dim, role="italic", max_lines=3)
        self._marks = []
        for y, note in ((self.ast_line_y, f"{ast_note(self.ast)} {LAST_TURN_NOTE}"),
                        (self.events_line_y, EVENTS_NOTES.get(self.events, ""))):
            self._line(surface, note, y)
        if not self.seat_rects:
            return
        first = next(iter(self.seat_rects.values()))
        words = "Seats — civilization, who plays it, name"
        view = self.seat_view
        if view.scrolls:  # which of them are in view: the wheel or the bar shows the others
            words = (f"Seats {self.first + 1}–{self.first + view.shown} of {view.count} — "
                     "who plays each, name")
        head = self.theme.text(words, 15, Palette.gold_light, "bold")
        surface.blit(head, (first.x, first.y - px(30)))
        self._marks.append(("Seats header", head.get_rect(topleft=(first.x, first.y - px(30)))))
        self._explain(surface)
        for civ, rect in self.seat_rects.items():
            panel(surface, rect.inflate(px(8), px(6)), self.theme, fill=Palette.panel_light,
                  radius=6)
            civ_badge(surface, self.theme, civ, data.civilizations[civ].emblem,
                      (rect.x + px(14), rect.centery), px(24))
            name = self.theme.text(data.civilizations[civ].name, self.seat_pt, Palette.text,
                                   "bold")
            surface.blit(name, (rect.x + px(32), rect.centery - name.get_height() // 2))
