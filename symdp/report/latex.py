"""The Jinja2 environment for LaTeX: safe delimiters, strict undefined, filters.

Delimiters (docs/architecture.md, "Layers"): ``\\BLOCK{...}``, ``\\VAR{...}``, ``\\#{...}``,
so that braces and percent signs of LaTeX pass through untouched.
"""
from __future__ import annotations

import jinja2

from .notation import math
from .prose import tex

__all__ = ["environment", "math", "tex"]


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
