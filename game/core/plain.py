"""Plain data: cloning dataclass trees, and converting them to and from JSON-ready values.

The game state is a tree of mutable dataclasses holding ints, strings, bools, lists and dicts,
with frozen (immutable) dataclasses such as the map shared between copies. These helpers walk
such trees generically, so a new field needs no new serialisation code.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, Union

from .errors import StateError

T = TypeVar("T")

_ATOMS = (int, str, bool, float, type(None))
# Types whose values a clone shares rather than copies: atoms, tuples, frozen dataclasses (the
# latter added as met).
_SHARED: set[type] = {*_ATOMS, tuple}


Copier = Callable[[object], object]


def clone(value: T) -> T:
    """A deep copy that shares immutable parts (atoms, tuples, frozen dataclasses)."""
    return typing.cast(T, _clone(value))


def _clone(value: object) -> object:
    kind = type(value)
    copier = _COPIERS.get(kind)
    if copier is None:
        copier = _COPIERS[kind] = _copier_for(kind)
    return copier(value)


def _same(value: object) -> object:
    return value


def _copy_list(value: list[object]) -> list[object]:
    # Most lists hold only shared values (decks, ids, hands of frozen cards): copy those at C
    # speed.
    if _SHARED.issuperset(map(type, value)):
        return value.copy()
    return [v if type(v) in _SHARED else _clone(v) for v in value]


def _copy_dict(value: dict[object, object]) -> dict[object, object]:
    if _SHARED.issuperset(map(type, value.values())):
        return value.copy()
    return {k: v if type(v) in _SHARED else _clone(v) for k, v in value.items()}


def _copier_for(kind: type) -> Copier:
    """How to copy values of one type, worked out once per type: the clone is on the hot path."""
    if kind in _ATOMS or kind is tuple or _is_frozen(kind):
        _SHARED.add(kind)
        return _same
    custom = getattr(kind, "__clone__", None)
    if custom is not None:  # a type on the hot path that knows a faster way
        return typing.cast(Copier, custom)
    if kind is list:
        return typing.cast(Copier, _copy_list)
    if kind is dict:
        return typing.cast(Copier, _copy_dict)
    if dataclasses.is_dataclass(kind):
        return _dataclass_copier(kind)
    raise TypeError(f"cannot clone a {kind.__name__}")


def _dataclass_copier(kind: type) -> Copier:
    """A copier for a mutable dataclass (a procedure's progress, copied at most actions) that
    sets its fields one by one in their order, as the class's __init__ does, written out as
    dataclasses writes __init__: a copy made by assigning its __dict__ (or reading the
    original's) keeps its fields in a dict of their own, and every later read of them is
    slower. Shared values inline: a call per int or string field would double the cost. The
    names are the class's own field names, never data."""
    body = ""
    for f in dataclasses.fields(kind):
        if _flat_container(f.type):  # a list or dict of atoms: its own copy
            body += f"    copy.{f.name} = value.{f.name}.copy()\n"
        else:
            body += (f"    v = value.{f.name}\n"
                     f"    copy.{f.name} = v if type(v) in shared else deep(v)\n")
    scope: dict[str, Any] = {"new": object.__new__, "kind": kind, "shared": _SHARED,
                             "deep": _clone}
    exec(f"def copy_dataclass(value):\n    copy = new(kind)\n{body}    return copy\n", scope)
    return typing.cast(Copier, scope["copy_dataclass"])


def _flat_container(hint: object) -> bool:
    """A list or dict type of atoms (list[str], dict[str, int]): a copy of it shares nothing
    mutable, so the copier copies it in place, without looking at its values. Annotations
    are mostly strings (postponed evaluation): those are read as written, not evaluated."""
    if isinstance(hint, str):
        return _FLAT.fullmatch(hint.replace(" ", "")) is not None
    origin = typing.get_origin(hint)
    return origin in (list, dict) and all(arg in _ATOMS for arg in typing.get_args(hint))


_FLAT = re.compile(r"list\[(int|str|bool|float)\]|dict\[(int|str),(int|str|bool|float)\]")


_COPIERS: dict[type, Copier] = {}

# Field metadata: a field left at its default is not written, so an optional part added later
# (an optional rule's state) leaves the plain form, and hence the hashes, of games without it
# exactly as they were. Reading fills the default back in.
OMIT_DEFAULT = "plain_omit_default"


def optional_part(default: Any = None) -> Any:
    """A dataclass field written only when it differs from `default`. (`Any`, as for
    `dataclasses.field`: the value stands for the field's own type.)"""
    return dataclasses.field(default=default, metadata={OMIT_DEFAULT: True})


# Field metadata: a field never written (nor compared); reading rebuilds it from its factory.
TRANSIENT = "plain_transient"


def transient(factory: Callable[[], Any]) -> Any:
    """A dataclass field that is not part of the plain form, e.g. data bound at creation.
    (`Any`, as for `dataclasses.field`.)"""
    return dataclasses.field(default_factory=factory, compare=False, repr=False,
                             metadata={TRANSIENT: True})


def _is_frozen(kind: type) -> bool:
    params = getattr(kind, "__dataclass_params__", None)
    return bool(params is not None and params.frozen)


def to_plain(value: object) -> Any:
    """JSON-ready form: dataclasses become dicts of their fields. (`Any`: the form's shape
    follows the value's type, and callers index it accordingly.)"""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if isinstance(value, list | tuple):
        return [to_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    to_dict = getattr(value, "to_dict", None)
    if to_dict is not None:
        return to_dict()
    if dataclasses.is_dataclass(value):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not f.metadata.get(TRANSIENT)
                and not (f.metadata.get(OMIT_DEFAULT) and getattr(value, f.name) == f.default)}
    raise TypeError(f"cannot serialise a {kind.__name__}")


def from_plain(cls: type[T], data: object, where: str = "state") -> T:
    """Rebuild a value of type `cls` from `to_plain` output; StateError on any mismatch."""
    return typing.cast(T, _from(cls, data, where))


@cache
def _hints(cls: type) -> dict[str, object]:
    return typing.get_type_hints(cls)


def _from(tp: object, data: object, where: str) -> object:
    if tp is Any:  # a field declared as any plain data
        return check_json(data, where)
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        allowed = typing.get_args(tp)
        if data not in allowed or type(data) not in _ATOMS:
            raise StateError(f"{where}: expected one of {', '.join(map(repr, allowed))}")
        return data
    if origin in (Union, types.UnionType):
        options = typing.get_args(tp)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _from(option, data, where)
            except StateError as err:
                errors.append(str(err))
        raise StateError(errors[0] if errors else f"{where}: unexpected null")
    if origin is list:
        (item,) = typing.get_args(tp)
        return [_from(item, v, f"{where}[{i}]") for i, v in enumerate(_list(data, where))]
    if origin is tuple:
        args = typing.get_args(tp)
        items = _list(data, where)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from(args[0], v, f"{where}[{i}]") for i, v in enumerate(items))
        if len(args) != len(items):
            raise StateError(f"{where}: expected {len(args)} items, got {len(items)}")
        pairs = enumerate(zip(args, items, strict=True))
        return tuple(_from(a, v, f"{where}[{i}]") for i, (a, v) in pairs)
    if origin is dict:
        key_tp, val_tp = typing.get_args(tp)
        return {_key(key_tp, k, where): _from(val_tp, v, f"{where}.{k}")
                for k, v in _dict(data, where).items()}
    if tp is bool:
        _expect(data, bool, where)
        return data
    if tp is int:
        if type(data) is not int:
            raise StateError(f"{where}: expected an integer, got {_name(data)}")
        return data
    if tp is float:
        if not isinstance(data, int | float) or isinstance(data, bool):
            raise StateError(f"{where}: expected a number, got {_name(data)}")
        return float(data)
    if tp is str:
        _expect(data, str, where)
        return data
    if isinstance(tp, type):
        from_dict = getattr(tp, "from_dict", None)
        if from_dict is not None:
            _expect(data, dict, where)
            try:
                return from_dict(data)
            except StateError:
                raise
            except Exception as err:  # the type's own validation: report, never crash
                raise StateError(f"{where}: {err}") from None
        if dataclasses.is_dataclass(tp):
            return fields_from_plain(tp, data, where)
    raise StateError(f"{where}: cannot read a value of type {tp}")


def fields_from_plain(cls: type[T], data: object, where: str) -> T:
    """A dataclass read field by field (for a `from_dict` that has picked the class)."""
    data = _dict(data, where)
    kind: Any = cls  # a dataclass type; the checker cannot see that in a TypeVar
    hints = _hints(kind)
    fields = {f.name: f for f in dataclasses.fields(kind) if not f.metadata.get(TRANSIENT)}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise StateError(f"{where}: unknown key {unknown[0]!r}")
    values = {}
    for name, field in fields.items():
        if name in data:
            values[name] = _from(hints[name], data[name], f"{where}.{name}")
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise StateError(f"{where}: missing key {name!r}")
    return cls(**values)


def _key(tp: object, key: str, where: str) -> object:
    if tp is int:
        try:
            return int(key)
        except ValueError:
            raise StateError(f"{where}: key {key!r} is not an integer") from None
    return key


def _list(data: object, where: str) -> list[object]:
    if type(data) is not list:
        raise StateError(f"{where}: expected list, got {_name(data)}")
    return typing.cast(list[object], data)


def _dict(data: object, where: str) -> dict[str, object]:
    if type(data) is not dict:
        raise StateError(f"{where}: expected dict, got {_name(data)}")
    return typing.cast(dict[str, object], data)


def _expect(data: object, kind: type, where: str) -> None:
    if type(data) is not kind:
        raise StateError(f"{where}: expected {kind.__name__}, got {_name(data)}")


def _name(data: object) -> str:
    return "null" if data is None else type(data).__name__


def check_json(data: object, where: str, depth: int = 0) -> object:
    """`data` itself when it is plain JSON data (atoms, lists, string-keyed objects)."""
    if depth > 64:
        raise StateError(f"{where}: nested too deeply")
    kind = type(data)
    if kind in _ATOMS:
        return data
    if kind is list:
        return [check_json(v, where, depth + 1) for v in _list(data, where)]
    if kind is dict:
        return {str(k): check_json(v, where, depth + 1) for k, v in _dict(data, where).items()}
    raise StateError(f"{where}: not plain data ({kind.__name__})")
