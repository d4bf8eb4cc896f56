"""Pure, deterministic game engines (no I/O, no clock, no randomness inside)."""
