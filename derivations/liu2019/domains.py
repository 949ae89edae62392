"""Liu et al. (PoPETs 2019): domains and hidden assumptions, each a claim with a witness of what breaks outside.

- lambda(alpha) (Sec. 4.1.5): the printed branch e^-eps/(4 alpha^2) holds only for
  alpha in [e^-eps/2, 1/2]; below, the threshold lies above Q(D), where the
  likelihood ratio is the constant e^eps, and the printed lambda exceeds every
  value of Lambda (the rule Lambda >= lambda would never reject).
- rho_c, rho_t (Sec. 5.2-5.3): stated in [0, 1]; Eq. 20-21 and 23-24 need
  kappa > 0, i.e. rho_c < (1 - rho_p)/(2 - rho_p) (and the analogue for rho_t).
  Beyond, the largest conditional probability exceeds 1 and Eq. 21 gives an
  F-score above 1.
- Theorem 5 ("independent of Q") assumes the pair is at distance Delta Q.
- Table 1's column headers against the floors (1 + beta^2)/(2 + beta^2).
"""
import sympy as sp

from symdp import Status, derivation, quote
from symdp.mechanisms import laplace
from symdp.symbols import QD, QDp, alpha, beta, dQ, eps, rho_c, rho_p, rho_t, theta

PAPER = "000_0f0c1e9c4d2d1ce3.txt"
HALF = sp.Rational(1, 2)
B2 = beta**2
A = sp.Symbol("a", positive=True)                    # |Q(D) - Q(D')| / Delta Q
KAPPA_C = 1 - rho_p - rho_c * (2 - rho_p)
KAPPA_T = 1 - rho_p - (2 - rho_p) * (rho_c + rho_t * (1 - rho_c))
EDGE_C = (1 - rho_p) / (2 - rho_p)
EDGE_T = (EDGE_C - rho_c) / (1 - rho_c)
HEADERS = {"0.5": "0.55", "0.6": "0.58", "0.8": "0.62", "1": "0.67", "1.5": "0.76", "2": "0.83"}
"""Each row's first column header, the bound nearest the row's floor."""


def lambda_branches(d):
    """Lambda at the threshold theta(alpha) of Eq. 6, for alpha <= 1/2."""
    psi_alpha = -sp.log(2 * alpha) / eps                 # (theta(alpha) - Q(D'))/Delta Q, Eq. 6
    printed = sp.exp(-eps) / (4 * alpha**2)
    quoted = quote(PAPER, line=283, latex=r"\frac{e^{-\epsilon}}{4\alpha^2}")
    low = {eps: sp.Interval.open(0, sp.oo), alpha: sp.Interval.open(0, sp.exp(-eps) / 2)}
    mid = {eps: sp.Interval.open(0, sp.oo), alpha: sp.Interval(sp.exp(-eps) / 2, HALF)}
    d.sign("sec4.1.5:lambda-above-Q(D)", psi_alpha - 1, "positive", low,
           text=r"for $\alpha < e^{-\epsilon}/2$ Eq. 6 puts $\theta$ above $Q(D)$ ($\psi > 1$), where Eq. 7 "
                r"gives $\Lambda = e^\epsilon$")
    d.printed("sec4.1.5:lambda-middle", quoted, sp.exp((2 * psi_alpha - 1) * eps), mid, where="Sec. 4.1.5",
              text=r"on $[e^{-\epsilon}/2, 1/2]$ the printed $\lambda = e^{-\epsilon}/(4\alpha^2)$ is Eq. 8 at "
                   r"$\theta(\alpha)$")
    d.printed("sec4.1.5:lambda-low", quoted, sp.exp(eps), low, where=r"Sec. 4.1.5 ($\alpha \in [0, e^{-\epsilon}/2)$)",
              expect=Status.ERRATUM,
              text=r"the printed branch is stated for all $\alpha \in [0, 0.5]$; below $e^{-\epsilon}/2$ the "
                   r"likelihood ratio at the threshold is $e^\epsilon$ (at $\epsilon = 1$, $\alpha = 0.1$: printed "
                   r"$e^{-1}/0.04 = 9.20$, derived $e = 2.72$)")
    d.sign("sec4.1.5:lambda-low-never-rejects", printed - sp.exp(eps), "positive", low,
           text=r"there the printed $\lambda$ exceeds $e^\epsilon = \max\Lambda$: the rule $\Lambda(o) \ge \lambda$ "
                r"would never reject, and its false-alarm rate would be 0, not $\alpha$")


def rho_ranges(d):
    dom_p = {rho_p: sp.Interval.Ropen(0, 1)}
    d.identity("sec5.2:rho_c-edge", KAPPA_C.subs(rho_c, EDGE_C), 0, dom_p,
               text=r"$\kappa = 1 - \rho_p - \rho_c(2 - \rho_p)$ vanishes at $\rho_c = (1-\rho_p)/(2-\rho_p)$")
    d.monotone("sec5.2:rho_c-kappa-decreasing", KAPPA_C, rho_c, False, dom_p,
               text=r"and decreases in $\rho_c$: Eq. 20-21 (which need $\kappa > 0$) hold only for "
                    r"$\rho_c < (1-\rho_p)/(2-\rho_p)$, not on the stated $[0, 1]$")
    a = 1 / (1 - rho_p)
    top = a / ((1 + a) * (1 - rho_c))                    # the largest P(d_i = d_i1 | correlated records), Eq. 20
    outside = {rho_p: sp.Interval.Ropen(0, 1), rho_c: sp.Interval.open(EDGE_C, 1)}
    d.sign("sec5.2:rho_c-probability-above-1", top - 1, "positive", outside,
           text=r"beyond that edge the conditional probability Eq. 20 uses, $\frac{1}{(2-\rho_p)(1-\rho_c)}$, "
                r"exceeds 1")
    flat = (1 + B2) / (1 + B2 + KAPPA_C)                 # Eq. 21, first branch
    d.sign("sec5.2:rho_c-fscore-above-1", flat - 1, "positive", {**outside, beta: sp.Interval.open(0, sp.oo)},
           text=r"and Eq. 21's flat branch exceeds 1, while its turning point $\log(1 + \beta^2/\kappa)$ is "
                r"undefined once $-\beta^2 < \kappa < 0$")
    model = attainable(d)
    d.identity("sec5.2:rho_c-witness", flat.subs({**model, beta: 1}), sp.Rational(20, 19),
               text=r"at that model's $\rho_p = 1/5$, $\rho_c = 1/2$ and $\beta = 1$: $\kappa = -1/10$ and Eq. 21 "
                    r"gives $F^*_1 = 2/1.9 = 20/19 > 1$")
    at_model = flat.subs({**model, beta: 1})
    d.printed("sec5.2:rho_c-stated-range", sp.Le(at_model, 1, evaluate=False), at_model,
              where="Sec. 5.2, Eq. 21 on the stated range", expect=Status.ERRATUM,
              text=r"the range of $\rho_c$ for which Eq. 20-21 are stated: Sec. 5.2 states $\rho_c \in [0, 1]$ "
                   r"and Eq. 20-21 without restriction; they hold only for $\rho_c < (1 - \rho_p)/(2 - \rho_p)$. "
                   r"A binary record with $P(d_{i1}) = 5/9$ and a correlated record that raises $P(d_{i2})$ to "
                   r"$8/9$ has $\rho_p = 1/5$, $\rho_c = 1/2$ (above the edge $4/9$; sec5.2:rho_c-model), where "
                   r"Eq. 21's $F^*_1$, an F-score and so at most 1, is $20/19$")
    dom_pc = {rho_p: sp.Interval.Ropen(0, 1), rho_c: sp.Interval.Ropen(0, EDGE_C)}
    d.identity("sec5.3:rho_t-edge", KAPPA_T.subs(rho_t, EDGE_T), 0, dom_pc,
               text=r"for Eq. 23-24, $\kappa$ vanishes at $\rho_t = (\frac{1-\rho_p}{2-\rho_p} - \rho_c)/(1-\rho_c)$")
    d.monotone("sec5.3:rho_t-kappa-decreasing", KAPPA_T, rho_t, False, dom_pc, text=r"and decreases in $\rho_t$")
    flat_t = (1 + B2) / (1 + B2 + KAPPA_T)
    d.sign("sec5.3:rho_t-fscore-above-1", flat_t - 1, "positive",
           {**dom_pc, rho_t: sp.Interval.open(EDGE_T, 1), beta: sp.Interval.open(0, sp.oo)},
           text=r"beyond, Eq. 24's flat branch exceeds 1")
    d.identity("sec5.3:rho_t-witness", flat_t.subs({rho_p: sp.Rational(1, 5), rho_c: 0, rho_t: sp.Rational(1, 2),
                                                    beta: 1}), sp.Rational(20, 19),
               text=r"the same record with the correlation across time in place of the one across records: "
                    r"$\rho_p = 1/5$, $\rho_c = 0$, $\rho_t = 1/2$, $\beta = 1$: $F^*_1 = 20/19$")
    at_t = {rho_p: sp.Rational(1, 5), rho_c: 0, rho_t: sp.Rational(1, 2), beta: 1}
    d.printed("sec5.3:rho_t-stated-range", sp.Le(flat_t.subs(at_t), 1, evaluate=False), flat_t.subs(at_t),
              where="Sec. 5.3, Eq. 24 on the stated range", expect=Status.ERRATUM,
              text=r"the range of $\rho_t$ for which Eq. 23-24 are stated: Sec. 5.3 states $\rho_t \in [0, 1]$; "
                   r"Eq. 23-24 hold only below the edge: at $\rho_p = 1/5$, $\rho_c = 0$, $\rho_t = 1/2$ "
                   r"(attainable as in sec5.2:rho_c-model, the previous value of the record playing the correlated "
                   r"record), $\beta = 1$, Eq. 24's $F^*_1$, at most 1 as an F-score, is $20/19$")
    d.note(r"rho_p = 1 (allowed by the stated $[0, 1]$) gives $\kappa = 0$: Eq. 18's turning point "
           r"$\log(1 + \beta^2/0)$ is infinite and the flat value is 1 (liu2019.fbeta-auxiliary kappa:certain); "
           r"the derivations use $\rho_p \in [0, 1)$")


def attainable(d):
    """A binary record and one correlated record whose (rho_p, rho_c) lie beyond the edge of Eq. 20-21."""
    prior = {1: sp.Rational(5, 9), 2: sp.Rational(4, 9)}                  # P(d_i = d_i1), P(d_i = d_i2)
    weight = {0: sp.Rational(1, 4), 1: sp.Rational(3, 4)}                 # P(c = 0), P(c = 1)
    given = {(2, 0): sp.Rational(8, 9)}                                   # P(d_i2 | c = 0) = 8/9
    given[2, 1] = (prior[2] - weight[0] * given[2, 0]) / weight[1]        # the rest, so the marginal is 4/9
    given.update({(1, c): 1 - given[2, c] for c in (0, 1)})
    rp = 1 - min(prior[1] / prior[2], prior[2] / prior[1])
    rc = 1 - min(prior[v] / given[v, c] for v in (1, 2) for c in (0, 1))
    d.identity("sec5.2:rho_c-model", sp.Tuple(rp, rc, EDGE_C.subs(rho_p, rp)),
               sp.Tuple(sp.Rational(1, 5), sp.Rational(1, 2), sp.Rational(4, 9)),
               text=r"an attainable point beyond the edge: $P(d_{i1}) = 5/9$, a correlated record with "
                    r"$P(c = 0) = 1/4$ and $P(d_{i2} \mid c = 0) = 8/9$ ($P(d_{i2} \mid c = 1) = 8/27$) has "
                    r"$\rho_p = 1/5$ and $\rho_c = 1 - (4/9)/(8/9) = 1/2$, above $(1-\rho_p)/(2-\rho_p) = 4/9$")
    return {rho_p: rp, rho_c: rc}


def theorem5_gap(d):
    """Theorem 5's proof uses theta - Q(D) = theta - Q(D') - Delta Q: the pair is at distance Delta Q."""
    pair = {QD: QDp + A * dQ}
    ratio = (laplace.rsr(theta) / laplace.gsr(theta)).subs(pair)
    d.identity("thm5:plateau", ratio, sp.exp(A * eps),
               {A: sp.Interval.Lopen(0, 1), theta: sp.Interval(QDp + A * dQ, sp.oo)},
               hint="exp/log expansion",
               text=r"for a pair at distance $a\Delta Q$, thresholds above $Q(D)$ give RSR/GSR $= e^{a\epsilon}$, "
                    r"the largest value: the best precision is $e^{a\epsilon}/(1+e^{a\epsilon})$")
    d.monotone("thm5:gap-matters", sp.exp(A * eps) / (1 + sp.exp(A * eps)), A, True,
               text=r"it increases with $a$: the PR-relation depends on $|Q(D) - Q(D')|/\Delta Q$ (at $\epsilon = 1$: "
                    r"best precision $0.731$ at $a = 1$, $0.622$ at $a = 1/2$). Theorem 5's `independent of $Q$' "
                    r"holds for the pair at distance $\Delta Q$, the worst case, which is what the paper uses")


def table1_headers(d):
    rows = []
    for b, header in HEADERS.items():
        floor = (1 + sp.Rational(b) ** 2) / (2 + sp.Rational(b) ** 2)
        gap = sp.Rational(header) - floor
        which = "positive" if gap > 0 else "negative"
        d.sign(f"table1:header-beta={b}", gap, which,
               text=rf"$\beta = {b}$: the floor $(1+\beta^2)/(2+\beta^2) = {sp.N(floor, 6)}$; the column "
                    rf"$F \le {header}$ is " + ("above it" if gap > 0 else r"below it: no $\epsilon$ meets it"))
        rows.append((b, str(sp.N(floor, 6)), header, "above" if gap > 0 else "below (unattainable)"))
    d.table("table1-headers", "Table 1's column headers against the floors of Eq. 12: each row's first column is "
            "its floor rounded to two decimals, down for beta = 0.5, 0.8, 1.5, 2 (where Table 1 prints "
            "log(1 + beta^2) for a bound no epsilon meets: liu2019.table1) and up for beta = 0.6, 1; 0.5556 -> 0.55 "
            "is not even rounding to nearest", ("beta", "floor", "header", "header vs floor"), rows)


@derivation(id="liu2019.domains", title="Domains and hidden assumptions (lambda(alpha), rho ranges, Theorem 5, "
            "Table 1 headers)", paper=PAPER, where="Sec. 4.1.3, 4.1.5, 5.2, 5.3; Table 1")
def domains(d):
    lambda_branches(d)
    rho_ranges(d)
    theorem5_gap(d)
    table1_headers(d)
