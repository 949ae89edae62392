"""The notions and the implication edges ("eps-A implies g(eps)-B").

Each edge carries its map g as a SymPy expression in the source's parameter
(and, for (eps, delta)-DP, the level eps), the conditions it needs, where it
comes from, and the derivation claims that check it; an edge with no claim
says why (a definition, or not derived yet).  For every notion here a smaller
parameter is a stronger guarantee.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..errors import SymdpError
from ..symbols import alpha_tv, delta, eps, eps2, eta, kl_d, mu, sp_a


@dataclass(frozen=True)
class Notion:
    id: str
    name: str
    parameter: sp.Symbol
    domain: str
    source: str


@dataclass(frozen=True)
class Implication:
    id: str
    source: str
    target: str
    map: sp.Basic
    conditions: tuple[str, ...]
    reference: str
    evidence: tuple[tuple[str, str], ...] = ()   # (derivation id, claim id)
    basis: str = ""                               # why there is no evidence, or what it covers


ZHAO, LIU, TVD, BLOG = "002_a00d4f65f210ea49.txt", "000_0f0c1e9c4d2d1ce3.txt", "003_0de8f9880065b2b9.txt", "001_ba0a18552870e88c.txt"

KL_D = kl_d
PANKOVA = "004_62dfd324924a5a00.txt"

NOTIONS = {n.id: n for n in (
    Notion("DP", "epsilon-differential privacy", eps, "eps > 0", f"{LIU}, Definition 1"),
    Notion("ADP", "(epsilon, delta)-differential privacy, at a given epsilon", delta, "0 <= delta <= 1", f"{LIU}, Sec. 2.1"),
    Notion("BDP", "epsilon-Bayesian differential privacy", eps, "eps > 0", f"{ZHAO}, Sec. III-A2"),
    Notion("SP", "a-semantic privacy (Kasiviswanathan and Smith)", sp_a, "0 < a", f"{ZHAO}, Sec. III-A1"),
    Notion("BSP", "a-Bayesian semantic privacy", sp_a, "0 < a", f"{ZHAO}, Sec. III-A1"),
    Notion("MP", "epsilon-membership privacy (Li et al.)", eps, "eps > 0", f"{ZHAO}, Sec. III-B"),
    Notion("TVD", "alpha-total-variation-distance privacy", alpha_tv, "0 <= alpha <= 1", f"{TVD}, Definition"),
    Notion("GDP", "mu-Gaussian differential privacy (f-DP with G_mu)", mu, "mu > 0", f"{BLOG}; Dong, Roth and Su"),
    Notion("LFDP", "f-DP with the Laplace trade-off curve of Lap(0,1) vs Lap(eps',1)", eps2, "eps' > 0",
           f"{BLOG}; Dong, Roth and Su"),
    Notion("IP", "epsilon-inferential privacy", eps, "eps > 0", f"{LIU}, Sec. 6, appendix 10.6"),
    Notion("DDP", "epsilon-dependent differential privacy", eps, "eps > 0", f"{LIU}, Sec. 6"),
    Notion("BP", "epsilon-Blowfish privacy (count/marginal constraints)", eps, "eps > 0", f"{LIU}, Sec. 6"),
    Notion("MIDP", "epsilon-mutual-information differential privacy", eps, "eps > 0", f"{LIU}, Sec. 6"),
    Notion("KL", "D-KL privacy: both KL divergences of neighbouring outputs at most D", KL_D, "D > 0",
           f"{TVD}, Definition 4 (Barber and Duchi's KL privacy)"),
    Notion("GA", "eta-guessing advantage: for every prior, event g and output set, Pr_post(g) - Pr_pre(g) <= eta",
           eta, "0 < eta < 1", f"{PANKOVA} (Pankova and Laud), slide 'Guessing advantage'"),
)}

TANH_HALF = (sp.exp(eps) - 1) / (sp.exp(eps) + 1)   # tanh(eps/2)
FROM_SP = sp.log((1 + 2 * sp_a) / (1 - 2 * sp_a))
GDP_DELTA = (sp.erfc(-(mu / 2 - eps / mu) / sp.sqrt(2)) - sp.exp(eps) * sp.erfc((mu / 2 + eps / mu) / sp.sqrt(2))) / 2

IMPLICATIONS = {e.id: e for e in (
    Implication("dp-sp", "DP", "SP", sp.exp(2 * eps) - 1, (), f"{ZHAO}, Thm 2 (Kasiviswanathan and Smith, Thm 2.2)",
                (("zhao2019.dp-sp", "thm2:posterior-upper"), ("zhao2019.dp-sp", "thm2:posterior-lower")),
                "posteriors within e^{+-2 eps}; SD <= e^{2 eps} - 1 by [3, Lemma 3.3]"),
    Implication("dp-sp-tight", "DP", "SP", TANH_HALF, ("tight: attained by randomized response on x_1 xor x_2",),
                f"{ZHAO}, Thm 2 re-derived with the exact constant",
                (("zhao2019.dp-sp", "sp:tilt"), ("zhao2019.dp-sp", "sp:extreme-a"), ("zhao2019.dp-sp", "sp:extreme-c"),
                 ("zhao2019.dp-sp", "sp:upper"), ("zhao2019.dp-sp", "sp:upper-sign"),
                 ("zhao2019.dp-sp", "sp:witness-dp"), ("zhao2019.dp-sp", "sp:attained")),
                "b_0 is b_i re-weighted by factors in [e^-eps, e^eps], so SD(b_0, b_i) <= tanh(eps/2); a two-point "
                "prior and randomized response on x_1 xor x_2 attain it (the point-wise route gives only tanh(eps))"),
    Implication("sp-dp", "SP", "DP", FROM_SP, ("a < 1/2",), f"{ZHAO}, Thm 2 (second part)",
                (("zhao2019.dp-sp", "eq20:bayes"), ("zhao2019.dp-sp", "eq20"), ("zhao2019.dp-sp", "thm2:inverse")),
                "the uniform two-point belief and Eq. 20; point-wise to (eps,0)-indistinguishable is [3, Lemma 3.3]"),
    Implication("bdp-bsp", "BDP", "BSP", sp.exp(2 * eps) - 1, (), f"{ZHAO}, Thm 1",
                (("zhao2019.dp-sp", "thm2:posterior-upper"),), "the same posterior argument as Thm 2"),
    Implication("bsp-bdp", "BSP", "BDP", FROM_SP, ("a < 1/2",), f"{ZHAO}, Thm 1",
                (("zhao2019.dp-sp", "eq20:bayes"), ("zhao2019.dp-sp", "eq20"), ("zhao2019.dp-sp", "thm2:inverse")),
                "as sp-dp"),
    Implication("bsp-sp", "BSP", "SP", sp_a, ("definitions: SP is BSP for independent tuples",), f"{ZHAO}, Sec. III-A",
                basis="definition"),
    Implication("bdp-dp", "BDP", "DP", eps, ("definitions: BDP with independent tuples is DP",), f"{ZHAO}, Sec. III-A2",
                basis="definition"),
    Implication("bdp-mp", "BDP", "MP", eps, (), f"{ZHAO}, Thm 3 (via Lemma 1, Corollary 1)",
                (("zhao2019.membership", "lemma1:23a"), ("zhao2019.membership", "lemma1:23b"),
                 ("zhao2019.membership", "g:ends-1"), ("zhao2019.theorem3", "thm3:21"), ("zhao2019.theorem3", "thm3:22")),
                "Lemma 1 and Corollary 1 derived, and Theorem 3's (21) and (22) directly from the BDP ratios"),
    Implication("mp-bdp", "MP", "BDP", eps, ("the family of distributions is downward scalable",), f"{ZHAO}, Thm 4",
                (("zhao2019.membership", "eq39:threshold"), ("zhao2019.membership", "eq39:contradiction")),
                "case two of the proof (Eq. 39); case one and Li et al.'s Lemma 3.4 are definitions-level"),
    Implication("dp-ga", "DP", "GA", sp.tanh(eps / 4),
                ("every two values of the attribute are neighbours (eps d-privacy with R eps = eps_DP)",
                 "tight: attained by randomized response with the prior 1/(1 + e^{eps/2})"),
                f"{PANKOVA}, slide 'Worst-case prior' (R = 1); derived in pankova2023.notions",
                tuple(("pankova2023.notions", c) for c in ("ga:ratio-monotone", "ga:worst-prior", "ga:concave",
                                                           "ga:worst", "ga:tanh", "dp-ga:attained")),
                "a likelihood ratio L gives the advantage p L/(p L + 1 - p) - p, increasing in L and largest at "
                "p = 1/(1 + sqrt L), where it is tanh(ln L / 4)"),
    Implication("ga-dp", "GA", "DP", 4 * sp.atanh(eta),
                ("between every two values of the attribute",
                 "tight: randomized response with eps = 4 artanh(eta) has advantage exactly eta"),
                "derived in pankova2023.notions (beyond the slides)",
                tuple(("pankova2023.notions", c) for c in ("ga:worst", "ga-dp:worst-monotone", "ga-dp:inverse",
                                                           "dp-ga:attained")),
                "a likelihood ratio above e^{4 artanh eta} gives, at the two-point prior p = 1/(1 + sqrt L), an "
                "advantage above eta"),
    Implication("dp-adp", "DP", "ADP", sp.Integer(0), ("at the same epsilon",), f"{LIU}, Sec. 2.1", basis="definition"),
    Implication("dp-tvd", "DP", "TVD", TANH_HALF, ("tight: attained by randomized response",),
                f"{TVD}, Sec. 4.2 and Thm 18",
                (("tvd2023.relations", "dp-tvd:corner"), ("tvd2023.relations", "dp-tvd:upper"),
                 ("tvd2023.relations", "dp-tvd:weight"), ("tvd2023.relations", "dp-tvd:weight-complement"),
                 ("tvd2023.relations", "dp-tvd:rr-dp"), ("tvd2023.relations", "dp-tvd:attained"),
                 ("tvd2023.relations", "thm18:conversion")),
                "a linear-programming certificate bounds P(S) - Q(S) by tanh(eps/2); randomized response attains it"),
    Implication("adp-tvd", "ADP", "TVD", (sp.exp(eps) - 1 + 2 * delta) / (sp.exp(eps) + 1), ("at the level epsilon",),
                f"{TVD}, Thm 3 with Thm 4", (("tvd2023.relations", "adp-tvd:rises"), ("tvd2023.relations", "adp-tvd:falls"),
                                             ("tvd2023.relations", "adp-tvd")),
                "the TV distance allowed by f_{eps,delta}, largest at its kink"),
    Implication("ip-ddp", "IP", "DDP", eps, (), f"{LIU}, Thm 7 (appendix 10.6)",
                (("liu2019.notions", "thm7:ip-ddp"),), "Bayes' rule: the two bounds are the same inequality"),
    Implication("ddp-ip", "DDP", "IP", eps, (), f"{LIU}, Thm 7 (appendix 10.6)",
                (("liu2019.notions", "thm7:ip-ddp"),), "Bayes' rule"),
    Implication("mp-ip", "MP", "IP", 2 * eps, (), f"{LIU}, Thm 7 (appendix 10.6)",
                (("liu2019.notions", "thm7:mp-2eps"), ("liu2019.notions", "thm7:witness-o1-d1"),
                 ("liu2019.notions", "thm7:witness-o1-d2"), ("liu2019.notions", "thm7:witness-o0-d1"),
                 ("liu2019.notions", "thm7:witness-o0-d2"), ("liu2019.notions", "thm7:mp-2eps-tight")),
                "posterior/prior ratios within e^{+-eps} give odds within e^{2 eps}; a two-outcome mechanism and "
                "prior that are eps-MP reach e^{2 eps}"),
    Implication("ddp-dp", "DDP", "DP", eps, ("definitions: DP's neighbours are among DDP's",), f"{LIU}, Thm 7",
                basis="definition"),
    Implication("bp-ddp", "BP", "DDP", eps, ("definitions: DDP's neighbours are among Blowfish's",), f"{LIU}, Thm 7",
                basis="definition"),
    Implication("mp-midp", "MP", "MIDP", eps, ("MP for the priors that fix the other records",), f"{LIU}, Thm 7",
                (("liu2019.propositions", "midp:average"), ("liu2019.propositions", "midp:rr")),
                "mutual information is the average of the log posterior/prior ratio that MP bounds (the appendix's "
                "proof is cut off in the extraction; reconstructed)"),
    Implication("dp-gdp", "DP", "GDP", -2 * sp.sqrt(2) * sp.erfcinv(2 * sp.exp(eps) / (1 + sp.exp(eps))), (),
                "Dong, Roth and Su 2022; " + BLOG,
                (("fdp.tradeoff", "dp-gdp:kink"), ("fdp.tradeoff", "dp-gdp:below"),
                 ("fdp.tradeoff", "dp-gdp:decreasing-in-mu"), ("fdp.tradeoff", "dp-gdp:least")),
                "G_mu touches f_{eps,0} at its kink; convexity gives the rest; randomized response meets the kink, "
                "so no smaller mu holds for every eps-DP mechanism"),
    Implication("lfdp-adp", "LFDP", "ADP", sp.Piecewise((1 - sp.exp((eps - eps2) / 2), eps <= eps2), (0, True)),
                ("for every level epsilon",), f"{BLOG}; Dong, Roth and Su, Prop. 2.12",
                (("fdp.tradeoff", "laplace:profile"), ("fdp.tradeoff", "laplace:upper-envelope")),
                "delta(eps) = 1 + f*(-e^eps), the conjugate of the Laplace trade-off curve"),
    Implication("gdp-adp", "GDP", "ADP", GDP_DELTA, ("for every level epsilon",), "Balle and Wang 2018, Thm 8; "
                f"{BLOG}", (("fdp.tradeoff", "gaussian:profile"), ("liu2019.analytic-gaussian", "analytic:profile"))),
    Implication("tvd-adp", "TVD", "ADP", alpha_tv, ("at every level epsilon >= 0",
                                                    "tight: attained by the leak mechanism (delta(eps) = alpha)"),
                f"{TVD}, Definition 3 with Theorem 3", (("tvd2023.relations", "tvd-adp:bound"),
                                                        ("tvd2023.relations", "tvd-adp:attained")),
                "P(S) <= Q(S) + alpha <= e^eps Q(S) + alpha; a mechanism with an output only one input produces, "
                "w.p. alpha, has delta(eps) = alpha at every eps"),
    Implication("gdp-tvd", "GDP", "TVD", sp.erf(mu / (2 * sp.sqrt(2))),
                ("tight: attained by the Gaussian mechanism (Theorem 12)",), f"{TVD}, Theorems 12-13; Dong, Roth and Su",
                (("tvd2023.relations", "gdp-tvd:slope"), ("tvd2023.relations", "gdp-tvd:rises"),
                 ("tvd2023.relations", "gdp-tvd:falls"), ("tvd2023.relations", "gdp-tvd:value"),
                 ("tvd2023.relations", "gdp-tvd:attained"), ("tvd2023.s4-mechanism-tv", "thm12")),
                "sup_a 1 - a - G_mu(a) = 2 Phi(mu/2) - 1 = erf(mu/(2 sqrt 2)) at a = Phi(-mu/2); the Gaussian "
                "mechanism with Delta/sigma = mu has exactly this TV"),
    Implication("kl-tvd-pinsker", "KL", "TVD", sp.sqrt(KL_D / 2), (),
                f"{TVD}, Sec. 2.4 and Theorem 7 (Pinsker's inequality)",
                (("tvd2023.s4-composition", "pinsker:slope"), ("tvd2023.s4-composition", "pinsker:zero"),
                 ("tvd2023.s4-composition", "pinsker:strict"), ("tvd2023.s4-composition", "thm7:constant-sharp")),
                "kl(p||q) >= 2 (p - q)^2 for two-point distributions, and data processing; never attained for "
                "alpha > 0, but the constant 1/2 is sharp (randomized response as eps -> 0)"),
    Implication("kl-tvd-bh", "KL", "TVD", sp.sqrt(1 - sp.exp(-KL_D)), (),
                f"{TVD}, Sec. 2.4 and after Theorem 7 (Bretagnolle and Huber)",
                (("tvd2023.s4-composition", "bh:bhattacharyya"), ("tvd2023.s4-composition", "bh:two-point"),
                 ("tvd2023.s4-composition", "bh:crossing")),
                "kl(p||q) >= -log(1 - (p - q)^2) for two-point distributions (Bhattacharyya and Jensen), and data "
                "processing; below 1 for every D, and smaller than Pinsker's exactly for D > 2 + W(-2 e^-2) = 1.5936"),
)}


def notion(nid: str) -> Notion:
    if nid not in NOTIONS:
        raise SymdpError("notion", nid, "one of: " + ", ".join(sorted(NOTIONS)))
    return NOTIONS[nid]
