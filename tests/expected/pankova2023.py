"""Pankova and Laud, guessing advantage (004): declared errata and refutations."""
ERRATA = {"pankova2023.definitions": set(), "pankova2023.main-theorem": set(),
          "pankova2023.shells": {"start:printed", "final:printed"}, "pankova2023.epsilon": set(),
          "pankova2023.and-or": {"and:printed"}, "pankova2023.cafeteria": set(), "pankova2023.notions": set()}
REFUTED = {("pankova2023.shells", c) for c in ("integral:printed-valid", "sum:printed-step", "final:printed-valid")} \
    | {("pankova2023.and-or", "and:printed-valid")}
