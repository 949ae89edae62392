"""Zhao et al. 2019 (002): declared errata and refutations."""
ERRATA = {"zhao2019.dp-sp": set(), "zhao2019.membership": set()}
REFUTED = set()
