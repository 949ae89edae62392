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
    attained(d)


def attained(d):
    """A mechanism and prior at which epsilon-MP holds and the odds ratio is e^{2 eps}: 2 eps cannot be improved."""
    b = 1 / (1 + sp.exp(eps))                                   # prior P(d_i1)
    on = {1: sp.Rational(1, 2), 2: sp.exp(-2 * eps) / 2}        # P(o = 1 | d_ik)
    d.define(r"(P(d_{i1}), P(o=1|d_{i1}), P(o=1|d_{i2}))", sp.Tuple(b, on[1], on[2]),
             r"the witness: prior $P(d_{i1}) = 1/(1+e^\epsilon)$ on two record values, a two-outcome mechanism "
             r"with $P(o=1 \mid d_{i1}) = 1/2$, $P(o=1 \mid d_{i2}) = e^{-2\epsilon}/2$")
    prior = {1: b, 2: 1 - b}
    ratios = {}
    for o in (1, 0):
        like = {k: on[k] if o else 1 - on[k] for k in (1, 2)}
        evidence = prior[1] * like[1] + prior[2] * like[2]
        for k in (1, 2):
            ratios[o, k] = like[k] / evidence                   # P(d_ik | o) / P(d_ik), Bayes' rule
    d.identity("thm7:witness-o1-d1", ratios[1, 1], sp.exp(eps),
               text=r"at $o = 1$ the posterior/prior ratio of $d_{i1}$ is $e^\epsilon$")
    d.identity("thm7:witness-o1-d2", ratios[1, 2], sp.exp(-eps), text=r"and that of $d_{i2}$ is $e^{-\epsilon}$")
    for k in (1, 2):
        d.sign(f"thm7:witness-o0-d{k}", (sp.exp(eps) - ratios[0, k]) * (ratios[0, k] - sp.exp(-eps)), "nonnegative",
               {eps: sp.Interval.open(0, sp.oo)},
               text=rf"at $o = 0$ the ratio of $d_{{i{k}}}$ lies in $[e^{{-\epsilon}}, e^\epsilon]$"
                    + (r": the mechanism is $\epsilon$-MP for this prior" if k == 2 else ""))
    d.identity("thm7:mp-2eps-tight", ratios[1, 1] / ratios[1, 2], sp.exp(2 * eps),
               text=r"and at $o = 1$ the posterior odds over the prior odds are $e^{2\epsilon}$: the bound "
                    r"$\epsilon_{IP} \le 2\epsilon_{MP}$ is attained")


def definitions(d):
    for text in (r"$\epsilon_{BP} \ge \epsilon_{DDP}$: Blowfish neighbours (deterministic constraints) include the "
                 r"$\mathcal{L}$-tuple neighbours of dependent DP",
                 r"$\epsilon_{DDP} \ge \epsilon_{DP}$: DP's neighbours differ in one tuple, a subset",
                 r"$\epsilon_{MIDP} \le \epsilon_{MP}$: mutual information averages what MP bounds in the worst case "
                 r"(the appendix is cut off here; reconstructed in liu2019.propositions midp:average)",
                 r"Props 1-2: with independent (and uniform) records the dependent neighbours reduce to DP's, "
                 r"so $\epsilon_{BP} = \epsilon_{DDP} = \epsilon_{IP} = \epsilon_{DP}$ (a model of all of Eq. 25 and a "
                 r"sharper Proposition 2: liu2019.propositions)"):
        d.note("definitions-level, not algebra: " + text)


@derivation(id="liu2019.notions", title="Theorem 7: comparing privacy notions (Liu et al.)",
            paper=PAPER, where="Sec. 6, Theorem 7, Propositions 1-2, appendix 10.6")
def notions(d):
    inferential(d)
    membership(d)
    definitions(d)
