"""The extremes tables of the autodp and prv_accountant audits: what the library returns beside the derived value.

Claims go through :mod:`symdp.audit` (certified witnesses); these tables show a
maintainer the individual calls behind each finding, with the library's float64
value (or the exception it raised), the derived value at 60 digits, and the
significant digits on which they agree.
"""
import contextlib
import io
import warnings

import mpmath as mp

HEADER = ("call", "library (float64)", "derived (60 digits, shown to 20)", "digits agreed")


def row(label: str, library, exact, **args):
    """One table row for ``library(**args)`` against ``exact(**args)`` (``args`` are the float64 inputs)."""
    try:
        got = quiet(library)(**args)
        got = float(got[0] if isinstance(got, (tuple, list)) else got)
    except Exception as exc:  # the exception is the finding this row shows
        got = f"{type(exc).__name__}: {exc}"
    with mp.workdps(60):
        true = exact(**{k: mp.mpf(v) for k, v in args.items()})
        if isinstance(got, str) or not mp.isfinite(got):
            return (label, str(got), mp.nstr(true, 20), "-")
        return (label, repr(got), mp.nstr(true, 20), str(_digits(mp.mpf(got), true)))


def _digits(a, b) -> int:
    """Significant digits of ``a`` agreeing with ``b`` (17 for an exact double)."""
    if a == b:
        return 17
    if b == 0:
        return 0
    return max(0, min(17, int(mp.floor(-mp.log10(abs(a - b) / abs(b))))))


def quiet(library):
    """``library`` with its prints to stdout swallowed (autodp's converter prints 'not found' when Brent's search
    fails; the claim records that failure, the check's output should not carry it), and its warnings ignored."""
    def call(**args):
        with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the value is judged, not the library's warnings
            return library(**args)
    return call
