"""The derivation engine: proof search above the kernel, numeric evidence beside it.

Its sub-packages, each importing only those listed before it (``tests/test_architecture.py``):
``model`` (statuses, records, domains, budgets), ``codec`` (expressions and records as data), ``enclose``
(arb enclosures), ``validated`` (box searches), ``symbolic`` (symbolic routes), ``regions`` (regions, faces,
tangency), ``sampling`` (numeric evidence and counterexamples), ``proof`` (certificates and proof objects for
:mod:`symdp.kernel`), ``run`` (deciding claims, the recorder, registry, runner and cache).

The names below are imported on first use (PEP 562), so that a calculator that needs one small engine
module (say ``engine.enclose.bounds``) does not pay for SymPy and the registry at start-up.
"""
import importlib

_EXPORTS = {"DerivationResult": "model.records", "Figure": "model.records", "Source": "model.records",
            "Step": "model.records", "Table": "model.records", "Witness": "model.records",
            "derivation": "run.registry", "discover": "run.registry", "Status": "model.status"}
__all__ = sorted(_EXPORTS)


def __getattr__(name):
    if name in _EXPORTS:
        return getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
