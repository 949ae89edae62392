"""The Jinja2 environment for LaTeX: safe delimiters, strict undefined, filters.

Delimiters follow DESIGN.md: ``\\BLOCK{...}``, ``\\VAR{...}``, ``\\#{...}``,
so that braces and percent signs of LaTeX pass through untouched.
"""
from __future__ import annotations

import re

import jinja2
import sympy as sp

from ..symbols import LATEX_NAMES

_ESCAPES = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
            "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
            "^": r"\textasciicircum{}", "<": r"\textless{}", ">": r"\textgreater{}",
            "|": r"\textbar{}"}
_PATTERN = re.compile("|".join(re.escape(k) for k in _ESCAPES))


def tex(text) -> str:
    """Escape text for LaTeX, keeping ``$...$`` math segments as they are.

    Derivation texts may hold inline math between dollar signs; everything
    else (ids, details, witnesses) is escaped character by character.
    """
    parts = str(text).split("$")
    if len(parts) % 2 == 0:  # unbalanced dollars: treat all as text
        parts = [str(text)]
    escape = lambda t: _PATTERN.sub(lambda m: _ESCAPES[m.group()], t)
    return "".join(escape(p) if i % 2 == 0 else f"${p}$" for i, p in enumerate(parts))


def math(expr) -> str:
    """A SymPy expression in LaTeX with the project's symbol names."""
    return sp.latex(expr, symbol_names=LATEX_NAMES)


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("symdp.report", "templates"),
        block_start_string=r"\BLOCK{", block_end_string="}",
        variable_start_string=r"\VAR{", variable_end_string="}",
        comment_start_string=r"\#{", comment_end_string="}",
        line_statement_prefix=None, line_comment_prefix=None,
        trim_blocks=True, lstrip_blocks=True, autoescape=False,
        undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
    )
    env.filters["tex"] = tex
    env.filters["math"] = math
    return env
