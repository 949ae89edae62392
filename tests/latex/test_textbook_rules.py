"""Readings and refusals added after heldout17 (the mathematics appendix of *Dive into Deep Learning*: densities,
moments and integrals written for MathJax), each with its near miss: a thin space ``\\;`` before an integral's
differential; nested integrals; prose set in ``\\textrm``; a cases branch that, as read, is never taken; a subscript
that labels a quantity of a random variable (``\\sigma_{aX+b}``); and, after a review, a subscript in an integral's
variable (``\\int v(x_t) dt``) and a thin space around a relation (``y \\;=\\; x``)."""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, display

x, y, r, theta = sp.symbols("x y r theta")


def value(latex: str):
    return display(latex).chain


def test_a_thin_space_before_the_differential_is_the_integral_s():
    assert value(r"\int_0^{1} ye^{-y^2}\; dy = \frac{1-e^{-1}}{2}.")[1] == sp.Rational(1, 2) - sp.exp(-1) / 2
    assert value(r"\int_0^1 x^2 \;\mathrm{d}x = \frac13")[0].doit() == sp.Rational(1, 3)
    got = display(r"y = x \; d > 1")                                      # no integral: a side condition, as before
    assert str(got.conditions[0]) == "d > 1"
    got = display(r"y = \int_0^1 t \, dt \; x > 0")                       # a condition after the differential
    assert str(got.conditions[0]) == "x > 0"


def test_nested_integrals_take_their_differentials_inside_out():
    inner_first = value(r"\int_0^1 \int_0^x y \,dy\,dx")[0]
    assert inner_first.limits[0][0].name == "y" and inner_first.doit() == sp.Rational(1, 6)
    polar = value(r"\int_0^\infty \int_0^{2\pi} r e^{-r^2} \,d\theta\,dr = \pi")[0]
    assert sp.simplify(polar.doit() - sp.pi) == 0
    with pytest.raises(LatexError, match="without its d"):
        display(r"\int_0^1 \int_0^1 x \,dx")                               # one differential for two integrals


def test_prose_in_textrm_is_never_a_name():
    with pytest.raises(LatexError, match="is prose"):
        display(r"F(x) = \begin{cases} 0 & x < 1, \\ \frac{k}{n} & k \le x < k+1 \textrm{ with } 1 \le k < n "
                r"\end{cases}")
    assert str(value(r"y = \textrm{rate} + 1")[0]) == "rate + 1"          # a tight word stays a name
    assert str(display(r"y = x \textrm{ for } x > 0").conditions[0]) == "x > 0"


def test_a_branch_never_true_as_read_is_refused_not_dropped():
    with pytest.raises(LatexError, match="can never be taken"):
        display(r"Z = \begin{cases} \log(b) - \log(a) & \text{if } \alpha = -1, \\ b - a & \text{otherwise} "
                r"\end{cases}")                                           # the notation's alpha is positive
    assert len(value(r"Z = \begin{cases} 1 & \text{if } t = -1, \\ 2 & \text{otherwise} \end{cases}")[0].args) == 2
    with pytest.raises(LatexError, match="can never be taken"):   # the 'otherwise' hidden by an always-true branch
        display(r"y = \begin{cases} \frac{e^\epsilon-1}{\epsilon} & \epsilon \ne 0 \\ 1 & \text{otherwise} \end{cases}")
    assert len(value(r"y = \begin{cases} 0 & x < 0 \\ 2 & x \ge 0 \end{cases}")[0].args) == 2
    with pytest.raises(LatexError, match="can never be taken"):   # x = 5 is covered by x > 0
        display(r"y = \begin{cases} a & x \le 0 \\ b & x > 0 \\ c & x = 5 \end{cases}")
    assert len(value(r"y = \begin{cases} a & x<0 \\ a & x < 1 \\ b & \text{otherwise} \end{cases}")[0].args) == 2


def test_a_subscript_in_a_random_variable_labels_a_quantity():
    for row in (r"\sigma_{Y} = \sigma_{aX+b} = |a|\sigma_{X},", r"\sigma_{X_1 + X_2}^2 = \sigma_{X_1}^2 + \sigma_{X_2}^2",
                r"y = \sigma_{X/n}"):
        with pytest.raises(LatexError, match="random variable"):
            display(row)
    assert str(value(r"y = b_{Y-j}")[0]) == "b[Y - j]"
    assert str(value(r"y = \sum_{i=1}^n x_{N-i}")[0]) == "Sum(x[N - i], (i, 1, n))"   # an index in a count
    assert str(value(r"y = x_{i+1}")[0]) == "x[i + 1]"
    assert str(value(r"S_t = S_{t-1} + x_t - x_{t-W}")[0]) == "x_t + S[t - 1] - x[-W + t]"   # W a window's width
    assert str(value(r"y = \sum_{v=1}^{V} x_{V-v}")[0]) == "Sum(x[V - v], (v, 1, V))"


def test_a_subscript_in_the_integration_variable_is_refused():
    with pytest.raises(LatexError, match="x_t inside an integral over t"):
        display(r"x_1 = x_0 + \int_0^1 v(x_t)\,dt")
    for row in (r"y = \int_0^T g_t(x) \, dt", r"y = \int_0^1 f_\theta(x) \, d\theta", r"y = \int_0^T x_{2t} \, dt"):
        with pytest.raises(LatexError, match="inside an integral over"):
            display(row)
    assert str(value(r"y = \int_0^1 x(t) \, dt")[0]) == "Integral(x(t), (t, 0, 1))"
    assert str(value(r"y = \int_0^T x_{t-1} \, dt")[0]) == "Integral(x[t - 1], (t, 0, T))"   # a member in t


def test_a_thin_space_around_a_relation_is_spacing():
    assert display(r"a \; \le \; b").ops == ("<=",) and str(value(r"y \;=\; x^2")[0]) == "x**2"
    assert str(value(r"y \;:=\; x^2")[0]) == "x**2" and str(value(r"y \;\coloneqq\; x^2")[0]) == "x**2"
    assert str(display(r"y = x^2 \; x > 0").conditions[0]) == "x > 0"      # a wide space before a condition still


def test_a_medium_space_is_a_space():
    assert str(value(r"y = a \> b")[0]) == "a*b"


def test_a_quantifier_without_a_range_is_no_condition():
    assert display(r"x^2 + 1 \ge 2x \quad \forall x").conditions == ()         # never the condition "x"
    assert display(r"e^y \ge 1 + y \quad \text{for all } y").conditions == ()
    assert str(display(r"y \le 1 \quad \forall x > 0").conditions[0]) == "x > 0"
    got = display(r"x y \le 1, \quad x, y \in [0, 1]").conditions            # a list of names shares its range
    assert [str(c) for c in got] == ["(0 <= x) & (x <= 1)", "(0 <= y) & (y <= 1)"]
    assert [str(c) for c in display(r"x + y > 0, \quad x, y > 0").conditions] == ["x > 0", "y > 0"]
    got = display(r"|x - y| \le B, \quad x, y \in [0, B]").conditions          # the subject only, B stays
    assert [str(c) for c in got] == ["(0 <= x) & (x <= B)", "(0 <= y) & (y <= B)"]
    assert [str(c) for c in display(r"\sqrt{x^2} = x \quad \forall x, \; y > 0").conditions] == ["y > 0"]  # not a list
    got = display(r"S = \sum_{i=1}^n x_i, \quad \forall i, \; x_i \in [0, 1]").conditions
    assert [str(c) for c in got] == ["(0 <= x_i) & (x_i <= 1)"]                # i is no subject of x_i's range


def test_a_second_differential_after_one_integral_is_refused_never_a_product():
    """``\\int_0^1 t \\, dt \\; d\\theta`` was read as d theta times the integral: a second differential with one
    ``\\int`` (a double integral short of an ``\\int``).  Refused; two ``\\int`` read as the double integral, and
    a product sign keeps the product (the near misses)."""
    for row in (r"y = \int_0^1 t \, dt \; d\theta", r"y = \int_0^1 t\,dt \, d x"):
        with pytest.raises(LatexError, match="closes no"):
            display(row)
    got = display(r"y = \int_0^1 \int_0^1 t \theta \, dt \; d\theta").chain[0]
    assert str(got) == "Integral(t*theta, (t, 0, 1), (theta, 0, 1))"
    assert display(r"y = \int_0^1 t\,dt \cdot d x").chain[0].has(sp.Symbol("d"))


def test_max_and_min_as_a_subscript_alone_are_labels():
    """``x_{\\max}``, ``\\sigma_\\min`` were refused as optimisations; alone in a subscript they label a name, as
    ``x_{\\text{max}}`` does.  ``\\max_i x_i`` (an optimisation) and ``\\max(a, b)`` (a function) read as before."""
    assert str(display(r"y = x_{\max} + \sigma_\min^2").chain[0]) == "sigma_min**2 + x_max"
    with pytest.raises(LatexError, match="optimisation"):
        display(r"y = \max_{i} x_i")
    assert str(display(r"y = \max(a, b)").chain[0]) == "Max(a, b)"


def test_a_d_that_is_an_exponent_or_a_limit_is_no_differential():
    """``\\int_0^1 x^d \\, dx`` and ``\\int_0^d x \\, dx`` were refused: the exponent (the upper limit) d was taken
    for the differential's d.  A d after ``^`` or ``_`` is a script; the differential is the one after it."""
    assert str(display(r"y = \int_0^1 x^d\,dx").chain[0]) == "Integral(x**d, (x, 0, 1))"
    assert str(display(r"y = \int_0^d x\,dx").chain[0]) == "Integral(x, (x, 0, d))"
    assert str(display(r"y = \int_d^1 t\,dt").chain[0]) == "Integral(t, (t, d, 1))"
