"""Jia et al., Total variation distance privacy (2023), Sec. 2.4 and 4.3-4.4: composition.

Theorem 6 (naive, 1 - (1 - a1)(1 - a2)): valid and tight, attained by two 'leak'
mechanisms (each reveals its input with probability a_i); randomized response
does not attain it (two copies stay at alpha).  Theorem 7 (KL with Pinsker):
valid; Pinsker is proved here for two-point distributions (data processing
reduces the general case to them) and is never attained for alpha > 0, but its
constant is sharp (randomized response as eps -> 0); for Gaussian mechanisms
it overstates the TV by a factor of at least sqrt(pi/2).  Bretagnolle-Huber
sqrt(1 - e^{-D}) beats Pinsker exactly for D > D* = 2 + W(-2 e^{-2}) = 1.5936,
not only for D >= 2 as Sec. 2.4 suggests.  Theorem 8 (parallel, max a_i):
exact (TV is unchanged by an identical independent block), so tight.  Theorem 9
(chained, a1 a2): fails if M2 is only alpha2-TVD between *neighbouring* inputs
(a counterexample with TV 2 a1 a2); Proof 6 uses the bound for every pair of
inputs, under which it holds and is attained.  Theorem 10 (sampling, q alpha):
the mixture identity makes it exact for a single sample, attained.
"""
import sys
from pathlib import Path

import mpmath as mp
import sympy as sp

from symdp import Status, derivation
from symdp.symbols import eps

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _a_helpers as H  # noqa: E402

PAPER = "003_0de8f9880065b2b9.txt"
a1, a2, q, D = sp.symbols("alpha_1 alpha_2 q D", positive=True)
p_, q_ = sp.symbols("p q_0", positive=True)   # two-point distributions (p, 1 - p) and (q_0, 1 - q_0)
t = sp.Symbol("t", real=True)
r = sp.Symbol("r", nonnegative=True)
UNIT = sp.Interval.open(0, 1)
PAIRS = {a1: UNIT, a2: UNIT}
TWO_POINT = {p_: UNIT, q_: UNIT}


def tv_of(P, Q):
    """sum_o max(P(o) - Q(o), 0) of two finite distributions given as dicts of SymPy expressions."""
    return sum(sp.Max(P.get(k, 0) - Q.get(k, 0), 0) for k in set(P) | set(Q))


def prod2(P, Q):
    return {(i, j): P[i] * Q[j] for i in P for j in Q}


def naive(d):
    """Theorem 6."""
    leak = lambda al, tag: {"c": 1 - al, tag: al}
    tv12 = tv_of(prod2(leak(a1, "x"), leak(a2, "x")), prod2(leak(a1, "y"), leak(a2, "y")))
    d.identity("thm6:attained", tv12, a1 + a2 - a1 * a2, PAIRS,
               text=r"tight: the leak mechanisms ($\mathcal{M}_i(X)$ = a common output w.p. $1 - \alpha_i$, else an "
                    r"output only $X$ produces) are $\alpha_i$-TVD and their composition has TV exactly "
                    r"$\alpha_1 + \alpha_2 - \alpha_1\alpha_2$")
    u, v, w_, z_ = sp.symbols("u v w z", positive=True)
    d.sign("thm6:overlap", sp.Min(u * v, w_ * z_) - sp.Min(u, w_) * sp.Min(v, z_), "nonnegative",
           text=r"validity (Proof 3's overlap argument): $\min(p_1p_2, q_1q_2) \ge \min(p_1, q_1)\min(p_2, q_2)$ "
                r"termwise, so the overlap $1 - D_{TV}$ of the products is at least $(1 - \alpha_1)(1 - \alpha_2)$")
    pr = (1 + a1) / 2
    rr = lambda bit: {bit: pr, 1 - bit: 1 - pr}
    d.identity("thm6:rr-two-fold", tv_of(prod2(rr(0), rr(0)), prod2(rr(1), rr(1))), a1, {a1: UNIT},
               text=r"randomized response with TV $\alpha$ composed twice is still at TV $\alpha$ (the outputs 01 "
                    r"and 10 are equally likely under both inputs): the bound is the worst case, not every mechanism's")


def bernoulli_kl(p, q):
    return p * sp.log(p / q) + (1 - p) * sp.log((1 - p) / (1 - q))


def pinsker_bh(d):
    """Pinsker and Bretagnolle-Huber for two-point distributions, and where each is better."""
    gap = bernoulli_kl(p_, q_) - 2 * (p_ - q_) ** 2
    d.identity("pinsker:slope", sp.diff(gap, q_), (q_ - p_) * (1 - 2 * q_) ** 2 / (q_ * (1 - q_)), TWO_POINT,
               text=r"$\partial_q[\mathrm{kl}(p\|q) - 2(p - q)^2] = (q - p)(1 - 2q)^2/(q(1-q))$: it falls for "
                    r"$q < p$ and rises for $q > p$")
    d.identity("pinsker:zero", gap.subs(q_, p_), 0, TWO_POINT,
               text=r"and vanishes at $q = p$: $\mathrm{kl}(p\|q) \ge 2(p - q)^2$, i.e. $D_{TV} \le \sqrt{D_{KL}/2}$ "
                    r"for two-point distributions; data processing ($D_{KL}(P\|Q) \ge \mathrm{kl}(P(S)\|Q(S))$ for the "
                    r"optimal $S$) gives the general Pinsker inequality used by Theorem 7")
    d.sign("pinsker:strict", gap, "positive", {p_: sp.Interval.open(sp.Rational(1, 2), 1),
                                               q_: sp.Interval.open(0, sp.Rational(1, 2))},
           text=r"strict off the diagonal: Pinsker is never attained by a mechanism with $\alpha > 0$")
    bc = sp.sqrt(p_ * q_) + sp.sqrt((1 - p_) * (1 - q_))
    d.sign("bh:bhattacharyya", 1 - (p_ - q_) ** 2 - bc**2, "nonnegative", TWO_POINT,
           text=r"Bretagnolle-Huber: $(\sqrt{pq} + \sqrt{(1-p)(1-q)})^2 \le 1 - (p - q)^2$ (Cauchy-Schwarz)")
    d.sign("bh:two-point", bernoulli_kl(p_, q_) + sp.log(1 - (p_ - q_) ** 2), "nonnegative", TWO_POINT,
           text=r"and with Jensen ($\mathrm{BC}^2 \ge e^{-\mathrm{kl}}$): $\mathrm{kl}(p\|q) \ge -\log(1 - (p-q)^2)$, "
                r"i.e. $D_{TV} \le \sqrt{1 - e^{-D_{KL}}}$, valid for every $D_{KL}$ (below 1 always)")
    dstar = 2 + sp.LambertW(-2 * sp.exp(-2))
    d.identity("bh:crossing", dstar / 2, 1 - sp.exp(-dstar), hint="simplify",
               text=r"Pinsker and Bretagnolle-Huber cross at $D^* = 2 + W_0(-2e^{-2}) = 1.5936$")
    diff = D / 2 - (1 - sp.exp(-D))
    d.sign("bh:pinsker-better-below", diff, "negative", {D: sp.Interval.open(0, sp.Rational(159, 100))},
           text=r"below $D^*$ Pinsker's bound is the smaller")
    d.sign("bh:bh-better-above", diff, "positive", {D: sp.Interval.open(sp.Rational(8, 5), sp.oo)},
           text=r"above it Bretagnolle-Huber's: Sec. 2.4 and Theorem 7 switch only at $D \ge 2$ (where Pinsker "
                r"reaches 1); on $(1.594, 2)$ the paper's rule keeps the weaker bound. Sec. 2.4's $\max$ over the two "
                r"directions is valid but the $\min$ is too ($D_{TV}$ is symmetric)")


def kl_composition(d):
    """Theorem 7 and how tight it is."""
    lp, lq, mp_, mq = sp.symbols("p_1 q_1 p_2 q_2", positive=True)
    d.identity("thm7:additive", sp.log((lp * mp_) / (lq * mq)), sp.log(lp / lq) + sp.log(mp_ / mq),
               hint="exp/log expansion", text=r"the privacy loss of the pair is the sum of the losses: KL adds up "
                                              r"under independent composition (Proof 4)")
    xg = sp.Symbol("x", positive=True)          # sqrt(k) mu / 2
    d.monotone("thm7:gauss-loose", xg * sp.sqrt(2 / sp.pi) - sp.erf(xg / sp.sqrt(2)), xg, True,
               text=r"for $k$ Gaussian mechanisms ($D_{KL} = \mu^2/2$ each) the exact TV is $2\Phi(x) - 1 = "
                    r"\mathrm{erf}(x/\sqrt2)$, $x = \sqrt k\mu/2$, and Pinsker gives $x$; $x\sqrt{2/\pi} - "
                    r"\mathrm{erf}(x/\sqrt2)$ rises from 0, so Pinsker overstates the Gaussian TV by a factor "
                    r"$\ge \sqrt{\pi/2} = 1.2533$ at every $k$ and $\mu$")
    alpha_rr = sp.tanh(eps / 2)
    p = (1 + alpha_rr) / 2
    kl_rr = d.define(r"D_{KL}(\mathrm{RR}_\epsilon)", bernoulli_kl(p, 1 - p), "randomized response, either direction")
    d.identity("thm7:rr-kl", kl_rr, eps * sp.tanh(eps / 2), hint="simplify",
               text=r"$D_{KL} = \epsilon\tanh(\epsilon/2)$ for randomized response")
    ratio = sp.sqrt(2 * sp.tanh(eps / 2) / eps)
    d.identity("thm7:rr-ratio", alpha_rr / sp.sqrt(eps * sp.tanh(eps / 2) / 2), ratio,
               text=r"its TV over Pinsker's bound is $\sqrt{2\tanh(\epsilon/2)/\epsilon}$")
    lim = d.limit(r"\lim_{\epsilon\to 0}", ratio, eps, 0)
    d.identity("thm7:constant-sharp", lim, 1, text=r"which tends to 1: no constant below $1/2$ works in Pinsker, "
                                                     r"Theorem 7 is asymptotically tight for one weak mechanism")
    composition_table(d)


def composition_table(d):
    rows, series = [], {}
    with mp.workdps(30):
        e = mp.mpf("0.5")
        prr = mp.e**e / (1 + mp.e**e)
        alpha, kl = mp.tanh(e / 2), e * mp.tanh(e / 2)
        m = 2 * mp.erfinv(alpha) * mp.sqrt(2)                     # the Gaussian with the same TV
        for k in (1, 2, 4, 8, 16):
            exact_rr = H.kfold_rr_tv(k, prr)
            exact_g = 2 * mp.ncdf(mp.sqrt(k) * m / 2) - 1
            rows.append((str(k), mp.nstr(exact_rr, 5), mp.nstr(exact_g, 5), mp.nstr(1 - (1 - alpha) ** k, 5),
                         mp.nstr(mp.sqrt(k * kl / 2), 5), mp.nstr(mp.sqrt(1 - mp.exp(-k * kl)), 5),
                         mp.nstr(mp.sqrt(k * m**2 / 4), 5)))
        ks = list(range(1, 41))
        series = {r"exact, Gaussian": [(k, 2 * mp.ncdf(mp.sqrt(k) * m / 2) - 1) for k in ks],
                  r"Pinsker (Thm 7), Gaussian": [(k, min(1, mp.sqrt(k) * m / 2)) for k in ks],
                  r"Bretagnolle--Huber, Gaussian": [(k, mp.sqrt(1 - mp.exp(-k * m**2 / 2))) for k in ks],
                  r"naive (Thm 6)": [(k, 1 - (1 - alpha) ** k) for k in ks]}
    d.table("composition", "k-fold composition of mechanisms with TV tanh(1/4) = 0.2449 each: randomized response "
            "(eps = 0.5; exact by enumerating 2^k outputs) and the Gaussian mechanism with the same TV "
            "(mu = 0.6218), against Theorem 6 (naive, exact for leak mechanisms), Theorem 7 (Pinsker) and "
            "Bretagnolle-Huber with the KL of randomized response (eps tanh(eps/2) per step), and Pinsker with "
            "the Gaussian's KL (mu^2/2 per step)",
            ("k", "exact RR", "exact Gaussian", "naive", "Pinsker (RR KL)", "BH (RR KL)", "Pinsker (Gauss KL)"), rows)
    d.figure("composition", r"TV of $k$-fold composition of the Gaussian mechanism with TV 0.2449 per step: exact "
             r"against Theorem 6, Theorem 7 (Pinsker, capped at 1) and Bretagnolle--Huber",
             r"$k$", r"$D_{TV}$", series)


def parallel(d):
    """Theorem 8: an identical independent block leaves the TV unchanged."""
    d.identity("thm8:block", sp.Max(r * t, 0), r * sp.Max(t, 0), {r: sp.Interval(0, 1)},
               text=r"$\max(r_j(p_i - q_i), 0) = r_j \max(p_i - q_i, 0)$; summed over the unchanged block's outputs "
                    r"$j$ ($\sum_j r_j = 1$): $D_{TV}(P \otimes R, Q \otimes R) = D_{TV}(P, Q)$ for every event, not "
                    r"only the product events of Proof 5")
    P, Q, R = {0: p_, 1: 1 - p_}, {0: q_, 1: 1 - q_}, {0: r, 1: 1 - r}
    d.identity("thm8:attained", tv_of(prod2(P, R), prod2(Q, R)), tv_of(P, Q), {**TWO_POINT, r: UNIT},
               text=r"so the composition is exactly as private as the block that differs: $\max_i \alpha_i$ is "
                    r"attained (tight)")


def chained(d):
    """Theorem 9: the chained bound needs M2's guarantee between every pair of inputs."""
    lo = sp.Interval.open(0, sp.Rational(1, 2))
    m2 = lambda ones: {1: ones * a2, 0: 1 - ones * a2}        # Bernoulli(alpha_2 * number of ones)
    out_x = {o: (1 - a1) * m2(0)[o] + a1 * m2(2)[o] for o in (0, 1)}
    out_xp = m2(0)
    chain = d.define(r"D_{TV}(\mathcal{M}_2 \circ \mathcal{M}_1)", tv_of(out_x, out_xp),
                     r"$\mathcal{M}_1(X) = 11$ w.p. $\alpha_1$, else 00; $\mathcal{M}_1(X') = 00$; $\mathcal{M}_2(y) = "
                     r"\mathrm{Bernoulli}(\alpha_2 \cdot \#\text{ones}(y))$, $\alpha_2 \le 1/2$: $\alpha_2$-TVD between "
                     r"neighbouring $y$ (one bit apart)")
    d.identity("thm9:counterexample-tv", chain, 2 * a1 * a2, {a1: UNIT, a2: lo})
    d.sign("thm9:neighbour-reading", a1 * a2 - chain, "nonnegative", {a1: UNIT, a2: lo}, expect=Status.REFUTED,
           text=r"read with $\mathcal{M}_2$ private only between neighbouring inputs, Theorem 9 fails: the chain "
                r"has TV $2\alpha_1\alpha_2 > \alpha_1\alpha_2$ (00 and 11 are two records apart)")
    g1, g2 = sp.symbols("g_1 g_2", nonnegative=True)
    d.identity("thm9:two-point", (p_ * g1 + (1 - p_) * g2) - (q_ * g1 + (1 - q_) * g2), (p_ - q_) * (g1 - g2),
               text=r"Proof 6's step: $\Pr[\mathcal{M}_2(\mathcal{M}_1(X)) \in Z] - \Pr[\ldots(X')\ldots] = "
                    r"\sum_y (p_y - q_y) g_y \le \alpha_1 (\max g - \min g)$; $\max g - \min g \le \alpha_2$ needs "
                    r"$D_{TV}(\mathcal{M}_2(y), \mathcal{M}_2(y')) \le \alpha_2$ for every pair $y, y'$ "
                    r"(a local / Dobrushin condition), which is what Proof 6 uses")
    c0 = sp.Symbol("g_c", nonnegative=True)
    out_x = {1: (1 - a1) * c0 + a1 * a2, 0: (1 - a1) * (1 - c0) + a1 * (1 - a2)}
    out_xp = {1: (1 - a1) * c0, 0: (1 - a1) * (1 - c0) + a1}
    d.identity("thm9:attained", tv_of(out_x, out_xp), a1 * a2, {a1: UNIT, a2: UNIT, c0: UNIT},
               text=r"under that reading it is tight: $\mathcal{M}_1$ sends $X$ to $y$ and $X'$ to $y'$ w.p. "
                    r"$\alpha_1$ (else a common output), $\mathcal{M}_2(y) = \mathrm{Bernoulli}(\alpha_2)$, "
                    r"$\mathcal{M}_2(y') = 0$: TV exactly $\alpha_1\alpha_2$")


def sampling(d):
    """Theorem 10: Poisson sampling at rate q."""
    A, B = sp.symbols("A B", nonnegative=True)       # M's output probabilities without / with the record
    d.identity("thm10:mixture", ((1 - q) * A + q * B) - A, q * (B - A),
               text=r"with $x_n$ sampled w.p. $q$, $\mathcal{M}(S_q(X)) = (1 - q)\mathcal{M}(S) + q\mathcal{M}(S \cup "
                    r"\{x_n\})$ and $\mathcal{M}(S_q(X')) = \mathcal{M}(S)$ for the same sample $S$ of the rest: the "
                    r"difference is $q$ times that of $\mathcal{M}$, and averaging over $S$ (joint convexity) keeps "
                    r"$D_{TV} \le q\alpha$")
    pr = (1 + a1) / 2
    with_x = {1: q * pr + (1 - q) * (1 - pr), 0: q * (1 - pr) + (1 - q) * pr}
    without = {1: 1 - pr, 0: pr}
    d.identity("thm10:attained", tv_of(with_x, without), q * a1, {a1: UNIT, q: UNIT},
               text=r"tight: randomized response on '$x_n$ is in the data' (TV $\alpha$) after sampling has TV "
                    r"exactly $q\alpha$ (the proof of Theorem 10 is Appendix B)")


@derivation(id="tvd2023.s4-composition", title="TVD privacy: naive, KL, parallel, chained and sampled composition",
            paper=PAPER, where="Sec. 2.4, Sec. 4.3-4.4, Definition 4, Theorems 6-10")
def composition(d):
    d.note(r"Definition 4 defines $D_{KL}(\mathcal{M})$ with '$\ge$': any upper bound on the worst-case KL "
           r"divergence of neighbouring outputs, either direction; Theorem 7 holds for any such bound.")
    naive(d)
    pinsker_bh(d)
    kl_composition(d)
    parallel(d)
    chained(d)
    sampling(d)
