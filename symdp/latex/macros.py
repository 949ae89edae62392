"""Expansion of simple macros (``\\newcommand{\\eps}{\\epsilon}``, with ``#1``..``#9`` arguments).

Text in, text out: a macro's body replaces its call, arguments read as
balanced ``{...}`` groups (or single tokens); a macro with a default for its
first argument (``\\newcommand{\\D}[2][\\alpha]{...}``) takes it from
``[...]`` when the call gives one.  Expansion is capped in steps and in
length, so a recursive macro is an error, not a hang.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import SymdpError
from .lexer import balanced, fail

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
    body, end = balanced(text, pos)
    if body is None:
        raise SymdpError("macros", text[pos:pos + 40], "a balanced {...} argument")
    return body, end


@dataclass(frozen=True)
class Macro:
    """One macro a paper defines: its name (``\\eps``), number of arguments, body, and the first argument's
    default when that argument is optional (``[n][default]``); where it was defined, for messages."""

    name: str
    nargs: int
    body: str
    default: str | None = None
    star: str | None = None
    """The body when the call is followed by ``*`` (``\\abs*{x}`` of ``\\DeclarePairedDelimiter``), else None."""
    file: str = field(default="", compare=False)
    line: int = field(default=0, compare=False)
    before: str = ""
    """Where the paper defined the macro otherwise with displays between (``main.tex:2 {2}``): the body in force
    depends on the display, and the document keeps one definition per name, so a call is refused."""

    def __iter__(self):
        """(name, nargs, body), as the plain triples of :meth:`.notation.Notation.extend` unpack."""
        return iter((self.name, self.nargs, self.body))

    def latex(self) -> str:
        """The definition as LaTeX (``\\providecommand``), e.g. for a report's preamble."""
        args = f"[{self.nargs}]" if self.nargs else ""
        default = f"[{self.default}]" if self.default is not None else ""
        return "\\providecommand{%s}%s%s{%s}" % (self.name, args, default, self.body)


def _entry(macro) -> tuple:
    """(name, (nargs, body, default)) of a :class:`Macro` or a (name, nargs, body) triple."""
    if isinstance(macro, Macro):
        return macro.name, (macro.nargs, macro.body, macro.default, macro.star, macro)
    name, nargs, body = macro
    return name, (nargs, body, None, None, None)


def _optional(text: str, pos: int) -> tuple[str | None, int]:
    """A ``[...]`` argument at ``pos`` (after spaces; braces nest, ``]`` inside braces does not end it)."""
    k = pos
    while k < len(text) and text[k].isspace():
        k += 1
    if k >= len(text) or text[k] != "[":
        return None, pos
    depth, j = 0, k + 1
    while j < len(text):
        if text[j] == "\\":
            j += 2
            continue
        if text[j] == "]" and depth == 0:
            return text[k + 1:j], j + 1
        depth += {"{": 1, "}": -1}.get(text[j], 0)
        j += 1
    raise SymdpError("macros", text[k:k + 40], "a closed [...] argument")


def _arguments(text: str, pos: int, nargs: int, default: str | None) -> tuple[list, int]:
    """The arguments of a call whose name ends at ``pos``, and the offset after them."""
    args = []
    if default is not None and nargs:
        given, pos = _optional(text, pos)
        args.append(default if given is None else given)
    while len(args) < nargs:
        arg, pos = _argument(text, pos)
        args.append(arg)
    return args, pos


def _substitute(body: str, args: list[str]) -> str:
    return re.sub(r"#([1-9])", lambda m: args[int(m.group(1)) - 1] if int(m.group(1)) <= len(args) else m.group(0),
                  body)


def call(text: str, pos: int, macro: Macro) -> tuple[str, int]:
    """One call of ``macro`` whose name ends at ``pos`` in ``text``: (its body with the arguments put in, the
    offset after the arguments).  SymdpError when an argument is missing or unbalanced."""
    body = macro.body
    if macro.star is not None and text.startswith("*", pos):
        body, pos = macro.star, pos + 1
    args, pos = _arguments(text, pos, macro.nargs, macro.default)
    return _substitute(body, args), pos


def expand(text: str, macros) -> str:
    """``text`` with every call of ``macros`` expanded.

    ``macros``: :class:`Macro` records or (name, nargs, body) triples; of two with one name the later wins.
    """
    table = dict(_entry(m) for m in macros)
    if not table:
        return text
    names = sorted(table, key=len, reverse=True)
    pattern = re.compile("(" + "|".join(re.escape(n) for n in names) + r")(?![A-Za-z])")
    for _ in range(MAX_EXPANSIONS):
        m = pattern.search(text)
        if m is None:
            return text
        nargs, body, default, star, macro = table[m.group(1)]
        if macro is not None and macro.before:
            fail(text, m.start(), m.end(), f"{macro.name}: the paper defines it as {{{macro.body}}} "
                 f"({macro.file}:{macro.line}) and otherwise before ({macro.before}), with displays between or one of "
                 "them in a brace group: which definition is in force depends on where the display stands; give the "
                 "macro one body (or declare it in the notation, macros=)")
        pos = m.end()
        if star is not None and text.startswith("*", pos):
            body, pos = star, pos + 1
        args, pos = _arguments(text, pos, nargs, default)
        text = text[:m.start()] + _substitute(body, args) + text[pos:]
        if len(text) > MAX_LENGTH:
            break
    raise SymdpError("macros", m.group(1), f"a macro that expands in fewer than {MAX_EXPANSIONS} steps "
                     f"and {MAX_LENGTH} characters (is it recursive?)")
