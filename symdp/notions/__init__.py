"""Privacy notions and the implications between them, as a checked graph."""
