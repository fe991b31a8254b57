"""The losses box shows what each pick costs before it is made (issue 36, defect 7): each area's
row says what a pick there is worth — a token 1 unit point, a city 5 (the core's figure,
numbers.toml city_unit_points, measured on copies of the game, not written in the client) —
and when a pick would go past what is owed (damage.py: a city is offered when only cities are
left, even for fewer points), by how much; the total counts that overshoot."""

from __future__ import annotations

import pygame

from game.core import load_game_data
from game.ui.panels.losses import LossBox
from game.ui.seat.losses import LossPlan

from .test_decision_news import famine_share, seat_one, until_decision
from .test_lossplan import _famine_loss

CITY = load_game_data().numbers["city_unit_points"]


def _plan() -> LossPlan:
    """Egypt owes 7 unit points: 4 tokens in C, or its cities in A and B."""
    plan = LossPlan.of(_famine_loss())
    assert plan is not None and plan.asked == 7
    return plan


def test_each_area_says_what_a_pick_there_is_worth() -> None:
    plan = _plan()
    assert CITY == 5
    assert plan.units("A") == plan.units("B") == f"city {CITY}"
    assert plan.units("C") == "token 1"


def test_a_city_after_the_tokens_goes_past_what_is_owed_and_says_by_how_much() -> None:
    from game.ui.seat.losses import Pick

    plan = _plan()
    assert plan.next_pick("A") == Pick(CITY, True, 0, 7)  # 5 of the 7: the rest from C
    plan.add("C", plan.most["C"])  # every token: 4 of the 7 (the last one goes by itself)
    assert plan.taken() == 4
    assert plan.next_pick("A") == Pick(CITY, True, CITY - 3, 4 + CITY)
    plan.add("A")
    assert plan.taken() == 4 + CITY  # 9 of 7: the plan says so before a pick is made
    made, over = plan.outcome()
    assert over and made == len(plan.picks())


def test_the_box_draws_the_worth_of_each_row_and_the_overshoot(app, monkeypatch) -> None:
    drawn: list[str] = []
    text = app.theme.text

    def record(words: str, *args: object, **kwargs: object) -> pygame.Surface:
        drawn.append(words)
        return text(words, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(app.theme, "text", record)
    box = LossBox(app.theme)
    box.plan, box.key = _plan(), 1
    surface = pygame.Surface((1366, 768))
    names = {"A": "Arbela", "B": "Byblos", "C": "Carchemish"}

    def draw() -> list[str]:
        drawn.clear()
        box.draw(surface, surface.get_rect(), names)
        return list(drawn)

    shown = draw()
    assert f"city {CITY}" in shown and "token 1" in shown
    assert "Chosen: 0 of 7 unit points" in shown
    assert not any("over" in words for words in shown)
    box.plan.add("C", box.plan.most["C"])
    shown = draw()
    assert f"city {CITY} · 2 over" in shown
    assert "A city now takes 5: 2 more than the 3 owed" in shown
    box.plan.add("A")
    shown = draw()
    assert "Chosen: 9 of 7 unit points, 2 more than owed" in shown
    assert surface.get_rect().contains(box.rect)


def test_in_the_client_every_row_of_a_famine_share_says_its_worth(app, tmp_path) -> None:
    state, human = famine_share()
    game, driver = seat_one(app, state, human, 1)
    until_decision(game, driver, human)
    box = game.losses
    assert box.plan is not None and not box.folded
    for area in box.plan.areas:
        assert box.row_words(area).startswith(("token ", "city ")), area
    assert app.screen.get_rect().contains(box.rect)
    pygame.image.save(app.screen, str(tmp_path / "losses.png"))


def test_a_civil_war_selection_counts_the_victims_cities_at_their_worth() -> None:
    """The beneficiary selects another civilization's units (001:29.4.1): a city of the
    victim's reads as a city, though nothing leaves the board while the selection goes on."""
    from game.core import CivilWarSelection

    from .test_decision_news import civil_war

    state, _ = civil_war()
    plan = LossPlan.of(state)
    assert plan is not None and state.pending is not None
    detail = state.pending.detail
    assert isinstance(detail, CivilWarSelection)
    for area in plan.areas:
        city = state.board.cities.get(area) == detail.victim
        assert plan.units(area) == (f"city {CITY}" if city else "token 1"), area
    assert any(state.board.cities.get(a) == detail.victim for a in plan.areas)
