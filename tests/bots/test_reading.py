"""A bot's reading of its view works each derived fact out once per decision (bots/reading.py)."""

from __future__ import annotations

from game.bots import reading as reading_module
from game.bots.reading import Reading, cached_property
from game.core import PlayerView, apply, load_game_data, view
from game.core.engine import Action
from game.simulate import resolve_map, start


def test_a_kept_fact_is_worked_out_once_and_then_read_as_an_attribute() -> None:
    calls: list[int] = []

    class Facts:
        @cached_property
        def answer(self) -> int:
            calls.append(1)
            return 42

    facts, other = Facts(), Facts()
    assert facts.answer == 42 and facts.answer == 42
    assert calls == [1]
    assert other.answer == 42 and calls == [1, 1]  # each instance its own
    assert isinstance(Facts.answer, cached_property)


def _strength_from_scratch(view: PlayerView, pid: str) -> float:
    """A player's strength as a reading worked it out before it kept any (commit a3ed5e6)."""
    data = load_game_data()
    p = view.player(pid)
    n = data.ast_numbers
    vp = (p.ast * n["vp_per_step"] + p.cities * n["vp_per_city"]
          + sum(data.advances[a].vp for a in p.advances))
    return vp + 2.0 * p.cities + 0.2 * p.treasury + 0.3 * p.hand_size


def test_strengths_and_standings_kept_between_readings_are_those_worked_out_afresh() -> None:
    """Issue 40: readings keep each public player's worth and each players tuple's standings
    (views share them while nothing public changed); every reading of a game at 18 players
    reads the strengths and standings worked out from scratch, and a reading of the same
    players reckons none again."""
    state, seats, _ = start(18, ["normal"], 4, "classic", resolve_map("oikoumene"),
                            max_turns=6)
    actions = 0
    while not state.game_over and state.pending is not None and actions < 1500:
        who = state.pending.player
        seen = view(state, who)
        if actions % 7 == 0:
            reading = Reading(seen)
            strengths = {p.id: _strength_from_scratch(seen, p.id) for p in seen.players}
            assert {pid: reading.strength(pid) for pid in strengths} == strengths
            assert reading.standings == sorted(strengths, key=lambda p: -strengths[p])
        apply(state, Action(who, seats[who].choose(seen)))
        actions += 1
    seen = view(state, who)  # the last decision's
    first = Reading(seen).standings
    assert all(reading_module._WORTH[id(p)][0] is p for p in seen.players)
    assert reading_module._STANDINGS[id(seen.players)][2] == first
