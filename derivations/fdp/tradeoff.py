"""Trade-off functions, privacy profiles and the envelope claim (blog post 001; Dong, Roth and Su 2022).

The (eps, delta) trade-off f_{eps,delta}; the trade-off curves of the
Gaussian (G_mu) and Laplace mechanisms, derived from their threshold tests
(the Neyman-Pearson tests: both likelihood ratios are monotone, checked below);
their privacy profiles; and the claim that a mechanism's trade-off curve is the
envelope over delta of f_{eps(delta), delta}: it is the *upper* envelope
(pointwise supremum).  The blog post says "lower envelope", which is false.
"""
import mpmath as mp
import sympy as sp

from symdp import Status, derivation, fdp
from symdp.adversary.gaussian import analytic_delta
from symdp.engine.enclose.arb import compile_arb
from symdp.engine.sampling.oracles import maximize
from symdp.mechanisms import gaussian
from symdp.symbols import delta, eps, eps2, fpr, mu

PAPER = "001_ba0a18552870e88c.txt"
T = sp.Symbol("t", real=True)
U = sp.Symbol("u", positive=True)
A01 = {fpr: sp.Interval.open(0, 1)}


def gaussian_curve(d):
    d.monotone("gaussian:np-test", sp.exp(mu * T - mu**2 / 2), T, True, {mu: sp.Interval.open(0, sp.oo)},
               text=r"the likelihood ratio of $N(\mu,1)$ to $N(0,1)$ increases in $x$: the tests $x \ge t$ are the "
                    "Neyman-Pearson tests, so their errors trace the least type II error (the trade-off function)")
    a_of_t = d.define(r"a(t)", gaussian.tail(T), "type I error of the test x >= t, N(0,1) vs N(mu,1)")
    (t_of_a,) = d.solve(r"t(a)", a_of_t - fpr, T, "the threshold for type I error a")
    b = d.substitute(r"\beta(a)", gaussian.cdf(T - mu), {T: t_of_a}, "type II error of that test", domain=A01)
    d.printed("G_mu", fdp.gaussian_tradeoff(fpr, mu), b, {fpr: sp.Interval.open(0, 1)},
              where="G_mu(a) = Phi(Phi^{-1}(1-a) - mu)", text="the Gaussian trade-off curve")


def laplace_curve(d):
    """Lap(0,1) vs Lap(eps,1): tests x >= u; three ranges of u."""
    d.monotone("laplace:np-test", sp.exp(2 * U - eps), U, True, {U: sp.Interval.open(0, eps)},
               text=r"the likelihood ratio of $\mathrm{Lap}(\epsilon,1)$ to $\mathrm{Lap}(0,1)$ is "
                    r"$e^{|x| - |x-\epsilon|}$: $e^{-\epsilon}$ below 0, $e^{2x-\epsilon}$ (increasing) on "
                    r"$[0, \epsilon]$, $e^\epsilon$ above; nondecreasing, so the tests $x \ge u$ are Neyman-Pearson "
                    "tests (on the flat parts any set of the same mass does as well)")
    pieces = {"above": (sp.exp(-U) / 2, 1 - sp.exp(-(U - eps)) / 2, U + eps, "u >= eps"),
              "middle": (sp.exp(-U) / 2, sp.exp(U - eps) / 2, U, "0 <= u <= eps")}
    for name, (a, b, at, where) in pieces.items():
        curve = fdp.laplace_tradeoff(a.subs(U, at), eps)
        d.identity(f"laplace:{name}", curve, b.subs(U, at), {U: sp.Interval.open(0, eps if name == "middle" else sp.oo)},
                   text=rf"tests with the threshold at {where}: type I $a$, type II on the curve")
    a_low, b_low = 1 - sp.exp(-U) / 2, sp.exp(-U - eps) / 2
    d.identity("laplace:below", fdp.laplace_tradeoff(a_low, eps), b_low,
               text="thresholds below 0: the third piece")


def profiles(d):
    obj = d.define("h(a)", 1 - sp.exp(eps2) * fpr - sp.exp(-eps) / (4 * fpr),
                   r"$\delta(\epsilon') = \sup_a\, 1 - e^{\epsilon'}a - T(a)$ on the middle piece of the Laplace curve")
    (a_star,) = d.solve("a^*", sp.diff(obj, fpr), fpr, "stationary point")
    d.identity("laplace:profile", obj.subs(fpr, a_star), 1 - sp.exp((eps2 - eps) / 2),
               {eps2: sp.Interval.open(0, eps)}, hint="exp/log expansion",
               text=r"the Laplace privacy profile $\delta(\epsilon') = 1 - e^{(\epsilon'-\epsilon)/2}$, "
                    r"$\epsilon' \le \epsilon$")
    d.identity("gaussian:profile", gaussian.analytic_delta(mu, eps2),
               gaussian.cdf(mu / 2 - eps2 / mu) - sp.exp(eps2) * gaussian.cdf(-mu / 2 - eps2 / mu),
               text=r"mu-GDP implies $(\epsilon', \delta_\mu(\epsilon'))$-DP for every $\epsilon'$ (Balle and Wang; "
                    "cross-checked by quadrature in liu2019.analytic-gaussian)")


def envelope(name, curve, profile, param):
    def upper(a):
        return maximize(lambda e2: fdp.mp_f_eps_delta(a, e2, profile(e2, param)), mp.mpf("1e-12"),
                        8 * param + 8, grid=300)[1]

    def lower(a):
        return min(fdp.mp_f_eps_delta(a, e2, profile(e2, param)) for e2 in (mp.mpf(k) / 4 for k in range(1, 200)))
    return upper, lower, (lambda a: curve(a, param))


def single_pair(d, name, curve, profile):
    """One pair (eps' = 1, delta(1)) against the curve (parameter 1), as expressions: a witness is an
    enclosure, and the sign can be boxed."""
    one = sp.Integer(1)
    exact, single = curve(fpr, one), fdp.f_eps_delta(fpr, one, profile(one, one))
    d.identity(f"{name}:single-pair", exact, single, A01, expect=Status.REFUTED,
               text=r"a single pair $(\epsilon', \delta(\epsilon'))$ (here $\epsilon' = 1$) is loose: its "
                    r"$f_{\epsilon',\delta}$ lies strictly below the curve somewhere")
    d.sign(f"{name}:single-pair-below", exact - single, "nonnegative", A01, n=16,
           text=r"but never above it: $(\epsilon', \delta(\epsilon'))$-DP holds")


def with_enclosure(fn, expr):
    """``fn`` (an mpmath function of ``a``) with the enclosure of the SymPy expression it computes: a point where
    it disagrees with another enclosed side can be certified by ball arithmetic (issue 49)."""
    enclosure = compile_arb(expr, (fpr,))
    fn.witness_enclosure = lambda bits, a: enclosure({fpr: a}, bits)
    return fn


def lower_envelope(curve, profile_at):
    """The curve (parameter 1) and the grid minimum of ``envelope``'s ``lower`` as SymPy expressions of ``a``: the
    minimum over eps' = k/4, k = 1..199, of f_{eps', delta(eps')}(a) (``fdp.f_eps_delta``'s formula, unevaluated:
    SymPy's comparisons of the 199 pairs' Phi terms would take minutes)."""
    def pair(e2):
        d2 = profile_at(e2)
        return sp.Max(0, 1 - d2 - sp.exp(e2) * fpr, sp.exp(-e2) * (1 - d2 - fpr), evaluate=False)
    pairs = (pair(e2) for e2 in (sp.Rational(k, 4) for k in range(1, 200)))
    return curve(fpr, sp.Integer(1)), sp.Min(*pairs, evaluate=False)


def envelopes(d):
    gaussian_profile = lambda e2, m: analytic_delta(m, e2)
    for name, curve, profile, param, symbolic, profile_at in (
            ("gaussian", fdp.mp_gaussian_tradeoff, gaussian_profile, mp.mpf(1),
             (fdp.gaussian_tradeoff, gaussian.analytic_delta), lambda e2: gaussian.analytic_delta(1, e2)),
            ("laplace", fdp.mp_laplace_tradeoff, fdp.mp_laplace_profile, mp.mpf(1),
             (fdp.laplace_tradeoff, fdp.laplace_profile), lambda e2: fdp.laplace_profile(e2, 1))):
        upper, lower, exact = envelope(name, curve, profile, param)
        exact_sym, lower_sym = lower_envelope(symbolic[0], profile_at)
        d.cross_check(f"{name}:upper-envelope", lambda a: exact(a), lambda a: upper(a), A01, n=8,
                      text=rf"{name} (parameter 1): the trade-off curve is the supremum over $\epsilon'$ of "
                           r"$f_{\epsilon', \delta(\epsilon')}$ (Dong, Roth and Su, Prop. 2.12)")
        d.cross_check(f"{name}:lower-envelope", with_enclosure(lambda a: exact(a), exact_sym),
                      with_enclosure(lambda a: lower(a), lower_sym), A01, n=4,
                      expect=Status.REFUTED,
                      text=r"the blog post's `lower envelope' is false: the infimum over $\epsilon'$ goes to 0 "
                           r"as $\epsilon'$ grows")
        single_pair(d, name, *symbolic)


def dp_to_gdp(d):
    """eps-DP implies mu-GDP for mu = 2 Phi^{-1}(e^eps/(1+e^eps)): G_mu meets f_{eps,0} at its kink."""
    kink = 1 / (1 + sp.exp(eps))
    m = 2 * gaussian.quantile(sp.exp(eps) / (1 + sp.exp(eps)))
    d.define(r"\mu(\epsilon)", m, r"the least $\mu$ with $G_\mu \le f_{\epsilon,0}$ at the kink "
             r"$a^* = 1/(1+e^\epsilon)$, where $f_{\epsilon,0}(a^*) = a^*$")
    d.identity("dp-gdp:kink", fdp.gaussian_tradeoff(kink, m), kink,
               text=r"$G_{\mu(\epsilon)}(a^*) = a^* = f_{\epsilon,0}(a^*)$")
    d.monotone("dp-gdp:decreasing-in-mu", fdp.gaussian_tradeoff(kink, mu), mu, False,
               text=r"$G_\mu(a^*)$ decreases in $\mu$: for $\mu < \mu(\epsilon)$, $G_\mu(a^*) > a^*$")
    p = sp.exp(eps) / (1 + sp.exp(eps))
    d.identity("dp-gdp:least", 1 - p, kink,
               text=r"randomized response (the true bit with probability $p = e^\epsilon/(1+e^\epsilon)$, "
                    r"$\epsilon$-DP) with the test `answer 1' has type I and type II error both $1 - p = a^*$: its "
                    r"trade-off at $a^*$ is $a^* < G_\mu(a^*)$ for every $\mu < \mu(\epsilon)$, so it is not "
                    r"$\mu$-GDP and $\mu(\epsilon)$ is the least $\mu$ that every $\epsilon$-DP mechanism meets")
    d.note(r"$G_\mu$ is convex and $f_{\epsilon,0}$ is linear on $[0, a^*]$ and on $[a^*, 1]$, with "
           r"$G_\mu = f_{\epsilon,0}$ at 0 and 1 and $G_\mu(a^*) = a^* = f_{\epsilon,0}(a^*)$: "
           r"$G_\mu - f_{\epsilon,0}$ is convex on each piece and $\le 0$ at its ends, so "
           r"$G_\mu \le f_{\epsilon,0}$ everywhere (the argument; the claim below is checked on its own)")
    gap = fdp.gaussian_tradeoff(fpr, m) - fdp.f_eps_delta(fpr, eps, 0)
    d.sign("dp-gdp:below", gap, "nonpositive", {**A01, eps: sp.Interval.open(sp.Rational(1, 20), 10)}, n=20,
           text=r"$G_{\mu(\epsilon)} \le f_{\epsilon,0}$: every $\epsilon$-DP mechanism is $\mu(\epsilon)$-GDP")


@derivation(id="fdp.tradeoff", title="Trade-off functions, privacy profiles, and the envelope over delta",
            paper=PAPER, where="Definition 3.2-3.3, Lemma 3.4, and the envelope claim")
def tradeoff(d):
    gaussian_curve(d)
    laplace_curve(d)
    profiles(d)
    dp_to_gdp(d)
    envelopes(d)
