"""Tutorial: the hypothesis-testing bound of the Laplace mechanism (Wasserman and Zhou 2010; Kairouz,
Oh and Viswanath 2015), encoded from scratch.  docs/tutorial.md walks through it; tests/test_api.py runs it.

The result: a mechanism is epsilon-DP exactly when every test of H0 "the input is D" against H1 "the
input is D'" has false-positive rate a and false-negative rate b with a + e^eps b >= 1 (and the mirror
bound).  For the Laplace mechanism (sensitivity 1, scale 1/eps) and the threshold test "reject H0 when
the output exceeds t", 0 < t <= 1, we derive a and b by integrating the density, prove the bound, and
find that it is attained as t -> 0.
"""
import mpmath as mp
import sympy as sp

from symdp import Status, derivation
from symdp.symbols import eps, x

t = sp.Symbol("t", positive=True)             # the test's threshold
UNIT = {t: sp.Interval(0, 1)}                 # the thresholds between the two means (t > 0 by assumption)


@derivation(id="tutorial.laplace-testing", title="Laplace mechanism: the epsilon-DP testing bound",
            paper="Wasserman and Zhou (2010), Kairouz et al. (2015)", where="Thm. 2.4 / Thm. 2.1")
def laplace_testing(d):
    # 1. State the model: the output's density under D (mean 0), and on x >= 0 and x <= 1.
    d.define("p_0(x)", eps / 2 * sp.exp(-eps * sp.Abs(x)), "Laplace density, mean 0, scale 1/eps")
    right = d.define("p_0^+(x)", eps / 2 * sp.exp(-eps * x), "the density for x >= 0")
    left_1 = d.define("p_1^-(x)", eps / 2 * sp.exp(-eps * (1 - x)), "the density under D' (mean 1) for x <= 1")

    # 2. Derive the error rates of the threshold test by integration.
    a = d.integrate("a(t)", right, (x, t, sp.oo), text="false-positive rate: P_0(X > t)")
    b = d.integrate("b(t)", left_1, (x, -sp.oo, t), text="false-negative rate: P_1(X <= t)")

    # 3. Check the closed forms against numerical quadrature of the density (60 digits).
    #    The oracle integrates in the scaled variable s = eps (y - t) and keeps the tiny factor e^{-eps t}
    #    outside the quadrature: the sample reaches eps = 700, where mpmath's quad (whose tolerance is
    #    absolute) returns a value of about 1e-300 with a wrong 8th digit, and the engine would report the
    #    mismatch, certified, as REFUTED.  An oracle has to be accurate wherever the sample goes.
    def tail(epsilon, t):
        return mp.exp(-epsilon * t) / 2 * mp.quad(lambda s: mp.exp(-s), [0, mp.inf])

    d.cross_check("a-quadrature", a, tail, domain=UNIT)

    # 4. The bound, as an identity and a sign: a + e^eps b = cosh(eps t) >= 1.
    total = d.rewrite("a + e^{\\epsilon} b", a + sp.exp(eps) * b, "simplify")
    d.identity("sum-is-cosh", total, sp.cosh(eps * t), domain=UNIT, hint="exp/log expansion",
               text="$a + e^\\epsilon b = \\cosh(\\epsilon t)$")
    d.sign("dp-bound", a + sp.exp(eps) * b - 1, "nonnegative", domain=UNIT,
           text="the epsilon-DP testing bound holds for every threshold")
    d.monotone("a-decreasing", a, t, increasing=False, domain=UNIT, text="a larger threshold rejects less")

    # 5. Tightness: the bound is attained as the threshold goes to 0.
    at_0 = d.limit("\\lim_{t \\to 0^+}", total, t, 0, "+", text="the threshold goes to 0")
    d.identity("attained-at-0", at_0, sp.Integer(1), text="the bound is attained as $t \\to 0$")

    # 6. Compare with the formula as printed.  A (hypothetical) draft printed b(t) = e^{-eps t}/2, the
    #    false-positive rate again: the comparison finds the erratum and its witness, and declaring it
    #    with expect=Status.ERRATUM keeps the run green while it stays in the draft.
    d.printed("draft-b", sp.exp(-eps * t) / 2, b, domain=UNIT, where="draft, Eq. 3", expect=Status.ERRATUM)
    d.printed("draft-a", sp.exp(-eps * t) / 2, a, domain=UNIT, where="draft, Eq. 2")
    d.identity("density-integrates-to-1", 2 * sp.integrate(right, (x, 0, sp.oo)), sp.Integer(1),
               text="the density integrates to 1 (it is symmetric about 0)")
