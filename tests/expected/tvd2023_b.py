"""Jia et al. 2023, TVD privacy (003), part B (Sec. 5, Sec. 6, Appendix A): declared errata and refutations."""
ERRATA = {
    "tvd2023.s5-membership": set(),
    "tvd2023.s6-optimal-composition": {"sec6.1:region-strict", "sec6.1:region-pair", "eq6:denominator"},
    "tvd2023.appA-randomized-response": set(),
}
REFUTED = {("tvd2023.s6-optimal-composition", "thm18:proof-corner"),
           ("tvd2023.s6-optimal-composition", "thm18:optimal-k3")}
