"""The arguments of a claim: an expression where one is expected (checked before anything is recorded), a box
budget in range, a function of named arguments adapted to a point."""
from __future__ import annotations

import functools
import inspect

import sympy as sp

from ...errors import SymdpError, require
from ...latex import Quote


def expressions(*names):
    """Refuse, before anything is recorded, a quote, LaTeX text or a relation where a claim takes an expression:
    ``d.sign(quote(...), ...)`` would otherwise end UNDECIDED (or sympify the text)."""
    def wrap(method):
        signature = inspect.signature(method)

        @functools.wraps(method)
        def claim(self, *args, **kwargs):
            bound = signature.bind(self, *args, **kwargs).arguments
            for name in names:
                if name in bound:
                    an_expression(method.__name__, name, bound[name])
            return method(self, *args, **kwargs)
        return claim
    return wrap


def an_expression(kind: str, name: str, value) -> None:
    if isinstance(value, (str, Quote)):
        raise SymdpError(name, value if isinstance(value, str) else f"quote({value.path!r}, ...)",
                         f"a SymPy expression (d.{kind} takes no LaTeX; check a printed formula or relation with "
                         "d.printed(cid, quote(...)), or parse it with symdp.latex.parse)")
    if isinstance(value, (sp.Rel, sp.logic.boolalg.BooleanFunction, sp.logic.boolalg.BooleanAtom)):
        raise SymdpError(name, value, f"an expression (d.{kind} states the relation itself; for a relation "
                         "use d.sign on the difference of its sides, or d.printed(cid, relation))")


MAX_BOXES = 100_000
"""The largest box budget a claim may ask for."""


def box_budget(boxes) -> int:
    whole = isinstance(boxes, int) and not isinstance(boxes, bool)
    require(whole and 1 <= boxes <= MAX_BOXES, "boxes", boxes, f"an integer from 1 to {MAX_BOXES}")
    return boxes


def with_boxes(decider, boxes):
    """``decider`` with the claim's box budget handed to validated numerics (``attempts.box_budget``)."""
    def run(attempts):
        if attempts is not None:
            attempts.box_budget = boxes
        return decider(attempts)
    return run


def by_name(fn):
    """Adapt ``fn(epsilon=..., beta=...)`` to a function of a point {symbol: value}.

    A ``fn`` with a ``witness_enclosure(bits, **point) -> arb`` (an audit oracle whose derived side is also a
    SymPy expression, ``derivations/libraries/_enclosed.py``) keeps it, by symbol, so that a point mpmath finds
    violated can be certified (:func:`.certify.judge_sign`)."""
    call = lambda point: fn(**{str(s): v for s, v in point.items()})
    enclose = getattr(fn, "witness_enclosure", None)
    if enclose is not None:
        call.witness_enclosure = lambda point, bits: enclose(bits, **{str(s): v for s, v in point.items()})
    return call
