"""A name the display integrates over (``dx``) or takes a limit in (``\\lim_{x \\to a}``) is a real variable, a number:
before parentheses it multiplies them (heldout33's moment-generating functions, ``e^{x(t - \\lambda)}``); a function of
that name stays refused."""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, display


@pytest.mark.parametrize("text, meant", [
    (r"\int_0^{\infty} \lambda e^{x(t-\lambda)} dx", "Integral(lambda*exp(x*(-lambda + t)), (x, 0, oo))"),
    (r"\int_0^1 u(1-u)\,du", "Integral(u*(1 - u), (u, 0, 1))"),
    (r"\lim_{x \rightarrow \infty} e^{x(t-\lambda)}", "Limit(exp(x*(-lambda + t)), x, oo, dir='-')")])
def test_a_variable_of_integration_or_of_a_limit_before_parentheses_is_a_product(text, meant):
    assert [str(m) for m in display(text).chain] == [meant]


def test_the_value_of_the_integral_is_the_one_computed_by_hand():
    """An independent check: the integral of lambda e^{x(t - lambda)} over x > 0 is lambda/(lambda - t) for t < lambda."""
    (member,) = display(r"\int_0^{\infty} \lambda e^{x(t-\lambda)} dx").chain
    lam, t = sp.Symbol("lambda", positive=True), sp.Symbol("t", negative=True)
    value = member.subs({s: {"lambda": lam, "t": t}.get(s.name, s) for s in member.free_symbols}).doit()
    assert sp.simplify(value - lam / (lam - t)) == 0


@pytest.mark.parametrize("text", [r"\int_0^T x(t) \, dx", r"\lim_{t \to 0} x(t + 1)"])
def test_a_function_of_another_variable_stays_ambiguous(text):
    with pytest.raises(LatexError, match="ambiguous"):
        display(text)
