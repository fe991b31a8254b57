"""Load a saved game (or continue the newest autosave), or watch any save as a replay. A file
that cannot be read shows its reason and nothing else happens."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UISelectionList

from game.bots import LEVELS, PLAY_LEVEL
from game.core import load_game_data
from game.net.hosted import HostedGame, hosted_games
from game.persist import (
    Autosaver,
    SavedGame,
    SaveError,
    SaveInfo,
    list_saves,
    newest_autosave,
    read_save,
)
from game.persist import paths as persist_paths

from ..draw import backdrop, panel, title
from ..map.offered import map_for
from ..scene import Scene, entries
from ..seat.session import Seat, Session, log_of
from ..theme import Palette

if TYPE_CHECKING:
    from ..app import App

def start_saved(app: App, game: SavedGame) -> bool:
    found = map_for(game.map_id)
    if found is None:
        app.notify(f"The map {game.map_id!r} of this save is not installed")
        return False
    _, geometry = found
    state = game.state
    data = load_game_data()
    seats = {}
    unknown = []
    for pid in state.players:
        name = state.config.names.get(pid) or data.civilizations[pid].name
        kind = game.record.seats.get(pid, "human")
        if kind != "human" and kind not in LEVELS:  # a level this version does not have
            unknown.append(f"{name} ({kind})")
            kind = PLAY_LEVEL
        seats[pid] = Seat(pid, name, human=kind == "human",
                          level=kind if kind != "human" else PLAY_LEVEL)
    if unknown:
        app.notify(f"Unknown bot level for {', '.join(unknown)}: playing {PLAY_LEVEL}")
    autosaver = Autosaver() if app.persist_settings else None
    session = Session(state, seats, log=log_of(game), record=game.record, autosaver=autosaver)
    app.reset_to(app.make("game", session, geometry))
    return True


def open_save(app: App, path: str | Path) -> bool:
    try:
        game = read_save(path)
    except SaveError as err:
        app.notify(str(err))
        return False
    return start_saved(app, game)


def continue_newest(app: App, game: SavedGame | None = None) -> bool:
    """Play on from `game` (an autosave the main menu read), else from the newest autosave
    that opens. The main menu reads it first, to tell the player when the newest cannot be
    opened before it opens an older one."""
    if game is None:
        game = newest_autosave()
    if game is None:
        app.notify("No autosave can be read")
        return False
    return start_saved(app, game)


HOSTED_HEADING = "— Network games this client hosted (Open hosts one again) —"


def row_text(row: SaveInfo | HostedGame | None) -> str:
    """A row of the list: a save, the hosted games' heading (None) or a hosted game."""
    if row is None:
        return HOSTED_HEADING
    stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(row.modified))
    if isinstance(row, HostedGame):
        if row.save is None:
            return f"Hosted {row.code} — no save can be read — {stamp}"
        where = "over" if row.over else f"turn {row.turn}, {row.phase.replace('_', ' ')}"
        return (f"Hosted {row.code} — {where}, {row.ruleset}, {row.players} players — "
                f"{stamp}")
    if row.error:
        return f"{row.path.name} — cannot be opened: {row.error}"
    return (f"{row.path.stem} — turn {row.turn}, {row.phase.replace('_', ' ')}, "
            f"{row.ruleset}, {len(row.players)} players — {stamp}")


class LoadScene(Scene):
    name = "load"

    def build(self) -> None:
        px = self.px
        w, h = self.app.screen.get_size()
        m, c = self.app.manager, self.container
        rows: list[SaveInfo | HostedGame | None] = [
            row for folder in (persist_paths.saves_dir(), persist_paths.autosaves_dir(),
                               persist_paths.replays_dir()) for row in list_saves(folder)]
        hosted = hosted_games()
        if hosted:  # under a heading of their own: Open hosts one again
            rows += [None, *hosted]
        self.rows = rows
        self.items = [row_text(row) for row in rows]
        self.box = pygame.Rect(px(40), px(100), w - px(80), h - px(200))
        self.list = UISelectionList(self.box.inflate(-px(20), -px(20)),
                                    entries(self.items or ["No saved games yet"]), m,
                                    container=c)
        self.back = UIButton(pygame.Rect(px(40), h - px(80), px(150), px(44)), "Back", m,
                             container=c)
        self.open = UIButton(pygame.Rect(w - px(190), h - px(80), px(150), px(44)), "Open", m,
                             container=c, tool_tip_text="Play on from where the save stands",
                             object_id=pygame_gui.core.ObjectID(
                                 object_id="#open", class_id="@primary"))
        self.watch = UIButton(pygame.Rect(w - px(362), h - px(80), px(160), px(44)),
                              "Watch replay", m, container=c,
                              tool_tip_text="Watch the game from its start: step, play, jump "
                              "to a turn", object_id=pygame_gui.core.ObjectID(
                                  object_id="#watch", class_id="@option"))
        if not rows:
            self.open.disable()
            self.watch.disable()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.open:
                self.open_selected()
            elif event.ui_element is self.watch:
                self.open_selected(replay=True)
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            self.open_selected()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def open_selected(self, replay: bool = False) -> None:
        chosen = self.list.get_single_selection()
        if chosen is None or chosen not in self.items:
            self.app.notify("Choose a saved game first")
            return
        row = self.rows[self.items.index(chosen)]
        if row is None:
            self.app.notify("Choose a saved game first")
            return
        if isinstance(row, HostedGame):
            self.open_hosted(row, replay)
            return
        if row.error:
            self.app.notify(row.error)
            return
        if replay:
            self.app.make("open replay", row.path)
        else:
            open_save(self.app, row.path)

    def open_hosted(self, game: HostedGame, replay: bool) -> None:
        """A hosted game: hosted again for its players to come back to, or (once it is over:
        before, it would show everyone's hands) watched as a replay."""
        if game.save is None:
            self.app.notify(f"The hosted game {game.code} has no save that can be read")
        elif replay and not game.over:
            self.app.notify("A hosted game can be watched once it is over: Open hosts it "
                            "again for its players")
        elif replay:
            self.app.make("open replay", game.save)
        elif game.over:
            self.app.notify("This hosted game is over: watch its replay")
        else:
            self.app.make("host again", game.code)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.theme)
        title(surface, self.theme, "Load a game", (self.px(40), self.px(24)), size=38)
        panel(surface, self.box, self.theme, radius=10)
        note = self.theme.text(f"Saves: {persist_paths.saves_dir()}", 13, Palette.text_faint,
                               "italic")
        surface.blit(note, (self.px(40), self.box.bottom + self.px(6)))
