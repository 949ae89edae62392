"""Where a big operator's operand ends, as the page shows it: :func:`open_big`, for the rule that a term after a sum
may not use the index the sum binds (:meth:`.build.Builder._terms`)."""
from __future__ import annotations

import re

import sympy as sp
from lark import Token

from .conditions import CLOSE, OPEN


def open_big(source: str, start: int) -> bool:
    """Some ``\\sum``, ``\\prod`` or ``\\lim`` before ``start`` whose operand no bracket closes before it
    (``\\frac{\\sum_i x_i}{n} + x_i`` and ``(\\sum_i x_i)^2 - x_i`` close it: the term after is outside by the
    page's own brackets)."""
    for m in re.finditer(r"\\(?:sum|prod|lim)(?![A-Za-z])", source[:start]):
        depth = 0
        for ch in source[m.end():start]:
            depth += (ch in "{[(") - (ch in "}])")
            if depth < 0:
                break
        else:
            return True
    return False


BINDING = (sp.Sum, sp.Product, sp.Limit)
"""What binds a name the terms after it may not use (:meth:`.build.Builder._terms`)."""


def variables(total) -> list:
    """The names ``total`` binds: a sum's or a product's indices, a limit's variable."""
    return [total.args[1]] if isinstance(total, sp.Limit) else list(total.variables)


_INTEGRAND = frozenset({"NUMBER", "SYM", "NAME", "HEAD", "FRAC", "BINOM", "SQRT", "SUP", "SUB", "BANG", "MUL", "DIV"})
"""What may stand between an integral's limits and its differential, outside every group, for the integrand to
be a product written with ``\\cdot`` or ``/``: a sign, a relation, a comma, a big operator ends the search."""


def grouped_integrands(tokens: list) -> list:
    """``tokens`` with the integrand of ``\\int_a^b f \\cdot g \\, dx`` (a product written with ``\\cdot``, ``\\times``
    or ``/``) in braces: the integral runs to its differential, as the page shows it (juxtaposition binds tighter
    than ``\\cdot`` in the grammar, so ``\\int`` would otherwise take ``f`` alone).  Integrands without such a sign
    are left as they are (:meth:`.apply.Applier.apply_int` reads them)."""
    out, k = [], 0
    while k < len(tokens):
        t = tokens[k]
        out.append(t)
        k += 1
        if _head(t) == "int":
            start = _after_scripts(tokens, k)
            end = _differential(tokens, start)
            if end is not None:
                out += tokens[k:start] + [_brace(tokens[start], "LBRACE", "{")] + tokens[start:end] + \
                    [_brace(tokens[end], "RBRACE", "}")]
                k = end
    return out


def _after_scripts(tokens: list, k: int) -> int:
    """The index after the limits (``_a^b``, ``_{...}``) that follow an integral sign at ``k - 1``."""
    while k < len(tokens) and tokens[k].type in ("SUB", "SUP"):
        k += 1
        if k < len(tokens) and tokens[k].type == "LBRACE":
            depth = 0
            while k < len(tokens):
                depth += (tokens[k].type in OPEN) - (tokens[k].type in CLOSE)
                k += 1
                if depth == 0:
                    break
        else:
            k += 1
    return k


def _differential(tokens: list, start: int):
    """The index of the differential that closes the integrand opening at ``start``, when a ``\\cdot``, ``\\times``
    or ``/`` outside every group stands before it (else None: the integrand needs no braces, or is not one)."""
    depth, signed = 0, False
    for j in range(start, len(tokens)):
        kind = tokens[j].type
        if depth == 0 and kind == "DIFF":
            return j if signed and j > start else None
        if depth == 0 and kind not in _INTEGRAND | OPEN:
            return None
        if depth == 0 and _head(tokens[j]) in ("int", "sum", "prod"):
            return None
        signed |= depth == 0 and kind in ("MUL", "DIV")
        depth += (kind in OPEN) - (kind in CLOSE)
        if depth < 0:
            return None
    return None


def _head(t) -> str:
    """The kind of a resolved HEAD token (``int``, ``sum``, ``call``, ...), "" for any other token."""
    return t.value[0] if t.type == "HEAD" else ""


def _brace(at, kind: str, text: str) -> Token:
    return Token(kind, text, start_pos=at.start_pos, end_pos=at.start_pos)
