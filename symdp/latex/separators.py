"""Separators of a call's arguments other than the comma: ``;`` in ``\\max\\{a ; 0\\}`` and ``B(x; a, b)``, the bar
``\\mid`` in ``f(t \\mid a, b)``, each read as a comma where it can be nothing else (moved here from resolve.py)."""
from __future__ import annotations

from .lexer import Tok, not_formula
from .names import FUNCTION_LETTERS


def listed_with_semicolons(raw: list[Tok], functions=frozenset(), source: str = "") -> list[Tok]:
    """``\\max\\{a ; 0\\}``: a semicolon between the items of a ``\\max``/``\\min`` set separates them, as a comma;
    so it does in the arguments of a function the text declares (``B(x; a, b)``, the incomplete beta function), and
    in parentheses after any name (``c F(t; \\theta)``): no factor is a list, so the name is applied to them.  After a
    capital letter nobody declared other than F, G, H (``I(X; Y)``, ``I(V; X)``) the semicolon is information
    theory's: a mutual information of random variables, no closed form (:class:`.lexer.NotAFormula`)."""
    out, depth, inside, head = list(raw), 0, False, None
    for k, t in enumerate(raw):
        extremum = t.kind == "LSET" and raw[k - 1].kind == "CMD" and raw[k - 1].text in (r"\max", r"\min")
        if depth == 0 and k and (extremum or t.kind == "LPAREN" and (
                raw[k - 1].text in functions or raw[k - 1].kind in ("NAME", "WORD"))):
            inside, head = True, raw[k - 1]
        if inside:
            depth += (t.kind in ("LSET", "LPAREN", "LBRACK", "LBRACE")) - (t.kind in ("RSET", "RPAREN", "RBRACK",
                                                                                     "RBRACE"))
            if t.kind == "SEMI" and depth == 1:
                _measure(source, head, t, functions)
                out[k] = Tok("COMMA", ",", t.start, t.end, t.spaced, t.cmd)
            inside = depth > 0
    return out


def _measure(source: str, head: Tok | None, semi: Tok, functions) -> None:
    if source and head is not None and head.kind == "NAME" and len(head.text) == 1 and head.text.isupper() \
            and head.text not in FUNCTION_LETTERS and head.text not in functions:
        not_formula(source, head.start, semi.end, f"{head.text}(.; .)", f"{head.text} with its arguments "
                    "separated by a semicolon: a measure of random variables (a mutual information I(X; Y)), not a "
                    "closed form; declare the function in the notation to read it as a call")


def parameters_after_bar(raw: list[Tok]) -> list[Tok]:
    """``f(t \\mid a, b)``, ``\\text{PDF}(x \\mid \\theta)``: the bar between a function letter's (f, g, h, F, G, H) or
    a function word's variable and its parameters separates them, as a comma (PreliZ's gallery writes densities and
    CDFs so); after any other letter (``P(A \\mid B)``, ``p(x \\mid \\theta)``) it stays a conditional probability."""
    out, opened = list(raw), []
    for k, t in enumerate(raw):
        if t.kind == "LPAREN":
            before = raw[k - 1] if k else None
            opened.append(before is not None and before.end == t.start and (before.kind == "WORD" or (
                before.kind == "NAME" and before.text in FUNCTION_LETTERS)))
        elif t.kind == "RPAREN" and opened:
            opened.pop()
        elif t.kind == "CMD" and t.text == r"\mid" and opened and opened[-1]:
            out[k] = Tok("COMMA", ",", t.start, t.end, t.spaced, t.cmd)
    return out
