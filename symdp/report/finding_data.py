"""The comparisons behind docs/library-findings.md, one record per finding (graded by :mod:`.findings`).

``got`` is what the library returned at the witness, ``expected`` the derived value at 50 digits (checked
by a second, independent evaluation: tests/test_library_findings_*.py); ``unsafe_if`` the side of the
expected value on which the library's output claims more privacy than there is.
"""
from __future__ import annotations

BRENTQ = ("absolute", "1e-12", "get_epsilon_gaussian's tol, brentq's xtol")
DPA, RISK, ODP, ADP, PRV = "dp_accounting 0.6.0", "riskcal 1.5.1", "OpenDP 0.16.0", "autodp 0.2.3.1", \
    "prv_accountant 0.2.0"
GAUSS, RDP, PLD = "libraries.dp_accounting.analytic-gaussian", "libraries.dp_accounting.rdp", \
    "libraries.dp_accounting.pld"
SAMPLED = "_compute_rdp_poisson_subsampled_gaussian"
ATTACK, ODPM = "libraries.riskcal.attack-risk", "libraries.opendp.measurements"
FDP, RDPB, DPB, CONV, ZOO = ("libraries.autodp.fdp-bank", "libraries.autodp.rdp-bank", "libraries.autodp.dp-bank",
                             "libraries.autodp.converter", "libraries.autodp.zoo")
COMP, PRVS = "libraries.prv_accountant.composition", "libraries.prv_accountant.prvs"


def _f(id, library, function, derivation, claims, witness, got, expected, unsafe_if, contract, **extra):
    return dict(id=id, library=library, function=function, derivation=derivation, claims=tuple(claims),
                witness=witness, got=got, expected=expected, unsafe_if=unsafe_if, contract=contract, **extra)


def _tol(kind, value, source):
    """A documented tolerance: (kind, value, where it is stated)."""
    return (kind, value, source)


FINDINGS = (
    _f("D1", DPA, "`get_epsilon_gaussian`", GAUSS, ["get_epsilon_gaussian:conservative"],
       "sigma = 10^0.5, delta = 1e-100", "6.714392508881323", "6.7143925088813663", "below",
       "an epsilon for which the mechanism is (epsilon, delta)-DP, to within tol", tolerance=_tol(*BRENTQ)),
    _f("D2", DPA, "`get_sigma_gaussian`", GAUSS, ["get_sigma_gaussian:tolerance", "get_sigma_gaussian:conservative"],
       "eps = 0.01, delta = 1e-300", "3672.720103334873", "3672.7201034055685", "below",
       "the least sigma giving (epsilon, delta)-DP, to within tol",
       tolerance=_tol("absolute", "1e-12", "get_sigma_gaussian's tol, brentq's xtol")),
    _f("D3", DPA, f"`{SAMPLED}` (integer orders)", RDP, [f"{SAMPLED}:small-q", f"{SAMPLED}:small-q-safe"],
       "q = 1e-8, sigma = 100, order 2", "9.9459e-21", "1.00005e-20", "below", "an RDP bound (never below the RDP)"),
    _f("D4", DPA, f"`{SAMPLED}` (fractional orders)", RDP,
       [f"{SAMPLED}:fractional-near-1-digits", f"{SAMPLED}:fractional-half-integer-digits",
        f"{SAMPLED}:fractional-near-1-safe", f"{SAMPLED}:fractional-{{name}}-safe",
        f"{SAMPLED}:fractional-{{name}}-digits"],
       "q = 0.1, sigma = 5, order 1.000001", "6.695e-4", "2.033e-4", "below",
       "the RDP of Mironov, Talwar and Zhang 2019, Sec. 3.3 (unsafe at small q: section)"),
    _f("D5", DPA, "`_laplace_rdp`", RDP, ["_laplace_rdp:small-eps", "_laplace_rdp:small-eps-safe"],
       "eps = 1e-8, order 2", "9.99999983775159e-17", "9.9999999666666668e-17", "below",
       "the Laplace RDP of its docstring (Mironov 2017, Prop. 6)"),
    _f("D6", DPA, "`LaplacePrivacyLoss.get_delta_for_epsilon`", PLD,
       ["LaplacePrivacyLoss.get_delta_for_epsilon:near-1/b"], "b = 10, eps = 0.1 - 1e-12",
       "5.000444502911705e-13", "5.000000413700605e-13", "below", "the hockey-stick divergence of the Laplace pair"),
    _f("D7", DPA, "`from_gaussian_mechanism(...).get_delta_for_epsilon`", PLD, ["from_gaussian_mechanism:pessimistic"],
       "sigma = 100, eps = 0.03", "3.8792564221292335e-06", "3.8792564221307831e-6", "below",
       "a pessimistic estimate: documented as an upper bound on delta"),
    _f("D8", DPA, "`from_gaussian_mechanism(...).get_epsilon_for_delta`", PLD,
       ["from_gaussian_mechanism:epsilon", "from_gaussian_mechanism:epsilon-tiny-delta"],
       "sigma = 0.1, delta = 0.1", "61.87696745882975", "61.876967460402051", "below",
       "a pessimistic estimate: documented as an upper bound on epsilon (inf for delta <= 1e-30: section)"),
    _f("R1", RISK, "`get_advantage_from_adp`", ATTACK, ["get_advantage_from_adp:small-eps",
                                                         "get_advantage_from_adp:conservative"],
       "eps = 1e-8, delta = 1e-300", "4.9999999446126456e-09", "5.0000000000000001e-9", "below",
       "the largest advantage of an (epsilon, delta)-DP mechanism"),
    _f("R2", RISK, "`get_advantage_from_adp`", ATTACK, ["get_advantage_from_adp:finite"], "eps = 710", "nan",
       "1 - 1e-308", "below", "a number in [0, 1] for every eps >= 0"),
    _f("R3", RISK, "`get_advantage_from_gdp`", ATTACK, ["get_advantage_from_gdp:small-mu"], "mu = 1e-12",
       "3.9895864389905e-13", "3.9894228040143267e-13", "below", "the advantage of mu-GDP"),
    _f("R4", RISK, "`get_bayes_risk_from_gdp`", ATTACK, ["get_bayes_risk_from_gdp:extremes"],
       "mu = 40, prior = 0.5", "0.0", "2.7536e-89", "above",
       "the Bayes risk of mu-GDP (a risk above the true one understates the attack)"),
    _f("R5", RISK, "`get_advantage_from_zcdp`", ATTACK, ["get_advantage_from_zcdp:sound"], "rho = 90",
       "0.9999999980686012", "0.99999999998029656", "below",
       "an upper bound on the advantage of rho-zCDP (at least the advantage attained)"),
    _f("R6", RISK, "`get_advantage_from_zcdp`", ATTACK, ["get_advantage_from_zcdp:finite"], "rho = 6e-4",
       "TypeError", "a number in [0, 1]", "below", "a number for every rho > 0"),
    _f("O1", ODP, "`make_zCDP_to_approxDP`", ODPM, ["make_zCDP_to_approxDP:large-rho"], "rho = 10, eps = 5",
       "0.994911454713023", "0.99366619414422543", "below", "the bound it cites (Canonne, Kamath, Steinke 2020)"),
    _f("O2", ODP, "`gaussian_scale_to_accuracy`", ODPM,
       ["gaussian_scale_to_accuracy:small-alpha", "gaussian_scale_to_accuracy:tiny-alpha"], "scale 1, alpha = 1e-15",
       "8.026957018033892", "8.0268588825345409", "below",
       "the accuracy at level alpha (inf below alpha = 1e-17: section)"),
    _f("O3", ODP, "`accuracy_to_gaussian_scale`", ODPM,
       ["accuracy_to_gaussian_scale:small-alpha", "accuracy_to_gaussian_scale:tiny-alpha"],
       "accuracy 10, alpha = 1e-17", "0.0", "1.166324379", "below",
       "the Gaussian scale for the accuracy (a scale below it adds too little noise)"),
    _f("A1", ADP, "`fdp_bank.fDP_approx_DP`, `fDP_pure_DP`", FDP, ["fDP_approx_DP:finite", "fDP_pure_DP:finite"],
       "eps = 1, delta = 1e-5, a = 0.1", "TypeError", "0.72816181715409546", "above",
       "the trade-off function of (epsilon, delta)-DP"),
    _f("A2", ADP, "`fdp_bank.fDP_approx_DP` (eps = 0)", FDP, ["fDP_approx_DP:formula-eps-0"], "delta = 0.5, a = 0.9",
       "-0.4", "0", "above", "a trade-off function (values in [0, 1])"),
    _f("A3", ADP, "`fdp_bank.fDP_gaussian`, `fdp_grad_gaussian`", FDP,
       ["fDP_gaussian:absolute-small-a", "fdp_grad_gaussian:finite-small-a"], "sigma = 0.1, a = 1e-20",
       "1.0", "0.23036056974420154", "above", "the Gaussian trade-off function G_mu (NaN gradient: section)"),
    _f("A4", ADP, "`log_one_minus_fdp_gaussian`, `log_neg_fdp_grad_gaussian`", FDP,
       ["log_one_minus_fdp_gaussian:digits-tail", "log_neg_fdp_grad_gaussian:digits-tail"],
       "sigma = 0.1, log a = log 1e-20", "-0.26080432024348077", "-0.26183314620323194", "below",
       "log(1 - G_mu(a)) (a larger value is a smaller trade-off: safe)"),
    _f("A5", ADP, "`rdp_bank.RDP_laplace`", RDPB, ["RDP_laplace:conservative-large-b", "RDP_laplace:conservative-kl"],
       "b = 1e8, alpha = 2", "-5.551115123125783e-17", "9.9999999666666664e-17", "below", "the Laplace RDP"),
    _f("A6", ADP, "`rdp_bank` near alpha = 1", RDPB,
       ["RDP_laplace:digits-near-1", "RDP_randresponse:conservative-near-half", "RDP_pureDP:conservative-kl",
        "RDP_pureDP:conservative-near-1", "pRDP_diag_gaussian:digits-near-1"],
       "RDP_pureDP eps = 1e-8, alpha = 1", "0.0", "5.0000000000000000e-17", "below",
       "an RDP bound (never below the Renyi divergence)"),
    _f("A7", ADP, "`dp_bank.get_logdelta_ana_gaussian`", DPB, ["get_logdelta_ana_gaussian:conservative-large-eps"],
       "sigma = 10, eps = 700", "-24499670.93031112", "-24499670.930104543", "below",
       "log delta of the analytic Gaussian mechanism (Balle and Wang 2018)"),
    _f("A8", ADP, "`dp_bank.get_eps_ana_gaussian`", DPB, ["get_eps_ana_gaussian:conservative"],
       "sigma = 100, delta = 1e-5", "0.02721941981454577", "0.027219419814577135", "below",
       "the least epsilon of the analytic Gaussian (autodp documents no tolerance; brentq's default xtol is 2e-12)"),
    _f("A9", ADP, "`dp_bank.get_eps_randresp_optimal`", DPB, ["get_eps_randresp_optimal:digits-near-half"],
       "p = 0.5 + 1e-10, delta = 1e-12", "3.9800007733958864e-10", "3.9800003309654640e-10", "below",
       "the optimal epsilon of randomised response"),
    _f("A10", ADP, "`dp_bank.get_eps_gaussian`", DPB, ["get_eps_gaussian:digits-large-sigma"],
       "sigma = 1000, delta = 1e-300", "0.03717097716286453", "0.03716972188849838", "below",
       "the optimum over orders of the RDP conversion (Mironov 2017, Prop. 3)"),
    _f("A11", ADP, "`converter.puredp_to_approxdp`", CONV, ["puredp_to_approxdp:digits", "puredp_to_approxdp:nonnegative"],
       "eps = 1, delta = 1e-5", "0.9999963211988214", "0.99998632111203272", "below",
       "a valid (epsilon', delta) conversion (eprint 2018/277, p. 3), not documented as the tight one",
       within_contract=True),
    _f("A12", ADP, "`converter.rdp_to_delta`", CONV, ["rdp_to_delta:digits-small-sigma"],
       "sigma = 10^-0.5, eps = 10^0.5", "1.0", "0.89925668604965292", "below",
       "delta from the RDP curve (its search fails and returns 1)"),
    _f("A13", ADP, "`mechanism_zoo.SubsampleGaussianMechanism.RenyiDP`", ZOO,
       ["SubsampleGaussianMechanism.RenyiDP:digits-small-q"], "q = 1e-4, sigma = 5, alpha = 2",
       "4.0810782690227333e-10", "4.0810774184060634e-10", "below", "the subsampled Gaussian's RDP bound"),
    _f("P1", PRV, "`PRVAccountant.compute_delta` with `PureDPMechanism`", COMP,
       ["PRVAccountant.compute_delta:pure-dp-upper-large-eps"], "eps_0 = 5, k = 10, eps = 20",
       "0.06491538388090283", "0.99996518098421270", "below", "an upper bound on delta (documented)"),
    _f("P2", PRV, "`PureDPMechanism.rdp`", PRVS, ["PureDPMechanism.rdp:conservative"], "eps = 10, alpha = 2",
       "5.0", "9.9999546011008767", "below", "the Renyi divergence of eps-DP randomised response"),
    _f("P3", PRV, "`LaplaceMechanism.cdf`", PRVS, ["LaplaceMechanism.cdf:atom"], "mu = 1, t = -1",
       "0.0", "0.18393972058572116", "above", "the CDF of the privacy loss (right-continuous at its atom)"),
    _f("P4", PRV, "`LaplaceMechanism.rdp`", PRVS,
       ["LaplaceMechanism.rdp:finite", "LaplaceMechanism.rdp:conservative-small-mu"], "mu = 20, alpha = 40",
       "inf", "a finite RDP", "below", "a finite RDP for every alpha > 1 (0 below the divergence at mu = 1e-8: section)"),
    _f("P5", PRV, "`PoissonSubsampledGaussianMechanism.rdp`", PRVS,
       ["PoissonSubsampledGaussianMechanism.rdp:digits-small-q", "PoissonSubsampledGaussianMechanism.rdp:digits-near-1"],
       "q = 0.01, sigma = 1, alpha = 1 + 1e-6", "8.379592091957666e-05", "8.3812293466087003e-05", "below",
       "the subsampled Gaussian's RDP"),
    _f("P6", PRV, "`PoissonSubsampledGaussianMechanism.cdf`", PRVS,
       ["PoissonSubsampledGaussianMechanism.cdf:digits-lower-tail"], "q = 0.01, sigma = 1, t = log(0.99) + 1e-8",
       "see section", "see section", "above",
       "a CDF to absolute accuracy (the accountant discretises at absolute precision)",
       tolerance=_tol("absolute", "1e-14", "the accuracy its discretisation works at"), error="8e-41"),
    _f("P7", PRV, "`other_accountants.RDP.compute_epsilon`", COMP, ["RDP.compute_epsilon:nonnegative"],
       "sigma = 100, delta = 0.5", "-0.6930471805599453", "-0.693147", "below",
       "an estimate between its lower bound 0 and its upper bound, epsilon >= 0 (the value itself is valid)"),
    _f("P8", PRV, "`PRVAccountant.compute_epsilon`", COMP, ["PRVAccountant.compute_epsilon:finite-small-delta"],
       "delta = 1e-100 (sigma = 1, k = 10)", "ValueError", "71.97", "below",
       "documented refusal: 'Floating point errors will dominate for such small values of delta'",
       within_contract=True),
)
