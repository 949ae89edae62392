"""Plain bars ``|`` told apart: an absolute value's opening or closing bar, by depth and by what stands before.

A bar closes the open bar at its depth unless it follows an operator or an opening (:data:`OPENERS`); a bar left open
is refused.  The reader's grammar then sees ``ABSL`` and ``ABSR`` only.
"""
from __future__ import annotations

from lark import Token

from .groups import closing_index
from .lexer import fail
from .unexpected import SIGNED_LABEL

OPENERS = ("BIG", "PLUS", "MINUS", "MUL", "DIV", "REL", "COMMA", "LPAREN", "LBRACK", "LBRACE", "LSET", "ABSL", "AMP",
           "NEWROW", "SUP", "SUB", "IN", "AND", "OR", "NOT", "BEGIN_CASES", "HEAD", "FRAC", "SQRT")
"""What may stand before an opening bar: an operator, an opening, the start of a row."""


def absolute_bars(tokens: list[Token], source: str) -> list[Token]:
    """``|`` as an opening or closing absolute-value bar: it closes an open bar at the same depth unless it
    follows an operator or an opening."""
    out, stack, depth = [], [], 0
    for k, t in enumerate(tokens):
        if t.type in ("LPAREN", "LBRACK", "LBRACE", "LSET", "ABSL", "FLOORL", "CEILL", "BEGIN_CASES"):
            depth += 1
        elif t.type in ("RPAREN", "RBRACK", "RBRACE", "RSET", "ABSR", "FLOORR", "CEILR", "END_CASES"):
            depth -= 1
        if t.type != "BAR":
            out.append(t)
            continue
        after_operator = not out or out[-1].type in OPENERS
        if stack and stack[-1][0] == depth and not after_operator:
            stack.pop()
            out.append(Token("ABSR", "|", start_pos=t.start_pos, end_pos=t.end_pos))
        else:
            stack.append((depth, len(out)))
            out.append(Token("ABSL", "|", start_pos=t.start_pos, end_pos=t.end_pos))
    if stack:
        opened = out[stack[0][1]]
        if _in_call(out, stack[0][1]):
            fail(source, opened.start_pos, opened.end_pos, "a bar inside a call's parentheses, p(x | \\theta): a "
                 "conditional (a distribution or a probability given the value after the bar), not a closed form in "
                 "symbols; declare the function in the notation, or write the arguments with commas")
        signed = next((t for k, t in enumerate(tokens[1:], 1) if t.type in ("PLUS", "MINUS")
                       and tokens[k - 1].type in ("SUB", "SUP")), None)
        if signed is not None:   # |a_- - a_+|: the bar after a_+ read as an opening one
            fail(source, signed.start_pos, signed.end_pos, SIGNED_LABEL)
        fail(source, tokens[-1].start_pos, tokens[-1].end_pos, "an absolute value |...| left open")
    _refuse_doubled(out, source)
    return out


def _refuse_doubled(out: list[Token], source: str) -> None:
    """Refuse ``||w||``, ``\\left|\\left|w\\right|\\right|``: two bars that open together and close together are a
    norm (as ``\\|w\\|``, refused alike), never the absolute value of an absolute value, which no one writes
    (``||x| - |y||``, whose inner bars close before the outer, stays read)."""
    for k in range(len(out) - 1):
        if out[k].type == "ABSL" and out[k + 1].type == "ABSL":
            end = closing_index(out, k + 1)
            if end + 1 < len(out) and out[end + 1].type == "ABSR":
                fail(source, out[k].start_pos, out[end + 1].end_pos, "||...|| (a norm ||x||, as \\| x \\|): not an "
                     "absolute value of an absolute value; not a closed form in symbols; declare the spelling that "
                     "holds it in the notation")


def _in_call(out: list[Token], k: int) -> bool:
    """The bar at ``out[k]`` stands inside the parentheses of a name's call (``p(x | \\theta)``)."""
    if k == 0 or out[k - 1].type in OPENERS:   # f(|x|...: an absolute value opened there
        return False
    depth = 0
    for j in range(k - 1, -1, -1):
        t = out[j]
        depth += t.type in ("RPAREN", "RBRACK", "RBRACE", "ABSR")
        if t.type in ("LPAREN", "LBRACK", "LBRACE", "ABSL"):
            if depth == 0:
                return t.type == "LPAREN" and j > 0 and out[j - 1].type in ("NAME", "FUNC", "CALL", "WORD")
            depth -= 1
    return False
