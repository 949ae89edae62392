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
Precision is set locally (:func:`precision`), never left changed.
"""
from __future__ import annotations

import collections
import math
from contextlib import contextmanager
from fractions import Fraction

import flint
import mpmath as mp
import sympy as sp
from flint import arb, fmpq, fmpz

from ...errors import SymdpError
from ...special import Exprel, Mills, Phi, PhiInv

SUM_TERMS = 20000
"""Most terms a Sum with numeric limits is evaluated termwise with."""


class NotRigorous(SymdpError):
    """The expression holds a construct ball arithmetic cannot enclose."""

    def __init__(self, construct: str):
        ValueError.__init__(self, f"no ball-arithmetic enclosure for {construct}")
        self.construct = construct


def _per_precision(make):
    """A constant ball made once per working precision (balls are immutable): ``get(env)`` returns it."""
    made: dict = {}
    def get(env=None):
        bits = flint.ctx.prec
        value = made.get(bits)
        if value is None:
            value = made[bits] = make()
        return value
    return get


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
        return _per_precision(lambda: arb(q))
    if e.is_Float:
        value = _exact_float(e)
        return lambda env: value
    if e is sp.pi:
        return _PI
    if e is sp.E:
        return _E
    raise NotRigorous(f"the constant {e}")


_PI = _per_precision(arb.pi)
_E = _per_precision(lambda: arb(1).exp())
_SQRT2 = _per_precision(lambda: arb(2).sqrt())
_SQRT_HALF_PI = _per_precision(lambda: (arb.pi() / 2).sqrt())


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


WIDE = arb(2) ** -20
"""A ball this wide relative to its midpoint is evaluated through its ends (:func:`_wide`)."""


def _wide(x: arb) -> bool:
    """A finite ball much wider than rounding: midpoint-radius arithmetic on it overestimates (exp of
    m +- r has lower end e^m (2 - e^r), below 0 once r > log 2; a product adds rad a rad b).

    That is rad > 2^-20 |mid|.  FLINT's relative accuracy a = -(E(rad) + 1 - E(mid)), with 2^(E-1) <= |v| < 2^E
    (``arb_rel_error_bits``; exact balls +inf, a zero or non-finite midpoint -inf), puts rad/|mid| in
    (2^(-a-2), 2^-a): a >= 20 is narrow, a <= 18 wide, and only a = 19 needs the comparison itself."""
    accuracy = x.rel_accuracy_bits()
    if accuracy >= 20:
        return False
    if accuracy <= 18:
        return x.is_finite()
    return x.is_finite() and x.rad() > WIDE * abs(x.mid())


def _ends(x: arb):
    return x.lower(), x.upper()


def _hull(values) -> arb:
    out = None
    for v in values:
        out = v if out is None else arb.union(out, v)
    return out


def _times(a: arb, b: arb) -> arb:
    """a b; for two wide balls, the hull of the products of their exact ends: the exact range of the
    bilinear form (each product is a ball enclosing it), which ball multiplication overestimates."""
    if not (_wide(a) and _wide(b)):
        return a * b
    a0, a1, b0, b1 = a.lower(), a.upper(), b.lower(), b.upper()
    return arb.union(arb.union(arb.union(a0 * b0, a0 * b1), a1 * b0), a1 * b1)


def _mul(args):
    if len(args) == 2:
        a, b = args
        return lambda env: _times(a(env), b(env))
    def f(env):
        total = args[0](env)
        for a in args[1:]:
            total = _times(total, a(env))
        return total
    return f


def _int_power(x: arb, n: int) -> arb:
    """x^n; on a wide ball through its ends (x^n is monotone on a ball without 0; an even power of a ball
    around 0 ranges over [0, the larger end's power])."""
    if not _wide(x) or n in (0, 1):
        return x ** n
    if x.contains(0):
        if n < 0:
            return x ** n
        if n % 2 == 0:
            return _hull([arb(0)] + [e ** n for e in _ends(x)])
    return _hull(e ** n for e in _ends(x))


def _pow(e, symbols):
    base, expo = _compile(e.base, symbols), e.exp
    if expo.is_Integer:
        n = int(expo)
        return lambda env: _int_power(base(env), n)
    if expo == sp.S.Half:
        return lambda env: base(env).sqrt()
    if expo == -sp.S.Half:
        return lambda env: base(env).rsqrt()
    if expo.is_Rational and expo.q % 2 == 1:  # an odd root of a base >= 0 (SymPy's (-1)**(1/3) is complex)
        p, q = int(expo.p), int(expo.q)
        return lambda env: _odd_root(base(env), q) ** p
    power = _compile(expo, symbols)
    return lambda env: _real_power(base(env), power(env))


def _odd_root(x: arb, q: int) -> arb:
    """x^(1/q) where the whole ball of x is >= 0; else no value (nan): SymPy's power of a negative base is its
    principal complex root, never the real one (the review of 2026-12-06: ``x + (-1)**(1/3) < 0`` was provable)."""
    if x.is_zero():
        return x
    return x.root(q) if x >= 0 else arb("nan")


def _real_power(b: arb, p: arb) -> arb:
    """b^p for real p: exp(p log b) on b > 0; 0 for b = 0 exactly and p > 0."""
    if b.is_zero() and p > 0:
        return arb(0)
    return _monotone(arb.exp)(_times(p, _monotone(arb.log)(b)))


def _monotone(fn):
    """``fn`` on a wide ball through its values at the ball's exact ends: for a function monotone on its
    whole domain this encloses its range on the ball (an end outside the domain gives a non-finite value),
    and far more tightly than a first-order bound (Phi on [-4.6, -4.3] would otherwise reach below 0)."""
    def f(x: arb) -> arb:
        if not _wide(x):
            return fn(x)
        return arb.union(fn(x.lower()), fn(x.upper()))
    return f


def _off_pole(fn):
    """``fn`` with a pole at 0 and monotone on each side of it (coth, csch): through the ball's exact ends
    on a wide ball that excludes 0 (so on one side), else FLINT's own ball (not finite when it holds 0)."""
    def f(x: arb) -> arb:
        if not _wide(x) or x.contains(0):
            return fn(x)
        return arb.union(fn(x.lower()), fn(x.upper()))
    return f


def _phi_point(x: arb) -> arb:
    return (-x / _SQRT2()).erfc() / 2


_phi = _monotone(_phi_point)


def _phi_inv(p: arb) -> arb:
    return -_SQRT2() * (2 * p).erfcinv()


def _mills_point(x: arb) -> arb:
    return _SQRT_HALF_PI() * (x * x / 2).exp() * (x / _SQRT2()).erfc()


def _exprel_at(p: arb) -> arb:
    return arb(1) if p.is_zero() else p.expm1() / p


def _exprel(x: arb) -> arb:
    """(e^x - 1)/x on a ball: the function increases on the line, so its values at the ball's exact ends
    enclose it (each end away from 0 is a point, where expm1(p)/p is accurate)."""
    if not x.is_finite():
        return _NAN
    return arb.union(_exprel_at(arb(x.lower())), _exprel_at(arb(x.upper())))


def _binomial(n: arb, k: arb) -> arb:
    if n.is_exact() and k.is_exact() and n.is_integer() and k.is_integer():
        return arb(math.comb(int(n.unique_fmpz()), int(k.unique_fmpz()))) if k >= 0 and n >= 0 else _NAN
    return (n + 1).gamma() / ((k + 1).gamma() * (n - k + 1).gamma())


def _min(*xs):
    out = xs[0]
    for x in xs[1:]:
        out = out.min(x)
    return out


def _max(*xs):
    out = xs[0]
    for x in xs[1:]:
        out = out.max(x)
    return out


def _ceiling(x: arb) -> arb:
    return x.ceil()


UNARY = {
    sp.exp: _monotone(arb.exp), sp.log: _monotone(arb.log), sp.Abs: abs, sp.sinh: _monotone(arb.sinh),
    sp.cosh: arb.cosh, sp.tanh: _monotone(arb.tanh), sp.asinh: _monotone(arb.asinh), sp.atanh: _monotone(arb.atanh),
    sp.erf: _monotone(arb.erf), sp.erfc: _monotone(arb.erfc), sp.erfinv: _monotone(arb.erfinv),
    sp.erfcinv: _monotone(arb.erfcinv), sp.gamma: arb.gamma, sp.loggamma: arb.lgamma,
    sp.floor: arb.floor, sp.ceiling: _ceiling, sp.sin: arb.sin, sp.cos: arb.cos, sp.atan: _monotone(arb.atan),
    sp.LambertW: arb.lambertw, Phi: _phi, PhiInv: _monotone(_phi_inv), Exprel: _exprel,
    Mills: _monotone(_mills_point), sp.coth: _off_pole(arb.coth), sp.csch: _off_pole(arb.csch), sp.sech: arb.sech,
}
NARY = {sp.Min: _min, sp.Max: _max, sp.binomial: _binomial}


def _function(e, symbols):
    head = type(e)
    args = [_compile(a, symbols) for a in e.args]
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


def _compile(e, symbols):
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
        return _mul([_compile(a, symbols) for a in e.args])
    if e.is_Pow:
        return _pow(e, symbols)
    if isinstance(e, sp.Piecewise):
        from .arb_logic import piecewise
        return piecewise(e, symbols, _compile)
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
    parts = [difference(terms[i], terms[j], _compile, symbols, UNARY, _monotone, _int_power) for i, j in found]
    return _add(parts + [_compile(t, symbols) for k, t in enumerate(terms) if k not in paired])


def _sum(e, symbols):
    """A Sum term by term; its limits must be exact integers at the point (at most SUM_TERMS terms)."""
    if len(e.limits) != 1:
        raise NotRigorous("a multiple Sum")
    k, lo, hi = e.limits[0]
    if not (lo.is_finite is not False and hi.is_finite is not False) or lo.has(sp.oo, -sp.oo) or hi.has(sp.oo, -sp.oo):
        from .arb_series import infinite_sum   # a partial sum and a proved tail bound
        return infinite_sum(e, symbols)
    global _SHARED
    first, last = _compile(lo, symbols), _compile(hi, symbols)
    outer, _SHARED = _SHARED, {}   # the term's values change with k: nothing in it is shared
    try:
        term = _compile(e.function, tuple(symbols) + (k,))
    finally:
        _SHARED = outer
    def f(env):
        a, b = _integer(first(env)), _integer(last(env))
        if a is None or b is None or b - a + 1 > SUM_TERMS:
            return _NAN
        total = arb(0)
        for j in range(a, b + 1):
            total = total + term({**env, k: arb(j)})
        return total
    return f


_NAN = arb("nan")


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
            self._fn = _compile(self.expr, self.symbols)
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


def describe(ball: arb, digits: int = 6) -> str:
    """``[lo, hi]`` with outward-rounded ends, for witness texts."""
    lo, hi = ball.lower(), ball.upper()
    return f"[{_down(lo, digits)}, {_up(hi, digits)}]"


def _down(x: arb, digits: int) -> str:
    return _rounded(x, digits, math.floor)


def _up(x: arb, digits: int) -> str:
    return _rounded(x, digits, math.ceil)


def _rounded(x: arb, digits: int, rnd) -> str:
    """The exact end ``x`` (an exact arb) rounded outward to ``digits`` significant digits, exactly."""
    if x.is_zero():
        return "0"
    man, exp = x.mid().man_exp()
    v = Fraction(int(man)) * Fraction(2) ** int(exp)
    e10 = _decimal_exponent(abs(v)) - digits + 1
    r = rnd(v / Fraction(10) ** e10)
    sign, text = ("-" if r < 0 else ""), str(abs(r))
    e10 += len(text) - 1
    mant = text[0] + ("." + text[1:].rstrip("0") if text[1:].rstrip("0") else "")
    return f"{sign}{mant}e{e10:+d}" if e10 else f"{sign}{mant}"


def _decimal_exponent(v: Fraction) -> int:
    """floor(log10 v) for a positive rational v, exactly."""
    e = len(str(v.numerator)) - len(str(v.denominator))
    while Fraction(10) ** e > v:
        e -= 1
    while Fraction(10) ** (e + 1) <= v:
        e += 1
    return e


def as_mpf(x: arb) -> mp.mpf:
    """The midpoint of ``x`` as an mpf, exactly (arb midpoints are binary numbers)."""
    man, exp = x.mid().man_exp()
    man = int(man)
    with mp.workprec(max(53, man.bit_length() + 2)):
        return mp.ldexp(mp.mpf(man), int(exp))
