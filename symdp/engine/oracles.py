"""Independent numeric oracles for cross-checks: brute-force optimisation.

These know nothing about closed forms: they search.  Call them inside
``mp.workdps``; they work at the current precision.
"""
import mpmath as mp

def maximize(f, lo, hi, grid: int = 400, tol=None):
    """(argmax, max) of ``f`` on [lo, hi]: a uniform grid, then golden-section refinement.

    The grid finds the basin of the largest value; golden section then
    narrows the bracket around it to ``tol`` (default 10^(-dps/2), enough for
    the maximum value to be accurate to the working precision).
    """
    lo, hi = mp.mpf(lo), mp.mpf(hi)
    tol = tol or mp.mpf(10) ** (-(mp.mp.dps // 2 + 2))
    step = (hi - lo) / grid
    xs = [lo + k * step for k in range(grid + 1)]
    values = [f(x) for x in xs]
    k = max(range(len(xs)), key=lambda i: values[i])
    a, b = xs[max(k - 1, 0)], xs[min(k + 1, grid)]
    best_x, best = _golden(f, a, b, tol)
    if values[k] > best:
        return xs[k], values[k]
    return best_x, best


def _golden(f, a, b, tol):
    g = (mp.sqrt(5) - 1) / 2
    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = f(c), f(d)
    while b - a > tol:
        if fc >= fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = f(d)
    x = (a + b) / 2
    return x, f(x)
