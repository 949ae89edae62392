"""The ``signs`` rule: a claim's sign read off its expression tree, after recorded rewrites (docs/proof-format.md).

The goal (:attr:`.claim.Claim.goal`) goes through the node's rewrites (:data:`.algebra.REWRITES`, the same table
as ``algebra``); :func:`sign_of` then reads what the tree says of its sign, bottom up, from a fixed table:

* a number: its sign, exactly; pi and e are positive;
* a symbol: from its interval in the claim's domain (``0 < lo``, or ``lo = 0`` open, is positive ...), else from
  its SymPy assumptions;
* a sum whose terms are all >= 0 (all <= 0), strict when one term is; a product by the signs of its factors;
* ``b^k``: ``b > 0`` with a real exponent is > 0; an integer exponent by its parity (``b != 0`` when ``k < 0``);
  ``b >= 0`` with an exponent > 0 is >= 0;
* ``exp``, ``erfc``, ``cosh`` of a real argument are > 0; ``erf``, ``sinh``, ``tanh``, ``atan``, ``asinh`` (odd,
  increasing, 0 at 0) have their argument's sign; ``log a`` (``a > 0``) has the sign of ``a - 1``; ``|a|`` is
  >= 0; ``Max``/``Min`` by their arguments.

Anything else has no sign and the proof is rejected.  A sign is three facts: ``>= 0``, ``<= 0``, ``!= 0``.
"""
from __future__ import annotations

import sympy as sp

from .algebra import REWRITES

POS, NONNEG, NEG, NONPOS, ZERO = (True, False, True), (True, False, False), (False, True, True), \
    (False, True, False), (True, True, False)
ODD = (sp.erf, sp.sinh, sp.tanh, sp.atan, sp.asinh)
"""Odd functions, strictly increasing, 0 at 0: the sign of their argument."""
POSITIVE = (sp.exp, sp.erfc, sp.cosh)
"""Functions positive at every real argument."""


def check_signs(node, claim) -> str:
    """"" when ``node`` proves ``claim``, else the reason it does not."""
    if claim.relation == "=":
        return "the signs rule proves inequalities, the claim is an identity"
    unknown = [r for r in node.rewrites if r not in REWRITES]
    if unknown:
        return f"unknown rewrite {unknown[0]!r}"
    goal = claim.goal
    for name in node.rewrites:
        goal = REWRITES[name](goal)
    got = sign_of(goal, dict(claim.domain))
    if got is None or not got[0] or (claim.strict and not got[2]):
        need = "> 0" if claim.strict else ">= 0"
        return f"the goal's tree does not show it {need} (read: {_said(got)})"
    return ""


def sign_of(e, domain: dict):
    """The sign the tree of ``e`` shows on ``domain`` (a triple of facts), or None."""
    if e.is_Number:
        return _number(e)
    if e in (sp.pi, sp.E):
        return POS
    if e.is_Symbol:
        return _symbol(e, domain)
    if e.is_Add:
        return _add([sign_of(a, domain) for a in e.args])
    if e.is_Mul:
        return _mul([sign_of(a, domain) for a in e.args])
    if e.is_Pow:
        return _pow(e.base, e.exp, domain)
    return _function(e, domain)


def real(e, domain: dict) -> bool:
    """``e`` is real at every point of ``domain`` (as the tree shows it)."""
    if sign_of(e, domain) is not None:
        return True
    if e.is_Symbol:
        return isinstance(domain.get(e), sp.Interval) or e.is_real is True
    if e.is_Add or e.is_Mul or isinstance(e, POSITIVE + ODD + (sp.Abs, sp.Max, sp.Min)):
        return all(real(a, domain) for a in e.args)
    if e.is_Pow:
        b = sign_of(e.base, domain)
        if e.exp.is_Integer:
            return real(e.base, domain) and (e.exp >= 0 or (b is not None and b[2]))
        return b == POS and real(e.exp, domain)
    return False


def _number(e):
    if not e.is_finite or not e.is_real:
        return None
    return POS if e > 0 else NEG if e < 0 else ZERO


def _symbol(s, domain):
    iv = domain.get(s)
    if isinstance(iv, sp.Interval):
        lo, hi = iv.start, iv.end
        if lo.is_positive or (lo.is_zero and iv.left_open):
            return POS
        if hi.is_negative or (hi.is_zero and iv.right_open):
            return NEG
        if lo.is_nonnegative:
            return NONNEG
        if hi.is_nonpositive:
            return NONPOS
    facts = (s.is_positive, s.is_negative, s.is_nonnegative, s.is_nonpositive)
    return next((sign for fact, sign in zip(facts, (POS, NEG, NONNEG, NONPOS)) if fact), None)


def _add(signs):
    if any(s is None for s in signs):
        return None
    ge, le = all(s[0] for s in signs), all(s[1] for s in signs)
    if ge and le:
        return ZERO
    if ge:
        return (True, False, any(s[2] for s in signs))
    if le:
        return (False, True, any(s[2] for s in signs))
    return None


def _mul(signs):
    if any(s is None for s in signs):
        return None
    if any(s == ZERO for s in signs):
        return ZERO
    negative = sum(1 for s in signs if not s[0]) % 2
    return (not negative, bool(negative), all(s[2] for s in signs))


def _pow(b, k, domain):
    base = sign_of(b, domain)
    if base is None:  # an even power of a real base is >= 0 whatever the base's sign
        return NONNEG if k.is_Integer and k > 0 and k % 2 == 0 and real(b, domain) else None
    if base == POS and real(k, domain):
        return POS
    if k.is_Integer:
        if k < 0 and not base[2]:
            return None
        if k % 2 == 0:
            return (True, False, base[2])
        return base
    if base[0] and sign_of(k, domain) == POS:
        return (True, False, base[2])
    return None


def _function(e, domain):
    args = e.args
    if isinstance(e, POSITIVE):
        return POS if real(args[0], domain) else None
    if isinstance(e, ODD):
        return sign_of(args[0], domain)
    if isinstance(e, sp.log):
        return sign_of(args[0] - 1, domain) if sign_of(args[0], domain) == POS else None
    if isinstance(e, sp.Abs):
        inner = sign_of(args[0], domain)
        return (True, False, bool(inner and inner[2])) if real(args[0], domain) else None
    if isinstance(e, (sp.Max, sp.Min)):
        return _extremum(isinstance(e, sp.Max), args, domain)
    return None


def _extremum(is_max, args, domain):
    """Max >= each argument: > 0 (>= 0) when one argument is; <= 0 (< 0) when all are.  Min(a, ...) = -Max(-a, ...)."""
    if not is_max:
        flipped = _extremum(True, [-a for a in args], domain)
        return None if flipped is None else (flipped[1], flipped[0], flipped[2])
    if not all(real(a, domain) for a in args):
        return None
    signs = [sign_of(a, domain) for a in args]
    above = [s for s in signs if s is not None and s[0]]
    if above:
        return (True, False, any(s[2] for s in above))
    if all(s is not None and s[1] for s in signs):
        return (False, True, all(s[2] for s in signs))
    return None


def _said(sign) -> str:
    if sign is None:
        return "no sign"
    return {POS: "> 0", NONNEG: ">= 0", NEG: "< 0", NONPOS: "<= 0", ZERO: "= 0"}[sign]
