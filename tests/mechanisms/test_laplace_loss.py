"""Privacy-loss sums against direct numerical integration of the Laplace densities (written here)."""
import mpmath as mp
import pytest

from symdp.mechanisms import laplace_loss


def prob_by_quadrature(t, shifts, h):
    """P_h(sum_i (|x_i| - |x_i - s_i|) >= t), x_i ~ Lap(h s_i, 1), by 2-D quadrature of the densities."""
    s1, s2 = (mp.mpf(v) for v in shifts)
    pdf = lambda x, c: mp.exp(-abs(x - c)) / 2
    loss = lambda x, s: abs(x) - abs(x - s)

    def inner(x1):
        need = t - loss(x1, s1)      # loss(x2, s2) >= need; loss is nondecreasing in x2
        if need > s2:
            return mp.mpf(0)
        if need <= -s2:
            return mp.mpf(1)
        x2 = (need + s2) / 2          # loss(x2) = 2 x2 - s2 on [0, s2]
        return mp.quad(lambda x: pdf(x, h * s2), [x2, max(x2, h * s2), mp.inf])
    kinks = {(t + e * s2 + s1) / 2 for e in (-1, 1)}          # where t - loss(x1) crosses -s2 or s2
    pts = sorted({-mp.inf, mp.mpf(0), s1, h * s1, mp.inf} | {k for k in kinks if 0 < k < s1})
    return mp.quad(lambda x: pdf(x, h * s1) * inner(x), pts)


@pytest.mark.parametrize("shifts", [(1, 1), (0.5, 1.5), (2, 0.3)])
@pytest.mark.parametrize("t", [-1.7, 0.4, 1.9])
def test_sum_survival_matches_quadrature(shifts, t):
    with mp.workdps(20):
        for h in (0, 1):
            got = laplace_loss.sum_survival(mp.mpf(t), shifts, h, False)
            assert mp.almosteq(got, prob_by_quadrature(mp.mpf(t), shifts, h), 1e-15)


def test_one_coordinate_is_the_scalar_optimum():
    from symdp.adversary.inverse import fbeta_star
    for e in (0.3, 1.0, 3.0):
        assert mp.almosteq(laplace_loss.fbeta_star([e], 1), fbeta_star(e, 1), 1e-25)


def test_two_coordinates_weaker_than_scalar_sum():
    from symdp.adversary.inverse import fbeta_star
    assert laplace_loss.fbeta_star([1, 1], 1) < fbeta_star(2, 1)
    assert mp.almosteq(laplace_loss.fbeta_star([1, 0], 1), fbeta_star(1, 1), 1e-25)
