"""Jia et al., Total variation distance privacy (2023): Appendix B, the proof of Theorem 10 (sampling).

Theorem 10: if M is alpha-TVD private, M o S_q (Poisson sampling, each record kept with probability q) is
q alpha-TVD private. The theorem holds, and q alpha is attained; the printed proof does not go through as
written. Its Eqs. B.1 and B.2 claim Pr[S_q(X) = T] = Pr[S_q(X') = T] for samples T without x_n, which misses
the factor 1 - q (the probability that x_n is left out); Z' is defined with S_q(X) where S_q(X') is meant;
and the last line bounds Z by (1 - q) Z' + q (Z + alpha) = Z + q alpha (vacuous) where the argument gives
(1 - q) Z' + q (Z' + alpha) = Z' + q alpha. The decomposition the proof needs is checked below as an exact
polynomial identity for datasets of two and three records, with the mechanism's acceptance probabilities
as free symbols. (The appendix is headed "Proof of Theorem 5.8": it proves Theorem 10.)
"""
import itertools

import sympy as sp

from symdp import Status, derivation, quote
from symdp.latex import NOTATION

PAPER = "003_0de8f9880065b2b9.txt"
q = sp.Symbol("q", positive=True)
a = sp.Symbol("alpha", positive=True)
t = sp.Symbol("t", integer=True, nonnegative=True)     # |T|, records of X' in the sample
r = sp.Symbol("r", integer=True, nonnegative=True)     # n - 1 - t, records of X' left out
Z, Zp = sp.symbols("Z Z'", nonnegative=True)
UNIT = {q: sp.Interval.open(0, 1)}
PROB = {q: sp.Interval.open(0, 1), Z: sp.Interval(0, 1), Zp: sp.Interval(0, 1), a: sp.Interval.Lopen(0, 1)}


def pr_sample(sample, data):
    """Pr[S_q(data) = sample] under Poisson sampling (zero unless sample is a subset of data)."""
    if not set(sample) <= set(data):
        return sp.Integer(0)
    return q ** len(sample) * (1 - q) ** (len(data) - len(sample))


def subsets(data):
    return [frozenset(c) for k in range(len(data) + 1) for c in itertools.combinations(data, k)]


def accept(n):
    """Pr[M(T) in O] for every subset T of {1..n}: free symbols in [0, 1]."""
    ms = {T: sp.Symbol("m_{" + ("".join(map(str, sorted(T))) or "0") + "}", nonnegative=True)
          for T in subsets(range(1, n + 1))}
    return ms, {s: sp.Interval(0, 1) for s in ms.values()} | UNIT


def sampling_probabilities(d):
    pX = d.define(r"\Pr[S_q(X) = T]", q ** t * (1 - q) ** (r + 1),
                  r"$X$ has $n$ records, $X'$ lacks $x_n$; $T \subseteq X'$ with $|T| = t$, so $n - t = r + 1$ "
                  r"records of $X$ are left out")
    pXp = d.define(r"\Pr[S_q(X') = T]", q ** t * (1 - q) ** r, r"and $n - 1 - t = r$ records of $X'$")
    sampled = NOTATION.extend(symbols={"\\Pr[S_q(X) = T]": pX, "\\Pr[S_q(X') = T]": pXp,
                                       "\\Pr[S_q(X) = T_{-x_n}]": pX, "\\Pr[S_q(X') = T_{-x_n}]": pXp})
    b1 = quote(PAPER, line=614, number="(B.1)", latex=r"\Pr[S_q(X) = T] = \Pr[S_q(X') = T]")
    d.printed("B.1", b1, pX, UNIT, where="Eq. B.1", expect=Status.ERRATUM, notation=sampled,
              text=r"printed $\Pr[S_q(X) = T] = \Pr[S_q(X') = T]$ for $x_n \notin T$; derived: "
                   r"$\Pr[S_q(X) = T] = (1-q)\Pr[S_q(X') = T]$ (e.g. $X = \{x_1\}$, $X' = \emptyset$, "
                   r"$q = 1/2$: $\Pr[S_q(X) = \emptyset] = 1/2$, $\Pr[S_q(X') = \emptyset] = 1$)")
    d.identity("B.1:ratio", pX / pXp, 1 - q, UNIT, text=r"the factor is $1 - q$: $x_n$ left out")
    b2 = quote(PAPER, line=618, number="(B.2)", latex=r"\Pr[S_q(X) = T_{-x_n}] = \Pr[S_q(X') = T_{-x_n}]")
    d.printed("B.2", b2, pX, UNIT, where="Eq. B.2", expect=Status.ERRATUM, notation=sampled,
              text=r"printed $\Pr[S_q(X) = T_{-x_n}] = \Pr[S_q(X') = T_{-x_n}]$: the same statement for the "
                   r"sample $T_{-x_n}$, which lacks $x_n$, false by the same factor $1-q$")
    with_xn = d.define(r"\Pr[S_q(X) = T \cup \{x_n\}]", q ** (t + 1) * (1 - q) ** r)
    d.identity("B.2:corrected", with_xn, q * pXp, UNIT,
               text=r"what the proof uses: $\Pr[S_q(X) = T \cup \{x_n\}] = q \Pr[S_q(X') = T]$")


def decomposition(d, n):
    """Z = (1 - q) Z' + q Y exactly, for |X| = n; the printed forms against it."""
    X, Xp = range(1, n + 1), range(1, n)
    m, dom = accept(n)
    z = sum(pr_sample(T, X) * m[T] for T in subsets(X))
    zp = sum(pr_sample(T, Xp) * m[T] for T in subsets(Xp))
    y = sum(pr_sample(T, Xp) * m[T | {n}] for T in subsets(Xp))
    d.identity(f"B:Z=(1-q)Z'+qY:n={n}", z, (1 - q) * zp + q * y, dom,
               text=rf"with $|X| = {n}$ and every $\Pr[\mathcal{{M}}(T) \in O] = m_T$ free: "
                    r"$Z = (1-q)Z' + qY$ for $Z' = \sum_{T \subseteq X'} \Pr[S_q(X') = T]\, m_T$ and "
                    r"$Y = \sum_{T \subseteq X'} \Pr[S_q(X') = T]\, m_{T \cup \{x_n\}}$")
    d.identity(f"B:weights:n={n}", sum(pr_sample(T, Xp) for T in subsets(Xp)), 1, UNIT,
               text=r"the weights of $Y$ and $Z'$ sum to 1, so $Y - Z' = \sum_T \Pr[S_q(X') = T]\,(m_{T\cup "
                    r"\{x_n\}} - m_T) \le \alpha$ by $\alpha$-TVD privacy of $\mathcal{M}$ on the neighbours "
                    r"$T$, $T \cup \{x_n\}$")
    return m, dom, z, zp


def printed_z(d):
    m, dom, z, zp = decomposition(d, 2)
    zp_printed = sum(pr_sample(T, range(1, 3)) * m[T] for T in subsets(range(1, 2)))
    d.printed("B:Z'-definition", zp_printed, zp, dom, where="App. B, definition of Z'", expect=Status.ERRATUM,
              text=r"printed $Z' = \sum_{T \subset X'} \Pr[S_q(X) = T] \Pr[\mathcal{M}(T) \in O]$ is $(1-q)$ "
                   r"times $\Pr[\mathcal{M}(S_q(X')) \in O]$; $S_q(X')$ is meant (witness: $\mathcal{M}$ always "
                   r"in $O$, $q = 1/2$: printed $1/2$, derived 1)")
    y_printed = sum(q * pr_sample(T, range(1, 3)) * m[T | {2}] for T in subsets(range(1, 2)))
    d.printed("B:Z-decomposition", (1 - q) * zp_printed + y_printed, z, dom, where="App. B, second line of Z",
              expect=Status.ERRATUM,
              text=r"printed $Z = \sum_{T \subset X'} (1-q)\Pr[S_q(X) = T]\ldots + \sum q \Pr[S_q(X) = "
                   r"T_{-x_n}]\ldots$, which with B.1 as printed carries a factor $1-q$ too many in both sums "
                   r"(witness: $\mathcal{M}$ always in $O$, $q = 1/2$: printed $1/2$, $Z = 1$)")
    decomposition(d, 3)


def final_step(d):
    d.identity("B:derived-chain", (1 - q) * Zp + q * (Zp + a), Zp + q * a,
               text=r"with $Y \le Z' + \alpha$: $Z = (1-q)Z' + qY \le (1-q)Z' + q(Z' + \alpha) = Z' + q\alpha$")
    last = quote(PAPER, line=634, latex=r"(1 - q)Z' + q(Z + \alpha) = Z + q\alpha")
    d.printed("B:final-step", last, (1 - q) * Zp + q * (Z + a), PROB, where="App. B, last display",
              expect=Status.ERRATUM,
              text=r"printed $(1-q)Z' + q(Z + \alpha) = Z + q\alpha$, true only when $Z = Z'$ (witness $q = 1/2$, "
                   r"$Z' = 0$, $Z = 1$: $1/2 + \alpha/2$ against $1 + \alpha/2$); the conclusion "
                   r"$Z \le Z + q\alpha$ is vacuous. Derived: $Z \le Z' + q\alpha$, and by symmetry "
                   r"$Z' \le Z + q\alpha$")


def tightness(d):
    tv = lambda u, v: sp.Abs(u - v)
    present, absent = (1 + a) / 2, (1 - a) / 2
    d.identity("thm10:witness-is-alpha-TVD", tv(present, absent), a, {a: sp.Interval.Lopen(0, 1)},
               text=r"$\mathcal{M}(T)$ = a coin with heads probability $(1+\alpha)/2$ if $x_n \in T$, else "
                    r"$(1-\alpha)/2$: neighbours differing in $x_n$ are $\alpha$ apart, others 0")
    mixed = q * present + (1 - q) * absent
    d.identity("thm10:attained", tv(mixed, absent), q * a, PROB,
               text=r"$\mathcal{M} \circ S_q$: heads with probability $q(1+\alpha)/2 + (1-q)(1-\alpha)/2$ on $X$, "
                    r"$(1-\alpha)/2$ on $X'$: exactly $q\alpha$ apart. Theorem 10 is tight")
    data, datap = range(1, 3), range(1, 2)
    sq_tv = sum(sp.Abs(pr_sample(T, data) - pr_sample(T, datap)) for T in subsets(data)) / 2
    d.identity("thm10:S_q-is-q-TVD", sq_tv, q, UNIT,
               text=r"the alternative proof: $S_q$ itself is exactly $q$-TVD ($|X| = 2$; the event "
                    r"`$x_n$ sampled'). Theorem 9 then needs $\mathcal{M}$'s bound for the pairs "
                    r"$(T, T\cup\{x_n\})$ that a coupling of $S_q(X)$ and $S_q(X')$ produces; its printed proof "
                    r"bounds $\Pr[\mathcal{M}_2(y) \in Z] - \Pr[\mathcal{M}_2(y') \in Z]$ for all $y, y'$, "
                    r"which TVD privacy gives only for neighbours: the coupling argument is the sound route")


@derivation(id="tvd2023.appB-sampling", title="Privacy amplification by sampling: the proof of Theorem 10 "
            "(Jia et al. 2023)", paper=PAPER, where="Sec. 4.4, Theorem 10; Appendix B, Eqs. B.1, B.2")
def appendix_b(d):
    d.note("Appendix B is headed 'Proof of Theorem 5.8'; it proves Theorem 10 (Sec. 4.4).")
    sampling_probabilities(d)
    printed_z(d)
    final_step(d)
    tightness(d)
