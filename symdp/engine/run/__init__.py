"""Running derivations: claims decided (symbolic first, numeric second), the recorder a derivation writes to,
the registry, the runner and its shards, the result cache, the output formats, and the proof audit."""
