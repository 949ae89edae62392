"""Jia et al. 2023, TVD privacy (003), part C: declared errata and refutations."""
ERRATA = {}
REFUTED = set()
