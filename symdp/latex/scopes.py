"""Where a big operator's operand ends, as the page shows it: :func:`open_big`, for the rule that a term after a sum
may not use the index the sum binds (:meth:`.build.Builder._terms`)."""
from __future__ import annotations

import re


def open_big(source: str, start: int) -> bool:
    """Some ``\\sum`` or ``\\prod`` before ``start`` whose operand no bracket closes before it (``\\frac{\\sum_i
    x_i}{n} + x_i`` and ``(\\sum_i x_i)^2 - x_i`` close it: the term after is outside by the page's own brackets)."""
    for m in re.finditer(r"\\(?:sum|prod)(?![A-Za-z])", source[:start]):
        depth = 0
        for ch in source[m.end():start]:
            depth += (ch in "{[(") - (ch in "}])")
            if depth < 0:
                break
        else:
            return True
    return False
