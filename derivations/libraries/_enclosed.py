"""The audit oracles of :mod:`symdp.audit`, each with an enclosure of its value at a point (issue 49).

An oracle such as ``agrees(library, exact, 10)`` is an mpmath function: the sampled claim that takes it can
refute only with an mpmath witness ("mpmath oracle, not enclosed").  The library's double is an exact number;
it is the derived side that lacks an enclosure.  Here the derived side is also given as a SymPy expression of
the library's argument names (``exact_sym``), compiled to ball arithmetic (:func:`symdp.engine.enclose.arb.compile_arb`),
or as a function ``(bits, **doubles) -> arb`` (an implicit root, :func:`root`); the oracle then carries
``witness_enclosure(bits, **point) -> arb``: the same combination (``agrees``, ``within``, ``at_least``,
``at_most``, ``finite``) of the library's double, exactly, and the enclosure of the derived value at the same
doubles.  The engine may judge a point on it that mpmath found violated (a certain witness where the ball
excludes 0 on the wrong side); the mpmath oracle, and so every sampled verdict, is unchanged.

A library that raises or returns NaN or an infinity gives -1 (:data:`symdp.audit.BROKE`), exactly.
"""
from fractions import Fraction

import mpmath as mp
import sympy as sp
from flint import arb, fmpq

from symdp import Phi, audit
from symdp.engine.enclose.arb import compile_arb, precision, to_arb


def _doubles(point: dict, inputs) -> dict:
    """The library's arguments as doubles, exactly as :func:`symdp.audit._oracle` computes them."""
    return dict(audit._doubles(point, inputs))


def derived(exact_sym):
    """``(bits, **doubles) -> arb``: the SymPy expression ``exact_sym`` enclosed at the doubles (by name)."""
    if callable(exact_sym) and not isinstance(exact_sym, sp.Basic):
        return exact_sym
    symbols = tuple(sorted(exact_sym.free_symbols, key=str))
    fn = compile_arb(exact_sym, symbols)
    return lambda bits, **doubles: fn({s: mp.mpf(doubles[str(s)]) for s in symbols}, bits)


def _ball(value: str) -> arb:
    """A decimal tolerance ("2e-12") as the exact rational it names."""
    return arb(fmpq(*Fraction(value).as_integer_ratio()))


def _attach(oracle, library, enclose, inputs, combine):
    def witness_enclosure(bits, **point):
        doubles = _doubles(point, inputs)
        got = audit.library_value(library, doubles)   # the value the oracle judged (cached)
        if got is None:
            return arb(audit.BROKE)
        with precision(bits):
            return combine(to_arb(mp.mpf(got)), enclose(bits, **doubles))
    oracle.witness_enclosure = witness_enclosure
    return oracle


def agrees(library, exact, exact_sym, digits: int, inputs=None):
    """:func:`symdp.audit.agrees`, enclosed: 10^-digits |exact| - |library - exact|."""
    scale = arb(fmpq(1, 10 ** digits))
    return _attach(audit.agrees(library, exact, digits, inputs), library, derived(exact_sym), inputs,
                   lambda got, true: scale * abs(true) - abs(got - true))


def within(library, exact, exact_sym, absolute, relative=0.0, inputs=None):
    """:func:`symdp.audit.within`, enclosed: absolute + relative |exact| - |library - exact|."""
    a, r = _ball(str(absolute)), _ball(str(relative))
    return _attach(audit.within(library, exact, absolute, relative, inputs), library, derived(exact_sym), inputs,
                   lambda got, true: a + r * abs(true) - abs(got - true))


def at_least(library, exact, exact_sym, inputs=None):
    """:func:`symdp.audit.at_least`, enclosed: library - exact."""
    return _attach(audit.at_least(library, exact, inputs), library, derived(exact_sym), inputs,
                   lambda got, true: got - true)


def at_most(library, exact, exact_sym, inputs=None):
    """:func:`symdp.audit.at_most`, enclosed: exact - library."""
    return _attach(audit.at_most(library, exact, inputs), library, derived(exact_sym), inputs,
                   lambda got, true: true - got)


def finite(library, inputs=None):
    """:func:`symdp.audit.finite`, enclosed: exactly 1 where the library returns a finite number, else -1."""
    return _attach(audit.finite(library, inputs), library, lambda bits, **doubles: arb(0), inputs,
                   lambda got, true: arb(1))


def root(gap_sym, var, approx):
    """``(bits, **doubles) -> arb``: the root in ``var`` of ``gap_sym`` (strictly monotone in ``var``, so the root
    is unique), enclosed by the intermediate value theorem: ``approx(**doubles)`` (an mpmath root at the working
    precision) widened until ``gap_sym`` has opposite signs, certified by ball arithmetic, at the two ends.
    ``gap_sym`` is a SymPy expression of ``var`` and the library's argument names; NaN when no bracket is found."""
    others = tuple(sorted(gap_sym.free_symbols - {var}, key=str))
    fn = compile_arb(gap_sym, (var,) + others)

    def enclose(bits, **doubles):
        env = {s: mp.mpf(doubles[str(s)]) for s in others}
        with mp.workprec(bits + 32):
            r = approx(**{k: mp.mpf(v) for k, v in doubles.items()})
        if r == 0:  # the approximation's "no crossing above 0": exactly 0 when the gap is certainly <= 0 there
            at = fn({var: mp.mpf(0), **env}, bits)
            return arb(0) if at <= 0 else arb("nan")
        for k in range(bits // 2, 8, -8):
            h = abs(r) * mp.ldexp(1, -k) + mp.ldexp(1, -bits)
            lo, hi = fn({var: r - h, **env}, bits), fn({var: r + h, **env}, bits)
            if (lo > 0 and hi < 0) or (lo < 0 and hi > 0):
                with precision(bits):
                    return to_arb(r - h).union(to_arb(r + h))
        return arb("nan")
    return enclose


def choose(test, if_true, if_false):
    """``(bits, **doubles) -> arb``: the derived value with two branches (a limit at a point, as alpha = 1 for the
    KL divergence), ``test(**doubles)`` choosing on the library's exact arguments."""
    yes, no = derived(if_true), derived(if_false)
    return lambda bits, **doubles: (yes if test(**doubles) else no)(bits, **doubles)


def gaussian_delta(e, s):
    """delta(eps) of N(0, s^2) against N(1, s^2) as a SymPy expression (Balle and Wang 2018, Thm 8), as
    :func:`_gaussian_exact.delta`."""
    return Phi(1 / (2 * s) - e * s) - sp.exp(e) * Phi(-1 / (2 * s) - e * s)


def gaussian_epsilon(sigma_name: str = "sigma", delta_name: str = "delta"):
    """``(bits, **doubles) -> arb``: the exact epsilon(delta) of the Gaussian mechanism (:func:`_gaussian_exact.epsilon`)
    enclosed as the root of the decreasing delta(eps) - delta (:func:`root`)."""
    import _gaussian_exact as gx
    e, s, dl = sp.Symbol("epsilon_root", real=True), sp.Symbol(sigma_name, positive=True), sp.Symbol(delta_name, positive=True)
    return root(gaussian_delta(e, s) - dl, e, lambda **v: gx.epsilon(v[sigma_name], v[delta_name]))


def gaussian_sigma(eps_name: str = "epsilon", delta_name: str = "delta"):
    """``(bits, **doubles) -> arb``: the least sigma with delta(eps, sigma) <= delta (:func:`_gaussian_exact.sigma`),
    enclosed as the root of delta(eps, sigma) - delta, decreasing in sigma (:func:`root`)."""
    import _gaussian_exact as gx
    e, s, dl = sp.Symbol(eps_name, real=True), sp.Symbol("sigma_root", positive=True), sp.Symbol(delta_name, positive=True)
    return root(gaussian_delta(e, s) - dl, s, lambda **v: gx.sigma(v[eps_name], v[delta_name]))


def library_value(fn):
    """``fn(**point)`` (a library's double as an mpf, the whole claim) with its enclosure: that double, exactly."""
    def witness_enclosure(bits, **point):
        value = fn(**point)
        return to_arb(mp.mpf(value)) if mp.isfinite(value) else arb("nan")
    fn.witness_enclosure = witness_enclosure
    return fn


def minimum_at_root(objective, slope, var, approx):
    """``(bits, **doubles) -> arb``: the minimum over ``var`` of ``objective``, attained at the unique root of its
    increasing ``slope`` (both SymPy expressions of ``var`` and the library's argument names): the root enclosed
    (:func:`root`), then ``objective`` enclosed on that whole ball, which holds the value at the root."""
    at = root(-slope, var, approx)
    others = tuple(sorted(objective.free_symbols - {var}, key=str))
    fn = compile_arb(objective, (var,) + others)

    def enclose(bits, **doubles):
        ball = at(bits, **doubles)
        if not ball.is_finite():
            return ball
        return fn({var: ball, **{s: mp.mpf(doubles[str(s)]) for s in others}}, bits)
    return enclose


_q, _s, _a = sp.Symbol("q", positive=True), sp.Symbol("sigma", positive=True), sp.Symbol("alpha", positive=True)
_i = sp.Symbol("i", integer=True, nonnegative=True)
SAMPLED_RDP_SUM = sp.log(sp.Sum(sp.binomial(_a, _i) * _q ** _i * (1 - _q) ** (_a - _i)
                                * sp.exp((_i ** 2 - _i) / (2 * _s ** 2)), (_i, 0, _a))) / (_a - 1)
""":func:`_sampled_exact.rdp_binomial` (integer alpha) as a SymPy expression of q, sigma and alpha."""


# -- the Poisson-sampled Gaussian's moments E_{N(0, s^2)}[B(y)^p], B(y) = 1 - q + q e^((2y - 1)/(2 s^2)) --------
_y, _p = sp.Symbol("y", real=True), sp.Symbol("power", real=True)
_L = sp.Abs(_p) + 40 * _s + 1
"""Where the integral is cut: the tails beyond are bounded in closed form (:func:`sampled_log_moment`)."""
_PHI = sp.exp(-_y ** 2 / (2 * _s ** 2)) / (_s * sp.sqrt(2 * sp.pi))
_B = 1 - _q + _q * sp.exp((2 * _y - 1) / (2 * _s ** 2))
_MOMENT = {}


def _moment_parts():
    """The compiled parts (once): J = int_{-L}^{L} phi (B^p - 1), the mass 2 Phi(-L/s) of phi outside, and the
    bounds on the tails of phi B^p for p >= 0 and p < 0."""
    if not _MOMENT:
        args = (_p, _q, _s)
        tail = Phi(-_L / _s)
        _MOMENT.update(
            inner=compile_arb(sp.Integral(_PHI * (_B ** _p - 1), (_y, -_L, _L)), args),
            outside=compile_arb(2 * tail, args),
            # y < -L: B < 1, so B^p <= 1; y > L: B <= e^u (u = (2y - 1)/(2 s^2) >= 0), and phi e^(p u) is
            # e^((p^2 - p)/(2 s^2)) times the density of N(p, s^2)
            positive=compile_arb(tail + sp.exp((_p ** 2 - _p) / (2 * _s ** 2)) * Phi(-(_L - _p) / _s), args),
            # p < 0: B >= 1 - q on the left, B >= 1 on the right
            negative=compile_arb((1 - _q) ** _p * tail + tail, args))
    return _MOMENT


def sampled_log_moment(bits, q, sigma, power):
    """log E_{N(0, s^2)}[B^p] enclosed: the integral of phi (B^p - 1) over [-L, L] by rigorous quadrature (the
    difference from 1 keeps the digits of a moment near 1), minus the mass of phi outside, plus [0, the closed-form
    bound on the tails of phi B^p] (the integrand is positive)."""
    parts = _moment_parts()
    env = {_p: mp.mpf(power), _q: mp.mpf(q), _s: mp.mpf(sigma)}
    inner = parts["inner"](env, bits)
    tails = parts["positive" if power >= 0 else "negative"](env, bits)
    outside = parts["outside"](env, bits)
    with precision(bits):
        return (inner - outside).union(inner + tails).log1p()


def sampled_rdp_one_way(bits, q, sigma, alpha):
    """:func:`_sampled_exact.rdp_quadrature` enclosed: log E[B^alpha]/(alpha - 1)."""
    value = sampled_log_moment(bits, q, sigma, alpha)
    with precision(bits):
        return value / (to_arb(mp.mpf(alpha)) - 1)


def sampled_rdp_both_ways(bits, q, sigma, order):
    """The larger of the two directions' Renyi divergences at ``order``: max(log E[B^a], log E[B^(1-a)])/(a - 1)."""
    one = sampled_log_moment(bits, q, sigma, order)
    other = sampled_log_moment(bits, q, sigma, 1 - mp.mpf(order))
    with precision(bits):
        return one.max(other) / (to_arb(mp.mpf(order)) - 1)
