"""Input checks shared by the TVD calculators (integers; the reals go through symdp.errors.require_real)."""
from __future__ import annotations

import numbers

from ..errors import SymdpError

DEFAULT_POINTS = 2 ** 18    # FFT points of a privacy-loss computation (symdp.tvd.pld)
MAX_POINTS = 2 ** 25
MAX_STEPS = 10 ** 7         # compositions
MAX_RR_STEPS = 10 ** 6
MAX_VALUES = 10 ** 9        # values of k-ary randomized response
MAX_SIGMA = 1e4             # DP-SGD noise multiplier


def require_int(parameter: str, value, low: int, high: int) -> int:
    """``value`` as an int in [low, high], else SymdpError naming parameter, value and range."""
    ok = isinstance(value, numbers.Integral) and not isinstance(value, bool) and low <= value <= high
    if not ok:
        raise SymdpError(parameter, value, f"an integer in [{low}, {high}]")
    return int(value)


def require_array(parameter: str, values, low: float, high: float, what: str):
    """``values`` as a float array, finite and in [low, high], else SymdpError naming the first bad value."""
    import numpy as np
    try:
        arr = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise SymdpError(parameter, values, f"{what} (a number or an array)") from None
    good = np.isfinite(arr) & (arr >= low) & (arr <= high)
    if not np.all(good):
        raise SymdpError(parameter, float(arr[~good].flat[0]), what)
    return arr
