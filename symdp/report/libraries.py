"""The chapter "DP libraries": one table per audited library (derivations with ``requires=``).

A row is one library function: the claims whose id starts with ``<function>:``.  Its source formula
comes from the derivation's table ``functions`` (columns: function, source formula), its verdict from
the statuses of its claims (declared findings read as findings), its agreement from the texts of the
claims that hold (each states its digits and domain), its findings from the refuted claims with their
certified witnesses.  The caption gives the library's installed version and the version the audit was
written against.  A skipped audit (library not installed) is listed with its reason.
"""
from __future__ import annotations

from types import SimpleNamespace

from ..engine.model.records import DerivationResult, Table
from ..engine.model.status import Status
from . import prose, views
from .findings import severity_of
from .notation import symbol, value

ROWS = 4
"""Functions per table float (a longer one would not fit a page)."""
FUNCTIONS = "functions"
"""Id of the table in which an audit names each function's source formula (function, source formula)."""


def _formulas(result: DerivationResult) -> dict:
    tables = [e for e in result.trace if isinstance(e, Table) and e.id == FUNCTIONS]
    return {row[0]: row[1] for t in tables for row in t.rows}


def _function_rows(result: DerivationResult) -> list:
    groups: dict = {}
    for c in result.claims:
        groups.setdefault(c.claim_id.split(":")[0], []).append(c)
    formulas = _formulas(result)
    return [_row(name, claims, formulas.get(name, ""), result) for name, claims in groups.items()]


def _row(name, claims, formula, result):
    found = [c for c in claims if c.status in (Status.ERRATUM, Status.REFUTED)]
    holds = [c for c in claims if c.status.holds]
    verdict = "FAILED" if not all(c.ok for c in claims) else ("findings" if found else "agrees")
    agreement = "; ".join(prose.tex(c.text) for c in holds if c.text)
    findings = "; ".join(_finding(c, result.id) for c in found)
    return SimpleNamespace(function=_name(name), formula=prose.tex(formula), verdict=verdict,
                           agreement=agreement or "---", findings=findings or "none",
                           home=views.label(result.id))


def _name(text: str) -> str:
    """A function or claim name in typewriter (breakable after '_' too: names are long, columns narrow)."""
    return prose.ident(text)


def _finding(claim, derivation: str = "") -> str:
    """The finding's severity (:mod:`.findings`), the claim's aspect and its witness, one math group per
    coordinate (so that the cell can break)."""
    severity = severity_of(derivation, claim.claim_id)
    text = (rf"\textbf{{{severity.value}}}: " if severity else "") + _name(claim.claim_id.split(":", 1)[-1])
    w = claim.outcome.witness
    if w is not None:
        at = ", ".join(f"${symbol(k)} = {value(v)}$" for k, v in w.point)
        text += f": at {at}: ${value(w.lhs)}$ vs ${value(w.rhs)}$"
    return text


def libraries_of(results: list[DerivationResult]) -> list:
    """(library name, versions text, rows, skipped reasons) for each library, sorted by name."""
    by_lib: dict = {}
    for r in results:
        for lib in r.libraries[:1]:  # an audit is filed under the first library it declares
            by_lib.setdefault(lib.name, []).append(r)
    out = []
    for name in sorted(by_lib):
        rs = by_lib[name]
        lib = rs[0].libraries[0]
        installed = lib.installed or "not installed"
        versions = f"installed {installed}, audit written against {lib.written}"
        rows = [row for r in rs if not r.skipped for row in _function_rows(r)]
        skipped = [f"{prose.ident(r.id)}: {prose.tex(r.skipped)}" for r in rs if r.skipped]
        chunks = [rows[k:k + ROWS] for k in range(0, len(rows), ROWS)]
        out.append(SimpleNamespace(name=prose.ident(name), key=views.label("library", name), versions=versions,
                                   chunks=chunks, skipped=skipped))
    return out


def render(results: list[DerivationResult]) -> str:
    from .latex import environment
    return environment().get_template("libraries.tex.j2").render(libraries=libraries_of(results))
