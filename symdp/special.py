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
import mpmath as mp
import sympy as sp
from sympy.core.function import ArgumentIndexError
from sympy.core.logic import fuzzy_not
from sympy.core.relational import _eval_is_ge
from sympy.multipledispatch import dispatch

from symdp.special_mp import GUARD_DPS, MAX_NEWTON, MPMATH_NAMESPACE, erfcinv, exprel, mills, ncdf, ncdf_inv  # noqa: F401 (re-exported)


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


class _PositiveOnTheLine(sp.Function):
    """A function of one argument, positive and finite at every real point: ``_mp`` is its mpmath value,
    ``_tex`` its LaTeX name, ``_at`` its exact values, ``_slope(x)`` its derivative."""

    nargs = 1

    @classmethod
    def eval(cls, x):
        return next((value for at, value in cls._at if x is at), None)

    def fdiff(self, argindex=1):
        if argindex != 1:
            raise ArgumentIndexError(self, argindex)
        return self._slope(self.args[0])

    def _eval_is_extended_real(self):
        return True if self.args[0].is_extended_real else None

    def _eval_is_positive(self):
        return True if self.args[0].is_real else None

    def _eval_is_finite(self):
        return True if self.args[0].is_real else None

    def _eval_evalf(self, prec):
        return _evalf_with(type(self)._mp, self, prec)

    def _latex(self, printer, exp=None):
        return _latex_call(self._tex, self, printer, exp)


class Exprel(_PositiveOnTheLine):
    """The relative exponential (e^x - 1)/x, 1 at x = 0 (DLMF 4.2.E2's e^x - 1 divided by x; GSL's
    ``gsl_sf_exprel``): the integral of e^{tx} over t in [0, 1], so smooth, positive and increasing on the
    line.  An integral of e^{kt} over [a, b] is (b - a) e^{ka} exprel(k (b - a)), with no 0/0 at k = 0."""

    _mp, _tex, _at = staticmethod(exprel), r"\operatorname{exprel}", ((sp.S.Zero, sp.S.One),)

    def _slope(self, x):
        return (sp.exp(x) - self) / x

    def _eval_rewrite_as_exp(self, x, **kwargs):
        return (sp.exp(x) - 1) / x


class Mills(_PositiveOnTheLine):
    """The Mills ratio R(x) = (1 - Phi(x)) / phi(x) (A&S 26.2.12; phi the standard normal density): positive
    and decreasing on the line, R(x) ~ 1/x as x -> oo.  A normal tail times a growing exponential,
    e^{c a} (1 - Phi(a - c)), is e^{c^2/2} phi(a) R(a - c) in it: one bounded factor per variable, where the
    product form encloses e^{c a} and the tail separately and loses to their cancelling growth."""

    _mp, _tex, _at = staticmethod(mills), r"\operatorname{Mills}", ((sp.S.Infinity, sp.S.Zero),
                                                                (sp.S.Zero, sp.sqrt(sp.pi / 2)))

    def _slope(self, x):
        return x * self - 1

    def _eval_rewrite_as_Phi(self, x, **kwargs):
        return sp.sqrt(2 * sp.pi) * sp.exp(x**2 / 2) * Phi(-x)


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
