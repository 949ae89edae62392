"""The derivation engine: records, statuses, provers, registry, runner.

The names below are imported on first use (PEP 562), so that a calculator that needs one small engine
module (say ``engine.bounds``) does not pay for SymPy and the registry at start-up.
"""
import importlib

_EXPORTS = {"DerivationResult": "records", "Figure": "records", "Source": "records", "Step": "records",
            "Table": "records", "Witness": "records", "derivation": "registry", "discover": "registry",
            "Status": "status"}
__all__ = sorted(_EXPORTS)


def __getattr__(name):
    if name in _EXPORTS:
        return getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
