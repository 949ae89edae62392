"""A sum written with an ellipsis, rewritten as a ``\\sum`` where its pattern is plain (from rewrite.py).

``A_1 Y_{t-1} + \\cdots + A_p Y_{t-p}`` (``\\ldots``, ``\\dots`` alike) becomes ``\\sum_{i=1}^{p} {A_i Y_{t-i}}``
when the two terms around the ellipsis are the same tokens but for one whole number in the first (the same at every
place it differs) and one token in the last (the same at every place): the pattern papers mean.  Terms written before
the one next to the ellipsis that continue the pattern, one less each, open the sum (``x_1 + x_2 + \\cdots + x_N`` is
the sum from 1).  Refused (left as written): a minus before a term of the pattern, a term of the pattern that does not
continue it (``x_0 + x_2 + \\cdots``, ``x_1 + x_3 + \\cdots``), decimals, a sum counting down, any other ellipsis.
"""
from __future__ import annotations

import re

from .lexer import CLOSE, OPEN, lex


ELLIPSES = (r"\ldots", r"\cdots", r"\dots")
_STOPS = ("PLUS", "MINUS", "REL", "AMP", "COMMA", "NEWROW", "GAP", "IN", "SEMI")
_INDICES = "ijklmrsuv"


def ellipsis_sums(text: str) -> str:
    """``text`` with each ``a_1 + \\cdots + a_n`` whose pattern is plain rewritten as a ``\\sum`` (see above)."""
    try:
        toks = lex(text)
    except Exception:  # noqa: BLE001  (the display is refused later, with its reason)
        return text
    depth, depths = 0, []
    for t in toks:
        depth -= t.kind in CLOSE
        depths.append(depth)
        depth += t.kind in OPEN
    for k, t in enumerate(toks):
        if t.kind == "CMD" and t.text in ELLIPSES and 0 < k < len(toks) - 1 and toks[k - 1].kind == "PLUS" \
                and toks[k + 1].kind == "PLUS":
            found = _pattern(text, toks, depths, k)
            if found is not None:
                start, end, rewritten_sum = found
                return ellipsis_sums(text[:start] + rewritten_sum + text[end:])
    return text


def _earlier_terms(toks, depths, first, left, diffs):
    """(the first term, its differing tokens) of ``x_1 + x_2 + \\cdots + x_N`` whose ellipsis stands after ``x_2``
    (``left``, ``diffs`` its (number, end) pairs): earlier terms of the same pattern, each one less, open the sum
    (``x_1``); a term of another shape ends the search (``a + x_2 + \\cdots``).  (None, None), the ellipsis left to be
    refused, where a term of the pattern does not continue it (``x_0 + x_2 + \\cdots``) or a minus stands before one
    (``-x_1 + x_2 + \\cdots``, ``x_1 - x_2 + \\cdots``: the sign of one term, or of the sum?)."""
    level = depths[first]
    while True:
        if first and toks[first - 1].kind == "MINUS" and depths[first - 1] == level:
            return None, None
        if not (first >= 2 and toks[first - 1].kind == "PLUS" and depths[first - 1] == level):
            return left, diffs
        start = _term_start(toks, depths, first - 2, level)
        term = toks[start:first - 1]
        pairs = list(zip(term, left))
        varies = [any(b is d for d, _ in diffs) for _, b in pairs]
        varied = [a for (a, _), v in zip(pairs, varies) if v]
        kept = [(a.kind, a.text) == (b.kind, b.text) for (a, b), v in zip(pairs, varies) if not v]
        if len(term) != len(left) or not all(kept) or any(a.kind != "NUMBER" for a in varied):
            return left, diffs                  # another term: the sum starts after it
        if len({a.text for a in varied}) != 1 or not varied[0].text.isdigit() \
                or int(varied[0].text) != int(diffs[0][0].text) - 1:
            return None, None                   # x_0 + x_2 + \cdots: no pattern a reader can continue
        diffs = [(a, end) for a, (_, end) in zip(varied, diffs)]
        left, first = term, start


def _term_start(toks, depths, k, level) -> int:
    """The index of the first token of the term that ends at ``k`` (back to a sign, a relation or a separator at the
    ellipsis's ``level``)."""
    while k > 0 and depths[k - 1] >= level and not (depths[k - 1] == level and toks[k - 1].kind in _STOPS):
        k -= 1
    return k


def _pattern(text, toks, depths, k):
    level = depths[k]
    first = _term_start(toks, depths, k - 2, level)
    last = k + 2
    while last < len(toks) - 1 and depths[last + 1] >= level and not (depths[last + 1] == level
                                                                      and toks[last + 1].kind in _STOPS):
        last += 1
    left, right = toks[first:k - 1], toks[k + 2:last + 1]
    if not left or len(left) != len(right) or any(t.kind == "CMD" and t.text in ELLIPSES for t in left + right):
        return None
    diffs = [(a, b) for a, b in zip(left, right) if (a.kind, a.text) != (b.kind, b.text)]
    if not diffs or any(a.kind != "NUMBER" or not a.text.isdigit() or b.kind not in ("NAME", "NUMBER")
                        or (b.kind == "NUMBER" and not b.text.isdigit()) for a, b in diffs) \
            or len({a.text for a, _ in diffs}) != 1 or len({b.text for _, b in diffs}) != 1:
        return None
    left, diffs = _earlier_terms(toks, depths, first, left, diffs)
    if left is None or (diffs[0][1].kind == "NUMBER" and int(diffs[0][1].text) < int(diffs[0][0].text)):
        return None     # x_5 + \cdots + x_1: a sum counting down (SymPy's Sum from 5 to 1 is another number)
    used = set(re.findall(r"(?<!\\)\b[a-z]\b", text)) | {t.text for t in toks if t.kind == "NAME"}
    index = next((c for c in _INDICES if c not in used), None)
    if index is None:
        return None
    start, end = left[0].start, right[-1].end
    term, at = [], start
    for a, _ in diffs:
        term.append(text[at:a.start] + index)
        at = a.end
    term.append(text[at:left[-1].end])
    lo, hi = diffs[0][0].text, diffs[0][1].text
    return start, end, rf"\sum_{{{index}={lo}}}^{{{hi}}} {{{''.join(term)}}}"
