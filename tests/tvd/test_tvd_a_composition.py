"""Sec. 4 of Jia et al. 2023 (Proposition 1, Theorems 5-10, group privacy, Pinsker / Bretagnolle-Huber) by
brute force over finite distributions: every event or decision set enumerated."""
import itertools
import math

import numpy as np
import pytest
from scipy import optimize, stats


def tv(p, q):
    """max over all events S of P(S) - Q(S), by enumerating the events; above 10 outcomes, the sum of the
    positive parts over the outcomes (the optimal event, checked against the enumeration in test_definition3)."""
    keys = sorted(set(p) | set(q), key=str)
    if len(keys) > 10:
        return sum(max(p.get(k, 0) - q.get(k, 0), 0) for k in keys)
    best = 0.0
    for r in range(len(keys) + 1):
        for s in itertools.combinations(keys, r):
            best = max(best, sum(p.get(k, 0) - q.get(k, 0) for k in s))
    return best


def product(*ds):
    out = {}
    for combo in itertools.product(*(d.items() for d in ds)):
        out[tuple(k for k, _ in combo)] = math.prod(v for _, v in combo)
    return out


def rr(bit, alpha):
    return {bit: (1 + alpha) / 2, 1 - bit: (1 - alpha) / 2}


def leak(alpha, tag):
    return {"c": 1 - alpha, tag: alpha}


def random_dist(rng, n):
    w = rng.random(n)
    return dict(enumerate(w / w.sum()))


def test_definition3_optimal_event_is_the_positive_part():
    rng = np.random.default_rng(3)
    for _ in range(100):
        p, q = random_dist(rng, 6), random_dist(rng, 6)
        positive = sum(max(p[k] - q[k], 0) for k in p)
        assert tv(p, q) == pytest.approx(positive, abs=1e-12)
        assert positive == pytest.approx(sum(abs(p[k] - q[k]) for k in p) / 2, abs=1e-12)


def test_proposition1_bound_holds_and_is_attained():
    rng = np.random.default_rng(1)
    for _ in range(200):
        p, q = random_dist(rng, 4), random_dist(rng, 4)
        alpha, p0 = tv(p, q), rng.uniform(0.5, 1)
        best = max(p0 * sum(p[k] for k in s) + (1 - p0) * (1 - sum(q[k] for k in s))
                   for r in range(5) for s in itertools.combinations(range(4), r))
        assert best <= p0 + (1 - p0) * alpha + 1e-12
    alpha, p0 = 0.3, 0.8
    p, q = {"a": 1.0}, {"a": 1 - alpha, "b": alpha}
    assert sum(max(p0 * p.get(k, 0), (1 - p0) * q.get(k, 0)) for k in "ab") == pytest.approx(p0 + (1 - p0) * alpha)


def test_theorem5_randomized_post_processing():
    rng = np.random.default_rng(5)
    for _ in range(100):
        p, q = random_dist(rng, 3), random_dist(rng, 3)
        kernel = [random_dist(rng, 4) for _ in range(3)]
        push = lambda d: {z: sum(d[y] * kernel[y][z] for y in range(3)) for z in range(4)}
        assert tv(push(p), push(q)) <= tv(p, q) + 1e-12


def test_theorem6_naive_attained_by_leaks_not_by_rr():
    a = (0.2, 0.35, 0.1)
    lhs = tv(product(*(leak(x, "x") for x in a)), product(*(leak(x, "y") for x in a)))
    assert lhs == pytest.approx(1 - math.prod(1 - x for x in a))
    assert tv(product(rr(0, 0.3), rr(0, 0.3)), product(rr(1, 0.3), rr(1, 0.3))) == pytest.approx(0.3)


@pytest.mark.parametrize("k", [1, 2, 3, 6, 9])
def test_kfold_rr_against_binomial(k):
    p = (1 + math.tanh(0.25)) / 2
    brute = tv(product(*[rr(0, math.tanh(0.25))] * k), product(*[rr(1, math.tanh(0.25))] * k)) if k <= 6 else None
    j = np.arange(k + 1)
    binom = np.sum(np.maximum(stats.binom.pmf(j, k, p) - stats.binom.pmf(j, k, 1 - p), 0))
    if brute is not None:
        assert brute == pytest.approx(binom, abs=1e-12)
    kl = k * 0.5 * math.tanh(0.25)
    assert binom <= min(math.sqrt(kl / 2), math.sqrt(1 - math.exp(-kl))) + 1e-12


def test_pinsker_and_bretagnolle_huber_on_random_pairs():
    rng = np.random.default_rng(7)
    for _ in range(300):
        p, q = random_dist(rng, 3), random_dist(rng, 3)
        kl = sum(p[k] * math.log(p[k] / q[k]) for k in p)
        t = tv(p, q)
        assert t <= math.sqrt(kl / 2) + 1e-12 and t <= math.sqrt(1 - math.exp(-kl)) + 1e-12


def test_pinsker_bh_crossing():
    root = optimize.brentq(lambda d: d / 2 - 1 + math.exp(-d), 1, 2)
    assert root == pytest.approx(1.5936242600400401, abs=1e-12)


def test_theorem8_parallel_is_exact():
    p, q, r = rr(0, 0.4), rr(1, 0.4), {"u": 0.3, "v": 0.7}
    assert tv(product(p, r), product(q, r)) == pytest.approx(0.4)


def test_theorem9_fails_for_neighbouring_only_post_mechanism():
    a1, a2 = 0.5, 0.5
    m1x, m1xp = {(0, 0): 1 - a1, (1, 1): a1}, {(0, 0): 1.0}
    m2 = lambda y: {1: a2 * sum(y), 0: 1 - a2 * sum(y)}
    neighbours = [((0, 0), (0, 1)), ((0, 1), (1, 1)), ((0, 0), (1, 0)), ((1, 0), (1, 1))]
    assert max(tv(m2(u), m2(v)) for u, v in neighbours) == pytest.approx(a2)
    chain = lambda m1: {z: sum(pr * m2(y)[z] for y, pr in m1.items()) for z in (0, 1)}
    assert tv(m1x, m1xp) == pytest.approx(a1)
    chained = tv(chain(m1x), chain(m1xp))
    assert chained == pytest.approx(2 * a1 * a2) and chained > a1 * a2


def test_theorem10_sampling_by_enumeration():
    """Poisson sampling of {x_1, x_2, target} at rate q; M = randomized response on 'target in the sample'."""
    q, alpha = 0.3, 0.6

    def run(data):
        out = {0: 0.0, 1: 0.0}
        for mask in itertools.product((0, 1), repeat=len(data)):
            pr = math.prod(q if m else 1 - q for m in mask)
            hit = int(any(m and x == "target" for m, x in zip(mask, data)))
            for o, v in rr(hit, alpha).items():
                out[o] += pr * v
        return out
    assert tv(run(["x1", "x2", "target"]), run(["x1", "x2"])) == pytest.approx(q * alpha)


def test_group_privacy_count_mechanism():
    alpha, k = 0.1, 3
    m = lambda c: {1: alpha * c, 0: 1 - alpha * c}
    assert max(tv(m(c), m(c + 1)) for c in range(5)) == pytest.approx(alpha)
    assert tv(m(1), m(1 + k)) == pytest.approx(k * alpha)
