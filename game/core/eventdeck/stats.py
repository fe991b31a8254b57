"""Figures for simulate and the bench: how often each card was taken, left unpicked, played
from hand or cancelled, and the turn each Age began ("end": the turn events ended)."""

from __future__ import annotations

from ..state import GameState


def event_counts(state: GameState) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {"taken": {}, "unpicked": {}, "played": {}, "ages": {},
                                     "cancelled": {}}
    for key, n in sorted(state.counters.items()):
        kind, _, what = key.partition(":")
        if kind == "event_taken":
            out["taken"][what] = n
        elif kind == "event_unpicked":
            out["unpicked"][what] = n
        elif kind == "event_played":
            out["played"][what] = n
        elif kind == "event_cancelled":
            out["cancelled"][what] = n
        elif kind == "event_age":
            out["ages"][what] = n
    return out
