"""Declared findings of the library audits (derivations/libraries/, dp_accounting, OpenDP, riskcal):
no erratum of a printed text, and the refuted claims about the libraries (docs/library-findings.md).

Checked only for the audits that ran: without the `audit` extra they are skipped (tests/test_catalogue.py).
"""

ERRATA = {
    "libraries.dp_accounting.analytic-gaussian": set(),
    "libraries.dp_accounting.pld": set(),
    "libraries.dp_accounting.rdp": set(),
    "libraries.opendp.measurements": set(),
    "libraries.riskcal.attack-risk": set(),
}

REFUTED = {
    ("libraries.dp_accounting.analytic-gaussian", "get_epsilon_gaussian:conservative"),
    ("libraries.dp_accounting.analytic-gaussian", "get_sigma_gaussian:conservative"),
    ("libraries.dp_accounting.analytic-gaussian", "get_sigma_gaussian:tolerance"),
    ("libraries.dp_accounting.pld", "LaplacePrivacyLoss.get_delta_for_epsilon:near-1/b"),
    ("libraries.dp_accounting.pld", "from_gaussian_mechanism:epsilon"),
    ("libraries.dp_accounting.pld", "from_gaussian_mechanism:epsilon-tiny-delta"),
    ("libraries.dp_accounting.pld", "from_gaussian_mechanism:pessimistic"),
    ("libraries.dp_accounting.rdp", "_compute_rdp_poisson_subsampled_gaussian:fractional-half-integer-digits"),
    ("libraries.dp_accounting.rdp", "_compute_rdp_poisson_subsampled_gaussian:fractional-near-1-digits"),
    ("libraries.dp_accounting.rdp", "_compute_rdp_poisson_subsampled_gaussian:fractional-near-1-safe"),
    ("libraries.dp_accounting.rdp", "_compute_rdp_poisson_subsampled_gaussian:fractional-half-integer-safe"),
    ("libraries.dp_accounting.rdp", "_compute_rdp_poisson_subsampled_gaussian:small-q"),
    ("libraries.dp_accounting.rdp", "_compute_rdp_poisson_subsampled_gaussian:small-q-safe"),
    ("libraries.dp_accounting.rdp", "_laplace_rdp:small-eps"),
    ("libraries.dp_accounting.rdp", "_laplace_rdp:small-eps-safe"),
    ("libraries.opendp.measurements", "accuracy_to_gaussian_scale:small-alpha"),
    ("libraries.opendp.measurements", "accuracy_to_gaussian_scale:tiny-alpha"),
    ("libraries.opendp.measurements", "gaussian_scale_to_accuracy:small-alpha"),
    ("libraries.opendp.measurements", "gaussian_scale_to_accuracy:tiny-alpha"),
    ("libraries.opendp.measurements", "make_zCDP_to_approxDP:large-rho"),
    ("libraries.riskcal.attack-risk", "get_advantage_from_adp:conservative"),
    ("libraries.riskcal.attack-risk", "get_advantage_from_adp:finite"),
    ("libraries.riskcal.attack-risk", "get_advantage_from_adp:small-eps"),
    ("libraries.riskcal.attack-risk", "get_advantage_from_gdp:small-mu"),
    ("libraries.riskcal.attack-risk", "get_advantage_from_zcdp:finite"),
    ("libraries.riskcal.attack-risk", "get_advantage_from_zcdp:sound"),
    ("libraries.riskcal.attack-risk", "get_bayes_risk_from_gdp:extremes"),
}
