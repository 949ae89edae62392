"""Zhao, Relations among different privacy notions: the definitions (DP, BDP, SP, BSP, MP) and Eq. 1-19.

A model with n = 2 records in {0, 1} (default value bottom = 0), a prior b on
{0,1}^2 and likelihoods L(x) = P[Y(x) = y] at a fixed transcript y makes the
definitions computable.  Derived: the posteriors of Eq. 1-3 are
distributions; the Bayesian objects of Eq. 9-12 (a database with some entries
left random) are the marginals of the full posterior, so Eq. 9 reduces to Eq. 2
at S = N minus {i}; statistical distance is half the L1 distance (brute force
over all events); BDP (Eq. 19) with S = N minus {i} is DP, and with S empty it
can exceed DP's leakage (a mechanism that ignores record 1 leaks it through a
correlated record 2).  Eq. 13-15 leave open the law of the unobserved entries
in Game i; under one reading the converse proof's "b_i uniform" fails.
"""
import itertools

import sympy as sp

from symdp import derivation
from symdp.symbols import eps

PAPER = "002_a00d4f65f210ea49.txt"
DBS = tuple(itertools.product((0, 1), repeat=2))
PRIOR = {x: sp.Symbol(f"b_{x[0]}{x[1]}", positive=True) for x in DBS}
LIK = {x: sp.Symbol(f"L_{x[0]}{x[1]}", positive=True) for x in DBS}


def normalised(expr):
    """Substitute b_11 = 1 - (the others): the prior sums to 1."""
    return expr.subs(PRIOR[1, 1], 1 - PRIOR[0, 0] - PRIOR[0, 1] - PRIOR[1, 0])


def posteriors(d):
    """Eq. 1-3: Game 0 and Game i posteriors (i = 1, default value 0)."""
    total = sum(LIK[x] * PRIOR[x] for x in DBS)
    game0 = {x: LIK[x] * PRIOR[x] / total for x in DBS}
    minus = lambda x: (0, x[1])                                     # x_{-1}: record 1 set to bottom = 0
    total_i = sum(LIK[minus(x)] * PRIOR[x] for x in DBS)
    game1 = {x: LIK[minus(x)] * PRIOR[x] / total_i for x in DBS}
    d.define(r"\overline{b}_0[x \mid y]", game0[1, 0], "Eq. 1-2 at x = (1, 0)")
    d.define(r"\overline{b}_1[x \mid y]", game1[1, 0], "Eq. 3 at x = (1, 0): Y runs on x_{-1} = (0, 0)")
    d.identity("eq2:distribution", sum(game0.values()), 1, text="Eq. 2 is a distribution over databases")
    d.identity("eq3:distribution", sum(game1.values()), 1, text="and so is Eq. 3")
    return game0


def marginals(d, game0):
    """Eq. 7-12: x_{1+S} with S empty leaves X_2 random; Eq. 9 is the marginal of Eq. 2."""
    prior_1 = {v: PRIOR[v, 0] + PRIOR[v, 1] for v in (0, 1)}       # Eq. 10: b[x_{1+S}] = b[X_1 = v]
    mixture = {v: sum(LIK[v, w] * PRIOR[v, w] for w in (0, 1)) / prior_1[v] for v in (0, 1)}
    d.define(r"P[Y(x_{1+\emptyset}) = y]", mixture[1], r"the likelihood of a database whose entry 2 is random: "
             r"$\sum_{x_2} P[Y(1, x_2) = y]\, b[x_2 \mid X_1 = 1]$")
    eq9 = mixture[1] * prior_1[1] / sum(mixture[v] * prior_1[v] for v in (0, 1))
    d.identity("eq9:marginal", eq9, game0[1, 0] + game0[1, 1],
               text=r"Eq. 9 with $S = \emptyset$ is the marginal $\overline{b}_0[X_1 = 1 \mid y]$ of Eq. 2 "
                    "(Eq. 12): the Bayesian games only marginalise the classical one")
    d.note(r"with $S = \mathcal{N} \setminus \{i\}$ no entry is random and Eq. 9, 15, 17 and 19 are Eq. 2, 3, 4 and "
           r"DP verbatim (Definition 2 reduces to Definition 1, BDP to DP). Eq. 17 writes "
           r"$SD(\overline{b}_0[x_{i+S}|y], \overline{b}_i[x_{i+S}|y])$, the distance between two numbers; it is "
           r"read as the distance between the two distributions over $x_{i+S}$")


def statistical_distance(d):
    """SD(X, Y) = max over events |P(S) - Q(S)| = half the L1 distance: brute force over all 8 events."""
    p = (sp.Rational(1, 2), sp.Rational(3, 10), sp.Rational(1, 5))
    q = (sp.Rational(1, 10), sp.Rational(3, 10), sp.Rational(3, 5))
    events = itertools.chain.from_iterable(itertools.combinations(range(3), k) for k in range(4))
    brute = max(abs(sum(p[k] - q[k] for k in ev)) for ev in events)
    d.identity("sd:half-l1", brute, sum(abs(a - b) for a, b in zip(p, q)) / 2,
               text=r"$P = (0.5, 0.3, 0.2)$, $Q = (0.1, 0.3, 0.6)$: the largest $|P(S) - Q(S)|$ over the 8 events "
                    r"equals $\frac12\|P - Q\|_1 = 0.4$")


def bdp_vs_dp(d):
    """Y ignores record 1 and answers record 2 by randomized response; records 1 and 2 agree with probability c."""
    c = sp.Symbol("c", positive=True)
    p = sp.exp(eps) / (1 + sp.exp(eps))
    answer = {w: p if w == 1 else 1 - p for w in (0, 1)}           # P[Y = 1 | x_2 = w], whatever x_1 is
    given = {v: sum(answer[w] * (c if w == v else 1 - c) for w in (0, 1)) for v in (0, 1)}
    d.note(r"the mechanism ignores record 1: changing $x_1$ alone leaves every output's probability unchanged, "
           r"so its DP leakage for record 1 is 0")
    ratio = given[1] / given[0]
    d.sign("bdp:leak-record-1", ratio - 1, "positive", {c: sp.Interval.open(sp.Rational(1, 2), 1)},
           text=r"but with $S = \emptyset$ Eq. 19 compares $P[Y(1, X_2) = 1]$ and $P[Y(0, X_2) = 1]$, $X_2$ drawn "
                r"given $X_1$: for correlation $c > 1/2$ the ratio exceeds 1, so BDP's leakage for record 1 is "
                r"positive (at $c = 0.9$, $\epsilon = 1$: ratio $2.17$); BDP is stronger than DP")
    d.identity("bdp:witness", ratio.subs({c: sp.Rational(9, 10), eps: 1}),
               (sp.Rational(9, 10) * sp.E + sp.Rational(1, 10)) / (sp.Rational(1, 10) * sp.E + sp.Rational(9, 10)),
               text=r"the ratio at $c = 0.9$, $\epsilon = 1$: $(0.9e + 0.1)/(0.1e + 0.9) = 2.17$")
    return given


def game_i_reading(d, given):
    """Eq. 13-15: which law do the random entries follow once X_i is the default value?"""
    c = sp.Symbol("c", positive=True)
    d.note(r"Eq. 13: $x_{-i+S} = [X_i = \bot, X_j = x_j: j \in S, X_j: j \notin S \cup \{i\}]$. If the random "
           r"$X_j$ keep their law given the original $x_i$ (reading A), $x_{-i+S}$ and $x'_{-i+S}$ differ in law; if "
           r"they follow $b[\cdot \mid X_i = \bot, x_S]$ (reading B) they coincide. The converse proof of Theorem 1 "
           r"(`$\overline{b}_i$ is uniform since they induce the same distribution in Game i') needs reading B")
    d.sign("bsp:reading-A", given[1] - given[0], "positive", {c: sp.Interval.open(sp.Rational(1, 2), 1)},
           text=r"under reading A, with the mechanism above (it ignores $x_1 = \bot$), Game 1 still sees "
                r"$X_2 \mid x_1$: $P[Y(x_{-1+\emptyset}) = 1] \ne P[Y(x'_{-1+\emptyset}) = 1]$, and the Game-1 "
                r"posterior is not uniform")


@derivation(id="zhao2019.definitions", title="DP, BDP, SP, BSP and MP as defined (Zhao, Eq. 1-19, Definitions 1-3)",
            paper=PAPER, where="Sec. I, III-A1, III-A2, III-B; Definitions 1-3, Eq. 1-19, 21-22")
def definitions(d):
    d.note(r"DP (Sec. I): $P[Y(x) \in E] \le e^\epsilon P[Y(x') \in E]$ for adjacent $x, x'$. BDP (Yang et al.): "
           r"$\sup \ln P[y \in \mathcal{Y} \mid x_i, x_S]/P[y \in \mathcal{Y} \mid x_i', x_S] \le \epsilon$ over "
           r"$i, S, x_i, x_i', x_S, \mathcal{Y}$ (Eq. 19). SP (Definition 1, Eq. 4) and BSP (Definition 2, Eq. 17): "
           r"$SD(\overline{b}_0, \overline{b}_i) \le \epsilon$. MP (Definition 3, Eq. 21-22): "
           r"$P[x_i \mid \mathcal{Y}] \le e^\epsilon P[x_i]$ and $P[\overline{x_i} \mid \mathcal{Y}] \ge "
           r"e^{-\epsilon} P[\overline{x_i}]$ over a family of priors (zhao2019.theorem3)")
    game0 = posteriors(d)
    marginals(d, game0)
    statistical_distance(d)
    given = bdp_vs_dp(d)
    game_i_reading(d, given)
