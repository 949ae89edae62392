"""A safe, validated JSON codec for SymPy expressions (the records codec, :mod:`.records`, builds on it).

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

Every error, on writing or reading, is a :class:`CodecError` (a ValueError)
naming where it happened, e.g. ``result.trace[3].Step.exprs[0][1].args[0]:
unknown class name '__import__'``.
"""
from __future__ import annotations

import functools
import re

import mpmath.libmp as mlib
import sympy as sp
from sympy.core.assumptions import _assume_defined
from sympy.core.function import AppliedUndef
from sympy.functions.elementary.piecewise import ExprCondPair

from .checks import (CodecError, call_checked, check_keys, defined_in, expect, located,
                     recursion_guard, short, valid_name)

MAX_DEPTH = 200
MAX_NODES = 1_000_000
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


# --- the allow-list --------------------------------------------------------

def _node_classes(values) -> dict[str, type]:
    """The non-atomic Basic subclasses among ``values``, by class name."""
    return {v.__name__: v for v in values
            if isinstance(v, type) and issubclass(v, sp.Basic) and not issubclass(v, sp.Atom)}


@functools.lru_cache(maxsize=1)
def _builtin_classes() -> dict[str, type]:
    found = _node_classes(vars(sp).values()) | _node_classes([ExprCondPair])
    for module in SYMDP_MODULES:
        found |= _node_classes(defined_in(module))
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
def _singletons() -> dict[type, str]:
    return {type(getattr(sp.S, name)): name for name in SINGLETONS}


# --- encoding ----------------------------------------------------------------

class Context:
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
    with recursion_guard():
        return encode(expr, Context(), 0)


def encode(expr, ctx: Context, depth: int):
    ctx.enter(depth)
    if type(expr) in _singletons():
        return {"singleton": _singletons()[type(expr)]}
    for cls, encoder in _ATOM_ENCODERS:
        if isinstance(expr, cls):
            return encoder(expr, ctx, depth)
    if not isinstance(expr, sp.Basic):
        raise CodecError(f"expected a SymPy expression, got {type(expr).__name__} {short(expr)}")
    return _encode_node(expr, ctx, depth)


def _encode_args(args, ctx: Context, depth: int) -> list:
    out = []  # a loop, not map_located: three stack frames a level keep MAX_DEPTH in reach
    for i, arg in enumerate(args):
        with located(f".args[{i}]"):
            out.append(encode(arg, ctx, depth + 1))
    return out


_ATOMIC_NODES = (sp.Indexed, sp.IndexedBase, sp.Idx)
"""SymPy calls these atoms (``is_Atom``) though they are built from their args: ``mu[i]`` is ``Indexed(mu, i)``."""


def _encode_node(expr, ctx: Context, depth: int) -> dict:
    name = expr.func.__name__
    if (expr.is_Atom and not isinstance(expr, _ATOMIC_NODES)) or _known(name) is not expr.func:
        raise CodecError(f"cannot encode {name} (not in the allow-list; see codec.register)")
    return {"node": name, "args": _encode_args(expr.args, ctx, depth)}


def _assumptions(facts: dict) -> dict:
    if not all(k in _assume_defined and isinstance(v, bool) for k, v in facts.items()):
        raise CodecError(f"assumptions must map known facts to booleans: {short(facts)}")
    return dict(sorted(facts.items()))


def _declared(symbol) -> dict:
    """The assumptions a symbol was declared with (as pickle keeps them): they
    give back the same ``assumptions0`` and the same ``srepr``."""
    return _assumptions(getattr(symbol, "_assumptions_orig", symbol.assumptions0))


def _encode_symbol(expr, ctx, depth) -> dict:
    expect(expr, sp.Symbol, "a symbol")
    return {"symbol": valid_name(expr.name, "symbol name"), "assumptions": _declared(expr)}


def _encode_dummy(expr, ctx, depth) -> dict:
    expect(expr, sp.Dummy, "a dummy")
    number = ctx.dummies.setdefault(expr, len(ctx.dummies))
    return {"dummy": valid_name(expr.name, "dummy name"), "id": number, "assumptions": _declared(expr)}


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
    return {"function": valid_name(expr.func.__name__, "function name"), "assumptions": _assumptions(expr.func._kwargs),
            "args": _encode_args(expr.args, ctx, depth)}


def _encode_matrix(expr, ctx, depth) -> dict:
    """A mutable Matrix (not a Basic; an ImmutableMatrix is an ordinary node)."""
    expect(expr, sp.MutableDenseMatrix, "a matrix")  # not a subclass of it
    return {"matrix": list(expr.shape), "args": _encode_args(list(expr), ctx, depth)}


_ATOM_ENCODERS = ((sp.Integer, _encode_integer), (sp.Rational, _encode_rational),
                  (sp.Float, _encode_float), (sp.Dummy, _encode_dummy),
                  (sp.Symbol, _encode_symbol), (AppliedUndef, _encode_applied),
                  (sp.MutableDenseMatrix, _encode_matrix))


# --- decoding ----------------------------------------------------------------

def decode_expr(data) -> sp.Basic:
    """The SymPy expression of an :func:`encode_expr` form; CodecError if invalid."""
    with recursion_guard():
        return decode(data, Context(), 0)


def decode(data, ctx: Context, depth: int) -> sp.Basic:
    ctx.enter(depth)
    expect(data, dict, "an expression node")
    tags = [key for key in _DECODERS if key in data]
    if len(tags) != 1:
        raise CodecError(f"an expression node needs exactly one of {sorted(_DECODERS)}, "
                         f"got keys {sorted(data, key=str)}")
    keys, decoder = _DECODERS[tags[0]]
    check_keys(data, keys, keys, f"a {tags[0]} node")
    return decoder(data, ctx, depth)


def _decode_args(data, ctx: Context, depth: int) -> list:
    out = []  # a loop, not map_located: three stack frames a level keep MAX_DEPTH in reach
    for i, arg in enumerate(expect(data["args"], list, "args")):
        with located(f".args[{i}]"):
            out.append(decode(arg, ctx, depth + 1))
    return out


def _build(cls, *args, **kwargs) -> sp.Basic:
    """``cls(*args, **kwargs)`` (unevaluated arithmetic), which must be a SymPy expression."""
    if issubclass(cls, _UNEVALUATED):
        kwargs["evaluate"] = False
    built = call_checked(cls, *args, **kwargs)
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
    cls = _lookup(valid_name(data["node"], "class name"))
    return _build(cls, *_decode_args(data, ctx, depth))


def _decode_assumptions(data) -> dict:
    facts = expect(data, dict, "assumptions")
    for key, value in facts.items():
        if key not in _assume_defined or type(value) is not bool:
            raise CodecError(f"assumption {short(key)}: {short(value)} is not a known fact with a boolean value")
    return facts


def _decode_symbol(data, ctx, depth) -> sp.Basic:
    return _build(sp.Symbol, valid_name(data["symbol"], "symbol name"), **_decode_assumptions(data["assumptions"]))


def _decode_dummy(data, ctx, depth) -> sp.Basic:
    number = expect(data["id"], int, "dummy id")
    dummy = _build(sp.Dummy, valid_name(data["dummy"], "dummy name"), **_decode_assumptions(data["assumptions"]))
    known = ctx.dummies.setdefault(number, dummy)
    if (known.name, known.assumptions0) != (dummy.name, dummy.assumptions0):
        raise CodecError(f"dummy id {number} is used for two different dummies")
    return known


def _decode_integer(data, ctx, depth) -> sp.Basic:
    return sp.Integer(expect(data["integer"], int, "integer"))


def _decode_rational(data, ctx, depth) -> sp.Basic:
    pair = expect(data["rational"], list, "rational")
    if len(pair) != 2 or any(type(n) is not int for n in pair) or pair[1] <= 1 or sp.igcd(*pair) != 1:
        raise CodecError(f"rational must be [p, q], integers in lowest terms with q > 1, got {short(pair)}")
    return sp.Rational(*pair)


def _decode_float(data, ctx, depth) -> sp.Basic:
    prec = expect(data["precision"], int, "float precision")
    match = _FLOAT.fullmatch(expect(data["float"], str, "float"))
    if not match or not 0 < prec <= MAX_PRECISION or len(match[2]) > MAX_PRECISION // 4 + 1:
        raise CodecError(f"float must be '[-]0x<hex>p<exponent>' with a precision in 1..{MAX_PRECISION}")
    sign, man, exp = match.groups()
    mpf = mlib.from_man_exp(int(man, 16) * (-1 if sign else 1), int(exp))
    if mpf[3] > prec:
        raise CodecError(f"float {data['float']} has more than its {prec} bits of precision")
    return sp.Float._new(mpf, prec, zero=False)


def _decode_singleton(data, ctx, depth) -> sp.Basic:
    name = valid_name(data["singleton"], "singleton name")
    if name not in SINGLETONS:
        raise CodecError(f"unknown singleton {name!r} (known: {', '.join(SINGLETONS)})")
    return getattr(sp.S, name)


def _decode_applied(data, ctx, depth) -> sp.Basic:
    name = valid_name(data["function"], "function name")
    function = call_checked(sp.Function, name, **_decode_assumptions(data["assumptions"]))
    return _build(function, *_decode_args(data, ctx, depth))


def _decode_matrix(data, ctx, depth):
    shape, args = expect(data["matrix"], list, "matrix shape"), _decode_args(data, ctx, depth)
    if len(shape) != 2 or any(type(n) is not int or n < 0 for n in shape) or shape[0] * shape[1] != len(args):
        raise CodecError(f"matrix shape must be [rows, columns] of its {len(args)} entries, got {short(shape)}")
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


