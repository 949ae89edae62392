"""Mechanisms: densities, likelihood ratios, Neyman-Pearson thresholds, RSR/GSR."""
