import sympy as sp

from symdp.report.latex import math, tex
from symdp.symbols import QDp, dQ, eps


def test_text_is_escaped_and_math_kept():
    assert tex("50% of a_b & {c}") == r"50\% of a\_b \& \{c\}"
    assert tex(r"at $\theta \ge Q(D')$ only_here") == r"at $\theta \ge Q(D')$ only\_here"
    assert tex("a $ b") == r"a \$ b"  # unbalanced dollar: plain text


def test_math_uses_project_names():
    assert math(eps / dQ + QDp) == r"Q(D') + \frac{\epsilon}{\Delta Q}"
