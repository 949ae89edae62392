"""Zhao, Theorems 3-4: Bayesian differential privacy and membership privacy (Lemma 1, Corollary 1, Eq. 39).

Membership privacy (Li et al.): P[x_i | Y] <= e^eps P[x_i] (21) and
P[not x_i | Y] >= e^-eps P[not x_i] (22).  With b = P[x_i] and
A = P[Y | x_i]/P[Y | not x_i], Bayes' rule turns (21) and (22) into bounds on A
whose minimum is g(b) of Eq. 26; g is checked piece by piece.  The step from
the definitions to Eq. 24-25 (what BDP says under D_{i,K}) is a definitions-level
argument, recorded as such, not as algebra.
"""
import sympy as sp

from symdp import derivation, quote
from symdp.latex import NOTATION
from symdp.symbols import eps

PAPER = "002_a00d4f65f210ea49.txt"
A = sp.Symbol("A", positive=True)
B = sp.Symbol("b", positive=True)
Q = sp.Symbol("q", positive=True)
AL = sp.Symbol("alpha", positive=True)
E = sp.exp(eps)
CROSS = 1 / (1 + E)
PRIOR = NOTATION.extend(symbols={r"\mathbb{P}_{\mathcal{D}}[x_i]": B})
"""Lemma 1's prior probability of the record, b."""
LOW = {eps: sp.Interval.open(0, sp.oo), B: sp.Interval.open(0, CROSS)}
HIGH = {eps: sp.Interval.open(0, sp.oo), B: sp.Interval.Lopen(CROSS, 1)}


def lemma1(d):
    post = d.define(r"P[x_i \mid \mathcal{Y}]", B * A / (B * A + 1 - B), r"Bayes' rule with $b = P[x_i]$")
    (a21,) = d.solve(r"A_{(21)}", post - E * B, A, r"(21) holds with equality: $P[x_i|\mathcal{Y}] = e^\epsilon b$")
    (a22,) = d.solve(r"A_{(22)}", (1 - post) - (1 - B) / E, A, r"(22) holds with equality")
    g1 = r"\frac{1 - \mathbb{P}_{\mathcal{D}}[x_i]}{e^{-\epsilon} - \mathbb{P}_{\mathcal{D}}[x_i]}"
    d.printed("lemma1:23a", quote(PAPER, line=266, number="(23a)", latex=g1), a21, LOW, where="Eq. 23a",
              notation=PRIOR)
    g2 = r"\frac{e^{\epsilon} - 1 + \mathbb{P}_{\mathcal{D}}[x_i]}{\mathbb{P}_{\mathcal{D}}[x_i]}"
    d.printed("lemma1:23b", quote(PAPER, line=267, number="(23b)", latex=g2), a22, HIGH, where="Eq. 23b",
              notation=PRIOR)
    d.sign("lemma1:21-direction", sp.diff(post, A), "positive", {B: sp.Interval.open(0, 1)}, text=r"the posterior increases in $A$, so (21) "
           r"and (22) are upper bounds on $A$")
    (cross,) = d.solve(r"b^*", a21 - a22, B, "where the two bounds cross")
    d.identity("lemma1:cross", cross, CROSS, text=r"they cross at $b = 1/(1+e^\epsilon)$")
    d.sign("lemma1:23a-binds", a22 - a21, "positive", LOW, text=r"below it (23a) is the smaller bound")
    d.sign("lemma1:23b-binds", a21 - a22, "positive", domain={eps: sp.Interval.open(0, 20),
           B: sp.Interval.open(CROSS, 1 / E)}, text=r"above it (23b) is (and (23a) no longer applies for "
           r"$b \ge e^{-\epsilon}$, where (21) holds for every $A$); stated for $\epsilon < 20$, where a "
           r"sample's 60 digits still resolve the interval $(1/(1+e^\epsilon), e^{-\epsilon})$")
    return a21, a22


def g_function(d, a21, a22):
    g = sp.Piecewise((a21, B <= CROSS), (a22, True))
    d.define("g(b)", g, "Eq. 26")
    d.identity("g:continuous", a21.subs(B, CROSS), a22.subs(B, CROSS), text=r"both pieces equal $e^{2\epsilon}$ "
               r"at $b = 1/(1+e^\epsilon)$")
    d.identity("g:peak", a22.subs(B, CROSS), sp.exp(2 * eps))
    d.monotone("g:increasing", a21, B, True, LOW, text="g increases on the first piece")
    d.identity("g:slope-2", sp.diff(a22, B), -(E - 1) / B**2)
    d.sign("g:decreasing", (E - 1) / B**2, "positive", text=r"so g decreases on the second piece "
           r"($\partial g/\partial b = -(e^\epsilon - 1)/b^2 < 0$)")
    d.identity("g:ends", a21.subs(B, 0), E, text=r"$g(0) = e^\epsilon$")
    d.identity("g:ends-1", a22.subs(B, 1), E, text=r"$g(1) = e^\epsilon$: the minimum of $g$, hence Corollary 1 "
               r"($A \le e^\epsilon$ suffices for membership privacy)")


def theorem4(d):
    ratio = d.define(r"P_{\mathcal{D}'}[x_i|\mathcal{Y}] / q", AL / (AL * Q + 1 - Q), "Eq. 39")
    (q_star,) = d.solve("q^*", ratio - E, Q, r"where the ratio equals $e^\epsilon$")
    dom = {eps: sp.Interval.open(0, sp.oo), AL: sp.Interval.open(E, sp.oo)}
    threshold = quote(PAPER, line=401, latex=r"\frac{\alpha-e^{\epsilon}}{e^{\epsilon}(\alpha-1)}")
    d.printed("eq39:threshold", threshold, q_star, dom, where="after Eq. 39",
              notation=NOTATION.extend(symbols={r"\alpha": AL}))
    d.sign("eq39:contradiction", ratio - E, "positive", {**dom, Q: sp.Interval.open(0, q_star)},
           text=r"for $q$ below it the ratio exceeds $e^\epsilon$: membership privacy is violated, so "
                r"$\alpha \le e^\epsilon$ under a downward-scalable family (Thm 4)")


@derivation(id="zhao2019.membership", title="Bayesian DP and membership privacy (Zhao, Thms 3-4, Lemma 1)",
            paper=PAPER, where="Theorems 3 and 4, Lemma 1, Corollary 1, Eq. 23-26, 39")
def membership(d):
    a21, a22 = lemma1(d)
    g_function(d, a21, a22)
    d.note("definitions-level step, not algebra (Thm 3): under D_{i,K}, Eq. 24-25 identify A with the ratio "
           "that eps-BDP bounds by e^eps; with Corollary 1 this gives eps-MP (Eq. 24-25 derived from the joint law, and "
           "Theorem 3 directly, in zhao2019.theorem3)")
    theorem4(d)
