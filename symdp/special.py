"""The standard normal CDF Phi and its quantile PhiInv, symbolic and numeric.

Symbolic: :class:`Phi` and :class:`PhiInv` are SymPy functions, with
``Phi(x) = (1/2) erfc(-x/sqrt(2))`` (A&S 26.2.2 defines Phi; erfc is DLMF 7.2.2) and
``PhiInv(p) = -sqrt(2) erfcinv(2p)``.

Numeric: :func:`ncdf`, :func:`ncdf_inv` and :func:`erfcinv` are mpmath
functions accurate at the caller's working precision deep into both tails.
:data:`MPMATH_NAMESPACE` lets ``sympy.lambdify`` compile expressions that
contain them::

    sp.lambdify(x, expr, modules=[MPMATH_NAMESPACE, "mpmath"])
"""
import functools

import mpmath as mp
import sympy as sp
from sympy.core.function import ArgumentIndexError
from sympy.core.logic import fuzzy_not
from sympy.core.relational import _eval_is_ge
from sympy.multipledispatch import dispatch

from symdp.errors import SymdpError

GUARD_DPS = 15
"""Extra decimal digits carried internally; results are rounded back to the caller's precision."""

MAX_NEWTON = 60
"""Hard cap on Newton steps (about 10 are needed even at thousands of digits)."""


# ---------------------------------------------------------------- numerics

def _guarded(fn):
    """Run ``fn`` with GUARD_DPS extra digits, then round its result to the caller's precision."""
    @functools.wraps(fn)
    def wrapper(*args):
        with mp.workdps(mp.mp.dps + GUARD_DPS):
            value = fn(*args)
        return +value
    return wrapper


def _real_in(name: str, value, low: int, high: int):
    """``value`` as an mpf strictly inside (low, high), else SymdpError."""
    try:
        v = mp.mpf(value)
    except (TypeError, ValueError):
        v = None
    if v is None or not mp.isfinite(v) or not low < v < high:
        raise SymdpError(name, value, f"a finite real number in ({low}, {high})")
    return v


def _newton(step, v):
    """Newton's method from ``v``; ``step(v)`` is f(v)/f'(v) for a concave f.

    Concavity makes the iterates monotone after the first step, so the
    stopping rule (relative step below the caller's precision) is safe.
    """
    tol = mp.mpf(10) ** (GUARD_DPS - 3 - mp.mp.dps)
    for _ in range(MAX_NEWTON):
        dv = step(v)
        v -= dv
        if abs(dv) <= tol * abs(v):
            return v
    raise ArithmeticError(f"erfcinv: no convergence in {MAX_NEWTON} Newton steps")


def _erf_step(s, v):
    """Newton step for the concave f(v) = erf(v) - s on v >= 0."""
    return (mp.erf(v) - s) * mp.sqrt(mp.pi) / 2 * mp.exp(v * v)


def _log_erfc_step(log_y, v):
    """Newton step for the concave f(v) = log erfc(v) - log y (erfc is log-concave)."""
    e = mp.erfc(v)
    return -(mp.log(e) - log_y) * e * mp.sqrt(mp.pi) / 2 * mp.exp(v * v)


def _tail_guess(y):
    """Start for erfc(v) = y: v ~ sqrt(L - log(L)/2), L = -log(y sqrt(pi)) (DLMF 7.12.1), else erf series."""
    big_l = -mp.log(y * mp.sqrt(mp.pi))
    if big_l > 2:
        return mp.sqrt(big_l - mp.log(big_l) / 2)
    return (1 - y) * mp.sqrt(mp.pi) / 2


def _erfcinv(y):
    """erfcinv at the working precision for 0 < y < 2 (no checks)."""
    if y > 1:
        return -_erfcinv(2 - y)          # 2 - y is exact for 1 <= y <= 2 (Sterbenz)
    if y >= mp.mpf(0.5):
        s = 1 - y                        # exact again; erf(v) = s keeps v's relative accuracy
        return _newton(functools.partial(_erf_step, s), s * mp.sqrt(mp.pi) / 2)
    return _newton(functools.partial(_log_erfc_step, mp.log(y)), _tail_guess(y))


@_guarded
def erfcinv(y):
    """Inverse complementary error function: the v with erfc(v) = y, for 0 < y < 2 (DLMF 7.17).

    Accurate to the working precision over the whole range, including y far
    below 1e-300 and y within 1e-dps of 2. Raises SymdpError outside (0, 2).
    """
    return _erfcinv(_real_in("y", y, 0, 2))


@_guarded
def ncdf(x):
    """Standard normal CDF Phi(x) = erfc(-x/sqrt(2))/2 (A&S 26.2.2, DLMF 7.2.2); no cancellation in either tail."""
    return mp.erfc(-mp.mpmathify(x) / mp.sqrt(2)) / 2


@_guarded
def ncdf_inv(p):
    """Standard normal quantile PhiInv(p) = -sqrt(2) erfcinv(2p), for 0 < p < 1.

    For p near 1 the small tail 1 - p is formed exactly inside erfcinv.
    Raises SymdpError outside (0, 1).
    """
    return -mp.sqrt(2) * _erfcinv(2 * _real_in("p", p, 0, 1))


MPMATH_NAMESPACE = {"Phi": ncdf, "PhiInv": ncdf_inv, "erfcinv": erfcinv}
"""For ``sympy.lambdify(..., modules=[MPMATH_NAMESPACE, "mpmath"])``."""


# ----------------------------------------------------------------- symbolic

def _evalf_with(fn, expr, prec):
    """Numeric value of ``fn`` at expr's argument with ``prec`` bits, or None if not a real number."""
    try:
        arg = expr.args[0]._to_mpmath(prec + 10)
        with mp.workprec(prec):
            return sp.Float._new(mp.mpf(fn(arg))._mpf_, prec)
    except (ValueError, TypeError):
        return None


def _latex_call(head, expr, printer, exp=None):
    """``head\\left(arg\\right)``, raised to ``exp`` when the printer asks for a power."""
    text = r"%s\left(%s\right)" % (head, printer._print(expr.args[0]))
    return text if exp is None else r"%s^{%s}" % (text, exp)


class Phi(sp.Function):
    """Standard normal CDF, Phi(x) = (1 + erf(x/sqrt(2)))/2 (A&S 26.2.2, DLMF 7.2.1)."""

    nargs = 1

    @classmethod
    def eval(cls, x):
        special = {sp.S.Zero: sp.S.Half, sp.S.Infinity: sp.S.One, sp.S.NegativeInfinity: sp.S.Zero}
        if x in special:
            return special[x]
        if isinstance(x, PhiInv):
            return x.args[0]

    def fdiff(self, argindex=1):
        if argindex != 1:
            raise ArgumentIndexError(self, argindex)
        x = self.args[0]
        return sp.exp(-x**2 / 2) / sp.sqrt(2 * sp.pi)

    def inverse(self, argindex=1):
        return PhiInv

    def _eval_rewrite_as_erfc(self, x, **kwargs):
        # unevaluated: SymPy would turn erfc(-u) into 2 - erfc(u), which cancels for x << 0
        return sp.erfc(-sp.sqrt(2) * x / 2, evaluate=False) / 2

    def _eval_rewrite_as_erf(self, x, **kwargs):
        return (1 + sp.erf(sp.sqrt(2) * x / 2)) / 2

    def _eval_is_extended_real(self):
        return True if self.args[0].is_extended_real else None

    def _eval_is_positive(self):
        return True if self.args[0].is_real else None

    def _eval_is_finite(self):
        return True if self.args[0].is_extended_real else None

    def _eval_evalf(self, prec):
        return _evalf_with(ncdf, self, prec)

    def _latex(self, printer, exp=None):
        return _latex_call(r"\Phi", self, printer, exp)


class PhiInv(sp.Function):
    """Standard normal quantile, PhiInv(p) = sqrt(2) erfinv(2p - 1) = -sqrt(2) erfcinv(2p)."""

    nargs = 1

    @classmethod
    def eval(cls, p):
        special = {sp.S.Half: sp.S.Zero, sp.S.Zero: sp.S.NegativeInfinity, sp.S.One: sp.S.Infinity}
        if p in special:
            return special[p]
        if isinstance(p, Phi) and p.args[0].is_real:
            return p.args[0]

    def fdiff(self, argindex=1):
        if argindex != 1:
            raise ArgumentIndexError(self, argindex)
        return sp.sqrt(2 * sp.pi) * sp.exp(self**2 / 2)

    def inverse(self, argindex=1):
        return Phi

    def _eval_rewrite_as_erfc(self, p, **kwargs):
        return -sp.sqrt(2) * sp.erfcinv(2 * p)

    def _eval_rewrite_as_erf(self, p, **kwargs):
        return sp.sqrt(2) * sp.erfinv(2 * p - 1)

    def _in_unit_interval(self):
        p = self.args[0]
        return True if (p.is_positive and (p - 1).is_negative) else None

    _eval_is_real = _in_unit_interval
    _eval_is_finite = _in_unit_interval

    def _eval_evalf(self, prec):
        return _evalf_with(ncdf_inv, self, prec)

    def _latex(self, printer, exp=None):
        return _latex_call(r"\Phi^{-1}", self, printer, exp)


# ------------------------------------------ relations: 0 < Phi(x) < 1 on R

def _phi_ge(phi, c):
    """Fuzzy ``Phi(x) >= c`` for a number c, from 0 < Phi(x) < 1 when x is real."""
    if not (phi.args[0].is_real and c.is_extended_real):
        return None
    return True if c <= 0 else (False if c >= 1 else None)


@dispatch(Phi, sp.Number)
def _eval_is_ge(lhs, rhs):  # noqa: F811 - a multipledispatch registration
    return _phi_ge(lhs, rhs)


@dispatch(sp.Number, Phi)
def _eval_is_ge(lhs, rhs):  # noqa: F811
    # Phi(x) never equals a c it decides on (c <= 0 or c >= 1), so c >= Phi is not(Phi >= c).
    return fuzzy_not(_phi_ge(rhs, lhs))
