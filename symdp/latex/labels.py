"""Superscripts that label a name rather than raise it to a power, refused where a formula cannot tell which.

``D^x_{ij}`` (the distances of x, their member ij; hyppo's test statistics), ``\\mathrm{Dcov}^b_n``: a letter written
before a subscript; ``\\beta^0_j``, ``Y^1_i - Y^0_i``, ``\\theta^0``: the numbers 0 and 1 (a true value, potential
outcomes), which no paper writes as powers.  ``\\sigma^2_{t-1}``, ``x^{-1}_t`` are powers; ``Y^\\star_t`` a starred
name (:mod:`.scripts`).  And a member before parentheses (``y_{t-1}(x)``, ``\\chi^2_{n-1}(1 - \\alpha/2)``): a
function's value (to a power) or a product, which only the notation settles.
"""
from __future__ import annotations

from .lexer import Tok, after_argument, opening_brace
from .names import FUNCTION_GREEK, holds_own_letter, names_or_list
from .scripts import bound_index, nameish, signed_end


def refuse_labels_before_subscripts(source: str, tokens: list[Tok], fail, known=lambda spelled: False) -> None:
    """Refuse ``D^x_{ij}``, ``\\mathrm{Dcov}^b_n``: a superscript that is not a number, written before a subscript,
    is a label of the name (D^x the distances of x, its member ij) as often as a power of the member; ``\\sigma^2_t``,
    ``x^{-1}_t`` are powers, ``Y^\\star_t`` a starred name.  ``known(spelled)``: a spelling the notation or the
    derived expression names (``P^c_{i1}``, as the report prints it), read as declared."""
    for k in range(1, len(tokens) - 1):
        if tokens[k].kind != "SUP" or not nameish(tokens[k - 1]) or (k > 1 and tokens[k - 2].kind in ("SUP", "SUB")):
            continue
        end = after_argument(tokens, k + 1)
        if end >= len(tokens) or tokens[end].kind != "SUB" or signed_end(tokens, k):
            continue
        arg = tokens[k + 1:end]
        inner = arg[1:-1] if arg[0].kind == "LBRACE" else arg
        if _numeric(inner) or [u.text for u in inner] in (["T"], [r"\top"], [r"\intercal"]):
            continue   # x^T_i: a transpose, refused as one (refuse_transposes)
        spelled = source[tokens[k - 1].start:tokens[end - 1].end]
        if known(source[tokens[k - 1].start:tokens[after_argument(tokens, end + 1) - 1].end]):
            continue
        fail(source, tokens[k - 1].start, tokens[end - 1].end, f"ambiguous: {spelled} before a subscript is a label "
             f"of the name (its member at the subscript) or a power of the member? Declare the spelling in the "
             "notation, or write the power after the subscript")


def refuse_label_numbers(source: str, tokens: list[Tok], fail, known=lambda spelled: False) -> None:
    """Refuse ``\\beta^0_j``, ``Y^1_i - Y^0_i``, ``\\theta^0``: 0 or 1 as a name's superscript is a label (the true
    value, a potential outcome, the first of two processes), as no paper writes a power 0 or 1 of a name."""
    for k in range(1, len(tokens) - 1):
        if tokens[k].kind != "SUP":
            continue
        end = after_argument(tokens, k + 1)
        arg = tokens[k + 1:end]
        inner = arg[1:-1] if arg and arg[0].kind == "LBRACE" else arg
        if [(u.kind, u.text) for u in inner] not in ([("NUMBER", "0")], [("NUMBER", "1")]):
            continue
        start = _base_of(tokens, k)
        if start is None or tokens[start].text.strip() == "e":   # e^{1}: Euler's number, written out in a series
            continue
        spelled = source[tokens[start].start:tokens[end - 1].end]
        if known(spelled):
            continue
        fail(source, tokens[start].start, tokens[end - 1].end, f"{spelled}: a superscript {inner[0].text} on a name "
             "is a label (the true value, a potential outcome), never a power written out; declare the spelling in "
             "the notation")


def _base_of(tokens: list[Tok], k: int):
    """The index of the name a superscript at ``k`` belongs to (``x^``, ``x_i^``, ``x_{t-1}^``), or None."""
    j = k - 1
    if tokens[j].kind == "RBRACE":
        j = opening_brace(tokens, j) - 1
        if j < 1 or tokens[j].kind != "SUB":
            return None
        j -= 1
    elif j >= 1 and tokens[j - 1].kind == "SUB":
        j -= 2
    return j if j >= 0 and nameish(tokens[j]) else None


def _numeric(inner: list[Tok]) -> bool:
    return any(u.kind == "NUMBER" for u in inner) and all(u.kind in ("NUMBER", "MINUS", "DIV") for u in inner)


def refuse_subscripted_calls(source: str, tokens: list[Tok], bound: frozenset, fail, functions=frozenset()) -> None:
    """Refuse ``y_{t-1}(x)``: a name whose subscript did not join it (an expression, not a sum's index) before
    parentheses is a family member applied to them or multiplied by them; only a declaration settles which.
    Under a sum over its index (``\\sum_i w_i (x_i - \\mu)``) such a name times parentheses is a product, unless it
    is one of ``functions``, the letters papers use for functions (``\\sum_i f_i(x)``): refused too."""
    raw = [t if isinstance(t, Tok) else Tok(t.type, "", t.start_pos, t.end_pos) for t in tokens]
    for k, t in enumerate(raw[:-1]):
        if not ((nameish(t) and isinstance(tokens[k], Tok)) or t.kind == "SYM") or raw[k + 1].kind != "SUB":
            continue  # a spelling the notation or the derived expression knows whole is matched already, never here
        after = after_argument(raw, k + 2)
        power = after if after < len(raw) and raw[after].kind == "SUP" else 0
        after = after_argument(raw, after + 1) if power else after
        opened = after < len(raw) and raw[after].kind == "LPAREN"
        if power and opened and not _powered_member_called(raw, power, after, source[t.start:t.end], functions):
            continue   # \epsilon_{t-1}^2 (1 + \beta), \sum_i w_i^2 (x_i - m)^2: a power of the member times them
        if not power and (t.kind == "SYM" or (bound_index(raw, k + 1, bound) and t.text not in functions)):
            continue   # a known symbol's member before parentheses: judged with the notation's rules (names.py)
        if opened:
            spelled = source[t.start:raw[after - 1].end]
            fail(source, t.start, raw[after].end, f"ambiguous: {spelled}(...) is the function {spelled} applied "
                 f"to the parentheses, or the indexed {spelled} times them? Declare {spelled!r} in the notation "
                 "(functions= for the function, symbols= for the quantity)")


def _powered_member_called(raw: list, power: int, opened: int, name: str, functions) -> bool:
    """``\\sigma_i^2(\\theta)``, ``\\chi^2_{n-1}(1 - \\alpha/2)``, ``F_{n-1}^{-1}(u)``: a member's power before
    parentheses that hold one name or a list, of a letter papers use for functions, or an inverse: maybe a
    function's value to that power (a quantile, a variance as a function of theta)."""
    inverse = power + 1 < len(raw) and (raw[power + 1].kind == "MINUS" or (
        raw[power + 1].kind == "LBRACE" and power + 2 < len(raw) and raw[power + 2].kind == "MINUS"))
    held = _held(raw, opened)
    if holds_own_letter(name.lstrip("\\"), held):
        return False   # \phi_1^2(1 - \phi_2), h_i^2(1 - h_i): the parentheses hold the name's own letter, a product
    return inverse or name.lstrip("\\") in FUNCTION_GREEK or name in functions or names_or_list(held)


def _held(raw: list, opened: int) -> list:
    """The tokens inside the parentheses opened at ``opened``."""
    depth = 0
    for end in range(opened, len(raw)):
        depth += (raw[end].kind == "LPAREN") - (raw[end].kind == "RPAREN")
        if depth == 0:
            return raw[opened + 1:end]
    return raw[opened + 1:]
