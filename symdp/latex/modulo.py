"""amsmath's ``\\mod``: where its modulus ends.

``a \\bmod n`` is a binary operator, read by the grammar (the first term of a sum, its operands juxtaposed
products).  amsmath's ``\\mod`` sets a wide space and takes what follows as its argument, the notation of
congruences (``a \\equiv b \\mod n``), so ``(x + \\pi) \\mod 2\\pi - \\pi`` is the remainder by 2pi, minus pi, or the
remainder by 2pi - pi?  Refused unless the modulus ends the sum (``y = (a + b) \\mod n``) or is a brace group
(``\\mod{2\\pi} - \\pi``: amsmath's argument, written out).
"""
from __future__ import annotations

from .lexer import Tok, fail

_OPEN = ("LPAREN", "LBRACK", "LBRACE", "LSET")
_CLOSE = ("RPAREN", "RBRACK", "RBRACE", "RSET")
_ARITHMETIC = ("PLUS", "MINUS", "MUL", "DIV", "MOD")


def refuse_open_modulus(source: str, items: list) -> None:
    """Refuse a ``\\mod`` (not ``\\bmod``) whose modulus, not a brace group, is followed by more arithmetic."""
    for k, t in enumerate(items):
        if not (isinstance(t, Tok) and t.kind == "MOD" and t.text == "\\mod"):
            continue
        if k + 1 < len(items) and isinstance(items[k + 1], Tok) and items[k + 1].kind == "LBRACE":
            continue
        depth = 0
        for u in items[k + 1:]:
            kind = u.kind if isinstance(u, Tok) else u.type
            depth += (kind in _OPEN) - (kind in _CLOSE)
            if depth < 0 or (depth == 0 and kind in ("REL", "COMMA", "AMP", "NEWROW")):
                break
            if depth == 0 and kind in _ARITHMETIC:
                fail(source, t.start, u.end, "\\mod sets what follows as its modulus: where does it end (the "
                     "remainder by the first factor, then the rest of the sum, or by all of it)? Write \\bmod for "
                     "the operator, or the modulus in braces, \\mod{...}")
