"""Taylor models (validated/taylor.py) and rule P (validated/touching.py): tight claims at a touching point or
line, and removable singularities at an open end, each with a near-miss false twin that is never proved."""
import pytest
import sympy as sp
from flint import arb

from symdp.engine.validated import prove
from symdp.engine.validated.search import decode
from symdp.engine.validated.taylor import Expander

a = sp.Symbol("alpha", positive=True)
e = sp.Symbol("eps", positive=True)
p = sp.Symbol("p", positive=True)
q = sp.Symbol("q", positive=True)
t = sp.Symbol("t", real=True)
x = sp.Symbol("x", real=True)
R, I = sp.Rational, sp.Interval


def kl(p_, q_):
    return p_ * sp.log(p_ / q_) + (1 - p_) * sp.log((1 - p_) / (1 - q_))


def renyi(o, p_, q_):
    """D_alpha(Ber(p) || Ber(q)), with the 1/(alpha - 1) whose 0/0 limit at alpha = 1 is KL."""
    return sp.log(p_**o * q_**(1 - o) + (1 - p_)**o * (1 - q_)**(1 - o)) / (o - 1)


SQ = I(R(1, 10), R(3, 10))
BAND = {a: I.open(1, 4), p: I(R(1, 10), R(2, 5))}
K = kl(R(1, 3), R(1, 2))

TRUE = {
    "renyi>=kl, alpha -> 1+": (renyi(a, R(1, 3), R(1, 2)) - K, "nonnegative", {a: I.open(1, 4)}),
    "renyi<=kl, alpha -> 1-": (K - renyi(a, R(1, 3), R(1, 2)), "nonnegative", {a: I.open(R(1, 2), 1)}),
    "renyi>=kl in (alpha, p)": (renyi(a, p, R(1, 2)) - kl(p, R(1, 2)), "nonnegative", BAND),
    "1/sinh^2 < 4/eps^2": (4 / e**2 - 1 / sp.sinh(e / 2)**2, "positive", {e: I.open(0, 10)}),
    "pinsker on the diagonal": (kl(p, q) - 2 * (p - q)**2, "nonnegative", {p: SQ, q: SQ}),
    "cosh t <= e^(t^2/2)": (sp.exp(t**2 / 2) - sp.cosh(t), "nonnegative", {t: I(-3, 3)}),
    "cosh(tx) <= e^(t^2 x^2/2) on t = 0": (sp.exp(t**2 * x**2 / 2) - sp.cosh(t * x), "nonnegative",
                                            {t: I(-2, 2), x: I(R(1, 2), 1)}),
    "cos x <= 1 - x^2/2 + x^4/24": (1 - x**2 / 2 + x**4 / 24 - sp.cos(x), "nonnegative", {x: I(-2, 2)}),
}
"""Claims no rule closed before rule P (on their own, without the fraction and shifted forms)."""

FALSE = {
    # D_alpha -> KL as alpha -> 1, so the claim tends to -1/1000
    "renyi>=kl+1/1000": (renyi(a, R(1, 3), R(1, 2)) - K - R(1, 1000), "nonnegative", {a: I.open(1, 4)}),
    "renyi>=kl+1/1000 in (alpha, p)": (renyi(a, p, R(1, 2)) - kl(p, R(1, 2)) - R(1, 1000), "nonnegative", BAND),
    # 4/eps^2 - 1/sinh^2(eps/2) -> 1/3 < 1001/3000 as eps -> 0
    "sinh, limit 1/3": (4 / e**2 - 1 / sp.sinh(e / 2)**2 - R(1001, 3000), "nonnegative", {e: I.open(0, 10)}),
    # KL ~ (p - q)^2 / (2 q (1 - q)) and 1/(2 0.3 0.7) = 2.38 < 2.4 at p = q = 3/10
    "pinsker 2.4": (kl(p, q) - R(24, 10) * (p - q)**2, "nonnegative", {p: SQ, q: SQ}),
    "cosh, 0.999": (sp.exp(R(999, 1000) * t**2 / 2) - sp.cosh(t), "nonnegative", {t: I(-3, 3)}),
    "cosh(tx), 0.999": (sp.exp(R(999, 2000) * t**2 * x**2) - sp.cosh(t * x), "nonnegative",
                        {t: I(-2, 2), x: I(R(1, 2), 1)}),
    # the x^4 coefficient 1/25 - 1/24 < 0
    "cos, x^4/25": (1 - x**2 / 2 + x**4 / 25 - sp.cos(x), "nonnegative", {x: I(-2, 2)}),
}


@pytest.mark.parametrize("name", list(TRUE))
def test_tight_claim_closes_with_a_taylor_model_and_replays(name):
    expr, which, domain = TRUE[name]
    found = prove(expr, which, domain, split=False, forms=False)
    assert found.proved, found.note
    _, rules = decode(found.certificate)
    assert any(r.startswith("P") for r in rules)
    assert "Taylor model" in found.detail
    again = prove(expr, which, domain, found.certificate, split=False, forms=False)
    assert again.proved and again.certificate == found.certificate


@pytest.mark.parametrize("name", list(FALSE))
def test_near_miss_twin_is_never_proved(name):
    expr, which, domain = FALSE[name]
    assert not prove(expr, which, domain, split=False, forms=False).proved


def test_poles_cancel_in_the_model():
    """4/h^2 - 1/sinh(h/2)^2 = 1/3 - h^2/60 + ...: the h^-2 terms cancel exactly, the limit 1/3 is enclosed."""
    h = sp.Symbol("h", real=True)
    ex = Expander(4 / h**2 - 1 / sp.sinh(h / 2)**2, h, (), 8, 128, lambda node, k: False)
    m = ex.model({}, arb.union(arb(0), arb(1) / 8))
    assert m.lo == 0
    assert m.coeffs[0].overlaps(arb(1) / 3) and m.coeffs[0] > 0.33
    assert m.at(1).contains(0) and m.at(1).rad() < 1e-30


def test_a_wrong_sign_leading_form_does_not_close():
    """The x^4 coefficient of 1 - x^2/2 + x^4/25 - cos x is negative: no box around 0 closes by rule P."""
    from fractions import Fraction
    from symdp.engine.validated import problem
    from symdp.engine.validated.touching import candidates, close
    pr, _ = problem(*FALSE["cos, x^4/25"])
    box = ((Fraction(1, 2) - Fraction(1, 64), Fraction(1, 2) + Fraction(1, 64)),)
    names = list(candidates(pr, box))
    assert names and not any(close(pr, n, box) for n in names)
