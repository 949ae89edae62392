"""Derivatives as papers write them: ``\\frac{d}{dx} f(x)``, ``\\frac{d^{n+1}}{dz^{n+1}} \\log\\Gamma(z)``,
``\\frac{df}{dx}``, ``\\frac{\\partial^2 f}{\\partial x \\partial y}``, never a fraction of products of ``d``.

A ``\\frac`` whose numerator opens with ``d``, ``\\mathrm{d}`` or ``\\partial`` (with an order ``^n``) and whose
denominator is nothing but ``d x`` / ``\\partial x`` factors (each with an order) is rewritten, on the raw
tokens, into one DERIV token per variable (its order as a superscript) followed by the numerator's operand in
braces when it has one: ``\\frac{d^2 f}{dx^2}`` becomes ``DERIV(x)^{2} {f}``.  :mod:`.apply` then builds
``sp.Derivative`` of the operand (the braces, or the product that follows), or refuses it when the operand does
not hold the variable (``\\frac{dy}{dx}`` with ``y`` a name: a function named without its argument).  Orders that
differ above and below the bar are refused.
"""
from __future__ import annotations

from .lexer import Tok, fail


def _is_d(t: Tok) -> bool:
    """``d``, ``\\mathrm{d}`` or ``\\partial``."""
    return (t.kind == "NAME" and t.text == "d") or (t.kind == "WORD" and t.text.strip() == "d") or \
        (t.kind == "CMD" and t.text == r"\partial")


def _argument(tokens: list[Tok], k: int) -> tuple[list[Tok], int] | tuple[None, int]:
    """The tokens of the argument at ``k`` (a brace group's content, or one token) and the index after it."""
    if k >= len(tokens):
        return None, k
    if tokens[k].kind != "LBRACE":
        return [tokens[k]], k + 1
    depth = 0
    for j in range(k, len(tokens)):
        depth += (tokens[j].kind == "LBRACE") - (tokens[j].kind == "RBRACE")
        if depth == 0:
            return tokens[k + 1:j], j + 1
    return None, k


def _script(tokens: list[Tok], k: int, kind: str) -> tuple[list[Tok], int]:
    """The whole script ``^...`` (or ``_...``) at ``k`` as written (tokens), and the index after it."""
    if k < len(tokens) and tokens[k].kind == kind:
        _, after = _argument(tokens, k + 1)
        return tokens[k:after], after
    return [], k


def _variables(tokens: list[Tok]) -> list[tuple[Tok, list[Tok], list[Tok]]] | None:
    """The denominator ``d x^2 \\partial y_i`` as (variable, its subscript, its order) triples, or None."""
    out, k = [], 0
    while k < len(tokens):
        if not _is_d(tokens[k]) or k + 1 >= len(tokens) or tokens[k + 1].kind != "NAME":
            return None
        var = tokens[k + 1]
        sub, k = _script(tokens, k + 2, "SUB")
        order, k = _script(tokens, k, "SUP")
        out.append((var, sub, order))
    return out or None


def _numeric(order: list[Tok]) -> int | None:
    """The order ``^2`` / ``^{2}`` as an int (1 when absent), or None when symbolic."""
    inner = [t for t in order[1:] if t.kind not in ("LBRACE", "RBRACE")]
    if not order:
        return 1
    return int(inner[0].text) if len(inner) == 1 and inner[0].kind == "NUMBER" else None


def _same(a: list[Tok], b: list[Tok]) -> bool:
    return [(t.kind, t.text) for t in a] == [(t.kind, t.text) for t in b]


def derivatives(source: str, tokens: list[Tok]) -> list[Tok]:
    """``tokens`` with each derivative fraction rewritten (see the module's docstring)."""
    out, k = [], 0
    while k < len(tokens):
        t = tokens[k]
        if t.kind == "FRAC":
            top, mid = _argument(tokens, k + 1)
            bottom, end = _argument(tokens, mid)
            if top and bottom and _is_d(top[0]):
                variables = _variables(bottom)
                if variables is not None:
                    out.extend(_rewrite(source, t, top, variables, tokens[end - 1]))
                    k = end
                    continue
        out.append(t)
        k += 1
    return out


def _rewrite(source: str, frac: Tok, top: list[Tok], variables: list, last: Tok) -> list[Tok]:
    order, k = _script(top, 1, "SUP")
    operand = top[k:]
    total = _numeric(order)
    orders = [_numeric(o) for _, _, o in variables]
    if total is None or None in orders:
        if not (len(variables) == 1 and _same(order[1:], variables[0][2][1:])):
            fail(source, frac.start, last.end, "a derivative whose orders above and below the bar differ (or are "
                 "symbolic over several variables)")
    elif total != sum(orders):
        fail(source, frac.start, last.end, f"a derivative of order {total} above the bar and {sum(orders)} below it")
    out = []
    for var, sub, power in variables:
        name = var.text + ("_" + "".join(u.text.lstrip("\\") for u in sub[1:] if u.kind not in ("LBRACE", "RBRACE"))
                           if sub else "")
        out.append(Tok("DERIV", name, frac.start, last.end, frac.spaced))  # quoted whole: \\frac{d}{dx}
        out.extend(power)
    if operand:
        out.append(Tok("LBRACE", "{", operand[0].start, operand[0].start))
        out.extend(operand)
        out.append(Tok("RBRACE", "}", operand[-1].end, operand[-1].end))
    return out
