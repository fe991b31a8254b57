"""Bots with the Events module on: normal bots play the private events their windows offer
(battle, siege and movement cards among them), and the game keeps its invariants."""

from __future__ import annotations

from pathlib import Path

from game.core import load_event_cards
from game.maps.files import load_map_file
from game.simulate import simulate

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"


def test_normal_bots_play_the_private_events_their_windows_offer() -> None:
    result = simulate(5, ["normal"], seed=2, max_turns=12, graph=load_map_file(ARENA)[0],
                      events=True)
    assert result["invariant_violations"] == 0
    played = result["events"]["played"]
    assert played, "no private event was played"
    windows = {load_event_cards().cards[c].window for c in played}
    assert windows & {"battle", "siege", "after_siege", "movement"}, played
