"""What a token the grammar has no place for stands for, said to the reader (:func:`reason`): a refusal names the
construct (a condition after ``:`` in a subscript, an ellipsis written with full stops, a prime after a bracket),
not only the character where reading stopped."""
from __future__ import annotations

import re

_ELLIPSIS = re.compile(r"\.\s*\.")


def reason(source: str, kind: str, start: int, end: int) -> str:
    """Why the token of ``kind`` at ``start:end`` of ``source`` cannot be read where it stands."""
    if kind == "COLON":
        return _colon(source, start)
    if kind == "DOT":
        near = source[max(0, start - 2):end + 2]
        if _ELLIPSIS.search(near):
            return ("an ellipsis written with full stops (x_1 + ... + x_n, (Y_1, . . . , Y_k)): the terms it leaves "
                    "out are not written; write the sum or product with its range")
        return ("a full stop inside the formula (B.M, Z_{i.}, 1.(1 - p)): a product, a decimal point, or part of a "
                "label? Write \\cdot for a product or the label in \\text{}")
    if kind == "PRIME":
        return ("a prime after a bracket or a script ((x - \\mu)', \\Phi_i', e_j^\\prime): a transpose, or a "
                "derivative? Write ^T (or ^\\top) for a transpose, or the derivative of a named function")
    return "a construct the grammar does not have"


def _colon(source: str, start: int) -> str:
    if _in_subscript(source, start):
        return ("a condition after ':' in a subscript (\\max_{x': d(x, x') \\le 1}, \\sum_{i : Y_i \\ge t}): the "
                "indices that satisfy it, a set symdp does not range over; write the range (i = 1 to n) or declare "
                "the quantity in the notation")
    return ("a colon: a label or a statement before it (H_0: ..., f: X \\to Y), not a formula; quote the formula "
            "after it")


def _in_subscript(source: str, start: int) -> bool:
    """``start`` lies inside the braces of a subscript ``_{...}`` still open there."""
    opened = []
    for k, ch in enumerate(source[:start]):
        if ch == "{" and (k == 0 or source[k - 1] != "\\"):
            opened.append(source[:k].rstrip().endswith("_"))
        elif ch == "}" and (k == 0 or source[k - 1] != "\\") and opened:
            opened.pop()
    return any(opened)
