"""The proof kernel: the trusted base that accepts a proof object without trusting the search that found it.

It imports SymPy, python-flint and symdp's base modules only, never :mod:`symdp.engine` (the architecture test
enforces it): :mod:`.proof` (the format), :mod:`.claim` (what is proved), :mod:`.algebra`, :mod:`.signs`,
:mod:`.cases`, :mod:`.monotone`, :mod:`.compare`, :mod:`.induction`, :mod:`.primitive`, :mod:`.pieces`, :mod:`.boxes`, :mod:`.chain` (the rules), :mod:`.srepr`
(reading a recorded expression without running it), :mod:`.arb_compile` (its own enclosures) and :mod:`.check` (the
entry point).  docs/proof-format.md states every rule.
"""
from .check import ORACLES, Verdict, check
from .claim import Claim, identity_claim, sign_claim
from .proof import (FORMAT, Algebra, Boxes, Cases, Chart, Farkas, Induction, Leaf, Limit, Logs, Monotone, Oracle, Pieces, Primitive,
                    Proof, Quotient, Signs, Squared)

__all__ = ["FORMAT", "ORACLES", "Algebra", "Boxes", "Cases", "Chart", "Farkas", "Claim", "Induction", "Leaf", "Limit", "Logs", "Monotone", "Oracle", "Pieces", "Primitive", "Proof", "Quotient", "Signs", "Squared", "Verdict",
           "check", "identity_claim", "sign_claim"]
