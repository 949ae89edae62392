"""Independent numeric oracles for cross-checks: brute-force optimisation.

These know nothing about closed forms: they search, using values of ``f``
only (no derivatives, no stationarity conditions).  Call them inside
``mp.workdps``; they work at the current precision.
"""
import mpmath as mp

from ...errors import SymdpError


def maximize(f, lo, hi, grid: int = 400, tol=None):
    """(argmax, max) of ``f`` on [lo, hi]: a uniform grid, then Brent's method in the best cell.

    The grid finds the basin of the largest value; Brent's method (parabolic
    interpolation through the three best points, safeguarded by golden-section
    steps) then narrows the bracket around it to ``tol`` (default
    10^(-dps/2 - 2), enough for the maximum value to be accurate to the working
    precision).  Parabolic steps converge superlinearly on a smooth maximum,
    so at 480 digits this takes tens of evaluations where golden section takes
    over a thousand; at a kink the golden-section steps keep the bracket
    shrinking as before.  When the largest grid value is at an end of the range
    and one probe just inside is lower, that end is returned without Brent
    (:func:`_end_is_max`).  The grid is scouted at lower precision
    (:func:`_best_on_grid`).  Iterations are capped (``SymdpError`` past the cap).
    """
    lo, hi = mp.mpf(lo), mp.mpf(hi)
    tol = mp.mpf(tol) if tol else mp.mpf(10) ** (-(mp.mp.dps // 2 + 2))
    step = (hi - lo) / grid
    xs = [lo + k * step for k in range(grid + 1)]
    k, top = _best_on_grid(f, xs)
    if k in (0, grid) and _end_is_max(f, xs[k], top, -step if k else step, tol):
        return xs[k], top
    a, b = xs[max(k - 1, 0)], xs[min(k + 1, grid)]
    best_x, best = _brent_max(f, a, b, tol)
    if top > best:
        return xs[k], top
    return best_x, best


SCOUT_BELOW = 40
"""Digits below the working precision at which the grid is scouted (at least :data:`SCOUT_FLOOR`)."""
SCOUT_FLOOR = 15
SCOUT_SLACK = 8
"""Grid values within 10^-SCOUT_SLACK (relative to the largest |value|) of the scouted top are re-evaluated."""


def _best_on_grid(f, xs):
    """(first index of the largest value of ``f`` on ``xs``, that value), at the working precision.

    The grid is scouted SCOUT_BELOW digits lower (five times cheaper at 60
    digits), then every point within a generous slack of the scouted top is
    re-evaluated at the working precision.  The index is the one a
    full-precision grid gives whenever the scouted values are accurate to
    10^-(SCOUT_SLACK + 1) relative: true of any ``f`` that can agree with a
    closed form to 50 digits at 60 (it loses at most 10 digits to cancellation,
    so 20-digit values keep 10).  A scouting error (an exception, a non-finite
    value) falls back to the full-precision grid.
    """
    rough = _scout(f, xs)
    if rough is None:
        rough = [f(x) for x in xs]
        return _first_max(rough, range(len(xs)))
    top = max(rough)
    slack = max(abs(v) for v in rough) * mp.mpf(10) ** (-SCOUT_SLACK)
    near = [k for k, v in enumerate(rough) if v >= top - slack]
    full = {k: f(xs[k]) for k in near}
    return _first_max(full, near)


def _first_max(values, indices):
    k = max(indices, key=lambda i: values[i])
    return k, values[k]


def _scout(f, xs):
    """``f`` on ``xs`` at SCOUT_BELOW digits below the working precision, or None (not worth it, or failed)."""
    low = max(SCOUT_FLOOR, mp.mp.dps - SCOUT_BELOW)
    if low > mp.mp.dps - SCOUT_BELOW // 2:
        return None
    try:
        with mp.workdps(low):
            rough = [mp.mpf(f(x)) for x in xs]
    except (ArithmeticError, ValueError, ZeroDivisionError, TypeError):
        return None
    return rough if all(mp.isfinite(v) for v in rough) else None


def _end_is_max(f, end, value, inward, tol) -> bool:
    """Whether the largest grid value, at an end of the range, is the maximum of its cell.

    Brent's method assumes ``f`` unimodal on the cell; then ``f(end - delta) <
    f(end)`` puts the cell's mode within ``delta`` of the end, where nothing
    larger than ``f(end)`` can be resolved at the tolerance (``delta = tol/4``,
    Brent's own resolution).  One evaluation instead of the ~log(step/tol)/0.21
    golden-section steps Brent spends creeping towards an end it never passes
    (about 1,150 at 480 digits).  When the probe is not lower, Brent runs as before.
    """
    delta = min(tol / 4, abs(inward) / 2)
    return f(end + (delta if inward > 0 else -delta)) < value


def _brent_max(f, a, b, tol):
    """Brent's minimisation (Numerical Recipes' ``brent``) applied to -f on [a, b], to an x-bracket of ``tol``.

    One addition: once parabolic steps have settled (a step shorter than the
    tolerance), the two points x -/+ tol/2 are evaluated; when both are no
    better than x, the bracket is [x - tol/2, x + tol/2] and the search ends
    (plain Brent would shrink the far side of the bracket by golden steps).
    """
    golden = (3 - mp.sqrt(5)) / 2
    tiny = mp.mpf(2) ** (-mp.mp.prec)
    x = w = v = a + golden * (b - a)
    fx = fw = fv = -f(x)
    d = e = mp.mpf(0)
    settled = False
    cap = 20 * mp.mp.prec + 200
    for _ in range(cap):
        xm = (a + b) / 2
        tol1 = tol / 4 + tiny * abs(x)
        tol2 = 2 * tol1
        if abs(x - xm) <= tol2 - (b - a) / 2:
            return x, -fx
        if settled:
            settled = False
            probes = [u for u in (x - tol / 2, x + tol / 2) if a < u < b]
            better = False
            for u in probes:
                fu = -f(u)
                if fu < fx:
                    better = True
                    v, w, x, fv, fw, fx = w, x, u, fw, fx, fu
                elif u < x:
                    a = u
                else:
                    b = u
            if not better:
                return x, -fx
            continue
        parabolic = False
        if abs(e) > tol1:
            r = (x - w) * (fx - fv)
            q = (x - v) * (fx - fw)
            p = (x - v) * q - (x - w) * r
            q = 2 * (q - r)
            if q > 0:
                p = -p
            q = abs(q)
            etemp = e
            e = d
            if abs(p) < abs(q * etemp / 2) and q * (a - x) < p < q * (b - x):
                d = p / q
                u = x + d
                if u - a < tol2 or b - u < tol2:
                    d = tol1 if xm >= x else -tol1
                parabolic = True
        if not parabolic:
            e = (a - x) if x >= xm else (b - x)
            d = golden * e
        settled = parabolic and abs(d) < tol1
        u = x + d if abs(d) >= tol1 else x + (tol1 if d > 0 else -tol1)
        fu = -f(u)
        if fu <= fx:
            if u >= x:
                a = x
            else:
                b = x
            v, w, x = w, x, u
            fv, fw, fx = fw, fx, fu
        else:
            if u < x:
                a = u
            else:
                b = u
            if fu <= fw or w == x:
                v, w = w, u
                fv, fw = fw, fu
            elif fu <= fv or v == x or v == w:
                v, fv = u, fu
    raise SymdpError("tol", tol, f"a tolerance Brent's method reaches within {cap} iterations")
