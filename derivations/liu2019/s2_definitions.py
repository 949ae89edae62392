"""Liu et al. (PoPETs 2019), Sec. 2: Definitions 1-4 and Theorem 1 (the Laplace mechanism is eps-DP).

Definitions are recorded; what they state about the Laplace mechanism is
derived: the density of Theorem 1 is normalised (its "proportional to" is an
equality), the log-likelihood ratio of two outputs is at most
eps |Q(D) - Q(D')|/Delta Q <= eps (triangle inequality; L1 over coordinates for
vector queries), and a pointwise bound gives the set bound of Definition 1.
Definition 3 (the Neyman-Pearson criterion, Eq. 1) is the optimisation the
Neyman-Pearson lemma solves; the lemma is derived in ``fdp.definitions``
(def3.2:np-*), and here the threshold test is checked to beat the opposite
tail test of the same size.  Definition 4 (plausible deniability) holds for
the Laplace mechanism with gamma = e^eps.
"""
import sympy as sp

from symdp import derivation
from symdp.mechanisms import laplace
from symdp.symbols import NEIGHBOURS, QDp, dQ, eps, o, theta, z

PAPER = "000_0f0c1e9c4d2d1ce3.txt"
HALF = sp.Rational(1, 2)
G = sp.Symbol("g", real=True)                       # Q(D) - Q(D'), |g| <= Delta Q
G1, G2 = sp.symbols("g_1 g_2", real=True)           # coordinate gaps of a vector query
O1, O2 = sp.symbols("o_1 o_2", real=True)
PAIR = {dQ: sp.Interval.open(0, sp.oo), G: sp.Interval(-dQ, dQ)}


def definition1(d):
    d.note(r"Definition 1 (recorded): $\mathcal{A}$ is $\epsilon$-DP if $P(\mathcal{A}(D) \in S) \le e^\epsilon "
           r"P(\mathcal{A}(D') \in S)$ for all neighbours $D, D'$ (add/remove one record: unbounded DP; replace "
           r"one: bounded DP) and all $S$. Approximate DP adds $+\delta$ on the right. The ratio form printed "
           r"needs $P(\mathcal{A}(D') \in S) > 0$; the Laplace mechanism has full support, so it is harmless here")
    slack = (sp.exp(eps) * laplace.gsr(theta) - laplace.rsr(theta)).subs(NEIGHBOURS)
    d.sign("def1:half-lines", slack, "nonnegative",
           text=r"the set form on the half-lines $S = [\theta, \infty)$ (the Neyman-Pearson rejection sets): "
                r"$P(\mathcal{A}(D) \in S) \le e^\epsilon P(\mathcal{A}(D') \in S)$ for every $\theta$; a pointwise "
                r"density bound (thm1:sensitivity) integrates to it on any $S$")


def theorem1(d):
    dens = laplace.density(z, 0, dQ / eps)
    total = d.integrate(r"\int p(z)\,dz", dens.rewrite(sp.Piecewise), (z, -sp.oo, sp.oo),
                        text=r"the density $\frac{\epsilon}{2\Delta Q} e^{-\epsilon|z|/\Delta Q}$ of Theorem 1")
    d.identity("thm1:normalised", total, 1,
               text=r"it integrates to 1: Theorem 1's `$\propto$' is an equality, scale $\zeta = \Delta Q/\epsilon$")
    loss = eps * (sp.Abs(o - QDp) - sp.Abs(o - QDp - G)) / dQ
    d.define(r"\log\Lambda(o)", loss, r"log of $P(\mathcal{A}(D) = o)/P(\mathcal{A}(D') = o)$ with "
             r"$Q(D) = Q(D') + g$")
    d.sign("thm1:scalar", eps * sp.Abs(G) / dQ - loss, "nonnegative", PAIR,
           text=r"triangle inequality: $\log\Lambda(o) \le \epsilon|g|/\Delta Q$ for every output $o$")
    a, b, v = sp.symbols("a b v", nonnegative=True)          # g = a + b >= 0 (Q(D) >= Q(D'), the paper's w.l.o.g.)
    for where, at in (("below", QDp - v), ("between", QDp + a), ("above", QDp + a + b + v)):
        piece = (eps * (a + b) / dQ - loss).subs(G, a + b).subs(o, at)
        d.sign(f"thm1:scalar-{where}", piece, "nonnegative",
               text=rf"the same case by case, output {where} the two centres ($Q(D) = Q(D') + a + b$, "
                    r"$o = Q(D') - v$, $Q(D') + a$, $Q(D) + v$): the absolute values resolve and the slack is "
                    r"$2\epsilon(a+b)/\Delta Q$, $2\epsilon b/\Delta Q$ or $0$")
    d.sign("thm1:sensitivity", eps - eps * sp.Abs(G) / dQ, "nonnegative", PAIR,
           text=r"and $|g| \le \Delta Q$ (Definition 2): $\log\Lambda \le \epsilon$, so the Laplace mechanism is "
                r"$\epsilon$-DP (with def1:pointwise-to-sets)")
    d.identity("thm1:attained", loss.subs({G: dQ, o: QDp + 2 * dQ}), eps,
               text=r"at $g = \Delta Q$ and any $o \ge Q(D)$ the bound is attained: $\epsilon$ cannot be lowered")
    vector = eps * (sp.Abs(O1) - sp.Abs(O1 - G1) + sp.Abs(O2) - sp.Abs(O2 - G2)) / dQ
    d.sign("thm1:vector", eps * (sp.Abs(G1) + sp.Abs(G2)) / dQ - vector, "nonnegative",
           {dQ: sp.Interval.open(0, sp.oo)},
           text=r"for $Q: \mathcal{D} \to \mathbb{R}^q$ (two coordinates shown) the log-ratios add up to at most "
                r"$\epsilon\|Q(D) - Q(D')\|_1/\Delta Q \le \epsilon$: Definition 2's $L_1$ sensitivity is the one "
                r"that makes i.i.d. $\mathrm{Lap}(\Delta Q/\epsilon)$ noise $\epsilon$-DP")


def definition3(d):
    d.note(r"Definition 3 (recorded, Eq. 1): $\max P_{TD}$ s.t. $P_{FA} \le \alpha$. The Neyman-Pearson lemma "
           r"(the likelihood-ratio test solves it) is derived in fdp.definitions (def3.2:np-pointwise-reject, "
           r"def3.2:np-pointwise-accept, def3.2:np-integrated); the Laplace likelihood ratio is nondecreasing in "
           r"$o$ (liu2019.laplace-np-test eq7:middle-increasing), so the solution is a threshold on $o$ (Theorem 3)")
    k = sp.Symbol("k", positive=True)
    left_power = HALF * sp.exp(-k * eps) * sp.exp(-eps)             # P(o <= Q(D') - k DQ/eps | D)
    size = HALF * sp.exp(-k * eps)                                   # P(o <= Q(D') - k DQ/eps | D') = alpha
    right_power = laplace.rsr(laplace.threshold(size)).subs(NEIGHBOURS)
    d.define(r"P_{TD}(o \le t)", left_power, r"the opposite tail test $o \le t$, $t = Q(D') - k\Delta Q/\epsilon$: "
             r"size $\alpha = \frac12 e^{-k\epsilon}$, power $\alpha e^{-\epsilon}$")
    d.sign("def3:threshold-beats-left-tail", right_power - left_power, "positive",
           {k: sp.Interval.open(0, sp.oo), eps: sp.Interval.open(0, sp.oo)}, n=20,
           text=r"at the same size $\alpha \le 1/2$ the Neyman-Pearson threshold test $o \ge \theta(\alpha)$ has "
                r"more power than $o \le t$: the criterion picks the right tail")


def definition4(d):
    d.note(r"Definition 4 (recorded, Bindschaedler et al.): $y = \mathcal{M}(d_1)$ is releasable with "
           r"$(k, \gamma)$-plausible deniability if at least $k-1$ other records $d_j$ have "
           r"$\gamma^{-1} \le P(\mathcal{M}(d_i) = y)/P(\mathcal{M}(d_j) = y) \le \gamma$. The printed "
           r"$|D| > k$ asks for one record more than the $k$ records the condition uses (not checked against the "
           r"cited source)")
    loss = eps * (sp.Abs(o - QDp) - sp.Abs(o - QDp - G)) / dQ
    d.sign("def4:laplace-gamma", eps + loss, "nonnegative", PAIR,
           text=r"$\mathcal{M}(d) = d + \mathrm{Lap}(\Delta/\epsilon)$ on records within distance $\Delta$ of "
                r"each other: the ratio is also at least $e^{-\epsilon}$ (with thm1:sensitivity): every $k$ records "
                r"give $(k, e^\epsilon)$-plausible deniability; Sec. 4.1.5 ties $\gamma$ to the Neyman-Pearson "
                r"threshold $\lambda \in [e^{-\epsilon}, e^\epsilon]$ (liu2019.domains)")


@derivation(id="liu2019.definitions", title="Definitions 1-4 and Theorem 1: the Laplace mechanism is eps-DP",
            paper=PAPER, where="Sec. 2.1-2.2, Definitions 1-4, Theorem 1")
def definitions(d):
    definition1(d)
    theorem1(d)
    definition3(d)
    definition4(d)
