"""Render results to LaTeX files; compare with committed ones; compile the PDF.

``render_all`` returns {file name: text}: one standalone fragment per
derivation (``<id>.tex``, needing only ``symdp.sty``), one findings table per
paper (``<paper>-findings.tex``), the notions chapter, ``symdp.sty``,
``symdp.bib`` and the document ``symdp-report.tex`` that inputs them (one
chapter per paper).
Output is deterministic: no dates, fixed digits, catalogue order.
"""
from __future__ import annotations

import difflib
import re
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import sympy as sp

from ..engine.model.records import DerivationResult, Step
from ..engine.run.serialize import summary
from ..engine.model.status import Status
from ..errors import SymdpError
from . import papers, prose, quoted, views
from .display import lines
from .latex import environment
from .notation import math

MAIN = "symdp-report.tex"
STYLE = "symdp.sty"
BIB = "symdp.bib"
NOTIONS_FILE = "notions.tex"
ROWS_PER_TABLE = 4
CELL_WIDTH = 26
"""Glyphs per line of a formula in the findings table's widest column."""
"""Findings per table float: a longer table would not fit a column of a two-column page."""


def _file(result: DerivationResult) -> str:
    """The fragment's file name: the id with '.' and ':' as '-' (Windows forbids ':' in names)."""
    return re.sub(r"[^A-Za-z0-9_-]", "-", result.id) + ".tex"


def _status_line(result: DerivationResult) -> str:
    """The derivation's result in words: declared findings read as findings, never as failures."""
    found = [c for c in result.claims if c.status in (Status.ERRATUM, Status.REFUTED)]
    n_err = sum(c.status is Status.ERRATUM for c in found)
    n_ref = len(found) - n_err
    parts = [f"{n} {w}{'' if n == 1 else 's'}" for n, w in ((n_err, "erratum"), (n_ref, "refuted statement")) if n]
    parts = [p.replace("erratums", "errata") for p in parts]
    holds = sum(c.status.holds for c in result.claims)
    if result.skipped:
        return r"\symdpstatus{SKIPPED}: " + prose.tex(result.skipped) + ("" if result.skipped.endswith(".") else ".")
    if not result.ok:
        bad = [c for c in result.claims if not c.ok]
        return (r"\symdpstatus{FAILED}: " + ", ".join(prose.ident(c.claim_id) + f" is {c.status.value}" for c in bad)
                + ("" if bad else "a step raised an error") + ".")
    n = len(result.claims)
    text = f"{holds} of {n} claims hold" if n != 1 else f"{holds} of 1 claim holds"
    if parts:
        text += "; the findings are " + " and ".join(parts) + ", each declared by the derivation and confirmed"
    return text + "."


def _unknown(paper: str) -> str:
    """A source that is not a seed: a file name in typewriter, a title as text."""
    return prose.ident(paper) if re.fullmatch(r"[\w.-]+", paper) else prose.tex(paper)


def _source(result: DerivationResult) -> str:
    found = papers.paper(result.source.paper)
    cite = rf"\cite{{{found.key}}}" if found else _unknown(result.source.paper)
    return f"{cite}, {prose.tex(result.source.where)}" if result.source.where else cite


def render_derivation(result: DerivationResult) -> str:
    """One derivation's trace as a standalone LaTeX fragment (needs only symdp.sty)."""
    template = environment().get_template("derivation.tex.j2")
    title = prose.tex(result.title)
    return template.render(r=result, title=title, bookmark=prose.bookmark(title), label=views.label(result.id),
                           source=_source(result), ident=prose.ident(result.id), result=_status_line(result),
                           entries=views.views(result))


def _chapters(results: list[DerivationResult]) -> list[tuple[str, list[DerivationResult]]]:
    """Derivations grouped by paper (papers in file order), each group in the paper's order."""
    groups: dict[str, list] = {}
    for r in results:
        groups.setdefault(r.source.paper, []).append(r)
    return [(f, sorted(rs, key=lambda r: papers.place(r.source.where))) for f, rs in sorted(groups.items())]


def _paper_key(file: str) -> str:
    found = papers.paper(file)
    return found.key if found else re.sub(r"[^A-Za-z0-9_-]", "-", file.rsplit(".", 1)[0])


def _impact(claim: Step) -> str:
    if claim.status is Status.REFUTED:
        text = "the statement is false; results resting on it need the corrected form"
    elif claim.kind == "printed-value":
        text = "the printed number is wrong; use the derived value"
    else:
        text = "the printed formula is wrong; the derived form holds"
    if "extract" in (claim.text + claim.outcome.detail).lower():
        text += r"; \emph{possibly an extraction artefact}"
    return text


def _finding(claim: Step) -> str:
    text = prose.tex(claim.text) if claim.text else ""
    if text and not text.rstrip().endswith((".", ")", "$")):
        text += "."
    elif text.rstrip().endswith((")", "$")):
        text += "."
    corrected = dict(claim.exprs).get(r"\text{derived}") if claim.kind == "printed" else None
    if corrected is not None and isinstance(corrected, sp.Basic):
        shown = lines("", "", corrected, limit=CELL_WIDTH)
        if len(shown) <= 6:
            indent = lambda k: "0pt" if k == 0 else "1em"
            text += " Corrected:" + "".join(rf"\symdpbreak[{indent(k)}]{{{l}}}" for k, l in enumerate(shown))
        else:
            text += " Corrected form: in the derivation."
    if claim.outcome.witness:
        text += " Witness " + prose.witness(claim.outcome.witness) + "."
    elif claim.outcome.detail:
        text += " " + prose.tex(claim.outcome.detail) + "."
    return text


def _is_finding(claim: Step) -> bool:
    return claim.status in (Status.ERRATUM, Status.REFUTED)


def render_findings(file: str, results: list[DerivationResult]) -> str:
    """The findings table(s) of one paper (floats of ROWS_PER_TABLE rows); for the library audits, one
    table per library (:mod:`.libraries`)."""
    if file == papers.LIBRARIES:
        from . import libraries
        return libraries.render(results)
    rows = []
    for r in results:
        for c in r.claims:
            if _is_finding(c):
                where = quoted.where(c.provenance) or prose.tex(_where(c, r))
                row = SimpleNamespace(where=where, status=c.status.value, home=views.label(r.id),
                                      label=views.label(r.id, c.claim_id), finding=_finding(c), impact=_impact(c))
                rows.append(row)
    chunks = [rows[k:k + ROWS_PER_TABLE] for k in range(0, len(rows), ROWS_PER_TABLE)]
    found = papers.paper(file)
    cite = rf"\cite{{{found.key}}}" if found else _unknown(file)
    return environment().get_template("findings.tex.j2").render(
        chunks=chunks, title=file, cite=cite, label=views.label(_paper_key(file), "findings"))


def _where(claim: Step, result: DerivationResult) -> str:
    """The place in the paper a claim checks: from its id (eq26, thm6:theta, sec4.3:sigma) or the derivation's."""
    head = claim.claim_id.split(":")[0]
    m = re.fullmatch(r"(eq|thm|sec|app|table|fig|prop|lemma|cor)[._]?([\dA-Za-z.\-]*)", head)
    names = {"eq": "Eq.", "thm": "Thm", "sec": "Sec.", "app": "App.", "table": "Table", "fig": "Fig.",
             "prop": "Prop.", "lemma": "Lemma", "cor": "Cor."}
    if m and m.group(2):
        return f"{names[m.group(1)]} {m.group(2)}"
    return result.source.where.split(",")[0].split(";")[0]


def _summary_rows(results):
    rows = []
    for r in results:
        counts = summary([r])
        verdict = "ok" if r.ok else "FAILED"
        rows.append((SimpleNamespace(label=views.label(r.id), counts=counts, verdict=verdict), prose.ident(r.id)))
    return rows


def render_main(results: list[DerivationResult], notions: bool | None = None) -> str:
    """The document: one chapter per paper; it inputs the notions chapter when the run holds its evidence."""
    if notions is None:
        notions = has_notions_evidence(results)
    chapters = []
    for file, rs in _chapters(results):
        found = papers.paper(file)
        listed = (r" Table~\ref{" + views.label(_paper_key(file), "findings") + "} lists the findings."
                  if _has_findings(rs) and file != papers.LIBRARIES else "")
        intro = (rf"The derivations below re-derive results of \cite{{{found.key}}}, in the paper's order." + listed
                 if found else _intro(file))
        key = _paper_key(file)
        title = prose.tex(papers.chapter_title(file))
        chapters.append(SimpleNamespace(title=title, bookmark=prose.bookmark(title), label=views.label(key),
                                        intro=intro, findings=key + "-findings" if _has_findings(rs)
                                        or file == papers.LIBRARIES else "",
                                        files=[_file(r)[:-4] for r in rs]))
    ordered = [r for _, rs in _chapters(results) for r in rs]
    return environment().get_template("report.tex.j2").render(
        summary=_summary_rows(ordered), total=summary(results), statuses=[s.value for s in Status],
        notions=notions, chapters=chapters, cited=_cited(results), origins=quoted.origins(results))


def _intro(file: str) -> str:
    return papers.LIBRARIES_INTRO if file == papers.LIBRARIES else f"Derivations of {_unknown(file)}."


def _edge_status(edge, claims: dict) -> tuple[str, str]:
    """The weakest status of an edge's evidence claims, or why it has none."""
    if not edge.evidence:
        return "---", prose.tex(edge.basis)
    found = [claims.get(ref) for ref in edge.evidence]
    refs = ", ".join(rf"\ref{{{views.label(*ref)}}}" for ref in edge.evidence)
    if any(c is None for c in found):
        return "UNDECIDED", "evidence not in this run"
    status = max((c.status for c in found), key=lambda s: s.rank)
    return status.value, f"items {refs}"


_NOTION_AT = {"LFDP": (-4.6, 2), "GDP": (-1.8, 2), "SP": (1.8, 2), "BSP": (5.2, 2),
              "ADP": (-3.2, 0), "DP": (0, 0), "BDP": (5.2, 0), "MP": (8.2, 0),
              "TVD": (-1.8, -2), "DDP": (1.8, -2), "IP": (5.2, -2), "MIDP": (8.2, -2), "BP": (1.8, -3.6)}
"""A layered layout of the notions graph without crossings (tikz cm); others go on a row below."""


def _reference(text: str) -> str:
    for file, p in papers.PAPERS.items():
        if file in text:
            return prose.tex(text.replace(file, "\x02")).replace("\x02", rf"\cite{{{p.key}}}")
    return prose.tex(text)


def render_notions(results: list[DerivationResult]) -> str:
    """The notions chapter: TikZ graph of the registry and its table with statuses from ``results``."""
    from ..notions.registry import IMPLICATIONS, NOTIONS
    claims = {(r.id, c.claim_id): c for r in results for c in r.claims}
    extra = [n for n in NOTIONS if n not in _NOTION_AT]
    at = {**_NOTION_AT, **{n: (-4.6 + 2.6 * k, -5.2) for k, n in enumerate(extra)}}
    nodes = [(n, f"{at[n][0]:.2f}", f"{at[n][1]:.2f}") for n in NOTIONS]
    edges = sorted(IMPLICATIONS.values(), key=lambda e: e.id)
    pairs = sorted({(e.source, e.target) for e in edges})
    arrows = [(s, t, 12 if (t, s) in pairs else 0) for s, t in pairs]
    rows = [SimpleNamespace(id=prose.ident(e.id), source=e.source, target=e.target, map=math(e.map),
                            conditions=prose.tex("; ".join(e.conditions)), reference=_reference(e.reference),
                            status=st, evidence=ev) for e in edges for st, ev in [_edge_status(e, claims)]]
    notions = [SimpleNamespace(id=n.id, name=prose.tex(n.name), source=_reference(n.source))
               for n in NOTIONS.values()]
    return environment().get_template(NOTIONS_FILE + ".j2").render(nodes=nodes, arrows=arrows, rows=rows,
                                                                   notions=notions)


def has_notions_evidence(results: list[DerivationResult]) -> bool:
    """Whether the run holds the evidence of the notions chapter: at least one evidence claim of an edge.

    A user's own folder (``--path THEIR_FOLDER``) holds none, so its report has their chapters only,
    not the built-in chapter with every edge "UNDECIDED: evidence not in this run".
    """
    from ..notions.registry import IMPLICATIONS
    claims = {(r.id, c.claim_id) for r in results for c in r.claims}
    return any(ref in claims for e in IMPLICATIONS.values() for ref in e.evidence)


def render_all(results: list[DerivationResult]) -> dict[str, str]:
    """Every file of the report: fragments, findings per paper, notions, the document, symdp.sty, symdp.bib."""
    files = {_file(r): render_derivation(r) for r in results}
    for file, rs in _chapters(results):
        if _has_findings(rs) or file == papers.LIBRARIES:
            files[_paper_key(file) + "-findings.tex"] = render_findings(file, rs)
    notions = has_notions_evidence(results)
    if notions:
        files[NOTIONS_FILE] = render_notions(results)
    files[MAIN] = render_main(results, notions)
    files[STYLE] = environment().get_template(STYLE + ".j2").render()
    if _cited(results):
        files[BIB] = papers.bibliography(r.source.paper for r in results)
    return files


def _cited(results) -> bool:
    """Whether any derivation cites a seed paper (else no bibliography: BibTeX fails on no citation)."""
    return any(papers.paper(r.source.paper) for r in results)


def _has_findings(results) -> bool:
    return any(_is_finding(c) for r in results for c in r.claims)


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
