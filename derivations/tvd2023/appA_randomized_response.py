"""Jia et al. 2023, Appendix A.1: randomized response at eps = 0.5, one answer and a family's ten.

Bob answers by randomized response: the truth with probability p = e^0.5/(e^0.5 + 1), the opposite otherwise.
With a uniform prior the best guess from his answer is the answer itself (the likelihood ratio is e^{+-0.5}),
right with probability p = 0.62246: the text's "at most close to 0.63" is on the safe side of the maximum but
rounded up (the nearest two-decimal value is 0.62).  The ten family members share Bob's status and answer
independently; the likelihood ratio of their answers is e^{(2j - 10) 0.5} for j answers "sick", increasing in
j, so the best guess is the majority, and a tie (j = 5, ratio 1) may be broken either way, at random included.
Its success is (1 + TV_10)/2, with TV_10 the TV of 10-fold RR (Sec. 6), = 0.77853: "nearly 0.78" (just below
0.78, which is its nearest two-decimal rounding).
"""
import itertools

import mpmath as mp
import sympy as sp

from symdp import derivation
from symdp.tvd import composition as comp

PAPER = "003_0de8f9880065b2b9.txt"
EPS = sp.Rational(1, 2)
P = sp.exp(EPS) / (sp.exp(EPS) + 1)
FAMILY = 10


def one_answer(d):
    p = d.define("p", P, r"randomized response at $\epsilon = 0.5$: the true value with probability $p$")
    d.identity("A:ratio", p / (1 - p), sp.exp(EPS), text=r"likelihood ratio $e^{\pm 0.5}$: the best guess from one "
               r"answer (uniform prior) is the answer itself, right with probability $p$")
    d.identity("A:one-is-tv", (1 + (2 * p - 1)) / 2, p, text=r"$= (1 + \tanh(1/4))/2$, the Bayes accuracy bound "
               r"$(1 + D_{TV})/2$ with $D_{TV} = \tanh(\epsilon/2)$")
    d.printed_bound("A:0.63", "0.63", sp.N(p, 60), "at least", 2, what="largest success probability",
                    text=r"``at most close to 0.63'': derived $p = 0.622459$; 0.63 lies above it (safe for an "
                         r"upper bound), rounded up by 0.0075; the nearest two-decimal value is 0.62")


def majority(d):
    j = sp.Symbol("j", integer=True, nonnegative=True)
    lik1 = sp.binomial(FAMILY, j) * P ** j * (1 - P) ** (FAMILY - j)
    lik0 = sp.binomial(FAMILY, j) * (1 - P) ** j * P ** (FAMILY - j)
    d.identity("A:family-ratio", sp.expand(sp.log(lik1 / lik0), force=True), (2 * j - FAMILY) * EPS,
               hint="exp/log expansion", text=r"$j$ of the 10 answers say ``sick'': likelihood ratio "
               r"$e^{(2j - 10)/2}$, increasing in $j$: the majority is the best guess, ties ($j = 5$, ratio 1) "
               "either way")
    win = sum(lik1.subs(j, k) for k in range(6, 11)) + lik1.subs(j, 5) / 2
    success = d.define(r"\Pr[\text{correct}]", win, "majority vote, ties broken at random (either status equally "
                       "likely a priori: by symmetry the success is the same under both)")
    tv = sum(sp.binomial(FAMILY, k) * (sp.exp((FAMILY - k) * EPS) - sp.exp(k * EPS)) for k in range(5)) \
        / (1 + sp.exp(EPS)) ** FAMILY
    d.identity("A:majority-tv", success, (1 + tv) / 2, hint="cancel",
               text=r"$= (1 + \mathrm{TV}_{10})/2$ with $\mathrm{TV}_{10}$ of Sec. 6 at $\epsilon = 0.5$: no "
                    "guess from the ten answers does better")
    d.cross_check("A:majority-brute", lambda: _brute_best(), lambda: comp.mp_tv_kfold(FAMILY, mp.mpf(1) / 2, 70) / 2
                  + mp.mpf(1) / 2, {}, n=1,
                  text=r"the Bayes-optimal guess over all $2^{10}$ answer vectors (brute force, 60 digits) "
                       r"against $(1 + \mathrm{TV}_{10})/2$ from symdp.tvd.composition")
    value = sp.N(success, 60)
    d.printed_bound("A:0.78", "0.78", value, "at least", 2, what="largest success probability",
                    text=rf"``nearly 0.78'': derived {sp.N(success, 8)}; 0.78 lies just above it and is its "
                         "nearest two-decimal value")
    d.table("A-family", "Best guess of a shared status from n randomized-response answers at eps = 0.5 (ties "
            "broken at random): an even n adds nothing to n - 1", ("n", "success"),
            [(str(n), mp.nstr((1 + comp.mp_tv_kfold(n, mp.mpf(1) / 2)) / 2, 8)) for n in range(1, 11)])


def _brute_best():
    """sum over all answer vectors of max(prior 1/2 x P1, 1/2 x P0): the Bayes-optimal success."""
    with mp.workdps(70):
        p = mp.exp(mp.mpf(1) / 2) / (mp.exp(mp.mpf(1) / 2) + 1)
        total = mp.mpf(0)
        for y in itertools.product((0, 1), repeat=FAMILY):
            s = sum(y)
            total += max(p ** s * (1 - p) ** (FAMILY - s), (1 - p) ** s * p ** (FAMILY - s)) / 2
        return total


@derivation(id="tvd2023.appA-randomized-response", title="Randomized response at eps = 0.5 and a family's "
            "majority vote (Jia et al. 2023, App. A)", paper=PAPER, where="Appendix A.1")
def randomized_response(d):
    one_answer(d)
    majority(d)
