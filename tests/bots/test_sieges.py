"""City attacks by the normal bot (issue 40): it attacks an enemy city when the attack pays,
from its own view, stays home when it does not, defends its own cities, and plays a siege card
of the Events module when the card turns an attack.

Rules: mega-civilization.md §4 phase 3 ("Attacking a city": entering an enemy city's area is
an attack; it succeeds with at least 7 tokens; "the defender may move tokens in before or
after the attack, respecting movement order"), phase 4 (token conflicts first, "removal goes
on until only one player's tokens remain"; 4b: the taken city becomes 6 defender tokens, the
attacker draws a card and takes up to 3 treasury). Siege cards: seed 000 events 58
(Siegecraft), 15 (Breach), 65 (Treason) as events.toml adapts them; one card a window
(004:16.1).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from game.bots.growth import Grower, fight, siege_turns
from game.bots.normal import NormalBot
from game.bots.reading import Reading
from game.core import (
    Action,
    EventsOptions,
    GameConfig,
    GameState,
    advance,
    apply,
    new_game,
    view,
)
from game.core.event_types import CityAttacked, Event
from game.core.state import Task
from game.maps.files import load_map_file

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"
CITY = "a011"  # a city site (limit 3) beside a001 (4), a012 (4) and a021 (3)


@cache
def _graph():  # type: ignore[no-untyped-def]
    return load_map_file(ARENA)[0]


def _position(minoa: dict[str, int], assyria: dict[str, int] | None = None, *,
              assyria_moves_first: bool = True, events: bool = False,
              siege_card: str = "") -> GameState:
    """Turn 1's movement on the arena map, restarted on a board set by hand: an Assyrian
    city at a011, Minoa's and Assyria's tokens where given."""
    config = GameConfig(players=[], setup="5-west", seed=1,
                        events=EventsOptions() if events else None)
    state = new_game(config, _graph())
    bots = {pid: NormalBot(i) for i, pid in enumerate(state.players)}
    while state.phase != "movement":  # the Events module's display first
        assert state.pending is not None
        who = state.pending.player
        apply(state, Action(who, bots[who].choose(view(state, who))))
    board = state.board

    def put(pid: str, area: str, n: int) -> None:
        have = board.count(area, pid)
        board.add(area, pid, n - have)
        state.players[pid].stock -= n - have

    put("minoa", "a011", 0)
    board.cities[CITY] = "assyria"
    for area, n in minoa.items():
        put("minoa", area, n)
    for area, n in (assyria or {}).items():
        put("assyria", area, n)
    # the movement order is by census, highest first (rules §4 phase 3)
    for pid, p in state.players.items():
        p.census = board.tokens_of(pid)
    state.players["assyria"].census = 90 if assyria_moves_first else 0
    if state.eventdeck is not None:
        state.eventdeck.hands["minoa"] = [siege_card] if siege_card else []
    # restart the movement phase on the new board (a movement window above it closed)
    while state.tasks[-1].kind != "phase:movement":
        state.tasks.pop()
    state.tasks[-1] = Task(state.tasks[-1].kind)
    state.pending = None
    advance(state)
    return state


def _play_through_conflict(state: GameState) -> list[Event]:
    bots = {pid: NormalBot(i) for i, pid in enumerate(state.players)}
    seen: list[Event] = []
    while state.phase in ("movement", "conflict") and not state.game_over:
        assert state.pending is not None
        who = state.pending.player
        seen += apply(state, Action(who, bots[who].choose(view(state, who))))
    assert not any(b.errors for b in bots.values()), [b.errors for b in bots.values()]
    return seen


def _attacks(seen: list[Event]) -> list[CityAttacked]:
    return [e for e in seen if isinstance(e, CityAttacked) and e.area == CITY]


def test_token_conflict_model_follows_the_removal_rounds() -> None:
    # rules §4 phase 4a: the fewest remove first; it stops once one side is left (a city's
    # area) or the tokens fit the limit, even mid-round
    assert fight([7, 3], None) == [5, 0]
    assert fight([7, 6], 3) == [2, 1]
    assert fight([4, 4], None) == [0, 0]


def test_normal_bot_attacks_a_rivals_city_when_it_pays() -> None:
    # rules §4 phase 3 "Attacking a city" and 4b: 16 tokens beside the city of the strongest
    # rival; once six have gone to build a city of its own at a022 and two have spread to
    # free land, 8 are left beside it, and nobody moves later to counter
    state = _position({"a012": 7, "a001": 6, "a021": 3})
    seen = _play_through_conflict(state)
    attacks = _attacks(seen)
    assert [(a.attacker, a.success) for a in attacks] == [("minoa", True)]
    assert attacks[0].tokens >= attacks[0].needed == 7
    assert CITY not in state.board.cities


def test_normal_bot_does_not_attack_when_the_defender_can_move_in_after_it() -> None:
    # rules §4 phase 3: "the defender may move tokens in ... respecting movement order":
    # Assyria moves after Minoa and has 3 tokens beside its city, so the 8 attackers Minoa
    # can bring would come out of the fight in the city's area with 6 and the attack would
    # fail; Minoa stays home
    position = {"a012": 9, "a001": 7}  # 8 beside the city after its own city and spreading
    assyria = {"a021": 3}
    state = _position(position, assyria, assyria_moves_first=False)
    seen = _play_through_conflict(state)
    assert _attacks(seen) == []
    assert state.board.cities.get(CITY) == "assyria"
    # the same tokens attack when Assyria has already moved (the counter-move is gone)
    state = _position(position, assyria, assyria_moves_first=True)
    assert [a.success for a in _attacks(_play_through_conflict(state))] == [True]


def test_normal_bot_does_not_attack_when_the_city_is_not_worth_its_tokens() -> None:
    # the tokens it would lose (within their areas' limits, each with its growth) against the
    # city of the weakest player, with no card in hand to draw: the attack does not pay
    state = _position({"a012": 9, "a001": 7})  # 8 beside the city, as above
    state.players["assyria"].hand.clear()
    for pid in ("minoa", "hatti", "hellas", "egypt"):  # all lead Assyria: it is no threat
        state.players[pid].ast = 6
    seen = _play_through_conflict(state)
    assert _attacks(seen) == []


def test_the_peaceful_plan_never_attacks() -> None:
    state = _position({"a012": 7, "a001": 6, "a021": 3})
    bots = {pid: NormalBot(i) for i, pid in enumerate(state.players)}
    bots["minoa"].grower = Grower(attack_cities=0)
    while state.phase in ("movement", "conflict"):
        assert state.pending is not None
        who = state.pending.player
        for e in apply(state, Action(who, bots[who].choose(view(state, who)))):
            assert not isinstance(e, CityAttacked)


def test_a_siege_card_turns_an_attack_the_tokens_alone_could_not_win() -> None:
    # 000 event 65 (Treason, events.toml: three tokens fewer) in the siege window (004:16.1):
    # five tokens beside the city are two short of the 7 of rules §4 phase 4b; with Treason in
    # hand the bot attacks with them and plays it as the attack is judged
    position = {"a012": 3, "a001": 3}
    state = _position(position, events=True)
    assert _attacks(_play_through_conflict(state)) == []
    state = _position(position, events=True, siege_card="treason")
    seen = _play_through_conflict(state)
    attacks = _attacks(seen)
    assert [(a.attacker, a.success) for a in attacks] == [("minoa", True)]
    assert attacks[0].needed == 4 <= attacks[0].tokens < 7
    assert state.counters.get("event_played:treason") == 1


def test_a_siege_card_is_played_only_where_it_turns_the_attack() -> None:
    # one card a window (004:16.1): Siegecraft (000 event 58, one token fewer) cannot turn 5
    # attackers against the 7 of rules §4 phase 4b, Treason (000 event 65, three fewer) can
    state = _position({"a012": 3}, events=True)
    state.board.add(CITY, "minoa", 5)
    r = Reading(view(state, "minoa"))
    assert not siege_turns(r, "siegecraft") and not siege_turns(r, "breach")
    assert siege_turns(r, "treason")
    state.board.add(CITY, "minoa", 1)  # six: one short, which Siegecraft makes up
    assert siege_turns(Reading(view(state, "minoa")), "siegecraft")


def test_normal_bot_defends_a_city_an_enemy_has_entered() -> None:
    # rules §4 phase 3: the defender moves in after the attacker; phase 4: the fight in the
    # city's area comes first: 9 Assyrian tokens against 4 of Minoa's come out of it with 6,
    # short of the 7 needed
    config_minoa = {"a012": 4, "a001": 4}
    state = _position(config_minoa, {"a021": 9})
    # Minoa's city at a011 this time, with Assyria's 9 tokens already inside
    board = state.board
    board.cities[CITY] = "minoa"
    board.add("a021", "assyria", -9)
    board.add(CITY, "assyria", 9)
    state.players["assyria"].census = 0
    state.players["minoa"].census = 1
    state.tasks[-1] = Task(state.tasks[-1].kind)
    state.pending = None
    advance(state)
    bots = {pid: NormalBot(i) for i, pid in enumerate(state.players)}
    # Assyria has "moved" already: skip its movement by answering done
    seen: list[Event] = []
    while state.phase in ("movement", "conflict"):
        assert state.pending is not None
        who = state.pending.player
        label = "done" if (who == "assyria" and state.pending.kind == "movement_area") \
            else bots[who].choose(view(state, who))
        seen += apply(state, Action(who, label))
    attacks = [e for e in seen if isinstance(e, CityAttacked) and e.area == CITY]
    assert [(a.attacker, a.success) for a in attacks] == [("assyria", False)]
    assert board.cities.get(CITY) == "minoa"


def test_normal_bots_attack_cities_in_a_whole_game() -> None:
    # issue 40's "done when": bots attack cities in normal-bot games (rules §4 phase 4b)
    state = new_game(GameConfig(players=[], setup="5-west", seed=3, max_turns=30), _graph())
    bots = {pid: NormalBot(i) for i, pid in enumerate(state.players)}
    attacks: list[CityAttacked] = []
    while not state.game_over:
        assert state.pending is not None
        who = state.pending.player
        for e in apply(state, Action(who, bots[who].choose(view(state, who)))):
            if isinstance(e, CityAttacked) and e.attacker in state.players:
                attacks.append(e)
    assert not any(b.errors for b in bots.values())
    assert attacks and sum(a.success for a in attacks) >= len(attacks) // 2
