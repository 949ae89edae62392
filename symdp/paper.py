"""A paper checked against its derivations: what ``symdp paper PAPER.tex`` reports.

The paper is read by :func:`symdp.latex.document.read` (following ``\\input``
and ``\\include``, expanding its macros); its labelled displays are matched
with the claims whose printed side is ``quote("PAPER.tex", label=...)`` (the
quote's path taken relative to the derivation file).  Each label then
*agrees* (every claim bound to it holds), *disagrees* (a claim found an
erratum: the witness), is *unparsed* (a bound display the parser refuses:
why), *undecided*, in *error*, *not checked* (the derivation that quotes it
raised, timed out, was skipped or did not import: which and why), or
*unbound* (no claim checks it; it is parsed all the same, so an unreadable
one says why).  Labels are listed in the paper's reading order.  The check
fails (exit 1) when a bound label does not agree or a derivation did not run
to its end; a bound label the paper does not have is bad input: SymdpError.
"""
from __future__ import annotations

import ast
import json
from dataclasses import dataclass, replace
from pathlib import Path

from .engine.run import registry, runner
from .engine.model.records import DerivationResult, ErrorReport, Step
from .engine.model.status import Status
from .errors import SymdpError
from .latex import NOTATION, LatexError, NotAFormula, display
from .latex.document import Document, read
from .paper_notes import notes_text

STATES = ("agrees", "disagrees", "unparsed", "undecided", "error", "not checked", "unbound", "not a formula")
FAILING = ("disagrees", "unparsed", "undecided", "error", "not checked")
"""States of a bound label that fail the check (exit 1)."""
UNREAD = ("missing", "outside", "excluded", "unclosed")
"""Kinds of :class:`symdp.latex.project.Note` after which a bound label the paper lacks may stand in what was not
read: that label is "not checked" (exit 1), not bad input."""


@dataclass(frozen=True)
class Binding:
    """A claim bound to a label: ``derivation::claim``, its status and what it found."""

    claim: str
    status: str
    detail: str
    witness: str = ""
    defines: str = ""
    """The left side the display defines (reported, never compared)."""
    conditions: tuple = ()
    """The display's side conditions, used as the claim's domain."""


@dataclass(frozen=True)
class Verdict:
    label: str
    file: str
    line: int
    state: str
    why: str = ""
    """For an unparsed display: the parser's reason; for one not checked: the derivation and its error."""
    bindings: tuple = ()

    @property
    def bound(self) -> bool:
        return bool(self.bindings) or self.state == "not checked"


@dataclass(frozen=True)
class Failure:
    """A derivation below --path that did not run to its end (raised, timed out, skipped, did not import)."""

    who: str
    """Its id, or its file when the file did not import."""
    why: str


@dataclass(frozen=True)
class PaperCheck:
    paper: str
    verdicts: tuple
    failures: tuple = ()
    notes: tuple = ()
    """What reading the paper noted and did not read (:class:`symdp.latex.project.Note`: a missing include, a
    shell escape never run): warnings, never failures."""

    lost: tuple = ()
    """Verdicts ("not checked") of the bound labels the paper as read lacks, when a file of it was not read."""

    @property
    def ok(self) -> bool:
        return not (self.failures or self.lost) and not any(v.state in FAILING and v.bound for v in self.verdicts)

    def count(self, state: str) -> int:
        """Labels in ``state``; "unbound" counts every label no claim checks (parsed or not)."""
        if state == "unbound":
            return sum(not v.bound for v in self.verdicts)
        return sum(v.state == state and v.bound for v in self.verdicts)


def _state(step: Step) -> str:
    status = step.status
    if status.holds:
        return "agrees"
    if status in (Status.ERRATUM, Status.REFUTED):
        return "disagrees"
    if status is Status.ERROR and step.outcome.detail.startswith(("LatexError", "NotAFormula")):
        return "unparsed"
    return "undecided" if status is Status.UNDECIDED else "error"


def _in_paper(doc: Document, folder: Path, path: str) -> bool:
    files = {Path(f).resolve() for f in doc.files}
    return (folder / path).resolve() in files


def _bound(doc: Document, specs, results: list[DerivationResult]) -> dict:
    """{label: [(derivation id, Step)]} of the claims quoting ``doc`` by label."""
    out: dict = {}
    for spec, result in zip(specs, results):
        for step in result.claims:
            p = step.provenance
            if p is not None and p.label and spec.file and _in_paper(doc, Path(spec.file).parent, p.file):
                out.setdefault(p.label, []).append((result.id, step))
    return out


def _binding(rid: str, step: Step) -> Binding:
    w, p = step.outcome.witness, step.provenance
    return Binding(f"{rid}::{step.claim_id}", step.status.value, step.outcome.detail,
                   w.describe() if w is not None else "", p.defines if p else "", p.conditions if p else ())


def _unbound(doc: Document, eq) -> Verdict:
    """A label no claim checks, read all the same: unbound, not a formula (what it states), or unparsed (why)."""
    notation = replace(NOTATION, macros=doc.macros)
    try:
        display(eq.latex, notation, prose=eq.prose)
    except NotAFormula as exc:
        return Verdict(eq.label, eq.file, eq.line, "not a formula", f"not a formula: {exc.construct}")
    except (LatexError, SymdpError) as exc:
        return Verdict(eq.label, eq.file, eq.line, "unparsed", str(exc))
    return Verdict(eq.label, eq.file, eq.line, "unbound")


def _verdict(eq, claims, unchecked: str = "") -> Verdict:
    """A bound label: agrees when every claim holds and no derivation that quotes it failed before reaching it."""
    states = [_state(step) for _, step in claims] + (["not checked"] if unchecked else [])
    state = "agrees" if all(s == "agrees" for s in states) else next(s for s in FAILING if s in states)
    why = next((step.outcome.detail for _, step in claims if _state(step) == "unparsed"), unchecked)
    return Verdict(eq.label, eq.file, eq.line, state, why, tuple(_binding(r, s) for r, s in claims))


# -- derivations that did not run to their end ---------------------------------------------------------------


def _failures(specs, results, errors: tuple[ErrorReport, ...]) -> dict:
    """{derivation id or file: why} of the derivations that raised, timed out, were skipped or did not import."""
    out = {str(Path(e.file).resolve()): f"{Path(e.file).name} did not import: {e.message} ({e.file}:{e.line})"
           for e in errors}
    for spec, result in zip(specs, results):
        if result.skipped:
            out[spec.id] = f"{spec.id} was skipped: {result.skipped}"
        elif result.error is not None:
            out[spec.id] = f"{spec.id} raised {result.error.message} ({result.error.file}:{result.error.line})"
    return out


def _quotes(file: str) -> list[tuple[str, str, str | None]]:
    """(derivation id or "", label, path) of every ``quote(path, label=...)`` in ``file``, read from its source:
    a derivation that raised before its quotes ran still names what it would have checked."""
    try:
        tree = ast.parse(Path(file).read_text(encoding="utf-8", errors="replace"))
    except (OSError, SyntaxError, ValueError):
        return []
    names = {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign)
             and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)
             for t in n.targets if isinstance(t, ast.Name)}
    owner = {id(node): _derivation_id(fn) for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef)
             and _derivation_id(fn) for node in ast.walk(fn)}
    return [(owner.get(id(node), ""), *_quote_call(node, names)) for node in ast.walk(tree)
            if _quote_call(node, names)[0]]


def _derivation_id(fn: ast.FunctionDef) -> str:
    for deco in fn.decorator_list:
        if isinstance(deco, ast.Call) and getattr(deco.func, "id", getattr(deco.func, "attr", "")) == "derivation":
            given = deco.args[:1] or [k.value for k in deco.keywords if k.arg == "id"]
            if given and isinstance(given[0], ast.Constant) and isinstance(given[0].value, str):
                return given[0].value
    return ""


def _quote_call(node, names: dict) -> tuple[str, str | None]:
    """(label, path) of ``quote(path, label="...")``; path None when it is not a constant."""
    if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "quote"):
        return "", None
    label = next((k.value.value for k in node.keywords if k.arg == "label" and isinstance(k.value, ast.Constant)
                  and isinstance(k.value.value, str)), "")
    first = node.args[0] if node.args else None
    path = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else \
        names.get(first.id) if isinstance(first, ast.Name) else None
    return label, path


def _unchecked(doc: Document, failures: dict, files: list[str], bound: dict) -> dict:
    """{label of the paper: why it was not checked} for the labels the failed derivations (or files) quote and
    did not reach (a claim made before the derivation raised stands)."""
    out: dict = {}
    for file in files:
        for owner, label, path in _quotes(file):
            why = failures.get(file) or failures.get(owner)
            ours = _in_paper(doc, Path(file).parent, path) if path is not None else label in doc.labels()
            if why and ours and owner not in (r for r, _ in bound.get(label, ())):
                out.setdefault(label, "not checked: " + why)
    return out


# -- the check ----------------------------------------------------------------------------------------------


def check(paper, path, jobs: int | None = 1, cache: str | None = None, fresh: bool = False,
          timeout: float = runner.TIMEOUT, root=None) -> PaperCheck:
    """Run the derivations below ``path`` and judge every labelled display of ``paper``; ``root``: the paper's
    project folder (:func:`symdp.latex.document.read`)."""
    doc = read(paper, root)
    if doc.duplicates:
        dup = doc.duplicates[0]
        raise SymdpError("\\label", dup.label, f"a label used once in the paper (again at {dup.file}:{dup.line})")
    found = registry.collect(path)
    specs = list(found.specs)
    results = runner.run_all(specs, jobs, cache, fresh, timeout=timeout)
    return _judged(paper, doc, specs, results, found.errors)


def _judged(paper, doc: Document, specs, results, errors) -> PaperCheck:
    bound = _bound(doc, specs, results)
    labels = doc.labels()
    missing = [label for label in bound if label not in labels]
    if missing and not any(n.kind in UNREAD for n in doc.notes):
        who = ", ".join(f"{r}::{s.claim_id}" for r, s in bound[missing[0]])
        raise SymdpError("label", missing[0], f"a \\label of a display equation in {Path(paper).name} "
                         f"(claim {who} quotes it; the paper has no such label)")
    failures = _failures(specs, results, errors)
    files = sorted({str(Path(f).resolve()) for f in [s.file for s in specs if s.file] + [e.file for e in errors]})
    unchecked = _unchecked(doc, failures, files, bound)
    verdicts = [_verdict(eq, bound.get(eq.label, ()), unchecked.get(eq.label, "")) if eq.label in bound or
                eq.label in unchecked else _unbound(doc, eq) for eq in labels.values()]
    lost = tuple(Verdict(label, "", 0, "not checked", "not checked: the paper as read has no such label (a file "
                         "was not read: see the notes)", tuple(_binding(r, s) for r, s in bound[label]))
                 for label in missing)
    return PaperCheck(str(paper), tuple(verdicts), tuple(Failure(k, v) for k, v in failures.items()), doc.notes,
                      lost)


# -- output -------------------------------------------------------------------------------------------------


def _head(result: PaperCheck) -> str:
    bound = [v for v in result.verdicts if v.bound]
    counts = [f"{sum(v.state == s for v in bound)} {s}" for s in STATES if s not in ("unbound", "not a formula")
              and (s in ("agrees", "disagrees") or any(v.state == s for v in bound))]
    free = [v for v in result.verdicts if not v.bound]
    of = [f"{n} of them {what}" for what, n in (("unparsed", sum(v.state == "unparsed" for v in free)),
                                                 ("not a formula", sum(v.state == "not a formula" for v in free))) if n]
    return (f"{result.paper}: {len(result.verdicts)} labelled equations, {len(bound)} bound: {', '.join(counts)}; "
            f"{len(free)} unbound" + (f" ({', '.join(of)})" if of else ""))


def _rows(v: Verdict) -> list[str]:
    tag = v.state.upper() if v.state in FAILING and v.bound else v.state
    claims = ", ".join(b.claim for b in v.bindings)
    lines = [f"  {v.file + ':' + str(v.line):<28} {v.label:<24} {tag:<10} {claims}".rstrip()]
    for b in v.bindings:
        if b.witness and b.status in ("ERRATUM", "REFUTED"):
            lines.append(f"      witness {b.witness}")
        if b.status in ("ERROR", "UNDECIDED") and b.detail and b.detail != v.why:
            lines.append(f"      {b.detail}")
        if b.defines:
            lines.append(f"      defines {b.defines} (not compared)")
        if b.conditions:
            lines.append(f"      on {', '.join(b.conditions)}")
    return lines + ([f"      {v.why}"] if v.why else [])


def to_text(result: PaperCheck) -> str:
    lines = [_head(result)]
    for v in result.verdicts:
        lines += _rows(v)
    if result.lost:
        lines.append(f"{len(result.lost)} bound label(s) not in the paper as read (a file was not read: see the "
                     "notes):")
        lines += [f"  {v.label:<24} NOT CHECKED {', '.join(b.claim for b in v.bindings)}" for v in result.lost]
    lines += [f"derivation not run to its end: {f.why}" for f in result.failures]
    return "\n".join(lines + notes_text(result.notes)) + "\n"


def to_json(result: PaperCheck) -> str:
    doc = {"paper": result.paper, "ok": result.ok,
           "summary": {s: result.count(s) for s in STATES},
           "equations": [{"label": v.label, "file": v.file, "line": v.line, "state": v.state, "why": v.why or None,
                          "claims": [{"id": b.claim, "status": b.status, "detail": b.detail,
                                      "witness": b.witness or None, "defines": b.defines or None,
                                      "conditions": list(b.conditions)} for b in v.bindings]}
                         for v in result.verdicts],
           "lost": [{"label": v.label, "claims": [b.claim for b in v.bindings]} for v in result.lost],
           "failures": [{"derivation": f.who, "why": f.why} for f in result.failures],
           "notes": [n.as_dict() for n in result.notes]}
    return json.dumps(doc, indent=2, sort_keys=False) + "\n"
