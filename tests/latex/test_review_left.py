"""Two misreadings a review of the reader left open (2026-12-06): ``|\\Sigma|^{-1/2}`` (the determinant of a
covariance matrix) was read as an absolute value, and ``\\text{where } a = 2`` in a cases row became that branch's
condition ``Eq(a, 2)``.  Both are refused now; their near misses stay read."""
from __future__ import annotations

import pytest
from symdp.latex import LatexError, display


@pytest.mark.parametrize("latex", [
    r"p(x) = (2\pi)^{-k/2} |\Sigma|^{-1/2} e^{-x^2/2}",
    r"y = \left|\Sigma\right|",
    r"y = |\Sigma_1| + 1",
    r"y = \lvert \Sigma' \rvert",
])
def test_bars_around_capital_sigma_are_refused(latex):
    with pytest.raises(LatexError, match="determinant"):
        display(latex)


@pytest.mark.parametrize("latex, meant", [
    (r"y = |\sigma - x|", "Abs(sigma - x)"),
    (r"y = \Sigma^2 + 1", "Sigma**2 + 1"),
    (r"y = |x| + \Sigma", "Sigma + Abs(x)"),
])
def test_near_misses_stay_read(latex, meant):
    assert str(display(latex).chain[0]) == meant


@pytest.mark.parametrize("latex", [
    r"f(x) = \begin{cases} a x & \text{where } a = 2 \\ 0 & \text{otherwise} \end{cases}",
    r"f(x) = \begin{cases} a x & \text{where } x = 2 \\ 0 & \text{otherwise} \end{cases}",
    r"f(x) = \begin{cases} a x & \mbox{where $a = 2$} \\ 0 & \text{otherwise} \end{cases}",
])
def test_an_equation_after_where_in_a_cases_row_is_refused(latex):
    with pytest.raises(LatexError, match="after 'where' in a cases row"):
        display(latex)


@pytest.mark.parametrize("latex, meant", [
    (r"f(x) = \begin{cases} a x & \text{if } a = 2 \\ 0 & \text{otherwise} \end{cases}",
     "Piecewise((a*x, Eq(a, 2)), (0, True))"),
    (r"f(x) = \begin{cases} x^2 & \text{where } x > 0 \\ 0 & \text{otherwise} \end{cases}",
     "Piecewise((x**2, x > 0), (0, True))"),
])
def test_a_condition_after_if_or_an_inequality_after_where_stays_a_branch_condition(latex, meant):
    assert str(display(latex).chain[0]) == meant
