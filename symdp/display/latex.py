"""Steps and results as MathJax/LaTeX math (``_repr_latex_``): a display-math array, statuses in colour."""
from __future__ import annotations

_TEX_COLOURS = {"PROVED": "green", "VERIFIED": "blue", "ERRATUM": "orange", "REFUTED": "red",
                "UNDECIDED": "gray", "ERROR": "red"}


def _math(expr) -> str:
    from ..report.latex import math
    return math(expr)


def tt(text: str) -> str:
    """Text for ``\\mathtt{}`` in MathJax and LaTeX (ids: letters, digits, ``.:=-_``)."""
    out = []
    for ch in str(text):
        if ch in "_#%&$":
            out.append("\\" + ch)
        elif ch in "{}\\^~":
            out.append("?")
        elif ch == " ":
            out.append(r"\ ")
        else:
            out.append(ch)
    return "".join(out)


def text(text: str) -> str:
    """Prose for ``\\text{}``: its ``$...$`` math is kept, characters MathJax cannot take are dropped."""
    parts = str(text).split("$")
    if len(parts) % 2 == 0:
        parts = [str(text).replace("$", "")]
    clean = lambda t: "".join(" " if ch in "\\{}&#%^~" else ch for ch in t)
    return "".join(clean(p) if i % 2 == 0 else f"${p}$" for i, p in enumerate(parts))


def status_tex(status: str) -> str:
    return rf"\color{{{_TEX_COLOURS.get(status, 'black')}}}{{\textbf{{{status}}}}}"


def step_math(step) -> str:
    if step.relation and len(step.exprs) == 2:
        (label, lhs), (_, rhs) = step.exprs
        left = f"{label} {_math(lhs)}" if label else _math(lhs)
        return f"{left} {step.relation} {_math(rhs)}"
    parts = []
    for label, expr in step.exprs:
        parts.append(f"{label} = {_math(expr)}" if label else _math(expr))
    return r",\quad ".join(parts)


def step_latex(step) -> str:
    """A step as MathJax/LaTeX math: the expressions, then the status."""
    name = tt(step.kind) + (r"\ " + tt(step.claim_id) if step.claim_id else "")
    body = step_math(step) or r"\text{--}"
    return rf"\mathtt{{{name}}} & {body} & {status_tex(step.status.value)}"


def result_latex(result) -> str:
    """The trace as a MathJax ``array``: one row per step (tables and figures by caption)."""
    from ..engine.model.records import Figure, Note, Table
    rows = [rf"\rlap{{\textbf{{{tt(result.id)}}}\text{{: {text(result.title)} "
            rf"({text(result.source.paper)}, {text(result.source.where)})}}}} & & {status_tex(result.status.value)}",
            r"\hline"]
    for entry in result.trace:
        if isinstance(entry, (Table, Figure)):
            rows.append(rf"\mathtt{{{entry.kind}\ {tt(entry.id)}}} & \text{{{text(entry.caption)}}} & ")
        elif isinstance(entry, Note):
            rows.append(rf"\mathtt{{note}} & \text{{{text(entry.text)}}} & ")
        else:
            rows.append(step_latex(entry))
    body = " \\\\\n".join(r for r in rows if r != r"\hline")
    body = body.replace(rows[0] + " \\\\\n", rows[0] + r" \\ \hline" + "\n", 1)
    return "$$\\begin{array}{lll}\n" + body + "\n\\end{array}$$"


def run_latex(run) -> str:
    """A Run as a MathJax array: one row per derivation."""
    rows = [rf"\mathtt{{{tt(r.id)}}} & {status_tex(r.status.value)} & {len(r.claims)} & "
            rf"\text{{{'ok' if r.ok else 'FAILED'}}}" for r in run.results]
    head = r"\text{derivation} & \text{status} & \text{claims} & \text{result}\\ \hline"
    return "$$\\begin{array}{llrl}" + head + "\\\\".join(rows) + r"\end{array}$$"
