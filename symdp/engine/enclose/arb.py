"""SymPy expressions evaluated in ball arithmetic (FLINT's ``arb`` through python-flint).

:func:`compile_arb` turns an expression into a function of a point whose values
are exact numbers (int, Rational, mpmath mpf, fmpq) or balls (``arb(mid, rad)``,
``arb.union``): the result is a ball that is *guaranteed* to contain every value
the expression takes on the inputs (Johansson, "Arb: efficient arbitrary-precision
midpoint-radius interval arithmetic", IEEE Trans. Computers 66, 2017).  The same
compiler serves witness points and the boxes of validated numerics.

A construct without a rigorous counterpart (an unevaluated integral, an opaque
function, a sum with symbolic limits, a decimal Float that binary cannot hold)
raises :class:`NotRigorous` naming it: such an expression can certify nothing.
A domain error (log of a ball reaching 0) gives a non-finite ball, never a guess.
Precision is set locally (:func:`precision`), never left changed.  The ball
operations that keep wide balls tight are in :mod:`.arb_balls`, the table of
functions in :mod:`.arb_functions`, and the read-outs of a ball in :mod:`.arb_readout`.
"""
from __future__ import annotations

import collections
from contextlib import contextmanager

import flint
import mpmath as mp
import sympy as sp
from flint import arb, fmpq, fmpz

from ...errors import SymdpError
from .arb_balls import NAN, int_power, monotone, odd_root, per_precision, real_power, times
from .arb_functions import NARY, UNARY

SUM_TERMS = 20000
"""Most terms a Sum with numeric limits is evaluated termwise with."""


class NotRigorous(SymdpError):
    """The expression holds a construct ball arithmetic cannot enclose."""

    def __init__(self, construct: str):
        ValueError.__init__(self, f"no ball-arithmetic enclosure for {construct}")
        self.construct = construct


@contextmanager
def precision(bits: int):
    """Run with ``bits`` of working precision in flint, restoring the caller's afterwards."""
    old = flint.ctx.prec
    flint.ctx.prec = bits
    try:
        yield
    finally:
        flint.ctx.prec = old


def to_arb(value) -> arb:
    """An exact number or a ball as an arb (mpf and Rational enclosed at the working precision)."""
    if isinstance(value, arb):
        return value
    if isinstance(value, (int, fmpz, fmpq)):
        return arb(value)
    if isinstance(value, mp.mpf):
        sign, man, exp, _ = value._mpf_
        if not man and exp:
            raise NotRigorous(f"the non-finite number {value}")
        return arb(fmpz((-1) ** sign * int(man))) * arb(2) ** exp
    if isinstance(value, sp.Basic) and value.is_Rational:
        return arb(fmpq(int(value.p), int(value.q)))
    raise NotRigorous(f"the input {value!r} ({type(value).__name__})")


def _exact_float(f: sp.Float) -> arb:
    """A SymPy Float only when its decimal text is exactly the binary number it holds."""
    value = sp.Rational(*f.as_integer_ratio()) if hasattr(f, "as_integer_ratio") else sp.Rational(f)
    if sp.Rational(str(f)) != value and sp.nsimplify(f, rational=True) != value:
        raise NotRigorous(f"the Float {f} (not exactly representable in binary)")
    return to_arb(value)


# --- the compiler: a tree of closures, one per node ------------------------------

def _atom(e, symbols):
    if e.is_Symbol:
        if e not in symbols:
            raise NotRigorous(f"the free symbol {e}")
        return lambda env, e=e: env[e]
    if e.is_Rational:
        q = fmpq(int(e.p), int(e.q))
        return per_precision(lambda: arb(q))
    if e.is_Float:
        value = _exact_float(e)
        return lambda env: value
    if e is sp.pi:
        return _PI
    if e is sp.E:
        return _E
    raise NotRigorous(f"the constant {e}")


_PI = per_precision(arb.pi)
_E = per_precision(lambda: arb(1).exp())


def _add(args):
    if len(args) == 2:
        a, b = args
        return lambda env: a(env) + b(env)
    def f(env):
        total = args[0](env)
        for a in args[1:]:
            total = total + a(env)
        return total
    return f


def _mul(args):
    if len(args) == 2:
        a, b = args
        return lambda env: times(a(env), b(env))
    def f(env):
        total = args[0](env)
        for a in args[1:]:
            total = times(total, a(env))
        return total
    return f


def _pow(e, symbols):
    base, expo = compile_expr(e.base, symbols), e.exp
    if expo.is_Integer:
        n = int(expo)
        return lambda env: int_power(base(env), n)
    if expo == sp.S.Half:
        return lambda env: base(env).sqrt()
    if expo == -sp.S.Half:
        return lambda env: base(env).rsqrt()
    if expo.is_Rational and expo.q % 2 == 1:  # an odd root of a base >= 0 (SymPy's (-1)**(1/3) is complex)
        p, q = int(expo.p), int(expo.q)
        return lambda env: odd_root(base(env), q) ** p
    power = compile_expr(expo, symbols)
    return lambda env: real_power(base(env), power(env))


def _function(e, symbols):
    head = type(e)
    args = [compile_expr(a, symbols) for a in e.args]
    if head in UNARY and len(args) == 1:
        fn, (a,) = UNARY[head], args
        return lambda env: fn(a(env))
    if head is sp.log and len(args) == 2:
        a, b = args
        return lambda env: a(env).log() / b(env).log()
    if head in NARY:
        fn = NARY[head]
        return lambda env: fn(*(a(env) for a in args))
    raise NotRigorous(f"the function {head.__name__}")


_SHARED: dict = {}
"""While an :class:`ArbFn` compiles: each subexpression met more than once in its tree, with its compiled node
once made (None before).  A shared node's value is computed once per call and reused: the same operations on
the same balls, so the same ball, without the repetition a derivative's tree is full of."""


def compile_expr(e, symbols):
    """The closure ``env -> ball`` of ``e`` (a node of the tree being compiled; shared as :data:`_SHARED` says)."""
    if e.is_Atom:
        return _atom(e, symbols)
    if e not in _SHARED:
        return _node(e, symbols)
    node = _SHARED[e]
    if node is None:
        node = _SHARED[e] = _remembered(_node(e, symbols))
    return node


def _remembered(fn):
    """``fn`` computed once per call: its value kept in the call's environment under a key of its own."""
    key = object()
    def f(env):
        value = env.get(key)
        if value is None:
            value = env[key] = fn(env)
        return value
    return f


def _repeated(expr) -> dict:
    """The compound subexpressions that occur more than once in ``expr``'s tree, for :data:`_SHARED`."""
    counts = collections.Counter(sp.preorder_traversal(expr))
    return {e: None for e, n in counts.items() if n > 1 and not e.is_Atom}


def _node(e, symbols):
    if e.is_Add:
        return _sum_of(e, symbols)
    if e.is_Mul:
        return _mul([compile_expr(a, symbols) for a in e.args])
    if e.is_Pow:
        return _pow(e, symbols)
    if isinstance(e, sp.Piecewise):
        from .arb_logic import piecewise
        return piecewise(e, symbols, compile_expr)
    if isinstance(e, sp.Sum):
        return _sum(e, symbols)
    if isinstance(e, sp.Integral):
        from .arb_integrals import integral   # rigorous quadrature and a proved tail bound
        return integral(e, symbols)
    if isinstance(e, sp.Function) or type(e) in NARY:
        return _function(e, symbols)
    raise NotRigorous(f"{type(e).__name__}")


def _sum_of(e, symbols):
    """A sum, each difference c g(A) - c g(B) of one function enclosed also by its mean-value form
    (:mod:`.arb_diff`)."""
    from .arb_diff import difference, pairs
    terms = list(e.args)
    found = pairs(terms)
    paired = {k for pair in found for k in pair}
    parts = [difference(terms[i], terms[j], compile_expr, symbols, UNARY, monotone, int_power) for i, j in found]
    return _add(parts + [compile_expr(t, symbols) for k, t in enumerate(terms) if k not in paired])


def _sum(e, symbols):
    """A Sum term by term; its limits must be exact integers at the point (at most SUM_TERMS terms)."""
    if len(e.limits) != 1:
        raise NotRigorous("a multiple Sum")
    k, lo, hi = e.limits[0]
    if not (lo.is_finite is not False and hi.is_finite is not False) or lo.has(sp.oo, -sp.oo) or hi.has(sp.oo, -sp.oo):
        from .arb_series import infinite_sum   # a partial sum and a proved tail bound
        return infinite_sum(e, symbols)
    global _SHARED
    first, last = compile_expr(lo, symbols), compile_expr(hi, symbols)
    outer, _SHARED = _SHARED, {}   # the term's values change with k: nothing in it is shared
    try:
        term = compile_expr(e.function, tuple(symbols) + (k,))
    finally:
        _SHARED = outer
    def f(env):
        a, b = _integer(first(env)), _integer(last(env))
        if a is None or b is None or b - a + 1 > SUM_TERMS:
            return NAN
        total = arb(0)
        for j in range(a, b + 1):
            total = total + term({**env, k: arb(j)})
        return total
    return f


def _integer(x: arb):
    """The integer ``x`` is, when the ball pins one down (an exact integer, or floor/ceil of a point)."""
    if x.is_finite() and x.is_exact() and x.is_integer():
        return int(x.unique_fmpz())
    return None


class ArbFn:
    """An expression compiled to ball arithmetic; call with {symbol: number or ball} at ``prec`` bits.

    ``family``: a :class:`Shared` table of expressions of the same symbols (a claim and its derivatives):
    a subexpression of any of them is then computed once per :meth:`at` environment, whichever asks first."""

    def __init__(self, expr, symbols, family: "Shared | None" = None):
        self.expr = sp.sympify(expr)
        self.symbols = tuple(symbols)
        self.family = family
        global _SHARED
        table = _repeated(self.expr) if family is None else family.marked(self.expr)
        outer, _SHARED = _SHARED, table
        try:
            self._fn = compile_expr(self.expr, self.symbols)
        finally:
            _SHARED = outer

    def __call__(self, point: dict, prec: int) -> arb:
        return self.at(point, prec, fresh=True)

    def at(self, env: dict, prec: int, fresh: bool = False) -> arb:
        """The enclosure on ``env`` ({symbol: ball}, also the store of shared values: reuse it for the same
        balls and precision only); ``fresh``: ``env`` is a point of numbers, enclosed at ``prec``."""
        old = flint.ctx.prec
        flint.ctx.prec = prec
        try:
            if fresh:
                env = {s: to_arb(env[s]) for s in self.symbols}
            return +self._fn(env)
        finally:
            flint.ctx.prec = old


class Shared:
    """The compiled subexpressions of a family of :class:`ArbFn` (every compound node, shared)."""

    def __init__(self):
        self.table: dict = {}

    def marked(self, expr) -> dict:
        """The table, with every compound subexpression of ``expr`` in it (None until compiled)."""
        for e in sp.preorder_traversal(expr):
            if not e.is_Atom and e not in self.table:
                self.table[e] = None
        return self.table


def compile_arb(expr, symbols) -> ArbFn:
    """Compile ``expr`` (a SymPy expression of ``symbols``) to ball arithmetic, or raise NotRigorous."""
    return ArbFn(expr, symbols)
