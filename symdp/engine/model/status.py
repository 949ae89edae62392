"""Statuses of a step or claim, strongest first, and the methods a record names (docs/soundness.md).

This module is the one definition of what each status promises and what each method rests on: the README,
docs/reference.md, docs/soundness.md, the report template and ``symdp --help`` quote :data:`DEFINITIONS`
and :data:`METHODS` word for word, and ``tests/test_docs.py`` fails when one of them differs.  The texts
are plain words (no LaTeX specials), so that the report can quote them as they stand.
"""
import enum
from dataclasses import dataclass


class Status(enum.Enum):
    """How a step or claim was established (meanings: :data:`DEFINITIONS`)."""

    PROVED = "PROVED"
    VERIFIED = "VERIFIED"
    ERRATUM = "ERRATUM"
    REFUTED = "REFUTED"
    UNDECIDED = "UNDECIDED"
    ERROR = "ERROR"

    @property
    def rank(self) -> int:
        """0 for PROVED, growing as the status weakens."""
        return list(Status).index(self)

    @property
    def holds(self) -> bool:
        """True for the statuses that establish a claim."""
        return self in (Status.PROVED, Status.VERIFIED)

    @property
    def definition(self) -> str:
        """What the status promises (:data:`DEFINITIONS`)."""
        return DEFINITIONS[self]


DEFINITIONS = {
    Status.PROVED: "a proof exists and replays from the certificate: SymPy reduced the claim by a symbolic "
                   "route, induction or a kinked integral, or validated numerics closed every box of the domain "
                   "with arb enclosures at 128 bits, through mean-value forms, derivative chains, Taylor models, "
                   "regions, enclosed series or integrals",
    Status.VERIFIED: "held at every point of a seeded high-precision sample, domain edges included, the record "
                     "saying how many points and digits: evidence, not a proof",
    Status.ERRATUM: "the printed formula or number disagrees with the derivation; the corrected form and a "
                    "witness are recorded",
    Status.REFUTED: "false: a counterexample is recorded, certified when an arb enclosure of the difference "
                    "excludes 0 there; the method says when an unenclosed mpmath oracle judged it instead",
    Status.UNDECIDED: "neither a proof nor a counterexample was found within the counted budgets",
    Status.ERROR: "the step raised or ran over its time limit, or a recorded proof did not replay",
}
"""What each status promises, in one sentence: the definition every document quotes."""


@dataclass(frozen=True)
class Method:
    """A family of method strings (a record's ``method`` starts with ``prefix``) and what it rests on."""

    prefix: str
    statuses: tuple
    meaning: str


METHODS = (
    Method("symbolic", ("PROVED",),
           "SymPy reduced the difference to 0 or proved the sign by a named route (docs/prover.md); the "
           "route and its answers are recorded in the certificate and replayed"),
    Method("validated numerics", ("PROVED",),
           "the domain mapped onto the unit box and split until every box closed by an arb enclosure at 128 "
           "bits or a rule built on one (mean-value form, derivative chain from a face, Taylor model, "
           "exponential chart at infinity); the subdivision tree and each leaf's rule are in the "
           "certificate and replayed"),
    Method("ball arithmetic", ("PROVED", "ERRATUM", "UNDECIDED"),
           "a printed number judged against an arb enclosure of the closed form at rising precision"),
    Method("exact rational arithmetic", ("PROVED", "ERRATUM"),
           "a printed number judged against an exact rational value"),
    Method("definition", ("PROVED",), "a stated definition: nothing to prove"),
    Method("substitution", ("PROVED", "UNDECIDED"),
           "a substitution carried out by SymPy, each value known by SymPy's assumptions to meet its "
           "symbol's (with `domain=`, on each piece of one of the prover's maps of its symbols' intervals "
           "onto positive symbols; `erfcinv`/`erfinv` read through the normal quantile); else UNDECIDED"),
    Method("conditions decided at", ("PROVED",),
           "the branch of a Piecewise active at a point, its conditions decided exactly"),
    Method("sympy.", ("PROVED", "UNDECIDED"),
           "a bookkeeping step computed by SymPy (solve, integrate, diff, limit); UNDECIDED when it "
           "leaves an unevaluated integral or limit or runs out of time"),
    Method("numeric sample", ("VERIFIED",),
           "every point of a seeded sample agreed at 60 digits, domain edges included: evidence only"),
    Method("closed form at", ("VERIFIED", "ERRATUM"),
           "a printed value compared with the derived closed form at 50 digits"),
    Method("one-sided comparison", ("VERIFIED", "ERRATUM"),
           "a printed bound compared on its safe side with the derived value, exact rational arithmetic"),
    Method("numeric counterexample (certified)", ("REFUTED", "ERRATUM"),
           "a witness point where an arb enclosure of the difference excludes 0"),
    Method("numeric counterexample (mpmath oracle, not enclosed)", ("REFUTED", "ERRATUM"),
           "a witness point judged by an mpmath oracle with no enclosure: the disagreement kept its sign and "
           "leading digits as the precision doubled and a second quadrature rule confirmed it"),
)
"""The method families a record can name, longest prefix first where two share a start."""

def method_of(name: str) -> Method | None:
    """The :class:`Method` a method string belongs to (``piece by piece; ...`` read after its prefix)."""
    name = name.removeprefix("piece by piece; ")
    found = [m for m in METHODS if name.startswith(m.prefix)]
    return max(found, key=lambda m: len(m.prefix), default=None)


def weakest(statuses) -> Status:
    """The weakest status of an iterable (PROVED for an empty one)."""
    return max(statuses, key=lambda s: s.rank, default=Status.PROVED)
