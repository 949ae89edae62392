"""Validated numerics: signs proved by branch and bound over boxes with arb enclosures.

The claim ``f > 0`` (or >= 0, < 0, <= 0) on a domain is pulled back to the
unit box by a monotone change of variables (:mod:`.chart`), and the box is
split until every piece is closed by a rule of :mod:`.rules`: an enclosure of
f, or a derivative chain from a face (tight claims, where f touches 0 at an
end).  Boxes reaching infinity are judged in extended interval arithmetic
(:mod:`.ext`).  The budget counts boxes at a fixed precision, so the verdict
never depends on the machine.  The subdivision tree and the rule of each leaf
is the certificate (:func:`.search.encode`), replayed by :func:`.search.replay`.

When the boxes run out, the centres of the boxes left open (where f is
nearest to failing) are offered as candidate counterexamples; only an arb
enclosure that excludes 0 makes one a witness (:mod:`..certify`).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction

import mpmath as mp
import sympy as sp
from mpmath.libmp import from_man_exp

from ..enclose.arb import ArbFn, NotRigorous
from ..enclose.arb_readout import as_mpf
from ..model.budget import exhausted
from . import fraction, shifted, tails, values
from .chart import chart
from .rules import Family, Problem
from ..model.replay import ReplayFailed
from .search import FORM_BOXES, Search, budget_for, decode, encode, replay, unit_box

PREC = 128
"""Bits of every enclosure of a validated-numerics proof (fixed: part of the certificate)."""
WITNESS = "witness: "
"""Certificate of a search whose open box held a counterexample: the note and that candidate point (exact
binary values), so a replay judges the point again instead of searching again."""
FRACTION = fraction.TAG
"""Certificate of a proof on the numerator and the denominator: ``frac:<D's sign>;<N's box log>;<D's box log>``."""
TAILS = "tails:"
"""Certificate of a proof on a Mills form of the claim (:mod:`.tails`): ``tails:<form's index>;<its box log>``."""
SHIFTED = "shift:"
"""Certificate of a proof on the claim's exponentials shifted to the origin (:mod:`.shifted`): ``shift:<box log>``."""
OPEN = "open: "
"""Certificate of a search that left boxes open (and whose candidates refuted nothing): replayed, not re-run."""
REGIONS = "regions:"
"""Certificate of a proof region by region (:mod:`..regions`): not a box log of the whole domain."""
CANDIDATES = 40
"""Centres of open boxes tried as counterexamples."""
RULE_NAMES = {"E": "enclosure", "M": "mean-value form", "T": "exponential chart at infinity", "L": "derivative chain from the lower face",
              "R": "derivative chain from the upper face", "V": "monotone to a vertex",
              "P": "Taylor model along a touching line", "X": "interval arithmetic on exact ends"}


@dataclass(frozen=True)
class Attempt:
    """What validated numerics found: a proof (method, detail, certificate) or the candidates it leaves."""

    proved: bool
    method: str = ""
    detail: str = ""
    certificate: str = ""
    candidates: tuple = ()
    note: str = ""
    boxes: int = 0
    """Boxes of the proof (0 when there is none)."""
    violated: bool = False
    """A box where the enclosure has the wrong sign was met (the claim is likely false)."""


def _signed(expr, which):
    f = -expr if which in ("negative", "nonpositive") else expr
    return sp.sympify(f), which in ("positive", "negative")


def problem(expr, which, domain, member=None):
    """The :class:`Problem` of a sign claim (``member``: its family and value, :class:`.rules.Family`), or
    (None, why not)."""
    if expr.has(sp.Sum, sp.Integral):
        return None, "a sum or an integral in the claim"
    c = chart(domain)
    if c is None:
        return None, "an integer symbol"
    f, strict = _signed(expr, which)
    try:
        return Problem(f, strict, c, PREC, member), ""
    except NotRigorous as exc:
        return None, str(exc)
    except RecursionError:
        return None, "the expression is too deep"


def _proved(p, boxes, certificate) -> Attempt:
    rules = ", ".join(RULE_NAMES[r] for r in sorted(p.used))
    method = f"validated numerics: {boxes} box{'es' if boxes != 1 else ''}, {PREC} bits"
    detail = (f"branch and bound over {boxes} box{'es' if boxes != 1 else ''} of the domain mapped onto the unit box, arb enclosures "
              f"at {PREC} bits; every box closed by: {rules}")
    return Attempt(True, method, detail, certificate, boxes=boxes)


def prove(expr, which: str, domain: dict, recorded: str = "", split: bool = True, member=None,
          budget: int | None = None, forms: bool = True) -> Attempt:
    """Prove the sign claim by branch and bound (or replay ``recorded``, a certificate); where boxes on f
    itself stay open, on its numerator and denominator (``split``, :mod:`.fraction`).  ``member``: the claim
    is a family's at one value of its integer symbol (:class:`.rules.Family`).  ``budget``: boxes of the
    search (default :func:`.search.budget_for` the claim's dimension).  ``forms``: where boxes stay open, also
    the shifted and Mills forms (:mod:`.shifted`, :mod:`.tails`); off inside them and in the regions route,
    whose side conditions share a wall-clock budget that those searches would spend."""
    if recorded.startswith(REGIONS):  # proved region by region (:mod:`..regions`), replayed there
        return Attempt(False, certificate=recorded, note="proved region by region")
    if recorded.startswith(OPEN):  # the search failed when the certificate was made: not searched again
        return Attempt(False, certificate=recorded, note=recorded[len(OPEN):])
    if recorded.startswith(WITNESS):  # the search left open the box whose centre refuted the claim: that point
        note, point = _read_witness(recorded, domain)
        return Attempt(False, certificate=recorded, note=note, candidates=(point,))
    expr = values.written_out(expr) if expr.has(sp.Sum) else expr
    if recorded.startswith(FRACTION):
        return _as_fraction(expr, which, domain, recorded)
    if recorded.startswith(TAILS):
        return _in_tails(expr, which, domain, recorded)
    if recorded.startswith(SHIFTED):
        return _as_shifted(expr, which, domain, recorded)
    enumerable = values.integer_symbol(domain)
    if enumerable and len(domain) > 1:
        return _by_values(expr, which, domain, enumerable, recorded)
    if not recorded and exhausted():   # the claim's searches spent their counted work (..budget.WORK)
        return Attempt(False, note="validated numerics not run: the claim's counted work is spent")
    p, why = problem(expr, which, domain, member)
    if p is None:
        return Attempt(False, note=f"validated numerics not applicable ({why})")
    box = unit_box(len(p.chart.coords))
    if recorded:
        bits, rules = decode(recorded)
        return _proved(p, replay(p, box, bits, rules), recorded)
    s = Search(p, budget or budget_for(len(box)))
    if s.run(box):
        return _proved(p, s.boxes, encode(s.bits, s.rules))
    left = len(s.open)
    note = (f"validated numerics searched {s.boxes} boxes (budget {s.budget} boxes, {PREC} bits) and {left} "
            f"remained open" if s.violated is None else
            f"validated numerics found a box where the enclosure has the wrong sign")
    other = None if s.violated is not None or not forms else _as_shifted(expr, which, domain)
    if other is not None and other.proved:
        return other
    if other is not None:
        note += f"; {other.note}"
    other = None if s.violated is not None or not split else _as_fraction(expr, which, domain, budget=budget)
    if other is not None and other.proved:
        return other
    if other is not None:
        note += f"; {other.note}"
    other = None if s.violated is not None or not (split and forms) or not tails.applies(expr) else \
        _in_tails(expr, which, domain)
    if other is not None and other.proved:
        return other
    if other is not None:
        note += f"; {other.note}"
    return Attempt(False, certificate=OPEN + note, candidates=tuple(_centres(p, s, domain)), note=note,
                   violated=s.violated is not None)


def _by_values(expr, which, domain, enumerable, recorded: str) -> Attempt:
    """The claim at each value of its integer symbol (:mod:`.values`), each proved on the other symbols."""
    s, points = enumerable
    rest = {t: iv for t, iv in domain.items() if t != s}
    logs = values.decode(recorded) if recorded else [""] * len(points)
    if len(logs) != len(points):
        raise ReplayFailed(f"the recorded enumeration has {len(logs)} values, the domain {len(points)}")
    done, boxes = [], 0
    family = Family(_signed(expr, which)[0], s)
    for v, log in zip(points, logs):
        found = prove(expr.xreplace({s: sp.Integer(v)}), which, rest, log, member=(family, sp.Integer(v)))
        if not found.proved:
            note = f"at {s} = {v}, {found.note}"
            return Attempt(False, certificate=OPEN + note, note=note,
                           candidates=tuple({**c, s: mp.mpf(v)} for c in found.candidates))
        done.append(found.certificate)
        boxes += found.boxes
    method = f"validated numerics: {boxes} boxes over {len(points)} values of {s}, {PREC} bits"
    detail = (f"exact enumeration of the integer {s} from {points[0]} to {points[-1]}; at each value, branch and "
              f"bound over boxes of the other symbols, arb enclosures at {PREC} bits ({boxes} boxes in all)")
    return Attempt(True, method, detail, values.encode(s, done), boxes=boxes)


def _as_fraction(expr, which, domain, recorded: str = "", budget: int | None = None):
    """The claim as the signs of a numerator and a denominator (:mod:`.fraction`), or None (not a fraction).
    ``recorded``: the certificate ``frac:<denominator sign>;<numerator's>;<denominator's>`` to replay."""
    found = fraction.parts(expr)
    if found is None:
        if recorded:
            raise ReplayFailed("the claim no longer splits into a numerator and a denominator")
        return None
    n, d, sign = found
    if recorded:
        dsign, ncert, dcert = recorded[len(FRACTION):].split(";")
        return _pair(prove(n, fraction.claims(which, sign, dsign), domain, ncert, split=False),
                     prove(d, dsign, domain, dcert, split=False), dsign)
    for dsign in ("positive", "negative"):
        den = prove(d, dsign, domain, split=False, budget=budget)
        if den.proved:
            return _pair(prove(n, fraction.claims(which, sign, dsign), domain, split=False, budget=budget), den, dsign)
    return Attempt(False, note="written as one fraction N/D, no sign of D was proved")


def _as_shifted(expr, which, domain, recorded: str = ""):
    """The claim with its exponentials shifted to the origin (:mod:`.shifted`), or None (not such a claim).
    ``recorded``: the certificate ``shift:<box log>`` to replay."""
    found = shifted.form(expr)
    if found is None:
        if recorded:
            raise ReplayFailed("the claim no longer has a form with its exponentials shifted to the origin")
        return None
    core, sign = found
    inner = prove(core, fraction.claims(which, sign, "positive"), domain, recorded[len(SHIFTED):], split=False,
                  budget=FORM_BOXES, forms=False)
    if not inner.proved:
        return Attempt(False, note=f"with e^x = 1 + x exprel(x): {inner.note}")
    detail = (f"every e^(k x) written (1 + x exprel(x))^k and expanded (the cancelling low orders exact), "
              f"positive factors dropped: {inner.detail}")
    method = inner.method.replace("validated numerics:", "validated numerics with e^x = 1 + x exprel(x):")
    return Attempt(True, method, detail, SHIFTED + inner.certificate, boxes=inner.boxes)


def _in_tails(expr, which, domain, recorded: str = "") -> Attempt:
    """The claim on its Mills forms (:mod:`.tails`), the first that a search closes; ``recorded``: the
    certificate ``tails:<index>;<box log>`` to replay."""
    forms = tails.forms(expr)
    if recorded:
        index, log = recorded[len(TAILS):].split(";", 1)
        if int(index) >= len(forms):
            raise ReplayFailed(f"the claim has {len(forms)} Mills forms, the certificate names form {index}")
        core, sign = forms[int(index)]
        return _in_form(int(index), prove(core, tails.which_for(which, sign), domain, log, split=False, forms=False))
    for index, (core, sign) in enumerate(forms):
        found = prove(core, tails.which_for(which, sign), domain, split=False, budget=FORM_BOXES, forms=False)
        if found.proved:
            return _in_form(index, found)
    return Attempt(False, note=f"no Mills form of its normal tails closed ({len(forms)} tried)")


def _in_form(index: int, found: Attempt) -> Attempt:
    if not found.proved:
        return Attempt(False, note=f"its Mills form: {found.note}")
    whose = "the claim" if index == 0 else "the claim divided by a positive term"
    detail = (f"normal tails written with the Mills ratio, erfc(z) = sqrt(2/pi) e^(-z^2) Mills(sqrt(2) z) and "
              f"Phi(z) = phi(z) Mills(-z) (A&S 26.2.12), exponentials of a term combined, {whose}: {found.detail}")
    method = found.method.replace("validated numerics:", "validated numerics on the Mills form:")
    return Attempt(True, method, detail, f"{TAILS}{index};{found.certificate}", boxes=found.boxes)


def _pair(num: Attempt, den: Attempt, dsign: str) -> Attempt:
    if not num.proved:
        return Attempt(False, note=f"its fraction form's numerator: {num.note}")
    boxes = num.boxes + den.boxes
    method = f"validated numerics on numerator and denominator: {boxes} boxes, {PREC} bits"
    detail = (f"f = N/D (one fraction, exponentials of sums expanded, factors known positive dropped); the "
              f"denominator {dsign}: {den.detail}; the numerator: {num.detail}")
    return Attempt(True, method, detail, f"{FRACTION}{dsign};{num.certificate};{den.certificate}", boxes=boxes)


def decide(expr, which: str, domain: dict, attempts) -> Attempt:
    """:func:`prove`, replaying the box log of the claim's certificate when it has one.

    The recorder hands the recorded log over as ``attempts.recorded_boxes`` and
    takes the new one from ``attempts.boxes`` (the certificate's ``boxes``).
    """
    recorded = getattr(attempts, "recorded_boxes", "") or ""
    try:
        found = prove(expr, which, domain, recorded, budget=getattr(attempts, "box_budget", None))
    except ReplayFailed as exc:
        raise ReplayFailed(f"the recorded box log did not close: {exc}") from None
    attempts.boxes = found.certificate
    return found


def refuted_at(attempts, found: Attempt, refuted):
    """The outcome of :func:`..numeric.refute_at` on ``found``'s candidates, recording the candidate that refuted
    (certificate ``witness: ``); a recorded candidate that no longer refutes is a failed replay."""
    if refuted is None:
        if found.certificate.startswith(WITNESS):
            raise ReplayFailed("the recorded counterexample no longer refutes the claim")
        return None
    outcome, point = refuted
    attempts.boxes = _witness(found.note, point)
    return outcome


def _witness(note: str, point: dict) -> str:
    exact = lambda v: (v if isinstance(v, mp.mpf) else mp.mpf(v))._mpf_[:3]   # mp.mpf(v) would round v
    coords = sorted([str(x), *(int(n) for n in exact(v))] for x, v in point.items())
    return WITNESS + json.dumps({"note": note, "point": coords}, sort_keys=True)


def _read_witness(recorded: str, domain: dict):
    data = json.loads(recorded[len(WITNESS):])
    names = {str(x): x for x in domain}
    try:
        point = {names[n]: _exactly(sign, man, exp) for n, sign, man, exp in data["point"]}
    except KeyError as exc:
        raise ReplayFailed(f"the recorded counterexample names {exc}, not a symbol of the domain") from None
    return data["note"], point


def _exactly(sign: int, man: int, exp: int):
    """The mpf (-1)^sign man 2^exp with every bit of ``man`` (no rounding to the context's precision)."""
    with mp.workprec(max(man.bit_length(), 53)):
        return mp.mpf(from_man_exp((-1) ** sign * man, exp))


def _centres(p, s, domain):
    """Points at the centres of the open boxes, the most nearly failing first (the violated box leads)."""
    def key(item):
        box, value = item
        lo = value[0] if value is not None else None
        return (box != s.violated, lo is None or isinstance(lo, str), _float(lo))
    ordered = sorted(s.open, key=key)[:CANDIDATES]
    maps = [ArbFn(p.chart.forward[x], p.chart.coords) for x in p.chart.symbols]
    for where in (HALVES, QUARTERS):  # centres, then off-centre points (off a diagonal where f may vanish)
        for box, _ in ordered:
            point = _point(p, maps, box, where)
            if point is not None:
                yield point
    for box in _near_the_middle(len(p.chart.coords)):
        point = _point(p, maps, box)
        if point is not None:
            yield point


NUDGES = (Fraction(1, 2 ** 5), Fraction(1, 2 ** 7), Fraction(1, 2 ** 10))
"""Offsets from the middle of the unit box, one coordinate at a time, tried last as counterexamples."""


def _near_the_middle(d: int):
    """Degenerate boxes at the middle of the unit box, nudged along one coordinate: a near-miss claim is often
    false only close to a symmetric point where the true version is tight (Pinsker's 2 at p = q = 1/2)."""
    half = Fraction(1, 2)
    for nudge in NUDGES:
        for i in range(d):
            for sign in (1, -1):
                yield tuple((half + sign * nudge,) * 2 if j == i else (half, half) for j in range(d))


def _float(lo):
    return float(as_mpf(lo)) if lo is not None and not isinstance(lo, str) else 0.0


HALVES = (Fraction(1, 2), Fraction(1, 2))
QUARTERS = (Fraction(1, 4), Fraction(3, 4))


def _point(p, maps, box, where=HALVES):
    """The point of ``box`` at a + (b - a) w per coordinate, w alternating over ``where`` (halves: the centre)."""
    from .rules import _exact
    centre = {u: _exact(a + (b - a) * where[i % 2]) for i, (u, (a, b)) in enumerate(zip(p.chart.coords, box))}
    point = {}
    for x, fn in zip(p.chart.symbols, maps):
        v = fn(centre, 256)
        if not v.is_finite():
            return None
        with mp.workdps(60):
            point[x] = +as_mpf(v.mid())
    return point
