"""Jia et al. 2023, TVD privacy (003): declared errata and refutations."""
ERRATA = {"tvd2023.relations": {"sec4.2:interval-high"}}
REFUTED = set()
