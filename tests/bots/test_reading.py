"""A bot's reading of its view works each derived fact out once per decision (bots/reading.py)."""

from __future__ import annotations

from game.bots.reading import cached_property


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
