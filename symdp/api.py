"""The public Python API: ``symdp.run`` and the notebook display of results.

>>> import symdp
>>> result = symdp.run(my_derivation)        # a @derivation function, or a plain f(d)   # doctest: +SKIP
>>> run = symdp.run("derivations/")           # a folder or a file of derivations        # doctest: +SKIP

Results are frozen: :class:`~symdp.engine.records.DerivationResult` for one
function, :class:`Run` for a file or a folder.  In Jupyter both display as the
trace with statuses (``_repr_html_``: a table with the expressions typeset by
MathJax, and the figures as inline SVG; ``_repr_latex_``: a MathJax
``array``); ``repr`` is one line.
"""
from __future__ import annotations

import html
import inspect
import sys
from dataclasses import dataclass
from pathlib import Path

__all__ = ["run", "Run", "result_latex", "result_html", "step_latex", "step_repr", "result_repr"]


# -- running ---------------------------------------------------------------------

@dataclass(frozen=True)
class Run:
    """The results of running a file or a folder of derivations, in catalogue order."""

    results: tuple
    errors: tuple = ()
    """Files that did not import (:class:`~symdp.engine.records.ErrorReport`)."""

    @property
    def ok(self) -> bool:
        """Every claim as expected, no derivation raised, every file imported (exit code 0 of ``check``)."""
        from .engine.serialize import passed
        return passed(list(self.results), self.errors)

    @property
    def summary(self) -> dict:
        """Claims counted by status; ``ERROR`` also counts files that did not import and derivations that raised."""
        from .engine.serialize import summary
        return summary(list(self.results), self.errors)

    @property
    def claims(self) -> tuple:
        """``(derivation id, claim step)`` for every claim."""
        return tuple((r.id, c) for r in self.results for c in r.claims)

    @property
    def failed(self) -> tuple:
        """``(derivation id, claim step)`` for every claim that is not as expected."""
        return tuple((i, c) for i, c in self.claims if not c.ok)

    def __getitem__(self, key):
        if isinstance(key, int):
            return self.results[key]
        for r in self.results:
            if r.id == key:
                return r
        raise KeyError(key)

    def __iter__(self):
        return iter(self.results)

    def __len__(self):
        return len(self.results)

    def to_json(self) -> str:
        """The ``symdp check --json`` document."""
        from .engine.serialize import to_json
        return to_json(list(self.results), self.errors)

    def to_junit(self) -> str:
        from .engine.serialize import to_junit
        return to_junit(list(self.results), self.errors)

    def text(self) -> str:
        """The ``symdp check`` summary."""
        from .engine.serialize import to_text
        return to_text(list(self.results), self.errors)

    def __repr__(self) -> str:
        counts = ", ".join(f"{k} {v}" for k, v in self.summary.items() if v)
        return (f"<symdp.Run {len(self.results)} derivation(s), {len(self.claims)} claim(s)"
                f"{': ' + counts if counts else ''}; {'ok' if self.ok else 'FAILED'}>")

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td><code>{_h(r.id)}</code></td><td>{_h(r.title)}</td><td>{_badge(r.status.value)}</td>"
            f"<td>{len(r.claims)}</td><td>{'ok' if r.ok else '<b>FAILED</b>'}</td></tr>" for r in self.results)
        errors = "".join(f"<li><code>{_h(e.describe())}</code></li>" for e in self.errors)
        details = "".join(f"<details><summary><code>{_h(r.id)}</code> {_badge(r.status.value)}</summary>"
                          f"{result_html(r)}</details>" for r in self.results)
        return (f"<div class='symdp-run'><p>{_h(repr(self))}</p><table><tr><th>derivation</th><th>title</th>"
                f"<th>status</th><th>claims</th><th>result</th></tr>{rows}</table>"
                + (f"<p>files that did not import:</p><ul>{errors}</ul>" if errors else "") + details + "</div>")

    def _repr_latex_(self) -> str:
        rows = [rf"\mathtt{{{_tt(r.id)}}} & {_status_tex(r.status.value)} & {len(r.claims)} & "
                rf"\text{{{'ok' if r.ok else 'FAILED'}}}" for r in self.results]
        head = r"\text{derivation} & \text{status} & \text{claims} & \text{result}\\ \hline"
        return "$$\\begin{array}{llrl}" + head + "\\\\".join(rows) + r"\end{array}$$"


def run(target, *ids: str, jobs: int = 1, cache: str | None = None, fresh: bool = False,
        timeout: float = 900.0, certify: bool = False):
    """Run derivations and return frozen results.

    ``target`` is a function (marked with ``@derivation``, or a plain
    ``f(d)``, which gets its name as id) -- the result is one
    :class:`~symdp.engine.records.DerivationResult` -- or the path of a
    derivation file or folder -- the result is a :class:`Run`; ``ids``
    selects derivations by id.  ``jobs`` worker processes (forked);
    ``cache`` a result-cache folder (none by default); ``timeout`` the
    wall-clock limit of one derivation in seconds.  Certificates
    (``<file>.proofs.json``) are replayed as ``symdp check`` does.
    """
    from .engine.runner import run_all, run_one
    from .errors import SymdpError
    if jobs < 1:
        raise SymdpError("jobs", jobs, "an integer >= 1")
    if timeout <= 0:
        raise SymdpError("timeout", timeout, "a number of seconds > 0")
    if callable(target) and not isinstance(target, (str, Path)):
        if ids:
            raise SymdpError("ids", ids, "no ids when running a function")
        return run_one(_spec_of(target), certify=certify, timeout=timeout)
    specs, errors = _collect(Path(target))
    from .engine.registry import select
    specs = select(specs, list(ids), errors)
    results = run_all(specs, jobs=jobs, cache=cache, fresh=fresh, certify=certify, timeout=timeout)
    return Run(tuple(results), tuple(errors))


def _spec_of(fn):
    from .engine.records import Source
    from .engine.registry import MARK, Spec
    mark = getattr(fn, MARK, None)
    try:
        file = inspect.getsourcefile(fn) or ""
    except TypeError:
        file = ""
    if file and not Path(file).is_file():  # a notebook cell or the REPL: no certificates, no cache
        file = ""
    root = str(Path(file).parent) if file else ""
    if mark is None:
        doc = (inspect.getdoc(fn) or "").strip().splitlines()
        mark = Spec(getattr(fn, "__name__", "derivation"), doc[0] if doc else "", Source("", ""), fn)
    return Spec(mark.id, mark.title, mark.source, fn, file, root, mark.requires)


def _collect(path: Path):
    from .engine.registry import _load, _marked, _unique, collect
    from .engine.records import ErrorReport
    from .errors import SymdpError
    if path.is_dir():
        found = collect(path)
        return list(found.specs), list(found.errors)
    if not (path.is_file() and path.suffix == ".py"):
        raise SymdpError("target", str(path), "a derivation function, a .py file or a folder of them")
    folder = str(path.parent.resolve())
    if folder not in sys.path:  # helper modules beside the file import
        sys.path.insert(0, folder)
    try:
        return _unique(_marked(_load(path), path, path.parent)), []
    except Exception as exc:
        return [], [ErrorReport.of(exc, str(path))]


# -- display -----------------------------------------------------------------------

_COLOURS = {"PROVED": "#1b7f3b", "VERIFIED": "#2a6fb0", "ERRATUM": "#b36b00", "REFUTED": "#b00020",
            "UNDECIDED": "#6d6d6d", "ERROR": "#b00020"}
_TEX_COLOURS = {"PROVED": "green", "VERIFIED": "blue", "ERRATUM": "orange", "REFUTED": "red",
                "UNDECIDED": "gray", "ERROR": "red"}


def _h(text) -> str:
    return html.escape(str(text), quote=True)


def _badge(status: str) -> str:
    return (f"<span style='color:{_COLOURS.get(status, '#000')};font-weight:bold'>{_h(status)}</span>")


def _math(expr) -> str:
    from .report.latex import math
    return math(expr)


def _tt(text: str) -> str:
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


def _text(text: str) -> str:
    """Prose for ``\\text{}``: its ``$...$`` math is kept, characters MathJax cannot take are dropped."""
    parts = str(text).split("$")
    if len(parts) % 2 == 0:
        parts = [str(text).replace("$", "")]
    clean = lambda t: "".join(" " if ch in "\\{}&#%^~" else ch for ch in t)
    return "".join(clean(p) if i % 2 == 0 else f"${p}$" for i, p in enumerate(parts))


def _status_tex(status: str) -> str:
    return rf"\color{{{_TEX_COLOURS.get(status, 'black')}}}{{\textbf{{{status}}}}}"


def step_repr(step) -> str:
    """One line: kind, claim id, status (expected), method."""
    what = f"{step.kind} {step.claim_id}" if step.claim_id else step.kind
    exp = f", expected {step.expect.value}" if step.expect else ""
    ok = "" if not step.claim_id else (", ok" if step.ok else ", FAILED")
    return f"<Step {what}: {step.status.value}{exp} by {step.outcome.method or '-'}{ok}>"


def result_repr(result) -> str:
    from collections import Counter
    counts = Counter(c.status.value for c in result.claims)
    text = ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
    return (f"<DerivationResult {result.id}: {result.status.value}, {len(result.claims)} claim(s)"
            f"{' (' + text + ')' if text else ''}, {'ok' if result.ok else 'FAILED'}>")


def _step_math(step) -> str:
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
    name = _tt(step.kind) + (r"\ " + _tt(step.claim_id) if step.claim_id else "")
    body = _step_math(step) or r"\text{--}"
    return rf"\mathtt{{{name}}} & {body} & {_status_tex(step.status.value)}"


def result_latex(result) -> str:
    """The trace as a MathJax ``array``: one row per step (tables and figures by caption)."""
    from .engine.records import Figure, Note, Table
    rows = [rf"\rlap{{\textbf{{{_tt(result.id)}}}\text{{: {_text(result.title)} "
            rf"({_text(result.source.paper)}, {_text(result.source.where)})}}}} & & {_status_tex(result.status.value)}",
            r"\hline"]
    for entry in result.trace:
        if isinstance(entry, (Table, Figure)):
            rows.append(rf"\mathtt{{{entry.kind}\ {_tt(entry.id)}}} & \text{{{_text(entry.caption)}}} & ")
        elif isinstance(entry, Note):
            rows.append(rf"\mathtt{{note}} & \text{{{_text(entry.text)}}} & ")
        else:
            rows.append(step_latex(entry))
    body = " \\\\\n".join(r for r in rows if r != r"\hline")
    body = body.replace(rows[0] + " \\\\\n", rows[0] + r" \\ \hline" + "\n", 1)
    return "$$\\begin{array}{lll}\n" + body + "\n\\end{array}$$"


def result_html(result) -> str:
    """The trace as an HTML table (expressions as MathJax ``\\(...\\)``), figures as inline SVG."""
    from .engine.records import Figure, Note, Table
    head = (f"<p><b><code>{_h(result.id)}</code></b> {_h(result.title)} <i>({_h(result.source.paper)}, "
            f"{_h(result.source.where)})</i>: {_badge(result.status.value)}, {len(result.claims)} claim(s), "
            f"{'ok' if result.ok else '<b>FAILED</b>'}</p>")
    rows = []
    for k, e in enumerate(result.trace, 1):
        if isinstance(e, Table):
            rows.append(f"<tr><td>{k}</td><td>table <code>{_h(e.id)}</code></td><td colspan='3'>"
                        f"{_h(e.caption)}{_table_html(e)}</td></tr>")
        elif isinstance(e, Figure):
            rows.append(f"<tr><td>{k}</td><td>figure <code>{_h(e.id)}</code></td><td colspan='3'>"
                        f"{_h(e.caption)}<br>{figure_svg(e)}</td></tr>")
        elif isinstance(e, Note):
            rows.append(f"<tr><td>{k}</td><td>note</td><td colspan='3'>{_h(e.text)}</td></tr>")
        else:
            what = f"{_h(e.kind)}" + (f" <code>{_h(e.claim_id)}</code>" if e.claim_id else "")
            maths = _step_math(e)
            cell = "\\(" + _h(maths) + "\\)" if maths else ""
            o = e.outcome
            how = _h(o.method) + (f"<br><small>{_h(o.detail)}</small>" if o.detail else "")
            if o.witness is not None:
                how += f"<br><small>witness: {_h(o.witness.describe())}</small>"
            exp = f"<br><small>expected {_h(e.expect.value)}</small>" if e.expect else ""
            mark = "" if not e.claim_id else (" &#10003;" if e.ok else " <b>&#10007; FAILED</b>")
            rows.append(f"<tr><td>{k}</td><td>{what}<br><small>{_h(e.text)}</small></td>"
                        f"<td>{cell}</td>"
                        f"<td>{_badge(e.status.value)}{exp}{mark}</td><td>{how}</td></tr>")
    return (f"<div class='symdp-result'>{head}<table><tr><th>#</th><th>step</th><th>expressions</th>"
            f"<th>status</th><th>how</th></tr>{''.join(rows)}</table></div>")


def _table_html(t) -> str:
    head = "".join(f"<th>{_h(c)}</th>" for c in t.header)
    body = "".join("<tr>" + "".join(f"<td>{_h(c)}</td>" for c in row) + "</tr>" for row in t.rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _finite(v: float) -> bool:
    return v == v and abs(v) != float("inf")


def figure_svg(fig, width: int = 360, height: int = 220) -> str:
    """A figure's curves as a small inline SVG (axes with their ranges, one polyline per curve)."""
    pts = [(float(x), float(y)) for s in fig.series for x, y in s.points]
    pts = [(x, y) for x, y in pts if _finite(x) and _finite(y)]
    if not pts:
        return "<em>(empty figure)</em>"
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    x1, y1 = (x1 if x1 > x0 else x0 + 1), (y1 if y1 > y0 else y0 + 1)
    m = 30
    sx = lambda x: m + (x - x0) / (x1 - x0) * (width - 2 * m)
    sy = lambda y: height - m - (y - y0) / (y1 - y0) * (height - 2 * m)
    palette = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f")
    lines = []
    for k, s in enumerate(fig.series):
        xy = [(float(x), float(y)) for x, y in s.points]
        path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in xy if _finite(x) and _finite(y))
        colour = palette[k % len(palette)]
        lines.append(f"<polyline fill='none' stroke='{colour}' stroke-width='1.5' points='{path}'>"
                     f"<title>{_h(s.label)}</title></polyline>")
    legend = "".join(f"<text x='{width - m}' y='{14 + 12 * k}' font-size='10' text-anchor='end' "
                     f"fill='{palette[k % len(palette)]}'>{_h(s.label)}</text>" for k, s in enumerate(fig.series))
    axes = (f"<line x1='{m}' y1='{height - m}' x2='{width - m}' y2='{height - m}' stroke='#000'/>"
            f"<line x1='{m}' y1='{m}' x2='{m}' y2='{height - m}' stroke='#000'/>"
            f"<text x='{m}' y='{height - m + 12}' font-size='9'>{x0:.3g}</text>"
            f"<text x='{width - m}' y='{height - m + 12}' font-size='9' text-anchor='end'>{x1:.3g}</text>"
            f"<text x='{m - 2}' y='{height - m}' font-size='9' text-anchor='end'>{y0:.3g}</text>"
            f"<text x='{m - 2}' y='{m + 4}' font-size='9' text-anchor='end'>{y1:.3g}</text>"
            f"<text x='{width / 2}' y='{height - 4}' font-size='10' text-anchor='middle'>{_h(fig.xlabel)}</text>"
            f"<text x='10' y='{height / 2}' font-size='10' text-anchor='middle' "
            f"transform='rotate(-90 10 {height / 2})'>{_h(fig.ylabel)}</text>")
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
            f"viewBox='0 0 {width} {height}'>{axes}{''.join(lines)}{legend}</svg>")


# -- streaming and selection (``symdp check -x -k --durations``, progress lines) ----------

def iter_results(specs, jobs: int | None = None, cache: str | None = None, fresh: bool = False,
                 timeout: float = 900.0):
    """Yield ``(spec, result)`` as derivations finish (cached ones first), on ``jobs`` forked processes.

    The verdicts are those of :func:`~symdp.engine.runner.run_all` (same
    runner, shards, certificates and cache); only the order differs.  Closing
    the generator early (``symdp check -x``) terminates the workers.
    """
    from .engine import cache as result_cache
    from .engine.runner import run_fresh
    todo = []
    for spec in specs:
        found = None if fresh else result_cache.load(cache, spec)
        if found is not None:
            yield spec, found
        else:
            todo.append(spec)
    yield from run_fresh(todo, jobs, cache, timeout=timeout)


_KEYWORDS = {"and", "or", "not"}


def keyword_filter(expression: str):
    """A predicate for ``-k EXPRESSION``: words matched as case-insensitive substrings, with and/or/not/()."""
    import re

    from .errors import SymdpError
    tokens = re.findall(r"\(|\)|[^\s()]+", expression)
    if not tokens:
        raise SymdpError("-k", expression, "an expression of words with and, or, not and parentheses")
    code = " ".join(t if t in _KEYWORDS or t in "()" else f"({t.lower()!r} in name)" for t in tokens)
    try:
        compiled = compile(code, "<-k>", "eval")
        eval(compiled, {"__builtins__": {}}, {"name": ""})
    except (SyntaxError, TypeError):
        raise SymdpError("-k", expression, "an expression of words with and, or, not and parentheses") from None
    return lambda name: bool(eval(compiled, {"__builtins__": {}}, {"name": name.lower()}))


def select_keyword(specs, expression: str | None):
    """The specs whose ``file::id`` matches ``-k``."""
    if not expression:
        return list(specs)
    match = keyword_filter(expression)
    return [s for s in specs if match(f"{s.file}::{s.id}")]


def progress_line(done: int, total: int, result) -> str:
    """``[ 3/16] liu2019.table1  ok  12.3 s``: the live line of ``symdp check`` on a terminal."""
    width = len(str(total))
    verdict = "ok" if result.ok else "FAILED"
    return f"[{done:>{width}}/{total}] {result.id}  {verdict}  {result.seconds:.1f} s"


def durations_lines(results, n: int) -> list[str]:
    """The ``n`` slowest derivations (all when ``n`` is 0), as ``--durations`` prints them."""
    ranked = sorted(results, key=lambda r: -r.seconds)
    ranked = ranked if n == 0 else ranked[:n]
    return [f"slowest {len(ranked)} derivation(s):"] + [f"{r.seconds:8.2f}s  {r.id}" for r in ranked]


def claim_lines(results) -> list[str]:
    """``-v``: one line per claim, ``id :: claim: STATUS (expected ...) by method``."""
    lines = []
    for r in results:
        for c in r.claims:
            exp = f" (expected {c.expect.value})" if c.expect else ""
            lines.append(f"{'PASS' if c.ok else 'FAIL'} {r.id} :: {c.claim_id}: {c.status.value}{exp} "
                         f"by {c.outcome.method}")
    return lines
