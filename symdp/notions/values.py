"""The numbers of an implication query, without SymPy: parameter ranges and a map's value at 20 digits.

Shared by :mod:`symdp.notions.graph` (which compiles the maps with SymPy) and
:mod:`symdp.notions.answers` (the calculator's precomputed maps), so that both
give the same digits.
"""
from __future__ import annotations

import mpmath as mp

from ..errors import SymdpError, require_real

RANGES = {
    "epsilon": (0.0, None, "", "a finite epsilon > 0"),
    "epsilon_2": (0.0, None, "", "a finite epsilon' > 0"),
    "mu": (0.0, None, "", "a finite mu > 0"),
    "delta": (0.0, 1.0, "", "a delta in (0, 1)"),
    "a_SP": (0.0, 1.0, "h", "a semantic-privacy a in (0, 1]"),
    "alpha_TV": (0.0, 1.0, "h", "a total-variation alpha in (0, 1]"),
    "D_KL": (0.0, None, "", "a finite KL bound D > 0"),
    "eta": (0.0, 1.0, "", "a guessing advantage eta in (0, 1)"),
}
"""The parameters ``implies`` takes values for, by symbol name: (low, high, closed ends, description)."""

DIGITS = 20
"""Significant digits of a reported value (checked by evaluating at two precisions)."""

MAX_DPS = 2000
"""Highest working precision tried before a chain's value is declared not computable."""

DOUBLE_MAX, DOUBLE_TINY = 1.7976931348623157e308, 2.2250738585072014e-308

COMPLEX = "complex"
"""What :func:`settle` returns for a non-real value (a chain used outside its conditions)."""


class NotComputable(Exception):
    """A chain's value at these parameters cannot be computed reliably (or not as a double)."""


def check_values(values) -> dict:
    """``values`` (symbol name -> number) checked against :data:`RANGES`; SymdpError naming the entry."""
    if values is None:
        return {}
    if not isinstance(values, dict):
        raise SymdpError("values", values, "a dict from parameter names (" + ", ".join(RANGES) + ") to numbers")
    out = {}
    for key, v in values.items():
        if key not in RANGES:
            raise SymdpError("values", key, "parameter names among: " + ", ".join(RANGES))
        low, high, closed, what = RANGES[key]
        number = v
        if isinstance(v, str):  # a numeric string keeps its digits (evaluated at the working precision)
            try:
                number = float(v)
            except ValueError:
                raise SymdpError(f"values[{key!r}]", v, what) from None
        require_real(f"values[{key!r}]", number, low, high, closed)
        out[key] = v if isinstance(v, str) else float(v)
    return out


def settle(fn, names, values: dict) -> str:
    """``fn(*values[names])`` to :data:`DIGITS` significant digits (``mp.nstr`` text), or :data:`COMPLEX`.

    Evaluated with mpmath at a precision that grows until two evaluations
    agree to DIGITS + 5 digits, so that e^{2 eps} - 1 at eps = 1e-300 is
    2e-300, not 0.  Raises :class:`NotComputable` when no precision up to
    MAX_DPS settles the value, or the value is outside the double range (it
    could not be reported).
    """
    scale = max([0] + [int(mp.ceil(abs(mp.log10(abs(mp.mpf(values[s])))))) for s in names])
    dps, last = 30 + scale, None
    failure = None
    while dps <= MAX_DPS:
        try:
            with mp.workdps(dps):
                v = mp.mpc(fn(*(mp.mpf(str(values[s])) for s in names)))
            if not (mp.isfinite(v.real) and mp.isfinite(v.imag)):
                raise ArithmeticError("a non-finite value")
        except (ArithmeticError, ValueError, TypeError) as exc:  # overflow, 0/0, erfcinv(2 - tiny) rounded to 2
            failure, last, dps = f"{type(exc).__name__} up to {dps} digits", None, 2 * dps
            continue
        if last is not None and abs(v - last) <= mp.mpf(10) ** -(DIGITS + 5) * abs(v):
            break
        last, dps = v, 2 * dps
    else:
        raise NotComputable(failure or f"no agreement up to {MAX_DPS} digits")
    if abs(v.imag) > mp.mpf(10) ** -25 * max(1, abs(v)):
        return COMPLEX
    real = v.real
    if abs(real) > DOUBLE_MAX or (real != 0 and abs(real) < DOUBLE_TINY):
        raise NotComputable("a value " + ("beyond" if abs(real) > 1 else "below") + " the double range")
    return mp.nstr(real, DIGITS)
