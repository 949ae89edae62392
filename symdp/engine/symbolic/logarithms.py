"""A difference of two positive terms compared through their logarithms.

A - B has the sign of log A - log B when A > 0 and B > 0 on the domain (log is strictly increasing on
(0, oo)), and the logarithms are often the simpler claim: Hoeffding's lemma for a Rademacher sign, cosh t <=
e^{t^2/2} [Boucheron, Lugosi and Massart, Concentration Inequalities (2013), Sec. 2.3], is t^2/2 - log cosh t >= 0,
whose slope t - tanh t vanishes at t = 0 and whose curvature tanh^2 t is nonnegative.  A route of the second
look (:func:`.decide._second_look`): tried only where the boxes left the claim open.
"""
from __future__ import annotations

import sympy as sp

from .pieces import finite_real
from .provers import prove_at_a_stationary_point, prove_from_an_end, prove_sign

SIGNS = ("positive", "nonnegative", "negative", "nonpositive")
"""The claims log preserves: each is a sign of A - B, and log A - log B has the same one."""


def pairs(expr) -> list:
    """The ways (A, B) to write ``expr = A - B`` worth a look: its two terms when it has two with numeric
    coefficients of opposite signs (two exponentials are left to the exponents route of
    :func:`.provers.prove_sign`); else one exponential term against the rest, ``1 - (p - q)^2 - e^{-kl}`` as
    ``A = 1 - (p - q)^2``, ``B = e^{-kl}`` (Bretagnolle and Huber: log A - log B = kl + log(1 - (p - q)^2))."""
    terms = sp.Add.make_args(expr)
    coeffs = [t.as_coeff_Mul() for t in terms]
    if len(terms) == 2:
        (c1, r1), (c2, r2) = coeffs
        if not (c1.is_Number and c2.is_Number) or c1 * c2 >= 0 or all(isinstance(r, sp.exp) for r in (r1, r2)):
            return []
        plus, minus = terms if c1 > 0 else terms[::-1]
        return [(plus, -minus)]
    found = []
    for t, (c, r) in zip(terms, coeffs):
        if isinstance(r, sp.exp) and c.is_Number and c != 0:
            found.append((t, t - expr) if c > 0 else (expr - t, -t))
    return found


LOOK = 10.0
"""Seconds of search the route gets of its own (at certify time only; a check replays): Bretagnolle-Huber's
1 - e^{-kl} - (p - q)^2 >= 0 takes 3.4 s idle, cosh t <= e^{t^2/2} 1 s."""


def applies(expr, sign: str) -> bool:
    """The claim is a sign log keeps and ``expr`` can be written A - B (:func:`pairs`)."""
    return sign in SIGNS and bool(pairs(expr))


def prove(expr, sign: str, domain: dict, attempts) -> str | None:
    """A method showing ``expr`` has ``sign`` on ``domain`` through the logarithms of ``A`` and ``B``
    (:func:`pairs`), or None."""
    for a, b in (pairs(expr)[:PAIRS] if sign in SIGNS else ()):
        found = None if attempts.exhausted else _through_logs(a, b, sign, domain, attempts)
        if found:
            return found
    return None


PAIRS = 2
"""Ways of writing the claim as A - B tried at most."""


def _through_logs(a, b, sign, domain, attempts) -> str | None:
    positive = [prove_sign(x, "positive", domain, attempts, 1) for x in (a, b)]
    logs = [_log(x, domain, attempts) for x in (a, b)] if all(positive) else [None]
    gap = None if None in logs else logs[0] - logs[1]
    if gap is None:
        return None
    why = prove_at_a_stationary_point(gap, sign, domain, attempts) or prove_sign(gap, sign, domain, attempts) \
        or prove_from_an_end(gap, sign, domain, attempts)
    return (f"log increasing: {sp.sstr(a)} > 0 ({positive[0]}) and {sp.sstr(b)} > 0 ({positive[1]}), so the "
            f"claim has the sign of {sp.sstr(gap)} ({why})") if why else None


def _log(x, domain, attempts):
    """log x, x > 0 on the domain: log c + X for ``x = c e^X`` with X proved real there (log e^X is X only for a real X),
    else SymPy's log x; None when X is not shown real."""
    c, rest = x.as_coeff_Mul()
    if not isinstance(rest, sp.exp):
        return sp.log(x)
    exponent = rest.args[0]
    real = attempts.call("real exponent", lambda: finite_real(exponent, domain))
    return sp.log(c) + exponent if real else None
