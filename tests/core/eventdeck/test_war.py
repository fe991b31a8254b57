"""The battle, siege and movement cards' lasting state (EventDeck.modifiers, fight, bonus_vp):
it survives clone and save, counts in the score, and a fight where nobody holds a card for
it opens no window."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.core import GameConfig, GameState, new_game
from game.core.eventdeck import war
from game.core.eventdeck.cards import load_event_cards_from
from game.core.eventdeck.model import EventsOptions, Fight, Modifier
from game.core.gamedata import DataError, load_game_data
from game.core.scoring import victory_points
from game.core.setup import choose_setup
from game.maps.files import load_map_file

ARENA = Path(__file__).resolve().parents[2] / "maps" / "arena.json"
DATA = Path(__file__).resolve().parents[3] / "game" / "core" / "data"


def game() -> GameState:
    setup = choose_setup(load_game_data(), GameConfig(players=["?"] * 5))
    config = GameConfig(players=[], setup=setup.id, seed=1, events=EventsOptions())
    return new_game(config, load_map_file(ARENA)[0])


def with_war_state(state: GameState) -> GameState:
    deck = state.eventdeck
    assert deck is not None
    player = next(iter(state.players))
    deck.modifiers.append(Modifier(kind="spared", player=player, amount=2, area="x",
                                   rule="000:event:64"))
    deck.fight = Fight(area="x", sides={player: 3}, attacker=player, defender="y", needed=7)
    deck.bonus_vp[player] = 4
    return state


def test_modifiers_fight_and_bonus_vp_survive_clone_and_save() -> None:
    state = with_war_state(game())
    for again in (state.clone(), GameState.from_json(state.to_json())):
        assert again.eventdeck == state.eventdeck
        assert again.state_hash() == state.state_hash()
    plain = game()
    assert plain.state_hash() != state.state_hash()


def test_bonus_vp_from_events_count_in_the_score() -> None:
    state = game()
    player = next(iter(state.players))
    before = victory_points(state, player)
    with_war_state(state)
    assert victory_points(state, player) == before + 4


def test_a_battle_where_nobody_holds_a_battle_card_opens_no_window() -> None:
    state = game()
    deck = state.eventdeck
    assert deck is not None
    a, b = list(state.players)[:2]
    deck.hands[a] = ["windfall"]
    tasks = len(state.tasks)
    assert not war.battle_begins(state, "x", {a: 3, b: 4})
    assert len(state.tasks) == tasks
    deck.hands[b] = ["archers"]
    assert war.battle_begins(state, "x", {a: 3, b: 4})
    assert len(state.tasks) == tasks + 1


def test_a_battle_card_goes_only_to_the_sides_of_the_battle() -> None:
    state = game()
    deck = state.eventdeck
    assert deck is not None
    a, b, c = list(state.players)[:3]
    archers = load_event_cards_from(DATA).cards["archers"]
    deck.fight = Fight(area="x", sides={a: 3, b: 4})
    assert war.may_play(state, a, archers) and not war.may_play(state, c, archers)
    deck.fight = None
    assert not war.may_play(state, a, archers)


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    shutil.copytree(DATA, tmp_path, dirs_exist_ok=True)
    path = tmp_path / "events.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


def test_a_siege_card_without_a_side_is_refused(tmp_path: Path) -> None:
    broken = _broken(tmp_path, 'side = "attacker"\n', "")
    with pytest.raises(DataError, match="side"):
        load_event_cards_from(broken)


def test_a_side_on_a_battle_card_is_refused(tmp_path: Path) -> None:
    broken = _broken(tmp_path, 'window = "battle"  # "during a land battle"\n',
                     'window = "battle"\nside = "attacker"\n')
    with pytest.raises(DataError, match="side"):
        load_event_cards_from(broken)


def test_a_siege_card_is_offered_only_while_it_can_turn_the_attack() -> None:
    state = game()
    deck = state.eventdeck
    assert deck is not None
    a, b, c = list(state.players)[:3]
    cards = load_event_cards_from(DATA).cards
    siegecraft, saint = cards["siegecraft"], cards["saint"]
    for tokens, fails in ((6, True), (7, False)):
        deck.fight = Fight(area="x", sides={a: tokens}, attacker=a, defender=b, needed=7)
        assert war.may_play(state, a, siegecraft) == fails  # the attacker's, while it fails
        assert war.may_play(state, b, saint) == (not fails)  # the defender's, while it holds
        assert not war.may_play(state, b, siegecraft) and not war.may_play(state, a, saint)
        assert not war.may_play(state, c, siegecraft)
