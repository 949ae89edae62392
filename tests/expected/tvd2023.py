"""Jia et al. 2023, TVD privacy (003), Sec. 2-4 and Theorems 11-13 (part a): declared errata and refutations."""
ERRATA = {
    "tvd2023.relations": {"sec4.2:interval-high"},
    "tvd2023.s2-mechanisms": {"thm2:variance"},
    "tvd2023.s3-experiment": {"sec3:0.639"},
    "tvd2023.s4-definitions": {"proof2:equality"},
    "tvd2023.s4-composition": set(),
    "tvd2023.s4-mechanism-tv": {"proof7:middle"},
}
REFUTED = {
    ("tvd2023.s2-mechanisms", "thm2:printed-dp-above-1"),
    ("tvd2023.s4-definitions", "proof1:range-of-a"),
    ("tvd2023.s4-composition", "thm9:neighbour-reading"),
}
