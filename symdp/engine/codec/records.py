"""The JSON codec of derivation results (records), built on the expression codec.

A result is ``{"format": 1, "result": {...}}``; the result object holds the
fields of :class:`DerivationResult` by name, found with
``dataclasses.fields`` (so fields added later, with defaults, need no change
here; a missing field with a default takes its default).  Nested records are
objects of their fields; a tuple is a JSON list; an enum (``Status``) is its
value; a trace entry, which may be one of several records, is tagged by its
class name: ``{"Step": {...}}``, ``{"Table": {...}}``.  An untyped field
(``certificates: tuple``) holds JSON scalars, lists (tuples), tagged records
of the modules of ``RECORD_MODULES`` and ``{"expr": <expression>}``.  Fields
with ``init=False`` (``kind`` of Table, Note, Figure) are constant and not
stored.  The Dummies of all the expressions of a result share one numbering.
:func:`dumps` and :func:`loads` do the same as text.
"""
from __future__ import annotations

import dataclasses
import enum
import functools
import json
import types
import typing

import sympy as sp

from ..model.records import DerivationResult
from .checks import (CodecError, call_checked, check_keys, defined_in, expect, located, map_located,
                     recursion_guard, short)
from .expressions import Context, decode, encode

FORMAT = 1

RECORD_MODULES = ("symdp.engine.model.records", "symdp.engine.proof.certificates")
"""Modules whose dataclasses may appear in untyped fields (``certificates: tuple``)."""

@functools.lru_cache(maxsize=1)
def _record_classes() -> dict[str, type]:
    return {v.__name__: v for module in RECORD_MODULES for v in defined_in(module)
            if isinstance(v, type) and dataclasses.is_dataclass(v)}


def result_to_json(result: DerivationResult) -> dict:
    """The JSON-able form of a result: ``{"format": 1, "result": {...}}``."""
    with recursion_guard(), located("result"):
        return {"format": FORMAT, "result": _dump(result, DerivationResult, Context())}


def result_from_json(data) -> DerivationResult:
    """The result of a :func:`result_to_json` form; CodecError if invalid."""
    keys = ("format", "result")
    check_keys(expect(data, dict, "a stored result"), keys, keys, "a stored result")
    if type(data["format"]) is not int or data["format"] != FORMAT:
        raise CodecError(f"unsupported format {short(data['format'])} (this reader knows format {FORMAT})")
    with recursion_guard(), located("result"):
        return _load(data["result"], DerivationResult, Context())


def dumps(result: DerivationResult) -> str:
    """:func:`result_to_json` as JSON text (sorted keys: the same result, the same text)."""
    return json.dumps(result_to_json(result), sort_keys=True)


def loads(text: str | bytes) -> DerivationResult:
    """The result stored as JSON text by :func:`dumps`; CodecError if invalid."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, UnicodeDecodeError, huge ints
        raise CodecError(f"not valid JSON: {type(exc).__name__}: {exc}") from None
    return result_from_json(data)


def _kind(hint) -> str:
    """Which of _DUMPERS / _LOADERS handles values of the field type ``hint``."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return "union"
    if tuple in (origin, hint):
        return "tuple"
    if hint in (typing.Any, object, str, int, float, bool):
        return "any" if hint in (typing.Any, object) else "scalar"
    if dataclasses.is_dataclass(hint):
        return "record"
    if isinstance(hint, type) and issubclass(hint, (enum.Enum, sp.Basic)):
        return "enum" if issubclass(hint, enum.Enum) else "expr"
    raise CodecError(f"no JSON form for the field type {hint!r}")


def _dump(value, hint, ctx: Context):
    return _DUMPERS[_kind(hint)](value, hint, ctx)


def _load(data, hint, ctx: Context):
    return _LOADERS[_kind(hint)](data, hint, ctx)


def _scalar(value, hint: type, ctx: Context):
    """A str, int, float or bool, both ways (an int is accepted as a float)."""
    if hint is float and type(value) is int and abs(value) < 2**1023:
        return float(value)
    return expect(value, hint, "a value")


def _dump_enum(value, hint: type, ctx: Context):
    return expect(value, hint, f"a {hint.__name__}").value


def _load_enum(data, hint: type, ctx: Context):
    for member in hint:
        if type(member.value) is type(data) and member.value == data:
            return member
    raise CodecError(f"unknown {hint.__name__} {short(data)} (known: {[m.value for m in hint]})")


def _dump_expr(value, hint: type, ctx: Context):
    return encode(_expression(value, hint), ctx, 0)


def _load_expr(data, hint: type, ctx: Context):
    return _expression(decode(data, ctx, 0), hint)


def _expression(value, hint: type):
    """``value`` when it is a ``hint`` (a Basic subclass) or a mutable Matrix."""
    if not isinstance(value, (hint, sp.MutableDenseMatrix)):
        raise CodecError(f"expected a {hint.__name__} expression, got {type(value).__name__} {short(value)}")
    return value


def _item_hints(hint, n: int) -> tuple:
    """The type of each of the ``n`` items of a tuple of type ``hint``."""
    args = typing.get_args(hint) or (typing.Any, ...)  # a bare ``tuple``: untyped items
    if len(args) == 2 and args[1] is Ellipsis:
        return (args[0],) * n
    if len(args) != n:
        raise CodecError(f"expected {len(args)} items, got {n}")
    return args


def _dump_tuple(value, hint, ctx: Context) -> list:
    items = expect(value, tuple, "a tuple")
    return map_located(lambda pair: _dump(*pair, ctx), zip(items, _item_hints(hint, len(items))))


def _load_tuple(data, hint, ctx: Context) -> tuple:
    items = expect(data, list, "a tuple")
    return tuple(map_located(lambda pair: _load(*pair, ctx), zip(items, _item_hints(hint, len(items)))))


@functools.lru_cache(maxsize=None)
def _fields(cls: type) -> dict:
    """The stored fields of a record class: name -> (type, required)."""
    hints = typing.get_type_hints(cls)
    missing = dataclasses.MISSING
    return {f.name: (hints[f.name], f.default is missing and f.default_factory is missing)
            for f in dataclasses.fields(cls) if f.init}


def _dump_record(value, cls: type, ctx: Context) -> dict:
    expect(value, cls, f"a {cls.__name__}")
    out = {}
    for name, (hint, _) in _fields(cls).items():
        with located(f".{name}"):
            out[name] = _dump(getattr(value, name), hint, ctx)
    return out


def _load_record(data, cls: type, ctx: Context):
    fields = _fields(cls)
    required = [name for name, (_, needed) in fields.items() if needed]
    check_keys(expect(data, dict, f"a {cls.__name__}"), fields, required, f"a {cls.__name__}")
    kwargs = {}
    for name, item in data.items():
        with located(f".{name}"):
            kwargs[name] = _load(item, fields[name][0], ctx)
    return call_checked(cls, **kwargs)


def _members(hint) -> tuple[list, bool]:
    """The types of a union other than None, and whether None is allowed."""
    args = typing.get_args(hint)
    return [a for a in args if a is not type(None)], type(None) in args


def _tagged(classes, name) -> type:
    """The record class called ``name`` among ``classes``."""
    for cls in classes:
        if dataclasses.is_dataclass(cls) and cls.__name__ == name:
            return cls
    raise CodecError(f"expected one of {[c.__name__ for c in classes]}, got {short(name)}")


def _dump_tagged(value, classes, ctx: Context) -> dict:
    """A record as ``{class name: fields}``."""
    cls = _tagged(classes, type(value).__name__)
    with located(f".{cls.__name__}"):
        return {cls.__name__: _dump(value, cls, ctx)}


def _load_tagged(data, classes, ctx: Context):
    if len(expect(data, dict, "a tagged record")) != 1:
        raise CodecError(f"a tagged record must be {{class name: fields}}, got keys {sorted(data, key=str)}")
    (tag, body), = data.items()
    with located(f".{tag}"):
        return _load(body, _tagged(classes, tag), ctx)


def _dump_union(value, hint, ctx: Context):
    members, optional = _members(hint)
    if value is None and optional:
        return None
    if len(members) == 1:
        return _dump(value, members[0], ctx)
    return _dump_tagged(value, members, ctx)


def _load_union(data, hint, ctx: Context):
    members, optional = _members(hint)
    if data is None and optional:
        return None
    if len(members) == 1:
        return _load(data, members[0], ctx)
    return _load_tagged(data, members, ctx)


def _dump_any(value, hint, ctx: Context):
    """A value of an untyped field (``tuple``, ``Any``), encoded by its own type."""
    if value is None or type(value) in (str, int, float, bool):
        return value
    if isinstance(value, tuple):
        return _dump_tuple(value, tuple, ctx)
    if isinstance(value, sp.Basic):
        return {"expr": encode(value, ctx, 0)}
    return _dump_tagged(value, _record_classes().values(), ctx)


def _load_any(data, hint, ctx: Context):
    if data is None or type(data) in (str, int, float, bool):
        return data
    if type(data) is list:
        return _load_tuple(data, tuple, ctx)
    if type(data) is dict and set(data) == {"expr"}:
        return decode(data["expr"], ctx, 0)
    return _load_tagged(data, _record_classes().values(), ctx)


_DUMPERS = {"union": _dump_union, "tuple": _dump_tuple, "record": _dump_record,
            "enum": _dump_enum, "expr": _dump_expr, "scalar": _scalar, "any": _dump_any}
_LOADERS = {"union": _load_union, "tuple": _load_tuple, "record": _load_record,
            "enum": _load_enum, "expr": _load_expr, "scalar": _scalar, "any": _load_any}
