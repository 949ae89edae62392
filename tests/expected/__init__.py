"""Declared findings of the catalogue, one module per source (so work on one paper touches one file).

Each module defines ERRATA (derivation id -> set of claim ids judged ERRATUM; every derivation of that
paper appears, with an empty set when it has none) and REFUTED (a set of (derivation id, claim id)).
"""
from . import fdp, libraries_a, libraries_b, liu2019, pankova2023, tvd2023, tvd2023_b, tvd2023_c, zhao2019

_SOURCES = (fdp, libraries_a, libraries_b, liu2019, pankova2023, tvd2023, tvd2023_b, tvd2023_c, zhao2019)
EXPECTED_ERRATA = {k: v for m in _SOURCES for k, v in m.ERRATA.items()}
EXPECTED_REFUTED = set().union(*(m.REFUTED for m in _SOURCES))
