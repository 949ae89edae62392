"""Jia et al. 2023, TVD privacy (003), part B: declared errata and refutations."""
ERRATA = {}
REFUTED = set()
