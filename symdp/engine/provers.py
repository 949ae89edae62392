"""Symbolic provers: identities (with Piecewise regions) and signs on domains.

Each prover tries cheap targeted rewrites before ``simplify``, every attempt
under a time budget (:mod:`.budget`).  A prover answers with the method that
established the claim, or ``None``; it never samples.  Its methods are SymPy's
rewrites and rules, and validated numerics (interval boxes in arb, Taylor models:
:mod:`.validated`) whose enclosures prove a sign on a whole domain; sampled
numeric evidence is the caller's fallback (:mod:`.numeric`) and gives VERIFIED,
never PROVED.  The method string says which proved a claim, and the proof
object the kernel checks (:mod:`.kernel_proofs`) what it trusts.
"""
from __future__ import annotations

import contextlib
import functools
import itertools
import json
import re
import time

import sympy as sp

from ..special import Phi, PhiInv
from . import expsubs, tame
from .budget import BudgetExceeded, within_budget
from .codec.checks import CodecError
from .codec.expressions import decode_expr, encode_expr
from .conditions import discharge, truth_of
from .signs import FLIP as _FLIP

BUDGET = 8.0
"""Seconds allowed to one symbolic attempt (one rewrite of one expression)."""


def _together(e):
    return sp.cancel(sp.together(e))


def _exp_log(e):
    return sp.cancel(sp.together(sp.powsimp(sp.expand(sp.expand_log(e), power_exp=True))))


def _radicals(e):
    return sp.cancel(sp.radsimp(sp.together(e)))


def _radicands(e):
    """Factor every radicand, so sqrt((2b + 1)**2) can become 2b + 1."""
    roots = lambda x: x.is_Pow and x.exp.is_Rational and not x.exp.is_Integer
    return sp.cancel(sp.together(e.replace(roots, lambda x: sp.Pow(tame.factor(sp.together(x.base)), x.exp))))


_EVALUABLE = (sp.Sum, sp.Product, sp.Integral, sp.Derivative, sp.Limit)


def _doit(e):
    """Evaluate sums, products, integrals, derivatives and limits, discharge the convergence
    conditions SymPy attaches (where the assumptions decide them), then cancel."""
    if not e.has(*_EVALUABLE):
        raise NotImplementedError("nothing to evaluate")
    done = discharge(e.doit(), strict=False)
    if done.has(sp.factorial, sp.binomial, sp.gamma):
        done = sp.gammasimp(done)
    return sp.cancel(sp.together(sp.expand(done)))


def _exp_substitution(e):
    """Hyperbolic and trigonometric functions written with exp, each exp a power of a fresh symbol, then
    sums evaluated, their conditions discharged and the result cancelled (:mod:`.expsubs`)."""
    return sp.cancel(sp.together(expsubs.substitute(e, evaluate=_evaluate_sums)))


def _exp_substitution_factored(e):
    return tame.factor(_exp_substitution(e))


_INVERSE_HYPERBOLIC = (sp.asinh, sp.acosh, sp.atanh, sp.acoth)


def _log_exp(e):
    """Hyperbolic functions in exp form, inverse ones in log form, every log's argument cancelled, factored and
    its powers merged (log((1 + tanh(x/2))/(1 - tanh(x/2))) becomes log(exp(x)) = x for real x), logs of
    products expanded where the assumptions allow; then cancel."""
    if not e.has(sp.log, *_INVERSE_HYPERBOLIC):
        raise NotImplementedError("no logarithm")
    e = e.rewrite(list(_INVERSE_HYPERBOLIC), sp.log).rewrite(list(expsubs.HYPERBOLIC), sp.exp)
    tidy = lambda x: sp.log(sp.powsimp(tame.factor(sp.cancel(x.args[0]))))
    e = sp.powsimp(sp.expand_log(e.replace(lambda x: isinstance(x, sp.log), tidy)), combine="exp")
    return sp.cancel(sp.together(sp.expand(e, power_exp=True)))


def _erf_form(e):
    """Phi, its inverse, erfc and erfcinv in erf form (Phi(x) = (1 + erf(x/sqrt 2))/2, erfc = 1 - erf,
    erfcinv(z) = erfinv(1 - z)), erfinv's odd symmetry applied, then cancel.  Integrals and sums are evaluated
    first (a Gaussian tail int_t^oo phi = erfc(t/sqrt 2)/2 beside 1 - Phi(t))."""
    if e.has(*_EVALUABLE) and e.has(Phi, PhiInv, sp.erfc, sp.erfcinv):
        e = discharge(e.doit(), strict=False)
    if not e.has(Phi, PhiInv, sp.erfc, sp.erfcinv):
        raise NotImplementedError("no Phi or erfc")
    e = e.rewrite(sp.erf).replace(lambda x: isinstance(x, sp.erfcinv), lambda x: sp.erfinv(1 - x.args[0]))
    odd = lambda x: isinstance(x, sp.erfinv) and x.args[0].could_extract_minus_sign()
    return sp.cancel(sp.together(sp.expand(e.replace(odd, lambda x: -sp.erfinv(-x.args[0])))))


def _lambert(e):
    """exp(c + k W(z)) = e^c (z / W(z))^k for integer k and z != 0 (W(z) e^{W(z)} = z on every branch); cancel."""
    def split(x):
        keep, factor = [], sp.Integer(1)
        for term in sp.Add.make_args(sp.expand(x.args[0])):
            k, f = term.as_coeff_Mul()
            if isinstance(f, sp.LambertW) and k.is_integer and f.args[0].is_zero is False:
                factor *= (f.args[0] / f) ** k
            else:
                keep.append(term)
        return sp.exp(sp.Add(*keep)) * factor
    if not e.has(sp.LambertW):
        raise NotImplementedError("no Lambert W")
    return sp.cancel(sp.together(e.replace(lambda x: isinstance(x, sp.exp) and x.has(sp.LambertW), split)))


def _kink_factors(e):
    """max(c x, 0) = c max(x, 0) and min(c x, 0) = c min(x, 0) for c > 0 (by SymPy's sign of c), then cancel:
    r max(p - q, 0) + (1 - r) max(p - q, 0) collects to max(p - q, 0)."""
    if not e.has(sp.Max, sp.Min):
        raise NotImplementedError("no max or min")

    def pull(m):
        if len(m.args) != 2 or sp.S.Zero not in m.args:
            return m
        x = m.args[0] if m.args[1] == 0 else m.args[1]
        factors = sp.Mul.make_args(tame.factor(x))
        c = sp.Mul(*[f for f in factors if f.is_positive is True])
        return c * type(m)(sp.cancel(x / c), 0) if c != 1 else m
    return sp.cancel(sp.together(e.replace(lambda a: isinstance(a, (sp.Max, sp.Min)), pull)))


def _evaluate_sums(e):
    return discharge(e.doit(), strict=True) if e.has(*_EVALUABLE) else e


REWRITES = (
    ("as written", lambda e: e),
    ("expand", sp.expand),
    ("cancel", _together),
    ("factor", lambda e: tame.factor(sp.together(e))),
    ("exp/log expansion", _exp_log),
    ("rationalised radicals", _radicals),
    ("factored radicands", _radicands),
    ("evaluate sums and integrals", _doit),
    ("exp substitution", _exp_substitution),
    ("exp substitution, factored", _exp_substitution_factored),
    ("logs of exponentials", _log_exp),
    ("normal CDF in error-function form", _erf_form),
    ("Lambert W identity", _lambert),
    ("positive factors out of max/min", _kink_factors),
    ("simplify", sp.simplify),
)


CLAIM_BUDGET = 6.0
"""Seconds allowed to all symbolic attempts on one claim together (search only)."""

REPLAY_LIMIT = 120.0
"""Seconds a recorded proof step may take when it is replayed: a safety net, not a budget."""


class ReplayFailed(Exception):
    """A recorded proof (a certificate) no longer goes through."""


RENEWED = "renewed"
"""The log's mark of :meth:`Attempts.renew`."""

ROUTE = "route: "
"""Prefix of the log's marks of :meth:`Attempts.route` (no answer begins so)."""

_FAILED = re.compile(r"route: (.+) failed after (\d+)(, out of time)?")


def _is_mark(entry) -> bool:
    return isinstance(entry, str) and entry.startswith(ROUTE)


def _encoded(values) -> list:
    """The codec's forms of ``values``; one it cannot write is left out (a hint the proof does without)."""
    out = []
    for v in values:
        try:
            out.append(encode_expr(v))
        except CodecError:
            continue
    return out


def _decoded(text: str, label: str) -> tuple:
    try:
        return tuple(decode_expr(v) for v in json.loads(text))
    except (CodecError, ValueError) as exc:
        raise ReplayFailed(f"the recorded values of '{label}' do not decode ({exc})") from None


class Attempts:
    """Runs rewrites under the budget, and records or replays the answers.

    In *search* mode each attempt gets ``budget`` seconds and all attempts of
    one claim together get ``total`` seconds; every answer (the rewrite that
    worked, or None) is appended to :attr:`log`, the claim's transcript.  In
    *replay* mode (``transcript`` given) the recorded answers are followed: a
    recorded None is not tried again, a recorded rewrite is run with the
    generous :data:`REPLAY_LIMIT` and must still succeed, else
    :class:`ReplayFailed`.  The decision procedures depend only on these
    answers, so a replayed claim gets the same verdict on any machine.
    """

    def __init__(self, budget: float = BUDGET, total: float = CLAIM_BUDGET, hint: str | None = None,
                 transcript=None):
        self.budget, self.total, self.hint = budget, total, hint
        self.replaying = transcript is not None
        self._script = list(transcript or ())
        self._recorded = tuple(transcript or ())
        self._added: list = []
        """(index in the recorded transcript, mark) of the routes it was recorded without (:meth:`added`)."""
        self.log: list = []
        self.deadline = None
        self.timed_out: list[str] = []
        self.exhausted = False

    def first(self, expr, accept, rewrites=None):
        """Name of the first rewrite whose result satisfies ``accept``, else None."""
        rewrites = REWRITES if rewrites is None else rewrites
        if self.replaying:
            return self._replay_first(expr, accept, dict(rewrites))
        if self._out_of_time():
            return None
        name = self._search(expr, accept, sorted(rewrites, key=lambda r: r[0] != self.hint))
        self.log.append(name)
        return name

    def call(self, label: str, fn):
        """``fn()`` under the budget (None if it ran out of time or raised); recorded like a rewrite."""
        if self.replaying:
            entry = self._next()
            if entry in (None, f"{label}: timeout"):
                return None
            if entry != f"{label}: done":
                self._replay_mismatch(entry, f"'{label}: done'")
            return _quiet(lambda: within_budget(fn, REPLAY_LIMIT), replay=label)
        if self._out_of_time():
            return None
        try:
            value = _quiet(lambda: within_budget(fn, min(self.budget, self._left())))
        except BudgetExceeded:
            self.timed_out.append(label)
            self.log.append(f"{label}: timeout")
            return None
        self.log.append(f"{label}: done")
        return value

    def found(self, label: str, fn) -> tuple:
        """The expressions ``fn()`` finds (under the budget; () if it ran out of time or raised), recorded in the
        log by the safe codec (:mod:`.codec`, never sympify), so a replay reads them instead of searching
        again.  Only for hints a proof checks itself: a cut point, a split point (any value the proof then
        shows to lie inside its interval gives a proof).  The search goes on with the values it recorded, as
        decoded, so search and replay see the same expressions."""
        if self.replaying:
            entry = self._next()
            if entry in (None, f"{label}: timeout"):
                return ()
            if not entry.startswith(f"{label}: ["):
                self._replay_mismatch(entry, f"'{label}: [...]'")
            return _decoded(entry[len(label) + 2:], label)
        values = self.call(label, fn)
        if self.log and self.log[-1] == f"{label}: done":
            self.log[-1] = f"{label}: " + json.dumps(_encoded(values or ()), sort_keys=True, separators=(",", ":"))
            return _decoded(self.log[-1][len(label) + 2:], label)
        return ()

    def route(self, name: str, fn):
        """``fn()``, one way of proving, marked in the log where it began: ``route: <name> proved``, or ``route:
        <name> failed after <n>`` (n answers follow, then ``, out of time`` if the search's budget was used up at
        its end).  A replay runs a route that proved again in full, and passes over one that failed: its
        answers skipped, the budget's state at its end restored.  Nothing a failed route found is used, so the
        verdict is the search's, and a replay runs only the steps of the proof."""
        if self.replaying:
            return self._replay_route(name, fn)
        start = len(self.log)
        result = fn()
        ended = "proved" if result else f"failed after {len(self.log) - start}" + (", out of time" * self.exhausted)
        self.log.insert(start, f"{ROUTE}{name} {ended}")
        return result

    def added(self, name: str, proved: bool) -> None:
        """In a replay of a transcript recorded before the route ``name`` existed (no mark where the caller ran
        it, as then): the mark a search now writes there, noted for :meth:`upgraded` (before what the route's own
        steps noted at the same place, :meth:`tree`)."""
        ended = "proved" if proved else "failed after 0" + ", out of time" * self.exhausted
        at = len(self._recorded) - len(self._script)
        first = next((k for k, (where, _) in enumerate(self._added) if where == at), len(self._added))
        self._added.insert(first, (at, f"{ROUTE}{name} {ended}"))

    def tree(self, label: str, search, replay) -> bool:
        """A box tree a proof step finds (a side condition's box search, :func:`.regions._proves`): ``search()``
        gives (proved, tree); a proved tree is recorded as ``<label>: <tree>``, and a replay checks it
        (``replay(tree)``, every leaf judged again) instead of searching.  A transcript recorded before trees were
        (none at this place) is searched, as then, and the tree noted for :meth:`upgraded`."""
        head = self._script[0] if self.replaying and self._script else None
        if isinstance(head, str) and head.startswith(label + ": "):
            self._script.pop(0)
            return bool(replay(head[len(label) + 2:]))
        proved, found = search()
        if proved and self.replaying:
            self._added.append((len(self._recorded) - len(self._script), f"{label}: {found}"))
        elif proved:
            self.log.append(f"{label}: {found}")
        return proved

    def upgraded(self) -> tuple:
        """The replayed transcript with the entries of :meth:`added` and :meth:`tree` in place: what certify files,
        so that the next replay passes over the routes that failed and checks the trees found (the recorded
        answers are unchanged)."""
        out = list(self._recorded)
        for shift, (at, entry) in enumerate(sorted(self._added, key=lambda t: t[0])):
            out.insert(at + shift, entry)
        return tuple(out)

    def marked(self, name: str) -> bool:
        """In a replay, whether the transcript's next entry is the mark of the route ``name`` (a route added to the
        search later is absent from the transcripts recorded before it: the caller then runs what it ran then)."""
        head = self._script[0] if self._script else None
        failed = _FAILED.fullmatch(head) if isinstance(head, str) else None
        return head == f"{ROUTE}{name} proved" or (failed is not None and failed.group(1) == name)

    def _replay_route(self, name, fn):
        head = self._script[0] if self._script else None
        if head == f"{ROUTE}{name} proved":
            self._script.pop(0)
            return fn()
        failed = _FAILED.fullmatch(head) if isinstance(head, str) else None
        if failed is None or failed.group(1) != name:
            return self._replay_mismatch(head, f"a mark of the route '{name}'")
        del self._script[:1 + int(failed.group(2))]
        self.exhausted = bool(failed.group(3))
        return None

    def renew(self, seconds: float) -> None:
        """A route tried after the others gets ``seconds`` of its own.  The log marks the point (RENEWED): a
        replay takes every answer before it that the search never gave (out of time) as None, as the search
        did, and goes on from the mark."""
        if self.replaying:
            if self._script and self._script[0] == RENEWED:
                self._script.pop(0)
                self.exhausted = False
            return
        self.log.append(RENEWED)
        self.deadline, self.exhausted = time.monotonic() + seconds, False

    @contextlib.contextmanager
    def paused(self):
        """Work whose time the sign prover's deadline does not count (box searches between its calls): the
        deadline moves on by what the block took.  No mark in the log; nothing changes in a replay."""
        started = time.monotonic()
        try:
            yield
        finally:
            if self.deadline is not None and not self.replaying:
                self.deadline += time.monotonic() - started

    def skip(self, n: int) -> None:
        """A replay passes over ``n`` recorded answers: those of routes the search tried in vain before the
        one its certificate records (nothing they answered is used).  The search records nothing."""
        if self.replaying:
            for _ in range(n):
                if not self._script or self._script[0] == RENEWED:
                    self.exhausted = True
                    return
                self._script.pop(0)

    def renew_last(self, seconds: float) -> None:
        """:meth:`renew` for a claim's last route: a replay first skips to the log's last mark (the routes
        between, which the search tried in vain, are not replayed)."""
        if self.replaying and RENEWED in self._script:
            del self._script[:len(self._script) - 1 - self._script[::-1].index(RENEWED)]
        self.renew(seconds)

    # -- search ----------------------------------------------------------------

    def _left(self) -> float:
        if self.deadline is None:
            self.deadline = time.monotonic() + self.total
        return self.deadline - time.monotonic()

    def _out_of_time(self) -> bool:
        if self._left() <= 0:
            self.exhausted = True
        return self.exhausted

    def _search(self, expr, accept, rewrites):
        for name, rewrite in rewrites:
            if self._out_of_time():
                return None
            try:
                ok = within_budget(lambda: accept(rewrite(expr)), min(self.budget, self._left()))
            except BudgetExceeded:
                self.timed_out.append(name)
                continue
            except SKIPPED:
                continue
            if ok:
                return name
        return None

    # -- replay ----------------------------------------------------------------

    def _next(self):
        """The next recorded answer; past the end, at a renewal or at a route's mark the search had run out of
        time (a search with time left records every answer)."""
        if not self._script or self._script[0] == RENEWED or _is_mark(self._script[0]):
            self.exhausted = True
            return None
        return self._script.pop(0)

    def _replay_first(self, expr, accept, rewrites):
        name = self._next()
        if name is None:
            return None
        if name not in rewrites:
            return self._replay_mismatch(name, "a rewrite name")
        try:
            ok = within_budget(lambda: accept(rewrites[name](expr)), REPLAY_LIMIT)
        except BudgetExceeded:
            raise ReplayFailed(f"the recorded rewrite '{name}' exceeded {REPLAY_LIMIT:g} s") from None
        except SKIPPED as exc:
            raise ReplayFailed(f"the recorded rewrite '{name}' raised {type(exc).__name__}") from None
        if not ok:
            raise ReplayFailed(f"the recorded rewrite '{name}' no longer reduces the claim")
        return name

    @staticmethod
    def _replay_mismatch(found, wanted):
        raise ReplayFailed(f"the certificate is out of step with the prover (found {found!r}, "
                           f"expected {wanted}); run `symdp certify`")

    def note(self) -> str:
        notes = []
        if self.timed_out:
            notes.append(f"{', '.join(dict.fromkeys(self.timed_out))} ran out of time "
                         f"(budget {self.budget:g} s per attempt)")
        if self.exhausted and not self.replaying:
            notes.append(f"the claim's {self.total:g} s symbolic budget was used up")
        return "".join("; " + n for n in notes)


SKIPPED = (TypeError, ValueError, NotImplementedError, RecursionError, AttributeError, ZeroDivisionError,
           sp.PoleError)
"""Exceptions of a rewrite that mean "this rewrite does not apply" (deterministic, not time)."""


def _quiet(fn, replay: str | None = None):
    """``fn()``; a deterministic failure (SKIPPED) gives None; a replay that times out fails loudly."""
    try:
        return fn()
    except SKIPPED:
        return None
    except BudgetExceeded:
        if replay is None:
            raise
        raise ReplayFailed(f"the recorded step '{replay}' exceeded {REPLAY_LIMIT:g} s") from None


def _is_zero(e) -> bool:
    return e == 0 or e.is_zero is True


def prove_zero(expr, attempts: Attempts) -> str | None:
    """The rewrite that reduces ``expr`` to zero, or None."""
    return attempts.first(expr, _is_zero)


def prove_zero_on(expr, domain: dict, attempts: Attempts) -> str | None:
    """Reduce ``expr`` to zero after mapping positive symbols onto the domain.

    For identities that hold only on the domain (a radicand that is a square
    only there, an absolute value with a known sign there).
    """
    for desc, pieces in substitutions(domain):
        names = on_every_piece(Mapped(expr, pieces), lambda m: attempts.first(m, _is_zero))
        if names:
            return f"{names} after {desc}"
        if attempts.exhausted:
            return None
    return None


# --- Piecewise: compare piece by piece on the regions of one variable -------

def _relationals(pw_exprs):
    rels = set()
    for e in pw_exprs:
        for p in e.atoms(sp.Piecewise):
            for _, cond in p.args:
                rels |= cond.atoms(sp.core.relational.Relational)
    return rels


def breakpoints(exprs, attempts: Attempts):
    """(variable, sorted numeric breakpoints) of the Piecewise conditions, or None.

    The variable is the first symbol (by name) in which every condition
    reduces to comparing it with a number, e.g. ``Q' + dQ psi >= Q' + dQ``
    gives psi with breakpoint 1.
    """
    diffs = [r.lhs - r.rhs for r in _relationals(exprs)]
    if not diffs:
        return None
    for var in sorted(set().union(*(d.free_symbols for d in diffs)), key=str):
        points = attempts.call(f"breakpoints in {var}", lambda: _numeric_roots(diffs, var))
        if points is not None:
            return var, points
    return None


def _numeric_roots(diffs, var):
    points = set()
    for d in diffs:
        roots = sp.solve(d, var) if var in d.free_symbols else []
        if not roots or not all(r.is_number and r.is_real for r in roots):
            return None
        points |= set(roots)
    return sorted(points, key=float)


def regions(points):
    """Open intervals between breakpoints, each with an exact interior point."""
    if not points:
        return [(sp.Interval(-sp.oo, sp.oo), sp.Integer(0))]
    out = [(sp.Interval.open(-sp.oo, points[0]), points[0] - 1)]
    for a, b in zip(points, points[1:]):
        out.append((sp.Interval.open(a, b), (a + b) / 2))
    out.append((sp.Interval.open(points[-1], sp.oo), points[-1] + 1))
    return out


def active_piece(expr, var, at):
    """``expr`` with every Piecewise replaced by the piece active at ``var = at``."""
    def pick(*args):
        for value, cond in args:
            truth = cond.subs(var, at)
            if truth is sp.true:
                return value
            if truth is not sp.false:
                raise ValueError(f"condition {cond} undecided at {var} = {at}")
        raise ValueError(f"no piece active at {var} = {at}")
    return expr.replace(sp.Piecewise, pick)


# --- signs on a domain -------------------------------------------------------

@functools.lru_cache(maxsize=4096)
def _shift_candidates(s, iv):
    """Substitutions s -> f(t), t a fresh nonnegative (positive) symbol, as (description, pieces): the images of
    the pieces together are iv or a superset (a claim shown on every piece holds on iv).

    A bounded interval's maps a + (b - a)/(1 + t) and a + (b - a) t/(1 + t) reach one end only in the limit
    t -> oo: alone, each is offered only where that end is open (else "x > 0 on [0, 1]" would be proved from
    x = 1/(1 + t)); a closed [a, b] is both of them together, (a, b] and [a, b), or a + (b - a) 4t/(1 + t)^2.
    """
    lo_t = sp.Dummy("t", nonnegative=True) if not iv.left_open else sp.Dummy("t", positive=True)
    hi_t = sp.Dummy("t", nonnegative=True) if not iv.right_open else sp.Dummy("t", positive=True)
    out = []
    if iv.start.is_finite is not False and iv.end.is_finite is not False:
        width = iv.end - iv.start
        down = (f"{s} = {iv.start} + ({iv.end} - {iv.start})/(1 + t)", iv.start + width / (1 + hi_t))
        up = (f"{s} = {iv.start} + ({iv.end} - {iv.start}) t/(1 + t)", iv.start + width * lo_t / (1 + lo_t))
        out += [(d, [v]) for (d, v), ok in ((down, iv.left_open), (up, iv.right_open)) if ok]
        if not (iv.left_open or iv.right_open):
            t = sp.Dummy("t", nonnegative=True)
            out += [(f"{down[0]}, and {up[0]} (both halves)", [down[1], up[1]]),
                    (f"{s} = {iv.start} + ({iv.end} - {iv.start}) 4t/(1 + t)^2", [iv.start + width * 4 * t / (1 + t) ** 2])]
    if iv.start.is_finite is not False:
        out += [(f"{s} = {iv.start} + t", [iv.start + lo_t]),
                (f"{s} = {iv.start} + log(1 + t)", [iv.start + sp.log(1 + lo_t)])]
    if iv.end.is_finite is not False:
        out += [(f"{s} = {iv.end} - t", [iv.end - hi_t]),
                (f"{s} = {iv.end} - log(1 + t)", [iv.end - sp.log(1 + hi_t)])]
    if iv.start == 0 and iv.left_open and iv.end is sp.oo and s.is_positive:
        out.insert(0, (f"{s} > 0", [s]))
    return tuple(out) or ((f"{s} real", [s]),)   # cached: the same (symbol, interval) maps to the same t


MAX_PIECES = 8
"""Most pieces of one combined substitution (closed intervals split in halves multiply them)."""


def substitutions(domain: dict, limit: int = 8):
    """Combined substitutions that map positive symbols onto the domain: (description, pieces), each piece a
    substitution dict; a claim shown on every piece holds on the domain."""
    per_symbol = [_shift_candidates(s, iv) for s, iv in domain.items()]
    for combo in itertools.islice(itertools.product(*per_symbol), limit):
        choices = list(itertools.product(*(values for _, values in combo)))
        if len(choices) > MAX_PIECES:
            continue
        pieces = []
        for values in choices:
            subs = {}
            for value, s in zip(values, domain):
                subs[s] = value.subs(subs)
            pieces.append(subs)
        yield "; ".join(d for d, _ in combo), pieces


def _substitute(expr, subs: dict):
    for s in reversed(list(subs)):
        expr = expr.subs(s, subs[s])
    return expr


def prove_sign(expr, sign: str, domain: dict, attempts: Attempts, depth: int = 0) -> str | None:
    """Method that shows ``expr`` has ``sign`` on ``domain``, or None."""
    return next(filter(None, (attempts.route(name, lambda p=p: p(expr, sign, domain, attempts, depth))
                              for name, p in _SIGN_ROUTES)), None)


EXPONENT_DEPTH = 3
"""Nested exponent comparisons at most (e^A - e^B, then A - B, ...)."""


def _by_exponents(expr, sign, domain, attempts, depth):
    """f = c (e^A - e^B), c a positive number, A and B real (a constant c is c e^0): f has the sign of A - B,
    exp being increasing.  ``e^(2 eps) - e^(eps s_1) e^(-eps s_2)`` (Liu's Theorem 7) is 2 eps - eps (s_1 - s_2)."""
    if depth >= EXPONENT_DEPTH:
        return None
    pair = _exponent_pair(sp.powsimp(expr))
    if pair is None:
        return None
    a, b = pair
    why = prove_sign(sp.expand(a - b), sign, domain, attempts, depth + 1)
    return f"exp increasing: the sign of {sp.sstr(a)} - ({sp.sstr(b)}) ({why})" if why else None


def _exponent_pair(e):
    """(A, B) with ``e = c e^A - c e^B``, c a positive number and A, B real by their assumptions; or None."""
    terms = sp.Add.make_args(e)
    if len(terms) != 2:
        return None
    parts = []
    for t in terms:
        c, rest = t.as_coeff_Mul()
        if rest == 1:
            parts.append((c, sp.Integer(0)))
        elif isinstance(rest, sp.exp) and rest.args[0].is_extended_real:
            parts.append((c, rest.args[0]))
        else:
            return None
    (c1, a1), (c2, a2) = parts
    if c1 != -c2 or c1 == 0:
        return None
    return (a1, a2) if c1 > 0 else (a2, a1)


def _by_difference(expr, sign, domain, attempts, depth):
    """f = G(x) - G(X), one expression at two points of x's interval: f >= 0 when X <= x there and G does not
    fall in x.  ``F*_beta(eps) - F*_beta(a eps)`` on a in (0, 1]: a eps <= eps, a eps > 0, and F*_beta rises in
    eps (each piece's slope nonnegative, the pieces meeting at the break)."""
    if sign != "nonnegative" or depth > 0 or not isinstance(expr, sp.Add) or len(expr.args) != 2:
        return None
    for u, w in ((expr.args[0], -expr.args[1]), (expr.args[1], -expr.args[0])):
        for x in sorted(u.free_symbols & set(domain), key=lambda s: s.name):
            X = _other_point(u, w, x)
            if X is None or domain[x].free_symbols or x.is_integer or attempts.exhausted:
                continue
            if any(x in iv.free_symbols for t, iv in domain.items() if t != x):   # the slope's points move with x
                continue
            found = _difference_at(u, x, X, domain, attempts, depth)
            if found:
                return found
    return None


def _other_point(u, w, x):
    """X with u(x -> X) == w, read where the two trees first differ at an x of u; or None."""
    def walk(a, b):
        if a == x:
            return b if b != x else None
        if a.func != b.func or len(a.args) != len(b.args):
            return None
        for p, q in zip(a.args, b.args):
            found = walk(p, q)
            if found is not None:
                return found
        return None
    X = walk(u, w)
    return X if X is not None and u.xreplace({x: X}) == w else None


def _difference_at(G, x, X, domain, attempts, depth):
    iv = domain[x]
    ends = [(X - iv.start, iv.left_open)] if iv.start.is_finite else []
    ends += [(iv.end - X, iv.right_open)] if iv.end.is_finite else []
    below = prove_sign(x - X, "nonnegative", domain, attempts, depth + 1)
    inside = below and all(prove_sign(e, "positive" if open_ else "nonnegative", domain, attempts, depth + 1)
                           for e, open_ in ends)
    rises = inside and _nondecreasing(G, x, domain, attempts, depth)
    return (f"G({x}) - G({sp.sstr(X)}) with {sp.sstr(X)} <= {x} in its interval ({below}) and G rising in {x} "
            f"({rises})") if rises else None


def _nondecreasing(G, x, domain, attempts, depth):
    """A method showing G does not fall in x on its interval: a smooth G by its slope; a two-piece Piecewise
    split at x < c by each piece's slope and the two pieces equal at x = c (no jump down)."""
    if not G.has(sp.Piecewise):
        finite = attempts.call("finite on the domain", lambda: _finite_on(G, domain))   # no pole to jump across
        return finite and prove_sign(sp.diff(G, x), "nonnegative", domain, attempts, depth + 1)
    if not isinstance(G, sp.Piecewise) or len(G.args) != 2 or G.args[1].cond is not sp.true:
        return None
    (low, cond), (high, _) = G.args
    if not isinstance(cond, (sp.StrictLessThan, sp.LessThan)) or cond.lhs != x or x in cond.rhs.free_symbols:
        return None
    if low.has(sp.Piecewise) or high.has(sp.Piecewise):
        return None
    c = cond.rhs
    finite = attempts.call("finite on the domain", lambda: _finite_on(low, domain) and _finite_on(high, domain))
    joined = finite and prove_zero(low.subs(x, c) - high.subs(x, c), attempts)
    slopes = [prove_sign(sp.diff(e, x), "nonnegative", domain, attempts, depth + 1) for e in (low, high)] \
        if joined else [None]
    return f"slopes {slopes[0]}; {slopes[1]}; the pieces meet at the break ({joined})" if all(slopes) else None


SQUARING_DEPTH = 2
"""Square roots removed by squaring, one after the other, from one sign claim."""


def _by_squaring(expr, sign, domain, attempts, depth):
    """f = A + S, S the one term with square roots (a product of them), every radicand proved nonnegative: A >= 0
    and A^2 - S^2 >= 0 give A >= |S| >= -S, so f >= 0 (and f > 0 when A^2 - S^2 > 0).  S^2 has no root left.
    ``1 - (p - q)^2 - (sqrt(pq) + sqrt((1 - p)(1 - q)))^2`` becomes p(1 - p) + q(1 - q) >= 0 and
    (p(1 - p) - q(1 - q))^2 >= 0 (Bretagnolle-Huber's Cauchy-Schwarz step)."""
    if sign not in ("positive", "nonnegative"):
        return _by_squaring(-expr, _FLIP[sign], domain, attempts, depth) if sign in _FLIP else None
    if depth >= SQUARING_DEPTH or not expr.has(sp.Pow) or attempts.exhausted:
        return None
    parts = attempts.call("radical term", lambda: _radical_term(expr))
    if not parts:
        return None
    rest, term, radicands = parts
    for r in radicands:
        if not prove_sign(r, "nonnegative", _restricted(domain, r.free_symbols), attempts, depth + 1):
            return None
    first = prove_sign(rest, "nonnegative", _restricted(domain, rest.free_symbols), attempts, depth + 1)
    gap = first and attempts.call("squared", lambda: sp.expand(rest**2 - term**2))
    second = gap is not None and first and prove_sign(gap, sign, domain, attempts, depth + 1)
    return (f"squared (f = A + S, S the term with square roots; A >= |S| gives f >= 0): A >= 0 by "
            f"{first}; A^2 - S^2 {sign} by {second}") if second else None


def _radical_term(expr):
    """(A, S, radicands) with expand(f) = A + S, S the only term holding a square root, or None."""
    half = lambda t: [b for b, e in (p.as_base_exp() for p in t.atoms(sp.Pow)) if e.is_Rational and e.q == 2]
    terms = sp.Add.make_args(sp.expand(expr))
    rooted = [t for t in terms if half(t)]
    if len(rooted) != 1 or half(sp.expand(rooted[0] ** 2)):
        return None
    rest = sp.Add(*[t for t in terms if t is not rooted[0]])
    return rest, rooted[0], sorted(set(half(rooted[0])), key=sp.default_sort_key)


LATTICE_DEPTH = 4
"""min/max atoms removed, one at a time, from one sign claim."""
_BOUND_BY = {sp.Min: "nonpositive", sp.Max: "nonnegative"}
"""f >= f(a_i) for each argument a_i of m when f falls in m = min(...) (m <= a_i) or rises in m = max(...)."""


def _by_lattice(expr, sign, domain, attempts, depth):
    """A claim f >= 0 (or f > 0) with min/max, one atom at a time.  At the top of a sum, min(a, b) + r >= 0
    exactly when a + r >= 0 and b + r >= 0 (and -max(a, b) + r likewise).  Elsewhere, where f is monotone in
    an atom m (its derivative in m, with m a symbol of m's own sign, proved nonpositive for a min, nonnegative
    for a max), f >= f with m replaced by any one of its arguments, and that claim is tried instead.
    ``min(uv, wz) - min(u, w) min(v, z)`` becomes uv - min(u, w) min(v, z), then uv - u min(v, z), then 0."""
    if sign not in ("positive", "nonnegative"):
        return _by_lattice(-expr, _FLIP[sign], domain, attempts, depth) if sign in _FLIP else None
    if depth >= LATTICE_DEPTH or not expr.has(sp.Min, sp.Max) or attempts.exhausted:
        return None
    split = _lattice_split(expr)
    if split:   # every argument's claim must hold
        found = []
        for claim in split:
            found.append(prove_sign(claim, sign, domain, attempts, depth + 1))
            if not found[-1]:
                return None
        return "min/max at the top, each argument: " + "; ".join(found)
    bound = _lattice_bound(expr, domain, attempts)
    for claim in bound[1] if bound else ():   # any one argument's claim suffices
        found = prove_sign(claim, sign, domain, attempts, depth + 1)
        if found:
            return f"{bound[0]}: {found}"
        if attempts.exhausted:
            return None
    return None


def _lattice_split(expr):
    for term in sp.Add.make_args(expr):
        m = term if isinstance(term, sp.Min) else (-term if isinstance(-term, sp.Max) else None)
        if m is not None:
            rest, unit = expr - term, (1 if isinstance(m, sp.Min) else -1)
            return [sp.Add(rest, unit * a) for a in m.args]
    return None


def respects_assumptions(domain: dict, symbols) -> bool:
    """Every symbol's interval in ``domain`` lies where its assumptions put it (a positive symbol on (0, oo)):
    only then may a fact SymPy derives from the assumptions be used on the domain."""
    ranges = (("positive", sp.Interval.open(0, sp.oo)), ("nonnegative", sp.Interval(0, sp.oo)),
              ("negative", sp.Interval.open(-sp.oo, 0)), ("nonpositive", sp.Interval(-sp.oo, 0)))
    domain = domain or {}
    for s in set(symbols) & set(domain):
        for kind, where in ranges:
            if getattr(s, f"is_{kind}") and domain[s].is_subset(where) is not True:
                return False
    return True


def _lattice_bound(expr, domain, attempts):
    if not respects_assumptions(domain, expr.free_symbols):   # the atoms' kinds are read from assumptions
        return None
    for m in sorted(expr.atoms(sp.Min, sp.Max), key=sp.default_sort_key):
        kinds = [k for k in ("positive", "nonnegative", "real") if all(getattr(a, f"is_{k}") for a in m.args)]
        if "real" not in kinds:   # the slope is proved for every x of its kind: m and every argument among them
            continue
        x = sp.Dummy("m", **{k: True for k in kinds})
        slope = sp.diff(expr.xreplace({m: x}), x)
        if _by_assumptions(slope, _BOUND_BY[type(m)], domain, attempts):
            return (f"monotone in {m}, bounded by an argument",
                    [expr.xreplace({m: a}) for a in sorted(m.args, key=sp.default_sort_key)])
        if attempts.exhausted:
            return None
    return None


def _by_groups(expr, sign, domain, attempts, depth):
    """A sum split in two: the terms with one symbol, and the rest.  When each part has the sign, so has the
    sum (both ``>= 0`` give ``>= 0``; both ``> 0`` give ``> 0``).  ``p1/(p1 + (1 - p1)k) - p1 + p2/(p2 + (1 - p2)k)
    - p2`` splits at p1 into two terms of one prior each.  Only clean splits are tried (each part needs a variable
    the other does not, counting the variables its intervals depend on: two claims on different variables),
    before any other route: the parts are small, where the whole may exhaust the symbolic budget.  Each symbol
    of the sum (by name) is tried once."""
    if depth > 0 or not isinstance(expr, sp.Add) or attempts.exhausted:
        return None
    for s in sorted(expr.free_symbols & set(domain), key=lambda x: x.name):
        part = sp.Add(*[t for t in expr.args if t.has(s)])
        rest = expr - part
        own, other = (set(_restricted(domain, g.free_symbols)) for g in (part, rest))
        if rest == 0 or not own - other or not other - own:   # each part needs a variable the other does not
            continue
        first = prove_sign(part, sign, _restricted(domain, part.free_symbols), attempts, depth + 1)
        second = first and prove_sign(rest, sign, _restricted(domain, rest.free_symbols), attempts, depth + 1)
        if second:
            return f"sum split at {s}: {first}; {second}"
        if attempts.exhausted:
            return None
    return None


def _by_assumptions(expr, sign, domain, attempts):
    accept = lambda e: getattr(e, f"is_{sign}") is True
    for desc, pieces in substitutions(domain):
        mapped = Mapped(expr, pieces)
        names = on_every_piece(mapped, lambda m: attempts.first(m, accept, REWRITES[:-1]))
        if names:
            return f"sign by assumptions{_after(desc)} ({names})"
        if _tails(expr, pieces) and any(m.has(*TAILS) for m in mapped):
            names = on_every_piece(mapped, lambda m: attempts.first(_positive_atoms(m), accept, REWRITES[:-1]))
            if names:
                return f"sign by assumptions{_after(desc)}, the normal tail positive and its inverse real on its range ({names})"
    return _root_free(expr, sign, domain, attempts)


TAILS = (sp.erfc, sp.erfcinv, sp.erfinv)


def _tails(expr, pieces) -> bool:
    """A normal tail or its inverse in ``expr`` or in a substituted value (substituting creates none)."""
    return expr.has(*TAILS) or any(v.has(*TAILS) for subs in pieces for v in subs.values())


class Mapped:
    """``expr`` after each substitution of ``pieces``, made when first read (a piece no rewrite settles ends
    :func:`on_every_piece` before the later ones are needed)."""

    def __init__(self, expr, pieces):
        self.expr, self.pieces, self.made = expr, pieces, []

    def __iter__(self):
        for k, subs in enumerate(self.pieces):
            if k == len(self.made):
                self.made.append(_substitute(self.expr, subs))
            yield self.made[k]


def on_every_piece(mapped, first):
    """The rewrites (joined) that settle every piece, or None at the first piece none settles."""
    names = []
    for m in mapped:
        name = first(m)
        if not name:
            return None
        names.append(name)
    return ", ".join(dict.fromkeys(names))


def _positive_atoms(e):
    """Each erfcinv (erfinv) of an argument proved inside (0, 2) ((-1, 1)) replaced by a real symbol, then each
    erfc of a real argument by a positive symbol (erfc > 0 on the reals); exp of the real result is positive.

    Sound for sign questions: a sign shown for all values of the new symbols in their ranges holds in
    particular for the actual values.
    """
    reps = {a: sp.Dummy("erfcinv", real=True) for a in e.atoms(sp.erfcinv, sp.erfinv) if _real_inverse(a)}
    e = e.xreplace(reps)
    reps = {a: sp.Dummy("erfc", positive=True) for a in e.atoms(sp.erfc) if a.args[0].is_real}
    return e.xreplace(reps)


def _real_inverse(a) -> bool:
    """erfcinv(x) is real for 0 < x < 2, erfinv(x) for -1 < x < 1 (both conditions proved by
    :func:`.conditions.truth_of`); such an atom may be any real number for a sign question."""
    lo, hi = (0, 2) if isinstance(a, sp.erfcinv) else (-1, 1)
    x = a.args[0]
    return truth_of(x > lo) is True and truth_of(x < hi) is True


def _root_free(expr, sign, domain, attempts):
    """One free symbol, a rational function (where solveset finds every real root), continuous, no root on
    the interval: the sign is constant.  Transcendental equations are excluded: solveset can miss a root of
    log(2) - log(1 + e^-s) - c (it returned EmptySet for a root near 1e-9), which is no proof."""
    free = expr.free_symbols
    if len(free) != 1 or sign not in ("positive", "negative"):
        return None
    s = next(iter(free))
    if not expr.is_rational_function(s) or s not in domain:  # a symbol with no interval (a bound variable let out)
        return None
    iv = domain[s]
    def decide():
        if sp.calculus.util.continuous_domain(expr, s, iv) != iv:
            return False
        if sp.solveset(expr, s, iv) is not sp.S.EmptySet:
            return False
        value = expr.subs(s, _interior(iv))
        return getattr(value, f"is_{sign}") is True
    ok = attempts.call("root analysis", decide)
    return f"no root on {iv} (solveset), continuous, {sign} at one point" if ok else None


def _interior(iv):
    if iv.start.is_finite and iv.end.is_finite:
        return (iv.start + iv.end) / 2
    if iv.start.is_finite:
        return iv.start + 1
    if iv.end.is_finite:
        return iv.end - 1
    return sp.Integer(0)


# --- signs through monotonicity: f(x) beyond its limit at an end -----------------

MONOTONE_DEPTH = 2
"""Nested monotonicity arguments (on the derivative, on the limit) allowed to one sign claim."""
MONOTONE_TRIES = 4
"""(symbol, end) pairs tried at each level."""
_NONSMOOTH = (sp.Abs, sp.Piecewise, sp.floor, sp.ceiling, sp.frac, sp.sign, sp.Max, sp.Min, sp.Heaviside,
              sp.DiracDelta, sp.KroneckerDelta, sp.Mod, sp.re, sp.im, sp.arg, sp.conjugate,
              sp.Sum, sp.Product, sp.Integral, sp.Derivative, sp.Limit)
_STRICT = {"positive": "nonnegative", "negative": "nonpositive"}


def _by_monotonicity(expr, sign, domain, attempts, depth):
    """Sign from an end of one symbol's interval: f tends to L there and moves away from 0.

    On (a, b] with f' > 0 (proved on the interval, far end included) and
    L = lim_{x -> a+} f >= 0, f(x) > L >= 0 (mean value theorem: f is
    differentiable on (a, b], with the continuous extension f(a) = L).  A
    closed end a needs f(a) = L exactly, L with the claimed sign and f' of the
    non-strict sign.  Mirrored for the right end, for negative and non-strict
    signs.  L may depend on the other symbols: its sign is a claim on their
    domain, decided the same way.  Smooth elementary expressions only (no Abs,
    Piecewise, floor, sums), proved finite on the whole domain (a pole, with
    f' "positive" on both sides, is excluded); real (not integer) symbols
    whose interval has constant ends and on which no other interval depends.
    """
    if depth >= MONOTONE_DEPTH or expr.has(*_NONSMOOTH) or attempts.exhausted:
        return None
    if not _finite_somehow(expr, domain, attempts, depth):
        return None
    for s, end, side in itertools.islice(_monotone_ends(expr, domain), MONOTONE_TRIES):
        found = _from_end(expr, sign, domain, attempts, depth, s, end, side)
        if found or attempts.exhausted:
            return found
    return None


def prove_from_an_end(expr, sign: str, domain: dict, attempts) -> str | None:
    """Monotonicity from an end (:func:`_by_monotonicity`) with one level more than :func:`prove_sign`
    allows itself (its limits and slopes decided by the full sign prover), or None."""
    return _by_monotonicity(expr, sign, domain, attempts, -1)


def prove_at_a_stationary_point(expr, sign: str, domain: dict, attempts) -> str | None:
    """Split one symbol's interval at a zero c of the slope (SymPy's solve) and argue from c both ways.

    With a < c < b proved at every point of the other symbols' domain, (a, b) is (a, c] and [c, b): on each
    piece, monotonicity from the closed end c (:func:`_from_end`: the value at c with the claimed sign, the
    slope of the right sign on the open piece).  Tangency inside the domain, kl(p||q) + log(1 - (p - q)^2) >= 0
    touching 0 along q = p, is closed exactly, where boxes cannot.  Smooth expressions proved finite only."""
    if expr.has(*_NONSMOOTH) or attempts.exhausted or not _finite_somehow(expr, domain, attempts, -1):
        return None
    for s, iv in domain.items():
        if not _movable(s, expr, domain) or iv.free_symbols:
            continue
        roots = attempts.found(f"stationary points in {s}", lambda: _stationary(expr, s))
        for c in roots[:STATIONARY_ROOTS]:
            found = _split_at(expr, sign, domain, attempts, s, c)
            if found or attempts.exhausted:
                return found
    return None


STATIONARY_ROOTS = 3
"""Zeros of one slope tried as split points."""


def _stationary(expr, s) -> tuple:
    """The zeros of the slope in ``s`` SymPy's solve finds; where it finds none (a transcendental slope, as
    t/4 - p e^t/(1 - p + p e^t) + p in Hoeffding's lemma), s = 0 when the slope vanishes there as written.  Any
    point inside the interval is a sound split (:func:`_split_at` argues from it both ways): these are hints."""
    slope = sp.factor(sp.together(sp.diff(expr, s)))
    try:
        roots = tuple(r for r in sp.solve(slope, s) if s not in r.free_symbols)
    except NotImplementedError:
        roots = ()
    return roots or ((sp.Integer(0),) if _is_zero(slope.subs(s, 0)) else ())


def _split_at(expr, sign, domain, attempts, s, c):
    iv, rest = domain[s], {t: v for t, v in domain.items() if t != s}
    ends = [c - iv.start] if iv.start.is_finite else []
    ends += [iv.end - c] if iv.end.is_finite else []
    if not attempts.call("split point finite and real", lambda: finite_real(c, rest)):
        return None
    if not all(prove_sign(e, "positive", rest, attempts, 1) for e in ends):
        return None
    low = {**rest, s: sp.Interval(iv.start, c, iv.left_open, False)}    # s after the symbols of c
    high = {**rest, s: sp.Interval(c, iv.end, False, iv.right_open)}
    below = _from_end(expr, sign, low, attempts, 0, s, c, "-")
    above = below and _from_end(expr, sign, high, attempts, 0, s, c, "+")
    return (f"split at the stationary point {s} = {sp.sstr(c)} (inside its interval): below, {below}; above, "
            f"{above}") if above else None


def _monotone_ends(expr, domain):
    """(symbol, end, side) to try: an end may move with the other symbols (r in [e^-eps, e^eps]), the
    argument being made at each of their values; no other interval may move with the symbol itself.  Closed
    ends come first (the value there, no limit to take), each group in the domain's order."""
    ends = []
    for s, iv in domain.items():
        if not _movable(s, expr, domain):
            continue
        ends += [(bool(iv.left_open) or iv.start.is_finite is not True, s, iv.start, "+"),
                 (bool(iv.right_open) or iv.end.is_finite is not True, s, iv.end, "-")]
    return [(s, end, side) for _, s, end, side in sorted(ends, key=lambda e: e[0])]   # closed ends first


def _movable(s, expr, domain) -> bool:
    """``s`` is a real symbol of ``expr`` that no other interval of ``domain`` moves with: an argument along
    ``s`` (monotonicity, a split) holds at each value of the others."""
    if s not in expr.free_symbols or s.is_integer:
        return False
    return not any(s in other.free_symbols for t, other in domain.items() if t != s)


def _from_end(expr, sign, domain, attempts, depth, s, end, side):
    iv = domain[s]
    closed = end.is_finite and not (iv.left_open if side == "+" else iv.right_open)
    others = {t: v for t, v in domain.items() if t != s}
    slope = sign if side == "+" else _FLIP[sign]
    slope = _STRICT.get(slope, slope) if closed else slope
    deriv = attempts.call(f"derivative in {s}", lambda: sp.diff(expr, s))
    if deriv is None or attempts.call(f"slope probe in {s}", lambda: _against(deriv, slope, domain)):
        return None
    limit = attempts.call(f"limit in {s} at {end}{side}", lambda: _end_value(expr, s, end, side, closed, others))
    if limit is None:
        return None
    rest = _restricted(others, limit.free_symbols)
    if not _finite_somehow(limit, rest, attempts, depth, real=True):
        return None
    target = sign if closed else _STRICT.get(sign, sign)
    why_limit = prove_sign(limit, target, rest, attempts, depth + 1)
    if not why_limit:
        return None
    open_end = sp.Interval(iv.start, iv.end, True, iv.right_open) if side == "+" else \
        sp.Interval(iv.start, iv.end, iv.left_open, True)
    why_slope = prove_sign(deriv, slope, {**domain, s: open_end}, attempts, depth + 1)
    if not why_slope:
        return None
    return (f"monotone in {s} from {s} -> {end}{side if not closed else ''} (limit {sp.sstr(limit)}: {why_limit}; "
            f"derivative {slope}: {why_slope})")


def finite_real(expr, domain) -> bool:
    """SymPy shows ``expr`` finite and real, from the symbols' assumptions or on ``domain`` (mapped as in
    :func:`_finite_on`): log(1 - p) on p in (0, 1)."""
    if expr.is_finite is True and expr.is_extended_real is True:
        return True
    covers = (pieces for _, pieces in substitutions(_restricted(domain, expr.free_symbols), limit=4))
    return any(all(_substitute(expr, subs).is_finite is True and _substitute(expr, subs).is_extended_real is True
                   for subs in pieces) for pieces in covers)


def _finite_on(expr, domain) -> bool:
    """SymPy proves ``expr`` finite at every point of ``domain`` (no pole of tan, 1/x, ... inside)."""
    return any(all(_substitute(expr, subs).is_finite is True for subs in pieces)
               for _, pieces in substitutions(domain, limit=4))


def _end_value(expr, s, end, side, closed, others):
    """The limit of ``expr`` at the end (equal to the value there for a closed end), or None; the caller shows
    it finite and real on the other symbols' domain ``others``."""
    limit = sp.limit(expr, s, end, side) if end.is_finite else sp.limit(expr, s, end)
    if limit.has(sp.Limit, sp.AccumBounds, sp.nan):
        return None
    if closed and sp.cancel(sp.together(expr.subs(s, end) - limit)) != 0:
        return None
    return limit


def _finite_somehow(expr, domain, attempts, depth, real=False) -> bool:
    """``expr`` finite (and real) on ``domain``: by SymPy's assumptions after a substitution, else as N/D with
    N finite (and real) the same way and D of one proved sign (``r_1 S/(r_1 A + r_2 B)`` on r_i in
    [e^-eps, e^eps], whose denominator SymPy cannot tell nonzero)."""
    test = finite_real if real else _finite_on
    if attempts.call("finite on the domain", lambda: test(expr, domain)):
        return True
    parts = attempts.call("numerator and denominator", lambda: sp.fraction(sp.together(expr)))
    if not parts or parts[1].is_number or not attempts.call("finite numerator", lambda: test(parts[0], domain)):
        return False
    return any(prove_sign(parts[1], which, domain, attempts, depth + 1) for which in ("positive", "negative"))


PROBE_DIGITS = 30
"""Digits of the one-point probe that skips a slope of the wrong sign (:func:`_against`)."""


def _against(deriv, slope: str, domain: dict) -> bool:
    """True when ``deriv`` has the strict opposite of ``slope`` at one interior point of ``domain``, so no
    proof of ``slope`` can exist: the end is skipped without searching.  Pruning only, never a verdict; a point
    that cannot be placed or evaluated skips nothing."""
    point = {}
    for t, iv in domain.items():
        iv = iv.subs(point)
        if iv.free_symbols:
            return False
        point[t] = _interior(iv)
    value = deriv.subs(point).evalf(PROBE_DIGITS)
    if not value.is_Float or abs(value) < sp.Float(10) ** -(PROBE_DIGITS // 2):
        return False
    if slope in ("positive", "nonnegative"):
        return bool(value < 0)
    return slope in ("negative", "nonpositive") and bool(value > 0)


def _restricted(domain: dict, free) -> dict:
    """The part of ``domain`` that the symbols ``free`` need (their intervals and those these depend on)."""
    need, grew = set(free), True
    while grew:
        more = set().union(*(domain[t].free_symbols for t in need if t in domain)) - need
        need, grew = need | more, bool(more)
    return {t: iv for t, iv in domain.items() if t in need}


def _after(desc: str) -> str:
    return f" after {desc}" if desc else ""


_SIGN_ROUTES = (("difference", _by_difference), ("exponents", _by_exponents), ("groups", _by_groups),
                ("assumptions", lambda expr, sign, domain, attempts, _: _by_assumptions(expr, sign, domain, attempts)),
                ("monotonicity", _by_monotonicity), ("lattice", _by_lattice), ("squaring", _by_squaring))
"""The ways :func:`prove_sign` tries, in order (each a route of the log: a replay passes over those that failed)."""
