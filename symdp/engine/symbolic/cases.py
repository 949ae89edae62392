"""Sign claims through the cases of their kinks: ``|a|``, ``max(a, b)``, ``min(a, b)``, two-piece Piecewise.

Each kink switches on the sign of one expression s: ``a`` for ``|a|``, ``a - b`` for ``max(a, b)`` and
``min(a, b)``, ``gts - lts`` for a Piecewise whose first condition is one inequality.  The closed halves
s >= 0 and s <= 0 cover every point, and on each the kink equals one smooth branch (the two agree on
s = 0 for |.|, max and min; a Piecewise's active piece lies in the closed half that selects it).  So the
claim holds if, in every sign case, the claim with those branches holds on the case's region.  A case is
shown by the sign prover on the domain narrowed by the switches that bound a single symbol
(``k (x - c)``, k and c numbers), or, when the branch and the switches are polynomials once factors
positive on the domain are divided out, by Farkas' lemma with the monomials as coordinates:
``f = l_0 + sum_j l_j c_j`` as an identity of polynomials, every l_j >= 0 and l_0 >= 0 (> 0 for a strict
claim), found exactly over the rationals.  Every step is exact or a recorded attempt of the sign prover,
so a certificate replays it.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import sympy as sp

from .provers import prove_sign
from .pieces import substitutions

MAX_SWITCHES = 6
"""Kinks split at most (2**MAX_SWITCHES cases)."""
MAX_OPS = 200
"""Larger claims are not split (the cases would not stay small)."""
MAX_DEGREE = 4
"""Polynomials of higher degree are left to the other routes."""
MAX_SCALES = 2
"""Positive symbols a case's constraints are multiplied by at most (:func:`_farkas`)."""
MAX_SUPPORT = 6
"""Farkas multipliers tried together at most (supports of a basic solution)."""


def prove_by_cases(expr, which: str, domain: dict, attempts) -> str | None:
    """A method showing ``expr`` is ``which`` on ``domain`` case by case, or None."""
    f = -expr if which in ("negative", "nonpositive") else expr
    strict = which in ("positive", "negative")
    if sp.count_ops(f) > MAX_OPS:
        return None
    switches = _switches(f)
    if not switches or len(switches) > MAX_SWITCHES:
        return None
    routes = set()
    for signs in itertools.product((1, -1), repeat=len(switches)):
        route = _case(f, switches, signs, strict, domain, attempts)
        if route is None:
            return None
        routes.add(route)
    names = ", ".join(sorted(routes))
    return f"{2 ** len(switches)} sign cases of {len(switches)} kink{'s' if len(switches) > 1 else ''} ({names})"


# -- the kinks -----------------------------------------------------------------------------------

def _switch(kink):
    """(switch s, branch for s >= 0, branch for s <= 0), or None for a kink not handled."""
    if isinstance(kink, sp.Abs):
        return kink.args[0], kink.args[0], -kink.args[0]
    if isinstance(kink, (sp.Max, sp.Min)) and len(kink.args) == 2:
        a, b = kink.args
        return (a - b, a, b) if isinstance(kink, sp.Max) else (a - b, b, a)
    if isinstance(kink, sp.Piecewise) and len(kink.args) == 2 and kink.args[1].cond is sp.true:
        cond = kink.args[0].cond
        if isinstance(cond, (sp.StrictLessThan, sp.StrictGreaterThan, sp.LessThan, sp.GreaterThan)):
            return cond.gts - cond.lts, kink.args[0].expr, kink.args[1].expr
    return None


def _switches(f):
    """[(kink, switch, branch+, branch-)] for every kink of f, or None (nested or unhandled kinks)."""
    kinks = sorted(f.atoms(sp.Abs, sp.Max, sp.Min, sp.Piecewise), key=sp.default_sort_key)
    if f.has(sp.sign, sp.Heaviside):
        return None
    out = []
    for kink in kinks:
        parts = _switch(kink)
        if parts is None or any(p.has(sp.Abs, sp.Max, sp.Min, sp.Piecewise) for p in parts):
            return None
        out.append((kink,) + parts)
    return out


# -- one case ------------------------------------------------------------------------------------

def _case(f, switches, signs, strict, domain, attempts) -> str | None:
    branch = f.xreplace({k: (plus if s > 0 else minus) for (k, _, plus, minus), s in zip(switches, signs)})
    constraints = [s * sw for (_, sw, _, _), s in zip(switches, signs)]
    narrowed = _narrowed(domain, constraints)
    if narrowed is None:
        return "empty"
    which = "positive" if strict else "nonnegative"
    if branch.is_number and ((branch > 0) if strict else (branch >= 0)) is sp.true:
        return "constant"
    if prove_sign(branch, which, narrowed, attempts):
        return "sign prover"
    return "Farkas" if _farkas(branch, constraints, domain, strict) else None


def _narrowed(domain, constraints):
    """The domain with every one-symbol switch ``k (x - c) >= 0`` applied to x's interval; None if empty."""
    out = dict(domain)
    for c in constraints:
        bound = _one_symbol(c, domain)
        if bound is None:
            continue
        x, c0, upward = bound
        iv = out[x]
        if not (iv.start.is_number or iv.start.is_infinite) or not (iv.end.is_number or iv.end.is_infinite):
            continue
        new = iv.intersect(sp.Interval(c0, sp.oo) if upward else sp.Interval(-sp.oo, c0))
        if new is sp.S.EmptySet:
            return None
        if isinstance(new, sp.FiniteSet) or not isinstance(new, sp.Interval):
            continue  # a single point: left to the other routes (kept as the whole interval, a superset)
        out[x] = new
    return out


def _one_symbol(c, domain):
    """(x, c0, True for x >= c0 / False for x <= c0) when ``c >= 0`` reads so, else None."""
    lin = _polynomial(c, domain, constraint=True)
    if lin is None:
        return None
    coeffs, const = lin
    if len(coeffs) != 1:
        return None
    (x, k), = coeffs.items()
    if not x.is_Symbol:
        return None
    c0 = -const / k
    return x, sp.Rational(c0.numerator, c0.denominator), k > 0


# -- polynomial forms and Farkas' lemma -----------------------------------------------------------

def _positive(e, domain) -> bool:
    if e.is_number or e.is_positive:   # a product of symbols declared positive needs no substitution
        return bool(e.is_positive)
    for _, pieces in substitutions(domain, limit=1):
        return all(_mapped(e, subs).is_positive is True for subs in pieces)
    return False


def _mapped(e, subs):
    for s in reversed(list(subs)):
        e = e.subs(s, subs[s])
    return e


def _polynomial(e, domain, constraint=False):
    """({monomial: Fraction}, Fraction) with ``e = P * (sum + const)``, P > 0 on the domain, preferring the
    form with the positive factors divided out (``Delta psi >= 0`` bounds psi alone); a constraint keeps its
    own form when that would leave a constant (``g + Delta`` divided by itself says only ``1 >= 0``)."""
    reduced = _linear(_without_positive_factors(e, domain))
    if reduced is not None and (reduced[0] or not constraint):
        return reduced
    return _linear(sp.expand(e))


def _without_positive_factors(e, domain):
    num, den = sp.together(e).as_numer_denom()
    if not _positive(den, domain):
        return None
    scale, rest = sp.Integer(1), []
    for factor in sp.Mul.make_args(sp.factor_terms(num)):
        if factor.is_number:
            scale *= factor
        elif not _positive(factor, domain):
            rest.append(factor)
    if len(rest) > 1 or not scale.is_Rational or scale == 0:
        return None
    return sp.expand(rest[0] * scale if rest else scale)


def _linear(body):
    """The polynomial ``body`` as ({monomial: Fraction}, constant): each monomial is a coordinate, so a Farkas
    combination is an identity of polynomials (``a_1 b_2 - a_2 b_1 >= 0`` gives itself); None otherwise."""
    if body is None:
        return None
    if not body.free_symbols:
        return ({}, Fraction(str(body))) if body.is_Rational else None
    try:
        poly = sp.Poly(body, *sorted(body.free_symbols, key=str))
    except sp.PolynomialError:
        return None
    if poly.total_degree() > MAX_DEGREE or not all(c.is_Rational for c in poly.coeffs()):
        return None
    terms = {sp.Mul(*(x**k for x, k in zip(poly.gens, m))): Fraction(str(c)) for m, c in poly.terms()}
    const = terms.pop(sp.Integer(1), Fraction(0))
    return terms, const


def _bounds(domain):
    """``x - lo >= 0`` and ``hi - x >= 0`` for every finite end of the domain's intervals."""
    out = []
    for x, iv in domain.items():
        if iv.start.is_finite:
            out.append(x - iv.start)
        if iv.end.is_finite:
            out.append(iv.end - x)
    return out


def _farkas(f, constraints, domain, strict) -> bool:
    """f >= 0 (> 0) follows from constraints >= 0 and the domain's ends by a nonnegative combination."""
    target = _polynomial(f, domain)
    rows = [r for r in (_polynomial(c, domain, True) for c in constraints + _bounds(domain)) if r is not None]
    if target is None:
        return False
    if _combination(target, rows, strict) or _empty(rows):
        return True
    scaled = [r for r in (_linear(sp.expand(x * c)) for x in _positive_symbols(domain) for c in constraints)
              if r is not None]
    return bool(scaled) and _combination(target, rows + scaled, strict)


def _positive_symbols(domain):
    """Symbols whose interval lies above 0 (a constraint c >= 0 times one of them is a constraint too: the
    triangle inequality's case Delta/n <= y - m with n >= 1 needs n (m - y) >= 0)."""
    return [x for x, iv in domain.items() if iv.start.is_number and iv.start > 0][:MAX_SCALES]


ONE = sp.Dummy("one")
"""The constant term as a coordinate (:func:`_empty`)."""


def _empty(rows) -> bool:
    """The constraints are contradictory: l >= 0 with sum l_j row_j = -1 identically (the case covers no point)."""
    lifted = [({**coeffs, ONE: const}, Fraction(0)) for coeffs, const in rows]
    return _combination(({ONE: Fraction(-1)}, Fraction(0)), lifted, False)


def _combination(target, rows, strict) -> bool:
    """Some l >= 0 on at most MAX_SUPPORT rows with target - sum l_j row_j = constant >= 0 (> 0)."""
    names = sorted(set(target[0]).union(*(r[0] for r in rows)), key=str)
    for size in range(0, min(MAX_SUPPORT, len(rows), len(names)) + 1):
        for support in itertools.combinations(range(len(rows)), size):
            lam = _solve([rows[j] for j in support], target, names)
            if lam is None or any(v < 0 for v in lam):
                continue
            rest = target[1] - sum(v * rows[j][1] for v, j in zip(lam, support))
            if rest > 0 or (rest == 0 and not strict):
                return True
    return False


def _solve(rows, target, names):
    """The unique exact l with sum l_j coeffs(row_j) = coeffs(target), or None."""
    matrix = [[row[0].get(x, Fraction(0)) for row in rows] + [target[0].get(x, Fraction(0))] for x in names]
    n = len(rows)
    pivots, r = [], 0
    for col in range(n):
        p = next((i for i in range(r, len(matrix)) if matrix[i][col] != 0), None)
        if p is None:
            return None  # dependent rows: a smaller support covers it
        matrix[r], matrix[p] = matrix[p], matrix[r]
        lead = matrix[r][col]
        matrix[r] = [v / lead for v in matrix[r]]
        for i in range(len(matrix)):
            if i != r and matrix[i][col] != 0:
                k = matrix[i][col]
                matrix[i] = [a - k * b for a, b in zip(matrix[i], matrix[r])]
        pivots.append(col)
        r += 1
    if any(row[-1] != 0 for row in matrix[r:]):
        return None
    return [matrix[i][-1] for i in range(n)]
