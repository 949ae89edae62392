"""Independent truth check of the second fresh held-out folder (written blind to the prover on 2026-12-08).

Adapted from tests/heldout/fresh/check_truth.py. No symdp engine: the claim files are run against a stub recorder
that only collects their SymPy expressions and domains, and every expression is evaluated by a small tree walker in
mpmath at 60 digits (Phi = mpmath.ncdf, PhiInv by erfinv and, deep in the tails, Newton on log Phi; Sum by direct
summation or mpmath.nsum; Integral by mpmath.quad split at 0, 1 and the claim's own kinks and peaks, listed in
KINKS; an integrand whose far tail mpmath cannot evaluate is integrated over a finite range, CUTS, whose cut tails
are bounded analytically far below the tolerance). Domains may depend on earlier symbols (an interval end such as
exp(eps) * f): the symbols are taken in the domain's order and each interval is evaluated at the values already
chosen. For every true claim: the signed side (or |lhs - rhs| relative, or the derivative for a monotone claim) on a
dense grid of each domain (edges approached to 1e-12, magnitudes to 1e6) and after Nelder-Mead minimisation (scipy)
from the best grid point and seeded random starts; a value near or below 0 is judged again at 400 digits. For every
false claim: a concrete point (HINTS) where it fails, printed with its value.

Run: python tests/heldout/fresh2/check_truth.py  (exit 0 when every claim is classified as stated).
The claims must not be reshaped after the prover has been measured on them.
"""
import random
import sys
from pathlib import Path

import mpmath as mp
import sympy as sp

HERE = Path(__file__).parent
mp.mp.dps = 60
TOL = mp.mpf(10) ** -40          # rounding allowance of a tight claim evaluated at 60 digits
IDENT_TOL = mp.mpf(10) ** -25    # relative, for identities (quadrature and nsum included)


# -- collecting the claims without the engine ------------------------------------------------------------------

class Stub:
    """Records the claims a derivation states, nothing else."""

    def __init__(self):
        self.claims = []

    def sign(self, cid, expr, which, domain=None, **_):
        self.claims.append(("sign", cid, expr, which, domain or {}))

    def identity(self, cid, lhs, rhs, domain=None, **_):
        self.claims.append(("identity", cid, (lhs, rhs), None, domain or {}))

    def monotone(self, cid, expr, var, increasing, domain=None, **_):
        self.claims.append(("monotone", cid, (expr, var), increasing, domain or {}))


def collect(name):
    """The claims of one file, by running its derivation function on a stub."""
    ns = {"__name__": "fresh2_" + name}
    exec(compile((HERE / name).read_text(), str(HERE / name), "exec"), ns)
    fns = [v for k, v in ns.items() if callable(v) and k in ("true_facts", "near_misses")]
    stub = Stub()
    fns[0](stub)
    return stub.claims


# -- evaluation in mpmath ------------------------------------------------------------------------------------------

def phi_inv(y):
    """The standard normal quantile, accurate deep into both tails (Newton on log Phi past 1e-10)."""
    if y <= 0 or y >= 1:
        raise ValueError("PhiInv outside (0, 1)")
    if mp.mpf("1e-10") <= y <= 1 - mp.mpf("1e-10"):
        return mp.sqrt(2) * mp.erfinv(2 * y - 1)
    if y > mp.mpf("0.5"):
        return -phi_inv(1 - y)
    z = -mp.sqrt(-2 * mp.log(y))
    target = mp.log(y)
    for _ in range(200):
        step = (mp.log(mp.ncdf(z)) - target) / (mp.npdf(z) / mp.ncdf(z))
        z -= step
        if abs(step) < abs(z) * mp.mpf(10) ** (-mp.mp.dps + 5):
            break
    return z


FUNCS = {"exp": mp.exp, "log": mp.log, "tanh": mp.tanh, "sinh": mp.sinh, "cosh": mp.cosh, "coth": mp.coth,
         "Abs": abs, "Phi": mp.ncdf, "PhiInv": phi_inv, "erf": mp.erf, "erfc": mp.erfc, "binomial": mp.binomial}


def ev(e, env):
    """The value of SymPy expression e at env (symbol name -> mpf), in mpmath."""
    if e.is_Symbol:
        return env[e.name]
    if e.is_Integer:
        return mp.mpf(int(e))
    if e.is_Rational:
        return mp.mpf(int(e.p)) / int(e.q)
    if e.is_number and not e.free_symbols and not e.has(sp.Sum, sp.Integral):
        return mp.mpf(str(sp.N(e, mp.mp.dps + 10)))
    if e.is_Add:
        return mp.fsum(ev(c, env) for c in complement_tails(e.args))
    if e.is_Mul:
        return mp.fprod(ev(c, env) for c in e.args)
    if e.is_Pow:
        b, x = ev(e.args[0], env), ev(e.args[1], env)
        return b ** x
    if isinstance(e, sp.Max):
        return max(ev(c, env) for c in e.args)
    if isinstance(e, sp.Min):
        return min(ev(c, env) for c in e.args)
    if isinstance(e, sp.Sum):
        return ev_sum(e, env)
    if isinstance(e, sp.Integral):
        return ev_integral(e, env)
    name = type(e).__name__
    if name in FUNCS:
        return FUNCS[name](*[ev(c, env) for c in e.args])
    raise TypeError(f"no mpmath value for {name}: {e}")


def complement_tails(args):
    """1 - Phi(u) evaluated as Phi(-u) (the same number; no cancellation deep in the tail)."""
    args = list(args)
    for i, c in enumerate(args):
        if c.is_Mul and c.args[0] == -1 and len(c.args) == 2 and type(c.args[1]).__name__ == "Phi" and 1 in args:
            args.remove(sp.Integer(1))
            args[args.index(c)] = type(c.args[1])(-c.args[1].args[0])
            return args
        if type(c).__name__ == "Phi" and -1 in args:                 # -1 + Phi(u) = -Phi(-u)
            args.remove(sp.Integer(-1))
            args[args.index(c)] = -type(c)(-c.args[0])
            return args
    return args


def ev_sum(e, env):
    (term, (k, lo, hi)) = e.function, e.limits[0]
    f = lambda v: ev(term, {**env, k.name: mp.mpf(v)})
    lo_v = -mp.inf if lo == -sp.oo else int(ev(lo, env))
    hi_v = mp.inf if hi == sp.oo else int(ev(hi, env))
    if lo_v != -mp.inf and hi_v != mp.inf:
        return mp.fsum(f(i) for i in range(lo_v, hi_v + 1))
    if lo_v == -mp.inf and hi_v == mp.inf:      # split at 0: a two-sided sum is two one-sided ones
        return mp.nsum(f, [0, mp.inf]) + mp.nsum(f, [-mp.inf, -1])
    return mp.nsum(f, [lo_v, hi_v])


# The points each integral is split at besides 0 and 1: its kinks (a Max, an Abs) and the peaks of its integrand
# with a few widths either side, by claim id (the integral's variable is the claim's only integration variable).
def _around(c, widths=(1, 3, 8, 20)):
    return [c] + [c + s * w for w in widths for s in (1, -1)]


KINKS = {
    "laplace-tail-integral": lambda e: [e["t"] * e["b"] + e["b"] * w for w in (1, 3, 10, 30, 80)],
    "nm-laplace-tail-one-sided": lambda e: [e["t"] * e["b"] + e["b"] * w for w in (1, 3, 10, 30, 80)],
    "laplace-kl-integral": lambda e: [e["epsilon"], *_around(0), *_around(e["epsilon"])],
    "gumbel-max-integral": lambda e: [*_around(e["u"]), *_around(e["v"])],
    "sampled-gaussian-renyi2-integral": lambda e: [*_around(0), *_around(e["mu"]), *_around(2 * e["mu"])],
    "analytic-gaussian-integral": lambda e: [e["epsilon"] / e["mu"] + e["mu"] / 2, *_around(0), *_around(e["mu"])],
    "gauss-hellinger-integral": lambda e: [*_around(0), *_around(e["mu"] / 2), *_around(e["mu"])],
}
# Finite integration ranges for integrands whose tails mpmath cannot evaluate (exp of exp of a huge number aborts
# gmp), by claim id; each cut tail is bounded analytically far below IDENT_TOL.  Gumbel-max: with y = e^{-(x-u)} the
# integrand is at most y e^{-y} (the other factor is at most 1), so the part below u - 8 is at most e^{-e^8}; above
# u + 200 the integrand is at most e^{-(x-u)}, whose tail is e^{-200} < 1e-86.
CUTS = {
    "gumbel-max-integral": lambda e: (e["u"] - 8, e["u"] + 200),
}
CURRENT = {"id": None}


def ev_integral(e, env):
    (fn, (x, lo, hi)) = e.function, e.limits[0]
    f = lambda v: ev(fn, {**env, x.name: v})
    lo_v = -mp.inf if lo == -sp.oo else ev(lo, env)
    hi_v = mp.inf if hi == sp.oo else ev(hi, env)
    if CURRENT["id"] in CUTS:
        cut_lo, cut_hi = CUTS[CURRENT["id"]](env)
        lo_v, hi_v = max(lo_v, cut_lo), min(hi_v, cut_hi)
    extra = KINKS.get(CURRENT["id"], lambda _: [])(env)
    kinks = sorted({mp.mpf(0), mp.mpf(1), *extra})
    pts = [lo_v] + [c for c in kinks if lo_v < c < hi_v] + [hi_v]
    return mp.quad(f, pts)


# -- domains: each symbol's interval, evaluated at the values of the symbols before it --------------------------

def ends(interval, env):
    """(lo, hi, lo_closed, hi_closed) of an interval whose ends may hold symbols already in env."""
    lo, hi = interval.inf, interval.sup
    lo_v = -mp.inf if lo == -sp.oo else ev(sp.sympify(lo), env)
    hi_v = mp.inf if hi == sp.oo else ev(sp.sympify(hi), env)
    return lo_v, hi_v, not interval.left_open and lo != -sp.oo, not interval.right_open and hi != sp.oo


def inside(interval, env, val):
    lo, hi, lc, hc = ends(interval, env)
    return (lo < val or (lc and val == lo)) and (val < hi or (hc and val == hi))


SMALL = ["1e-12", "1e-8", "1e-5", "1e-3", "0.01", "0.05", "0.1", "0.2", "0.3", "0.5", "0.7", "1", "1.5", "2", "3",
         "5", "8", "13", "30", "100", "1e3", "1e6"]
UNITS = ["1e-12", "1e-8", "1e-5", "1e-3", "0.01", "0.05", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8",
         "0.9", "0.95", "0.99", "0.999", "0.99999", "0.99999999", "0.999999999999"]


def grid(interval, sym, size, env):
    """Points of an interval (at the earlier symbols' values env), dense near its ends, thinned to about `size`."""
    L, H, lc, hc = ends(interval, env)
    if sym.is_integer:
        top = 60 if H == mp.inf else int(H)
        base = int(mp.ceil(L))
        vals = [mp.mpf(v) for v in sorted(set(list(range(base, min(top, 12) + 1)) + [20, 50, 100, 1000]))
                if base <= v <= top]
    elif L == -mp.inf and H == mp.inf:
        vals = [mp.mpf(0)] + [sg * mp.mpf(v) for v in SMALL for sg in (1, -1)]
    elif H == mp.inf:
        vals = [L + mp.mpf(v) for v in (SMALL if size > 8 else SMALL[:-6])]
        vals += [L] if lc else []
    else:
        vals = [L + (H - L) * mp.mpf(v) for v in UNITS]
        vals += [L] if lc else []
        vals += [H] if hc else []
    if len(vals) > size:
        step = len(vals) / size
        vals = [vals[int(i * step)] for i in range(size)] + [vals[-1]]
    return vals


def points(domain, size):
    """Every grid point of a (possibly dependent) domain, as envs."""
    syms = list(domain)

    def rec(idx, env):
        if idx == len(syms):
            yield dict(env)
            return
        v = syms[idx]
        for val in grid(domain[v], v, size, env):
            env[v.name] = val
            yield from rec(idx + 1, env)
        env.pop(v.name, None)
    yield from rec(0, {})


def chart(L, H):
    """A map from the real line onto the open interval (L, H), and its inverse, for unconstrained minimisation."""
    if L == -mp.inf and H == mp.inf:
        return lambda z: mp.mpf(min(max(z, -1e6), 1e6)), lambda v: float(v)
    if H == mp.inf:
        return (lambda z: L + mp.exp(min(max(z, -60), 60))), (lambda v: float(mp.log(max(v - L, mp.mpf(10) ** -300))))
    return ((lambda z: L + (H - L) / (1 + mp.exp(-min(max(z, -60), 60)))),
            (lambda v: float(mp.log((v - L) / (H - v))) if L < v < H else (-30.0 if v <= L else 30.0)))


def from_chart(domain, zs):
    env = {}
    for v, zi in zip(domain, zs):
        L, H, _, _ = ends(domain[v], env)
        env[v.name] = chart(L, H)[0](zi)
    return env


def to_chart(domain, env):
    out, seen = [], {}
    for v in domain:
        L, H, _, _ = ends(domain[v], seen)
        out.append(chart(L, H)[1](env[v.name]))
        seen[v.name] = env[v.name]
    return out


# -- the signed quantity of each claim ---------------------------------------------------------------------------

def signed(kind, payload, which):
    """A function env -> value that is >= 0 where the claim holds (an identity: tolerance - |lhs - rhs| relative)."""
    if kind == "sign":
        flip = 1 if which in ("positive", "nonnegative") else -1
        return lambda env: flip * ev(payload, env)
    if kind == "identity":
        lhs, rhs = payload

        def gap(env):
            r = ev(rhs, env)
            return IDENT_TOL - abs(ev(lhs, env) - r) / (1 + abs(r))
        return gap
    expr, var = payload
    flip = 1 if which else -1
    return lambda env: flip * mp.diff(lambda v: ev(expr, {**env, var.name: v}), env[var.name])


def judged(f, env):
    """f at env; a value near or below 0 is evaluated again at 400 digits (cancellation at 60 digits)."""
    val = f(env)
    if val < mp.mpf(10) ** -30:
        with mp.workdps(400):
            val = f(env)
    return val


def heavy(kind, payload):
    parts = payload if isinstance(payload, tuple) else (payload,)
    return any(sp.sympify(x).has(sp.Sum, sp.Integral) for x in parts if isinstance(x, sp.Basic))


def scan(claim, size):
    """The grid minimum of the signed side: (value, env)."""
    kind, cid, payload, which, domain = claim
    f = signed(kind, payload, which)
    best = (mp.inf, None)
    for env in points(domain, size):
        if kind == "monotone":
            L, _, _, _ = ends(domain[payload[1]], env)
            if env[payload[1].name] - L < mp.mpf("1e-6"):
                continue    # the derivative at 1e-12 from the open end is not resolved by mp.diff's step
        try:
            val = judged(f, env)
        except (ZeroDivisionError, ValueError, OverflowError):
            continue
        if val < best[0]:
            best = (val, env)
    return best, f


def descend(f, domain, starts, iters=400):
    """Nelder-Mead in the unconstrained chart from each start; the best point found, judged at 60 digits."""
    from scipy.optimize import minimize

    def obj(zs):
        try:
            return float(f(from_chart(domain, zs)))
        except (ZeroDivisionError, ValueError, OverflowError):
            return 1e300
    best = (mp.inf, None)
    for env in starts:
        res = minimize(obj, to_chart(domain, env), method="Nelder-Mead",
                       options={"maxiter": iters, "xatol": 1e-12, "fatol": 1e-30})
        env2 = from_chart(domain, res.x)
        try:
            val = judged(f, env2)
        except (ZeroDivisionError, ValueError, OverflowError):
            continue
        if val < best[0]:
            best = (val, env2)
    return best


def random_starts(domain, rng, count):
    return [from_chart(domain, [rng.uniform(-6, 6) for _ in domain]) for _ in range(count)]


# -- the points where each near miss fails (found by the analysis beside each claim; re-judged here) ------------

E = mp.e
HINTS = {
    "nm-laplace-loss-sensitivity-doubled": {"x": 0, "Delta": 1, "epsilon": 1},
    "nm-laplace-tail-one-sided": {"b": 1, "t": 1},
    "nm-laplace-union-flipped": {"k": 2, "t": 1},
    "nm-laplace-tradeoff-5a": {"a": 1 / (2 * E), "epsilon": 1},
    "nm-geometric-tail-one-minus": {"epsilon": 1, "m": 1},
    "nm-expmech-half-eps": {"u": -10, "epsilon": 1},
    "nm-harmonic-half": {"n": 1000},
    "nm-advanced-composition-delta-widened": {"epsilon_tot": 1, "k": 1, "delta": mp.mpf("0.99")},
    "nm-advantage-delta-once": {"a": mp.mpf("0.5") / (E + 1), "delta": mp.mpf("0.5"), "epsilon": 1},
    "nm-approx-dp-tradeoff-widened": {"epsilon": 1, "delta": mp.mpf("0.5"), "a": 1},
    "nm-mia-precision-half-eps": {"pi_m": mp.mpf("0.5"), "epsilon": 1, "f": mp.mpf("0.25"), "r": E / 4},
    "nm-rr-renyi-zcdp-2.2": {"alpha": 2, "epsilon": mp.mpf("0.1")},
    "nm-subsampling-le-linear": {"q": mp.mpf("0.5"), "epsilon": 1},
    "nm-gauss-classical-eps-widened": {"epsilon": 5, "delta": mp.mpf("0.5")},
    "nm-cks-no-alpha-minus-1": {"alpha": mp.mpf("1.01"), "epsilon": mp.mpf("0.1"), "mu": 1},
    "nm-gauss-lecam-tv-no-sqrt": {"mu": mp.mpf("0.1")},
    "nm-polya-4": {"t": mp.mpf("0.1")},
    "nm-chi2-kl-half": {"p": mp.mpf("0.99"), "q": mp.mpf("0.5")},
    "nm-djw-minus-eps": {"epsilon": 3, "b_0": 0, "b_1": 1},
    "nm-bennett-bernstein-4": {"t": mp.mpf("0.5")},
}


def fmt(env):
    return ", ".join(f"{k}={mp.nstr(v, 12)}" for k, v in sorted(env.items()))


def size_for(claim):
    dims = len(claim[4])
    if heavy(claim[0], claim[2]):
        return 14 if dims == 1 else 7
    return {1: 60, 2: 40, 3: 18, 4: 9}.get(dims, 6)


def check_true(claim, rng):
    kind, cid, payload, which, domain = claim
    CURRENT["id"] = cid
    (val, env), f = scan(claim, size_for(claim))
    if not heavy(kind, payload) and env is not None and not any(v.is_integer for v in domain):
        starts = [env] + random_starts(domain, rng, 6 if len(domain) > 1 else 3)
        val2, env2 = descend(f, domain, starts)
        if val2 < val:
            val, env = val2, env2
    ok = env is not None and val >= -TOL
    if which == "positive":
        ok = ok and val > 0
    print(f"{'ok  ' if ok else 'FAIL'} true  {cid}: min signed side {mp.nstr(val, 8)} at {fmt(env or {})}")
    return ok


def check_false(claim, rng):
    kind, cid, payload, which, domain = claim
    CURRENT["id"] = cid
    f = signed(kind, payload, which)
    hint = {k: mp.mpf(v) for k, v in HINTS[cid].items()}
    seen = {}
    for v, iv in domain.items():   # the hint must lie in the claim's domain
        assert v.name in hint and inside(iv, seen, hint[v.name]), (cid, v)
        seen[v.name] = hint[v.name]
    val, env = judged(f, hint), hint
    threshold = -TOL if kind == "sign" else -mp.mpf(10) ** -15   # an identity: a gap far above quadrature error
    ok = val < threshold
    print(f"{'ok  ' if ok else 'FAIL'} false {cid}: fails at {fmt(env)}: signed side {mp.nstr(val, 10)}")
    return ok


def main():
    rng = random.Random(20261208)
    trues, falses = collect("true_facts.py"), collect("near_misses.py")
    print(f"{len(trues)} true claims, {len(falses)} false claims")
    only = set(sys.argv[1:])          # optional: claim ids to check (default: all)
    pick = lambda cs: [c for c in cs if not only or c[1] in only]
    bad = [c[1] for c in pick(trues) if not check_true(c, rng)]
    bad += [c[1] for c in pick(falses) if not check_false(c, rng)]
    print("misclassified:", bad if bad else "none")
    return 1 if bad or len(trues) != 40 or len(falses) != 20 else 0


if __name__ == "__main__":
    sys.exit(main())
