"""Readings and refusals added after heldout18 (lmfit's documentation and model docstrings: fit statistics and
line shapes written for Sphinx), each with its near miss: an upright word as a script; a bare i; a function named
among its own arguments or given a string option; upright max and min as names; a function's argument in (sized)
brackets; a name the signature makes a number before a sized bracket."""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, NotAFormula, display

x, y = sp.symbols("x y")


def value(latex: str):
    return display(latex).chain[0]


def names(e) -> set:
    return {s.name for s in e.free_symbols}


def test_an_upright_word_as_a_script_is_a_label_never_an_index():
    assert names(value(r"a = N \ln(\chi^2/N) + 2 N_{\rm varys}")) == {"N", "chi", "N_varys"}
    assert value(r"a = N + N_\mathrm{varys}") == value(r"a = N + N_{\mathrm{varys}}")
    assert names(value(r"a = x_\mathrm{max}")) == {"x_max"}
    assert isinstance(value(r"a = \sum_{i=1}^n N_i").args[0], sp.Indexed)  # a sum's index: still a member


def test_an_upright_optimisation_with_a_script_is_no_name():
    for latex in (r"a = \mathrm{max}_i x_i", r"a = \mathrm{sup}_{x} f", r"a = \text{argmax}_x f"):
        with pytest.raises(NotAFormula, match="an optimisation"):
            display(latex)


def test_i_and_j_are_refused_where_the_imaginary_unit_stands():
    for latex in (r"z = \frac{x - \mu + i\gamma}{\sigma\sqrt{2}}", r"y = e^{i \theta}", r"\lambda = a_k + i b_k",
                  r"w_k = \exp(2\pi i k/N)", r"w(z) = e^{-z^2}\operatorname{erfc}(-iz)",
                  r"z = a + i b, \quad i^2 = -1",                        # an equation gives i no range
                  r"H(j\omega) = \frac{1}{1 + j\omega RC}"):
        with pytest.raises(LatexError, match="imaginary unit"):
            display(latex)
    with pytest.raises(LatexError, match="upright i"):
        display(r"z = x + \mathrm{i} y")
    # near misses: an integer i or j
    assert names(value(r"\sigma_i = i c")) == {"i", "c"}
    assert value(r"a = \sum_{i=1}^n (a + i b)").has(sp.Sum)              # bound by the sum
    assert names(value(r"a = c + i b \quad i \ge 1")) == {"i", "b", "c"}  # a condition ranges it
    assert names(value(r"a = c + i b, \quad i = 1, \ldots, n")) == {"i", "b", "c"}
    assert names(value(r"\varepsilon(i) = i\varepsilon_0 + \sqrt{2i\log(1/\delta)}\varepsilon_0")) >= {"i"}
    assert value(r"a = \binom{2i}{i}").func == sp.binomial
    assert "i" in names(display(r"x_{i+1} = x_i + i").chain[1])            # a term alone: no unit's shape
    assert names(value(r"G(\epsilon j) = \int_a^b f(x, \epsilon j) \, dx")) >= {"j"}
    unit = display(r"z = x + i y", notation=_unit_notation()).chain[0]
    assert unit == x + sp.I * y


def _unit_notation():
    from symdp.latex import NOTATION
    return NOTATION.extend(symbols={"i": sp.I})


def test_a_function_named_among_its_own_arguments_is_refused():
    with pytest.raises(LatexError, match="one of its own arguments"):
        display(r"f(x; A, \phi, f) = A \sin (f x + \phi)")
    assert display(r"f(x; A, \phi) = A \sin (x + \phi)").head is not None  # near miss: a frequency of its own name
    with pytest.raises(LatexError, match="a string in the signature"):
        display(r"f(x; A, \mu, {\mathrm{form={}'logistic{}'}}) = A \left[1 - \frac{1}{1 + e^{x}} \right]")


def test_upright_max_and_min_with_no_operand_are_names():
    got = value(r"P_{\rm bounded} = {\rm min} + \big(\sin(P_{\rm internal}) + 1\big) \frac{({\rm max} - {\rm min})}{2}")
    assert names(got) == {"min", "max", "P_internal"}
    assert value(r"a = \text{max}(1, 2)") == 2                           # near miss: with its arguments, the maximum
    with pytest.raises(NotAFormula, match="an optimisation"):
        display(r"a = \mathrm{max} x")                                   # an operand follows: an optimisation
    with pytest.raises(LatexError):
        display(r"a = \max - 1")


def test_a_function_s_argument_in_brackets():
    assert value(r"a = \exp\bigl[x\bigr] \operatorname{erfc}(y)") == sp.exp(x) * sp.erfc(y)
    assert value(r"a = \exp[x] y") == y * sp.exp(x)                      # was exp(x*y)
    assert value(r"a = \exp\left[-\frac{x^2}{2}\right]") == sp.exp(-x**2 / 2)
    assert value(r"a = \operatorname{erf}\bigl[x\bigr] y") == y * sp.erf(x)
    assert value(r"w = e^{-x^2}{\operatorname{erfc}}(-x)") == sp.exp(-x**2) * sp.erfc(-x)
    with pytest.raises(LatexError):
        display(r"a = \exp[x]^2 y")                                      # the power of exp, or of its argument?
    with pytest.raises(LatexError, match="functional"):
        display(r"a = \operatorname{erf}[x]")                            # unsized: a functional's brackets?
    with pytest.raises(LatexError, match="functional"):
        display(r"a = \mathrm{KL}\left[P \| Q\right]")


def test_a_parameter_of_the_defined_function_before_a_sized_bracket_is_a_factor():
    got = value(r"f(x; A, \mu, \sigma, \beta) = A \big[(\frac{x-\mu}{\sigma})^2+1\big]^{-\beta}")
    at = {s: v for s in got.free_symbols for n, v in (("A", 3), ("x", 2), ("mu", 1), ("sigma", 2), ("beta", 3))
          if s.name == n}
    assert got.subs(at) == 3 * sp.Rational(5, 4)**-3
    for latex in (r"a = A \big[x+1\big]", r"f(A) = A[x+1]", r"f(x; A) = H\big[X\big]"):
        with pytest.raises(LatexError, match="functional"):
            display(latex)                                               # not a parameter, or an unsized bracket


def test_after_the_second_review_the_unit_s_other_shapes_and_an_indexed_side():
    for latex in (r"z = 3 + 4i", r"z = 1 + i\sqrt{3}", r"Z = R + \frac{1}{j\omega C}",
                  r"H = \frac{1}{1+(j\omega\tau)^2}", r"a = n^{-it}",
                  r"z = x + iy, \quad |x + iy| < 1",                     # a unit-shaped condition ranges nothing
                  r"z = a + j b, \quad j \in \mathbb{C}"):
        with pytest.raises(LatexError, match="imaginary unit"):
            display(latex)
    # near misses: index arithmetic and an indexed defined side keep the integer
    assert "j" in names(value(r"\epsilon_j = \epsilon + j\delta"))
    assert "j" in names(value(r"p_j = C e^{-\epsilon j}"))
    assert "i" in names(display(r"x_{i+1} = x_i + i").chain[1])
    assert "i" in names(value(r"a = (1-p)^{n-i}"))
    assert "j" in names(value(r"a = \frac{j - 1}{m}"))


def test_after_the_second_review_superscripts_that_label():
    for latex in (r"\varepsilon = \varepsilon^{\rm e} + \varepsilon^{\rm p}", r"a = W^{[l]}a^{[l-1]} + b^{[l]}",
                  r"a = X^{\{t\}}", r"a = {x}^{(i)}", r"a = \sigma^{\textbf{DP}}"):
        with pytest.raises(LatexError, match="superscript"):
            display(latex)
    for latex in (r"{2\sigma}^2 \le 1", r"a = \frac{1}{2}{\sigma t}^2", r"a = {-x}^2"):
        with pytest.raises(LatexError, match="braces do not print"):
            display(latex)
    assert value(r"a = 2^{(n)}").func == sp.Pow                           # a number's power
    assert value(r"a = 10^{\mathrm{x}}").func == sp.Pow                    # a number's power
    assert "c" in names(value(r"a = \frac{a}{b}{c}^2"))                     # \frac's two arguments, then {c}


def test_after_the_second_review_set_braces_and_a_parameter_named_like_a_function():
    got = value(r"p(k) = \exp\{-\lambda\}\frac{\lambda^k}{k!}")
    assert got.has(sp.exp) and not got.func == sp.exp                       # exp(-lambda) times the fraction
    lorentz = value(r"L(x; x_0, \Gamma) = \frac1\pi\frac{\Gamma/2}{(x-x_0)^2+(\Gamma/2)^2}")
    assert "Gamma" in names(lorentz) and not lorentz.has(sp.gamma)          # the width, not the gamma function


def test_after_heldout19_a_d_run_outside_an_integral_and_a_member_s_factorial():
    for latex in (r"dx\sum_{i=1}^n h_i", r"a = p(x) dx"):
        with pytest.raises(LatexError, match="outside an integral"):
            display(latex)
    assert "d" in names(value(r"a = 2^d dx"))                              # a d of its own: d times x
    assert value(r"a = \int_0^1 x \, dx").doit() == sp.Rational(1, 2)
    got = value(r"H_B = \frac{\ln N! - \sum_{i=1}^S{\ln n_i!}}{N}")
    assert got.has(sp.factorial) and got.has(sp.Sum)
    with pytest.raises(LatexError, match="factorial after a superscript"):
        display(r"a = x^k!")
