"""What a network client knows of a game, in the shapes the local client already draws.

A client never holds the server's state: it gets, per seat it holds, that seat's view. The
`mirror` is a `GameState` put together from those views: the board, the public part of every
player, the hands of the client's own seats only (others' hands hold as many unknown cards,
"?", as the views count), the pending
decision with its options only when it is one of the client's seats, decks of the right sizes
holding no real cards. It has no task stack or generator, so it is for drawing, never for
`apply`. Events come as the server sent
them (`Event.to_dict`) and are made events again by their type's name.

Whom a private event's window asks is theirs to know (issue 37): only holders of a card for the
window (or of Cancellation) are asked, so a name on "whose decision" would tell the table who
holds one. Another seat's `PRIVATE_KINDS` decision is mirrored with nobody (`SOMEONE`) as its
player: the screen's wait line, decision bar, top bar and table then name nobody, the same for
every holder.
"""

from __future__ import annotations

import dataclasses
import typing
from functools import cache
from typing import Any

from game.core import (
    EVENT_TYPES,
    Event,
    EventDeck,
    GameState,
    HandCard,
    MapGraph,
    Marker,
    StateError,
    computed_regions,
    from_plain,
    to_plain,
)

# Decisions only a holder of a private event is asked: a window's (004:16.1) and Cancellation's
# reaction (000:event:17).
PRIVATE_KINDS = frozenset({"event_play", "event_cancel"})
SOMEONE = ""  # the player of another seat's private decision, as mirrored

_PUBLIC_PLAYER = ("id", "stock", "treasury", "advances", "ast", "census", "block")


def mirror(views: dict[str | None, dict[str, Any]], graph: MapGraph) -> GameState:
    """A drawable state from the newest wire view of each seat held (None: the public view);
    StateError if they are not views of this version. The pending decision is taken from the
    view that has its options, if any does."""
    if not views:
        raise StateError("no view yet")
    pending_seat = next((seat for seat, v in views.items()
                         if isinstance(v, dict) and isinstance(v.get("pending"), dict)
                         and v["pending"].get("options")), None)
    base = views[pending_seat] if pending_seat in views else next(iter(views.values()))
    if not isinstance(base, dict):
        raise StateError("view: not an object")
    hands = {seat: v.get("hand", []) for seat, v in views.items() if seat is not None}
    hidden = to_plain(HandCard("?"))  # a card of another player's hand: only counted
    try:
        players = {p["id"]: {**{k: p[k] for k in _PUBLIC_PLAYER},
                             "credits": {str(k): v for k, v in p["credits"]},
                             "hand": hands.get(p["id"], [hidden] * int(p["hand_size"]))}
                   for p in base["players"]}
        plain = {name: base[name] for name in ("config", "board", "turn", "phase", "pending",
                                               "game_over", "ended_by")}
    except (KeyError, TypeError, ValueError) as err:
        raise StateError(f"view: {err}") from None
    plain["players"] = players
    pending = plain["pending"]
    if isinstance(pending, dict) and pending.get("kind") in PRIVATE_KINDS \
            and not pending.get("options"):  # another seat's: who is asked is theirs to know
        plain["pending"] = {**pending, "player": SOMEONE, "prompt": "", "words": None}
    # the decks' sizes, with cards nobody may see: only how many there are is shown
    for name, sizes in (("stacks", "stack_sizes"), ("discards", "discard_sizes")):
        try:
            plain[name] = {str(block): [["?"] * int(n) for n in counts]
                           for block, counts in base[sizes]}
        except (KeyError, TypeError, ValueError) as err:
            raise StateError(f"view: {err}") from None
    plain["rng"] = {"state": 0, "inc": 1}
    hints = _state_hints()
    values = {name: from_plain(hints[name], data, f"view.{name}") for name, data in plain.items()}
    state = GameState(map=graph, **values)
    state.eventdeck = _events(views, base, graph)
    return state


def _events(views: dict[str | None, dict[str, Any]], base: dict[str, Any],
            graph: MapGraph) -> EventDeck | None:
    """The Events module as the views show it (issue 36: a network game showed none of it):
    the display with its face-down cards as "", the deck and the other players' private
    events as that many unknown cards ("?"), the own seats' hands, the markers; the region
    tables from the map, as the core computes them."""
    seen = base.get("events")
    if seen is None:
        return None
    try:
        own = {seat: [str(c) for c in v["events"]["hand"]] for seat, v in views.items()
               if seat is not None and isinstance(v, dict) and isinstance(v.get("events"), dict)}
        display = [str(c) for c in seen["display"]]
        return EventDeck(
            age=int(seen["age"]), over=bool(seen["over"]), deck=["?"] * int(seen["deck_size"]),
            display=display, shown=[bool(c) for c in display],
            discards=[str(c) for c in seen["discards"]],
            hands={str(p): own.get(str(p), ["?"] * int(n)) for p, n in seen["hand_sizes"]},
            markers=from_plain(list[Marker], seen["markers"], "view.events.markers"),
            bonus_vp={str(p): int(n) for p, n in seen.get("bonus_vp", ())},
            regions=computed_regions(graph))
    except (KeyError, TypeError, ValueError) as err:
        raise StateError(f"view.events: {err}") from None


@cache
def _state_hints() -> dict[str, Any]:
    return typing.get_type_hints(GameState)


def read_events(data: Any) -> list[Event]:
    """Events as sent; one the client does not know (or cannot read) is left out."""
    out: list[Event] = []
    if not isinstance(data, list):
        return out
    for item in data:
        if not isinstance(item, dict):
            continue
        kind = EVENT_TYPES.get(str(item.get("type")))
        if kind is None:
            continue
        fields = {k: v for k, v in item.items() if k != "type"}
        try:
            event = from_plain(kind, fields, f"event {kind.__name__}")
        except StateError:
            continue
        if dataclasses.is_dataclass(event):
            out.append(event)
    return out
