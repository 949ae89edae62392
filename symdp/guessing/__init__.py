"""Guessing advantage under d-privacy (Pankova & Laud, slides 004_62dfd324924a5a00.txt).

priors:  Normal, Uniform, Exponential, TwoBump (mpmath pdf/prob).
targets: Attribute (d = |x - x'|/r, or relative), And (max metric).
bounds:  simplified_upper/lower, shells + shell_upper/lower (corrected), main_upper, or_upper.
inverse: eps_gain_simplified, eps_loss_simplified, largest_eps (bisection), worst-case formulas.
exact:   laplace_posterior, laplace_advantage, geometric_posterior, geometric_advantage.
integer: integer attributes and the two-sided geometric mechanism.
calculator: Query -> largest_epsilon / advantage (frozen answers; ``symdp guessing``, ``symdp epsilon
         --metric guessing-advantage``); names: the priors' names and parameters (light to import).
"""
