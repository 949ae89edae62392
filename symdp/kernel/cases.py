"""The rules ``cases`` and ``farkas``: a claim through the sign cases of its kinks (docs/proof-format.md).

``cases``: the goal's kinks (:func:`kinks`: ``|a|``, ``Max(a, b)``, ``Min(a, b)``) switch on the signs of their
switches; the ``2^n`` sign cases cover every point, and on the closed half of each case every kink is one branch.
The node has one premise (``signs``, ``algebra`` or ``farkas``) per case, in :func:`case_claims`' order, proving
the case claim: the goal with the case's branches, on the domain narrowed by the case constraints on one symbol.
``farkas`` (a premise of ``cases`` only): Farkas' lemma with recorded multipliers ``l_j >= 0`` of the case's
:func:`rows`: ``expand(core(goal) - sum l_j row_j)`` is a rational ``>= 0`` (``> 0`` when strict), or, with
``empty``, ``expand(sum l_j row_j)`` is a negative rational: the rows contradict, the case holds no point.
"""
from __future__ import annotations

import itertools

import sympy as sp

from .claim import Claim
from .signs import POS, Reader

MAX_KINKS = 6
KINKS = (sp.Abs, sp.Max, sp.Min)


def kinks(goal):
    """[(kink, switch, branch for switch >= 0, branch for switch <= 0)], or a str saying why the rule does not apply."""
    found = sorted(goal.atoms(*KINKS), key=sp.default_sort_key)
    if not found or len(found) > MAX_KINKS:
        return f"{len(found)} kinks (the rule takes 1 to {MAX_KINKS})"
    out = []
    for k in found:
        if isinstance(k, sp.Abs):
            out.append((k, k.args[0], k.args[0], -k.args[0]))
        elif len(k.args) == 2:
            a, b = k.args
            out.append((k, a - b, a, b) if isinstance(k, sp.Max) else (k, a - b, b, a))
        else:
            return f"{type(k).__name__} of {len(k.args)} arguments"
        if any(part.has(*KINKS) for part in out[-1][1:]):
            return f"a kink inside {k}"
    return out


def case_claims(claim):
    """[(case claim, constraints)] in the rule's order, or a str saying why the rule does not apply."""
    found = kinks(sp.sympify(claim.goal))
    if isinstance(found, str):
        return found
    domain = dict(claim.domain)
    if not all(Reader(()).real(s, domain) for _, s, _, _ in found):
        return "a switch not shown real on the domain"
    out = []
    for signs in itertools.product((1, -1), repeat=len(found)):
        goal = claim.goal.xreplace({k: plus if g > 0 else minus for (k, _, plus, minus), g in zip(found, signs)})
        constraints = tuple(g * s for (_, s, _, _), g in zip(found, signs))
        narrowed = _narrowed(domain, constraints)
        out.append((Claim(goal, ">" if claim.strict else "=" if claim.relation == "=" else ">=", sp.Integer(0),
                          tuple(narrowed.items())), constraints))
    return out


def _narrowed(domain, constraints):
    out = dict(domain)
    for c in constraints:
        if len(c.free_symbols) != 1 or next(iter(c.free_symbols)) not in out or not c.is_polynomial():
            continue
        poly = sp.Poly(c, *c.free_symbols)
        if poly.degree() != 1 or not all(k.is_Rational for k in poly.all_coeffs()):
            continue
        (x,), (k, c0) = poly.gens, poly.all_coeffs()
        side = sp.Interval(-c0 / k, sp.oo) if k > 0 else sp.Interval(-sp.oo, -c0 / k)
        new = out[x].intersect(side)
        if isinstance(new, sp.Interval):   # an empty or one-point case keeps the wider interval (a superset)
            out[x] = new
    return out


def core(e, domain):
    """The numerator of ``e`` with the factors read > 0 divided out, or None (a denominator not read > 0)."""
    num, den = sp.together(e).as_numer_denom()
    reader = Reader(())
    if reader.sign(den, domain) != POS and not (den.is_Number and den > 0):
        return None
    kept = [f for f in sp.Mul.make_args(sp.factor_terms(num)) if f.is_Number or reader.sign(f, domain) != POS]
    return sp.expand(sp.Mul(*kept))


def rows(case: Claim, constraints) -> dict:
    """ref -> core of a fact >= 0 on the case's domain (the rows a ``farkas`` node may combine)."""
    domain, out = dict(case.domain), {}
    for j, c in enumerate(constraints):
        out[f"case:{j}"] = c
        for x, iv in domain.items():
            if iv.start.is_nonnegative:
                out[f"case:{j}*{x}"] = x * c
    for x, iv in domain.items():
        if iv.start.is_finite:
            out[f"lo:{x}"] = x - iv.start
        if iv.end.is_finite:
            out[f"hi:{x}"] = iv.end - x
    cores = {ref: core(e, domain) for ref, e in out.items()}
    return {ref: e for ref, e in cores.items() if e is not None}


def check_farkas(node, case: Claim, constraints) -> str:
    """"" when the multipliers of ``node`` prove ``case``, else the reason."""
    available = rows(case, constraints)
    missing = [ref for ref, _ in node.multipliers if ref not in available]
    if missing:
        return f"no row {missing[0]!r} in this case"
    if any(lam < 0 for _, lam in node.multipliers):
        return "a negative multiplier"
    combined = sp.Add(*(sp.Rational(lam.numerator, lam.denominator) * available[ref] for ref, lam in node.multipliers))
    if node.empty:
        left = sp.expand(combined)
        return "" if left.is_Rational and left < 0 else f"the rows combine to {sp.sstr(left)[:80]}, not a negative number"
    goal = core(case.goal, dict(case.domain))
    if goal is None:
        return "the goal's denominator is not read > 0"
    left = sp.expand(goal - combined)
    if not left.is_Rational or left < 0 or (case.strict and left == 0):
        return f"the goal minus the combination is {sp.sstr(left)[:80]}, not a number {'>' if case.strict else '>='} 0"
    return ""
