"""Independent numeric optimisation for the library audits: golden-section search at the working precision.

Used as an oracle for suprema and infima that the derivations compute in closed form (an attacker's best
advantage, a Bayes risk): it knows nothing of the closed form, only the objective.
"""
import mpmath as mp

CAP = 2000
"""Golden-section steps at most (each shrinks the bracket by 0.618)."""


def maximise(f, lo, hi):
    """max of the unimodal ``f`` on [lo, hi] (its value), to the working precision."""
    g = (mp.sqrt(5) - 1) / 2
    a, b = mp.mpf(lo), mp.mpf(hi)
    c, e = b - g * (b - a), a + g * (b - a)
    fc, fe = f(c), f(e)
    for _ in range(CAP):
        if b - a <= mp.mpf(2) ** (-mp.mp.prec // 2 - 8) * (1 + abs(a) + abs(b)):
            break
        if fc < fe:
            a, c, fc = c, e, fe
            e = a + g * (b - a)
            fe = f(e)
        else:
            b, e, fe = e, c, fc
            c = b - g * (b - a)
            fc = f(c)
    return max(fc, fe, f((a + b) / 2))


def minimise(f, lo, hi):
    """min of the unimodal ``f`` on [lo, hi] (its value)."""
    return -maximise(lambda t: -f(t), lo, hi)
