"""What a run is made of: statuses, result records, domains, the arguments of a claim, the libraries a
derivation audits, and the wall-clock budgets every search runs under.  Nothing here proves or samples."""
