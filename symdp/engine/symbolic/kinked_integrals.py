"""Definite integrals whose integrands have kinks, evaluated piece by piece between the kinks.

An integrand with ``|g|``, ``Max``/``Min`` or a Piecewise is smooth between the zeros of its switches (the
arguments of ``|.|``, the differences of a max's arguments, the sides of a Piecewise's conditions).  A switch
linear in the variable of integration x has one zero; so has ``c_1 e^A + c_2 e^B`` with A, B linear in x and
c_1 > 0 > c_2 free of x, whose sign is that of the linear ``A + log c_1 - B - log(-c_2)`` (exp and log
increase); other switches leave the route out.  With the zeros in a proved order, ``int_a^b f dx`` is the sum of
the integrals over the pieces between consecutive cut points (additivity over intervals); inside a piece each
switch keeps the sign it has at the piece's interior point (its only zero is a cut point), so the kink is the
branch chosen there.  Nested kinks are split from the inside out: on each piece the inner kinks are replaced by
their branches, and the piece is split again at the outer ones (``max(p - q, 0)`` of two Laplace densities:
at 0 and 1, then at 1/2).  SymPy integrates each smooth piece in closed form (its convergence
conditions discharged under the assumptions, :mod:`.conditions`), where it gives up on the whole integrand: the
Laplace mechanism's KL divergence ``int p log(p/q)`` with ``|x|`` and ``|x - 1|`` is
``eps + e^{-eps} - 1``.

The order of the cut points and the integration limits is decided by the symbols' assumptions (SymPy's sign of
each difference, :func:`.conditions.truth_of`), never sampled; a pair it cannot order leaves the route out.
:func:`prove` is a route of the identity decision: the pieces integrated (one recorded step), then the
difference reduced to 0 by the rewrites of :mod:`.provers`.  :mod:`.kinks` splits integrals for quadrature only.
"""
from __future__ import annotations

import itertools

import sympy as sp

from .conditions import discharge, truth_of
from ..enclose.kinks import _linear_root
from .pieces import Mapped, on_every_piece, prove_zero, substitutions

MAX_CUTS = 6
"""Cut points of one integral at most (MAX_CUTS + 1 pieces)."""

_KINKS = (sp.Abs, sp.Max, sp.Min, sp.Piecewise)


def applies(expr) -> bool:
    """``expr`` holds a definite integral in one variable whose integrand has a kink in that variable."""
    return any(_kinked(i) for i in expr.atoms(sp.Integral))


def prove(diff, attempts) -> str | None:
    """A method reducing ``diff`` to 0 after its kinked integrals are integrated piece by piece, or None."""
    done = attempts.call("integrals split at their kinks", lambda: evaluate(diff))
    if done is None:
        return None
    method = prove_zero(done, attempts)
    return f"integrals split at the kinks of their integrands and integrated piece by piece, then {method}" \
        if method else None


def prove_on(diff, domain: dict, attempts) -> str | None:
    """:func:`prove` on each piece of one of the prover's maps of the domain onto positive symbols
    (:func:`.pieces.substitutions`): a limit the domain orders but the assumptions do not (``int_t^oo`` with
    ``t >= 0`` beside the kink at 0 of ``|x|``) is ordered on every piece."""
    for desc, pieces in substitutions(domain):
        names = on_every_piece(Mapped(diff, pieces), lambda m: prove(m, attempts))
        if names:
            return f"{names} after {desc}"
        if attempts.exhausted:
            return None
    return None


def evaluate(expr):
    """``expr`` with every kinked integral replaced by the sum of its pieces' closed forms; NotImplementedError
    where a cut cannot be placed or a piece does not integrate."""
    integrals = sorted((i for i in expr.atoms(sp.Integral) if _kinked(i)), key=sp.default_sort_key)
    if not integrals:
        raise NotImplementedError("no integral with a kink")
    return expr.xreplace({i: _integrated(i) for i in integrals})


def _kinked(integral) -> bool:
    if len(integral.limits) != 1 or len(integral.limits[0]) != 3:
        return False
    x = integral.limits[0][0]
    return any(k.has(x) for k in integral.function.atoms(*_KINKS))


# -- switches ----------------------------------------------------------------------------------------

MAX_DEPTH = 3
"""Levels of nested kinks split at most."""


def _innermost(f, x) -> list:
    """The kinks of f in x with no kink in x inside them."""
    kinks = [k for k in f.atoms(*_KINKS) if k.has(x)]
    return [k for k in kinks if not any(o is not k and o.has(x) and k.has(o) for o in kinks)]


def _switches(kink, x) -> list:
    if isinstance(kink, sp.Abs):
        return [kink.args[0]]
    if isinstance(kink, (sp.Max, sp.Min)):
        return [a - b for a, b in itertools.combinations(kink.args, 2)]
    return [r.lhs - r.rhs for _, cond in kink.args for r in cond.atoms(sp.core.relational.Relational)]


def _linear(g, x):
    """A linear function of x with the sign of g at every real x (g itself, or the exponents' difference of
    ``c_1 e^A + c_2 e^B``); NotImplementedError for any other switch."""
    if not g.has(x):
        return g
    if _linear_root(g, x) is not None:
        return _real_line(g, x)
    terms = sp.Add.make_args(sp.expand(sp.powsimp(sp.expand(g, power_exp=False))))
    parts = [t.as_independent(x, as_Add=False) for t in terms]
    if len(parts) == 2 and all(isinstance(e, sp.exp) for _, e in parts):
        (c1, e1), (c2, e2) = sorted(parts, key=lambda p: p[0].is_positive is not True)
        lin = sp.expand(e1.args[0] + sp.log(c1) - e2.args[0] - sp.log(-c2))
        if c1.is_positive and c2.is_negative and (not lin.has(x) or _linear_root(lin, x) is not None):
            return _real_line(lin, x)
    raise NotImplementedError(f"switch {g} not reduced to a linear one in {x}")


def _real_line(g, x):
    """g = k x + d with k and d real by the assumptions (else NotImplementedError): its one zero is real."""
    k, d = sp.Poly(g, x).all_coeffs() if g.has(x) else (sp.Integer(0), g)
    if not (k.is_extended_real and d.is_extended_real):
        raise NotImplementedError(f"switch {g} not known real")
    return g


def _sign(d):
    """'+', '-' or '0' for d when the assumptions decide it, else None."""
    for s, cond in (("0", sp.Eq(d, 0)), ("+", d > 0), ("-", d < 0)):
        if truth_of(cond) is True:
            return s
    return None


# -- cut points ---------------------------------------------------------------------------------------

def _cuts(kinks, x, a, b) -> list:
    """The zeros of the kinks' switches strictly between a and b, in increasing order, duplicates merged."""
    inside = []
    lines = [_linear(g, x) for k in kinks for g in _switches(k, x)]
    roots = {_linear_root(g, x) for g in lines if g.has(x)}
    for c in sorted(roots, key=sp.default_sort_key):
        if _outside(c, a, b) or any(_sign(c - d) == "0" for d in inside):
            continue
        inside.append(c)
    if len(inside) > MAX_CUTS:
        raise NotImplementedError("too many cuts")
    return _ordered(inside)


def _outside(c, a, b) -> bool:
    """c <= a or c >= b (proved); False when c lies strictly inside; NotImplementedError when undecided."""
    lo = "+" if a == -sp.oo else _sign(c - a)
    hi = "-" if b == sp.oo else _sign(c - b)
    if lo in ("-", "0") or hi in ("+", "0"):
        return True
    if (a != -sp.oo and truth_of(c - a <= 0) is True) or (b != sp.oo and truth_of(c - b >= 0) is True):
        return True   # at or beyond an end that may reach it (c = 0, a = t >= 0)
    if lo == "+" and hi == "-":
        return False
    raise NotImplementedError(f"cut {c} not placed against the limits")


def _ordered(points) -> list:
    """``points`` sorted by proved differences (NotImplementedError if a pair is not decided)."""
    def before(p, q):
        s = _sign(q - p)
        if s not in ("+", "-"):
            raise NotImplementedError(f"cuts {p} and {q} not ordered")
        return s == "+"
    out = []
    for p in points:
        k = next((i for i, q in enumerate(out) if before(p, q)), len(out))
        out.insert(k, p)
    for p, q in zip(out, out[1:]):   # a proved chain, whatever comparisons the insertion made
        before(p, q)
    return out


# -- the pieces ---------------------------------------------------------------------------------------

def _integrated(integral):
    x, a, b = integral.limits[0]
    if not (_sign(b - a) == "+" or (a == -sp.oo and b == sp.oo)):
        raise NotImplementedError("limits not in increasing order")
    return _pieces(integral.function, x, a, b, 0)


def _pieces(f, x, a, b, depth):
    """int_a^b f dx as the sum of its smooth pieces' closed forms (innermost kinks split first)."""
    kinks = _innermost(f, x)
    if not kinks:
        value = _integrate(_smoothed(f), x, a, b)
        if value.has(sp.Integral) or value.is_finite is not True:
            raise NotImplementedError(f"the piece on ({a}, {b}) did not integrate")
        return value
    if depth >= MAX_DEPTH:
        raise NotImplementedError("kinks nested too deep")
    ends = [a] + _cuts(kinks, x, a, b) + [b]
    return sp.Add(*(_pieces(_branch(f, kinks, x, _interior(lo, hi)), x, lo, hi, depth + 1)
                    for lo, hi in zip(ends, ends[1:])))


def _integrate(f, x, a, b):
    """int_a^b f dx in closed form, its convergence conditions discharged; where SymPy conditions the value on a
    symbolic lower limit that the assumptions leave undecided (``t > 0`` for ``int_t^oo`` with ``t >= 0``), the
    integral is taken again from 0 after x = a + y (an exact change of variable)."""
    try:
        return discharge(sp.integrate(f, (x, a, b)), strict=True)
    except NotImplementedError:
        if a == -sp.oo or not a.free_symbols:
            raise
    y = sp.Dummy("y", nonnegative=True)
    return discharge(sp.integrate(f.xreplace({x: a + y}), (y, 0, b - a)), strict=True)


def _interior(lo, hi):
    if lo == -sp.oo and hi == sp.oo:
        return sp.Integer(0)
    if lo == -sp.oo:
        return hi - 1
    if hi == sp.oo:
        return lo + 1
    return (lo + hi) / 2


def _branch(f, kinks, x, at):
    """``f`` with each of ``kinks`` replaced by its branch at x = at (the same on the whole piece)."""
    def pick(k):
        if isinstance(k, sp.Abs):
            return k.args[0] if _at(k.args[0], x, at) == "+" else -k.args[0]
        if isinstance(k, (sp.Max, sp.Min)):
            return _extreme(k, x, at)
        for value, cond in k.args:
            truth = cond.xreplace({r: _holds(r, x, at) for r in cond.atoms(sp.core.relational.Relational)})
            if truth not in (sp.true, sp.false):
                raise NotImplementedError(f"condition {cond} undecided on a piece")
            if truth is sp.true:
                return value
        raise NotImplementedError("no piece active")
    return f.xreplace({k: pick(k) for k in kinks})


def _at(g, x, at) -> str:
    """The sign of g on the piece, read from its linear stand-in at the interior point."""
    s = _sign(_linear(g, x).xreplace({x: at}))
    if s not in ("+", "-"):
        raise NotImplementedError(f"sign of {g} undecided on a piece")
    return s


def _holds(r, x, at):
    if not r.has(x):
        value = truth_of(r)
        return sp.true if value is True else sp.false if value is False else r
    s = _at(r.lhs - r.rhs, x, at)   # never 0 inside a piece
    rel = sp.core.relational
    table = {rel.StrictLessThan: s == "-", rel.LessThan: s == "-", rel.StrictGreaterThan: s == "+",
             rel.GreaterThan: s == "+", rel.Equality: False, rel.Unequality: True}
    return sp.true if table[type(r)] else sp.false


def _extreme(k, x, at):
    """The argument of the max (min) ``k`` that is largest (smallest) at x = at against every other."""
    want = "+" if isinstance(k, sp.Max) else "-"
    for a in k.args:
        if all(sp.expand(a - b) == 0 or _at(a - b, x, at) == want for b in k.args if b is not a):
            return a
    raise NotImplementedError(f"no argument of {k} decided extreme on a piece")


def _smoothed(piece):
    """Logs of products split where SymPy knows the factors positive (exact), then expanded: SymPy integrates
    e^{-eps x} (eps x - eps (1 - x)) faster than e^{-eps x} log(e^{-eps x} e^{eps (1 - x)})."""
    return sp.expand(sp.expand_log(piece, force=False))
