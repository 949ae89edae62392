"""Deciding claims: symbolic proof first, numeric evidence second.

These functions turn a claim (an identity or a sign on a domain) into an
:class:`Outcome`.  The order is fixed: the symbolic provers of
:mod:`.provers` under their budget, Piecewise expressions region by region,
then (unless disabled) a seeded high-precision sample.  Only the symbolic
route and validated numerics (:mod:`.validated`, every box closed) give PROVED.
"""
from __future__ import annotations

import itertools

import sympy as sp

from ..model import domain as dom
from ..symbolic import induction
from ..symbolic import kinked_integrals
from ..model import location
from ..symbolic import logarithms
from .. import regions as by_regions
from ..symbolic import normal
from ..sampling import numeric as num
from .. import validated
from ..enclose import arb_series as series
from ..symbolic.cases import prove_by_cases
from ..symbolic.maxima import many, prove_by_many_cases
from ..symbolic.conditions import truth_of
from ..symbolic.attempts import Attempts
from ..symbolic.pieces import active_piece, breakpoints, prove_zero, prove_zero_on, regions
from ..symbolic.provers import prove_at_a_stationary_point, prove_from_an_end, prove_sign, respects_assumptions
from ..model.records import Outcome
from ..model.status import Status, weakest


def _numeric_identity(lhs, rhs, domain, key, what="both sides", n=num.POINTS) -> Outcome:
    syms = tuple(domain)
    try:
        f, g = num.compile_expr(lhs, syms), num.compile_expr(rhs, syms)
    except Exception as exc:  # lambdify of unusual expressions: say so, do not guess
        return Outcome(Status.UNDECIDED, "numeric", f"could not evaluate numerically: {type(exc).__name__}: {exc}")
    return num.check_equal(f, g, domain, key, what, n)


def _undecided(attempts: Attempts, why: str) -> Outcome:
    return Outcome(Status.UNDECIDED, "none", why)


def _with_note(outcome: Outcome, note: str) -> Outcome:
    return Outcome(outcome.status, outcome.method, f"{outcome.detail}; {note}",
                   outcome.witness, outcome.points, outcome.digits)


def identity(lhs, rhs, domain, key, attempts: Attempts, numeric: bool = True) -> Outcome:
    """Decide ``lhs == rhs`` on ``domain``: the symbolic route first, then (certified) numerics."""
    lhs, rhs = sp.sympify(lhs), sp.sympify(rhs)
    if lhs == rhs:
        return Outcome(Status.PROVED, "symbolic (identical)", "both sides are the same expression")
    restricted = bool(domain)
    domain = dom.complete(domain, (lhs - rhs).free_symbols)
    if kinked_integrals.applies(lhs - rhs):   # |x|, max or a Piecewise in an integrand: integrated piece by piece
        method = attempts.route("kinked integrals", lambda: kinked_integrals.prove(lhs - rhs, attempts))
        if not method and restricted:
            method = attempts.route("kinked integrals on the domain",
                                    lambda: kinked_integrals.prove_on(lhs - rhs, domain, attempts))
        if method:
            return Outcome(Status.PROVED, f"symbolic ({method})", "difference reduces to 0")
    if not (lhs.has(sp.Piecewise) or rhs.has(sp.Piecewise)):
        method = prove_zero(lhs - rhs, attempts)
        if not method and series.has_infinite_sum(lhs - rhs):
            method = attempts.route("sums split at kinks", lambda: _summed(lhs - rhs, domain, attempts))
        if not method and restricted:
            method = attempts.route("zero on the domain", lambda: prove_zero_on(lhs - rhs, domain, attempts))
        if not method:
            method = attempts.route("sign cases", lambda: _by_sign_cases(lhs - rhs, domain, attempts))
        if method:
            return Outcome(Status.PROVED, f"symbolic ({method})", "difference reduces to 0")
    else:
        outcome = _piecewise_identity(lhs, rhs, domain, key, attempts, numeric)
        if outcome is not None:
            return outcome
    if not numeric:
        return _undecided(attempts, "no symbolic rewrite reduced the difference to 0")
    return _with_note(_numeric_identity(lhs, rhs, domain, key), "no symbolic rewrite reduced the difference to 0")


KINKS = (sp.Abs, sp.Max, sp.Min, sp.sign, sp.Heaviside)
MAX_SPLIT = 2
"""At most this many symbols split by sign (3 cases each)."""


def _sign_stand_in(s, iv):
    """A dummy with the sign the interval gives s (as a superset of it), or None when iv crosses 0."""
    if iv.start.is_nonnegative is True:
        return sp.Dummy(s.name, positive=True) if iv.start.is_positive or iv.left_open else \
            sp.Dummy(s.name, nonnegative=True)
    if iv.end.is_nonpositive is True:
        return -(sp.Dummy(s.name, positive=True) if iv.end.is_negative or iv.right_open else
                 sp.Dummy(s.name, nonnegative=True))
    return None


def _by_sign_cases(diff, domain, attempts) -> str | None:
    """0 in every sign case of the symbols inside |.|, max, min, sign: a symbol whose interval has one sign
    becomes a dummy of that sign (all of that half-line: a stronger claim), one that crosses 0 is split into
    positive, negative and 0 (every real), so each kink sees a known sign and SymPy drops it."""
    inside = set().union(*(k.free_symbols for k in diff.atoms(*KINKS))) if diff.has(*KINKS) else set()
    fixed, split = {}, []
    for s in sorted(inside, key=str):
        iv = domain.get(s)
        stand_in = _sign_stand_in(s, iv) if isinstance(iv, sp.Interval) else None
        if stand_in is None:
            split.append(s)
        else:
            fixed[s] = stand_in
    if not inside or len(split) > MAX_SPLIT:
        return None
    base = diff.subs(fixed)
    for case in itertools.product(*[(sp.Dummy(s.name, positive=True), -sp.Dummy(s.name, positive=True), 0)
                                    for s in split]):
        if not prove_zero(base.subs(dict(zip(split, case))), attempts):
            return None
    return f"sign cases of {', '.join(map(str, sorted(inside, key=str)))}"


def _summed(diff, domain, attempts) -> str | None:
    """0 after each infinite sum is split at |k| and summed by SymPy (:func:`.arb_series.summed`), each
    convergence condition it attaches proved on the domain by the sign prover (:func:`_settled_piece`)."""
    found = attempts.call("sums in closed form", lambda: series.summed(diff))
    settled = _settled_piece(found, domain, attempts) if found is not None and found.has(sp.Piecewise) else found
    if settled is None or series.has_infinite_sum(settled):
        return None
    method = prove_zero(settled, attempts)
    return f"infinite sums split at |k| and summed in closed form, convergence proved; {method}" if method else None


def _same_conditions(lhs, rhs) -> bool:
    return (isinstance(lhs, sp.Piecewise) and isinstance(rhs, sp.Piecewise)
            and [c for _, c in lhs.args] == [c for _, c in rhs.args])


_HOLDS = {True: {True: "positive", False: "nonnegative"}, False: {True: "nonpositive", False: "negative"}}


def _condition(cond, domain, attempts):
    """True / False when the sign prover settles ``cond`` (one inequality) on the whole domain, else None."""
    if cond in (sp.true, sp.false):
        return bool(cond)
    if respects_assumptions(domain, cond.free_symbols):   # then the symbols' assumptions decide for the domain
        settled = truth_of(cond)   # e^{2 eps + 2 lam} != 1 for positive eps and lam
        if settled is not None:
            return settled
    if not isinstance(cond, (sp.StrictLessThan, sp.StrictGreaterThan, sp.LessThan, sp.GreaterThan)):
        return None
    gap, strict = cond.gts - cond.lts, isinstance(cond, (sp.StrictLessThan, sp.StrictGreaterThan))
    for verdict in (True, False):
        if prove_sign(gap, _HOLDS[verdict][strict], domain, attempts):
            return verdict
    return None


def _settled_piece(expr, domain, attempts):
    """``expr`` with each Piecewise replaced by the piece whose condition holds on the whole domain, or None."""
    for pw in sorted(expr.atoms(sp.Piecewise), key=sp.count_ops):
        for value, cond in pw.args:
            verdict = _condition(cond, domain, attempts)
            if verdict is None:
                return None
            if verdict:
                expr = expr.xreplace({pw: value})
                break
        else:
            return None
    return None if expr.has(sp.Piecewise) else expr


def _piece_on_domain(lhs, rhs, domain, attempts) -> str | None:
    """The identity after each Piecewise's conditions are settled on the domain by the sign prover."""
    diff = _settled_piece(lhs - rhs, domain, attempts)
    if diff is None:
        return None
    method = prove_zero(diff, attempts) or \
        attempts.route("zero on the domain", lambda: prove_zero_on(diff, domain, attempts)) or \
        attempts.route("sign cases", lambda: _by_sign_cases(diff, domain, attempts))
    return f"the active pieces fixed by the sign prover, then {method}" if method else None


def _piecewise_identity(lhs, rhs, domain, key, attempts, numeric):
    method = _piece_on_domain(lhs, rhs, domain, attempts)
    if method:
        return Outcome(Status.PROVED, f"symbolic ({method})", "difference reduces to 0")
    folded = attempts.call("piecewise_fold", lambda: (sp.piecewise_fold(lhs), sp.piecewise_fold(rhs)))
    if folded is None:
        return None
    lhs, rhs = folded
    if _same_conditions(lhs, rhs):
        pairs = [(a, b) for (a, _), (b, _) in zip(lhs.args, rhs.args)]
        if all(prove_zero(a - b, attempts) for a, b in pairs):
            return Outcome(Status.PROVED, "symbolic, piece by piece",
                           f"same {len(pairs)} regions; each pair of pieces reduces to 0")
    bp = breakpoints([lhs, rhs], attempts)
    if bp is None:
        return None
    var, points = bp
    try:
        return _by_regions(lhs, rhs, var, points, domain, key, attempts, numeric)
    except ValueError:  # a condition not decided by the variable alone
        return None


def _by_regions(lhs, rhs, var, points, domain, key, attempts, numeric):
    """Compare the active pieces on each region of ``var`` and at each breakpoint."""
    outcomes = []
    base = domain.get(var, sp.Interval(-sp.oo, sp.oo))
    for k, (region, probe) in enumerate(regions(points)):
        part = region.intersect(base)
        if part.is_empty or not isinstance(part, sp.Interval):
            continue
        a, b = active_piece(lhs, var, probe), active_piece(rhs, var, probe)
        outcomes.append(_region(a, b, {**domain, var: part}, f"{key}/r{k}", attempts, numeric))
    for k, p in enumerate(points):
        if base.contains(p) is sp.true:
            a, b = lhs.subs(var, p), rhs.subs(var, p)
            rest = {s: iv for s, iv in domain.items() if s != var}
            outcomes.append(_region(a, b, rest, f"{key}/b{k}", attempts, numeric))
    status = weakest(o.status for o in outcomes)
    bad = next((o for o in outcomes if o.status is status), None)
    where = f"{len(outcomes)} regions and breakpoints of {var} (breakpoints {', '.join(map(str, points))})"
    if status is Status.PROVED:
        return Outcome(status, "symbolic, piece by piece", f"pieces agree on all {where}")
    return Outcome(status, f"piece by piece; {bad.method}", f"on {where}: {bad.detail}",
                   bad.witness, max(o.points for o in outcomes), min(o.digits or num.DPS for o in outcomes))


def _region(a, b, domain, key, attempts, numeric) -> Outcome:
    method = prove_zero(a - b, attempts)
    if method:
        return Outcome(Status.PROVED, f"symbolic ({method})")
    if not numeric:
        return _undecided(attempts, "no rewrite reduced a piece difference to 0")
    return _numeric_identity(a, b, domain, key, "the pieces")


SECOND_LOOK = 30.0
"""Seconds of symbolic search the second look gets (its own: the claim's budget is spent by then); spent at
certify time only (a check replays the transcript).  The split of Bretagnolle-Huber's claim takes 14 s idle:
twice that keeps a loaded certify from losing it."""


def _second_look(expr, which: str, domain: dict, attempts: Attempts) -> Outcome | None:
    """After boxes failed, with a budget of its own (:meth:`Attempts.renew`): the claim in t = (x - a)/b
    when it depends on x, a, b only through t (:mod:`.location`); else monotonicity from an end one level
    deeper than the sign prover's own (Pinsker's strict form: in q_0, then in p, then in p again); else a split
    at a stationary point, argued from it both ways; else, for A - B with A, B > 0, log A - log B
    (:mod:`.logarithms`, with a budget of its own: the routes before it may have spent the second look's)."""
    attempts.renew(SECOND_LOOK)
    method = attempts.route("location and scale", lambda: _reduced(expr, which, domain, attempts))
    if method:
        return Outcome(Status.PROVED, "symbolic sign analysis after a change of location and scale", method)
    method = attempts.route("from an end", lambda: prove_from_an_end(expr, which, domain, attempts))
    if method:
        return Outcome(Status.PROVED, "symbolic sign analysis, monotone from an end", method)
    method = attempts.route("stationary point", lambda: prove_at_a_stationary_point(expr, which, domain, attempts))
    if method:
        return Outcome(Status.PROVED, "symbolic sign analysis, split at a stationary point", method)
    if not logarithms.applies(expr, which):
        return None
    attempts.renew(logarithms.LOOK)
    method = attempts.route("logarithms", lambda: logarithms.prove(expr, which, domain, attempts))
    return Outcome(Status.PROVED, "symbolic sign analysis of the logarithms", method) if method else None


def _reduced(expr, which: str, domain: dict, attempts: Attempts) -> str | None:
    """The claim in t = (x - a)/b, proved by sign analysis or by cases; the method, or None."""
    found = attempts.call("location and scale", lambda: location.reduce(expr, domain))
    if not found:
        return None
    x, a, b, g, reduced = found
    method = prove_sign(g, which, reduced, attempts) or _by_cases(g, which, reduced, attempts)
    where = f"{x} = {a} + {b} t: the claim depends on {x}, {a}, {b} only through t = ({x} - {a})/{b}"
    iv = reduced[location.T]
    span = "t real" if iv == sp.Reals else f"t in {sp.sstr(iv)}"
    return f"{where}, {span}; then {method}" if method else None


def _symbolic(expr, which: str, domain: dict, attempts: Attempts) -> Outcome | None:
    method = induction.applies(expr, domain) and induction.prove(expr, which, domain, attempts)
    if method:   # a sum over an integer range with a symbolic bound: before the budget goes to the whole
        return Outcome(Status.PROVED, "symbolic sign analysis of a sum over an integer range", method)
    routes = ((prove_sign, "symbolic sign analysis"), (_by_cases, "symbolic sign analysis by cases"))
    for route, name in routes[::-1] if many(expr) else routes:   # a many-argument max: its cases get the budget
        method = route(expr, which, domain, attempts)
        if method:
            return Outcome(Status.PROVED, name, method)
    return None


def _by_cases(expr, which: str, domain: dict, attempts: Attempts) -> str | None:
    """:func:`.cases.prove_by_cases` (:func:`.maxima.prove_by_many_cases` for a max or min of three or more
    arguments) as a route of the log (a replay passes over it where it failed)."""
    return attempts.route("cases", lambda: prove_by_cases(expr, which, domain, attempts)
                          or prove_by_many_cases(expr, which, domain, attempts))


def sign(expr, which: str, domain, key, attempts: Attempts, numeric: bool = True) -> Outcome:
    """Decide that ``expr`` is ``which`` (positive, negative, ...) on ``domain``.

    The conditions of a nested Piecewise decided on the domain first (:mod:`.normal`, said in the detail),
    then symbolic sign analysis, then validated numerics (a proof by boxes, or
    a certified counterexample at the centre of a box it could not close), then
    a second symbolic look (:func:`_second_look`), then validated numerics
    region by region (:mod:`.regions`), then (unless disabled) a seeded
    sample, which is evidence only.  A replay of a certificate that
    records no proof runs only the boxes (their recorded log) and the sample:
    the symbolic routes could only fail again.
    """
    domain = dom.complete(domain, expr.free_symbols)
    normalised, settled = normal.decided(expr, domain)
    out = _sign(normalised, which, domain, key, attempts, numeric)
    return _with_note(out, settled) if settled else out


def _sign(expr, which, domain, key, attempts, numeric) -> Outcome:
    unproved = getattr(attempts, "unproved", False)  # a replay of a search that proved nothing: not re-run
    proved = None if unproved else _symbolic(expr, which, domain, attempts)
    if proved:
        return proved
    found = validated.decide(expr, which, domain, attempts)
    if found.proved:
        return Outcome(Status.PROVED, found.method, found.detail)
    regional = found.certificate.startswith(validated.REGIONS)   # a replay of a proof by regions
    # a box whose enclosure has the wrong sign: the claim is false there, no second look can prove it
    proved = None if unproved or regional or found.violated else _second_look(expr, which, domain, attempts)
    if proved:
        return proved
    found = by_regions.decide(expr, which, domain, attempts, found)
    if found.proved:
        return Outcome(Status.PROVED, found.method, found.detail)
    if not numeric:
        return _undecided(attempts, f"no substitution or rewrite decided the sign; {found.note}")
    try:
        compiled = num.compile_expr(expr, tuple(domain))
    except Exception as exc:
        return Outcome(Status.UNDECIDED, "numeric", f"could not evaluate numerically: {type(exc).__name__}: {exc}")
    refuted = validated.refuted_at(attempts, found, num.refute_at(compiled, which, domain, found.candidates))
    if refuted is not None:
        return _with_note(refuted, f"{found.note}; the counterexample is the centre of a box left open")
    return _with_note(num.check_sign(compiled, which, domain, key),
                      f"symbolic sign analysis did not decide; {found.note}")
