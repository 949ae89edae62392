"""Liu et al. (PoPETs 2019), Sec. 7 (future work): randomized response, the exponential
mechanism, and composition, analysed the same way as the Laplace mechanism.
"""
import mpmath as mp
import sympy as sp

from symdp import derivation
from symdp.adversary import closed_forms, gaussian
from symdp.adversary.inverse import fbeta_star as laplace_fstar
from symdp.engine.enclose.bounds import AT_LEAST, safe_round
from symdp.mechanisms import discrete, laplace_loss
from symdp.symbols import beta, eps, mu

PAPER = "000_0f0c1e9c4d2d1ce3.txt"
B2 = beta**2
G, R, lam = sp.symbols("G R lambda", nonnegative=True)
G2, R2 = sp.symbols("G_2 R_2", nonnegative=True)
EB = {eps: sp.Interval.open(0, 8), beta: sp.Interval.open(sp.Rational(1, 5), 5)}
UTIL_D, UTIL_DP = (2, 1, 0), (1, 2, 0)   # utilities of three outcomes on D and D' (sensitivity 1)


def edges(d):
    """F-beta is linear-fractional along a randomised mixture of two tests."""
    f = discrete.fbeta(G + lam * (G2 - G), R + lam * (R2 - R), B2)
    slope = sp.diff(f, lam)
    num = (1 + B2) * ((R2 - R) * (R + G + B2) - R * (R2 - R + G2 - G))
    d.identity("mixtures:slope", slope, num / (R + G + B2 + lam * (R2 - R + G2 - G)) ** 2,
               text=r"$\partial F_\beta/\partial\lambda$ has a numerator free of $\lambda$: $F_\beta$ is monotone "
                    "along every mixture, so its maximum over a test polygon is at a vertex")


def randomized_response(d):
    p = d.define("p", sp.exp(eps) / (1 + sp.exp(eps)), "randomized response reports the true bit with probability p")
    d.identity("rr:ratio", p / (1 - p), sp.exp(eps), text=r"the likelihood ratio of answer 1 is $e^\epsilon$: "
               r"$\epsilon$-DP, with equality")
    vertices = discrete.roc_vertices([p, 1 - p], [1 - p, p], [0, 1])
    d.define(r"(\mathrm{recall}, \mathrm{precision})", sp.ImmutableMatrix([[p, p], [1, sp.Rational(1, 2)]]),
             "the PR-relation: the Neyman-Pearson tests (randomised at the two answers) run along the segments "
             "through these points: answer 1 alone, and everything")
    d.identity("rr:vertex", discrete.fbeta(*vertices[1], B2), p, text=r"at the vertex $(1-p, p)$, $F_\beta = p$")
    d.identity("rr:all", discrete.fbeta(*vertices[2], B2), (1 + B2) / (2 + B2))
    gg, rr = sp.symbols("g r", positive=True)
    (vertex,) = d.solve(r"(G, R)", [rr - sp.exp(eps) * gg, rr - 1 + sp.exp(-eps) * (1 - gg)], [gg, rr],
                        r"the corner of the $\epsilon$-DP region $R \le e^\epsilon G$, $1 - R \ge e^{-\epsilon}(1 - G)$ "
                        r"($G$, $R$: the test's rejection probabilities under $D'$ and $D$)")
    d.identity("rr:corner-G", vertex[gg], 1 - p)
    d.identity("rr:corner-R", vertex[rr], p, text="randomized response sits at the corner")
    g, u = sp.Symbol("g", positive=True), sp.Symbol("u", positive=True)

    # max(p, (1+b^2)/(2+b^2)) - F_beta at a point (G, R) = (g, r) of the epsilon-DP region, R = u * its upper edge
    r = u * sp.Min(sp.exp(eps) * g, 1 - (1 - g) * sp.exp(-eps))
    slack = sp.Max(p, (1 + B2) / (2 + B2)) - discrete.fbeta(g, r, B2)
    d.sign("rr:optimal", slack, "nonnegative", {eps: sp.Interval.Lopen(0, 10), beta: sp.Interval.open(sp.Rational(1, 5), 5),
                                                g: sp.Interval.open(0, 1), u: sp.Interval.Lopen(0, 1)},
           text=r"no $\epsilon$-DP mechanism does better: every test of every $\epsilon$-DP mechanism has "
                r"$(G, R)$ in that region (randomised tests too), and $F_\beta \le \max(p, (1+\beta^2)/(2+\beta^2))$ "
                r"at every point of it ($R = u$ times the region's upper edge, $0 < u \le 1$; on $\epsilon \le 10$, "
                r"$1/5 < \beta < 5$); randomized response attains it "
                "(rr:vertex, rr:all)")
    fstar = sp.Max(p, (1 + B2) / (2 + B2))
    d.sign("rr:crossing", (p - (1 + B2) / (2 + B2)).subs(eps, sp.log(1 + B2) + sp.log(1 + sp.Symbol("t", positive=True))),
           "positive", {beta: sp.Interval.open(0, sp.oo)},
           text=r"$p$ exceeds the no-information value beyond $\epsilon = \log(1 + \beta^2)$, the turning "
                "point of Eq. 12")
    d.sign("rr:crossing-below", (p - (1 + B2) / (2 + B2)).subs(eps, sp.log(1 + B2) - sp.log(1 + sp.Symbol("t", positive=True))),
           "negative", {beta: sp.Interval.open(0, sp.oo)},
           text=r"and falls below it before: the crossing is exactly at $\epsilon = \log(1 + \beta^2)$")
    d.cross_check("rr:all-tests", fstar, lambda epsilon, beta: discrete.fbeta_star_all_tests(
        [mp.exp(epsilon) / (1 + mp.exp(epsilon)), 1 / (1 + mp.exp(epsilon))],
        [1 / (1 + mp.exp(epsilon)), mp.exp(epsilon) / (1 + mp.exp(epsilon))], beta), EB,
        text="against the best of all deterministic tests")
    d.sign("rr:beats-laplace", fstar - closed_forms.fbeta_star(), "nonnegative", {eps: sp.Interval.open(sp.Rational(1, 2), 8), beta: sp.Interval.open(sp.Rational(1, 5), 2)},
           n=20, text="the Laplace mechanism at the same epsilon leaves the adversary less than the "
                      "epsilon-DP worst case")


def exponential(d):
    z = [sp.exp(eps * u / 2) for u in UTIL_D]
    zp = [sp.exp(eps * u / 2) for u in UTIL_DP]
    p1 = [v / sum(z) for v in z]
    p0 = [v / sum(zp) for v in zp]
    d.define(r"P_D", sp.ImmutableMatrix(p1), r"exponential mechanism, utilities $(2,1,0)$ on $D$, $(1,2,0)$ on $D'$, "
             r"$\Delta u = 1$: $P(r) \propto e^{\epsilon u(r)/2}$")
    d.define(r"P_{D'}", sp.ImmutableMatrix(p0))
    ratios = [sp.simplify(a / b) for a, b in zip(p1, p0)]
    d.sign("em:order-1", ratios[0] - ratios[2], "positive", text="outcome 1 has the largest likelihood ratio")
    d.sign("em:order-2", ratios[2] - ratios[1], "positive", text="then outcome 3, then outcome 2")
    d.sign("em:dp", sp.exp(eps) - ratios[0], "nonnegative", text=r"every ratio is at most $e^\epsilon$")
    vertices = discrete.roc_vertices(p1, p0, [0, 2, 1])
    candidates = [discrete.fbeta(g, r, B2) for g, r in vertices[1:]]
    fstar = sp.Max(*candidates)
    d.define(r"F^*_\beta", fstar, "the best F-beta: the largest value at the three vertices")

    def all_tests(epsilon, beta):
        w = [mp.exp(epsilon * u / 2) for u in UTIL_D]
        wp = [mp.exp(epsilon * u / 2) for u in UTIL_DP]
        return discrete.fbeta_star_all_tests([v / sum(w) for v in w], [v / sum(wp) for v in wp], beta)
    d.cross_check("em:all-tests", fstar, all_tests, EB, text="against the best of all deterministic tests")


def composition(d):
    k, x = sp.symbols("k x", positive=True)
    s = sp.Symbol("S", real=True)
    loss = mu * s - k * mu**2 / 2                      # log LR of k releases, S = sum of outputs / sigma
    d.identity("comp:gaussian", loss, (mu * sp.sqrt(k)) * (s / sp.sqrt(k)) - (mu * sp.sqrt(k)) ** 2 / 2,
               text=r"$k$ Gaussian releases: the loss depends on $S/\sqrt{k} \sim N(\mu\sqrt{k}, 1)$ under $h_1$: "
                    r"exactly one Gaussian with $\mu\sqrt{k}$")
    rows = []
    with mp.workdps(20):
        m = gaussian.classic_mu(1, "1e-5")
        for kk in (1, 2, 3, 4, 8):
            exact = gaussian.fbeta_star(m * mp.sqrt(kk), 1)
            naive = gaussian.fbeta_star(m * kk, 1)
            lap = laplace_loss.fbeta_star([1] * kk, 1) if kk <= 2 else None
            with mp.workdps(60):   # an upper bound: printed rounded up (symdp.engine.enclose.bounds)
                bound = str(safe_round(max(mp.exp(kk) / (1 + mp.exp(kk)), mp.mpf(2) / 3), AT_LEAST, 8))
            rows.append((str(kk), mp.nstr(exact, 8), mp.nstr(naive, 8),
                         "—" if lap is None else mp.nstr(lap, 8), mp.nstr(laplace_fstar(kk, 1), 8), bound))
    d.table("composition", "Best F1 after k releases: Gaussian (classical calibration at eps = 1, delta = 1e-5) "
            "exactly (mu sqrt k) and if mu added up (k mu); Laplace at eps = 1 exactly (k <= 2, two-coordinate "
            "privacy loss), a single Laplace at k eps, and the bound every k eps-DP mechanism obeys (rr:optimal at "
            "k eps; rounded up, since it is an upper bound)",
            ("k", "Gauss exact", "Gauss k mu", "Laplace exact", "Laplace k eps", "k eps-DP bound"), rows)


@derivation(id="liu2019.beyond", title="Randomized response, the exponential mechanism, composition",
            paper=PAPER, where="Sec. 7 (future directions)")
def beyond(d):
    edges(d)
    randomized_response(d)
    exponential(d)
    composition(d)
