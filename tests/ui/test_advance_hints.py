"""Phase 12 (rules §4 phase 12, §8) as a person sees it (issue 36, defect 9): a phase that
passes them by because nothing is affordable says so with the figures ("the cheapest costs 35,
you have 23": cards in hand, treasury and credits counted as the core counts what one can pay),
and an advance's tooltip says what it does (its credits, its effects in play, the calamities
it changes), not only its cost."""

from __future__ import annotations

import re

from game.bots import make_bot
from game.core import (
    Action,
    GameState,
    PhaseStarted,
    advance_costs,
    apply,
    load_game_data,
    payment_capacity,
    set_sizes,
    view,
)
from game.ui.app import App
from game.ui.words.advances import ShopWatch, advance_does, advance_hint

from .script import make_game
from .test_decision_news import seat_one, until_decision

HINT = re.compile(r"No advance you can buy: the cheapest, (.+), costs (\d+); "
                  r"you have (\d+) \(cards (\d+), treasury (\d+)\)")


def core_figures(state: GameState, pid: str) -> tuple[int, int]:
    """The cheapest price and what the player can pay, straight from the core."""
    data = state.data
    p = state.players[pid]
    costs = advance_costs(data, p.advances, p.credits)
    cheapest = min(costs[a.id] for a in data.advances.values()
                   if state.config.ruleset in a.rulesets and a.id not in p.advances)
    most = payment_capacity(data, (h.card for h in p.hand), p.treasury, p.advances,
                            set_sizes(data, state.config.setup), False)
    return cheapest, most


def in_phase_12(seed: int) -> tuple[GameState, str]:
    """Basic bots' game `seed` at a bot's phase-12 decision, with a player who can afford
    nothing (so the phase passes them by)."""
    state = make_game(seed)
    bots = {pid: make_bot("basic", seed * 100 + i) for i, pid in enumerate(state.players)}
    for _ in range(20000):
        pending = state.pending
        assert pending is not None
        if pending.kind == "advance_choice" and state.turn >= 3:
            poor = [pid for pid in state.players if pid != pending.player
                    and core_figures(state, pid)[0] > core_figures(state, pid)[1]]
            if poor:
                return state, poor[0]
        apply(state, Action(pending.player, bots[pending.player].choose(
            view(state, pending.player))))
    raise AssertionError("no phase 12 with a player who could buy nothing")


def test_the_hint_gives_the_cheapest_price_and_what_the_player_can_pay() -> None:
    state, poor = in_phase_12(1)
    cheapest, most = core_figures(state, poor)
    said = advance_hint(view(state, poor))
    assert said is not None
    found = HINT.fullmatch(said)
    assert found, said
    name, price, have, cards, treasury = found.groups()
    assert (int(price), int(have)) == (cheapest, most)
    assert int(cards) + int(treasury) == most
    assert int(treasury) == state.players[poor].treasury
    assert name in {a.name for a in load_game_data().advances.values()}
    rich = state.pending.player if state.pending else ""
    assert advance_hint(view(state, rich)) is None  # asked to choose: nothing to explain


def test_a_phase_12_that_passes_a_person_by_is_told_at_their_next_decision(app: App) -> None:
    state, poor = in_phase_12(1)
    cheapest, most = core_figures(state, poor)
    turn = state.turn
    game, driver = seat_one(app, state, poor, 1)
    until_decision(game, driver, poor)
    assert game.session.state.turn > turn
    told = [line for line in game.news.lines if line.startswith("No advance you can buy")]
    assert len(told) == 1, game.news.lines
    found = HINT.fullmatch(told[0])
    assert found and (int(found.group(2)), int(found.group(3))) == (cheapest, most)


def test_the_watch_tells_once_and_never_when_the_person_was_asked() -> None:
    state, poor = in_phase_12(1)
    watch = ShopWatch()
    started = [PhaseStarted(phase="advance_acquisition", turn=state.turn, rule="rules:phase-12")]
    assert watch.see(view(state, poor), started) is None  # the phase is still on
    later = state.clone()
    later.turn += 1
    later.phase = "taxation"
    note = watch.see(view(later, poor), [])
    assert note is not None and HINT.fullmatch(note)
    assert watch.see(view(later, poor), []) is None  # once
    asked = ShopWatch()
    rich = state.pending.player if state.pending else ""
    asked.see(view(state, rich), started)
    assert asked.see(view(later, rich), []) is None


def test_an_advance_says_what_it_does_credits_effects_and_calamities() -> None:
    said = advance_does("engineering", "classic")
    assert said[0] == "Gives credits: 10 Crafts, 10 Science; 20 towards Roadbuilding"
    assert any("6 tokens suffice" in line for line in said)  # its effect in play
    assert any(line.startswith("• City in Flames: your city is reduced instead of destroyed")
               for line in said)  # seed 001, 29.5 (City in Flames, reduce instead)
    mysticism = advance_does("mysticism", "classic")
    assert "• Superstition: cities reduced −1" in mysticism  # seed 001, 29.3.2
    assert any("Famine: it does not strike you" in line
               for line in advance_does("irrigation", "classic"))  # seed 001, 29.3.1.5
    for adv in load_game_data().advances.values():
        for ruleset in adv.rulesets:
            for line in advance_does(adv.id, ruleset):
                assert "_" not in line, line


def test_the_advances_panel_tooltip_and_head_line_say_it(app: App) -> None:
    state, poor = in_phase_12(1)
    game, driver = seat_one(app, state, poor, 1)
    driver.frames(2)
    panel = next(p for p in game.panels if type(p).__name__ == "AdvancesPanel")
    game.set_tab(game.panels.index(panel))
    driver.frames(2)
    tips = [lines for _, lines in panel.tips]
    assert any(any(line.startswith("Gives credits:") for line in lines) for lines in tips)
    assert any(any(line.startswith("Calamities:") for line in lines) for lines in tips)


def test_the_rules_screens_advances_say_what_each_does(app: App) -> None:
    from game.ui.scenes.rules import RulesScene

    rules = RulesScene(app)
    app.push(rules)
    rules.set_tab(1)
    texts = [text for _, text, _ in rules.entries()]
    at = texts.index(next(t for t in texts if t.startswith("Mysticism — ")))
    assert texts[at + 1] == "Gives credits: 5 Arts, 5 Religion; 10 towards Monument"
    assert "• Superstition: cities reduced −1" in texts[at:at + 5]  # seed 001, 29.3.2
