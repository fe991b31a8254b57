"""A game saved while an event asks "choose the player it strikes" opens and plays on (issue 36,
defect 1): the save's snapshot is checked by asking the pending decision again, and the Events
action phase asked the display pick instead of the target."""

from __future__ import annotations

from pathlib import Path

from game.bots import make_bot
from game.core import Action, EventsOptions, GameConfig, legal_actions, new_game, view
from game.maps.files import load_map_file
from game.persist import GameRecord, read_save, write_save

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"


def test_a_save_at_an_event_target_decision_loads_and_plays_on(tmp_path: Path) -> None:
    graph = load_map_file(ARENA)[0]
    found = 0
    for seed in range(1, 40):
        state = new_game(GameConfig(players=[], setup="5-west", seed=seed, max_turns=6,
                                    events=EventsOptions()), graph)
        record = GameRecord.begin(state)
        bots = {pid: make_bot("random", i) for i, pid in enumerate(state.players)}
        while state.pending is not None and state.turn <= 4:
            if state.pending.kind == "event_target":
                path = write_save(tmp_path / f"target-{seed}.json", record, state)
                loaded = read_save(path).state
                assert loaded.state_hash() == state.state_hash()
                assert loaded.pending is not None and loaded.pending.kind == "event_target"
                label = legal_actions(state)[0].label
                record.apply(state, Action(state.pending.player, label))
                record_loaded = read_save(path)
                record_loaded.record.apply(record_loaded.state,
                                           Action(record_loaded.state.pending.player, label))
                assert record_loaded.state.state_hash() == state.state_hash()
                found += 1
                break
            who = state.pending.player
            record.apply(state, Action(who, bots[who].choose(view(state, who))))
        if found >= 3:
            break
    assert found >= 3, "no event_target decision reached"
