"""What the templates print for each trace entry, prepared in Python.

Every formula goes through :mod:`.display` (the papers' notation, broken
across lines), every text through :mod:`.prose` (math in math mode), and every
claim gets a label ``symdp:<derivation id>:<claim id>``.  Trivial displays
(``\\kappa = \\kappa``, ``0 \\ge 0``) are left out.
"""
from __future__ import annotations

import math as _math
import re
from dataclasses import dataclass, field

import sympy as sp

from ..engine.model.records import DerivationResult, Figure, Note, Step, Table
from ..engine.model.status import Status
from . import prose, quoted
from .display import lines, relation
from .notation import math, number
from ..latex import shown
from ..latex.lexer import GREEK

LABEL_CHARS = re.compile(r"[^A-Za-z0-9:.\-]")


def label(*parts: str) -> str:
    """``symdp:<part>:<part>``, with only characters every LaTeX setup accepts in a label."""
    return "symdp:" + ":".join(LABEL_CHARS.sub("-", p) for p in parts)


@dataclass
class View:
    kind: str
    label: str = ""
    heading: str = ""
    text: str = ""
    displays: list = field(default_factory=list)
    status: str = ""
    method: str = ""
    detail: str = ""


def _trivial(left: str, right: str) -> bool:
    return left.replace(" ", "") == right.replace(" ", "")


def _relation(step: Step) -> list[list[str]]:
    (name, lhs), (_, rhs) = step.exprs
    left = math(lhs)
    if name:
        left = rf"{name}\left({left}\right)"
    if _trivial(left, math(rhs)) or (lhs.is_number and rhs.is_number):
        return []
    if name:
        return [lines(left, step.relation, rhs)]
    return [relation(lhs, step.relation, rhs)]


def _aligned(printed, derived):
    """``derived`` with its two Piecewise cases in the printed order, when they are swapped."""
    if not (isinstance(printed, sp.Piecewise) and isinstance(derived, sp.Piecewise)
            and len(printed.args) == len(derived.args) == 2):
        return derived
    (pe, pc), _ = printed.args
    (de, dc), (oe, _) = derived.args
    try:
        swapped = sp.Not(dc).canonical == pc.canonical or sp.simplify(sp.Not(dc)) == pc
    except Exception:
        return derived
    return sp.Piecewise((oe, pc), (de, True), evaluate=False) if swapped else derived


def _displays(step: Step, result: DerivationResult | None = None) -> list[list[str]]:
    if step.relation and len(step.exprs) == 2 and all(isinstance(e, sp.Basic) for _, e in step.exprs):
        return _relation(step)
    exprs = list(step.exprs)
    out = []
    if step.kind == "printed" and len(exprs) == 2:
        exprs[1] = (exprs[1][0], _aligned(exprs[0][1], exprs[1][1]))
    if step.kind == "printed" and exprs and exprs[0][0] == r"\text{printed}":  # a relation has no derived side
        if step.printed_latex:  # the paper's own typesetting stands for the printed side
            printed = quoted.printed_tex(result, step) if result is not None else shown(step.printed_latex)
            head = r"\text{printed} = " if len(step.exprs) == 2 else r"\text{printed: }\ "  # an equation, a relation
            out.append([head + printed])
            if step.provenance is not None and step.provenance.reading and isinstance(exprs[0][1], sp.Basic):
                out.append(lines(r"\text{read as}", "=", exprs[0][1]))
            exprs = exprs[1:]
    for name, expr in exprs:
        if not isinstance(expr, sp.Basic):
            continue
        if name and _trivial(name, math(expr)):
            continue
        out.append(lines(_name(name), "=" if name else "", expr))
    return out


_PLAIN_NAME = re.compile(r"[A-Za-z]+(?:_[A-Za-z0-9]+)?")


def _name(name: str) -> str:
    """A step's name as LaTeX: names are LaTeX (``F_\\beta``), but a plain ``D_alpha`` or ``rho`` is typeset
    as SymPy prints that symbol (``D_{\\alpha}``, ``\\rho``), never as the letters ``a l p h a`` in italics."""
    if not _PLAIN_NAME.fullmatch(name or "") or not any(part in GREEK for part in name.split("_")):
        return name
    return sp.latex(sp.Symbol(name))


def _heading(step: Step) -> str:
    kind = {"printed-value": "printed value", "cross-check": "cross-check"}.get(step.kind, step.kind)
    return kind + (" " + prose.ident(step.claim_id) if step.claim_id else "")


_CERTIFICATES = {"kernel-checked": "kernel-checked proof",
                 "replayed": "replayed from the recorded proof; not kernel-checked",
                 "searched": "searched within a time budget; no recorded proof",
                 "recorded": "searched afresh and recorded", "carried": "its earlier recorded proof replayed"}
"""What a claim's certificate state (``Step.certificate``) says in the report: how a reader may trust the proof."""


def _certificate(state: str) -> str:
    """``kernel-checked proof``, ``kernel-checked, except 1 call to sympy.simplify taken on trust``, ...; "" for none."""
    if not state:
        return ""
    if state.startswith("trusts: "):  # "trusts: sympy.simplify x1, sympy.limit x2"
        steps = re.sub(r"(\S+) x(\d+)", lambda m: f"{m.group(2)} call{'s' if m.group(2) != '1' else ''} to "
                       f"\\texttt{{{prose.tex(m.group(1))}}}", state[len("trusts: "):])
        return f"kernel-checked, except {steps} taken on trust"
    return _CERTIFICATES.get(state, prose.tex(state))


def _method(step: Step) -> str:
    """The method, then in one parenthesis how the proof may be trusted and whether the status was declared."""
    notes = [_certificate(step.certificate) if step.status is Status.PROVED or step.certificate != "replayed" else
             "replayed from its record"]  # a recorded counterexample: no proof for a kernel to check
    if step.expect is not None:
        notes.append("a declared finding" if step.expect in (Status.ERRATUM, Status.REFUTED) else
                     f"declared \\symdpstatus{{{step.expect.value}}}")
    said = "; ".join(n for n in notes if n)
    return prose.tex(step.outcome.method) + (f" ({said})" if said else "")


def _detail(step: Step) -> str:
    detail = quoted.detail(step.outcome.detail, step.provenance)
    if step.provenance is not None and step.provenance.file:
        detail = _quoted(step.provenance) + detail
    if step.status is Status.UNDECIDED and step.outcome.note:
        detail += f" ({prose.tex(step.outcome.note)})"
    return detail


def _quoted(provenance) -> str:
    """``Read from the LaTeX source <file> (line 11), label <label>.``: names and labels verbatim in typewriter."""
    return quoted.origin(provenance)


def step_view(result: DerivationResult, step: Step, index: int) -> View:
    return View("claim" if step.is_claim else "step",
                label(result.id, step.claim_id or f"step{index}"), _heading(step), prose.tex(step.text),
                _displays(step, result), step.status.value, _method(step), _detail(step))


def _range(values: list[float], unit: bool) -> tuple[str, str]:
    lo, hi = min(values), max(values)
    if unit:  # a probability: the data's range to the next 0.05, never beyond [0, 1]
        lo, hi = max(_math.floor(lo * 20) / 20, 0.0), min(_math.ceil(hi * 20) / 20, 1.0)
    elif 0 <= lo < 0.02 * (hi - lo):  # a positive quantity that starts near 0 (a density): from 0
        lo = 0.0
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    return f"{lo:.6g}", f"{hi:.6g}"


def _axis_label(text: str) -> str:
    """An axis label: a lone letter or a symbol's name is mathematics (o, epsilon, Delta_Q)."""
    if re.fullmatch(r"[A-Za-z]|[A-Za-z]+_[A-Za-z0-9]+|" + "|".join(prose._WORDS), text.strip()):
        return "$" + (prose._WORDS.get(text.strip()) or prose.symbol(text.strip())) + "$"
    return prose.tex(text)


def figure_view(result: DerivationResult, fig: Figure) -> View:
    xs = [float(x) for s in fig.series for x, _ in s.points]
    ys = [float(y) for s in fig.series for _, y in s.points]
    unit = lambda name: any(w in name.lower() for w in ("precision", "recall", "probab", "type", "advantage"))
    view = View("figure", label(result.id, "figure", fig.id))
    view.id = prose.ident(fig.id)
    view.caption = prose.tex(fig.caption)
    view.xlabel, view.ylabel = _axis_label(fig.xlabel), _axis_label(fig.ylabel)
    view.xmin, view.xmax = _range(xs, unit(fig.xlabel)) if xs else ("0", "1")
    view.ymin, view.ymax = _range(ys, unit(fig.ylabel)) if ys else ("0", "1")
    span = lambda lo, hi: float(hi) - float(lo)
    view.series = [_series(s, span(view.xmin, view.xmax), span(view.ymin, view.ymax)) for s in fig.series]
    return view


@dataclass
class _Series:
    label: str
    points: str


def _series(s, xspan: float, yspan: float) -> _Series:
    """Coordinates to a millionth of the axis span: what a plot can show, and the same on any machine (a value
    that is 0 up to rounding noise, 1.8e-19 here and 5.4e-19 there, prints as 0)."""
    pts = " ".join(f"({_coordinate(x, xspan)},{_coordinate(y, yspan)})" for x, y in s.points)
    return _Series(prose.tex(s.label), pts)


def _coordinate(value, span: float) -> str:
    quantum = 10.0 ** (_math.floor(_math.log10(span)) - 6)
    return f"{round(float(value) / quantum) * quantum + 0.0:.6g}"


def table_view(result: DerivationResult, table: Table) -> View:
    view = View("table", label(result.id, "table", table.id))
    view.id = prose.ident(table.id)
    view.caption = prose.tex(table.caption)
    view.columns = "l" + "r" * (len(table.header) - 1)
    view.header = " & ".join(prose.tex(h) for h in table.header)
    view.rows = [" & ".join(_cell(c) for c in row) for row in table.rows]
    return view


def _cell(text: str) -> str:
    text = str(text).strip()
    if re.fullmatch(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?", text):
        return f"${number(text)}$"
    return prose.tex(text)


def views(result: DerivationResult) -> list[View]:
    out = []
    for k, e in enumerate(result.trace):
        if isinstance(e, Table):
            out.append(table_view(result, e))
        elif isinstance(e, Figure):
            out.append(figure_view(result, e))
        elif isinstance(e, Note):
            out.append(View("note", text=prose.tex(e.text)))
        else:
            out.append(step_view(result, e, k))
    return out
