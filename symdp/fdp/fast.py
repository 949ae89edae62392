"""Vectorised trade-off curves and privacy profiles (numpy + scipy.special), accurate in the tails.

No Python-level loops over elements and no per-element mpmath fallback: every
function is a fixed sequence of ufunc calls (on whole arrays, or on cache-sized
blocks of them).  ``symdp.fdp`` holds the symbolic
and mpmath forms the tests compare against; ``benchmarks/`` measures speed and
accuracy against scipy formulas, dp_accounting and autodp.

Accuracy goal (checked in ``tests/test_fdp_fast.py`` and
``tests/test_fast_paths_accuracy.py`` against mpmath at 50-100 digits): relative error at most about 4 times the conditioning of the problem,
i.e. the relative change that one ulp of each input causes, over delta down to
1e-300 and epsilon in [-50, 700].

This module is the public face; the code is in one module a family: the Laplace curves
(:mod:`.fast_laplace`), the standard normal and ``gaussian_tradeoff`` (:mod:`.fast_normal`), the
Gaussian profile by its fast tiers (:mod:`.fast_gaussian`) and in log space (:mod:`.fast_gaussian_log`),
the analytic calibration and its inverse (:mod:`.fast_calibration`), on arguments checked and cut into
blocks by :mod:`.fast_arrays`.  ``benchmarks/RESULTS.md`` has the timings.
"""
from .fast_calibration import gaussian_epsilon, gaussian_mu
from .fast_gaussian import gaussian_profile
from .fast_gaussian_log import gaussian_log_profile
from .fast_laplace import laplace_profile, laplace_tradeoff
from .fast_normal import gaussian_tradeoff, normal_cdf, normal_quantile

__all__ = ["laplace_tradeoff", "laplace_profile", "normal_cdf", "normal_quantile", "gaussian_tradeoff",
           "gaussian_profile", "gaussian_log_profile", "gaussian_mu", "gaussian_epsilon"]
