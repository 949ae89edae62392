"""Displayed equations broken across lines instead of shrunk.

:func:`width` estimates how wide a LaTeX formula sets, in units of about one
math glyph; :func:`lines` splits ``lhs rel expr`` at the top-level sums of
``expr`` (then inside a wide fraction's numerator or denominator, then between
the pieces of a case distinction) so that every line stays under
:data:`WIDTH`.  The template sets one line with ``\\[ \\]`` and several with
``multline*``, as a typesetter breaks a long equation by hand.
"""
from __future__ import annotations

import re

import sympy as sp

from .notation import PaperPrinter, math, paper_form

WIDTH = 48
"""Glyphs per line: one column of A4 at 11 pt with 2.5 cm margins holds about 70."""
MAX_DEPTH = 5
"""Nested splits (sum, fraction, sum, ...) tried before a line is left to be shrunk."""

_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|[{}^_]|[^\\{}^_]")
_SILENT = {r"\left", r"\right", r"\displaystyle", r"\limits", r"\mathrm", r"\operatorname", r"\mathbb",
           r"\mathcal", r"\Bigl", r"\Bigr", r"\biggl", r"\biggr", r"\bigl", r"\bigr", r"\!", r"\,",
           r"\bigg", r"\Big"}
_BINARY = {"+", "-", "=", "<", ">", r"\le", r"\ge", r"\leq", r"\geq", r"\ne", r"\to", r"\cdot", r"\times",
           r"\in", r"\mid"}
_WIDE = {r"\quad": 2.0, r"\qquad": 4.0, r"\cdot": 1.0, r"\ ": 0.5, r"\;": 0.4, r"\:": 0.4}


def _group(tokens, i):
    """The width of the group starting at ``tokens[i]`` and the index after it."""
    if i >= len(tokens):
        return 0.0, i
    if tokens[i] != "{":
        return _one(tokens, i)
    depth, j = 1, i + 1
    while j < len(tokens) and depth:
        depth += {"{": 1, "}": -1}.get(tokens[j], 0)
        j += 1
    return _run(tokens[i + 1:j - 1]), j


def _one(tokens, i):
    t = tokens[i]
    if t == r"\frac":
        a, j = _group(tokens, i + 1)
        b, k = _group(tokens, j)
        return max(a, b) * 0.85 + 0.6, k
    if t in ("^", "_"):
        a, j = _group(tokens, i + 1)
        return 0.7 * a, j
    if t in (r"\text", r"\textrm", r"\mathrm", r"\operatorname"):
        a, j = _group(tokens, i + 1)
        return a * (0.8 if t != r"\mathrm" else 1.0), j
    if t == r"\sqrt":
        a, j = _group(tokens, i + 1)
        return a + 1.2, j
    if t in _SILENT or t.isspace():
        return 0.0, i + 1
    if t in _BINARY:
        return 1.9, i + 1
    return _WIDE.get(t, 1.0), i + 1


def _run(tokens) -> float:
    total, i = 0.0, 0
    while i < len(tokens):
        w, i = _group(tokens, i)
        total += w
    return total


def width(latex: str) -> float:
    """Approximate set width of ``latex`` in glyphs (cases: the widest row)."""
    if r"\begin{cases}" in latex:
        head, _, rest = latex.partition(r"\begin{cases}")
        body, _, tail = rest.partition(r"\end{cases}")
        rows = [width(r.replace("&", " ")) for r in body.split(r"\\")]
        return width(head) + max(rows, default=0) + 2 + width(tail)
    return _run(_TOKEN.findall(latex))


def _terms(add, printer) -> list[str]:
    """The terms of a sum in printed order, each with its sign in front."""
    out = []
    for term in printer._as_ordered_terms(add, order=None):
        text = printer._print(term)
        if isinstance(term, sp.Add):
            text = rf"\left({text}\right)"
        out.append(text if text.startswith("-") else "+ " + text)
    if out and out[0].startswith("+ "):
        out[0] = out[0][2:]
    return out


def _pack(parts: list[str], lead: str, limit: float) -> list[str]:
    """Greedily fill lines with ``parts``; the first line starts with ``lead``."""
    lines, current = [], lead
    for p in parts:
        if current.strip() and width(current + p) > limit and current != lead:
            lines.append(current)
            current = p
        else:
            current = f"{current} {p}".strip()
    lines.append(current)
    return lines


def _broken(expr, lead: str, limit: float, printer, depth: int = 0) -> list[str]:
    """``lead`` followed by ``expr``, in lines under ``limit`` where a split point allows."""
    full = f"{lead} {printer._print(expr)}".strip()
    if width(full) <= limit or depth > MAX_DEPTH:
        return [full]
    if isinstance(expr, sp.Add):
        parts = []
        for t, text in zip(printer._as_ordered_terms(expr, order=None), _terms(expr, printer)):
            if width(text) > limit * 0.8:
                sign = "" if text.startswith("-") else ("+ " if parts else "")
                term = -t if text.startswith("-") else t
                parts.extend(_broken(term, ("- " if text.startswith("-") else sign).strip(), limit,
                                     printer, depth + 1))
            else:
                parts.append(text)
        return _pack(parts, lead, limit)
    if isinstance(expr, sp.Piecewise):
        return _cases(expr, lead, limit, printer, depth)
    num, den = sp.fraction(expr)
    if den != 1:
        n_tex, d_tex = printer._print(num), printer._print(den)
        if min(width(n_tex), width(d_tex)) > limit:   # both wide: each broken on lines of its own, "(N) / (D)"
            top = _wrapped(num, lead + r" \left(", r" \right)", limit, printer, depth)
            return top + _wrapped(den, r"\Big/ \left(", r" \right)", limit, printer, depth)
        if width(n_tex) >= width(d_tex):
            return _wrapped(num, lead + r" \frac{1}{" + d_tex + r"} \left[", r" \right]", limit, printer, depth)
        head = lead + r" \left.\left(" + n_tex + r"\right) \middle/ \left["
        return _wrapped(den, head, r" \right]\right.", limit, printer, depth)
    if isinstance(expr, sp.Mul):
        factors = list(expr.args)
        wide = max(factors, key=lambda f: width(printer._print(f)))
        if isinstance(wide, sp.Add):
            rest = sp.Mul(*[f for f in factors if f is not wide])
            head = printer._print(rest) if rest != 1 else ""
            head = "-" if rest == -1 else head
            return _wrapped(wide, f"{lead} {head}" + r" \left(", r" \right)", limit, printer, depth)
    return [full]


def _wrapped(expr, lead: str, close: str, limit: float, printer, depth: int) -> list[str]:
    body = _broken(expr, lead, limit, printer, depth + 1)
    return body[:-1] + [body[-1] + close]


def _cases(expr, lead: str, limit: float, printer, depth: int) -> list[str]:
    """A wide case distinction as one line per case: ``= A (if c)``, then ``B (otherwise)``."""
    out = []
    for k, (e, c) in enumerate(expr.args):
        cond = r"\quad (\text{otherwise})" if c is sp.true else rf"\quad (\text{{if }} {printer._print(c)})"
        body = _broken(e, lead if k == 0 else r"\text{else}", limit, printer, depth + 1)
        out += body[:-1] + [body[-1] + cond]
    return out


def relation(lhs, relation_tex: str, rhs, limit: float = WIDTH) -> list[str]:
    """``lhs relation rhs`` for two expressions, each side broken as needed; short sides share a line."""
    printer = PaperPrinter()
    try:
        left = _broken(paper_form(lhs), "", limit, printer)
        right = _broken(paper_form(rhs), relation_tex, limit, printer)
    except Exception:  # a display must never fail a report
        return [f"{math(lhs)} {relation_tex} {math(rhs)}"]
    if width(left[-1] + right[0]) <= limit:
        return balanced(left[:-1] + [f"{left[-1]} {right[0]}"] + right[1:])
    return balanced(left + right)


_LEFT = re.compile(r"\\left(?![a-zA-Z])")
_RIGHT = re.compile(r"\\right(?![a-zA-Z])")


def balanced(found: list[str]) -> list[str]:
    """Each line a formula of its own: ``\\left`` and ``\\right`` split across lines closed with null delimiters."""
    out, carry = [], 0
    for line in found:
        line = r"\left." * carry + line
        opened = len(_LEFT.findall(line)) - len(_RIGHT.findall(line))
        if opened < 0:  # a \right whose \left is on an earlier line
            line = r"\left." * -opened + line
            opened = 0
        out.append(line + r"\right." * opened)
        carry = opened
    return out


def lines(lhs: str, relation: str, expr, limit: float = WIDTH) -> list[str]:
    """``lhs relation expr`` in the papers' notation, as one or more lines under ``limit`` glyphs."""
    printer = PaperPrinter()
    shown = paper_form(expr) if isinstance(expr, sp.Basic) else expr
    lead = f"{lhs} {relation}".strip() if lhs else (relation or "")
    if not isinstance(shown, sp.Basic):
        return [f"{lead} {shown}".strip()]
    try:
        found = _broken(shown, lead, limit, printer)
    except Exception:  # a display must never fail a report
        found = [f"{lead} {math(expr)}".strip()]
    if len(found) > 1 and lhs and width(lhs) > limit / 2:
        found = [lhs] + [f"{relation} {l[len(lead):].strip()}" if l.startswith(lead) else l for l in found]
    return balanced(found)
