"""Superscripts that label a name rather than raise it to a power, refused where a formula cannot tell which.

``D^x_{ij}`` (the distances of x, their member ij; hyppo's test statistics), ``\\mathrm{Dcov}^b_n``: a letter written
before a subscript; ``\\beta^0_j``, ``Y^1_i - Y^0_i``, ``\\theta^0``: the numbers 0 and 1 (a true value, potential
outcomes), which no paper writes as powers.  ``\\sigma^2_{t-1}``, ``x^{-1}_t`` are powers; ``Y^\\star_t`` a starred
name (:mod:`.scripts`).  And a member before parentheses (``y_{t-1}(x)``, ``\\chi^2_{n-1}(1 - \\alpha/2)``): a
function's value (to a power) or a product, which only the notation settles.
"""
from __future__ import annotations

from .lexer import Tok, after_argument, closing, opening_brace, unbraced
from .groups import holds_own_letter, names_or_list
from .names import FUNCTION_GREEK
from .notation import OPERATORS
from .scripts import bound_index, nameish, signed_end


def refuse_labels_before_subscripts(source: str, tokens: list[Tok], fail, known=lambda spelled, kind=None: False,
                                    bound: frozenset = frozenset()) -> frozenset:
    """Refuse ``D^x_{ij}``, ``\\mathrm{Dcov}^b_n``: a superscript that is not a number, written before a subscript,
    is a label of the name (D^x the distances of x, its member ij) as often as a power of the member; ``\\sigma^2_t``,
    ``x^{-1}_t`` are powers, ``Y^\\star_t`` a starred name.  ``known(spelled, kind)``: a spelling the notation or the
    derived expression names (``P^c_{i1}``, as the report prints it), read as declared.  Under a sum over the
    subscript's indices (``bound``), ``D^x_{ij}`` is the member (i, j) of ``D^x`` where ``D^x`` is a declared symbol:
    the names returned are those, for the fold to keep before their label (never ``(D_{ij})^x``)."""
    kept = set()
    for k in range(1, len(tokens) - 1):
        if tokens[k].kind == "SUP":
            _refuse_declared_label_after(source, tokens, k, fail, known)
        if tokens[k].kind != "SUP" or not nameish(tokens[k - 1]) or (k > 1 and tokens[k - 2].kind in ("SUP", "SUB")):
            continue
        end = after_argument(tokens, k + 1)
        if end >= len(tokens) or tokens[end].kind != "SUB" or signed_end(tokens, k):
            continue
        inner = unbraced(tokens[k + 1:end])
        if _numeric(inner) or [u.text for u in inner] in (["T"], [r"\top"], [r"\intercal"]):
            continue   # x^T_i: a transpose, refused as one (refuse_transposes)
        if end + 1 >= len(tokens):
            fail(source, tokens[end].start, tokens[end].end, "a script with nothing after it: an incomplete formula")
        after = after_argument(tokens, end + 1)
        if _declared_label(source, tokens, (k - 1, end, after), fail, known, bound):
            kept.add(tokens[k - 1])
    return frozenset(kept)


def _refuse_declared_label_after(source: str, tokens: list[Tok], k: int, fail, known) -> None:
    """Refuse ``D_i^x`` where ``D^x`` is a declared symbol: TeX sets it as ``D^x_i``, the declared name's member, while
    a superscript after a subscript reads as the member's power."""
    start, name = script_owner(tokens, k)
    if name is None or start != name or tokens[name + 1].kind != "SUB":
        return
    end = after_argument(tokens, k + 1)
    inner = unbraced(tokens[k + 1:end])
    labelled = source[tokens[name].start:tokens[name].end] + source[tokens[k].start:tokens[end - 1].end]
    plain = source[tokens[name].start:tokens[name].end] + "^" + source[inner[0].start:inner[-1].end] if inner else ""
    if inner and not _numeric(inner) and (known(labelled, "SYM") or known(plain, "SYM")):
        fail(source, tokens[name].start, tokens[end - 1].end, f"{source[tokens[name].start:tokens[end - 1].end]} "
             f"with {labelled} declared: the declared name's member (as {labelled} before the subscript prints "
             "alike) or the member's power? Write the member with the label first, or the power in parentheses")


def _declared_label(source: str, tokens: list[Tok], ends: tuple, fail, known, bound) -> bool:
    """Whether the name at ``ends[0]``, its label before ``ends[1]`` and its subscript before ``ends[2]`` read as
    declared, the name's label kept with it (True: the member of a declared ``D^x``) or the whole spelling matched
    (False); else refused."""
    name, label_end, end = ends
    labelled = source[tokens[name].start:tokens[label_end - 1].end]
    whole = source[tokens[name].start:tokens[end - 1].end]
    members = any(u.kind == "NAME" and u.text in bound for u in tokens[label_end + 1:end])
    if members and known(labelled, "SYM"):
        return True
    if known(whole) and members:
        fail(source, tokens[name].start, tokens[end - 1].end, f"{whole} is declared as one symbol, but its subscript "
             f"holds a sum's index here: the member at that index of a family {labelled}, which no declaration "
             f"names? Declare {labelled} in the notation to read its members")
    if known(whole):
        return False
    fail(source, tokens[name].start, tokens[label_end - 1].end, f"ambiguous: {labelled} before a subscript is a "
         "label of the name (its member at the subscript) or a power of the member? Declare the spelling in the "
         "notation, or write the power after the subscript")


def refuse_label_numbers(source: str, tokens: list[Tok], fail, known=lambda spelled: False) -> None:
    """Refuse ``\\beta^0_j``, ``Y^1_i - Y^0_i``, ``\\theta^0``: 0 or 1 as a name's superscript is a label (the true
    value, a potential outcome, the first of two processes), as no paper writes a power 0 or 1 of a name; braces and
    parentheses that only group the name or the number (``{\\theta}^{1}``, ``x^{{1}}``, ``(x)^0``) change nothing."""
    for k in range(1, len(tokens) - 1):
        if tokens[k].kind != "SUP":
            continue
        end = after_argument(tokens, k + 1)
        inner = unbraced(tokens[k + 1:end])
        if not _zero_or_one(inner):
            continue
        start, name = script_owner(tokens, k)
        if name is None or _euler(tokens, (start, name, k, end)):
            continue
        spelled = source[tokens[start].start:tokens[end - 1].end]
        if known(spelled):
            continue
        number = source[inner[0].start:inner[-1].end]
        fail(source, tokens[start].start, tokens[end - 1].end, f"{spelled}: a superscript {number} on a name is a "
             "label (the true value, a potential outcome), never a power written out; declare the spelling in the "
             "notation")


def _zero_or_one(inner: list[Tok]) -> bool:
    """A superscript that is the number 0 or 1 however spelled (``1``, ``1.0``, ``01``, ``+1``, ``-0``); never
    ``-1`` (an inverse)."""
    signed = inner[:1] and inner[0].kind in ("PLUS", "MINUS")
    number = inner[1:] if signed else inner
    if len(number) != 1 or number[0].kind != "NUMBER" or float(number[0].text) not in (0, 1):
        return False
    return not signed or inner[0].kind == "PLUS" or float(number[0].text) == 0


def _euler(tokens: list[Tok], at: tuple) -> bool:
    """Whether the operand ``tokens[start:k]`` (its name at ``name``) under the superscript ending before ``end`` is
    Euler's number, alone or grouped (``e^{1}``, ``{e}^0``, written out in a series); ``e_i^0``, ``e'^1``,
    ``(e_i)^1``, ``e^0_i`` are names (a unit vector, a member of a family)."""
    start, name, k, end = at
    after = tokens[end].kind if end < len(tokens) else None
    return tokens[name].text.strip() == "e" and after not in ("SUB", "PRIME") and not any(
        u.kind in ("SUB", "PRIME") for u in tokens[start:k])


def script_owner(tokens: list[Tok], k: int) -> tuple:
    """Where the operand a script at ``k`` belongs to starts, and the index of the name it is (``x^``, ``x_i^``,
    ``x'_``, ``{\\theta}^``, ``(x)^``, ``{\\beta}_j^``; ``x^2_`` the subscript after a power), or None for either
    where the script is on no name alone."""
    before = opening_brace(tokens, k - 1) - 1 if tokens[k - 1].kind == "RBRACE" else k - 2
    if tokens[k].kind == "SUB" and before > 0 and tokens[before].kind == "SUP":
        return script_owner(tokens, before)
    start = _operand_start(tokens, k - 1)
    return start, (None if start is None else _lone_name(tokens, start, k))


def _operand_start(tokens: list[Tok], j: int):
    """The index where the operand ending at ``tokens[j]`` starts (``x``, ``x_i``, ``x_{t-1}``, ``x'``, a bare
    ``{...}`` or ``(...)``, with its subscript: ``{\\beta}_j``), or None where it is no such operand (a command's
    argument, a call's parentheses)."""
    while j > 0 and tokens[j].kind == "PRIME":
        j -= 1
    if tokens[j].kind in ("RBRACE", "RPAREN"):
        pair = ("LBRACE", "RBRACE") if tokens[j].kind == "RBRACE" else ("LPAREN", "RPAREN")
        k = opening_brace(tokens, j, pair)
        if k >= 2 and tokens[k - 1].kind == "SUB" and pair[0] == "LBRACE":
            return _operand_start(tokens, k - 2)    # x_{t-1}, {\beta}_{j}: the subscripted operand
        return None if k < 0 or _argument(tokens, k) else k
    return _operand_start(tokens, j - 2) if j >= 2 and tokens[j - 1].kind == "SUB" else j


def _argument(tokens: list[Tok], k: int) -> bool:
    """Whether the group opening at ``tokens[k]`` is a command's or a script's argument (``\\sqrt{x}``,
    ``\\frac{a}{x}``, ``x^{...}``) or a call's parentheses (``f(x)``, ``\\log(x)``, ``f_i(x)``), not an operand of
    its own (``\\frac{1}{2}(x)``, ``\\sum_{i=1}^{n} {Y_i}``, ``|a| (x)``, ``n! (x)``, ``{n}{x}``)."""
    if k == 0:
        return False
    if tokens[k].kind == "LPAREN":
        owner = _script_base(tokens, k - 1)
        t = tokens[k - 1 if owner is None else owner]
        return nameish(t) or t.text in OPERATORS or t.kind in ("PRIME", "WORD", "SETNAME")
    before = tokens[k - 1]
    if before.kind in ("SUP", "SUB", "FRAC", "BINOM", "SQRT") or (before.kind == "CMD" and nameish(before)):
        return True
    if before.kind in ("RBRACE", "RBRACK"):   # \frac{a}{x}, \sqrt[3]{x}: the second argument
        opened = opening_brace(tokens, k - 1, ("LBRACE", "RBRACE") if before.kind == "RBRACE" else ("LBRACK", "RBRACK"))
        return opened > 0 and _two_arguments(tokens[opened - 1], before.kind)
    return k >= 2 and tokens[k - 2].kind in ("FRAC", "BINOM")   # \frac1{x}


def _two_arguments(t: Tok, closed: str) -> bool:
    """Whether a brace group after a group closed by ``closed`` that follows ``t`` is ``t``'s second argument."""
    if closed == "RBRACK":
        return t.kind == "SQRT"
    return t.kind in ("FRAC", "BINOM") or (t.kind == "CMD" and nameish(t))   # \overset{a}{x}


def _script_base(tokens: list[Tok], j: int):
    """The index of the token that the script argument ending at ``tokens[j]`` belongs to (``f`` of ``f_i``,
    ``f^{-1}``, ``f_{i}^{2}``; ``\\sum`` of ``\\sum_{i=1}^n``), or None where ``tokens[j]`` ends no script."""
    opened = opening_brace(tokens, j) if tokens[j].kind == "RBRACE" else j
    if opened < 2 or tokens[j].kind == "LBRACE" or tokens[opened - 1].kind not in ("SUP", "SUB"):
        return None
    base = _script_base(tokens, opened - 2)
    return opened - 2 if base is None else base


def _lone_name(tokens: list[Tok], start: int, stop: int):
    """The index of the name that ``tokens[start:stop]`` is, alone or grouped (``x``, ``x_i``, ``x'``, ``{x_i}``,
    ``(x)``, ``{{x}}``, ``{\\beta}_j``, ``(x)'``), or None."""
    if start < stop and tokens[start].kind in ("LBRACE", "LPAREN"):
        close = closing(tokens, start)
        inner = _lone_name(tokens, start + 1, close)
        return inner if inner is not None and _after_scripts(tokens, close + 1, stop) == stop else None
    if start >= stop or not nameish(tokens[start]):
        return None
    return start if _after_scripts(tokens, start + 1, stop) == stop else None


def _after_scripts(tokens: list[Tok], k: int, stop: int) -> int:
    """The index after the primes and the subscript a name or a group has at ``tokens[k]`` (``'``, ``_i``,
    ``_{t-1}'``), before ``stop``."""
    while k < stop and tokens[k].kind == "PRIME":
        k += 1
    k = after_argument(tokens, k + 1) if k < stop and tokens[k].kind == "SUB" else k
    while k < stop and tokens[k].kind == "PRIME":
        k += 1
    return k


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
            continue   # a known symbol's member before parentheses: judged with the notation's rules (callrules.py)
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
