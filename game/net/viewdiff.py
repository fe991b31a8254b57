"""Small view messages (issue 37): what changed in a seat's view since the last one its client
acknowledged, checked on both ends by the view's digest.

A view as sent is plain JSON data (dicts with text keys, lists, text, numbers, booleans,
null). `diff(old, new)` is a patch, itself plain JSON, that `patch(old, p)` turns into `new`:

    a dict's patch   {"s": {key: value}, "d": [key...], "p": {key: patch}}
                     keys set to a value (new or replaced wholly), removed, or patched
    a list's patch   {"n": length, "s": [[index, value]...], "p": [[index, patch]...]}
                     cut or lengthened to `n` (left out: the same length), items set or
                     patched by their index; every index past the old end is set

(members left out when empty). A list changed in more than half its items goes whole when
that is shorter, as does anything whose type changed. `patch` never changes `old`:
the parts it does not touch are shared with the result, so neither is ever changed in place.

The server keeps per client and seat a `ViewTrack`: the views it sent lately (by digest) and
the one the client acknowledged last; an update is a whole view until the client acknowledges
one, then a patch against it. The client keeps a `ViewKeeper`: the views it acknowledged
lately (the server's base may lag a few behind its newest), applies each patch to the base it
names, compares the digest and asks for a whole view when the base is unknown or the digest
differs.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from .protocol import HEAD_FIELDS, message, view_digest

SENT_KEPT = 64  # views the server keeps per client seat until acknowledged (by digest)
# A client keeps per seat the views it received since its last ack (at most RECENT_KEPT)
# and the last ACKED_KEPT it acknowledged: the server patches the last of those it has read.
RECENT_KEPT = 64
ACKED_KEPT = 8
ACK_EVERY = 0.03  # seconds: a client acknowledges at most this often (the rate cap)


class DiffError(ValueError):
    """A patch that does not fit its base (or is not a patch)."""


def diff(old: Any, new: Any) -> dict[str, Any] | None:
    """The patch from `old` to `new` (both dicts or both lists); None when no patch fits
    (the caller sends `new` whole) or nothing changed ({})."""
    if isinstance(old, dict) and isinstance(new, dict):
        return _diff_dict(old, new)
    if isinstance(old, list | tuple) and isinstance(new, list | tuple):
        return _diff_list(old, new)
    return None


def _change(old: Any, new: Any) -> tuple[str, Any]:
    """("p", patch) or ("s", new) for a changed value."""
    if type(old) is type(new) or (isinstance(old, list | tuple) and isinstance(new, list | tuple)):
        sub = diff(old, new)
        if sub is not None:
            return "p", sub
    return "s", new


def _diff_dict(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    sets: dict[str, Any] = {}
    subs: dict[str, Any] = {}
    for key, value in new.items():
        if key not in old:
            sets[key] = value
        else:
            was = old[key]
            if was is value or was == value and type(was) is type(value):
                continue
            how, what = _change(was, value)
            (subs if how == "p" else sets)[key] = what
    gone = [key for key in old if key not in new]
    if sets:
        out["s"] = sets
    if gone:
        out["d"] = gone
    if subs:
        out["p"] = subs
    return out


def _diff_list(old: list[Any] | tuple[Any, ...], new: list[Any] | tuple[Any, ...]
               ) -> dict[str, Any] | None:
    sets: list[list[Any]] = []
    subs: list[list[Any]] = []
    for i in range(min(len(old), len(new))):
        was, value = old[i], new[i]
        if was is value or was == value and type(was) is type(value):
            continue
        how, what = _change(was, value)
        (subs if how == "p" else sets).append([i, what])
    changed = len(sets) + len(subs)
    if changed * 2 > len(new) and len(encode([sets, subs])) >= len(encode(new)):
        return None  # mostly new: whole is smaller
    sets.extend([i, new[i]] for i in range(len(old), len(new)))
    out: dict[str, Any] = {}
    if len(new) != len(old):
        out["n"] = len(new)
    if sets:
        out["s"] = sets
    if subs:
        out["p"] = subs
    return out


MAX_DEPTH = 64  # deeper than any view: a patch deeper than this is refused


def patch(old: Any, change: Any, depth: int = 0) -> Any:
    """`old` with `change` (a patch from `diff`) applied, `old` unchanged; DiffError if the
    patch does not fit."""
    if not isinstance(change, dict) or depth > MAX_DEPTH:
        raise DiffError("a patch is an object")
    if isinstance(old, dict):
        return _patch_dict(old, change, depth)
    if isinstance(old, list):
        return _patch_list(old, change, depth)
    raise DiffError("a patch for a value that is not a list or an object")


def _patch_dict(old: dict[str, Any], change: dict[str, Any], depth: int) -> dict[str, Any]:
    if set(change) - {"s", "d", "p"}:
        raise DiffError("an object's patch has only s, d, p")
    sets, gone, subs = change.get("s", {}), change.get("d", []), change.get("p", {})
    if not isinstance(sets, dict) or not isinstance(gone, list) or not isinstance(subs, dict):
        raise DiffError("an object's patch: s and p are objects, d a list")
    out = dict(old)
    for key in gone:
        if not isinstance(key, str) or key not in out:
            raise DiffError(f"no key {str(key)[:40]!r} to remove")
        del out[key]
    out.update(sets)
    for key, sub in subs.items():
        if key not in old:
            raise DiffError(f"no key {key[:40]!r} to patch")
        out[key] = patch(old[key], sub, depth + 1)
    return out


def _patch_list(old: list[Any], change: dict[str, Any], depth: int) -> list[Any]:
    if set(change) - {"n", "s", "p"}:
        raise DiffError("a list's patch has only n, s, p")
    length = change.get("n", len(old))
    sets, subs = change.get("s", []), change.get("p", [])
    if type(length) is not int or not 0 <= length <= len(old) + len(sets) \
            or not isinstance(sets, list) or not isinstance(subs, list):
        raise DiffError("a list's patch: n a length, s and p lists")
    out = list(old[:length])
    missing = object()
    out.extend([missing] * (length - len(out)))
    for item in sets:
        i, value = _indexed(item, length)
        out[i] = value
    for item in subs:
        i, sub = _indexed(item, min(length, len(old)))
        out[i] = patch(old[i], sub, depth + 1)
    if any(v is missing for v in out[len(old):]):
        raise DiffError("a list lengthened without its new items")
    return out


def _indexed(item: Any, length: int) -> tuple[int, Any]:
    if not isinstance(item, list) or len(item) != 2 or type(item[0]) is not int \
            or not 0 <= item[0] < length:
        raise DiffError("a list's item is [index, value] with an index in the list")
    return item[0], item[1]


def encode(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


class ViewTrack:
    """The server's side, for one client's seat: the views sent (by digest, newest last) and
    the one acknowledged, which the next update patches."""

    def __init__(self) -> None:
        self.sent: OrderedDict[str, Any] = OrderedDict()
        self.base: tuple[str, Any] | None = None  # (digest, view) acknowledged
        self.head: dict[str, Any] = {}  # the HEAD_FIELDS of the last update sent

    def reset(self) -> None:
        """Nothing acknowledged (a join, a resume, a client that asks for a whole view): the
        next update is whole."""
        self.base = None
        self.sent.clear()
        self.head = {}

    def head_text(self, head: dict[str, Any], whole: bool) -> str:
        """The update's HEAD_FIELDS as JSON members (",..." or ""), only those unlike the
        last update's unless the view goes `whole`; `head` becomes the last."""
        fields = {k: v for k, v in head.items() if whole or self.head.get(k, self) != v}
        self.head = head
        return encode(fields)[1:-1] if fields else ""

    def sending(self, digest: str, wire: Any) -> None:
        """`wire` (its digest `digest`) is being sent to the client."""
        self.sent[digest] = wire
        self.sent.move_to_end(digest)
        while len(self.sent) > SENT_KEPT:
            self.sent.popitem(last=False)

    def acknowledge(self, digest: str) -> bool:
        """The client holds the view `digest`: whether it was one sent (else nothing changes)."""
        if self.base is not None and self.base[0] == digest:
            return True
        wire = self.sent.get(digest)
        if wire is None:
            return False
        self.base = (digest, wire)
        while self.sent:  # older views will not be acknowledged after this one
            oldest = next(iter(self.sent))
            if oldest == digest:
                break
            del self.sent[oldest]
        return True


class ViewKeeper:
    """The client's side, for one seat: the views held (by digest, newest last): those it
    acknowledged lately and those it received since; and what an update makes of them."""

    def __init__(self) -> None:
        self.held: OrderedDict[str, Any] = OrderedDict()  # received since the last ack
        self.acked: OrderedDict[str, Any] = OrderedDict()  # acknowledged lately
        self.newest: str = ""  # the digest of the newest view held ("": none)
        self.head: dict[str, Any] = {}  # the HEAD_FIELDS of the last update

    def take(self, msg: dict[str, Any]) -> Any:
        """The whole view an update brings (`view` whole, or `diff` against `base`), checked
        against its `hash`; DiffError (ask for a whole view) when the base is unknown, the
        patch does not fit or the digest differs."""
        digest = msg.get("hash")
        if "view" in msg:
            wire = msg["view"]
        else:
            name = str(msg.get("base"))
            base = self.held.get(name, self.acked.get(name))
            if base is None:
                raise DiffError("a patch against a view this client does not hold")
            wire = patch(base, msg.get("diff"))
        if view_digest(wire) != digest:
            raise DiffError("the view does not match its digest")
        assert isinstance(digest, str)
        self.held[digest] = wire
        self.held.move_to_end(digest)
        while len(self.held) > RECENT_KEPT:
            self.held.popitem(last=False)
        self.newest = digest
        return wire

    def acknowledging(self, digest: str) -> None:
        """`digest` (held) is acknowledged: views received before it can be no base now."""
        if digest not in self.held:
            return
        while self.held:
            name, wire = self.held.popitem(last=False)
            if name == digest:
                self.acked[name] = wire
                self.acked.move_to_end(name)
                break
        while len(self.acked) > ACKED_KEPT:
            self.acked.popitem(last=False)

    def newest_view(self) -> Any:
        return self.held.get(self.newest, self.acked.get(self.newest))

    def forget(self) -> None:
        self.held.clear()
        self.acked.clear()
        self.newest = ""



class ClientViews:
    """A client's views of every seat it holds, made whole from updates, and the acks it owes.

    `take` returns the update with `view` whole and checked; an update that cannot be made
    whole comes back with the newest view held of its seat (and `stale`: true), or None when
    none is held, and the seat's next ack asks for a whole view ("")."""

    def __init__(self, every: float = ACK_EVERY) -> None:
        self.keepers: dict[tuple[str, str | None], ViewKeeper] = {}
        self.owed: dict[str, dict[str, str]] = {}  # code -> seat ("" spectator) -> digest
        self.asking: set[tuple[str, str | None]] = set()  # a whole view asked for, not come
        self.every = every
        self.last_ack = float("-inf")
        self.failures = 0  # updates that could not be made whole (each asked for a whole view)
        self.patched = 0  # updates made whole from a patch

    def take(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        if msg.get("type") != "update" or "hash" not in msg:
            return msg
        code, seat = str(msg.get("code")), msg.get("seat")
        key = (code, seat if isinstance(seat, str) else None)
        keeper = self.keepers.setdefault(key, ViewKeeper())
        if "view" in msg:  # a whole view has every field
            keeper.head = {}
        keeper.head = {**keeper.head, **{k: msg[k] for k in HEAD_FIELDS if k in msg}}
        msg = {"events": [], **msg, **keeper.head}
        name = key[1] or ""
        try:
            wire = keeper.take(msg)
        except DiffError:
            self.failures += 1
            if "view" in msg or key not in self.asking:  # a whole view that failed: ask again
                self.asking.add(key)
                self.owed.setdefault(code, {})[name] = ""
            held = keeper.newest_view()
            keeper.forget()
            if held is None:
                return None
            rest = {k: v for k, v in msg.items() if k not in ("base", "diff")}
            return {**rest, "view": held, "stale": True}
        self.asking.discard(key)
        self.owed.setdefault(code, {})[name] = keeper.newest
        if "view" in msg:
            return msg
        self.patched += 1
        return {**{k: v for k, v in msg.items() if k not in ("base", "diff")}, "view": wire}

    def acks(self, now: float, force: bool = False) -> list[str]:
        """The ack messages to send now: at most one a code every `every` seconds, at once
        when a whole view is asked for (or `force`)."""
        asks = any("" in seats.values() for seats in self.owed.values())
        if not self.owed or not (force or asks or now - self.last_ack >= self.every):
            return []
        self.last_ack = now
        out = [message("ack", code=code, views=views) for code, views in self.owed.items()
               if views]
        for code, views in self.owed.items():
            for name, digest in views.items():
                keeper = self.keepers.get((code, name or None))
                if keeper is not None and digest:
                    keeper.acknowledging(digest)
        self.owed.clear()
        return out
