"""Zhao et al. 2019 (002): declared errata and refutations."""
ERRATA = {"zhao2019.dp-sp": set(), "zhao2019.membership": set(), "zhao2019.definitions": set(),
          "zhao2019.theorem3": {"eq36", "lemma1:range", "eq38:ii-conclusion"},
          "zhao2019.forward": {"thm1:proof-hypothesis"}}
REFUTED = set()
