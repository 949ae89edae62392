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

    def __reduce__(self):
        """Picklable (a worker process's error reaches its parent intact, instead of killing the pool)."""
        return type(self), (self.parameter, self.value, self.allowed)


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

    try:
        arr = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise SymdpError(parameter, values, "finite numbers > 0 (a number or an array of numbers)") from None
    good = np.isfinite(arr) & (arr > 0)
    if not np.all(good):
        raise SymdpError(parameter, float(arr[~good].flat[0]), "finite numbers > 0")
    return arr


def _is_real(value) -> bool:
    """A plain finite real: int/float (not bool), numpy scalar, or an mpmath mpf."""
    import math
    import numbers

    if isinstance(value, bool):
        return False
    if isinstance(value, numbers.Real):
        try:
            return math.isfinite(float(value))
        except (OverflowError, ValueError, TypeError):
            return False
    try:
        import mpmath as mp
        return isinstance(value, mp.mpf) and bool(mp.isfinite(value))
    except ImportError:  # pragma: no cover
        return False


def require_mp(parameter: str, value, low=None, high=None, closed: str = ""):
    """``value`` (int, float, numpy scalar or mpmath mpf; finite, real) as an mpf in an interval, else SymdpError.

    Unlike :func:`require_real` the value keeps its full precision (an mpf of
    100 digits stays one), and values beyond the double range (mpf(1e400)) pass.
    """
    import mpmath as mp

    low_s = "-inf" if low is None else repr(low)
    high_s = "inf" if high is None else repr(high)
    allowed = f"a real number in {'[' if 'l' in closed else '('}{low_s}, {high_s}{']' if 'h' in closed else ')'}"
    ok = _is_real(value)
    v = mp.mpf(value) if ok else None
    if ok and low is not None:
        ok = v >= low if "l" in closed else v > low
    if ok and high is not None:
        ok = v <= high if "h" in closed else v < high
    require(ok, parameter, value, allowed)
    return v


def require_choice(parameter: str, value, choices) -> str:
    """``value`` if it is one of ``choices``, else SymdpError listing them."""
    require(isinstance(value, str) and value in choices, parameter, value, "one of: " + ", ".join(choices))
    return value


def finite_result(what: str, value, low=None, high=None):
    """A computed result, checked: finite, real, inside [low, high]; otherwise an ArithmeticError.

    Used as the last line of numeric routines so that a nan, inf, complex or
    out-of-range number never reaches a caller, whatever went wrong inside.
    """
    import mpmath as mp

    ok = _is_real(value)
    if ok and low is not None and value < low:
        ok = False
    if ok and high is not None and value > high:
        ok = False
    if not ok:
        raise NumericalError(what, value, f"a finite real in [{low}, {high}]")
    return value


class NumericalError(ArithmeticError):
    """An internal numeric result fell outside its range: a bug or an unrepresentable input, never a value."""

    def __init__(self, what: str, value: object, allowed: str):
        super().__init__(f"{what} came out as {value!r}, outside {allowed}: the inputs are beyond the "
                         f"range this routine computes reliably")


def require_sym(parameter: str, value, low=None, high=None, closed: str = "lh"):
    """A symbolic argument: any SymPy expression with free symbols passes; a number must be real, finite
    and in the interval (ends included as ``closed`` says: "", "l", "h" or "lh").  Returns it sympified."""
    import sympy as sp

    try:
        x = value if isinstance(value, sp.Basic) else sp.sympify(value, strict=True)
    except (sp.SympifyError, TypeError, ValueError):
        raise SymdpError(parameter, value, "a SymPy expression or a real number") from None
    if not isinstance(x, sp.Expr):
        raise SymdpError(parameter, value, "a SymPy expression or a real number")
    if x.is_number:
        ok = x.is_extended_real is True and x.is_finite is True
        if ok and low is not None:
            ok = bool(x >= low) if "l" in closed else bool(x > low)
        if ok and high is not None:
            ok = bool(x <= high) if "h" in closed else bool(x < high)
        if not ok:
            lo = "-inf" if low is None else low
            hi = "inf" if high is None else high
            raise SymdpError(parameter, value, f"a finite real number in {'[' if 'l' in closed else '('}{lo}, "
                             f"{hi}{']' if 'h' in closed else ')'} (or a symbolic expression)")
    return x


def check_arg(parameter: str, value, low=None, high=None, closed: str = "lh"):
    """Validate a number-or-expression argument and return it unchanged (numbers keep their type).

    Plain numbers (int, float, numpy scalars, mpf) must be finite reals in the interval; SymPy
    expressions must be real-valued when they are numbers; anything else is a SymdpError.
    """
    import numbers

    import mpmath as mp

    if isinstance(value, (numbers.Number, mp.mpf, mp.mpc)) and not hasattr(value, "free_symbols"):
        require_mp(parameter, value, low, high, closed)
    else:
        require_sym(parameter, value, low, high, closed)
    return value
