"""Saves: round trips at every phase and half-way through calamities; clear refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core import GameState
from game.core.turn import PHASES
from game.persist import (
    GameRecord,
    SaveError,
    list_saves,
    read_save,
    safe_name,
    verify,
    write_save,
)
from game.persist.saves import encode_save

# One scenario per phase whose decisions random play may not reach; the played game covers the
# rest. Calamity selection and A.S.T. alteration never wait for a decision, so a save falls in
# them only when the game is over (the "end" state).
PHASE_SCENARIOS = {
    "taxation": "taxation-monarchy-coinage.toml",
    "population_expansion": "expansion-census.toml",
    "movement": "movement-land-move.toml",
    "conflict": "conflict-attack-order.toml",
    "city_construction": "cities-architecture.toml",
    "trade_card_acquisition": "cards-buy-mining.toml",
    "trade": "trade-legal-swap.toml",
    "calamity_resolution": "flood-plain-losses.toml",
    "special_abilities": "special-diaspora-limits.toml",
    "surplus_and_support": "support-agriculture-reduction.toml",
    "advance_acquisition": "advances-anatomy.toml",
}
MID_CALAMITY = [
    "civil_war-factions.toml",
    "barbarian_hordes-trader-picks.toml",
    "cyclone-tie-victim-chooses.toml",
    "volcanic_eruption-victim-breaks-tie.toml",
    "epidemic-shares-trader-immune.toml",
    "treachery-diplomacy.toml",
    "piracy-victim-names-players.toml",
    "avalanches-two-pairs.toml",
    "corruption-law.toml",
]


def round_trip(tmp_path: Path, state: GameState, record: GameRecord) -> GameState:
    path = write_save(tmp_path / "game.json", record, state)
    game = read_save(path)
    assert game.state == state
    assert game.state.state_hash() == state.state_hash()
    assert game.record.actions == record.actions
    assert game.record.hashes == record.hashes
    assert game.record.config == record.config
    assert game.record.start == record.start
    return game.state


def test_every_phase_with_a_decision_is_covered(played, helpers) -> None:
    covered = set(played) | set(PHASE_SCENARIOS) | {played["end"][0].phase}
    assert set(PHASES) - covered == {"calamity_selection"}


DECISION_PHASES = sorted(set(PHASES) - {"calamity_selection", "ast_alteration"})


@pytest.mark.parametrize("phase", ["start", "end", *DECISION_PHASES])
def test_a_save_at_any_phase_loads_the_same_state_and_play_goes_on_identically(
    phase, played, helpers, tmp_path
) -> None:
    if phase in played:
        state, record = played[phase]
        state, record = state.clone(), helpers.copy(record)
    else:
        state = helpers.scenario_state(PHASE_SCENARIOS[phase])
        record = GameRecord.begin(state)
        assert record.start is not None  # a scenario is not a new game: its start is kept
    assert state.phase == phase or phase in ("start", "end")
    loaded = round_trip(tmp_path, state, record)
    if phase in played:
        helpers.play(state, record, seed=3, limit=150)
        helpers.play(loaded, helpers.copy(record), seed=3, limit=150)
    else:
        helpers.finish(state)
        helpers.finish(loaded)
    assert loaded.state_hash() == state.state_hash()


@pytest.mark.parametrize("name", MID_CALAMITY)
def test_a_save_half_way_through_a_calamity_resumes_it_exactly(name, helpers, tmp_path) -> None:
    state, record = helpers.mid_calamity(name)
    assert any(t.kind.startswith("calamity:") for t in state.tasks)
    loaded = round_trip(tmp_path, state, record)
    game = read_save(tmp_path / "game.json")
    helpers.finish(state, record)
    helpers.finish(loaded, game.record)
    assert loaded.state_hash() == state.state_hash()
    # The resumed record still replays from the scenario's start to the same end.
    write_save(tmp_path / "after.json", game.record, loaded)
    assert verify(read_save(tmp_path / "after.json")).final_hash == loaded.state_hash()


def test_loading_leaves_the_file_byte_for_byte_unchanged(played, tmp_path) -> None:
    state, record = played["end"]
    path = write_save(tmp_path / "game.json", record, state)
    before = path.read_bytes()
    read_save(path)
    assert path.read_bytes() == before


def test_a_save_holds_every_field_the_format_promises(played) -> None:
    state, record = played["end"]
    doc = json.loads(encode_save(record, state))
    assert doc["format"] == "calamitas-save" and doc["format_version"] == 5
    assert doc["config"]["map_setup"] == "whole-board"  # the arena map has no set-ups
    assert doc["game_version"] and doc["ruleset"] == "classic"
    assert doc["map"]["id"] == "arena" and len(doc["map"]["hash"]) == 16
    assert doc["config"]["players"] == list(state.players) and doc["seed"] == 7
    assert doc["start"] is None  # a new game: rebuilt from configuration, seed and map
    assert len(doc["actions"]) == len(record.actions) and set(doc["actions"][0]) == {
        "player", "label"}
    assert [h["turn"] for h in doc["hashes"]] == list(range(1, state.turn + 1))
    assert doc["state"]["map"]["id"] == "arena"  # the snapshot carries its own map graph
    assert doc["seats"] == {pid: "human" for pid in state.players}  # unless told otherwise


def test_who_sits_in_each_seat_comes_back_on_load(played, tmp_path) -> None:
    state, record = played["trade"]
    players = list(state.players)
    record.seats = {pid: "human" if i % 3 == 0 else ("hard", "random")[i % 2]
                    for i, pid in enumerate(players)}
    try:
        game = read_save(write_save(tmp_path / "seats.json", record, state))
    finally:
        record.seats = {}
    assert game.record.seats == {pid: "human" if i % 3 == 0 else ("hard", "random")[i % 2]
                                 for i, pid in enumerate(players)}


def test_a_scenario_game_carries_its_own_map_and_start(helpers, tmp_path) -> None:
    state, record = helpers.mid_calamity("civil_war-factions.toml")
    path = write_save(tmp_path / "g.json", record, state)
    doc = json.loads(path.read_text())
    assert doc["start"] is not None and doc["state"]["map"]["areas"]
    assert read_save(path).state.map == state.map


def test_a_newer_format_is_refused_with_a_clear_message(played, tmp_path) -> None:
    state, record = played["start"]
    doc = json.loads(encode_save(record, state))
    doc["format_version"] = 7
    doc["game_version"] = "9.0.0"
    path = tmp_path / "new.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="newer Calamitas.*format 7.*9.0.0.*update"):
        read_save(path)


def test_a_newer_state_format_inside_is_refused_too(played, tmp_path) -> None:
    state, record = played["start"]
    doc = json.loads(encode_save(record, state))
    doc["state"]["version"] = 99
    path = tmp_path / "new.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="newer Calamitas"):
        read_save(path)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["map"].update(hash="0" * 16), "map.hash"),
        (lambda d: d["map"].update(id="elsewhere"), "map.id"),
        (lambda d: d.update(seed=d["seed"] + 1), "seed"),
        (lambda d: d.update(ruleset="double-empires"), "ruleset"),
        (lambda d: d["state"]["players"]["egypt"].update(stock=3), "inconsistent|damaged"),
        (lambda d: d["state"].update(turn=d["state"]["turn"] + 1), "damaged"),
        (lambda d: d["actions"].append({"player": "egypt", "label": "\x1b[2J"}), "control"),
        (lambda d: d["hashes"].reverse(), "hashes"),
        (lambda d: d.pop("state"), "state"),
        (lambda d: d.update(format="something-else"), "not a Calamitas save"),
        (lambda d: d["seats"].pop("egypt"), "seats"),
        (lambda d: d["seats"].update(egypt="Deep Blue; rm -rf"), "seats.egypt"),
        (lambda d: d["seats"].update(egypt=7), "seats.egypt"),
        (lambda d: d.update(seats=[]), "seats"),
    ],
)
def test_a_damaged_save_names_its_problem_on_one_line(played, tmp_path, change, message) -> None:
    state, record = played["end"]
    doc = json.loads(encode_save(record, state))
    change(doc)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match=message) as info:
        read_save(path)
    assert "\n" not in str(info.value) and str(path) in str(info.value)


def test_a_save_that_cannot_be_written_leaves_a_clear_error(played, tmp_path) -> None:
    state, record = played["start"]
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(SaveError, match="cannot write"):
        write_save(blocker / "game.json", record, state)


def test_list_saves_shows_good_saves_newest_first_and_bad_ones_with_their_error(
    played, tmp_path
) -> None:
    state, record = played["start"]
    write_save(tmp_path / "a.json", record, state)
    (tmp_path / "b.json").write_text("{broken")
    (tmp_path / "notes.txt").write_text("not a save")
    rows = list_saves(tmp_path)
    assert sorted(r.path.name for r in rows) == ["a.json", "b.json"]
    good = next(r for r in rows if r.path.name == "a.json")
    assert good.turn == 1 and good.ruleset == "classic" and len(good.players) == 9
    bad = next(r for r in rows if r.path.name == "b.json")
    assert "not valid JSON" in bad.error


@pytest.mark.parametrize(
    ("typed", "ok"),
    [("My game", "My game"), ("../../etc/passwd", "etc_passwd"), ("CON", "save_CON"),
     ("", None), ("...", None), ("a/b\\c:d*e", "a_b_c_d_e"), ("x" * 300, "x" * 60)],
)
def test_save_names_are_safe_file_names(typed, ok) -> None:
    name = safe_name(typed)
    assert name and "/" not in name and "\\" not in name and ".." not in name
    assert len(name) <= 60
    if ok is not None:
        assert name == ok


def test_the_installed_map_is_found_only_when_its_rules_match(played, helpers, tmp_path) -> None:
    from game.persist import installed_map, missing_map_message

    maps = Path(__file__).resolve().parents[1] / "maps"
    state, record = played["start"]
    game = read_save(write_save(tmp_path / "g.json", record, state))
    assert installed_map(game, maps) == maps / "arena.json"
    assert installed_map(game, tmp_path) is None  # not installed here
    scenario, rec = helpers.mid_calamity("civil_war-factions.toml")
    other = read_save(write_save(tmp_path / "s.json", rec, scenario))
    assert installed_map(other, maps) is None
    message = missing_map_message(other)
    assert repr(other.map_id) in message and "\n" not in message
