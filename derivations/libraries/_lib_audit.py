"""Claims that put an installed library's output beside a derived value (the autodp and prv_accountant audits).

The library is called with float64 inputs; the derived side is evaluated by
mpmath at the recorder's precision on *the same* float64 inputs (a float is an
exact dyadic rational), so any disagreement is the library's, not a rounding of
the input.  A library return is turned into an exact mpf (float64 is exact in
mpmath); an exception, a NaN or an infinity where the quantity is finite is a
*breakdown*, which the claims below score as -1: a definite value at every
precision, so a certified witness.  Nothing here reimplements a library
routine: the derived sides are the derivations' own closed forms, quadratures
and root-finds.

Sample points are exponents: a symbol ``l_sigma`` in [-3, 3] stands for
sigma = 10^l_sigma, so that a seeded uniform sample covers the decades users hit.
"""
from __future__ import annotations

import functools
import math

import mpmath as mp
import sympy as sp

BREAKDOWN = -1
"""Score of a point where the library raised or returned a non-finite number."""


def exp10(v) -> float:
    """10^v as the float64 the library receives (v an mpf exponent from the sample)."""
    return float(mp.power(10, v))


@functools.lru_cache(maxsize=4096)
def returned(fn, args: tuple):
    """The library's value at float64 ``args`` as an mpf; None when it raised or is NaN; +/-inf kept as such."""
    try:
        value = fn(*args)
    except Exception:  # any exception the library raises is the breakdown we record
        return None
    try:
        value = float(value[0] if isinstance(value, (tuple, list)) else value)
    except (TypeError, ValueError, IndexError):
        return None
    if math.isnan(value):
        return None
    return mp.mpf(value) if math.isfinite(value) else (mp.inf if value > 0 else mp.ninf)


def failure(fn, args: tuple) -> str:
    """What the library did at ``args``: the exception or the non-finite value, for a finding's text."""
    try:
        return repr(fn(*args))
    except Exception as exc:  # the message is the finding
        return f"{type(exc).__name__}: {exc}"


def relative_score(lib, exact, digits: int, logs: bool = False):
    """1 - relative error / 10^-digits: nonnegative iff lib agrees with exact to ``digits`` digits.

    With ``logs`` both are logarithms of the quantity, whose relative error is |e^(lib - exact) - 1|.
    """
    if lib is None or not mp.isfinite(lib):
        return mp.mpf(BREAKDOWN)
    error = abs(mp.expm1(lib - exact)) if logs else abs(lib - exact) / abs(exact)
    return 1 - error / mp.mpf(10) ** (-digits)


def agree(d, cid, inputs, fn, exact, domain, digits, text, n=30, expect=None, logs=False):
    """Claim: ``fn(*inputs)`` agrees with ``exact(*inputs)`` to ``digits`` significant digits on ``domain``.

    ``inputs(**point)`` maps a sample point to the float64 arguments of ``fn``;
    ``exact`` receives the same floats as mpf.  The claim's value is
    1 - relative error / 10^-digits (nonnegative when the digits hold), -1 where
    the library breaks down.  ``logs``: ``fn`` and ``exact`` are logarithms (of a delta, say) and the
    digits are those of the quantity itself.
    """
    def score(**point):
        args = inputs(**point)
        return relative_score(returned(fn, args), exact(*map(mp.mpf, args)), digits, logs)
    error = (r"|e^{\mathrm{lib} - \mathrm{exact}} - 1|" if logs
             else r"|\mathrm{lib} - \mathrm{exact}|/|\mathrm{exact}|")
    d.sign(cid, score, "nonnegative", domain, n=n, symbolic=False, expect=expect,
           text=text + rf" (value: $1 - {error}/10^{{-{digits}}}$, "
                r"$-1$ where the library raised or returned NaN/inf)")


def bounded(d, cid, inputs, fn, exact, domain, side, text, n=30, expect=None):
    """Claim: the library's value is on the safe side of the exact one.

    ``side="above"``: an upper bound (an epsilon, a delta, an RDP curve) must not
    lie below the exact value (privacy overstated); ``"below"``: a lower bound
    must not lie above it.  The value is lib - exact (or exact - lib); +inf is
    safe for an upper bound, NaN or an exception is scored -1.
    """
    sign = 1 if side == "above" else -1

    def score(**point):
        args = inputs(**point)
        lib = returned(fn, args)
        if lib is None:
            return mp.mpf(BREAKDOWN)
        if not mp.isfinite(lib):
            return mp.mpf(1 if sign * lib > 0 else BREAKDOWN)
        return sign * (lib - exact(*map(mp.mpf, args)))
    rel = r"\mathrm{lib} - \mathrm{exact}" if sign > 0 else r"\mathrm{exact} - \mathrm{lib}"
    d.sign(cid, score, "nonnegative", domain, n=n, symbolic=False, expect=expect,
           text=text + rf" (value: ${rel}$; $-1$ where the library raised or returned NaN)")


def works(d, cid, inputs, fn, domain, text, n=30, expect=None):
    """Claim: the library returns a finite number at every sampled point (1 if so, -1 if it raised/NaN/inf)."""
    def score(**point):
        lib = returned(fn, inputs(**point))
        return mp.mpf(1 if lib is not None and mp.isfinite(lib) else BREAKDOWN)
    d.sign(cid, score, "positive", domain, n=n, symbolic=False, expect=expect,
           text=text + r" (value: $1$ for a finite return, $-1$ for an exception, NaN or inf)")


def table_row(label, fn, args, exact):
    """A table row: the call, the library's value, the exact value (20 digits), digits agreed."""
    lib = returned(fn, args)
    with mp.workdps(60):
        ex = exact(*map(mp.mpf, args))
        shown = failure(fn, args) if lib is None or not mp.isfinite(lib) else mp.nstr(lib, 17)
        digits = "-" if lib is None or not mp.isfinite(lib) else str(_digits(lib, ex))
        return (label, shown, mp.nstr(ex, 20), digits)


def _digits(a, b) -> int:
    if a == b:
        return 17
    if b == 0:
        return 0
    return max(0, min(17, int(mp.floor(-mp.log10(abs(a - b) / abs(b))))))


HEADER = ("call", "library (float64)", "derived (60 digits, to 20)", "digits agreed")


def symbol(name: str) -> sp.Symbol:
    """A real sample symbol (an exponent or a parameter) local to these audits."""
    return sp.Symbol(name, real=True)
