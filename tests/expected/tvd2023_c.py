"""Jia et al. 2023, TVD privacy (003), part C (Appendices B and C): declared errata and refutations."""
ERRATA = {
    "tvd2023.appB-sampling": {"B.1", "B.2", "B:Z'-definition", "B:Z-decomposition", "B:final-step"},
    "tvd2023.appC-dpsgd": set(),
}
REFUTED = set()
