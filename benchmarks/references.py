"""mpmath references for the benchmarks (independent of symdp's code): value and conditioning as mpf."""
from __future__ import annotations

import mpmath as mp

def ref_gaussian_profile(e, m):
    with mp.workdps(100):
        e, m = mp.mpf(float(e)), mp.mpf(float(m))
        a, b = m / 2 - e / m, -m / 2 - e / m
        d = mp.ncdf(a) - mp.exp(e) * mp.ncdf(b)
        cond = (abs(e) * mp.exp(e) * mp.ncdf(b) + m * mp.npdf(a)) / d if d > 0 else mp.inf
    return d, cond


def ref_gaussian_tradeoff(a, m):
    with mp.workdps(60):
        a, m = mp.mpf(float(a)), mp.mpf(float(m))
        if a > mp.mpf("1e-20"):
            x = -mp.sqrt(2) * mp.erfinv(2 * a - 1)
        else:
            x = -mp.findroot(lambda t: mp.log(mp.ncdf(t)) - mp.log(a), -mp.sqrt(-2 * mp.log(a)))
        g = mp.ncdf(x - m)
        pg = mp.npdf(x - m)
        cond = (a * pg / mp.npdf(x) + m * pg) / g
    return g, cond


def ref_laplace_profile(e2, e):
    """delta(eps') = integral of (p - e^eps' q)^+, p = Lap(0,1), q = Lap(eps,1), by quadrature."""
    with mp.workdps(50):
        e2, e = mp.mpf(float(e2)), mp.mpf(float(e))
        k = mp.exp(e2)
        f = lambda x: max(mp.mpf(0), mp.exp(-abs(x)) / 2 - k * mp.exp(-abs(x - e)) / 2)
        cut = min(max((e - e2) / 2, mp.mpf(0)), e)
        d = mp.quad(f, [-mp.inf, *sorted({mp.mpf(0), cut, e}), mp.inf])
        # conditioning from the derivatives of the exact profile (only used to scale the error)
        if e2 <= -e:
            cond = abs(e2) * k / d
        elif e2 < e:
            cond = (abs(e2) + e) * mp.exp((e2 - e) / 2) / 2 / d
        else:
            cond = mp.inf
    return d, cond


def ref_laplace_tradeoff(a, e):
    with mp.workdps(50):
        a, e = mp.mpf(float(a)), mp.mpf(float(e))
        if a < mp.exp(-e) / 2:
            v = 1 - mp.exp(e) * a
            cond = (1 + e) * mp.exp(e) * a / v
        elif a <= mp.mpf(1) / 2:
            v, cond = mp.exp(-e) / (4 * a), 1 + e
        else:
            v, cond = mp.exp(-e) * (1 - a), a / (1 - a) + e
    return v, cond


def _bisect(fn, lo, hi, steps=300):
    """Root of an increasing function by plain bisection (a reference: slow, certain)."""
    while fn(lo) > 0:
        lo -= 2 * (hi - lo)
    while fn(hi) < 0:
        hi += 2 * (hi - lo)
    for _ in range(steps):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if fn(mid) < 0 else (lo, mid)
    return (lo + hi) / 2


def _ncdf_profile(m, e):
    return mp.ncdf(m / 2 - e / m) - mp.exp(e) * mp.ncdf(-m / 2 - e / m)


def ref_analytic_mu(e, dl):
    """mu with delta_mu(eps) = dl; conditioning (eps e^eps Phi(b) + delta)/(mu phi(a)) (d delta/d mu = phi(a),
    d delta/d eps = -e^eps Phi(b))."""
    with mp.workdps(80):
        e, lt = mp.mpf(float(e)), mp.log(mp.mpf(float(dl)))
        m = mp.exp(_bisect(lambda s: mp.log(_ncdf_profile(mp.exp(s), e)) - lt, mp.mpf(-1), mp.mpf(1)))
        a, b = m / 2 - e / m, -m / 2 - e / m
        return m, (e * mp.exp(e) * mp.ncdf(b) + mp.mpf(float(dl))) / (m * mp.npdf(a))


def ref_analytic_epsilon(m, dl):
    """eps with delta_mu(eps) = dl; conditioning (mu phi(a) + delta)/(eps e^eps Phi(b))."""
    with mp.workdps(80):
        m, lt = mp.mpf(float(m)), mp.log(mp.mpf(float(dl)))
        e = mp.exp(_bisect(lambda s: lt - mp.log(_ncdf_profile(m, mp.exp(s))), mp.mpf(-1), mp.mpf(1)))
        a, b = m / 2 - e / m, -m / 2 - e / m
        return e, (m * mp.npdf(a) + mp.mpf(float(dl))) / (e * mp.exp(e) * mp.ncdf(b))


