"""The symdp error type: a ValueError that names the parameter, value and range."""


class SymdpError(ValueError):
    """Bad input to a public symdp function or command.

    The message always names the parameter, the value given and the allowed
    range, so that the command line can print it as one line.
    """

    def __init__(self, parameter: str, value: object, allowed: str):
        self.parameter = parameter
        self.value = value
        self.allowed = allowed
        super().__init__(f"{parameter}={value!r} is invalid: expected {allowed}")


def require(condition: bool, parameter: str, value: object, allowed: str) -> None:
    """Raise :class:`SymdpError` unless ``condition`` holds."""
    if not condition:
        raise SymdpError(parameter, value, allowed)


def require_real(parameter: str, value: float, low: float | None = None,
                 high: float | None = None, closed: str = "") -> float:
    """Check that ``value`` is a finite real in an interval and return it.

    ``closed`` lists which ends are included: "" (open), "l", "h" or "lh".
    """
    import math

    low_s = "-inf" if low is None else repr(low)
    high_s = "inf" if high is None else repr(high)
    allowed = f"a real number in {'[' if 'l' in closed else '('}{low_s}, {high_s}{']' if 'h' in closed else ')'}"
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if ok and low is not None:
        ok = value >= low if "l" in closed else value > low
    if ok and high is not None:
        ok = value <= high if "h" in closed else value < high
    require(ok, parameter, value, allowed)
    return float(value)


def require_positive_array(parameter: str, values):
    """``values`` as a float numpy array, all finite and > 0, or SymdpError naming the first bad one."""
    import numpy as np

    arr = np.asarray(values, dtype=float)
    good = np.isfinite(arr) & (arr > 0)
    if not np.all(good):
        raise SymdpError(parameter, float(arr[~good].flat[0]), "finite numbers > 0")
    return arr
