"""Independent truth check of the fresh held-out folder (written blind to the prover on 2026-12-02).

No symdp engine: the claim files are run against a stub recorder that only
collects their SymPy expressions and domains, and every expression is evaluated
by a small tree walker in mpmath at 60 digits (Phi = mpmath.ncdf, PhiInv by
erfinv, Sum by direct summation or mpmath.nsum, Integral by mpmath.quad split at
the kinks 0, 1 and mu).  For every true claim: the signed side (or |lhs - rhs|,
or the derivative for a monotone claim) on a dense grid of each domain (edges
approached to 1e-12, magnitudes to 1e6) and after Nelder-Mead minimisation
(scipy) from the best grid points and seeded random starts.  For every false
claim: a concrete point where it fails, printed with its value.

Run: python tests/heldout/fresh/check_truth.py  (exit 0 when every claim is classified as stated).
The claims must not be reshaped after the prover has been measured on them.
"""
import itertools
import math
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
    ns = {"__name__": "fresh_" + name}
    exec(compile((HERE / name).read_text(), str(HERE / name), "exec"), ns)
    fns = [v for k, v in ns.items() if callable(v) and k in ("true_facts", "near_misses")]
    stub = Stub()
    fns[0](stub)
    return stub.claims


# -- evaluation in mpmath ------------------------------------------------------------------------------------------

def phi_inv(y):
    return mp.sqrt(2) * mp.erfinv(2 * y - 1)


FUNCS = {"exp": mp.exp, "log": mp.log, "tanh": mp.tanh, "sinh": mp.sinh, "cosh": mp.cosh, "coth": mp.coth,
         "Abs": abs, "Phi": mp.ncdf, "PhiInv": phi_inv, "erf": mp.erf, "erfc": mp.erfc}


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
    if lo_v == -mp.inf and hi_v == mp.inf:      # split at |k|'s kink: a two-sided sum is two one-sided ones
        return mp.nsum(f, [0, mp.inf]) + mp.nsum(f, [-mp.inf, -1])
    return mp.nsum(f, [lo_v, hi_v])


def ev_integral(e, env):
    (fn, (x, lo, hi)) = e.function, e.limits[0]
    f = lambda v: ev(fn, {**env, x.name: v})
    lo_v = -mp.inf if lo == -sp.oo else ev(lo, env)
    hi_v = mp.inf if hi == sp.oo else ev(hi, env)
    peaks = [env["mu"], env["mu"] * env.get("alpha", 1)] if "mu" in env else []   # Gaussian peaks, +- 8 widths
    kinks = sorted({mp.mpf(0), mp.mpf(1), *peaks, *(c + w for c in peaks for w in (-8, 8))})
    pts = [lo_v] + [c for c in kinks if lo_v < c < hi_v] + [hi_v]
    return mp.quad(f, pts)


# -- grids on the domains --------------------------------------------------------------------------------------

SMALL = ["1e-12", "1e-8", "1e-5", "1e-3", "0.01", "0.05", "0.1", "0.2", "0.3", "0.5", "0.7", "1", "1.5", "2", "3",
         "5", "8", "13", "30", "100", "1e3", "1e6"]
UNITS = ["1e-12", "1e-8", "1e-5", "1e-3", "0.01", "0.05", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8",
         "0.9", "0.95", "0.99", "0.999", "0.99999", "0.99999999", "0.999999999999"]


def grid(interval, sym, size):
    """Points of an interval, dense near its ends, thinned to about `size`."""
    lo, hi = interval.inf, interval.sup
    if sym.is_integer:
        top = 60 if hi == sp.oo else int(hi)
        vals = [mp.mpf(v) for v in sorted(set(list(range(int(lo), min(top, 12) + 1)) + [20, 50, 100, 1000]))
                if v <= top]
    elif lo == -sp.oo and hi == sp.oo:
        vals = [mp.mpf(0)] + [s * mp.mpf(v) for v in SMALL for s in (1, -1)]
    elif hi == sp.oo:
        vals = [mp.mpf(str(sp.N(lo, 30))) + mp.mpf(v) for v in (SMALL if size > 8 else SMALL[:-6])]
        if lo in interval:
            vals.append(mp.mpf(str(sp.N(lo, 30))))
    else:
        L, H = mp.mpf(str(sp.N(lo, 30))), mp.mpf(str(sp.N(hi, 30)))
        vals = [L + (H - L) * mp.mpf(v) for v in UNITS]
        vals += [L] if lo in interval else []
        vals += [H] if hi in interval else []
    if len(vals) > size:
        step = len(vals) / size
        vals = [vals[int(i * step)] for i in range(size)] + [vals[-1]]
    return vals


def chart(interval):
    """A map from the real line onto the interval's interior, for unconstrained minimisation."""
    lo, hi = interval.inf, interval.sup
    if lo == -sp.oo and hi == sp.oo:
        return lambda z: mp.mpf(min(max(z, -1e6), 1e6)), lambda v: float(v)
    if hi == sp.oo:
        L = mp.mpf(str(sp.N(lo, 30)))
        return (lambda z: L + mp.exp(min(max(z, -60), 60))), (lambda v: float(mp.log(max(v - L, mp.mpf(10) ** -300))))
    L, H = mp.mpf(str(sp.N(lo, 30))), mp.mpf(str(sp.N(hi, 30)))
    return ((lambda z: L + (H - L) / (1 + mp.exp(-min(max(z, -60), 60)))),
            (lambda v: float(mp.log((v - L) / (H - v))) if L < v < H else (-30.0 if v <= L else 30.0)))


# -- the signed quantity of each claim ---------------------------------------------------------------------------

def signed(kind, payload, which):
    """A function env -> value that is >= 0 where the claim holds (an identity: -|lhs - rhs| relative)."""
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
    syms = sorted(domain, key=lambda v: v.name)
    axes = [grid(domain[v], v, size) for v in syms]
    best = (mp.inf, None)
    for point in itertools.product(*axes):
        env = {v.name: val for v, val in zip(syms, point)}
        if kind == "monotone" and env[payload[1].name] - domain[payload[1]].inf < mp.mpf("1e-6"):
            continue        # the derivative at 1e-12 from the open end is not resolved by mp.diff's step
        try:
            val = judged(f, env)
        except (ZeroDivisionError, ValueError, OverflowError):
            continue
        if val < best[0]:
            best = (val, env)
    return best, f, syms


def descend(f, syms, domain, starts, rng, iters=400):
    """Nelder-Mead in the unconstrained chart from each start; the best point found, judged at 60 digits."""
    from scipy.optimize import minimize
    charts = [chart(domain[v]) for v in syms]

    def obj(z):
        env = {v.name: c[0](zi) for v, c, zi in zip(syms, charts, z)}
        try:
            return float(f(env))
        except (ZeroDivisionError, ValueError, OverflowError):
            return 1e300
    best = (mp.inf, None)
    for env in starts:
        z0 = [c[1](env[v.name]) for v, c in zip(syms, charts)]
        res = minimize(obj, z0, method="Nelder-Mead", options={"maxiter": iters, "xatol": 1e-12, "fatol": 1e-30})
        env2 = {v.name: c[0](zi) for v, c, zi in zip(syms, charts, res.x)}
        try:
            val = judged(f, env2)
        except (ZeroDivisionError, ValueError, OverflowError):
            continue
        if val < best[0]:
            best = (val, env2)
    return best


def random_starts(syms, domain, rng, count):
    out = []
    for _ in range(count):
        env = {}
        for v in syms:
            into, _ = chart(domain[v])
            env[v.name] = into(rng.uniform(-6, 6)) if not v.is_integer else mp.mpf(rng.randint(1, 50))
        out.append(env)
    return out


# -- the points where each near miss fails (found by the analysis beside each claim; re-judged here) ------------

E = mp.e
HINTS = {
    "nm-zcdp-conversion-am-gm-minus-1e-6": {"alpha": 2, "rho": 1, "delta": 1 / E},
    "nm-hellinger-le-tv-times-1.001": {"p": mp.mpf("1e-8"), "q": 1 - mp.mpf("1e-8")},
    "nm-zcdp-eps-ge-1.001-rho": {"rho": 1000, "delta": 1 - mp.mpf("1e-5")},
    "nm-sum-k-q-pow-k": {"q": mp.mpf("0.5")},
    "nm-gauss-tail-integral-shifted": {"t": 0},
    "nm-log1p-le-0.999x": {"x": mp.mpf("0.001")},
    "nm-laplace-kl-le-0.999-half-eps2": {"epsilon": mp.mpf("0.001")},
    "nm-cosh-le-exp-0.999": {"t": mp.mpf("0.01")},
    "nm-hoeffding-0.999": {"p": mp.mpf("0.5"), "t": mp.mpf("0.01")},
    "nm-mills-lower-1.001": {"t": 10},
    "nm-pinsker-2.002": {"p": mp.mpf("0.5"), "q": mp.mpf("0.501")},
    "nm-bretagnolle-huber-minus-1e-6": {"p": mp.mpf("0.5"), "q": mp.mpf("0.5001")},
    "nm-inv-sinh2-0.333": {"epsilon": mp.mpf("0.01")},
    "nm-laplace-rdp-le-0.999-eps": {"alpha": 10**4, "epsilon": 1},
    "nm-subsampling-2q-eps-widened": {"q": mp.mpf("0.001"), "epsilon": mp.mpf("1.3")},
    "nm-gdp-tradeoff-tv-0.999": {"a": mp.ncdf(mp.mpf("-0.5")), "mu": 1},
    "nm-cauchy-schwarz-0.999": {"a1": 1, "a2": 1, "b1": 1, "b2": 1},
    "nm-basel-partial-le-1.6449": {"n": 40000},
    "nm-discrete-laplace-normaliser-2": {"epsilon": 1},
    "nm-bernoulli-rdp-ge-1.001-kl": {"alpha": mp.mpf("1.0001"), "p": mp.mpf("0.3"), "q": mp.mpf("0.6")},
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
    (val, env), f, syms = scan(claim, size_for(claim))
    if not heavy(kind, payload) and env is not None:
        _, ranked = val, None
        starts = [env] + random_starts(syms, domain, rng, 6 if len(syms) > 1 else 3)
        if not any(v.is_integer for v in syms):
            val2, env2 = descend(f, syms, domain, starts, rng)
            if val2 < val:
                val, env = val2, env2
    ok = val >= -TOL
    if which == "positive":
        ok = ok and val > 0
    print(f"{'ok  ' if ok else 'FAIL'} true  {cid}: min signed side {mp.nstr(val, 8)} at {fmt(env or {})}")
    return ok


def check_false(claim, rng):
    kind, cid, payload, which, domain = claim
    f = signed(kind, payload, which)
    hint = {k: mp.mpf(v) for k, v in HINTS.get(cid, {}).items()}
    for v, iv in domain.items():   # the hint must lie in the claim's domain
        assert v.name in hint and iv.contains(sp.Float(str(hint[v.name]), 30)) != sp.false, (cid, v)
    val, env = judged(f, hint), hint
    if val >= -TOL and kind != "identity":       # else search: grid, then descent
        (val, env), f, syms = scan(claim, size_for(claim))
    threshold = -TOL if kind == "sign" else -mp.mpf(10) ** -15   # an identity: a gap far above quadrature error
    ok = val < threshold
    print(f"{'ok  ' if ok else 'FAIL'} false {cid}: fails at {fmt(env)}: signed side {mp.nstr(val, 10)}")
    return ok


def main():
    rng = random.Random(20261202)
    trues, falses = collect("true_facts.py"), collect("near_misses.py")
    print(f"{len(trues)} true claims, {len(falses)} false claims")
    only = set(sys.argv[1:])          # optional: claim ids to check (default: all)
    pick = lambda cs: [c for c in cs if not only or c[1] in only]
    bad = [c[1] for c in pick(trues) if not check_true(c, rng)] + [c[1] for c in pick(falses) if not check_false(c, rng)]
    print("misclassified:", bad if bad else "none")
    return 1 if bad or len(trues) != 40 or len(falses) != 20 else 0


if __name__ == "__main__":
    sys.exit(main())
