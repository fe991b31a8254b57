"""Whether the client asks a person to play a private event as its window opens (issue 20).

A window that opens while a person holds a card for it asks them (the core's `event_play`
decision: the cards, or `no`). The setting `quiet_event_windows` names the windows (or "all")
in which the client answers "not now" for them, through the same door as the button would;
the prompt itself offers to stop asking for its window (a button of the decision bar whose
label is the client's own, `quiet:WINDOW`, never sent to the core).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import load_event_cards
from game.persist import Settings

from .events import window_name

PLAY = "event_play"
QUIET = "quiet:"  # the prompt's "don't ask again" button: quiet:WINDOW
ALL = "all"
EVERY = "In every window"
NEVER = "Never"


def window_of(labels: Sequence[str]) -> str:
    """The window an `event_play` decision is asked in: that of the cards it offers (all of
    one window); "" when it offers none."""
    cards = load_event_cards().cards
    for label in labels:
        prefix, _, card = label.partition(":")
        if prefix == "event" and card in cards:
            return cards[card].window
    return ""


def asking(labels: Sequence[str]) -> str:
    """The prompt of an `event_play` decision in the client's words (the core's names the
    window by its id)."""
    window = window_of(labels)
    return f"Play a private event now, as {window_name(window)} begins?" if window else ""


def is_quiet(settings: Settings, window: str) -> bool:
    quiet = settings.quiet_event_windows
    return bool(window) and (ALL in quiet or window in quiet)


def answer_for(settings: Settings, kind: str, labels: Sequence[str]) -> str | None:
    """"no" when the decision is a window the person asked not to be asked about."""
    if kind != PLAY or "no" not in labels:
        return None
    return "no" if is_quiet(settings, window_of(labels)) else None


def quiet_label(kind: str, labels: Sequence[str]) -> str | None:
    """The prompt's button that stops the asking in this decision's window, if it is one."""
    window = window_of(labels) if kind == PLAY else ""
    return f"{QUIET}{window}" if window else None


def quiet_text(label: str) -> str:
    return f"Don't ask again at {window_name(label.removeprefix(QUIET))}"


def silence(settings: Settings, window: str) -> None:
    if window and window not in settings.quiet_event_windows:
        settings.quiet_event_windows.append(window)


# -- the Settings screen: one drop-down -------------------------------------------------------
def choices(quiet: Sequence[str]) -> tuple[list[str], str]:
    """The drop-down's entries and the one shown for `quiet`: every window, never, or (when
    the prompt has quietened some) the windows left out, which keeps them as they are."""
    entries = [EVERY, NEVER]
    if ALL in quiet:
        return entries, NEVER
    if not quiet:
        return entries, EVERY
    names = [window_name(w) for w in quiet]
    some = (f"Not at {names[0]}" if len(names) == 1 else
            f"Not at {', '.join(names[:-1])} or {names[-1]}" if len(names) <= 3 else
            f"Not at {len(names)} windows")
    return [*entries, some], some


def chosen(text: str, quiet: Sequence[str]) -> list[str]:
    """The setting after the drop-down's entry `text` was picked."""
    if text == EVERY:
        return []
    if text == NEVER:
        return [ALL]
    return list(quiet)
