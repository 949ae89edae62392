"""Queries on the implication graph: chains, their composed maps, the strongest conclusion."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import sympy as sp

from ..engine.run import decide
from ..engine.sampling import numeric as num
from ..engine.model.budget import BudgetExceeded, within_budget
from ..engine.symbolic.attempts import Attempts
from ..engine.model.status import Status
from ..errors import SymdpError
from .registry import IMPLICATIONS, NOTIONS, Implication, notion
from .values import COMPLEX, DIGITS, RANGES, NotComputable, check_values, settle  # noqa: F401 (RANGES re-exported)


@dataclass(frozen=True)
class Conclusion:
    """What one chain of implications gives: the composed map and, with values, the number."""

    chain: tuple[str, ...]
    expression: sp.Basic
    conditions: tuple[str, ...]
    value: sp.Basic | None
    simplified: Status          # how the simplified map was checked against the plain composition


@dataclass(frozen=True)
class Answer:
    source: str
    target: str
    best: Conclusion
    alternatives: tuple[Conclusion, ...]
    comparison: str


def chains(source: str, target: str) -> list[tuple[Implication, ...]]:
    """All simple paths of edges from ``source`` to ``target``, shortest first, then by edge ids."""
    notion(source), notion(target)
    found, stack = [], [(source, ())]
    while stack:
        here, path = stack.pop()
        for e in sorted(IMPLICATIONS.values(), key=lambda e: e.id):
            visited = {source} | {p.target for p in path}
            if e.source != here or e.target in visited:
                continue
            if e.target == target:
                found.append(path + (e,))
            else:
                stack.append((e.target, path + (e,)))
    return sorted(found, key=lambda p: (len(p), [e.id for e in p]))


def compose(path) -> sp.Basic:
    """g_k(... g_1(p)): each map takes the previous notion's value for its source parameter.

    A notion whose parameter is epsilon also fixes the level epsilon of the
    (eps, delta)-DP maps after it ("at the same epsilon"); where no epsilon
    has been fixed (from mu-GDP), the level stays a free symbol.
    """
    expr = NOTIONS[path[0].source].parameter
    bound = {expr: expr}
    for e in path:
        env = {**bound, NOTIONS[e.source].parameter: expr}
        expr = e.map.xreplace(env)
        bound[NOTIONS[e.target].parameter] = expr
    return expr


LIMIT = 60.0
"""Seconds a symbolic step of a query may take: a safety net, not a search budget, so that the
answer (form, status, which chain wins) is the same on a fast or a loaded machine."""


def _attempts() -> Attempts:
    return Attempts(budget=LIMIT, total=LIMIT)


def _simplified(expr):
    try:
        simple = within_budget(lambda: sp.simplify(expr), LIMIT)
    except BudgetExceeded:
        return expr, Status.UNDECIDED
    if simple == expr:
        return expr, Status.PROVED
    check = decide.identity(simple, expr, None, "notions:compose", _attempts())
    return (simple, check.status) if check.status.holds else (expr, Status.PROVED)


def conclude(path, values: dict) -> Conclusion:
    expr, status = _simplified(compose(path))
    value = _evaluate(expr, values)
    conds = tuple(dict.fromkeys(c for e in path for c in e.conditions))
    return Conclusion(tuple(e.id for e in path), expr, conds, value, status)


def _evaluate(expr, values: dict):
    """The map's value at the given parameters (20 digits), None if some symbol has no value.

    Evaluated with mpmath (SymPy leaves erfcinv unevaluated) by :func:`symdp.notions.values.settle`;
    a complex result, from a chain used outside its conditions, comes back as ``sp.I``.
    """
    if not values or any(str(s) not in values for s in expr.free_symbols):
        return None
    syms = tuple(sorted(expr.free_symbols, key=str))
    fn = num.compile_expr(expr, syms).fn
    text = settle(fn, [str(s) for s in syms], values)
    return sp.I if text == COMPLEX else sp.Float(text, DIGITS)


def _stronger(a: Conclusion, b: Conclusion, source: str) -> tuple[Conclusion, str]:
    """The conclusion with the smaller parameter, by value if given, else by a sign proof."""
    if a.value is not None and b.value is not None:
        return (a, "by value") if a.value <= b.value else (b, "by value")
    diff = a.expression - b.expression
    for winner, d in ((a, diff), (b, -diff)):
        status = _nonpositive(d, source)
        if status is not None:
            return winner, f"for every parameter ({status.value})"
    return a, "not comparable for every parameter; the first chain is shown"


@functools.lru_cache(maxsize=128)
def _nonpositive(diff, source: str) -> Status | None:
    """The status of ``diff <= 0`` for every parameter when it holds, else None.  Kept for the process: one
    comparison searches for minutes (SP -> TVD: a chain through GDP against 2a, about 4 min of one core), and
    the same query recurs (the table of answers, the tests)."""
    out = decide.sign(diff, "nonpositive", None, f"notions:{source}", _attempts())
    return out.status if out.status.holds else None


def implies(source: str, target: str, values: dict | None = None) -> Answer:
    """The best known parameter for ``target`` from ``source``, through the best chain.

    ``values`` maps parameter names (:data:`RANGES`: epsilon, mu, delta, ...)
    to numbers; every name must be one some chain from ``source`` to
    ``target`` uses, and every number in its range (SymdpError otherwise).  A
    chain whose value cannot be computed at these values (beyond the double
    range) is left out and counted in ``comparison``; if that leaves none, the
    values are out of range.
    """
    for name, nid in (("source", source), ("target", target)):
        if not isinstance(nid, str) or nid not in NOTIONS:
            raise SymdpError(name, nid, "a notion id, one of: " + ", ".join(sorted(NOTIONS)))
    values = check_values(values)
    paths = chains(source, target)
    if not paths:
        raise SymdpError("target", target, f"a notion reachable from {source} "
                         f"(reachable: {', '.join(sorted(reachable(source))) or 'none'})")
    used = set().union(*(compose(p).free_symbols for p in paths))
    unused = sorted(set(values) - {str(s) for s in used})
    if unused:
        raise SymdpError("values", unused[0], f"only parameters a chain from {source} to {target} uses: "
                         + (", ".join(sorted(str(s) for s in used)) or "none"))
    found, dropped = [], []
    for p in paths:
        try:
            found.append(conclude(p, values))
        except NotComputable as exc:
            dropped.append(f"{' -> '.join(e.id for e in p)} ({exc})")
    if not found:
        raise SymdpError("values", values, f"values at which the {target} parameter is computable as a double "
                         f"(every chain fails here: {'; '.join(dropped)})")
    found = [c for c in found if c.value is None or c.value.is_real]   # a chain outside its conditions gives non-reals
    if not found:
        raise SymdpError("values", values, f"values at which some chain from {source} to {target} applies "
                         "(every chain's conditions fail here)")
    best, how = found[0], "only one chain"
    for other in found[1:]:
        best, how = _stronger(best, other, source)
    if dropped:
        how += f"; {len(dropped)} chain(s) not computable at these values: {'; '.join(dropped)}"
    return Answer(source, target, best, tuple(c for c in found if c is not best), how)


def reachable(source: str) -> set[str]:
    seen, todo = set(), [source]
    while todo:
        here = todo.pop()
        for e in IMPLICATIONS.values():
            if e.source == here and e.target not in seen:
                seen.add(e.target)
                todo.append(e.target)
    return seen - {source}
