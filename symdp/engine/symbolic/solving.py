"""The bookkeeping steps that compute a value a derivation goes on with: ``solve`` and ``substitute``.

A step is PROVED only where its output was checked.  ``solve``: each root SymPy's ``solve`` returns is put
back into the equation and shown zero by the rewrites of :func:`.pieces.prove_zero`; with ``domain=`` each
root is placed by the sign prover (:func:`.provers.prove_sign`, on the other symbols' intervals): a root
shown outside is dropped and said so, a root shown inside or not placed is returned, and every root is
listed with its place and the method that placed it.  ``substitute``: the result is exact, so what is
checked is that each value meets the assumptions of the symbol it replaces (SymPy simplified the
expression under them: ``sqrt(z**2)`` is ``z`` for a positive ``z``) and that no singularity appeared.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ...special import PhiInv
from ..model import domain as dom
from ..validated.points import ball, middle
from .rewrites import BUDGET
from .attempts import Attempts, CLAIM_BUDGET
from .pieces import prove_zero, substitute, substitutions
from .provers import prove_sign
from ..model.records import Outcome
from ..model.status import Status

INSIDE, OUTSIDE, UNPLACED = "inside", "outside", "not placed"


@dataclass(frozen=True)
class Root:
    """One solution ({symbol: value}), where the sign prover placed it, how, and whether it was checked."""

    solution: dict
    place: str
    why: str
    checked: bool

    def said(self, shown_as: str = "") -> str:
        """The root and where it lies; a root the step displays is named by ``shown_as`` ("root 1, shown above"),
        one it drops is written out (in LaTeX, as the report sets it)."""
        values = shown_as or ", ".join(f"${sp.latex(s)} = {sp.latex(v)}$" for s, v in self.solution.items())
        how = f" ({self.why})" if self.why else ""
        checked = "" if self.checked else "; not shown to solve the equation"
        return f"{values}: {self.place}{how}{checked}"


@dataclass(frozen=True)
class Solved:
    """The roots a ``solve`` step returns (``kept``) and those it dropped, shown outside the domain."""

    kept: tuple[Root, ...]
    dropped: tuple[Root, ...]
    where: str

    def outcome(self, names: str) -> Outcome:
        checked = all(r.checked for r in self.kept)
        where = f" on {self.where}" if self.where else ""
        method = (f"sympy.solve ({len(self.kept)} solution(s) for {names}{where}; "
                  f"{len(self.dropped)} shown outside by the sign prover)")
        kept = [f"kept {r.said(f'root {k + 1}, shown above' if len(self.kept) > 1 else 'the root shown above')}"
                for k, r in enumerate(self.kept)]
        detail = "; ".join([*kept, *(f"dropped {r.said()}" for r in self.dropped)])
        return Outcome(Status.PROVED if checked else Status.UNDECIDED, method, detail)


def solve(equation, var, domain) -> Solved:
    """SymPy's solutions of ``equation = 0`` for ``var``, each checked and placed against ``domain``."""
    limits = domain_map(domain, var)
    roots = [_root(equation, sol, limits) for sol in sp.solve(equation, var, dict=True)]
    return Solved(tuple(r for r in roots if r.place != OUTSIDE), tuple(r for r in roots if r.place == OUTSIDE),
                  ", ".join(f"${sp.latex(s)} \\in {sp.latex(iv)}$" for s, iv in limits.items()))


def domain_map(domain, var) -> dict:
    """``domain`` as {symbol: interval}: an interval alone is ``var``'s."""
    if domain is None:
        return {}
    return dict(domain) if isinstance(domain, dict) else {var: domain}


def _root(equation, sol: dict, limits: dict) -> Root:
    places = [_place(v, limits[s], _others(limits, s, v)) for s, v in sol.items() if s in limits]
    outside = [why for place, why in places if place == OUTSIDE]
    if outside:
        return Root(sol, OUTSIDE, outside[0], _checked(equation, sol))
    inside = places and all(place == INSIDE for place, _ in places)
    why = "; ".join(why for _, why in places if why)
    return Root(sol, INSIDE if inside else (UNPLACED if places else "no domain given"), why, _checked(equation, sol))


def _others(limits: dict, s, value) -> dict | None:
    """The intervals of the root's own symbols (the domain's, else their assumptions'), or None."""
    try:
        return dom.complete({k: iv for k, iv in limits.items() if k != s}, value.free_symbols)
    except Exception:  # a symbol not declared real: no interval, the sign prover is not asked
        return None


def _place(value, iv: sp.Interval, others) -> tuple[str, str]:
    """(INSIDE / OUTSIDE / UNPLACED, why): SymPy's membership first, then the sign prover on each end."""
    member = iv.contains(value)
    if member is sp.false:
        return OUTSIDE, f"SymPy: not in {iv}"
    if member is sp.true:
        return INSIDE, f"SymPy: in {iv}"
    if others is None or value.has(sp.I):
        return UNPLACED, ""
    value, others, note = _unrooted(value, others)
    place, why = _placed(value, iv, others)
    return place, (f"{why} ({note})" if note and why else why)


def _unrooted(value, others: dict) -> tuple:
    """``value`` with every symbol s that it holds under a square root, and that ranges in [0, oo), written s = u^2
    (u = sqrt(s) over the square roots of s's interval) and cancelled: ``(k - sqrt(k))/(k - 1)`` is ``u/(u + 1)``,
    whose place the sign prover shows at once where it searched in vain before; and a note saying so."""
    roots = sorted({p.base for p in value.atoms(sp.Pow) if p.exp == sp.Rational(1, 2) and p.base in others
                    and isinstance(others[p.base], sp.Interval) and others[p.base].start >= 0}, key=str)
    if not roots:
        return value, others, ""
    names = {s: sp.Symbol(f"sqrt({s})", positive=True) for s in roots}
    value = sp.cancel(value.xreplace({s: u**2 for s, u in names.items()}))
    others = {names.get(s, s): (_rooted(iv) if s in names else iv) for s, iv in others.items()}
    return value, others, ", ".join(f"{s} = {u}^2" for s, u in names.items())


def _rooted(iv: sp.Interval) -> sp.Interval:
    return sp.Interval(sp.sqrt(iv.start), sp.sqrt(iv.end), iv.left_open, iv.right_open)


def _placed(value, iv: sp.Interval, others: dict) -> tuple[str, str]:
    """:func:`_place` after SymPy's membership: the sign prover on each end, where one point does not contradict."""
    seen = _seen(value, iv, others)
    below = _shown(iv.start - value, iv.left_open, others) if iv.start.is_finite and seen != INSIDE else None
    above = _shown(value - iv.end, iv.right_open, others) if iv.end.is_finite and seen != INSIDE else None
    if below or above:
        return OUTSIDE, below or above
    real = _where_real(value, others) if seen != INSIDE else None
    if real is not None:
        below = _shown(iv.start - value, iv.left_open, real[0]) if iv.start.is_finite else None
        above = _shown(value - iv.end, iv.right_open, real[0]) if iv.end.is_finite else None
        if below or above:
            return OUTSIDE, f"{below or above} where it is real; {real[1]}"
    if seen == OUTSIDE:
        return UNPLACED, ""
    low = _shown(value - iv.start, not iv.left_open, others) if iv.start.is_finite else "unbounded below"
    high = _shown(iv.end - value, not iv.right_open, others) if iv.end.is_finite else "unbounded above"
    if low and high:
        return INSIDE, f"in {iv}: {low}; {high}"
    return UNPLACED, ""


def _seen(value, iv: sp.Interval, others: dict) -> str:
    """Where ``value`` certainly lies at one point, the middle of ``others`` (arb enclosures at 128 bits): INSIDE
    ``iv`` (strictly), OUTSIDE, or "" (not certain there).  A placement the point contradicts cannot be proved on the
    whole domain, so :func:`_place` does not search for it: the sign prover's time-budgeted search is spent only on
    what can hold (the same placements, found sooner, and fewer that depend on the clock)."""
    at = middle(others)
    if not at or not value.free_symbols <= set(at):
        return ""
    ends = (iv.start, iv.end)
    balls = [ball((value - iv.start).xreplace(at)) if iv.start.is_finite else None,
             ball((iv.end - value).xreplace(at)) if iv.end.is_finite else None]
    if any(v is not None and v < 0 for v in balls):
        return OUTSIDE
    inside = all((v is not None and v > 0) or not end.is_finite for v, end in zip(balls, ends))
    return INSIDE if inside else ""


def _where_real(value, others: dict):
    """(domain, why) for a root a + c sqrt(g), a and c real, g of one symbol s: s narrowed to where g >= 0, the
    root not real elsewhere (c shown nonzero by the sign prover), so outside any real interval there; or None.
    The RDP conversion's 1 - sqrt(2 log(1/delta))/mu on delta > 0 is real only for delta <= 1."""
    radicals = [p for p in sp.expand(value).atoms(sp.Pow) if p.exp == sp.Rational(1, 2) and p.base.free_symbols]
    if len(radicals) != 1 or len(radicals[0].base.free_symbols) != 1:
        return None
    root, (s,) = radicals[0], radicals[0].base.free_symbols
    a, term = sp.expand(value).as_independent(root, as_Add=True)
    c = sp.cancel(term / root)
    if s not in others or c.has(root) or not (a.is_real and c.is_real):
        return None
    try:
        real = sp.solve_univariate_inequality(root.base >= 0, s, relational=False).intersect(others[s])
    except (NotImplementedError, ValueError, TypeError):
        return None
    nonzero = _shown(c, False, others) or _shown(-c, False, others)
    if not isinstance(real, sp.Interval) or real == others[s] or not nonzero:
        return None
    return {**others, s: real}, f"not real for {s} outside {sp.sstr(real)} ({nonzero})"


def _shown(gap, closed: bool, domain: dict) -> str | None:
    """The sign prover's method showing ``gap`` >= 0 (``closed``) or > 0 on ``domain``, or None."""
    which = "nonnegative" if closed else "positive"
    method = prove_sign(gap, which, domain, Attempts(BUDGET, CLAIM_BUDGET))
    return f"{sp.sstr(gap)} {which} by {method}" if method else None


def _checked(equation, sol: dict) -> bool:
    """Every equation is shown zero at ``sol`` (:func:`.pieces.prove_zero`)."""
    equations = equation if isinstance(equation, (list, tuple)) else [equation]
    return all(prove_zero(sp.sympify(e).xreplace(sol), Attempts(BUDGET, CLAIM_BUDGET)) is not None for e in equations)


ASSUMED = ("real", "positive", "nonnegative", "negative", "nonpositive", "integer")


def substituted(expr, subs: dict, domain: dict | None = None) -> tuple:
    """(result, outcome) of ``expr.subs(subs)``: PROVED when every value is known to meet its symbol's
    assumptions and no nan or complex infinity appeared; else UNDECIDED, saying which value or what.

    ``domain`` ({symbol: interval}): a value's symbols range over it, and SymPy's assumptions decide on the
    prover's maps of it onto positive symbols (:func:`_meets`): ``(1 - delta)/(e^eps + 1)`` is then known positive
    for delta in (0, 1), with no search and no time budget."""
    result = expr.subs(subs)
    unmet = [f"{v} for {s} is not known to be {a}" for s, v in subs.items() if isinstance(s, sp.Symbol)
             for a in ASSUMED if getattr(s, f"is_{a}") and not _meets(v, a, domain)]
    if result.has(sp.nan, sp.zoo) and not expr.has(sp.nan, sp.zoo):
        unmet.append("the result holds nan or a complex infinity (a singularity was met)")
    if unmet:
        return result, Outcome(Status.UNDECIDED, "substitution", "; ".join(unmet))
    return result, Outcome(Status.PROVED, "substitution")


def _meets(value, fact: str, domain: dict | None) -> bool:
    """SymPy's assumptions say ``value`` has ``fact`` (positive, real, ...), as written or on every piece of one of
    the prover's maps of ``domain`` onto positive symbols (:func:`.pieces.substitutions`: ``delta`` in (0, 1) as
    ``1/(1 + t)``; a closed end is reached by its own piece)."""
    value = _through_phi(sp.sympify(value))
    if getattr(value, f"is_{fact}") is True:
        return True
    used = {s: iv for s, iv in (domain or {}).items() if s in value.free_symbols and isinstance(iv, sp.Interval)}
    return bool(used) and any(all(getattr(substitute(value, piece), f"is_{fact}") is True for piece in pieces)
                              for _, pieces in substitutions(used))


def _through_phi(value):
    """``value`` with erfinv/erfcinv written through the normal quantile, whose realness SymPy can decide from its
    argument's interval: erfcinv(y) = -PhiInv(y/2)/sqrt(2) and erfinv(y) = PhiInv((1 + y)/2)/sqrt(2), real exactly
    where the quantile's argument lies in (0, 1)."""
    return value.replace(sp.erfcinv, lambda y: -PhiInv(y / 2) / sp.sqrt(2)).replace(
        sp.erfinv, lambda y: PhiInv((1 + y) / 2) / sp.sqrt(2))
