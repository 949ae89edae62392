"""Pankova & Laud, the cafeteria example: the average query, the differencing attack, and the noisy average.

Table t: Alice 20, Bob 15, Chris 10 (math).  SELECT AVG(time) gives 15; an attacker who knows
Bob's and Chris's times recovers Alice's: 3 * 15 - 15 - 10 = 20.  With Laplace noise of scale b
on the average of n rows, changing one time by Delta moves the average by Delta/n, so the noisy
average is eps d-private for d(t, t') = |Delta| / r with eps = r / (n b) (the slides' d(t, t') = 5
for Alice 20 -> 25 is r = 1 minute).  The differencing attack turns the noisy average into Alice's
time plus Laplace noise of scale n b = r / eps: exactly the single-attribute mechanism of
pankova2023.main-theorem, so the guessing bounds apply.  Worked example: a normal prior
N(15, 5^2) on eating times, the attacker guesses Alice's time to within r = 5 minutes around 20.
"""
import mpmath as mp
import sympy as sp

from symdp import derivation
from symdp.guessing import closed
from symdp.guessing.bounds import shell_upper, shells
from symdp.guessing.examples import PAPER
from symdp.guessing.exact import laplace_posterior
from symdp.guessing.priors import Normal
from symdp.guessing.targets import Attribute

xa, xb, xc, delta, z, x = sp.symbols("x_A x_B x_C Delta z x", real=True)
n, b = sp.symbols("n b", positive=True)
y = sp.Symbol("y", real=True)
TIMES = {xa: 20, xb: 15, xc: 10}
PRIOR, R, GUESS = Normal(15, 5), 5, 20
N_ROWS = 3
SHELLS = 8
"""Shells written out in the closed-form bound (``closed.shell_upper``)."""
eps = sp.Symbol("epsilon", positive=True)
EYC = {eps: sp.Interval(sp.Rational(1, 10), 4), y: sp.Interval(0, 40)}


def query(d):
    avg = d.define(r"\mathrm{AVG}(t)", (xa + xb + xc) / 3, "SELECT AVG(time) FROM t WHERE faculty = math")
    value = avg.subs(TIMES)
    d.printed_number("avg:15", 15, value, 0, what="the average", text="the average of 20, 15, 10")
    attack = d.define(r"\hat{x}_A", 3 * avg - xb - xc, "the differencing attack: Bob's and Chris's times known")
    d.identity("attack:exact", attack, xa, text="the attack recovers Alice's time exactly")
    got = attack.subs(TIMES)
    d.printed_number("attack:20", 20, got, 0, what="Alice's time",
                     text="Bob ate 15 minutes, Chris ate 10 minutes, average is 15 => Alice ate 20 minutes")
    dist = abs(25 - TIMES[xa])
    d.printed_number("distance:5", 5, sp.Integer(dist), 0, what="d(t, t')",
                     text="t' changes Alice's time from 20 to 25")


def noisy(d):
    m = sp.Symbol("m", real=True)
    shift = d.define(r"\mathrm{AVG}(t') - \mathrm{AVG}(t)", ((xa + delta) + xb + xc) / 3 - (xa + xb + xc) / 3,
                     r"Alice's time changed by $\Delta$")
    d.identity("avg:sensitivity", shift, delta / 3, text=r"the average of $n = 3$ rows moves by $\Delta / n$")
    loss = (sp.Abs(y - m - delta / n) - sp.Abs(y - m)) / b   # log f(y | t) - log f(y | t'), m = AVG(t)
    d.sign("noisy:d-private", sp.Abs(delta) / (n * b) - loss, "nonnegative",
           {y: sp.Interval(-20, 20), m: sp.Interval(-10, 10), delta: sp.Interval(-10, 10), n: sp.Interval(1, 50),
            b: sp.Interval(sp.Rational(1, 10), 10)},
           text=r"Laplace noise of scale $b$ on the average: the log-ratio of output densities is at most "
                r"$|\Delta|/(nb)$, so the release is $\epsilon d$-private for $d = |\Delta|/r$ with $\epsilon = r/(nb)$")
    s = sp.Symbol("S", real=True)
    f_avg = sp.exp(-sp.Abs(y - (x + s) / n) / b) / (2 * b)
    f_z = d.define(r"f_Z(z|x)", f_avg.subs(y, (z + s) / n) / n,
                   r"the attack $Z = nY - S$ ($S$ the others' total) on the noisy average $Y$")
    d.identity("attack:laplace", f_z, sp.exp(-sp.Abs(z - x) / (n * b)) / (2 * n * b),
               text=r"$Z$ is Alice's time plus Laplace noise of scale $nb = r/\epsilon$: the single-attribute mechanism")


def example(d):
    target = Attribute(PRIOR, R, GUESS)
    lo, hi = target.interval(1)
    others = TIMES[xb] + TIMES[xc]

    def via_average(epsilon, y):
        """Posterior of Alice's time in [15, 25] from the noisy average itself, by quadrature (the oracle)."""
        bb = mp.mpf(R) / (N_ROWS * epsilon)
        avg = mp.mpf(y) / N_ROWS + mp.mpf(others) / N_ROWS      # an average output whose attack value is y
        w = lambda t: mp.exp(-abs(avg - (t + others) / mp.mpf(N_ROWS)) / bb) * PRIOR.pdf(t)
        cuts = sorted({-mp.inf, mp.mpf(15), mp.mpf(y), mp.mpf(25), mp.inf})     # split at the kink t = y
        pieces = [(u, v, mp.quad(w, [u, v])) for u, v in zip(cuts, cuts[1:])]
        inside = mp.fsum(q for u, v, q in pieces if 15 <= u and v <= 25)
        return inside / mp.fsum(q for u, v, q in pieces)
    d.cross_check("example:posterior", lambda epsilon, y: laplace_posterior(PRIOR, lo, hi, y, epsilon, R),
                  via_average, EYC, n=6,
                  text=r"Alice's posterior of $[15, 25]$ through the attack (Laplace $r/\epsilon$ on her time) against "
                       r"quadrature of Bayes' rule on the noisy average ($n = 3$, $b = r/(n\epsilon)$), prior "
                       r"$N(15, 5^2)$, $r = 5$")
    sh = shells(target)
    d.note(closed.NOTATION)
    post = closed.laplace_posterior(PRIOR, closed.exact(lo), closed.exact(hi), y, eps, R)
    d.cross_check("example:posterior-closed", post, via_average, EYC, n=3,
                  text="the same posterior as an expression (normal tails in the Mills form) against the quadrature")
    d.sign("example:bound-valid", closed.shell_upper(target, eps, SHELLS) - post, "nonnegative", EYC, symbolic=False,
           boxes=8000, text=f"the corrected shell bound holds for Alice's posterior at every output (closed forms; "
                            f"shells 1 to {SHELLS} written out, the prior mass beyond put at distance {SHELLS + 1})")
    with mp.workdps(30):
        rows = []
        for e in (mp.mpf(1) / 2, 1, 2):
            post = max(laplace_posterior(PRIOR, lo, hi, t, e, R) for t in mp.linspace(0, 40, 161))
            rows.append((mp.nstr(e, 3), mp.nstr(R / (N_ROWS * mp.mpf(e)), 6), mp.nstr(sh.p, 6),
                         mp.nstr(post - sh.p, 6), mp.nstr(shell_upper(sh, e) - sh.p, 6)))
    d.table("example", r"Alice's eating time to within 5 minutes of 20, prior $N(15, 5^2)$: noise scale $b$ on the "
                       r"average of 3 rows, prior probability, exact advantage (best output on a grid) and the "
                       r"corrected shell bound on it",
            [r"$\epsilon$", "$b$", r"$\Pr_{pre}$", r"$\eta$ exact", r"$\eta$ bound"], rows)


@derivation(id="pankova2023.cafeteria", title="The cafeteria example (Pankova & Laud)", paper=PAPER,
            where="slides: Background; Privacy issue; eps-differential privacy for particular attributes")
def cafeteria(d):
    query(d)
    noisy(d)
    example(d)
