"""Side conditions and justification columns of a display, split off before the formula is read.

A paper writes ``\\frac{1}{\\alpha - 1} \\quad \\alpha > 1``, ``f(x) = x^2, x > 0`` or
``\\sigma = ... \\quad \\text{for } \\delta < 1``: what follows the wide space, the comma or the word is
a condition on the formula, never a factor of it; it is split off here, on the raw tokens, at the top
level (outside groups and ``cases``), so the grammar only ever sees the formula.  A justification column
(``a &= b && \\text{by Lemma 2}``) is dropped before (:mod:`.remarks`).
"""
from __future__ import annotations

import re

import sympy as sp

from .lexer import CLOSE, OPEN, Tok, fail
from .names import DECORATIONS

KEYWORDS = ("for", "if", "where", "when", "whenever", "provided", "assuming", "with", "such that", "s.t.",
            "as long as", "given", "since")
"""Words that open a side condition (``\\text{for } \\alpha > 1``)."""
RELATION_KINDS = ("REL", "IN")


def top_level(tokens: list[Tok]) -> list[bool]:
    """For each token: does it stand outside every group and ``cases``?"""
    out, depth = [], 0
    for t in tokens:
        if t.kind in CLOSE:
            depth -= 1
        out.append(depth == 0 and t.kind not in OPEN | CLOSE)
        if t.kind in OPEN:
            depth += 1
    return out


def keyword(tok: Tok) -> str:
    """The condition keyword a ``\\text{...}`` word opens with ("" when none)."""
    if tok.kind != "WORD":
        return ""
    text = tok.text.strip().lower()
    for word in KEYWORDS:
        if text == word or text.startswith(word + " "):
            return word
    return ""


def _states_condition(tokens: list[Tok]) -> bool:
    """Does this run state a condition: a keyword, ``\\forall``, or a relation (or a distribution, ``\\sim``) at its
    top level?"""
    rest = [t for t in tokens if t.kind != "GAP"]
    if not rest:
        return False
    if keyword(rest[0]) or (rest[0].kind == "CMD" and rest[0].text == r"\forall"):
        return True
    level = top_level(rest)
    return any(top and (t.kind in RELATION_KINDS or (t.kind == "CMD" and t.text == r"\sim"))
               for t, top in zip(rest, level))


RELATION_COMMANDS = frozenset(r"\approx \sim \simeq \propto \equiv \lesssim \gtrsim \ll \gg \preceq \succeq".split())
"""Relations the lexer leaves as commands (the row states no closed form; an alignment ``&`` may stand by them)."""


def alignment(tokens: list[Tok]) -> list[Tok]:
    """``tokens`` without the alignment ``&`` that stand beside a relation at the top level, wherever in the row
    (``a & = & b``, ``x &\\le& y``, a continuation ``& = & c``, as ``eqnarray`` rows write them): they align the
    relation and state nothing, and are not a justification column."""
    level = top_level(tokens)
    real = [k for k, t in enumerate(tokens) if t.kind != "AMP"]
    drop = set()
    for n, k in enumerate(real):
        t = tokens[k]
        if not level[k] or not (t.kind in RELATION_KINDS or (t.kind == "CMD" and t.text in RELATION_COMMANDS)):
            continue
        before = real[n - 1] if n else -1
        after = real[n + 1] if n + 1 < len(real) else len(tokens)
        drop.update(j for j in range(before + 1, after) if tokens[j].kind == "AMP" and level[j])
    return [t for k, t in enumerate(tokens) if k not in drop]


LEADING = (r"\implies", r"\Rightarrow", r"\therefore", r"\Longrightarrow", r"\iff", r"\Leftrightarrow",
           r"\Longleftrightarrow")
"""A row may open with "hence": the formula is what follows."""


_NAME_PART = {"NAME", "SUB", "SUP", "NUMBER", "LBRACE", "RBRACE", "PRIME", "COMMA"}


def where_definition(tokens: list[Tok]) -> bool:
    """``\\text{where } \\sigma^2 = \\frac{2s^2 \\log(1.25/\\delta)}{\\epsilon^2}``: a row (an align's second line) that
    opens with "where" and then a name (with its scripts) and ``=`` defines that name; the row is that definition.
    "where" before anything else (``\\text{where } x > 0``, a condition; ``\\text{where } a + b = 1``) is left to be
    refused, and so is any other opening word (``\\text{if } x = 1``)."""
    if not tokens or tokens[0].kind != "WORD" or tokens[0].text.strip().lower() != "where":
        return False
    rest = [t for t in tokens[1:] if t.kind != "GAP"]
    eq = next((k for k, t in enumerate(rest) if t.kind not in _NAME_PART), None)
    return eq is not None and eq > 0 and rest[0].kind == "NAME" and rest[eq].kind == "REL" and rest[eq].text == "=" \
        and all(t.kind not in ("REL", "IN") for t in rest[eq + 1:])


def split(source: str, tokens: list[Tok]) -> tuple[list[Tok], list[list[Tok]]]:
    """The formula's tokens and the side conditions' tokens (each without its keyword or ``\\forall``); a second
    definition where a condition stands is refused (see _definition)."""
    body, conds = _split(source, tokens)
    for cond in conds:
        _definition(source, cond)
    return body, conds


def _decoration(t: Tok) -> bool:
    """``\\hat``, ``\\bar``, ... before a letter: the decorated name is a name (``\\hat\\beta = ...``)."""
    return t.kind == "CMD" and t.text.lstrip("\\") in DECORATIONS


def _definition(source: str, cond: list[Tok]) -> None:
    """``\\alpha = \\mu\\phi, \\quad \\beta = (1 - \\mu)\\phi``: a name (or a call, ``f(x) = ...``) set equal to an
    expression in names, after the formula, defines a second quantity (a condition sets a name to a value, ``x =
    0``, or relates names, ``a + b = 1``); refused, never read as the first formula's condition."""
    level = top_level(cond)
    rels = [k for k, (t, top) in enumerate(zip(cond, level)) if top and t.kind in RELATION_KINDS]
    if len(rels) != 1 or cond[rels[0]].text != "=" or not (cond[0].kind == "NAME" or _decoration(cond[0])):
        return
    left, right = cond[:rels[0]], cond[rels[0] + 1:]
    named = all(t.kind in _NAME_PART or _decoration(t) for t in left) or (len(left) > 2 and left[1].kind == "LPAREN"
                                                         and not any(level[1:rels[0]]))
    if named and any(t.kind == "NAME" for t in right):
        fail(source, cond[0].start, cond[-1].end, "a second equation after the formula defines a quantity of its "
             "own: a condition on the first, or a second definition? Write one formula per row, or state the "
             "condition as a relation")


def _split(source: str, tokens: list[Tok]) -> tuple[list[Tok], list[list[Tok]]]:
    while tokens and (tokens[0].kind == "CMD" and tokens[0].text in LEADING or
                      tokens[0].kind == "AMP" and any(t.kind == "CMD" and t.text in LEADING for t in tokens[:2])):
        tokens = tokens[1:]
    if where_definition(tokens):
        tokens = [t for t in tokens[1:] if t.kind != "GAP"] if tokens[1].kind == "GAP" else tokens[1:]
    leading = _leading(tokens)
    if leading:
        cut, stated = leading
        body, conds = _split(source, tokens[cut + 1:])
        return body, _conditions(source, stated) + conds
    level = top_level(tokens)
    for k, (t, top) in enumerate(zip(tokens, level)):
        if not top or k == 0:
            continue
        if t.kind == "WORD" and t.text.strip().lower() == "and" and _states_condition(tokens[k + 1:]):
            _second_equation(source, tokens[k:])
            return _body(tokens[:k]), _conditions(source, tokens[k + 1:])
        if t.kind in ("GAP", "COMMA") and not _spaced_operator(tokens, k) and _states_condition(tokens[k + 1:]):
            _connective(source, tokens[k + 1:])
            _second_equation(source, tokens[k + 1:])
            return _body(tokens[:k]), _conditions(source, tokens[k + 1:])
        if (keyword(t) or (t.kind == "CMD" and t.text == r"\forall")) and not _in_cases(tokens, k):
            return _body(tokens[:k]), _conditions(source, tokens[k:])
    return _body(tokens), []


def _second_equation(source: str, tokens: list[Tok]) -> None:
    """``\\sum_i \\frac{p_i}{\\lambda x_i + c} = 1, \\quad \\text{and} \\quad \\sum_i \\frac{p_i x_i}{\\lambda x_i + c} = m``:
    an equation after "and" whose left side is more than a name is a second statement (a system of two equations),
    not a condition on the first; refused.  So is an inequality that bounds no name by numbers (``\\hat r_i \\le r_i +
    c \\text{ and } \\hat r^* \\ge r^* - c``: both asserted?); ``\\text{and } 0 < x < 1`` is a condition."""
    rest = [t for t in tokens if t.kind != "GAP"]
    if not (rest and rest[0].kind == "WORD" and rest[0].text.strip().lower() == "and"):
        return
    rest = rest[1:]
    level = top_level(rest)
    rels = [k for k, (t, top) in enumerate(zip(rest, level)) if top and t.kind in RELATION_KINDS]
    if len(rels) == 1 and rest[rels[0]].text == "=" and not _a_name(rest[:rels[0]]):
        fail(source, rest[0].start, rest[-1].end, "a second equation after \\text{and}, between two expressions: a "
             "system of equations, or a condition on the first? Write one equation per row")
    if rels and any(rest[r].text != "=" for r in rels) and not _bounds_a_name(rest, rels):
        fail(source, rest[0].start, rest[-1].end, "a second inequality after \\text{and} that bounds no name by "
             "numbers: both statements asserted, or a condition on the first? Write one statement per row")


_CONSTANT_NAMES = frozenset({r"\pi", "e", r"\infty"})


def _bounds_a_name(tokens: list[Tok], rels: list[int]) -> bool:
    """Each relation of the chain ``tokens`` (top-level relations at ``rels``) has a name alone on one side and only
    numbers and constants on the other, or names alone on both sides of a chain's middle (``0 < x < 1``, ``n \\ge
    1``, ``x \\in (0, 1)``): a condition.  ``\\hat r^* \\ge r^* - c``, ``x \\le y + 1``, ``|x| \\le 1`` are not."""
    cuts = [-1, *rels, len(tokens)]
    sides = [tokens[a + 1:b] for a, b in zip(cuts, cuts[1:])]
    numeric = lambda side: bool(side) and not any(t.kind == "NAME" and t.text not in _CONSTANT_NAMES for t in side)
    return all((_a_name(a) and numeric(b)) or (numeric(a) and _a_name(b)) for a, b in zip(sides, sides[1:]))


def _connective(source: str, tokens: list[Tok]) -> None:
    """``\\frac{1}{9} < \\frac{9}{25}, \\;\\; \\text{although} \\;\\; 3 - 1 = 5 - 3``: a side condition opens with a
    condition word (:data:`KEYWORDS`) or is a relation alone; a statement after any other word (although, but, hence,
    and so, i.e.) is a second statement, not a condition on the first: refused.  A word that is a name (``\\text{dof} =
    3``, ``\\text{score}(x) > 0``) has a relation, a script or its arguments right after it."""
    rest = [t for t in tokens if t.kind != "GAP"]
    if len(rest) < 2 or rest[0].kind != "WORD" or keyword(rest[0]) or rest[0].text.strip().lower() == "and" \
            or rest[1].kind in RELATION_KINDS + ("SUB", "SUP", "LPAREN", "PRIME", "COMMA"):
        return
    fail(source, rest[0].start, rest[-1].end, f"a statement after the word {rest[0].text.strip()!r}: a second statement "
         "in the row, not a condition (a condition opens with for, if, where, when, with, ... or is a relation "
         "alone); quote one statement per row")


def _a_name(tokens: list[Tok]) -> bool:
    """A name with its scripts (``x``, ``\\sigma^2``, ``x_{i}``), as a condition's equation sets one."""
    return bool(tokens) and tokens[0].kind in ("NAME", "CMD") and all(
        t.kind in ("SUB", "SUP", "LBRACE", "RBRACE", "NAME", "NUMBER") for t in tokens[1:]) and len(tokens) <= 6


def _spaced_operator(tokens: list[Tok], k: int) -> bool:
    """A wide space beside a product sign (``a \\;\\cdot\\; b``, ``a \\cdot \\; b``) spaces the product: no
    condition begins with a product sign or right after one."""
    after = next((t for t in tokens[k + 1:] if t.kind != "GAP"), None)
    return tokens[k - 1].kind in ("MUL", "PLUS", "MINUS") or (after is not None and after.kind == "MUL")


def _leading(tokens: list[Tok]):
    """``\\forall y \\ge 0 \\qquad g(y) = ...``: a condition stated first, up to a wide space or comma
    (the index of that separator and the condition's tokens), or None."""
    if not tokens or not (tokens[0].kind == "CMD" and tokens[0].text == r"\forall"):
        return None
    level = top_level(tokens)
    for k, (t, top) in enumerate(zip(tokens, level)):
        if top and t.kind in ("GAP", "COMMA") and k > 1 and _states_condition(tokens[1:k]) \
                and not _states_condition_only(tokens[k + 1:]):
            return k, tokens[:k]
    return None


def _states_condition_only(tokens: list[Tok]) -> bool:
    """Nothing but further conditions follow (``\\forall x, y > 0``): not a formula."""
    return not tokens


def _in_cases(tokens: list[Tok], k: int) -> bool:
    depth = 0
    for t in tokens[:k]:
        depth += (t.kind == "BEGIN_CASES") - (t.kind == "END_CASES")
    return depth > 0


def _body(tokens: list[Tok]) -> list[Tok]:
    """The formula without wide spaces, and without a comma left before its condition."""
    out = [t for t in tokens if t.kind != "GAP"]
    while out and out[-1].kind in ("COMMA", "AMP"):
        out.pop()
    return out


def _conditions(source: str, tokens: list[Tok]) -> list[list[Tok]]:
    """The conditions of ``tokens``, split at top-level commas, wide spaces and ``\\text{and}``."""
    out, current = [], []
    tokens = _ranges(tokens)
    level = top_level(tokens)
    for t, top in zip(tokens, level):
        if top and (t.kind in ("COMMA", "GAP", "AND") or (t.kind == "WORD" and t.text.strip().lower() == "and")):
            out.append(current)
            current = []
            continue
        if top and (keyword(t) or (t.kind == "CMD" and t.text == r"\forall")) and not current:
            rest = t.text.strip()[len(keyword(t)):].strip() if t.kind == "WORD" else ""
            if rest.lower() in ("some", "at least one", "a certain"):
                fail(source, t.start, t.end, f"{t.text.strip()!r}: the formula holds at some value, not at every "
                     "value the condition allows (an existence), so it is no condition of a claim to check")
            if rest and rest.lower() not in ("all", "any", "every", "each"):
                fail(source, t.start, t.end, f"a condition in words ({t.text.strip()!r}): state it as a formula")
            continue
        current.append(t)
    out.append(current)
    return [c for c in out if c]


ELLIPSES = (r"\ldots", r"\dots", r"\cdots", r"\dotsc", r"\dotsb", r"\dotso")


def _ranges(tokens: list[Tok]) -> list[Tok]:
    """``i = 1, \\ldots, n`` and ``i \\in \\{1, \\ldots, n\\}`` (an index running over the integers from 1 to n)
    as the conditions ``1 \\le i \\le n`` and ``i \\in \\mathbb{Z}``, so that the commas of the range do not split it;
    any other ellipsis is left to be refused."""
    for k, t in enumerate(tokens):
        if not (t.kind == "CMD" and t.text in ELLIPSES and 0 < k < len(tokens) - 1
                and tokens[k - 1].kind == "COMMA" and tokens[k + 1].kind == "COMMA"):
            continue
        first = _second_term(tokens, k - 1)
        start = _range_start(tokens, first)
        if first != k - 1 and (start is None or not _successor(start[1], tokens[k - 2])):
            return tokens
        end = _range_end(tokens, k + 2)
        if start is None or end is None:
            return tokens
        var, lo, closing = start
        hi = tokens[k + 2:end]
        if closing and (end >= len(tokens) or tokens[end].kind != "RSET"):
            return tokens
        after = end + 1 if closing else end
        if not hi or any(u.kind in ("COMMA", "REL", "IN") for u in hi):
            return tokens
        at = tokens[k]
        le = Tok("REL", "<=", at.start, at.end, True)
        stated = [*lo, le, *var, le, *hi, Tok("COMMA", ",", at.start, at.end), *var,
                  Tok("IN", "\\in", at.start, at.end, True), Tok("CMD", "\\mathbb", at.start, at.end, True),
                  Tok("LBRACE", "{", at.start, at.end), Tok("NAME", "Z", at.start, at.end),
                  Tok("RBRACE", "}", at.start, at.end)]
        head = tokens[:first - len(lo) - len(var) - 1 - closing]
        return head + stated + _ranges(tokens[after:])
    return tokens


def _second_term(tokens: list[Tok], comma: int) -> int:
    """``k \\in \\{0, 1, \\dots, K-1\\}``: the comma after the range's first term when a second, a number, stands
    before the ellipsis (``comma`` itself otherwise)."""
    if comma >= 2 and tokens[comma - 1].kind == "NUMBER" and tokens[comma - 2].kind == "COMMA":
        return comma - 2
    return comma


def _successor(lo: list[Tok], second: Tok) -> bool:
    """The second term is the first plus one (``0, 1, \\dots``), integers both: the run is every integer."""
    return len(lo) == 1 and lo[0].kind == "NUMBER" and lo[0].text.isdigit() and second.text.isdigit() \
        and int(second.text) == int(lo[0].text) + 1


def _range_start(tokens: list[Tok], comma: int):
    """Before the comma at ``comma``: ``<var> = <lo>`` or ``<var> \\in \\{<lo>`` (the var's tokens, the lower end's
    tokens, 1 when a set brace opens the range), or None."""
    for j in range(comma - 1, 0, -1):
        t = tokens[j]
        if t.kind in ("COMMA", "GAP"):
            return None
        if t.kind == "REL" and t.text == "=" or t.kind == "LSET" and tokens[j - 1].kind == "IN":
            closing = int(t.kind == "LSET")
            rel = j - closing
            lo = tokens[j + 1:comma]
            var = tokens[rel - 1:rel]
            if not lo or not var or var[0].kind != "NAME" or (rel - 1 > 0 and tokens[rel - 2].kind not in
                                                               ("COMMA", "GAP", "WORD", "CMD")):
                return None
            return var, lo, closing
    return None


def _range_end(tokens: list[Tok], k: int):
    """The index after the upper end of a range that starts at ``k`` (the next top-level comma, gap or set brace)."""
    depth = 0
    for j in range(k, len(tokens)):
        kind = tokens[j].kind
        if depth == 0 and kind in ("COMMA", "GAP", "RSET", "AND"):
            return j
        depth += (kind in OPEN) - (kind in CLOSE)
    return len(tokens)


def shared_ranges(source: str, conditions: list, found: list, parse) -> list:
    """The conditions ``found`` (read from the token lists ``conditions``) with each bare name given the relation of the
    next condition when the two are a plain list (``x, y \\in [0, 1]``, ``x_1, x_2 > 0``: a comma, the next one's
    subject a name, the relation read again with the bare name as its subject by ``parse``); any other bare name is
    dropped, never a condition of its own: ``\\forall x``, ``\\text{for all } i`` (a quantifier with no range), ``x,
    \\; y > 0`` (a wide space: not a list)."""
    out = []
    for k, (tokens, f) in enumerate(zip(conditions, found)):
        if isinstance(f, sp.Expr) and f.is_number:   # i = 2, 3: a list of values, never the condition "3"
            _values_list(source, tokens)
        if not isinstance(f, sp.Symbol):
            out.append(f)
        elif k + 1 < len(conditions) and _listed(source, tokens, conditions[k + 1]):
            later = conditions[k + 1]
            out.append(parse(list(tokens) + list(later[_name_end(later):])))
    return out


def _values_list(source: str, tokens: list) -> None:
    text = source[tokens[0].start:tokens[-1].end]
    fail(source, tokens[0].start, tokens[-1].end, f"a number is not a condition ({text!r} after a comma: a list of "
         "values such as 'i = 2, 3' is not read; give a range 'i = 1, \\ldots, n' or one display per value)")


def _listed(source: str, tokens: list, later: list) -> bool:
    """``tokens`` (one name) and ``later`` (a name, then ``\\in`` or a relation) are ``x, y \\in S``: a plain comma
    between them, no quantifier before the first."""
    before = source[:tokens[0].start].rstrip()
    quantified = before.endswith("\\forall") or re.search(r"for\s+(?:all|each|every|any)\s*\}?$", before)
    end = _name_end(later)
    return (source[tokens[-1].end:later[0].start].strip() == "," and not quantified and _name_end(tokens) == len(tokens)
            and 0 < end < len(later) and later[end].kind in ("IN", "REL"))


def _name_end(tokens: list) -> int:
    """The index after a name with its subscript at the start of ``tokens`` (``y``, ``x_1``, ``x_{12}``), 0 if none."""
    if not tokens or tokens[0].kind != "NAME":
        return 0
    if len(tokens) > 2 and tokens[1].kind == "SUB":
        if tokens[2].kind != "LBRACE":
            return 3
        close = next((j for j in range(3, len(tokens)) if tokens[j].kind == "RBRACE"), None)
        return 0 if close is None else close + 1
    return 1
