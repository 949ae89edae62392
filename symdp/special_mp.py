"""mpmath inverse error function and normal CDF/quantile, accurate deep in both tails (no SymPy).

:func:`ncdf`, :func:`ncdf_inv` and :func:`erfcinv` are mpmath functions
accurate at the caller's working precision; :data:`MPMATH_NAMESPACE` lets
``sympy.lambdify`` compile expressions that contain them.  ``symdp.special``
re-exports all of this with the SymPy functions; this module imports only
mpmath, so that numeric callers (the notions calculator) need not load SymPy.
"""
import functools

import mpmath as mp

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


def exprel(x):
    """(e^x - 1)/x, 1 at x = 0, without cancellation near 0 (expm1)."""
    x = mp.mpf(x)
    return mp.mpf(1) if x == 0 else mp.expm1(x) / x


def mills(x):
    """The Mills ratio (1 - Phi(x)) / phi(x) = sqrt(pi/2) e^{x^2/2} erfc(x/sqrt 2) (A&S 26.2.12's R(x))."""
    x = mp.mpf(x)
    return mp.sqrt(mp.pi / 2) * mp.exp(x * x / 2) * mp.erfc(x / mp.sqrt(2))


MPMATH_NAMESPACE = {"Phi": ncdf, "PhiInv": ncdf_inv, "erfcinv": erfcinv, "Exprel": exprel, "Mills": mills}
"""For ``sympy.lambdify(..., modules=[MPMATH_NAMESPACE, "mpmath"])``."""
