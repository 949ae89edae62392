"""Liu et al. 2019 (000): declared errata and refutations."""
ERRATA = {
    "liu2019.laplace-np-test": {"pfa:values", "pfa:integral", "sec4.1.5:lambda"},
    "liu2019.pr-relation": {"eq9", "eq10"},
    "liu2019.fbeta-laplace": {"app10.3:interval1:f", "app10.3:interval2:f", "eq26", "eq27", "eq28"},
    "liu2019.table1": {"table1:beta=0.5:F=0.55", "table1:beta=0.8:F=0.62",      # no epsilon meets the bound
                       "table1:beta=1.5:F=0.76", "table1:beta=2:F=0.83",
                       "table1:beta=0.5:F=0.62", "table1:beta=0.5:F=0.95",      # the largest epsilon rounded up
                       "table1:beta=0.6:F=0.58", "table1:beta=0.6:F=0.83", "table1:beta=0.6:F=0.9",
                       "table1:beta=0.8:F=0.67", "table1:beta=0.8:F=0.83", "table1:beta=0.8:F=0.9",
                       "table1:beta=0.8:F=0.95"},
    "liu2019.gaussian-np-test": {"sec4.3:sigma", "eq29", "thm6:pfa-integral", "thm6:ptd-integral"},
    "liu2019.fbeta-gaussian": set(),
    "liu2019.analytic-gaussian": set(),
    "liu2019.bounded-vector": set(),
    "liu2019.beyond": set(),
    "liu2019.notions": set(),
    "liu2019.definitions": set(),
    "liu2019.bayes": set(),
    "liu2019.domains": {"sec4.1.5:lambda-low", "sec5.2:rho_c-stated-range", "sec5.3:rho_t-stated-range"},
    "liu2019.propositions": set(),
    "liu2019.figures": set(),
    "liu2019.fbeta-auxiliary": {"eq20:proof-step", "app10.5.1:interval1:f", "eq31", "app10.5.1:interval3:f",
                                "eq32"},
}
REFUTED = {("liu2019.analytic-gaussian", "classic:fails-above-1"),
           ("liu2019.bounded-vector", "thm4:as-stated"), ("liu2019.bounded-vector", "thm4:per-coordinate")}
