"""F*_beta fast path against an independent brute-force oracle (written here).

The oracle maximises F-beta over the threshold with mpmath: a dense scan,
on a coarse grid and a grid on the scale of epsilon, then ternary search in
the best grid cell; for the flat branch the supremum is approached at
u -> -oo.  It never uses Eq. 12.
"""
import mpmath as mp
import numpy as np
import pytest

from symdp.adversary import fast, inverse
from symdp.errors import SymdpError


def f_beta(u, e, b2, k=1):
    tail = lambda z: mp.exp(-z) / 2 if z >= 0 else -mp.expm1(z) / 2 + mp.mpf(1) / 2
    r, g = tail(u - e), tail(u)
    return (1 + b2) * r / (r + k * g + b2)


def ternary_max(fn, lo, hi, steps=220):
    """Maximum of a unimodal function on [lo, hi] by ternary search."""
    for _ in range(steps):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        lo, hi = (m1, hi) if fn(m1) < fn(m2) else (lo, m2)
    return fn((lo + hi) / 2)


def oracle(e, beta, kappa=1):
    with mp.workdps(50):
        e, b2, kap = mp.mpf(e), mp.mpf(beta) ** 2, mp.mpf(kappa)
        fn = lambda u: f_beta(u, e, b2, kap)
        coarse = [-mp.mpf(40) + k * (e + 80) / 600 for k in range(601)]
        fine = [-e + k * 3 * e / 600 for k in range(601)]  # resolves the optimum when eps is tiny
        grid = sorted(coarse + fine)
        i = max(range(len(grid)), key=lambda j: fn(grid[j]))
        local = ternary_max(fn, grid[max(i - 1, 0)], grid[min(i + 1, len(grid) - 1)])
        return max(fn(-mp.mpf(400)), local, fn(grid[i]))


EPS = [1e-8, 1e-3, 0.3, 1.0, 4.0, 30.0, 700.0]
BETAS = [1e-3, 0.5, 1.0, 2.0, 30.0, 1e3]


@pytest.mark.parametrize("beta", BETAS)
def test_fbeta_star_matches_brute_force(beta):
    got = fast.fbeta_star(np.array(EPS), beta)
    for k, e in enumerate(EPS):
        assert got[k] == pytest.approx(float(oracle(e, beta)), rel=1e-12), (e, beta)


@pytest.mark.parametrize("kappa", [1e-12, 1e-3, 0.458, 0.9])
def test_fbeta_star_with_auxiliary_information(kappa):
    for e in [1e-3, 0.5, 3.0, 40.0]:
        for beta in [0.5, 1.0, 4.0]:
            got = fast.fbeta_star(e, beta, kappa)
            assert got == pytest.approx(float(oracle(e, beta, kappa)), rel=1e-12), (e, beta, kappa)


def test_mpmath_path_agrees_with_numpy():
    for e in EPS:
        for b in BETAS:
            assert float(inverse.fbeta_star(e, b)) == pytest.approx(float(fast.fbeta_star(e, b)), rel=1e-14)


def test_broadcasts_and_validates():
    assert fast.fbeta_star(np.ones((3, 1)), np.ones(4)).shape == (3, 4)
    with pytest.raises(SymdpError, match="beta"):
        fast.fbeta_star(1.0, 0.0)
    with pytest.raises(SymdpError, match="epsilon"):
        fast.fbeta_star(np.nan, 1.0)
