"""Rows that state other than one relation (:func:`refuse_not_one_statement`), and two statements run together in one
row, refused where the row's own way of writing products gives them away.

``\\alpha = \\mu * \\nu \\beta = (1 - \\mu) * \\nu`` (two definitions on one line, as a docstring writes them) reads
as the chain alpha = mu nu beta = (1 - mu) nu: the row writes its products with an explicit ``*``, yet sets two
names side by side with no operator right before a relation (``\\nu \\beta =``), where the second statement's
defined name stands.  Only a display that writes ``*`` between factors is judged so: ``\\cdot`` and juxtaposition
mix freely in papers (``E = m \\cdot c^2 = m c^2``).
"""
from __future__ import annotations

import re

import sympy as sp
from sympy.core.function import AppliedUndef

from .conditions import split
from .lexer import LatexError, Tok, fail, lex, not_formula, opening_brace
from .names import decorate
from .scripts import fold, nameish

_ENDS = ("NAME", "NUMBER", "RPAREN", "RBRACE", "RBRACK", "CMD", "WORD", "PRIME")
_STARTS = ("NAME", "NUMBER", "LPAREN", "LBRACE", "LBRACK", "CMD", "WORD", "FRAC", "SQRT", "MINUS")
_OPEN = ("LPAREN", "LBRACK", "LBRACE", "LSET", "BEGIN_CASES")
_CLOSE = ("RPAREN", "RBRACK", "RBRACE", "RSET", "END_CASES")


def refuse_run_together(source: str) -> None:
    """Refuse ``source`` when it writes ``*`` between factors and sets a name right against another before a
    relation at the top level, after a first relation (``\\alpha = \\mu * \\nu \\beta = ...``): two statements run
    together, or a product?  A left side written so (``a b = c * d``) states one relation."""
    tokens = fold(decorate(_body(source)))
    if not any(_star_product(tokens, k) for k in range(1, len(tokens) - 1)):
        return
    depth, related = 0, False
    for k, t in enumerate(tokens[:-1]):
        depth += (t.kind in _OPEN) - (t.kind in _CLOSE)
        related = related or (not depth and t.kind == "REL")   # a first statement stands before the pair
        if depth or not related or tokens[k + 1].kind != "REL" or not nameish(t) or not _name_end(tokens, k - 1):
            continue
        start, name = tokens[_owner(tokens, k - 1)].start, source[t.start:t.end]
        before = source[start:tokens[k - 1].end]
        fail(source, start, tokens[k + 1].end, f"{before} {name} before a relation, with no operator between, in a "
             f"row that writes its products with *: two statements run together ({name} the name a second one "
             f"defines), or {before} times {name}? Write * for the product, or quote each statement alone")


def _body(source: str) -> list[Tok]:
    """The formula's tokens, without its side conditions (``\\quad c d > 0`` states a product of its own)."""
    try:
        return split(source, lex(source))[0]
    except LatexError:
        return []


def _star_product(tokens: list[Tok], k: int) -> bool:
    """``tokens[k]`` is a ``*`` between two factors (not a script's star: those are folded into their names)."""
    return tokens[k].kind == "MUL" and tokens[k].text == "*" and tokens[k - 1].kind in _ENDS \
        and tokens[k + 1].kind in _STARTS


def _name_end(tokens: list[Tok], k: int) -> bool:
    """``tokens[k]`` ends a name, or a script on a name (``\\nu``, ``\\nu_i``, ``\\nu^2``, ``\\nu^{-1}``)."""
    return nameish(tokens[_owner(tokens, k)]) if _owner(tokens, k) >= 0 else False


def _owner(tokens: list[Tok], k: int) -> int:
    """The index of the operand a token ending at ``k`` belongs to, through scripts (``\\nu^{2}``: ``\\nu``), or -1."""
    if tokens[k].kind == "RBRACE":
        k = opening_brace(tokens, k)
    if k >= 2 and tokens[k - 1].kind in ("SUP", "SUB"):
        return _owner(tokens, k - 2)
    return k if k >= 0 and tokens[k].kind != "LBRACE" else -1


def refuse_not_one_statement(source: str, segments: list, ops, chain: tuple, conditions, head,
                             defines: str) -> None:
    """Refuse a row that states no single relation of closed forms (heldout60-62): a pair standing alone
    (``\\left(\\frac{1+a}{2}, \\frac{1-a}{2}\\right)``, two values), the rest of the row before (``& \\quad
    [\\binom{N}{N_1} \\theta^{N_1}]``: a row opened by ``& \\quad`` with no relation continues the previous row's
    product), a lowercase word as the value after ``=`` (``f(x) = \\text{median}``), and a second statement after a wide
    space (``p^* = \\frac{1+a}{2}, \\qquad q^* = \\frac{1-a}{2}``: a name, or its power, the first never uses defined
    by a formula in names, not a condition on it; ``z = 1.96, \\quad \\alpha = 0.05``, a setting, stays one)."""
    if not defines and len(chain) == 1 and isinstance(chain[0], sp.Tuple):
        not_formula(source, 0, len(source), "a tuple", "a tuple of values standing alone (an (epsilon, delta) "
                    "guarantee, a point): several numbers, not one expression or relation; quote each as its own "
                    "formula")
    if not defines and len(chain) == 1 and re.match(r"\s*&\s*\\q?quad(?![A-Za-z])", source):
        not_formula(source, 0, len(source), "& \\quad", "a row opened by & \\quad with no relation: the rest of the "
                    "previous row's expression (one product or integrand broken across rows), not a formula alone")
    last = segments[-1]
    if len(last) == 1 and last[0].kind == "WORD" and re.fullmatch(r"[a-z]{4,}", last[0].text) \
            and (defines and len(chain) == 1 or len(chain) > 1 and ops[-1] == "="):
        not_formula(source, last[0].start, last[0].end, last[0].text, f"the word '{last[0].text}' as the value after "
                    "=: a description or a name, not a closed form to check")
    _refuse_second_statement(source, chain, conditions, head)
    _refuse_shared_relation(source, chain, conditions, defines)


def _refuse_shared_relation(source: str, chain: tuple, conditions, defines: str) -> None:
    """``x, y \\ge 0``, ``a_1, a_2 \\in [0, 1]``: a list of names sharing one relation, read as the first name alone
    with the relation of the last as its "condition"; refused (write each relation, or put the list in a condition)."""
    if defines or len(chain) != 1 or not isinstance(chain[0], sp.Symbol) or not conditions:
        return
    first = conditions[0]
    lone = getattr(first, "lhs", None) if not isinstance(first, sp.Contains) else first.args[0]
    if isinstance(lone, sp.Symbol) and re.match(r"\s*[^,]{1,40}?,\s*[^,]{1,40}?(?:\\[lg]eq?\b|\\in\b|[<>=])", source):
        fail(source, 0, len(source), f"a list of names before one relation ({sp.sstr(chain[0])}, {sp.sstr(lone)} ...): "
             "the relation holds for each, not a formula with a condition; write the relation of each name")


def _refuse_second_statement(source: str, chain: tuple, conditions, head) -> None:
    members = [m for m in chain if isinstance(m, sp.Basic)] + ([head] if isinstance(head, sp.Basic) else [])
    names = set().union(*(m.free_symbols for m in members)) if members else set()
    calls = {c for m in members for c in m.atoms(AppliedUndef)}
    for c in conditions:
        named = c.lhs.base if isinstance(c, sp.Eq) and isinstance(c.lhs, sp.Pow) else getattr(c, "lhs", None)
        if isinstance(c, sp.Eq) and isinstance(named, (sp.Symbol, AppliedUndef)) and named not in names | calls \
                and c.rhs.free_symbols:
            fail(source, 0, len(source), f"two statements in one row: the formula, and {c.lhs} = {c.rhs} after it, a "
                 f"name the formula does not use defined by a formula (a second definition, not a condition on the "
                 "first); quote each as its own formula")
