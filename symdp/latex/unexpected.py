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
    for test, why in _PLACES:
        if test(source, kind, start, end):
            return why
    return "a construct the grammar does not have"


def _membership(source: str, kind: str, start: int, end: int) -> bool:
    return bool(_MEMBER_OF.search(source[:start]))


def _over_a_set(source: str, kind: str, start: int, end: int) -> bool:
    return _in_subscript(source, start) and _membership(source, kind, start, end)


def _integral_over_a_set(source: str, kind: str, start: int, end: int) -> bool:
    return bool(_INT_DOMAIN.search(source[:start]))


def _unpaired(source: str, kind: str, start: int, end: int) -> bool:
    """A closing bracket at ``start`` that pairs with no opening one of its kind (``1/(N - 1))``, ``(a + b}``)."""
    if kind not in ("RPAREN", "RBRACE", "RBRACK"):
        return False
    stack = []
    for k, ch in enumerate(source[:start + 1]):
        if k and source[k - 1] == "\\":
            continue
        if ch in "([{":
            stack.append((ch, k))
        elif ch in ")]}":
            opened, at = stack.pop() if stack else (None, k)
            interval = opened in _HALF_OPEN.get(ch, ()) and "," in source[at:k]     # [0, 1): an interval's ends
            if opened != _PAIRS[ch] and not interval:
                return k == start
    return False


def _bar_in_parentheses(source: str, kind: str, start: int, end: int) -> bool:
    """``f(x | \\theta)``, ``D(p || q)``: bars inside the parentheses that close here, which the grammar took for
    absolute values."""
    if kind != "RPAREN":
        return False
    depth = 0
    for k in range(start - 1, -1, -1):
        depth += (source[k] == ")") - (source[k] == "(")
        if depth < 0:
            return "|" in source[k:start]
    return False


def _rounding(source: str, kind: str, start: int, end: int) -> bool:
    return kind == "CEILR" and source[:start].rfind("\\lfloor") > source[:start].rfind("\\rfloor")


def _signed_label(source: str, kind: str, start: int, end: int) -> bool:
    after = source[end:].lstrip()
    if kind == "RBRACE":   # x_{+}, a_{-}: the brace after a sign alone in a script
        return bool(_SIGN_SCRIPT.search(source[:start]))
    return kind in ("PLUS", "MINUS") and (source[:start].rstrip().endswith(("^", "_"))
                                          or after[:1] in (")", "|", "}", "") or after.startswith("\\right"))


_SIGN_SCRIPT = re.compile(r"[_^]\s*\{\s*[-+]\s*$")
SIGNED_LABEL = ("a sign as a script or a label (x^+, D_i^-, LR_+, P+|T+, x_-): a positive part, a one-sided limit or "
                "a name? Write it in \\text{} as a name, or as the formula it stands for")


def _star_script(source: str, kind: str, start: int, end: int) -> bool:
    return kind == "MUL" and source[:start].rstrip().rstrip("*").rstrip().endswith(("^", "^{", "_", "_{"))


def _code_power(source: str, kind: str, start: int, end: int) -> bool:
    return kind == "MUL" and source[:start].rstrip().endswith("*")


def _relation_in_script(source: str, kind: str, start: int, end: int) -> bool:
    return kind in ("REL", "IN") and (_in_subscript(source, start) or source[:start].rstrip().endswith("_"))


def _angle(source: str, kind: str, start: int, end: int) -> bool:
    return kind == "LANGLE" or source[start:end].endswith("langle")


def _connective(source: str, kind: str, start: int, end: int) -> bool:
    return bool(_CONNECTIVE.fullmatch(source[start:end])) and not _CONNECTIVE_ROW.sub("", source).strip()


def _operator_first(source: str, kind: str, start: int, end: int) -> bool:
    """``\\sum_i^k \\cdot \\exp(x)``: a product sign right after an operator's limits, with nothing to multiply."""
    return kind == "MUL" and bool(_AFTER_LIMITS.search(source[:start]))


def _slash_sum(source: str, kind: str, start: int, end: int) -> bool:
    return source[start:end] in ("\\sum", "\\prod") and bool(_SLASH_NUMBER.search(source[:start]))


def _integer_division(source: str, kind: str, start: int, end: int) -> bool:
    return kind == "DIV" and "//" in source[max(0, start - 1):end + 1]


def _root_in_parentheses(source: str, kind: str, start: int, end: int) -> bool:
    return kind == "LPAREN" and source[:start].rstrip().endswith("\\sqrt")


def _placeholder(source: str, kind: str, start: int, end: int) -> bool:
    after = source[end:].lstrip()[:1]
    return source[start:end] in ("\\cdot", "\\cdotp", "\\bullet") and (after in (")", ",", "}", "]")
                                                                         or source[start - 1:start] in ",(")


def _empty_group(source: str, kind: str, start: int, end: int) -> bool:
    return kind == "RBRACE" and source[:start].rstrip().endswith("{")


def _list_in_subscript(source: str, kind: str, start: int, end: int) -> bool:
    return kind == "COMMA" and _in_subscript(source, start)


def _kind(*kinds):
    return lambda source, kind, start, end: kind in kinds


_MEMBER_OF = re.compile(r"\\(?:in|notin|subset|subseteq)\s*(?:\\left\s*)?$")
_INT_DOMAIN = re.compile(r"\\int_\s*\{?\s*$")
_PAIRS = {")": "(", "]": "[", "}": "{"}
_HALF_OPEN = {")": ("[",), "]": ("(",)}
_CONNECTIVE = re.compile(r"\\(?:text|textrm|mathrm)\s*\{\s*(?:and|or)\s*\}")
_CONNECTIVE_ROW = re.compile(r"&|\\(?:text|textrm|mathrm)\s*\{\s*(?:and|or)\s*\}|[\s,.]")
_AFTER_LIMITS = re.compile(r"\\(?:sum|prod|int)(?:\s*[_^]\s*(?:\{[^{}]*\}|\\?\w+))*\s*$")
_SLASH_NUMBER = re.compile(r"/\s*[A-Za-z0-9]\s*$")
_PLACES = (
    (_over_a_set, "a sum or product over the members of a set (\\sum_{x \\in X}, \\sum_{h \\in \\mathcal{H}}): "
                  "symdp ranges over integers a to b only; write the range, or declare the sum as a quantity"),
    (_integral_over_a_set, "an integral over a set (\\int_{\\mathbb{R}^d}, \\int_\\Theta): symdp integrates over "
                           "an interval of one variable; write its bounds"),
    (_membership, "membership in a set (x \\in \\Theta, k \\in \\{0, 1\\}, 1[y \\in T]): a condition or an "
                  "indicator; symdp reads membership of an interval or a number set (\\mathbb{R}) only"),
    (_unpaired, "a closing bracket that pairs with no opening one of its kind: a bracket too many, or one missing, "
                "in the source"),
    (_bar_in_parentheses, "a bar inside parentheses (f(x | \\theta), D(p || q)): a conditional or a divergence's "
                          "separator, of a function the notation does not declare; declare it"),
    (_rounding, "\\lfloor closed by \\rceil: rounding to the nearest integer? Write \\operatorname{round}(...) and "
                "declare it, or the floor or ceiling it means"),
    (_signed_label, SIGNED_LABEL),
    (_star_script, "a star as a script where no name takes it ((x + 1)^*, 2^*, Y^{**}): an optimum's or a "
                   "dual's label belongs on one name (x^*); write the starred name in \\text{} or declare it"),
    (_code_power, "a power written ** (code, x ** 2): write x^{2}"),
    (_relation_in_script, "a relation in a subscript (y_{\\le i}, \\mathcal{I}_\\in): a slice of a sequence or a "
                          "label, not a formula symdp reads"),
    (_angle, "angle brackets \\langle ... \\rangle: an average (physics' <X>) or an inner product? Write "
             "\\mathbb{E}[...] or the product"),
    (_connective, "a connective standing alone ('and', 'or'): a row of prose between formulas, not a formula"),
    (_kind("WORD", "IF", "OTHERWISE"), "words in text where a term of the formula would stand (\\text{If} ..., "
                                       "\\text{where}): prose inside the display; quote the formula alone"),
    (_operator_first, "a product sign right after a sum's or an integral's limits (\\sum_i^k \\cdot f): the sum "
                      "of what? Write the summand after the limits"),
    (_slash_sum, "a sum after a slash (2/n \\sum_k ...): 2 over the product n times the sum, or 2/n times the sum? "
                 "Write \\frac{2}{n} or parentheses"),
    (_integer_division, "integer division written // (code, not mathematics): write \\lfloor a/b \\rfloor"),
    (_root_in_parentheses, "\\sqrt( with parentheses: TeX takes the parenthesis alone as the root's argument; "
                           "write \\sqrt{...}"),
    (_placeholder, "a placeholder for an argument or an index (k(x, \\cdot), A_{1 \\cdot}): a function or a "
                   "margin, not a value"),
    (_empty_group, "an empty group {}: nothing where the grammar expects a term"),
    (_list_in_subscript, "a subscript holding a list with a formula in it (t_{1-\\alpha/2, n-p-1}, a quantile's level "
                         "and degrees of freedom): declare the name in the notation"),
    (_kind("SEMI"), "a semicolon: the parameters after a function's arguments (f(x; \\mu)) of a function the "
                    "notation does not declare, or two formulas in one row? Declare the function, or quote one "
                    "formula"),
    (_kind("NEWROW"), "a row break \\\\ inside a group: a bracket, brace or \\left ... \\right left open on its row"),
)
"""Places the grammar has no reading for, each with what it probably is; the first that applies names the refusal."""


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
