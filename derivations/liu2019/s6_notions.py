"""Liu et al. (PoPETs 2019), Sec. 6 and appendix 10.6: Theorem 7 and Propositions 1-2.

Only two steps of the proof are algebra: inferential privacy is dependent DP
by Bayes' rule, and epsilon-membership privacy gives 2 epsilon on the
posterior-odds ratio.  The others (Blowfish >= DDP >= DP, MIDP <= MP, and
Propositions 1-2 under independence) compare definitions: which neighbouring
pairs a notion ranges over, or worst case against average.  They are recorded
as definitions-level steps, not claimed as proofs.
"""
import sympy as sp

from symdp import derivation
from symdp.symbols import eps

PAPER = "000_0f0c1e9c4d2d1ce3.txt"
PD, PDp, LD, LDp = sp.symbols("P(D) P(D') L(D) L(D')", positive=True)
S1, S2 = sp.symbols("s_1 s_2", real=True)


def inferential(d):
    ev = PD * LD + PDp * LDp
    post_ratio = (PD * LD / ev) / (PDp * LDp / ev)
    d.identity("thm7:ip-ddp", post_ratio / (PD / PDp), LD / LDp,
               text=r"posterior odds over prior odds is the likelihood ratio $P(\mathcal{A}(D)=o)/P(\mathcal{A}(D')=o)$: "
                    r"bounding one by $e^\epsilon$ bounds the other, so $\epsilon_{IP} = \epsilon_{DDP}$")


def membership(d):
    unit = {S1: sp.Interval(-1, 1), S2: sp.Interval(-1, 1), eps: sp.Interval.open(0, sp.oo)}
    ratio = sp.exp(eps * S1) / sp.exp(eps * S2)
    d.define(r"\frac{P(d_{i1}|o)/P(d_{i1})}{P(d_{i2}|o)/P(d_{i2})}", ratio,
             r"membership privacy puts each posterior/prior ratio in $[e^{-\epsilon}, e^\epsilon]$: "
             r"$e^{\epsilon s}$ with $s \in [-1, 1]$")
    d.sign("thm7:mp-2eps", sp.exp(2 * eps) - ratio, "nonnegative", unit,
           text=r"so the odds ratio is at most $e^{2\epsilon}$: $\epsilon$-MP gives $2\epsilon$-IP, "
                r"i.e. $\epsilon_{DDP} \le 2\epsilon_{MP}$")
    d.sign("thm7:mp-2eps-tight", ratio.subs({S1: 1, S2: -1}) - sp.exp(2 * eps), "nonnegative",
           text=r"and $2\epsilon$ is attained (one posterior at $e^\epsilon$ times its prior, the other at $e^{-\epsilon}$)")


def definitions(d):
    for text in (r"$\epsilon_{BP} \ge \epsilon_{DDP}$: Blowfish neighbours (deterministic constraints) include the "
                 r"$\mathcal{L}$-tuple neighbours of dependent DP",
                 r"$\epsilon_{DDP} \ge \epsilon_{DP}$: DP's neighbours differ in one tuple, a subset",
                 r"$\epsilon_{MIDP} \le \epsilon_{MP}$: mutual information averages what MP bounds in the worst case",
                 r"Props 1-2: with independent (and uniform) records the dependent neighbours reduce to DP's, "
                 r"so $\epsilon_{BP} = \epsilon_{DDP} = \epsilon_{IP} = \epsilon_{DP}$"):
        d.note("definitions-level, not algebra: " + text)


@derivation(id="liu2019.notions", title="Theorem 7: comparing privacy notions (Liu et al.)",
            paper=PAPER, where="Sec. 6, Theorem 7, Propositions 1-2, appendix 10.6")
def notions(d):
    inferential(d)
    membership(d)
    definitions(d)
