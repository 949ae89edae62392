"""Benchmark symdp's fast paths against scipy formulas, dp_accounting and autodp, in one run.

    python -m benchmarks [--out benchmarks/RESULTS.md] [--quick] [--case TEXT ...]

``--case`` runs only the cases whose title contains TEXT (case-insensitive;
repeatable) and then prints the table without writing RESULTS.md unless
``--out`` is given.

Every implementation is timed in the same process by CPU time
(``time.process_time``), as the median of interleaved rounds (round k runs
every implementation once, in a rotated order), so that load from other
processes on a shared machine hits all of them alike.  Accuracy is measured on
a seeded sample against mpmath references computed here at 50 significant
digits (subtractions carried at 100), independent of symdp's code: the
Gaussian quantities from ``mp.ncdf``, the Laplace profile by quadrature of
(p - e^eps' q)^+, calibrations by mpmath root finding on the ``mp.ncdf``
profile.  "err/cond" is the worst relative error in units of (conditioning + 1)
ulps, where the conditioning is the relative change one ulp of each input
causes (a correctly rounded result scores <= 0.5).  dp_accounting and autodp
are optional (``pip install '.[bench]'``); missing peers are reported as such.
"""
from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import mpmath as mp
import numpy as np

ULP = 2.0 ** -53
ROUNDS = 5


@dataclass
class Impl:
    name: str
    fn: object                 # fn(inputs) -> array
    note: str = ""
    timing_points: int | None = None   # time on a prefix of this many points, scaled to the full size


@dataclass
class Case:
    title: str
    inputs: tuple              # timing inputs (arrays)
    sample: tuple              # accuracy inputs
    reference: object          # reference(*scalars) -> (value, cond) as mpf
    impls: list = field(default_factory=list)
    unit: str = "points"
    scalar: bool = False       # implementations take scalars (timed as a loop over the inputs)


def _optional(name):
    try:
        return __import__(name)
    except ImportError:
        return None


# ------------------------------------------------------------------------------ references (mpmath)

def ref_gaussian_profile(e, m):
    with mp.workdps(100):
        e, m = mp.mpf(float(e)), mp.mpf(float(m))
        a, b = m / 2 - e / m, -m / 2 - e / m
        d = mp.ncdf(a) - mp.exp(e) * mp.ncdf(b)
        cond = (abs(e) * mp.exp(e) * mp.ncdf(b) + m * mp.npdf(a)) / d if d > 0 else mp.inf
    return d, cond


def ref_gaussian_tradeoff(a, m):
    with mp.workdps(60):
        a, m = mp.mpf(float(a)), mp.mpf(float(m))
        if a > mp.mpf("1e-20"):
            x = -mp.sqrt(2) * mp.erfinv(2 * a - 1)
        else:
            x = -mp.findroot(lambda t: mp.log(mp.ncdf(t)) - mp.log(a), -mp.sqrt(-2 * mp.log(a)))
        g = mp.ncdf(x - m)
        pg = mp.npdf(x - m)
        cond = (a * pg / mp.npdf(x) + m * pg) / g
    return g, cond


def ref_laplace_profile(e2, e):
    """delta(eps') = integral of (p - e^eps' q)^+, p = Lap(0,1), q = Lap(eps,1), by quadrature."""
    with mp.workdps(50):
        e2, e = mp.mpf(float(e2)), mp.mpf(float(e))
        k = mp.exp(e2)
        f = lambda x: max(mp.mpf(0), mp.exp(-abs(x)) / 2 - k * mp.exp(-abs(x - e)) / 2)
        cut = min(max((e - e2) / 2, mp.mpf(0)), e)
        d = mp.quad(f, [-mp.inf, *sorted({mp.mpf(0), cut, e}), mp.inf])
        # conditioning from the derivatives of the exact profile (only used to scale the error)
        if e2 <= -e:
            cond = abs(e2) * k / d
        elif e2 < e:
            cond = (abs(e2) + e) * mp.exp((e2 - e) / 2) / 2 / d
        else:
            cond = mp.inf
    return d, cond


def ref_laplace_tradeoff(a, e):
    with mp.workdps(50):
        a, e = mp.mpf(float(a)), mp.mpf(float(e))
        if a < mp.exp(-e) / 2:
            v = 1 - mp.exp(e) * a
            cond = (1 + e) * mp.exp(e) * a / v
        elif a <= mp.mpf(1) / 2:
            v, cond = mp.exp(-e) / (4 * a), 1 + e
        else:
            v, cond = mp.exp(-e) * (1 - a), a / (1 - a) + e
    return v, cond


def _bisect(fn, lo, hi, steps=300):
    """Root of an increasing function by plain bisection (a reference: slow, certain)."""
    while fn(lo) > 0:
        lo -= 2 * (hi - lo)
    while fn(hi) < 0:
        hi += 2 * (hi - lo)
    for _ in range(steps):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if fn(mid) < 0 else (lo, mid)
    return (lo + hi) / 2


def _ncdf_profile(m, e):
    return mp.ncdf(m / 2 - e / m) - mp.exp(e) * mp.ncdf(-m / 2 - e / m)


def ref_analytic_mu(e, dl):
    with mp.workdps(80):
        e, lt = mp.mpf(e), mp.log(mp.mpf(dl))
        return mp.exp(_bisect(lambda s: mp.log(_ncdf_profile(mp.exp(s), e)) - lt, mp.mpf(-1), mp.mpf(1))), 1


def ref_analytic_epsilon(m, dl):
    with mp.workdps(80):
        m, lt = mp.mpf(m), mp.log(mp.mpf(dl))
        return mp.exp(_bisect(lambda s: lt - mp.log(_ncdf_profile(m, mp.exp(s))), mp.mpf(-1), mp.mpf(1))), 1


# ------------------------------------------------------------------------------ cases

def gaussian_profile_case(mu, n, m_acc, rng, dpa, adp):
    from scipy import special as sc

    from symdp.fdp import fast as fdp_fast
    eps = rng.uniform(0, 700 if mu >= 1 else 50, n)
    acc = np.concatenate([rng.uniform(0, 700 if mu >= 1 else 50, m_acc // 2), 10 ** rng.uniform(-8, 2, m_acc // 2)])
    case = Case(f"Gaussian privacy profile delta(eps), mu = {mu}", (eps,), (acc,),
                lambda e: ref_gaussian_profile(e, mu))
    case.impls.append(Impl("symdp fdp_fast.gaussian_profile", lambda e: fdp_fast.gaussian_profile(e, mu)))

    def scipy_plain(e):
        return sc.ndtr(mu / 2 - e / mu) - np.exp(e) * sc.ndtr(-mu / 2 - e / mu)

    def scipy_log(e):
        return np.exp(sc.log_ndtr(mu / 2 - e / mu)) - np.exp(e + sc.log_ndtr(-mu / 2 - e / mu))
    case.impls.append(Impl("scipy ndtr(a) - exp(eps) ndtr(b)", scipy_plain))
    case.impls.append(Impl("scipy exp(log_ndtr(a)) - exp(eps + log_ndtr(b))", scipy_log))
    if dpa:
        from dp_accounting.pld import privacy_loss_distribution as pld
        from dp_accounting.pld import privacy_loss_mechanism as plm
        loss = plm.GaussianPrivacyLoss(1 / mu, 1)
        case.impls.append(Impl("dp_accounting PLD from_gaussian_mechanism(...).get_delta_for_epsilon",
                               lambda e: _pld_profile(pld.from_gaussian_mechanism(1 / mu), e),
                               "discretised PLD (pessimistic, default grid 1e-4, mass truncated at e^-50); "
                               "includes building the PLD", timing_points=200_000))
        case.impls.append(Impl("dp_accounting GaussianPrivacyLoss.get_delta_for_epsilon (analytic)",
                               lambda e: np.asarray(loss.get_delta_for_epsilon(e), dtype=float)))
    if adp:
        from autodp import dp_bank
        one = lambda x: math.exp(dp_bank.get_logdelta_ana_gaussian(1 / mu, float(x)))
        case.impls.append(Impl("autodp get_logdelta_ana_gaussian (scalar)", lambda e: np.array([one(x) for x in e]),
                               "Python loop", timing_points=2000))
    return case


def _pld_profile(p, eps):
    """delta(eps) from a dp_accounting PLD (which wants its epsilons sorted)."""
    order = np.argsort(eps)
    out = np.empty(len(eps))
    out[order] = p.get_delta_for_epsilon(eps[order])
    return out


def gaussian_tradeoff_case(mu, n, m_acc, rng, adp):
    from scipy import special as sc

    from symdp.fdp import fast as fdp_fast
    a = np.concatenate([10 ** rng.uniform(-300, 0, n // 2), rng.uniform(0, 1, n // 2)])
    a = np.clip(a, 1e-300, 1 - 1e-16)
    acc = np.concatenate([10 ** rng.uniform(-300, -1, m_acc // 2), rng.uniform(1e-6, 1 - 1e-6, m_acc // 2)])
    case = Case(f"Gaussian trade-off G_mu(alpha), mu = {mu}", (a,), (acc,), lambda x: ref_gaussian_tradeoff(x, mu))
    case.impls.append(Impl("symdp fdp_fast.gaussian_tradeoff", lambda x: fdp_fast.gaussian_tradeoff(x, mu)))
    case.impls.append(Impl("scipy ndtr(ndtri(1 - alpha) - mu)", lambda x: sc.ndtr(sc.ndtri(1 - x) - mu),
                           "1 - alpha rounds to 1 below 1.1e-16, where ndtri returns inf at once"))
    if adp:
        from autodp import fdp_bank
        case.impls.append(Impl("autodp fDP_gaussian", lambda x: fdp_bank.fDP_gaussian({"sigma": 1 / mu}, x)))
    return case


def laplace_profile_case(eps, n, m_acc, rng, dpa):
    from symdp.fdp import fast as fdp_fast
    e2 = rng.uniform(-50, 50, n)
    acc = np.concatenate([rng.uniform(-50, 50, m_acc // 2), rng.uniform(-3 * eps, 2 * eps, m_acc // 2)])
    case = Case(f"Laplace privacy profile delta(eps'), eps = {eps}, eps' in [-50, 50]", (e2,), (acc,),
                lambda x: ref_laplace_profile(x, eps))
    case.impls.append(Impl("symdp fdp_fast.laplace_profile", lambda x: fdp_fast.laplace_profile(x, eps)))
    case.impls.append(Impl("numpy 1 - exp((eps' - eps)/2) (textbook, eps' >= -eps only)",
                           lambda x: np.where(x <= eps, -np.expm1((np.minimum(x, eps) - eps) / 2), 0.0)))
    if dpa:
        from dp_accounting.pld import privacy_loss_mechanism as plm
        loss = plm.LaplacePrivacyLoss(1.0, eps)
        case.impls.append(Impl("dp_accounting LaplacePrivacyLoss.get_delta_for_epsilon",
                               lambda x: np.asarray(loss.get_delta_for_epsilon(x), dtype=float)))
    return case


def laplace_tradeoff_case(eps, n, m_acc, rng):
    from symdp.fdp import fast as fdp_fast
    a = np.clip(10 ** rng.uniform(-300, 0, n), 1e-300, 1 - 1e-16)
    acc = np.clip(np.concatenate([10 ** rng.uniform(-300, 0, m_acc // 2), rng.uniform(0, 1, m_acc // 2)]),
                  1e-300, 1 - 1e-16)
    case = Case(f"Laplace trade-off T(alpha), eps = {eps}", (a,), (acc,), lambda x: ref_laplace_tradeoff(x, eps))
    case.impls.append(Impl("symdp fdp_fast.laplace_tradeoff", lambda x: fdp_fast.laplace_tradeoff(x, eps)))
    case.impls.append(Impl("numpy piecewise 1 - e^eps a | e^-eps/(4a) | e^-eps (1-a)", lambda x: np.where(
        x < np.exp(-eps) / 2, 1 - np.exp(eps) * x, np.where(x <= 0.5, np.exp(-eps) / (4 * x), np.exp(-eps) * (1 - x)))))
    return case


CALIBRATION_POINTS = [(e, d) for e in (0.1, 1.0, 10.0) for d in (1e-3, 1e-5, 1e-12, 1e-50)]


def calibration_case(dpa, adp):
    from symdp.adversary import gaussian
    eps = np.array([p[0] for p in CALIBRATION_POINTS])
    dl = np.array([p[1] for p in CALIBRATION_POINTS])
    case = Case("Analytic Gaussian calibration mu(eps, delta) (Balle and Wang 2018)", (eps, dl), (eps, dl),
                ref_analytic_mu, unit="calls", scalar=True)
    case.impls.append(Impl("symdp adversary.gaussian.analytic_mu (mpmath, 60 digits)",
                           lambda e, d: float(gaussian.analytic_mu(float(e), float(d)))))
    if dpa:
        from dp_accounting.pld import common
        from dp_accounting.pld import privacy_loss_mechanism as plm
        case.impls.append(Impl("dp_accounting GaussianPrivacyLoss.from_privacy_guarantee", lambda e, d: 1 / (
            plm.GaussianPrivacyLoss.from_privacy_guarantee(common.DifferentialPrivacyParameters(e, d), 1)
            .standard_deviation)))
    if adp:
        from autodp import calibrator_zoo
        cal = calibrator_zoo.ana_gaussian_calibrator()
        case.impls.append(Impl("autodp ana_gaussian_calibrator", lambda e, d: 1 / cal.param_from_eps_delta(
            lambda s, name=None: s, e, d)))
    return case


EPSILON_POINTS = [(m, d) for m in (0.1, 0.5, 1.0, 5.0) for d in (1e-5, 1e-12, 1e-50)]


def epsilon_case(dpa, adp):
    from symdp.adversary import gaussian
    mu = np.array([p[0] for p in EPSILON_POINTS])
    dl = np.array([p[1] for p in EPSILON_POINTS])
    case = Case("Gaussian epsilon(mu, delta) (inverse of the profile)", (mu, dl), (mu, dl), ref_analytic_epsilon,
                unit="calls", scalar=True)
    case.impls.append(Impl("symdp adversary.gaussian.analytic_epsilon (mpmath, 60 digits)",
                           lambda m, d: float(gaussian.analytic_epsilon(float(m), float(d)) or 0.0)))
    if adp:
        from autodp import dp_bank
        case.impls.append(Impl("autodp get_eps_ana_gaussian", lambda m, d: dp_bank.get_eps_ana_gaussian(1 / m, d)))
    if dpa:
        from dp_accounting.pld import privacy_loss_distribution as pld
        case.impls.append(Impl("dp_accounting PLD from_gaussian_mechanism.get_epsilon_for_delta",
                               lambda m, d: pld.from_gaussian_mechanism(1 / m).get_epsilon_for_delta(d),
                               "discretised PLD (pessimistic)"))
    return case


def cli_case():
    from symdp.adversary.inverse import largest_epsilon
    bounds = np.array([0.7, 0.8, 0.9, 0.99])
    case = Case("symdp epsilon --metric fbeta --mechanism gaussian --calibration analytic --delta 1e-5 (in process)",
                (bounds,), (bounds,), None, unit="calls", scalar=True)
    case.impls.append(Impl("symdp adversary.inverse.largest_epsilon", lambda b: float(
        largest_epsilon("fbeta", float(b), 1.0, "gaussian", 1e-5, "analytic").epsilon)))
    return case


# ------------------------------------------------------------------------------ running

def _call(impl, case, inputs):
    if case.scalar:
        return np.array([impl.fn(*args) for args in zip(*inputs)], dtype=float)
    return np.asarray(impl.fn(*inputs), dtype=float)


def time_case(case, rounds):
    n = len(case.inputs[0])
    times = {impl.name: [] for impl in case.impls}
    for r in range(rounds):
        order = case.impls[r % len(case.impls):] + case.impls[:r % len(case.impls)]
        for impl in order:
            k = min(impl.timing_points or n, n)
            inputs = tuple(v[:k] for v in case.inputs)
            t0 = time.process_time()
            _call(impl, case, inputs)
            times[impl.name].append((time.process_time() - t0) * n / k)
    return {name: statistics.median(ts) for name, ts in times.items()}


def accuracy_case(case):
    if case.reference is None:
        return {impl.name: None for impl in case.impls}
    refs = [case.reference(*args) for args in zip(*case.sample)]
    out = {}
    for impl in case.impls:
        try:
            got = _call(impl, case, case.sample)
        except Exception as exc:  # a peer that raises on part of the domain
            out[impl.name] = (math.inf, math.inf, f"raised {type(exc).__name__}")
            continue
        worst_rel, worst_cond, bad = 0.0, 0.0, 0
        for g, (ref, cond) in zip(got, refs):
            if ref < mp.mpf("1e-300"):
                continue
            if not math.isfinite(g):
                bad += 1
                continue
            rel = float(abs(mp.mpf(g) - ref) / ref)
            worst_rel = max(worst_rel, rel)
            worst_cond = max(worst_cond, rel / ULP / float(cond + 1))
        out[impl.name] = (worst_rel, worst_cond, f"{bad} non-finite" if bad else "")
    return out


def _fmt_time(seconds, unit, n):
    if unit == "calls":
        return f"{seconds / n * 1e3:.3g} ms/call"
    return f"{seconds * 1e3:.3g} ms"


EXCEPTIONS = """## Where symdp is not the fastest, and why

- **Calibration and epsilon against autodp**: autodp's closed-form root finding in doubles is faster per call,
  but loses accuracy at small delta (relative error up to 0.8 in the calibration); symdp's inverses are mpmath
  at 60 digits, correctly rounded.  dp_accounting's PLD inverse is slower and 8 digits off.
- **G_mu against `ndtr(ndtri(1 - alpha) - mu)`** is close to 1 and may flip under load (see above); the
  scipy formula is the less accurate.  For alpha below 1.1e-16 (half of the timed sample) 1 - alpha rounds
  to 1, scipy's `ndtri(1)` returns inf at once and the formula returns 1 where 1 - G_mu is up to 3e-13
  (its err/cond of hundreds).  symdp skips only the elements whose answer rounds to 1 (alpha <=
  Phi(-8.5 - mu), about 1e-21 at mu = 1) and pays `ndtri` in the far tail for the others, so both
  evaluate one `ndtri` and one `ndtr` on about the same half of the sample.
- **Gaussian profile at mu = 10** has the smallest margin of the three profiles: 60 % of that grid has
  Phi(a) in the double range, where symdp calls `erfcx` twice as the plain formula calls `ndtr` twice on
  every element; the plain formula is off by a factor of up to 4 there (Phi(b) underflows).

## Notes on the peers

- **Plain scipy profile formulas**: `ndtr(a) - exp(eps) ndtr(b)` cancels for small mu (tens of times the
  conditioning off) and underflows for large mu; the log-space formula is slower and still cancels.
- **dp_accounting's PLD** is built once per mu (included in its time) and answers from a discretised loss
  grid, pessimistically and with the mass below e^-50 truncated, so where the exact delta is tiny it
  reports the truncated mass (relative errors of 1e+260 and more).  Its analytic
  `GaussianPrivacyLoss.get_delta_for_epsilon` is listed too.
- **Laplace one-liners**: the textbook profile is 10 % wrong for eps' < -eps; the piecewise trade-off is
  as accurate as symdp's for eps = 1 (symdp's scalar path writes the three pieces in place).
"""


def render(results, meta):
    lines = ["# symdp benchmarks", "",
             f"Generated by `python -m benchmarks` on {meta['date']} ({meta['platform']}; Python {meta['python']}, "
             f"numpy {meta['numpy']}, scipy {meta['scipy']}, mpmath {meta['mpmath']}, "
             f"dp_accounting {meta['dp_accounting']}, autodp {meta['autodp']}).", "",
             "CPU time (`time.process_time`), median of "
             f"{meta['rounds']} interleaved rounds; the machine may be shared, so compare ratios within a case, "
             "not absolute times across runs.  Accuracy against mpmath at 50 digits on a seeded sample "
             "(points with a reference below 1e-300 left out); *err/cond* is the worst relative error in units "
             "of (conditioning + 1) ulps, the conditioning being the relative change one ulp of each input "
             "causes (<= 0.5 is correctly rounded; the goal for symdp is <= 4).", "",
             f"Load average (1 minute) {meta['load']}.  Other processes on the machine share the cores and "
             "caches and slow memory-bound and special-function code unevenly, so a ratio within about 20 % "
             "of 1 can flip between runs.", ""]
    for case, timing, acc in results:
        n = len(case.inputs[0])
        lines += [f"## {case.title}", "", f"{n:,} {case.unit} timed; {len(case.sample[0])} accuracy points.", "",
                  "| implementation | CPU time | vs symdp | worst rel. error | err/cond | note |",
                  "|---|---:|---:|---:|---:|---|"]
        lines += [_row(impl, case, timing, acc[impl.name]) for impl in case.impls] + [""]
    lines.append(EXCEPTIONS)
    return "\n".join(lines)


def _row(impl, case, timing, a):
    """One table row; a = (worst relative error, worst err/cond, note) or None."""
    n, t, base = len(case.inputs[0]), timing[impl.name], timing[case.impls[0].name]
    rel = "-" if a is None else (f"{a[0]:.2g}" if math.isfinite(a[0]) else "fails")
    cond = "-" if a is None else (f"{a[1]:.3g}" if math.isfinite(a[1]) else "fails")
    scaled = impl.timing_points and impl.timing_points < n
    note = "; ".join(x for x in (impl.note, "" if a is None else a[2],
                                 f"timed on {impl.timing_points:,}, scaled" if scaled else "") if x)
    name = impl.name.replace("|", "\\|")     # a literal | would split the Markdown cell
    return f"| {name} | {_fmt_time(t, case.unit, n)} | {t / base:.3g}x | {rel} | {cond} | {note} |"


def main(argv=None):
    args = _parser().parse_args(argv)
    out = args.out or (None if args.case else str(Path(__file__).with_name("RESULTS.md")))
    dpa, adp = _optional("dp_accounting"), _optional("autodp")
    n, m_acc, rounds = (20_000, 60, 3) if args.quick else (1_000_000, 400, ROUNDS)
    load_start = os.getloadavg()[0]
    rng = np.random.default_rng(args.seed)
    cases = [gaussian_profile_case(mu, n, m_acc, rng, dpa, adp) for mu in (0.5, 1.0, 10.0)]
    cases += [gaussian_tradeoff_case(1.0, n, m_acc, rng, adp), laplace_profile_case(1.0, n, m_acc, rng, dpa),
              laplace_tradeoff_case(1.0, n, m_acc, rng), calibration_case(dpa, adp), epsilon_case(dpa, adp),
              cli_case()]
    results = [_run(case, rounds) for case in cases if _selected(case.title, args.case)]
    text = render(results, _meta(rounds, dpa, adp, load_start))
    if out:
        Path(out).write_text(text + "\n")
    print(text)
    return 0


def _parser():
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="Markdown file to write (default benchmarks/RESULTS.md)")
    parser.add_argument("--quick", action="store_true", help="fewer points (a smoke run)")
    parser.add_argument("--seed", type=int, default=20240501)
    parser.add_argument("--case", action="append", default=[], metavar="TEXT",
                        help="only the cases whose title contains TEXT (repeatable); prints without writing "
                             "unless --out is given")
    return parser


def _run(case, rounds):
    print(f"[bench] {case.title}", file=sys.stderr, flush=True)
    for impl in case.impls:           # warm up (imports, caches) outside the timed rounds
        k = min(impl.timing_points or 100, 100)
        _call(impl, case, tuple(v[:k] for v in case.inputs))
    return case, time_case(case, rounds), accuracy_case(case)


def _meta(rounds, dpa, adp, load_start):
    import scipy
    return dict(date=time.strftime("%Y-%m-%d"), platform=platform.platform(), python=platform.python_version(),
                numpy=np.__version__, scipy=scipy.__version__, mpmath=mp.__version__, rounds=rounds,
                dp_accounting=_version("dp-accounting") if dpa else "not installed",
                autodp=_version("autodp") if adp else "not installed",
                load=f"{load_start:.2f} at the start and {os.getloadavg()[0]:.2f} at the end, "
                     f"on {os.cpu_count()} cores")


def _selected(title, wanted):
    return not wanted or any(w.lower() in title.lower() for w in wanted)


def _version(dist):
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version(dist)
    except PackageNotFoundError:
        return "?"
