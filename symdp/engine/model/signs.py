"""The four sign claims and their mirror images (one table for the symbolic and the numeric provers)."""

FLIP = {"positive": "negative", "negative": "positive", "nonnegative": "nonpositive", "nonpositive": "nonnegative"}
"""The sign of -f when f has the key's sign."""
