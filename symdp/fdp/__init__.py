"""f-DP: trade-off functions and privacy profiles (Dong, Roth and Su 2022).

tradeoff: the symbolic (SymPy) and mpmath forms; fast: vectorised numpy/scipy forms, accurate in the tails
(``symdp.fdp.fast``, imported on its own).
"""
from .tradeoff import (f_eps_delta, gaussian_tradeoff, laplace_profile, laplace_tradeoff, mp_f_eps_delta,
                       mp_gaussian_tradeoff, mp_laplace_profile, mp_laplace_tradeoff)

__all__ = ["f_eps_delta", "gaussian_tradeoff", "laplace_tradeoff", "laplace_profile", "mp_f_eps_delta",
           "mp_gaussian_tradeoff", "mp_laplace_tradeoff", "mp_laplace_profile"]
