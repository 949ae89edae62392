"""Macro definitions as a paper writes them, read into :class:`.macros.Macro` records.

``\\newcommand``/``\\renewcommand``/``\\providecommand`` (starred or not,
``{\\name}`` or ``\\name``, ``[n]`` arguments, ``[default]`` for an optional
first argument), ``\\DeclareMathOperator`` (body as ``\\operatorname{...}``),
``\\def``/``\\gdef``/``\\edef``/``\\xdef`` with ``#1#2..`` parameters,
``\\let\\a\\b`` / ``\\let\\a=\\b``, ``\\NewDocumentCommand`` with ``m``
arguments (and an ``O{default}`` first one) and ``\\DeclarePairedDelimiter``.
Each reader starts after the command's name in masked text (comments gone)
and returns a :class:`Definition`: the macro, or why it is not taken (a
``\\def`` with delimited parameters cannot be expanded as text), and where
the definition ends, so the scanner never reads its body as typeset text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .macros import Macro

NEWCOMMAND = frozenset("newcommand renewcommand providecommand DeclareRobustCommand".split())
DEF = frozenset("def gdef edef xdef".split())
DOCUMENT_COMMAND = frozenset("NewDocumentCommand RenewDocumentCommand ProvideDocumentCommand "
                             "DeclareDocumentCommand".split())
ENVIRONMENT = frozenset("newenvironment renewenvironment".split())
KEYWORDS = NEWCOMMAND | DEF | DOCUMENT_COMMAND | ENVIRONMENT | {"DeclareMathOperator", "let", "DeclarePairedDelimiter"}
"""Every command :func:`define` reads."""

_NAME = re.compile(r"\s*(?:\{\s*(\\(?:[A-Za-z@]+|.))\s*\}|(\\(?:[A-Za-z@]+|.)))", re.S)
_SPACE = re.compile(r"\s*")
_BRACES = re.compile(r"\\.|[{}\]]", re.S)


@dataclass(frozen=True)
class Definition:
    """What one definition gave: the macro (None when not taken), why not, and the offset after it."""

    macro: Macro | None
    end: int
    skipped: str = ""
    """Why the macro is not taken (e.g. delimited parameters), "" when taken or when not a macro."""


def group(text: str, pos: int) -> tuple[str, int] | None:
    """The balanced ``{...}`` group after spaces at ``pos``: (content, offset after it), or None."""
    k = _SPACE.match(text, pos).end()
    if not text.startswith("{", k):
        return None
    end = _balanced(text, k, "")
    return None if end is None else (text[k + 1:end], end + 1)


def option(text: str, pos: int) -> tuple[str, int] | None:
    """The ``[...]`` after spaces at ``pos`` (``]`` inside braces does not close it): (content, end), or None."""
    k = _SPACE.match(text, pos).end()
    if not text.startswith("[", k):
        return None
    end = _balanced(text, k + 1, "]")
    return None if end is None else (text[k + 1:end], end + 1)


def _balanced(text: str, pos: int, stop: str) -> int | None:
    """Offset of the ``}`` closing the group opened at ``pos`` (``stop`` "") or of the first ``stop`` outside
    braces from ``pos`` on; None when there is none."""
    depth = 0
    for m in _BRACES.finditer(text, pos):
        c = m.group(0)
        if c == stop and depth == 0:
            return m.start()
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0 and not stop:
                return m.start()
            if depth < 0:
                return None
    return None


def _star(text: str, pos: int) -> int:
    k = _SPACE.match(text, pos).end()
    return k + 1 if text.startswith("*", k) else pos


def _name(text: str, pos: int):
    m = _NAME.match(text, pos)
    return (None, pos) if m is None else (m.group(1) or m.group(2), m.end())


def _newcommand(text: str, pos: int) -> Definition:
    name, pos = _name(text, _star(text, pos))
    nargs, default = 0, None
    count = option(text, pos)
    if count is not None and count[0].strip().isdigit():
        nargs, pos = int(count[0]), count[1]
        given = option(text, pos)
        if given is not None:
            default, pos = given
    body = group(text, pos)
    if name is None or body is None:
        return Definition(None, pos, "no {\\name} and {body} after it")
    return Definition(Macro(name, nargs, body[0], default), body[1])


def _operator(text: str, pos: int) -> Definition:
    name, pos = _name(text, _star(text, pos))
    body = group(text, pos)
    if name is None or body is None:
        return Definition(None, pos, "no {\\name} and {body} after it")
    return Definition(Macro(name, 0, operator_body(body[0])), body[1])


_NOOP = re.compile(r"\\mathop\s*\{\s*\}|\\(?:nolimits|limits|rm|upshape|rmfamily|normalfont)(?![A-Za-z])\s*")
_FONT = re.compile(r"\\(?:mathbb|mathrm|mathsf|mathbf|mathit|mathcal|mathscr|mathfrak|textrm|text)\s*\{[^{}]*\}")


def operator_body(name: str) -> str:
    """What ``\\DeclareMathOperator{\\E}{name}`` typesets, as the formula reader can take it: ``\\operatorname{name}``,
    with what changes nothing dropped (an empty ``\\mathop{}``, ``\\limits``, an upright switch ``\\rm`` in a
    name already upright) and braces around the whole name removed (``{Var}``, ``{\\rm Id}``); a name that is one
    font command (``\\mathbb{E}``) is that command, which prints the same letter (``\\mathop{}\\mathbb{E}`` is
    ``\\mathbb{E}``)."""
    name = _NOOP.sub("", name).strip()
    while name.startswith("{") and name.endswith("}") and group(name, 0) == (name[1:-1], len(name)):
        name = name[1:-1].strip()
    return name if _FONT.fullmatch(name) else "\\operatorname{%s}" % name


def _def(text: str, pos: int) -> Definition:
    name, pos = _name(text, pos)
    brace = text.find("{", pos, pos + 200)
    if name is None or brace < 0:
        return Definition(None, pos, "no \\name and {body} after it")
    params = re.sub(r"\s", "", text[pos:brace])
    body = group(text, brace)
    end = body[1] if body else brace + 1
    numbers = [int(d) for d in params[1::2]] if re.fullmatch(r"(?:#\d)*", params) else None
    if body is None or numbers != list(range(1, len(numbers or ()) + 1)):
        return Definition(None, end, f"parameters {params[:40]!r} (delimited arguments are not expanded)")
    return Definition(Macro(name, len(numbers), body[0]), end)


def _let(text: str, pos: int, known: dict) -> Definition:
    m = re.compile(r"\s*(\\(?:[A-Za-z@]+|.))\s*=?\s?(\\(?:[A-Za-z@]+|.)|[^\s\\])", re.S).match(text, pos)
    if m is None:
        return Definition(None, pos, "no \\name and its new meaning after it")
    old = known.get(m.group(2))
    if old is not None:  # \let copies the meaning the other macro has now
        return Definition(Macro(m.group(1), old.nargs, old.body, old.default, old.star), m.end())
    return Definition(Macro(m.group(1), 0, m.group(2)), m.end())


def _document_command(text: str, pos: int) -> Definition:
    name, pos = _name(text, pos)
    spec, body = group(text, pos), None
    if spec is not None:
        body = group(text, spec[1])
    if name is None or body is None:
        return Definition(None, pos, "no {\\name}{spec}{body} after it")
    m = re.fullmatch(r"\s*(?:O\{([^{}]*)\})?((?:\s*m)*)\s*", spec[0])
    if m is None:
        return Definition(None, body[1], f"argument spec {spec[0]!r} (only m and a first O{{...}} are expanded)")
    nargs = m.group(2).count("m") + (m.group(1) is not None)
    return Definition(Macro(name, nargs, body[0], m.group(1)), body[1])


def _paired(text: str, pos: int) -> Definition:
    name, pos = _name(text, pos)
    left = group(text, pos)
    right = group(text, left[1]) if left else None
    if name is None or right is None:
        return Definition(None, pos, "no {\\name}{left}{right} after it")
    l, r = left[0].strip(), right[0].strip()
    return Definition(Macro(name, 2, f"{l} #2 {r}", "", star=f"\\left{l} #2 \\right{r}"), right[1])


def _environment(text: str, pos: int) -> Definition:
    """``\\newenvironment{name}[n][default]{begin}{end}``: skipped whole (its code is not typeset here)."""
    pos = _star(text, pos)
    for read in (group, option, option, group, group):
        got = read(text, pos)
        if got is not None:
            pos = got[1]
    return Definition(None, pos)


def define(command: str, text: str, pos: int, known: dict) -> Definition:
    """Read the definition made by ``\\command`` whose name ends at ``pos``; ``known``: {name: Macro} so far."""
    if command in NEWCOMMAND:
        return _newcommand(text, pos)
    if command == "DeclareMathOperator":
        return _operator(text, pos)
    if command in DEF:
        return _def(text, pos)
    if command == "let":
        return _let(text, pos, known)
    if command in DOCUMENT_COMMAND:
        return _document_command(text, pos)
    if command == "DeclarePairedDelimiter":
        return _paired(text, pos)
    return _environment(text, pos)
