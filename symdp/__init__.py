"""symdp: symbolic derivation and proof checking for the hypothesis-testing view of DP.

``from symdp import derivation, Status`` is all a derivation file needs;
``symdp.run(path_or_function)`` runs derivations and returns frozen results.  The
names are loaded lazily so that the command line's numeric paths
(``symdp epsilon``) answer without importing SymPy.
"""
__version__ = "0.1.0"

import time as _time

LOADED_AT = _time.time_ns()
"""When the package was first imported: a source file of it changed later may not be the code that runs
(:mod:`symdp.engine.run.cache` then neither serves nor keeps results)."""

_LAZY = {"derivation": "symdp.engine.run.registry", "Status": "symdp.engine.model.status",
         "SymdpError": "symdp.errors", "Phi": "symdp.special", "PhiInv": "symdp.special",
         "run": "symdp.api", "Run": "symdp.api", "quote": "symdp.latex", "Reading": "symdp.latex"}


def __getattr__(name):
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'symdp' has no attribute {name!r}")


__all__ = ["__version__", *sorted(_LAZY)]
