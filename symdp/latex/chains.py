"""The relation chain of a display: its top-level members and the relations between them (:func:`relation_chain`,
:func:`equation_members`), the members that are bare names (:func:`bare_name`), and the refusals of a row's shape: a
definition sign after an expression, a row continuing the previous one, a second alignment pair.
"""
from __future__ import annotations

import re

from .conditions import LEADING
from .lexer import Tok, fail
from .notation import HEADS, OPERATORS


_OPEN = {"LBRACE", "LPAREN", "LBRACK", "LSET", "ABSL", "FLOORL", "CEILL", "BEGIN_CASES"}
_CLOSE = {"RBRACE", "RPAREN", "RBRACK", "RSET", "ABSR", "FLOORR", "CEILR", "END_CASES"}
_BARE = {"NAME", "WORD", "SUB", "SUP", "LBRACE", "RBRACE", "PRIME", "NUMBER", "MUL", "COMMA"}


_DEFINES = re.compile(r"\\(?:coloneqq|triangleq|defeq|eqdef)|:=")


def _defining(source: str, rel: Tok, left: list[Tok]) -> None:
    """``-\\sum_i p_i \\log p_i \\coloneqq H(P_X)``: a definition sign after a sum or a difference, which no
    definition defines: the name on the right is the one defined (=:), not a relation to check; refused."""
    depth, top = 0, []
    for t in left:
        top += [t] if depth == 0 else []
        depth += (t.kind in _OPEN) - (t.kind in _CLOSE)
    if _DEFINES.fullmatch(source[rel.start:rel.end].strip()) and top and (
            top[0].kind == "MINUS" or (top[0].kind == "HEAD" and top[0].text in (r"\sum", r"\prod"))
            or any(t.kind in ("PLUS", "MINUS") for t in top[1:])):
        fail(source, rel.start, rel.end, "a definition sign after an expression: the right side is the name it "
             "defines (=:), not a relation to check; write = for a relation")


_DEFINES_RIGHT = re.compile(r"\\(?:eqqcolon|eqcolon)|=:")


def _defined_on_the_right(source: str, rels: list[Tok], members: list[list[Tok]]) -> None:
    """Refuse a definition sign whose right side may be the name defined: mathtools' ``=:`` (``2\\sigma^2 \\eqqcolon
    \\tau``), or ``:=``, ``\\triangleq`` ... with a lone name on the right after an expression or inside a chain
    (``2\\sigma^2 \\triangleq \\tau``, ``a \\le \\varepsilon \\triangleq \\gamma``): a definition, which read as an
    equation would be checked (and refuted) as one."""
    for k, rel in enumerate(rels):
        sign = source[rel.start:rel.end].strip()
        right, left = members[k + 1], members[k]
        if _DEFINES_RIGHT.fullmatch(sign) or (_DEFINES.fullmatch(sign) and right and bare_name(right) and (
                k > 0 or not bare_name(left))):
            fail(source, rel.start, rel.end, f"{sign} with a name on its right after an expression: the name defined "
                 "(=:), not a relation to check; state the definition as name := expression")


def relation_chain(source: str, tokens: list[Tok]) -> tuple[list[list[Tok]], list[str]]:
    """The members of a relation chain and the relations between them (top level, outside ``cases``)."""
    depth, out, ops, current, rels = 0, [], [], [], []
    for k, t in enumerate(tokens):
        depth += (t.kind in _OPEN) - (t.kind in _CLOSE)
        if depth == 0 and t.kind in ("AMP", "NEWROW"):
            if t.kind == "NEWROW":
                nxt = next((u for u in tokens[k + 1:] if u.kind != "AMP"), None)
                if nxt is None or nxt.kind != "REL":
                    fail(source, t.start, t.end, "a second row that does not continue the chain: quote one row")
            continue
        if depth == 0 and t.kind == "REL":
            if t.text == "!=":
                fail(source, t.start, t.end, "a relation \\neq (a display states =, <, <=, > or >=)")
            _defining(source, t, current)
            out.append(current)
            ops.append(t.text)
            rels.append(t)
            current = []
            continue
        current.append(t)
    out.append(current)
    _defined_on_the_right(source, rels, out)
    if len(out) > 1 and not out[0]:  # a continuation row, "&= ..."
        out, ops = out[1:], ops[1:]
    if any(not seg for seg in out):
        fail(source, tokens[0].start, tokens[-1].end, "a relation with an empty side")
    return out, ops


def refuse_continuation(source: str, body: list[Tok]) -> None:
    """Refuse an align row that goes on with the previous row's expression (``&\\hspace{10pt} + 1``): after the
    alignment it opens with ``+`` or ``-`` and states no relation, so it is a piece of a longer member."""
    k = next((i for i, t in enumerate(body) if t.kind != "AMP"), len(body))
    if 0 < k < len(body) and body[k].kind in ("PLUS", "MINUS") and not any(t.kind == "REL" for t in body):
        fail(source, body[0].start, body[-1].end, "a row that continues the previous row's expression (an operator "
             "after the alignment &, no relation): quote the rows of the whole expression together")


def refuse_second_pair(source: str, body: list[Tok]) -> None:
    """Refuse ``\\mu &= p &\\sigma &= \\sqrt{p}``, ``x &= 1 &\\quad y &= 2``: an alignment ``&`` between two members,
    beside no relation, starts a second equation of the row (amsmath's column pairs); quote one of them."""
    depth = 0
    for k, t in enumerate(body):
        depth += (t.kind in _OPEN) - (t.kind in _CLOSE)
        if depth or t.kind != "AMP" or k in (0, len(body) - 1):
            continue
        before, after = body[k - 1], next((u for u in body[k + 1:] if u.kind != "GAP"), None)
        if _opens_row(body, k - 1):   # \Longleftrightarrow & 4\beta = 3: the connective that opens the row, aligned
            continue
        if before.kind not in ("REL", "AMP") and after is not None and after.kind not in ("REL", "AMP"):
            fail(source, t.start, t.end, "a second alignment pair in one row (a &= b & c &= d): two equations; quote "
                 "one of them")


def _opens_row(body: list[Tok], k: int) -> bool:
    """The token at ``k`` is a connective that opens the row (``\\implies``, ``\\Longleftrightarrow``: the formula is
    what follows, :data:`.conditions.LEADING`), with at most an ``&`` before it."""
    return body[k].kind == "CMD" and body[k].text in LEADING and all(t.kind in ("AMP", "GAP") for t in body[:k])


def equation_members(source: str, tokens: list[Tok]) -> list[list[Tok]]:
    """The top-level members of an ``=`` chain; alignment ``&`` dropped, ``\\\\ =`` continuing a chain."""
    depth, cases, out, current = 0, 0, [], []
    for k, t in enumerate(tokens):
        depth += (t.kind in _OPEN) - (t.kind in _CLOSE)
        cases += (t.kind == "BEGIN_CASES") - (t.kind == "END_CASES")
        if cases == 0 and t.kind == "AMP":
            continue
        if cases == 0 and t.kind == "NEWROW":
            nxt = next((u for u in tokens[k + 1:] if u.kind != "AMP"), None)
            if nxt is None or nxt.kind != "REL":
                fail(source, t.start, t.end, "a second row that does not continue the chain: quote one row")
            continue
        if depth == 0 and t.kind == "REL" and t.text == "=":
            out.append(current)
            current = []
            continue
        current.append(t)
    out.append(current)
    if len(out) > 1 and not out[0]:  # a continuation row, "&= ..."
        out = out[1:]
    if len(out) > 1 and any(not seg for seg in out):
        fail(source, tokens[0].start, tokens[-1].end, "an equation with an empty side")
    return out


def bare_name(seg: list[Tok]) -> bool:
    """A bare name, possibly decorated (F^*_{\\beta}) or with its arguments named (\\Lambda(o), f(x, y))."""
    head, args = seg, []
    if seg and seg[-1].kind == "RPAREN" and any(t.kind == "LPAREN" for t in seg):
        k = max(i for i, t in enumerate(seg) if t.kind == "LPAREN")
        head, args = seg[:k], seg[k + 1:-1]
    ok_head = all(t.kind in _BARE or (t.kind == "CMD" and t.text not in OPERATORS and t.text not in HEADS)
                  for t in head)
    ok_args = all(t.kind in ("NAME", "WORD", "COMMA", "PRIME", "SUB", "NUMBER", "REL") for t in args)
    if head and head[0].kind == "NAME" and head[0].text in ("e", "\\pi"):
        return False  # a constant, not a name being defined
    if any(a.kind == "SUP" and b.kind in ("NUMBER", "MINUS", "LBRACE") and b.kind != "MUL"
           and not _starred(head, k) for k, (a, b) in enumerate(zip(head, head[1:]))):
        return False  # a power, not a decorated name
    names = [t for t in head if t.kind in ("NAME", "WORD", "CMD")]
    runs = sum(1 for a, b in zip([None] + names, names) if a is None or a.end != b.start)
    return bool(head) and head[0].kind in ("NAME", "WORD", "CMD") and ok_head and ok_args and \
        (runs == 1 or _decorated(head))


def _starred(head, k) -> bool:
    """The superscript at ``k`` is a decoration: ``^{*}`` or ``^{\\prime}``."""
    rest = [t.kind for t in head[k + 1:k + 4]]
    return rest[:3] == ["LBRACE", "MUL", "RBRACE"]


def _decorated(head: list[Tok]) -> bool:
    """Names past the first only inside scripts (``F_{\\beta score}^*``)."""
    depth, first, script = 0, True, False
    for t in head:
        depth += (t.kind == "LBRACE") - (t.kind == "RBRACE")
        if depth == 0 and t.kind in ("NAME", "WORD", "CMD") and not first and not script:
            return False
        first = False if t.kind in ("NAME", "WORD", "CMD") else first
        script = t.kind in ("SUB", "SUP")
    return True
