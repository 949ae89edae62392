"""Tests for symdp.special: Phi, PhiInv and their mpmath implementations.

Every numeric check uses an oracle independent of the code under test:
SciPy (Cephes) at double precision, mpmath quadrature or mpmath's own
erf/erfc/erfinv at high precision, or published tables.
"""
import mpmath as mp
import pytest
import sympy as sp

from symdp.errors import SymdpError
from symdp.special import MPMATH_NAMESPACE, Phi, PhiInv, erfcinv, ncdf, ncdf_inv

x = sp.Symbol("x", real=True)
p = sp.Symbol("p")


def agree(a, b, digits):
    """``a`` and ``b`` agree to ``digits`` significant digits."""
    return abs(a - b) <= abs(b) * mp.mpf(10) ** -digits


def quad_ncdf(t):
    """Phi(t) by quadrature: phi(t) * integral_0^oo exp(t s - s^2/2) ds for t <= 0 (Mills ratio)."""
    t = mp.mpf(t)
    if t > 0:
        return 1 - quad_ncdf(-t)
    phi = mp.exp(-t * t / 2) / mp.sqrt(2 * mp.pi)
    return phi * mp.quad(lambda s: mp.exp(t * s - s * s / 2), [0, mp.inf])


# ------------------------------------------------- double precision: SciPy

@pytest.fixture(scope="module")
def scipy_special():
    return pytest.importorskip("scipy.special")


def disagreements(ours, theirs, points, rel=1e-13):
    """Points where ours (rounded to a double) and SciPy differ by more than ``rel`` relative."""
    with mp.workdps(30):
        return [v for v in points if not abs(float(ours(v)) - theirs(v)) <= rel * abs(theirs(v))]


def test_ncdf_matches_scipy_ndtr(scipy_special):
    np = pytest.importorskip("numpy")
    # below -20 SciPy's own rounding of x/sqrt(2) costs more than 1e-13
    points = np.concatenate([np.linspace(-20, 8, 281), [-1e-8, 1e-12]])
    assert disagreements(ncdf, scipy_special.ndtr, points) == []


def test_ncdf_inv_matches_scipy_ndtri(scipy_special):
    np = pytest.importorskip("numpy")
    points = np.concatenate([10.0 ** -np.arange(1, 301), 1 - 10.0 ** -np.arange(1, 16),
                             np.linspace(0.001, 0.999, 999), [0.5 + 1e-9, 0.5 - 1e-12]])
    assert disagreements(ncdf_inv, scipy_special.ndtri, points) == []


def test_erfcinv_matches_scipy_erfcinv(scipy_special):
    np = pytest.importorskip("numpy")
    points = np.concatenate([10.0 ** -np.arange(1, 301), 2 - 10.0 ** -np.arange(1, 16),
                             np.linspace(0.001, 1.999, 999), [1 + 1e-9]])
    assert disagreements(erfcinv, scipy_special.erfcinv, points) == []


# ------------------------------------------- high precision: mpmath oracles

def test_erfcinv_round_trip_deep_lower_tail():
    with mp.workdps(100):
        for y in [mp.mpf(10) ** -k for k in range(1, 301)] + [mp.mpf("1e-1000")]:
            assert agree(mp.erfc(erfcinv(y)), y, 90), y


def test_erfcinv_round_trip_near_two():
    with mp.workdps(100):
        for k in range(1, 96):
            y = 2 - mp.mpf(10) ** -k
            gap = 2 - y                   # exact (Sterbenz); close to 10**-k
            assert agree(mp.erfc(-erfcinv(y)), gap, 90), k


def test_erfcinv_near_one_keeps_relative_accuracy():
    with mp.workdps(60):
        for k in (1, 5, 20, 50):
            y = 1 - mp.mpf(10) ** -k
            assert agree(mp.erf(erfcinv(y)), 1 - y, 55), k
        assert erfcinv(1) == 0


def test_erfcinv_no_findroot_failure_between_1e_67_and_1e_10():
    """Regression: engine.sampling.numeric.erfcinv raised "Could not find root" for 1e-67 < y < 1e-10."""
    for dps in (15, 50):
        with mp.workdps(dps):
            for k in range(10, 68):
                y = mp.mpf(10) ** -k
                assert agree(mp.erfc(erfcinv(y)), y, dps - 5), (dps, k)


def test_ncdf_matches_quadrature_in_both_tails():
    with mp.workdps(50):
        for t in (-40, -37.5, -10, -3, -0.5, 0, 0.7, 4, 12):
            assert agree(ncdf(t), quad_ncdf(t), 45), t


def test_ncdf_inv_central_matches_mpmath_erfinv():
    with mp.workdps(50):
        for q in [mp.mpf(k) / 20 for k in range(1, 20)]:
            assert agree(ncdf_inv(q), mp.sqrt(2) * mp.erfinv(2 * q - 1), 45), q


def test_ncdf_inv_deep_lower_tail():
    with mp.workdps(100):
        for q in (mp.mpf("1e-50"), mp.mpf("1e-300"), mp.mpf("1e-1000")):
            assert agree(mp.erfc(-ncdf_inv(q) / mp.sqrt(2)) / 2, q, 90), q


def test_ncdf_inv_close_to_one_uses_the_small_tail():
    with mp.workdps(100):
        for k in (1, 10, 30, 60, 90):
            q = 1 - mp.mpf(10) ** -k
            upper = mp.erfc(ncdf_inv(q) / mp.sqrt(2)) / 2        # 1 - Phi, without cancellation
            assert agree(upper, 1 - q, 90), k


# ------------------------------------------------------ published values

def test_ncdf_inv_975_percentile_point():
    # Wikipedia, "97.5th percentile point": 1.95996 39845 40054 23552 (20 decimals, 1970)
    with mp.workdps(30):
        assert agree(ncdf_inv(mp.mpf("0.975")), mp.mpf("1.95996398454005423552"), 20)


@pytest.mark.parametrize("coverage, z", [
    ("0.80", "1.281551565545"), ("0.90", "1.644853626951"), ("0.99", "2.575829303549"),
    ("0.999", "3.290526731492"), ("0.999999", "4.891638475699")])
def test_two_sided_quantiles_from_wikipedia_table(coverage, z):
    # Wikipedia, "Normal distribution", quantile table: P(|Z| <= z) = coverage, 12 decimals
    with mp.workdps(30):
        assert abs(ncdf_inv((1 + mp.mpf(coverage)) / 2) - mp.mpf(z)) < mp.mpf("6e-13")


@pytest.mark.parametrize("t, value", [
    (1, "0.841344746068543"), (2, "0.977249868051821"), (3, "0.998650101968370")])
def test_ncdf_abramowitz_stegun_table_26_1(t, value):
    # Abramowitz & Stegun, Table 26.1, P(x) to 15 decimals
    with mp.workdps(30):
        assert abs(ncdf(t) - mp.mpf(value)) < mp.mpf("6e-16")


# ---------------------------------------------------- precision and inputs

def test_results_follow_the_callers_precision_and_leave_it_alone():
    with mp.workdps(20):
        for fn, arg in ((ncdf, -3), (ncdf_inv, "0.01"), (erfcinv, "1e-30")):
            value = fn(arg)
            assert mp.mp.dps == 20
            assert value == +value                # already rounded to 20 digits
    assert mp.mp.dps == 15


@pytest.mark.parametrize("fn, bad", [
    (erfcinv, 0), (erfcinv, 2), (erfcinv, -1), (erfcinv, mp.inf), (erfcinv, mp.nan),
    (erfcinv, "abc"), (ncdf_inv, 0), (ncdf_inv, 1), (ncdf_inv, 1.5), (ncdf_inv, mp.nan)])
def test_out_of_range_raises_symdp_error(fn, bad):
    with pytest.raises(SymdpError, match=r"expected a finite real number in"):
        fn(bad)


# --------------------------------------------------------------- SymPy

def test_special_values_and_compositions():
    assert (Phi(0), Phi(sp.oo), Phi(-sp.oo)) == (sp.S.Half, 1, 0)
    assert (PhiInv(sp.S.Half), PhiInv(0), PhiInv(1)) == (0, -sp.oo, sp.oo)
    assert Phi(PhiInv(p)) == p
    assert PhiInv(Phi(x)) == x
    z = sp.Symbol("z")                            # not known to be real: left alone
    assert PhiInv(Phi(z)).func is PhiInv


def test_derivatives():
    assert sp.simplify(sp.diff(Phi(x), x) - sp.exp(-x**2 / 2) / sp.sqrt(2 * sp.pi)) == 0
    assert sp.simplify(sp.diff(PhiInv(p), p) - sp.sqrt(2 * sp.pi) * sp.exp(PhiInv(p)**2 / 2)) == 0
    with mp.workdps(30):                          # independent: numerical differentiation
        slope = mp.diff(ncdf_inv, mp.mpf("0.3"))
        assert agree(sp.diff(PhiInv(p), p).subs(p, sp.Rational(3, 10)).evalf(30), slope, 20)


@pytest.mark.parametrize("target, points", [
    (sp.erfc, (-30, -2, 0.5, 5)),
    (sp.erf, (-2, 0.5, 5))])                      # 1 + erf cancels in the lower tail
def test_phi_rewrites_agree_numerically(target, points):
    rewritten = Phi(x).rewrite(target)
    assert not rewritten.has(Phi)
    with mp.workdps(50):
        for t in points:
            assert agree(mp.mpf(rewritten.subs(x, t).evalf(50)), quad_ncdf(t), 40), t


def test_phi_rewrite_to_erfc_is_the_tail_safe_form():
    assert Phi(x).rewrite(sp.erfc) == sp.erfc(-sp.sqrt(2) * x / 2, evaluate=False) / 2


@pytest.mark.parametrize("target", [sp.erfc, sp.erf])
def test_phi_inv_rewrites_agree_numerically(target):
    rewritten = PhiInv(p).rewrite(target).rewrite(sp.erfinv)   # mpmath has erfinv, not erfcinv
    with mp.workdps(40):
        for q in map(sp.Rational, ("0.001", "0.3", "0.975")):
            assert agree(mp.mpf(rewritten.subs(p, q).evalf(40)), mp.mpf(PhiInv(q).evalf(40)), 35), q


def test_assumptions():
    assert Phi(x).is_positive and Phi(x).is_real
    assert Phi(sp.Symbol("z")).is_real is None
    assert sp.Lt(Phi(x), 1) is sp.true and sp.Ge(Phi(x), 0) is sp.true
    assert PhiInv(sp.Rational(1, 3)).is_real
    assert PhiInv(p).is_real is None


def test_evalf_and_float_arguments():
    assert abs(Phi(1).evalf(30) - sp.Float("0.841344746068542948585232545632", 30)) < 1e-29
    assert isinstance(Phi(sp.Float(1.5)), sp.Float)
    assert PhiInv(2).evalf().func is PhiInv      # outside (0, 1): stays unevaluated


def test_solve_uses_the_inverse():
    a = sp.Symbol("a")
    assert sp.solve(Phi(x) - a, x) == [PhiInv(a)]


def test_printing():
    assert sp.latex(Phi(x)) == r"\Phi\left(x\right)"
    assert sp.latex(PhiInv(p)) == r"\Phi^{-1}\left(p\right)"
    assert r"\Phi" in sp.latex(Phi(x)**2 + PhiInv(p))
    assert (str(Phi(x)), str(PhiInv(p))) == ("Phi(x)", "PhiInv(p)")


def test_lambdify_at_60_digits_against_mpmath_builtins():
    expr = Phi(x) + PhiInv(x / 3) + sp.erfcinv(x / 7)
    ours = sp.lambdify(x, expr, modules=[MPMATH_NAMESPACE, "mpmath"])
    plain = sp.lambdify(x, expr.rewrite(sp.erf).rewrite(sp.erfinv), modules="mpmath")
    with mp.workdps(60):
        for t in ("0.3", "1.7", "2.9"):
            assert agree(ours(mp.mpf(t)), plain(mp.mpf(t)), 55), t


def test_exported_from_package():
    import symdp
    assert symdp.Phi is Phi and symdp.PhiInv is PhiInv
    assert {"Phi", "PhiInv"} <= set(symdp.__all__)


def quad_mills(t):
    """The Mills ratio by quadrature of its integral form, int_0^oo exp(-t s - s^2/2) ds (A&S 26.2.12's R)."""
    return mp.quad(lambda s: mp.exp(-t * s - s * s / 2), [0, 1, 10, mp.inf])


@pytest.mark.parametrize("t", ["-6", "-1.5", "0", "0.75", "3", "40"])
def test_mills_ratio_against_quadrature(t):
    from symdp.special import Mills, mills
    with mp.workdps(40):
        want = quad_mills(mp.mpf(t))
        assert agree(mills(t), want, 30)
        assert agree(mp.mpf(sp.N(Mills(sp.Float(t, 50)), 40)), want, 30)
        slope = mp.diff(quad_mills, mp.mpf(t))      # d/dt R = t R - 1 (the fdiff SymPy differentiates with)
        got = sp.N(sp.diff(Mills(x), x).subs(x, sp.Float(t, 50)), 40)
        assert agree(mp.mpf(got), slope, 20)


def test_mills_ratio_is_phi_tail_over_density_and_positive():
    from symdp.special import Mills
    assert Mills(x).is_positive and Mills(sp.oo) == 0
    with mp.workdps(30):
        for t in ("-2", "0.5", "9"):
            tail = mp.ncdf(-mp.mpf(t)) / mp.npdf(mp.mpf(t))
            assert agree(mp.mpf(sp.N(Mills(x).rewrite(Phi).subs(x, sp.Float(t, 40)), 30)), tail, 25)
