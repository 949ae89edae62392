"""Render results to LaTeX files; compare with committed ones; compile the PDF.

``render_all`` returns {file name: text}: one fragment per derivation
(``<id>.tex``) and the document ``symdp-report.tex`` that inputs them.
Output is deterministic: no dates, fixed digits, catalogue order.
"""
from __future__ import annotations

import difflib
import shutil
import subprocess
from pathlib import Path

from ..engine.records import DerivationResult, Figure, Note, Step, Table
from ..engine.serialize import summary
from ..engine.status import Status
from ..errors import SymdpError
from .latex import environment

MAIN = "symdp-report.tex"
MACROS = "symdp-macros.tex"
NOTIONS_FILE = "notions.tex"


def _file(result: DerivationResult) -> str:
    return result.id.replace(".", "-") + ".tex"


def _kind(entry) -> str:
    if isinstance(entry, Table):
        return "table"
    if isinstance(entry, Figure):
        return "figure"
    if isinstance(entry, Note):
        return "note"
    return "claim" if entry.is_claim else "step"


def render_derivation(result: DerivationResult) -> str:
    """One derivation's trace as a LaTeX section."""
    template = environment().get_template("derivation.tex.j2")
    entries = [(_kind(e), e) for e in result.trace]
    findings = [c for c in result.claims if c.status in (Status.ERRATUM, Status.REFUTED)]
    return template.render(r=result, entries=entries, errata=findings, Status=Status)


def render_main(results: list[DerivationResult], notions: bool | None = None) -> str:
    """The document; it inputs the notions chapter when ``notions`` (default: :func:`has_notions_evidence`)."""
    if notions is None:
        notions = has_notions_evidence(results)
    template = environment().get_template("report.tex.j2")
    errata = [(r, c) for r in results for c in r.claims if c.status is Status.ERRATUM]
    refuted = [(r, c) for r in results for c in r.claims if c.status is Status.REFUTED]
    counts = {r.id: summary([r]) for r in results}
    return template.render(results=results, files=[_file(r)[:-4] for r in results],
                           errata=errata, refuted=refuted, counts=counts, total=summary(results),
                           statuses=[s.value for s in Status], notions=notions)


def _edge_status(edge, claims: dict) -> tuple[str, str]:
    """The weakest status of an edge's evidence claims, or why it has none."""
    if not edge.evidence:
        return "—", edge.basis
    found = [claims.get(ref) for ref in edge.evidence]
    if any(c is None for c in found):
        return "UNDECIDED", "evidence not in this run: " + ", ".join("::".join(r) for r in edge.evidence)
    status = max((c.status for c in found), key=lambda s: s.rank)
    return status.value, "; ".join("::".join(r) for r in edge.evidence) + (f" ({edge.basis})" if edge.basis else "")


def render_notions(results: list[DerivationResult]) -> str:
    """The notions chapter: TikZ graph of the registry and its table with statuses from ``results``."""
    import math
    from ..notions.registry import IMPLICATIONS, NOTIONS
    claims = {(r.id, c.claim_id): c for r in results for c in r.claims}
    ids = list(NOTIONS)
    nodes = [(NOTIONS[n], f"{4 * math.cos(2 * math.pi * k / len(ids)):.3f}",
              f"{3 * math.sin(2 * math.pi * k / len(ids)):.3f}") for k, n in enumerate(ids)]
    edges = sorted(IMPLICATIONS.values(), key=lambda e: e.id)
    seen: dict = {}
    bends = {}
    for e in edges:  # parallel edges bend further apart
        key = (e.source, e.target)
        seen[key] = seen.get(key, 0) + 1
        bends[e.id] = 8 + 14 * (seen[key] - 1)
    rows = [(e, *_edge_status(e, claims)) for e in edges]
    return environment().get_template(NOTIONS_FILE + ".j2").render(nodes=nodes, edges=edges, bends=bends, rows=rows)


def has_notions_evidence(results: list[DerivationResult]) -> bool:
    """Whether the run holds the evidence of the notions chapter: at least one evidence claim of an edge.

    A user's own folder (``--path THEIR_FOLDER``) holds none, so its report has their chapters only,
    not the built-in chapter with every edge "UNDECIDED: evidence not in this run".
    """
    from ..notions.registry import IMPLICATIONS
    claims = {(r.id, c.claim_id) for r in results for c in r.claims}
    return any(ref in claims for e in IMPLICATIONS.values() for ref in e.evidence)


def render_all(results: list[DerivationResult]) -> dict[str, str]:
    """Every file of the report; ``notions.tex`` only when the run holds its evidence (:func:`has_notions_evidence`)."""
    files = {_file(r): render_derivation(r) for r in results}
    notions = has_notions_evidence(results)
    if notions:
        files[NOTIONS_FILE] = render_notions(results)
    files[MAIN] = render_main(results, notions)
    files[MACROS] = environment().get_template(MACROS + ".j2").render()
    return files


def write(files: dict[str, str], out) -> None:
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")


def drift(files: dict[str, str], out) -> list[str]:
    """Lines describing every difference between ``files`` and the folder ``out``."""
    out = Path(out)
    lines = []
    for name, text in sorted(files.items()):
        path = out / name
        if not path.exists():
            lines.append(f"missing: {path} (run 'symdp report --out {out}')")
            continue
        old = path.read_text(encoding="utf-8")
        if old != text:
            diff = difflib.unified_diff(old.splitlines(), text.splitlines(), str(path), "rendered", lineterm="", n=1)
            lines.append(f"drift: {path}")
            lines.extend(list(diff)[:40])
    stale = sorted(p.name for p in out.glob("*.tex") if p.name not in files) if out.is_dir() else []
    lines.extend(f"stale: {out / n} (no derivation renders it)" for n in stale)
    return lines


def compile_pdf(out) -> Path:
    """Compile the report with latexmk + pdflatex; raise SymdpError if the tools are missing."""
    if shutil.which("latexmk") is None:
        raise SymdpError("--pdf", True, "latexmk and pdflatex on PATH (Debian: latexmk, texlive-latex-base, "
                         "texlive-latex-recommended, texlive-pictures)")
    out = Path(out)
    cmd = ["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", MAIN]
    proc = subprocess.run(cmd, cwd=out, capture_output=True, text=True)
    if proc.returncode != 0:
        tail = "\n".join(proc.stdout.splitlines()[-30:])
        raise RuntimeError(f"latexmk failed in {out}:\n{tail}")
    return out / MAIN.replace(".tex", ".pdf")
