"""The f-DP blog post (001): declared errata and refutations."""
ERRATA = {"fdp.tradeoff": set()}
REFUTED = {("fdp.tradeoff", "gaussian:lower-envelope"), ("fdp.tradeoff", "gaussian:single-pair"),
           ("fdp.tradeoff", "laplace:lower-envelope"), ("fdp.tradeoff", "laplace:single-pair")}
