"""The rules core's exceptions."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action that is not one of the legal options. The state is left untouched."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class PhaseNotImplemented(Exception):
    """The flow reached a task kind that has no procedure yet."""

    def __init__(self, kind: str) -> None:
        super().__init__(f"phase not implemented: {kind}")
        self.kind = kind


class StateError(Exception):
    """A serialised state that cannot be read back: wrong shape, wrong types or unknown ids."""
