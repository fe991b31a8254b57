"""The host's and the lobby's facts name the map as a player reads it ("Map Oikoumene"), never
by its file id ("Map oikoumene", seen in a real window at 1366x768)."""

from __future__ import annotations

from game.core import GameConfig
from game.ui.map.offered import map_title, map_titles
from game.ui.scenes.lobby import game_facts


def test_the_shipped_map_is_named_by_its_title() -> None:
    assert map_titles()["oikoumene"] == "Oikoumene"
    assert map_title("Oikoumene: Iberia to the Ganges", "oikoumene") == "Oikoumene"
    assert map_title("", "custom-map") == "custom-map"  # a map without a name: its id


def test_the_game_facts_line_names_the_map() -> None:
    config = GameConfig(players=["minoa", "assyria", "hatti", "hellas", "egypt"], seed=1)
    facts = game_facts(config, map_titles()["oikoumene"])
    assert any(line.startswith("Map Oikoumene · Events off") for line in facts), facts
