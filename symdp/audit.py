"""Numeric oracles for auditing a DP library: its floating-point output against a derived value.

A library audit (``derivations/libraries/``) derives the quantity a library
function computes from first principles, then states claims on the library's
output through the engine's existing claim kinds, so that it inherits the
engine's certified judgement of every witness.  This module builds the mpmath
functions those claims take (``d.sign(cid, fn, "nonnegative", domain)``):

- :func:`agrees`: 10^-digits |exact| - |library - exact|: nonnegative exactly
  when the library agrees with the derived value to ``digits`` significant digits;
- :func:`at_least` / :func:`at_most`: library - exact (or exact - library):
  nonnegative when the library errs on the conservative side (a delta or an
  epsilon never below the true one: privacy never overstated);
- :func:`within`: absolute + relative |exact| - |library - exact|: a documented
  tolerance (a root finder's ``xtol``) respected;
- :func:`finite`: 1 when the library returns a finite number, -1 otherwise.

The library is called on IEEE doubles (each sample point rounded to the
nearest double) and the exact side is evaluated at that same double, in
mpmath at the working precision: a disagreement is the library's, never the
rounding of its input.  A library that raises, or returns NaN or an infinity,
gives the value -1 (a certain violation, whatever the precision): a breakdown
is never an inconclusive point, which sampling would quietly replace.
:func:`measured_digits` gives the digits of agreement reported in the tables.

The library is never imported here; derivations import it inside their
function and pass callables.
"""
from __future__ import annotations

import functools
import math
import warnings

import mpmath as mp

PAPER = "dp-libraries"
"""``source.paper`` of every library audit: the report gathers them in the chapter "DP libraries"."""

BROKE = -1
"""The value of an oracle where the library raised or returned a non-finite number."""


def _doubles(point: dict, inputs=None) -> tuple:
    """The library's arguments as sorted (name, double) pairs (also the cache key).

    ``inputs(**doubles)`` (optional) maps the sample point, rounded to doubles, to the
    library's arguments, computed in double precision as a user's code would
    (:func:`log10_inputs`); the exact side is evaluated at the same doubles.
    """
    doubles = {k: float(v) for k, v in point.items()}
    if inputs is not None:
        doubles = {k: float(v) for k, v in inputs(**doubles).items()}
    return tuple(sorted(doubles.items()))


def log10_inputs(*names: str):
    """``inputs`` for a domain sampled in decimal exponents: ``log10_sigma`` becomes ``sigma = 10**log10_sigma``.

    Bounded intervals are sampled uniformly, so a claim over sigma from 1e-3 to 1e3 samples
    ``log10_sigma`` in [-3, 3]; the other symbols pass through unchanged.
    """
    def inputs(**point):
        out = {}
        for k, v in point.items():
            name = k[len("log10_"):] if k.startswith("log10_") else k
            out[name] = 10.0 ** v if name in names and k.startswith("log10_") else v
        return out
    return inputs


@functools.lru_cache(maxsize=64)
def _called(library):
    """``library(**doubles)`` as an mpf, or None when it raised or returned NaN or an infinity.

    One cache per library callable, shared by every oracle on it and by the witness enclosures of
    ``derivations/libraries/_enclosed.py`` (:func:`library_value`): a library is called once per point.
    """
    @functools.lru_cache(maxsize=4096)
    def call(key: tuple):
        try:
            with warnings.catch_warnings():  # the value is judged, not the library's warnings
                warnings.simplefilter("ignore")
                value = float(library(**dict(key)))
        except Exception:  # the library's own failure is what is being recorded
            return None
        return mp.mpf(value) if math.isfinite(value) else None
    return call


def library_value(library, doubles: dict):
    """The library's double at ``doubles`` (an exact number, as a float), or None where it raised or returned a
    non-finite number: the value every oracle on ``library`` judged there (cached, never a second call)."""
    got = _called(library)(tuple(sorted(doubles.items())))
    return None if got is None else float(got)


def _exact_at(exact, key: tuple):
    return mp.mpf(exact(**{k: mp.mpf(v) for k, v in key}))


def _oracle(library, exact, inputs, combine):
    """``fn(**point)``: ``combine(library value, exact value)`` at the point rounded to doubles, or
    :data:`BROKE` where the library raised or returned a non-finite number."""
    call = _called(library)

    def value(**point):
        key = _doubles(point, inputs)
        got = call(key)
        return mp.mpf(BROKE) if got is None else combine(got, _exact_at(exact, key))
    return value


def agrees(library, exact, digits: int, inputs=None):
    """``fn(**point)``: 10^-digits |exact| - |library - exact| at the point rounded to doubles."""
    return _oracle(library, exact, inputs, lambda got, true: mp.mpf(10) ** (-digits) * abs(true) - abs(got - true))


def within(library, exact, absolute, relative=0.0, inputs=None):
    """``fn(**point)``: absolute + relative |exact| - |library - exact| (a documented tolerance respected)."""
    return _oracle(library, exact, inputs,
                   lambda got, true: mp.mpf(absolute) + mp.mpf(relative) * abs(true) - abs(got - true))


def at_least(library, exact, inputs=None):
    """``fn(**point)``: library - exact (nonnegative: the library is conservative from above)."""
    return _oracle(library, exact, inputs, lambda got, true: got - true)


def at_most(library, exact, inputs=None):
    """``fn(**point)``: exact - library (nonnegative: the library is conservative from below)."""
    return _oracle(library, exact, inputs, lambda got, true: true - got)


def finite(library, inputs=None):
    """``fn(**point)``: 1 when the library returns a finite number at the point, else -1."""
    call = _called(library)
    return lambda **point: mp.mpf(BROKE if call(_doubles(point, inputs)) is None else 1)


def measured_digits(library, exact, points, inputs=None, dps: int = 40) -> str:
    """The fewest significant digits of agreement over ``points`` (dicts of numbers), as text.

    "exact" when every value is the correctly rounded double of the exact one's
    neighbourhood (relative error below 2^-53), "breaks" when the library fails
    at some point; the relative error is taken against the exact value at 40 digits.
    """
    call = _called(library)
    worst = mp.inf
    with mp.workdps(dps):
        for point in points:
            key = _doubles(point, inputs)
            got = call(key)
            if got is None:
                return "breaks"
            true = _exact_at(exact, key)
            err = abs(got - true) / abs(true) if true != 0 else abs(got)
            worst = min(worst, mp.inf if err == 0 else -mp.log10(err))
    return "exact" if worst >= 15.95 else f"{int(mp.floor(worst))}"
