"""The rules engine: pure, typed, deterministic. No UI or database imports here."""
