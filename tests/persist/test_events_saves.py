"""A game with the Events module on saves its option and the module's state, and replays
to the same hashes; the option comes back from the save, not from a default."""

from __future__ import annotations

from pathlib import Path

from game.persist import read_save, verify
from game.simulate import simulate

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"


def test_a_game_with_events_saves_and_replays_to_the_same_hashes(tmp_path: Path) -> None:
    from game.maps.files import load_map_file

    path = tmp_path / "events.json"
    result = simulate(5, ["random"], seed=3, max_turns=3, save=str(path),
                      graph=load_map_file(ARENA)[0], events=True)
    assert result["events"]["taken"]
    game = read_save(path)
    assert game.state.config.events is not None and game.state.eventdeck is not None
    report = verify(game)
    assert report.actions == result["actions"]
