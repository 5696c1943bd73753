"""History's screen parts, one component a file."""
