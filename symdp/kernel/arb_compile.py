"""The kernel's own SymPy -> ball-arithmetic compiler (python-flint ``arb``), independent of the engine's.

:func:`compile_arb` turns an expression into a function ``env -> arb``, ``env`` a ball per symbol; every operation
is an arb operation, so the result *contains* every value the expression takes on the balls (Johansson, "Arb:
efficient arbitrary-precision midpoint-radius interval arithmetic", IEEE Trans. Computers 66, 2017).  Its
tightenings (monotone functions and integer powers through a ball's exact ends, Moore's product, a difference by
the mean-value form) are exact statements (docs/proof-format.md, "The enclosures").  A domain error gives a
non-finite ball, which no rule accepts; anything outside the table raises :class:`Unsupported` (never a guess).
"""
from __future__ import annotations

import operator
from collections import Counter
from functools import reduce

import flint
import sympy as sp
from flint import arb, fmpq

from ..special import Exprel, Mills, Phi, PhiInv


class Unsupported(ValueError):
    """The expression holds a construct this compiler has no rule for."""


precision = flint.ctx.workprec
"""``with precision(bits):`` runs with ``bits`` of working precision, restoring the caller's afterwards."""


def exact(q) -> arb:
    """The rational ``q`` (a Fraction or a SymPy Rational) as an arb (exact when binary holds it)."""
    return arb(fmpq(int(q.numerator), int(q.denominator)))


def ball(a, b) -> arb:
    """The ball [a, b] of two rationals (a point when a == b)."""
    return exact(a) if a == b else arb.union(exact(a), exact(b))


def _increasing(fn):
    def f(x):
        if x.is_exact() or not x.is_finite():   # not _wide(x), inline: the hottest call of a leaf
            return fn(x)
        return arb.union(fn(x.lower()), fn(x.upper()))
    return f


def _power(x: arb, n: int) -> arb:
    if not x.is_finite():
        return arb("nan")   # flint gives nan**0 = 1: a value of an undefined base is no value
    if n in (0, 1) or x.is_exact():
        return x ** n
    lo, hi = x.lower(), x.upper()
    if x.contains(0):
        if n < 0:
            return x ** n   # contains a pole: non-finite
        if n % 2 == 0:
            return arb.union(arb(0), arb.union(lo ** n, hi ** n))
    return arb.union(lo ** n, hi ** n)


def _times(a: arb, b: arb) -> arb:
    """a b; for two wide balls the interval product, the hull of the four products of their exact ends
    (Moore's rule: the exact range of x y on a rectangle), which midpoint-radius multiplication overestimates."""
    if a.is_exact() or b.is_exact() or not (a.is_finite() and b.is_finite()):   # not both _wide, inline
        return a * b
    a0, a1, b0, b1 = a.lower(), a.upper(), b.lower(), b.upper()
    return arb.union(arb.union(a0 * b0, a0 * b1), arb.union(a1 * b0, a1 * b1))


def _root(x: arb, q: int) -> arb:
    """The q-th root of x >= 0 (a negative base has none here: SymPy's ``(-1)**(1/3)`` is the principal complex
    root, not -1)."""
    return _increasing(lambda v: v.root(q) if v >= 0 else arb("nan"))(x) if x.is_finite() else arb("nan")


_SQRT2: dict = {}


def _sqrt2() -> arb:
    """sqrt(2) at the working precision (made once per precision: balls are immutable)."""
    bits = flint.ctx.prec
    value = _SQRT2.get(bits)
    if value is None:
        value = _SQRT2[bits] = arb(2).sqrt()
    return value


def _mills(x: arb) -> arb:
    """R(x) = sqrt(pi/2) e^(x^2/2) erfc(x/sqrt 2), the Mills ratio (A&S 26.2.12); decreasing on the line."""
    return (arb.pi() / 2).sqrt() * (x * x / 2).exp() * (x / _sqrt2()).erfc()


def _exprel(x: arb) -> arb:
    """(e^x - 1)/x, 1 at x = 0; increasing on the line."""
    return arb(1) if x.is_zero() else x.expm1() / x


def _decreasing(fn):
    up = _increasing(lambda v: -fn(v))
    return lambda x: -up(x)


FUNCTIONS = {
    sp.exp: _increasing(arb.exp), sp.log: _increasing(arb.log), sp.erf: _increasing(arb.erf),
    sp.erfc: _decreasing(arb.erfc), sp.erfinv: _increasing(arb.erfinv), sp.erfcinv: _decreasing(arb.erfcinv),
    Phi: _increasing(lambda x: (-x / _sqrt2()).erfc() / 2),
    PhiInv: _increasing(lambda p: -_sqrt2() * (2 * p).erfcinv()),
    sp.Abs: abs, sp.tanh: _increasing(arb.tanh), sp.sinh: _increasing(arb.sinh), sp.cosh: arb.cosh,
    sp.atan: _increasing(arb.atan), Mills: _decreasing(_mills), Exprel: _increasing(_exprel),
}
"""Functions of one argument and their enclosures (each arb function encloses its range on a ball)."""


def _max2(x: arb, y: arb) -> arb:
    """max on balls: [max(lo), max(hi)] (both ends exact)."""
    if not (x.is_finite() and y.is_finite()):
        return arb("nan")
    return arb.union(arb(max(x.lower(), y.lower())), arb(max(x.upper(), y.upper())))


NARY = {sp.Max: lambda *xs: reduce(_max2, xs), sp.Min: lambda *xs: -reduce(_max2, [-x for x in xs])}
"""Max folded pairwise; min(x, y, ...) = -max(-x, -y, ...)."""


class Context:
    """The symbols an expression may use, and the compound subexpressions computed once per environment (a leaf's
    balls): those ``expr`` repeats, or with ``every`` each one, shared by all the expressions compiled in this
    context (a family evaluated on one environment, such as a gradient's entries)."""

    def __init__(self, symbols, expr=None, every: bool = False):
        self.symbols = frozenset(symbols)
        counts = Counter(sp.preorder_traversal(expr)) if expr is not None else Counter()
        self.shared = {e: None for e, n in counts.items() if n > 1 and not e.is_Atom}
        self.every = every


def _remembered(fn):
    key = object()

    def f(env):
        value = env.get(key)
        if value is None:
            value = env[key] = fn(env)
        return value
    return f


def _compile(e, ctx):
    if ctx.every and not e.is_Atom and e not in ctx.shared:
        ctx.shared[e] = None
    if e in ctx.shared:
        if ctx.shared[e] is None:
            ctx.shared[e] = _remembered(_node(e, ctx))
        return ctx.shared[e]
    return _node(e, ctx)


def _node(e, ctx):
    if e.is_Symbol:
        if e not in ctx.symbols:
            raise Unsupported(f"the free symbol {e}")
        return lambda env: env[e]
    if e.is_Rational:
        return _constant(lambda: exact(e))
    if e is sp.pi:
        return _constant(arb.pi)
    if e is sp.E:
        return _constant(lambda: arb(1).exp())
    if e.is_Add:
        return _compile_add(e, ctx)
    if e.is_Mul:
        return _fold([_compile(a, ctx) for a in e.args], _times)
    if e.is_Pow:
        return _compile_pow(e, ctx)
    if e.func is sp.harmonic and len(e.args) == 2 and e.args[1].is_Integer and e.args[1] >= 2:
        n, m = _compile(e.args[0], ctx), int(e.args[1])
        return lambda env: _harmonic(n(env), m)
    if e.func in FUNCTIONS and len(e.args) == 1:
        f, arg = FUNCTIONS[e.func], _compile(e.args[0], ctx)
        return lambda env: f(arg(env))
    if e.func in NARY:
        f, args = NARY[e.func], [_compile(a, ctx) for a in e.args]
        return lambda env: f(*(a(env) for a in args))
    raise Unsupported(f"{e.func.__name__} (in {sp.sstr(e)[:80]})")


def _harmonic(n: arb, m: int) -> arb:
    """H_n^(m) = sum_{j=1}^n j^-m = zeta(m) - zeta(m, n + 1) for m >= 2 and n >= 0 (Hurwitz's zeta, decreasing in
    its second argument, so a ball of n gives a ball that holds every value)."""
    if not n >= 0:
        return arb("nan")
    return arb(m).zeta() - arb(m).zeta(n + 1)


def _constant(make):
    """A constant's ball, made once per working precision (balls are immutable)."""
    made: dict = {}

    def get(env):
        bits = flint.ctx.prec
        if bits not in made:
            made[bits] = make()
        return made[bits]
    return get


def _split(term):
    """(c, g, A) of a term c g(A), c a rational and g a function of the table, or None."""
    c, rest = term.as_coeff_Mul()
    return (c, rest.func, rest.args[0]) if rest.func in FUNCTIONS and len(rest.args) == 1 else None


def _compile_add(e, ctx):
    """A sum; each pair of terms c g(A) - c g(B) of one function enclosed as a difference (:func:`_difference`)."""
    terms, used, parts = list(e.args), set(), []
    split = [_split(t) for t in terms]
    for i, a in enumerate(split):
        for j in range(i + 1, len(terms)):
            b = split[j]
            if a and b and not {i, j} & used and a[1] == b[1] and a[0] == -b[0]:
                used |= {i, j}
                parts.append(_difference(a, b[2], ctx))
    parts += [_compile(t, ctx) for k, t in enumerate(terms) if k not in used]
    return _fold(parts, operator.add)


def _difference(a, B, ctx):
    """c (g(A) - g(B)): the direct enclosure intersected with the mean-value form c (A - B) g'(hull(A, B)).
    Both contain the value (the mean-value theorem: g(A) - g(B) = (A - B) g'(xi), xi between A and B, where
    g is defined and differentiable on that hull, which finite enclosures of g and of g' there show: g' alone is
    finite where g is not defined, 1/z for log at negative z); A - B is the one expression SymPy forms, so terms
    common to A and B cancel exactly."""
    c, g, A = a
    z = sp.Dummy("z", real=True)
    slope = _compile(sp.diff(g(z), z), Context({z}))
    fa, fb, gap, fn = _compile(A, ctx), _compile(B, ctx), _compile(A - B, ctx), FUNCTIONS[g]
    k = exact(c)

    def f(env):
        x, y = fa(env), fb(env)
        direct, hull = k * (fn(x) - fn(y)), arb.union(x, y)
        if not fn(hull).is_finite():
            return direct   # g not defined on the whole hull: no mean-value form (direct is then not finite either)
        mean = k * _times(gap(env), slope({z: hull}))
        if direct.is_finite() and mean.is_finite() and direct.overlaps(mean):
            return direct.intersection(mean)
        return mean if mean.is_finite() else direct
    return f


def _fold(parts, op):
    """``env -> op(...op(op(p_1(env), p_2(env)), ...), p_n(env))``, the parts evaluated left to right."""
    if len(parts) == 2:
        first, second = parts
        return lambda env: op(first(env), second(env))
    first, rest = parts[0], tuple(parts[1:])

    def f(env):
        value = first(env)
        for part in rest:
            value = op(value, part(env))
        return value
    return f


def _compile_pow(e, ctx):
    base, expo = _compile(e.base, ctx), e.exp
    if e.base is sp.E:
        arg = _compile(expo, ctx)
        return lambda env: FUNCTIONS[sp.exp](arg(env))
    if expo.is_Integer:
        return lambda env, n=int(expo): _power(base(env), n)
    if expo.is_Rational:
        p, q = int(expo.p), int(expo.q)
        return lambda env: _power(_root(base(env), q), p)
    power = _compile(expo, ctx)   # b^p = exp(p log b): non-finite where the ball of b reaches 0 or below
    return lambda env: FUNCTIONS[sp.exp](power(env) * FUNCTIONS[sp.log](base(env)))


def compile_arb(expr, symbols, shared: Context | None = None):
    """``env -> arb`` enclosing ``expr``; :class:`Unsupported` for a construct outside the table.  ``shared``:
    a :class:`Context` with ``every``, whose members share their subexpressions' values on one environment."""
    expr = sp.sympify(expr)
    return _compile(expr, shared if shared is not None else Context(symbols, expr))
