"""The line shown while another player decides says what the decision is, never what only its
maker may know (issue 34): "Egypt is buying advances", not the advances Egypt can pay for."""

from __future__ import annotations

from pathlib import Path

from game.bots import make_bot
from game.core import Action, EventsOptions, GameConfig, apply, load_game_data, new_game, view
from game.maps.files import load_map_file
from game.ui.scenes.game import GameScene
from game.ui.seat.session import Seat, Session

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"


def watching(app, seed: int, bots: str, kind: str) -> tuple[GameScene, str]:  # type: ignore[no-untyped-def]
    """A game played by bots to the first decision of `kind`, on the screen of a person at
    another seat; and who decides."""
    graph, geometry = load_map_file(ARENA)
    state = new_game(GameConfig(players=[], setup="5-west", seed=seed, max_turns=12,
                                events=EventsOptions()), graph)
    players = {pid: make_bot(bots, i) for i, pid in enumerate(state.players)}
    while state.pending is not None and state.pending.kind != kind:
        who = state.pending.player
        apply(state, Action(who, players[who].choose(view(state, who))))
    assert state.pending is not None
    decider = state.pending.player
    person = next(p for p in state.players if p != decider)
    seats = {pid: Seat(pid, "Ann" if pid == person else pid.title(), human=pid == person)
             for pid in state.players}
    scene = GameScene(app, Session(state, seats), geometry)
    app.push(scene)
    scene.viewer = person
    return scene, decider


def test_another_players_advance_purchase_is_shown_without_what_they_can_afford(app) -> None:
    scene, buyer = watching(app, seed=3, bots="normal", kind="advance_choice")
    line, _ = scene._prompt(scene.ctx(), set())
    civ = load_game_data().civilizations[buyer].name
    assert line.startswith(f"{civ} is buying advances"), line
    advances = [a.name for a in load_game_data().advances.values()]
    assert not any(name in line for name in advances), line
    assert not any(ch.isdigit() for ch in line), line


def test_another_players_private_event_window_names_nobody(app) -> None:
    """Issue 37: "Waiting for Minoa: Play a private event now?" told the table who holds a
    private event. While a window asks a holder, everyone else reads the same neutral wait:
    no name in the prompt, no one to act in the top bar."""
    scene, holder = watching(app, seed=4, bots="random", kind="event_play")
    ctx = scene.ctx()
    line, hint = scene._prompt(ctx, set())
    names = {load_game_data().civilizations[holder].name, holder.title()}
    assert line == "Private events may be played now — waiting" and not hint, line
    assert not any(name in line for name in names), line
    assert ctx.view.pending is not None and ctx.view.pending.player == ""
