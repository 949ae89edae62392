"""The catalogue of derivations that ships with symdp.

In the repository the catalogue is the top-level ``derivations/`` folder; in an
installed wheel it is ``symdp/catalogue/derivations/`` (setup.py maps one onto
the other at build time), with each file's ``.proofs.json`` beside it.
:func:`path` returns whichever exists, so ``symdp check --catalogue`` and
``symdp.run(symdp.catalogue.path())`` work from any directory.
"""
from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def path() -> Path:
    """The folder of the shipped catalogue (installed copy first, else the repository's)."""
    for candidate in (_HERE / "derivations", _HERE.parents[1] / "derivations"):
        if candidate.is_dir() and any(candidate.rglob("*.py")):
            return candidate
    from ..errors import SymdpError
    raise SymdpError("--catalogue", str(_HERE / "derivations"), "an installed symdp with its catalogue "
                     "(reinstall the package)")
