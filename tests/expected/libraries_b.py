"""Declared findings of the library audits of autodp and prv_accountant (derivations/libraries/): no erratum of
a printed text, and the refuted claims about the libraries (docs/library-findings.md, sections A and P).

Checked only for the audits that ran: without the `audit` extra they are skipped (tests/test_catalogue.py).
"""

ERRATA = {
    "libraries.autodp.converter": set(),
    "libraries.autodp.dp-bank": set(),
    "libraries.autodp.fdp-bank": set(),
    "libraries.autodp.rdp-bank": set(),
    "libraries.autodp.zoo": set(),
    "libraries.prv_accountant.composition": set(),
    "libraries.prv_accountant.prvs": set(),
}

REFUTED = {
    ("libraries.autodp.converter", "puredp_to_approxdp:digits"),
    ("libraries.autodp.converter", "puredp_to_approxdp:nonnegative"),
    ("libraries.autodp.converter", "rdp_to_delta:digits-small-sigma"),
    ("libraries.autodp.dp-bank", "get_eps_ana_gaussian:conservative"),
    ("libraries.autodp.dp-bank", "get_eps_gaussian:digits-large-sigma"),
    ("libraries.autodp.dp-bank", "get_eps_randresp_optimal:digits-near-half"),
    ("libraries.autodp.dp-bank", "get_logdelta_ana_gaussian:conservative-large-eps"),
    ("libraries.autodp.fdp-bank", "fDP_approx_DP:finite"),
    ("libraries.autodp.fdp-bank", "fDP_approx_DP:formula-eps-0"),
    ("libraries.autodp.fdp-bank", "fDP_gaussian:absolute-small-a"),
    ("libraries.autodp.fdp-bank", "fDP_pure_DP:finite"),
    ("libraries.autodp.fdp-bank", "fdp_grad_gaussian:finite-small-a"),
    ("libraries.autodp.fdp-bank", "log_neg_fdp_grad_gaussian:digits-tail"),
    ("libraries.autodp.fdp-bank", "log_one_minus_fdp_gaussian:digits-tail"),
    ("libraries.autodp.rdp-bank", "RDP_laplace:conservative-kl"),
    ("libraries.autodp.rdp-bank", "RDP_laplace:conservative-large-b"),
    ("libraries.autodp.rdp-bank", "RDP_laplace:digits-near-1"),
    ("libraries.autodp.rdp-bank", "RDP_pureDP:conservative-kl"),
    ("libraries.autodp.rdp-bank", "RDP_pureDP:conservative-near-1"),
    ("libraries.autodp.rdp-bank", "RDP_randresponse:conservative-near-half"),
    ("libraries.autodp.rdp-bank", "pRDP_diag_gaussian:digits-near-1"),
    ("libraries.autodp.zoo", "SubsampleGaussianMechanism.RenyiDP:digits-small-q"),
    ("libraries.prv_accountant.composition", "PRVAccountant.compute_delta:pure-dp-upper-large-eps"),
    ("libraries.prv_accountant.composition", "PRVAccountant.compute_epsilon:finite-small-delta"),
    ("libraries.prv_accountant.composition", "RDP.compute_epsilon:nonnegative"),
    ("libraries.prv_accountant.prvs", "LaplaceMechanism.cdf:atom"),
    ("libraries.prv_accountant.prvs", "LaplaceMechanism.rdp:conservative-small-mu"),
    ("libraries.prv_accountant.prvs", "LaplaceMechanism.rdp:finite"),
    ("libraries.prv_accountant.prvs", "PoissonSubsampledGaussianMechanism.cdf:digits-lower-tail"),
    ("libraries.prv_accountant.prvs", "PoissonSubsampledGaussianMechanism.rdp:digits-near-1"),
    ("libraries.prv_accountant.prvs", "PoissonSubsampledGaussianMechanism.rdp:digits-small-q"),
    ("libraries.prv_accountant.prvs", "PureDPMechanism.rdp:conservative"),
}
