"""A safe, validated JSON codec for SymPy expressions and derivation results.

It replaces pickle for the result cache: reading a file never runs code from
it.  Decoding never calls ``eval``, ``sympify``, ``parse_expr`` or ``pickle``
on stored text; it only looks class names up in an allow-list and calls
``cls(*args)`` on already-decoded SymPy arguments (SymPy's invariant
``expr.func(*expr.args) == expr``).  Arithmetic, functions, relations,
Max/Min and And/Or are rebuilt with ``evaluate=False`` (their stored args are
already evaluated, and an unevaluated printed formula stays as it was), and
an arithmetic node standing for a number of more than ``MAX_NUMBER_BITS``
bits (``Pow(10, 10**9)``) is refused, so crafted data cannot hang a reader.

Expressions are nested JSON objects, each with exactly these keys:

    {"node": "Add", "args": [...]}                   any allowed class (see below)
    {"symbol": "epsilon", "assumptions": {...}}       Symbol and the assumptions it was
                                                      declared with (as pickle keeps them:
                                                      the same ``assumptions0`` and srepr)
    {"dummy": "x", "id": 0, "assumptions": {...}}    Dummy; ``id`` numbers the Dummies
                                                      of one result by first use, so one
                                                      Dummy used twice decodes to one
                                                      fresh Dummy
    {"integer": 5}                                   Integer (a JSON integer)
    {"rational": [1, 3]}                             Rational p/q, q > 1, lowest terms
    {"float": "-0x3p-1", "precision": 53}            Float: exact binary value
                                                      (sign, hex mantissa, power of two)
                                                      and its precision in bits
    {"singleton": "Pi"}                              a name of ``sympy.S``: Pi, Exp1,
                                                      ImaginaryUnit, Infinity, NaN, true,
                                                      EmptySet, Reals, ... (SINGLETONS)
    {"function": "f", "assumptions": {...}, "args": [...]}
                                                      an undefined applied function,
                                                      ``Function("f")(x)``
    {"matrix": [2, 3], "args": [...]}                a mutable Matrix, entries row by row
                                                      (an ImmutableMatrix is a node)

Allowed node classes: the non-atomic SymPy Basic subclasses of the ``sympy``
namespace, ``ExprCondPair`` (the pieces of a Piecewise), the Basic
subclasses defined in the modules of ``SYMDP_MODULES`` (``symdp.special``:
``Phi``, ``PhiInv``) and whatever is put in ``EXTRA_CLASSES`` (or passed to
:func:`register`).  Expressions deeper than ``MAX_DEPTH`` or with more than
``MAX_NODES`` nodes are refused, on writing and on reading.

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

Every error, on writing or reading, is a :class:`CodecError` (a ValueError)
naming where it happened, e.g. ``result.trace[3].Step.exprs[0][1].args[0]:
unknown class name '__import__'``.
"""
from __future__ import annotations

import contextlib
import dataclasses
import enum
import functools
import importlib
import json
import re
import types
import typing

import mpmath.libmp as mlib
import sympy as sp
from sympy.core.assumptions import _assume_defined
from sympy.core.function import AppliedUndef
from sympy.functions.elementary.piecewise import ExprCondPair

from ..records import DerivationResult

FORMAT = 1
MAX_DEPTH = 200
MAX_NODES = 1_000_000
MAX_NAME = 1_000
MAX_PRECISION = 1_000_000
"""Bits of a Float (about 300,000 digits)."""

SINGLETONS = ("Pi", "Exp1", "ImaginaryUnit", "Infinity", "NegativeInfinity",
              "ComplexInfinity", "NaN", "EulerGamma", "Catalan", "GoldenRatio",
              "TribonacciConstant", "true", "false", "EmptySet", "UniversalSet",
              "Reals", "Complexes", "Integers", "Naturals", "Naturals0", "Rationals",
              "IdentityFunction", "EmptySequence")
"""Names of ``sympy.S`` encoded as singletons (0, 1, -1, 1/2 are numbers)."""

SYMDP_MODULES = ("symdp.special",)
"""Modules whose own Basic subclasses are allowed (a missing module is skipped)."""

RECORD_MODULES = ("symdp.engine.records", "symdp.engine.certificates")
"""Modules whose dataclasses may appear in untyped fields (``certificates: tuple``)."""

EXTRA_CLASSES: dict[str, type] = {}
"""More allowed node classes, by class name (see :func:`register`)."""

MAX_NUMBER_BITS = 100_000
"""Bits of the largest number an arithmetic node may stand for (see :func:`_bits`)."""

_ARITHMETIC = (sp.Add, sp.Mul, sp.Pow)
_UNEVALUATED = _ARITHMETIC + (sp.Function, sp.Rel, sp.Max, sp.Min, sp.And, sp.Or)
"""Rebuilt with ``evaluate=False``: stored args are already evaluated (or were
deliberately left unevaluated, as a printed formula may be), and evaluating
crafted ones (``factorial(10**9)``, ``Eq(catalan(10**9), 1)``) could run for ever."""

_FLOAT = re.compile(r"(-?)0x([0-9a-f]+)p(-?[0-9]{1,20})")


class CodecError(ValueError):
    """Something cannot be encoded, or stored data is not a valid encoding."""

    def __init__(self, message: str, path: tuple[str, ...] = ()):
        self.message, self.path = message, path
        super().__init__(str(self))

    def __str__(self) -> str:
        path = self.path if len(self.path) <= 12 else self.path[:6] + ("...",) + self.path[-5:]
        return f"{''.join(path)}: {self.message}" if path else self.message


@contextlib.contextmanager
def _at(step: str):
    """Prefix the location ``step`` to a CodecError raised inside."""
    try:
        yield
    except CodecError as exc:
        exc.path = (step,) + exc.path
        exc.args = (str(exc),)
        raise


@contextlib.contextmanager
def _recursion_guard():
    """Python's recursion limit (deep SymPy internals, deep JSON) as a CodecError."""
    try:
        yield
    except RecursionError:
        raise CodecError("too deeply nested for Python's recursion limit") from None


def _map(fn, items, step: str = "[{}]") -> list:
    """``[fn(item) ...]``, each call located by ``step`` formatted with its index."""
    out = []
    for i, item in enumerate(items):
        with _at(step.format(i)):
            out.append(fn(item))
    return out


def _expect(data, kind: type, what: str, exact: bool = True):
    """``data`` when it is of type ``kind`` (exactly, by default: bool is not int)."""
    if type(data) is not kind if exact else not isinstance(data, kind):
        raise CodecError(f"{what} must be {kind.__name__}, got {type(data).__name__} {_short(data)}")
    return data


def _short(data) -> str:
    text = repr(data)
    return text if len(text) <= 60 else text[:57] + "..."


def _check_keys(data: dict, allowed, required, what: str) -> None:
    unknown = sorted(set(data) - set(allowed), key=str)
    missing = sorted(set(required) - set(data))
    if unknown:
        raise CodecError(f"unknown key(s) {unknown} in {what} (allowed: {sorted(allowed)})")
    if missing:
        raise CodecError(f"missing key(s) {missing} in {what}")


def _name(data, what: str = "name") -> str:
    if not _expect(data, str, what) or len(data) > MAX_NAME:
        raise CodecError(f"{what} must be a non-empty string of at most {MAX_NAME} characters")
    return data


# --- the allow-list --------------------------------------------------------

def _node_classes(values) -> dict[str, type]:
    """The non-atomic Basic subclasses among ``values``, by class name."""
    return {v.__name__: v for v in values
            if isinstance(v, type) and issubclass(v, sp.Basic) and not issubclass(v, sp.Atom)}


def _defined_in(name: str) -> list:
    """The objects defined in module ``name`` ([] when there is no such module)."""
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return []
    return [v for v in vars(module).values() if getattr(v, "__module__", None) == name]


@functools.lru_cache(maxsize=1)
def _builtin_classes() -> dict[str, type]:
    found = _node_classes(vars(sp).values()) | _node_classes([ExprCondPair])
    for module in SYMDP_MODULES:
        found |= _node_classes(_defined_in(module))
    return found


def register(*classes: type) -> None:
    """Allow more node classes (SymPy Basic subclasses) under their class names."""
    for cls in classes:
        if not (isinstance(cls, type) and issubclass(cls, sp.Basic)):
            raise TypeError(f"{cls!r} is not a SymPy Basic subclass")
        known = _known(cls.__name__)
        if known is not None and known is not cls:
            raise ValueError(f"class name {cls.__name__!r} already means {known!r}")
        EXTRA_CLASSES[cls.__name__] = cls


def _known(name: str) -> type | None:
    """The allowed class of that name, or None."""
    return EXTRA_CLASSES.get(name) or _builtin_classes().get(name)


def _lookup(name: str) -> type:
    cls = _known(name)
    if cls is None:
        raise CodecError(f"unknown class name {name!r} (not in the allow-list)")
    return cls


@functools.lru_cache(maxsize=1)
def _record_classes() -> dict[str, type]:
    return {v.__name__: v for module in RECORD_MODULES for v in _defined_in(module)
            if isinstance(v, type) and dataclasses.is_dataclass(v)}


@functools.lru_cache(maxsize=1)
def _singletons() -> dict[type, str]:
    return {type(getattr(sp.S, name)): name for name in SINGLETONS}


# --- encoding ----------------------------------------------------------------

class _Context:
    """What the expressions of one result share: Dummy numbering and a node budget."""

    def __init__(self):
        self.dummies: dict = {}
        self.nodes = 0

    def enter(self, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise CodecError(f"expression nested deeper than {MAX_DEPTH} levels")
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise CodecError(f"more than {MAX_NODES} expression nodes")


def encode_expr(expr: sp.Basic):
    """A JSON-able form of a SymPy expression (see the module docstring)."""
    with _recursion_guard():
        return _encode(expr, _Context(), 0)


def _encode(expr, ctx: _Context, depth: int):
    ctx.enter(depth)
    if type(expr) in _singletons():
        return {"singleton": _singletons()[type(expr)]}
    for cls, encoder in _ATOM_ENCODERS:
        if isinstance(expr, cls):
            return encoder(expr, ctx, depth)
    if not isinstance(expr, sp.Basic):
        raise CodecError(f"expected a SymPy expression, got {type(expr).__name__} {_short(expr)}")
    return _encode_node(expr, ctx, depth)


def _encode_args(args, ctx: _Context, depth: int) -> list:
    out = []  # a loop, not _map: three stack frames a level keep MAX_DEPTH in reach
    for i, arg in enumerate(args):
        with _at(f".args[{i}]"):
            out.append(_encode(arg, ctx, depth + 1))
    return out


def _encode_node(expr, ctx: _Context, depth: int) -> dict:
    name = expr.func.__name__
    if expr.is_Atom or _known(name) is not expr.func:
        raise CodecError(f"cannot encode {name} (not in the allow-list; see codec.register)")
    return {"node": name, "args": _encode_args(expr.args, ctx, depth)}


def _assumptions(facts: dict) -> dict:
    if not all(k in _assume_defined and isinstance(v, bool) for k, v in facts.items()):
        raise CodecError(f"assumptions must map known facts to booleans: {_short(facts)}")
    return dict(sorted(facts.items()))


def _declared(symbol) -> dict:
    """The assumptions a symbol was declared with (as pickle keeps them): they
    give back the same ``assumptions0`` and the same ``srepr``."""
    return _assumptions(getattr(symbol, "_assumptions_orig", symbol.assumptions0))


def _encode_symbol(expr, ctx, depth) -> dict:
    _expect(expr, sp.Symbol, "a symbol")
    return {"symbol": _name(expr.name, "symbol name"), "assumptions": _declared(expr)}


def _encode_dummy(expr, ctx, depth) -> dict:
    _expect(expr, sp.Dummy, "a dummy")
    number = ctx.dummies.setdefault(expr, len(ctx.dummies))
    return {"dummy": _name(expr.name, "dummy name"), "id": number, "assumptions": _declared(expr)}


def _encode_integer(expr, ctx, depth) -> dict:
    return {"integer": int(expr.p)}


def _encode_rational(expr, ctx, depth) -> dict:
    return {"rational": [int(expr.p), int(expr.q)]}


def _encode_float(expr, ctx, depth) -> dict:
    sign, man, exp, _ = expr._mpf_
    if not man and exp:
        raise CodecError(f"cannot encode the special Float {expr}")
    return {"float": f"{'-' if sign else ''}{hex(int(man))}p{int(exp)}", "precision": int(expr._prec)}


def _encode_applied(expr, ctx, depth) -> dict:
    return {"function": _name(expr.func.__name__, "function name"), "assumptions": _assumptions(expr.func._kwargs),
            "args": _encode_args(expr.args, ctx, depth)}


def _encode_matrix(expr, ctx, depth) -> dict:
    """A mutable Matrix (not a Basic; an ImmutableMatrix is an ordinary node)."""
    _expect(expr, sp.MutableDenseMatrix, "a matrix")  # not a subclass of it
    return {"matrix": list(expr.shape), "args": _encode_args(list(expr), ctx, depth)}


_ATOM_ENCODERS = ((sp.Integer, _encode_integer), (sp.Rational, _encode_rational),
                  (sp.Float, _encode_float), (sp.Dummy, _encode_dummy),
                  (sp.Symbol, _encode_symbol), (AppliedUndef, _encode_applied),
                  (sp.MutableDenseMatrix, _encode_matrix))


# --- decoding ----------------------------------------------------------------

def decode_expr(data) -> sp.Basic:
    """The SymPy expression of an :func:`encode_expr` form; CodecError if invalid."""
    with _recursion_guard():
        return _decode(data, _Context(), 0)


def _decode(data, ctx: _Context, depth: int) -> sp.Basic:
    ctx.enter(depth)
    _expect(data, dict, "an expression node")
    tags = [key for key in _DECODERS if key in data]
    if len(tags) != 1:
        raise CodecError(f"an expression node needs exactly one of {sorted(_DECODERS)}, "
                         f"got keys {sorted(data, key=str)}")
    keys, decoder = _DECODERS[tags[0]]
    _check_keys(data, keys, keys, f"a {tags[0]} node")
    return decoder(data, ctx, depth)


def _decode_args(data, ctx: _Context, depth: int) -> list:
    out = []  # a loop, not _map: three stack frames a level keep MAX_DEPTH in reach
    for i, arg in enumerate(_expect(data["args"], list, "args")):
        with _at(f".args[{i}]"):
            out.append(_decode(arg, ctx, depth + 1))
    return out


def _call(fn, *args, **kwargs):
    """``fn(*args, **kwargs)``; any failure is a CodecError."""
    try:
        return fn(*args, **kwargs)
    except Exception as exc:  # a constructor refusing its args: invalid data
        raise CodecError(f"{fn.__name__} cannot be built from its args: {type(exc).__name__}: {exc}") from None


def _build(cls, *args, **kwargs) -> sp.Basic:
    """``cls(*args, **kwargs)`` (unevaluated arithmetic), which must be a SymPy expression."""
    if issubclass(cls, _UNEVALUATED):
        kwargs["evaluate"] = False
    built = _call(cls, *args, **kwargs)
    if not isinstance(built, sp.Basic):
        raise CodecError(f"{cls.__name__}(...) did not build a SymPy expression")
    if isinstance(built, _ARITHMETIC) and _bits(built) > MAX_NUMBER_BITS:
        raise CodecError(f"{cls.__name__} stands for a number of more than {MAX_NUMBER_BITS} bits")
    return built


def _bits(expr) -> float:
    """A bound on the bits of the number an unevaluated arithmetic node stands for
    (0 when it is not numeric): whatever later touches ``Pow(10, 10**9)``
    (an ``Eq``, a ``Max``, an addition) computes that number."""
    if isinstance(expr, sp.Rational):
        return expr.p.bit_length() + expr.q.bit_length()
    if isinstance(expr, sp.Pow) and isinstance(expr.exp, sp.Rational):
        return _bits(expr.base) * abs(expr.exp)
    if isinstance(expr, (sp.Add, sp.Mul)):
        return sum(_bits(arg) for arg in expr.args)
    return 0


def _decode_node(data, ctx, depth) -> sp.Basic:
    cls = _lookup(_name(data["node"], "class name"))
    return _build(cls, *_decode_args(data, ctx, depth))


def _decode_assumptions(data) -> dict:
    facts = _expect(data, dict, "assumptions")
    for key, value in facts.items():
        if key not in _assume_defined or type(value) is not bool:
            raise CodecError(f"assumption {_short(key)}: {_short(value)} is not a known fact with a boolean value")
    return facts


def _decode_symbol(data, ctx, depth) -> sp.Basic:
    return _build(sp.Symbol, _name(data["symbol"], "symbol name"), **_decode_assumptions(data["assumptions"]))


def _decode_dummy(data, ctx, depth) -> sp.Basic:
    number = _expect(data["id"], int, "dummy id")
    dummy = _build(sp.Dummy, _name(data["dummy"], "dummy name"), **_decode_assumptions(data["assumptions"]))
    known = ctx.dummies.setdefault(number, dummy)
    if (known.name, known.assumptions0) != (dummy.name, dummy.assumptions0):
        raise CodecError(f"dummy id {number} is used for two different dummies")
    return known


def _decode_integer(data, ctx, depth) -> sp.Basic:
    return sp.Integer(_expect(data["integer"], int, "integer"))


def _decode_rational(data, ctx, depth) -> sp.Basic:
    pair = _expect(data["rational"], list, "rational")
    if len(pair) != 2 or any(type(n) is not int for n in pair) or pair[1] <= 1 or sp.igcd(*pair) != 1:
        raise CodecError(f"rational must be [p, q], integers in lowest terms with q > 1, got {_short(pair)}")
    return sp.Rational(*pair)


def _decode_float(data, ctx, depth) -> sp.Basic:
    prec = _expect(data["precision"], int, "float precision")
    match = _FLOAT.fullmatch(_expect(data["float"], str, "float"))
    if not match or not 0 < prec <= MAX_PRECISION or len(match[2]) > MAX_PRECISION // 4 + 1:
        raise CodecError(f"float must be '[-]0x<hex>p<exponent>' with a precision in 1..{MAX_PRECISION}")
    sign, man, exp = match.groups()
    mpf = mlib.from_man_exp(int(man, 16) * (-1 if sign else 1), int(exp))
    if mpf[3] > prec:
        raise CodecError(f"float {data['float']} has more than its {prec} bits of precision")
    return sp.Float._new(mpf, prec, zero=False)


def _decode_singleton(data, ctx, depth) -> sp.Basic:
    name = _name(data["singleton"], "singleton name")
    if name not in SINGLETONS:
        raise CodecError(f"unknown singleton {name!r} (known: {', '.join(SINGLETONS)})")
    return getattr(sp.S, name)


def _decode_applied(data, ctx, depth) -> sp.Basic:
    name = _name(data["function"], "function name")
    function = _call(sp.Function, name, **_decode_assumptions(data["assumptions"]))
    return _build(function, *_decode_args(data, ctx, depth))


def _decode_matrix(data, ctx, depth):
    shape, args = _expect(data["matrix"], list, "matrix shape"), _decode_args(data, ctx, depth)
    if len(shape) != 2 or any(type(n) is not int or n < 0 for n in shape) or shape[0] * shape[1] != len(args):
        raise CodecError(f"matrix shape must be [rows, columns] of its {len(args)} entries, got {_short(shape)}")
    return sp.Matrix(*shape, args)


_DECODERS = {
    "node": (("node", "args"), _decode_node),
    "symbol": (("symbol", "assumptions"), _decode_symbol),
    "dummy": (("dummy", "id", "assumptions"), _decode_dummy),
    "integer": (("integer",), _decode_integer),
    "rational": (("rational",), _decode_rational),
    "float": (("float", "precision"), _decode_float),
    "singleton": (("singleton",), _decode_singleton),
    "function": (("function", "assumptions", "args"), _decode_applied),
    "matrix": (("matrix", "args"), _decode_matrix),
}


# --- results -----------------------------------------------------------------

def result_to_json(result: DerivationResult) -> dict:
    """The JSON-able form of a result: ``{"format": 1, "result": {...}}``."""
    with _recursion_guard(), _at("result"):
        return {"format": FORMAT, "result": _dump(result, DerivationResult, _Context())}


def result_from_json(data) -> DerivationResult:
    """The result of a :func:`result_to_json` form; CodecError if invalid."""
    keys = ("format", "result")
    _check_keys(_expect(data, dict, "a stored result"), keys, keys, "a stored result")
    if type(data["format"]) is not int or data["format"] != FORMAT:
        raise CodecError(f"unsupported format {_short(data['format'])} (this reader knows format {FORMAT})")
    with _recursion_guard(), _at("result"):
        return _load(data["result"], DerivationResult, _Context())


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


def _dump(value, hint, ctx: _Context):
    return _DUMPERS[_kind(hint)](value, hint, ctx)


def _load(data, hint, ctx: _Context):
    return _LOADERS[_kind(hint)](data, hint, ctx)


def _scalar(value, hint: type, ctx: _Context):
    """A str, int, float or bool, both ways (an int is accepted as a float)."""
    if hint is float and type(value) is int and abs(value) < 2**1023:
        return float(value)
    return _expect(value, hint, "a value")


def _dump_enum(value, hint: type, ctx: _Context):
    return _expect(value, hint, f"a {hint.__name__}").value


def _load_enum(data, hint: type, ctx: _Context):
    for member in hint:
        if type(member.value) is type(data) and member.value == data:
            return member
    raise CodecError(f"unknown {hint.__name__} {_short(data)} (known: {[m.value for m in hint]})")


def _dump_expr(value, hint: type, ctx: _Context):
    return _encode(_expression(value, hint), ctx, 0)


def _load_expr(data, hint: type, ctx: _Context):
    return _expression(_decode(data, ctx, 0), hint)


def _expression(value, hint: type):
    """``value`` when it is a ``hint`` (a Basic subclass) or a mutable Matrix."""
    if not isinstance(value, (hint, sp.MutableDenseMatrix)):
        raise CodecError(f"expected a {hint.__name__} expression, got {type(value).__name__} {_short(value)}")
    return value


def _item_hints(hint, n: int) -> tuple:
    """The type of each of the ``n`` items of a tuple of type ``hint``."""
    args = typing.get_args(hint) or (typing.Any, ...)  # a bare ``tuple``: untyped items
    if len(args) == 2 and args[1] is Ellipsis:
        return (args[0],) * n
    if len(args) != n:
        raise CodecError(f"expected {len(args)} items, got {n}")
    return args


def _dump_tuple(value, hint, ctx: _Context) -> list:
    items = _expect(value, tuple, "a tuple")
    return _map(lambda pair: _dump(*pair, ctx), zip(items, _item_hints(hint, len(items))))


def _load_tuple(data, hint, ctx: _Context) -> tuple:
    items = _expect(data, list, "a tuple")
    return tuple(_map(lambda pair: _load(*pair, ctx), zip(items, _item_hints(hint, len(items)))))


@functools.lru_cache(maxsize=None)
def _fields(cls: type) -> dict:
    """The stored fields of a record class: name -> (type, required)."""
    hints = typing.get_type_hints(cls)
    missing = dataclasses.MISSING
    return {f.name: (hints[f.name], f.default is missing and f.default_factory is missing)
            for f in dataclasses.fields(cls) if f.init}


def _dump_record(value, cls: type, ctx: _Context) -> dict:
    _expect(value, cls, f"a {cls.__name__}")
    out = {}
    for name, (hint, _) in _fields(cls).items():
        with _at(f".{name}"):
            out[name] = _dump(getattr(value, name), hint, ctx)
    return out


def _load_record(data, cls: type, ctx: _Context):
    fields = _fields(cls)
    required = [name for name, (_, needed) in fields.items() if needed]
    _check_keys(_expect(data, dict, f"a {cls.__name__}"), fields, required, f"a {cls.__name__}")
    kwargs = {}
    for name, item in data.items():
        with _at(f".{name}"):
            kwargs[name] = _load(item, fields[name][0], ctx)
    return _call(cls, **kwargs)


def _members(hint) -> tuple[list, bool]:
    """The types of a union other than None, and whether None is allowed."""
    args = typing.get_args(hint)
    return [a for a in args if a is not type(None)], type(None) in args


def _tagged(classes, name) -> type:
    """The record class called ``name`` among ``classes``."""
    for cls in classes:
        if dataclasses.is_dataclass(cls) and cls.__name__ == name:
            return cls
    raise CodecError(f"expected one of {[c.__name__ for c in classes]}, got {_short(name)}")


def _dump_tagged(value, classes, ctx: _Context) -> dict:
    """A record as ``{class name: fields}``."""
    cls = _tagged(classes, type(value).__name__)
    with _at(f".{cls.__name__}"):
        return {cls.__name__: _dump(value, cls, ctx)}


def _load_tagged(data, classes, ctx: _Context):
    if len(_expect(data, dict, "a tagged record")) != 1:
        raise CodecError(f"a tagged record must be {{class name: fields}}, got keys {sorted(data, key=str)}")
    (tag, body), = data.items()
    with _at(f".{tag}"):
        return _load(body, _tagged(classes, tag), ctx)


def _dump_union(value, hint, ctx: _Context):
    members, optional = _members(hint)
    if value is None and optional:
        return None
    if len(members) == 1:
        return _dump(value, members[0], ctx)
    return _dump_tagged(value, members, ctx)


def _load_union(data, hint, ctx: _Context):
    members, optional = _members(hint)
    if data is None and optional:
        return None
    if len(members) == 1:
        return _load(data, members[0], ctx)
    return _load_tagged(data, members, ctx)


def _dump_any(value, hint, ctx: _Context):
    """A value of an untyped field (``tuple``, ``Any``), encoded by its own type."""
    if value is None or type(value) in (str, int, float, bool):
        return value
    if isinstance(value, tuple):
        return _dump_tuple(value, tuple, ctx)
    if isinstance(value, sp.Basic):
        return {"expr": _encode(value, ctx, 0)}
    return _dump_tagged(value, _record_classes().values(), ctx)


def _load_any(data, hint, ctx: _Context):
    if data is None or type(data) in (str, int, float, bool):
        return data
    if type(data) is list:
        return _load_tuple(data, tuple, ctx)
    if type(data) is dict and set(data) == {"expr"}:
        return _decode(data["expr"], ctx, 0)
    return _load_tagged(data, _record_classes().values(), ctx)


_DUMPERS = {"union": _dump_union, "tuple": _dump_tuple, "record": _dump_record,
            "enum": _dump_enum, "expr": _dump_expr, "scalar": _scalar, "any": _dump_any}
_LOADERS = {"union": _load_union, "tuple": _load_tuple, "record": _load_record,
            "enum": _load_enum, "expr": _load_expr, "scalar": _scalar, "any": _load_any}
