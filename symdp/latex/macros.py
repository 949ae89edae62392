"""Expansion of simple macros (``\\newcommand{\\eps}{\\epsilon}``, with ``#1``..``#9`` arguments).

Text in, text out: a macro's body replaces its call, arguments read as
balanced ``{...}`` groups (or single tokens).  Expansion is capped in steps
and in length, so a recursive macro is an error, not a hang.
"""
from __future__ import annotations

import re

from ..errors import SymdpError

MAX_EXPANSIONS = 2000
MAX_LENGTH = 200000


def _argument(text: str, pos: int) -> tuple[str, int]:
    """The argument of a macro starting at ``pos``: a balanced group or a single token."""
    while pos < len(text) and text[pos].isspace():
        pos += 1
    if pos >= len(text):
        raise SymdpError("macros", text[-40:], "every argument of a macro call")
    if text[pos] != "{":
        m = re.compile(r"\\[A-Za-z]+|\\.|.", re.S).match(text, pos)
        return m.group(0), m.end()
    depth, k = 0, pos
    while k < len(text):
        if text[k] == "\\":
            k += 2
            continue
        depth += {"{": 1, "}": -1}.get(text[k], 0)
        if depth == 0:
            return text[pos + 1:k], k + 1
        k += 1
    raise SymdpError("macros", text[pos:pos + 40], "a balanced {...} argument")


def _substitute(body: str, args: list[str]) -> str:
    return re.sub(r"#([1-9])", lambda m: args[int(m.group(1)) - 1] if int(m.group(1)) <= len(args) else m.group(0),
                  body)


def expand(text: str, macros) -> str:
    """``text`` with every call of ``macros`` ((name, nargs, body) triples; later ones win) expanded."""
    table = {name: (nargs, body) for name, nargs, body in macros}
    if not table:
        return text
    names = sorted(table, key=len, reverse=True)
    pattern = re.compile("(" + "|".join(re.escape(n) for n in names) + r")(?![A-Za-z])")
    for _ in range(MAX_EXPANSIONS):
        m = pattern.search(text)
        if m is None:
            return text
        nargs, body = table[m.group(1)]
        pos, args = m.end(), []
        for _ in range(nargs):
            arg, pos = _argument(text, pos)
            args.append(arg)
        text = text[:m.start()] + _substitute(body, args) + text[pos:]
        if len(text) > MAX_LENGTH:
            break
    raise SymdpError("macros", m.group(1), f"a macro that expands in fewer than {MAX_EXPANSIONS} steps "
                     f"and {MAX_LENGTH} characters (is it recursive?)")
