"""The network protocol: JSON messages over WebSockets, versioned, checked field by field.

Every message is one JSON object with `v` (the protocol version) and `type`. A client sends:

    create  {players, seed, ruleset, max_turns, seats[, lobby, setup, ast_side, map,
             last_turn, open_bargaining, events, away_limit]}
                                                         open a game; seats[i] is "" (a person
                                                         joins it) or a bot level; with lobby
                                                         true it waits for the host's start;
                                                         seed 0: the server draws a secret one
                                                         (a host who names it knows the decks);
                                                         the rest are the host's choices, left
                                                         out for the defaults: the set-up's id,
                                                         "basic" or "expert", an installed
                                                         map's id, the agreed last turn (0:
                                                         none), open bargaining, and the Events
                                                         module's options (EVENTS_FIELDS);
                                                         away_limit: seconds a person's seat
                                                         may be away before a bot plays it
                                                         until they return (0: never; left
                                                         out: the server's default)
    join    {game_version, code, seat[, invite]}         take an open seat; its token comes once;
                                                         a seat the host reserved opens only
                                                         with its invite (the seat code)
    resume  {game_version, code, seat, token}            back to one's seat after a drop
    watch   {game_version, code}                         a spectator: the public view only;
                                                         code: the join code, or the game's
                                                         watch code once it is under way
    act     {code, seat, label, at}                      the label of an option of the pending
                                                         decision; `at` is the number of actions
                                                         the client has seen, so a replayed or
                                                         stale message is refused
    undo    {code, seat, at}                             take back the seat's last pick of its
                                                         own step, when that may be done
    try     {code, seat, at, label}                      the options the seat would have next
                                                         after picking `label` (tried on a copy;
                                                         lights a drag's drop targets)
    start   {code, host_token | by, level}               the host starts a lobby game; seats
                                                         still open go to bots at `level`
    hand    {code, host_token | by, seat, level}         the host hands a person's seat to a
                                                         bot at `level` ("": back to the person;
                                                         a resume also gives it back); `by`, a
                                                         seat the sender holds, instead of the
                                                         host's token: while the host is away
                                                         the table's `powers` seat does what
                                                         the host does, and any seated player
                                                         hands a seat whose player is away;
                                                         a seat the host (by its token) hands
                                                         to a bot stays
                                                         the bot's (a resume does not take it
                                                         back) until the host hands it back
    reserve {code, host_token | by, seat}                the host reserves an open seat for
                                                         someone: answered with its invite,
                                                         which alone opens it (again: a new
                                                         invite, the old one void)
    remove  {code, host_token | by, seat, level}         the host removes whoever holds the
                                                         seat (their token opens it no more):
                                                         a bot at `level` plays it from now
                                                         on, or ("") it is open again (a
                                                         reservation is cancelled)
    ack     {code, views}                                views maps each seat held ("" for a
                                                         spectator's view) to the digest of the
                                                         newest view the client holds of it
                                                         (one of the last sent), or to "": it
                                                         holds none it trusts, send it whole
The server answers:

    created {code, seats, host_token, watch_code}  (watch_code: lets spectators in once
                                               the game is under way, never into a seat;
                                               also in `joined`, to the host's seats)
    reserved {code, seat, invite}              to the host: the seat's invite, to pass on
    joined  {code, seat, token, map_digest, map, tls, past}
                                              (token: only at join; tls: false when plain;
                                               map: the game's map, left out when this
                                               connection was sent the map of digest
                                               `map_digest` before (`MapKeeper`);
                                               past: [turn, phase, mover, events] of every
                                               action so far, the events as updates sent
                                               them, for the log of a seat coming back)
    update  {code, seat, at, hash, view | base+diff, events, started, game_over, undo,
             undone, floor}
                                               (hash: the view's digest (`view_digest`); the
                                               view whole until the client acknowledges one,
                                               then `diff` (game.net.viewdiff) against the
                                               view `base` it acknowledged last; whole again
                                               after a join, a resume or an ack of "";
                                               an update with a diff leaves out the fields
                                               of HEAD_FIELDS the seat's last update had
                                               alike, and events when there are none;
                                               started: every seat taken; undo: the seat that
                                               may take back a pick now, or null; undone: this
                                               update takes the last pick back; floor: why the
                                               seat may take nothing back, in a player's words,
                                               "" when it may: a card drawn, a die rolled, a
                                               hidden card revealed, another player's move)
    table   {code, seats, started, pending, waited, away_limit, powers}
                                                         who sits where, sent to everyone at a
                                                         join, leave, hand-over or start: seats
                                                         maps each seat to {kind: open, person
                                                         or bot, level, here, taken (a person
                                                         joined it), away (seconds its person
                                                         has been away), reserved (only its
                                                         invite opens it)}; waited: seconds
                                                         the pending decision has waited;
                                                         away_limit: as created; powers: the
                                                         seat that holds the host's powers
                                                         while the host is away, else null
    tried   {code, seat, at, label, options}   the answer to a try: [] unless the same seat
                                               decides next and the pick drew nothing by
                                               chance (the generator and decks untouched)
    record  {code, save}                       once the game is over, to every connection:
                                               the whole game as a save (the local format),
                                               for the replay; never before the end
    said    {code, seat, by, text, turn, phase}   what the bot in seat `by` said to the person in
                                               `seat` beside its last move (why it refused
                                               or countered their trade offer), to the
                                               connections holding `seat`, after that move's
                                               update; never part of the game or its record
    refused {reason, to}

A message from a client is refused (with the reason, changing nothing) when it is not text,
is larger than MAX_CLIENT_MESSAGE, is not strict JSON, names another protocol version, has an
unknown type, lacks a field, has a field of the wrong type or out of range, or has a field its
type does not define.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any

from game.persist.strictjson import JsonError, loads_strict, one_line

VERSION = 4  # 2: create takes the host's choices; try; the record at the end
# 3: updates patch the view the client acknowledged (ack), with the view's digest
# 4: joined names its map by digest, and sends it only once per connection (issue 38)
# What a client may send is small (an action label); the cap is checked before parsing
# (websockets' max_size closes the connection above it) and again here.
MAX_CLIENT_MESSAGE = 16 * 1024
# What the server sends: views of a whole board, and the map once at join.
MAX_SERVER_MESSAGE = 8 * 1024 * 1024
MAX_TEXT = 200
MAX_PLAYERS = 18
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
# 8 characters of 32: 40 bits (6 were 30 bits: with 200 games open, about 5 million guesses
# found one; now about 5 billion, and the server lets an address miss only one every 5 s)
CODE_LENGTH = 8
OLD_CODE_LENGTH = 6  # the codes of games made before, which a server still resumes


class ProtocolError(ValueError):
    """A message that breaks the protocol; the text is one line, the reason sent back."""


@dataclass(frozen=True)
class Field:
    kind: type
    low: int = 0
    high: int = MAX_TEXT  # for str: the longest length; for int: the largest value


_TEXT = Field(str)
_CODE = Field(str, 1, CODE_LENGTH)
_TOKEN = Field(str, 1, 64)
_VERSION_TEXT = Field(str, 1, 40)
_COUNT = Field(int, 0, 10_000_000)

CLIENT_MESSAGES: dict[str, dict[str, Field]] = {
    "create": {"players": Field(int, 1, MAX_PLAYERS), "seed": Field(int, 0, 2**31 - 1),
               "ruleset": Field(str, 1, 40), "max_turns": Field(int, 0, 1000),
               "seats": Field(list, 1, MAX_PLAYERS), "game_version": _VERSION_TEXT},
    "join": {"game_version": _VERSION_TEXT, "code": _CODE, "seat": Field(str, 1, 40)},
    "resume": {"game_version": _VERSION_TEXT, "code": _CODE, "seat": Field(str, 1, 40),
               "token": _TOKEN},
    "watch": {"game_version": _VERSION_TEXT, "code": _CODE},
    "act": {"code": _CODE, "seat": Field(str, 1, 40), "label": _TEXT, "at": _COUNT},
    "undo": {"code": _CODE, "seat": Field(str, 1, 40), "at": _COUNT},
    "try": {"code": _CODE, "seat": Field(str, 1, 40), "label": _TEXT, "at": _COUNT},
    "start": {"code": _CODE, "level": Field(str, 1, 40)},
    "hand": {"code": _CODE, "seat": Field(str, 1, 40), "level": Field(str, 0, 40)},
    "reserve": {"code": _CODE, "seat": Field(str, 1, 40)},
    "remove": {"code": _CODE, "seat": Field(str, 1, 40), "level": Field(str, 0, 40)},
    "ack": {"code": _CODE, "views": Field(dict, 1, MAX_PLAYERS + 1)},
}
# The host's messages name the host's token, or the seat of the sender that stands in for an
# away host (`by`): one of the two.
HOST_MESSAGES = {"start", "hand", "reserve", "remove"}
# Fields a message may leave out.
MAX_AWAY_LIMIT = 24 * 3600
OPTIONAL_FIELDS: dict[str, dict[str, Field]] = {"create": {
    "lobby": Field(bool, 0, 1), "setup": Field(str, 1, 40), "ast_side": Field(str, 1, 10),
    "map": Field(str, 1, 80), "last_turn": Field(int, 0, 1000),
    "open_bargaining": Field(bool, 0, 1), "events": Field(dict, 0, 4),
    "away_limit": Field(int, 0, MAX_AWAY_LIMIT)},
    "join": {"invite": _TOKEN},
    **{kind: {"host_token": _TOKEN, "by": Field(str, 1, 40)} for kind in HOST_MESSAGES}}
AST_SIDES = ("basic", "expert")
# The Events module's options in a create (game.core.EventsOptions): all optional.
EVENTS_FIELDS: dict[str, Field] = {
    "randomise_x": Field(bool, 0, 1), "reveal_more": Field(bool, 0, 1),
    "random_b": Field(bool, 0, 1), "b_events": Field(list, 0, 40)}
# An update's fields that a patching update leaves out when they are as in the last update of
# the same seat to the same client (issue 37: they are most of a small update).
HEAD_FIELDS = ("started", "game_over", "undone", "undo", "floor")
SERVER_TYPES = {"created", "joined", "update", "table", "tried", "record", "said", "refused",
                "reserved"}


def parse_client_message(raw: str | bytes) -> dict[str, Any]:
    """The checked message; ProtocolError naming the first problem."""
    if not isinstance(raw, str):
        raise ProtocolError("messages are JSON text, not binary frames")
    if len(raw) > MAX_CLIENT_MESSAGE:
        raise ProtocolError(f"message larger than {MAX_CLIENT_MESSAGE} characters")
    try:
        message = loads_strict(raw)
    except JsonError as err:
        raise ProtocolError(str(err)) from None
    if not isinstance(message, dict):
        raise ProtocolError("a message is a JSON object")
    if type(message.get("v")) is not int or message.get("v") != VERSION:  # 4.0 is not 4
        raise ProtocolError(f"protocol version {one_line(repr(message.get('v')), 20)} "
                            f"is not {VERSION}: update Calamitas")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_MESSAGES:
        raise ProtocolError(f"unknown message type {one_line(repr(kind), 40)}")
    fields = CLIENT_MESSAGES[kind]
    optional = OPTIONAL_FIELDS.get(kind, {})
    extra = sorted(set(message) - set(fields) - set(optional) - {"v", "type"})
    if extra:
        raise ProtocolError(f"{kind}: unknown field {one_line(extra[0], 40)!r}")
    for name, field in fields.items():
        if name not in message:
            raise ProtocolError(f"{kind}: missing field {name!r}")
        _check(kind, name, field, message[name])
    for name, field in optional.items():
        if name in message:
            _check(kind, name, field, message[name])
    if kind == "create":
        _check_create(message)
    if kind in HOST_MESSAGES and "host_token" not in message and "by" not in message:
        raise ProtocolError(f"{kind}: missing field 'host_token' (or 'by')")
    if kind == "ack":
        _check_ack(message)
    return message


def _check_ack(message: dict[str, Any]) -> None:
    for seat, digest in message["views"].items():
        if len(seat) > 40:
            raise ProtocolError("ack: a seat's name is at most 40 characters")
        if not (digest == "" or is_digest(digest)):
            raise ProtocolError("ack: each view is \"\" or a view's digest")


def _check_create(message: dict[str, Any]) -> None:
    for seat in message["seats"]:
        if not isinstance(seat, str) or len(seat) > 40:
            raise ProtocolError("create: each seat is \"\" or a bot level")
    if message.get("ast_side", "basic") not in AST_SIDES:
        raise ProtocolError("create: field 'ast_side' must be \"basic\" or \"expert\"")
    events = message.get("events", {})
    extra = sorted(set(events) - set(EVENTS_FIELDS))
    if extra:
        raise ProtocolError(f"create: events: unknown field {one_line(extra[0], 40)!r}")
    for name, field in EVENTS_FIELDS.items():
        if name in events:
            _check("create: events", name, field, events[name])
    for event in events.get("b_events", []):
        if not isinstance(event, str) or not 0 < len(event) <= 40:
            raise ProtocolError("create: events: each of 'b_events' is an event's id")


def _check(kind: str, name: str, field: Field, value: Any) -> None:
    if type(value) is not field.kind:  # exact: True is not an int here
        raise ProtocolError(f"{kind}: field {name!r} must be {field.kind.__name__}")
    size = _size(value)
    if not field.low <= size <= field.high:
        what = "value" if field.kind is int else "length"
        raise ProtocolError(f"{kind}: field {name!r} {what} out of range "
                            f"{field.low}..{field.high}")


def _size(value: Any) -> int:
    return value if isinstance(value, int) else len(value)


def message(kind: str, **fields: Any) -> str:
    """A message as sent: compact JSON text."""
    return json.dumps({"v": VERSION, "type": kind, **fields}, separators=(",", ":"))


def parse_server_message(raw: str | bytes) -> dict[str, Any]:
    """A message from the server, checked as far as a client needs: ProtocolError otherwise."""
    if not isinstance(raw, str):
        raise ProtocolError("the server sent a binary frame")
    try:
        data = loads_strict(raw)
    except JsonError as err:
        raise ProtocolError(f"the server sent {err}") from None
    if not isinstance(data, dict) or data.get("v") != VERSION:
        raise ProtocolError("the server speaks another protocol version")
    if data.get("type") not in SERVER_TYPES:
        kind = one_line(repr(data.get("type")), 40)
        raise ProtocolError(f"the server sent an unknown message {kind}")
    return data


def new_code() -> str:
    """A short join code to read out across the table."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def spaced(code: str) -> str:
    """A code as shown, in groups of four to read out ("ABCD EFGH")."""
    return " ".join(code[i:i + 4] for i in range(0, len(code), 4))


def new_token() -> str:
    """A seat's secret: given once, kept on the server only as its hash."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def tokens_match(token: str, stored_hash: str) -> bool:
    return secrets.compare_digest(token_hash(token), stored_hash)


DIGEST_LENGTH = 16  # 64 bits: a check that views agree, not a secret


def is_digest(text: Any) -> bool:
    """A view's digest as `view_digest` makes it (16 lower-case hex digits)."""
    return (isinstance(text, str) and len(text) == DIGEST_LENGTH
            and all(c in "0123456789abcdef" for c in text))


def view_digest(wire_view: Any) -> str:
    """A digest of a view as sent, the same on both ends (canonical JSON)."""
    text = json.dumps(wire_view, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:DIGEST_LENGTH]
