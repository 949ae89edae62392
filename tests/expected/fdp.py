"""The f-DP blog post (001): declared errata and refutations."""
ERRATA = {"fdp.tradeoff": set(), "fdp.definitions": {"lemma3.4:is", "labels:type-I", "labels:type-II"}}
REFUTED = {("fdp.tradeoff", "gaussian:lower-envelope"), ("fdp.tradeoff", "gaussian:single-pair"),
           ("fdp.tradeoff", "laplace:lower-envelope"), ("fdp.tradeoff", "laplace:single-pair")}
