"""The shape of a run of tokens, raw (:class:`.lexer.Tok`) or the grammar's: what kind and text a token has, what a
group holds at its top level (a sum, one name, a list, a name written with a given letter), where a name's scripts end.
"""
from __future__ import annotations

from .lexer import Tok
from .names import base


def after_scripts(tokens: list, k: int, kinds: tuple = ("SUB", "SUP")) -> int:
    """The index after the scripts (``_{x \\sim D}``, ``^2``; those of ``kinds``) that follow a name at ``k - 1``."""
    while k + 1 < len(tokens) and isinstance(tokens[k], Tok) and tokens[k].kind in kinds:
        if isinstance(tokens[k + 1], Tok) and tokens[k + 1].kind == "LBRACE":
            depth, k = 0, k + 1
            while k < len(tokens):
                kind = tokens[k].kind if isinstance(tokens[k], Tok) else tokens[k].type
                depth += (kind == "LBRACE") - (kind == "RBRACE")
                k += 1
                if depth == 0:
                    break
        else:
            k += 2
    return k


def lone_name(inside: list) -> bool:
    """One name, with a subscript at most (``x_j``, ``S_k``, ``S_{k+1}``): parentheses no product needs, so a call."""
    if not inside or token_kind(inside[0]) not in ("NAME", "SYM"):
        return False
    rest = inside[1:]
    if not rest:
        return True
    if token_kind(rest[0]) != "SUB" or len(rest) < 2:
        return False
    return len(rest) == 2 if token_kind(rest[1]) not in OPEN else len(top_level(rest[1:])) == 2


def token_kind(t) -> str:
    return t.kind if isinstance(t, Tok) else t.type


def token_text(t) -> str:
    if isinstance(t, Tok):
        return t.text.lstrip("\\")
    return getattr(t.value, "name", str(t.value))


OPEN = ("LPAREN", "LBRACK", "LBRACE", "LSET", "ABSL", "FLOORL", "CEILL")
CLOSE = ("RPAREN", "RBRACK", "RBRACE", "RSET", "ABSR", "FLOORR", "CEILR")


def closing_index(tokens: list, k: int) -> int:
    """The index of the grammar token closing the group opened at ``k`` (``len(tokens)`` when none does)."""
    depth = 0
    for j in range(k, len(tokens)):
        depth += (tokens[j].type in OPEN) - (tokens[j].type in CLOSE)
        if depth == 0:
            return j
    return len(tokens)


def top_level(tokens: list) -> list:
    """The tokens at the top level of a group's content."""
    out, depth = [], 0
    for t in tokens:
        kind = token_kind(t)
        depth -= kind in CLOSE
        if depth == 0:
            out.append(t)
        depth += kind in OPEN
    return out


def top_level_sum(tokens: list) -> bool:
    top = top_level(tokens)
    return any(token_kind(t) in ("PLUS", "MINUS") for t in top[1:])


def token_spelling(source: str, t) -> str:
    return source[t.start_pos:t.end_pos] if not isinstance(t, Tok) else source[t.start:t.end]


def holds_own_letter(name: str, held: list) -> bool:
    """Parentheses that hold a name written with ``name``'s letter (``\\phi_1^2(1 - \\phi_2)``, ``n(n + 1)``)."""
    return base(name) in {base(token_text(u)) for u in held if token_kind(u) in ("NAME", "SYM")}


def names_or_list(held: list) -> bool:
    """Parentheses that hold one name or a comma list: no product needs them (``(f)``, ``(x, y)``)."""
    return lone_name(held) or any(token_kind(u) == "COMMA" for u in top_level(held))


def parenthesised(tokens: list[Tok], least: int = 3) -> bool:
    """The run is one parenthesised group, ``( ... )``, of at least ``least`` tokens: ``(k)``, ``(k-1)``,
    ``(\\text{by } A)``; ``(a)(b)`` is two."""
    if len(tokens) < least or tokens[0].kind != "LPAREN" or tokens[-1].kind != "RPAREN":
        return False
    depth = 0
    for j, t in enumerate(tokens):
        depth += (t.kind == "LPAREN") - (t.kind == "RPAREN")
        if depth == 0 and j < len(tokens) - 1:
            return False
    return True
