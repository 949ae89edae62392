"""Total variation distance privacy (Jia et al., Information Sciences 2023): exact TV of mechanisms,
composition, membership inference bounds and DP-SGD."""
