"""How results look: one-line ``repr``, MathJax/LaTeX and HTML for Jupyter.

The engine's records carry data only; :func:`install` registers these renderers on
:class:`~symdp.engine.model.records.Step` and :class:`~symdp.engine.model.records.DerivationResult`
(``__repr__``, ``_repr_latex_``, ``_repr_html_``).  ``symdp.api`` installs them on import, so
``symdp.run`` returns results that display in a notebook.
"""
from __future__ import annotations


def _step_latex(step) -> str:
    from .latex import step_latex
    return "$$\\begin{array}{lll}" + step_latex(step) + "\\end{array}$$"


def _step_html(step) -> str:
    from ..engine.model.records import DerivationResult, Source
    from .html import result_html
    return result_html(DerivationResult(step.claim_id or step.kind, step.text, Source("", ""), (step,)))


def install() -> None:
    """Register the renderers on the record classes (idempotent)."""
    from ..engine.model.records import DerivationResult, Step
    from .html import result_html
    from .latex import result_latex
    from .text import result_repr, step_repr
    Step.__repr__, Step._repr_latex_, Step._repr_html_ = step_repr, _step_latex, _step_html
    DerivationResult.__repr__, DerivationResult._repr_latex_ = result_repr, result_latex
    DerivationResult._repr_html_ = result_html
