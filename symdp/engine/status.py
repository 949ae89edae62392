"""Statuses of a step or claim, strongest first (DESIGN.md, "The engine")."""
import enum


class Status(enum.Enum):
    """How a step or claim was established."""

    PROVED = "PROVED"        # SymPy established it
    VERIFIED = "VERIFIED"    # held at every point of a seeded high-precision sample
    ERRATUM = "ERRATUM"      # printed text disagrees with the derivation
    REFUTED = "REFUTED"      # false: a counterexample is recorded
    UNDECIDED = "UNDECIDED"  # neither strategy decided it
    ERROR = "ERROR"          # the step raised

    @property
    def rank(self) -> int:
        """0 for PROVED, growing as the status weakens."""
        return list(Status).index(self)

    @property
    def holds(self) -> bool:
        """True for the statuses that establish a claim."""
        return self in (Status.PROVED, Status.VERIFIED)


def weakest(statuses) -> Status:
    """The weakest status of an iterable (PROVED for an empty one)."""
    return max(statuses, key=lambda s: s.rank, default=Status.PROVED)
