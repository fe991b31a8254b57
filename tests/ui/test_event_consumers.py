"""Every event class the core reports has a decision in each of the client's consumers
(issue 17): the log words it (the turn and phase headings aside), the sounds play one
for it or name it as silent. A new event class without a decision fails here."""

from __future__ import annotations

from game.core import ALL_EVENT_TYPES
from game.ui.sound import EVENT_SOUNDS, SILENT
from game.ui.words.log import HEADINGS, _text

from .eventkit import named, sample


def test_every_event_is_worded_by_the_log_in_words_of_its_own() -> None:
    worded = {cls for cls in ALL_EVENT_TYPES if _text(sample(cls), {}) is not None}
    assert not named(set(ALL_EVENT_TYPES) - worded - HEADINGS), "events the log has no words for"
    assert not named(worded & HEADINGS), "events both worded and a heading"
    for cls in worded:  # never the core's debugging description, "TokensPlaced(player=...)"
        assert f"{cls.__name__}(" not in (_text(sample(cls), {}) or ""), cls.__name__


def test_every_event_has_a_sound_or_is_listed_as_silent() -> None:
    sounded = set(EVENT_SOUNDS)
    assert not named(set(ALL_EVENT_TYPES) - sounded - SILENT), "events with no sound decided"
    assert not named(sounded & SILENT), "events both with a sound and listed as silent"
