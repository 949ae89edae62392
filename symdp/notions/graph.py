"""Queries on the implication graph: chains, their composed maps, the strongest conclusion."""
from __future__ import annotations

from dataclasses import dataclass

import mpmath as mp
import sympy as sp

from ..engine import decide
from ..engine import numeric as num
from ..engine.budget import BudgetExceeded, within_budget
from ..engine.provers import Attempts
from ..engine.status import Status
from ..errors import SymdpError, require_real
from .registry import IMPLICATIONS, NOTIONS, Implication, notion


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


class _NotComputable(Exception):
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


def _evaluate(expr, values: dict):
    """The map's value at the given parameters (20 digits), None if some symbol has no value.

    Evaluated with mpmath (SymPy leaves erfcinv unevaluated) at a precision
    that grows until two evaluations agree to DIGITS + 5 digits, so that
    e^{2 eps} - 1 at eps = 1e-300 is 2e-300, not 0.  A complex result, from a
    chain used outside its conditions, comes back as ``sp.I``.  Raises
    :class:`_NotComputable` when no precision up to MAX_DPS settles the value,
    or the value is outside the double range (it could not be reported).
    """
    if not values or any(str(s) not in values for s in expr.free_symbols):
        return None
    syms = tuple(sorted(expr.free_symbols, key=str))
    fn = num.compile_expr(expr, syms)
    scale = max([0] + [int(mp.ceil(abs(mp.log10(abs(mp.mpf(values[str(s)])))))) for s in syms])
    dps, last = 30 + scale, None
    failure = None
    while dps <= MAX_DPS:
        try:
            with mp.workdps(dps):
                v = mp.mpc(fn({s: mp.mpf(str(values[str(s)])) for s in syms}))
            if not (mp.isfinite(v.real) and mp.isfinite(v.imag)):
                raise ArithmeticError("a non-finite value")
        except (ArithmeticError, ValueError, TypeError) as exc:  # overflow, 0/0, erfcinv(2 - tiny) rounded to 2
            failure, last, dps = f"{type(exc).__name__} up to {dps} digits", None, 2 * dps
            continue
        if last is not None and abs(v - last) <= mp.mpf(10) ** -(DIGITS + 5) * abs(v):
            break
        last, dps = v, 2 * dps
    else:
        raise _NotComputable(failure or f"no agreement up to {MAX_DPS} digits")
    if abs(v.imag) > mp.mpf(10) ** -25 * max(1, abs(v)):
        return sp.I
    real = v.real
    if abs(real) > DOUBLE_MAX or (real != 0 and abs(real) < DOUBLE_TINY):
        raise _NotComputable("a value " + ("beyond" if abs(real) > 1 else "below") + " the double range")
    return sp.Float(mp.nstr(real, DIGITS), DIGITS)


def _stronger(a: Conclusion, b: Conclusion, source: str) -> tuple[Conclusion, str]:
    """The conclusion with the smaller parameter, by value if given, else by a sign proof."""
    if a.value is not None and b.value is not None:
        return (a, "by value") if a.value <= b.value else (b, "by value")
    diff = a.expression - b.expression
    out = decide.sign(diff, "nonpositive", None, f"notions:{source}", _attempts())
    if out.status.holds:
        return a, f"for every parameter ({out.status.value})"
    out = decide.sign(-diff, "nonpositive", None, f"notions:{source}", _attempts())
    if out.status.holds:
        return b, f"for every parameter ({out.status.value})"
    return a, "not comparable for every parameter; the first chain is shown"


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
        except _NotComputable as exc:
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
