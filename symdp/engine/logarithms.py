"""A difference of two positive terms compared through their logarithms.

A - B has the sign of log A - log B when A > 0 and B > 0 on the domain (log is strictly increasing on
(0, oo)), and the logarithms are often the simpler claim: Hoeffding's lemma for a Rademacher sign, cosh t <=
e^{t^2/2} [Boucheron, Lugosi and Massart, Concentration Inequalities (2013), Sec. 2.3], is t^2/2 - log cosh t >= 0,
whose slope t - tanh t vanishes at t = 0 and whose curvature tanh^2 t is nonnegative.  A route of the second
look (:func:`.decide._second_look`): tried only where the boxes left the claim open.
"""
from __future__ import annotations

import sympy as sp

from .provers import prove_at_a_stationary_point, prove_from_an_end, prove_sign

SIGNS = ("positive", "nonnegative", "negative", "nonpositive")
"""The claims log preserves: each is a sign of A - B, and log A - log B has the same one."""


def pair(expr):
    """(A, B) with ``expr = A - B``, two terms with numeric coefficients of opposite signs; or None.  Two
    exponentials are left to the exponents route of :func:`.provers.prove_sign`."""
    terms = sp.Add.make_args(expr)
    if len(terms) != 2 or all(isinstance(t.as_coeff_Mul()[1], sp.exp) for t in terms):
        return None
    (c1, _), (c2, _) = (t.as_coeff_Mul() for t in terms)
    if not (c1.is_Number and c2.is_Number) or c1 * c2 >= 0:
        return None
    plus, minus = terms if c1 > 0 else terms[::-1]
    return plus, -minus


def prove(expr, sign: str, domain: dict, attempts) -> str | None:
    """A method showing ``expr`` has ``sign`` on ``domain`` through the logarithms of its two terms, or None."""
    found = pair(expr) if sign in SIGNS and not attempts.exhausted else None
    if found is None:
        return None
    a, b = found
    positive = [prove_sign(x, "positive", domain, attempts, 1) for x in found]
    gap = all(positive) and attempts.call("logarithms", lambda: sp.expand_log(sp.log(a) - sp.log(b)))
    if not gap:
        return None
    why = prove_sign(gap, sign, domain, attempts) or prove_from_an_end(gap, sign, domain, attempts) \
        or prove_at_a_stationary_point(gap, sign, domain, attempts)
    return (f"log increasing: {sp.sstr(a)} > 0 ({positive[0]}) and {sp.sstr(b)} > 0 ({positive[1]}), so the "
            f"claim has the sign of {sp.sstr(gap)} ({why})") if why else None
