"""An operator name's bare argument (``\\log n``, ``\\sin x``): where it ends, and that it is no factor of the product
around it.  ``n \\log n`` and the binary entropy ``-p \\log p - (1 - p) \\log(1 - p)`` are read (the name twice in
one product is the function's argument, not a quadratic form); ``\\sin x \\cos x`` is sin(x) cos(x), the argument
ending before the next operator name; ``\\log 2n`` stays log(2n)."""
from __future__ import annotations

import pytest
from symdp.latex import LatexError, display

def value(latex: str):
    return display(latex).chain[0]


@pytest.mark.parametrize("latex, meant", [
    (r"y = n \log n", "n*log(n)"),
    (r"y = n \cdot \log n", "n*log(n)"),
    (r"y = -p \log p - (1-p)\log(1-p)", "-p*log(p) - (1 - p)*log(1 - p)"),
    (r"y = \sqrt{T \log T}", "sqrt(T*log(T))"),
    (r"y = x \cdot \sin x", "x*sin(x)"),
    (r"y = k \ln k", "k*log(k)"),
    (r"y = \varepsilon \exp \varepsilon", "epsilon*exp(epsilon)"),
    (r"y = n \log^2 n", "n*log(n)**2"),
])
def test_a_name_in_its_own_function_s_argument_is_no_second_factor(latex, meant):
    assert str(value(latex)) == meant


@pytest.mark.parametrize("latex", [r"y = W_n \Sigma_n^{-1} W_n", r"y = n \log n \cdot n", r"y = a \log(a b) a",
                                   r"y = (W \Sigma^{-1}) W"])
def test_the_name_twice_as_factors_stays_refused(latex):
    with pytest.raises(LatexError, match="twice in one product"):
        display(latex)


@pytest.mark.parametrize("latex, meant", [
    (r"y = \sin x \cos x", "sin(x)*cos(x)"),
    (r"y = \log n \log m", "log(m)*log(n)"),
    (r"y = \log T \log \log T", "log(T)*log(log(T))"),
    (r"y = T \log T \log \log T", "T*log(T)*log(log(T))"),
    (r"y = 2 \log n \sin m", "2*log(n)*sin(m)"),
    (r"y = \sin^2 x \cos^2 x", "sin(x)**2*cos(x)**2"),
    (r"y = \log \log T", "log(log(T))"),
    (r"y = \log 2 n", "log(2*n)"),
    (r"y = \exp x \log y", "exp(x)*log(y)"),
])
def test_a_bare_argument_ends_before_the_next_operator_name(latex, meant):
    assert str(value(latex)) == meant
