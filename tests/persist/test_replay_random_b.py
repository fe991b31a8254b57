"""A game with random B-events (004:16.1, Events option "random B-events") replays from its save.

New game draws the random B-event choice from the game's generator and writes it into the
configuration (eventdeck/deck.py `start`), so that a replay deals the same decks. The replay
rebuilds the start from that configuration, choice written in; it must draw from the generator
just as the first start did, or every deck and die roll after it differs and
`python -m game replay --verify` fails at the very start (found by bench/soak.py, issue 40).
"""

from __future__ import annotations

from pathlib import Path

from game.bots import make_bot
from game.core import (
    Action,
    EventsOptions,
    GameConfig,
    apply,
    choose_setup,
    clone,
    load_game_data,
    new_game,
    view,
)
from game.persist import GameRecord, read_save, verify, write_save
from game.simulate import resolve_map


def test_a_random_b_game_rebuilds_its_start_and_verifies(tmp_path: Path) -> None:
    data = load_game_data()
    config = GameConfig(players=[], ruleset="classic", seed=7, max_turns=2,
                        events=EventsOptions(random_b=True))
    config.setup = choose_setup(data, GameConfig(players=["?"] * 5)).id
    state = new_game(config, resolve_map("oikoumene"), data)
    assert state.config.events is not None and state.config.events.b_events  # written in
    again = new_game(clone(state.config), state.map, data)
    assert again.state_hash() == state.state_hash()
    record = GameRecord.begin(state, from_new_game=True)
    bots = {pid: make_bot("random", i) for i, pid in enumerate(state.players)}
    while not state.game_over and state.pending is not None:
        who = state.pending.player
        action = Action(who, bots[who].choose(view(state, who)))
        apply(state, action)
        record.note(action, state)
    report = verify(read_save(write_save(tmp_path / "random-b.json", record, state)))
    assert report.final_hash == state.state_hash()
