"""``\\Delta u`` where the display applies ``u`` as a function: the sensitivity of u, one name.

The exponential mechanism is written ``\\exp(\\frac{\\epsilon u(x, r)}{2 \\Delta u})`` and the Laplace density
``\\frac{\\epsilon}{2 \\Delta q} \\exp(-\\frac{\\epsilon |r - q(x)|}{\\Delta q})``: the display itself applies ``u``
(``q``) to arguments, so ``u`` is a function, and ``\\Delta`` times a function no formula multiplies; the spelling
is one quantity of ``u`` (its sensitivity), read as one name ``Delta_u``.  Only then: ``\\Delta u`` with ``u``
applied nowhere in the display, ``\\Delta u`` followed by a script (``\\Delta f^2``: the square of the sensitivity,
or the sensitivity of ``f^2``?) or by parentheses (``\\Delta u(x)``), and a ``\\Delta`` in a script stay refused by
:func:`.functionals.refuse_sensitivities`, which names the notation entry that settles them.
"""
from __future__ import annotations

import sympy as sp
from lark import Token

from .lexer import Tok


def _tok(item, kind: str, text: str | None = None) -> bool:
    return isinstance(item, Tok) and item.kind == kind and (text is None or item.text == text)


def _delta(item) -> bool:
    """``\\Delta``, ``\\Delta_2``, ``\\Delta_{1}`` as one raw name."""
    return isinstance(item, Tok) and item.kind == "NAME" and (item.text == "\\Delta" or
                                                              item.text.startswith("\\Delta_"))


def applied(items: list) -> set:
    """The raw names applied somewhere in ``items`` to a list or to one name (``u(x, r)``, ``q(x)``), which no
    product needs parentheses for; ``q(1 - q)`` applies nothing."""
    return {t.text for k, t in enumerate(items[:-2]) if _tok(t, "NAME") and _tok(items[k + 1], "LPAREN")
            and _arguments(items, k + 2)}


def _arguments(items: list, k: int) -> bool:
    """The parentheses opened before ``k`` hold one raw name (``(x)``) or a list (``(x, r)``) and nothing else."""
    if _tok(items[k], "NAME") and k + 1 < len(items) and _tok(items[k + 1], "RPAREN"):
        return True
    depth = 0
    for t in items[k:]:
        kind = t.kind if isinstance(t, Tok) else t.type
        if kind == "RPAREN" and depth == 0:
            return False
        if kind == "COMMA" and depth == 0:
            return True
        depth += (kind in ("LPAREN", "LBRACK", "LBRACE", "LSET")) - (kind in ("RPAREN", "RBRACK", "RBRACE", "RSET"))
    return False


def _of_function(items: list, k: int, functions: set) -> bool:
    """``items[k]`` is ``\\Delta`` (not in a script) before a plain name the display applies, and nothing follows
    that name that could make it part of another reading (a script, a prime, parentheses)."""
    if not _delta(items[k]) or k + 1 >= len(items) or (k and (_tok(items[k - 1], "SUB") or _tok(items[k - 1], "SUP"))):
        return False
    name, after = items[k + 1], items[k + 2] if k + 2 < len(items) else None
    spelled = _spelled(name)
    return bool(spelled) and "_" not in spelled and "'" not in spelled and spelled in functions \
        and not any(_tok(after, kind) for kind in ("SUB", "SUP", "PRIME", "LPAREN"))


def _spelled(item) -> str:
    """The raw name of ``item``: a NAME, or a function the text declares (a HEAD of kind func), else ""."""
    if _tok(item, "NAME"):
        return item.text
    if isinstance(item, Token) and item.type == "HEAD" and item.value[0] == "func":
        return item.value[2]
    return ""


def sensitivities(items: list, derived: dict, named: frozenset = frozenset()) -> list:
    """``items`` with each ``\\Delta u`` of a function ``u`` the display applies, or the text around it calls a
    function (``named``, :func:`.prose.function_names`), as one SYM token ``Delta_u`` (the derived expression's
    symbol of that name when it has one)."""
    functions, out, k = applied(items) | named, [], 0
    while k < len(items):
        if _of_function(items, k, functions):
            name = items[k].text.lstrip("\\") + "_" + _spelled(items[k + 1]).lstrip("\\")
            value = derived.get(name, sp.Symbol(name))
            last = items[k + 1]   # a raw name (Tok) or a declared function's HEAD (lark Token)
            end = last.end if isinstance(last, Tok) else last.end_pos
            out.append(Token("SYM", value, start_pos=items[k].start, end_pos=end))
            k += 2
            continue
        out.append(items[k])
        k += 1
    return out
