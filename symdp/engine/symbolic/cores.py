"""A sign claim's core in one symbol: ``f = c g`` with ``c`` of a proved strict sign, so ``f`` has the sign of ``g``
(the opposite where ``c < 0``), and ``g`` is the claim a monotonicity argument differentiates.

Three steps, each dropping a factor of one sign that the sign prover proves on the domain:

* ``f`` written as one fraction and factored; every factor (of the numerator or the denominator, to any power)
  whose sign is proved is dropped (``(alpha - 1)^2`` of a Renyi divergence's slope on alpha > 1), but the
  numerator's largest (the claim's substance: its sign is the question);
* a core ``P + Q log B`` with one logarithm in ``s`` whose coefficient ``Q`` depends on ``s`` and has a proved sign
  is divided by ``|Q|``: the slope of ``P/Q + log B`` holds no logarithm (``(alpha - 1) A'/A - log A``, whose slope
  is ``(alpha - 1) (log A)''``);
* a sum of terms carrying exponentials is multiplied by ``e^(-E)``, ``E`` the (real) exponent the most terms carry,
  so that the rest is polynomial where it can be (``4 b (sinh u - u) + 2 (cosh u - 1) + (b^2 - 1) u^2``).

Every rewrite is an identity where ``f`` is defined, and every dropped factor is nonzero on the whole domain, so the
claim on ``g`` is equivalent to the claim on ``f``.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import sympy as sp

from ..model.signs import FLIP

OPS = 4000
"""Operations (``count_ops``) of a fraction above which it is not factored (SymPy's factor on a long sum of
exponentials can take minutes; counted, so the same on every machine)."""


@dataclass(frozen=True)
class Core:
    expr: object
    """``g``: the claim's core."""
    which: str
    """The sign ``g`` must have for the claim to hold."""
    said: str
    """How ``g`` was found ("" when ``g`` is the claim itself)."""


def core(expr, which: str, s, domain: dict, attempts, prove, at=None) -> Core:
    """The core of the claim ``expr`` ``which`` on ``domain`` in the symbol ``s`` (:mod:`this module's steps
    <.cores>`); ``prove(e, sign)`` is the sign prover on the domain (a method, or None).  ``at``: an end of ``s``'s
    interval; then only the factors that vanish there (or are numbers) are dropped, and no exponential is shifted,
    so that the core's slope in ``s`` is the claim's own up to those factors (the form a monotonicity argument
    from that end differentiates)."""
    found = Core(expr, which, "")
    steps = (_factors, _divided_log) if at is not None else (_factors, _divided_log, _shifted_exponentials)
    for step in steps:
        found = step(found, s, at, attempts, prove) or found
    return found


def _factors(found, s, at, attempts, prove):
    parts = attempts.call("factors of one fraction", lambda: _factor_list(found.expr))
    if not parts:
        return None
    kept, dropped, flips = [], [], False
    main = max((b for b, k in parts if k > 0), key=sp.count_ops, default=None)
    for base, power in parts:
        tried = base is not main and (at is None or base.is_number or _vanishes(base, s, at))
        sign = _sign_of(base, prove) if tried else None
        if sign is None:
            kept.append(base ** power)
            continue
        dropped.append(f"{sp.sstr(base)} {sign}")
        flips ^= sign == "negative" and power % 2 == 1
    if not dropped:
        return None
    which = FLIP[found.which] if flips else found.which
    return Core(sp.Mul(*kept), which, f"{found.said}the factors of one sign dropped ({'; '.join(dropped)}); ")


def _factor_list(e):
    """[(base, integer power)] with e = product, numbers and all (a number is a base of its own), or None.  Each
    logarithm is held as a symbol meanwhile (factoring would rewrite its argument).  The symbols held are named
    apart (log0, log1, ..., y0, y1, ...: :func:`_named`): SymPy orders a polynomial's generators by name, and
    generators of one name by the hash of the symbol, which for a Dummy depends on how many Dummies the process
    made before (a search makes more than its replay), so the factored form, and every question asked of it,
    would differ between them."""
    held = {a: _named("log", k) for k, a in enumerate(sorted(e.atoms(sp.log), key=sp.default_sort_key))}
    e, generators = _exp_generators(e.xreplace(held))
    n, d = sp.fraction(sp.together(e))
    if sp.count_ops(n) + sp.count_ops(d) > OPS:
        return None
    back, out = {**{v: k for k, v in held.items()}, **generators}, []
    for part, unit in ((n, 1), (d, -1)):
        c, factors = sp.factor_list(part)
        out += ([(c, unit)] if c != 1 else []) + [(b.xreplace(back), unit * k) for b, k in factors]
    return sorted(out, key=lambda f: (bool(f[1] < 0), sp.default_sort_key(f[0])))   # the same order in every process


def _exp_generators(e):
    """``e`` with each e^(c_1 m_1 + ...) (integers c_i, monomials m_i) written as y_1^c_1 ... (y_i = e^(m_i) as a
    positive symbol), so that factoring sees one generator per monomial; and {y_i: e^(m_i)}."""
    generators, reps = {}, {}
    for atom in sorted(e.atoms(sp.exp), key=sp.default_sort_key):
        terms = [t.as_coeff_Mul() for t in sp.Add.make_args(sp.expand(atom.args[0]))]
        if not all(c.is_Integer for c, _ in terms):
            continue
        for _, m in terms:
            generators.setdefault(m, _named("y", len(generators), positive=True))
        reps[atom] = sp.Mul(*[generators[m] ** c for c, m in terms])
    return e.xreplace(reps), {y: sp.exp(m) for m, y in generators.items()}


def _named(name: str, k: int, **assumptions):
    """A Dummy named ``name`` and ``k`` (``_y0``): its generators' order is by the name, the same in every process."""
    return sp.Dummy(f"{name}{k}", **assumptions)


def _vanishes(base, s, at) -> bool:
    """``base`` is a polynomial (no function) in ``s`` that is exactly 0 at ``s = at``."""
    return s in base.free_symbols and not base.atoms(sp.Function) and sp.expand(base.subs(s, at)) == 0


def _sign_of(base, prove):
    """"positive" or "negative" when proved for ``base`` (a number by its value), else None."""
    if base.is_number:
        return "positive" if base.is_positive else "negative" if base.is_negative else None
    return next((w for w in ("positive", "negative") if prove(base, w)), None)


def _divided_log(found, s, at, attempts, prove):
    logs = [a for a in found.expr.atoms(sp.log) if s in a.free_symbols]
    if len(logs) != 1:
        return None
    linear = attempts.call("log coefficient", lambda: _linear(found.expr, logs[0]))
    if linear is None:
        return None
    q, p = linear
    sign = s in q.free_symbols and _sign_of(q, prove)
    if not sign:
        return None
    which = FLIP[found.which] if sign == "negative" else found.which
    divided = attempts.call("log divided", lambda: sp.cancel(p / q) + logs[0])
    return None if divided is None else \
        Core(divided, which, f"{found.said}divided by the coefficient of {sp.sstr(logs[0])} ({sp.sstr(q)} {sign}); ")


def _linear(e, log):
    """(Q, P) with e = P + Q log, neither holding ``log``, or None."""
    z = sp.Dummy("z")
    spread = sp.expand(e.xreplace({log: z}))
    q, p = spread.coeff(z, 1), spread.coeff(z, 0)
    if q == 0 or z in (q + p).free_symbols or sp.expand(p + q * z - spread) != 0:
        return None
    return sp.cancel(q), p


def _shifted_exponentials(found, s, at, attempts, prove):
    shifted = attempts.call("exponentials shifted", lambda: _shifted(found.expr))
    if shifted is None:
        return None
    e, exponent = shifted
    return Core(e, found.which, f"{found.said}multiplied by exp({sp.sstr(-exponent)}); ")


def _shifted(e):
    """(e e^(-E), E) for the real exponent E that most terms of the sum ``e`` carry (at least two), or None."""
    terms = sp.Add.make_args(sp.expand(e, power_exp=False))
    exponents = [_exponent(t) for t in terms]
    counts = Counter(x for x in exponents if x != 0)
    if len(terms) < 2 or not counts:
        return None
    top = max(counts.values())
    exponent = min((x for x, k in counts.items() if k == top), key=sp.default_sort_key)
    if top < 2 or exponent.is_extended_real is not True:
        return None
    return sp.Add(*[_merged(t * sp.exp(-exponent)) for t in terms]), exponent


def _exponent(term):
    """The sum of the arguments of the exponentials that multiply ``term``."""
    return sp.expand(sp.Add(*[f.args[0] for f in sp.Mul.make_args(term) if isinstance(f, sp.exp)]))


def _merged(term):
    """``term`` with its exponentials merged into one, exponent expanded (none where it is 0)."""
    rest = [f for f in sp.Mul.make_args(term) if not isinstance(f, sp.exp)]
    return sp.Mul(*rest) * sp.exp(_exponent(term))
