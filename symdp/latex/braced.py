"""Braces around one parenthesised group after a name: the group's own parentheses, so the name stands before them.

SymPy prints a call as ``f{\\left(x \\right)}`` and its docstrings write ``\\zeta{(s)}``; read as ``f(x)`` and
``\\zeta(s)`` are (a call, or refused as one), never as f times x.  A command's braced argument (``\\sqrt{(x)}``)
and a group raised to a power keep their braces.
"""
from __future__ import annotations

import re

from .lexer import TEXT_COMMANDS, balanced
from .names import DECORATIONS

_BRACED_LEFT = re.compile(r"\{\s*(?:\\left\s*)?\(")
_CALLER = re.compile(r"(?:[A-Za-z0-9]|\\(?:operatorname|mathrm)\s*\{[^{}]*\}|[\^_]\s*\{[^{}]*\}|[\^_]\s*[A-Za-z0-9])\s*$")
"""What may stand before braced parentheses that are a call's (or a product's) parentheses: a letter (a name or a
command's last letter), a digit, an upright name, a script; never another command's argument (``\\frac{a}{...}``)."""


_ARGUMENT_COMMANDS = frozenset(DECORATIONS) | TEXT_COMMANDS | frozenset(
    "sqrt frac dfrac tfrac cfrac binom dbinom tbinom underbrace overbrace ensuremath".split())
"""Commands whose braced argument the braces are (``\\sqrt{\\left(x\\right)}``): those braces are kept."""


def braced_parentheses(text: str) -> str:
    """``{\\left(x \\right)}`` (SymPy's own printing of a call: ``\\operatorname{sech}{\\left(x \\right)}``) as
    ``\\left(x \\right)``: braces around exactly one parenthesised group only group it, so a name before them is
    before parentheses (``f{\\left(x\\right)}`` was f times x where ``f(x)`` is refused), and so do braces around one
    plain pair (``\\zeta{(s)}``, SymPy's docstrings); not a script's group."""
    out, k = [], 0
    for m in _BRACED_LEFT.finditer(text):
        before = text[:m.start()]
        command = re.search(r"\\([A-Za-z]+)\s*$", before)
        if m.start() < k or not _CALLER.search(before) or (command and command.group(1) in _ARGUMENT_COMMANDS):
            continue
        inner, end = balanced(text, m.start())
        body = (inner or "").strip()
        if text[end:].lstrip().startswith(("^", "_")):   # {\\left(x\\right)}^2: the braces group it for the power
            continue
        if body.endswith(")") and (re.sub(r"\s+", "", body[:-1]).endswith("\\right") and _one_pair(body)
                                   or body.startswith("(") and _one_plain_pair(body)):
            out.append(text[k:m.start()] + " " + body + " ")
            k = end
    return "".join(out) + text[k:]


def _one_plain_pair(body: str) -> bool:
    """``( ... )`` whose opening parenthesis closes only at the end (``\\zeta{(s)}``; not ``{(a)(b)}``)."""
    depth = 0
    for i, ch in enumerate(body):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and i < len(body) - 1:
            return False
    return depth == 0


def _one_pair(body: str) -> bool:
    """``\\left( ... \\right)`` whose opening pair closes only at the end (not ``\\left(a\\right) \\left(b\\right)``)."""
    depth = 0
    for m in re.finditer(r"\\left(?![A-Za-z])|\\right(?![A-Za-z])", body):
        depth += 1 if m.group(0) == "\\left" else -1
        if depth == 0 and m.end() < len(body) - 1:
            return False
    return depth == 0
