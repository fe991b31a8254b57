"""The one error a bad scenario raises: the file's key and the problem (../shared/SCENARIOS.md).

Its own module so that the parser (parse.py) and its Events extension (events.py) both raise it
while only the parser imports the extension: parse -> events -> errors, never back.
"""

from __future__ import annotations


class ScenarioError(Exception):
    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"{key}: {problem}")
        self.key = key
        self.problem = problem
