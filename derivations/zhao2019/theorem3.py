"""Zhao, Theorem 3 (eps-BDP implies eps-MP) with Eq. 24-25, and the proof of Lemma 1 (Eq. 27-38), both directions.

Eq. 24-25 are derived from the joint law under D_{i,K} (two records, K empty:
P[x_i] = p, X_2 drawn given X_1): the conditional probabilities MP uses are
the mixtures BDP bounds.  Theorem 3 is then derived directly: A <= e^eps gives
(21) and (22) for every prior.  Lemma 1: (21) and (22) are each a positive
multiple of the bounds (28) and (29) (Eq. 31-37), and (38) is checked in both
directions on each range of x.  Findings: the equivalences (28)-(29) fail at
the ends P[x_i] = 0 and 1 of Lemma 1's stated range (the proof divides by
P[x_i] and by 1 - P[x_i]); Eq. 36 prints P[Y(X) != y] for P[Y]; part ii) of
the proof of (38) concludes with part i)'s inequality.
"""
import sympy as sp

from symdp import Status, derivation, quote
from symdp.latex import NOTATION
from symdp.symbols import eps

PAPER = "002_a00d4f65f210ea49.txt"
A = sp.Symbol("A", positive=True)
X = sp.Symbol("x", positive=True)                  # P_D[x_i]
P = sp.Symbol("p", positive=True)
PY = sp.Symbol("P_Y", positive=True)               # P_{D,Y}[Y]
PYN = sp.Symbol("P_{Y|not}", positive=True)        # P_{D,Y}[Y | not x_i]
E = sp.exp(eps)
CROSS = 1 / (1 + E)
G1 = (1 - X) / (1 / E - X)
G2 = (E - 1 + X) / X
POST = X * A / (X * A + 1 - X)                     # P[x_i | Y] by Bayes, A = P[Y|x_i]/P[Y|not x_i]


def eq24_25(d):
    """Under D_{i,K}: P[Y | x_i] and P[Y | not x_i] are the mixtures of Eq. 24-25."""
    c1, c0 = sp.symbols("c_1 c_0", positive=True)                    # P[X_2 = 1 | X_1 = 1], ... | X_1 = 0]
    lik = {(v, w): sp.Symbol(f"L_{v}{w}", positive=True) for v in (0, 1) for w in (0, 1)}   # P[Y(v, w) in Y]
    cond = {1: {1: c1, 0: 1 - c1}, 0: {1: c0, 0: 1 - c0}}
    joint = {(v, w): (P if v else 1 - P) * cond[v][w] * lik[v, w] for v in (0, 1) for w in (0, 1)}
    derived = {v: (joint[v, 0] + joint[v, 1]) / (P if v else 1 - P) for v in (0, 1)}
    d.define(r"P[x_1, x_2, \mathcal{Y}]", joint[1, 1], r"$\mathcal{D}_{1,\emptyset}$: $P[X_1 = 1] = p$, "
             r"$P[X_1 = 0] = 1 - p$ ($x_1 = 1$, $x_1' = 0$), $X_2$ drawn given $X_1$, then the mechanism")
    printed24 = sum(lik[1, w] * cond[1][w] for w in (0, 1))
    printed25 = sum(lik[0, w] * cond[0][w] for w in (0, 1))
    d.printed("eq24", printed24, derived[1], where="Eq. 24",
              text=r"$P_{\mathcal{D},Y}[\mathcal{Y} \mid x_i] = P[Y(x_i, x_K, X_{\overline K}) \in \mathcal{Y}]$, the "
                   r"likelihood Eq. 19 bounds (the free entries drawn given $x_i, x_K$)")
    d.printed("eq25", printed25, derived[0], where="Eq. 25",
              text=r"and, since under $\mathcal{D}_{i,K}$ `$x_i$ is not in the data' means $X_i = x_i'$, "
                   r"$P[\mathcal{Y} \mid \overline{x_i}] = P[Y(x_i', x_K, X_{\overline K}) \in \mathcal{Y}]$")


def theorem3(d):
    t = sp.Symbol("t", positive=True)                                  # e^eps > 1
    dom = {t: sp.Interval.open(1, sp.oo), X: sp.Interval.open(0, 1), A: sp.Interval.Lopen(0, t)}
    d.sign("thm3:21", t * X - POST, "nonnegative", dom,
           text=r"with $t = e^\epsilon$ and $A \le t$ (eps-BDP through Eq. 24-25): $P[x_i \mid \mathcal{Y}] \le "
                r"e^\epsilon P[x_i]$, (21), for every prior $P[x_i] \in (0, 1)$")
    d.sign("thm3:22", (1 - POST) - (1 - X) / t, "nonnegative", dom,
           text=r"and $P[\overline{x_i} \mid \mathcal{Y}] \ge e^{-\epsilon} P[\overline{x_i}]$, (22): eps-BDP "
                r"gives eps-MP over $\mathbb{D}_*$ (Theorem 3), without going through Lemma 1")


def lemma1_equivalences(d):
    """Eq. 31-37: (21) <=> (28) and (22) <=> (29), each slack a positive multiple of the other."""
    pyx = A * PYN                                                     # P[Y | x_i] (Eq. 27)
    total = pyx * X + PYN * (1 - X)                                   # Eq. 33
    d.identity("eq34", total, pyx * (X + (1 - X) / A), text="Eq. 34: the law of total probability with Eq. 27")
    d.identity("eq37", total, A * PYN * (X + (1 - X) / A), text="Eq. 37")
    d.identity("eq31", pyx * X / total, POST,
               text="Eq. 31: Bayes' theorem, $P[x_i \\mid \\mathcal{Y}]$ in terms of $A$")
    d.identity("eq28:slack", E * X - POST, E * X * ((1 - X) - A * (1 / E - X)) / (X * A + 1 - X),
               text=r"(21)'s slack is $\frac{e^\epsilon x}{xA + 1 - x}$ times (28)'s slack: for $x > 0$ the two "
                    r"are equivalent (Eq. 28)")
    d.identity("eq29:slack", (1 - POST) - (1 - X) / E, (1 - X) / E * (E - (A * X + 1 - X)) / (X * A + 1 - X),
               text=r"(22)'s slack is $\frac{(1-x)e^{-\epsilon}}{xA + 1 - x}$ times (29)'s: equivalent for $x < 1$ "
                    r"(Eq. 29)")
    complement = NOTATION.extend(symbols={r"\mathbb{P}_{\mathcal{D},Y} \left[Y(\mathcal{X}) \neq \mathbf{y} \right]":
                                          1 - PY})
    eq36 = quote(PAPER, line=348, number="(36)",
                 latex=r"\mathbb{P}_{\mathcal{D},Y} \left[Y(\mathcal{X}) \neq \mathbf{y} \right]")
    d.printed("eq36", eq36, PY, {PY: sp.Interval.open(0, 1)}, where="Eq. 36", expect=Status.ERRATUM,
              notation=complement,
              text=r"Eq. 36 (as extracted) prints $(22) \iff P[\mathcal{Y} \mid \overline{x_i}] \ge e^{-\epsilon} "
                   r"P_{\mathcal{D},Y}[Y(\mathcal{X}) \ne \mathbf{y}]$; Eq. 35 gives $e^{-\epsilon} "
                   r"P_{\mathcal{D},Y}[\mathcal{Y}]$ (reading $P[Y(\mathcal{X}) \ne \mathbf{y}]$ as "
                   r"$1 - P[\mathcal{Y}]$, "
                   r"they differ, e.g. at $P[\mathcal{Y}] = 0.1$: $0.9$ vs $0.1$); Eq. 37 and the conclusion (29) use "
                   r"$P[\mathcal{Y}]$")
    ends(d)


def ends(d):
    """At x = 0 (x = 1), (21) ((22)) holds for every A, but (23a) ((23b)) asks A <= e^eps."""
    d.identity("lemma1:21-at-0", POST.subs(X, 0), 0,
               text=r"at $P[x_i] = 0$ the posterior is 0: (21) reads $0 \le 0$ for every $A$, and (22) reads "
                    r"$1 \ge e^{-\epsilon}$")
    d.identity("lemma1:22-at-1", (1 - POST).subs(X, 1), 0,
               text=r"at $P[x_i] = 1$, (22) reads $0 \ge 0$ for every $A$")
    d.identity("lemma1:g-at-ends", sp.Tuple(G1.subs(X, 0), G2.subs(X, 1)), sp.Tuple(E, E),
               text=r"while (23a) at $0$ and (23b) at $1$ ask $A \le e^\epsilon$")
    d.printed("lemma1:range", sp.Le(4, G1.subs({X: 0, eps: 1}), evaluate=False), sp.Integer(4),
              where="Lemma 1, (23a) at P[x_i] = 0",
              expect=Status.ERRATUM,
              text=r"the range of Lemma 1 (its `only if' at the ends): Lemma 1 states the equivalence for "
                   r"$0 \le P[x_i] \le 1$; at $P[x_i] = 0$ with $\epsilon = 1$ and $A = 4$, (21) and (22) hold "
                   r"($0 \le 0$, $1 \ge 1/e$) so the printed lemma gives (23a), $A \le e^\epsilon$, which fails; "
                   r"likewise at $P[x_i] = 1$ with (23b). The proof divides by $P[x_i]$ (31 $\to$ 32) and by "
                   r"$1 - P[x_i]$; the equivalence holds for $0 < P[x_i] < 1$")


def eq38(d):
    """(38): both constraints <=> A <= g(x), on each range of x."""
    pos = {eps: sp.Interval.open(0, sp.oo)}
    c28 = (1 - X) - A * (1 / E - X)
    c29 = E - (A * X + 1 - X)
    d.identity("eq38:forward-28", c28 / (1 / E - X), G1 - A, {**pos, X: sp.Interval.open(0, 1 / E)},
               text=r"$\Rightarrow$: for $x < e^{-\epsilon}$, (28)'s slack over $e^{-\epsilon} - x > 0$ is "
                    r"$g_1(x) - A$, so (28) gives $A \le g_1(x)$")
    d.identity("eq38:forward-29", c29 / X, G2 - A, {**pos, X: sp.Interval.Lopen(0, 1)},
               text=r"and for $x > 0$, (29)'s slack over $x$ is $g_2(x) - A$: $A \le g_2(x)$; so $A \le \min(g_1, "
                    r"g_2) = g$ (which is smaller: zhao2019.membership lemma1:23a-binds, lemma1:23b-binds)")
    t = sp.Symbol("t", positive=True)                                  # e^eps > 1
    at_t = lambda e: e.subs(E, t).subs(sp.exp(-eps), 1 / t)
    c28t, c29t, g1, g2, cross = at_t(c28), at_t(c29), at_t(G1), at_t(G2), 1 / (1 + t)
    ranges = (("i:low", c28t, {X: sp.Interval.Lopen(0, cross), A: sp.Interval.Lopen(0, g1)}),
              ("i:middle", c28t, {X: sp.Interval.open(cross, 1 / t), A: sp.Interval.Lopen(0, g2)}),
              ("i:high", c28t, {X: sp.Interval(1 / t, 1), A: sp.Interval.open(0, sp.oo)}),
              ("ii:high", c29t, {X: sp.Interval.Lopen(cross, 1), A: sp.Interval.Lopen(0, g2)}),
              ("ii:low", c29t, {X: sp.Interval.Lopen(0, cross), A: sp.Interval.Lopen(0, g1)}))
    for name, slack, dom in ranges:
        d.sign(f"eq38:back-{name}", slack, "nonnegative", {t: sp.Interval.open(1, sp.oo), **dom},
               text=rf"$\Leftarrow$, part {name.split(':')[0]}) ($t = e^\epsilon$): on $x \in$ this range, "
                    r"$A \le g(x)$ gives " + ("(28)" if slack is c28t else "(29)"))
    d.printed("eq38:ii-conclusion", c28, c29, {**pos, X: sp.Interval.open(0, 1), A: sp.Interval.open(0, sp.oo)},
              where="proof of (38), end of part ii)", expect=Status.ERRATUM,
              text=r"part ii) establishes $A x + 1 - x \le e^\epsilon$ but ends `it follows that "
                   r"$1 - x \ge A(e^{-\epsilon} - x)$', part i)'s conclusion (a copy slip; the argument is right)")


@derivation(id="zhao2019.theorem3", title="eps-BDP implies eps-MP (Zhao, Thm 3, Eq. 24-25) and Lemma 1's proof",
            paper=PAPER, where="Theorem 3, Eq. 24-25; proof of Lemma 1, Eq. 27-38")
def theorem3_lemma1(d):
    eq24_25(d)
    theorem3(d)
    lemma1_equivalences(d)
    eq38(d)
