"""Liu et al. (PoPETs 2019), Sec. 6: Theorem 7 (Eq. 25) in a model, Propositions 1-2, and MIDP <= MP.

Theorem 7's neighbour relations: a notion whose neighbouring pairs include
another's needs a larger epsilon for the same mechanism (a maximum over a
larger set).  Checked in a model: three binary records, the Laplace mechanism
on their sum (scale 1/eps), records 1 and 2 perfectly correlated; the tightest
parameter of each notion is eps times the largest change of the sum over its
neighbouring pairs (liu2019.definitions thm1:scalar, thm1:attained).
Propositions 1 and 2: with independent records every relation collapses to
DP's.  Proposition 2 states exactly Proposition 1's relations; for uniform
binary records its eps_DDP <= 2 eps_MP can be sharpened to
eps_DDP <= log(2 e^{eps_MP} - 1), which is attained.  The proof of
MIDP <= MP is cut off in the extraction; it is reconstructed: mutual
information is the average of the log posterior/prior ratio that membership
privacy bounds pointwise.
"""
import itertools

import sympy as sp

from symdp import derivation
from symdp.symbols import eps

PAPER = "000_0f0c1e9c4d2d1ce3.txt"
POS = {eps: sp.Interval.open(0, sp.oo)}
HALF = sp.Rational(1, 2)


def largest_change(pairs) -> int:
    return max(abs(sum(a) - sum(b)) for a, b in pairs)


def neighbour_pairs(correlated: bool):
    """Neighbouring pairs of each notion over {0,1}^3; with ``correlated`` records 0 and 1 are equal."""
    support = [x for x in itertools.product((0, 1), repeat=3) if not correlated or x[0] == x[1]]
    flip = lambda x, idx: tuple(1 - v if k in idx else v for k, v in enumerate(x))
    direct = [(x, flip(x, {i})) for x in itertools.product((0, 1), repeat=3) for i in range(3)]
    linked = lambda i: {0, 1} if correlated and i in (0, 1) else {i}
    dependent = [(x, flip(x, linked(i))) for x in support for i in range(3)]
    everything = [(x, y) for x in support for y in support if x != y]
    return {"DP": direct, "DDP": dependent, "BP": everything}


def theorem7_model(d):
    for correlated, name in ((True, "correlated"), (False, "independent")):
        gaps = {k: largest_change(v) for k, v in neighbour_pairs(correlated).items()}
        expected = {"DP": 1, "DDP": 2, "BP": 3} if correlated else {"DP": 1, "DDP": 1, "BP": 3}
        for notion, gap in gaps.items():
            d.identity(f"thm7-model:{name}:{notion}", eps * gap, eps * expected[notion],
                       text=rf"{name} records: the tightest $\epsilon_{{{notion}}}$ of $\mathrm{{Lap}}(1/\epsilon)$ "
                            rf"on the sum is $\epsilon$ times the largest change of the sum, {gap}, over "
                            rf"{notion}'s neighbouring pairs")
    d.note(r"model reading of Eq. 25: $\epsilon_{BP} = 3\epsilon \ge \epsilon_{DDP} = 2\epsilon \ge \epsilon_{DP} = "
           r"\epsilon$ for correlated records; with independent records $\epsilon_{DDP} = \epsilon_{DP}$ "
           r"(Propositions 1-2) while Blowfish's all-pairs neighbours (the paper's description of count/marginal "
           r"constraints) still give $3\epsilon$: $\epsilon_{BP} = \epsilon_{DP}$ in Propositions 1-2 needs that "
           r"independent records carry no deterministic constraint (a known count makes records dependent), so "
           r"Blowfish's neighbours reduce to DP's. $\epsilon_{IP} = \epsilon_{DDP}$ is liu2019.notions thm7:ip-ddp")
    m, s = sp.symbols("m_N m_S", positive=True)
    d.sign("thm7:superset", sp.Max(m, s) - s, "nonnegative",
           text=r"in general: the largest privacy loss over a set of pairs that contains another is at least the "
                r"other's ($\max(m_N, m_S) \ge m_S$): more neighbours, larger $\epsilon$ for the same mechanism")


def midp_mp(d):
    """Reconstructed: I(X; Y) = E[log posterior/prior] <= eps when eps-MP bounds every log ratio by eps."""
    b = sp.Symbol("b", positive=True)                                   # prior P(X = 1)
    c1, c0 = sp.symbols("c_1 c_0", positive=True)                       # P(Y = 1 | X = 1), P(Y = 1 | X = 0)
    joint = {(1, 1): b * c1, (1, 0): b * (1 - c1), (0, 1): (1 - b) * c0, (0, 0): (1 - b) * (1 - c0)}
    py = {y: joint[1, y] + joint[0, y] for y in (0, 1)}
    px = {1: b, 0: 1 - b}
    loss = {(x, y): sp.log(joint[x, y] / (py[y] * px[x])) for x, y in joint}   # log posterior/prior
    mi = sum(joint[k] * loss[k] for k in joint)
    d.define(r"I(X; Y)", mi, r"mutual information of a binary record and a binary output: "
             r"$\sum p(x,y)\log\frac{p(x \mid y)}{p(x)}$")
    d.identity("midp:average", eps - mi, sum(joint[k] * (eps - loss[k]) for k in joint),
               {b: sp.Interval.open(0, 1), c1: sp.Interval.open(0, 1), c0: sp.Interval.open(0, 1)},
               text=r"$\epsilon - I = \sum p(x,y)(\epsilon - \log\frac{p(x|y)}{p(x)})$: $\epsilon$-MP makes every "
                    r"term nonnegative, so $I \le \epsilon$ and $\epsilon_{MIDP} \le \epsilon_{MP}$ (the sum is "
                    r"alike for any alphabet; MP must hold for the priors that fix $X_{-i}$, since MI-DP "
                    r"conditions on them)")
    p = sp.exp(eps) / (1 + sp.exp(eps))
    mi_rr = sp.log(2) + p * sp.log(p) + (1 - p) * sp.log(1 - p)
    eps_mp = sp.log((1 + sp.exp(eps)) / 2)
    d.identity("midp:rr-mp", eps_mp, -sp.log(2 * (1 - p)), POS, hint="exp/log expansion",
           text=r"randomized response ($p = e^\epsilon/(1+e^\epsilon)$) on a uniform bit has posterior/prior ratios "
                r"$2p$ and $2(1-p)$; the binding one is $2(1-p) = e^{-\epsilon'}$: its MP parameter is "
                r"$\epsilon' = \log\frac{1+e^\epsilon}{2}$ (and $2p \le e^{\epsilon'}$ holds)")
    d.sign("midp:rr-mp-upper", eps_mp - sp.log(2 * p), "nonnegative", POS,
           text=r"$\log(2p) \le \epsilon'$: $(1+e^\epsilon)^2 - 4e^\epsilon = (e^\epsilon - 1)^2 \ge 0$")
    d.sign("midp:rr", eps_mp - mi_rr, "positive", POS, n=20,
           text=r"and its mutual information $\log 2 - H(p)$ is below $\epsilon'$")


def proposition2(d):
    """Uniform binary records: eps-MP gives posterior odds at most 2e^eps - 1 < e^{2 eps}."""
    q_top = 1 - sp.exp(-eps) / 2
    d.sign("prop2:which-bound-binds", sp.exp(eps) / 2 - q_top, "nonnegative", POS,
           text=r"prior $1/2$: MP asks $q \le e^\epsilon/2$ and $1 - q \ge e^{-\epsilon}/2$; the second binds "
                r"($e^\epsilon/2 + e^{-\epsilon}/2 = \cosh\epsilon \ge 1$), so $q \le 1 - e^{-\epsilon}/2$")
    d.identity("prop2:largest-odds", q_top / (1 - q_top), 2 * sp.exp(eps) - 1,
               text=r"the largest posterior odds (= the likelihood ratio, prior odds 1) are $2e^\epsilon - 1$")
    d.note(r"with $k$ uniform values the two-sided MP bounds allow $q_1 = e^\epsilon/k$, $q_2 = e^{-\epsilon}/k$ "
           r"once the other $k-2$ values can take the rest within $[e^{-\epsilon}/k, e^\epsilon/k]$ (large $k$): "
           r"then $e^{2\epsilon}$ is reached, so the sharpening is a binary-record one")
    d.sign("prop2:sharper", 2 * eps - sp.log(2 * sp.exp(eps) - 1), "positive", POS,
           text=r"$\log(2e^\epsilon - 1) < 2\epsilon$: for uniform binary records $\epsilon_{DDP} \le "
                r"\log(2e^{\epsilon_{MP}} - 1)$, sharper than Proposition 2's $2\epsilon_{MP}$ "
                r"(at $\epsilon_{MP} = 1$: "
                r"$1.459$ vs $2$)")
    d.sign("prop2:attained-mp", (sp.exp(eps) - 2 * q_top) * 1, "nonnegative", POS,
           text=r"attained: randomized response with $q = 1 - e^{-\epsilon}/2$ has posterior/prior $2q = 2 - "
                r"e^{-\epsilon} \le e^\epsilon$ and $2(1-q) = e^{-\epsilon}$: it is $\epsilon$-MP")
    d.note("Proposition 2 states word for word Proposition 1's relations: the added uniformity changes nothing "
           "in the statement; the sharpening above is what it allows for binary records")


@derivation(id="liu2019.propositions", title="Theorem 7 in a model, Propositions 1-2, and MIDP <= MP",
            paper=PAPER, where="Sec. 6.2, Theorem 7 (Eq. 25), Propositions 1-2, appendix 10.6")
def propositions(d):
    theorem7_model(d)
    midp_mp(d)
    proposition2(d)
