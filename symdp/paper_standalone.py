"""``symdp paper PAPER.tex --standalone``: a paper's labelled relations checked as they stand, with no derivation.

Every labelled display that no derivation quotes is read by :func:`symdp.latex.display`.  A relation
(identity, inequality or chain) whose members are closed forms in symbols of known domain is decided by
the same prover as ``d.identity`` and ``d.sign`` (a :class:`~symdp.engine.run.recorder.Recorder`, one claim
per link of the chain; after a definition, ``p = A \\le B``, the links after it: A <= B): PROVED, VERIFIED (sampled
only), REFUTED with a certified witness, or UNDECIDED.
A symbol's domain is, narrowest first, the interval a ``--domain`` gives, the display's side conditions
(``\\quad \\mu > 0``), the symbol's assumptions (symdp's ``\\mu`` is positive).  A row that defines a
quantity, states no formula, does not parse, uses an undeclared function or a symbol of unknown domain
is listed as skipped with the reason, never guessed at; so is a row opened by ``\\implies`` (it follows from the rows
before it, under their assumptions).  A function an earlier labelled display defines is put in place, with its side
conditions (:mod:`.paper_defined`); the domain is :mod:`.paper_domain`'s.

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

from .engine.proof import certificates as certs
from .engine.model.budget import BudgetExceeded, within_budget
from .engine.model.files import write_whole
from .engine.run.printed import sampled_families
from .engine.run.recorder import Recorder
from .engine.model.status import Status
from .errors import SymdpError
from .latex import NOTATION, LatexError, NotAFormula, display
from .latex.document import read
from . import paper_defined as defined
from . import paper_guards as guards
from . import paper_leadin as leadin
from . import paper_letters as letters
from . import paper_meanings as meanings
from .paper_notes import notes_text
from .engine.model import domain as dom
from .paper_domain import (DOMAIN_FORM, Skip, beyond, completed, domain_of, interval_text, parse_domain,  # noqa: F401
                           spellings, stated)

ROW_LIMIT = 300.0
"""Seconds one row may take (a safety net; the prover's own budgets normally end a search well before)."""
CHECKED = ("proved", "verified", "refuted", "unsettled", "undecided", "error")
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
    uses: tuple = ()
    """The paper's own functions the relation applies, each with the label that defines it
    (``G_mu(alpha) = ... from eq:g (main.tex:4)``: :mod:`symdp.paper_defined`)."""


@dataclass(frozen=True)
class Standalone:
    paper: str
    rows: tuple
    seconds: float
    domains: tuple = field(default=())
    """The ``--domain`` options as understood: ("mu in (0, 10)", ...)."""
    proofs: str = ""
    """The proofs file replayed or written (``main.proofs.json``), "" when there is none."""
    notes: tuple = ()
    """What reading the paper noted and did not read (:class:`symdp.latex.project.Note`)."""
    unlabelled: int = 0
    """Display rows with no label: not checked (a check names its label), only counted for the listing."""

    @property
    def ok(self) -> bool:
        return not any(r.state in FAILING for r in self.rows)

    def count(self, state: str) -> int:
        return sum(r.state == state for r in self.rows)


# -- one display -------------------------------------------------------------------------------------------


def _read(eq, notation):
    try:
        return display(eq.latex, notation, prose=eq.prose)
    except NotAFormula as exc:
        raise Skip(f"not a formula: {exc.construct}") from None
    except (LatexError, SymdpError) as exc:
        raise Skip(f"unparsed: {exc}") from None


def _closed(chain) -> None:
    for member in chain:
        if not isinstance(member, sp.Expr):
            raise Skip(f"a member is not a closed form ({sp.sstr(member)})")
        calls = member.atoms(AppliedUndef)
        if calls:
            raise Skip(f"an undeclared function: {sp.sstr(min(calls, key=sp.default_sort_key))}")
        if member.has(sp.Indexed, sp.IndexedBase):
            family = min(member.atoms(sp.Indexed) or member.atoms(sp.IndexedBase), key=sp.default_sort_key)
            raise Skip(f"an indexed family ({sp.sstr(family)}): its members' domains are not known")


# -- deciding ------------------------------------------------------------------------------------------------

_RANK = {Status.REFUTED: 0, Status.ERRATUM: 0, Status.ERROR: 1, Status.UNDECIDED: 2, Status.VERIFIED: 3,
         Status.PROVED: 4}


def _claim(rec: Recorder, cid: str, a, op: str, b, domain: dict, rounded=None):
    """The link ``a op b`` as a claim of ``rec``: an identity, or the sign of the difference; a side that is a number
    printed with decimals, against a closed form in no symbol (``\\sqrt{2} = 1.4142``, ``\\Phi(1.645) = 0.95``), is the
    claim that they agree to the printed digits, within half a unit of the last (``rounded``, from
    :func:`.paper_guards.rounded`); a tie (1/4 printed 0.2 or 0.3) is either rounding."""
    if op == "=" and rounded is not None:
        value, other, half = rounded
        rec.sign(cid, half - sp.Abs(other - value), "nonnegative", domain)
    elif op == "=":
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
    return f"{f'at {where}: ' if where else ''}left side {_value(a, point)}, right side {_value(b, point)}, so not {op}"


def _decide(rec: Recorder, label: str, chain, ops, domain, printed: dict | None = None) -> tuple:
    """(status, method, detail, witness) of the chain's weakest link."""
    worst = None
    for k, (a, op, b) in enumerate(zip(chain, ops, chain[1:])):
        cid = label if len(ops) == 1 else f"{label}#{k + 1}"
        rounded = guards.rounded(a, b, printed or {}) if op == "=" else None
        step = _claim(rec, cid, a, op, b, domain, rounded)
        outcome = sampled_families(step.outcome, (a, b))
        found = (outcome.status, outcome.method,
                 (f"link {k + 1} of {len(ops)}: " if len(ops) > 1 else "")
                 + (f"as printed, to within {sp.sstr(rounded[2])} (half a unit of its last decimal): "
                    if rounded else "") + outcome.detail,
                 _witness(step, a, op, b) if outcome.witness is not None else "", step.certificate)
        if worst is None or _RANK[found[0]] < _RANK[worst[0]]:
            worst = found
    return worst


def _relation(chain, ops) -> str:
    return " ".join([sp.sstr(chain[0])] + [f"{op} {sp.sstr(m)}" for op, m in zip(ops, chain[1:])])


def _domain_text(domain: dict) -> str:
    return ", ".join(f"{s} in {interval_text(iv)}" for s, iv in domain.items())


def _stated(read_as, known: dict, names: dict | None = None) -> tuple:
    """(chain, ops, conditions, definitions used) of the relation the display states, the paper's own functions
    put in (:mod:`.paper_defined`, their symbols made this row's by name, else ``names``'), or Skip: a definition, a
    single expression, a distribution."""
    chain, ops = read_as.chain, read_as.ops
    if read_as.defines and defined.redefines(read_as, known):
        raise Skip(f"defines {read_as.defines} again (a new function with the letter of "
                   f"{known[read_as.head.func].label}'s), or states a value of that one that does not hold? Not "
                   "checked (bind it to a derivation to check it)")
    if read_as.defines and (defined.is_value(read_as, known) or guards.power_of_its_own(read_as)):
        chain, ops = (read_as.head,) + chain, ("=",) + ops
    elif read_as.defines and isinstance(read_as.head, AppliedUndef) and defined.definition("", "", read_as) is None:
        raise Skip(f"an undeclared function: {sp.sstr(read_as.head)}")
    elif read_as.defines and (len(chain) < 2 or _holds_head(read_as)):
        raise Skip(f"defines {read_as.defines} (bind it to a derivation to check it)")
    if len(chain) < 2:
        raise Skip("states no relation (a single expression)")
    if read_as.consequence:
        raise Skip("follows from the rows before it (it opens with an implication): alone it would lose their "
                   "assumptions; bind it to a derivation that states them")
    if read_as.unread:
        raise Skip(f"its side condition {read_as.unread[0]} states a distribution, not a domain")
    chain, extra, used = defined.expand(known, chain)
    own = {**(names or {}), **{s.name: s for m in (*read_as.chain, *read_as.conditions)
                               for s in getattr(m, "free_symbols", ())}}
    chain, extra = (tuple(letters.by_name(x, own) for x in xs) for xs in (chain, extra))
    return chain, ops, tuple(read_as.conditions) + extra, used


def _holds_head(read_as) -> bool:
    """The relation after a definition (``p = \\frac{e^\\varepsilon}{1 + e^\\varepsilon} \\le \\frac{1 +
    \\varepsilon}{2}``: the bound on p's value, checked as it stands) uses the defined name itself: not a relation
    between closed forms."""
    head = read_as.head if isinstance(read_as.head, sp.Basic) else None
    own = head.free_symbols - set(head.args) if isinstance(head, AppliedUndef) else getattr(head, "free_symbols", set())
    return head is not None and any(isinstance(m, sp.Basic) and (m.has(head) or m.free_symbols & own)
                                    for m in read_as.chain)


def check_row(rec: Recorder, eq, notation, given: dict, known: dict | None = None, fixed: dict | None = None) -> Row:
    """One labelled display checked as it stands, or skipped with the reason.  ``known``: the functions earlier
    displays define ({function: :class:`.paper_defined.Definition`}); ``fixed``: the names they set to a value
    ({name: (label, the names of the value)})."""
    started = time.perf_counter()
    base = Row(eq.label, eq.file, eq.line, "skipped")
    try:
        read_as = _read(eq, letters.declared(notation, known or {}))
        chain, ops, conditions, used = _stated(read_as, known or {}, letters.named(notation))
        conditions += leadin.conditions(eq.prose[0] if eq.prose else "", letters.declared(notation, known or {}))
        base = replace(base, uses=tuple(d.text() for d in used))
        _closed(chain)
        guards.skip_unchecked(chain, fixed or {}, eq.latex, given)
        symbols = set().union(*(m.free_symbols for m in chain))
        wide = _widened(eq, notation, known or {}, given)
        if wide is not None:
            chain, ops, conditions, used, given = wide
            symbols = set().union(*(m.free_symbols for m in chain))
        domain, real = domain_of(symbols, conditions, given)
    except Skip as why:
        return replace(base, detail=str(why))
    chain = tuple(m.subs(real) for m in chain)
    relation, printed = _relation(chain, ops), guards.printed_decimals(eq.latex)
    if any(op == "=" and guards.rounded(a, b, printed) for a, op, b in zip(chain, ops, chain[1:])):
        relation += "  (to the printed decimals: within half a unit of the last)"
    try:
        first = within_budget(lambda: _decide(rec, eq.label, chain, ops, domain, printed), ROW_LIMIT)
        said = {s.name for c in conditions for s in getattr(c, "free_symbols", ())} | \
            {s.name for s in domain if any(n in spellings(s) for n in given)}
        (status, method, detail, witness, cert), domain, unsettled = within_budget(lambda: meanings.settle(
            lambda d, k: _decide(rec, f"{eq.label}%{k + 1}", chain, ops, d, printed), domain, first, said),
            ROW_LIMIT)
    except BudgetExceeded:
        (status, method, detail, witness, cert), unsettled = (Status.UNDECIDED, "none",
                                                              f"exceeded the {ROW_LIMIT:g} s limit", "", ""), None
    state = unsettled or ("refuted" if status in (Status.REFUTED, Status.ERRATUM) else status.value.lower())
    if read_as.defines and guards.power_of_its_own(read_as) and state != "proved":
        return replace(base, detail=f"an equation in {read_as.defines} (its solution fixes the name: \\lambda^2 = "
                       "\\lambda + 1) or an identity? Not proved as an identity; bind it to a derivation to check it")
    return Row(eq.label, eq.file, eq.line, state, relation, _domain_text(domain), method, detail, witness,
               time.perf_counter() - started, cert, base.uses)


def _widened(eq, notation, known: dict, given: dict):
    """The row read again with symdp's symbols free of their assumptions, when a side condition or ``--domain`` states
    an end beyond a symbol's assumption (``e^\\varepsilon - 1 > 0, \\quad \\varepsilon \\ge 0``: the paper's claim
    includes 0, where the positive epsilon read first would have made the condition true and dropped it; and
    ``\\sqrt{\\mu^2} - \\mu = 0, \\quad \\mu \\in \\mathbb{R}``, which the first reading simplified to 0 = 0): (chain,
    ops, conditions, used, the domains to give, each end the paper leaves unsaid the assumption's); or None."""
    assumed = {n: s for n, s in letters.named(notation).items() if dom.assumed(s) != sp.Reals}
    free = letters.unassumed(notation, assumed)
    chain, ops, conditions, used = _stated(_read(eq, letters.declared(free, known)), known, letters.named(free))
    conditions += leadin.conditions(eq.prose[0] if eq.prose else "", letters.declared(free, known))
    spelled = {n: spellings(s) for n, s in assumed.items()}
    said = stated(conditions, given, spelled)
    if not any(beyond(said[n], dom.assumed(s)) for n, s in assumed.items() if n in said):
        return None
    fill = {n: completed(said.get(n, (sp.Reals, (False, False))), dom.assumed(s)) for n, s in assumed.items()
            if n in said or any(n == x.name for m in chain for x in getattr(m, "free_symbols", ()))}
    return chain, ops, conditions, used, {**given, **fill}


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
            if not any(name in spellings(s) for s in known):
                seen = ", ".join(sorted({s.name for s in known})) or "none"
                raise SymdpError("--domain", name, f"a symbol of the paper's displays (they use: {seen})")
    return given


SUFFIX = ".proofs.json"
"""The proofs of a paper's standalone rows: ``main.tex`` -> ``main.proofs.json`` beside it."""


def proofs_path(paper) -> Path:
    return Path(paper).with_suffix(SUFFIX)


def check(paper, skip=(), domains=(), certify: bool = False, root=None) -> Standalone:
    """Check every labelled display of ``paper`` not in ``skip`` (the bound labels) as it stands: replaying
    the proofs recorded in ``PAPER.proofs.json``, or with ``certify`` searching afresh and writing them;
    ``root``: the paper's project folder (:func:`symdp.latex.document.read`)."""
    started = time.perf_counter()
    doc = read(paper, root)
    notation = replace(NOTATION, macros=tuple(doc.macros) + tuple(NOTATION.macros))
    given = _given(domains, doc, notation)
    path = proofs_path(paper)
    rec = Recorder(f"standalone:{Path(paper).name}", book=certs.load(path), certify=certs.FRESH if certify else False)
    rows, known, fixed = [], {}, {}
    for eq in doc.equations:   # unlabelled displays define and redefine too (\[ f(x) = x^3 \])
        for inline in re.findall(r"(?<!\\)\$([^$]+)\$", eq.prose[0] if eq.prose else ""):
            letters.forget(known, inline)   # "let $g(t) = e^{t}$": g is another function from here on
        if eq.label and eq.label not in set(skip):
            rows.append(check_row(rec, eq, notation, given, known, fixed))
        letters.record(known, eq, notation, fixed)
    if certify:
        write_whole(path, certs.dumps(rec.certificates))
    shown = tuple(f"{name} in {interval_text(iv)}" for name, iv in given.items())
    return Standalone(str(paper), tuple(rows), time.perf_counter() - started, shown,
                      path.name if certify or path.exists() else "", doc.notes,
                      sum(not eq.label for eq in doc.equations))


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


def to_text(result: Standalone, notes: bool = True) -> str:
    """The listing: a head line with the counts and the time, a line per checked row, then the skipped rows,
    then (with ``notes``) what reading the paper did not read."""
    checked = [r for r in result.rows if r.state != "skipped"]
    counts = ", ".join(f"{result.count(s)} {s.upper() if s in FAILING else s}" for s in CHECKED
                       if result.count(s) or s in ("proved", "refuted"))
    lines = [f"standalone (labels no derivation quotes, checked as printed, in {result.seconds:.1f} s): "
             f"{len(checked)} checked: {counts}; {result.count('skipped')} skipped"]
    lines += [f"  --domain {d}" for d in result.domains]
    lines += [f"  {result.unlabelled} display row(s) with no \\label not checked: label the relations to check"] \
        if result.unlabelled else []
    lines.append("  " + _proofs_line(result))
    for r in checked:
        tag = r.state.upper() if r.state in FAILING else r.state
        lines.append(f"  {r.file + ':' + str(r.line):<28} {r.label:<24} {tag:<10} {r.seconds:5.1f} s  {r.relation}")
        detail = r.detail if len(r.detail) <= DETAIL else r.detail[:DETAIL - 3] + "..."
        said = f"; {detail}" if r.state not in ("proved", "refuted", "unsettled") else ""
        lines.append(f"      {'on ' + r.domain if r.domain else 'a relation of numbers'}: {r.method}{said}")
        lines += [f"      {part}" for part in r.detail.split("; ")] if r.state == "unsettled" else []
        lines += [f"      using {u}" for u in r.uses]
        if r.witness:
            lines.append(f"      witness {r.witness}")
    for r in result.rows:
        if r.state == "skipped":
            lines.append(f"  {r.file + ':' + str(r.line):<28} {r.label:<24} skipped    {r.detail}")
    return "\n".join(lines + (notes_text(result.notes) if notes else [])) + "\n"


def bound_labels(result, but: str = "") -> set:
    """The labels a derivation quotes (checked, or not checked because it raised), except those quoted only by
    the derivation ``but`` (a scaffold about to be rewritten)."""
    out = set()
    for v in result.verdicts:
        owners = {b.claim.split("::")[0] for b in v.bindings}
        if getattr(v, "bound", bool(v.bindings)) and (not but or owners - {but} or not owners):
            out.add(v.label)
    return out


def run(paper, path, domains=(), as_json: bool = False, certify: bool = False, root=None,
        **runs) -> tuple[str, int]:
    """``symdp paper PAPER --standalone``: the derivations' check (when ``path`` is a folder), then every
    other label as it stands.  (output, exit code): 1 when a bound label fails or a relation is refuted."""
    from . import paper as bound_check
    result = bound_check.check(paper, path, root=root, **runs) if Path(path).is_dir() else None
    alone = check(paper, bound_labels(result) if result is not None else (), domains, certify, root)
    ok = alone.ok and (result is None or result.ok)
    if as_json:
        doc = json.loads(bound_check.to_json(result)) if result is not None else {"paper": str(paper)}
        doc.update(ok=ok, standalone=to_dict(alone))
        return json.dumps(doc, indent=2) + "\n", 0 if ok else 1
    head = bound_check.to_text(result) if result is not None else \
        f"{paper}: no derivations folder {path}: every labelled display is checked as it stands\n"
    return head + to_text(alone, notes=result is None), 0 if ok else 1


def to_dict(result: Standalone) -> dict:
    return {"ok": result.ok, "seconds": round(result.seconds, 3), "domains": list(result.domains),
            "unlabelled": result.unlabelled,
            "summary": {s: result.count(s) for s in (*CHECKED, "skipped")},
            "labels": [{"label": r.label, "file": r.file, "line": r.line, "state": r.state,
                        "relation": r.relation or None, "domain": r.domain or None, "method": r.method or None,
                        "detail": r.detail or None, "witness": r.witness or None, "seconds": round(r.seconds, 3),
                        "certificate": r.certificate or None, "uses": list(r.uses)}
                       for r in result.rows],
            "notes": [n.as_dict() for n in result.notes]}
