"""Declared findings of the autodp and prv_accountant audits (derivations/libraries/): every claim they refute.

A library that is not installed skips its derivations (no claims), so its entries are left out here.
"""
import importlib.util

_BY_LIBRARY = {
    "autodp": {
        "libraries.autodp.converter": {
            "puredp_to_approxdp:digits",
            "puredp_to_approxdp:nonnegative",
            "rdp_to_delta:digits-small-sigma",
        },
        "libraries.autodp.dp-bank": {
            "get_eps_ana_gaussian:conservative",
            "get_eps_gaussian:digits-large-sigma",
            "get_eps_randresp_optimal:digits-near-half",
            "get_logdelta_ana_gaussian:conservative-large-eps",
        },
        "libraries.autodp.fdp-bank": {
            "fDP_approx_DP:finite",
            "fDP_approx_DP:formula-eps-0",
            "fDP_gaussian:absolute-small-a",
            "fDP_pure_DP:finite",
            "fdp_grad_gaussian:finite-small-a",
            "log_neg_fdp_grad_gaussian:digits-tail",
            "log_one_minus_fdp_gaussian:digits-tail",
        },
        "libraries.autodp.rdp-bank": {
            "RDP_laplace:conservative-kl",
            "RDP_laplace:conservative-large-b",
            "RDP_laplace:digits-near-1",
            "RDP_pureDP:conservative-kl",
            "RDP_pureDP:conservative-near-1",
            "RDP_randresponse:conservative-near-half",
            "pRDP_diag_gaussian:digits-near-1",
        },
        "libraries.autodp.zoo": {
            "SubsampleGaussianMechanism.RenyiDP:digits-small-q",
        },
    },
    "prv_accountant": {
        "libraries.prv_accountant.composition": {
            "PRVAccountant.compute_delta:pure-dp-upper-large-eps",
            "PRVAccountant.compute_epsilon:finite-small-delta",
            "RDP.compute_epsilon:nonnegative",
        },
        "libraries.prv_accountant.prvs": {
            "LaplaceMechanism.cdf:atom",
            "LaplaceMechanism.rdp:conservative-small-mu",
            "LaplaceMechanism.rdp:finite",
            "PoissonSubsampledGaussianMechanism.cdf:digits-lower-tail",
            "PoissonSubsampledGaussianMechanism.rdp:digits-near-1",
            "PoissonSubsampledGaussianMechanism.rdp:digits-small-q",
            "PureDPMechanism.rdp:conservative",
        },
    },
}
_INSTALLED = {lib: ids for lib, ids in _BY_LIBRARY.items() if importlib.util.find_spec(lib) is not None}
ERRATA = {did: set() for ids in _INSTALLED.values() for did in ids}
REFUTED = {(did, cid) for ids in _INSTALLED.values() for did, claims in ids.items() for cid in claims}
