"""Results as HTML for Jupyter (``_repr_html_``): the trace as a table, expressions for MathJax, figures as SVG."""
from __future__ import annotations

import html

from .latex import step_math

_COLOURS = {"PROVED": "#1b7f3b", "VERIFIED": "#2a6fb0", "ERRATUM": "#b36b00", "REFUTED": "#b00020",
            "UNDECIDED": "#6d6d6d", "ERROR": "#b00020"}


def h(text) -> str:
    return html.escape(str(text), quote=True)


def badge(status: str) -> str:
    return (f"<span style='color:{_COLOURS.get(status, '#000')};font-weight:bold'>{h(status)}</span>")


def result_html(result) -> str:
    """The trace as an HTML table (expressions as MathJax ``\\(...\\)``), figures as inline SVG."""
    from ..engine.model.records import Figure, Note, Table
    head = (f"<p><b><code>{h(result.id)}</code></b> {h(result.title)} <i>({h(result.source.paper)}, "
            f"{h(result.source.where)})</i>: {badge(result.status.value)}, {len(result.claims)} claim(s), "
            f"{'ok' if result.ok else '<b>FAILED</b>'}</p>")
    rows = []
    for k, e in enumerate(result.trace, 1):
        if isinstance(e, Table):
            rows.append(f"<tr><td>{k}</td><td>table <code>{h(e.id)}</code></td><td colspan='3'>"
                        f"{h(e.caption)}{_table_html(e)}</td></tr>")
        elif isinstance(e, Figure):
            rows.append(f"<tr><td>{k}</td><td>figure <code>{h(e.id)}</code></td><td colspan='3'>"
                        f"{h(e.caption)}<br>{figure_svg(e)}</td></tr>")
        elif isinstance(e, Note):
            rows.append(f"<tr><td>{k}</td><td>note</td><td colspan='3'>{h(e.text)}</td></tr>")
        else:
            what = f"{h(e.kind)}" + (f" <code>{h(e.claim_id)}</code>" if e.claim_id else "")
            maths = step_math(e)
            cell = "\\(" + h(maths) + "\\)" if maths else ""
            o = e.outcome
            how = h(o.method) + (f"<br><small>{h(o.detail)}</small>" if o.detail else "")
            if o.witness is not None:
                how += f"<br><small>witness: {h(o.witness.describe())}</small>"
            exp = f"<br><small>expected {h(e.expect.value)}</small>" if e.expect else ""
            mark = "" if not e.claim_id else (" &#10003;" if e.ok else " <b>&#10007; FAILED</b>")
            rows.append(f"<tr><td>{k}</td><td>{what}<br><small>{h(e.text)}</small></td>"
                        f"<td>{cell}</td>"
                        f"<td>{badge(e.status.value)}{exp}{mark}</td><td>{how}</td></tr>")
    return (f"<div class='symdp-result'>{head}<table><tr><th>#</th><th>step</th><th>expressions</th>"
            f"<th>status</th><th>how</th></tr>{''.join(rows)}</table></div>")


def _table_html(t) -> str:
    head = "".join(f"<th>{h(c)}</th>" for c in t.header)
    body = "".join("<tr>" + "".join(f"<td>{h(c)}</td>" for c in row) + "</tr>" for row in t.rows)
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
                     f"<title>{h(s.label)}</title></polyline>")
    legend = "".join(f"<text x='{width - m}' y='{14 + 12 * k}' font-size='10' text-anchor='end' "
                     f"fill='{palette[k % len(palette)]}'>{h(s.label)}</text>" for k, s in enumerate(fig.series))
    axes = (f"<line x1='{m}' y1='{height - m}' x2='{width - m}' y2='{height - m}' stroke='#000'/>"
            f"<line x1='{m}' y1='{m}' x2='{m}' y2='{height - m}' stroke='#000'/>"
            f"<text x='{m}' y='{height - m + 12}' font-size='9'>{x0:.3g}</text>"
            f"<text x='{width - m}' y='{height - m + 12}' font-size='9' text-anchor='end'>{x1:.3g}</text>"
            f"<text x='{m - 2}' y='{height - m}' font-size='9' text-anchor='end'>{y0:.3g}</text>"
            f"<text x='{m - 2}' y='{m + 4}' font-size='9' text-anchor='end'>{y1:.3g}</text>"
            f"<text x='{width / 2}' y='{height - 4}' font-size='10' text-anchor='middle'>{h(fig.xlabel)}</text>"
            f"<text x='10' y='{height / 2}' font-size='10' text-anchor='middle' "
            f"transform='rotate(-90 10 {height / 2})'>{h(fig.ylabel)}</text>")
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
            f"viewBox='0 0 {width} {height}'>{axes}{''.join(lines)}{legend}</svg>")


def run_html(run) -> str:
    """A Run as HTML: one row per derivation, then each trace in a <details>."""
    rows = "".join(
        f"<tr><td><code>{h(r.id)}</code></td><td>{h(r.title)}</td><td>{badge(r.status.value)}</td>"
        f"<td>{len(r.claims)}</td><td>{'ok' if r.ok else '<b>FAILED</b>'}</td></tr>" for r in run.results)
    errors = "".join(f"<li><code>{h(e.describe())}</code></li>" for e in run.errors)
    details = "".join(f"<details><summary><code>{h(r.id)}</code> {badge(r.status.value)}</summary>"
                      f"{result_html(r)}</details>" for r in run.results)
    return (f"<div class='symdp-run'><p>{h(repr(run))}</p><table><tr><th>derivation</th><th>title</th>"
            f"<th>status</th><th>claims</th><th>result</th></tr>{rows}</table>"
            + (f"<p>files that did not import:</p><ul>{errors}</ul>" if errors else "") + details + "</div>")
