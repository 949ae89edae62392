"""Liu et al. (PoPETs 2019), Sec. 4.3 and appendix 10.4: the Gaussian mechanism.

The Neyman-Pearson test (Thm 6, Eq. 29), precision and recall (Eq. 14), the
highest F-beta (Eq. 15: no closed form; the stationarity condition is derived
and its root is unique), and the calibrations: the classical one the paper
uses and the analytic one of Balle and Wang (2018) that the paper names as
future work.
"""
import mpmath as mp
import sympy as sp

from symdp import Status, derivation, quote
from symdp.latex import NOTATION
from symdp.adversary import gaussian as numeric
from symdp.adversary import metrics
from symdp.engine.enclose.bounds import AT_MOST, safe_round
from symdp.engine.sampling.oracles import maximize
from symdp.mechanisms import gaussian
from symdp.symbols import NEIGHBOURS, QD, QDp, alpha, beta, delta, dQ, eps, mu, o, sigma, tau, theta, z

PAPER = "000_0f0c1e9c4d2d1ce3.txt"
B2 = beta**2
DELTA = {delta: sp.Interval.open(0, 1)}
AT_TAU = {theta: QDp + sigma * tau}
K = sp.Symbol("k", real=True)
PRINTED_SIGMA = sp.sqrt(2 * sp.log(sp.Rational(5, 4) / delta) * dQ / eps)
"""The noise scale as Sec. 4.3 prints it (sec4.3:sigma: misprinted; the proof of Thm 6 writes it out)."""
ERFC = NOTATION.extend(functions={r"\Phi": gaussian.cdf, r"\Phi^{-1}": gaussian.quantile})
"""Phi and its inverse in the library's erfc form, which the symbolic provers reduce."""
EQ14_PRECISION = (r"\frac{1 - \Phi\left(\frac{\theta - Q(D)}{\sigma}\right)}{2 - \Phi\left(\frac{\theta - Q(D)}"
                  r"{\sigma}\right) - \Phi\left(\frac{\theta - Q(D')}{\sigma}\right)}")
EQ15 = (r"\frac{(1 + \beta^2) \left(1 - \Phi\left(\frac{\theta - Q(D)}{\sigma}\right)\right)}{2 + \beta^2 - "
        r"\Phi\left(\frac{\theta - Q(D)}{\sigma}\right) - \Phi\left(\frac{\theta - Q(D')}{\sigma}\right)}")


def likelihood_ratio(d):
    lr = d.define(r"\Lambda(o)", gaussian.likelihood_ratio(o), "ratio of the two normal densities")
    lr = d.rewrite(r"\Lambda(o)", sp.powsimp(lr.subs(NEIGHBOURS)), "simplify", r"with $Q(D) = Q(D') + \Delta Q$")
    simple = sp.exp(dQ * (2 * o - QD - QDp) / (2 * sigma**2))
    d.identity("eq29:derived", lr, simple.subs(NEIGHBOURS), text=r"$\Lambda(o) = e^{\Delta Q(2o - Q(D) - Q(D'))/(2\sigma^2)}$")
    lr = simple.subs(NEIGHBOURS)
    d.monotone("eq29:increasing", lr, o, True, text=r"so $\Lambda(o) \ge \lambda$ is $o \ge \theta$")
    classic = gaussian.classic_sigma()
    sigma_text = quote(PAPER, line=299, latex=r"\sqrt{2 \log(1.25/\delta) \Delta Q / \epsilon}")
    d.printed("sec4.3:sigma", sigma_text, classic, DELTA, where="Sec. 4.3 (noise scale)", expect=Status.ERRATUM,
              text=r"printed $\sigma = \sqrt{2\log(1.25/\delta)\Delta Q/\epsilon}$; the classical calibration "
                   r"(Dwork and Roth 2014, Thm A.1) is $\sigma = \sqrt{2\log(1.25/\delta)}\,\Delta Q/\epsilon$")
    eq29 = r"\exp\left(\frac{\Delta Q(2o - Q(D) - Q(D'))}{4 \log(1.25/\delta) \Delta Q/\epsilon}\right)"
    d.printed("eq29", quote(PAPER, line=595, number="(29)", latex=eq29), lr.subs(sigma, classic), DELTA,
              where="Eq. 29", expect=Status.ERRATUM, notation=NOTATION.extend(symbols={"Q(D)": NEIGHBOURS[QD]}),
              text=r"Eq. 29 uses the variance $2\log(1.25/\delta)\Delta Q/\epsilon$ of the misprinted $\sigma$; "
                   r"with $\sigma^2 = 2\log(1.25/\delta)\Delta Q^2/\epsilon^2$ the exponent is "
                   r"$\epsilon^2 \Delta Q(2o - Q(D) - Q(D'))/(4\log(1.25/\delta)\Delta Q^2)$")


def threshold(d):
    """Thm 6: P_FA by integration, then theta from alpha; P_TD."""
    pfa_k = d.integrate(r"P_{FA}|_{\theta = Q(D') + k\sigma}", sp.exp(-z**2 / 2) / sp.sqrt(2 * sp.pi), (z, K, sp.oo),
                        text="integrate the standard normal density above the standardised threshold")
    pfa = pfa_k.subs(K, (theta - QDp) / sigma)
    d.identity("thm6:gsr", gaussian.gsr(theta), pfa, text="the library's GSR is the false-alarm rate just derived")
    value = r"1 - \Phi\left(\frac{\theta-Q(D')}{\sqrt{2 \log(1.25/\delta) \Delta Q/\epsilon}}\right)"
    d.printed("thm6:pfa", quote(PAPER, line=597, latex=value), pfa.subs(sigma, PRINTED_SIGMA), DELTA,
              notation=ERFC, where="proof of Thm 6 (value of P_FA)",
              text=r"the proof writes $\sigma$ out as Sec. 4.3 prints it (misprinted: sec4.3:sigma); in that "
                   r"$\sigma$ the value is right")
    densities = ERFC.extend(symbols={r"\mathbb{P}(A(D') = o)": gaussian.density(o, QDp),
                                     r"\mathbb{P}(A(D) = o)": gaussian.density(o, QD)})
    pfa_text = r"1 - \int_{\theta}^{\infty} \mathbb{P}(A(D') = o) do"
    d.printed("thm6:pfa-integral", quote(PAPER, line=597, latex=pfa_text), pfa,
              where="proof of Thm 6 (P_FA as 1 - integral)", notation=densities,
              expect=Status.ERRATUM, text=r"as in Thm 3: $1 - \int_\theta^\infty P(\mathcal{A}(D') = o)\,do$ is "
                                          r"$1 - P_{FA}$; the value printed next to it is right")
    ptd = pfa.subs(QDp, QD)
    ptd_text = r"1 - \int_{\theta}^{\infty} \mathbb{P}(A(D) = o) do"
    d.printed("thm6:ptd-integral", quote(PAPER, line=597, latex=ptd_text), ptd,
              where="proof of Thm 6 (P_TD as 1 - integral)", notation=densities,
              expect=Status.ERRATUM, text=r"the same slip for $P_{TD}$; the printed value "
                                          r"$1 - \Phi((\theta - Q(D))/\sigma)$ is right")
    (theta_alpha,) = d.solve(r"\theta(\alpha)", pfa - alpha, theta, r"solve $P_{FA}(\theta) = \alpha$")
    theta_text = quote(PAPER, line=303, latex=r"\theta = \Phi^{-1}(1-\alpha)\sigma + Q(D')")
    d.printed("thm6:theta", theta_text, theta_alpha,
              {alpha: sp.Interval.open(0, 1)}, notation=ERFC, where="Thm 6")


def pr_relation(d):
    """Eq. 14 and the analogue of Theorem 5: the PR-relation depends on mu = Delta Q/sigma only."""
    r, g = gaussian.rsr(), gaussian.gsr()
    prec = d.define(r"\mathrm{precision}", metrics.precision(r, g), "Eq. 11 with the Gaussian tails")
    cdf_d, cdf_dp = gaussian.cdf((theta - QD) / sigma), gaussian.cdf((theta - QDp) / sigma)
    d.printed("eq14:precision", quote(PAPER, line=312, number="(14)", latex=EQ14_PRECISION), prec,
              notation=ERFC, where="Eq. 14 (precision)")
    recall = r"\text{recall} &= 1 - \Phi\left(\frac{\theta - Q(D)}{\sigma}\right)"
    d.printed("eq14:recall", quote(PAPER, line=312, number="(14)", latex=recall), metrics.recall(r),
              notation=ERFC, where="Eq. 14 (recall)")
    to_mu = {**AT_TAU, QD: QDp + mu * sigma}
    prec_mu = d.substitute(r"\mathrm{precision}", prec, to_mu,
                           r"$\theta = Q(D') + \sigma\tau$, $\Delta Q = \mu\sigma$")
    d.identity("thm5-analogue", prec_mu, metrics.precision(gaussian.tail(tau - mu), gaussian.tail(tau)),
               text=r"free of $Q(D')$ and $\sigma$: the PR-relation depends on $\mu = \Delta Q/\sigma$ only")
    fb = metrics.fbeta(prec, metrics.recall(r))
    d.printed("eq15", quote(PAPER, line=318, number="(15)", latex=EQ15), fb, notation=ERFC,
              where="Eq. 15 (the objective)")


def stationary(d):
    """f = (GSR + beta^2)/RSR in tau; its derivative's sign is that of k(tau), which increases."""
    r, g = gaussian.tail(tau - mu), gaussian.tail(tau)
    f = d.define("f", (g + B2) / r, r"$F_\beta = (1+\beta^2)/(1+f)$ (appendix 10.3, first display)")
    df = d.differentiate(r"\partial f/\partial\tau", f, tau)
    phi = sp.exp(-(tau - mu) ** 2 / 2) / sp.sqrt(2 * sp.pi)
    k = g + B2 - r * sp.exp(mu**2 / 2 - mu * tau)
    d.identity("stationary:factor", df, phi * k / r**2, text=r"$\partial f/\partial\tau = \varphi(\tau-\mu)\,k(\tau)/\mathrm{RSR}^2$")
    dk = d.differentiate(r"k'(\tau)", k, tau)
    d.identity("stationary:k-slope", dk, mu * r * sp.exp(mu**2 / 2 - mu * tau),
               text=r"the normal densities cancel: $\varphi(\tau-\mu) e^{\mu^2/2-\mu\tau} = \varphi(\tau)$")
    d.sign("stationary:k-increasing", mu * r * sp.exp(mu**2 / 2 - mu * tau), "positive",
           text=r"$k$ strictly increases: at most one stationary point, and it is a minimum of $f$")
    lo = d.limit(r"\lim_{\tau\to-\infty} k", k, tau, -sp.oo)
    hi = d.limit(r"\lim_{\tau\to\infty} k", k, tau, sp.oo)
    d.identity("stationary:k-left", lo, -sp.oo, text=r"$k \to -\infty$ as $\tau \to -\infty$")
    d.identity("stationary:k-right", hi, B2, text=r"$k \to \beta^2 > 0$: exactly one root $\tau^*$, always attained")
    at_root = d.substitute(r"f(\tau^*)", f, {sp.erfc(tau / sp.sqrt(2)): 2 * (r * sp.exp(mu**2 / 2 - mu * tau) - B2)},
                           r"at the root, $\mathrm{GSR} + \beta^2 = \mathrm{RSR}\,e^{\mu^2/2-\mu\tau^*}$")
    d.identity("stationary:optimum", (1 + B2) / (1 + at_root), (1 + B2) / (1 + sp.exp(mu**2 / 2 - mu * tau)),
               text=r"so $F^*_\beta = (1+\beta^2)/(1 + e^{\mu^2/2 - \mu\tau^*})$")
    dfdmu = sp.diff((1 + B2) * r / (r + g + B2), mu)
    d.sign("fstar:increasing-in-mu", dfdmu, "positive",
           text=r"at fixed $\tau$, $F_\beta$ increases in $\mu$; by the envelope argument so does $F^*_\beta$")


def brute_force(mu, beta):
    """Oracle: maximise F-beta over tau by search, from the normal tails alone."""
    tail = lambda v: mp.erfc(v / mp.sqrt(2)) / 2
    b2 = beta**2
    fb = lambda t: (1 + b2) * tail(t - mu) / (tail(t - mu) + tail(t) + b2)
    lo = -40 - 4 * b2 / mu
    return maximize(fb, lo, mu + 40, grid=600)[1]


def fstar_checks(d):
    mu_beta = {mu: sp.Interval.open(sp.Rational(1, 20), 40), beta: sp.Interval.open(sp.Rational(1, 10), 10)}
    gain = lambda mu, beta: numeric.fbeta_star(mu, beta) - (1 + beta**2) / (2 + beta**2)
    d.cross_check("eq15:gain", numeric.fbeta_star_gain, gain, mu_beta, n=12,
                  text=r"the cancellation-free $F^*_\beta - (1+\beta^2)/(2+\beta^2)$ against the plain difference")
    d.cross_check("eq15:brute-force", numeric.fbeta_star, brute_force, mu_beta, n=20,
                     text=r"the root of $k$ (library, 50 digits) against maximising $F_\beta$ over $\tau$ by "
                          "grid and golden-section search")


def pr_points(m):
    """(recall, precision) of the test tau >= t for N(mu, 1) vs N(0, 1), t over [-4, mu + 4]."""
    tail = lambda v: mp.erfc(v / mp.sqrt(2)) / 2
    pts = []
    for k in range(61):
        t = -4 + (m + 8) * k / 60
        r, g = tail(t - m), tail(t)
        pts.append((r, r / (r + g)))
    return pts


def figure4(d):
    """Figure 4: PR-relations of the classically calibrated Gaussian mechanism, varying eps and delta."""
    with mp.workdps(20):
        by_eps = {rf"$\epsilon = {e}$": pr_points(numeric.classic_mu(e, "1e-5")) for e in ("0.1", "0.5", "1", "2")}
        by_delta = {rf"$\delta = {dl}$": pr_points(numeric.classic_mu(1, dl)) for dl in ("1e-2", "1e-5", "1e-10")}
    d.figure("fig4a", "PR-relation against the Gaussian mechanism (classical calibration, delta = 1e-5), varying "
             "epsilon (Figure 4(a) regenerated; delta and the epsilon values are chosen, the text gives none)",
             "recall", "precision", by_eps)
    d.figure("fig4b", "The same at epsilon = 1, varying delta (Figure 4(b) regenerated; epsilon and the delta values "
             "are chosen, the text gives none)", "recall", "precision",
             by_delta)


@derivation(id="liu2019.gaussian-np-test", title="Neyman-Pearson test against the Gaussian mechanism",
            paper=PAPER, where="Sec. 4.3, Theorem 6; appendix 10.4, Eq. 29")
def gaussian_np_test(d):
    likelihood_ratio(d)
    threshold(d)


@derivation(id="liu2019.fbeta-gaussian", title="Precision, recall and the highest F-beta against the Gaussian mechanism",
            paper=PAPER, where="Sec. 4.3, Eq. 14-15, Figure 4")
def fbeta_gaussian(d):
    pr_relation(d)
    stationary(d)
    fstar_checks(d)
    figure4(d)


def privacy_profile_quadrature(mu, epsilon):
    """Oracle: delta(eps) = int max(0, p1 - e^eps p0) for p1 = N(mu, 1), p0 = N(0, 1), by quadrature.

    Above the crossing point v* = eps/mu + mu/2 the integrand is
    phi(v - mu) (1 - e^{-mu (v - v*)}).  mpmath's quad tests convergence
    against an absolute tolerance, so far in the tail (delta ~ 1e-2000) the
    integrand is divided by phi(v* - mu) and the integral rescaled.
    """
    a = epsilon / mu - mu / 2                     # v* - mu
    if a <= 1:
        pdf = lambda v: mp.exp(-v * v / 2) / mp.sqrt(2 * mp.pi)
        return mp.quad(lambda u: pdf(a + u) * -mp.expm1(-mu * u), [0, 1, 4, 16, mp.inf])
    h = 1 / (1 + a)                               # the integrand decays on this scale
    scaled = lambda s: mp.exp(-a * s * h - (s * h) ** 2 / 2) * -mp.expm1(-mu * s * h) * h
    return mp.exp(-a * a / 2) / mp.sqrt(2 * mp.pi) * mp.quad(scaled, [0, 1, 4, 16, mp.inf])


CALIBRATION_GRID = (("0.1", "1e-5"), ("0.5", "1e-5"), ("1", "1e-5"), ("2", "1e-5"), ("4", "1e-5"),
                    ("1", "1e-10"), ("1", "1e-100"), ("1", "1e-300"))


def calibrations(d):
    prof = d.define(r"\delta(\epsilon)", gaussian.analytic_delta(), r"privacy profile of $N(\mu,1)$ vs $N(0,1)$, "
                    r"$\mu = \Delta Q/\sigma$ (Balle and Wang 2018, Thm 8)")
    dom = {mu: sp.Interval.open(sp.Rational(1, 20), 20), eps: sp.Interval.open(0, 10)}
    d.cross_check("analytic:profile", prof, privacy_profile_quadrature, dom, n=16,
                  text="against numerical integration of the two densities")
    a, b = mu / 2 - eps / mu, -mu / 2 - eps / mu
    phi = lambda v: sp.exp(-v**2 / 2) / sp.sqrt(2 * sp.pi)
    d.identity("analytic:densities", sp.exp(eps) * phi(b), phi(a), hint="exp/log expansion",
               text=r"$e^\epsilon \varphi(-\mu/2 - \epsilon/\mu) = \varphi(\mu/2 - \epsilon/\mu)$")
    d_mu = d.differentiate(r"\partial\delta/\partial\mu", prof, mu)
    d.identity("analytic:slope-mu", d_mu, phi(a), hint="exp/log expansion")
    d.sign("analytic:increasing-in-mu", phi(a), "positive",
           text=r"$\delta$ increases in $\mu$: the largest admissible $\mu$ for $(\epsilon, \delta)$ is a unique root")
    d_eps = d.differentiate(r"\partial\delta/\partial\epsilon", prof, eps)
    d.identity("analytic:slope-eps", d_eps, -sp.exp(eps) * gaussian.cdf(b), hint="exp/log expansion")
    d.sign("analytic:decreasing-in-eps", -sp.exp(eps) * gaussian.cdf(b), "negative",
           text=r"$\delta$ decreases in $\epsilon$: the least $\epsilon$ for a given $(\mu, \delta)$ is a unique root")
    mu_classic = eps / sp.sqrt(2 * sp.log(sp.Rational(5, 4) / delta))
    slack = delta - gaussian.analytic_delta(mu_classic, eps)
    d.sign("classic:valid-eps-below-1", slack, "nonnegative", {eps: sp.Interval.open(0, 1), **DELTA},
           text=r"the classical calibration is $(\epsilon,\delta)$-DP for $\epsilon < 1$ (Dwork and Roth, Thm A.1)")
    d.sign("classic:fails-above-1", slack, "nonnegative", {eps: sp.Interval.open(1, 20), **DELTA},
           expect=Status.REFUTED,
           text=r"beyond $\epsilon = 1$ it is not: the paper applies it without that restriction, so its "
                r"Gaussian curves for $\epsilon > 1$ may describe mechanisms that are not $(\epsilon,\delta)$-DP")


def truncated(value, digits: int) -> str:
    """``value`` (> 0) cut to ``digits`` significant digits toward zero: the safe side of a largest mu."""
    decimals = digits - 1 - int(mp.floor(mp.log10(value)))
    return str(safe_round(value, AT_MOST, max(decimals, 0)))


def comparison(d):
    with mp.workdps(numeric.DPS):
        _comparison(d)


def _comparison(d):
    rows = []
    for e, dl in CALIBRATION_GRID:
        mc, ma = numeric.classic_mu(e, dl), numeric.analytic_mu(e, dl)
        gc, ga = numeric.fbeta_star_gain(mc, 1), numeric.fbeta_star_gain(ma, 1)
        valid = numeric.analytic_delta(mc, e) <= mp.mpf(dl)
        rows.append((e, dl, truncated(mc, 6), truncated(ma, 6), mp.nstr(gc, 3) + ("" if valid else " (not DP)"),
                     mp.nstr(ga, 3), mp.nstr(ga / gc, 3)))
    d.table("calibration", "Best adversary's F-beta (beta = 1) above the no-information value 2/3, against the "
            "classical and the analytic calibration at the same (epsilon, delta); mu = Delta Q / sigma, truncated to "
            "6 significant digits (a larger mu, i.e. less noise, would break the calibration)",
            ("epsilon", "delta", "mu classic", "mu analytic", "F* - 2/3 classic", "F* - 2/3 analytic", "ratio"), rows)
    series = {}
    grid = [mp.mpf(k) / 20 for k in range(1, 81)]
    for name, cal in (("classical", numeric.classic_mu), ("analytic", numeric.analytic_mu)):
        series[name] = [(e, numeric.fbeta_star(cal(e, "1e-5"), 1)) for e in grid]
    d.figure("fig-calibration", "Highest F-beta (beta = 1) against epsilon at delta = 1e-5, classical vs "
             "analytic Gaussian calibration", r"$\epsilon$", r"$F^*_1$", series)


@derivation(id="liu2019.analytic-gaussian", title="Analytic versus classical Gaussian calibration",
            paper=PAPER, where="Sec. 4.3 (future direction: Balle and Wang 2018)")
def analytic_gaussian(d):
    calibrations(d)
    comparison(d)
