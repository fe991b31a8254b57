"""Why a game ended, in one wording for every place that says it: the end screen, the game
log, the replay and the command line (the core's `ended_by`, and the simulator's own two).

Imports nothing (the command line reads it without loading the client).
"""

from __future__ import annotations

ENDED: dict[str, str] = {
    "late_iron": "a civilization reached the end of the A.S.T.",
    "last_turn": "the last turn agreed at the start was played",
    "max_turns": "the turn limit was reached",
    "max_actions": "the action limit was reached",  # simulate: still going at the limit
    "stuck": "the game could not go on",  # simulate: no decision and no end
}


def ended_words(ended_by: str) -> str:
    """"a civilization reached the end of the A.S.T."; "" when the game has not ended."""
    if not ended_by:
        return ""
    return ENDED.get(ended_by, ended_by.replace("_", " "))
