"""``symdp paper PAPER.tex --standalone``: a paper's labelled relations checked as they stand, with no derivation.

Every labelled display that no derivation quotes is read by :func:`symdp.latex.display`.  A relation
(identity, inequality or chain) whose members are closed forms in symbols of known domain is decided by
the same prover as ``d.identity`` and ``d.sign`` (a :class:`~symdp.engine.recorder.Recorder`, one claim
per link of the chain): PROVED, VERIFIED (sampled only), REFUTED with a certified witness, or UNDECIDED.
A symbol's domain is, narrowest first, the interval a ``--domain`` gives, the display's side conditions
(``\\quad \\mu > 0``), the symbol's assumptions (symdp's ``\\mu`` is positive).  A row that defines a
quantity, states no formula, does not parse, uses an undeclared function or a symbol of unknown domain
is listed as skipped with the reason, never guessed at.

The verdicts are those of the prover: a refutation is a certified counterexample found by a seeded,
count-budgeted search (the same every run).  A proof found by a time-budgeted search could differ on a much
slower machine, so, as for derivation files, proofs are recorded: ``--certify`` searches afresh and writes
them to ``PAPER.proofs.json`` beside the paper (:data:`SUFFIX`; commit it), and every later run replays
them, the same verdicts on any machine.  A row says whether its proof was replayed or searched.
"""
from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import sympy as sp
from sympy.core.function import AppliedUndef

from .engine import certificates as certs
from .engine import domain as dom
from .engine.budget import BudgetExceeded, within_budget
from .engine.files import write_whole
from .engine.printed import sampled_families
from .engine.recorder import Recorder
from .engine.status import Status
from .errors import SymdpError
from .latex import NOTATION, LatexError, NotAFormula, display
from .latex.document import read
from . import symbols as symdp_symbols
from .symbols import LATEX_NAMES

ROW_LIMIT = 300.0
"""Seconds one row may take (a safety net; the prover's own budgets normally end a search well before)."""
CHECKED = ("proved", "verified", "refuted", "undecided", "error")
FAILING = ("refuted", "error")
"""States that fail the check (exit 1): a relation shown false, or a prover that raised."""
DETAIL = 160
"""Characters of the prover's detail the listing shows (--json has it whole)."""
_WHICH = {"<=": (1, "nonnegative"), "<": (1, "positive"), ">=": (0, "nonnegative"), ">": (0, "positive")}
"""For ``a op b``: which side is the larger (0: a, 1: b) and the sign the difference must have."""


@dataclass(frozen=True)
class Row:
    """One labelled display: what was checked (or why not) and what the prover found."""

    label: str
    file: str
    line: int
    state: str
    """proved, verified, refuted, undecided, error, or skipped."""
    relation: str = ""
    """The relation as read, in SymPy's text (``2*Phi(mu/2) - 1 <= sqrt(2)*mu/(2*sqrt(pi))``)."""
    domain: str = ""
    """Where it was checked: ``mu in (0, oo)``, one symbol after the other."""
    method: str = ""
    detail: str = ""
    """The prover's finding, or why the row was skipped."""
    witness: str = ""
    """A refutation's counterexample: the point and both sides' values there."""
    seconds: float = 0.0
    certificate: str = ""
    """kernel-checked (its recorded proof object, accepted by the kernel), replayed (its recorded transcript),
    searched (no record: a time-budgeted search), recorded (--certify)."""


@dataclass(frozen=True)
class Standalone:
    paper: str
    rows: tuple
    seconds: float
    domains: tuple = field(default=())
    """The ``--domain`` options as understood: ("mu in (0, 10)", ...)."""
    proofs: str = ""
    """The proofs file replayed or written (``main.proofs.json``), "" when there is none."""

    @property
    def ok(self) -> bool:
        return not any(r.state in FAILING for r in self.rows)

    def count(self, state: str) -> int:
        return sum(r.state == state for r in self.rows)


# -- --domain ----------------------------------------------------------------------------------------------

_NUM = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|oo)"
_DOMAIN = re.compile(rf"\s*(\\?[A-Za-z][A-Za-z0-9_]*)\s*=\s*([(\[])\s*({_NUM})\s*,\s*({_NUM})\s*([)\]])\s*")
DOMAIN_FORM = 'NAME=(LO,HI) with ( or [ and ) or ], ends numbers or inf, e.g. "mu=(0,10)" or "delta=(0,1e-3]"'


def _end(text: str) -> sp.Expr:
    if text.lstrip("+-") in ("inf", "oo"):
        return -sp.oo if text.startswith("-") else sp.oo
    return sp.Rational(text)


def parse_domain(text: str) -> tuple[str, sp.Interval]:
    """``"mu=(0,10)"`` as ("mu", Interval.open(0, 10)); read by a pattern, never evaluated."""
    m = _DOMAIN.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        raise SymdpError("--domain", text, DOMAIN_FORM)
    name, left, lo, hi, right = m.groups()
    lo, hi = _end(lo), _end(hi)
    if not lo < hi:
        raise SymdpError("--domain", text, "an interval whose lower end is below its upper end")
    if (left == "[" and lo.is_infinite) or (right == "]" and hi.is_infinite):
        raise SymdpError("--domain", text, "an open end at infinity: ( -inf or inf )")
    return name.lstrip("\\"), sp.Interval(lo, hi, left == "(", right == ")")


def _names(s: sp.Symbol) -> set:
    """What a ``--domain`` may call ``s``: its name, its LaTeX name with or without the backslash, and its
    name in :mod:`symdp.symbols` (``eps`` for epsilon)."""
    tex = LATEX_NAMES.get(s, "")
    python = {name for name, value in vars(symdp_symbols).items() if value is s and not name.startswith("_")}
    return {s.name, tex, tex.lstrip("\\"), *python} - {""}


# -- one display -------------------------------------------------------------------------------------------


class Skip(Exception):
    """A row that is not checked, and why (a sentence for the listing)."""


def _read(eq, notation):
    try:
        return display(eq.latex, notation, prose=eq.prose)
    except NotAFormula as exc:
        raise Skip(f"not a formula: {exc.construct}") from None
    except (LatexError, SymdpError) as exc:
        raise Skip(f"unparsed: {exc}") from None


def _as_interval(cond, out: dict) -> None:
    """Narrow ``out`` ({symbol: interval}) by one side condition, or Skip naming it."""
    if cond is sp.true:
        return
    if cond is sp.false:
        raise Skip("its side condition is false for every value the symbols allow")
    if isinstance(cond, sp.And):
        for part in cond.args:
            _as_interval(part, out)
        return
    if isinstance(cond, sp.Contains) and isinstance(cond.args[0], sp.Symbol) and isinstance(cond.args[1], sp.Interval):
        _narrow(out, cond.args[0], cond.args[1], cond)
        return
    if isinstance(cond, (sp.StrictLessThan, sp.LessThan, sp.StrictGreaterThan, sp.GreaterThan)):
        small, large = (cond.lhs, cond.rhs) if isinstance(cond, (sp.StrictLessThan, sp.LessThan)) else \
            (cond.rhs, cond.lhs)
        strict = isinstance(cond, (sp.StrictLessThan, sp.StrictGreaterThan))
        if isinstance(large, sp.Symbol) and large not in small.free_symbols:
            _narrow(out, large, sp.Interval(small, sp.oo, strict, True), cond)
            return
        if isinstance(small, sp.Symbol) and small not in large.free_symbols:
            _narrow(out, small, sp.Interval(-sp.oo, large, True, strict), cond)
            return
    raise Skip(f"its side condition {sp.sstr(cond)} is not an interval of one symbol")


def _end_of(a, a_open, b, b_open, lower: bool):
    """The tighter of two ends (the larger lower end, the smaller upper end), or None when SymPy cannot
    order them (ends in other symbols: ``rho <= log(1/delta)`` against ``rho < oo`` is ordered)."""
    if a == b:
        return a, a_open or b_open
    loose = -sp.oo if lower else sp.oo
    if loose in (a, b):
        return (b, b_open) if a == loose else (a, a_open)
    first = (a - b).is_extended_positive if lower else (a - b).is_extended_negative
    if first is None:
        return None
    return (a, a_open) if first else (b, b_open)


def meet(a: sp.Interval, b: sp.Interval) -> sp.Interval | None:
    """The intersection of two intervals (ends may hold other symbols), or None when it is not one."""
    lo = _end_of(a.start, a.left_open, b.start, b.left_open, True)
    hi = _end_of(a.end, a.right_open, b.end, b.right_open, False)
    if lo is None or hi is None:
        return None
    return sp.Interval(lo[0], hi[0], lo[1], hi[1])


def _narrow(out: dict, s: sp.Symbol, iv: sp.Interval, cond) -> None:
    both = iv if s not in out else meet(out[s], iv)
    if both is None:
        raise Skip(f"its side conditions on {s} ({sp.sstr(cond)}) do not make one interval")
    out[s] = both


def _domain(symbols, conditions, given: dict) -> tuple[dict, dict]:
    """({symbol: interval}, {non-real symbol: its real stand-in}) for the relation's symbols, or Skip."""
    found: dict = {}
    for cond in conditions:
        _as_interval(cond, found)
    out, real = {}, {}
    for s in sorted(_closure(symbols, found), key=str):
        iv = next((iv for name, iv in given.items() if name in _names(s)), None)
        if s in found:
            iv = found[s] if iv is None else meet(iv, found[s])
            if iv is None:
                raise Skip(f"--domain and the side conditions on {s} do not make one interval")
        if iv is None and not s.is_real:
            raise Skip(f"no domain for {s}: give one with --domain \"{s}=(LO,HI)\"")
        if not s.is_real:
            real[s] = sp.Symbol(s.name, real=True)
        iv = dom.assumed(s) if iv is None else meet(dom.assumed(s), iv) if s.is_real else iv
        if iv is None:
            allowed = interval_text(dom.assumed(s))
            raise Skip(f"the interval of {s} does not meet what its assumptions allow ({allowed})")
        out[real.get(s, s)] = iv
    return {s: iv.subs(real) for s, iv in out.items()}, real


def _closure(symbols, found: dict) -> set:
    """The relation's symbols and those the ends of their intervals use (``rho <= log(1/delta)``: delta)."""
    out, todo = set(), set(symbols)
    while todo:
        s = todo.pop()
        out.add(s)
        todo |= (found[s].free_symbols if s in found else set()) - out
    return out


def _closed(chain) -> None:
    for member in chain:
        if not isinstance(member, sp.Expr):
            raise Skip(f"a member is not a closed form ({sp.sstr(member)})")
        calls = member.atoms(AppliedUndef)
        if calls:
            raise Skip(f"an undeclared function: {sp.sstr(next(iter(calls)))}")
        if member.has(sp.Indexed, sp.IndexedBase):
            raise Skip("an indexed family (a_i): its members' domains are not known")


# -- deciding ------------------------------------------------------------------------------------------------

_RANK = {Status.REFUTED: 0, Status.ERRATUM: 0, Status.ERROR: 1, Status.UNDECIDED: 2, Status.VERIFIED: 3,
         Status.PROVED: 4}


def _claim(rec: Recorder, cid: str, a, op: str, b, domain: dict):
    """The link ``a op b`` as a claim of ``rec``: an identity, or the sign of the difference."""
    if op == "=":
        rec.identity(cid, a, b, domain)
    else:
        larger, which = _WHICH[op]
        rec.sign(cid, (b - a) if larger else (a - b), which, domain)
    return rec.trace[-1]


def _value(expr, point: dict) -> str:
    try:
        return sp.sstr(sp.N(expr.subs(point), 12))
    except Exception:   # a value SymPy cannot evaluate: the prover's own witness says enough
        return "?"


def _witness(step, a, op: str, b) -> str:
    """``at mu=1.0: left 0.382925 vs right 0.398942`` (both sides at the counterexample), else ""."""
    w = step.outcome.witness
    if w is None:
        return ""
    names = {str(s): s for s in (a - b).free_symbols} if isinstance(a - b, sp.Basic) else {}
    point = {names[k]: sp.Float(v, 30) for k, v in w.point if k in names}
    where = ", ".join(f"{k}={v}" for k, v in w.point)
    if len(point) != len(w.point):
        return w.describe()
    return f"at {where}: left side {_value(a, point)}, right side {_value(b, point)}, so not {op}"


def _decide(rec: Recorder, label: str, chain, ops, domain) -> tuple:
    """(status, method, detail, witness) of the chain's weakest link."""
    worst = None
    for k, (a, op, b) in enumerate(zip(chain, ops, chain[1:])):
        cid = label if len(ops) == 1 else f"{label}#{k + 1}"
        step = _claim(rec, cid, a, op, b, domain)
        outcome = sampled_families(step.outcome, (a, b))
        found = (outcome.status, outcome.method,
                 (f"link {k + 1} of {len(ops)}: " if len(ops) > 1 else "") + outcome.detail,
                 _witness(step, a, op, b) if outcome.witness is not None else "", step.certificate)
        if worst is None or _RANK[found[0]] < _RANK[worst[0]]:
            worst = found
    return worst


def _relation(chain, ops) -> str:
    return " ".join([sp.sstr(chain[0])] + [f"{op} {sp.sstr(m)}" for op, m in zip(ops, chain[1:])])


def interval_text(iv: sp.Interval) -> str:
    """``(0, oo)``, ``[0, 1]``: an interval as a reader writes it."""
    return f"{'(' if iv.left_open else '['}{sp.sstr(iv.start)}, {sp.sstr(iv.end)}{')' if iv.right_open else ']'}"


def _domain_text(domain: dict) -> str:
    return ", ".join(f"{s} in {interval_text(iv)}" for s, iv in domain.items())


def check_row(rec: Recorder, eq, notation, given: dict) -> Row:
    """One labelled display checked as it stands, or skipped with the reason."""
    started = time.perf_counter()
    base = Row(eq.label, eq.file, eq.line, "skipped")
    try:
        read_as = _read(eq, notation)
        if read_as.defines:
            raise Skip(f"defines {read_as.defines} (bind it to a derivation to check it)")
        if len(read_as.chain) < 2:
            raise Skip("states no relation (a single expression)")
        if read_as.unread:
            raise Skip(f"its side condition {read_as.unread[0]} states a distribution, not a domain")
        _closed(read_as.chain)
        symbols = set().union(*(m.free_symbols for m in read_as.chain))
        domain, real = _domain(symbols, read_as.conditions, given)
    except Skip as why:
        return replace(base, detail=str(why))
    chain = tuple(m.subs(real) for m in read_as.chain)
    relation, where = _relation(chain, read_as.ops), _domain_text(domain)
    try:
        status, method, detail, witness, cert = within_budget(
            lambda: _decide(rec, eq.label, chain, read_as.ops, domain), ROW_LIMIT)
    except BudgetExceeded:
        status, method, detail, witness, cert = (Status.UNDECIDED, "none", f"exceeded the {ROW_LIMIT:g} s limit",
                                                 "", "")
    state = "refuted" if status in (Status.REFUTED, Status.ERRATUM) else status.value.lower()
    return Row(eq.label, eq.file, eq.line, state, relation, where, method, detail, witness,
               time.perf_counter() - started, cert)


def _symbols_of(doc, notation) -> set:
    """The symbols of every display of the paper that parses (for checking --domain names)."""
    found = set()
    for eq in doc.labels().values():
        try:
            read_as = display(eq.latex, notation, prose=eq.prose)
        except (LatexError, SymdpError):
            continue
        for m in (*read_as.chain, *read_as.conditions):
            found |= getattr(m, "free_symbols", set())
    return found


def _given(domains, doc, notation) -> dict:
    """{name: interval} of the --domain options; a name no display of the paper uses is an error."""
    given = dict(parse_domain(d) for d in domains)
    if given:
        known = _symbols_of(doc, notation)
        for name in given:
            if not any(name in _names(s) for s in known):
                seen = ", ".join(sorted({s.name for s in known})) or "none"
                raise SymdpError("--domain", name, f"a symbol of the paper's displays (they use: {seen})")
    return given


SUFFIX = ".proofs.json"
"""The proofs of a paper's standalone rows: ``main.tex`` -> ``main.proofs.json`` beside it."""


def proofs_path(paper) -> Path:
    return Path(paper).with_suffix(SUFFIX)


def check(paper, skip=(), domains=(), certify: bool = False) -> Standalone:
    """Check every labelled display of ``paper`` not in ``skip`` (the bound labels) as it stands: replaying
    the proofs recorded in ``PAPER.proofs.json``, or with ``certify`` searching afresh and writing them."""
    started = time.perf_counter()
    doc = read(paper)
    notation = replace(NOTATION, macros=tuple(doc.macros) + tuple(NOTATION.macros))
    given = _given(domains, doc, notation)
    path = proofs_path(paper)
    rec = Recorder(f"standalone:{Path(paper).name}", book=certs.load(path), certify=certs.FRESH if certify else False)
    rows = [check_row(rec, eq, notation, given) for eq in doc.labels().values() if eq.label not in set(skip)]
    if certify:
        write_whole(path, certs.dumps(rec.certificates))
    shown = tuple(f"{name} in {interval_text(iv)}" for name, iv in given.items())
    return Standalone(str(paper), tuple(rows), time.perf_counter() - started, shown,
                      path.name if certify or path.exists() else "")


# -- output ----------------------------------------------------------------------------------------------------


def _proofs_line(result: Standalone) -> str:
    """Where the proofs came from: replayed from the paper's proofs file, recorded, or searched."""
    made = {s: sum(r.certificate == s for r in result.rows) for s in ("kernel-checked", "replayed", "searched",
                                                                       "recorded")}
    if made["recorded"]:
        return f"proofs: searched afresh and recorded in {result.proofs} (commit it: every run replays them)"
    searched = (f"{made['searched']} searched within a time budget (a much slower machine may prove fewer; "
                f"`--certify` records them in {proofs_path(result.paper).name})") if made["searched"] else ""
    replayed = f"{made['replayed']} replayed from {result.proofs}" if made["replayed"] else ""
    checked = f"{made['kernel-checked']} kernel-checked from {result.proofs}" if made["kernel-checked"] else ""
    trusting = sum(r.certificate.startswith("trusts: ") for r in result.rows)
    trusts = f"{trusting} accepted by the kernel from {result.proofs}, trusting oracles" if trusting else ""
    return "proofs: " + ("; ".join(p for p in (checked, trusts, replayed, searched) if p) or "none to replay")


def to_text(result: Standalone) -> str:
    """The listing: a head line with the counts and the time, a line per checked row, then the skipped rows."""
    checked = [r for r in result.rows if r.state != "skipped"]
    counts = ", ".join(f"{result.count(s)} {s.upper() if s in FAILING else s}" for s in CHECKED
                       if result.count(s) or s in ("proved", "refuted"))
    lines = [f"standalone (labels no derivation quotes, checked as printed, in {result.seconds:.1f} s): "
             f"{len(checked)} checked: {counts}; {result.count('skipped')} skipped"]
    lines += [f"  --domain {d}" for d in result.domains]
    lines.append("  " + _proofs_line(result))
    for r in checked:
        tag = r.state.upper() if r.state in FAILING else r.state
        lines.append(f"  {r.file + ':' + str(r.line):<28} {r.label:<24} {tag:<10} {r.seconds:5.1f} s  {r.relation}")
        detail = r.detail if len(r.detail) <= DETAIL else r.detail[:DETAIL - 3] + "..."
        said = f"; {detail}" if r.state not in ("proved", "refuted") else ""
        lines.append(f"      on {r.domain}: {r.method}{said}")
        if r.witness:
            lines.append(f"      witness {r.witness}")
    for r in result.rows:
        if r.state == "skipped":
            lines.append(f"  {r.file + ':' + str(r.line):<28} {r.label:<24} skipped    {r.detail}")
    return "\n".join(lines) + "\n"


def bound_labels(result, but: str = "") -> set:
    """The labels a derivation quotes (checked, or not checked because it raised), except those quoted only by
    the derivation ``but`` (a scaffold about to be rewritten)."""
    out = set()
    for v in result.verdicts:
        owners = {b.claim.split("::")[0] for b in v.bindings}
        if getattr(v, "bound", bool(v.bindings)) and (not but or owners - {but} or not owners):
            out.add(v.label)
    return out


def run(paper, path, domains=(), as_json: bool = False, certify: bool = False, **runs) -> tuple[str, int]:
    """``symdp paper PAPER --standalone``: the derivations' check (when ``path`` is a folder), then every
    other label as it stands.  (output, exit code): 1 when a bound label fails or a relation is refuted."""
    from . import paper as bound_check
    result = bound_check.check(paper, path, **runs) if Path(path).is_dir() else None
    alone = check(paper, bound_labels(result) if result is not None else (), domains, certify)
    ok = alone.ok and (result is None or result.ok)
    if as_json:
        doc = json.loads(bound_check.to_json(result)) if result is not None else {"paper": str(paper)}
        doc.update(ok=ok, standalone=to_dict(alone))
        return json.dumps(doc, indent=2) + "\n", 0 if ok else 1
    head = bound_check.to_text(result) if result is not None else \
        f"{paper}: no derivations folder {path}: every labelled display is checked as it stands\n"
    return head + to_text(alone), 0 if ok else 1


def to_dict(result: Standalone) -> dict:
    return {"ok": result.ok, "seconds": round(result.seconds, 3), "domains": list(result.domains),
            "summary": {s: result.count(s) for s in (*CHECKED, "skipped")},
            "labels": [{"label": r.label, "file": r.file, "line": r.line, "state": r.state,
                        "relation": r.relation or None, "domain": r.domain or None, "method": r.method or None,
                        "detail": r.detail or None, "witness": r.witness or None, "seconds": round(r.seconds, 3),
                        "certificate": r.certificate or None}
                       for r in result.rows]}
