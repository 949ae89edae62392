# The held-out claims are run by test_heldout.py and test_fresh.py (which counts their statuses), not collected one by one:
# the near misses are false on purpose.
collect_ignore = ["claims", "fresh", "fresh2"]
