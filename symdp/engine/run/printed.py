"""The printed side of a printed claim, and how it is decided: an equation, an inequality or a chain.

:func:`side` reads the printed side (a SymPy expression or relation, the
paper's LaTeX, or a quote) through :func:`symdp.latex.display` against the
derived expression (so unknown names take its symbols and their
assumptions), applies a reading when the derivation states one, and keeps
what the record and the report need: the exact LaTeX, its provenance, the
files read, the left side the display defines and its side conditions.

:func:`claim` turns a side into what the prover decides.  An equation chain
with a derived expression compares each member with it (the fingerprint and
seed of that path are the ones symdp always used, so certificates keep
matching).  A relation with an inequality is a list of *links*, each a sign
claim (``L <= R``: ``R - L`` nonnegative) or an identity, decided by the same
prover as ``d.sign``/``d.identity``; with a derived expression the members
before the first inequality are also compared with it.  A link refuted with a
certified witness makes the claim an ERRATUM: the paper printed a false
relation, which is an error of the printed text exactly as a wrong formula is
(``symdp paper`` reports both as "disagrees").  Side conditions narrow the
claim's domain (intersected with the ``domain`` argument).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

import sympy as sp

from ...errors import SymdpError
from ...latex import NOTATION, Notation, Quote, Reading, display
from ..proof import certificates as certs
from . import decide
from ..model import domain as dom
from ..model.records import Outcome, Provenance
from ..model.status import Status

_RELATIONS = {sp.Equality: "=", sp.StrictLessThan: "<", sp.LessThan: "<=", sp.StrictGreaterThan: ">",
              sp.GreaterThan: ">="}
_SIGN = {"<": ("positive", 1), "<=": ("nonnegative", 1), ">": ("positive", -1), ">=": ("nonnegative", -1)}
"""op -> (the sign claimed of (R - L) * orientation, orientation): ``L < R`` is ``R - L > 0``, ``L >= R`` is
``L - R >= 0``."""


@dataclass(frozen=True)
class Side:
    members: tuple
    """The members of the printed chain, left to right (the reading's result, with a reading); the defined side
    excluded."""
    latex: str = ""
    provenance: Provenance | None = None
    reads: dict = field(default_factory=dict)
    ops: tuple = ()
    """The relation between consecutive members ("=", "<", "<=", ">", ">="): ``len(members) - 1`` of them."""
    conditions: tuple = ()
    """The display's side conditions, as SymPy booleans."""
    defines: str = ""
    """The LaTeX of the left side the display defines, "" when none."""

    @property
    def shown(self):
        """The expression the record keeps as the printed side."""
        return self.members[0] if len(self.members) == 1 else sp.Tuple(*self.members)

    @property
    def equation(self) -> bool:
        """Every relation of the chain is ``=`` (a formula, compared member by member with a derived one)."""
        return all(op == "=" for op in self.ops)


@dataclass(frozen=True)
class Read:
    """What one display states (the fields of :class:`symdp.latex.Display`)."""

    chain: tuple
    ops: tuple
    conditions: tuple = ()
    defines: str = ""


def _read(text: str, notation: Notation, derived) -> Read:
    context = sp.sympify(derived) if isinstance(derived, (int, float)) else derived  # a number, never text
    got = display(text, notation, derived=context)
    return Read(tuple(got.chain), tuple(got.ops), tuple(got.conditions), got.defines)


def _relation(rel) -> Read:
    """A SymPy relation as a one-link chain."""
    op = _RELATIONS.get(type(rel))
    if op is None:
        raise SymdpError("printed", sp.sstr(rel), "an equation or inequality (=, <, <=, >, >=)")
    return Read((rel.lhs, rel.rhs), (op,))


def _reading(found, reading: Reading | None):
    if reading is None:
        return found, "", ""
    if not isinstance(reading, Reading):
        raise SymdpError("reading", reading, "a symdp.latex.Reading(name, text, fn)")
    read = tuple(reading.apply(m) for m in found)
    literal = "" if read == found else "; ".join(sp.sstr(m) for m in found)
    return read, reading.describe(), literal


def _sympy_side(printed, latex: str, reading) -> Side:
    if reading is not None:
        raise SymdpError("reading", reading, "a reading of LaTeX or a quote (the printed side is already SymPy)")
    if isinstance(printed, (sp.Rel, sp.logic.boolalg.BooleanAtom)):
        if isinstance(printed, sp.logic.boolalg.BooleanAtom):
            raise SymdpError("printed", printed, "a relation SymPy has not already evaluated (build it with "
                             "evaluate=False, or quote the paper)")
        got = _relation(printed)
        return Side(got.chain, latex, ops=got.ops)
    return Side((printed,), latex)


def _kept(got: Read, prov: Provenance, reads: dict, latex: str, reading) -> Side:
    compared, how, literal = _reading(got.chain, reading)
    conditions = tuple(sp.sstr(c) for c in got.conditions)
    prov = replace(prov, reading=how, literal=literal, defines=got.defines, conditions=conditions)
    return Side(compared, latex, prov, reads, got.ops, got.conditions, got.defines)


def side(printed, derived, latex: str = "", reading: Reading | None = None,
         notation: Notation | None = None) -> Side:
    """The printed side of ``d.printed(...)`` (SymdpError, quoting the fragment, when it cannot be read)."""
    if derived is not None and not _expression(derived):
        raise SymdpError("derived", derived, "a SymPy expression (the value the printed side states), or omitted "
                         "when the printed relation is the whole claim")
    if isinstance(printed, sp.Basic):
        return _sympy_side(printed, latex, reading)
    notation = NOTATION if notation is None else notation
    if isinstance(printed, str):
        got = _read(printed, notation, derived)
        return _kept(got, Provenance(""), {}, latex or printed.strip(), reading)
    if not isinstance(printed, Quote):
        raise SymdpError("printed", printed, "a SymPy expression or relation, a LaTeX string or a symdp.quote(...)")
    found = printed.formula()
    got = _read(found.latex, replace(notation, macros=found.macros + notation.macros), derived)
    reads = found.reads() if found.file else {str(Path(printed.origin) / printed.path): ""}
    prov = Provenance(printed.path, found.line, printed.label or "", printed.number or "", part=found.part)
    return _kept(got, prov, reads, latex or found.latex.strip(), reading)


def failed(printed, latex: str = "") -> Side:
    """What the record keeps of a printed side that could not be read (the claim is an ERROR)."""
    if isinstance(printed, Quote):
        return Side((), latex or printed.latex or "", Provenance(printed.path, printed.line or 0,
                                                                 printed.label or "", printed.number or ""))
    return Side((), latex or (printed if isinstance(printed, str) else ""), Provenance("") if
                isinstance(printed, str) else None)


def _expression(value) -> bool:
    """An expression a printed side can be compared with (a Python number too, as derivations have always passed)."""
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return number or isinstance(value, sp.Expr) and not isinstance(value, sp.Tuple)


def exprs(side: Side, derived) -> list:
    """The expressions the record shows: the printed side and the derived one (when given)."""
    shown = [(r"\text{printed}", side.shown)] if side.members else []
    return shown + ([(r"\text{derived}", derived)] if derived is not None else [])


# -- deciding ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Claim:
    """A printed side made decidable: the certificate's key, the sampling seed and the decider."""

    fingerprint: str
    seed: str
    decide: object
    """``decide(attempts) -> Outcome``."""


def claim(side: Side, derived, domain, where: str) -> Claim:
    """What the prover decides for ``d.printed(cid, side, derived, domain)`` (SymdpError when nothing is stated)."""
    domain = within(domain, side.conditions)
    if derived is not None and side.equation:  # the formula path, keyed as it always was
        compared = side.members[0] if len(side.members) == 1 else side.members
        fp = certs.fingerprint("identity", compared, derived, domain, True, None)
        seed = certs.content_key("identity", compared, derived, domain, True, None)
        said = (*side.members, derived)
        return Claim(fp, seed, lambda a: sampled_families(
            _as_erratum(_members(side.members, derived, domain, seed, a), where, side), said))
    value = sp.sympify(derived) if isinstance(derived, (int, float)) else derived  # a number, never text
    links, decided = _real(_links(side, value), domain)
    fp = certs.fingerprint("printed-relation", side.members, side.ops, derived, domain)
    seed = certs.content_key("printed-relation", side.members, side.ops, derived, domain)
    said = [e for link in links for e in (link.left, link.right)]
    return Claim(fp, seed, lambda a: sampled_families(_relation_outcome(links, decided, seed, a, where), said))


def sampled_families(outcome: Outcome, exprs) -> Outcome:
    """``outcome`` made honest about indexed families (``mu[i]`` of ``\\sum_i \\mu_i^2``): the prover samples
    ``mu[i]`` as one number, a constant sequence.  A sample then says nothing of other sequences (VERIFIED
    becomes UNDECIDED); a counterexample stands (a constant sequence is a sequence) only where every bound of
    a sum or product is an integer at the witness (a sum to 2.5 is no sum).  A proof is untouched."""
    exprs = [e for e in exprs if isinstance(e, sp.Basic)]
    families = sorted({sp.sstr(i) for e in exprs for i in e.atoms(sp.Indexed)})
    if not families:
        return outcome
    if outcome.status is Status.VERIFIED:
        return replace(outcome, status=Status.UNDECIDED, detail=outcome.detail + "; not evidence: each point gave "
                       f"the indexed family {', '.join(families)} one value (a constant sequence)")
    witness = outcome.witness
    if outcome.status in (Status.REFUTED, Status.ERRATUM) and witness is not None:
        bounds = {str(s) for e in exprs for c in e.atoms(sp.Sum, sp.Product) for lim in c.limits
                  for end in lim[1:] for s in end.free_symbols}
        off = [f"{k}={v}" for k, v in witness.point if k in bounds and not _whole(v)]
        if off:
            return Outcome(Status.UNDECIDED, outcome.method, outcome.detail + f"; not a witness: {', '.join(off)} "
                           "is no integer bound of a sum", None, outcome.points, 0)
    return outcome


def _whole(value: str) -> bool:
    try:
        return float(value).is_integer()
    except ValueError:
        return False


def _real(links: list, domain):
    """Links and domain with every symbol not declared real but given a real interval (by a side condition or
    ``domain``) made a real symbol of the same name: a name the paper bounds (``t \\ge 0``) is a real number."""
    free = set().union(*(link.left.free_symbols | link.right.free_symbols for link in links))
    swap = {s: sp.Symbol(s.name, real=True) for s in free if isinstance(s, sp.Symbol) and s.is_real is None
            and s in (domain or {})}
    if not swap:
        return links, domain
    moved = [replace(link, left=link.left.xreplace(swap), right=link.right.xreplace(swap)) for link in links]
    return moved, {swap.get(s, s): iv.xreplace(swap) for s, iv in domain.items()}


@dataclass(frozen=True)
class Link:
    """One thing a printed relation states: ``left op right``."""

    left: sp.Expr
    op: str
    right: sp.Expr
    what: str

    def decide(self, domain, seed, attempts) -> Outcome:
        if self.op == "=":
            return decide.identity(self.left, self.right, domain, seed, attempts)
        return decide.sign(self.difference, _SIGN[self.op][0], domain, seed, attempts)

    @property
    def why(self) -> str:
        if self.op == "=":
            return " (the printed member disagrees with the derivation; corrected form is the derived one)"
        return f" ({sp.sstr(self.difference)} must be {_SIGN[self.op][0]})"

    @property
    def difference(self):
        """What the link claims the sign of: ``R - L`` for ``<``/``<=``, ``L - R`` for ``>``/``>=``."""
        return (self.right - self.left) * _SIGN[self.op][1]


def _links(side: Side, derived) -> list[Link]:
    """The links of a printed relation; with ``derived``, the members before the first inequality equal it."""
    chain, ops = side.members, side.ops
    if not ops and derived is None:
        raise SymdpError("derived", None, "a derived expression: the printed side " + (
            f"defines {side.defines} and " if side.defines else "") + "states no relation to check by itself")
    first = next((k for k, op in enumerate(ops) if op != "="), len(ops)) if derived is not None else 0
    equal = [Link(chain[k], "=", derived, f"printed member {k + 1} = derived") for k in
             (range(first + 1) if derived is not None else ())]
    text = lambda k: f"{sp.sstr(chain[k])} {ops[k]} {sp.sstr(chain[k + 1])}"
    return equal + [Link(chain[k], ops[k], chain[k + 1], text(k)) for k in range(first, len(ops))]


def _relation_outcome(links, domain, seed, attempts, where: str) -> Outcome:
    """Each link in order: the first refuted makes an ERRATUM with its witness; else the weakest outcome."""
    outcomes = []
    for link in links:
        outcome = link.decide(domain, seed, attempts)
        if outcome.status is Status.REFUTED:
            return Outcome(Status.ERRATUM, outcome.method, f"printed {where or 'relation'} is false: {link.what} "
                           f"fails{link.why}; " + outcome.detail, outcome.witness, outcome.points, 0)
        outcomes.append((link, outcome))
    weakest = max((o for _, o in reversed(outcomes)), key=lambda o: o.status.rank)  # ties: the last link's
    detail = "; ".join(f"{link.what}: {o.detail}" for link, o in outcomes)
    return Outcome(weakest.status, weakest.method, "printed relation holds: " + detail, None, weakest.points,
                   weakest.digits)


def _members(members, derived, domain, fp, attempts) -> Outcome:
    """Each member of a printed chain against ``derived``, in order: the first that fails, else the weakest."""
    outcomes = []
    for k, member in enumerate(members):
        outcome = decide.identity(member, derived, domain, fp, attempts)
        if len(members) > 1:
            outcome = replace(outcome, detail=f"member {k + 1} of {len(members)} of the printed chain: "
                              + outcome.detail)
        if outcome.status is Status.REFUTED:
            return outcome
        outcomes.append(outcome)
    return max(outcomes, key=lambda o: o.status.rank)


def _as_erratum(outcome: Outcome, where: str, side=None) -> Outcome:
    """A refuted printed-vs-derived identity is an erratum of the printed text."""
    reading = side.provenance.reading if side is not None and side.provenance else ""
    noise = side.provenance.literal if side is not None and side.provenance else ""
    read = (f"read as {reading}" + ("; the literal text differs (extraction noise, not an erratum)" if noise
                                    else "; the literal text reads the same") + "; ") if reading else ""
    if outcome.status is not Status.REFUTED:
        return Outcome(outcome.status, outcome.method, read + "printed form agrees: " + outcome.detail,
                       None, outcome.points, outcome.digits)
    return Outcome(Status.ERRATUM, outcome.method,
                   read + f"printed {where} disagrees with the derivation; corrected form is the derived one; "
                   + outcome.detail, outcome.witness, outcome.points, 0)


# -- side conditions as a domain -------------------------------------------------------------------------------


def within(domain, conditions) -> dict | None:
    """``domain`` narrowed by the side conditions (each a bound on one symbol); ``domain`` itself when none."""
    if not conditions:
        return domain
    out = dict(domain or {})
    for cond in conditions:
        for s, iv in _bounds(cond):
            out[s] = _narrow(out.get(s, dom.assumed(s)), iv, s, cond)
    return out


def _bounds(cond) -> list:
    """[(symbol, interval)] that ``cond`` states; SymdpError for a condition that is not a bound on one symbol."""
    if cond is sp.true:
        return []  # implied by the symbols' assumptions
    if isinstance(cond, sp.And):
        return [b for arg in cond.args for b in _bounds(arg)]
    if isinstance(cond, sp.Contains) and isinstance(cond.args[0], sp.Symbol) and isinstance(cond.args[1], sp.Interval):
        return [(cond.args[0], cond.args[1])]
    if isinstance(cond, sp.Rel) and type(cond) in _RELATIONS and not isinstance(cond, sp.Equality):
        for s, e, flip in ((cond.lhs, cond.rhs, False), (cond.rhs, cond.lhs, True)):
            if isinstance(s, sp.Symbol) and s not in e.free_symbols:
                return [(s, _ray(_RELATIONS[type(cond)], e, flip))]
    raise SymdpError("condition", sp.sstr(cond), "a side condition bounding one symbol (x > a, a < x < b, "
                     "x \\in (a, b)) to use as the claim's domain, or a domain= that states it")


def _ray(op: str, e, flip: bool) -> sp.Interval:
    """The interval of ``s`` with ``s op e`` (``e op s`` when ``flip``)."""
    upper = (op in ("<", "<=")) != flip
    strict = op in ("<", ">")
    return sp.Interval(-sp.oo, e, True, strict) if upper else sp.Interval(e, sp.oo, strict, True)


def _narrow(old, new, s, cond) -> sp.Interval:
    """``old`` intersected with ``new`` (ends compared by SymPy; SymdpError when it cannot tell)."""
    lo, lo_open = _end(old.start, old.left_open, new.start, new.left_open, sp.Ge, s, cond)
    hi, hi_open = _end(old.end, old.right_open, new.end, new.right_open, sp.Le, s, cond)
    got = sp.Interval(lo, hi, lo_open, hi_open)
    if not isinstance(got, sp.Interval):
        raise SymdpError("condition", sp.sstr(cond), f"a condition that leaves {s} some values (the domain "
                         f"{sp.sstr(old)} excludes it)")
    return got


def _end(a, a_open, b, b_open, tighter, s, cond):
    """The tighter of two ends (``tighter(b, a)`` true when ``b`` is)."""
    if a == b:
        return a, a_open or b_open
    if tighter(b, a) is sp.true:
        return b, b_open
    if tighter(a, b) is sp.true:
        return a, a_open
    raise SymdpError("condition", sp.sstr(cond), f"a bound on {s} comparable with its domain's end {sp.sstr(a)}")
