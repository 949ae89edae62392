"""Canonical symbols, declared once, with their assumptions and LaTeX names.

Every module and derivation takes its symbols from here, so that two
occurrences of "epsilon" are always the same SymPy object with the same
assumptions (a symbol declared twice with different assumptions is a
different symbol, and identities between them silently fail).
"""
import sympy as sp

eps = sp.Symbol("epsilon", positive=True)          # privacy parameter
beta = sp.Symbol("beta", positive=True)            # F-beta weight
alpha = sp.Symbol("alpha", positive=True)          # false-alarm rate
lam = sp.Symbol("lambda", positive=True)           # likelihood-ratio threshold
theta = sp.Symbol("theta", real=True)              # threshold on the output
psi = sp.Symbol("psi", real=True)                  # (theta - Q(D')) / Delta Q
o = sp.Symbol("o", real=True)                      # observed output
x = sp.Symbol("x", real=True)                      # integration variable
z = sp.Symbol("z", real=True)                      # standardised output
u = sp.Symbol("u", real=True)                      # (theta - Q(D')) eps / Delta Q
w = sp.Symbol("w", positive=True)                  # exp(u) where it helps
dQ = sp.Symbol("Delta_Q", positive=True)           # sensitivity
QD = sp.Symbol("Q_D", real=True)                   # Q(D)
QDp = sp.Symbol("Q_Dp", real=True)                 # Q(D')
bound = sp.Symbol("F_bound", positive=True)        # a target value of a metric
sigma = sp.Symbol("sigma", positive=True)          # Gaussian noise scale
mu = sp.Symbol("mu", positive=True)                # Delta Q / sigma (Gaussian DP parameter)
delta = sp.Symbol("delta", positive=True)          # (eps, delta)-DP slack
tau = sp.Symbol("tau", real=True)                  # (theta - Q(D')) / sigma
kappa = sp.Symbol("kappa", positive=True)          # least odds factor from auxiliary information
rho_p = sp.Symbol("rho_p", nonnegative=True)       # coefficient of prior distribution
rho_c = sp.Symbol("rho_c", nonnegative=True)       # coefficient of record correlation
rho_t = sp.Symbol("rho_t", nonnegative=True)       # coefficient of temporal correlation
alpha_tv = sp.Symbol("alpha_TV", positive=True)    # total-variation-distance privacy parameter
sp_a = sp.Symbol("a_SP", positive=True)            # semantic-privacy parameter
fpr = sp.Symbol("a", nonnegative=True)             # type I error of a test (trade-off functions)
eps2 = sp.Symbol("epsilon_2", positive=True)       # a second privacy level (profiles, envelopes)
rsr = sp.Symbol("RSR", positive=True)              # red shaded region (recall)
gsr = sp.Symbol("GSR", positive=True)              # green shaded region

LATEX_NAMES = {
    eps: r"\epsilon",
    beta: r"\beta",
    alpha: r"\alpha",
    lam: r"\lambda",
    theta: r"\theta",
    psi: r"\psi",
    dQ: r"\Delta Q",
    QD: r"Q(D)",
    QDp: r"Q(D')",
    bound: r"F",
    sigma: r"\sigma",
    mu: r"\mu",
    delta: r"\delta",
    tau: r"\tau",
    kappa: r"\kappa",
    alpha_tv: r"\alpha_{TV}",
    sp_a: r"a_{SP}",
    eps2: r"\epsilon'",
    rho_p: r"\rho_p",
    rho_c: r"\rho_c",
    rho_t: r"\rho_t",
    rsr: r"\mathrm{RSR}",
    gsr: r"\mathrm{GSR}",
}

NEIGHBOURS = {QD: QDp + dQ}
"""Q(D) = Q(D') + Delta Q: the neighbouring outputs differ by the sensitivity."""

# Guessing advantage under d-privacy (Pankova & Laud; symdp.guessing)
eta = sp.Symbol("eta", positive=True)              # guessing advantage Pr_post - Pr_pre
p_pre = sp.Symbol("p_pre", positive=True)          # Pr_pre(g(x)), the prior probability of a correct guess
R_sup = sp.Symbol("R", positive=True)              # sup_{x, x'} d(x, x')
LATEX_NAMES.update({eta: r"\eta", p_pre: r"\Pr_{pre}(g(x))", R_sup: r"R"})

# KL privacy (Barber and Duchi; Jia et al. 2023, Definition 4; the notions graph)
kl_d = sp.Symbol("D_KL", positive=True)            # bound on both KL divergences of neighbouring outputs
LATEX_NAMES.update({kl_d: r"D_{\mathrm{KL}}"})

# Library audits (derivations/libraries/; symdp.audit): bounded intervals are sampled uniformly, so
# quantities spanning many decades are sampled by their decimal exponent (delta = 10**log10_delta)
log10_eps = sp.Symbol("log10_epsilon", real=True)   # epsilon = 10**log10_epsilon
log10_delta = sp.Symbol("log10_delta", real=True)   # delta = 10**log10_delta
log10_sigma = sp.Symbol("log10_sigma", real=True)   # sigma = 10**log10_sigma
log10_q = sp.Symbol("log10_q", real=True)           # sampling rate q = 10**log10_q
order = sp.Symbol("order", positive=True)           # Renyi order (> 1)
q_rate = sp.Symbol("q", positive=True)              # sampling rate in (0, 1]
steps = sp.Symbol("steps", integer=True, positive=True)   # number of compositions
log10_mu = sp.Symbol("log10_mu", real=True)         # Gaussian DP parameter mu = 10**log10_mu
log10_a = sp.Symbol("log10_a", real=True)           # type I error (FPR) a = 10**log10_a
prior = sp.Symbol("prior", positive=True)           # prior probability of membership, in (0, 1)
LATEX_NAMES.update({log10_mu: r"\log_{10}\mu", log10_a: r"\log_{10} a", prior: r"\pi",
                    log10_eps: r"\log_{10}\epsilon", log10_delta: r"\log_{10}\delta",
                    log10_sigma: r"\log_{10}\sigma", log10_q: r"\log_{10} q", order: r"\alpha_R",
                    q_rate: r"q", steps: r"k"})
log10_b = sp.Symbol("log10_b", real=True)           # Laplace scale b = 10**log10_b
log10_p = sp.Symbol("log10_p", real=True)           # randomised response near 1/2: p = 1/2 + 10**log10_p
log10_a1 = sp.Symbol("log10_alpha1", real=True)     # Renyi order near 1: alpha = 1 + 10**log10_alpha1
log10_k = sp.Symbol("log10_k", real=True)           # many compositions: k = round(10**log10_k)
log_a = sp.Symbol("log_a", real=True)               # natural log of a type I error (autodp's log-FPR arguments)
LATEX_NAMES.update({log10_b: r"\log_{10} b", log10_p: r"\log_{10}(p - \tfrac12)", log10_a1: r"\log_{10}(\alpha - 1)",
                    log10_k: r"\log_{10} k", log_a: r"\log a"})
x_int, x2_int = sp.symbols("x x'", integer=True)    # values of an integer attribute (sums over a prior's support)
y_int = sp.Symbol("m", integer=True)                # the geometric mechanism's integer output
t_inverse = sp.Symbol("v", real=True)              # a claim's variable x read as v = erfcinv(L(x)) or PhiInv(L(x)) (engine.regions)
