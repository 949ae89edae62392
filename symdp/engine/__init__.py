"""The derivation engine: records, statuses, provers, registry, runner."""
from .records import DerivationResult, Figure, Source, Step, Table, Witness
from .registry import derivation, discover
from .status import Status

__all__ = ["DerivationResult", "Figure", "Source", "Status", "Step", "Table", "Witness",
           "derivation", "discover"]
